"""Perft vectors for ListLegalPlays: random hands of every variant, the legal plays counted.

Small hands are answered by brute force, independently of the oracle's counting: every
sub-multiset of the hand with the lead's card count, each asked of CheckFollow (for a lead:
every one-suit sub-multiset); the case compares the total and the whole list in canonical
order. Larger hands compare the total alone, which the oracle's counting procedure gives
(``perft_cases`` says which is which in ``origin`` and the id).

>>> from oracle.cards import parse_cards as p, Rank, Suit
>>> from oracle.variants import make_ruleset
>>> rules = make_ruleset("qq-two-deck", Rank.TEN, Suit.HEARTS)
>>> sorted(format_cards(play) for play in brute_follows(rules, p("8S 8S"), p("AS AS KS 3C")))
['AS AS']
>>> len(brute_leads(rules, p("AS AS KS 3C")))   # AS, AS AS, AS KS, AS AS KS, KS; 3C
6
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format

from conformance.authoring import build, variant_files
from oracle import pb
from oracle.cards import Card, Rank, Suit, format_cards, full_deck
from oracle.convert import cards_from_pb
from oracle.dispatch.questions import check_follow, describe_play
from oracle.engine.ruleset import Ruleset
from oracle.service.contexts import check_context
from oracle.variants import get_variant, make_ruleset

Play = tuple[Card, ...]

Answerer = Callable[[pb.Question], pb.Answer]
"""How a question is answered (the service's ``dispatch``)."""

BRUTE_MAX_HAND = 10
"""Hands of at most this many cards are answered by brute force (and listed in full)."""


def submultisets(cards: Sequence[Card], size: int | None = None) -> Iterator[Play]:
    """Every sub-multiset of ``cards`` (of ``size`` cards, or of any size but none), each once."""
    held = Counter(cards)
    distinct = sorted(held, key=lambda c: c.code)

    def walk(i: int, left: int, taken: list[Card]) -> Iterator[Play]:
        if i == len(distinct):
            if left <= 0 and taken:
                yield tuple(taken)
            return
        top = held[distinct[i]] if left < 0 else min(held[distinct[i]], left)
        for k in range(top, -1, -1):
            yield from walk(i + 1, left - k if left >= 0 else -1, taken + [distinct[i]] * k)

    yield from walk(0, -1 if size is None else size, [])


def _key(play: Sequence[Card]) -> Play:
    return tuple(sorted(play, key=lambda c: c.code))


def card_of(msg: Any) -> Card:
    """A card of an answer (a ``pb.Card``)."""
    return cards_from_pb([msg])[0]


def brute_follows(rules: Ruleset, lead: Sequence[Card], hand: Sequence[Card]) -> set[Play]:
    """The legal follows by CheckFollow, asked of every play of ``len(lead)`` cards."""
    return {_key(p) for p in submultisets(hand, len(lead)) if check_follow(rules, lead, hand, p).legal}


def brute_leads(rules: Ruleset, hand: Sequence[Card]) -> set[Play]:
    """The valid leads by DescribePlay, asked of every non-empty sub-multiset: those of one
    effective suit, and where the room plays rbtying's rainbows, the rainbows."""
    return {_key(p) for p in submultisets(hand) if describe_play(rules, p).valid_lead}


@dataclass(frozen=True)
class Deal:
    """A variant compiled for a level and trump, and its whole pack (every deck)."""

    variant: str
    level: Rank
    trump: Suit | None
    rules: Ruleset
    pack: tuple[Card, ...]


def random_deal(rng: random.Random, variant: str | pb.Variant) -> Deal:
    """A level of the variant and a trump suit (or no-trump) it accepts (a catalogue id, or a
    variant message such as a room's own)."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    levels = [Rank(r) for r in v.card_order.levels]
    while True:
        level, trump = rng.choice(levels), rng.choice([*Suit, None])
        if isinstance(variant, str):
            checked = check_context(variant, level, trump, no_trump=trump is None)
            if checked.violations or checked.ruleset is None:
                continue
            rules = checked.ruleset
        else:
            rules = make_ruleset(variant, level, trump)
        pack = tuple(c for c in full_deck() for _ in range(v.deal.decks))
        return Deal(v.id, level, trump, rules, pack)


def random_hand(rng: random.Random, deal: Deal, suit: int, in_suit: int, others: int,
                taken: Sequence[Card] = ()) -> list[Card]:
    """``in_suit`` cards of ``suit`` and ``others`` of other suits, copies kept together often
    (so pairs and tractors are common), from the pack less ``taken``."""
    left = Counter(deal.pack) - Counter(taken)
    hand: list[Card] = []
    for want, same in ((in_suit, True), (others, False)):
        pool = sorted((c for c in left if (deal.rules.effective_suit(c) == suit) == same), key=lambda c: c.code)
        rng.shuffle(pool)
        got = 0
        for card in pool:
            if got >= want:
                break
            copies = min(left[card], want - got, rng.choice([1, 1, 2, 2, 3, 4]))
            hand += [card] * copies
            left[card] -= copies
            got += copies
    return hand


def random_lead(rng: random.Random, deal: Deal, size: int) -> list[Card]:
    """A lead of about ``size`` cards of one effective suit: tuples and runs are likely."""
    suit = deal.rules.effective_suit(rng.choice(deal.pack))
    in_suit = sorted({c for c in deal.pack if deal.rules.effective_suit(c) == suit}, key=deal.rules.sort_key)
    held = Counter(deal.pack)
    start = rng.randrange(len(in_suit))
    lead: list[Card] = []
    width = rng.choice([1, 2, 2, 3])
    for card in in_suit[start:] + in_suit[:start]:
        if len(lead) >= size:
            break
        lead += [card] * min(width, held[card], size - len(lead))
        if rng.random() < 0.3:
            width = rng.choice([1, 2, 3])
    return lead


def case(deal: Deal, hand: Sequence[Card], lead: Sequence[Card], case_id: str, listed: bool,
         plays: Sequence[Sequence[Card]] | None, total: int, rule_ids: Sequence[str] = (),
         room: Room | None = None) -> dict[str, Any]:
    """One case line: the question, the total (and the plays in canonical order when listed);
    with ``room``, the deal is of that room's own variant (``Context.custom_variant``)."""
    rules = deal.rules
    variant = deal.variant if room is None else room.base
    level = str(Card(deal.level, Suit.SPADES))[:-1]
    trump = None if deal.trump is None else str(Card(Rank.TWO, deal.trump))[-1]
    context = build.context(variant, level, trump)
    if room is not None:
        context["customVariant"] = room.variant
    question: dict[str, Any] = {"context": context, "hand": [build.card(str(c)) for c in rules.sorted(hand)]}
    if lead:
        question["lead"] = [build.card(str(c)) for c in rules.sorted(lead)]
    expected: dict[str, Any] = {"total": str(total)}
    compare = ["listLegalPlays.total"]
    if listed:
        question["pageSize"] = 1000
        expected["plays"] = [{"cards": [build.card(str(c)) for c in play]} for play in plays or ()]
        compare.append("listLegalPlays.plays[].cards")
    all_cards = [str(c) for c in [*hand, *lead]]
    tags = build.auto_tags("list_legal_plays", variant, all_cards, level, trump)
    if room is not None:
        tags = [t for t in tags if not t.startswith("decks-")] + ["custom-variant", *room.tags]
    units = rules.units(lead) if lead else []
    for tag, present in (("follow-suit", bool(lead)), ("pairs", any(u.tuple_size >= 2 for u in units)),
                         ("tractor", any(u.is_tractor for u in units)), ("throw", len(units) > 1 or not lead)):
        if present and tag not in tags:
            tags.append(tag)
    what = f"lead: {format_cards(rules.sorted(lead))} | " if lead else "to lead | "
    where = build.context_words(variant, level, trump) + ("" if room is None else f", room {room.variant['id']}")
    return {
        "id": case_id,
        "variant": variant,
        "question": {"listLegalPlays": question},
        "expected": {"listLegalPlays": expected},
        "compare": compare,
        "rules": list(rule_ids) or (["follow.suit"] if lead else ["lead.one_suit"]),
        "tags": tags,
        "notation": f"{where} | {what}hand: {format_cards(rules.sorted(hand))} | {total} plays",
    }


SMALL_FOLLOWS, SMALL_LEADS, COUNTED_FOLLOWS = 45, 15, 20
"""Generated cases per variant of each kind."""

ROOM_SMALL_FOLLOWS, ROOM_COUNTED_FOLLOWS = 12, 8
"""Generated follows per room of :data:`ROOMS`."""


@dataclass(frozen=True)
class Room:
    """A room's own variant on a shipped ``base`` (JSON, proto names in lowerCamelCase) and the
    tags of its cases."""

    base: str
    variant: dict[str, Any]
    tags: tuple[str, ...]


def _rbtying_room(room_id: str, draw: str = "", bombs: str = "", decks: int = 2) -> Room:
    def edit(data: dict[str, Any]) -> None:
        if draw:
            data["following"]["draw_policy"] = draw
        if bombs:
            data["comparison"]["bomb_policy"] = bombs
        bottom = 6 if decks == 3 else 8
        data["deal"].update({"decks": decks, "bottom_size": bottom, "hand_size": (54 * decks - bottom) // 4})
    tags = (f"decks-{decks}", *(("larger-tuples",) if bombs else ()))
    return Room("rbtying-default", build.room("rbtying-default", edit, room_id), tags)


ROOMS = [
    _rbtying_room("rbtying-longer-tuples-protected", draw="DRAW_POLICY_LONGER_TUPLES_PROTECTED", decks=3),
    _rbtying_room("rbtying-only-tractor-on-tractor", draw="DRAW_POLICY_ONLY_DRAW_TRACTOR_ON_TRACTOR"),
    _rbtying_room("rbtying-both-protections",
                  draw="DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR", decks=3),
    _rbtying_room("rbtying-bombs", bombs="BOMB_POLICY_ALLOW_BOMBS", decks=4),
    _rbtying_room("rbtying-bombs-following-suit", bombs="BOMB_POLICY_ALLOW_BOMBS_SUIT_FOLLOWING", decks=4),
]
"""Rooms of a profile whose options no shipped variant sets: rbtying/shengji's draw policies and
bombs (``TrickDrawPolicy``, ``BombPolicy``)."""


def _answer(answer: Answerer, item: dict[str, Any]) -> pb.ListLegalPlaysResponse | None:
    got = answer(json_format.ParseDict(item["question"], pb.Question()))
    return None if got.HasField("error") else got.list_legal_plays


def _checked(deal: Deal, hand: Sequence[Card], lead: Sequence[Card], found: pb.ListLegalPlaysResponse,
             ) -> list[list[Card]]:
    """The listed plays, after checking them against the brute force (raising if they differ)."""
    plays = [deal.rules.sorted(cards_from_pb(p.cards)) for p in found.plays]
    want = brute_follows(deal.rules, lead, hand) if lead else brute_leads(deal.rules, hand)
    if found.total != len(want) or len(plays) != found.total or {_key(p) for p in plays} != want:
        raise AssertionError(f"{deal.variant}: the legal plays differ from the brute force: "
                             f"{format_cards(hand)} / {format_cards(lead)}")
    return plays


def generated_cases(answer: Answerer, generator: str, version: str) -> list[dict[str, Any]]:
    """Random hands of every shipped variant and of the :data:`ROOMS`, answered by ``answer``
    (the engine) and frozen: the small ones listed in full once the brute force agrees, the
    larger ones counted."""
    out: list[dict[str, Any]] = []
    plan = [("follow", True)] * SMALL_FOLLOWS + [("lead", True)] * SMALL_LEADS + [("follow", False)] * COUNTED_FOLLOWS
    for variant in variant_files.variant_ids():
        out += _generated(answer, variant, None, plan, random.Random(f"perft/{variant}"))
    room_plan = [("follow", True)] * ROOM_SMALL_FOLLOWS + [("follow", False)] * ROOM_COUNTED_FOLLOWS
    for room in ROOMS:
        out += _generated(answer, room.base, room, room_plan, random.Random(f"perft/{room.variant['id']}"))
    return [{**item, "origin": "generated", "generator": generator, "oracle_version": version} for item in out]


def _generated(answer: Answerer, variant: str, room: Room | None, plan: Sequence[tuple[str, bool]],
               rng: random.Random) -> list[dict[str, Any]]:
    """The cases of one variant (or of a room's own variant, ``room``, on that base) by ``plan``."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    name = variant if room is None else f"{variant}/{room.variant['id']}"
    message = None if room is None else json_format.ParseDict(room.variant, pb.Variant())
    for index, (what, small) in enumerate(plan):
        while True:
            deal = random_deal(rng, variant if message is None else message)
            lead: list[Card] = []
            if what == "lead":
                suit = deal.rules.effective_suit(rng.choice(deal.pack))
                hand = random_hand(rng, deal, suit, rng.randint(1, 6), rng.randint(0, 3))
            else:
                lead = random_lead(rng, deal, rng.choice([1, 2, 2, 3, 4, 4, 5, 6] if small else [4, 6, 8, 10, 12]))
                if small:
                    in_suit = rng.randint(0, BRUTE_MAX_HAND - 2)
                    others = rng.randint(max(0, len(lead) - in_suit), BRUTE_MAX_HAND - in_suit)
                else:
                    in_suit, others = rng.randint(len(lead) + 2, len(lead) + 10), rng.randint(3, 8)
                hand = random_hand(rng, deal, deal.rules.effective_suit(lead[0]), in_suit, others, lead)
            signature = f"{deal.level}{deal.trump}{sorted(c.code for c in lead)}{sorted(c.code for c in hand)}"
            how = "brute" if small else "count"
            item = case(deal, hand, lead, f"gen/list_legal_plays/{name}/{what}-{how}-{index}", small, [], 0,
                        room=room)
            found = _answer(answer, item)
            if signature not in seen and found is not None:  # else the variant's hands are smaller
                seen.add(signature)
                break
        plays = _checked(deal, hand, lead, found) if small else None
        out.append(case(deal, hand, lead, item["id"], small, plays, found.total, room=room))
    return out


HAND_CASES: list[tuple[str, str, str, str | None, str | None, str, str]] = [
    ("qq-pair-held-must-be-played", "qq-two-deck", "10", "H", "8S 8S", "AS AS KS 3C",
     "A pair is led and the hand holds one pair of spades, AS AS: it must play it (follow.pairs), "
     + "so it is the only legal follow."),
    ("qq-no-pair-plays-the-suit", "qq-two-deck", "10", "H", "8S 8S", "AS KS 3C 3C",
     "A pair is led and the hand holds two spades and no spade pair: both spades are the only "
     + "legal follow (follow.suit); the club pair is not of the led suit."),
    ("qq-single-any-spade", "qq-two-deck", "10", "H", "8S", "AS KS 3C",
     "A single is led: any one spade follows, AS or KS (follow.suit)."),
    ("qq-short-suit-tops-up", "qq-two-deck", "10", "H", "8S 8S", "AS 3C 4D 4D",
     "A pair is led and the hand holds one spade: it plays AS and any one other card, 3C or 4D "
     + "(the two 4D are one card), so two legal follows (follow.suit)."),
    ("qq-tractor-across-the-level", "qq-two-deck", "10", "H", "KS KS QS QS", "AS AS JS JS 9S 9S 3S 4C",
     "A tractor of two pairs is led; playing 10, JS JS 9S 9S is a tractor (the level rank leaves "
     + "the suit and the gap is bridged): the hand can show a tractor, so it must (follow.tractor), "
     + "and it is the only tractor held."),
    ("qq-leads-of-a-small-hand", "qq-two-deck", "10", "H", None, "AS AS KS 3C",
     "Any cards of one suit lead (lead.one_suit): AS AS KS, AS AS, AS KS, AS, KS and 3C, listed "
     + "with more copies of the higher card first."),
    ("botzone-no-pair-hole", "botzone-tractor", "2", "H", "8S 8S", "AS 5S 3H 3H 4D",
     "The Botzone judge: a pair is led and the hand holds no spade pair, so its two spades follow; "
     + "a pair of another suit is accepted too, the judge checking nothing more (docs/botzone.md, "
     + "item 3)."),
    ("rbtying-each-pair-fills", "rbtying-default", "4", "S", "7S 7S", "2S 2S 3S 3S 5S 5S 9H",
     "rbtying/shengji: the lead's format is one pair and the hand can fill it, so a follow must "
     + "fill it: any one of the three spade pairs (TrickFormat::is_legal_play)."),
]
"""Reasoned cases: (name, variant, level, trump, lead or None to lead, hand, why)."""


def hand_cases() -> list[dict[str, Any]]:
    """The reasoned cases, their plays checked against the brute force before they are written."""
    from oracle.cards import parse_card, parse_cards
    from oracle.dispatch.questions import list_legal_plays

    out = []
    for name, variant, level, trump, lead_text, hand_text, why in HAND_CASES:
        suit = None if trump is None else parse_card(f"2{trump}").suit
        rank = parse_card(f"{level}S").rank
        checked = check_context(variant, rank, suit, no_trump=suit is None)
        assert checked.ruleset is not None, name
        deal = Deal(variant, rank, suit, checked.ruleset, ())
        lead, hand = parse_cards(lead_text or ""), parse_cards(hand_text)
        found = list_legal_plays(deal.rules, hand, lead, 0, 1000)
        plays = _checked(deal, hand, lead, found)
        rules = ["follow.suit"] if lead else ["lead.one_suit"]
        out.append({**case(deal, hand, lead, f"hand/list_legal_plays/{name}", True, plays, found.total, rules),
                    "origin": "hand", "why": why})
    return out
