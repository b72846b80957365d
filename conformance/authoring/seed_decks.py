"""The seeds' worked examples for three and four decks, Heijian and the fixed-2 game.

As in :mod:`conformance.authoring.seed`: the words are exact quotes, the
expected answers are read from them; ``why`` says what the words leave
implicit (the suits, which level is played).
"""

from __future__ import annotations

from typing import Any

from conformance.authoring.build import bottom, deal, declare, describe, follow, seed, throw, trick

QQ = "002_5b87348f30dfb850.txt"
CLASSIC = "000_3747cc098fae40aa.txt"
HEIJIAN = "001_3bb4109d69037b9c.txt"
LIANZHONG = "004_2cb14f7c4c9f35bd.txt"

Q3 = "qq-three-deck"
L3 = "lianzhong-three-deck"
FD = "four-deck"
HJ = "heijian"
F2 = "fixed-two-no-bottom"

TITANIC_QQ = ("当打 5 时，下列情况为泰坦尼克： 3334 44 ， 444666 ，副 5 主 5 ，大王小王， AAA 副 5 ，主 5 小王")
TITANIC_LZ = ("当打5时，下列情况为泰坦尼克：333444，444666，副5副5副5主5主5主5，大王大王大王小王小王小王，"
              "AAA副5副5副5，主5主5主5小王小王小王")
LADDER_QQ = ("泰坦尼克 其它玩家根据牌情按如下顺序出牌：泰坦尼克一副拖拉机 + 任意两张两副三同张一副三同张 + 一副对子 + "
             "一单张一副三同张 + 三单张两副对子 + 两单张一副对子 + 四单张六单张")
TRIPLE_QQ = "三同张 其它玩家根据牌情按如下顺序出牌：三同张一副对子 + 一单张三单张"
DECLARE_QQ3 = "（假定当前打 10 ）单张 10两张 10两张王（打无主）三张 10三张王（打无主）"


def _titanic() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for variant, file, words in ((Q3, QQ, TITANIC_QQ), (L3, LIANZHONG, TITANIC_LZ)):
        m = seed(file, "三副牌 泰坦尼克", words, "Playing 5 with hearts trump.")
        prefix = f"seed/{'qq' if variant == Q3 else 'lianzhong'}-three-deck"
        out += [
            describe(f"{prefix}/titanic-333444", m, variant, "5", "H", "3S 3S 3S 4S 4S 4S", suit="S",
                     units=["titanic2:4S 4S 4S 3S 3S 3S"], points=0, rules=["units.tractor"], tags=["titanic"]),
            describe(f"{prefix}/titanic-444666", m, variant, "5", "H", "4S 4S 4S 6S 6S 6S", suit="S",
                     units=["titanic2:6S 6S 6S 4S 4S 4S"], points=0, rules=["units.tractor", "units.tractor_bridge"],
                     tags=["titanic", "bridged-gap"]),
            describe(f"{prefix}/titanic-other-5s-trump-5s", m, variant, "5", "H", "5S 5S 5S 5H 5H 5H",
                     suit="trump", units=["titanic2:5H 5H 5H 5S 5S 5S"], points=30, rules=["units.trump_tractor"],
                     tags=["titanic", "trump-tractor"]),
            describe(f"{prefix}/titanic-jokers", m, variant, "5", "H", "BJ BJ BJ SJ SJ SJ", suit="trump",
                     units=["titanic2:BJ BJ BJ SJ SJ SJ"], points=0, rules=["units.trump_tractor"],
                     tags=["titanic", "trump-tractor"]),
            describe(f"{prefix}/titanic-trump-aces-other-5s", m, variant, "5", "H", "AH AH AH 5S 5S 5S",
                     suit="trump", units=["titanic2:5S 5S 5S AH AH AH"], points=15, rules=["units.trump_tractor"],
                     tags=["titanic", "trump-tractor"]),
            describe(f"{prefix}/titanic-trump-5s-small-jokers", m, variant, "5", "H", "5H 5H 5H SJ SJ SJ",
                     suit="trump", units=["titanic2:SJ SJ SJ 5H 5H 5H"], points=15, rules=["units.trump_tractor"],
                     tags=["titanic", "trump-tractor"]),
            describe(f"{prefix}/not-titanic-555666",
                     seed(file, "三副牌 泰坦尼克", "当打 5 时下列情况不为泰坦尼克： 555666" if variant == Q3 else
                          "当打5时下列情况不为泰坦尼克：555666",
                          "主5 ranks above the trump ace, far from the 6: two triples."),
                     variant, "5", "H", "5H 5H 5H 6H 6H 6H", suit="trump",
                     units=["triple:5H 5H 5H", "triple:6H 6H 6H"], points=15, rules=["units.tractor"],
                     negative=["units.tractor"], tags=["triples"]),
            describe(f"{prefix}/not-titanic-555555-no-trump",
                     seed(file, "三副牌 泰坦尼克", "当打无主时下列情况不为泰坦尼克： 555555" if variant == Q3 else
                          "当打无主时下列情况不为泰坦尼克：555555",
                          "No-trump: the 5s of spades and hearts are equal level cards, two triples."),
                     variant, "5", None, "5S 5S 5S 5H 5H 5H", suit="trump",
                     units=["triple:5S 5S 5S", "triple:5H 5H 5H"], points=30, rules=["units.tractor", "order.no_trump"],
                     negative=["units.tractor"], tags=["triples"]),
        ]
    return out


