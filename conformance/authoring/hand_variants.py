"""Hand-reasoned cases for the three- and four-deck games, Heijian, the fixed-2 game
and rooms with their own variant (``Context.custom_variant``).

Patterns over the suits as in :mod:`conformance.authoring.hand_play` (``{s}`` a side
suit, ``{o}`` another, ``{t}`` trump). The rules each pattern follows are in its
``why``; the variants' parameters are those of their files (variants/*.toml).
"""

from __future__ import annotations

from typing import Any

from conformance.authoring.build import (
    bottom,
    deal,
    declare,
    describe,
    follow,
    hand,
    room,
    throw,
    trick,
)
from conformance.authoring.hand_play import SUITS, _name, filler, suit_choices, unique

Q3 = "qq-three-deck"
L3 = "lianzhong-three-deck"
FD = "four-deck"
HJ = "heijian"
F2 = "fixed-two-no-bottom"


def _three_decks() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        for variant in (Q3, L3):
            out += [
                describe(f"hand/describe_play/triple/{variant}-{name}",
                         hand("Three identical cards are a triple (三同张)."), variant, "10", suits["t"],
                         f("9{s} 9{s} 9{s}"), suit=suits["s"], units=[f("triple:9{s} 9{s} 9{s}")], points=0,
                         rules=["units.tuple"], tags=["triples"]),
                describe(f"hand/describe_play/titanic-kkkqqq/{variant}-{name}",
                         hand("Two adjacent triples of one suit are a Titanic (泰坦尼克)."), variant, "10", suits["t"],
                         f("K{s} K{s} K{s} Q{s} Q{s} Q{s}"), suit=suits["s"],
                         units=[f("titanic2:K{s} K{s} K{s} Q{s} Q{s} Q{s}")], points=30, rules=["units.tractor"],
                         tags=["titanic"]),
                describe(f"hand/describe_play/triple-and-pair-not-titanic/{variant}-{name}",
                         hand("A triple next to a pair is not a Titanic: 333+44 (the Lianzhong reading of 33344)."),
                         variant, "10", suits["t"], f("Q{s} Q{s} Q{s} J{s} J{s}"), suit=suits["s"],
                         units=[f("triple:Q{s} Q{s} Q{s}"), f("pair:J{s} J{s}")], points=0, rules=["units.tractor"],
                         negative=["units.tractor"], tags=["triples"]),
                follow(f"hand/check_follow/triple-breaks-for-pair/{variant}-{name}",
                       hand("A pair is led; the hand's only pair is inside a triple: with three decks a triple holds a "
                            "pair, which must be played."),
                       variant, "10", suits["t"], lead=f("8{s} 8{s}"), held=f("Q{s} Q{s} Q{s} 3{s} 4{o}"),
                       play=f("Q{s} 3{s}"), legal=False, broken="follow.pairs", rules=["follow.pairs"],
                       negative=["follow.pairs"], tags=["triples"]),
                follow(f"hand/check_follow/triple-broken-for-pair/{variant}-{name}",
                       hand("A pair taken from a triple answers a led pair."),
                       variant, "10", suits["t"], lead=f("8{s} 8{s}"), held=f("Q{s} Q{s} Q{s} 3{s} 4{o}"),
                       play=f("Q{s} Q{s}"), legal=True, rules=["follow.pairs"], tags=["triples"]),
                trick(f"hand/judge_trick/higher-triple-wins/{variant}-{name}",
                      hand("To a triple lead a higher triple of the suit wins; a trump triple ruffs; a pair and a "
                           "single of trump cannot."),
                      variant, "10", suits["t"], [f("9{s} 9{s} 9{s}"), f("K{s} K{s} K{s}"), f("4{t} 4{t} 4{t}"),
                                                  f("A{t} A{t} 3{t}")],
                      winner=2, verdicts="lead+ follow+ ruff+ discard-", points=30,
                      rules=["trick.structure", "trick.ruff", "trick.points"], negative=["trick.ruff"],
                      tags=["triples"]),
            ]
        out.append(bottom(f"hand/score_bottom/triple-times-8/{Q3}-{name}",
                          hand("QQ, three decks: a triple of three cards multiplies the bottom by 2^3."),
                          Q3, "10", suits["t"], [f("9{s} 9{s} 9{s}"), f("3{s} 4{s} 5{s}"), f("6{o} 7{o} 8{o}"),
                                                 f("J{o} Q{o} K{o}")], first=1, bankers=[0, 2],
                          buried=f("K{o} 5{o} 3{o} 4{o} 6{o} 7{o}"), winner=1, attackers_won=True,
                          bottom_points=15, multiplier=8, to_attackers=120, rules=["bottom.power"],
                          tags=["triples"]))
    return out


