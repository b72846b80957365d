"""Building case lines from the card notation.

The case files are written by :mod:`conformance.authoring.generate` from the
definitions in this package. Each builder takes the question in the
notation people use ("9S 8S 8S 4S 4S"), the answer reasoned from the rules,
and where the case comes from (:func:`hand` or :func:`seed`), and returns one
case as a JSON-ready dict: the question and the expected answer in the proto3
JSON mapping, the paths compared, the rules, the tags and a ``notation`` line.

>>> c = follow("hand/x", hand("a pair lead needs the pair held"), "qq-two-deck", "10", "H",
...     lead="8S 8S", held="AS 5S 5S 3C 4D", play="AS 5S", legal=False, broken="follow.pairs",
...     rules=["follow.pairs"], negative=["follow.pairs"])
>>> c["expected"]
{'checkFollow': {'legal': False, 'brokenRuleId': 'follow.pairs'}}
>>> c["notation"]
'qq-two-deck, playing 10, trump H | lead: 8S 8S | hand: AS 5S 5S 3C 4D | play: AS 5S'
>>> c["tags"]
['check_follow', 'qq', 'decks-2', 'follow-suit', 'pairs']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.authoring import variant_files
from conformance.cases import JSON_KINDS

RANK_NAMES = {
    "2": "RANK_TWO", "3": "RANK_THREE", "4": "RANK_FOUR", "5": "RANK_FIVE", "6": "RANK_SIX",
    "7": "RANK_SEVEN", "8": "RANK_EIGHT", "9": "RANK_NINE", "10": "RANK_TEN", "J": "RANK_JACK",
    "Q": "RANK_QUEEN", "K": "RANK_KING", "A": "RANK_ACE",
}
SUIT_NAMES = {"S": "SUIT_SPADES", "H": "SUIT_HEARTS", "D": "SUIT_DIAMONDS", "C": "SUIT_CLUBS"}
EFFECTIVE = {
    "trump": "EFFECTIVE_SUIT_TRUMP", "S": "EFFECTIVE_SUIT_SPADES", "H": "EFFECTIVE_SUIT_HEARTS",
    "D": "EFFECTIVE_SUIT_DIAMONDS", "C": "EFFECTIVE_SUIT_CLUBS", "black": "EFFECTIVE_SUIT_BLACK",
    "red": "EFFECTIVE_SUIT_RED", "mixed": "EFFECTIVE_SUIT_MIXED",
}
PLAY_KINDS = {
    "lead": "PLAY_KIND_LEAD", "follow": "PLAY_KIND_FOLLOW", "ruff": "PLAY_KIND_RUFF",
    "over": "PLAY_KIND_OVER_RUFF", "discard": "PLAY_KIND_DISCARD",
}
SIDES = {"banker": "SIDE_BANKER", "attackers": "SIDE_ATTACKERS", "neither": "SIDE_NEITHER"}
UNIT_SHAPES = {"single": (1, 1), "pair": (2, 1), "tractor2": (2, 2), "tractor3": (2, 3), "tractor4": (2, 4),
               "tractor5": (2, 5), "triple": (3, 1), "titanic2": (3, 2), "titanic3": (3, 3), "quad": (4, 1),
               "quads2": (4, 2), "quads3": (4, 3)}


@dataclass(frozen=True)
class Meta:
    """Where a case comes from: ``hand`` with the reasoning, or ``seed`` with the quote."""

    origin: str
    why: str
    seed: dict[str, str] = field(default_factory=dict)

    def fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"origin": self.origin}
        if self.seed:
            out["seed"] = dict(self.seed)
        if self.why:
            out["why"] = self.why
        return out


def hand(why: str) -> Meta:
    """A case reasoned from the rules; ``why`` is the reasoning."""
    return Meta("hand", why)


def seed(file: str, section: str, words: str, why: str = "") -> Meta:
    """A worked example of a seed: the file, its section and the exact words quoted."""
    return Meta("seed", why, {"file": file, "section": section, "words": words})


# Cards.

def card(text: str) -> dict[str, str]:
    """One card in the proto3 JSON mapping.

    >>> card("10H"), card("BJ")
    ({'rank': 'RANK_TEN', 'suit': 'SUIT_HEARTS'}, {'rank': 'RANK_BIG_JOKER'})
    """
    word = text.strip().upper()
    if word == "SJ":
        return {"rank": "RANK_SMALL_JOKER"}
    if word == "BJ":
        return {"rank": "RANK_BIG_JOKER"}
    return {"rank": RANK_NAMES[word[:-1]], "suit": SUIT_NAMES[word[-1]]}


def cards(text: str) -> list[dict[str, str]]:
    """Cards in the proto3 JSON mapping, from the notation separated by spaces."""
    return [card(w) for w in text.split()]


def words(text: str) -> list[str]:
    return text.split()


def context(variant: str, level: str, trump: str | None) -> dict[str, Any]:
    """A ``Context``: ``trump`` is a suit letter, or ``None`` for no-trump.

    >>> context("qq-two-deck", "10", None)
    {'variantId': 'qq-two-deck', 'level': 'RANK_TEN', 'noTrump': True}
    """
    out: dict[str, Any] = {"variantId": variant, "level": RANK_NAMES[level]}
    if trump is None:
        out["noTrump"] = True
    else:
        out["trumpSuit"] = SUIT_NAMES[trump]
    return out


def context_words(variant: str, level: str, trump: str | None) -> str:
    return f"{variant}, playing {level}, " + ("no-trump" if trump is None else f"trump {trump}")


# Tags.

def auto_tags(kind: str, variant: str | None, all_cards: Iterable[str], level: str | None,
              trump: str | None | bool = False) -> list[str]:
    """The tags every case of a kind gets from its question: kind, family, decks and card features.

    ``trump`` is ``None`` for a no-trump deal, ``False`` when the question has no trump.

    >>> auto_tags("judge_trick", "qq-two-deck-two-trump", ["BJ", "2S"], "10", None)
    ['judge_trick', 'qq', 'decks-2', 'no-trump', 'fixed-rank-trump', 'jokers']
    """
    tags = [kind]
    if variant in variant_files.variant_ids():
        assert variant is not None
        tags.append(variant_files.family(variant))
        tags.append(f"decks-{variant_files.decks(variant)}")
        if trump is None:
            tags.append("no-trump")
        if variant_files.fixed_rank_trump(variant):
            tags.append("fixed-rank-trump")
    texts = list(all_cards)
    if any(t in ("SJ", "BJ") for t in texts):
        tags.append("jokers")
    if level is not None and any(t not in ("SJ", "BJ") and t[:-1] == level for t in texts):
        tags.append("level-cards")
    return tags


def _tags(auto: list[str], extra: Iterable[str]) -> list[str]:
    out = list(auto)
    for tag in extra:
        if tag not in out:
            out.append(tag)
    return out


def _case(case_id: str, meta: Meta, variant: str | None, question: dict[str, Any], expected: dict[str, Any],
          compare: Sequence[str], rules: Sequence[str], negative: Sequence[str], tags: list[str],
          notation: str) -> dict[str, Any]:
    for rule in negative:
        assert rule in rules, f"{case_id}: negative rule {rule} is not among the rules"
    out: dict[str, Any] = {
        "id": case_id,
        "variant": variant,
        "question": question,
        "expected": expected,
        "compare": list(compare),
        "rules": list(rules),
        "tags": tags,
        "notation": notation,
    }
    if negative:
        out["negative"] = list(negative)
    out.update(meta.fields())
    return out


def _cite(kind: str, cite: Sequence[str]) -> tuple[list[str], dict[str, Any]]:
    if not cite:
        return [], {}
    return [f"{kind}.ruleIds"], {"ruleIds": list(cite)}


# Builders, one per kind of question.

def unit(spec: str) -> dict[str, Any]:
    """A unit from ``"shape:cards"``: ``"pair:5S 5S"``, ``"tractor2:KS KS QS QS"``, ``"single:AS"``."""
    shape, text = spec.split(":", 1)
    size, length = UNIT_SHAPES[shape]
    assert len(words(text)) == size * length, f"{spec}: {size * length} cards expected"
    return {"tupleSize": size, "length": length, "cards": cards(text)}


def describe(case_id: str, meta: Meta, variant: str, level: str, trump: str | None, shown: str, *,
             suit: str, units: Sequence[str], points: int, rules: Sequence[str],
             negative: Sequence[str] = (), tags: Iterable[str] = (), cite: Sequence[str] = ()) -> dict[str, Any]:
    """A DescribePlay case; ``suit`` is a key of :data:`EFFECTIVE`, ``units`` as :func:`unit` reads them."""
    valid = suit != "mixed"
    expected = {
        "effectiveSuit": EFFECTIVE[suit],
        "units": [unit(u) for u in units],
        "points": points,
        "validLead": valid,
        "isThrow": valid and len(units) > 1,
    }
    extra_compare, extra = _cite("describePlay", cite)
    expected.update(extra)
    compare = ["describePlay.effectiveSuit", "describePlay.units[].tupleSize", "describePlay.units[].length",
               "describePlay.units[].cards", "describePlay.points", "describePlay.validLead",
               "describePlay.isThrow", *extra_compare]
    feature = ["tractor"] if any(u.startswith("tractor") for u in units) else []
    feature += ["pairs"] if any(u.startswith(("pair", "tractor")) for u in units) else []
    feature += ["throw"] if expected["isThrow"] else []
    question = {"describePlay": {"context": context(variant, level, trump), "cards": cards(shown)}}
    return _case(case_id, meta, variant, question, {"describePlay": expected}, compare, rules, negative,
                 _tags(auto_tags("describe_play", variant, words(shown), level, trump), [*feature, *tags]),
                 f"{context_words(variant, level, trump)} | cards: {shown}")


def follow(case_id: str, meta: Meta, variant: str, level: str, trump: str | None, *, lead: str, held: str,
           play: str, legal: bool, broken: str = "", rules: Sequence[str], negative: Sequence[str] = (),
           tags: Iterable[str] = (), cite: Sequence[str] = ()) -> dict[str, Any]:
    """A CheckFollow case: ``held`` is the follower's whole hand before playing ``play``."""
    assert legal == (broken == ""), f"{case_id}: an illegal follow names the duty broken"
    expected: dict[str, Any] = {"legal": legal, "brokenRuleId": broken}
    extra_compare, extra = _cite("checkFollow", cite)
    expected.update(extra)
    question = {"checkFollow": {"context": context(variant, level, trump), "lead": cards(lead),
                                "hand": cards(held), "play": cards(play)}}
    feature = ["follow-suit"]
    if len(set(words(lead))) < len(words(lead)) or "follow.pairs" in rules:
        feature.append("pairs")
    if "follow.tractor" in rules:
        feature.append("tractor")
    return _case(case_id, meta, variant, question, {"checkFollow": expected},
                 ["checkFollow.legal", "checkFollow.brokenRuleId", *extra_compare], rules, negative,
                 _tags(auto_tags("check_follow", variant, words(lead) + words(held), level, trump),
                       [*feature, *tags]),
                 f"{context_words(variant, level, trump)} | lead: {lead} | hand: {held} | play: {play}")


