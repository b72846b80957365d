"""The one split of a play into a format of tuples of one size (rules ``trick.format``,
``trick.throw_evaluation``).

A lead of singles, of one pair or of pairs (nearly every trick of a real deal) has a format of
tuples of one size ``k`` and no tractor. A play of as many cards splits into it only if each of
its identities is held a multiple of ``k`` times, and then in one way: so the first split of
``find_format_matches``'s order (rbtying/shengji ``mechanics/src/format_match.rs`` @ 49f4214,
:class:`.trick_split.SplitSearch`) meeting some bounds is that split or none, found without the
search. Its places take its tuples highest first (``FormatMatchState::into_matching_cards``), as
:class:`.trick_split.SplitSearch` gives them.

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> from oracle.profiles.rbtying.trick_format import lead_format
>>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
>>> units = lead_format(rules, p("3H 5H 9H"))
>>> one = TupleSplit.of(rules, units, p("4H KH 7H"))
>>> key, split = one.first([None, None, None])
>>> [str(unit[0]) for unit in split.units]
['KH', '7H', '4H']
>>> one.first([("above", split.lows[0]), None, None]) is None
True
>>> TupleSplit.of(rules, lead_format(rules, p("5H 5H 9H")), p("4H 4H 7H")) is None  # a pair and a single
True
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.cards import Card
from oracle.engine.budget import spend
from oracle.engine.card_order import Identity
from oracle.engine.ruleset import Ruleset
from oracle.profiles.rbtying.fill import RankKey
from oracle.profiles.rbtying.trick_format import FormatUnit, order_keys
from oracle.profiles.rbtying.trick_split import Bound, Split


def tuple_lows(rules: Ruleset, size: int, cards: Sequence[Card]) -> tuple[RankKey, ...] | None:
    """The lows of the play's one split into tuples of ``size`` (:class:`TupleSplit`'s
    ``split.lows``, highest first), without its cards; ``None`` when some identity is held a
    number of times that is no multiple of ``size``. An identity's cards share their rank, so
    the cards' ranks highest first, one in every ``size``, are the tuples' lows.

    >>> from oracle.cards import parse_cards as p, Rank, Suit
    >>> from oracle.variants import make_ruleset
    >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
    >>> tuple_lows(rules, 2, p("4H 9H 4H 9H")) == TupleSplit(rules, 2, p("4H 9H 4H 9H")).split.lows
    True
    >>> tuple_lows(rules, 2, p("4H 9H 4H 8H")) is None
    True
    """
    keys = order_keys(rules)
    if size > 1:
        identities = rules.identities
        held: dict[Identity, int] = {}
        for card in cards:
            identity = identities[card.code]
            held[identity] = held.get(identity, 0) + 1
        for count in held.values():
            if count % size:
                return None
    ranks = sorted([keys[card.code][0] for card in cards], reverse=True)
    return tuple(ranks[::size]) if size > 1 else tuple(ranks)


class TupleSplit:
    """The play's split into the format's tuples of one size, if it has one (``split``)."""

    def __init__(self, rules: Ruleset, size: int, cards: Sequence[Card]) -> None:
        keys = order_keys(rules)
        self.split: Split | None = None
        if len(cards) == 1:  # a single: its own split
            low = keys[cards[0].code][0]
            self.split = Split((low,), (tuple(cards),), low)
            return
        # The play's cards by identity (each identity's cards in the ruleset's order, as a
        # ``Pool`` holds them), lowest identity first.
        order, identities = rules.order, rules.identities
        by_identity: dict[Identity, list[Card]] = {}
        for card in sorted(cards, key=lambda c: order[c.code]):
            held = by_identity.get(identities[card.code])
            if held is None:
                by_identity[identities[card.code]] = [card]
            else:
                held.append(card)
        lows: list[RankKey] = []
        tuples: list[tuple[Card, ...]] = []
        for cs in sorted(by_identity.values(), key=lambda cs: keys[cs[0].code], reverse=True):
            # highest first (no two identities share a key): the places take the tuples so
            if len(cs) % size:
                return
            low = keys[cs[0].code][0]  # (an identity's cards share their rank)
            for i in range(0, len(cs), size):
                lows.append(low)
                tuples.append(tuple(cs[i:i + size]))
        self.split = Split(tuple(lows), tuple(tuples), lows[0])

    @staticmethod
    def size_of(units: Sequence[FormatUnit]) -> int | None:
        """The format's tuple size when it is tuples of one size (no tractor), else ``None``.

        >>> from oracle.cards import parse_cards as p, Rank, Suit
        >>> from oracle.variants import make_ruleset
        >>> from oracle.profiles.rbtying.trick_format import lead_format
        >>> rules = make_ruleset("rbtying-default", Rank.TWO, Suit.SPADES)
        >>> [TupleSplit.size_of(lead_format(rules, p(c))) for c in ("3H 5H", "5H 5H 9H 9H", "5H 5H 9H")]
        [1, 2, None]
        """
        count = units[0].count
        for unit in units:
            if unit.count != count or len(unit.members) != 1:
                return None
        return count

    @classmethod
    def of(cls, rules: Ruleset, units: Sequence[FormatUnit], cards: Sequence[Card]) -> TupleSplit | None:
        """The play's split when the format is tuples of one size and the play has its number of
        cards; ``None`` for any other format or play (:class:`.trick_split.SplitSearch` then)."""
        size = cls.size_of(units)
        return None if size is None or len(cards) != size * len(units) else cls(rules, size, cards)

    def first(self, bounds: Sequence[Bound]) -> tuple[tuple[object, ...], Split] | None:
        """The split, with its place in upstream's order (a key), if its places meet ``bounds``
        (:meth:`.trick_split.SplitSearch.first`), else ``None``."""
        spend()
        split = self.split
        if split is None:
            return None
        for low, bound in zip(split.lows, bounds):
            if bound is not None and ((low <= bound[1]) if bound[0] == "above" else (low != bound[1])):
                return None
        return (), split  # (the one split: its place in the order compares with no other)
