"""Who wins a trick under rbtying/shengji's throw evaluation policies (JudgeTrick).

rbtying/shengji ``mechanics/src/trick.rs`` (``TrickFormat::matches``, ``Trick::winner``,
``Trick::_defeats``) @ 71f8d43, for ``THROW_EVALUATION_ALL``, ``_HIGHEST`` and
``_TRICK_UNIT_LENGTH``: only a play that splits exactly into the lead's format can win, and it
wins if some split beats the best so far under the policy; the first such split in
``find_format_matches``'s order (:mod:`.trick_split`) is what later plays are compared with
(``Trick::compute_winner``; rules ``trick.format``, ``trick.throw_evaluation``, ``trick.bomb``).
The policies and the search: docs/rbtying.md, "The trick".

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.engine.ruleset import SeatPlay
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("rbtying-default", Rank.KING, Suit.SPADES)
>>> plays = [SeatPlay(1, tuple(p("4C 6C"))), SeatPlay(2, tuple(p("2S 3S"))),
...          SeatPlay(3, tuple(p("3S 4S"))), SeatPlay(4 % 4, tuple(p("2S BJ")))]
>>> judge_trick_by_format(rules, plays, Policy.ALL).winning_seat
3
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from oracle import pb
from oracle.cards import Card
from oracle.convert import suit_name
from oracle.engine.budget import spend
from oracle.engine.ruleset import MIXED, TRUMP, Play, Ruleset, TrickJudge
from oracle.engine.trick_answers import SeatVerdict, Verdict, cards_text, finish_trick
from oracle.profiles.rbtying import bombs, rainbow
from oracle.profiles.rbtying.trick_format import FormatUnit, lead_format, order_keys
from oracle.profiles.rbtying.trick_split import Bound, Split, SplitSearch
from oracle.profiles.rbtying.tuple_split import TupleSplit, tuple_lows

Splits = SplitSearch | TupleSplit
"""A play's splits into the lead's format, searched by each test of the trick."""


def play_splits(rules: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card]) -> Splits:
    """The play's splits: its one split where the format is tuples of one size
    (:class:`.tuple_split.TupleSplit`), else the search of :class:`.trick_split.SplitSearch`."""
    return TupleSplit.of(rules, units, cards) or SplitSearch(rules, units, cards)


class Policy(Enum):
    """rbtying/shengji's ``ThrowEvaluationPolicy`` (``mechanics/src/trick.rs`` @ 71f8d43), by its
    upstream name: how a play that fills the lead's format is compared with the best so far."""

    ALL = "All"
    HIGHEST = "Highest"
    TRICK_UNIT_LENGTH = "TrickUnitLength"


def leader_split(rules: Ruleset, units: Sequence[FormatUnit]) -> Split:
    """The leader's own units as the first best so far."""
    keys = order_keys(rules)
    lows = tuple(min(keys[c.code][0] for c in u.cards) for u in units)
    top = max(keys[c.code][0] for u in units for c in u.cards)
    return Split(lows, tuple(u.cards for u in units), top)


def matches(rules: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card],
            search: Splits | None = None) -> Split | None:
    """The first split of ``cards`` into the format's units, if there is one (``TrickFormat::matches``);
    ``search``: the play's splits, when the caller has them."""
    search = search if search is not None else play_splits(rules, units, cards)
    found = search.first([None] * len(units))
    return None if found is None else found[1]


def defeats(units: Sequence[FormatUnit], split: Split, best: Split, policy: Policy) -> bool:
    """rbtying/shengji ``Trick::_defeats`` on two splits, place by place.

    >>> u = [FormatUnit(1, ((3, 1),)), FormatUnit(2, ((5, 1),))]
    >>> best = Split(((0, 10), (0, 20)), (), (0, 20))
    >>> defeats(u, Split(((0, 11), (0, 21)), (), (0, 21)), best, Policy.ALL)
    True
    >>> defeats(u, Split(((0, 9), (0, 21)), (), (0, 21)), best, Policy.ALL)
    False
    >>> defeats(u, Split(((0, 9), (0, 21)), (), (0, 21)), best, Policy.TRICK_UNIT_LENGTH)
    True
    """
    if policy is Policy.HIGHEST:
        return split.top > best.top
    if policy is Policy.TRICK_UNIT_LENGTH:
        compared = [(units[i].size, (split.lows[i] > best.lows[i]) - (split.lows[i] < best.lows[i]))
                    for i in _compared_places(units)]
        compared.sort(key=lambda c: (-c[0], c[1] == 0))
        return next((c > 0 for _, c in compared if c != 0), False)
    return all(m > w for m, w in zip(split.lows, best.lows, strict=True))