def _three_deck_play() -> list[dict[str, Any]]:
    lead = "8S 8S 8S 7S 7S 7S"
    held = "QS QS JS JS 5S 5S 5S 3S 3S 3S 4D"
    qq = seed(QQ, "三副牌规则 出牌规则", LADDER_QQ,
              "The QQ ladder puts 一副拖拉机 + 任意两张 (a tractor and two cards) above 两副三同张 (two triples).")
    lz = seed(LIANZHONG, "3副牌规则 新增规则", "•当第一家出“泰坦尼克”牌型时，其它玩家根据牌情按以下顺序出牌：",
              "The Lianzhong ladder that follows lists 两副三对 (two triples) above 一副拖拉机+两单张 (a tractor and two).")
    triple_lz = seed(LIANZHONG, "3副牌规则 新增规则", "•当第一家出“三对”牌型时，其它玩家根据牌情按如下顺序出牌：",
                     "三对 (a triple), then 一副两对+一单张 (a pair and a single), then 三单张.")
    out = [
        follow("seed/qq-three-deck/titanic-ladder-tractor-first", qq, Q3, "10", "H", lead=lead, held=held,
               play="5S 5S 5S 3S 3S 3S", legal=False, broken="follow.ladder", rules=["follow.ladder"],
               negative=["follow.ladder"], tags=["titanic", "follow-ladder"]),
        follow("seed/qq-three-deck/titanic-ladder-tractor-played", qq, Q3, "10", "H", lead=lead, held=held,
               play="QS QS JS JS 5S 3S", legal=True, rules=["follow.ladder"], tags=["titanic", "follow-ladder"]),
        follow("seed/lianzhong-three-deck/titanic-ladder-triples-first", lz, L3, "10", "H", lead=lead, held=held,
               play="QS QS JS JS 5S 3S", legal=False, broken="follow.ladder", rules=["follow.ladder"],
               negative=["follow.ladder"], tags=["titanic", "follow-ladder"]),
        follow("seed/lianzhong-three-deck/titanic-ladder-triples-played", lz, L3, "10", "H", lead=lead, held=held,
               play="5S 5S 5S 3S 3S 3S", legal=True, rules=["follow.ladder"], tags=["titanic", "follow-ladder"]),
        follow("seed/qq-three-deck/titanic-ladder-triple-pair-single",
               seed(QQ, "三副牌规则 出牌规则", LADDER_QQ,
                    "No tractor and one triple: 一副三同张 + 一副对子 + 一单张 is the duty, not the triple and singles."),
               Q3, "10", "H", lead=lead, held="QS QS QS 9S 9S 6S 4S 3D", play="QS QS QS 9S 6S 4S", legal=False,
               broken="follow.ladder", rules=["follow.ladder"], negative=["follow.ladder"],
               tags=["titanic", "follow-ladder"]),
        follow("seed/qq-three-deck/triple-ladder-pair-and-single", seed(QQ, "三副牌规则 出牌规则", TRIPLE_QQ),
               Q3, "10", "H", lead="9S 9S 9S", held="KS KS 6S 4S 3D", play="KS 6S 4S", legal=False,
               broken="follow.ladder", rules=["follow.ladder"], negative=["follow.ladder"],
               tags=["triples", "follow-ladder"]),
        follow("seed/qq-three-deck/triple-ladder-pair-played", seed(QQ, "三副牌规则 出牌规则", TRIPLE_QQ),
               Q3, "10", "H", lead="9S 9S 9S", held="KS KS 6S 4S 3D", play="KS KS 6S", legal=True,
               rules=["follow.ladder"], tags=["triples", "follow-ladder"]),
        follow("seed/qq-three-deck/triple-ladder-triple-held", seed(QQ, "三副牌规则 出牌规则", TRIPLE_QQ),
               Q3, "10", "H", lead="9S 9S 9S", held="QS QS QS KS 3D", play="QS QS KS", legal=False,
               broken="follow.ladder", rules=["follow.ladder"], negative=["follow.ladder"],
               tags=["triples", "follow-ladder"]),
        follow("seed/lianzhong-three-deck/triple-ladder-pair-and-single", triple_lz, L3, "10", "H", lead="9S 9S 9S",
               held="KS KS 6S 4S 3D", play="KS 6S 4S", legal=False, broken="follow.ladder", rules=["follow.ladder"],
               negative=["follow.ladder"], tags=["triples", "follow-ladder"]),
    ]
    ladder = seed(QQ, "三副牌规则 亮主规则", DECLARE_QQ3)
    over = seed(QQ, "三副牌规则 亮主规则", "四位玩家中任意一位亮了合法的牌后，其它玩家就不能再亮同级别或该级别以下的牌了")
    out += [
        declare("seed/qq-three-deck/declare-jokers-over-pair", ladder, Q3, "10", (0, "10H 10H"), (1, "SJ SJ"),
                valid=True, overrides=True, trump="NT", rules=["declare.ladder"]),
        declare("seed/qq-three-deck/declare-three-tens-over-jokers", ladder, Q3, "10", (0, "SJ SJ"), (1, "10S 10S 10S"),
                valid=True, overrides=True, trump="S", rules=["declare.ladder"]),
        declare("seed/qq-three-deck/declare-three-jokers-over-three-tens", ladder, Q3, "10", (0, "10S 10S 10S"),
                (1, "BJ BJ BJ"), valid=True, overrides=True, trump="NT", rules=["declare.ladder"]),
        declare("seed/qq-three-deck/declare-three-jokers-equal", over, Q3, "10", (0, "SJ SJ SJ"), (1, "BJ BJ BJ"),
                valid=True, overrides=False, trump="NT", rules=["declare.ladder"], negative=["declare.ladder"]),
        declare("seed/qq-three-deck/declare-three-tens-equal", over, Q3, "10", (0, "10H 10H 10H"), (1, "10S 10S 10S"),
                valid=True, overrides=False, trump="H", rules=["declare.ladder"], negative=["declare.ladder"]),
    ]
    trick_others = ["2C 3C 4C 6C 7C 8C", "2D 3D 4D 6D 7D 8D", "9C JC QC 9D JD QD"]
    out += [
        bottom("seed/qq-three-deck/bottom-444555-times-64",
               seed(QQ, "扣底规则", "闲家用 444555 抠底，翻 2 × 2 × 2 × 2 × 2 × 2 ＝ 64 倍",
                    "Three decks: 444555 is a Titanic of six cards, 2^6."),
               Q3, "10", "H", ["5S 5S 5S 4S 4S 4S", *trick_others], first=1, bankers=[0, 2],
               buried="KD KD 5C 3H 4H 6H", winner=1, attackers_won=True, bottom_points=25, multiplier=64,
               to_attackers=1600, rules=["bottom.power"], tags=["titanic"]),
        bottom("seed/qq-three-deck/bottom-555-times-8",
               seed(QQ, "扣底规则", "闲家用 555 抠底，翻 8 倍", "Three decks: 555 is a triple of three cards, 2^3."),
               Q3, "10", "H", ["5S 5S 5S", "2C 3C 4C", "2D 3D 4D", "9C JC QC"], first=3, bankers=[0, 2],
               buried="KD KD 5C 3H 4H 6H", winner=3, attackers_won=True, bottom_points=25, multiplier=8,
               to_attackers=200, rules=["bottom.power"], tags=["triples"]),
        bottom("seed/lianzhong-three-deck/bottom-titanic-times-18",
               seed(LIANZHONG, "扣底", "若牌中含有Titanic（三副中同花色相邻三同张即称为Titanic），则乘的倍数等于2·3^len",
                    "A Titanic of two triples: 2·3^2 = 18."),
               L3, "10", "H", ["5S 5S 5S 4S 4S 4S", *trick_others], first=1, bankers=[0, 2],
               buried="KD KD 5C 3H 4H 6H", winner=1, attackers_won=True, bottom_points=25, multiplier=18,
               to_attackers=450, rules=["bottom.shape_table"], tags=["titanic"]),
        bottom("seed/lianzhong-three-deck/bottom-triple-times-6",
               seed(LIANZHONG, "扣底", "若牌中含有三对则乘的倍数等于6", "三对 here is a triple (一副三对): 6."),
               L3, "10", "H", ["5S 5S 5S", "2C 3C 4C", "2D 3D 4D", "9C JC QC"], first=3, bankers=[0, 2],
               buried="KD KD 5C 3H 4H 6H", winner=3, attackers_won=True, bottom_points=25, multiplier=6,
               to_attackers=150, rules=["bottom.shape_table"], tags=["triples"]),
    ]
    rows = [(0, "banker", 3, False), (55, "banker", 2, False), (60, "banker", 1, False), (115, "banker", 1, False),
            (120, "neither", 0, True), (175, "neither", 0, True), (180, "attackers", 1, True),
            (240, "attackers", 2, True), (300, "attackers", 3, True)]
    table = seed(QQ, "三副牌规则 记分规则",
                 "0 分记大光，不足 60 分算小光， 120 分上台， 180 分上台 +1 级， 240 分上台 +2 级跑分一方打成大光升 3 级，"
                 "小光升 2 级，满 120 分下台得分方打成 120 分上台，之后每满 60 分加一级",
                 "大光 (0) 3 levels, 小光 (under 60) 2, 60-119 the banker's side 1; from 120 the attackers take the "
                 "deal, from 180 one level more every 60.")
    for points, side, levels, take in rows:
        out.append(deal(f"seed/qq-three-deck/level-table-{points}", table, Q3, points, banker_seat=1, side=side,
                        levels=levels, take=take, next_banker=2 if take else 3, rules=["levels.table"],
                        negative=["levels.table"] if side != "attackers" else []))
    return out


