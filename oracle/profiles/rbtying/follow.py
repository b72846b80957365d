"""Following by ordered decompositions: rbtying/shengji's rule (``FOLLOW_RULE_DECOMPOSITION``).

rbtying/shengji ``mechanics/src/trick.rs`` (``TrickFormat::is_legal_play``, ``TrickDrawPolicy``)
@ 71f8d43: a follower of the led suit must fill the first of the lead's ordered decompositions
that the hand can fill (rules ``follow.suit``, ``follow.decomposition``; ``follow.bomb`` where
bombs are allowed). The walk, the draw policies, the greedy fill and its cost: docs/rbtying.md.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
>>> r = check_follow_by_decomposition(rules, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"), p("2S 3S"))
>>> r.legal, r.broken_rule_id
(False, 'follow.decomposition')
>>> check_follow_by_decomposition(rules, p("7S 7S"), p("2S 2S 3S 3S 5S 5S 9H"), p("2S 2S")).legal
True
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import Card, format_cards
from oracle.convert import add_cards, suit_name
from oracle.engine.answers import follow_answer
from oracle.engine.budget import DeadlinePassed, WorkExceeded, question_budget, spend
from oracle.engine.card_order import Identity
from oracle.engine.following import lowest_first, suit_duty, top_up
from oracle.engine.pool import Pool
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying import bombs, rainbow
from oracle.profiles.rbtying.fill import Need, fill_needs, placement_cards
from oracle.profiles.rbtying.joint import Placement
from oracle.profiles.rbtying.longer_tuples import longer_tuple_bypasses_genuine
from oracle.profiles.rbtying.ordering import Requirement
from oracle.profiles.rbtying.policies import DrawRule, policies
from oracle.profiles.rbtying.reach import Either, Reach
from oracle.profiles.rbtying.subsequent import Skips, subsequent_decompositions
from oracle.profiles.rbtying.trick_format import FormatUnit, lead_format, requirement_name


def requirements(units: Sequence[FormatUnit], draw: DrawRule, skips: Skips | None = None) -> Iterator[Requirement]:
    """The format's own units, then its subsequent decompositions (``TrickFormat::decomposition``);
    with ``skips``, less stretches that no part of the hand can fill (``reach.Reach``)."""
    own = tuple(sorted((u.adjacent for u in units), reverse=True))
    yield own
    new_adjacency = not draw.only_tractor_on_tractor
    if skips is None:
        yield from subsequent_decompositions([u.adjacent for u in units], new_adjacency)
    else:
        yield from subsequent_decompositions([u.adjacent for u in units], new_adjacency, skips)


def _draw(rules: Ruleset) -> DrawRule:
    return policies(rules).draw


@dataclass(frozen=True)
class Duty:
    """The first requirement that decides a follow: its place, the requirement, and whether
    the play (else the hand) filled it; ``None`` fields when none decides."""

    position: int | None
    requirement: Requirement | None
    play_fills: bool
    hand_cards: tuple[Card, ...] = ()
    longer_tuple_bypasses_genuine: tuple[int, int] | None = None
    """Where the play fills the requirement but the longer-tuple guard fires: the tuple size and
    how many such tuples the rest of the hand holds for places the play filled otherwise."""


WALK_STEPS = 20_000
"""The work bound of one decomposition walk (:func:`first_duty`, and the search of
:func:`legal_example`), in steps of the work budget: upstream's rule is an exhaustive search, and
where the units of many requirements are held by the runs each alone and not together, each is
passed only by a joint fill of its own (``joint.JointFill``), so a walk can ask very many. A walk
past the bound answers RESOURCE_EXHAUSTED naming it. Every part of the walk is charged by its
measured time (a fill of ``n`` cards ``n`` steps per unit asked, the joint fill, the packing and
the merge of the units' lists calibrated alike; docs/rbtying.md, "The cost of the walk"); a walk
stopped at the bound has taken 3 to 3.5 ms on the benchmark machine. The heaviest walk of
``scripts/bench/bench.py``'s questions that answers spends 5,020 steps; of random follows with
leads of up to 24 cards in rooms of two to eight decks, 1% to 1.5% are answered after 9,000
to 20,000 (docs/speed-history.md, "The walk's bound, weighed")."""


class WalkExceeded(WorkExceeded):
    """A decomposition walk past its own bound (:func:`walk_bound`; RESOURCE_EXHAUSTED)."""


@contextlib.contextmanager
def walk_bound(steps: int = WALK_STEPS) -> Iterator[None]:
    """Count the walk inside against :data:`WALK_STEPS` (or ``steps``; keeping the question's
    deadline and caller), then against the question's own budget.

    >>> from oracle.engine.budget import limited, spend
    >>> with limited(steps=10**6) as question:
    ...     with walk_bound():
    ...         spend(7)
    >>> question.limit - question.steps
    7
    >>> with walk_bound():
    ...     spend(WALK_STEPS + 1)
    Traceback (most recent call last):
    ...
    oracle.profiles.rbtying.follow.WalkExceeded: rbtying's decomposition walk needs more than 20000 steps of work (its work budget)
    """
    with question_budget(steps) as walk:
        try:
            yield
        except DeadlinePassed:
            raise
        except WorkExceeded:
            raise WalkExceeded(
                f"rbtying's decomposition walk needs more than {steps} steps of work (its work budget)"
            ) from None
    spend(walk.limit - walk.steps)


def first_duty(
    rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card], play_x: Sequence[Card] | None,
    *, same_positions: bool = False,
) -> Duty:
    """Walk the requirements until the play (if given) or the hand fills one, within
    :data:`WALK_STEPS`.

    The hand is tested under the variant's draw policy, the play with no protection. The duty's
    ``position`` counts the requirements the walk tested; with ``same_positions`` the walk passes
    only what the whole hand cannot fill unprotected, so that every play of one hand numbers the
    requirements alike (the legal-play count groups plays by it), at the cost of a longer walk
    under the longer-tuple protections.
    """
    if play_x is not None:
        filled = play_fills_own(rules, units, hand_x, play_x)
        if filled is not None:
            return filled
    with walk_bound():
        return unbounded_first_duty(rules, units, hand_x, play_x, same_positions=same_positions)


def play_fills_own(rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card],
                   play_x: Sequence[Card]) -> Duty | None:
    """The duty when the play fills the lead's own format, the walk's first requirement (judged
    there whatever the hand holds, so nothing of the hand is read); else ``None``. Nearly every
    follow of a real deal: a lead of singles is filled by as many cards of its suit.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.FOUR, Suit.SPADES)
    >>> units = lead_format(rules, p("7S 7S 9S"))
    >>> play_fills_own(rules, units, p("2S 2S 3S 5S"), p("2S 2S 3S"))
    Duty(position=0, requirement=((2,), (1,)), play_fills=True, hand_cards=(), longer_tuple_bypasses_genuine=None)
    >>> play_fills_own(rules, units, p("2S 2S 3S 5S"), p("2S 3S 5S")) is None
    True
    """
    own = next(requirements(units, _draw(rules)))
    spend()
    if all(a == (1,) for a in own):
        fills = len(play_x) >= len(own)
    elif len(own) == 1 and len(own[0]) == 1:  # one tuple: an identity held that many times
        fills = max(Counter(rules.identities[c.code] for c in play_x).values(), default=0) >= own[0][0]
    else:
        fills = fill_needs(rules, [Need(a) for a in own], play_x) is not None
    return _play_fills(rules, _draw(rules), 0, own, hand_x, play_x) if fills else None


def unbounded_first_duty(
    rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card], play_x: Sequence[Card] | None,
    *, same_positions: bool = False,
) -> Duty:
    """:func:`first_duty` without its work bound (only the question's own budget): for the
    differential tests against the plain walk, which compare verdicts whatever they cost."""
    draw = _draw(rules)
    exact = hand_protection(rules, hand_x)
    # A requirement that neither the play (no protection) nor the hand (its draw policy) can fill
    # (reach.Reach, whose last test is the exact joint fill) decides nothing: skipping it, alone
    # or in a stretch of the walk, changes no verdict. What the play can fill depends on the
    # play; the whole hand unprotected can fill all that any of its plays can. So where the hand
    # is unprotected and holds the play, the listing's tests (of stretches, splits, classes) ask
    # the hand alone: each test of ``reach`` is monotone in the cards, so the play passes none
    # that the hand fails. Each requirement listed is still asked of the play first.
    hand_pool, play_pool = Pool(rules, hand_x), Pool(rules, play_x or ())
    reach = Reach(rules, hand_x, protected=exact is not None, pool=hand_pool)
    play_side = hand_x if same_positions and exact is not None else play_x
    play_reach = (None if play_side is None
                  else Reach(rules, play_side, pool=hand_pool if play_side is hand_x else play_pool))
    skips: Reach | Either = reach if play_reach is None else Either(play_reach, reach)
    listing = reach if exact is None and play_x is not None and _holds(hand_pool, play_pool) else skips
    for position, requirement in decomposition(units, draw, skips, listing):
        if (play_x is not None and play_reach is not None and play_reach.requirement(requirement)
                and fill_needs(rules, [Need(a) for a in requirement], play_x, pool=play_pool) is not None):
            return _play_fills(rules, draw, position, requirement, hand_x, play_x)
        placed = hand_fill(rules, reach, requirement, hand_x, exact, hand_pool)
        if placed is not None:
            cards = tuple(c for unit in placement_cards(rules, hand_x, placed) for c in unit)
            if play_x is not None and not Counter(cards) - Counter(play_x):
                # The play holds the very cards the hand fills it with (a fill of the play).
                return _play_fills(rules, draw, position, requirement, hand_x, play_x)
            return Duty(position, requirement, False, cards)
    return Duty(None, None, False)


def _holds(hand: Pool, play: Pool) -> bool:
    """Whether the hand holds, of each identity, as many cards as the play (what ``reach.Reach``
    reads of cards: CheckFollow's play is part of the hand; the walk's callers may ask of any).

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    >>> _holds(Pool(rules, p("5H 5H 6H")), Pool(rules, p("5H 6H"))), _holds(Pool(rules, p("5H 6H")), Pool(rules, p("5H 5H")))
    (True, False)
    """
    held = hand.cards
    return all(len(cards) <= len(held.get(identity, ())) for identity, cards in play.cards.items())


def hand_protection(rules: Ruleset, hand_x: Sequence[Card]) -> dict[Identity, int] | None:
    """Under the longer-tuple protection, the copies the hand holds of each identity (a tuple of
    ``k`` takes an identity held exactly ``k`` times); ``None`` without it."""
    return dict(Counter(rules.identity(c) for c in hand_x)) if _draw(rules).protects_longer_tuples else None


def decomposition(
    units: Sequence[FormatUnit], draw: DrawRule, skips: Reach | Either, listing: Reach | Either | None = None,
) -> Iterator[tuple[int, Requirement]]:
    """The walk's requirements, each once, with the place the walk numbers it by, less those
    ``skips`` says nothing fills (each a step of the work budget): rbtying/shengji
    ``mechanics/src/trick.rs`` ``TrickFormat::decomposition`` @ 71f8d43, as
    ``TrickFormat::is_legal_play`` walks it. ``listing``: the tests the listing passes
    stretches, splits and classes by (``skips`` by default; they may fail only where ``skips``
    fails)."""
    seen: set[Requirement] = set()
    for position, requirement in enumerate(requirements(units, draw, skips if listing is None else listing)):
        spend()
        if requirement in seen or not skips.requirement(requirement):
            continue
        seen.add(requirement)
        yield position, requirement


def hand_fill(rules: Ruleset, reach: Reach, requirement: Requirement, hand_x: Sequence[Card],
              exact: dict[Identity, int] | None, pool: Pool) -> list[Placement] | None:
    """The hand's fill of the requirement under its draw policy (``exact``: the protection's
    copies, :func:`hand_protection`), if it has one."""
    if not reach.requirement(requirement):
        return None
    return fill_needs(rules, [Need(a) for a in requirement], hand_x, exact=exact, pool=pool)


def _play_fills(
    rules: Ruleset, draw: DrawRule, position: int, requirement: Requirement, hand_x: Sequence[Card],
    play_x: Sequence[Card],
) -> Duty:
    """The play fills the requirement: legal, unless the longer-tuple guard fires."""
    guard = longer_tuple_bypasses_genuine(rules, requirement, hand_x, play_x) if draw.protects_longer_tuples else None
    return Duty(position, requirement, guard is None, longer_tuple_bypasses_genuine=guard)


def legal_example(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], filled: Sequence[Card] | None = None
) -> list[Card]:
    """A legal follow: the cards the hand fills its first requirement with (when it holds
    enough of the suit), topped up with the lowest cards (rule ``follow.suit`` first).

    Under the longer-tuple guard that play can itself be refused (the hand fills no requirement
    with protected tuples, and the lowest cards break one): then the hand's unprotected fills
    are tried in the walk's order, each topped up, and the first the walk accepts is the example.
    Each fill is tried twice: as the greedy fills it, then with its tuples held exactly (its
    single cards and the top-up taken from other identities, ``_exact_tuples``), since a single
    card of a tuple's identity breaks the tuple the guard counts. Four decks, playing aces,
    no trump, a pair and two singles led: from ``SJ SJ SJ AS AS AS`` the greedy's ``AS AS`` +
    ``AS SJ`` is refused (the ``SJ SJ`` left is kept back), ``SJ SJ AS AS`` is the example.
    """
    duty = suit_duty(rules, lead, hand, ())
    if len(duty.hand_x) < duty.led:
        return top_up(rules, duty.hand_x, duty.suit, hand, duty.led)
    units = lead_format(rules, lead)
    if filled is None:  # the hand's fill of its first requirement, unless the caller has it
        filled = first_duty(rules, units, duty.hand_x, None).hand_cards
    example = top_up(rules, filled, duty.suit, hand, duty.led)
    draw = _draw(rules)
    # Without the guard the walk accepts the example: no requirement before the hand's first can
    # be filled by the hand, and at that one the example holds the very cards of the hand's fill.
    if not draw.protects_longer_tuples or _walk_accepts(rules, units, duty.hand_x, example):
        return example
    with walk_bound():
        return _guarded_example(rules, units, duty.hand_x, hand, duty.suit, duty.led, example)


def _guarded_example(rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card], hand: Sequence[Card],
                     suit: int, led: int, example: list[Card]) -> list[Card]:
    """:func:`legal_example`'s search under the longer-tuple guard."""
    draw = _draw(rules)
    reach = Reach(rules, hand_x)
    for requirement in requirements(units, draw, reach):
        spend()
        if not reach.requirement(requirement):
            continue
        placed = fill_needs(rules, [Need(a) for a in requirement], hand_x)
        if placed is None:
            continue
        filled_units = placement_cards(rules, hand_x, placed)
        cards = [c for unit in filled_units for c in unit]
        for candidate in (top_up(rules, cards, suit, hand, led),
                          _exact_tuples(rules, filled_units, hand_x, led)):
            if candidate is not None and _walk_accepts(rules, units, hand_x, candidate):
                return candidate
    return example


