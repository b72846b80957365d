"""Is this follow legal, as the Botzone judge decides? (CheckFollow, ``FOLLOW_RULE_TYPE_AND_PAIRS``)

keyijing/Tractor-RL judger.py ``checkLegalMove`` and ``checkRes`` (at 2807665, whose errors are
tagged ``ILLEGAL_MOVE [n]``): rules ``follow.same_type``, ``follow.suit``, ``follow.pairs`` and
``follow.throw_components``, the judge's holes kept. The rule step by step: docs/botzone.md.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
>>> r = check_follow_by_type(rules, p("8S 8S"), p("AS 5S 3H 3H 4D"), p("3H 3H"))
>>> r.legal   # no spade pair, a trump pair: the judge checks nothing (item 3)
True
>>> r = check_follow_by_type(rules, p("8S 8S"), p("AS 5S 5S 3H 3H"), p("3H 3H"))
>>> r.legal, r.broken_rule_id
(False, 'follow.same_type')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import add_cards, suit_name
from oracle.engine.answers import follow_answer
from oracle.engine.following import lowest_first, top_up
from oracle.engine.ruleset import Ruleset
from oracle.profiles.botzone.play_types import (
    PAIR,
    SINGLE,
    THROW,
    TRACTOR,
    UPSTREAM,
    code_runs,
    components,
    counted,
    covers,
    lengths,
    part_lengths,
    play_type,
    run_pairs,
)

Verdict = tuple[str, str]
"""A broken rule id and why; for a legal play, an empty rule id and why it is legal."""


def has_response(rules: Ruleset, kind: str, n: int, in_suit: Sequence[Card]) -> bool:
    """checkRes: whether the hand's cards of the led suit hold a play of the lead's type.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> has_response(rules, "tractor", 4, p("SJ SJ BJ BJ 2H 2H 2S 2S"))   # no trump-suit run
    False
    >>> has_response(rules, "pair", 2, p("SJ SJ 5H"))
    True
    """
    if kind == SINGLE:
        return bool(in_suit)
    if kind == PAIR:
        return len({c.code for c in in_suit}) < len(in_suit)
    return any(len(run) >= n // 2 for run in _tractor_runs(rules, in_suit))


def _tractor_runs(rules: Ruleset, cards: Sequence[Card]) -> list[list[int]]:
    """Runs of adjacent pairs among the cards, as card codes (jokers and level cards never in
    them), each lowest first."""
    return code_runs(rules, run_pairs(rules, counted(cards)))


def _pairs(cards: Sequence[Card]) -> int:
    """How many different cards are held at least twice (the judge's pkpairs / hdpairs)."""
    return sum(1 for k in counted(cards).values() if k >= 2)


def _paired_cards(parts: Sequence[int]) -> int:
    """Cards in components of two or more (the judge's pair_own / pair_his / pair_pok), from the
    components' lengths."""
    return sum(p for p in parts if p >= 2)


def judge(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card]) -> Verdict:
    """The broken rule and why, or ``""`` and why the play is legal (checkLegalMove's follow
    branches)."""
    kind = play_type(rules, lead)
    return _judge(rules, lead, kind, _need(rules, lead, kind), hand, play)


def _need(rules: Ruleset, lead: Sequence[Card], kind: str) -> list[int]:
    """The lengths of a throw's components, longest first (none for another lead)."""
    return part_lengths(rules, lead) if kind == THROW else []


