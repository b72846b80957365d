"""The conformance suite: its files are well formed, and this project's engine passes it.

* every line satisfies conformance/schema/case.schema.json, and its question
  and expected answer parse as ``Question`` and ``Answer`` (no unknown field);
* ids are unique, compare paths name real fields present in the expected
  answer, tags come from the closed list and agree with the question, seed
  quotes are exact, every rule is exercised (twice, once negatively), every
  shipped variant and every kind of question is covered;
* the whole suite passes against the project's server over gRPC and, through
  the example adapter, over the stdio protocol (this project's known failures
  excepted: conformance/known-failing-oracle.txt);
* the runner reports what it should: a diff for a wrong answer, a known
  failure that passes fails the run, JSON and JUnit reports.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from google.protobuf import json_format

from conformance import ALTERNATIVES_DIR, CASES_DIR, PACKAGE_DIR, REGRESSION_DIR, SCHEMA_PATH
from conformance.authoring import variant_files
from conformance.cases import JSON_KINDS, KINDS, SETS, TAGS, Case, load_cases, load_suite
from conformance.compare import parse_path
from conformance.runner import main
from conformance.targets import InProcessTarget
from oracle import pb
from oracle.rules import RULES
from oracle.service.questions import QUESTION_KINDS, dispatch
from oracle.service.server import serve
from oracle.variants import load_catalogue
from tests.support.mutants.suite import KNOWN_FAILING, KNOWN_FAILING_FILE, everything

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "docs" / "seeds"
ADAPTER = ROOT / "examples" / "stdio_adapter" / "adapter.py"
SEED_FILE = str(CASES_DIR / "seed.jsonl")
CASES = load_cases()
"""The normative set (cases/): what the runner runs by default."""
ALL = load_suite(list(SETS))
"""Every shipped case: normative, regression and alternatives."""
FILES = [*sorted(CASES_DIR.glob("*.jsonl")), *sorted(REGRESSION_DIR.glob("*.jsonl")),
         *sorted(ALTERNATIVES_DIR.glob("*/*.jsonl"))]
RAW = [(path.name, number, line) for path in FILES
       for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)]
PLAY_KINDS = tuple(k.name for k in QUESTION_KINDS.values() if "context" in k.request.DESCRIPTOR.fields_by_name)
"""The kinds of question asked about one deal (those whose request carries a Context)."""


def test_every_line_satisfies_the_schema() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = [f"{name}:{number}: {error.message[:160]}"
                for name, number, line in RAW for error in validator.iter_errors(json.loads(line))]
    assert not problems, problems[:10]


def test_questions_and_answers_are_protos() -> None:
    for case in ALL:
        json_format.ParseDict(case.question, pb.Question(), ignore_unknown_fields=False)
        json_format.ParseDict(case.expected, pb.Answer(), ignore_unknown_fields=False)


def test_size_and_origins() -> None:
    """The normative set holds only reasoned cases; the engine-answered deals are the regression set."""
    counts = Counter(c.origin for c in ALL)
    assert len(CASES) >= 5000
    assert counts["seed"] >= 100 and counts["hand"] >= 1000 and counts["generated"] >= 1000
    prefixes = {"seed": ("seed",), "hand": ("hand", "profile", "alt"), "generated": ("gen",)}
    for case in ALL:
        assert case.id.split("/")[0] in prefixes[case.origin], case.id
        assert case.set != "regression" or case.origin == "generated", case.id
    assert not any(c.file.startswith("generated-") for c in CASES)
    files = {c.file for c in ALL if c.origin == "generated"}
    assert all(f.startswith("generated-") for f in files)
    assert not any(c.file.startswith("generated-") for c in ALL if c.origin != "generated")


def _resolve(descriptor: Any, steps: list[tuple[str, bool]]) -> bool:
    for name, each in steps:
        field = descriptor.fields_by_camelcase_name.get(name)
        if field is None or each != (field.is_repeated and each):
            return False
        if each and not field.is_repeated:
            return False
        descriptor = field.message_type
        if descriptor is None:
            return (name, each) == steps[-1]
    return True


def _present(value: Any, steps: list[tuple[str, bool]]) -> bool:
    if not steps:
        return True
    name, each = steps[0]
    if not isinstance(value, dict) or name not in value:
        return False
    inner = value[name]
    if each:
        return isinstance(inner, list) and all(_present(item, steps[1:]) for item in inner)
    return _present(inner, steps[1:])


def test_compare_paths_name_fields_of_the_expected_answer() -> None:
    for case in ALL:
        for path in case.compare:
            steps = parse_path(path)
            assert _resolve(pb.Answer.DESCRIPTOR, steps), f"{case.id}: {path} is no field of Answer"
            assert _present(case.expected, steps), f"{case.id}: {path} is not in the expected answer"
        kind = next(iter(case.expected))
        assert all(p.split(".")[0] == kind for p in case.compare), case.id


def test_tags_are_the_closed_list_and_agree_with_the_cases() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    feature_tags = [t for t in TAGS if t not in KINDS]  # the kinds' tags follow the proto's oneof
    assert schema["properties"]["tags"]["items"]["anyOf"][0]["enum"] == feature_tags
    interpreting = (PACKAGE_DIR / "INTERPRETING.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z0-9_-]+)` \|", interpreting, flags=re.MULTILINE)
    assert set(feature_tags) <= set(listed), sorted(set(feature_tags) - set(listed))
    for case in ALL:
        assert set(case.tags) <= set(TAGS), case.id
        kinds = [t for t in case.tags if t in KINDS]
        assert kinds == ([case.kind] if case.kind else []), case.id
        assert ("error" in case.tags) == case.expects_error, case.id
        written_here = case.file == "seed.jsonl" or case.file.startswith(("hand-", "generated-"))
        if written_here and case.variant in load_catalogue() and case.kind is not None:
            assert variant_files.family(case.variant) in case.tags, case.id
            room = _room_variant(case)
            decks = variant_files.decks(case.variant) if room is None else room["deal"]["decks"]
            assert f"decks-{decks}" in case.tags, case.id


def _room_variant(case: Case) -> dict[str, Any] | None:
    """The room's own variant of a case that sends one in its context (``custom-variant``)."""
    if "custom-variant" not in case.tags or not case.question:
        return None
    room = next(iter(case.question.values())).get("context", {}).get("customVariant")
    return room if isinstance(room, dict) else None