def trick(case_id: str, meta: Meta, variant: str, level: str, trump: str | None, plays: Sequence[str], *,
          first: int = 0, winner: int, verdicts: str, points: int, rules: Sequence[str],
          negative: Sequence[str] = (), tags: Iterable[str] = (), cite: Sequence[str] = (),
          players: int = 4) -> dict[str, Any]:
    """A JudgeTrick case. ``verdicts`` is one word per play: a key of :data:`PLAY_KINDS` then
    ``+`` (beats the best so far) or ``-``: ``"lead+ follow- ruff+ over+"``."""
    seats = [(first + i) % players for i in range(len(plays))]
    tokens = verdicts.split()
    assert len(tokens) == len(plays), f"{case_id}: one verdict per play"
    expected_verdicts = [
        {"seat": seat, "kind": PLAY_KINDS[tok[:-1]], "beatsBestSoFar": tok.endswith("+")}
        for seat, tok in zip(seats, tokens, strict=True)
    ]
    expected: dict[str, Any] = {"winningSeat": winner, "points": points, "verdicts": expected_verdicts}
    extra_compare, extra = _cite("judgeTrick", cite)
    expected.update(extra)
    question = {"judgeTrick": {"context": context(variant, level, trump),
                               "plays": [{"seat": s, "cards": cards(p)} for s, p in zip(seats, plays, strict=True)]}}
    kinds = {t[:-1] for t in tokens}
    feature = [name for key, name in (("ruff", "ruff"), ("over", "over-ruff"), ("discard", "discard"))
               if key in kinds]
    if "over" in kinds:
        feature.append("ruff")
    everything = [w for p in plays for w in words(p)]
    notation = " | ".join(f"seat {s}: {p}" for s, p in zip(seats, plays, strict=True))
    return _case(case_id, meta, variant, question, {"judgeTrick": expected},
                 ["judgeTrick.winningSeat", "judgeTrick.points", "judgeTrick.verdicts[].seat",
                  "judgeTrick.verdicts[].kind", "judgeTrick.verdicts[].beatsBestSoFar", *extra_compare],
                 rules, negative,
                 _tags(auto_tags("judge_trick", variant, everything, level, trump), [*feature, *tags]),
                 f"{context_words(variant, level, trump)} | {notation}")


