"""Hand-reasoned cases about the play: what cards are, following, and who wins a trick.

Most cases here are *patterns*: one piece of reasoning written once with the
suits as parameters (``{s}`` a side suit, ``{o}`` and ``{p}`` the other side
suits, ``{t}`` the trump suit) and instantiated for every choice of suits and
for each variant the reasoning holds in. The reasoning does not depend on
which suit is which, so each instance is a separate check of the same rule.

Variants: ``qq-two-deck`` (Q2), ``qq-two-deck-two-trump`` (QT, every 2 is
trump, 主2 and 副2 just below 副10), ``lianzhong-two-deck`` (L2), the one-deck
ones (Q1, L1) and the two-colour game (TC, red and black the only suits).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from conformance.authoring.build import describe, follow, hand, trick

Q2 = "qq-two-deck"
QT = "qq-two-deck-two-trump"
L2 = "lianzhong-two-deck"
Q1 = "qq-one-deck"
L1 = "lianzhong-one-deck"
TC = "two-colour-one-deck"
TWO_DECKS = (Q2, QT, L2)
ONE_DECK_FOUR_SUITS = (Q1, L1)
SUITS = "SHDC"


def suit_choices() -> Iterator[dict[str, str]]:
    """Every (trump, side suit) choice with the two other suits: 12 of them."""
    for t in SUITS:
        for s in SUITS:
            if s == t:
                continue
            o, p = [x for x in SUITS if x not in (s, t)]
            yield {"t": t, "s": s, "o": o, "p": p}


def fill(text: str, suits: dict[str, str]) -> str:
    return text.format(**suits)


def filler(suits: dict[str, str]) -> Callable[[str], str]:
    """A function filling patterns with these suits.

    >>> filler({"s": "S", "t": "H"})("A{s} 3{t}")
    'AS 3H'
    """
    return lambda text: fill(text, suits)


def _name(suits: dict[str, str]) -> str:
    return f"{suits['s'].lower()}-trump-{suits['t'].lower()}"


def _describe_patterns() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    side = [
        ("tractor-kkqq", "K{s} K{s} Q{s} Q{s}", ["tractor2:K{s} K{s} Q{s} Q{s}"], 20, ["units.tractor"], [],
         "KK and QQ are adjacent pairs of one suit: a tractor."),
        ("tractor-998877", "9{s} 9{s} 8{s} 8{s} 7{s} 7{s}", ["tractor3:9{s} 9{s} 8{s} 8{s} 7{s} 7{s}"], 0,
         ["units.tractor"], [], "Three adjacent pairs: a tractor of three pairs."),
        ("tractor-jj99-bridged", "J{s} J{s} 9{s} 9{s}", ["tractor2:J{s} J{s} 9{s} 9{s}"], 0,
         ["units.tractor", "units.tractor_bridge"], [],
         "Playing 10, the 10s leave the side suit, so J and 9 are adjacent: JJ99 is a tractor."),
        ("not-tractor-qq99", "Q{s} Q{s} 9{s} 9{s}", ["pair:Q{s} Q{s}", "pair:9{s} 9{s}"], 0,
         ["units.tractor"], ["units.tractor"], "J lies between Q and 9: two pairs, not a tractor."),
        ("not-tractor-pair-and-single", "K{s} K{s} Q{s}", ["pair:K{s} K{s}", "single:Q{s}"], 20,
         ["units.tractor", "units.tuple"], ["units.tractor"], "A tractor needs two pairs: KKQ is a pair and a single."),
        ("two-singles-not-pair", "K{s} Q{s}", ["single:K{s}", "single:Q{s}"], 10, ["units.tuple"], ["units.tuple"],
         "Different cards are two singles, a throw of two units."),
        ("points-5-10-k", "K{s} 5{s} 5{s} A{s}", ["pair:5{s} 5{s}", "single:K{s}", "single:A{s}"], 20,
         ["points.cards"], ["points.cards"], "K 10, each 5 5, A nothing: 20."),
    ]
    for suits in suit_choices():
        for variant in TWO_DECKS:
            for key, shown, units, points, rules, negative, why in side:
                out.append(describe(f"hand/describe_play/{key}/{variant}-{_name(suits)}", hand(why), variant, "10",
                                    suits["t"], fill(shown, suits), suit=suits["s"],
                                    units=[fill(u, suits) for u in units], points=points, rules=rules,
                                    negative=negative,
                                    tags=["bridged-gap"] if "bridge" in key else []))
    return out


def _trump_patterns() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    common = [
        ("jokers-tractor", "BJ BJ SJ SJ", ["tractor2:BJ BJ SJ SJ"], 0, ["units.trump_tractor"], [],
         "Big and small jokers are adjacent trump: their pairs make a tractor."),
        ("small-jokers-trump-tens", "SJ SJ 10{t} 10{t}", ["tractor2:SJ SJ 10{t} 10{t}"], 20, ["units.trump_tractor"], [],
         "小王小王 + 主10主10: adjacent trump tiers."),
        ("trump-tens-other-tens", "10{t} 10{t} 10{s} 10{s}", ["tractor2:10{t} 10{t} 10{s} 10{s}"], 40,
         ["units.trump_tractor"], [], "主10主10 + 副10副10: adjacent trump tiers."),
        ("two-pairs-of-other-tens", "10{s} 10{s} 10{o} 10{o}", ["pair:10{s} 10{s}", "pair:10{o} 10{o}"], 40,
         ["units.trump_tractor", "units.tractor", "order.trump"], ["units.trump_tractor", "units.tractor"],
         "两对副10: 10s of two side suits are equal, not adjacent: two pairs."),
        ("trump-suit-tractor", "K{t} K{t} Q{t} Q{t}", ["tractor2:K{t} K{t} Q{t} Q{t}"], 20, ["units.tractor"], [],
         "Adjacent pairs of the trump suit: a trump tractor."),
        ("trump-suit-bridged", "J{t} J{t} 9{t} 9{t}", ["tractor2:J{t} J{t} 9{t} 9{t}"], 0,
         ["units.tractor", "units.tractor_bridge"], [], "主10 leaves the trump suit's run: J and 9 are adjacent."),
        ("jokers-not-a-pair", "BJ SJ", ["single:BJ", "single:SJ"], 0, ["units.tuple", "order.trump"], ["units.tuple"],
         "A big and a small joker are different cards: two trump singles."),
        ("other-ten-and-trump-card", "10{s} 3{t}", ["single:10{s}", "single:3{t}"], 10, ["order.trump", "lead.one_suit"],
         [], "副10 is trump: with a trump 3 it makes a trump lead of two singles."),
        ("side-and-trump-mixed", "A{s} 3{t}", [], 0, ["lead.one_suit", "order.trump"], ["lead.one_suit"],
         "A side card and a trump card are of two effective suits: not a lead."),
        ("side-ten-is-trump-not-side", "A{s} 10{s}", [], 10, ["lead.one_suit", "order.side_suit"],
         ["order.side_suit"], "The 10 of a side suit is trump (副10), so A and 10 of that suit are not one suit."),
    ]
    q2_only: list[tuple[str, str, list[str], int, list[str], list[str], str]] = [
        ("other-tens-trump-aces", "10{s} 10{s} A{t} A{t}", ["tractor2:10{s} 10{s} A{t} A{t}"], 20,
         ["units.trump_tractor"], [], "副10副10 + 主AA: the trump ace comes right after the level cards."),
    ]
    qt_only = [
        ("other-tens-trump-twos", "10{s} 10{s} 2{t} 2{t}", ["tractor2:10{s} 10{s} 2{t} 2{t}"], 20,
         ["units.trump_tractor", "order.fixed_rank_trump"], [],
         "2为常主: 主2 comes right after 副10, so 副10副10 + 主2主2 is a tractor."),
        ("trump-twos-other-twos", "2{t} 2{t} 2{s} 2{s}", ["tractor2:2{t} 2{t} 2{s} 2{s}"], 0,
         ["units.trump_tractor", "order.fixed_rank_trump"], [], "主2主2 + 副2副2: adjacent trump tiers."),
        ("other-twos-trump-aces", "2{s} 2{s} A{t} A{t}", ["tractor2:2{s} 2{s} A{t} A{t}"], 0,
         ["units.trump_tractor", "order.fixed_rank_trump"], [], "副2副2 + 主AA: the trump ace follows 副2."),
        ("two-pairs-of-other-twos", "2{s} 2{s} 2{o} 2{o}", ["pair:2{s} 2{s}", "pair:2{o} 2{o}"], 0,
         ["units.tractor", "order.fixed_rank_trump"], ["units.tractor"], "副2 of two suits are equal: two pairs."),
        ("other-tens-trump-aces-not-adjacent", "10{s} 10{s} A{t} A{t}", ["pair:10{s} 10{s}", "pair:A{t} A{t}"], 20,
         ["units.trump_tractor", "units.tractor", "order.fixed_rank_trump"], ["units.trump_tractor", "units.tractor"],
         "2为常主: 主2 and 副2 lie between 副10 and 主A, so 副10副10 + 主AA is not a tractor."),
        ("side-two-is-trump", "3{s} 2{s}", [], 0, ["lead.one_suit", "order.fixed_rank_trump"],
         ["order.fixed_rank_trump"], "The 2 of a side suit is trump: 3 and 2 of that suit are not one suit."),
        ("side-tractor-3-4", "4{s} 4{s} 3{s} 3{s}", ["tractor2:4{s} 4{s} 3{s} 3{s}"], 0, ["units.tractor"], [],
         "With 2 gone from the side suit 3 is its lowest card; 44 and 33 are adjacent."),
    ]
    for suits in suit_choices():
        for variant in TWO_DECKS:
            patterns = common + (qt_only if variant == QT else q2_only)
            for key, shown, units, points, rules, negative, why in patterns:
                text = fill(shown, suits)
                if "{s}" not in shown and "{o}" not in shown and suits["s"] != _first_side(suits["t"]):
                    continue  # patterns naming no side suit: once per trump suit
                suit = "mixed" if not units else "trump"
                if key in ("side-tractor-3-4",):
                    suit = suits["s"]
                tags = ["trump-tractor"] if "trump_tractor" in rules[0] else []
                if "bridge" in key:
                    tags.append("bridged-gap")
                out.append(describe(f"hand/describe_play/{key}/{variant}-{_name(suits)}", hand(why), variant, "10",
                                    suits["t"], text, suit=suit, units=[fill(u, suits) for u in units],
                                    points=points, rules=rules, negative=negative, tags=tags))
    return out


def _first_side(trump: str) -> str:
    return next(x for x in SUITS if x != trump)


def _describe_misc() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant in TWO_DECKS:
        for s in SUITS:
            o = next(x for x in SUITS if x != s)
            out += [
                describe(f"hand/describe_play/no-trump-level-pairs/{variant}-{s.lower()}{o.lower()}",
                         hand("No-trump: every 10 is an equal trump card; pairs of 10s of two suits are two pairs."),
                         variant, "10", None, f"10{s} 10{s} 10{o} 10{o}", suit="trump",
                         units=[f"pair:10{s} 10{s}", f"pair:10{o} 10{o}"], points=40,
                         rules=["order.no_trump", "units.tractor"], negative=["units.tractor"]),
                describe(f"hand/describe_play/no-trump-side-tractor/{variant}-{s.lower()}",
                         hand("No-trump: every suit is a side suit, AAKK of it a tractor of that suit."),
                         variant, "10", None, f"A{s} A{s} K{s} K{s}", suit=s,
                         units=[f"tractor2:A{s} A{s} K{s} K{s}"], points=20, rules=["order.no_trump", "units.tractor"]),
                describe(f"hand/describe_play/no-trump-ten-not-in-suit/{variant}-{s.lower()}",
                         hand("No-trump: the level cards are trump, so A and 10 of one suit are two effective suits."),
                         variant, "10", None, f"A{s} 10{s}", suit="mixed", units=[], points=10,
                         rules=["order.no_trump", "lead.one_suit"], negative=["order.no_trump", "lead.one_suit"]),
                describe(f"hand/describe_play/no-trump-jokers-tractor/{variant}-{s.lower()}",
                         hand("No-trump: the jokers are still the highest trump and their pairs adjacent."),
                         variant, "10", None, "BJ BJ SJ SJ", suit="trump", units=["tractor2:BJ BJ SJ SJ"], points=0,
                         rules=["order.no_trump", "units.trump_tractor"], tags=["trump-tractor"]),
                describe(f"hand/describe_play/level-a-other-aces-trump-kings/{variant}-{s.lower()}{o.lower()}",
                         hand("Playing A, the trump suit's highest plain card is K: 副A副A + 主KK is a trump tractor."),
                         variant, "A", s, f"A{o} A{o} K{s} K{s}" if variant != QT else f"A{o} A{o} 2{s} 2{s}",
                         suit="trump",
                         units=[f"tractor2:A{o} A{o} K{s} K{s}" if variant != QT else f"tractor2:A{o} A{o} 2{s} 2{s}"],
                         points=20 if variant != QT else 0, rules=["units.trump_tractor"], tags=["trump-tractor"]),
                describe(f"hand/describe_play/level-2-side-tractor-4433/{variant}-{s.lower()}{o.lower()}",
                         hand("Playing 2, the 2s leave the side suits: 44 and 33 are adjacent, 3 is the lowest."),
                         variant, "2", s, f"4{o} 4{o} 3{o} 3{o}", suit=o, units=[f"tractor2:4{o} 4{o} 3{o} 3{o}"],
                         points=0, rules=["units.tractor"]),
                describe(f"hand/describe_play/level-2-aa33-not-tractor/{variant}-{s.lower()}{o.lower()}",
                         hand("Playing 2, A and 3 are the two ends of the side suit; A does not wrap around."),
                         variant, "2", s, f"A{o} A{o} 3{o} 3{o}", suit=o, units=[f"pair:A{o} A{o}", f"pair:3{o} 3{o}"],
                         points=0, rules=["units.tractor"], negative=["units.tractor"]),
                describe(f"hand/describe_play/level-5-jj99-not-bridged/{variant}-{s.lower()}{o.lower()}",
                         hand("Playing 5, the 10 stays in its suit: JJ99 has a gap and is two pairs. Only the level "
                              "rank's gap is bridged."),
                         variant, "5", s, f"J{o} J{o} 9{o} 9{o}", suit=o, units=[f"pair:J{o} J{o}", f"pair:9{o} 9{o}"],
                         points=0, rules=["units.tractor", "units.tractor_bridge"],
                         negative=["units.tractor", "units.tractor_bridge"]),
                describe(f"hand/describe_play/level-7-8866-bridged/{variant}-{s.lower()}{o.lower()}",
                         hand("Playing 7, the 7s leave the side suit: 88 and 66 are adjacent."),
                         variant, "7", s, f"8{o} 8{o} 6{o} 6{o}", suit=o, units=[f"tractor2:8{o} 8{o} 6{o} 6{o}"],
                         points=0, rules=["units.tractor", "units.tractor_bridge"], tags=["bridged-gap"]),
            ]
    for variant in ONE_DECK_FOUR_SUITS:
        for t in SUITS:
            s = _first_side(t)
            out += [
                describe(f"hand/describe_play/one-deck-singles/{variant}-{s.lower()}-trump-{t.lower()}",
                         hand("One deck has one card of each: a lead of A and K of a suit is two singles, a throw."),
                         variant, "10", t, f"A{s} K{s}", suit=s, units=[f"single:A{s}", f"single:K{s}"], points=10,
                         rules=["units.tuple", "lead.one_suit"]),
                describe(f"hand/describe_play/one-deck-level-card-trump/{variant}-{s.lower()}-trump-{t.lower()}",
                         hand("The 10 of a side suit is trump."), variant, "10", t, f"10{s}", suit="trump",
                         units=[f"single:10{s}"], points=10, rules=["order.trump"]),
                describe(f"hand/describe_play/one-deck-jokers/{variant}-trump-{t.lower()}",
                         hand("The two jokers of one deck are two trump singles."), variant, "10", t, "BJ SJ",
                         suit="trump", units=["single:BJ", "single:SJ"], points=0, rules=["order.trump", "units.tuple"]),
            ]
    for t in SUITS:
        red_trump = t in "HD"
        out += [
            describe(f"hand/describe_play/two-colour-black-pair/trump-{t.lower()}",
                     hand("Two colours: the 9 of spades and the 9 of clubs are the same black 9, a pair "
                          "(of trump when a black suit is trump)."),
                     TC, "10", t, "9S 9C", suit="black" if red_trump else "trump",
                     units=["pair:9S 9C"], points=0, rules=["order.two_colours", "units.tuple"], tags=["two-colour"]),
            describe(f"hand/describe_play/two-colour-red-tractor/trump-{t.lower()}",
                     hand("Two colours: adjacent red pairs (each a heart and a diamond) make a red tractor."),
                     TC, "10", t, "QH QD JH JD", suit="trump" if red_trump else "red",
                     units=["tractor2:QH QD JH JD"], points=0, rules=["order.two_colours", "units.tractor"],
                     tags=["two-colour"]),
            describe(f"hand/describe_play/two-colour-mixed-colours/trump-{t.lower()}",
                     hand("Two colours: a black and a red 9 are of different effective suits."),
                     TC, "10", t, "9S 9H", suit="mixed", units=[], points=0,
                     rules=["order.two_colours", "lead.one_suit"], negative=["order.two_colours"], tags=["two-colour"]),
            describe(f"hand/describe_play/two-colour-level-pair/trump-{t.lower()}",
                     hand("Two colours: the two 10s of the trump's colour are one trump-level card, a pair."),
                     TC, "10", t, "10H 10D" if red_trump else "10S 10C", suit="trump",
                     units=["pair:10H 10D" if red_trump else "pair:10S 10C"], points=20,
                     rules=["order.two_colours", "units.tuple", "order.trump"], tags=["two-colour"]),
            describe(f"hand/describe_play/two-colour-other-level-pair/trump-{t.lower()}",
                     hand("Two colours: the two 10s of the other colour are one 副10, a trump pair."),
                     TC, "10", t, "10S 10C" if red_trump else "10H 10D", suit="trump",
                     units=["pair:10S 10C" if red_trump else "pair:10H 10D"], points=20,
                     rules=["order.two_colours", "units.tuple", "order.trump"], tags=["two-colour"]),
            describe(f"hand/describe_play/two-colour-trump-colour-tractor/trump-{t.lower()}",
                     hand("Two colours: 主10主10 + 副10副10 are adjacent trump tiers, a tractor."),
                     TC, "10", t, "10H 10D 10S 10C", suit="trump",
                     units=["tractor2:10H 10D 10S 10C"], points=40,
                     rules=["order.two_colours", "units.trump_tractor"], tags=["two-colour", "trump-tractor"]),
        ]
    return out


def _follow_patterns() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    pats: list[tuple[str, str, str, str, str, list[str], list[str], str]] = [
        # key, lead, hand, play, broken, rules, negative, why
        ("pair-held-single-played", "8{s} 8{s}", "A{s} 5{s} 5{s} 3{o} 4{o}", "A{s} 5{s}", "follow.pairs",
         ["follow.pairs"], ["follow.pairs"], "A pair is led and the hand holds 55 of the suit: it must be played."),
        ("pair-held-pair-played", "8{s} 8{s}", "A{s} 5{s} 5{s} 3{o} 4{o}", "5{s} 5{s}", "", ["follow.pairs"], [],
         "The pair 55 answers the led pair."),
        ("pair-led-no-pair-held", "8{s} 8{s}", "A{s} 5{s} 3{s} 3{o} 4{o}", "A{s} 3{s}", "", ["follow.pairs"], [],
         "No pair of the suit in hand: any two cards of the suit."),
        ("suit-held-other-played", "8{s} 8{s}", "A{s} 3{o} 4{o} 6{t}", "3{o} 4{o}", "follow.suit", ["follow.suit"],
         ["follow.suit"], "The hand holds one card of the led suit: it must be among the two played."),
        ("suit-held-and-trump", "8{s} 8{s}", "A{s} 3{o} 4{o} 6{t}", "A{s} 6{t}", "", ["follow.suit"], [],
         "The only card of the led suit is played; the other card is free."),
        ("void-ruff", "8{s} 8{s}", "3{o} 4{o} 6{t} 6{t}", "6{t} 6{t}", "", ["follow.suit"], [],
         "Void in the led suit: trump may be played (毙)."),
        ("void-discard", "8{s} 8{s}", "3{o} 4{o} 6{t} 6{t}", "3{o} 6{t}", "", ["follow.suit"], [],
         "Void in the led suit: any cards may be played (垫)."),
        ("tractor-held-pairs-played", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 8{s} 8{s} 5{s} 5{s} 3{s} 4{o}",
         "9{s} 9{s} 5{s} 5{s}", "follow.tractor", ["follow.tractor"], ["follow.tractor"],
         "A tractor is led and 9988 is held: it must be played."),
        ("tractor-held-tractor-played", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 8{s} 8{s} 5{s} 5{s} 3{s} 4{o}",
         "9{s} 9{s} 8{s} 8{s}", "", ["follow.tractor"], [], "The tractor 9988 answers the led tractor."),
        ("tractor-held-one-pair-played", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 8{s} 8{s} 5{s} 5{s} 3{s} 4{o}",
         "5{s} 5{s} 9{s} 3{s}", "follow.tractor", ["follow.tractor"], ["follow.tractor"],
         "The tractor held must be shown; one pair is short of it."),
        ("bridged-tractor-held", "K{s} K{s} Q{s} Q{s}", "J{s} J{s} 9{s} 9{s} 5{s} 5{s} 4{o}", "J{s} J{s} 5{s} 5{s}",
         "follow.tractor", ["follow.tractor", "units.tractor_bridge"], ["follow.tractor"],
         "Playing 10, JJ99 is a tractor (the 10 leaves the suit): it must be played."),
        ("bridged-tractor-played", "K{s} K{s} Q{s} Q{s}", "J{s} J{s} 9{s} 9{s} 5{s} 5{s} 4{o}", "J{s} J{s} 9{s} 9{s}",
         "", ["follow.tractor", "units.tractor_bridge"], [], "JJ99, a tractor playing 10, answers the tractor."),
        ("two-pairs-no-tractor", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 6{s} 6{s} 3{s} 4{o}", "9{s} 9{s} 6{s} 6{s}", "",
         ["follow.tractor", "follow.pairs"], [], "No tractor held (99 and 66 are not adjacent): two pairs answer it."),
        ("two-pairs-held-one-played", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 6{s} 6{s} 3{s} 4{o}", "9{s} 9{s} 6{s} 3{s}",
         "follow.pairs", ["follow.tractor", "follow.pairs"], ["follow.pairs"],
         "Without a tractor the follower must still show as many pairs as the lead has (two), as held."),
        ("short-suit-all-played", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 3{s} 4{o} 5{o} 6{t}", "9{s} 9{s} 3{s} 6{t}", "",
         ["follow.suit", "follow.pairs"], [], "Three cards of the suit held: all three, then any card."),
        ("short-suit-one-kept", "K{s} K{s} Q{s} Q{s}", "9{s} 9{s} 3{s} 4{o} 5{o} 6{t}", "9{s} 9{s} 4{o} 5{o}",
         "follow.suit", ["follow.suit"], ["follow.suit"], "Three cards of the suit held: keeping one back is illegal."),
        ("pair-and-single-lead", "A{s} A{s} K{s}", "Q{s} Q{s} 7{s} 5{s} 3{o}", "Q{s} 7{s} 5{s}", "follow.pairs",
         ["follow.pairs"], ["follow.pairs"], "The throw AAK holds a pair: the pair QQ held must be shown."),
        ("pair-and-single-lead-legal", "A{s} A{s} K{s}", "Q{s} Q{s} 7{s} 5{s} 3{o}", "Q{s} Q{s} 5{s}", "",
         ["follow.pairs"], [], "QQ and one more card of the suit answer AAK."),
        ("pair-lead-pair-from-tractor", "8{s} 8{s}", "K{s} K{s} Q{s} Q{s} 3{s} 4{o}", "Q{s} Q{s}", "", ["follow.pairs"],
         [], "A pair inside a held tractor is a pair: playing it answers the lead."),
    ]
    for suits in suit_choices():
        for variant in TWO_DECKS:
            for key, lead, held, play, broken, rules, negative, why in pats:
                rules_all = list(dict.fromkeys([*rules, "follow.suit"] if broken != "follow.suit" else rules))
                out.append(follow(f"hand/check_follow/{key}/{variant}-{_name(suits)}", hand(why), variant, "10",
                                  suits["t"], lead=fill(lead, suits), held=fill(held, suits), play=fill(play, suits),
                                  legal=not broken, broken=broken, rules=rules_all, negative=negative,
                                  tags=["bridged-gap"] if "bridge" in key else []))
    return out


def _follow_trump() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        for variant in TWO_DECKS:
            name = _name(suits)
            f = filler(suits)
            out += [
                follow(f"hand/check_follow/trump-pair-lead/{variant}-{name}",
                       hand("A trump pair is led and the hand holds a trump pair (33 of trump): it must be played; "
                            "副10 and a trump 3 are not a pair."),
                       variant, "10", suits["t"], lead="SJ SJ", held=f("3{t} 3{t} 10{s} 4{o}"), play=f("10{s} 3{t}"),
                       legal=False, broken="follow.pairs", rules=["follow.pairs", "order.trump"],
                       negative=["follow.pairs"]),
                follow(f"hand/check_follow/other-tens-not-a-pair/{variant}-{name}",
                       hand("10s of two side suits are equal trump cards but not a pair: holding them is holding no "
                            "trump pair, so any two trump cards answer a trump pair."),
                       variant, "10", suits["t"], lead="SJ SJ", held=f("10{s} 10{o} 4{t} 5{p}"), play=f("10{s} 4{t}"),
                       legal=True, rules=["follow.pairs", "units.tuple", "order.trump"], negative=["units.tuple"]),
                follow(f"hand/check_follow/other-ten-answers-trump-lead/{variant}-{name}",
                       hand("The 10 of a side suit is trump: to a trump lead it must be played, not a side card."),
                       variant, "10", suits["t"], lead=f("A{t}"), held=f("10{s} 3{o}"), play=f("3{o}"),
                       legal=False, broken="follow.suit", rules=["follow.suit", "order.trump"],
                       negative=["follow.suit"]),
                follow(f"hand/check_follow/side-ten-does-not-follow-side/{variant}-{name}",
                       hand("The 10 of the led side suit is trump, so the hand is void in that suit: a card of "
                            "another suit is a legal discard."),
                       variant, "10", suits["t"], lead=f("A{s}"), held=f("10{s} 3{o}"), play=f("3{o}"),
                       legal=True, rules=["follow.suit", "order.side_suit"]),
                follow(f"hand/check_follow/two-pairs-of-other-tens-no-tractor/{variant}-{name}",
                       hand("两对副10 is not a tractor: to a trump tractor two pairs are enough, 55 of trump with one "
                            "pair of 10s."),
                       variant, "10", suits["t"], lead=f("SJ SJ 10{t} 10{t}"),
                       held=f("10{s} 10{s} 10{o} 10{o} 5{t} 5{t} 3{p}"), play=f("10{s} 10{s} 5{t} 5{t}"),
                       legal=True, rules=["follow.tractor", "units.tractor"], negative=["units.tractor"]),
            ]
            if variant == QT:
                across = ("10{s} 10{s} 2{t} 2{t} 5{t} 5{t} 3{o}", "10{s} 10{s} 2{t} 2{t}",
                          "副10副10 + 主2主2 are adjacent trump tiers (2为常主): that tractor must be played.")
            else:
                across = ("10{s} 10{s} A{t} A{t} 5{t} 5{t} 3{o}", "10{s} 10{s} A{t} A{t}",
                          "副10副10 + 主AA is a tractor: to a tractor lead it must be played.")
            out += [
                follow(f"hand/check_follow/trump-tractor-across-tiers-held/{variant}-{name}", hand(across[2]),
                       variant, "10", suits["t"], lead=f("SJ SJ 10{t} 10{t}"), held=f(across[0]),
                       play=f("10{s} 10{s} 5{t} 5{t}"), legal=False, broken="follow.tractor",
                       rules=["follow.tractor", "units.trump_tractor"], negative=["follow.tractor"],
                       tags=["trump-tractor"]),
                follow(f"hand/check_follow/trump-tractor-across-tiers-played/{variant}-{name}", hand(across[2]),
                       variant, "10", suits["t"], lead=f("SJ SJ 10{t} 10{t}"), held=f(across[0]), play=f(across[1]),
                       legal=True, rules=["follow.tractor", "units.trump_tractor"], tags=["trump-tractor"]),
                follow(f"hand/check_follow/no-trump-ten-is-not-side/{variant}-{name}",
                       hand("No-trump: the 10 of the led suit is trump, so the 3 of the suit must be played."),
                       variant, "10", None, lead=f("A{s}"), held=f("10{s} 3{s} 4{o}"), play=f("10{s}"),
                       legal=False, broken="follow.suit", rules=["follow.suit", "order.no_trump"],
                       negative=["follow.suit", "order.no_trump"]),
                follow(f"hand/check_follow/no-trump-level-to-level-lead/{variant}-{name}",
                       hand("No-trump: a 10 led is trump; another suit's 10 held must answer it."),
                       variant, "10", None, lead=f("10{s}"), held=f("10{o} 3{s} 4{t}"), play=f("3{s}"),
                       legal=False, broken="follow.suit", rules=["follow.suit", "order.no_trump"],
                       negative=["follow.suit"]),
            ]
            if variant == QT:
                out += [
                    follow(f"hand/check_follow/two-is-trump/{variant}-{name}",
                           hand("2为常主: the 2 of a side suit is trump, so the hand holds no card of the led suit."),
                           variant, "10", suits["t"], lead=f("A{s}"), held=f("2{s} 3{o}"), play=f("3{o}"),
                           legal=True, rules=["follow.suit", "order.fixed_rank_trump"]),
                    follow(f"hand/check_follow/two-answers-trump-lead/{variant}-{name}",
                           hand("2为常主: the 2 of a side suit is trump and must answer a trump lead."),
                           variant, "10", suits["t"], lead=f("3{t}"), held=f("2{s} 5{o}"), play=f("5{o}"),
                           legal=False, broken="follow.suit", rules=["follow.suit", "order.fixed_rank_trump"],
                           negative=["follow.suit", "order.fixed_rank_trump"]),
                ]
    return out


def _follow_small() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant in ONE_DECK_FOUR_SUITS:
        for suits in suit_choices():
            name = _name(suits)
            f = filler(suits)
            out += [
                follow(f"hand/check_follow/one-deck-suit-held/{variant}-{name}",
                       hand("One card of the led suit is held: it must be among the two played."),
                       variant, "10", suits["t"], lead=f("A{s} K{s}"), held=f("3{s} 4{o} 5{t}"), play=f("4{o} 5{t}"),
                       legal=False, broken="follow.suit", rules=["follow.suit"], negative=["follow.suit"]),
                follow(f"hand/check_follow/one-deck-suit-played/{variant}-{name}",
                       hand("The only card of the led suit is played, with a free card."),
                       variant, "10", suits["t"], lead=f("A{s} K{s}"), held=f("3{s} 4{o} 5{t}"), play=f("3{s} 5{t}"),
                       legal=True, rules=["follow.suit"]),
                follow(f"hand/check_follow/one-deck-level-card-trump/{variant}-{name}",
                       hand("The 10 of the led suit is trump: the hand is void in the suit and may discard."),
                       variant, "10", suits["t"], lead=f("A{s}"), held=f("10{s} 3{o}"), play=f("3{o}"),
                       legal=True, rules=["follow.suit", "order.side_suit"]),
            ]
    for t in SUITS:
        red_trump = t in "HD"
        side_pair_lead, side_hand = (("KS KC", "5S 5C 9C 3H") if red_trump else ("KH KD", "9H 9D 3D 4C"))
        single_pair, legal_pair = (("5S 9C", "5S 5C") if red_trump else ("9H 3D", "9H 9D"))
        out += [
            follow(f"hand/check_follow/two-colour-pair-held/trump-{t.lower()}",
                   hand("Two colours: two cards of one rank and colour are a pair; one is held, so a pair must "
                        "answer the led pair."),
                   TC, "10", t, lead=side_pair_lead, held=side_hand, play=single_pair, legal=False,
                   broken="follow.pairs", rules=["follow.pairs", "order.two_colours"],
                   negative=["follow.pairs", "order.two_colours"], tags=["two-colour"]),
            follow(f"hand/check_follow/two-colour-pair-played/trump-{t.lower()}",
                   hand("Two colours: the pair of one colour answers the led pair."),
                   TC, "10", t, lead=side_pair_lead, held=side_hand, play=legal_pair, legal=True,
                   rules=["follow.pairs", "order.two_colours"], tags=["two-colour"]),
            follow(f"hand/check_follow/two-colour-same-colour-suit/trump-{t.lower()}",
                   hand("Two colours: spades and clubs are one suit (black); a club answers a spade lead."),
                   TC, "10", t, lead="KS" if red_trump else "KH", held="3C 4H" if red_trump else "3D 4S",
                   play="4H" if red_trump else "4S", legal=False, broken="follow.suit",
                   rules=["follow.suit", "order.two_colours"], negative=["follow.suit"], tags=["two-colour"]),
        ]
    return out


def _trick_patterns() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    pats: list[tuple[str, list[str], int, int, str, int, list[str], list[str], str]] = [
        # key, plays, first, winner, verdicts, points, rules, negative, why
        ("singles-highest-wins", ["K{s}", "A{s}", "3{s}", "Q{s}"], 0, 1, "lead+ follow+ follow- follow-", 10,
         ["order.side_suit", "trick.points"], [], "A is the highest card of the suit."),
        ("equal-singles-first-wins", ["Q{s}", "Q{s}", "3{s}", "4{s}"], 0, 0, "lead+ follow- follow- follow-", 0,
         ["order.first_played_wins"], ["order.first_played_wins"], "Two identical queens: the first played wins."),
        ("ruff-then-over-ruff", ["A{s}", "3{t}", "5{t}", "K{s}"], 0, 2, "lead+ ruff+ over+ follow-", 15,
         ["trick.ruff", "trick.over_ruff", "trick.points"], ["trick.points"],
         "Trump ruffs the side lead; a higher trump over-ruffs it and wins the K and the 5."),
        ("follow-cannot-beat-ruff", ["K{s}", "3{t}", "A{s}", "4{s}"], 0, 1, "lead+ ruff+ follow- follow-", 10,
         ["trick.ruff"], [], "Once trump has ruffed, even the ace of the led suit cannot win."),
        ("equal-ruffs-first-wins", ["A{s}", "3{t}", "3{t}", "4{s}"], 0, 1, "lead+ ruff+ ruff- follow-", 0,
         ["trick.over_ruff", "order.first_played_wins"], ["order.first_played_wins"],
         "Two identical trump 3s ruff: the first played stays the best."),
        ("discard-cannot-win", ["3{s}", "A{o}", "5{s}", "4{s}"], 0, 2, "lead+ discard- follow+ follow-", 5,
         ["trick.discard"], ["trick.discard"], "An ace of another side suit is a discard; it cannot win."),
        ("pair-lead-singles-cannot-win", ["5{s} 5{s}", "A{s} K{s}", "6{s} 6{s}", "3{t} 4{t}"], 0, 2,
         "lead+ follow- follow+ discard-", 20, ["trick.structure", "trick.ruff"], ["trick.structure", "trick.ruff"],
         "To a pair lead, singles of the suit and trump without a pair cannot win; 66 beats 55."),
        ("tractor-over-ruff-bridged", ["5{s} 5{s} 4{s} 4{s}", "A{s} A{s} K{s} K{s}", "8{t} 8{t} 7{t} 7{t}",
                                       "J{t} J{t} 9{t} 9{t}"], 0, 3, "lead+ follow+ ruff+ over+", 30,
         ["trick.over_ruff", "units.tractor_bridge", "trick.ruff"], [],
         "AAKK beats 5544; the trump tractor 8877 ruffs; JJ99 (a tractor playing 10) over-ruffs it."),
        ("tractor-lead-two-pairs-cannot-win", ["5{s} 5{s} 4{s} 4{s}", "A{s} A{s} Q{s} Q{s}", "3{s} 3{s} 6{s} 6{s}",
                                               "7{o} 8{o} 9{o} J{o}"], 0, 0, "lead+ follow- follow- discard-", 10,
         ["trick.structure"], ["trick.structure"],
         "AAQQ and 6633 are not tractors: without the lead's tractor no follow can win."),
        ("jokers-ruff-pair", ["A{s} A{s}", "SJ SJ", "BJ BJ", "3{s} 4{s}"], 0, 2, "lead+ ruff+ over+ follow-", 0,
         ["trick.ruff", "trick.over_ruff", "order.trump"], [],
         "A pair of small jokers ruffs the pair of aces, a pair of big jokers over-ruffs."),
        ("other-tens-equal", ["10{s}", "10{o}", "3{t}", "4{t}"], 0, 0, "lead+ follow- follow- follow-", 20,
         ["order.first_played_wins", "order.trump"], ["order.first_played_wins"],
         "The 10s of two side suits are equal trump: the first played wins; trump 3 and 4 are lower."),
        ("trump-ten-over-other-ten", ["10{s}", "10{t}", "10{o}", "A{t}"], 0, 1, "lead+ follow+ follow- follow-", 30,
         ["order.trump"], ["order.trump"], "主10 beats 副10; another 副10 and the trump ace are lower."),
        ("trump-lead-side-discard", ["3{t}", "A{s}", "4{t}", "5{t}"], 0, 3, "lead+ discard- follow+ follow+", 5,
         ["trick.discard", "order.trump"], ["trick.discard"], "To a trump lead a side ace is a discard."),
        ("lead-from-seat-2", ["9{s}", "K{s}", "3{t}", "A{s}"], 2, 0, "lead+ follow+ ruff+ follow-", 10,
         ["trick.ruff"], [], "Seat 2 leads, seat 3 plays K, seat 0 ruffs and wins, seat 1's ace cannot."),
        ("ruff-of-throw-needs-pairs", ["A{s} K{s} 7{s} 7{s}", "9{t} 9{t} 4{t} 3{t}", "5{t} 5{t} Q{t} J{t}",
                                       "3{o} 4{o} 5{o} 6{o}"], 0, 1, "lead+ ruff+ ruff- discard-", 25,
         ["trick.ruff", "trick.over_ruff"], ["trick.over_ruff"],
         "The throw AK77 holds a pair: ruffs compare by their pairs, 99 over 55."),
        ("ruff-of-throw-without-pair", ["A{s} K{s} 7{s} 7{s}", "Q{t} J{t} 9{t} 3{t}", "4{s} 6{s} 8{s} 9{s}",
                                        "3{o} 4{o} 5{o} 6{o}"], 0, 0, "lead+ discard- follow- discard-", 15,
         ["trick.ruff"], ["trick.ruff"], "Trump without a pair cannot ruff a throw that holds a pair."),
        ("ruff-two-pairs-with-tractor", ["A{s} A{s} 7{s} 7{s}", "5{t} 5{t} 4{t} 4{t}", "9{t} 9{t} 3{t} 3{t}",
                                         "K{s} Q{s} J{s} 9{s}"], 0, 2, "lead+ ruff+ over+ follow-", 20,
         ["trick.ruff", "trick.over_ruff"], [],
         "The lead's two pairs are matched by a tractor's pairs; the next ruff's highest pair 99 beats 55."),
    ]
    for suits in suit_choices():
        for variant in TWO_DECKS:
            for key, plays, first, winner, verdicts, points, rules, negative, why in pats:
                out.append(trick(f"hand/judge_trick/{key}/{variant}-{_name(suits)}", hand(why), variant, "10",
                                 suits["t"], [fill(p, suits) for p in plays], first=first, winner=winner,
                                 verdicts=verdicts, points=points, rules=[*rules, "trick.points"]
                                 if "trick.points" not in rules else rules, negative=negative,
                                 tags=["first-played-wins"] if "first_played" in " ".join(rules) else
                                 (["bridged-gap", "tractor"] if "bridge" in key else [])))
    for variant in TWO_DECKS:
        for suits in suit_choices():
            f = filler(suits)
            name = _name(suits)
            out.append(trick(f"hand/judge_trick/no-trump-level-card-ruffs/{variant}-{name}",
                             hand("No-trump: a 10 is trump and ruffs a side lead; a joker over-ruffs."),
                             variant, "10", None, [f("A{s}"), f("10{o}"), "SJ", f("K{s}")], winner=2,
                             verdicts="lead+ ruff+ over+ follow-", points=20,
                             rules=["order.no_trump", "trick.ruff", "trick.over_ruff", "trick.points"]))
            if variant == QT:
                out += [
                    trick(f"hand/judge_trick/two-trump-twos/{variant}-{name}",
                          hand("2为常主: a side 2 ruffs; 主2 over-ruffs 副2."),
                          variant, "10", suits["t"], [f("A{s}"), f("2{o}"), f("2{t}"), f("K{s}")], winner=2,
                          verdicts="lead+ ruff+ over+ follow-", points=10,
                          rules=["order.fixed_rank_trump", "trick.ruff", "trick.over_ruff", "trick.points"]),
                    trick(f"hand/judge_trick/two-trump-other-twos-equal/{variant}-{name}",
                          hand("2为常主: 副2 of two suits are equal; the first played wins over the trump ace."),
                          variant, "10", suits["t"], [f("2{s}"), f("2{o}"), f("A{t}"), f("K{t}")], winner=0,
                          verdicts="lead+ follow- follow- follow-", points=10,
                          rules=["order.fixed_rank_trump", "order.first_played_wins", "trick.points"],
                          negative=["order.fixed_rank_trump"], tags=["first-played-wins"]),
                ]
    for variant in ONE_DECK_FOUR_SUITS:
        for suits in suit_choices():
            f = filler(suits)
            name = _name(suits)
            out += [
                trick(f"hand/judge_trick/one-deck-ruff/{variant}-{name}",
                      hand("One deck: trump ruffs a side lead; the level card of a side suit is trump too."),
                      variant, "10", suits["t"], [f("A{s}"), f("3{t}"), f("10{o}"), f("K{s}")], winner=2,
                      verdicts="lead+ ruff+ over+ follow-", points=20,
                      rules=["trick.ruff", "trick.over_ruff", "order.trump", "trick.points"]),
                trick(f"hand/judge_trick/one-deck-singles/{variant}-{name}",
                      hand("One deck, singles: the highest card of the led suit wins; another suit is a discard."),
                      variant, "10", suits["t"], [f("9{s}"), f("J{s}"), f("A{o}"), f("5{s}")], winner=1,
                      verdicts="lead+ follow+ discard- follow-", points=5,
                      rules=["trick.discard", "order.side_suit", "trick.points"]),
            ]
    for t in SUITS:
        red_trump = t in "HD"
        side = ("KS", "AC", "3C", "QS") if red_trump else ("KH", "AD", "3D", "QH")
        trump_card = "3H" if red_trump else "3S"
        out += [
            trick(f"hand/judge_trick/two-colour-same-colour-follows/trump-{t.lower()}",
                  hand("Two colours: a club follows a spade lead (both black) and the ace wins."),
                  TC, "10", t, [side[0], side[1], side[2], side[3]], winner=1,
                  verdicts="lead+ follow+ follow- follow-", points=10,
                  rules=["order.two_colours", "trick.points"], tags=["two-colour"]),
            trick(f"hand/judge_trick/two-colour-ruff/trump-{t.lower()}",
                  hand("Two colours: a card of the trump colour ruffs a lead of the other colour."),
                  TC, "10", t, [side[0], trump_card, side[1], side[3]], winner=1,
                  verdicts="lead+ ruff+ follow- follow-", points=10,
                  rules=["order.two_colours", "trick.ruff", "trick.points"], tags=["two-colour"]),
            trick(f"hand/judge_trick/two-colour-pair/trump-{t.lower()}",
                  hand("Two colours: KS KC is a black pair; AS AC, a higher black pair, beats it."
                       if red_trump else "Two colours: KH KD is a red pair; AH AD, a higher red pair, beats it."),
                  TC, "10", t, ["KS KC", "AS AC", "3S 4C", "5S 6C"] if red_trump else ["KH KD", "AH AD", "3H 4D", "5H 6D"],
                  winner=1, verdicts="lead+ follow+ follow- follow-", points=25,
                  rules=["order.two_colours", "units.tuple", "trick.structure", "trick.points"], tags=["two-colour", "pairs"]),
        ]
    return out


def unique(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases without repeats: a pattern that ignores a suit parameter yields one case per question."""
    seen: set[str] = set()
    out = []
    for case in cases:
        key = json.dumps([case["question"], case["expected"]], sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(case)
    return out


def cases() -> list[dict[str, Any]]:
    """Every hand-reasoned case of this module."""
    return unique([*_describe_patterns(), *_trump_patterns(), *_describe_misc(), *_follow_patterns(),
                   *_follow_trump(), *_follow_small(), *_trick_patterns()])
