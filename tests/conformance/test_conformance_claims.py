"""Claims, known-failing baselines and the runner's refusals of values that name nothing.

* a claim file selects the cases of its variants, kinds and features, and the runner prints the
  claim earned, or why it is not earned (a failure, an unsupported answer);
* ``single-card-leads`` leaves out every case where a unit of several cards matters;
* the alternatives of a reading run only when the claim chooses that reading;
* ``--write-known-failing`` writes a baseline that makes the next run pass; a pattern matching
  nothing, a typo'd variant, rule or claim value are errors naming the bad value;
* ``--list | head`` ends quietly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from conformance import CASES_DIR, CLAIM_SCHEMA_PATH
from conformance.cases import load_suite, readings
from conformance.claims import FEATURES, MULTI_CARD_TAGS, covered, parse_claim, shipped_variants
from conformance.runner import main
from conformance.targets import InProcessTarget
from oracle import pb
from oracle.service.questions import dispatch

ROOT = Path(__file__).resolve().parents[2]
SUITE = load_suite(["normative", "regression", "alternatives"])
SHIPPED = shipped_variants(SUITE)
ADAPTER_CLAIM = ROOT / "examples" / "stdio_adapter" / "claim.json"


def _claim(tmp_path: Path, **data: object) -> Path:
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_claim_schema_and_the_adapters_claim() -> None:
    schema = json.loads(CLAIM_SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["features"]["items"]["enum"] == list(FEATURES)
    claim = json.loads(ADAPTER_CLAIM.read_text(encoding="utf-8"))
    jsonschema.validate(claim, schema)
    assert sorted(claim["variants"]) == SHIPPED


def test_a_claim_selects_its_cases() -> None:
    core = covered(parse_claim({"variants": ["qq-two-deck"]}, SHIPPED), SUITE)
    assert core and all(c.variant == "qq-two-deck" and c.set == "normative" for c in core)
    assert not any(set(c.tags) & {"throw", "error", "custom-variant", "larger-tuples"} for c in core)
    throws = covered(parse_claim({"variants": ["qq-two-deck"], "features": ["throws"]}, SHIPPED), SUITE)
    assert {c.id for c in core} < {c.id for c in throws}
    assert any("throw" in c.tags for c in throws)
    single = covered(parse_claim({"variants": ["qq-two-deck"], "scope": "single-card-leads"}, SHIPPED), SUITE)
    assert single and not any(set(c.tags) & MULTI_CARD_TAGS for c in single) and len(single) < len(core)
    kinds = covered(parse_claim({"variants": ["qq-two-deck"], "questions": ["judge_trick"]}, SHIPPED), SUITE)
    assert kinds and {c.kind for c in kinds} == {"judge_trick"}
    errors = covered(parse_claim({"variants": ["qq-two-deck"], "features": ["error-reporting"]}, SHIPPED), SUITE)
    assert any(c.variant is None for c in errors)  # questions naming no variant test the error reporting


def test_alternatives_run_only_when_chosen() -> None:
    plain = covered(parse_claim({"variants": ["qq-three-deck"]}, SHIPPED), SUITE)
    assert not any(c.set == "alternatives" for c in plain)
    chosen = covered(parse_claim({"variants": ["qq-three-deck"],
                                  "alternatives": {"qq-three-deck-middle-band": "no-change"}}, SHIPPED), SUITE)
    picked = [c for c in chosen if c.set == "alternatives"]
    assert picked and all(c.choice == "no-change" for c in picked)


def test_the_claim_earned_and_not_earned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    claim = _claim(tmp_path, variants=["heijian"], features=["throws"])
    assert main(["--in-process", "--claim", str(claim), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "conformant: heijian core + throws, suite 2.4.0" in out

    def wrong_winner(question: pb.Question) -> pb.Answer:
        answer = dispatch(question)
        if answer.WhichOneof("answer") == "judge_trick":
            answer.judge_trick.winning_seat = (answer.judge_trick.winning_seat + 1) % 4
        return answer

    assert main(["--in-process", "--claim", str(claim), "--quiet"],
                make=lambda args: InProcessTarget(wrong_winner)) == 1
    assert "not earned: heijian core + throws, suite 2.4.0 (" in capsys.readouterr().out


def test_a_claim_not_earned_exits_non_zero_known_failures_or_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong answer listed as a known failure, or an answer saying "unsupported", lets every
    case run as expected (status 0 without a claim) but earns no claim: status 3, so CI gates on
    the claim by the status alone (INTERPRETING.md sections 11 and 12)."""
    claim = _claim(tmp_path, variants=["heijian"], features=["throws"])

    def wrong_winner(question: pb.Question) -> pb.Answer:
        answer = dispatch(question)
        if answer.WhichOneof("answer") == "judge_trick":
            answer.judge_trick.winning_seat = (answer.judge_trick.winning_seat + 1) % 4
        return answer

    def no_throws(question: pb.Question) -> pb.Answer:
        if question.WhichOneof("question") == "check_throw":
            return pb.Answer(error=pb.QuestionError(code="UNIMPLEMENTED", message="no throws"))
        return dispatch(question)

    known = tmp_path / "known.txt"
    run = ["--in-process", "--claim", str(claim), "--quiet"]
    assert main([*run, "--write-known-failing", str(known)],
                make=lambda args: InProcessTarget(wrong_winner)) == 0  # writing a baseline
    assert main([*run, "--known-failing", str(known)], make=lambda args: InProcessTarget(wrong_winner)) == 3
    assert "not earned: heijian core + throws" in capsys.readouterr().out
    assert main(run, make=lambda args: InProcessTarget(no_throws)) == 3
    assert "not earned: heijian core + throws" in capsys.readouterr().out
    # Narrowed by a filter, a run judges no claim: its cases ran as expected.
    assert main([*run, "--id", "*"], make=lambda args: InProcessTarget(no_throws)) == 0
    assert main([*run, "--id", "*", "--known-failing", str(known)],
                make=lambda args: InProcessTarget(wrong_winner)) == 0