def _four_deck() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        out += [
            describe(f"hand/describe_play/quad/{FD}-{name}", hand("Four identical cards are a quad (四条)."),
                     FD, "10", suits["t"], f("9{s} 9{s} 9{s} 9{s}"), suit=suits["s"],
                     units=[f("quad:9{s} 9{s} 9{s} 9{s}")], points=0, rules=["units.tuple"], tags=["quads"]),
            describe(f"hand/describe_play/ace-ends-a-tractor-high/{FD}-{name}",
                     hand("QQKKAA: an ace ends a tractor at the top ('a'的拖拉机只限制于做头和做尾)."),
                     FD, "10", suits["t"], f("Q{s} Q{s} K{s} K{s} A{s} A{s}"), suit=suits["s"],
                     units=[f("tractor3:A{s} A{s} K{s} K{s} Q{s} Q{s}")], points=20, rules=["units.tractor"]),
            describe(f"hand/describe_play/ace-ends-a-tractor-low/{FD}-{name}",
                     hand("An ace may also end a tractor at the bottom (aa2233); 2 being always trump here, the "
                          "lowest side card is 3: AA33 is a tractor."),
                     FD, "10", suits["t"], f("A{s} A{s} 3{s} 3{s}"), suit=suits["s"],
                     units=[f("tractor2:A{s} A{s} 3{s} 3{s}")], points=0, rules=["units.tractor"],
                     tags=["ace-either-end"]),
            describe(f"hand/describe_play/ace-not-at-both-ends/{FD}-{name}",
                     hand("An ace ends a tractor at one end, never both: with KK and 33 it makes one tractor, "
                          "and the other pair stands alone."),
                     FD, "10", suits["t"], f("K{s} K{s} A{s} A{s} 3{s} 3{s}"), suit=suits["s"],
                     units=[f("tractor2:A{s} A{s} K{s} K{s}"), f("pair:3{s} 3{s}")], points=20,
                     rules=["units.tractor"], negative=["units.tractor"], tags=["ace-either-end"]),
            trick(f"hand/judge_trick/quad-beats-tractor/{FD}-{name}",
                  hand("Of four cards, a quad (bomb) beats a tractor of two pairs whatever the ranks."),
                  FD, "10", suits["t"], [f("A{s} A{s} K{s} K{s}"), f("4{s} 4{s} 4{s} 4{s}"), f("Q{s} Q{s} J{s} J{s}")],
                  winner=1, verdicts="lead+ follow+ follow-", points=20, rules=["trick.kinds"],
                  negative=["trick.kinds"], tags=["quads", "larger-tuples"]),
            trick(f"hand/judge_trick/trump-quad-ruffs-tractor/{FD}-{name}",
                  hand("A trump quad ruffs a side tractor of two pairs (it stands in for the tractor)."),
                  FD, "10", suits["t"], [f("8{s} 8{s} 7{s} 7{s}"), f("5{t} 5{t} 5{t} 5{t}")],
                  winner=1, verdicts="lead+ ruff+", points=20, rules=["trick.kinds", "trick.ruff"],
                  tags=["quads", "larger-tuples"]),
            throw(f"hand/check_throw/penalty-one-point/{FD}-{name}",
                  hand("A failed throw costs the thrower's side 1 point; the smallest beaten shape is forced."),
                  FD, "10", suits["t"], f("K{s} 9{s} 9{s}"), [f("A{s} 3{o}")], succeeds=False,
                  units=[f("single:K{s}"), f("pair:9{s} 9{s}")], blocks=[(f("K{s}"), 1)], forced=f("K{s}"), penalty=1,
                  rules=["throw.penalty", "throw.forced_unit"], tags=["penalty"]),
            follow(f"hand/check_follow/quad-lead-quad-held/{FD}-{name}",
                   hand("A quad is led and a quad is held: it is the first rung of the ladder."),
                   FD, "10", suits["t"], lead=f("9{s} 9{s} 9{s} 9{s}"), held=f("J{s} J{s} J{s} J{s} K{s} K{s} K{s} 3{o}"),
                   play=f("K{s} K{s} K{s} J{s}"), legal=False, broken="follow.ladder", rules=["follow.ladder"],
                   negative=["follow.ladder"], tags=["quads", "follow-ladder"]),
            declare(f"hand/compare_declarations/no-self-override/{FD}-{name}",
                    hand("Four decks, 自反：不能自反: the declarer of a single 10 may not override it with a pair of "
                         "another suit, although another seat could."),
                    FD, "10", (2, f"10{suits['o']}"), (2, f"10{suits['s']} 10{suits['s']}"), valid=True,
                    overrides=False, trump=suits["o"], rules=["declare.self"], negative=["declare.self"],
                    tags=["self-declaration"]),
            declare(f"hand/compare_declarations/suit-order-pairs/{FD}-{name}",
                    hand("On the pair rung a suit later in ♦ < ♣ < ♥ < ♠ overrides an earlier one."),
                    FD, "10", (0, f"10{suits['o']} 10{suits['o']}"), (1, f"10{suits['s']} 10{suits['s']}"),
                    valid=True, overrides="DCHS".index(suits["s"]) > "DCHS".index(suits["o"]),
                    trump=suits["s"] if "DCHS".index(suits["s"]) > "DCHS".index(suits["o"]) else suits["o"],
                    rules=["declare.suit_order"],
                    negative=[] if "DCHS".index(suits["s"]) > "DCHS".index(suits["o"]) else ["declare.suit_order"],
                    tags=["declaration-suit-order"]),
        ]
    for t in SUITS:
        others = [s for s in "SHCD" if s != t]
        # The by-suit order of the level cards and the 2s: trump first, then spades, hearts, clubs, diamonds.
        low, high = others[-1], others[0]
        out.append(trick(f"hand/judge_trick/level-and-two-by-suit/{FD}-trump-{t.lower()}",
                         hand("Four decks: the level cards and the 2s rank by suit, the trump suit's first, then ♠ ♥ ♣ ♦: "
                              f"10{high} > 2{high} > 10{low} and 10{t} over them all."),
                         FD, "10", t, [f"10{low}", f"2{high}", f"10{high}", f"10{t}"], winner=3,
                         verdicts="lead+ follow+ follow+ follow+", points=30, rules=["order.trump", "order.fixed_rank_trump"],
                         negative=["order.trump"], tags=["fixed-rank-trump"]))
    return out


