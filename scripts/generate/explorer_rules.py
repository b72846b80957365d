"""Write the rule explorer's static rule pages (``oracle/explorer/rules.json``) and its example
deal record (``oracle/explorer/example-deal.json``).

``ListRules`` gives each rule's id, its English summary and its sources as one line each
(``002_5b87348f30dfb850.txt 出牌规则 (如果用户有红桃必须先出红桃)``); a player reading a rule page
wants more: each source by its title and section, with its own words, the rule in Chinese, the
variant parameter that chooses it and a few conformance cases that exercise it. This script
joins those from their homes: :data:`oracle.rules.RULES` (ids, summaries, sources), the seed files
(``docs/seeds/``), the conformance cases (``conformance/cases/*.jsonl``: the cases citing a rule
and the variants they ask about) and the two tables below (the Chinese summaries, the
parameters). The example record is the conformance case ``hand/audit_deal/wrong-winner/
qq-two-deck-100``: a whole deal whose 15th trick is given to a seat that discarded.

Run it after changing a rule, a seed or the cases (``tests/docs/test_explorer_rules.py`` fails when
the committed files are stale)::

    python -m scripts.generate.explorer_rules          # write the files
    python -m scripts.generate.explorer_rules --check  # exit 1 when they differ from what it would write
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]

from oracle.rules import RULES
from scripts.generate.written import write_or_check

EXPLORER = ROOT / "oracle" / "explorer"
RULES_JSON = EXPLORER / "rules.json"
EXAMPLE_JSON = EXPLORER / "example-deal.json"
SEEDS = ROOT / "docs" / "seeds"
CASES = ROOT / "conformance" / "cases"
EXAMPLE_CASE = "hand/audit_deal/wrong-winner/qq-two-deck-100"
CASES_PER_RULE = 3

SEED_TITLES: dict[str, dict[str, str]] = {
    "000_3747cc098fae40aa.txt": {
        "zh": "撲克牌升級規則（網頁轉載，繁體；第二部分為固定2、無底牌的玩法）",
        "en": "Shengji rules, a reposted web page in traditional script (its second half: "
              "2 always trump, no bottom)",
    },
    "001_3bb4109d69037b9c.txt": {"zh": "黑尖规则介绍", "en": "Heijian (黑尖) rules"},
    "002_5b87348f30dfb850.txt": {
        "zh": "QQ游戏“升级”规则说明（附论坛回帖：四副牌升级规则）",
        "en": "QQ Game's Shengji rules (with a forum reply on the four-deck game)",
    },
    "003_3b916e38a503e48d.txt": {
        "zh": "撲克牌升級游戲規則（聯眾規則，繁體）",
        "en": "Lianzhong's Shengji rules, in traditional script",
    },
    "004_2cb14f7c4c9f35bd.txt": {"zh": "联众世界《升级》", "en": "Lianzhong World's Shengji"},
}
"""Each seed's title: its own heading where it has one (001, 002, 004)."""

UPSTREAM_TITLES: dict[str, dict[str, str]] = {
    "keyijing/Tractor-RL": {"zh": "Botzone 拖拉机裁判程序", "en": "The Botzone Tractor judge"},
    "rbtying/shengji": {"zh": "rbtying/shengji 在线升级", "en": "rbtying/shengji, the online game"},
    "tgoh-ots/shengji-tractor": {
        "zh": "rbtying/shengji 的分支（含上游代码）", "en": "a fork of rbtying/shengji carrying upstream's code",
    },
}

