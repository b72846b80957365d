"""The catalogue of rules: every rule id an answer can cite, with its sources.

Rule ids are stable: once released, an id keeps its meaning. Where variants
disagree, one rule id covers the rule and the variant's parameters say which
form applies (the answer's explanation names the form).

Sources are seed files in docs/seeds/ with their section, quoted as they are.

>>> RULES["follow.pairs"].sources[0].startswith("002_")
True
>>> rule_ids_known(["follow.suit", "trick.ruff"])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

QQ = "002_5b87348f30dfb850.txt"
CLASSIC = "000_3747cc098fae40aa.txt"
HEIJIAN = "001_3bb4109d69037b9c.txt"
LIANZHONG_TRAD = "003_3b916e38a503e48d.txt"
LIANZHONG = "004_2cb14f7c4c9f35bd.txt"
BOTZONE = "keyijing/Tractor-RL judger.py"
"""The Botzone Tractor judge, which the botzone-tractor profile follows (docs/botzone.md)."""


def _rainbows(what: str) -> str:
    """Where rbtying/shengji's rainbows (#508) were read: the same text in three forks."""
    return (f"tgoh-ots/shengji-tractor mechanics/src/trick.rs ({what}) @ 18514e6, a fork carrying upstream's "
            "code; the same in arunsrinivas20/shengji @ a87aa6c and ChineseGame-Mu/YihuaMu @ 8cfc2ba")


@dataclass(frozen=True)
class Rule:
    """A rule: its stable id, one sentence, and where it comes from."""

    id: str
    summary: str
    sources: tuple[str, ...]


def _rule(rule_id: str, summary: str, *sources: str) -> Rule:
    return Rule(rule_id, summary, sources)


