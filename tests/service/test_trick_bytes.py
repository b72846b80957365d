"""A trick read from its plays' bytes by one match (:mod:`oracle.service.trick_bytes`) reads as
the same plays read card by card from their mirrors (:func:`~oracle.service.trick_plays.plain_trick`),
on tricks of every shape it reads, now and then with bytes no good play holds (the tricks of
``tests/service/test_validation_answers.py``, which holds the happy path to the describing checks).
"""

from __future__ import annotations

import random
from typing import Any

from oracle import pb
from oracle.errors import InvalidQuestion
from oracle.service import play_validation
from oracle.service.card_keys import CARDS_BY_KEY
from oracle.service.contexts import known_context
from oracle.service.trick_bytes import SHAPE_CARDS, bytes_trick
from oracle.service.trick_plays import TRICK_PLAYS, plain_trick
from tests.service.test_validation_answers import PER_KIND, _plain, _shaped_trick


def test_a_trick_read_by_its_bytes_reads_as_the_plays_read_card_by_card() -> None:
    """Whatever :func:`~oracle.service.trick_bytes.bytes_trick` accepts, the plays read card by
    card from their mirrors (``plain_trick``) are the same, with the same cards; and it accepts
    every trick they accept that holds no byte beyond good plays', up to a shape's most."""
    rng = random.Random("bytes tricks")
    accepted = 0
    for _ in range(PER_KIND * 4):
        keys = TRICK_PLAYS.read(_shaped_trick(rng))
        known = known_context(keys.context)
        if known is None:
            parse_judge_trick_once(keys)
            known = known_context(keys.context)
        assert known is not None
        read = bytes_trick(keys.plays, known.ruleset, known.deal)
        plain = plain_trick(TRICK_PLAYS.plays(keys), known.ruleset, known.deal)
        if read is None:
            clean = all(p.SerializeToString() == pb.Play(seat=p.seat, cards=p.cards).SerializeToString()
                        for p in pb.JudgeTrickRequest.FromString(keys.SerializeToString()).plays)
            assert plain is None or not clean or len(plain[0][0].cards) > SHAPE_CARDS
            continue
        accepted += 1
        assert plain is not None and _plain(read[0]) == _plain(plain[0])
        assert list(read[1]) == [CARDS_BY_KEY[key].code for key in plain[1]]
    assert accepted >= PER_KIND


def parse_judge_trick_once(keys: Any) -> None:
    """A room's context made known (validated and compiled once), as a first question does."""
    try:
        play_validation._described_trick(keys)
    except InvalidQuestion:
        pass