def _judge(
    rules: Ruleset, lead: Sequence[Card], kind: str, need: Sequence[int], hand: Sequence[Card],
    play: Sequence[Card],
) -> Verdict:
    """:func:`judge` for a lead whose type and (a throw) components' lengths are known.

    A legal play's reason names the branch the judge took: the revoke hole (a play of the lead's
    type with no response in the suit, docs/botzone.md item 3) before the count of the suit's
    cards, which the judge never reaches there.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.THREE, Suit.SPADES)
    >>> judge(rules, p("5D 5D 4D 4D"), p("JD 5H 5H 4H 4H 2C"), p("5H 5H 4H 4H"))[1].split(": ", 1)[1]
    'the judge checks nothing more, though the play leaves JD of diamonds in the hand (a hole: docs/botzone.md, item 3)'
    """
    suit = rules.suit_of(lead)
    n = len(lead)
    table = rules.suits
    hand_x = [c for c in hand if table[c.code] == suit]
    play_x = [c for c in play if table[c.code] == suit]
    name = suit_name(suit)
    if kind == THROW:
        return _judge_throw(rules, lead, need, hand_x, play, play_x, name)
    own = play_type(rules, play)
    if has_response(rules, kind, n, hand_x):
        if own != kind or rules.suit_of(play) != suit:
            rule = "follow.suit" if kind == SINGLE else "follow.same_type"
            return (rule, f"the hand holds a {kind} of {name} (checkRes), so the play must be a {kind} "
                          f"of {name}; it is a {own}" + ("" if own != kind else f" of {suit_name(rules.suit_of(play))}")
                          + " (checkLegalMove, ILLEGAL_MOVE [13]-[15])")
        return "", f"a {kind} of {name}, as the hand can play"
    if own == kind:
        # The judge checks nothing more (docs/botzone.md, item 3).
        nothing = f"no {kind} of {name} in the hand and the play is a {kind}: the judge checks nothing more"
        if len(play_x) >= n:
            return "", nothing
        kept = list((Counter(hand_x) - Counter(play_x)).elements())
        if kept:
            return "", (f"{nothing}, though the play leaves {format_cards(rules.sorted(kept))} of {name} in the "
                        "hand (a hole: docs/botzone.md, item 3)")
        return "", f"the hand's {name} are all played ({len(play_x)})"
    if len(play_x) < n:
        if len(play_x) != len(hand_x):
            return ("follow.suit", (f"the play is not all {name}, so it must hold all {len(hand_x)} {name} of "
                                   f"the hand; it holds {len(play_x)} (checkLegalMove, ILLEGAL_MOVE [16], [19])"))
        return "", f"the hand's {name} are all played ({len(play_x)})"
    if kind == TRACTOR:
        wanted, held, shown = n // 2, _pairs(hand_x), _pairs(play)
        if shown < wanted and shown < held:
            return ("follow.pairs", (f"against a tractor of {wanted} pairs the hand holds {held} pairs of {name}, "
                                    f"the play {shown} (checkLegalMove, ILLEGAL_MOVE [18], [21])"))
    return "", f"all {name}, with as many pairs as the judge asks"


def _judge_throw(
    rules: Ruleset, lead: Sequence[Card], need: Sequence[int], hand_x: Sequence[Card], play: Sequence[Card],
    play_x: Sequence[Card], name: str,
) -> Verdict:
    n = len(lead)
    if len(play_x) < n:
        if len(play_x) != len(hand_x):
            return ("follow.suit", (f"the play is not all {name}, so it must hold all {len(hand_x)} {name} of "
                                   f"the hand; it holds {len(play_x)} (checkLegalMove, ILLEGAL_MOVE [7], [10])"))
        return "", f"the hand's {name} are all played ({len(play_x)})"
    if need[0] < 4:
        # No tractor in the throw: nothing is checked (docs/botzone.md, item 4).
        return "", f"all {name}; against a throw without a tractor the judge checks nothing more"
    legal = f"all {name}, showing the throw's components as far as the judge asks"
    played = part_lengths(rules, play)
    if covers(played, need):
        return "", legal
    own = part_lengths(rules, hand_x)
    shown = "+".join(map(str, played))
    wanted = "+".join(map(str, need))
    if covers(own, need):
        return ("follow.throw_components",
                (f"the hand's {name} split as {'+'.join(map(str, own))} cards cover the throw's "
                f"components ({wanted}), the play's ({shown}) do not (checkLegalMove, ILLEGAL_MOVE [8], [11])"))
    limit = min(_paired_cards(own), _paired_cards(need))
    if _paired_cards(played) < limit:
        return ("follow.pairs",
                (f"the hand cannot cover the throw's components ({wanted}), so the play must hold {limit} cards "
                f"in pairs and tractors of {name}; it holds {_paired_cards(played)} "
                f"(checkLegalMove, ILLEGAL_MOVE [9], [12])"))
    return "", legal


def check_follow_by_type(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card],
    answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    """Judge a follow as the Botzone judge does; ``hand`` is the whole hand before the play; the
    answer written into ``answer`` when given (:class:`~oracle.engine.ruleset.FollowCheck`)."""
    kind = play_type(rules, lead)
    need = _need(rules, lead, kind)
    rule_ids = _rules_for(kind, need)
    broken, why = _judge(rules, lead, kind, need, hand, play)
    if not broken:
        return follow_answer(answer, rule_ids, f"Legal under the Botzone judge ({UPSTREAM} checkLegalMove): {why}.")
    example = _example(rules, lead, kind, need, hand)
    if broken not in rule_ids:
        rule_ids.append(broken)
    cut = rule_ids[: rule_ids.index(broken) + 1]
    illegal = follow_answer(answer, cut, f"Illegal ({broken}) against a {kind} of {suit_name(rules.suit_of(lead))}: "
                                         f"{why}. A legal play: {format_cards(example)}.", broken)
    add_cards(illegal.example, example)
    return illegal


