"""Helpers for tests that cite the seed documents (docs/seeds/).

``seed_quote(file, words)`` asserts that ``words`` really occur in the seed
file, comparing with all whitespace removed (the scraped seeds space their
examples irregularly: "9 8 8 4 4" and "98844" are the same words), and returns
the words. A test that quotes a seed therefore cannot cite words the seed does
not contain.

The other helpers keep the seed tests short: cards from text, a context, and
the engine's answers with a check that every rule id they cite is in the
catalogue (:data:`oracle.rules.RULES`).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from oracle import pb
from oracle.cards import Card, Rank, Suit, parse_cards
from oracle.dispatch.questions import (
    check_follow,
    check_throw,
    describe_play,
    judge_trick,
    score_bottom,
)
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.rules import RULES
from oracle.variants import make_ruleset

SEEDS = Path(__file__).resolve().parents[2] / "docs" / "seeds"

QQ = "002_5b87348f30dfb850.txt"
"""QQ游戏“升级”规则说明, then a forum reply on four decks."""
CLASSIC = "000_3747cc098fae40aa.txt"
"""Classic rules in traditional script (the first part, 黑色游戲, is unrelated)."""
LIANZHONG_TRAD = "003_3b916e38a503e48d.txt"
"""联众 rules, traditional script, partly garbled."""
LIANZHONG = "004_2cb14f7c4c9f35bd.txt"
"""联众世界《升级》."""

_SPACE = re.compile(r"\s+")


def squeeze(text: str) -> str:
    """The text without any whitespace (full-width spaces included)."""
    return _SPACE.sub("", text)


@cache
def seed_text(file: str) -> str:
    """A seed file's text, whitespace removed. ``file`` is the name or its unique prefix."""
    path = SEEDS / file
    if not path.is_file():
        matches = sorted(SEEDS.glob(f"{file}*"))
        assert len(matches) == 1, f"no single seed file named {file!r} in docs/seeds"
        path = matches[0]
    return squeeze(path.read_text(encoding="utf-8"))


def seed_quote(file: str, words: str) -> str:
    """Assert ``words`` occur in docs/seeds/<file> (whitespace-insensitive); return them."""
    needle = squeeze(words)
    assert needle, "an empty quote cites nothing"
    assert needle in seed_text(file), f"{file} does not contain the words {words!r}"
    return words


# Cards and contexts.

def cards(text: str) -> tuple[Card, ...]:
    """Cards in the notation: ``cards("9S 8S 8S")``."""
    return tuple(parse_cards(text))


def rules_for(variant: str = "qq-two-deck", level: Rank = Rank.TEN, trump: Suit | None = Suit.HEARTS) -> Ruleset:
    """A context; ``trump=None`` is a no-trump deal. The default is the seeds' 打10, hearts trump."""
    return make_ruleset(variant, level, trump, no_trump=trump is None)


def seats(*plays: str, first: int = 0) -> list[SeatPlay]:
    """Plays in order from seat ``first``: ``seats("5S 4S 4S", "9H 7H 7H")``."""
    return [SeatPlay((first + i) % 4, cards(p)) for i, p in enumerate(plays)]


# The engine's answers, each checked for rule ids the catalogue knows.

CITED: set[str] = set()
"""Every rule id cited by an answer obtained through these helpers."""


def cited_rule_ids(response: object) -> set[str]:
    """The rule ids an answer cites: its own, its verdicts', and a broken rule."""
    ids = set(getattr(response, "rule_ids", ()))
    for verdict in getattr(response, "verdicts", ()):
        ids.update(verdict.rule_ids)
    broken = getattr(response, "broken_rule_id", "")
    if broken:
        ids.add(broken)
    return ids


def known(response: object) -> object:
    """Assert every rule id the answer cites is in the catalogue; remember them; return the answer."""
    ids = cited_rule_ids(response)
    unknown = sorted(i for i in ids if i not in RULES)
    assert not unknown, f"the answer cites rule ids missing from the catalogue: {unknown}"
    CITED.update(ids)
    return response


def describe(context: Ruleset, text: str) -> pb.DescribePlayResponse:
    r = describe_play(context, cards(text))
    known(r)
    return r


def follow(context: Ruleset, lead: str, hand: str, play: str) -> pb.CheckFollowResponse:
    r = check_follow(context, cards(lead), cards(hand), cards(play))
    known(r)
    return r


def trick(context: Ruleset, *plays: str, first: int = 0) -> pb.JudgeTrickResponse:
    r = judge_trick(context, seats(*plays, first=first))
    known(r)
    return r


def throw(context: Ruleset, thrown: str, *others: str, seat: int = 0) -> pb.CheckThrowResponse:
    """A throw from ``seat`` against the other hands, which sit after it in play order."""
    hands = [SeatPlay((seat + 1 + i) % 4, cards(h)) for i, h in enumerate(others)]
    r = check_throw(context, SeatPlay(seat, cards(thrown)), hands)
    known(r)
    return r


def bottom(
    context: Ruleset, last_trick: list[SeatPlay], banker_seats: set[int], bottom_cards: str
) -> pb.ScoreBottomResponse:
    r = score_bottom(context, last_trick, frozenset(banker_seats), cards(bottom_cards))
    known(r)
    return r


def names(response: pb.DescribePlayResponse) -> list[str]:
    """The unit names of a description, largest first as the engine lists them."""
    return [u.name for u in response.units]


def shapes(response: pb.DescribePlayResponse) -> list[tuple[int, int]]:
    """The units of a description as (tuple size, length), sorted largest first."""
    return sorted(((u.tuple_size, u.length) for u in response.units), reverse=True)


def card_set(messages: object) -> list[str]:
    """Proto cards as sorted notation, for comparing card lists without their order."""
    out = []
    for m in messages:  # type: ignore[attr-defined]
        rank = Rank(m.rank)
        out.append(rank.symbol if rank.is_joker else rank.symbol + Suit(m.suit).letter)
    return sorted(out)
