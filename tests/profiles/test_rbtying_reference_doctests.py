"""The doctests of rbtying/shengji's rules read literally (``scripts/research/rbtying/``), which the
profile's tests compare with: the test command collects ``tests`` and ``oracle`` only, so they run here.
"""

from __future__ import annotations

import doctest

from scripts.research.rbtying import reference, trick_reference


def test_the_references_examples_hold() -> None:
    """Every example of the two references passes, and there is at least one."""
    results = [doctest.testmod(module) for module in (reference, trick_reference)]
    assert sum(r.failed for r in results) == 0
    assert sum(r.attempted for r in results) > 0
