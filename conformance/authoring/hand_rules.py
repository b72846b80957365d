"""Hand-reasoned cases about throws, the bottom, the levels, declarations and variants.

As in :mod:`conformance.authoring.hand_play`, most cases are patterns over
the suits (``{s}`` the suit thrown, ``{t}`` trump, ``{o}``/``{p}`` the other
suits).
"""

from __future__ import annotations

from typing import Any

from conformance.authoring import variant_files
from conformance.authoring.build import (
    bottom,
    camel_json,
    deal,
    declare,
    deprecated_form,
    get_variant,
    hand,
    throw,
)
from conformance.authoring.hand_play import (
    L1,
    L2,
    Q1,
    Q2,
    QT,
    SUITS,
    TC,
    TWO_DECKS,
    _name,
    filler,
    suit_choices,
    unique,
)

ONE_DECKS = (Q1, L1, TC)


def _throws() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        for variant in TWO_DECKS:
            lianzhong = variant == L2
            out += [
                throw(f"hand/check_throw/single-unit-not-a-throw/{variant}-{name}",
                      hand("One pair is one unit: not a throw, it can always be led."),
                      variant, "10", suits["t"], f("A{s} A{s}"), [f("K{s} K{s}")], is_throw=False,
                      succeeds=True, units=[f("pair:A{s} A{s}")], rules=["lead.one_suit", "throw.unbeatable"]),
                throw(f"hand/check_throw/tractor-not-a-throw/{variant}-{name}",
                      hand("A tractor is one unit: not a throw."),
                      variant, "10", suits["t"], f("5{s} 5{s} 4{s} 4{s}"), [f("A{s} A{s} K{s} K{s}")], is_throw=False,
                      succeeds=True, units=[f("tractor2:5{s} 5{s} 4{s} 4{s}")], rules=["lead.one_suit", "units.tractor"]),
                throw(f"hand/check_throw/top-singles-succeed/{variant}-{name}",
                      hand("A and K of the suit; the other K, held elsewhere, only equals the thrown K (and "
                           "nobody holds the other A): the throw stands."),
                      variant, "10", suits["t"], f("A{s} K{s}"), [f("K{s} Q{s}"), f("J{s}"), f("3{t}")],
                      succeeds=True, units=[f("single:A{s}"), f("single:K{s}")],
                      rules=["throw.unbeatable", "order.first_played_wins"], tags=["first-played-wins"]),
                throw(f"hand/check_throw/void-hand-trump-does-not-count/{variant}-{name}",
                      hand("A throw is judged in its suit: trump held by a hand void in the suit does not beat it."),
                      variant, "10", suits["t"], f("K{s} Q{s}"), [f("BJ 3{t}"), f("SJ 4{o}"), f("5{p}")],
                      succeeds=True, units=[f("single:K{s}"), f("single:Q{s}")], rules=["throw.unbeatable"]),
                throw(f"hand/check_throw/ace-beats-both-singles/{variant}-{name}",
                      hand("An A held elsewhere beats both thrown singles; the lower one is forced."
                           if not lianzhong else
                           "An A held elsewhere beats both thrown singles; of two beaten singles (equal in cards) "
                           "the lower is forced."),
                      variant, "10", suits["t"], f("K{s} Q{s}"), [f("3{t}"), f("A{s} 3{s}")],
                      succeeds=False, units=[f("single:K{s}"), f("single:Q{s}")],
                      blocks=[(f("K{s}"), 2), (f("Q{s}"), 2)], forced=f("Q{s}"),
                      rules=["throw.unbeatable", "throw.forced_unit", "throw.penalty"],
                      negative=["throw.unbeatable"]),
                throw(f"hand/check_throw/pair-beats-pair-only/{variant}-{name}",
                      hand("99 held beats the thrown 88 but not the A; 88 is forced; no penalty in this variant."),
                      variant, "10", suits["t"], f("A{s} 8{s} 8{s}"), [f("9{s} 9{s} 3{o}")], succeeds=False,
                      units=[f("single:A{s}"), f("pair:8{s} 8{s}")], blocks=[(f("8{s} 8{s}"), 1)],
                      forced=f("8{s} 8{s}"), penalty=0, rules=["throw.unbeatable", "throw.forced_unit", "throw.penalty"],
                      negative=["throw.unbeatable", "throw.penalty"]),
                throw(f"hand/check_throw/singles-do-not-beat-pair/{variant}-{name}",
                      hand("Higher singles held elsewhere do not beat a thrown pair; the A is unbeatable."),
                      variant, "10", suits["t"], f("A{s} 8{s} 8{s}"), [f("K{s} Q{s} J{s} 9{s}"), f("K{s} Q{s}")],
                      succeeds=True, units=[f("single:A{s}"), f("pair:8{s} 8{s}")], rules=["throw.unbeatable"]),
                throw(f"hand/check_throw/pair-does-not-beat-tractor/{variant}-{name}",
                      hand("A higher pair does not beat a thrown tractor; only a higher tractor would."),
                      variant, "10", suits["t"], f("A{s} 7{s} 7{s} 6{s} 6{s}"), [f("K{s} K{s} 9{s} 9{s}"), f("Q{s} Q{s}")],
                      succeeds=True, units=[f("single:A{s}"), f("tractor2:7{s} 7{s} 6{s} 6{s}")],
                      rules=["throw.unbeatable", "units.tractor"]),
                throw(f"hand/check_throw/bridged-tractor-beats-tractor/{variant}-{name}",
                      hand("JJ99 (a tractor playing 10) beats the thrown tractor 8877." +
                           (" The beaten unit with the most cards is forced: the tractor." if lianzhong else
                            " It is the only beaten unit and is forced.")),
                      variant, "10", suits["t"], f("A{s} 8{s} 8{s} 7{s} 7{s}"), [f("3{o}"), f("J{s} J{s} 9{s} 9{s}")],
                      succeeds=False, units=[f("single:A{s}"), f("tractor2:8{s} 8{s} 7{s} 7{s}")],
                      blocks=[(f("8{s} 8{s} 7{s} 7{s}"), 2)], forced=f("8{s} 8{s} 7{s} 7{s}"),
                      rules=["throw.unbeatable", "units.tractor_bridge", "throw.forced_unit"],
                      negative=["throw.unbeatable"], tags=["bridged-gap"]),
                throw(f"hand/check_throw/short-tractor-does-not-beat-long/{variant}-{name}",
                      hand("A tractor of two pairs, however high, does not beat a thrown tractor of three pairs."),
                      variant, "10", suits["t"], f("A{s} 7{s} 7{s} 6{s} 6{s} 5{s} 5{s}"), [f("K{s} K{s} Q{s} Q{s}")],
                      succeeds=True, units=[f("single:A{s}"), f("tractor3:7{s} 7{s} 6{s} 6{s} 5{s} 5{s}")],
                      rules=["throw.unbeatable", "units.tractor"]),
                throw(f"hand/check_throw/tractor-and-single-beaten/{variant}-{name}",
                      hand("QQJJ beats the tractor 9988 and Q beats the 3. " +
                           ("Lianzhong forces the beaten unit with the most cards: 9988 (33344 forces 333)."
                            if lianzhong else "QQ forces the lowest beaten unit: the 3.")),
                      variant, "10", suits["t"], f("9{s} 9{s} 8{s} 8{s} 3{s}"), [f("Q{s} Q{s} J{s} J{s}")],
                      succeeds=False, units=[f("tractor2:9{s} 9{s} 8{s} 8{s}"), f("single:3{s}")],
                      blocks=[(f("9{s} 9{s} 8{s} 8{s}"), 1), (f("3{s}"), 1)],
                      forced=f("9{s} 9{s} 8{s} 8{s}") if lianzhong else f("3{s}"),
                      rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.forced_unit"]),
                throw(f"hand/check_throw/two-pairs-beaten-lowest-forced/{variant}-{name}",
                      hand("KK beats both thrown pairs (JJ and 44); the lower pair, 44, is forced" +
                           (" (the two are equal in cards)." if lianzhong else ".")),
                      variant, "10", suits["t"], f("A{s} J{s} J{s} 4{s} 4{s}"), [f("3{t}"), f("K{s} K{s}")],
                      succeeds=False, units=[f("single:A{s}"), f("pair:J{s} J{s}"), f("pair:4{s} 4{s}")],
                      blocks=[(f("J{s} J{s}"), 2), (f("4{s} 4{s}"), 2)], forced=f("4{s} 4{s}"),
                      rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.forced_unit"]),
                throw(f"hand/check_throw/first-seat-in-play-order/{variant}-{name}",
                      hand("Seat 2 throws; seats 3, 0 and 1 follow in that order. Seat 0 and seat 1 can both beat "
                           "the 9: the block names seat 0, the first after the thrower."),
                      variant, "10", suits["t"], f("A{s} 9{s}"), [f("3{s}"), f("Q{s}"), f("J{s}")], seat=2,
                      succeeds=False, units=[f("single:A{s}"), f("single:9{s}")], blocks=[(f("9{s}"), 0)],
                      forced=f("9{s}"), rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"]),
                throw(f"hand/check_throw/last-seat-beats/{variant}-{name}",
                      hand("Only the last seat in play order holds a card above the 9: the throw fails all the same."),
                      variant, "10", suits["t"], f("A{s} 9{s}"), [f("3{s}"), f("4{s}"), f("J{s}")], seat=1,
                      succeeds=False, units=[f("single:A{s}"), f("single:9{s}")], blocks=[(f("9{s}"), 0)],
                      forced=f("9{s}"), rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"]),
                throw(f"hand/check_throw/equal-other-tens-throw-stands/{variant}-{name}",
                      hand("Another side suit's pair of 10s only equals the thrown pair of 副10 (equal cards do not "
                           "beat), and the other big joker only equals the thrown one: the throw stands."),
                      variant, "10", suits["t"], f("10{s} 10{s} BJ"), [f("10{o} 10{o} BJ")],
                      succeeds=True, units=[f("pair:10{s} 10{s}"), "single:BJ"],
                      rules=["throw.unbeatable", "order.first_played_wins"], tags=["first-played-wins"]),
                throw(f"hand/check_throw/other-ten-beats-trump-ace/{variant}-{name}",
                      hand("The pair of 10s of another side suit equals the thrown pair of 副10, but one of those "
                           "10s beats the thrown trump A: the A is forced."),
                      variant, "10", suits["t"], f("10{s} 10{s} A{t}"), [f("10{o} 10{o}")],
                      succeeds=False, units=[f("pair:10{s} 10{s}"), f("single:A{t}")], blocks=[(f("A{t}"), 1)],
                      forced=f("A{t}"), rules=["throw.unbeatable", "order.first_played_wins", "order.trump"],
                      negative=["throw.unbeatable"]),
            ]
        for variant in (Q1, L1):
            out += [
                throw(f"hand/check_throw/one-deck-singles/{variant}-{name}",
                      hand("One deck: a K held elsewhere beats the thrown Q; the Q is forced."),
                      variant, "10", suits["t"], f("A{s} Q{s}"), [f("K{s}"), f("3{s}")], succeeds=False,
                      units=[f("single:A{s}"), f("single:Q{s}")], blocks=[(f("Q{s}"), 1)], forced=f("Q{s}"),
                      rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"]),
                throw(f"hand/check_throw/one-deck-top-cards/{variant}-{name}",
                      hand("One deck: A K Q of a suit; no other hand can hold a higher card of it."),
                      variant, "10", suits["t"], f("A{s} K{s} Q{s}"), [f("J{s} 9{s}"), f("3{s}"), f("2{s}")],
                      succeeds=True, units=[f("single:A{s}"), f("single:K{s}"), f("single:Q{s}")],
                      rules=["throw.unbeatable"]),
            ]
    for t in SUITS:
        red_trump = t in "HD"
        pair, higher = (("KS KC", "AS AC") if red_trump else ("KH KD", "AH AD"))
        out += [
            throw(f"hand/check_throw/two-colour-pair-not-a-throw/trump-{t.lower()}",
                  hand("Two colours: the K of spades and the K of clubs are one pair, one unit: not a throw."
                       if red_trump else "Two colours: the K of hearts and the K of diamonds are one pair: not a throw."),
                  TC, "10", t, pair, [higher], is_throw=False, succeeds=True, units=[f"pair:{pair}"],
                  rules=["order.two_colours", "units.tuple"], tags=["two-colour", "pairs"]),
            throw(f"hand/check_throw/two-colour-pair-beaten/trump-{t.lower()}",
                  hand("Two colours: an A of the colour beats the thrown 3 but not the thrown pair: the 3 is forced."),
                  TC, "10", t, pair + (" 3S" if red_trump else " 3H"), ["AS 2C" if red_trump else "AH 2D"],
                  succeeds=False, units=[f"pair:{pair}", "single:3S" if red_trump else "single:3H"],
                  blocks=[("3S" if red_trump else "3H", 1)], forced="3S" if red_trump else "3H",
                  rules=["order.two_colours", "throw.unbeatable"], negative=["throw.unbeatable"], tags=["two-colour"]),
            throw(f"hand/check_throw/two-colour-higher-pair/trump-{t.lower()}",
                  hand("Two colours: AS AC (a black pair) beats the thrown KS KC and the 3; the lowest, the 3, is "
                       "forced." if red_trump else
                       "Two colours: AH AD (a red pair) beats the thrown KH KD and the 3; the lowest, the 3, is forced."),
                  TC, "10", t, pair + (" 3S" if red_trump else " 3H"), [higher],
                  succeeds=False, units=[f"pair:{pair}", "single:3S" if red_trump else "single:3H"],
                  blocks=[(pair, 1), ("3S" if red_trump else "3H", 1)], forced="3S" if red_trump else "3H",
                  rules=["order.two_colours", "throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"],
                  tags=["two-colour"]),
        ]
    return out


def _bottoms() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for suits in suit_choices():
        f = filler(suits)
        name = _name(suits)
        buried = f("K{o} 5{o} 3{p} 4{p} 6{p} 7{p} 8{p} 9{p}")
        for variant in TWO_DECKS:
            power = variant != L2
            single, pair, tractor2, tractor3 = (2, 4, 16, 64) if power else (2, 4, 8, 16)
            out += [
                bottom(f"hand/score_bottom/single/{variant}-{name}",
                       hand("Attackers win the last trick with a single: x2 (2^1, or the table's last row)."),
                       variant, "10", suits["t"], [f("A{s}"), f("3{s}"), f("4{s}"), f("5{s}")], first=1,
                       bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=15,
                       multiplier=single, to_attackers=15 * single,
                       rules=["bottom.power" if power else "bottom.shape_table"]),
                bottom(f"hand/score_bottom/pair/{variant}-{name}",
                       hand("Attackers win the last trick led with a pair: x4 (2^2, or the pair row)."),
                       variant, "10", suits["t"], [f("A{s} A{s}"), f("3{s} 4{s}"), f("6{s} 7{s}"), f("8{s} 9{s}")],
                       first=3, bankers=[0, 2], buried=buried, winner=3, attackers_won=True, bottom_points=15,
                       multiplier=pair, to_attackers=15 * pair, rules=["bottom.power" if power else "bottom.shape_table"],
                       tags=["pairs"]),
                bottom(f"hand/score_bottom/tractor-of-2/{variant}-{name}",
                       hand("A tractor of two pairs: " + ("2^4 = 16." if power else "2·2^2 = 8.")),
                       variant, "10", suits["t"], [f("A{s} A{s} K{s} K{s}"), f("3{s} 4{s} 6{s} 7{s}"),
                                                   f("6{t} 7{t} 8{t} 9{t}"), f("J{p} Q{p} A{p} J{o}")],
                       first=1, bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=15,
                       multiplier=tractor2, to_attackers=15 * tractor2,
                       rules=["bottom.power" if power else "bottom.shape_table"], tags=["tractor"]),
                bottom(f"hand/score_bottom/tractor-of-3/{variant}-{name}",
                       hand("A tractor of three pairs: " + ("2^6 = 64." if power else "2·2^3 = 16.")),
                       variant, "10", suits["t"], [f("A{s} A{s} K{s} K{s} Q{s} Q{s}"), f("3{s} 4{s} 6{s} 7{s} 8{s} 9{s}"),
                                                   f("6{t} 7{t} 8{t} 9{t} J{t} Q{t}"), f("J{p} Q{p} A{p} J{o} Q{o} A{o}")],
                       first=1, bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=15,
                       multiplier=tractor3, to_attackers=15 * tractor3,
                       rules=["bottom.power" if power else "bottom.shape_table"], tags=["tractor"]),
                bottom(f"hand/score_bottom/ruff-wins-pair-lead/{variant}-{name}",
                       hand("The banker leads a pair, an attacker ruffs with a trump pair and wins: the trick's "
                            "largest unit is a pair, x4."),
                       variant, "10", suits["t"], [f("7{s} 7{s}"), f("3{t} 3{t}"), f("8{s} 9{s}"), f("J{s} Q{s}")],
                       first=0, bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=15,
                       multiplier=4, to_attackers=60, rules=["bottom.power" if power else "bottom.shape_table",
                                                             "trick.ruff"], tags=["ruff", "pairs"]),
                bottom(f"hand/score_bottom/partner-wins-for-banker/{variant}-{name}",
                       hand("The banker's partner (seat 3, banker seat 1) wins the last trick: the attackers score "
                            "nothing from the bottom."),
                       variant, "10", suits["t"], [f("7{s} 7{s}"), f("3{t} 3{t}"), f("8{s} 9{s}"), f("5{t} 5{t}")],
                       first=0, bankers=[1, 3], buried=buried, winner=3, attackers_won=False, bottom_points=15,
                       multiplier=0, to_attackers=0, rules=["bottom.banker_wins"], negative=["bottom.banker_wins"],
                       tags=["ruff", "over-ruff"]),
            ]
            if power:
                out.append(bottom(
                    f"hand/score_bottom/tractor-of-4-capped/{variant}-{name}",
                    hand("A tractor of four pairs: 2^8 = 256, capped at 64."),
                    variant, "10", suits["t"], [f("A{s} A{s} K{s} K{s} Q{s} Q{s} J{s} J{s}"),
                                                f("3{s} 4{s} 6{s} 7{s} 8{s} 9{s} 5{s} 2{s}" if variant != QT else
                                                  "3{s} 4{s} 6{s} 7{s} 8{s} 9{s} 5{s} 3{s}"),
                                                f("6{t} 7{t} 8{t} 9{t} J{t} Q{t} K{t} A{t}"),
                                                f("J{p} Q{p} A{p} J{o} Q{o} A{o} 2{p} 2{o}" if variant != QT else
                                                  "J{p} Q{p} A{p} J{o} Q{o} A{o} 6{p} 6{o}")],
                    first=1, bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=15,
                    multiplier=64, to_attackers=960, rules=["bottom.power"], negative=["bottom.power"],
                    tags=["tractor"]))
        for variant in (Q1, L1):
            out.append(bottom(
                f"hand/score_bottom/one-deck-single/{variant}-{name}",
                hand("One deck: the attackers win the last trick with a single: x2."),
                variant, "10", suits["t"], [f("A{s}"), f("3{s}"), f("4{s}"), f("5{s}")], first=3,
                bankers=[0, 2], buried=f("K{o} 5{o} 3{p} 4{p} 6{p} 7{p}"), winner=3, attackers_won=True,
                bottom_points=15, multiplier=2, to_attackers=30,
                rules=["bottom.power" if variant == Q1 else "bottom.shape_table"]))
    for t in SUITS:
        red_trump = t in "HD"
        lead = "KS KC" if red_trump else "KH KD"
        rest = ["3S 4C", "5S 6C", "7S 8C"] if red_trump else ["3H 4D", "5H 6D", "7H 8D"]
        out.append(bottom(
            f"hand/score_bottom/two-colour-pair/trump-{t.lower()}",
            hand("Two colours: the last trick led with a pair of one colour: 2^2 = 4."),
            TC, "10", t, [lead, *rest], first=1, bankers=[0, 2], buried="5D 10C 9D JC QD 2H", winner=1,
            attackers_won=True, bottom_points=15, multiplier=4, to_attackers=60,
            rules=["bottom.power", "order.two_colours"], tags=["two-colour", "pairs"]))
    return out


def _bands(variant: str) -> list[tuple[int | None, int | None, str, int, bool, int]]:
    out = []
    for band in variant_files.resolved(variant)["level_table"]["bands"]:
        out.append((band.get("at_least"), band.get("below"), str(band["side"]), int(band.get("levels", 0)),
                    bool(band.get("attackers_take_deal", False)), int(band.get("step", 0))))
    return out


# The level tables, read from the seeds (002_ 记分规则, 004_ 胜负判定, 000_ 二): for each variant, the
# points of each band's edges and what they give. (points, side, levels, attackers take the deal)
TABLES: dict[str, list[tuple[int, str, int, bool]]] = {
    Q2: [(0, "banker", 3, False), (1, "banker", 2, False), (39, "banker", 2, False),
         (40, "banker", 1, False), (79, "banker", 1, False), (80, "neither", 0, True), (119, "neither", 0, True),
         (120, "attackers", 1, True), (159, "attackers", 1, True), (160, "attackers", 2, True),
         (199, "attackers", 2, True), (200, "attackers", 3, True), (239, "attackers", 3, True),
         (240, "attackers", 4, True), (320, "attackers", 6, True), (400, "attackers", 8, True)],
    Q1: [(0, "banker", 3, False), (1, "banker", 2, False), (19, "banker", 2, False), (20, "banker", 1, False),
         (39, "banker", 1, False), (40, "neither", 0, True), (59, "neither", 0, True), (60, "attackers", 1, True),
         (79, "attackers", 1, True), (80, "attackers", 2, True), (99, "attackers", 2, True),
         (100, "attackers", 3, True), (119, "attackers", 3, True), (120, "attackers", 4, True),
         (140, "attackers", 5, True)],
    L2: [(0, "banker", 3, False), (1, "banker", 2, False), (39, "banker", 2, False), (40, "banker", 1, False),
         (79, "banker", 1, False), (80, "attackers", 1, True), (119, "attackers", 1, True), (120, "attackers", 2, True),
         (159, "attackers", 2, True), (160, "attackers", 3, True), (199, "attackers", 3, True),
         (200, "attackers", 4, True), (280, "attackers", 6, True)],
    L1: [(0, "banker", 2, False), (1, "banker", 1, False), (39, "banker", 1, False), (40, "neither", 0, True),
         (79, "neither", 0, True), (80, "attackers", 1, True), (95, "attackers", 1, True),
         (100, "attackers", 2, True)],
}
TABLES[QT] = TABLES[Q2]
TABLES[TC] = TABLES[Q1]
LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _deals() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant, rows in TABLES.items():
        for points, side, levels, take in rows:
            for banker in range(4):
                nxt = (banker + 1) % 4 if take else (banker + 2) % 4
                out.append(deal(f"hand/score_deal/table/{variant}-{points}-banker-{banker}",
                                hand(f"Attackers with {points} points: "
                                     + ("nobody goes up" if levels == 0 else f"the {side} go up {levels}")
                                     + ("; the attackers take the deal, the seat after the banker deals."
                                        if take else "; the banker's partner deals.")),
                                variant, points, banker_seat=banker, side=side, levels=levels, take=take,
                                next_banker=nxt, rules=["levels.table", "levels.next_banker"],
                                negative=["levels.next_banker"] if not take else []))
        # The levels move, and stop at A.
        for banker_level, attacker_level in (("5", "9"), ("Q", "2"), ("K", "K"), ("2", "A")):
            for points, side, levels, take in rows:
                if points < 0:
                    continue
                moving = banker_level if side == "banker" else attacker_level
                index = LEVELS.index(moving) + (levels if side != "neither" else 0)
                passes = index > len(LEVELS) - 1
                moved = LEVELS[min(index, len(LEVELS) - 1)]
                new_banker = moved if side == "banker" else banker_level
                new_attackers = moved if side == "attackers" else attacker_level
                why = (f"{side} at {moving} go up {levels}: {moved}" + (" (past A: the game is won)" if passes else "")
                       if side != "neither" else "nobody goes up: the levels stay")
                out.append(deal(f"hand/score_deal/levels/{variant}-{points}-{banker_level}-{attacker_level}",
                                hand(why), variant, points, banker_seat=2, side=side, levels=levels, take=take,
                                next_banker=3 if take else 0, banker_level=banker_level,
                                attacker_level=attacker_level, new_banker=new_banker, new_attackers=new_attackers,
                                passes=passes, rules=["levels.table", "levels.last_level"],
                                negative=["levels.last_level"] if not passes and moved == "A" else []))
    return out


def _declarations() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant in (Q2, QT, L2):
        for s in SUITS:
            for o in SUITS:
                if o == s:
                    continue
                v = f"{variant}-{s.lower()}{o.lower()}"
                out += [
                    declare(f"hand/compare_declarations/first-declaration/{v}",
                            hand("Nobody has declared: one level card declares its suit."),
                            variant, "10", None, (0, f"10{s}"), valid=True, overrides=True, trump=s,
                            rules=["declare.cards"]),
                    declare(f"hand/compare_declarations/single-on-single/{v}",
                            hand("A single 10 after a single 10: the same rung never overrides."),
                            variant, "10", (0, f"10{s}"), (1, f"10{o}"), valid=True, overrides=False, trump=s,
                            rules=["declare.ladder"], negative=["declare.ladder"]),
                    declare(f"hand/compare_declarations/pair-on-single/{v}",
                            hand("A pair of 10s is a higher rung than one 10: it overrides (反主)."),
                            variant, "10", (0, f"10{s}"), (3, f"10{o} 10{o}"), valid=True, overrides=True, trump=o,
                            rules=["declare.ladder"]),
                    declare(f"hand/compare_declarations/pair-on-pair/{v}",
                            hand("Two pairs of 10s are on one rung: the first stands."),
                            variant, "10", (1, f"10{s} 10{s}"), (2, f"10{o} 10{o}"), valid=True, overrides=False,
                            trump=s, rules=["declare.ladder"], negative=["declare.ladder"]),
                    declare(f"hand/compare_declarations/single-on-pair/{v}",
                            hand("One 10 after a pair of 10s: a lower rung does not override."),
                            variant, "10", (1, f"10{s} 10{s}"), (2, f"10{o}"), valid=True, overrides=False,
                            trump=s, rules=["declare.ladder"], negative=["declare.ladder"]),
                    declare(f"hand/compare_declarations/two-suits-not-a-pair/{v}",
                            hand("Two 10s of two suits are not a pair: no declaration."),
                            variant, "10", (1, f"10{s}"), (2, f"10{s} 10{o}"), valid=False, overrides=False,
                            trump=s, rules=["declare.cards"], negative=["declare.cards"]),
                    declare(f"hand/compare_declarations/self-override/{v}",
                            hand("自反: the declarer overrides its own single 10 with a pair of another suit; "
                                 "this variant allows it."),
                            variant, "10", (2, f"10{s}"), (2, f"10{o} 10{o}"), valid=True, overrides=True, trump=o,
                            rules=["declare.self", "declare.ladder"]),
                ]
            v = f"{variant}-{s.lower()}"
            out += [
                declare(f"hand/compare_declarations/jokers-on-pair/{v}",
                        hand("A pair of jokers is the top rung: it overrides a pair of 10s and makes no-trump."),
                        variant, "10", (0, f"10{s} 10{s}"), (1, "SJ SJ"), valid=True, overrides=True, trump="NT",
                        rules=["declare.ladder", "declare.cards"]),
                declare(f"hand/compare_declarations/mixed-jokers-not-a-pair/{v}",
                        hand("A small and a big joker are not a pair: no declaration; the 10 stands."),
                        variant, "10", (0, f"10{s}"), (1, "SJ BJ"), valid=False, overrides=False, trump=s,
                        rules=["declare.cards"], negative=["declare.cards"]),
                declare(f"hand/compare_declarations/single-joker-nothing/{v}",
                        hand("One joker makes no declaration in this ladder."),
                        variant, "10", (0, f"10{s}"), (1, "BJ"), valid=False, overrides=False, trump=s,
                        rules=["declare.cards"], negative=["declare.cards"]),
                declare(f"hand/compare_declarations/wrong-rank/{v}",
                        hand("Only level cards declare: a 9 playing 10 declares nothing."),
                        variant, "10", None, (1, f"9{s} 9{s}"), valid=False, overrides=False, trump=None,
                        rules=["declare.cards"], negative=["declare.cards"]),
                declare(f"hand/compare_declarations/level-2/{v}",
                        hand("Playing 2, a 2 declares its suit."),
                        variant, "2", None, (3, f"2{s}"), valid=True, overrides=True, trump=s,
                        rules=["declare.cards"]),
                declare(f"hand/compare_declarations/self-no-trump/{v}",
                        hand("The declarer overrides its own pair of 10s with a pair of jokers (自反): allowed."),
                        variant, "10", (1, f"10{s} 10{s}"), (1, "BJ BJ"), valid=True, overrides=True, trump="NT",
                        rules=["declare.self", "declare.ladder"]),
                declare(f"hand/compare_declarations/self-reinforce/{v}",
                        hand("自保: the declarer of a single 10 shows the second copy, a pair of the same suit "
                             "(the card already shown is one of the two); trump stays."),
                        variant, "10", (1, f"10{s}"), (1, f"10{s} 10{s}"), valid=True, overrides=True, trump=s,
                        rules=["declare.self", "declare.ladder"]),
                declare(f"hand/compare_declarations/jokers-on-jokers/{v}",
                        hand("A pair of big jokers after a pair of small jokers: one rung, the first stands."),
                        variant, "10", (0, "SJ SJ"), (1, "BJ BJ"), valid=True, overrides=False, trump="NT",
                        rules=["declare.ladder"], negative=["declare.ladder"]),
            ]
    for variant in (Q1, L1):
        for s in SUITS:
            for o in SUITS:
                if o == s:
                    continue
                out.append(declare(f"hand/compare_declarations/one-deck-single-on-single/{variant}-{s.lower()}{o.lower()}",
                                   hand("One deck: one level card is the only rung; a second one does not override."),
                                   variant, "10", (0, f"10{s}"), (1, f"10{o}"), valid=True, overrides=False, trump=s,
                                   rules=["declare.ladder"], negative=["declare.ladder"]))
            out += [
                declare(f"hand/compare_declarations/one-deck-first/{variant}-{s.lower()}",
                        hand("One deck: the first level card shown declares."), variant, "10", None, (2, f"10{s}"),
                        valid=True, overrides=True, trump=s, rules=["declare.cards"]),
                declare(f"hand/compare_declarations/one-deck-jokers-nothing/{variant}-{s.lower()}",
                        hand("One deck: the two jokers are not a pair and one joker is no rung: nothing."),
                        variant, "10", (0, f"10{s}"), (1, "SJ BJ"), valid=False, overrides=False, trump=s,
                        rules=["declare.cards"], negative=["declare.cards"]),
            ]
    for t in SUITS:
        red = t in "HD"
        same, other = (("10H 10D", "10S 10C") if red else ("10S 10C", "10H 10D"))
        out += [
            declare(f"hand/compare_declarations/two-colour-pair-on-single/{t.lower()}",
                    hand("Two colours: two 10s of one colour are a pair, a higher rung than one 10."),
                    TC, "10", (0, f"10{t}"), (1, other), valid=True, overrides=True, trump=None,
                    rules=["declare.ladder", "order.two_colours"], compare_trump=False, tags=["two-colour"]),
            declare(f"hand/compare_declarations/two-colour-pair-on-pair/{t.lower()}",
                    hand("Two colours: a pair of one colour after a pair of the other: one rung, the first stands."),
                    TC, "10", (0, same), (1, other), valid=True, overrides=False, trump=None,
                    rules=["declare.ladder", "order.two_colours"], negative=["declare.ladder"], compare_trump=False,
                    tags=["two-colour"]),
            declare(f"hand/compare_declarations/two-colour-mixed-colours/{t.lower()}",
                    hand("Two colours: a red and a black 10 are not a pair: no declaration."),
                    TC, "10", None, (1, "10H 10S"), valid=False, overrides=False, trump=None,
                    rules=["declare.cards", "order.two_colours"], negative=["declare.cards"], tags=["two-colour"]),
            declare(f"hand/compare_declarations/two-colour-first/{t.lower()}",
                    hand("Two colours: one level card declares its suit."),
                    TC, "10", None, (1, f"10{t}"), valid=True, overrides=True, trump=t,
                    rules=["declare.cards"], tags=["two-colour"]),
        ]
    return out


def _variants() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    compared = ["id", "extends", "deal", "cardOrder", "tractors", "following", "throws", "bottom", "levelTable",
                "declarations"]
    for variant in variant_files.variant_ids():
        data = camel_json(variant_files.resolved(variant))
        expected = {k: data[k] for k in compared if k in data}
        fields = [k for k in compared if k in data]
        out.append(get_variant(f"hand/get_variant/{variant}",
                               hand(f"variants/{variant}.toml merged over the variants it extends, as variant.proto "
                                    "describes (tables key by key, arrays replaced)."),
                               variant, expected, fields))
    return out


DEPRECATED_FORM_TWINS = (
    "hand/score_deal/table/qq-two-deck-40-banker-2",
    "hand/score_deal/table/qq-two-deck-80-banker-1",
    "hand/score_deal/levels/qq-two-deck-0-K-K",
    "hand/compare_declarations/first-declaration/qq-two-deck-sh",
    "hand/compare_declarations/single-on-single/qq-two-deck-sh",
    "hand/compare_declarations/pair-on-single/qq-two-deck-sh",
    "hand/compare_declarations/jokers-on-pair/qq-two-deck-s",
)
"""Cases also asked in the deprecated form (variant and level outside the context), so that the
form the contract still answers stays tested; the same reasoning, the same expected answer."""


def _deprecated_forms(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_id = {case["id"]: case for case in cases}
    return [deprecated_form(by_id[case_id]) for case_id in DEPRECATED_FORM_TWINS]


def cases() -> list[dict[str, Any]]:
    """Every hand-reasoned case of this module."""
    out = [*_throws(), *_bottoms(), *_deals(), *_declarations(), *_variants()]
    return unique([*out, *_deprecated_forms(out)])