def _heijian() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for t in SUITS:
        partner = {"S": "C", "C": "S", "H": "D", "D": "H"}[t]
        sides = [s for s in SUITS if s not in (t,)]
        plain = next(s for s in sides if s != partner)
        out += [
            describe(f"hand/describe_play/ace-of-spades-trump/{HJ}-trump-{t.lower()}",
                     hand("Heijian: the ace of spades is the highest trump, whatever the trump suit."),
                     HJ, "2", t, "AS", suit="trump", units=["single:AS"], points=0, rules=["order.trump"],
                     tags=["special-trump"]),
            describe(f"hand/describe_play/fives-trump/{HJ}-trump-{t.lower()}",
                     hand("Heijian: the 5 of hearts and the 5 of diamonds are trump."),
                     HJ, "2", t, "5H 5D", suit="trump", units=["single:5H", "single:5D"], points=10,
                     rules=["order.trump"], tags=["special-trump"]),
            describe(f"hand/describe_play/staff-threes-trump/{HJ}-trump-{t.lower()}",
                     hand("Heijian: 参谋 (the trump suit's 3) and 副参谋 (the 3 of the other suit of its colour) are trump."),
                     HJ, "2", t, f"3{t} 3{partner}", suit="trump", units=[f"single:3{t}", f"single:3{partner}"],
                     points=0, rules=["order.trump"], tags=["special-trump"]),
            describe(f"hand/describe_play/other-three-plain/{HJ}-trump-{t.lower()}",
                     hand("Heijian: the 3 of a suit of the other colour stays in its suit."),
                     HJ, "2", t, f"3{plain} 4{plain}", suit=plain, units=[f"single:3{plain}", f"single:4{plain}"],
                     points=0, rules=["order.side_suit"], tags=["special-trump"]),
            trick(f"hand/judge_trick/order-special-cards/{HJ}-trump-{t.lower()}",
                  hand("Heijian order: 参谋 > 副参谋 > 主级牌 > 副级牌."),
                  HJ, "2", t, [f"2{plain}", f"2{t}", f"3{partner}", f"3{t}"], winner=3,
                  verdicts="lead+ follow+ follow+ follow+", points=0, rules=["order.trump"], tags=["special-trump"]),
            bottom(f"hand/score_bottom/trump-doubles/{HJ}-trump-{t.lower()}",
                   hand("Heijian: the attackers ruff the last trick with trump: the bottom's points count twice."),
                   HJ, "2", t, [f"K{plain}", f"4{t}", f"J{plain}", f"Q{plain}"], first=0, bankers=[0, 2],
                   buried=f"K{partner} 5{plain} 6{plain} 7{plain} 8{plain} 9{plain} 4{plain} 6{partner}", winner=1,
                   attackers_won=True, bottom_points=15, multiplier=2, to_attackers=30,
                   rules=["bottom.trump_doubles"], tags=["special-trump", "ruff"]),
        ]
    out += [
        declare("hand/compare_declarations/point-sum-level-cards/heijian",
                hand("Heijian bids: two level cards (1 each, 2) against a small joker (2): equal, the first stands."),
                HJ, "4", (0, "SJ"), (1, "4S 4C"), valid=True, overrides=False, trump=None,
                rules=["declare.point_sum"], negative=["declare.point_sum"]),
        declare("hand/compare_declarations/point-sum-not-a-bidding-card/heijian",
                hand("Heijian bids: a king is not a bidding card: no bid."),
                HJ, "4", (0, "SJ"), (1, "KS"), valid=False, overrides=False, trump=None,
                rules=["declare.point_sum"], negative=["declare.point_sum"]),
        declare("hand/compare_declarations/point-sum-first-bid/heijian",
                hand("Heijian bids: the first bid stands alone; it names no trump (the winner chooses later)."),
                HJ, "4", None, (2, "5D BJ"), valid=True, overrides=True, trump=None, rules=["declare.point_sum"]),
    ]
    return out