def _exact_tuples(rules: Ruleset, filled_units: Sequence[Sequence[Card]], hand_x: Sequence[Card],
                  led: int) -> list[Card] | None:
    """The fill's units of more than one card, then the lowest cards of the suit whose identity
    none of them uses, ``led`` cards in all (``None`` when the suit has too few): a play that
    holds each tuple of the fill exactly as many times as the tuple asks.

    >>> from oracle.cards import parse_cards as p, format_cards, Rank
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.ACE, None, no_trump=True)
    >>> format_cards(_exact_tuples(rules, [p("AS AS"), p("AS"), p("SJ")], p("SJ SJ SJ AS AS AS"), 4))
    'SJ SJ AS AS'
    """
    tuples = [c for unit in filled_units if len(unit) > 1 for c in unit]
    used = {rules.identity(c) for c in tuples}
    others = [c for c in hand_x if rules.identity(c) not in used]
    if len(tuples) + len(others) < led:
        return None
    return rules.sorted(tuples + lowest_first(rules, others)[: led - len(tuples)])


def _walk_accepts(rules: Ruleset, units: Sequence[FormatUnit], hand_x: Sequence[Card], play: Sequence[Card]) -> bool:
    """Whether a play of ``len(lead)`` cards of the led suit passes the decomposition walk."""
    duty = first_duty(rules, units, hand_x, play)
    return duty.requirement is None or duty.play_fills