def _rules_for(kind: str, need: Sequence[int]) -> list[str]:
    """The rules the judge applies to a follow of this lead, in the order it applies them."""
    if kind == SINGLE:
        return ["follow.suit"]
    if kind == PAIR:
        return ["follow.same_type", "follow.suit"]
    if kind == TRACTOR:
        return ["follow.same_type", "follow.suit", "follow.pairs"]
    if need[0] >= 4:
        return ["follow.suit", "follow.throw_components", "follow.pairs"]
    return ["follow.suit"]


def example_follow(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """A legal follow for the hand: the first of a few candidates that the judge accepts.

    >>> from oracle.cards import parse_cards as p, format_cards, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("botzone-tractor", Rank.TWO, Suit.HEARTS)
    >>> format_cards(example_follow(rules, p("8S 8S"), p("AS 5S 5S 3H 3H")))
    '5S 5S'
    """
    kind = play_type(rules, lead)
    return _example(rules, lead, kind, _need(rules, lead, kind), hand)


def _example(rules: Ruleset, lead: Sequence[Card], kind: str, need: Sequence[int], hand: Sequence[Card]) -> list[Card]:
    """:func:`example_follow` for a lead whose type and (a throw) components' lengths are known."""
    candidates: list[Callable[[], list[Card] | None]] = [
        lambda: _same_type_response(rules, lead, hand),
        lambda: _covering(rules, lead, hand),
        lambda: _structured(rules, lead, hand),
    ]
    tried: list[Card] = []
    for make in candidates:
        play = make()
        if play is None:
            continue
        tried = play
        if not _judge(rules, lead, kind, need, hand, play)[0]:
            break
    return rules.sorted(tried)


def _same_type_response(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card] | None:
    """The lowest response of the lead's type in the suit, for a lead that is not a throw."""
    suit = rules.suit_of(lead)
    kind = play_type(rules, lead)
    n = len(lead)
    hand_x = rules.of_suit(hand, suit)
    if kind == THROW or not has_response(rules, kind, n, hand_x):
        return None
    if kind == SINGLE:
        return lowest_first(rules, hand_x)[:1]
    by_code = {c.code: c for c in hand_x}
    if kind == PAIR:
        card = lowest_first(rules, [by_code[c] for c, k in counted(hand_x).items() if k >= 2])[0]
        return [card, card]
    windows = [run[i:i + n // 2] for run in _tractor_runs(rules, hand_x) for i in range(len(run) - n // 2 + 1)]
    strengths, order = rules.strengths, rules.order
    lowest = min(windows, key=lambda w: (strengths[w[0]], order[w[0]]))
    return [by_code[code] for code in lowest for _ in (0, 1)]


def _covering(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card] | None:
    """For a throw: cards of the suit whose components cover the throw's, if the hand's do.

    The judge's greedy order: each component of the throw, longest first, takes the
    lowest cards of the hand's component with the most cards left.
    """
    suit = rules.suit_of(lead)
    hand_x = rules.of_suit(hand, suit)
    if play_type(rules, lead) != THROW or len(hand_x) < len(lead):
        return None
    need = lengths(components(rules, lead))
    left = [lowest_first(rules, p) for p in components(rules, hand_x)]
    if not covers([len(p) for p in left], need):
        return None
    chosen: list[Card] = []
    for length in need:
        left.sort(key=lambda p: (-len(p), rules.strength(p[0]) if p else 0))
        chosen.extend(left[0][:length])
        left[0] = left[0][length:]
    return chosen


def _structured(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """The suit's pairs and tractors first, the lowest first, then the lowest cards."""
    suit = rules.suit_of(lead)
    n = len(lead)
    hand_x = rules.of_suit(hand, suit)
    if len(hand_x) <= n:
        return top_up(rules, list(hand_x), suit, hand, n)
    parts = sorted((p for p in components(rules, hand_x) if len(p) >= 2),
                   key=lambda p: min((rules.strength(c), rules.sort_key(c)) for c in p))
    chosen: list[Card] = []
    for part in parts:
        room = n - len(chosen)
        if room <= 1:
            break
        # Whole pairs only: a triple of three decks gives its pair, the judge counts pairs.
        take = min(room - room % 2, len(part) - len(part) % 2)
        chosen.extend(lowest_first(rules, part)[:take])
    return top_up(rules, chosen, suit, hand, n)
