"""Is this follow legal? (CheckFollow) The seeds' rule: ``FOLLOW_RULE_GREEDY_STRUCTURE``, or unset.

Rules ``follow.suit``, ``follow.tractor``, ``follow.pairs`` and ``follow.ladder``: the follower
shows as much of the lead's structure as the hand allows, matched greedily
(:mod:`oracle.seed_rules.matching`); the duties, the match and the cost: docs/rules.md (Following).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> r = check_follow_by_structure(rules, p("8S 8S"), p("AS 5S 5S 3C 4D"), p("AS 3C"))
>>> r.legal, r.broken_rule_id
(False, 'follow.suit')
>>> r = check_follow_by_structure(rules, p("8S 8S"), p("AS 5S 5S 3C 4D"), p("AS 5S"))
>>> r.legal, r.broken_rule_id, [c for c in r.rule_ids]
(False, 'follow.pairs', ['follow.suit', 'follow.pairs'])
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import CardsField, suit_name
from oracle.engine.answers import follow_answer
from oracle.engine.following import SuitDuty, suit_duty, top_up
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.engine.units import Unit, shape_name
from oracle.seed_rules.matching import Match, Shape, lead_requirements, match_shapes, shown_in

EXAMPLE = CardsField(pb.CheckFollowResponse, "example")

SINGLE: Shape = (1, 1)
"""The shape of a lead of one card."""

NO_PAIRS = "no pairs"
"""What a hand shows against a lead that asks for no tuples."""


def _duty_of(shape: Shape) -> str:
    return "follow.tractor" if shape[1] >= 2 else "follow.pairs"


def first_shortfall(hand: list[Shape], play: list[Shape]) -> Shape | None:
    """The first shape of the hand's profile the play does not reach, if any (profiles compare
    shape by shape, largest first: a play ahead on an earlier shape owes nothing after it).

    >>> first_shortfall([(2, 2), (2, 1)], [(2, 2)]), first_shortfall([(2, 1)], [(2, 2)])
    ((2, 1), None)
    """
    for i, shape in enumerate(hand):
        if i >= len(play) or play[i] < shape:
            return shape
        if play[i] > shape:
            return None
    return None


def check_follow_by_structure(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card],
    answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    """Judge a follow (``FOLLOW_RULE_GREEDY_STRUCTURE``); ``hand`` is the whole hand before ``play``;
    the answer written into ``answer`` when given (:class:`~oracle.engine.ruleset.FollowCheck`)."""
    duty = suit_duty(rules, lead, hand, play)
    if len(lead) == 1 and duty.met and SINGLE not in rules.ladders:
        # One card led asks for the suit alone (singles require nothing, and no ladder answers
        # a single): the answer the match below would reach, without matching.
        return _legal(duty, ["follow.suit"], NO_PAIRS, answer)
    suit, hand_x, play_x = duty.suit, duty.hand_x, duty.play_x
    lead_units = rules.units(lead)
    if lead_units[0].tuple_size < 2 and (len(lead_units) > 1 or SINGLE not in rules.ladders):
        # Singles led (largest first) ask for the suit alone, and no ladder answers several units
        # or (here) a single: the answer the match below would reach, without matching.
        if duty.met:
            return _legal(duty, ["follow.suit"], NO_PAIRS, answer)
        return _illegal(["follow.suit"], "follow.suit", duty.shortfall(),
                        top_up(rules, (), suit, hand, len(lead), hand_x), answer)
    rule_ids = ["follow.suit"]
    if lead_units[0].tuple_size >= 2:  # largest first: a lead of singles has neither duty
        if any(u.length >= 2 for u in lead_units):
            rule_ids.append("follow.tractor")
        rule_ids.append("follow.pairs")
    name = suit_name(suit)
    exact = rules.follow_exact_tuples
    ladder = ladder_for(rules, lead_units)
    if ladder is not None:
        rule_ids = ["follow.suit", "follow.ladder"]

    required = lead_requirements(lead_units)
    hand_match = match_shapes(rules, required, hand_x, exact_tuples=exact)
    broken = why = ""
    hand_rung = None if ladder is None else best_rung(rules, ladder, hand_x, exact)
    if hand_rung is not None:
        hand_match = hand_rung[2]
        shown = hand_rung[1]
    elif ladder is not None:
        # A room's ladder need not end in a rung that asks nothing (散牌, as the seed's do): a hand
        # that can show none of its rungs owes only the suit (follow.ladder asks nothing more).
        shown = "none of the ladder's rungs (the hand holds none)"
    else:
        shown = ", ".join(shape_name(s) for s in hand_match.profile) or NO_PAIRS
    if not duty.met:
        broken, why = "follow.suit", duty.shortfall()
    elif ladder is not None:
        play_rung = best_rung(rules, ladder, play_x, exact)
        if hand_rung is not None and (play_rung is None or play_rung[0] > hand_rung[0]):
            broken = "follow.ladder"
            why = (f"against a {lead_units[0].name} the hand can show {hand_rung[1]} of {name}, "
                   f"the play shows {play_rung[1] if play_rung else 'none of the rungs'}")
    else:
        play_match = match_shapes(rules, required, play_x, exact_tuples=exact)
        short = first_shortfall(hand_match.profile, play_match.profile)
        if short is not None:
            broken = _duty_of(short)
            why = (f"the hand can show a {shape_name(short)} of {name} against the lead "
                   f"({format_cards(rules.sorted(lead))}) and the play does not")
    if not broken:
        return _legal(duty, rule_ids, shown, answer)
    return _illegal(rule_ids, broken, why, top_up(rules, hand_match.chosen, suit, hand, len(lead), hand_x), answer)


def _illegal(
    rule_ids: list[str], broken: str, why: str, example: list[Card], answer: pb.CheckFollowResponse | None
) -> pb.CheckFollowResponse:
    """An illegal follow's answer: the rule broken (the rules read up to it), why, and a legal play."""
    illegal = follow_answer(answer, rule_ids[: rule_ids.index(broken) + 1],
                            f"Illegal ({broken}): {why}. A legal play: {format_cards(example)}.", broken)
    EXAMPLE.merge(illegal, example)
    return illegal


def _legal(
    duty: SuitDuty, rule_ids: list[str], shown: str, answer: pb.CheckFollowResponse | None
) -> pb.CheckFollowResponse:
    """A legal follow's answer: the suit played as required, showing ``shown``."""
    return follow_answer(
        answer, rule_ids,
        f"Legal: {duty.needed} {suit_name(duty.suit)} played as required, showing {shown} as the hand allows.")


def ladder_for(rules: Ruleset, lead_units: Sequence[Unit]) -> pb.FollowLadder | None:
    """The variant's ladder for a lead of one unit of this shape, if it has one."""
    if len(lead_units) != 1 or not rules.ladders:
        return None
    return rules.ladders.get(lead_units[0].shape)


def best_rung(
    rules: Ruleset, ladder: pb.FollowLadder, cards: Sequence[Card], exact: bool
) -> tuple[int, str, Match] | None:
    """The first rung (counting alternatives as one) that the cards can show.

    Returns the rung's position (alternatives share one), its name and the
    match that shows it; ``None`` when no rung can be shown. The cards are sorted into a pool
    once; each rung is matched on a copy of it.
    """
    held = Pool(rules, cards, exact_tuples=exact)
    position = -1
    for rung in ladder.rungs:
        if not rung.same_as_previous:
            position += 1
        shapes = [(p.tuple_size, p.length) for p in rung.parts]
        match = shown_in(held.copy(), shapes)
        if match is not None:
            return position, rung.name, match
    return None