def throw(case_id: str, meta: Meta, variant: str, level: str, trump: str | None, thrown: str,
          others: Sequence[str], *, seat: int = 0, is_throw: bool = True, succeeds: bool, units: Sequence[str],
          blocks: Sequence[tuple[str, int]] = (), forced: str = "", penalty: int = 0, rules: Sequence[str],
          negative: Sequence[str] = (), tags: Iterable[str] = (), cite: Sequence[str] = (),
          players: int = 4, other_seats: Sequence[int] | None = None) -> dict[str, Any]:
    """A CheckThrow case. ``others`` are the hands of the seats after the thrower in play order
    (or of ``other_seats``); ``blocks`` pairs the notation of a beaten unit with the first seat
    that can beat it."""
    seats = list(other_seats) if other_seats is not None else [(seat + 1 + i) % players for i in range(len(others))]
    assert succeeds == (not blocks), f"{case_id}: a throw fails exactly when some unit is beaten"
    expected: dict[str, Any] = {
        "isThrow": is_throw,
        "succeeds": succeeds,
        "units": [unit(u) for u in units],
        "blocks": [{"unit": {"cards": cards(u)}, "seat": s} for u, s in blocks],
        "forcedPlay": cards(forced),
        "penaltyPoints": penalty,
    }
    extra_compare, extra = _cite("checkThrow", cite)
    expected.update(extra)
    question = {"checkThrow": {"context": context(variant, level, trump),
                               "throw": {"seat": seat, "cards": cards(thrown)},
                               "otherHands": [{"seat": s, "cards": cards(h)} for s, h in zip(seats, others, strict=True)]}}
    feature = ["throw"] if is_throw else []
    feature += ["forced-unit"] if not succeeds else []
    feature += ["tractor"] if any(u.startswith("tractor") for u in units) else []
    feature += ["pairs"] if any(u.startswith(("pair", "tractor")) for u in units) else []
    everything = words(thrown) + [w for h in others for w in words(h)]
    notation = f"throw by seat {seat}: {thrown} | " + " | ".join(
        f"seat {s}: {h}" for s, h in zip(seats, others, strict=True))
    return _case(case_id, meta, variant, question, {"checkThrow": expected},
                 ["checkThrow.isThrow", "checkThrow.succeeds", "checkThrow.units[].tupleSize",
                  "checkThrow.units[].length", "checkThrow.units[].cards", "checkThrow.blocks[].unit.cards",
                  "checkThrow.blocks[].seat", "checkThrow.forcedPlay", "checkThrow.penaltyPoints", *extra_compare],
                 rules, negative,
                 _tags(auto_tags("check_throw", variant, everything, level, trump), [*feature, *tags]),
                 f"{context_words(variant, level, trump)} | {notation}")


