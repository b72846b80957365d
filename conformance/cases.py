"""Reading case files and choosing cases.

A case file is JSON Lines: one case (a JSON object) per line, UTF-8, no
blank lines. :func:`load_cases` reads files or folders of ``*.jsonl`` files
and :func:`select` keeps the cases that pass the runner's filters.

>>> cases = load_cases([CASES_DIR / "seed.jsonl"])
>>> all(c.origin == "seed" for c in cases)
True
>>> picked = select(cases, ids=["seed/qq/throw-98844-*"])
>>> sorted({c.kind for c in picked})
['check_throw']
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from conformance import ALTERNATIVES_DIR, CASES_DIR, REGRESSION_DIR
from conformance.protos import QUESTION_KINDS

KINDS: tuple[str, ...] = tuple(QUESTION_KINDS)
"""The kinds of question, as the field names of ``Question``'s oneof."""

JSON_KINDS: dict[str, str] = {kind.json_name: kind.name for kind in QUESTION_KINDS.values()}
"""The JSON name of each kind (the proto3 JSON mapping writes field names in lowerCamelCase)."""

SETS: dict[str, str] = {
    "normative": "the contract: seed and hand cases, reasoned from the rule sources (cases/)",
    "regression": "random deals answered by the reference engine, frozen (regression/)",
    "alternatives": "readings the sources leave open, one file per reading (alternatives/)",
}
"""The sets of case files (INTERPRETING.md, "Files")."""

ORIGINS: tuple[str, ...] = ("seed", "hand", "generated")
"""Where a case comes from: a seed's worked example, reasoning from the rules, or a random deal."""

TAGS: dict[str, str] = {
    # The kind of question (exactly one, except for an empty question), and errors.
    **{kind.name: f"a {kind.rpc} question" for kind in QUESTION_KINDS.values()},
    "error": "the expected answer is an error (a malformed question)",
    # The family of the variant and its number of decks.
    "qq": "a variant of the QQ rules (qq-*)",
    "lianzhong": "a variant of the Lianzhong rules (lianzhong-*)",
    "two-colour": "the two-colour game, black and red the only suits (two-colour-*)",
    "four-deck-game": "the four-deck game of the QQ forum reply (four-deck)",
    "heijian": "Heijian, 黑尖 (heijian)",
    "fixed-two": "the four-deck game with 2 always trump and no bottom (fixed-two-*)",
    "botzone": "the profile of the Botzone Tractor judge (botzone-*)",
    "rbtying": "a profile of the rbtying/shengji web game (rbtying-*)",
    "decks-1": "a variant played with one deck",
    "decks-2": "a variant played with two decks",
    "decks-3": "a variant played with three decks",
    "decks-4": "a variant played with four decks",
    # Features: what an engine must implement to pass the case.
    "no-trump": "a no-trump deal (only jokers and level cards are trump)",
    "fixed-rank-trump": "a variant where a rank is always trump (2为常主)",
    "jokers": "the question holds a joker",
    "level-cards": "the question holds a level card",
    "pairs": "the question holds a pair (or larger tuple) that matters",
    "tractor": "the question holds a tractor",
    "trump-tractor": "a tractor of trump across jokers, level cards or the trump ace",
    "bridged-gap": "a tractor across the gap a level card leaves (JJ99 playing 10)",
    "throw": "a lead of several units (甩牌)",
    "follow-suit": "the duty to follow the led suit",
    "ruff": "trump played to a side-suit lead (毙)",
    "over-ruff": "a ruff beating an earlier ruff (盖毙)",
    "discard": "a play that cannot win (垫)",
    "first-played-wins": "equal cards, the first played winning",
    "forced-unit": "a failed throw and the part the thrower must play",
    "bottom-power": "the bottom multiplier base^size (QQ)",
    "bottom-shape-table": "the bottom multiplier by shape (Lianzhong)",
    "banker-wins-bottom": "the banker's side wins the last trick",
    "level-table": "the level table's bands",
    "band-edge": "attacker points on the edge of a band of the level table",
    "next-banker": "who deals next",
    "last-level": "a side goes past the last level",
    "declaration-ladder": "declarations compared on the ladder",
    "self-declaration": "the standing declarer declares again (自保, 自反)",
    "triples": "the question holds a triple (三同张) that matters",
    "quads": "the question holds a quad (四条) that matters",
    "titanic": "a tractor of triples (泰坦尼克)",
    "follow-ladder": "a lead whose follow duty is a ladder the variant lists",
    "larger-tuples": "a unit of larger tuples outranking a tractor of the same card count (bomb)",
    "ace-either-end": "an ace ending a tractor at the low end (AA2233)",
    "special-trump": "trump cards above the jokers or named cards that make no tractors (Heijian)",
    "penalty": "a failed throw that costs points",
    "bottom-linear": "the bottom multiplier is the largest unit's size",
    "bottom-trump-doubles": "the bottom doubled when the last trick is won by trump",
    "bottom-either-side": "no bottom: whichever side wins the last trick digs",
    "declaration-point-sum": "bids compared by the sum of their card points",
    "declaration-suit-order": "declarations of one rung ordered by suit",
    "rebury": "a declaration after the bottom is buried (炒底)",
    "variant-file": "a variant as its file defines it",
    "custom-variant": "a room's own variant in the question (Context.custom_variant)",
    "deprecated-form": "a ScoreDeal or CompareDeclarations question with its variant (and level) outside"
                       " the context, the deprecated form still answered",
}
"""The closed list of tags, with their meaning (INTERPRETING.md, "Tags")."""


