"""The fuzz mode of the runner: random questions asked of an engine and of a reference oracle.

``shengji-conformance fuzz`` (:mod:`conformance.fuzz.command`) generates valid questions for a
variant or a room (:mod:`~conformance.fuzz.generate`, from the cards of :mod:`~conformance.fuzz.deck`,
bounded by the engine's claim in :mod:`~conformance.fuzz.scope`), asks both the engine and the
reference (:mod:`~conformance.fuzz.rooms`), compares the answers with the runner's own matching
and shrinks each disagreement with Hypothesis (:mod:`~conformance.fuzz.search`) and then card by
card (:mod:`~conformance.fuzz.shrink`), round after round (:mod:`~conformance.fuzz.run`), and
writes each as a conformance case line with a report (:mod:`~conformance.fuzz.report`).

It needs Hypothesis: ``pip install 'shengji-conformance[fuzz]'``.
"""