ZH: dict[str, str] = {
    "order.trump": "主牌是大小王、级牌和主花色的牌：大王最大，其次小王、主级牌、副级牌，然后是主花色从A往下。",
    "order.fixed_rank_trump": "某点数为常主时（2为常主），主花色的该点数大于其他花色的该点数，都在级牌之下，该点数不再属于副牌。",
    "order.no_trump": "打无主时只有大小王和级牌是主牌。",
    "order.side_suit": "副牌从A往下排列，不含级牌（也不含常主的点数）。",
    "order.first_played_wins": "同等大小的牌（同样的牌，或不同副花色的级牌）先出者为大。",
    "order.two_colours": "红黑两色玩法只有黑、红两种花色：两张红K是一对，一红一黑的K不是。",
    "points.cards": "每张5为5分，每张10和K为10分。",
    "units.tuple": "同样的牌（来自不同副牌）组成对子；一张牌是单张。",
    "units.tractor": "大小相邻且同一实际花色的对子组成拖拉机；两对大小相同但不同的牌（两对副10）不是。",
    "units.tractor_bridge": "级牌在花色中留下的空位可以跨过：打10时JJ99是拖拉机。",
    "units.trump_tractor": "主牌中大小相邻的对子跨过王、级牌和主A也组成拖拉机：小王小王+主10主10，主10主10+副10副10，副10副10+主AA。",
    "lead.one_suit": "首家出的牌须为同一实际花色；同时出几个牌型就是甩牌。",
    "follow.suit": "跟牌者尽手中所有出首家花色的牌；只有该花色出完后才能垫其他牌。",
    "follow.tractor": "首家出拖拉机时，跟牌者有该花色的拖拉机必须出拖拉机，先配最大的拖拉机，尽量配全。",
    "follow.pairs": "首家出对牌（含拖拉机中的对牌）时，跟牌者在手牌允许的范围内必须出同样多的该花色对牌。",
    "follow.ladder": "玩法为某种首家牌型列出跟牌顺序（泰坦尼克、三同张、四条、拖拉机）时，手牌能出的第一级就是义务；标为“可选”的几级相同。",
    "follow.same_type": "手牌有该花色、首家牌型（单张、对子、拖拉机）的牌时，必须出一手同型的该花色牌，出哪手都可以（Botzone 裁判）。",
    "follow.throw_components": "首家甩牌中最长的部分是拖拉机时，跟牌者该花色的牌能覆盖甩牌各部分长度的，必须出覆盖它们的牌（Botzone 裁判）。",
    "follow.decomposition": "只出首家花色的跟牌者，必须填满首家牌型依次分解（先原牌型，再逐步拆小）中手牌能填满的第一种；玩法的抽牌规则可保护较长的同张，或不要求非拖拉机出拖拉机。",
    "trick.structure": "只有与首家牌型相同的牌才能大：首家花色的跟牌只有牌型相同且更大时才大过目前最大者。",
    "trick.ruff": "没有首家的副牌花色时可以用主牌毙；毙牌须有不少于首家的拖拉机和对子（或依玩法须与首家牌型完全相同），否则算垫牌。",
    "trick.over_ruff": "毙牌之间比较拖拉机和对牌：998872 能毙 AK5544 但不能毙 AA5544；对 544 而言 884 能盖毙 977，对 567 则不能。",
    "trick.kinds": "依玩法，同样张数时，较大的同张胜过较小同张组成的拖拉机，不论大小：四条（炸弹）胜过两连对，三同张拖拉机胜过对子拖拉机，四条拖拉机胜过三同张拖拉机。",
    "trick.same_type": "首家不是甩牌时，只有首家花色或主牌中与首家同型的牌才算；主牌大于副牌，否则最大的一张更大者胜（Botzone 裁判）。",
    "trick.largest_component": "首家甩牌时，只有全是主牌且各部分长度能覆盖甩牌的牌才算；第一手毙牌，之后只比较甩牌最大部分（Botzone 裁判）。",
    "trick.format": "只有全是首家花色或全是主牌、且恰好能拆成首家各牌型的牌才能大；较大的同张可以当较小的用。",
    "trick.throw_evaluation": "能拆成首家各牌型的牌，只要有一种拆法按玩法的规则更大就大过目前最大者：每个牌型都更大（All）、最大一张更大（Highest），或先比最大的牌型（TrickUnitLength）。",
    "trick.bomb": "玩法有炸弹时，四张或以上同样的牌胜过任何非炸弹；炸弹之间张数多者胜，再按上游的花色顺序（主牌最大），再比大小。",
    "follow.bomb": "玩法有炸弹时，跟牌者可出与首家张数相同的炸弹，不论花色（AllowBombs），或须为首家花色或主牌，没有该花色时才能用其他花色（AllowBombsSuitFollowing）。",
    "lead.rainbow": "房间有彩虹时（compound_formats.rainbow_min_cards），不含王、每个点数至少有规定张数且跨四种以上实际花色的牌可以首出；每个点数为一个牌型，多于一个点数就是甩牌。",
    "follow.rainbow": "对彩虹跟牌时，按点数计能用同点数的牌填满每个牌型的牌是合法的；手牌做不到时才可出其他同样张数的牌。",
    "trick.rainbow": "彩虹一轮中，每家的点数按贪心取法，先取最大的牌型、从最大点数起，从大到小比较；严格更大才胜。",
    "throw.rainbow": "多个点数的彩虹甩牌，若另一家持有比其中某个牌型点数更大、张数相同的牌即失败；按出牌顺序第一个这样的玩家决定首家须出的最小该牌型。",
    "trick.discard": "既不是首家花色且牌型相同、也不是毙牌的牌是垫牌，不能大。",
    "trick.points": "一轮中的分归赢得该轮的玩家。",
    "throw.unbeatable": "甩牌只有在其他各家该花色中没有大过所甩单张的单张、大过所甩对子的对子、大过所甩拖拉机的拖拉机时才成功。",
    "throw.forced_unit": "甩牌失败时首家须改出一个被大过的部分：依玩法为最小的被大过的牌型（98844：有人有J则出9，有QQ或55则出44）、最大的牌型（33344出333），或最小的一张。",
    "throw.penalty": "甩牌失败依玩法可罚首家一方的分：不罚、罚固定分数，或按张数罚。",
    "bottom.banker_wins": "庄家方赢得最后一轮时，闲家不抠底得分。",
    "bottom.power": "闲家抠底的倍数是2的（最后一轮最大牌型张数）次方，最大64倍；甩牌按其最大牌型。",
    "bottom.shape_table": "闲家抠底倍数按牌型：泰坦尼克 2·3^长度，三同张6，拖拉机 2·2^长度，对子4，其余2。",
    "bottom.linear": "扣底倍数是最大牌型的张数：单张1，对子2，三同张3。",
    "bottom.times": "扣底倍数是一个基数乘以最大牌型的张数。",
    "bottom.either_side": "没有底牌的玩法中，赢得最后一轮的一方扣底：另一方按自己的得分乘以倍数付给它。",
    "bottom.trump_doubles": "最后一轮以副牌赢时底分不变，以主牌赢时底分加倍。",
    "levels.table": "一副牌结束后，闲家的得分落在升级表的某一档：哪一方升几级，闲家是否上台。",
    "levels.formula": "玩法以公式给出升级表时，各档由每副牌的分数步长算出：少于若干步庄家方升级，中间一段不升级，此后每多一步多升一级。",
    "levels.next_banker": "庄家方升级时，下一副由庄家的对家坐庄；闲家上台时，由庄家的下家坐庄。",
    "levels.last_level": "级别到玩法的最后一级为止；越过它就赢得整局。",
    "deal.cards": "玩法所用各副牌的每张牌恰好发出一次：每家发手牌张数，其余为底牌。",
    "bury.cards": "庄家拿起底牌，再从手牌和底牌中扣下同样张数的牌。",
    "trick.leader": "庄家出第一轮，此后每轮由上一轮牌最大的玩家先出。",
    "play.held": "玩家只能出自己持有的牌：发到的（或从底牌拿起的）每张牌只能出一次。",
    "declare.cards": "亮主出示级牌（其花色为主）或王（无主），按玩法的亮主顺序。",
    "declare.ladder": "只有更高一级的亮牌才能反掉已亮的主。",
    "declare.suit_order": "同一级中，玩法花色顺序中靠后的花色能反掉靠前的。",
    "declare.self": "已亮主者能否加固同一花色（自保）或改换花色（自反）由玩法参数决定。",
    "declare.rebury": "玩法允许时，扣底后更高的亮牌可拿起底牌重新扣下（炒底），视为反主；已亮主者不能对自己炒底。",
    "declare.point_sum": "叫牌按所出示牌的点数之和比较。",
}
"""Each rule's summary in Chinese, saying what :data:`oracle.rules.RULES`' English says."""