class CaseFileError(ValueError):
    """A case file that cannot be read: the file, the line and the reason."""


@dataclass(frozen=True)
class Case:
    """One case of the suite: a question, the answer expected and how to compare.

    ``raw`` is the whole JSON object as read; the other attributes are its
    most used fields.
    """

    id: str
    variant: str | None
    kind: str | None
    question: dict[str, Any]
    expected: dict[str, Any]
    compare: tuple[str, ...]
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    origin: str
    notation: str
    file: str = ""
    line: int = 0
    set: str = "normative"
    reading: str = ""
    choice: str = ""
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def expects_error(self) -> bool:
        """The expected answer is an error."""
        return "error" in self.expected


def question_kind(question: dict[str, Any]) -> str | None:
    """The kind of a question in JSON (either field-name spelling), or ``None`` when empty.

    >>> question_kind({"checkFollow": {}}), question_kind({"score_deal": {}}), question_kind({})
    ('check_follow', 'score_deal', None)
    """
    for key in question:
        if key in JSON_KINDS:
            return JSON_KINDS[key]
        if key in KINDS:
            return key
    return None


def case_from_json(data: dict[str, Any], file: str = "", line: int = 0,
                   case_set: str = "normative") -> Case:
    """A :class:`Case` from one decoded line (the schema is not checked here).

    >>> c = case_from_json({"id": "x", "variant": "qq-two-deck", "question": {"getVariant": {}},
    ...     "expected": {"getVariant": {}}, "compare": ["getVariant.variant.id"], "rules": [],
    ...     "tags": ["get_variant"], "origin": "hand", "notation": "", "why": "example"})
    >>> c.kind, c.expects_error
    ('get_variant', False)
    """
    try:
        return Case(
            id=str(data["id"]),
            variant=data.get("variant"),
            kind=question_kind(data["question"]),
            question=data["question"],
            expected=data["expected"],
            compare=tuple(data["compare"]),
            rules=tuple(data.get("rules", ())),
            tags=tuple(data.get("tags", ())),
            origin=str(data.get("origin", "")),
            notation=str(data.get("notation", "")),
            file=file,
            line=line,
            set=case_set,
            raw=data,
        )
    except (KeyError, TypeError) as err:
        raise CaseFileError(f"{file}:{line}: not a case: missing or bad field {err}") from None


def case_files(paths: Iterable[Path]) -> list[Path]:
    """The ``*.jsonl`` files named, folders expanded (sorted by name)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.jsonl")))
        elif path.is_file():
            files.append(path)
        else:
            raise CaseFileError(f"{path}: no such case file or folder")
    return files


def read_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The decoded lines of one case file with their line numbers (from 1)."""
    out: list[tuple[int, dict[str, Any]]] = []
    with path.open(encoding="utf-8") as handle:
        for number, text in enumerate(handle, start=1):
            if not text.strip():
                raise CaseFileError(f"{path.name}:{number}: blank line (a case file has one case per line)")
            try:
                data = json.loads(text)
            except json.JSONDecodeError as err:
                raise CaseFileError(f"{path.name}:{number}: not JSON: {err}") from None
            if not isinstance(data, dict):
                raise CaseFileError(f"{path.name}:{number}: a case is a JSON object")
            out.append((number, data))
    return out


def set_of(path: Path) -> tuple[str, str, str]:
    """The set a case file belongs to, by its folder, and for an alternative its reading and choice.

    >>> set_of(REGRESSION_DIR / "generated-check_follow.jsonl")
    ('regression', '', '')
    >>> set_of(ALTERNATIVES_DIR / "joker-pairs" / "one-rung.jsonl")
    ('alternatives', 'joker-pairs', 'one-rung')
    >>> set_of(CASES_DIR / "seed.jsonl")
    ('normative', '', '')
    """
    resolved = path.resolve()
    if resolved.is_relative_to(REGRESSION_DIR):
        return "regression", "", ""
    if resolved.is_relative_to(ALTERNATIVES_DIR) and resolved.parent != ALTERNATIVES_DIR:
        return "alternatives", resolved.parent.name, resolved.stem
    return "normative", "", ""