def _question_variant(case: Case) -> str | None:
    if not case.question:
        return None
    request = next(iter(case.question.values()))
    request = request.get("record", request)  # an audit_deal question holds a DealRecord
    if "context" in request:
        return str(request["context"].get("variantId", ""))
    return str(request.get("variantId", "")) or None


def test_variant_field_names_the_questions_variant() -> None:
    for case in ALL:
        assert case.variant == _question_variant(case), case.id


def test_seed_quotes_are_exact() -> None:
    for case in ALL:
        if case.origin != "seed":
            continue
        source = case.raw["seed"]
        text = (SEEDS / source["file"]).read_text(encoding="utf-8")
        assert source["words"] in text, f"{case.id}: the words are not in {source['file']}"


def test_every_rule_is_exercised_twice_and_once_negatively() -> None:
    reasoned = CASES
    cited = Counter(r for c in reasoned for r in c.rules)
    negative = Counter(r for c in reasoned for r in c.raw.get("negative", ()))
    for case in ALL:
        assert set(case.rules) <= set(RULES), f"{case.id}: {set(case.rules) - set(RULES)}"
        assert set(case.raw.get("negative", ())) <= set(case.rules), case.id
    missing = [r for r in RULES if cited[r] < 2]
    never_negative = [r for r in RULES if negative[r] < 1]
    assert not missing, f"rules exercised by fewer than two seed or hand cases: {missing}"
    assert not never_negative, f"rules with no negative seed or hand case: {never_negative}"


def test_every_variant_and_every_kind_is_covered() -> None:
    catalogue = load_catalogue()
    by_variant: dict[str | None, Counter[str]] = {}
    for case in ALL:
        kind = "error" if case.expects_error else (case.kind or "error")
        by_variant.setdefault(case.variant, Counter())[kind] += 1
    for variant in catalogue:
        kinds = by_variant.get(variant, Counter())
        missing = [k for k in [*KINDS, "error"] if kinds[k] == 0]
        assert not missing, f"{variant}: no case of {missing}"
        assert any(c.variant == variant and c.origin != "generated" and c.kind in PLAY_KINDS for c in CASES)
    assert set(JSON_KINDS.values()) == set(KINDS)