def bottom(case_id: str, meta: Meta, variant: str, level: str, trump: str | None, plays: Sequence[str], *,
           first: int, bankers: Sequence[int], buried: str, winner: int, attackers_won: bool, bottom_points: int,
           multiplier: int, to_attackers: int, to_banker: int = 0, digging: str | None = None,
           side_points: tuple[int, int] | None = None, rules: Sequence[str],
           negative: Sequence[str] = (), tags: Iterable[str] = (), cite: Sequence[str] = (),
           players: int = 4) -> dict[str, Any]:
    """A ScoreBottom case: the last trick from seat ``first``, the banker's seats and the bottom.

    ``digging`` is the side that digs (``"attackers"``, ``"banker"``, ``""`` for none; by default the
    attackers when they win); ``side_points`` the banker's side's and the attackers' points before
    the dig, for a variant where either side digs."""
    seats = [(first + i) % players for i in range(len(plays))]
    if digging is None:
        digging = "attackers" if attackers_won else ""
    expected: dict[str, Any] = {"winningSeat": winner, "attackersWon": attackers_won, "bottomPoints": bottom_points,
                                "multiplier": multiplier, "pointsToAttackers": to_attackers,
                                "pointsToBanker": to_banker,
                                "diggingSide": SIDES[digging] if digging else "SIDE_UNSPECIFIED"}
    extra_compare, extra = _cite("scoreBottom", cite)
    expected.update(extra)
    request: dict[str, Any] = {"context": context(variant, level, trump),
                               "lastTrick": [{"seat": s, "cards": cards(p)} for s, p in zip(seats, plays, strict=True)],
                               "bankerSeats": list(bankers), "bottom": cards(buried)}
    if side_points is not None:
        request["bankerSidePoints"], request["attackerPoints"] = side_points
    question = {"scoreBottom": request}
    everything = [w for p in plays for w in words(p)] + words(buried)
    rule = str(variant_files.resolved(variant)["bottom"]["rule"])
    rule_tag = {"BOTTOM_RULE_SHAPE_TABLE": "bottom-shape-table", "BOTTOM_RULE_POWER": "bottom-power",
                "BOTTOM_RULE_LINEAR": "bottom-linear", "BOTTOM_RULE_TRUMP_DOUBLES": "bottom-trump-doubles"}.get(rule)
    feature = [rule_tag] if attackers_won and rule_tag else [] if attackers_won else ["banker-wins-bottom"]
    if side_points is not None:
        feature.append("bottom-either-side")
    notation = " | ".join(f"seat {s}: {p}" for s, p in zip(seats, plays, strict=True))
    return _case(case_id, meta, variant, question, {"scoreBottom": expected},
                 [f"scoreBottom.{k}" for k in ("winningSeat", "attackersWon", "bottomPoints", "multiplier",
                                               "pointsToAttackers", "pointsToBanker", "diggingSide")]
                 + extra_compare,
                 rules, negative,
                 _tags(auto_tags("score_bottom", variant, everything, level, trump), [*feature, *tags]),
                 f"{context_words(variant, level, trump)} | banker's side: seats "
                 f"{' '.join(map(str, bankers))} | last trick: {notation} | bottom: {buried}")


