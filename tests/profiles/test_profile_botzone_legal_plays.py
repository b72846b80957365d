"""The Botzone profile's legal follows to a throw with a tractor, counted, against CheckFollow asked
of every play.

Against such a throw the judge reads a follow of the suit into its components
(keyijing/Tractor-RL judger.py ``checkThrow`` with ``check=False``, then ``checkLegalMove``'s
cover and pair counts: docs/botzone.md). The count reads a play card by card into the lengths of
its components of two cards or more and the run of pairs going on, its single cards being what
those leave of the lead's size (:class:`~oracle.profiles.botzone.legal_plays.ThrowComponents`).
Here the same questions are answered by brute force, the profile's CheckFollow asked of every
play of the lead's size, which reads every component itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from unittest.mock import patch

from conformance.authoring import perft
from oracle.cards import Card
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import list_legal_plays
from oracle.profiles.botzone import legal_plays
from oracle.profiles.botzone.play_types import THROW, components, lengths, play_type

VARIANT = "botzone-tractor"


def _throws_with_a_tractor(seed: int, count: int) -> list[tuple[perft.Deal, list[Card], list[Card]]]:
    """Follows to throws holding a tractor (a component of four cards or more), from hands of
    more cards of the suit than led, so that the suit is followed by the count."""
    rng, found = random.Random(seed), list[tuple[perft.Deal, list[Card], list[Card]]]()
    while len(found) < count:
        deal = perft.random_deal(rng, VARIANT)
        lead = perft.random_lead(rng, deal, rng.randint(4, 7))
        if play_type(deal.rules, lead) != THROW or lengths(components(deal.rules, lead))[0] < 4:
            continue
        suit = deal.rules.effective_suit(lead[0])
        hand = perft.random_hand(rng, deal, suit, rng.randint(len(lead) + 1, len(lead) + 5), rng.randint(0, 2), lead)
        if sum(1 for c in hand if deal.rules.effective_suit(c) == suit) > len(lead):
            found.append((deal, lead, hand))
    return found


def _key(play: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.code for c in play))


def test_throw_follows_are_the_brute_force_set() -> None:
    read = 0
    built = legal_plays.ThrowComponents.__init__

    def counted(self: legal_plays.ThrowComponents, *args: object) -> None:
        nonlocal read
        read += 1
        built(self, *args)  # type: ignore[arg-type]

    with patch.object(legal_plays.ThrowComponents, "__init__", counted):
        for deal, lead, hand in _throws_with_a_tractor(seed=7, count=40):
            answer = list_legal_plays(deal.rules, hand, lead, 0, 10_000)
            listed = [_key(cards_from_pb(p.cards)) for p in answer.plays]
            assert len(listed) == answer.total == sum(g.count for g in answer.groups)
            assert len(set(listed)) == len(listed), "a play listed twice"
            assert set(listed) == {_key(p) for p in perft.brute_follows(deal.rules, lead, hand)}
    assert read >= 40, "every question was counted by the throw's components"