PARAMETERS: dict[str, str] = {
    "order.fixed_rank_trump": "card_order.trump_tiers",
    "order.two_colours": "deal.suit_mode",
    "units.tractor_bridge": "tractors.bridge_gaps",
    "follow.tractor": "following.follow_rule",
    "follow.pairs": "following.follow_rule",
    "follow.ladder": "following.ladders",
    "follow.same_type": "following.follow_rule",
    "follow.throw_components": "following.follow_rule",
    "follow.decomposition": "following.follow_rule",
    "trick.structure": "following.ruff_rule",
    "trick.ruff": "following.ruff_rule",
    "trick.kinds": "comparison.larger_tuples_win",
    "trick.throw_evaluation": "following.throw_evaluation",
    "trick.largest_component": "following.throw_evaluation",
    "trick.bomb": "comparison.bomb_policy",
    "follow.bomb": "comparison.bomb_policy",
    "lead.rainbow": "compound_formats.rainbow_min_cards",
    "follow.rainbow": "compound_formats.rainbow_min_cards",
    "trick.rainbow": "compound_formats.rainbow_min_cards",
    "throw.rainbow": "compound_formats.rainbow_min_cards",
    "throw.forced_unit": "throws.forced_unit",
    "throw.penalty": "throws.penalty",
    "bottom.power": "bottom.rule",
    "bottom.shape_table": "bottom.rule",
    "bottom.linear": "bottom.rule",
    "bottom.times": "bottom.rule",
    "bottom.trump_doubles": "bottom.rule",
    "bottom.either_side": "bottom.dig",
    "levels.table": "level_table.bands",
    "levels.formula": "level_table.formula",
    "levels.last_level": "card_order.levels",
    "declare.ladder": "declarations.ladder",
    "declare.suit_order": "declarations.suit_order",
    "declare.self": "declarations.allow_self_reinforce",
    "declare.rebury": "declarations.allow_rebury",
    "declare.point_sum": "declarations.rule",
}
"""The ``Variant`` field (proto/shengji/oracle/v1/variant.proto) whose value chooses the rule's
form, where a variant chooses it (docs/rules.md); ``tests/docs/test_explorer_rules.py`` checks each
path names a field of the message."""