def deal(case_id: str, meta: Meta, variant: str, points: int, *, banker_seat: int, side: str, levels: int,
         take: bool, next_banker: int, banker_level: str = "", attacker_level: str = "", new_banker: str = "",
         new_attackers: str = "", passes: bool = False, rules: Sequence[str], negative: Sequence[str] = (),
         tags: Iterable[str] = (), cite: Sequence[str] = ()) -> dict[str, Any]:
    """A ScoreDeal case; levels are rank symbols ("5", "A"), empty when not given."""
    question: dict[str, Any] = {"context": {"variantId": variant}, "attackerPoints": points,
                                "bankerSeat": banker_seat}
    if banker_level:
        question["bankerLevel"] = RANK_NAMES[banker_level]
    if attacker_level:
        question["attackerLevel"] = RANK_NAMES[attacker_level]
    expected: dict[str, Any] = {
        "side": SIDES[side], "levels": levels, "attackersTakeDeal": take, "nextBankerSeat": next_banker,
        "newBankerLevel": RANK_NAMES[new_banker] if new_banker else "RANK_UNSPECIFIED",
        "newAttackerLevel": RANK_NAMES[new_attackers] if new_attackers else "RANK_UNSPECIFIED",
        "passesLastLevel": passes,
    }
    fields = ["side", "levels", "attackersTakeDeal", "nextBankerSeat", "newBankerLevel", "newAttackerLevel",
              "passesLastLevel"]
    extra_compare, extra = _cite("scoreDeal", cite)
    expected.update(extra)
    feature = ["level-table", "next-banker"] + (["last-level"] if passes else [])
    if points in band_edges(variant):
        feature.append("band-edge")
    given = (f" | banker's side at {banker_level or '-'}, attackers at {attacker_level or '-'}"
             if banker_level or attacker_level else "")
    return _case(case_id, meta, variant, {"scoreDeal": question}, {"scoreDeal": expected},
                 [f"scoreDeal.{k}" for k in fields] + extra_compare, rules, negative,
                 _tags(auto_tags("score_deal", variant, [], None), [*feature, *tags]),
                 f"{variant} | attackers {points} points | banker seat {banker_seat}{given}")