def _fixed_two() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        out += [
            trick(f"hand/judge_trick/quad-over-two-pair-tractor/{F2}-{name}",
                  hand("Four identical cards beat a tractor of two pairs (4張可以吃同樣張數的2張拖拉機)."),
                  F2, "10", suits["t"], [f("Q{s} Q{s} J{s} J{s}"), f("4{s} 4{s} 4{s} 4{s}")], winner=1,
                  verdicts="lead+ follow+", points=0, rules=["trick.kinds"], negative=["trick.kinds"],
                  tags=["quads", "larger-tuples"]),
            bottom(f"hand/score_bottom/either-side-largest-unit/{F2}-{name}",
                   hand("No bottom: the attackers win the last trick with a throw of a pair and a single; the "
                        "multiplier is the largest unit's size (the pair: 2), not the three cards led."),
                   F2, "10", suits["t"], [f("A{s} A{s} K{s}"), f("3{s} 4{s} 5{s}"), f("6{s} 7{s} 8{s}"),
                                          f("9{s} J{s} Q{s}")], first=1, bankers=[0, 2],
                   buried="", winner=1, attackers_won=True, bottom_points=0, multiplier=2, to_attackers=200,
                   digging="attackers", side_points=(100, 60), rules=["bottom.linear", "bottom.either_side"],
                   negative=["bottom.linear"], tags=["throw", "pairs"]),
            bottom(f"hand/score_bottom/either-side-single/{F2}-{name}",
                   hand("No bottom: the attackers win the last trick with a single; the banker's side pays its own "
                        "points (100) times 1."),
                   F2, "10", suits["t"], [f("A{s}"), f("3{s}"), f("4{s}"), f("5{s}")], first=3, bankers=[0, 2],
                   buried="", winner=3, attackers_won=True, bottom_points=0, multiplier=1, to_attackers=100,
                   digging="attackers", side_points=(100, 60), rules=["bottom.either_side", "bottom.linear"]),
        ]
    return out


