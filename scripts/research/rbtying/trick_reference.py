"""rbtying/shengji's trick winner read literally: the reference the profile's JudgeTrick is
checked against (``tests/profiles/test_profile_rbtying_trick_reference.py``, ``scripts/research/rbtying/trick_walk.py``).

What it reads, in rbtying/shengji (the rule code shared by upstream and the fork copies, see
docs/rbtying.md, "What the readable upstream source shows"):

* ``mechanics/src/types.rs`` @ 007e6d2: ``Trump::effective_suit``, ``suit_ordinal``,
  ``compare_effective``, ``compare`` (ties by the card's character), ``successor``;
* ``mechanics/src/format_match.rs`` @ 49f4214 and ``mechanics/src/multiset_iter.rs`` @ 106d1fb:
  ``find_format_matches`` with its queue, visited set, tractor search and multiset combinations,
  and ``FormatMatchState::into_matching_cards`` (each place of a shape takes the largest mapping
  left of that shape);
* ``mechanics/src/trick.rs`` (rbtying/shengji @ aaf0e18 ``Trick::winner``; the bomb branch of
  ``compute_winner`` and ``_defeats`` in the copy tgoh-ots/shengji-tractor @ 18514e6):
  ``TrickFormat::matches``, ``match_to_unit``, ``Trick::_defeats`` under ``All``, ``Highest`` and
  ``TrickUnitLength``, and the winner carried along: each later play takes the FIRST match, in
  ``find_format_matches``'s order, that defeats the current winner's mapping, and that match is
  what later plays are compared with.

Only the lead's format comes from the profile (``trick_format.lead_format``, the profile's reading
of ``TrickFormat::from_cards``); its units are re-read here in upstream's card order. Everything
else is written from upstream's text, independent of the profile's card order and slots. It is
exponential on purpose (a test reference, never on the request path).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from oracle import pb
from oracle.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, full_deck
from oracle.engine.ruleset import Ruleset, SeatPlay
from oracle.profiles.rbtying import bombs
from oracle.profiles.rbtying.trick_format import lead_format
from oracle.variants import make_ruleset
from scripts.research.rbtying import reference as rbtying_reference

ALL_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""types.rs ``ALL_SUITS``: the order ``successor`` lists the off-suit level cards in."""

TRUMP = "trump"

