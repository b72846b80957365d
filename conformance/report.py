"""The results of a run and their reports: console, JSON, JUnit XML and HTML.

A failure report teaches: beside the differences (expected and got as JSON
values), it shows the case's ``why``, its rules, its seed file and words, the
question in the card notation and the question as sent. The summaries count
the results per variant and per kind of question (kinds from the proto's
``Question`` oneof, so a new kind appears with no change here).

>>> case = Case("hand/x/y", "qq-two-deck", "check_follow", {"checkFollow": {}},
...     {"checkFollow": {"legal": False}}, ("checkFollow.legal",),
...     ("follow.pairs",), (), "hand", "lead: 8H 8H | play: AH 5H", raw={"why": "A pair is led."})
>>> result = CaseResult(case, FAIL, [Mismatch("checkFollow.legal", False, True)])
>>> print("\\n".join(failure_lines(result)))
FAIL hand/x/y
    case      check_follow, qq-two-deck, hand (:0)
    question  lead: 8H 8H | play: AH 5H
    why       A pair is led.
    rules     follow.pairs
    sent      {"checkFollow":{}}
    expected  {"checkFollow":{"legal":false}}
    differs   checkFollow.legal: expected false, got true
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance import CONTRACT_VERSION, SUITE_VERSION
from conformance.cases import KINDS, Case
from conformance.compare import Mismatch

PASS = "pass"
FAIL = "fail"
KNOWN_FAILURE = "known-failure"
UNEXPECTED_PASS = "unexpected-pass"
SKIPPED = "skipped"
STATUSES = (PASS, FAIL, KNOWN_FAILURE, UNEXPECTED_PASS, SKIPPED)

FORMATS = ("full", "short", "jsonl")
"""Console formats: ``full`` (a failure with everything that explains it), ``short`` (one line
per difference), ``jsonl`` (one JSON object per case not passed, as in the JSON report)."""


@dataclass
class CaseResult:
    """What happened to one case."""

    case: Case
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    failure: str = ""
    got: Any = None
    """The answer received, normalised on the compared paths (JSON), when there was one."""
    sent: Any = None
    """The question as sent (JSON), for a case not passed; else the case's question stands for it."""

    @property
    def ok(self) -> bool:
        """The case ran as expected (passed, failed while listed as known failing, or skipped
        because the engine said it does not implement it)."""
        return self.status in (PASS, KNOWN_FAILURE, SKIPPED)

    def problems(self) -> list[str]:
        """The reasons the answer did not match, one line each."""
        if self.status == SKIPPED:
            return [f"unsupported: {self.failure}"]
        if self.failure:
            return [f"no answer: {self.failure}"]
        return [str(m) for m in self.mismatches]


@dataclass
class Report:
    """The results of one run."""

    target: str
    results: list[CaseResult]
    seconds: float
    claim: str = ""
    """The claim in words (empty when the run had no claim file)."""
    stopped: str = ""
    """Why the run stopped early (a protocol error), or empty."""

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        return not self.stopped and all(r.ok for r in self.results)

    @property
    def claim_earned(self) -> bool:
        """Every case of the claim passed: no failure, known failure or unsupported answer."""
        return bool(self.claim) and not self.stopped and all(r.status == PASS for r in self.results)

    def claim_line(self) -> str:
        if not self.claim:
            return ""
        if self.claim_earned:
            return f"conformant: {self.claim}"
        counts = ", ".join(f"{self.count(s)} {s}" for s in (FAIL, KNOWN_FAILURE, UNEXPECTED_PASS, SKIPPED)
                           if self.count(s))
        return f"not earned: {self.claim} ({counts or self.stopped})"

    def to_json(self) -> dict[str, Any]:
        """The ``--json-report`` document: values as JSON values, never JSON inside strings."""
        return {
            "suite_version": SUITE_VERSION,
            "contract_version": CONTRACT_VERSION,
            "target": self.target,
            "seconds": round(self.seconds, 3),
            "claim": self.claim or None,
            "claim_earned": self.claim_earned if self.claim else None,
            "stopped": self.stopped or None,
            "total": len(self.results),
            "passed": self.count(PASS),
            "failed": self.count(FAIL),
            "known_failures": self.count(KNOWN_FAILURE),
            "unexpected_passes": self.count(UNEXPECTED_PASS),
            "skipped": self.count(SKIPPED),
            "by_variant": {k: dict(v) for k, v in tally(self.results, by_variant).items()},
            "by_kind": {k: dict(v) for k, v in tally(self.results, by_kind).items()},
            "results": [result_json(r) for r in self.results],
        }