def test_the_seed_and_hand_files_and_the_counts_are_current() -> None:
    """python -m conformance.authoring.generate --check: the files written from conformance/authoring are up to date."""
    result = subprocess.run([sys.executable, "-m", "conformance.authoring.generate", "--check"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_engine_answers_every_case_in_process() -> None:
    """The in-process mode, with the known failures: nothing unexpected."""
    from conformance.runner import run

    report = run(list(everything()), InProcessTarget(), known_failing=KNOWN_FAILING)
    unexpected = [(r.case.id, r.problems()[:2]) for r in report.results if not r.ok]
    assert not unexpected, unexpected[:5]


def test_the_whole_suite_passes_over_grpc(tmp_path: Path) -> None:
    running = serve(port=0, host="127.0.0.1")
    try:
        code = main(["--target", f"127.0.0.1:{running.port}", "--known-failing", str(KNOWN_FAILING_FILE),
                     "--json-report", str(tmp_path / "report.json"), "--junit", str(tmp_path / "junit.xml"),
                     "--quiet"])
    finally:
        running.stop(grace=None)
    assert code == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["total"] == len(CASES) and report["failed"] == 0 and report["unexpected_passes"] == 0
    root = ET.parse(tmp_path / "junit.xml").getroot()
    assert int(root.get("tests", "0")) == len(CASES)
    assert {s.get("name") for s in root} >= {c.kind for c in CASES if c.kind}


def test_the_stdio_adapter_earns_its_claim(capsys: pytest.CaptureFixture[str]) -> None:
    """The example adapter speaks protocol 2 and earns the claim of its claim.json."""
    code = main(["--stdio", f"{sys.executable} {ADAPTER}", "--claim", str(ADAPTER.parent / "claim.json"),
                 "--known-failing", str(KNOWN_FAILING_FILE), "--quiet"])
    assert code == 0
    assert "conformant: botzone-tractor, " in capsys.readouterr().out


def _flip_legal(question: pb.Question) -> pb.Answer:
    answer = dispatch(question)
    if answer.WhichOneof("answer") == "check_follow":
        answer.check_follow.legal = not answer.check_follow.legal
    return answer


def test_a_wrong_answer_fails_with_a_diff(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--in-process", "--id", "seed/qq/follow-pair-held-must-be-played", "--quiet"],
                make=lambda args: InProcessTarget(_flip_legal))
    assert code == 1
    code = main(["--in-process", "--id", "seed/qq/follow-pair-held-must-be-played"],
                make=lambda args: InProcessTarget(_flip_legal))
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL seed/qq/follow-pair-held-must-be-played" in out
    assert "checkFollow.legal: expected false, got true" in out
    assert "lead: 8S 8S | hand: AS 5S 5S 3C 4D | play: AS 5S" in out


def test_failure_reports_teach(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Console, JSON and JUnit show the seed's words, the question as sent, and JSON values."""
    case_id = "seed/qq/follow-pair-held-must-be-played"
    case = next(c for c in CASES if c.id == case_id)
    words = case.raw["seed"]["words"]
    report, junit = tmp_path / "r.json", tmp_path / "j.xml"
    assert main(["--in-process", "--id", case_id, "--json-report", str(report), "--junit", str(junit),
                 "--cases", SEED_FILE],
                make=lambda args: InProcessTarget(_flip_legal)) == 1
    out = capsys.readouterr().out
    assert words in out and "sent      " + json.dumps(case.question, separators=(",", ":")) in out
    assert "rules     " in out and "qq-two-deck" in out.split("variant", 1)[1]
    result = json.loads(report.read_text(encoding="utf-8"))["results"][0]
    assert result["mismatches"] == [{"field": "checkFollow.legal", "expected": False, "got": True}]
    assert result["question"] == case.question and result["expected"] == case.expected
    assert result["got"] == {"checkFollow": {"legal": True, "brokenRuleId": "follow.pairs"}}
    assert result["seed"]["words"] == words
    failure = ET.parse(junit).getroot().find(".//failure")
    assert failure is not None and words in (failure.text or "") and case.notation in (failure.text or "")
    assert main(["--in-process", "--id", case_id, "--format", "short", "--cases", SEED_FILE],
                make=lambda args: InProcessTarget(_flip_legal)) == 1
    assert f"FAIL {case_id}: checkFollow.legal: expected false, got true" in capsys.readouterr().out


def test_a_known_failure_that_passes_fails_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    known = tmp_path / "known.txt"
    known.write_text("# stale\nseed/qq/throw-98844-*\n", encoding="utf-8")
    assert main(["--in-process", "--id", "seed/qq/throw-98844-*", "--known-failing", str(known)]) == 1
    assert "UNEXPECTED PASS seed/qq/throw-98844-succeeds" in capsys.readouterr().out
    assert main(["--in-process", "--id", "seed/qq/follow-pair-held-must-be-played", "--known-failing", str(known),
                 "--quiet"], make=lambda args: InProcessTarget(_flip_legal)) == 1
    known.write_text("seed/qq/follow-pair-*\n", encoding="utf-8")
    assert main(["--in-process", "--id", "seed/qq/follow-pair-held-must-be-played", "--known-failing", str(known),
                 "--quiet"], make=lambda args: InProcessTarget(_flip_legal)) == 0


def test_filters_and_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--variant", "heijian", "--tag", "check_throw", "--origin", "seed"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed and all(i.startswith("seed/heijian/") for i in listed)
    assert main(["--list", "--rule", "declare.rebury"]) == 0
    assert all("rebury" in i or i.startswith("gen/") for i in capsys.readouterr().out.split())
    assert main(["--list", "--tag", "no-such-tag"]) == 2
    assert main(["--list", "--id", "nothing/*"]) == 0
    assert main(["--id", "nothing/*", "--in-process"]) == 2
    assert main(["--list-tags"]) == 0
    assert "bridged-gap" in capsys.readouterr().out


def test_no_server_is_a_setup_error() -> None:
    assert main(["--target", "127.0.0.1:1", "--timeout", "1", "--id", "seed/qq/throw-98844-*", "--quiet"]) == 2


def test_a_dying_stdio_process_fails_its_cases_with_its_exit_status_and_stderr(tmp_path: Path) -> None:
    """Protocol 1 and 2: the real exit status and the last stderr lines, for every case owed."""
    script = tmp_path / "dies.py"
    script.write_text("import json, sys\nline = json.loads(sys.stdin.readline())\n"
                      "print(json.dumps({'id': line['id'], 'answer': {'checkThrow': {}}}) if 'id' in line "
                      "else json.dumps({'checkThrow': {}}), flush=True)\n"
                      "print('engine: out of cheese', file=sys.stderr)\nsys.exit(3)\n", encoding="utf-8")
    for protocol in ("1", "2"):
        report = tmp_path / f"r{protocol}.json"
        assert main(["--stdio", f"{sys.executable} {script}", "--stdio-protocol", protocol, "--id",
                     "seed/qq/throw-98844-*", "--quiet", "--json-report", str(report), "--cases", SEED_FILE]) == 1
        results = json.loads(report.read_text(encoding="utf-8"))["results"]
        assert results[0]["status"] == "fail" and "mismatches" in results[0]
        dead = [r["failure"] for r in results[1:]]
        assert len(dead) == 3 and all("exit status 3" in d and "out of cheese" in d for d in dead), dead


def test_a_stray_line_stops_the_run_and_shows_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Protocol 2: a console.log-style line on stdout stops the run at once (exit 2), quoting it."""
    script = tmp_path / "chatty.py"
    script.write_text("import json, sys\nfrom pathlib import Path\n"
                      f"sys.path.insert(0, {str(ADAPTER.parent)!r})\nfrom adapter import reply_to\n"
                      "for n, line in enumerate(sys.stdin):\n"
                      "    if n == 2:\n        print('debug: third question')\n"
                      "    print(json.dumps(reply_to(line)), flush=True)\n", encoding="utf-8")
    report = tmp_path / "r.json"
    assert main(["--stdio", f"{sys.executable} {script}", "--id", "seed/qq/throw-98844-*", "--quiet",
                 "--cases", SEED_FILE, "--json-report", str(report)]) == 2
    out = capsys.readouterr()
    assert "'debug: third question'" in out.out and "stray line" in out.err
    assert "2 passed" in out.out  # the answers before the stray line count; nothing after it
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["total"] == 2 and "debug: third question" in data["stopped"]


def test_unsupported_answers_are_skipped_and_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An UNSUPPORTED answer (protocol 2) or an UNIMPLEMENTED error is skipped, listed, never passed."""
    script = tmp_path / "partial.py"
    script.write_text("import json, sys\nfor line in sys.stdin:\n    q = json.loads(line)\n"
                      "    print(json.dumps({'id': q['id'], 'unsupported': 'no throws yet'}), flush=True)\n",
                      encoding="utf-8")
    report = tmp_path / "r.json"
    assert main(["--stdio", f"{sys.executable} {script}", "--id", "seed/qq/throw-98844-*",
                 "--json-report", str(report), "--cases", SEED_FILE]) == 0
    out = capsys.readouterr().out
    assert "SKIPPED seed/qq/throw-98844-succeeds: unsupported: no throws yet" in out
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["skipped"] == 4 and data["passed"] == 0

    def unimplemented(question: pb.Question) -> pb.Answer:
        return pb.Answer(error=pb.QuestionError(code="UNIMPLEMENTED", message="throws"))

    assert main(["--in-process", "--id", "seed/qq/throw-98844-*", "--quiet", "--cases", SEED_FILE],
                make=lambda args: InProcessTarget(unimplemented)) == 0
    assert "0 passed" in capsys.readouterr().out


def test_the_stdio_protocol_1_still_works() -> None:
    code = main(["--stdio", f"{sys.executable} {ADAPTER}", "--stdio-protocol", "1", "--origin", "seed",
                 "--tag", "check_throw", "--quiet", "--cases", SEED_FILE])
    assert code == 0


def test_the_runner_package_is_typed_and_its_examples_run() -> None:
    """mypy --strict on conformance/, and the doctests of its modules (CI runs only oracle's)."""
    import doctest
    import importlib

    for name in ("conformance", "conformance.protos", "conformance.cases", "conformance.compare",
                 "conformance.targets", "conformance.claims", "conformance.report", "conformance.runner",
                 "conformance.authoring.build", "conformance.authoring.variant_files"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "conformance"], cwd=ROOT,
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout[-2000:]