_SEED = re.compile(r"^(\d{3}_[0-9a-f]+\.txt) ?([^(]*?) ?(?:\((.*)\))?\s*$")
_UPSTREAM = re.compile(r"^(\S+/\S+) (\S+) \(([^)]*)\)(.*)$")


def source_parts(source: str) -> dict[str, str]:
    """One catalogue source line as its parts: the file (a seed or an upstream repository), its
    title in both languages, the section and the words.

    >>> source_parts("004_2cb14f7c4c9f35bd.txt 出牌规则 (如果用户有红桃必须先出红桃)")["section"]
    '出牌规则'
    >>> source_parts("keyijing/Tractor-RL judger.py (checkWinner, 常规牌型)")["file"]
    'keyijing/Tractor-RL judger.py'
    """
    if found := _SEED.match(source):
        name, section, words = found.groups()
        title = SEED_TITLES[name]
        return {"file": name, "zh": title["zh"], "en": title["en"], "section": section,
                "words": words or seed_words(name, section)}
    if found := _UPSTREAM.match(source):
        repo, path, where, note = found.groups()
        title = UPSTREAM_TITLES[repo]
        return {"file": f"{repo} {path}", "zh": title["zh"], "en": title["en"],
                "section": where, "words": note.strip(" ,;")}
    raise ValueError(f"a source the explorer cannot read: {source!r}")


def seed_words(name: str, section: str) -> str:
    """The seed's own words after a section heading, for a source that quotes none (80 characters
    of the first line after the heading that has text)."""
    text = (SEEDS / name).read_text(encoding="utf-8")
    heading = section.split()[-1] if section else ""
    at = text.find(heading) if heading else -1
    if at < 0:
        return ""
    for line in text[at + len(heading):].splitlines():
        if line.strip(" ：:\u3000"):
            return line.strip(" ：:\u3000")[:80]
    return ""