def _rooms() -> list[dict[str, Any]]:
    """Rooms with their own variant: rules no shipped variant uses."""
    out: list[dict[str, Any]] = []

    def times(data: dict[str, Any]) -> None:
        data["bottom"].update({"rule": "BOTTOM_RULE_TIMES", "base": 3, "cap": 0, "measure": "UNIT_MEASURE_CARD_COUNT"})

    def per_card(data: dict[str, Any]) -> None:
        data["throws"].update({"penalty": "PENALTY_KIND_PER_CARD", "penalty_points": 10})

    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        variant = room("qq-two-deck", times, "room-bottom-times")
        for lead, size, others in (("A{s}", 1, ["3{s}", "4{s}", "5{s}"]), ("A{s} A{s}", 2, ["3{s} 4{s}", "5{s} 6{s}", "7{s} 8{s}"]),
                                   ("A{s} A{s} K{s} K{s}", 4, ["3{s} 4{s} 5{s} 6{s}", "7{s} 8{s} 9{s} J{s}",
                                                               "3{o} 4{o} 5{o} 6{o}"])):
            case = bottom(f"hand/score_bottom/room-times-{size}/{name}",
                          hand(f"A room's variant with BOTTOM_RULE_TIMES, base 3, the card count measured: the largest "
                               f"unit has {size} card(s), x{3 * size}."),
                          "qq-two-deck", "10", suits["t"], [f(lead), *[f(o) for o in others]], first=1,
                          bankers=[0, 2], buried=f("K{o} 5{o} 9{p} 3{p} 4{p} 6{p} 7{p} 8{p}"), winner=1,
                          attackers_won=True, bottom_points=15, multiplier=3 * size, to_attackers=45 * size,
                          rules=["bottom.times"], negative=["bottom.times"] if size == 4 else [],
                          tags=["custom-variant"])
            case["question"]["scoreBottom"]["context"]["customVariant"] = variant
            case["notation"] += " | room variant: bottom x 3 per card of the largest unit"
            out.append(case)
        variant = room("qq-two-deck", per_card, "room-penalty-per-card")
        case = throw(f"hand/check_throw/room-penalty-per-card/{name}",
                     hand("A room's variant with PENALTY_KIND_PER_CARD, 10 points: the throw A 9 9 8 fails on the 8 "
                          "(J held); the 8 is forced and the three cards taken back cost 30."),
                     "qq-two-deck", "10", suits["t"], f("A{s} 9{s} 9{s} 8{s}"), [f("J{s} 3{o}")], succeeds=False,
                     units=[f("pair:9{s} 9{s}"), f("single:A{s}"), f("single:8{s}")], blocks=[(f("8{s}"), 1)],
                     forced=f("8{s}"), penalty=30, rules=["throw.penalty"], negative=["throw.penalty"],
                     tags=["penalty", "custom-variant"])
        case["question"]["checkThrow"]["context"]["customVariant"] = variant
        case["notation"] += " | room variant: 10 points per card taken back"
        out.append(case)
    return out