def band_edges(variant: str) -> set[int]:
    """The points on the edges of the variant's level bands: each lower bound and the point below it.

    >>> sorted(band_edges("qq-one-deck"))[:4]
    [0, 1, 19, 20]
    """
    edges: set[int] = set()
    for band in variant_files.resolved(variant)["level_table"]["bands"]:
        if "at_least" in band:
            edges.update((band["at_least"], band["at_least"] - 1))
    return edges


def declare(case_id: str, meta: Meta, variant: str, level: str, standing: tuple[int, str] | None,
            challenger: tuple[int, str], *, valid: bool, overrides: bool, trump: str | None,
            rules: Sequence[str], negative: Sequence[str] = (), tags: Iterable[str] = (),
            cite: Sequence[str] = (), compare_trump: bool = True, compare_no_trump: bool = True,
            rebury: bool = False) -> dict[str, Any]:
    """A CompareDeclarations case. ``trump`` after it: a suit letter, ``"NT"`` for no-trump,
    ``None`` when nothing is declared (or, for a point-sum bid, when the bid names no trump)."""
    question: dict[str, Any] = {"context": {"variantId": variant, "level": RANK_NAMES[level]},
                                "challenger": {"seat": challenger[0], "cards": cards(challenger[1])}}
    if standing is not None:
        question["standing"] = {"seat": standing[0], "cards": cards(standing[1])}
    if rebury:
        question["rebury"] = True
    expected: dict[str, Any] = {"challengerValid": valid, "overrides": overrides}
    compare = ["compareDeclarations.challengerValid", "compareDeclarations.overrides"]
    if compare_no_trump:
        expected["noTrump"] = trump == "NT"
        compare.append("compareDeclarations.noTrump")
    if compare_trump:
        expected["trumpSuit"] = SUIT_NAMES[trump] if trump not in (None, "NT") else "SUIT_UNSPECIFIED"
        compare.append("compareDeclarations.trumpSuit")
    extra_compare, extra = _cite("compareDeclarations", cite)
    expected.update(extra)
    shown = words(challenger[1]) + (words(standing[1]) if standing else [])
    point_sum = variant_files.resolved(variant)["declarations"]["rule"] == "DECLARATION_RULE_POINT_SUM"
    feature = ["declaration-point-sum" if point_sum else "declaration-ladder"]
    if standing is not None and standing[0] == challenger[0]:
        feature.append("self-declaration")
    if rebury:
        feature.append("rebury")
    before = "nobody" if standing is None else f"seat {standing[0]}: {standing[1]}"
    return _case(case_id, meta, variant, {"compareDeclarations": question}, {"compareDeclarations": expected},
                 [*compare, *extra_compare], rules, negative,
                 _tags(auto_tags("compare_declarations", variant, shown, level), [*feature, *tags]),
                 f"{variant}, playing {level} | standing: {before} | challenger seat {challenger[0]}: {challenger[1]}"
                 + (" | after the bottom is buried" if rebury else ""))


