"""Matching an answer against a case: the normative rules of INTERPRETING.md, in code.

Both the expected answer and the answer received are first *normalised*: read
as a ``shengji.oracle.v1.Answer`` and written back in the proto3 JSON mapping
with every field that has no presence printed (so an omitted ``false``, ``0``,
``""``, enum zero or empty list is the same as one written out). Then each path
of the case's ``compare`` list is taken from both and matched:

* a path is field names (lowerCamelCase) joined by dots; ``[]`` after a
  repeated field applies the rest of the path to every element:
  ``judgeTrick.verdicts[].kind``;
* the lists named in :data:`UNORDERED` are multisets: their order never
  matters (cards, units, blocks);
* ``ruleIds`` matches when every expected id is in the answer (a set: order
  and repeats do not matter; the answer may cite more);
* ``fieldViolations`` is the set of field paths of an error;
* anything else must be equal.

>>> got = parse_answer({"checkFollow": {"legal": False, "brokenRuleId": "follow.pairs",
...     "example": [{"rank": "RANK_FIVE", "suit": "SUIT_SPADES"}],
...     "ruleIds": ["follow.suit", "follow.pairs"], "explanation": "..."}})
>>> expected = {"checkFollow": {"legal": False, "brokenRuleId": "follow.pairs", "ruleIds": ["follow.pairs"]}}
>>> match(expected, ["checkFollow.legal", "checkFollow.brokenRuleId", "checkFollow.ruleIds"], got)
[]
>>> [str(m) for m in match({"checkFollow": {"legal": True}}, ["checkFollow.legal"], got)]
['checkFollow.legal: expected true, got false']
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format

from conformance import protos

UNORDERED = frozenset({"cards", "example", "forcedPlay", "beatingCards", "units", "blocks", "fieldViolations"})
"""Repeated fields matched as multisets (``fieldViolations`` as a set)."""

INCLUDED = frozenset({"ruleIds"})
"""Repeated fields matched by inclusion: every expected item must be in the answer."""

_RANK_SYMBOLS = {
    "RANK_TWO": "2", "RANK_THREE": "3", "RANK_FOUR": "4", "RANK_FIVE": "5", "RANK_SIX": "6",
    "RANK_SEVEN": "7", "RANK_EIGHT": "8", "RANK_NINE": "9", "RANK_TEN": "10", "RANK_JACK": "J",
    "RANK_QUEEN": "Q", "RANK_KING": "K", "RANK_ACE": "A", "RANK_SMALL_JOKER": "SJ", "RANK_BIG_JOKER": "BJ",
}
_SUIT_LETTERS = {"SUIT_SPADES": "S", "SUIT_HEARTS": "H", "SUIT_DIAMONDS": "D", "SUIT_CLUBS": "C"}


class AnswerFormatError(ValueError):
    """An answer that is not a ``shengji.oracle.v1.Answer`` in the proto3 JSON mapping."""


@dataclass(frozen=True)
class Mismatch:
    """One difference: the path, what the case expects and what the answer has (JSON values).

    ``note`` says how the values differ when equality is not the test (a
    multiset's missing and unexpected items, an inclusion).

    >>> card = {"rank": "RANK_FOUR", "suit": "SUIT_SPADES"}
    >>> m = Mismatch("checkThrow.forcedPlay", [card, card], [{"rank": "RANK_NINE", "suit": "SUIT_SPADES"}])
    >>> str(m)
    'checkThrow.forcedPlay: expected 4S 4S, got 9S'
    >>> m.to_json()["expected"][0]
    {'rank': 'RANK_FOUR', 'suit': 'SUIT_SPADES'}
    """

    path: str
    expected: Any
    got: Any
    note: str = ""

    def __str__(self) -> str:
        if self.path == "answer" and self.note:  # a different kind of answer: the note says it
            return f"answer: {self.note}"
        text = f"{self.path}: expected {show(self.expected)}, got {show(self.got)}"
        return f"{text} ({self.note})" if self.note else text

    def to_json(self) -> dict[str, Any]:
        """The difference with real JSON values (never JSON inside strings)."""
        out = {"field": self.path, "expected": self.expected, "got": self.got}
        return {**out, "note": self.note} if self.note else out


def normalise(answer: Any, compare: Sequence[str] | None = None) -> dict[str, Any]:
    """An answer in the proto3 JSON mapping with every field without presence printed.

    With ``compare``, only the fields on those paths (the rest is never
    looked at, and leaving it out is much faster on big answers).

    >>> normalise(parse_answer({"checkFollow": {"legal": True}}))["checkFollow"]["brokenRuleId"]
    ''
    >>> normalise(parse_answer({"checkFollow": {"legal": True}}), ["checkFollow.legal"])
    {'checkFollow': {'legal': True}}
    """
    if compare is None:
        result: dict[str, Any] = json_format.MessageToDict(answer, always_print_fields_with_no_presence=True)
        return result
    kind = answer.WhichOneof("answer")
    if kind is None:
        return {}
    field = answer.DESCRIPTOR.fields_by_name[kind]
    tree = path_tree(compare)
    sub = tree.get(field.json_name)
    value = getattr(answer, kind)
    return {field.json_name: _message_json(value, sub[1]) if sub else _message_json(value, {})}


def _message_json(message: Any, tree: Tree) -> Any:
    """The JSON mapping of the fields of ``message`` that ``tree`` names (all of them for an empty tree)."""
    if not tree:
        return json_format.MessageToDict(message, always_print_fields_with_no_presence=True)
    out: dict[str, Any] = {}
    fields = message.DESCRIPTOR.fields_by_camelcase_name
    for name, (_, sub) in tree.items():
        field = fields.get(name)
        if field is None:
            out[name] = None
            continue
        value = getattr(message, field.name)
        if field.is_repeated:
            out[name] = [_field_json(field, v, sub) for v in value]
        elif field.message_type is not None and not message.HasField(field.name):
            out[name] = None
        else:
            out[name] = _field_json(field, value, sub)
    return out


def _field_json(field: Any, value: Any, tree: Tree) -> Any:
    if field.message_type is not None:
        return _message_json(value, tree)
    if field.enum_type is not None:
        known = field.enum_type.values_by_number.get(value)
        return known.name if known is not None else value
    return value


def parse_answer(data: Any) -> Any:
    """An ``Answer`` from decoded JSON; :class:`AnswerFormatError` when it is not one.

    >>> parse_answer({"checkFollow": {"legal": True}}).check_follow.legal
    True
    >>> parse_answer({"checkFollow": {"legality": True}})
    Traceback (most recent call last):
    ...
    conformance.compare.AnswerFormatError: not an Answer: Message type "shengji.oracle.v1.CheckFollowResponse" has no field named "legality" at "Answer.checkFollow".
     Available Fields(except extensions): "['legal', 'brokenRuleId', 'example', 'ruleIds', 'explanation']"
    """
    if not isinstance(data, dict):
        raise AnswerFormatError(f"not an Answer: a JSON object is expected, not {type(data).__name__}")
    answer = protos.Answer()
    try:
        json_format.ParseDict(data, answer, ignore_unknown_fields=False)
    except json_format.ParseError as err:
        raise AnswerFormatError(f"not an Answer: {err}") from None
    return answer


def parse_path(path: str) -> list[tuple[str, bool]]:
    """A compare path as (field name, applies to every element) steps.

    >>> parse_path("judgeTrick.verdicts[].kind")
    [('judgeTrick', False), ('verdicts', True), ('kind', False)]
    """
    steps: list[tuple[str, bool]] = []
    for part in path.split("."):
        each = part.endswith("[]")
        steps.append((part[:-2] if each else part, each))
    return steps


Tree = dict[str, tuple[bool, "Tree"]]


def path_tree(paths: Iterable[str]) -> Tree:
    """The compare paths merged into a tree of field names.

    >>> path_tree(["a.b[].c", "a.b[].d", "a.e"])
    {'a': (False, {'b': (True, {'c': (False, {}), 'd': (False, {})}), 'e': (False, {})})}
    """
    tree: Tree = {}
    for path in paths:
        node = tree
        for name, each in parse_path(path):
            seen_each, child = node.setdefault(name, (each, {}))
            if each and not seen_each:
                node[name] = (True, child)
            node = child
    return tree


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _project(value: Any, name: str, each: bool, subtree: Tree) -> Any:
    """The part of ``value`` (the field ``name``) that the subtree selects, with orderless lists sorted."""
    items: list[Any]
    if subtree:
        if not (each and isinstance(value, list)):
            return _select(value, subtree)
        items = [_select(v, subtree) for v in value]
    elif isinstance(value, list):
        items = value
    else:
        return value
    if name in UNORDERED:
        items = sorted(items, key=_canonical)
        if name == "fieldViolations":
            unique: list[Any] = []
            for item in items:
                if not unique or _canonical(unique[-1]) != _canonical(item):
                    unique.append(item)
            items = unique
    return items


def _select(value: Any, tree: Tree) -> Any:
    if not isinstance(value, dict):
        return value
    return {name: _project(value.get(name), name, each, sub) for name, (each, sub) in tree.items()}


def show(value: Any) -> str:
    """A value for a diff: cards in the notation, other JSON as compact text.

    >>> show([{"rank": "RANK_TEN", "suit": "SUIT_HEARTS"}, {"rank": "RANK_BIG_JOKER", "suit": "SUIT_UNSPECIFIED"}])
    '10H BJ'
    >>> show(True), show("follow.pairs"), show([]), show(None)
    ('true', '"follow.pairs"', '[]', 'absent')
    """
    if value is None:
        return "absent"
    if _is_card(value):
        return _card_text(value)
    if isinstance(value, list) and value and all(_is_card(v) for v in value):
        return " ".join(_card_text(v) for v in value)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return _show_dict(value)
    return json.dumps(value, ensure_ascii=False)


def _show_dict(value: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"


def _is_card(value: Any) -> bool:
    return isinstance(value, dict) and "rank" in value and set(value) <= {"rank", "suit"}


def _card_text(card: dict[str, Any]) -> str:
    rank = _RANK_SYMBOLS.get(str(card.get("rank")), str(card.get("rank")))
    if rank in ("SJ", "BJ"):
        return rank
    return rank + _SUIT_LETTERS.get(str(card.get("suit")), "?")


def _diff(path: str, name: str, expected: Any, got: Any, out: list[Mismatch]) -> None:
    if name in INCLUDED and isinstance(expected, list):
        cited = set(got) if isinstance(got, list) else set()
        missing = [e for e in expected if e not in cited]
        if missing:
            out.append(Mismatch(path, expected, got, f"must include {show(missing)}"))
        return
    if _canonical(expected) == _canonical(got):
        return
    if isinstance(expected, dict) and isinstance(got, dict) and not _is_card(expected):
        for key, value in expected.items():
            _diff(f"{path}.{key}", key, value, got.get(key), out)
        return
    if isinstance(expected, list) and isinstance(got, list):
        if name in UNORDERED:
            want, have = Counter(map(_canonical, expected)), Counter(map(_canonical, got))
            missing = [json.loads(t) for t in (want - have).elements()]
            extra = [json.loads(t) for t in (have - want).elements()]
            detail = []
            if missing:
                detail.append(f"missing {show(missing)}")
            if extra:
                detail.append(f"unexpected {show(extra)}")
            out.append(Mismatch(path, expected, got, "; ".join(detail)))
            return
        if len(expected) == len(got) and all(isinstance(e, dict) for e in expected):
            for i, (e, g) in enumerate(zip(expected, got, strict=True)):
                _diff(f"{path}[{i}]", name, e, g, out)
            return
    out.append(Mismatch(path, expected, got))


def match(expected: dict[str, Any], compare: Sequence[str], got: Any) -> list[Mismatch]:
    """The differences between an answer and a case's expected answer, on the compared paths.

    An empty list means the answer matches. A different kind of answer (an
    error where a response is expected, or the reverse) is one mismatch on
    ``answer``.

    >>> err = parse_answer({"error": {"code": "INVALID_ARGUMENT",
    ...     "fieldViolations": [{"field": "check_follow.play[0]", "description": "not held"}]}})
    >>> want = {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": [{"field": "check_follow.play[0]"}]}}
    >>> match(want, ["error.code", "error.fieldViolations[].field"], err)
    []
    >>> [str(m) for m in match({"checkFollow": {"legal": True}}, ["checkFollow.legal"], err)]
    ['answer: expected a checkFollow answer, got error INVALID_ARGUMENT (check_follow.play[0]: not held)']
    """
    return match_normalised(normalise(parse_answer(expected), compare), compare, got)


def match_normalised(want: dict[str, Any], compare: Sequence[str], got: Any) -> list[Mismatch]:
    """:func:`match` with the expected answer already normalised (a runner does it once per case)."""
    have = normalise(got, compare)
    want_kind = next(iter(want), None)
    have_kind = next(iter(have), None)
    if want_kind != have_kind:
        return [Mismatch("answer", {want_kind: want.get(want_kind) if want_kind else None}, have,
                         f"expected a {want_kind} answer, got {_describe_answer(have)}")]
    tree = path_tree(compare)
    out: list[Mismatch] = []
    for name, (each, subtree) in tree.items():
        _diff(name, name, _project(want.get(name), name, each, subtree),
              _project(have.get(name), name, each, subtree), out)
    return out


def _describe_answer(answer: dict[str, Any]) -> str:
    if not answer:
        return "an empty answer"
    kind = next(iter(answer))
    if kind != "error":
        return f"a {kind} answer"
    error = answer["error"]
    first = error.get("fieldViolations") or []
    detail = f" ({first[0].get('field')}: {first[0].get('description', '')})" if first else ""
    return f"error {error.get('code', '')}{detail}"