def _same_shape_ruffs() -> list[dict[str, Any]]:
    """RUFF_RULE_SAME_SHAPE (the four-deck and fixed-2 games): a trump triple is not the shape of a
    pair and a single (同数量同牌型), so it does not ruff them."""
    why = ("Ruffs need the lead's shape (其他玩家还可以选择用同数量同牌型的主牌杀掉; RUFF_RULE_SAME_SHAPE: every unit "
           "of the lead matched by a unit of the same tuple size and length). A trump triple is not a pair and a "
           "single: it is a discard, and the lead's pair of kings stays best.")
    return [
        trick("hand/judge_trick/same-shape-triple-does-not-ruff/four-deck", hand(why), FD, "Q", "H",
              ["AD KD KD", "SJ 9C 3D", "KH KH KH", "7D 7D 6D"], first=3, winner=3,
              verdicts="lead+ discard- discard- follow-", points=50, rules=["trick.ruff"], negative=["trick.ruff"],
              tags=["triples"]),
        trick("hand/judge_trick/broken-tuples-show-no-tractor/four-deck",
              hand("The lead KKQQ A J holds a tractor. AAA KK Q of spades holds no tractor (a triple and a pair), "
                   "so it cannot beat the lead; 8D8D8D8D 2D2D and BJBJBJBJ SJSJ of trump are a quad and a pair, not "
                   "the lead's shape (a tractor and two singles): discards. The lead wins."),
              FD, "8", "C", ["AS KS KS QS QS JS", "AS AS AS KS KS QS", "8D 8D 8D 8D 2D 2D", "BJ BJ BJ BJ SJ SJ"],
              first=3, winner=3, verdicts="lead+ follow- discard- discard-", points=40,
              rules=["trick.structure", "trick.ruff"], negative=["trick.structure", "trick.ruff"],
              tags=["quads", "triples", "throw"]),
        trick("hand/judge_trick/same-shape-triple-does-not-ruff/fixed-two-no-bottom", hand(why), F2, "4", "C",
              ["7D 6D 6D", "AD AD AD", "10C 10C 10C", "KH KD JD"], winner=0,
              verdicts="lead+ follow- discard- discard-", points=50, rules=["trick.ruff", "trick.structure"],
              negative=["trick.ruff"], tags=["triples"]),
    ]


BZ = "botzone-tractor"
RB = "rbtying-default"