DEPRECATED_FORM_KINDS = ("scoreDeal", "compareDeclarations")
"""The kinds whose variant (and, for declarations, level) were top-level fields before 1.1."""


def deprecated_form(case: dict[str, Any]) -> dict[str, Any]:
    """The same case asked in the deprecated form the contract still answers: the context's
    ``variantId`` (and ``level``) as top-level fields; its id ends ``/deprecated-form``.

    >>> twin = deprecated_form(deal("hand/score_deal/x", hand("."), "qq-two-deck", 80, banker_seat=0,
    ...                             side="attackers", levels=0, take=True, next_banker=1, rules=[]))
    >>> twin["id"], twin["question"]["scoreDeal"]["variantId"], "context" in twin["question"]["scoreDeal"]
    ('hand/score_deal/x/deprecated-form', 'qq-two-deck', False)
    >>> "deprecated-form" in twin["tags"]
    True
    """
    (kind, request), = case["question"].items()
    assert kind in DEPRECATED_FORM_KINDS, f"{case['id']}: {kind} has no deprecated form"
    old = {k: v for k, v in request.items() if k != "context"}
    old = {**request["context"], **old}
    return {**case, "id": case["id"] + "/deprecated-form", "question": {kind: old},
            "tags": _tags(case["tags"], ["deprecated-form"])}


def error(case_id: str, meta: Meta, variant: str | None, question: dict[str, Any], fields: Sequence[str], *,
          notation: str, rules: Sequence[str] = (), tags: Iterable[str] = (), level: str | None = None,
          trump: str | None | bool = False, shown: Sequence[str] = ()) -> dict[str, Any]:
    """A malformed question: the error expected names exactly these field paths (proto field names)."""
    kind_json = next(iter(question), None)
    kind = JSON_KINDS.get(kind_json or "")
    expected = {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{"field": f} for f in fields]}}
    auto = auto_tags(kind, variant, shown, level, trump) if kind else []
    return _case(case_id, meta, variant, question, expected, ["error.code", "error.fieldViolations[].field"],
                 rules, (), _tags(auto, ["error", *tags]), notation)


def get_variant(case_id: str, meta: Meta, variant: str, expected_variant: dict[str, Any],
                compared: Sequence[str], *, rules: Sequence[str] = (), tags: Iterable[str] = (),
                notation: str = "") -> dict[str, Any]:
    """A GetVariant case comparing the listed fields of the variant (lowerCamelCase)."""
    return _case(case_id, meta, variant, {"getVariant": {"variantId": variant}},
                 {"getVariant": {"variant": expected_variant}},
                 [f"getVariant.variant.{f}" for f in compared], rules, (),
                 _tags(auto_tags("get_variant", variant, [], None), ["variant-file", *tags]),
                 notation or f"GetVariant {variant}")


def camel_json(value: Any) -> Any:
    """Proto field names (snake_case keys) turned into the JSON mapping's lowerCamelCase.

    >>> camel_json({"deal": {"hand_size": 25}, "card_order": [{"no_tractors": True}]})
    {'deal': {'handSize': 25}, 'cardOrder': [{'noTractors': True}]}
    """
    if isinstance(value, dict):
        return {_camel_key(k): camel_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [camel_json(v) for v in value]
    return value


def _camel_key(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(w.title() for w in rest)


def room(base: str, edit: Callable[[dict[str, Any]], None], room_id: str) -> dict[str, Any]:
    """A room's own variant (``Context.custom_variant``, in the JSON of the cases): a shipped
    variant resolved from its file, renamed ``room_id`` and changed by ``edit``."""
    data = variant_files.resolved(base)
    data["id"] = room_id
    data.pop("extends", None)
    edit(data)
    result: dict[str, Any] = camel_json(data)
    return result