def case_index() -> dict[str, list[dict[str, Any]]]:
    """Each rule id's conformance cases (those whose ``rules`` cite it), seed cases first."""
    cited: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(CASES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            for rule_id in case.get("rules", []):
                cited.setdefault(rule_id, []).append(case)
    for cases in cited.values():
        cases.sort(key=lambda c: (c.get("origin") != "seed", c["id"]))
    return cited


_SYMBOL = {"TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8",
           "NINE": "9", "TEN": "10", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A"}
_PAGE_KINDS = {
    "checkFollow": ("follow", {"lead", "hand", "play"}),
    "listLegalPlays": ("legal", {"hand", "lead", "pageSize"}),
    "describePlay": ("describe", {"cards"}),
    "judgeTrick": ("trick", {"plays"}),
    "checkThrow": ("throw", {"throw", "otherHands"}),
    "scoreBottom": ("bottom", {"lastTrick", "bankerSeats", "bottom"}),
    "scoreDeal": ("deal", {"attackerPoints", "bankerSeat"}),
    "compareDeclarations": ("declare", {"standing", "challenger"}),
}
"""Each question the page asks: its kind and the fields it has (a case setting any other field, a
room's own variant, or seats the page cannot hold is not offered)."""


def notation(cards: list[dict[str, str]]) -> str:
    """Cards of a question's JSON in notation, as the page's URL writes them.

    >>> notation([{"rank": "RANK_TEN", "suit": "SUIT_HEARTS"}, {"rank": "RANK_BIG_JOKER"}])
    '10H BJ'
    """
    words = []
    for card in cards:
        rank = card["rank"].removeprefix("RANK_")
        if rank.endswith("JOKER"):
            words.append("BJ" if rank == "BIG_JOKER" else "SJ")
        else:
            words.append(_SYMBOL[rank] + card["suit"].removeprefix("SUIT_")[0])
    return " ".join(words)


def ask_query(question: dict[str, Any]) -> str:
    """The explorer's URL query asking a conformance case's question, or "" when the page cannot
    ask it as it is (docs/explorer.md, Shareable).

    >>> ask_query({"describePlay": {"context": {"variantId": "qq-two-deck", "level": "RANK_TEN",
    ...     "trumpSuit": "SUIT_HEARTS"}, "cards": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}]}})
    'v=qq-two-deck&l=10&t=H&k=describe&cards=AS'
    """
    (name, body), = question.items()
    if name not in _PAGE_KINDS or set(body) - _PAGE_KINDS[name][1] - {"context"}:
        return ""
    kind = _PAGE_KINDS[name][0]
    context = body.get("context", {})
    if set(context) - {"variantId", "level", "trumpSuit", "noTrump"} or not context.get("variantId"):
        return ""
    query: dict[str, str] = {"v": context["variantId"]}
    if "level" in context:
        query["l"] = _SYMBOL[context["level"].removeprefix("RANK_")]
    if context.get("noTrump"):
        query["t"] = "N"
    elif "trumpSuit" in context:
        query["t"] = context["trumpSuit"].removeprefix("SUIT_")[0]
    query["k"] = kind
    plays = body.get("plays") or body.get("lastTrick")
    if plays is not None:
        seats = [p.get("seat", 0) for p in plays]
        if len(plays) != 4 or sorted(seats) != [0, 1, 2, 3] or any(
                (seats[0] + i) % 4 != seat for i, seat in enumerate(seats)):
            return ""
        query["leader"] = str(seats[0])
        query.update({f"p{p.get('seat', 0)}": notation(p.get("cards", [])) for p in plays})
    if kind == "bottom":
        bankers = sorted(body.get("bankerSeats", []))
        if bankers not in ([0, 2], [1, 3]):
            return ""
        query["bankers"] = str(bankers[0])
    if kind == "throw":
        query["thrower"] = str(body["throw"].get("seat", 0))
        query["throw"] = notation(body["throw"].get("cards", []))
        query.update({f"h{h.get('seat', 0)}": notation(h.get("cards", [])) for h in body.get("otherHands", [])})
    if kind == "deal":
        query["points"] = str(body.get("attackerPoints", 0))
        query["banker"] = str(body.get("bankerSeat", 0))
    if kind == "declare":
        standing = body.get("standing")
        query["standingSeat"] = str(standing.get("seat", 0)) if standing else ""
        query["standing"] = notation(standing.get("cards", [])) if standing else ""
        query["challengerSeat"] = str(body["challenger"].get("seat", 0))
        query["challenger"] = notation(body["challenger"].get("cards", []))
    for field in ("lead", "hand", "play", "cards", "bottom"):
        if field in body:
            query[field] = notation(body[field])
    if kind == "legal" and "lead" not in body:
        query["lead"] = ""
    return urlencode(query)


def rule_pages() -> dict[str, Any]:
    """The rule pages: for each rule id its summaries, sources, parameter, variants and cases."""
    cited = case_index()
    pages = {}
    for rule_id, rule in RULES.items():
        cases = cited.get(rule_id, [])
        pages[rule_id] = {
            "summary": {"en": rule.summary, "zh": ZH[rule_id]},
            "sources": [source_parts(s) for s in rule.sources],
            "parameter": PARAMETERS.get(rule_id, ""),
            "variants": sorted({c["variant"] for c in cases if c.get("variant")}),
            "cases": [
                {"id": c["id"], "notation": c.get("notation", ""), "ask": ask_query(c["question"]),
                 "why": c.get("why") or (c.get("seed") or {}).get("words", "")}
                for c in cases[:CASES_PER_RULE]
            ],
            "caseCount": len(cases),
        }
    return {"rules": pages}


def example_record() -> dict[str, Any]:
    """The example deal record: the record of :data:`EXAMPLE_CASE`."""
    for line in (CASES / "hand-audit_deal.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if case["id"] == EXAMPLE_CASE:
            record: dict[str, Any] = case["question"]["auditDeal"]["record"]
            return record
    raise LookupError(EXAMPLE_CASE)


def rendered() -> dict[Path, str]:
    """The files' contents as this script writes them."""
    return {
        RULES_JSON: json.dumps(rule_pages(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        EXAMPLE_JSON: json.dumps(example_record(), ensure_ascii=False, separators=(",", ":")) + "\n",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 when the files are stale")
    args = parser.parse_args(argv)
    return write_or_check(rendered(), check=args.check, root=ROOT,
                          command="python -m scripts.generate.explorer_rules")

if __name__ == "__main__":
    raise SystemExit(main())
