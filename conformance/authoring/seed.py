"""The worked examples of the seeds (docs/seeds/), as cases of origin ``seed``.

Each case quotes the seed's exact words; its expected answer is read from
those words (the ``why`` says how when the words leave a step implicit, for
example which suit the example is in). The seeds' examples are given "以打 10
为例" (playing 10); the suit is free, so hearts are trump and spades the side
suit unless a case says otherwise.

The examples of three and four decks, Heijian and the fixed-2 game are in
:mod:`conformance.authoring.seed_decks`. Examples left out are listed in
conformance/README.md.
"""

from __future__ import annotations

from typing import Any

from conformance.authoring.build import (
    bottom,
    deal,
    declare,
    describe,
    follow,
    get_variant,
    seed,
    throw,
    trick,
)

QQ = "002_5b87348f30dfb850.txt"
CLASSIC = "000_3747cc098fae40aa.txt"
LIANZHONG = "004_2cb14f7c4c9f35bd.txt"

Q2 = "qq-two-deck"
QT = "qq-two-deck-two-trump"
Q1 = "qq-one-deck"
L2 = "lianzhong-two-deck"
L1 = "lianzhong-one-deck"
TC = "two-colour-one-deck"

ORDER = "2不为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10,A,K,Q,J,9,8,7,6,5,4,3,2"
ORDER_TWO = "2为常主时主牌从大至小依次为：大王 , 小王 , 主 10, 副 10, 主 2, 副 2,A,K,Q,J,9,8,7,6,5,4,3"
SIDE_ORDER = "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2"
SIDE_ORDER_TWO = "副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3【"
TRACTORS = "凡大小顺序相邻且花色相同的联对均构成拖拉机，如：KKQQ,JJ99,554433"
NOT_TRACTORS = "以下各例均不是拖拉机：554,544,5533,JJQ ，两对副 10,JJ1010,AA22"
THROWS = "副牌中： AAK ， AKK ， AQQJJ ， 98844 （若其他家中无人有能大过一张 9 ，和一对 8 ，和一对 4 的牌）"
FORCED = ("首家试图联出 98844 时，若其余某家有此花色的 J ，则首家必须出 9 ，若其余某家有此花色的 QQ 或 55 ，"
          "则首家必须出 44")
PAIRS = "首家出对牌时，其余家有对牌必须出对牌（包括拖拉机中的对牌）"
TRACTOR_DUTY = "首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出对牌，无对牌时才能出其它牌"
RUFF = "首家出某花色副牌时，其余家无此门花色时，可出主牌，称为 “ 毙 ” "
RUFF_STRUCTURE = ("若首家出的牌中有拖拉机或对牌，毙牌时所出的牌必须是主牌，且其拖拉机的数目不得少于首家出的牌中的拖拉机的数目，"
                  "对牌的数目也不得少于首家出的牌中的对牌的数目，否则被视为垫牌")
DECLARE = "有以下几种情况可改变或加强主牌花色：反无主自保反主自反以上后三条以先出现者为准"
ROTATION = "庄家升级时，下一副牌由其对家当庄家。闲家上台时，下一副牌由此副牌的庄家的下家当庄家"


def _qq_order() -> list[dict[str, Any]]:
    m = seed(QQ, "牌的大小顺序", ORDER)
    return [
        trick("seed/qq/order-big-joker-over-small-joker", m, Q2, "10", "H", ["SJ", "BJ", "10H", "AH"],
              winner=1, verdicts="lead+ follow+ follow- follow-", points=10,
              rules=["order.trump"], negative=["order.trump"]),
        trick("seed/qq/order-small-joker-over-trump-level", m, Q2, "10", "H", ["10H", "SJ", "10S", "AH"],
              winner=1, verdicts="lead+ follow+ follow- follow-", points=20,
              rules=["order.trump"], negative=["order.trump"]),
        trick("seed/qq/order-trump-level-over-other-level", m, Q2, "10", "H", ["10S", "10H", "10C", "AH"],
              winner=1, verdicts="lead+ follow+ follow- follow-", points=30,
              rules=["order.trump", "order.first_played_wins"], negative=["order.trump"],
              tags=["first-played-wins"]),
        trick("seed/qq/order-other-level-over-trump-ace", m, Q2, "10", "H", ["AH", "10C", "KH", "2H"],
              winner=1, verdicts="lead+ follow+ follow- follow-", points=20,
              rules=["order.trump"], negative=["order.trump"]),
        trick("seed/qq/order-side-suit-without-level-card",
              seed(QQ, "牌的大小顺序", SIDE_ORDER,
                   "The side suit has no 10: the 10 of spades is trump (副10), so it ruffs the spade lead."),
              Q2, "10", "H", ["9S", "JS", "10S", "8S"],
              winner=2, verdicts="lead+ follow+ ruff+ follow-", points=10,
              rules=["order.side_suit", "trick.ruff"], negative=["order.side_suit"], tags=["ruff"]),
    ]


def _qq_two_trump() -> list[dict[str, Any]]:
    m = seed(QQ, "牌的大小顺序", ORDER_TWO)
    return [
        trick("seed/qq/two-trump-order-level-cards-over-twos", m, QT, "10", "H", ["AH", "2C", "2H", "10S"],
              winner=3, verdicts="lead+ follow+ follow+ follow+", points=10,
              rules=["order.fixed_rank_trump", "order.trump"], negative=["order.fixed_rank_trump"]),
        trick("seed/qq/two-trump-order-other-twos-equal", m, QT, "10", "H", ["2S", "2D", "AH", "SJ"],
              winner=3, verdicts="lead+ follow- follow- follow+", points=0,
              rules=["order.fixed_rank_trump", "order.first_played_wins"],
              negative=["order.fixed_rank_trump", "order.first_played_wins"], tags=["first-played-wins"]),
        trick("seed/qq/two-trump-side-suit-without-two",
              seed(QQ, "牌的大小顺序", SIDE_ORDER_TWO,
                   "With 2 always trump the side suit ends at 3: the 2 of spades is trump and ruffs a spade lead."),
              QT, "10", "H", ["3S", "2S", "4S", "AS"],
              winner=1, verdicts="lead+ ruff+ follow- follow-", points=0,
              rules=["order.fixed_rank_trump", "trick.ruff"], negative=["order.fixed_rank_trump"], tags=["ruff"]),
    ]