def _compared_places(units: Sequence[FormatUnit]) -> list[int]:
    """The places TrickUnitLength compares, largest units first (in the format's order within a
    size): every place, but the singles where the format has several units and one of more than
    one card.

    >>> _compared_places([FormatUnit(1, ((3, 1),)), FormatUnit(2, ((5, 1),))])
    [1]
    """
    skip_singles = len(units) > 1 and any(u.size > 1 for u in units)
    places = [i for i, u in enumerate(units) if not skip_singles or u.size > 1]
    return sorted(places, key=lambda i: -units[i].size)


def _candidates(units: Sequence[FormatUnit], best: Split, policy: Policy) -> list[list[Bound]]:
    """The bounds a split beating ``best`` meets, one list per way of beating it (``_defeats``).

    All: every place strictly above the best's. TrickUnitLength: for each place it compares
    (:func:`_compared_places`) in turn, that place above and every place before it level. Highest: no bound (the play's highest card decides, whatever the split).
    """
    if policy is Policy.HIGHEST:
        return [[None] * len(units)]
    if policy is Policy.TRICK_UNIT_LENGTH:
        ordered = _compared_places(units)
        out: list[list[Bound]] = []
        for n, deciding in enumerate(ordered):
            level = set(ordered[:n])
            out.append([("above", best.lows[i]) if i == deciding else ("equal", best.lows[i]) if i in level
                        else None for i in range(len(units))])
        return out
    return [[("above", low) for low in best.lows]]


def defeating_split(search: Splits, units: Sequence[FormatUnit], best: Split, policy: Policy) -> Split | None:
    """The split of the play rbtying/shengji's ``Trick::compute_winner`` takes: the first, in
    ``find_format_matches``'s order, that beats ``best`` under ``policy`` (``Trick::_defeats``);
    ``search``: the play's splits into the format's ``units``."""
    found = [f for f in (search.first(b) for b in _candidates(units, best, policy)) if f is not None]
    if not found:
        return None
    split = min(found, key=lambda f: f[0])[1]
    return split if defeats(units, split, best, policy) else None


def _level_split(search: Splits, best: Split) -> bool:
    """Whether the play can be split level with the best, place by place (a tie)."""
    return search.first([("equal", low) for low in best.lows]) is not None


def compare_play(rules: Ruleset, units: Sequence[FormatUnit], size: int | None, cards: Sequence[Card],
                 best: Split, policy: Policy) -> tuple[Split | None, bool, bool]:
    """A play of the lead's suit or of trump against the best so far: the split it beats the best
    with (:func:`defeating_split`), whether it matches the format (:func:`matches`) and, when it
    matches without beating, whether it is level with the best (a tie). ``size``: the format's
    tuple size when it is tuples of one size (:meth:`.tuple_split.TupleSplit.size_of`); under
    ``All`` and ``Highest`` the play's one split is then compared directly (the bounds
    :func:`_candidates` lists ask nothing more of it than :func:`defeats` does).
    """
    if size is not None and policy is not Policy.TRICK_UNIT_LENGTH and len(cards) == size * len(units):
        spend()
        lows = tuple_lows(rules, size, cards)
        if lows is None:
            return None, False, False
        if lows[0] > best.top if policy is Policy.HIGHEST else all(
                m > w for m, w in zip(lows, best.lows, strict=True)):
            return Split(lows, (), lows[0]), True, False  # (the judge compares lows and tops, not cards)
        return None, True, lows == best.lows
    search = play_splits(rules, units, cards)  # the play's splits, searched by each test below
    beating = defeating_split(search, units, best, policy)
    if beating is not None:  # a split that beats the best is a split into the format
        return beating, True, False
    if matches(rules, units, cards, search) is None:
        return None, False, False
    return None, True, _level_split(search, best)