def result_json(result: CaseResult) -> dict[str, Any]:
    """One result; a case not passed carries everything that explains it."""
    case = result.case
    out: dict[str, Any] = {"id": case.id, "kind": case.kind, "variant": case.variant,
                           "origin": case.origin, "set": case.set, "status": result.status}
    if result.status == PASS:
        return out
    out.update(file=case.file, line=case.line, notation=case.notation, rules=list(case.rules),
               negative=list(case.raw.get("negative", ())), tags=list(case.tags))
    for key in ("why", "seed", "upstream"):
        if key in case.raw:
            out[key] = case.raw[key]
    if case.reading:
        out["reading"] = {"reading": case.reading, "choice": case.choice}
    out["question"] = result.sent if result.sent is not None else case.question
    out["expected"] = case.expected
    out["compare"] = list(case.compare)
    if result.got is not None:
        out["got"] = result.got
    if result.failure:
        out["unsupported" if result.status == SKIPPED else "failure"] = result.failure
    if result.mismatches:
        out["mismatches"] = [m.to_json() for m in result.mismatches]
    return out


def by_variant(case: Case) -> str:
    return case.variant or "(no variant)"


def by_kind(case: Case) -> str:
    return case.kind or "(empty question)"


def tally(results: Iterable[CaseResult], key: Any) -> dict[str, Counter[str]]:
    """Counts of statuses per value of ``key(case)``, kinds in the proto's order."""
    rows: dict[str, Counter[str]] = {}
    for result in results:
        rows.setdefault(key(result.case), Counter())[result.status] += 1
    order = {k: i for i, k in enumerate(KINDS)}
    return dict(sorted(rows.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def table_lines(title: str, rows: dict[str, Counter[str]]) -> list[str]:
    """A summary table: cases, passed, failed, known failures, skipped per row.

    >>> print("\\n".join(table_lines("kind", {"check_follow": Counter({PASS: 3, FAIL: 1})})))
    kind                           cases  passed  failed   known skipped
    check_follow                       4       3       1       0       0
    """
    width = max([len(title), *map(len, rows)]) + 2
    width = max(width, 30)
    lines = [f"{title:<{width}}{'cases':>6}{'passed':>8}{'failed':>8}{'known':>8}{'skipped':>8}"]
    for name, c in rows.items():
        lines.append(f"{name:<{width}}{sum(c.values()):>6}{c[PASS]:>8}{c[FAIL] + c[UNEXPECTED_PASS]:>8}"
                     f"{c[KNOWN_FAILURE]:>8}{c[SKIPPED]:>8}")
    return lines


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def explanation_lines(case: Case, sent: Any = None) -> list[tuple[str, str]]:
    """What explains a case, as (label, text) rows: the kind, question, why, rules, seed, sent."""
    where = f"{case.kind or 'empty question'}, {case.variant}, {case.origin} ({case.file}:{case.line})"
    rows = [("case", where)]
    if case.reading:
        rows.append(("reading", f"{case.reading}={case.choice} (an alternative reading)"))
    if case.notation:
        rows.append(("question", case.notation))
    if case.raw.get("why"):
        rows.append(("why", str(case.raw["why"])))
    if case.rules:
        negative = case.raw.get("negative") or []
        rows.append(("rules", ", ".join(case.rules) + (f" (negative: {', '.join(negative)})" if negative else "")))
    seed = case.raw.get("seed")
    if isinstance(seed, dict):
        rows.append(("seed", f"{seed.get('file')} § {seed.get('section')}: 「{seed.get('words')}」"))
    if case.raw.get("upstream"):
        rows.append(("upstream", str(case.raw["upstream"])))
    rows.append(("sent", _compact(case.question if sent is None else sent)))
    return rows


def failure_lines(result: CaseResult, fmt: str = "full") -> list[str]:
    """The console lines of one case not passed."""
    case = result.case
    if result.status == UNEXPECTED_PASS:
        return [f"UNEXPECTED PASS {case.id} (listed as known failing; remove it from the list)"]
    label = {FAIL: "FAIL", KNOWN_FAILURE: "KNOWN FAILURE", SKIPPED: "SKIPPED"}[result.status]
    if fmt == "jsonl":
        return [_compact(result_json(result))]
    if fmt == "short":
        return [f"{label} {case.id}: {problem}" for problem in result.problems()]
    lines = [f"{label} {case.id}"]
    lines += [f"    {name:<10}{text}" for name, text in explanation_lines(case, result.sent)]
    if result.status != SKIPPED and not result.failure:
        lines.append(f"    {'expected':<10}{_compact(case.expected)}")
    for problem in result.problems():
        lines.append(f"    {'differs' if result.mismatches else 'problem':<10}{problem}")
    return lines


def summary_lines(report: Report, max_details: int = 20, fmt: str = "full") -> list[str]:
    """The console summary: the cases not passed, the tables, the counts and the claim."""
    lines: list[str] = []
    shown = 0
    for result in report.results:
        if result.status == PASS:
            continue
        if result.status in (KNOWN_FAILURE, SKIPPED) and fmt == "full":
            lines.append(f"{'KNOWN FAILURE' if result.status == KNOWN_FAILURE else 'SKIPPED'} {result.case.id}: "
                         f"{(result.problems() or [''])[0]}")
            continue
        if shown >= max_details and result.status == FAIL:
            lines.append(f"FAIL {result.case.id}")
            continue
        shown += result.status == FAIL
        lines += failure_lines(result, fmt)
    if fmt == "jsonl":
        return lines
    if report.stopped:
        lines.append(f"STOPPED: {report.stopped}")
    if lines:
        lines.append("")
    lines += table_lines("variant", tally(report.results, by_variant))
    lines.append("")
    lines += table_lines("kind", tally(report.results, by_kind))
    lines.append(
        f"{len(report.results)} cases against {report.target}: {report.count(PASS)} passed, "
        f"{report.count(FAIL)} failed, {report.count(KNOWN_FAILURE)} known failures, "
        f"{report.count(UNEXPECTED_PASS)} known failures now passing, {report.count(SKIPPED)} skipped "
        f"(unsupported), in {report.seconds:.1f} s"
    )
    if report.claim:
        lines.append(report.claim_line())
    return lines


def junit_xml(report: Report) -> str:
    """The run as JUnit XML: one ``testsuite`` per kind of question, one ``testcase`` per case.

    A failure's text holds the explanation (why, rules, seed, question, sent) and the
    differences; an unsupported case and a known failure are ``skipped``.

    >>> case = Case("a", "v", "check_follow", {}, {}, (), (), (), "hand", "lead: AS", raw={"why": "w"})
    >>> xml = junit_xml(Report("t", [CaseResult(case, FAIL, [Mismatch("x", 1, 2)])], 0.5))
    >>> '<failure message="x: expected 1, got 2"' in xml, "why       w" in xml
    (True, True)
    """
    root = ET.Element("testsuites", name=f"shengji-conformance {SUITE_VERSION}",
                      tests=str(len(report.results)), time=f"{report.seconds:.3f}")
    suites: dict[str, ET.Element] = {}
    counts: dict[str, Counter[str]] = {}
    for result in report.results:
        kind = result.case.kind or "empty_question"
        if kind not in suites:
            suites[kind] = ET.SubElement(root, "testsuite", name=kind)
            counts[kind] = Counter()
        testcase = ET.SubElement(suites[kind], "testcase", classname=f"{kind}.{result.case.variant}",
                                 name=result.case.id)
        counts[kind]["tests"] += 1
        if result.status in (FAIL, UNEXPECTED_PASS):
            counts[kind]["failures"] += 1
            problems = (result.problems() if result.status == FAIL
                        else ["listed as known failing but passed"])
            failure = ET.SubElement(testcase, "failure", message=problems[0] if problems else "failed")
            failure.text = "\n".join(failure_lines(result)[1:] if result.status == FAIL else problems)
        elif result.status in (KNOWN_FAILURE, SKIPPED):
            counts[kind]["skipped"] += 1
            ET.SubElement(testcase, "skipped", message="; ".join(result.problems()))
    for kind, suite in suites.items():
        for key in ("tests", "failures", "skipped"):
            suite.set(key, str(counts[kind][key]))
    return ET.tostring(root, encoding="unicode")


def rule_area(rule: str) -> str:
    """The area of a rule id: its first segment (``follow.pairs`` -> ``follow``)."""
    return rule.split(".", 1)[0]


def _areas(case: Case) -> list[str]:
    areas = sorted({rule_area(r) for r in case.rules})
    if "error" in case.tags:
        areas.append("errors")
    return areas or ["(no rule)"]


STYLE = ("<style>body{font:14px sans-serif;margin:1.5em}table{border-collapse:collapse}"
         "td,th{border:1px solid #999;padding:4px 8px;text-align:center}"
         "th.v{text-align:left}.ok{background:#bfe8bf}.bad{background:#f4b6b6}.known{background:#f6e3a1}"
         ".none{background:#eee;color:#999}.case{border-top:1px solid #ccc;padding:.5em 0}"
         "code{background:#f4f4f4}</style></head><body>")


def html_report(report: Report) -> str:
    """A self-contained HTML page: the matrix of variant x rule area, each cell linking its
    failing cases, listed below with the question in the notation and the why."""
    cells: dict[tuple[str, str], Counter[str]] = {}
    failing: dict[tuple[str, str], list[CaseResult]] = {}
    for result in report.results:
        for area in _areas(result.case):
            key = (by_variant(result.case), area)
            cells.setdefault(key, Counter())[result.status] += 1
            if result.status in (FAIL, UNEXPECTED_PASS, KNOWN_FAILURE, SKIPPED):
                failing.setdefault(key, []).append(result)
    variants = sorted({v for v, _ in cells})
    areas = sorted({a for _, a in cells})
    esc = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Shengji conformance: {esc(report.target)}</title>",
           STYLE,
           (f"<h1>Shengji conformance report</h1><p id=\"summary\">Suite {esc(SUITE_VERSION)} (contract "
            f"{CONTRACT_VERSION}) against <b>{esc(report.target)}</b>: {len(report.results)} cases, "
            f"{report.count(PASS)} passed, {report.count(FAIL)} failed, {report.count(KNOWN_FAILURE)} known "
            f"failures, {report.count(UNEXPECTED_PASS)} known failures now passing, {report.count(SKIPPED)} "
            f"skipped.</p>")]
    if report.claim:
        out.append(f'<p id="claim"><b>{esc(report.claim_line())}</b></p>')
    out.append('<table id="matrix"><thead><tr><th class="v">variant \\ rule area</th>'
               + "".join(f"<th>{esc(a)}</th>" for a in areas) + "</tr></thead><tbody>")
    for variant in variants:
        row = [f'<tr><th class="v">{esc(variant)}</th>']
        for area in areas:
            c = cells.get((variant, area))
            if not c:
                row.append('<td class="none">-</td>')
                continue
            total, passed = sum(c.values()), c[PASS]
            bad = c[FAIL] + c[UNEXPECTED_PASS]
            css = "bad" if bad else ("known" if total != passed else "ok")
            text = f"{passed}/{total}"
            if (variant, area) in failing:
                text = f'<a href="#{esc(_anchor(variant, area))}">{text}</a>'
            row.append(f'<td class="{css}" title="{bad} failed">{text}</td>')
        out.append("".join(row) + "</tr>")
    out.append("</tbody></table>")
    for (variant, area), results in sorted(failing.items()):
        out.append(f'<h2 id="{esc(_anchor(variant, area))}">{esc(variant)} / {esc(area)}</h2>')
        for result in results:
            case = result.case
            out.append(f'<div class="case" id="case-{esc(case.id)}"><b>{esc(result.status.upper())}</b> '
                       f"<code>{esc(case.id)}</code><br>")
            for name, text in explanation_lines(case, result.sent):
                out.append(f"<div><i>{esc(name)}</i>: {esc(text) if name != 'sent' else f'<code>{esc(text)}</code>'}"
                           "</div>")
            for problem in result.problems():
                out.append(f"<div><i>differs</i>: <code>{esc(problem)}</code></div>")
            out.append("</div>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _anchor(variant: str, area: str) -> str:
    return "fail-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in f"{variant}-{area}")
