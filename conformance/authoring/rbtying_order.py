"""Cases of rbtying/shengji's order of decompositions (issue 27), for the profile set.

``profile-rbtying.jsonl`` is written by hand; these cases are built here so that their rooms and
reasoning stay in one place: ``python -m conformance.authoring.rbtying_order`` replaces them in
the file (same ids) or appends them. Each room is rbtying-default with its decks, draw policy and
tractor requirement changed (``Context.custom_variant``).

>>> [c["id"].rsplit("/", 1)[-1] for c in cases()][:2]
['triple-pair-triple-before-pair-triple-triple', 'pair-triple-triple-after']
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from conformance import CASES_DIR
from conformance.authoring import build

PROFILE_FILE = CASES_DIR / "profile-rbtying.jsonl"

_ORDER = "rbtying/shengji mechanics/src/ordered_card.rs full_decomposition_ordering"
_INTERLEAVING = "rbtying/shengji mechanics/src/ordered_card.rs subsequent_decomposition_ordering"
_POLICY_NAMES = {
    "DRAW_POLICY_NO_PROTECTIONS": "",
    "DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR":
        "LongerTuplesProtectedAndOnlyDrawTractorOnTractor",
}


def _room(decks: int, policy: str, tuple_size: int = 2) -> tuple[dict[str, Any], str]:
    """rbtying-default in a room of ``decks`` decks under ``policy`` with tractors of tuples of
    at least ``tuple_size`` (upstream's ``TractorRequirements.min_count``); its words."""
    def edit(data: dict[str, Any]) -> None:
        bottom = 8 if decks % 2 == 0 else 6
        data["deal"].update(decks=decks, bottom_size=bottom, hand_size=(54 * decks - bottom) // 4)
        data["following"]["draw_policy"] = policy
        data["tractors"]["min_tuple_size"] = tuple_size
        data["level_table"]["total_points"] = 100 * decks
    suffix = "-".join(p for p in (_POLICY_NAMES[policy] and "protected", tuple_size > 2 and f"tuples-{tuple_size}") if p)
    room = build.room("rbtying-default", edit, f"room-{decks}-decks" + (f"-{suffix}" if suffix else ""))
    said = ", ".join(w for w in (f"{decks} decks", _POLICY_NAMES[policy],
                                 f"tractors of {tuple_size}-tuples" if tuple_size > 2 else "") if w)
    return room, said


def _in_room(case: dict[str, Any], room: dict[str, Any], said: str, decks: int) -> dict[str, Any]:
    """A case of rbtying-default asked in ``room``: the room in its context, its tags and words."""
    request = next(iter(case["question"].values()))
    request["context"]["customVariant"] = room
    case["tags"] = [t for t in case["tags"] if not t.startswith("decks-") and t != "follow-suit"]
    case["tags"][2:2] = [f"decks-{decks}"] if decks <= 4 else []
    case["tags"].append("custom-variant")
    head, rest = case["notation"].split(" | ", 1)
    case["notation"] = f"{head} (room: {said}) | {rest}"
    return case


A_LEAD = "QD QD QD QD KD KD KD KD"
A_HAND = ("10C 10C 10D 10D 10D 10H 10S 2C 2D 2S 3H 4D 4H 4H 5C 5H 6C 6D 6D 6H 6H 6S 6S 7S 7S 8C 8D 8D 8D "
          "8H 8H 8S 9C 9C 9D 9D 9D 9H 9S 9S 9S AD AH AS BJ BJ BJ JC JH JS KC QH")
A_DIAMONDS = "10D 10D 10D 2D 4D 6D 6D 8D 8D 8D 9D 9D 9D AD"
B_PLAY = "8S 8S 8S 7S 7S 6S 6S 6S 6S 5S 5S 2S 2S"


Room = tuple[dict[str, Any], str, int]
"""A room, its words and its decks."""


def _follow(case_id: str, why: str, room: Room, level: str, trump: str | None, lead: str, held: str,
            play: str, tags: Sequence[str]) -> dict[str, Any]:
    """A CheckFollow case of the profile in ``room``: legal, or (``why`` ends so) illegal by the
    decomposition."""
    legal = not why.endswith(": illegal.")
    rule = "follow.decomposition"
    return _in_room(build.follow(
        f"profile/rbtying/check_follow/{case_id}", build.hand(why), "rbtying-default", level, trump, lead=lead,
        held=held, play=play, legal=legal, broken="" if legal else rule, rules=[rule, "follow.suit"],
        negative=[] if legal else [rule], tags=tags), *room)


def cases() -> list[dict[str, Any]]:
    """The issue's examples: the orderings of a unit of three tuples, and the interleaving of a
    throw whose units' lists hold repeats."""
    four = (*_room(4, "DRAW_POLICY_LONGER_TUPLES_PROTECTED_AND_ONLY_DRAW_TRACTOR_ON_TRACTOR"), 4)
    structure = ["triples", "quads", "tractor"]
    order_why = (
        "Four decks, no trump at 7 (7D is trump, 6D and 8D adjacent), both protections. A tractor of two "
        "quads decomposes through [4, 4], [4, 3]+[1], ... to the unit of three tuples [3, 3, 2], whose "
        "orderings upstream lists in descending lexicographic order (permutations(len).unique() of the "
        "sizes sorted descending): [3, 3, 2], [3, 2, 3], [2, 3, 3]. The hand's diamonds: 2D 4D 6D 6D "
        "8D 8D 8D 9D 9D 9D 10D 10D 10D AD. Under the protection a pair takes only an identity held "
        "exactly twice, so the hand fills no [3, 3, 2] (its only pair, 66, lies below the triples) and "
        "no [3, 2, 3] (no pair just above a triple); it fills [2, 3, 3] with 66 888 999. ")
    out = [
        _follow("irregular-order/triple-pair-triple-before-pair-triple-triple",
                order_why + "The play 888 99 10-10-10 (the play is filled without protection) fills [3, 2, 3], "
                "which comes before [2, 3, 3]: legal.", four, "7", None, A_LEAD, A_HAND,
                "10D 10D 10D 9D 9D 8D 8D 8D", structure),
        _follow("irregular-order/pair-triple-triple-after",
                order_why + "The play 66 888 999 fills [2, 3, 3]; neither it nor the hand fills any requirement "
                "before: legal.", four, "7", None, A_LEAD, A_HAND, "9D 9D 9D 8D 8D 8D 6D 6D", structure),
        _in_room(_legal_plays(
            "profile/rbtying/list_legal_plays/irregular-order/diamonds-alone",
            build.hand(order_why.replace("The hand's diamonds", "The hand, its diamonds alone") +
                       "The legal follows, in the canonical order (cards highest first): 10-10-10 999 88 "
                       "([2, 3, 3]), 10-10-10 99 888 ([3, 2, 3]), 10-10 999 888 ([3, 3, 2], which the play fills "
                       "without protection), 999 888 66 ([2, 3, 3]); every other play fills nothing up to "
                       "[2, 3, 3], which the hand fills."),
            "rbtying-default", "7", None, lead=A_LEAD, held=A_DIAMONDS,
            plays=["10D 10D 10D 9D 9D 9D 8D 8D", "10D 10D 10D 9D 9D 8D 8D 8D", "10D 10D 9D 9D 9D 8D 8D 8D",
                   "9D 9D 9D 8D 8D 8D 6D 6D"],
            rules=["follow.decomposition", "follow.suit"], tags=structure), *four),
    ]
    five = (*_room(5, "DRAW_POLICY_NO_PROTECTIONS"), 5)
    lead, held = "4H 4H 4H 4H 5H 5H 5H 5H", "3H 3H 5H 6H 6H 6H 9H 9H 9H 10H 10H JH JH JH QH QH QH 10C 4S"
    five_why = (
        "Five decks, spades trump at 2 (2H is trump). A tractor of two quads reaches [3, 3, 2], then "
        "[3, 2, 3], then [2, 3, 3] (descending lexicographic order). The hearts: 3H 3H 5H 6H 6H 6H 9H "
        "9H 9H 10H 10H JH JH JH QH QH QH; no earlier requirement is filled. ")
    out.append(_follow(
        "irregular-order/triple-pair-triple/filled",
        five_why + "No triple has a triple and then a pair just above it ([3, 3, 2]); 999 10-10 JJJ fills "
        "[3, 2, 3], and the play is those cards: legal.", five, "2", "S", lead, held, "9H 9H 9H 10H 10H JH JH JH",
        structure))
    out.append(_follow(
        "irregular-order/pair-triple-triple/too-late",
        five_why + "The hand fills [3, 2, 3] with 999 10-10 JJJ; the play 10-10 JJJ QQQ fills only [2, 3, 3], "
        "which comes after: illegal.", five, "2", "S", lead, held, "10H 10H JH JH JH QH QH QH", structure))
    out.append(_follow(
        "interleaving/unique-entries",
        "Seven decks, hearts trump at 3 (2S and 4S adjacent), tractors of 7-tuples: AS x6 and KS x7 lead two "
        "units, [6] and [7]. Each unit's list drops every repeated entry (upstream's .unique()): 32 entries "
        "after [7] and 18 after [6]. The unit with the most left is decomposed next, so at step 22 the lead "
        "asks for [4], [3, 2], [2], [2], which the hand fills (6666, 777 88, 55, 22); [2, 4], [2, 3], [2] "
        "(55 6666, 77 888, 22), which the list with only adjacent repeats dropped reached first, is never "
        "asked. The play fills nothing up to step 22: illegal.",
        (*_room(7, "DRAW_POLICY_NO_PROTECTIONS", tuple_size=7), 7), "3", "H",
        "AS AS AS AS AS AS KS KS KS KS KS KS KS", B_PLAY + " 7S 4C", B_PLAY, ["throw", "triples", "quads"]))
    for case in out:
        case["upstream"] = _INTERLEAVING if "/interleaving/" in case["id"] else _ORDER
    return out


def _legal_plays(case_id: str, meta: build.Meta, variant: str, level: str, trump: str | None, *, lead: str,
                 held: str, plays: Sequence[str], rules: Sequence[str], tags: Sequence[str]) -> dict[str, Any]:
    """A ListLegalPlays case comparing the total and every play."""
    question = {"listLegalPlays": {"context": build.context(variant, level, trump), "hand": build.cards(held),
                                   "lead": build.cards(lead), "pageSize": 1000}}
    expected = {"listLegalPlays": {"total": str(len(plays)), "plays": [{"cards": build.cards(p)} for p in plays]}}
    return build._case(case_id, meta, variant, question, expected,
                       ["listLegalPlays.total", "listLegalPlays.plays[].cards"], rules, (),
                       build._tags(build.auto_tags("list_legal_plays", variant, build.words(lead) + build.words(held),
                                                   level, trump), tags),
                       f"{build.context_words(variant, level, trump)} | lead: {lead} | hand: {held} | "
                       f"{len(plays)} plays")


def write(path: Any = PROFILE_FILE) -> int:
    """Replace these cases in the profile file (same ids) or append them; how many were written."""
    built = {case["id"]: case for case in cases()}
    lines = path.read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if json.loads(line)["id"] not in built]
    kept += [json.dumps(case, ensure_ascii=False, separators=(",", ":")) for case in built.values()]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return len(built)


if __name__ == "__main__":
    sys.exit(0 if write() else 1)