def check_follow_by_decomposition(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card],
    answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    """Judge a follow by rbtying/shengji's rule; ``hand`` is the whole hand before the play; the
    answer written into ``answer`` when given (:class:`~oracle.engine.ruleset.FollowCheck`).
    A rainbow lead is followed by its own rule, before bombs (:mod:`.rainbow`)."""
    rainbow_units = rainbow.rainbow_format(rules, lead)
    if rainbow_units is not None:
        return rainbow.check_rainbow_follow(rules, rainbow_units, hand, play, answer)
    if bombs.follow_allowed(rules, lead, hand, play):
        return follow_answer(
            answer, ["follow.bomb"],
            f"Legal: {format_cards(rules.sorted(play))} is a bomb, which the variant lets a follower play.")
    suited = suit_duty(rules, lead, hand, play)
    name, n, hand_x, play_x = suit_name(suited.suit), suited.led, suited.hand_x, suited.play_x
    units = lead_format(rules, lead)
    shape = ", ".join(u.name for u in units)
    if not suited.met:
        return _illegal(rules, lead, hand, "follow.suit", ["follow.suit"], suited.shortfall(), answer=answer)
    if len(play_x) < n:
        return follow_answer(answer, ["follow.suit"], f"Legal: every {name} card of the hand ({len(hand_x)}) is played.")
    rule_ids = ["follow.suit", "follow.decomposition"]
    if not _draw(rules).format_based:
        return follow_answer(answer, rule_ids, f"Legal: all {n} cards are {name}; the draw policy asks for no format.")
    duty = first_duty(rules, units, hand_x, play_x)
    if duty.requirement is None:
        return follow_answer(answer, rule_ids, f"Legal: all {n} cards are {name}, and neither the play nor the hand "
                                               f"can fill any decomposition of the lead ({shape}).")
    where = "the lead's own format" if duty.position == 0 else f"a decomposition of the lead ({shape})"
    wanted = requirement_name(duty.requirement)
    if duty.longer_tuple_bypasses_genuine is not None:
        size, places = duty.longer_tuple_bypasses_genuine
        tuples = requirement_name(((size,),) * places)
        return _illegal(rules, lead, hand, "follow.decomposition", rule_ids,
                        f"the play shows {wanted}, {where}, only by breaking a longer tuple, while the rest "
                        f"of the hand holds {tuples} of exactly that size (the longer-tuple guard)", answer=answer)
    if duty.play_fills:
        return follow_answer(answer, rule_ids, f"Legal: the play shows {wanted}, {where}, the first requirement that "
                                               "the play or the hand can fill.")
    return _illegal(rules, lead, hand, "follow.decomposition", rule_ids,
                    f"the hand can show {wanted} of {name}, {where}, and the play cannot show it "
                    "or any requirement before it", duty.hand_cards, answer)


def _illegal(
    rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card], broken: str, rule_ids: list[str], why: str,
    filled: Sequence[Card] | None = None, answer: pb.CheckFollowResponse | None = None,
) -> pb.CheckFollowResponse:
    example = legal_example(rules, lead, hand, filled)
    illegal = follow_answer(answer, rule_ids, f"Illegal ({broken}): {why}. A legal play: {format_cards(example)}.",
                            broken)
    add_cards(illegal.example, example)
    return illegal