def _profiles() -> list[dict[str, Any]]:
    """The compatibility profiles, from the rules their variant files and the rule catalogue describe."""
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        out += [
            follow(f"hand/check_follow/same-type-pair/{BZ}-{name}",
                   hand("Botzone: a pair is led and the hand holds a pair of the suit: it plays a pair."),
                   BZ, "10", suits["t"], lead=f("8{s} 8{s}"), held=f("A{s} K{s} 5{s} 5{s} 3{o}"), play=f("A{s} K{s}"),
                   legal=False, broken="follow.same_type", rules=["follow.same_type"],
                   negative=["follow.same_type"], tags=["pairs"]),
            follow(f"hand/check_follow/same-type-any-pair/{BZ}-{name}",
                   hand("Botzone: any pair of the suit answers a pair."),
                   BZ, "10", suits["t"], lead=f("8{s} 8{s}"), held=f("A{s} A{s} K{s} 5{s} 5{s} 3{o}"),
                   play=f("A{s} A{s}"), legal=True, rules=["follow.same_type"], tags=["pairs"]),
            follow(f"hand/check_follow/throw-components-covered/{BZ}-{name}",
                   hand("Botzone: against a throw whose longest part is a tractor, a hand that can cover the "
                        "tractor with its cards of the suit must: 9988 and a card, not 998 and two."),
                   BZ, "10", suits["t"], lead=f("A{s} A{s} K{s} K{s} 7{s}"), held=f("9{s} 9{s} 8{s} 8{s} 6{s} 3{s} 4{o}"),
                   play=f("9{s} 9{s} 8{s} 6{s} 3{s}"), legal=False, broken="follow.throw_components",
                   rules=["follow.throw_components"], negative=["follow.throw_components"], tags=["throw", "tractor"]),
            follow(f"hand/check_follow/throw-components-played/{BZ}-{name}",
                   hand("Botzone: the tractor 9988 and one more card of the suit cover the throw."),
                   BZ, "10", suits["t"], lead=f("A{s} A{s} K{s} K{s} 7{s}"), held=f("9{s} 9{s} 8{s} 8{s} 6{s} 3{s} 4{o}"),
                   play=f("9{s} 9{s} 8{s} 8{s} 3{s}"), legal=True, rules=["follow.throw_components"],
                   tags=["throw", "tractor"]),
            trick(f"hand/judge_trick/same-type/{BZ}-{name}",
                  hand("Botzone: against a pair, only a pair of the suit or of trump counts; trump beats the suit."),
                  BZ, "10", suits["t"], [f("8{s} 8{s}"), f("A{s} K{s}"), f("9{s} 9{s}"), f("3{t} 3{t}")], winner=3,
                  verdicts="lead+ follow- follow+ ruff+", points=10, rules=["trick.same_type", "trick.points"],
                  negative=["trick.same_type"], tags=["pairs", "ruff"]),
            trick(f"hand/judge_trick/largest-component/{BZ}-{name}",
                  hand("Botzone: against a throw of a pair and a single, trump with a pair and a single ruffs, and "
                       "a later one is compared by the pair alone: 55 over 33, whatever the singles."),
                  BZ, "10", suits["t"], [f("A{s} 7{s} 7{s}"), f("3{t} 3{t} 9{t}"), f("5{t} 5{t} 4{t}"),
                                         f("2{s} 3{s} 4{s}")], winner=2,
                  verdicts="lead+ ruff+ over+ follow-", points=10, rules=["trick.largest_component", "trick.points"],
                  negative=["trick.largest_component"], tags=["throw", "ruff", "over-ruff"]),
            describe(f"hand/describe_play/only-joker-tractor/{BZ}-{name}",
                     hand("Botzone: the level cards make no tractors: 主10主10 + 副10副10 are two pairs."),
                     BZ, "10", suits["t"], f("10{t} 10{t} 10{s} 10{s}"), suit="trump",
                     units=[f("pair:10{t} 10{t}"), f("pair:10{s} 10{s}")], points=40,
                     rules=["units.trump_tractor"], negative=["units.trump_tractor"]),
            bottom(f"hand/score_bottom/times-two-per-card/{RB}-{name}",
                   hand("rbtying: the bottom counts 2 x the cards of the trick's largest unit: a pair, x4."),
                   RB, "10", suits["t"], [f("A{s} A{s}"), f("3{s} 4{s}"), f("6{s} 7{s}"), f("8{s} 9{s}")], first=1,
                   bankers=[0, 2], buried=f("K{o} 5{o} 3{p} 4{p} 6{p} 7{p} 8{p} 9{p}"), winner=1, attackers_won=True,
                   bottom_points=15, multiplier=4, to_attackers=60, rules=["bottom.times"], tags=["pairs"]),
            throw(f"hand/check_throw/first-blocker/{RB}-{name}",
                  hand("rbtying: the first seat in play order that can beat a part (seat 1, with an A over the K) "
                       "decides; of what it beats, the fewest cards: the K is forced, not the lower 99."),
                  RB, "10", suits["t"], f("K{s} 9{s} 9{s}"), [f("A{s} 3{o}"), f("J{s} J{s}")], succeeds=False,
                  units=[f("single:K{s}"), f("pair:9{s} 9{s}")], blocks=[(f("K{s}"), 1), (f("9{s} 9{s}"), 2)],
                  forced=f("K{s}"), rules=["throw.forced_unit"], negative=["throw.forced_unit"]),
        ]
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        out += [
            follow(f"hand/check_follow/decomposition-pairs/{RB}-{name}",
                   hand("rbtying: a tractor is led and none is held; the next decomposition, two pairs, can be "
                        "filled and must be."),
                   RB, "10", suits["t"], lead=f("8{s} 8{s} 7{s} 7{s}"), held=f("K{s} K{s} 5{s} 5{s} 3{s} 4{o}"),
                   play=f("K{s} K{s} 5{s} 3{s}"), legal=False, broken="follow.decomposition",
                   rules=["follow.decomposition"], negative=["follow.decomposition"], tags=["tractor"]),
            follow(f"hand/check_follow/decomposition-filled/{RB}-{name}",
                   hand("rbtying: two pairs fill the tractor lead's next decomposition."),
                   RB, "10", suits["t"], lead=f("8{s} 8{s} 7{s} 7{s}"), held=f("K{s} K{s} 5{s} 5{s} 3{s} 4{o}"),
                   play=f("K{s} K{s} 5{s} 5{s}"), legal=True, rules=["follow.decomposition"], tags=["tractor"]),
            trick(f"hand/judge_trick/format/{RB}-{name}",
                  hand("rbtying: only a play that splits into the lead's units (a pair) can win: A K cannot, 99 does."),
                  RB, "10", suits["t"], [f("8{s} 8{s}"), f("A{s} K{s}"), f("9{s} 9{s}")], winner=2,
                  verdicts="lead+ follow- follow+", points=10, rules=["trick.format"], negative=["trick.format"],
                  tags=["pairs"]),
            trick(f"hand/judge_trick/throw-evaluation-all/{RB}-{name}",
                  hand("rbtying's All evaluation: a later ruff of the throw 977 beats the best only with every unit "
                       "higher; 552 has the higher pair but a lower single than 334: it does not."),
                  RB, "10", suits["t"], [f("9{s} 7{s} 7{s}"), f("3{t} 3{t} 4{t}"), f("5{t} 5{t} 2{t}")], winner=1,
                  verdicts="lead+ ruff+ ruff-", points=10, rules=["trick.throw_evaluation"],
                  negative=["trick.throw_evaluation"], tags=["throw", "ruff"]),
            trick(f"hand/judge_trick/throw-evaluation-all-higher/{RB}-{name}",
                  hand("rbtying's All evaluation: 556 has every unit higher than 334: it over-ruffs."),
                  RB, "10", suits["t"], [f("9{s} 7{s} 7{s}"), f("3{t} 3{t} 4{t}"), f("5{t} 5{t} 6{t}")], winner=2,
                  verdicts="lead+ ruff+ over+", points=10, rules=["trick.throw_evaluation"], tags=["throw", "ruff"]),
        ]
    for banker in range(4):
        for points, side, levels, take in ((60, "banker", 1, False), (80, "neither", 0, True),
                                           (115, "neither", 0, True), (120, "attackers", 1, True),
                                           (160, "attackers", 2, True)):
            out.append(deal(f"hand/score_deal/formula-{points}/{RB}-banker-{banker}",
                            hand("rbtying's level formula with two decks: a step of 20 points per deck (40); the "
                                 "banker's side wins below two steps (80), one step of dead zone (80-119) passes the "
                                 "deal without a level, and every further step gives the attackers one level."),
                            RB, points, banker_seat=banker, side=side, levels=levels, take=take,
                            next_banker=(banker + 1) % 4 if take else (banker + 2) % 4, rules=["levels.formula"],
                            negative=["levels.formula"] if side != "attackers" else []))
    return out


def cases() -> list[dict[str, Any]]:
    """Every hand-reasoned case of this module."""
    return unique([*_three_decks(), *_four_deck(), *_heijian(), *_fixed_two(), *_rooms(), *_same_shape_ruffs(),
                   *_profiles()])