def _qq_tractors() -> list[dict[str, Any]]:
    yes = seed(QQ, "拖拉机的构成", TRACTORS)
    no = seed(QQ, "拖拉机的构成", NOT_TRACTORS)
    out = [
        describe("seed/qq/tractor-kkqq", yes, Q2, "10", "H", "KS KS QS QS", suit="S",
                 units=["tractor2:KS KS QS QS"], points=20, rules=["units.tractor"]),
        describe("seed/qq/tractor-jj99", seed(QQ, "拖拉机的构成", TRACTORS,
                                              "Playing 10, the 10 leaves spades, so J and 9 are adjacent."),
                 Q2, "10", "H", "JS JS 9S 9S", suit="S", units=["tractor2:JS JS 9S 9S"], points=0,
                 rules=["units.tractor", "units.tractor_bridge"], tags=["bridged-gap"]),
        describe("seed/qq/tractor-554433", yes, Q2, "10", "H", "5S 5S 4S 4S 3S 3S", suit="S",
                 units=["tractor3:5S 5S 4S 4S 3S 3S"], points=10, rules=["units.tractor"]),
        describe("seed/qq/trump-tractor-small-jokers-trump-tens",
                 seed(QQ, "拖拉机的构成", "一对小王带一对主 10"), Q2, "10", "H", "SJ SJ 10H 10H", suit="trump",
                 units=["tractor2:SJ SJ 10H 10H"], points=20, rules=["units.trump_tractor"],
                 tags=["trump-tractor"]),
        describe("seed/qq/trump-tractor-trump-tens-other-tens",
                 seed(QQ, "拖拉机的构成", "一对主 10 带一对副 10"), Q2, "10", "H", "10H 10H 10S 10S",
                 suit="trump", units=["tractor2:10H 10H 10S 10S"], points=40, rules=["units.trump_tractor"],
                 tags=["trump-tractor"]),
        describe("seed/qq/trump-tractor-other-tens-trump-aces",
                 seed(QQ, "拖拉机的构成", "一对副 10 带一对主牌 A"), Q2, "10", "H", "10S 10S AH AH",
                 suit="trump", units=["tractor2:10S 10S AH AH"], points=20, rules=["units.trump_tractor"],
                 tags=["trump-tractor"]),
        describe("seed/qq/trump-tractor-three-tiers",
                 seed(QQ, "拖拉机的构成", "一对主 10 带一对副 10 及一对主牌 A"), Q2, "10", "H",
                 "10H 10H 10C 10C AH AH", suit="trump", units=["tractor3:10H 10H 10C 10C AH AH"], points=40,
                 rules=["units.trump_tractor"], tags=["trump-tractor"]),
        describe("seed/qq/not-tractor-554", no, Q2, "10", "H", "5S 5S 4S", suit="S",
                 units=["pair:5S 5S", "single:4S"], points=10, rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-544", no, Q2, "10", "H", "5S 4S 4S", suit="S",
                 units=["pair:4S 4S", "single:5S"], points=5, rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-5533", no, Q2, "10", "H", "5S 5S 3S 3S", suit="S",
                 units=["pair:5S 5S", "pair:3S 3S"], points=10, rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-jjq", no, Q2, "10", "H", "JS JS QS", suit="S",
                 units=["pair:JS JS", "single:QS"], points=0, rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-two-pairs-of-other-tens",
                 seed(QQ, "拖拉机的构成", NOT_TRACTORS,
                      "两对副10: the 10s of spades and clubs are equal cards of one rank, not adjacent ones."),
                 Q2, "10", "H", "10S 10S 10C 10C", suit="trump", units=["pair:10S 10S", "pair:10C 10C"],
                 points=40, rules=["units.tractor", "order.trump"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-jj1010",
                 seed(QQ, "拖拉机的构成", NOT_TRACTORS,
                      "JJ1010 with spades trump: the J of the trump suit and 主10 are trump but not adjacent "
                      "(A, K, Q and the other 10s lie between)."),
                 Q2, "10", "S", "JS JS 10S 10S", suit="trump", units=["pair:JS JS", "pair:10S 10S"], points=20,
                 rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/qq/not-tractor-aa22", seed(QQ, "拖拉机的构成", NOT_TRACTORS, "A and 2 are not adjacent."),
                 Q2, "10", "H", "AS AS 2S 2S", suit="S", units=["pair:AS AS", "pair:2S 2S"], points=0,
                 rules=["units.tractor"], negative=["units.tractor"]),
    ]
    return out


def _qq_declarations() -> list[dict[str, Any]]:
    first = seed(QQ, "亮牌规则", "在发牌过程中，第一次亮出的 10 的花色作为主牌花色")
    return [
        declare("seed/qq/declare-first-ten-names-trump", first, Q2, "10", None, (0, "10D"),
                valid=True, overrides=True, trump="D", rules=["declare.cards"]),
        declare("seed/qq/declare-second-single-ten-does-not-override",
                seed(QQ, "亮牌规则", "在发牌过程中，第一次亮出的 10 的花色作为主牌花色",
                     "The first 10 shown names trump: another single 10 later does not change it."),
                Q2, "10", (0, "10D"), (1, "10S"), valid=True, overrides=False, trump="D",
                rules=["declare.cards", "declare.ladder"], negative=["declare.ladder"]),
        declare("seed/qq/declare-jokers-override-no-trump",
                seed(QQ, "亮牌规则", DECLARE, "反无主: a pair of jokers overrides a pair of 10s and makes no-trump."),
                Q2, "10", (0, "10H 10H"), (1, "BJ BJ"), valid=True, overrides=True, trump="NT",
                rules=["declare.ladder", "declare.cards"], tags=["jokers"]),
        declare("seed/qq/declare-pair-overrides-single",
                seed(QQ, "亮牌规则", DECLARE, "反主: another seat's pair of 10s overrides a single 10."),
                Q2, "10", (0, "10H"), (1, "10S 10S"), valid=True, overrides=True, trump="S",
                rules=["declare.ladder"]),
        declare("seed/qq/declare-self-reinforce",
                seed(QQ, "亮牌规则", DECLARE,
                     "自保: the declarer of 10H shows the second 10H, a pair (the first 10H is one of the two); "
                     "trump stays hearts."),
                Q2, "10", (0, "10H"), (0, "10H 10H"), valid=True, overrides=True, trump="H",
                rules=["declare.self", "declare.ladder"]),
        declare("seed/qq/declare-self-override",
                seed(QQ, "亮牌规则", DECLARE, "自反: the declarer of 10H overrides it with a pair of 10S."),
                Q2, "10", (0, "10H"), (0, "10S 10S"), valid=True, overrides=True, trump="S",
                rules=["declare.self", "declare.ladder"]),
        declare("seed/qq/declare-equal-pairs-first-stands",
                seed(QQ, "亮牌规则", DECLARE,
                     "以先出现者为准: of two equal declarations (two pairs of 10s) the first shown stands."),
                Q2, "10", (0, "10H 10H"), (1, "10S 10S"), valid=True, overrides=False, trump="H",
                rules=["declare.ladder"], negative=["declare.ladder"]),
    ]


def _qq_play() -> list[dict[str, Any]]:
    out = [
        trick("seed/qq/equal-cards-first-played-wins", seed(QQ, "出牌规则", "出牌时同等大小的牌以先出者为大"),
              Q2, "10", "H", ["QS", "QS", "3S", "4S"], winner=0, verdicts="lead+ follow- follow- follow-", points=0,
              rules=["order.first_played_wins"], negative=["order.first_played_wins"], tags=["first-played-wins"]),
    ]
    m = seed(QQ, "出牌规则", THROWS, "No other hand can beat the 9, the pair of 8s or the pair of 4s: the throw stands.")
    units_98844 = ["single:9S", "pair:8S 8S", "pair:4S 4S"]
    out += [
        throw("seed/qq/throw-aak-succeeds", seed(QQ, "出牌规则", THROWS,
                                                 "The other K is only equal to the thrown K; no pair tops AA."),
              Q2, "10", "H", "AS AS KS", ["KS QS QS 3C", "JS JS 4D", "9S 2S"], succeeds=True,
              units=["pair:AS AS", "single:KS"], rules=["throw.unbeatable"]),
        throw("seed/qq/throw-akk-succeeds", seed(QQ, "出牌规则", THROWS,
                                                 "The other A is only equal to the thrown A; no pair tops KK."),
              Q2, "10", "H", "AS KS KS", ["AS QS QS", "JS 9S", "3H"], succeeds=True,
              units=["single:AS", "pair:KS KS"], rules=["throw.unbeatable"]),
        throw("seed/qq/throw-aqqjj-succeeds", seed(QQ, "出牌规则", THROWS,
                                                   "QQJJ is a tractor: a pair (KK) cannot beat it, only a higher tractor."),
              Q2, "10", "H", "AS QS QS JS JS", ["KS KS 9S", "AS 8S 8S 7S 7S", "2S"], succeeds=True,
              units=["single:AS", "tractor2:QS QS JS JS"], rules=["throw.unbeatable", "units.tractor"],
              tags=["tractor"]),
        throw("seed/qq/throw-98844-succeeds", m, Q2, "10", "H", "9S 8S 8S 4S 4S",
              ["7S 3S 3S", "6S 5S 2S", "6S 2S 3H"], succeeds=True, units=units_98844, rules=["throw.unbeatable"]),
        throw("seed/qq/throw-98844-j-forces-9", seed(QQ, "出牌规则", FORCED), Q2, "10", "H", "9S 8S 8S 4S 4S",
              ["3C", "JS 2S", "3H"], succeeds=False, units=units_98844, blocks=[("9S", 2)], forced="9S",
              rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"]),
        throw("seed/qq/throw-98844-qq-forces-44",
              seed(QQ, "出牌规则", FORCED, "QQ beats the 9, the 88 and the 44; the smallest part, 44, is forced."),
              Q2, "10", "H", "9S 8S 8S 4S 4S", ["QS QS 3C", "2S", "3H"], succeeds=False, units=units_98844,
              blocks=[("9S", 1), ("8S 8S", 1), ("4S 4S", 1)], forced="4S 4S",
              rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable", "throw.forced_unit"]),
        throw("seed/qq/throw-98844-55-forces-44", seed(QQ, "出牌规则", FORCED), Q2, "10", "H", "9S 8S 8S 4S 4S",
              ["3C", "2S", "5S 5S"], succeeds=False, units=units_98844, blocks=[("4S 4S", 3)], forced="4S 4S",
              rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"]),
    ]
    pairs = seed(QQ, "出牌规则", PAIRS)
    duty = seed(QQ, "出牌规则", TRACTOR_DUTY)
    out += [
        follow("seed/qq/follow-pair-held-must-be-played", pairs, Q2, "10", "H", lead="8S 8S",
               held="AS 5S 5S 3C 4D", play="AS 5S", legal=False, broken="follow.pairs",
               rules=["follow.pairs"], negative=["follow.pairs"]),
        follow("seed/qq/follow-pair-from-a-tractor", pairs, Q2, "10", "H", lead="8S 8S",
               held="KS KS QS QS 3S 4D", play="QS QS", legal=True, rules=["follow.pairs"]),
        follow("seed/qq/follow-pair-in-tractor-counts", pairs, Q2, "10", "H", lead="8S 8S",
               held="KS KS QS QS 3S 4D", play="KS 3S", legal=False, broken="follow.pairs",
               rules=["follow.pairs"], negative=["follow.pairs"]),
        follow("seed/qq/follow-tractor-held-must-be-played", duty, Q2, "10", "H", lead="KS KS QS QS",
               held="9S 9S 8S 8S 5S 5S 3S 4D", play="9S 9S 5S 5S", legal=False, broken="follow.tractor",
               rules=["follow.tractor"], negative=["follow.tractor"]),
        follow("seed/qq/follow-tractor-with-tractor", duty, Q2, "10", "H", lead="KS KS QS QS",
               held="9S 9S 8S 8S 5S 5S 3S 4D", play="9S 9S 8S 8S", legal=True, rules=["follow.tractor"]),
        follow("seed/qq/follow-tractor-without-tractor-pairs", duty, Q2, "10", "H", lead="KS KS QS QS",
               held="9S 9S 6S 6S 3S 4D", play="9S 9S 6S 6S", legal=True, rules=["follow.tractor", "follow.pairs"]),
        follow("seed/qq/follow-tractor-pairs-held-must-be-played", duty, Q2, "10", "H", lead="KS KS QS QS",
               held="9S 9S 6S 6S 3S 4D", play="9S 9S 6S 3S", legal=False, broken="follow.pairs",
               rules=["follow.tractor", "follow.pairs"], negative=["follow.pairs"]),
        follow("seed/qq/follow-tractor-no-pairs-any-cards", duty, Q2, "10", "H", lead="KS KS QS QS",
               held="9S 7S 6S 3S 4D 5D", play="9S 7S 6S 3S", legal=True, rules=["follow.tractor", "follow.pairs"]),
        follow("seed/qq/follow-void-may-ruff", seed(QQ, "出牌规则", RUFF), Q2, "10", "H", lead="AS",
               held="3H 4D", play="3H", legal=True, rules=["follow.suit"], tags=["ruff"]),
        trick("seed/qq/ruff-wins-side-lead", seed(QQ, "出牌规则", RUFF), Q2, "10", "H", ["AS", "3H", "KS", "QS"],
              winner=1, verdicts="lead+ ruff+ follow- follow-", points=10, rules=["trick.ruff"]),
    ]
    structure = seed(QQ, "出牌规则", RUFF_STRUCTURE)
    out += [
        trick("seed/qq/ruff-without-pair-is-discard", structure, Q2, "10", "H", ["7S 7S", "3H 4H"],
              winner=0, verdicts="lead+ discard-", points=0, rules=["trick.ruff"], negative=["trick.ruff"]),
        trick("seed/qq/ruff-with-pair-wins", structure, Q2, "10", "H", ["7S 7S", "3H 3H"],
              winner=1, verdicts="lead+ ruff+", points=0, rules=["trick.ruff"], tags=["pairs"]),
        trick("seed/qq/ruff-without-tractor-is-discard", structure, Q2, "10", "H", ["7S 7S 6S 6S", "9H 9H 4H 4H"],
              winner=0, verdicts="lead+ discard-", points=0, rules=["trick.ruff"], negative=["trick.ruff"],
              tags=["tractor"]),
        trick("seed/qq/ruff-with-tractor-wins", structure, Q2, "10", "H", ["7S 7S 6S 6S", "9H 9H 8H 8H"],
              winner=1, verdicts="lead+ ruff+", points=0, rules=["trick.ruff"], tags=["tractor"]),
        trick("seed/qq/ruff-998872-on-ak5544", seed(QQ, "出牌规则", "主牌 9988 72 可毙副牌 AK5544"),
              Q2, "10", "H", ["AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"], winner=1, verdicts="lead+ ruff+",
              points=20, rules=["trick.ruff", "trick.over_ruff"], tags=["throw", "tractor"]),
        trick("seed/qq/no-ruff-998872-on-aa5544",
              seed(QQ, "出牌规则", "但不能毙副牌 AA5544",
                   "AA5544 holds three pairs; 998872 only two, so it is a discard."),
              Q2, "10", "H", ["AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"], winner=0, verdicts="lead+ discard-",
              points=10, rules=["trick.ruff", "trick.over_ruff"], negative=["trick.ruff", "trick.over_ruff"],
              tags=["throw", "tractor"]),
        trick("seed/qq/over-ruff-884-on-977-lead-544",
              seed(QQ, "出牌规则", "主牌 977 可毙副牌 544, 主牌 884 可盖毙",
                   "The lead 544 holds a pair: ruffs compare by their pairs, 88 over 77."),
              Q2, "10", "H", ["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"], winner=2, verdicts="lead+ ruff+ over+",
              points=5, rules=["trick.over_ruff", "trick.ruff"]),
        trick("seed/qq/no-over-ruff-884-on-977-lead-567",
              seed(QQ, "出牌规则", "主牌 977 可毙副牌 567, 主牌 884 不能盖毙",
                   "The lead 567 is singles: ruffs compare by their highest card, 9 over 8."),
              Q2, "10", "H", ["5S 6S 7S", "9H 7H 7H", "8H 8H 4H"], winner=1, verdicts="lead+ ruff+ ruff-",
              points=5, rules=["trick.over_ruff", "trick.ruff"], negative=["trick.over_ruff"], tags=["throw"]),
    ]
    return out


def _qq_levels() -> list[dict[str, Any]]:
    rotation = seed(QQ, "轮庄规则", ROTATION)
    out = [
        deal("seed/qq/banker-goes-up-partner-deals", rotation, Q2, 50, banker_seat=1, side="banker", levels=1,
             take=False, next_banker=3, rules=["levels.next_banker", "levels.table"],
             negative=["levels.next_banker"]),
        deal("seed/qq/attackers-take-deal-next-seat-deals", rotation, Q2, 130, banker_seat=1, side="attackers",
             levels=1, take=True, next_banker=2, rules=["levels.next_banker", "levels.table"]),
    ]
    rows: list[tuple[str, list[tuple[int, str, int, bool]]]] = [
        ("如果得分为 0 ，庄家方连升 3 级", [(0, "banker", 3, False)]),
        ("如果得分不满 40 ，庄家连升 2 级", [(5, "banker", 2, False), (35, "banker", 2, False)]),
        ("如果得分大于等于 40 小于 80 ，庄家方升 1 级", [(40, "banker", 1, False), (75, "banker", 1, False)]),
        ("如果得分大于等于 80 小于 120 ，轮换庄家", [(80, "neither", 0, True), (115, "neither", 0, True)]),
        ("如果得分大于等于 120 小于 160 ，抓分方升 1 级", [(120, "attackers", 1, True), (155, "attackers", 1, True)]),
        ("如果得分大于等于 160 小于 200 ，抓分方连升 2 级", [(160, "attackers", 2, True), (195, "attackers", 2, True)]),
        ("以后以 40 分为一个等级抓分方升相应等级",
         [(200, "attackers", 3, True), (240, "attackers", 4, True), (280, "attackers", 5, True)]),
    ]
    out += _table_rows("qq", Q2, QQ, "记分规则", rows, banker_seat=2)
    half = "一副牌的分数段为 20 分一段"
    halved = [(f"{half}", [(0, "banker", 3, False), (10, "banker", 2, False), (20, "banker", 1, False),
                           (40, "neither", 0, True), (60, "attackers", 1, True), (80, "attackers", 2, True),
                           (100, "attackers", 3, True), (120, "attackers", 4, True)])]
    out += _table_rows("qq-one-deck", Q1, QQ, "记分规则", halved, banker_seat=0,
                       why="The two-deck table with every bound halved: 20-point bands.")
    return out


def _table_rows(prefix: str, variant: str, file: str, section: str,
                rows: list[tuple[str, list[tuple[int, str, int, bool]]]], *, banker_seat: int,
                why: str = "") -> list[dict[str, Any]]:
    out = []
    for words, cells in rows:
        for points, side, levels, take in cells:
            nxt = (banker_seat + 1) % 4 if take else (banker_seat + 2) % 4
            out.append(deal(f"seed/{prefix}/level-table-{points}", seed(file, section, words, why), variant, points,
                            banker_seat=banker_seat, side=side, levels=levels, take=take, next_banker=nxt,
                            rules=["levels.table"], negative=["levels.table"] if side != "attackers" else []))
    return out


def _qq_bottom() -> list[dict[str, Any]]:
    no = seed(QQ, "扣底规则", "最后一圈牌如果是庄家方大，不抠底")
    pair = seed(QQ, "扣底规则", "假设最后一圈牌最大牌型为对子 44 ，则最大牌型的牌张数为 2 ，则抠底分倍数为 2 的 2 字方，为 4 倍")
    buried = "KD KD 5C 5C 3C 4C 6C 7C"
    return [
        bottom("seed/qq/bottom-banker-wins-no-bottom", no, Q2, "10", "H", ["AS", "3S", "4S", "5S"], first=0,
               bankers=[0, 2], buried=buried, winner=0, attackers_won=False, bottom_points=30, multiplier=0,
               to_attackers=0, rules=["bottom.banker_wins"], negative=["bottom.banker_wins"]),
        bottom("seed/qq/bottom-pair-44-times-4", pair, Q2, "10", "H", ["4S 4S", "2S 3S", "3C 5D", "6D 7D"],
               first=1, bankers=[0, 2], buried="KD 10C 5C 3C 4C 6C 7C 8C", winner=1, attackers_won=True,
               bottom_points=25, multiplier=4, to_attackers=100, rules=["bottom.power"]),
        bottom("seed/qq/bottom-445566-times-64", seed(QQ, "扣底规则", "闲家用 445566 抠底，翻 64 倍"), Q2, "10", "H",
               ["6S 6S 5S 5S 4S 4S", "3D 3D 4D 4D 6D 7D", "AS KS QS JS 9S 8S", "2C 3C 4C 6C 7C 8C"], first=3,
               bankers=[0, 2], buried="KH 5C 9C JC QC KC AC AD", winner=3, attackers_won=True, bottom_points=25,
               multiplier=64, to_attackers=1600, rules=["bottom.power"], tags=["tractor"]),
        bottom("seed/qq/bottom-4455-times-16", seed(QQ, "扣底规则", "闲家用 4455 抠底，翻 16 倍"), Q2, "10", "H",
               ["5S 5S 4S 4S", "3S 3S 2S 2S", "3C 4C 6C 7C", "8D 9D JD QD"], first=1, bankers=[0, 2],
               buried="KC KC 5D 5D 2C 2D 3D 4D", winner=1, attackers_won=True, bottom_points=30, multiplier=16,
               to_attackers=480, rules=["bottom.power"], tags=["tractor"]),
        bottom("seed/qq/bottom-capped-at-64",
               seed(QQ, "扣底规则", "最大 64 倍", "A tractor of four pairs has 8 cards: 2^8 = 256, capped at 64."),
               Q2, "10", "H", ["9S 9S 8S 8S 7S 7S 6S 6S", "2C 3C 4C 5C 6C 7C 8C 9C", "AS KS QS JS 5S 4S 3S 2S",
                               "2D 3D 4D 5D 6D 7D 8D 9D"], first=1, bankers=[0, 2],
               buried="KC KD 10D JC QC AC JD QD", winner=1, attackers_won=True, bottom_points=30, multiplier=64,
               to_attackers=1920, rules=["bottom.power"], negative=["bottom.power"], tags=["tractor"]),
        bottom("seed/qq/bottom-throw-counts-pair-77",
               seed(QQ, "扣底规则", "比如闲家用甩牌 AKQJ 10 9 8 77 扣底，抠底倍数根据对子 77 计算，为 4 倍",
                    "Playing 2 here, so that the 10 of spades is a side card as in the example."),
               Q2, "2", "H", ["AS KS QS JS 10S 9S 8S 7S 7S", "3D 4D 5D 6D 7D 8D 9D 10D JD",
                              "3C 4C 5C 6C 7C 8C 9C 10C JC", "3D 4D 5D 6D 7D 8D 9D QD KD"], first=1,
               bankers=[0, 2], buried="KC KC 5H 6H 7H 8H 9H 3S", winner=1, attackers_won=True, bottom_points=25,
               multiplier=4, to_attackers=100, rules=["bottom.power"], tags=["throw"]),
        bottom("seed/qq/bottom-throw-singles-times-2",
               seed(QQ, "扣底规则", "闲家用 AKQJ 甩牌抠底，抠底倍数根据单牌计算，为 2 倍"), Q2, "10", "H",
               ["AS KS QS JS", "3D 4D 5D 6D", "3C 4C 5C 6C", "7D 8D 9D JD"], first=1, bankers=[0, 2],
               buried="KC KC 5H 6H 7H 8H 9H 3S", winner=1, attackers_won=True, bottom_points=25, multiplier=2,
               to_attackers=50, rules=["bottom.power"], tags=["throw"]),
        bottom("seed/qq/bottom-throw-aajj-times-4",
               seed(QQ, "扣底规则", "闲家用甩牌 AAJJ 甩牌抠底，抠底倍数按对子计算，为 4 倍",
                    "Playing 10, A and J are not adjacent (K and Q lie between): two pairs, not a tractor."),
               Q2, "10", "H", ["AS AS JS JS", "3D 4D 5D 6D", "3C 4C 5C 6C", "7D 8D 9D JD"], first=3, bankers=[0, 2],
               buried="KC KC 5H 6H 7H 8H 9H 3S", winner=3, attackers_won=True, bottom_points=25, multiplier=4,
               to_attackers=100, rules=["bottom.power"], tags=["throw", "pairs"]),
    ]


def _classic() -> list[dict[str, Any]]:
    colours = seed(CLASSIC, "二 (two-colour game)",
                   "除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色。如KK是一對牌，KK是一對牌，而KK不是一對牌。",
                   "The suit symbols are lost in the seed: two black kings are a pair, two red kings are a pair, "
                   "a black and a red king are not. Diamonds (red) are trump here.")
    tractor = seed(CLASSIC, "二 (two-colour game)", "同理同種顏色的兩個連對為拖拉機，如7788是拖拉機。")
    half = seed(CLASSIC, "二 (two-colour game)", "其余打法與兩副牌經(jīng)典打法一致，只是升級所需分數(shù)都縮小一半",
                "Half of the two-deck thresholds: 60 points (half of 120) gives the attackers one level.")
    last = seed(CLASSIC, "二", "一般以先升到A的一方為贏家",
                "The banker's side at K going up 3 levels passes A, the last level: it wins the game.")
    return [
        describe("seed/classic/two-colour-black-kings-pair", colours, TC, "10", "D", "KS KC", suit="black",
                 units=["pair:KS KC"], points=20, rules=["order.two_colours", "units.tuple"], tags=["two-colour", "pairs"]),
        describe("seed/classic/two-colour-red-kings-pair", colours, TC, "10", "D", "KH KD", suit="trump",
                 units=["pair:KH KD"], points=20, rules=["order.two_colours", "units.tuple"], tags=["two-colour", "pairs"]),
        describe("seed/classic/two-colour-black-and-red-king-not-pair", colours, TC, "10", "D", "KC KH", suit="mixed",
                 units=[], points=20, rules=["order.two_colours", "units.tuple", "lead.one_suit"],
                 negative=["units.tuple"], tags=["two-colour"]),
        describe("seed/classic/two-colour-7788-tractor", tractor, TC, "10", "D", "7S 7C 8S 8C", suit="black",
                 units=["tractor2:8S 8C 7S 7C"], points=0, rules=["order.two_colours", "units.tractor"],
                 tags=["two-colour"]),
        deal("seed/classic/two-colour-levels-halved", half, TC, 60, banker_seat=0, side="attackers", levels=1,
             take=True, next_banker=1, rules=["levels.table"]),
        deal("seed/classic/two-colour-levels-halved-40", half, TC, 40, banker_seat=0, side="neither", levels=0,
             take=True, next_banker=1, rules=["levels.table"], tags=["band-edge"]),
        deal("seed/classic/first-to-pass-a-wins", last, Q2, 0, banker_seat=0, side="banker", levels=3, take=False,
             next_banker=2, banker_level="K", attacker_level="9", new_banker="A", new_attackers="9", passes=True,
             rules=["levels.last_level", "levels.table"]),
    ]


def _lianzhong() -> list[dict[str, Any]]:
    five = seed(LIANZHONG, "3副牌规则 出牌细则 a、拖拉机",
                "当打5时，下列情况为拖拉机：3344，4466，副5副5主5主5，大王大王小王小王，AA副5副5，主5主5小王小王",
                "Playing 5 with hearts trump.")
    out = [
        describe("seed/lianzhong/points-5-10-k", seed(LIANZHONG, "分牌", "每张5、10和K是分牌，5代表5分，10代表10分，K也代表10分"),
                 L2, "2", "H", "5S 10S KS AS", suit="S",
                 units=["single:AS", "single:KS", "single:10S", "single:5S"], points=25, rules=["points.cards"]),
        get_variant("seed/lianzhong/one-deck-deal", seed(LIANZHONG, "底牌", "打一副牌时每方得12张，剩余的6张为底牌"),
                    L1, {"deal": {"decks": 1, "players": 4, "handSize": 12, "bottomSize": 6,
                                  "suitMode": "SUIT_MODE_FOUR_SUITS"}}, ["deal"]),
        get_variant("seed/lianzhong/two-deck-deal", seed(LIANZHONG, "底牌", "打两副牌时每方得牌25张，剩余的8张牌为底牌"),
                    L2, {"deal": {"decks": 2, "players": 4, "handSize": 25, "bottomSize": 8,
                                  "suitMode": "SUIT_MODE_FOUR_SUITS"}}, ["deal"]),
        describe("seed/lianzhong/tractor-3344", five, L2, "5", "H", "3S 3S 4S 4S", suit="S",
                 units=["tractor2:4S 4S 3S 3S"], points=0, rules=["units.tractor"]),
        describe("seed/lianzhong/tractor-4466", five, L2, "5", "H", "4S 4S 6S 6S", suit="S",
                 units=["tractor2:6S 6S 4S 4S"], points=0, rules=["units.tractor", "units.tractor_bridge"],
                 tags=["bridged-gap"]),
        describe("seed/lianzhong/tractor-other-5s-trump-5s", five, L2, "5", "H", "5S 5S 5H 5H", suit="trump",
                 units=["tractor2:5H 5H 5S 5S"], points=20, rules=["units.trump_tractor"], tags=["trump-tractor"]),
        describe("seed/lianzhong/tractor-big-small-jokers", five, L2, "5", "H", "BJ BJ SJ SJ", suit="trump",
                 units=["tractor2:BJ BJ SJ SJ"], points=0, rules=["units.trump_tractor"], tags=["trump-tractor"]),
        describe("seed/lianzhong/tractor-trump-aces-other-5s", five, L2, "5", "H", "AH AH 5S 5S", suit="trump",
                 units=["tractor2:5S 5S AH AH"], points=10, rules=["units.trump_tractor"], tags=["trump-tractor"]),
        describe("seed/lianzhong/tractor-trump-5s-small-jokers", five, L2, "5", "H", "5H 5H SJ SJ", suit="trump",
                 units=["tractor2:SJ SJ 5H 5H"], points=10, rules=["units.trump_tractor"], tags=["trump-tractor"]),
        describe("seed/lianzhong/not-tractor-5566",
                 seed(LIANZHONG, "3副牌规则 出牌细则 a、拖拉机", "当打5时下列情况不为拖拉机：5566",
                      "With hearts trump, 主5 ranks above the trump ace, far from the 6: two pairs. "
                      "(级牌不能与相同花色的副牌构成拖拉机.)"),
                 L2, "5", "H", "5H 5H 6H 6H", suit="trump", units=["pair:5H 5H", "pair:6H 6H"], points=10,
                 rules=["units.tractor"], negative=["units.tractor"]),
        describe("seed/lianzhong/not-tractor-5555-no-trump",
                 seed(LIANZHONG, "3副牌规则 出牌细则 a、拖拉机", "当打无主时下列情况不为拖拉机：5555",
                      "In no-trump every 5 is an equal level card: a pair of 5S and a pair of 5H are two pairs."),
                 L2, "5", None, "5S 5S 5H 5H", suit="trump", units=["pair:5S 5S", "pair:5H 5H"], points=20,
                 rules=["units.tractor", "order.no_trump"], negative=["units.tractor"]),
        trick("seed/lianzhong/trump-without-pair-not-bigger",
              seed(LIANZHONG, "牌的大小", "若首家出包含对的副牌，其它方即使全部出了主牌，但没有对，也不能算大"),
              L2, "10", "H", ["7S 7S", "BJ SJ", "3S 4S", "5D 6D"], winner=0, verdicts="lead+ discard- follow- discard-",
              points=5, rules=["trick.ruff", "trick.structure"], negative=["trick.ruff"]),
        trick("seed/lianzhong/order-trump-level-over-other-level",
              seed(LIANZHONG, "牌的大小", "主花色牌(级牌除外)，A最大，K次之，……2最小",
                   "The order 大王, 小王, 主花色级牌, 其它花色级牌, then the trump suit: playing 2 with hearts "
                   "trump, 2S beats AH and 2H beats 2S."),
              L2, "2", "H", ["AH", "2S", "2H", "KH"], winner=2, verdicts="lead+ follow+ follow+ follow-", points=10,
              rules=["order.trump"], negative=["order.trump"]),
        follow("seed/lianzhong/follow-hearts-if-held",
               seed(LIANZHONG, "出牌规则", "如：首家出了红桃，则如果用户有红桃必须先出红桃"), L2, "2", "S",
               lead="AH", held="3H 4C 5D", play="4C", legal=False, broken="follow.suit", rules=["follow.suit"],
               negative=["follow.suit"]),
        follow("seed/lianzhong/follow-void-may-ruff",
               seed(LIANZHONG, "出牌规则", "在没有首家牌出牌的花色时，可以用主牌杀掉或垫其他花色牌"), L2, "2", "S",
               lead="AH", held="3S 4C", play="3S", legal=True, rules=["follow.suit"], tags=["ruff"]),
        follow("seed/lianzhong/follow-void-may-discard",
               seed(LIANZHONG, "出牌规则", "在没有首家牌出牌的花色时，可以用主牌杀掉或垫其他花色牌"), L2, "2", "S",
               lead="AH", held="3S 4C", play="4C", legal=True, rules=["follow.suit"], tags=["discard"]),
        follow("seed/lianzhong/follow-tractor-if-held",
               seed(LIANZHONG, "出牌规则", "如果首家出牌中包含拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机"),
               L2, "2", "S", lead="QH QH JH JH", held="8H 8H 7H 7H 3H 3H 2C", play="8H 8H 3H 3H", legal=False,
               broken="follow.tractor", rules=["follow.tractor"], negative=["follow.tractor"]),
        follow("seed/lianzhong/follow-pair-if-held",
               seed(LIANZHONG, "出牌规则", "如果首家出牌中包含对，则其它方如果有同花色的对，必须出对"),
               L2, "2", "S", lead="KH KH 3H", held="9H 9H 6H 4H 5C", play="9H 6H 4H", legal=False,
               broken="follow.pairs", rules=["follow.pairs"], negative=["follow.pairs"], tags=["throw"]),
        trick("seed/lianzhong/ruff-needs-tractor",
              seed(LIANZHONG, "出牌规则", "如果首家出牌中包含了拖拉机或对时，其它方试图用主牌毙时必须也要出相应数量的拖拉机和对"),
              L2, "2", "S", ["QH QH JH JH", "9S 9S 8S 8S", "AS AS 3S 3S", "5H 4H 6C 7C"], winner=1,
              verdicts="lead+ ruff+ discard- discard-", points=5, rules=["trick.ruff"], negative=["trick.ruff"],
              tags=["tractor"]),
    ]
    shape = [
        ("seed/lianzhong/bottom-tractor-2-times-8", "若牌中含有拖拉机则乘的倍数等于2·2^len",
         ["5S 5S 4S 4S", "2S 3S 2C 3C", "6D 7D 8D 9D", "6C 7C 8C 9C"], 8, "tractor of 2 pairs: 2·2^2 = 8", False),
        ("seed/lianzhong/bottom-tractor-3-times-16", "若牌中含有拖拉机则乘的倍数等于2·2^len",
         ["6S 6S 5S 5S 4S 4S", "2S 3S 2C 3C 4D 6D", "6D 7D 8D 9D JD QD", "6C 7C 8C 9C JC QC"], 16,
         "tractor of 3 pairs: 2·2^3 = 16", False),
        ("seed/lianzhong/bottom-pair-times-4", "若牌中含有两对则乘的倍数等于4",
         ["5S 5S", "2S 3S", "6D 7D", "6C 7C"], 4, "两对 here is a pair (一副两对): 4", False),
        ("seed/lianzhong/bottom-single-times-2", "什么都没有则乘的倍数等于2",
         ["5S", "2S", "6D", "6C"], 2, "a single: 2", True),
        ("seed/lianzhong/bottom-throw-tractor-and-pair-times-8", "若牌中含有拖拉机则乘的倍数等于2·2^len，且不再计算其他牌型",
         ["9S 9S 8S 8S 5S 5S", "2S 3S 2C 3C 4D 6D", "6D 7D 8D 9D JD QD", "6C 7C 8C 9C JC QC"], 8,
         "the tractor row comes first: 2·2^2 = 8, the pair is not counted", True),
    ]
    for case_id, words, plays, factor, why, negative in shape:
        out.append(bottom(case_id, seed(LIANZHONG, "扣底", words, why), L2, "10", "H", plays, first=1,
                          bankers=[0, 2], buried="KD 5D 3H 4H 6H 7H 8H 9H", winner=1, attackers_won=True,
                          bottom_points=15, multiplier=factor, to_attackers=15 * factor,
                          rules=["bottom.shape_table"], negative=["bottom.shape_table"] if negative else [],
                          tags=["throw"] if "throw" in case_id else []))
    two = [
        ("如果得分为0，一副牌时庄家方连升2级；两副牌时庄家方连升3级", [(0, "banker", 3, False)]),
        ("如果得分不满40，一副牌时庄家方升1级；两副牌时庄家方连升2级", [(35, "banker", 2, False)]),
        ("如果得分大于等于40小于80，一副牌时双方不升级，轮换庄家；两副牌时庄家方升1级", [(40, "banker", 1, False)]),
        ("如果得分大于等于80小于120，一副牌时抓分方80--95分升一级，100分升两级；两副牌时抓分方升1级",
         [(80, "attackers", 1, True), (115, "attackers", 1, True)]),
        ("如果得分大于等于120，小于160，两副牌时抓分方连升2级", [(120, "attackers", 2, True)]),
        ("以后依次类推，两副牌时每增加40分，则多升一级", [(160, "attackers", 3, True), (200, "attackers", 4, True)]),
    ]
    out += _table_rows("lianzhong", L2, LIANZHONG, "胜负判定", two, banker_seat=3)
    one = [
        ("如果得分为0，一副牌时庄家方连升2级", [(0, "banker", 2, False)]),
        ("如果得分不满40，一副牌时庄家方升1级", [(35, "banker", 1, False)]),
        ("如果得分大于等于40小于80，一副牌时双方不升级，轮换庄家", [(40, "neither", 0, True), (75, "neither", 0, True)]),
        ("一副牌时抓分方80--95分升一级，100分升两级", [(80, "attackers", 1, True), (95, "attackers", 1, True),
                                                  (100, "attackers", 2, True)]),
    ]
    out += _table_rows("lianzhong-one-deck", L1, LIANZHONG, "胜负判定", one, banker_seat=3)
    return out


def cases() -> list[dict[str, Any]]:
    """Every seed case, in a stable order (those of three and four decks from :mod:`seed_decks`)."""
    from conformance.authoring import seed_decks

    return [*_qq_order(), *_qq_two_trump(), *_qq_tractors(), *_qq_declarations(), *_qq_play(), *_qq_levels(),
            *_qq_bottom(), *_classic(), *_lianzhong(), *seed_decks.cases()]