def load_cases(paths: Sequence[Path] | None = None) -> list[Case]:
    """Every case of the files or folders (default: the normative cases), in file order.

    Every ``*.jsonl`` file of a folder is read, so a new file of the
    existing schema joins the suite by being there. Raises
    :class:`CaseFileError` on an unreadable line or a repeated id.
    """
    cases: list[Case] = []
    seen: dict[str, str] = {}
    for path in case_files(paths or [CASES_DIR]):
        case_set, reading, choice = set_of(path)
        name = f"{reading}/{path.name}" if reading else path.name
        for number, data in read_lines(path):
            case = case_from_json(data, name, number, case_set)
            if reading:
                case = replace(case, reading=reading, choice=choice)
            where = f"{name}:{number}"
            if case.id in seen:
                raise CaseFileError(f"{where}: the id {case.id!r} is already used at {seen[case.id]}")
            seen[case.id] = where
            cases.append(case)
    return cases


def load_suite(sets: Iterable[str] = ("normative",), readings: dict[str, str] | None = None,
               ) -> list[Case]:
    """The shipped cases of these sets; of the alternatives, the choice named for each reading.

    >>> cases = load_suite(["normative", "regression"])
    >>> {c.set for c in cases} == {"normative", "regression"}
    True
    """
    wanted = list(sets)
    unknown = [s for s in wanted if s not in SETS]
    if unknown:
        raise CaseFileError(f"unknown case set {unknown[0]!r} (one of {', '.join(SETS)})")
    paths: list[Path] = []
    if "normative" in wanted:
        paths.append(CASES_DIR)
    if "regression" in wanted and REGRESSION_DIR.is_dir():
        paths.append(REGRESSION_DIR)
    chosen = dict(readings or {})
    if "alternatives" in wanted and not chosen:
        paths.extend(sorted(p for p in ALTERNATIVES_DIR.glob("*/*.jsonl")))
    for reading, choice in chosen.items():
        path = ALTERNATIVES_DIR / reading / f"{choice}.jsonl"
        if not path.is_file():
            known = sorted(p.parent.name + "=" + p.stem for p in ALTERNATIVES_DIR.glob("*/*.jsonl"))
            raise CaseFileError(f"no alternative {reading}={choice} (there are: {', '.join(known)})")
        paths.append(path)
    return load_cases(paths) if paths else []


def readings() -> dict[str, dict[str, Any]]:
    """The readings the sources leave open (``alternatives/readings.json``), by id.

    >>> all(r["choices"] for r in readings().values())
    True
    """
    path = ALTERNATIVES_DIR / "readings.json"
    if not path.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def matches_any(case_id: str, patterns: Iterable[str]) -> bool:
    """Whether an id matches one of the glob patterns (``*``, ``?``, ``[...]``; case-sensitive).

    >>> matches_any("hand/check_follow/pairs-001", ["hand/check_follow/*"])
    True
    >>> matches_any("seed/qq/x", ["hand/*", "gen/*"])
    False
    """
    return any(fnmatch.fnmatchcase(case_id, p) for p in patterns)


def select(
    cases: Iterable[Case],
    *,
    variants: Sequence[str] = (),
    tags: Sequence[str] = (),
    skip_tags: Sequence[str] = (),
    rules: Sequence[str] = (),
    ids: Sequence[str] = (),
    origins: Sequence[str] = (),
) -> list[Case]:
    """The cases passing every filter given.

    Inside one filter the values are alternatives (any variant of
    ``variants``, any id pattern of ``ids``...), except ``tags``: a case must
    carry every tag of ``tags`` and none of ``skip_tags``.

    >>> a = case_from_json({"id": "a", "variant": "v", "question": {}, "expected": {},
    ...     "compare": [], "tags": ["ruff", "qq"], "rules": ["trick.ruff"], "origin": "hand"})
    >>> [c.id for c in select([a], tags=["ruff", "qq"])], select([a], skip_tags=["qq"])
    (['a'], [])
    >>> [c.id for c in select([a], rules=["trick.ruff", "x"], variants=["v"])]
    ['a']
    """
    out: list[Case] = []
    for case in cases:
        if variants and case.variant not in variants:
            continue
        if tags and not all(t in case.tags for t in tags):
            continue
        if skip_tags and any(t in case.tags for t in skip_tags):
            continue
        if rules and not any(r in case.rules for r in rules):
            continue
        if ids and not matches_any(case.id, ids):
            continue
        if origins and case.origin not in origins:
            continue
        out.append(case)
    return out


def read_patterns(path: Path) -> list[str]:
    """Id patterns from a known-failing file: one per line, ``#`` starts a comment.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("# engine bugs\\nhand/check_follow/pairs-*  # issue 12\\n\\n")
    >>> read_patterns(Path(f.name)); os.unlink(f.name)
    ['hand/check_follow/pairs-*']
    """
    patterns: list[str] = []
    for text in path.read_text(encoding="utf-8").splitlines():
        pattern = text.split("#", 1)[0].strip()
        if pattern:
            patterns.append(pattern)
    return patterns