def judge_trick_by_format(
    rules: Ruleset, plays: Sequence[Play], policy: Policy, answer: pb.JudgeTrickResponse | None = None
) -> pb.JudgeTrickResponse:
    """Judge a trick by rbtying/shengji's rules under ``policy``; ``plays`` in play order, the lead
    first (a rainbow lead by its own rule, :mod:`.rainbow`); the answer written into ``answer``
    when given (:class:`~oracle.engine.ruleset.TrickJudge`)."""
    lead_seat, lead = plays[0]
    rainbow_units = rainbow.rainbow_format(rules, lead)
    if rainbow_units is not None:
        return rainbow.judge_rainbow_trick(rules, rainbow_units, plays, answer)
    policy_name = policy.value
    suit = rules.suit_of(lead)
    units = lead_format(rules, lead)
    size = TupleSplit.size_of(units)
    shape = ", ".join(u.name for u in units)
    best = leader_split(rules, units)
    best_index, best_trump = 0, suit == TRUMP
    playing_bombs = bombs.allowed(rules)
    best_bomb = bombs.bomb_key(rules, lead) if playing_bombs and bombs.is_bomb(rules, lead) else None
    verdicts: list[SeatVerdict] = [
        (lead_seat, (pb.PLAY_KIND_LEAD, True, f"leads {suit_name(suit)}: {shape}", "lead.one_suit"))]
    verdict: Verdict
    for index, (seat, played) in enumerate(plays[1:], start=1):
        play_suit = rules.suit_of(played)
        best_seat = plays[best_index][0]
        if playing_bombs and bombs.is_bomb(rules, played):
            key = bombs.bomb_key(rules, played)
            cards = cards_text(rules, played)
            if best_bomb is None or bombs.beats(best_bomb, key):
                what = "is a bomb and beats any play that is not" if best_bomb is None else (
                    f"is a bomb above seat {best_seat}'s")
                verdict = (pb.PLAY_KIND_BOMB, True, f"{cards} {what}", "trick.bomb")
                best_index, best_bomb, best_trump = index, key, play_suit == TRUMP
            else:
                verdict = (pb.PLAY_KIND_BOMB, False, f"{cards} is a bomb, but not above seat {best_seat}'s",
                           "trick.bomb")
        elif best_bomb is not None:
            ordinary = (pb.PLAY_KIND_DISCARD if play_suit not in (suit, TRUMP)
                        else pb.PLAY_KIND_RUFF if play_suit != suit else pb.PLAY_KIND_FOLLOW)
            verdict = (ordinary, False, f"seat {best_seat} has played a bomb; only a bigger bomb beats it",
                       "trick.bomb")
        elif play_suit == MIXED or (play_suit != suit and play_suit != TRUMP):
            verdict = (pb.PLAY_KIND_DISCARD, False,
                       f"plays {suit_name(play_suit)} to a {suit_name(suit)} lead: a discard (垫)", "trick.discard")
        else:
            ruff = play_suit == TRUMP and suit != TRUMP
            kind = pb.PLAY_KIND_RUFF if ruff else pb.PLAY_KIND_FOLLOW
            beating, matched, level = compare_play(rules, units, size, played, best, policy)
            if not matched:
                what = "trump" if ruff else f"follows {suit_name(suit)}"
                verdict = (pb.PLAY_KIND_DISCARD if ruff else kind, False,
                           f"{what} without the lead's format ({shape}), so cannot win", "trick.format")
            else:
                cards = cards_text(rules, played)
                if beating is not None:
                    verdict = (pb.PLAY_KIND_OVER_RUFF if ruff and best_trump else kind, True,
                               f"{cards} beats seat {best_seat}'s play under the {policy_name} policy",
                               "trick.throw_evaluation")
                    best, best_index, best_trump = beating, index, play_suit == TRUMP
                elif level:
                    verdict = (kind, False, f"{cards} is level with seat {best_seat}'s play, and the first played wins",
                               "order.first_played_wins")
                else:
                    verdict = (kind, False, f"{cards} does not beat seat {best_seat}'s play under the {policy_name} policy",
                               "trick.throw_evaluation")
        verdicts.append((seat, verdict))
    return finish_trick(plays, verdicts, best_index, {"trick.points"}, answer=answer)


def judge_under(policy: Policy) -> TrickJudge:
    """The trick judge of one policy, as the dispatch registers it for its enum value.

    >>> judge_under(Policy.HIGHEST).__name__
    'judge_trick_by_format_highest'
    """
    def judge(
        rules: Ruleset, plays: Sequence[Play], answer: pb.JudgeTrickResponse | None = None
    ) -> pb.JudgeTrickResponse:
        return judge_trick_by_format(rules, plays, policy, answer)
    judge.__name__ = judge.__qualname__ = f"judge_trick_by_format_{policy.name.lower()}"
    return judge
