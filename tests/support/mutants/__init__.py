"""Deliberately wrong rule implementations, to prove the conformance suite catches them.

Each :class:`Mutant` breaks one rule the way a real engine might get it wrong (in the test
process only; nothing here is shipped): a wrong strategy registered through a registry of
:mod:`oracle.dispatch.strategies`, an edit of the catalogue's variants, an edit of the card keys,
or, for a rule no registry reaches, a public function replaced (:mod:`mutants.patching`).
tests/conformance/test_mutants.py runs the suite in-process under each one and asserts that some case fails.

>>> [m.name for m in MUTANTS][:3]
['ties-go-to-the-later-play', 'pairs-need-not-answer-pairs', 'tractor-duty-ignored']
>>> sorted({m.target for m in MUTANTS if m.profile == "botzone"})[:2]
['following.follow_rule', 'following.throw_evaluation']
"""

from __future__ import annotations

from tests.support.mutants.patching import CARD_KEYS, VARIANTS, Mutant
from tests.support.mutants.profiles import PROFILE_MUTANTS
from tests.support.mutants.seeds import SEED_MUTANTS

__all__ = ["CARD_KEYS", "MUTANTS", "VARIANTS", "Mutant"]

MUTANTS: list[Mutant] = [*SEED_MUTANTS, *PROFILE_MUTANTS]
"""Every mutant; tests/conformance/test_mutants.py asserts each is caught by some case."""