_SUIT_ORDINAL: dict[Suit | None, tuple[Suit, ...]] = {
    Suit.CLUBS: (Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS, Suit.CLUBS),
    Suit.DIAMONDS: (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS),
    Suit.SPADES: (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES),
    Suit.HEARTS: (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
    None: (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS),
}
"""``Trump::suit_ordinal``: effective suits 1..4 in this order, trump 5."""

_SUIT_OFFSET = {Suit.SPADES: 0x1F0A0, Suit.HEARTS: 0x1F0B0, Suit.DIAMONDS: 0x1F0C0, Suit.CLUBS: 0x1F0D0}
_NUMBER_OFFSET = {Rank.ACE: 1, Rank.JACK: 0xB, Rank.QUEEN: 0xD, Rank.KING: 0xE}


def as_char(card: Card) -> int:
    """``Card::as_char``: the Unicode playing card (``compare`` breaks ties with it)."""
    if card == SMALL_JOKER:
        return 0x1F0DF
    if card == BIG_JOKER:
        return 0x1F0CF
    assert card.suit is not None
    return _SUIT_OFFSET[card.suit] + _NUMBER_OFFSET.get(card.rank, int(card.rank))


def _number_successor(rank: Rank) -> Rank | None:
    """``Number::successor``: Two .. Ace, nothing after the ace."""
    return None if rank == Rank.ACE else Rank(int(rank) + 1)


@dataclass(frozen=True)
class UpstreamTrump:
    """``Trump::Standard { suit, number }`` (``suit`` set) or ``Trump::NoTrump { number }``."""

    level: Rank
    suit: Suit | None

    def effective_suit(self, card: Card) -> Suit | str:
        if card.suit is None or card.rank == self.level or card.suit == self.suit:
            return TRUMP
        return card.suit

    def suit_ordinal(self, card: Card) -> int:
        effective = self.effective_suit(card)
        return 5 if effective == TRUMP else 1 + _SUIT_ORDINAL[self.suit].index(card.suit)  # type: ignore[arg-type]

    def compare_effective(self, a: Card, b: Card) -> int:
        if a == b:
            return 0
        by_suit = _cmp(self.suit_ordinal(a), self.suit_ordinal(b))
        if by_suit:
            return by_suit
        for joker in (BIG_JOKER, SMALL_JOKER):
            if a == joker:
                return 1
            if b == joker:
                return -1
        if a.rank == self.level and b.rank == self.level:
            if self.suit is None:
                return 0
            if a.suit == self.suit:
                return 1
            return -1 if b.suit == self.suit else 0
        if a.rank == self.level:
            return 1
        if b.rank == self.level:
            return -1
        return _cmp(int(a.rank), int(b.rank))

    def compare(self, a: Card, b: Card) -> int:
        """``Trump::compare``, the order of ``OrderedCard`` (a ``BTreeMap``'s keys)."""
        return self.compare_effective(a, b) or _cmp(as_char(a), as_char(b))

    def key(self, card: Card) -> object:
        return functools.cmp_to_key(self.compare)(card)

    def successor(self, card: Card) -> list[Card]:
        if card == BIG_JOKER:
            return []
        if card == SMALL_JOKER:
            return [BIG_JOKER]
        assert card.suit is not None
        if card.rank == self.level:
            if self.suit is None or card.suit == self.suit:
                return [SMALL_JOKER]
            return [Card(self.level, self.suit)]
        following = _number_successor(card.rank)
        if following is not None and following == self.level:
            following = _number_successor(following)
        if following is not None:
            return [Card(following, card.suit)]
        if self.effective_suit(card) == TRUMP:
            return [Card(self.level, s) for s in ALL_SUITS if s != self.suit]
        return []


def _cmp(a: int, b: int) -> int:
    return (a > b) - (a < b)


Matching = tuple[tuple[Card, int], ...]
"""``MatchingCards``: (card, count) from the lowest card of the unit up."""

Shape = tuple[int, ...]
State = frozenset[tuple[Matching, int]]
"""``FormatMatchState``: how many times each mapping is assigned (its shape is its counts)."""


def multiset_combinations(multiplicity: Sequence[int], k: int) -> Iterator[list[tuple[int, int]]]:
    """``multiset_k_combination_iter`` over indices ``0..len``: the lowest indices filled first.

    >>> [[("cba"[i], n) for i, n in c] for c in multiset_combinations([3, 4, 10], 6)][:3]
    [[('c', 3), ('b', 3)], [('c', 2), ('b', 4)], [('c', 3), ('b', 2), ('a', 1)]]
    """
    if sum(multiplicity) < k:
        return
    current = [0] * len(multiplicity)
    _fill_to_k(k, multiplicity, current)
    while True:
        yield [(i, n) for i, n in enumerate(current) if n > 0]
        i = next(j for j, n in enumerate(current) if n != 0)
        left = current[i]
        current[i] = 0
        while True:
            i += 1
            if i >= len(current):
                return
            if current[i] == multiplicity[i]:
                left += current[i]
                current[i] = 0
            else:
                left -= 1
                current[i] += 1
                break
        _fill_to_k(left, multiplicity, current)


def _fill_to_k(k: int, multiplicity: Sequence[int], state: list[int]) -> None:
    i, n = 0, k
    while True:
        m = multiplicity[i]
        if n <= m:
            state[i] = n
            return
        state[i] = m
        n -= m
        i += 1


class _Peekable:
    def __init__(self, items: Iterator[State]) -> None:
        self.items = items
        self.ahead = next(items, None)

    def next(self) -> State | None:
        out, self.ahead = self.ahead, next(self.items, None)
        return out


def find_format_matches(trump: UpstreamTrump, format_seq: Sequence[Shape], cards: Counter[Card]) -> Iterator[list[Matching]]:
    """``find_format_matches``: every distinct way to fill the shapes from ``cards``, in upstream's
    order, each as the list of mappings in the order of ``format_seq``."""
    required = Counter(format_seq)
    shapes = sorted(required)  # a BTreeMap over Vec<usize>
    descending = sorted(cards, key=trump.key, reverse=True)
    visited: set[State] = set()
    queue: deque[tuple[str, State | _Peekable]] = deque([("state", frozenset())])

    def remaining(state: State) -> list[tuple[Shape, int]]:
        filled: Counter[Shape] = Counter()
        for matching, times in state:
            filled[tuple(n for _, n in matching)] += times
        return [(s, required[s] - filled[s]) for s in shapes if filled[s] < required[s]]

    def tractors(shape: Shape, used: Counter[Card]) -> list[Matching]:
        found: list[Matching] = []
        for card in descending:
            if cards[card] < shape[0]:
                continue
            stack: list[tuple[Card, list[int], list[tuple[Card, int]]]] = [(card, list(reversed(shape)), [])]
            while stack:
                at, tuples, so_far = stack.pop()
                have = cards.get(at, 0) - used.get(at, 0)
                size = tuples.pop()
                if have < size:
                    continue
                so_far.append((at, size))
                if not tuples:
                    found.append(tuple(so_far))
                else:
                    for s in trump.successor(at):
                        stack.append((s, list(tuples), list(so_far)))
        return found

    while queue:
        kind, item = queue.popleft()
        if kind == "state":
            assert isinstance(item, frozenset)
            if item in visited:
                continue
            visited.add(item)
            used: Counter[Card] = Counter()
            for matching, times in item:
                for card, n in matching:
                    used[card] += n * times
            left = remaining(item)
            if not left:
                yield into_matching_cards(trump, item, format_seq)
                continue
            expansion: list[tuple[list[tuple[Matching, int]], int]] = []
            for shape, copies in left:
                if len(shape) > 1:
                    expansion.append(([(t, 1) for t in tractors(shape, used)], 1))
                else:
                    options = [(((c, shape[0]),), (cards[c] - used[c]) // shape[0]) for c in descending]
                    expansion.append(([o for o in options if o[1] > 0], copies))
            if all(sum(m for _, m in options) >= need for options, need in expansion):
                for options, need in expansion:
                    queue.append(("iter", _Peekable(_expanded(item, options, need))))
        else:
            assert isinstance(item, _Peekable)
            following = item.next()
            if following is not None:
                if item.ahead is not None:
                    queue.appendleft(("iter", item))
                if following not in visited:
                    queue.appendleft(("state", following))


def _expanded(state: State, options: list[tuple[Matching, int]], need: int) -> Iterator[State]:
    """The states one expansion adds: each multiset combination of its options."""
    for combo in multiset_combinations([m for _, m in options], need):
        counts = Counter(dict(state))
        counts.update(options[i][0] for i, n in combo for _ in range(n))
        yield frozenset(counts.items())


def into_matching_cards(trump: UpstreamTrump, state: State, format_seq: Sequence[Shape]) -> list[Matching]:
    """Each place takes the largest mapping left of its shape (``options.keys().next_back()``)."""
    buckets: dict[Shape, Counter[Matching]] = {}
    for matching, times in state:
        buckets.setdefault(tuple(n for _, n in matching), Counter())[matching] += times
    out: list[Matching] = []
    for shape in format_seq:
        options = buckets[shape]
        largest = max(options, key=lambda m: tuple((trump.key(c), n) for c, n in m))
        options[largest] -= 1
        if not options[largest]:
            del options[largest]
        out.append(largest)
    return out


@dataclass(frozen=True)
class Unit:
    """``TrickUnit``: ``count`` copies of each member, members from the lowest up."""

    count: int
    members: tuple[Card, ...]

    @property
    def size(self) -> int:
        return self.count * len(self.members)

    @property
    def first_card(self) -> Card:
        return self.members[0]

    @property
    def last_card(self) -> Card:
        return self.members[-1]

    @property
    def is_bomb(self) -> bool:
        return len(self.members) == 1 and self.count >= 4

    @property
    def shape(self) -> Shape:
        return (self.count,) * len(self.members)


def match_to_unit(matching: Matching) -> Unit:
    return Unit(min(n for _, n in matching), tuple(c for c, _ in matching))


def defeats(trump: UpstreamTrump, m: Sequence[Unit], winner: Sequence[Unit], policy: int) -> bool:
    """``Trick::_defeats``."""
    m_bomb = len(m) == 1 and m[0].is_bomb
    w_bomb = len(winner) == 1 and winner[0].is_bomb
    if m_bomb or w_bomb:
        if not m_bomb:
            return False
        if not w_bomb:
            return True
        if m[0].size != winner[0].size:
            return m[0].size > winner[0].size
        return trump.compare_effective(m[0].first_card, winner[0].first_card) > 0
    if policy == pb.THROW_EVALUATION_HIGHEST:
        n_max = max((u.last_card for u in m), key=trump.key)
        w_max = max((u.last_card for u in winner), key=trump.key)
        return trump.compare_effective(n_max, w_max) > 0
    if policy == pb.THROW_EVALUATION_TRICK_UNIT_LENGTH:
        skip_singles = len(m) > 1 and any(u.size > 1 for u in m)
        comparisons = [(n.size, trump.compare_effective(n.first_card, w.first_card))
                       for n, w in zip(m, winner) if not skip_singles or n.size > 1]
        comparisons.sort(key=lambda sc: (-sc[0], sc[1] == 0))
        for _, c in comparisons:
            if c:
                return c > 0
        return False
    return all(trump.compare_effective(n.first_card, w.first_card) > 0 for n, w in zip(m, winner))


def matches(trump: UpstreamTrump, lead_suit: Suit | str, units: Sequence[Unit], cards: Sequence[Card]) -> Iterator[list[Unit]] | None:
    """``TrickFormat::matches``: ``None`` where upstream answers ``NonMatchingPlay``."""
    suit = trump.effective_suit(cards[0])
    if any(trump.effective_suit(c) != suit for c in cards):
        return None
    if suit != lead_suit and suit != TRUMP:
        return None
    if len(cards) != sum(u.size for u in units):
        return None
    found = find_format_matches(trump, [u.shape for u in units], Counter(cards))
    first = next(found, None)
    if first is None:
        return None

    def all_matches() -> Iterator[list[Unit]]:
        yield [match_to_unit(m) for m in first]
        for other in found:
            yield [match_to_unit(m) for m in other]

    return all_matches()


def lead_units(rules: Ruleset, trump: UpstreamTrump, cards: Sequence[Card]) -> list[Unit]:
    """The lead's ``tf.units``: the profile's ``lead_format`` re-read in upstream's card order."""
    out = []
    for unit in lead_format(rules, cards):
        members = sorted(set(unit.cards), key=trump.key)
        assert len(members) == len(unit.members) and all(unit.cards.count(c) == unit.count for c in members)
        out.append(Unit(unit.count, tuple(members)))
    keys = [(u.size, trump.key(u.first_card)) for u in out]
    assert all(not (b < a) for a, b in itertools.pairwise(keys)), "tf.units are sorted by size, then first card"
    return out


def reference_winner(rules: Ruleset, plays: Sequence[SeatPlay]) -> int:
    """The index (in ``plays``) of the play upstream's ``Trick::compute_winner`` names."""
    trump = UpstreamTrump(rules.level, rules.trump)
    policy = rules.variant.following.throw_evaluation
    bombs_enabled = bombs.allowed(rules)
    lead = list(plays[0].cards)
    lead_suit = trump.effective_suit(lead[0])
    units = lead_units(rules, trump, lead)
    winner: tuple[int, list[Unit]] = (0, units)
    for index, play in enumerate(plays[1:], start=1):
        cards = list(play.cards)
        found = matches(trump, lead_suit, units, cards)
        if bombs_enabled and len(cards) >= 4 and all(c == cards[0] for c in cards):
            mapping: list[Unit] | None = [Unit(len(cards), (cards[0],))]
        else:
            first = None if found is None else next(matches(trump, lead_suit, units, cards) or iter(()), None)
            mapping = first
        if mapping is not None and len(mapping) == 1 and mapping[0].is_bomb:
            if defeats(trump, mapping, winner[1], policy):
                winner = (index, mapping)
        elif found is not None:
            for m in found:
                if defeats(trump, m, winner[1], policy):
                    winner = (index, m)
                    break
    return winner[0]


# --- Random tricks for the differential (scripts/research/rbtying/trick_walk.py and the tests) ---------

EVALUATIONS = (pb.THROW_EVALUATION_ALL, pb.THROW_EVALUATION_HIGHEST, pb.THROW_EVALUATION_TRICK_UNIT_LENGTH)
BOMB_POLICIES = (pb.BOMB_POLICY_NO_BOMBS, pb.BOMB_POLICY_ALLOW_BOMBS, pb.BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING)


def room(decks: int, evaluation: int, bomb_policy: int = pb.BOMB_POLICY_NO_BOMBS) -> pb.Variant:
    """The rbtying-default profile in a room of ``decks`` decks under a throw evaluation."""
    return rbtying_reference.room(decks, pb.DRAW_POLICY_UNSPECIFIED, evaluation, bomb_policy)


def _unit(rng: random.Random, trump: UpstreamTrump, left: Counter[Card], suit_cards: list[Card],
          count: int, length: int) -> list[Card] | None:
    """``count`` copies of ``length`` adjacent cards of the suit (upstream's successor) still in
    ``left``, from a random start, or ``None``."""
    starts = [c for c in suit_cards if left[c] >= count]
    rng.shuffle(starts)
    for start in starts[:6]:
        chain = [start]
        while len(chain) < length:
            nexts = [s for s in trump.successor(chain[-1]) if left[s] >= count]
            if not nexts:
                break
            chain.append(rng.choice(nexts))
        if len(chain) == length:
            cards = [c for c in chain for _ in range(count)]
            left.subtract(cards)
            return cards
    return None


def _structured(rng: random.Random, trump: UpstreamTrump, left: Counter[Card], suit_cards: list[Card],
                shapes: Sequence[tuple[int, int]], size: int) -> list[Card] | None:
    """Cards of the suit built unit by unit, then padded with random cards of the suit to ``size``."""
    taken: list[Card] = []
    for count, length in shapes:
        if len(taken) + count * length > size:
            continue
        unit = _unit(rng, trump, left, suit_cards, count, length)
        if unit is not None:
            taken += unit
    pool = [c for c in suit_cards for _ in range(left[c])]
    if len(taken) + len(pool) < size:
        left.update(taken)
        return None
    extra = rng.sample(pool, size - len(taken))
    left.subtract(extra)
    return taken + extra


def _random_shapes(rng: random.Random, decks: int, budget: int) -> list[tuple[int, int]]:
    shapes: list[tuple[int, int]] = []
    total = 0
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        count = rng.randint(2, min(decks, 4))
        shape = (count, rng.choice((2, 2, 3))) if kind < 0.45 else (count, 1) if kind < 0.85 else (1, 1)
        if total + shape[0] * shape[1] <= budget:
            shapes.append(shape)
            total += shape[0] * shape[1]
    return shapes or [(1, 1)]


def random_trick(rng: random.Random, decks: int, evaluation: int, bomb_policy: int,
                 max_lead: int = 8) -> tuple[Ruleset, list[SeatPlay]]:
    """A seeded random trick: a lead of tractors, tuples and odd cards of one effective suit
    (a throw when it has several units), and followers of the lead's size, mostly of the led
    suit built on the lead's shapes (or random ones), some trump, some of other suits or mixed,
    and bombs where the room plays them."""
    level = Rank(rng.randint(2, 14))
    suit = rng.choice((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None))
    rules = make_ruleset(room(decks, evaluation, bomb_policy), level, suit, no_trump=suit is None)
    trump = UpstreamTrump(level, suit)
    deck = [c for c in full_deck()]
    left: Counter[Card] = Counter({c: decks for c in deck})
    by_suit: dict[Suit | str, list[Card]] = {}
    for card in deck:
        by_suit.setdefault(trump.effective_suit(card), []).append(card)
    while True:
        led = TRUMP if rng.random() < 0.25 else rng.choice([s for s in by_suit if s != TRUMP])
        shapes = _random_shapes(rng, decks, max_lead)
        lead = _structured(rng, trump, left, by_suit[led], shapes, rng.randint(sum(a * b for a, b in shapes), max_lead))
        if lead:
            break
    size = len(lead)
    units = lead_format(rules, lead)
    lead_shapes = [(u.count, len(u.members)) for u in units]
    plays = [SeatPlay(0, tuple(lead))]
    for seat in range(1, rng.randint(4, 7)):
        kind = rng.random()
        target: Suit | str = led if kind < 0.7 else TRUMP if kind < 0.88 else rng.choice(list(by_suit))
        bigger = [(c + (1 if rng.random() < 0.2 and c < decks else 0), n) for c, n in lead_shapes]
        shapes = lead_shapes if rng.random() < 0.6 else bigger if rng.random() < 0.5 else _random_shapes(rng, decks, size)
        play = None
        if bombs.allowed(rules) and rng.random() < 0.12 and size >= 4:
            copies = [c for c in deck if left[c] >= size]
            if copies:
                card = rng.choice(copies)
                left[card] -= size
                play = [card] * size
        if play is None and kind < 0.95:
            play = _structured(rng, trump, left, by_suit[target], shapes, size)
        if play is None:
            pool = [c for c in deck for _ in range(left[c])]
            play = rng.sample(pool, size)
            left.subtract(play)
        plays.append(SeatPlay(seat, tuple(play)))
    return rules, plays