def _lianzhong_throws() -> list[dict[str, Any]]:
    t = "33344"
    describe_33344 = seed(LIANZHONG, "3副牌规则 新增规则", "例如：第一家出33344牌型，系统将把这种牌型认成333+44")
    units_33344 = ["triple:3S 3S 3S", "pair:4S 4S"]
    units_991010 = ["tractor2:10S 10S 9S 9S", "triple:JS JS JS"]
    units_999 = ["triple:9S 9S 9S", "pair:10S 10S", "triple:JS JS JS"]
    return [
        describe(f"seed/lianzhong-three-deck/{t}-is-333-and-44", describe_33344, L3, "10", "H", "3S 3S 3S 4S 4S",
                 suit="S", units=units_33344, points=0, rules=["units.tractor", "units.tuple"],
                 negative=["units.tractor"], tags=["triples"]),
        throw(f"seed/lianzhong-three-deck/{t}-triple-beaten-forces-333",
              seed(LIANZHONG, "3副牌规则 新增规则", "若其他玩家手中有与33344同花色比333大的一个三同张，则系统替首家出333",
                   "555 beats the 333 (and, as a pair, the 44): the larger part, 333, is forced."),
              L3, "10", "H", "3S 3S 3S 4S 4S", ["5S 5S 5S"], succeeds=False, units=units_33344,
              blocks=[("3S 3S 3S", 1), ("4S 4S", 1)], forced="3S 3S 3S",
              rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"], tags=["triples"]),
        throw(f"seed/lianzhong-three-deck/{t}-pair-beaten-forces-44",
              seed(LIANZHONG, "3副牌规则 新增规则",
                   "若其他玩家手中有与33344同花色比44大的一个对且不存在比333大的三同张，则系统替首家出44"),
              L3, "10", "H", "3S 3S 3S 4S 4S", ["6S 6S"], succeeds=False, units=units_33344,
              blocks=[("4S 4S", 1)], forced="4S 4S", rules=["throw.unbeatable", "throw.forced_unit"],
              negative=["throw.unbeatable"], tags=["triples"]),
        trick(f"seed/lianzhong-three-deck/{t}-ruff-needs-triple-and-pair",
              seed(LIANZHONG, "3副牌规则 新增规则", "若33344牌是副牌，若要杀，主牌中需要有任意一个三同张和任意一对",
                   "555 77 of trump ruffs; 9988 J of trump has no triple and is a discard."),
              L3, "10", "H", ["3S 3S 3S 4S 4S", "5H 5H 5H 7H 7H", "9H 9H 8H 8H JH"], winner=1,
              verdicts="lead+ ruff+ discard-", points=15, rules=["trick.ruff"], negative=["trick.ruff"],
              tags=["triples", "throw"]),
        describe("seed/lianzhong-three-deck/991010jjj-is-tractor-and-triple",
                 seed(LIANZHONG, "3副牌规则 新增规则", "例如：第一家出991010JJJ牌型，系统将把这种牌型认成991010+JJJ",
                      "Playing 2, so that the 10s are plain spades."),
                 L3, "2", "H", "9S 9S 10S 10S JS JS JS", suit="S", units=units_991010, points=20,
                 rules=["units.tractor"], tags=["triples"]),
        throw("seed/lianzhong-three-deck/991010jjj-tractor-beaten",
              seed(LIANZHONG, "3副牌规则 新增规则", "若其他玩家手中有与991010JJJ同花色比991010大的拖拉机，则系统替首家出991010",
                   "Playing 2: KKQQ beats the tractor 991010; no triple beats JJJ."),
              L3, "2", "H", "9S 9S 10S 10S JS JS JS", ["KS KS QS QS"], succeeds=False, units=units_991010,
              blocks=[("10S 10S 9S 9S", 1)], forced="10S 10S 9S 9S", rules=["throw.unbeatable", "throw.forced_unit"],
              negative=["throw.unbeatable"], tags=["triples"]),
        throw("seed/lianzhong-three-deck/991010jjj-triple-beaten",
              seed(LIANZHONG, "3副牌规则 新增规则",
                   "若其他玩家手中有与991010JJJ同花色比JJJ大的一个三同张且不存在比991010大的拖拉机，则系统替首家出JJJ",
                   "Playing 2: KKK beats JJJ but is no tractor."),
              L3, "2", "H", "9S 9S 10S 10S JS JS JS", ["KS KS KS"], succeeds=False, units=units_991010,
              blocks=[("JS JS JS", 1)], forced="JS JS JS", rules=["throw.unbeatable", "throw.forced_unit"],
              negative=["throw.unbeatable"], tags=["triples"]),
        trick("seed/lianzhong-three-deck/991010jjj-ruff",
              seed(LIANZHONG, "3副牌规则 新增规则", "若991010JJJ牌是副牌，若要杀，主牌中需要有一个拖拉机和任意一个三同张",
                   "Playing 2 with hearts trump: 3344 of trump is a tractor and 666 a triple."),
              L3, "2", "H", ["9S 9S 10S 10S JS JS JS", "3H 3H 4H 4H 6H 6H 6H"], winner=1, verdicts="lead+ ruff+",
              points=20, rules=["trick.ruff"], tags=["triples", "throw", "tractor"]),
        describe("seed/lianzhong-three-deck/9991010jjj-is-999-1010-jjj",
                 seed(LIANZHONG, "3副牌规则 新增规则", "例如：第一家出9991010JJJ牌型，系统将把这种牌型认成999+1010+JJJ",
                      "Playing 2, so that the 10s are plain spades."),
                 L3, "2", "H", "9S 9S 9S 10S 10S JS JS JS", suit="S", units=units_999, points=20,
                 rules=["units.tractor"], negative=["units.tractor"], tags=["triples"]),
        throw("seed/lianzhong-three-deck/9991010jjj-triple-beaten-forces-999",
              seed(LIANZHONG, "3副牌规则 新增规则", "若其他玩家手中有与9991010JJJ同花色比999大的一个三同张，则系统替首家出999",
                   "QQQ beats 999, JJJ and (as a pair) 1010; of the two triples the lower, 999, is forced."),
              L3, "2", "H", "9S 9S 9S 10S 10S JS JS JS", ["QS QS QS"], succeeds=False, units=units_999,
              blocks=[("9S 9S 9S", 1), ("10S 10S", 1), ("JS JS JS", 1)], forced="9S 9S 9S",
              rules=["throw.unbeatable", "throw.forced_unit"], negative=["throw.unbeatable"], tags=["triples"]),
        throw("seed/lianzhong-three-deck/9991010jjj-pair-beaten-forces-1010",
              seed(LIANZHONG, "3副牌规则 新增规则",
                   "若其他玩家手中有与9991010JJJ同花色比1010大的一对且不存在比999大的一个三同张，则系统替首家出1010"),
              L3, "2", "H", "9S 9S 9S 10S 10S JS JS JS", ["QS QS"], succeeds=False, units=units_999,
              blocks=[("10S 10S", 1)], forced="10S 10S", rules=["throw.unbeatable", "throw.forced_unit"],
              negative=["throw.unbeatable"], tags=["triples"]),
        trick("seed/lianzhong-three-deck/9991010jjj-ruff",
              seed(LIANZHONG, "3副牌规则 新增规则", "若9991010JJJ牌是副牌，若要杀，主牌中需要有任意两个三同张和任意一对",
                   "Playing 2 with hearts trump: 333 and 666 of trump and the pair 88."),
              L3, "2", "H", ["9S 9S 9S 10S 10S JS JS JS", "3H 3H 3H 6H 6H 6H 8H 8H"], winner=1, verdicts="lead+ ruff+",
              points=20, rules=["trick.ruff"], tags=["triples", "throw"]),
    ]


def _four_deck() -> list[dict[str, Any]]:
    order = seed(QQ, "跪求4副牌升级规则 四、牌的大小顺序",
                 "4、主牌两连拖大小顺序 ：王连拖＞主级别指数连拖＞副级别指数连拖＞主牌拖拉机\u3000比如级别指数为‘3’，叫牌的花色为‘方块’"
                 "所以大小比较如下：大小王＞方块2233（主级别指数连拖）＞黑桃2233＞红桃2233＞梅花2233＞方块aakk（主牌拖拉机）")
    bottom_words = "单扣底乘2、双扣底 乘4、三扣底 乘8、四扣底 乘16"
    discards = {1: ["3C", "4C", "6C"], 2: ["3C 4C", "6C 7C", "8C 9C"], 3: ["3C 4C 6C", "7C 8C 9C", "JC QC KC"],
                4: ["3C 4C 6C 7C", "8C 9C JC QC", "KC AC 9D 8D"]}
    leads = {1: "9S", 2: "9S 9S", 3: "9S 9S 9S", 4: "9S 9S 9S 9S"}
    out = [
        trick("seed/four-deck/quad-beats-joker-tractor-beats-level-tractor",
              seed(QQ, "跪求4副牌升级规则 四、牌的大小顺序", "1、在游戏两连拖的对抗中，四条为最大；即：四条＞王连对＞主级别指数连拖",
                   "Playing 10 with hearts trump: 10H10H2H2H is the level tractor, BJBJSJSJ the joker tractor, "
                   "3H3H3H3H a quad."),
              FD, "10", "H", ["10H 10H 2H 2H", "BJ BJ SJ SJ", "3H 3H 3H 3H"], winner=2,
              verdicts="lead+ follow+ follow+", points=20, rules=["trick.kinds", "units.trump_tractor"],
              negative=["trick.kinds"], tags=["quads", "larger-tuples", "tractor"]),
        trick("seed/four-deck/triple-tractor-beats-pair-tractor",
              seed(QQ, "跪求4副牌升级规则 四、牌的大小顺序", "2、游戏的拖拉机大战中，三条连拖＞三连拖，比如：666777＞qqkkaa",
                   "Playing 10 with hearts trump, in spades."),
              FD, "10", "H", ["QS QS KS KS AS AS", "6S 6S 6S 7S 7S 7S"], winner=1, verdicts="lead+ follow+",
              points=20, rules=["trick.kinds"], negative=["trick.kinds"], tags=["titanic", "larger-tuples", "tractor"]),
        trick("seed/four-deck/quad-tractor-beats-eight-pair-tractor",
              seed(QQ, "跪求4副牌升级规则 四、牌的大小顺序", "四条连拖＞８连拖；如：&jjqqkkaa等",
                   "Playing 10 with hearts trump: 44445555 (two adjacent quads) against JJQQKKAA."),
              FD, "10", "H", ["JS JS QS QS KS KS AS AS", "4S 4S 4S 4S 5S 5S 5S 5S"], winner=1, verdicts="lead+ follow+",
              points=40, rules=["trick.kinds"], negative=["trick.kinds"], tags=["quads", "larger-tuples", "tractor"]),
        trick("seed/four-deck/level-tractors-by-suit", order, FD, "3", "D",
              ["AD AD KD KD", "3C 3C 2C 2C", "3H 3H 2H 2H", "3S 3S 2S 2S"], winner=3,
              verdicts="lead+ follow+ follow+ follow+", points=20, rules=["order.trump", "units.trump_tractor"],
              negative=["order.trump"], tags=["trump-tractor", "fixed-rank-trump"]),
        trick("seed/four-deck/joker-tractor-over-level-tractors", order, FD, "3", "D",
              ["3S 3S 2S 2S", "3D 3D 2D 2D", "BJ BJ SJ SJ", "3C 3C 2C 2C"], winner=2,
              verdicts="lead+ follow+ follow+ follow-", points=0, rules=["order.trump", "units.trump_tractor"],
              negative=["order.trump"], tags=["trump-tractor", "fixed-rank-trump"]),
        follow("seed/four-deck/quad-lead-triple-first",
               seed(QQ, "跪求4副牌升级规则 跟牌", "四 条：四条-----三条---连拖---对子---散牌",
                    "No quad held: the triple comes before the tractor."),
               FD, "10", "H", lead="9S 9S 9S 9S", held="KS KS KS 7S 7S 6S 6S 3S 4D", play="7S 7S 6S 6S", legal=False,
               broken="follow.ladder", rules=["follow.ladder"], negative=["follow.ladder"],
               tags=["quads", "follow-ladder"]),
        follow("seed/four-deck/quad-lead-triple-played",
               seed(QQ, "跪求4副牌升级规则 跟牌", "四 条：四条-----三条---连拖---对子---散牌"),
               FD, "10", "H", lead="9S 9S 9S 9S", held="KS KS KS 7S 7S 6S 6S 3S 4D", play="KS KS KS 3S", legal=True,
               rules=["follow.ladder"], tags=["quads", "follow-ladder"]),
        follow("seed/four-deck/tractor-lead-two-pairs",
               seed(QQ, "跪求4副牌升级规则 跟牌", "两连拖：两连拖---对子----散牌",
                    "No tractor held: the pairs (two of them) before singles."),
               FD, "10", "H", lead="8S 8S 7S 7S", held="KS KS 5S 5S 3S 4D", play="KS KS 5S 3S", legal=False,
               broken="follow.ladder", rules=["follow.ladder"], negative=["follow.ladder"],
               tags=["tractor", "follow-ladder"]),
        throw("seed/four-deck/failed-throw-smallest-shape-and-penalty",
              seed(QQ, "跪求4副牌升级规则 五、甩牌的规则", "甩牌失败，即甩牌的玩家出最小的牌型及牌，并扣除该玩家1分",
                   "AA held elsewhere beats the K (by an A) and the QQ (by AA): the smallest shape, the single K, "
                   "is forced, and the thrower loses 1 point."),
              FD, "10", "H", "KS QS QS", ["AS AS"], succeeds=False, units=["single:KS", "pair:QS QS"],
              blocks=[("KS", 1), ("QS QS", 1)], forced="KS", penalty=1,
              rules=["throw.forced_unit", "throw.penalty"], negative=["throw.penalty"], tags=["penalty"]),
        describe("seed/four-deck/twos-fixed-trump",
                 seed(QQ, "跪求4副牌升级规则 二、名词解释", "固定主：王和2称为固定主。", "A side 2 is trump."),
                 FD, "10", "H", "2S", suit="trump", units=["single:2S"], points=0, rules=["order.fixed_rank_trump"]),
    ]
    for size, factor in ((1, 2), (2, 4), (3, 8), (4, 16)):
        out.append(bottom(f"seed/four-deck/bottom-{size}-times-{factor}",
                          seed(QQ, "跪求4副牌升级规则 二、名词解释 抠底", bottom_words,
                               f"The last trick led with {size} identical cards: x{factor}."),
                          FD, "10", "H", [leads[size], *discards[size]], first=1, bankers=[0, 2],
                          buried="KD KD 5D 3H 4H 6H 7H 8H", winner=1, attackers_won=True, bottom_points=25,
                          multiplier=factor, to_attackers=25 * factor, rules=["bottom.power"]))
    chao = seed(QQ, "跪求4副牌升级规则 抄底牌条件",
                "抄底牌条件：单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王")
    out += [
        declare("seed/four-deck/declare-clubs-pair-over-diamonds-pair", chao, FD, "10", (0, "10D 10D"), (1, "10C 10C"),
                valid=True, overrides=True, trump="C", rules=["declare.suit_order", "declare.ladder"],
                tags=["declaration-suit-order"]),
        declare("seed/four-deck/declare-hearts-pair-under-spades-pair", chao, FD, "10", (0, "10S 10S"), (1, "10H 10H"),
                valid=True, overrides=False, trump="S", rules=["declare.suit_order", "declare.ladder"],
                negative=["declare.suit_order"], tags=["declaration-suit-order"]),
        declare("seed/four-deck/declare-small-jokers-over-spades-pair", chao, FD, "10", (0, "10S 10S"), (1, "SJ SJ"),
                valid=True, overrides=True, trump=None, compare_trump=False, compare_no_trump=False,
                rules=["declare.ladder"]),
        declare("seed/four-deck/declare-big-jokers-over-small-jokers", chao, FD, "10", (0, "SJ SJ"), (1, "BJ BJ"),
                valid=True, overrides=True, trump=None, compare_trump=False, compare_no_trump=False,
                rules=["declare.ladder"]),
        declare("seed/four-deck/declare-four-jokers-over-big-jokers", chao, FD, "10", (0, "BJ BJ"), (1, "SJ SJ BJ BJ"),
                valid=True, overrides=True, trump=None, compare_trump=False, compare_no_trump=False,
                rules=["declare.ladder"]),
        declare("seed/four-deck/declare-pair-over-single", chao, FD, "10", (0, "10H"), (1, "10D 10D"),
                valid=True, overrides=True, trump="D", rules=["declare.ladder"]),
        declare("seed/four-deck/no-self-override", seed(QQ, "跪求4副牌升级规则 三、游戏步骤", "自反：不能自反"),
                FD, "10", (0, "10H"), (0, "10S 10S"), valid=True, overrides=False, trump="H",
                rules=["declare.self"], negative=["declare.self"]),
        declare("seed/four-deck/rebury-overrides",
                seed(QQ, "跪求4副牌升级规则 六、炒底规则",
                     "抄底牌的玩家需按照 “ 反主级别 ” 的大小顺序亮出比当前级别高的牌，可以拿起底牌进行重新扣底，并且视同 “ 反主 ” ",
                     "After the bottom is buried, a pair of 10S (after 10H in the suit order) takes it up: an override."),
                FD, "10", (0, "10H 10H"), (1, "10S 10S"), valid=True, overrides=True, trump="S",
                rules=["declare.rebury", "declare.suit_order"], rebury=True, tags=["declaration-suit-order"]),
        declare("seed/four-deck/no-rebury-of-ones-own",
                seed(QQ, "跪求4副牌升级规则 六、炒底规则", "玩家自己亮的主，而别人都没有人反主的情况下，不能亮主的人自己反主炒底",
                     "The declarer of 10H 10H cannot rebury over its own declaration."),
                FD, "10", (0, "10H 10H"), (0, "SJ SJ"), valid=True, overrides=False, trump="H",
                rules=["declare.rebury", "declare.self"], negative=["declare.rebury"], rebury=True),
    ]
    return out


def _heijian() -> list[dict[str, Any]]:
    order = seed(HEIJIAN, "注意 A.单卡类型",
                 "A.单卡类型:主卡的数量，降序排列:黑桃A >红桃5 & gtblock 5 >；王者>小王>；参谋人员>支付人员>主要等级卡>支付等级卡> A",
                 "♠A > ♥5 > ♦5 > big joker > small joker > 参谋 (the trump suit's 3) > 副参谋 (the 3 of the other suit "
                 "of the trump's colour) > the trump level card > the other level cards > the trump suit. "
                 "Playing 2, hearts trump.")
    out = [
        trick("seed/heijian/order-ace-of-spades-highest", order, HJ, "2", "H", ["BJ", "5D", "5H", "AS"], winner=3,
              verdicts="lead+ follow+ follow+ follow+", points=10, rules=["order.trump"], tags=["special-trump"]),
        trick("seed/heijian/order-staff-cards", order, HJ, "2", "H", ["2H", "3D", "3H", "SJ"], winner=3,
              verdicts="lead+ follow+ follow+ follow+", points=0, rules=["order.trump"], tags=["special-trump"]),
        trick("seed/heijian/other-level-cards-first-wins",
              seed(HEIJIAN, "注意 C.", "子等级之间的第一个大于最后一个",
                   "Playing 2, hearts trump: 2S and 2C are equal other level cards; the first played wins."),
              HJ, "2", "H", ["AH", "2S", "2C", "KH"], winner=1, verdicts="lead+ follow+ follow- follow-", points=10,
              rules=["order.first_played_wins"], negative=["order.first_played_wins"],
              tags=["special-trump", "first-played-wins"]),
        describe("seed/heijian/6688-tractor-playing-7",
                 seed(HEIJIAN, "h) 拖拉机类型", "比如玩的级别是7，那么6688也是拖拉机", "Hearts trump; 6688 of spades."),
                 HJ, "7", "H", "6S 6S 8S 8S", suit="S", units=["tractor2:8S 8S 6S 6S"], points=0,
                 rules=["units.tractor_bridge"], tags=["bridged-gap", "special-trump"]),
        describe("seed/heijian/staff-cards-make-no-tractor",
                 seed(HEIJIAN, "h) 拖拉机类型", "火柴卡和参谋不计入拖拉机，不能形成拖拉机",
                      "Hearts trump: 3H (参谋) and 3D (副参谋) pairs are two pairs, not a tractor."),
                 HJ, "7", "H", "3H 3H 3D 3D", suit="trump", units=["pair:3H 3H", "pair:3D 3D"], points=0,
                 rules=["units.tractor"], negative=["units.tractor"], tags=["special-trump"]),
        describe("seed/heijian/jokers-make-no-tractor",
                 seed(HEIJIAN, "h) 拖拉机类型", "火柴卡和参谋不计入拖拉机，不能形成拖拉机",
                      "The jokers are 火柴卡 (bidding cards): their pairs make no tractor."),
                 HJ, "7", "H", "BJ BJ SJ SJ", suit="trump", units=["pair:BJ BJ", "pair:SJ SJ"], points=0,
                 rules=["units.tractor"], negative=["units.tractor"], tags=["special-trump", "jokers"]),
        describe("seed/heijian/trump-suit-gap-of-5-bridged",
                 seed(HEIJIAN, "h) 拖拉机类型", "如果中间缺卡(火柴卡或参谋缺失)，那么其他连卡也是拖拉机",
                      "Hearts trump playing 7: 5H is a special card, so 6H and 4H are adjacent."),
                 HJ, "7", "H", "6H 6H 4H 4H", suit="trump", units=["tractor2:6H 6H 4H 4H"], points=0,
                 rules=["units.tractor_bridge"], tags=["bridged-gap", "special-trump"]),
        trick("seed/heijian/bomb-beats-two-pair-tractor",
              seed(HEIJIAN, "注意 F.", "炸弹可以压垮两对拖拉机", "Playing 2, hearts trump; in spades."),
              HJ, "2", "H", ["7S 7S 6S 6S", "9S 9S 9S 9S"], winner=1, verdicts="lead+ follow+", points=0,
              rules=["trick.kinds"], negative=["trick.kinds"], tags=["quads", "larger-tuples", "special-trump"]),
        throw("seed/heijian/failed-throw-smallest-card",
              seed(HEIJIAN, "j) 抛牌", "抛牌失败后，系统会自动打出最小的牌，抛牌失败不扣分",
                   "77 held elsewhere beats the thrown 66: the smallest card, one 6, is played; no penalty."),
              HJ, "2", "H", "KC 6C 6C", ["7C 7C"], succeeds=False, units=["single:KC", "pair:6C 6C"],
              blocks=[("6C 6C", 1)], forced="6C", penalty=0, rules=["throw.forced_unit", "throw.penalty"],
              negative=["throw.forced_unit"], tags=["special-trump"]),
        trick("seed/heijian/ruff-needs-the-bomb",
              seed(HEIJIAN, "j) 抛牌",
                   "如果需要用主卡击杀，必须保证翻牌中最大的牌型和击杀中最大的牌型一致。举个例子，如果等级是4，红心的拥有者，玩家A抛出一张AK666699的牌，玩家B必须有一个6666对应的主卡弹才能杀卡",
                   "Playing 4 with hearts trump, the throw in clubs: a trump ruff whose largest unit is a bomb "
                   "(7777) ruffs it."),
              HJ, "4", "H", ["AC KC 6C 6C 6C 6C 9C 9C", "7H 7H 7H 7H 8H 9H JH QH"], winner=1, verdicts="lead+ ruff+",
              points=10, rules=["trick.ruff"], tags=["quads", "special-trump", "throw"]),
        trick("seed/heijian/ruff-without-the-bomb",
              seed(HEIJIAN, "j) 抛牌",
                   "如果需要用主卡击杀，必须保证翻牌中最大的牌型和击杀中最大的牌型一致。举个例子，如果等级是4，红心的拥有者，玩家A抛出一张AK666699的牌，玩家B必须有一个6666对应的主卡弹才能杀卡",
                   "Playing 4 with hearts trump: a ruff whose largest unit is a tractor, not a bomb, is a discard."),
              HJ, "4", "H", ["AC KC 6C 6C 6C 6C 9C 9C", "7H 7H 8H 8H 9H 9H JH QH"], winner=0, verdicts="lead+ discard-",
              points=10, rules=["trick.ruff"], negative=["trick.ruff"], tags=["quads", "special-trump", "throw"]),
    ]
    bid = seed(HEIJIAN, "比较卡片", "如果取出黑桃A和红桃5，那么玩家的配分是6加5等于11分",
               "Points: ♠A 6, ♥5 5, ♦5 4, big joker 3, small joker 2, a level card 1 (比派的卡牌类型是黑桃A、红心5、"
               "方块5、国王、小王以及正在玩的关卡的点数分别是6、5、4、3、2、1). Playing 2.")
    out += [
        declare("seed/heijian/bid-8-under-11", bid, HJ, "2", (0, "AS 5H"), (1, "5D BJ 2S"), valid=True,
                overrides=False, trump=None, rules=["declare.point_sum"], negative=["declare.point_sum"]),
        declare("seed/heijian/bid-13-over-11", bid, HJ, "2", (0, "AS 5H"), (1, "AS 5D BJ"), valid=True,
                overrides=True, trump=None, rules=["declare.point_sum"]),
        declare("seed/heijian/bid-11-equal", bid, HJ, "2", (0, "AS 5H"), (1, "5H 5D SJ"), valid=True,
                overrides=False, trump=None, rules=["declare.point_sum"], negative=["declare.point_sum"]),
    ]
    dig = seed(HEIJIAN, "挖底", "如果用套牌揭底，那么底部的分数不变。如果主卡用于揭示底部，那么底部的分数将加倍给攻击者",
               "Playing 2, hearts trump: won in clubs the bottom counts once, won by a trump ruff twice.")
    buried = "KD KD 10S 3C 4C 6C 7C 8C"
    out += [
        bottom("seed/heijian/bottom-side-suit-times-1", dig, HJ, "2", "H", ["AC", "9C", "JD", "QD"], first=1,
               bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=30, multiplier=1,
               to_attackers=30, rules=["bottom.trump_doubles"], negative=["bottom.trump_doubles"],
               tags=["special-trump"]),
        bottom("seed/heijian/bottom-trump-times-2", dig, HJ, "2", "H", ["KS", "4H", "JS", "QS"], first=0,
               bankers=[0, 2], buried=buried, winner=1, attackers_won=True, bottom_points=30, multiplier=2,
               to_attackers=60, rules=["bottom.trump_doubles", "trick.ruff"], tags=["special-trump", "ruff"]),
        bottom("seed/heijian/bottom-banker-keeps-points",
               seed(HEIJIAN, "挖底", "如果庄家赢了，就把牌中的分数给庄家(不用加倍)", "Playing 2, hearts trump."),
               HJ, "2", "H", ["AC", "9C", "JD", "QD"], first=0, bankers=[0, 2], buried=buried, winner=0,
               attackers_won=False, bottom_points=30, multiplier=0, to_attackers=0, to_banker=30,
               rules=["bottom.banker_wins"], negative=["bottom.banker_wins"], tags=["special-trump"]),
    ]
    return out


def _fixed_two() -> list[dict[str, Any]]:
    out = [
        trick("seed/fixed-two/order-level-cards-then-twos",
              seed(CLASSIC, "second half 牌由大到小排列", "牌由大到小排列為：大鬼、小鬼、主2、副2、主牌、副牌",
                   "With a level (當打到3的情況下 … 主牌3333副主3333主牌2222副主2222): the level cards rank above 主2. "
                   "Playing 10 with hearts trump."),
              F2, "10", "H", ["AH", "2S", "2H", "10S"], winner=3, verdicts="lead+ follow+ follow+ follow+",
              points=10, rules=["order.fixed_rank_trump", "order.trump"], negative=["order.fixed_rank_trump"]),
        trick("seed/fixed-two/same-cards-first-wins",
              seed(CLASSIC, "second half", "兩個玩家在同一輪中出了同樣的牌，先出的玩家大于后出的玩家"),
              F2, "10", "H", ["QS", "QS", "3S", "4S"], winner=0, verdicts="lead+ follow- follow- follow-", points=0,
              rules=["order.first_played_wins"], negative=["order.first_played_wins"], tags=["first-played-wins"]),
        trick("seed/fixed-two/quad-eats-two-pair-tractor",
              seed(CLASSIC, "second half", "4張可以吃同樣張數(shù)的2張拖拉機", "Playing 10, hearts trump, in spades."),
              F2, "10", "H", ["7S 7S 6S 6S", "9S 9S 9S 9S"], winner=1, verdicts="lead+ follow+", points=0,
              rules=["trick.kinds"], negative=["trick.kinds"], tags=["quads", "larger-tuples"]),
        trick("seed/fixed-two/triple-tractor-over-pair-tractor",
              seed(CLASSIC, "second half", "同樣牌數(shù)的3張和4張拖拉機大過同樣牌數(shù)的2張拖拉機",
                   "Playing 10, hearts trump: 444555 (six cards) against KKQQJJ."),
              F2, "10", "H", ["KS KS QS QS JS JS", "4S 4S 4S 5S 5S 5S"], winner=1, verdicts="lead+ follow+", points=35,
              rules=["trick.kinds"], negative=["trick.kinds"], tags=["titanic", "larger-tuples"]),
        trick("seed/fixed-two/quads-playing-3",
              seed(CLASSIC, "second half 8．", "4大王最大4小王主牌3333副主3333主牌2222副主2222主牌AAAA",
                   "Playing 3, hearts trump: 主AAAA < 副2222 < 主2222 < 副3333."),
              F2, "3", "H", ["AH AH AH AH", "2S 2S 2S 2S", "2H 2H 2H 2H", "3S 3S 3S 3S"], winner=3,
              verdicts="lead+ follow+ follow+ follow+", points=0, rules=["order.trump", "order.fixed_rank_trump"],
              tags=["quads"]),
    ]
    table = seed(CLASSIC, "second half 2．",
                 "如抓分方得到0分或負分，則計為大光，莊家連升3級。如得分不滿80分，則莊家連升2級。如得分大于或等于80但小于160則莊家方升1級。"
                 "如果得分大于或等于160但小于240，則莊家下臺，抓分方升一級。如果得分大于或等于240但小于320分，則抓分方升二級。"
                 "依此類推，抓分方每增加80分，則升一級，升級不做封頂限制")
    for points, side, levels, take in ((-10, "banker", 3, False), (0, "banker", 3, False), (75, "banker", 2, False),
                                       (80, "banker", 1, False), (155, "banker", 1, False),
                                       (160, "attackers", 1, True), (240, "attackers", 2, True),
                                       (320, "attackers", 3, True), (400, "attackers", 4, True)):
        out.append(deal(f"seed/fixed-two/level-table-{points}", table, F2, points, banker_seat=0, side=side,
                        levels=levels, take=take, next_banker=1 if take else 2, rules=["levels.table"],
                        negative=["levels.table"] if side == "banker" else []))
    dig = seed(CLASSIC, "second half 3．",
               "游戲最后一輪，抓分方和莊家方皆可扣底，被扣底的一方按照該方得分和扣底牌數(shù)來扣除相應(yīng)的分數(shù)給予扣底一方。"
               "單張扣低分值*1。一對扣低，玩家手上所有分值*2，三張扣則*3",
               "Playing 10, hearts trump, the banker's side seats 0 and 2 with 80 points, the attackers 120.")
    out += [
        bottom("seed/fixed-two/banker-side-digs-with-a-pair", dig, F2, "10", "H",
               ["9S 9S", "3S 4S", "6S 7S", "8S JS"], first=0, bankers=[0, 2], buried="", winner=0, attackers_won=False,
               bottom_points=0, multiplier=2, to_attackers=0, to_banker=240, digging="banker", side_points=(80, 120),
               rules=["bottom.either_side", "bottom.linear"], negative=["bottom.either_side"], tags=["pairs"]),
        bottom("seed/fixed-two/attackers-dig-with-a-triple", dig, F2, "10", "H",
               ["9S 9S 9S", "3S 4S 6S", "7S 8S JS", "QS KS AS"], first=1, bankers=[0, 2], buried="", winner=1,
               attackers_won=True, bottom_points=0, multiplier=3, to_attackers=240, digging="attackers",
               side_points=(80, 120), rules=["bottom.either_side", "bottom.linear"], tags=["triples"]),
    ]
    more = seed(CLASSIC, "second half 叫主", "比對方叫牌多1張牌的情況可改變主牌花色", "Playing 10.")
    out += [
        declare("seed/fixed-two/declare-more-cards-override", more, F2, "10", (0, "10H"), (1, "10S 10S"),
                valid=True, overrides=True, trump="S", rules=["declare.ladder"]),
        declare("seed/fixed-two/declare-as-many-cards-do-not", more, F2, "10", (0, "10H 10H"), (1, "10S 10S"),
                valid=True, overrides=False, trump="H", rules=["declare.ladder"], negative=["declare.ladder"]),
    ]
    return out


def cases() -> list[dict[str, Any]]:
    """Every seed case of this module."""
    return [*_titanic(), *_three_deck_play(), *_lianzhong_throws(), *_four_deck(), *_heijian(), *_fixed_two()]