_ALL = [
    # The order of the cards.
    _rule("order.trump",
          "Trump is the jokers, the level cards and the trump suit; the big joker is highest, then the "
          "small joker, the trump-suit level card, the other level cards, then the trump suit from A down.",
          f"{QQ} 牌的大小顺序 (2不为常主时主牌从大至小依次为：大王, 小王, 主10, 副10, A, K ... 2)",
          f"{LIANZHONG} 牌的大小 (大王(红色Joker) … 小王(黑色Joker) … 主花色级牌 … 其它花色级牌 … 主花色牌(级牌除外)，A最大)",
          f"{CLASSIC} 二 (大王,小王,主 10,副 10,A,K,Q,J,9,8,7,6,5,4,3,2)"),
    _rule("order.fixed_rank_trump",
          "Where a rank is always trump (2为常主), its trump-suit cards rank above its other cards, "
          "both below the level cards, and the rank leaves the side suits.",
          f"{QQ} 牌的大小顺序 (2为常主时主牌从大至小依次为：大王, 小王, 主10, 副10, 主2, 副2, A ... 3)",
          f"{CLASSIC} 二 (大王,小王,主 10,副 10,主 2,副 2,A,K,Q,J,9,8,7,6,5,4,3)"),
    _rule("order.no_trump",
          "In a no-trump deal only the jokers and the level cards are trump.",
          f"{QQ} 亮牌规则 (若发牌结束仍无人亮牌，则打无主)",
          f"{LIANZHONG} 3副牌规则 (两张王（打无主）)"),
    _rule("order.side_suit",
          "A side suit ranks from A down, without its level card (and any rank that is always trump).",
          f"{QQ} 牌的大小顺序 (副牌从大至小依次为：A,K,Q,J,9,8,7,6,5,4,3,2)"),
    _rule("order.first_played_wins",
          "Of equal cards (identical cards, or level cards of different side suits) the first played wins.",
          f"{QQ} 出牌规则 (出牌时同等大小的牌以先出者为大)",
          f"{HEIJIAN} C (子等级之间的第一个大于最后一个)"),
    _rule("order.two_colours",
          "In the two-colour game black and red are the only suits: two red kings are a pair, a red "
          "and a black king are not.",
          f"{CLASSIC} 二 (除大小王外，把黑色是為一種花色，把紅色是為另一種花色，共兩種花色)"),
    _rule("points.cards",
          "Every 5 is worth 5 points, every 10 and K 10 points.",
          f"{LIANZHONG} 分牌 (每张5、10和K是分牌，5代表5分，10代表10分，K也代表10分)"),
    # Units.
    _rule("units.tuple",
          "Identical cards (from different decks) form a pair; a single card is a single.",
          f"{LIANZHONG} 对牌 (两张同点同花色的牌称为一对牌)"),
    _rule("units.tractor",
          "Pairs adjacent in the order and of one effective suit form a tractor; two pairs of "
          "equal-ranking different cards (两对副10) do not.",
          f"{QQ} 拖拉机的构成 (凡大小顺序相邻且花色相同的联对均构成拖拉机，如：KKQQ,JJ99,554433 … "
          "以下各例均不是拖拉机：554,544,5533,JJQ，两对副10,JJ1010,AA22)",
          f"{LIANZHONG} 拖拉机 (同花色的相邻两对或更多的对构成拖拉机，级牌不能与相同花色的副牌构成拖拉机)"),
    _rule("units.tractor_bridge",
          "The level rank's gap is bridged in a suit: JJ99 is a tractor when playing 10.",
          f"{QQ} 拖拉机的构成 (JJ99)",
          f"{HEIJIAN} h (比如玩的级别是7，那么6688也是拖拉机)"),
    _rule("units.trump_tractor",
          "Trump pairs adjacent in the trump order form tractors across the jokers, the level cards and "
          "the trump ace: 小王小王+主10主10, 主10主10+副10副10, 副10副10+主AA.",
          f"{QQ} 拖拉机的构成 (主牌中凡大小顺序相邻联对均构成拖拉机，如：一对小王带一对主10, "
          "一对主10带一对副10一对副10带一对主牌A)"),
    _rule("lead.one_suit",
          "A lead is cards of one effective suit; several units led together are a throw.",
          f"{QQ} 出牌规则 (同门花色的大牌可以联出，称作“甩牌”)",
          f"{LIANZHONG} 出牌规则 (首家可以出同花色中的拖拉机、对和单牌的任意组合，但必须保证最大性)"),
    # Following.
    _rule("follow.suit",
          "A follower plays cards of the led suit as far as the hand allows; only when they run out "
          "may other cards be added.",
          f"{LIANZHONG} 出牌规则 (如果用户有红桃必须先出红桃)",
          f"{QQ} 出牌规则 (首家出某花色副牌时，其余家无此门花色时，可出主牌)"),
    _rule("follow.tractor",
          "When the lead holds tractors, a follower who has tractors in the led suit plays them, the "
          "lead's largest tractor matched first and as fully as the hand allows.",
          f"{QQ} 出牌规则 (首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出对牌)",
          f"{LIANZHONG} 出牌规则 (如果首家出牌中包含拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机)"),
    _rule("follow.pairs",
          "When the lead holds pairs (those in tractors included), a follower plays pairs of the led "
          "suit, as many as the lead has, as far as the hand allows.",
          f"{QQ} 出牌规则 (首家出对牌时，其余家有对牌必须出对牌（包括拖拉机中的对牌）)",
          f"{LIANZHONG} 出牌规则 (如果首家出牌中包含对，则其它方如果有同花色的对，必须出对)"),
    _rule("follow.ladder",
          "Where the variant lists what a follower must show against a lead of one shape (the Titanic, "
          "triple, quad and tractor ladders), the first rung the hand can show is the duty; rungs marked "
          "as alternatives (可选) are equal.",
          f"{QQ} 三副牌规则 出牌规则 (泰坦尼克 其它玩家根据牌情按如下顺序出牌：泰坦尼克一副拖拉机 + 任意两张两副三同张)",
          f"{LIANZHONG} 3副牌规则 新增规则 (当第一家出“泰坦尼克”牌型时，其它玩家根据牌情按以下顺序出牌)",
          f"{QQ} 四副牌 跟牌 (四 条：四条-----三条---连拖---对子---散牌)",
          f"{CLASSIC} 跟牌規則 (出牌是可選的)"),
    _rule("follow.same_type",
          "Where the hand holds a play of the lead's type (single, pair, tractor) in the led suit, the "
          "follower plays one of that type in that suit; any one will do (the Botzone judge).",
          f"{BOTZONE} (checkLegalMove, checkRes: ILLEGAL_MOVE [13]-[15])"),
    _rule("follow.throw_components",
          "Against a throw whose longest component is a tractor, a follower whose cards of the suit can "
          "cover the throw's component lengths plays cards that cover them (the Botzone judge).",
          f"{BOTZONE} (checkLegalMove, throw branch: ILLEGAL_MOVE [8], [11])"),
    _rule("follow.decomposition",
          "A follower who plays only cards of the led suit must fill the first of the lead's ordered "
          "decompositions (its own units, then ever finer splits) that the hand can fill; the variant's "
          "draw policy may protect longer tuples or keep tractors from being asked of non-tractors.",
          "rbtying/shengji mechanics/src/trick.rs (TrickFormat::is_legal_play, TrickDrawPolicy) @ aaf0e18",
          "tgoh-ots/shengji-tractor mechanics/src/trick.rs (TrickFormat::is_legal_play with the longer-tuple "
          "guard of #507 and #512, TrickDrawPolicy with five values) @ 18514e6, a fork carrying upstream's code",
          "rbtying/shengji mechanics/src/ordered_card.rs (subsequent_decomposition_ordering) @ a9ea0d2"),
    # The trick.
    _rule("trick.structure",
          "Only a play with the lead's structure can win: a follow in the led suit beats the best so far "
          "only with the same units and a higher one.",
          f"{LIANZHONG} 牌的大小 (若首家出包含对的副牌，其它方即使全部出了主牌，但没有对，也不能算大)"),
    _rule("trick.ruff",
          "With none of a led side suit, trump may ruff (毙); it counts only with at least as many "
          "tractors and pairs as the lead (or the lead's exact shape, by variant), else it is a discard.",
          f"{QQ} 出牌规则 (若首家出的牌中有拖拉机或对牌，毙牌时所出的牌必须是主牌，且其拖拉机的数目不得少于"
          "首家出的牌中的拖拉机的数目，对牌的数目也不得少于首家出的牌中的对牌的数目，否则被视为垫牌)",
          f"{LIANZHONG} 出牌规则 (其它方试图用主牌毙时必须也要出相应数量的拖拉机和对)"),
    _rule("trick.over_ruff",
          "Ruffs compare by their tractors and pairs: 998872 ruffs AK5544 but not AA5544; 884 over-ruffs "
          "977 on 544 but not on 567.",
          f"{QQ} 出牌规则 (毙牌的大小以毙牌中的拖拉机和对牌大小为准，大的称为“盖毙”。如：主牌 9988 72 可毙"
          "副牌 AK5544, 但不能毙副牌 AA5544主牌 977 可毙副牌 544, 主牌 884 可盖毙主牌 977 可毙副牌 567, "
          "主牌 884 不能盖毙)"),
    _rule("trick.kinds",
          "Where the variant says so, of units with the same number of cards one of larger tuples beats a "
          "tractor of smaller tuples whatever the ranks: a quad (bomb) beats a two-pair tractor, a tractor "
          "of triples beats one of pairs, a tractor of quads beats one of triples.",
          f"{QQ} 四副牌 四、牌的大小顺序 (1、在游戏两连拖的对抗中，四条为最大；即：四条＞王连对＞主级别指数连拖)",
          f"{CLASSIC} 拖拉機 (同樣牌數(shù)的3張和4張拖拉機大過同樣牌數(shù)的2張拖拉機。同樣張數(shù)的4張拖拉機大過同樣張數(shù)的3張拖拉機)",
          f"{HEIJIAN} F (炸弹可以压垮两对拖拉机)"),
    _rule("trick.same_type",
          "Against a lead that is not a throw, only a play of the lead's type in the led suit or in trump "
          "counts; trump beats the suit, and otherwise the higher top card wins (the Botzone judge).",
          f"{BOTZONE} (checkWinner, 常规牌型)"),
    _rule("trick.largest_component",
          "Against a throw, only an all-trump play whose component lengths cover the throw's counts; the "
          "first ruffs, and later ones compare only the throw's largest component (the Botzone judge).",
          f"{BOTZONE} (checkWinner, 对于甩牌，盖毙只判定最大牌型的大小)"),
    _rule("trick.format",
          "Only a play all of the led suit or all trump that splits exactly into the lead's units can win; "
          "a larger tuple may stand for a smaller one.",
          "rbtying/shengji mechanics/src/trick.rs (TrickFormat::matches) @ aaf0e18, the same in the fork "
          "copy tgoh-ots/shengji-tractor @ 18514e6"),
    _rule("trick.throw_evaluation",
          "A play that splits into the lead's units beats the best so far if some split does under the "
          "variant's policy: every unit higher (All), the highest card higher (Highest), or the largest "
          "units compared first (TrickUnitLength).",
          "rbtying/shengji mechanics/src/trick.rs (Trick::winner, Trick::_defeats, ThrowEvaluationPolicy) @ "
          "aaf0e18, the same but for bombs in the fork copy tgoh-ots/shengji-tractor @ 18514e6"),
    _rule("trick.bomb",
          "Where the variant plays bombs, four or more identical cards beat any play that is not a "
          "bomb; between bombs more cards win, then the suit as upstream orders suits under the trump "
          "(trump highest), then the higher.",
          "tgoh-ots/shengji-tractor mechanics/src/trick.rs (BombPolicy, TrickUnit::is_bomb, Trick::_defeats "
          "of #498) @ 18514e6, a fork carrying upstream's code",
          "rbtying/shengji mechanics/src/types.rs (Trump::suit_ordinal, Trump::compare_effective) @ fa20496 "
          "and 007e6d2"),
    _rule("follow.bomb",
          "Where the variant plays bombs, a follower may play a bomb of the lead's card count whatever "
          "the suit (AllowBombs), or of the led suit or trump, another suit only when void "
          "(AllowBombsSuitFollowing).",
          "tgoh-ots/shengji-tractor mechanics/src/trick.rs (BombPolicy, TrickFormat::is_legal_play of #498) "
          "@ 18514e6, a fork carrying upstream's code"),
    _rule("lead.rainbow",
          "Where the room plays rainbows (compound_formats.rainbow_min_cards), cards of several suits are a "
          "lead when there is no joker and each rank is in at least the minimum of cards over four effective "
          "suits or more; each rank is one unit, and more than one rank is a throw.",
          _rainbows("CompoundFormats, try_rainbow_format, TrickFormat::from_cards, "
          "Trick::can_play_cards")),
    _rule("follow.rainbow",
          "To a rainbow, a play whose cards, counted by rank, fill every unit with cards of one rank each "
          "is legal; any other play of as many cards only when the hand cannot.",
          _rainbows("TrickFormat::is_legal_play, can_satisfy_rainbow_units")),
    _rule("trick.rainbow",
          "In a rainbow trick each play's ranks are taken greedily, the largest unit first from the highest "
          "rank, and compared highest first; a play wins only with a strictly higher list.",
          _rainbows("Trick::compute_rainbow_winner, rainbow_play_combo")),
    _rule("throw.rainbow",
          "A rainbow of several ranks fails when another seat holds as many cards of a higher rank as one of "
          "its units has; the first such seat in play order forces its lowest such unit.",
          _rainbows("Trick::play_cards, the rainbow branch before ThrowFailed")),
    _rule("trick.discard",
          "A play neither in the led suit with its structure nor a ruff is a discard (垫) and cannot win.",
          f"{QQ} 出牌规则 (否则被视为垫牌)"),
    _rule("trick.points",
          "The points of a trick go to the seat that wins it.",
          f"{CLASSIC} 奪分 (如該輪有分數(shù)，該分數(shù)歸當輪牌最大的玩家)",
          f"{QQ} 四副牌 夺分 (如该轮有分数，该分数归当轮牌最大的玩家)"),
    # Throws.
    _rule("throw.unbeatable",
          "A throw (甩牌) succeeds only if no other hand holds, in the thrown suit, a single above any "
          "thrown single, a pair above any thrown pair, a tractor above any thrown tractor.",
          f"{QQ} 出牌规则 (98844（若其他家中无人有能大过一张 9 ，和一对 8 ，和一对 4 的牌）)",
          f"{QQ} 四副牌 五、甩牌的规则 (“单牌”不大于“甩”出的任意一张单牌，“对”不大于“甩”出的任意一“对”)",
          "rbtying/shengji mechanics/src/trick.rs (Trick::play_cards, the search before ThrowFailed: "
          "find_tractors_from_start from the tractor's second member) @ aaf0e18, the same in the fork copy "
          "tgoh-ots/shengji-tractor @ 18514e6"),
    _rule("throw.forced_unit",
          "A failed throw forces the thrower to play one beaten part instead: by variant the smallest "
          "beaten unit (98844: J held forces 9, QQ or 55 held forces 44), the largest (33344 forces 333), "
          "or the smallest card.",
          f"{QQ} 出牌规则 (首家试图联出 98844 时，若其余某家有此花色的 J ，则首家必须出 9 ，若其余某家有此"
          "花色的 QQ 或 55 ，则首家必须出 44)",
          f"{LIANZHONG} 3副牌规则 (若其他玩家手中有与33344同花色比333大的一个三同张，则系统替首家出333)",
          f"{HEIJIAN} j (抛牌失败后，系统会自动打出最小的牌)",
          f"{BOTZONE} (checkThrow: finalpok = [[finalpok[0]]], the first card of the lowest failing component)",
          "rbtying/shengji mechanics/src/trick.rs (Trick::play_cards, the ThrowFailed branch: the first "
          "seat's first beaten unit in the format's order) @ aaf0e18"),
    _rule("throw.penalty",
          "A failed throw may cost the thrower's side points, by variant: none, a fixed amount, or an "
          "amount per card.",
          f"{QQ} 四副牌 五、甩牌的规则 (并扣除该玩家1分)",
          f"{HEIJIAN} j (抛牌失败不扣分)",
          f"{BOTZONE} (checkLegalMove: Punish(currplayer, banker, ilcnt*10), 10 per card of every failing component)"),
    # The bottom.
    _rule("bottom.banker_wins",
          "When the banker's side wins the last trick the attackers score nothing from the bottom.",
          f"{QQ} 扣底规则 (最后一圈牌如果是庄家方大，不抠底)"),
    _rule("bottom.power",
          "The attackers' bottom multiplier is 2 to the power of the card count of the largest unit of "
          "the last trick, at most 64; for a throw, its largest unit.",
          f"{QQ} 扣底规则 (抠底分倍数为 2 的 2 字方，为 4 倍。最大 64 倍 … 如果最后一圈牌为甩牌，只根据甩牌中"
          "的最大牌型计算抠底倍数)"),
    _rule("bottom.shape_table",
          "The attackers' bottom multiplier by shape: Titanic 2*3^len, triple 6, tractor 2*2^len, pair 4, "
          "otherwise 2.",
          f"{LIANZHONG} 扣底 (则乘的倍数等于2·3^len … 6 … 2·2^len … 4 … 2)"),
    _rule("bottom.linear",
          "The bottom multiplier is the size of the largest unit: single 1, pair 2, triple 3.",
          f"{CLASSIC} 3 (單張扣低分值*1。一對扣低，玩家手上所有分值*2，三張扣則*3)",
          f"{BOTZONE} (main: mult = len(history[1][0]) for a last lead that is not a throw)"),
    _rule("bottom.times",
          "The bottom multiplier is a base times the size of the largest unit.",
          "rbtying/shengji mechanics/src/scoring.rs (KittyPenalty::Times)",
          f"{BOTZONE} (main: a throw's largest component of L cards, mult = L * 2, 4 or 2)"),
    _rule("bottom.either_side",
          "Where no bottom is dealt, whichever side wins the last trick digs: the other side pays it its "
          "own points times the multiplier.",
          f"{CLASSIC} 3 (游戲最后一輪，抓分方和莊家方皆可扣底，被扣底的一方按照該方得分和扣底牌數(shù)來扣除相應(yīng)的分數(shù)給予扣底一方)"),
    _rule("bottom.trump_doubles",
          "The bottom's points are kept when the last trick is won in a side suit and doubled when won "
          "by trump.",
          f"{HEIJIAN} 挖底 (如果用套牌揭底，那么底部的分数不变。如果主卡用于揭示底部，那么底部的分数将加倍给攻击者)"),
    # Levels.
    _rule("levels.table",
          "After a deal the attackers' points pick a band of the level table: which side goes up how "
          "many levels, and whether the attackers take the deal.",
          f"{QQ} 记分规则 (如果得分为 0 ，庄家方连升 3 级 … 以后以 40 分为一个等级抓分方升相应等级)",
          f"{LIANZHONG} 胜负判定",
          f"{CLASSIC} 二 (升級所需分數(shù)規(guī)定)",
          f"{BOTZONE} (EndGame: 0 or less, under 40, 80, 120, 160)"),
    _rule("levels.formula",
          "Where the variant gives the level table as a formula, its bands are worked out from a step of "
          "points per deck: the banker's side wins below a number of steps, a dead zone passes the deal "
          "without a level, and every further step is one more level.",
          "rbtying/shengji mechanics/src/scoring.rs (GameScoringParameters::materialize)"),
    _rule("levels.next_banker",
          "When the banker's side goes up the banker's partner deals next; when the attackers take the "
          "deal the seat after the banker deals next.",
          f"{QQ} 轮庄规则 (庄家升级时，下一副牌由其对家当庄家。闲家上台时，下一副牌由此副牌的庄家的下家当庄家)"),
    _rule("levels.last_level",
          "Levels stop at the variant's last level; going past it wins the game.",
          f"{CLASSIC} 二 (一般以先升到A的一方為贏家)"),
    # A whole deal (the referee, docs/records.md).
    _rule("deal.cards",
          "Every card of the variant's decks is dealt exactly once: the hand size to each seat, the rest "
          "to the bottom.",
          f"{QQ} 四副牌 (发牌：系统扣除底牌外，把所有牌平均发给4位玩家 … 每方得牌 52 张，剩余的8 张牌为底牌)"),
    _rule("bury.cards",
          "The banker takes up the bottom and buries as many cards from its hand and the bottom.",
          f"{QQ} 四副牌 (在亮主后由**取走底牌，而替换成**不需要的同样张数的牌作为新的底牌重新扣下)"),
    _rule("trick.leader",
          "The banker leads the first trick, and the winner of each trick leads the next.",
          f"{QQ} (具有扣底牌和第一轮的首先出牌权 … 下一轮牌由牌大的玩家首先出牌)",
          f"{HEIJIAN} (每轮牌后，前轮赢家先出牌)"),
    _rule("play.held",
          "A seat plays only cards it holds: each card it was dealt (or took up from the bottom) once.",
          f"{QQ} 四副牌 (把所有牌平均发给4位玩家)"),
    # Declarations.
    _rule("declare.cards",
          "A declaration shows level cards (naming their suit trump) or jokers (no-trump), as the "
          "variant's ladder lists.",
          f"{QQ} 亮牌规则 (第一次亮出的 10 的花色作为主牌花色)",
          f"{LIANZHONG} 3副牌规则 亮主规则"),
    _rule("declare.ladder",
          "A declaration overrides the standing one only from a higher rung of the ladder.",
          f"{QQ} 三副牌规则 亮主规则 (其它玩家就不能再亮同级别或该级别以下的牌了 … 单张 10 两张 10 两张王（打无主）"
          "三张 10 三张王（打无主）)"),
    _rule("declare.suit_order",
          "On one rung, a suit later in the variant's suit order overrides an earlier one.",
          f"{QQ} 四副牌 抄底牌条件 (单张10 ＜对方块10 ＜对梅花10＜对红桃10＜对黑桃10＜对小王＜对大王＜四个王)"),
    _rule("declare.self",
          "Whether the standing declarer may strengthen the same suit (自保) or change it (自反) is a "
          "variant parameter.",
          f"{QQ} 亮牌规则 (反无主 自保 反主 自反)",
          f"{QQ} 四副牌 (自反：不能自反)"),
    _rule("declare.rebury",
          "Where the variant allows it, after the bottom is buried a higher declaration takes it up and "
          "buries it again (炒底), as an override; the standing declarer may not do it to himself.",
          f"{QQ} 四副牌 六、炒底规则 (待**扣底牌之后，要按出牌顺序依次询问其他玩家是否抄底牌。抄底牌的玩家需按照 “ 反主级别 ” 的大小顺序亮出比当前级别高的牌，可以拿起底牌进行重新扣底，并且视同 “ 反主 ” 。抄底牌不限次数。)"),
    _rule("declare.point_sum",
          "Bids compare by the sum of the card points shown.",
          f"{HEIJIAN} 比较卡片 (黑桃A、红心5、方块5、国王、小王以及正在玩的关卡的点数分别是6、5、4、3、2、1)"),
]

RULES: dict[str, Rule] = {rule.id: rule for rule in _ALL}
"""Every rule by id."""


def rule_ids_known(ids: Iterable[str]) -> bool:
    """Whether every id is in the catalogue."""
    return all(i in RULES for i in ids)