def test_bad_claims_name_the_bad_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for data, named in [({"variants": ["qq-two-dek"]}, "'qq-two-dek'"),
                        ({"variants": ["qq-two-deck"], "features": ["throw"]}, "'throw'"),
                        ({"variants": ["qq-two-deck"], "questions": ["check_folow"]}, "'check_folow'"),
                        ({"variants": ["qq-two-deck"], "alternatives": {"two-deck-joker-pairs": "x"}}, "'x'"),
                        ({"variants": ["qq-two-deck"], "colour": "red"}, "'colour'")]:
        assert main(["--in-process", "--claim", str(_claim(tmp_path, **data)),
                     "--cases", str(CASES_DIR / "seed.jsonl")]) == 2
        assert named in capsys.readouterr().err


def test_typod_filters_name_the_bad_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--variant", "qq-two-dek"]) == 2
    assert "unknown variant 'qq-two-dek'" in capsys.readouterr().err
    assert main(["--list", "--rule", "trick.ruf"]) == 2
    err = capsys.readouterr().err
    assert "unknown rule 'trick.ruf'" in err and "trick.ruff" in err


def test_known_failing_baseline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def flip(question: pb.Question) -> pb.Answer:
        answer = dispatch(question)
        if answer.WhichOneof("answer") == "check_follow":
            answer.check_follow.legal = not answer.check_follow.legal
        return answer

    baseline = tmp_path / "known.txt"
    args = ["--in-process", "--id", "seed/qq/*", "--quiet", "--cases", str(CASES_DIR / "seed.jsonl")]
    assert main([*args, "--write-known-failing", str(baseline)], make=lambda a: InProcessTarget(flip)) == 0
    ids = [line for line in baseline.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert ids and all(i.startswith("seed/qq/") for i in ids)
    assert main([*args, "--known-failing", str(baseline)], make=lambda a: InProcessTarget(flip)) == 0
    assert main([*args, "--known-failing", str(baseline)]) == 1  # fixed: the baseline is stale
    baseline.write_text("seed/qq/no-such-case-*\n", encoding="utf-8")
    capsys.readouterr()
    assert main([*args, "--known-failing", str(baseline)]) == 2
    assert "'seed/qq/no-such-case-*' matches no case" in capsys.readouterr().err


def test_list_into_a_closed_pipe_ends_quietly() -> None:
    command = (f"{sys.executable} -m conformance.runner --list --set regression | head -n 2")
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert len(done.stdout.splitlines()) == 2
    assert "BrokenPipe" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr


def test_the_engine_passes_its_reading_and_fails_the_others() -> None:
    """Each reading's choices answer the same questions differently: the reference engine passes
    the choice it implements (``reference``) and fails every other."""
    assert readings(), "no reading to try"
    for reading, spec in readings().items():
        for choice in spec["choices"]:
            code = main(["--in-process", "--set", "alternatives", "--alternative", f"{reading}={choice}",
                         "--id", "*", "--quiet"])
            assert code == (0 if choice == spec["reference"] else 1), (reading, choice)
