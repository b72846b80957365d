"""The fuzz mode of the conformance runner (``shengji-conformance fuzz``), against a running oracle.

A sample of what scripts/fuzz/fuzz_mutants.py runs in full: the stdio adapter (this project's engine)
fuzzed against a reference oracle on a free loopback port finds nothing; under three mutants of
tests/support/mutants/ (a wrong trick judge, a wrong follow check, a level table read wrongly) it finds the bug within a bounded
number of questions and shrinks it to a question of a few cards, which the runner replays from
the case line written (failing under the mutant, passing without it). A room's own variant in
TOML, with ``extends``, is fuzzed as ``custom_variant``; the claim bounds what is generated.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings

from conformance import SCHEMA_PATH
from conformance.claims import Claim
from conformance.fuzz.deck import Room
from conformance.fuzz.generate import questions
from conformance.fuzz.rooms import reference_target
from conformance.fuzz.scope import scope_of
from conformance.fuzz.search import size_of
from conformance.runner import main
from scripts.fuzz import fuzz_mutants

ROOT = Path(__file__).resolve().parents[2]

ADAPTER = shlex.join([sys.executable, str(fuzz_mutants.ADAPTER)])
QQ = {"id": "qq-two-deck", "deal": {"decks": 2, "players": 4, "handSize": 25, "bottomSize": 8},
      "cardOrder": {"levels": ["RANK_TWO", "RANK_TEN", "RANK_ACE"]}}


def written_cases(out: Path) -> list[dict[str, Any]]:
    """The case lines the fuzz wrote, each checked against conformance/schema/case.schema.json."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        jsonschema.validate(line, schema)
        assert line["generator"].startswith("shengji-conformance fuzz@"), line["generator"]
    return lines


@pytest.fixture(scope="module")
def reference() -> Iterator[str]:
    with fuzz_mutants.reference_server() as address:
        yield address


def test_the_oracle_agrees_with_itself(reference: str) -> None:
    target = reference_target(reference)
    claim = fuzz_mutants.adapter_claim()
    rooms = [Room.of(fuzz_mutants.catalogue_variant(target, v)) for v in claim.variants]
    row = fuzz_mutants.fuzz_engine("the oracle itself", ADAPTER, target, rooms, claim, examples=1200, seed=3,
                                   max_findings=0)
    target.close()
    assert row.finding is None, fuzz_mutants.row_text(row, 20)
    assert row.compared >= 1200


@pytest.mark.parametrize(("mutant", "kind", "most_cards"), [
    ("any-later-ruff-over-ruffs", "judge_trick", 8),
    ("follow-suit-unchecked", "check_follow", 6),
    ("level-step-ignored", "score_deal", 0),
])
def test_a_mutant_is_found_shrunk_and_replayed(reference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               mutant: str, kind: str, most_cards: int) -> None:
    out = tmp_path / "found.jsonl"
    engine = fuzz_mutants.mutant_command(mutant)
    status = main(["fuzz", "--stdio", engine, "--reference", reference, "--claim", str(fuzz_mutants.CLAIM),
                   "--kinds", kind, "--examples", "3000", "--max-findings", "1", "--seed", "2", "--out", str(out)])
    report = capsys.readouterr().out
    assert status == 1, report
    lines = written_cases(out)
    assert len(lines) == 1 and lines[0]["tags"][0] == kind, report
    case = lines[0]
    assert size_of(case["question"]) <= most_cards, case["notation"]
    assert case["id"] in report and "replay: shengji-conformance --stdio" in report
    assert "1 disagreement" in report
    # The case line is the author's regression file: the runner replays it.
    assert main(["--stdio", engine, "--cases", str(out), "--quiet"]) == 1
    assert main(["--stdio", ADAPTER, "--cases", str(out), "--quiet"]) == 0


def test_the_worked_example_of_the_readme(reference: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """conformance/README.md step 7: the toy Node engine's seeded bug is found and shrunk; unseeded, nothing."""
    node = shlex.join(["node", str(ROOT / "examples" / "node" / "conformance_adapter.js")])
    claim = str(ROOT / "examples" / "node" / "claim.json")
    out = tmp_path / "found.jsonl"
    command = ["fuzz", "--stdio", node, "--reference", reference, "--claim", claim, "--examples", "1500",
               "--seed", "1", "--out", str(out)]
    monkeypatch.setenv("SHENGJI_TOY_BUG", "no-trump-level-cards")
    assert main(command) == 1
    report = capsys.readouterr().out
    [case] = written_cases(out)
    assert case["question"]["checkFollow"]["context"].get("noTrump") is True, report
    assert size_of(case["question"]) <= 4, case["notation"]
    assert "checkFollow.legal: expected true, got false" in report
    monkeypatch.delenv("SHENGJI_TOY_BUG")
    assert main(command) == 0
    assert "0 disagreements" in capsys.readouterr().out


def test_a_room_of_its_own_in_toml(reference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    room = tmp_path / "house.toml"
    room.write_text('id = "house"\nextends = "qq-two-deck"\n\n[deal]\ndecks = 3\nhand_size = 38\nbottom_size = 10\n'
                    '\n[tractors]\nace_either_end = true\n', encoding="utf-8")
    out = tmp_path / "found.jsonl"
    status = main(["fuzz", "--stdio", ADAPTER, "--reference", reference, "--room", str(room),
                   "--kinds", "describe_play,check_follow", "--examples", "300", "--out", str(out)])
    report = capsys.readouterr().out
    assert status == 0, report
    assert "0 disagreements" in report and out.read_text(encoding="utf-8") == ""


def test_what_cannot_run_is_said(reference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--stdio", ADAPTER, "--reference", reference, "--variant", "qq-two-dek",
                 "--out", str(tmp_path / "f.jsonl")]) == 2
    assert "no variant 'qq-two-dek'" in capsys.readouterr().err
    claim = tmp_path / "claim.json"
    claim.write_text('{"variants": ["qq-two-deck"]}', encoding="utf-8")
    assert main(["fuzz", "--stdio", ADAPTER, "--reference", reference, "--claim", str(claim),
                 "--room", str(tmp_path / "x.toml"), "--out", str(tmp_path / "f.jsonl")]) == 2
    assert "custom-variants" in capsys.readouterr().err


def test_an_engine_that_dies_on_a_question(reference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A death is a finding, shrunk like any other; an engine that never answers stops the run."""
    engine = tmp_path / "engine.py"
    engine.write_text(
        "import importlib.util, json, sys\n"
        f"spec = importlib.util.spec_from_file_location('adapter', {str(fuzz_mutants.ADAPTER)!r})\n"
        "adapter = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(adapter)\n"
        "for line in sys.stdin:\n"
        "    if 'RANK_BIG_JOKER' in line.partition('\"play\"')[2]:  # a big joker played: a crash\n"
        "        sys.exit(3)\n"
        "    sys.stdout.write(json.dumps(adapter.reply_to(line)) + '\\n')\n"
        "    sys.stdout.flush()\n", encoding="utf-8")
    out = tmp_path / "found.jsonl"
    command = ["fuzz", "--stdio", shlex.join([sys.executable, str(engine)]), "--reference", reference,
               "--variant", "qq-two-deck", "--kinds", "check_follow", "--examples", "1500", "--max-findings", "1",
               "--out", str(out)]
    assert main(command) == 1
    report = capsys.readouterr().out
    assert "no answer: the process closed its stdout before answering (exit status 3)" in report
    [case] = written_cases(out)
    assert size_of(case["question"]) <= 3 and "BJ" in case["notation"], case["notation"]
    command[2] = shlex.join([sys.executable, "-c", "import sys; sys.exit(4)"])
    assert main(command) == 2
    assert "the engine cannot start" in capsys.readouterr().err


def _lead_sizes(question: dict[str, Any]) -> list[int]:
    body = next(iter(question.values()))
    if "lead" in body:
        return [len(body["lead"])]
    if "plays" in body:
        return [len(p["cards"]) for p in body["plays"]]
    return [len(body.get("cards", [None]))]


@settings(max_examples=60)
@given(questions([Room.of(QQ)], scope_of(Claim(variants=("qq-two-deck",), scope="single-card-leads",
                                                questions=("check_follow", "judge_trick", "describe_play")))))
def test_a_single_card_claim_is_asked_single_cards(question: dict[str, Any]) -> None:
    assert next(iter(question)) in ("checkFollow", "judgeTrick", "describePlay")
    assert set(_lead_sizes(question)) == {1}


@settings(max_examples=60)
@given(questions([Room.of(QQ)], scope_of(None)))
def test_no_card_is_dealt_more_often_than_the_decks_hold_it(question: dict[str, Any]) -> None:
    """Across every list of the question (the declarations too: one deal), the two decks' copies at most."""
    seen: dict[str, int] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict) and "rank" in value:
            key = json.dumps(value, sort_keys=True)
            seen[key] = seen.get(key, 0) + 1
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("context", "play"):  # a follow is played from the hand
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(question)
    assert max(seen.values(), default=0) <= 2


def test_the_examples_of_the_fuzz_modules_run() -> None:
    """The doctests of conformance/fuzz/ (the test command collects doctests of oracle/ only)."""
    import doctest
    import importlib

    for name in ("deck", "generate", "scope", "search", "shrink", "run", "rooms", "report", "command"):
        module = importlib.import_module(f"conformance.fuzz.{name}")
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name


def test_the_runner_help_names_the_fuzz_mode(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "shengji-conformance fuzz --help" in " ".join(capsys.readouterr().out.split())


def test_the_schema_keeps_the_generator_apart() -> None:
    """Only the suite's generator and the fuzz mode's line are generators; anything else is refused."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["properties"]["generator"]
    jsonschema.validate("shengji-conformance fuzz@2.1.0 seed=12", schema)
    jsonschema.validate("scripts/generate_cases.py@1", schema)
    for wrong in ("shengji-conformance fuzz@2.1.0", "fuzz seed=1", "scripts/generate_cases.py@x"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, schema)


def test_the_profiles_feature_keeps_the_profile_rooms_apart() -> None:
    """A room only the compatibility profiles' cases (profile/...) ask about needs the ``profiles`` feature."""
    from conformance.cases import load_suite
    from conformance.fuzz.rooms import suite_rooms

    profile_rooms = {next(iter(c.question.values()))["context"]["customVariant"]["id"]
                     for c in load_suite(["normative"]) if c.id.startswith("profile/") and not c.expects_error
                     and "customVariant" in next(iter(c.question.values())).get("context", {})}
    every = ("custom-variants", "profiles")
    with_profiles = {r.variant_id for r in suite_rooms(Claim(variants=("qq-two-deck",), features=every))}
    without = {r.variant_id for r in suite_rooms(Claim(variants=("qq-two-deck",), features=every[:1]))}
    assert with_profiles & profile_rooms and not without & profile_rooms
    assert without and without < with_profiles
    assert suite_rooms(Claim(variants=("qq-two-deck",), features=("profiles",))) == []


def test_shrinking_lowers_the_decks(reference: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A two-deck variant's disagreement that one deck shows too is sent as a one-deck room, when the claim
    allows custom variants; the room's deal still adds up (the reference answered it)."""
    out = tmp_path / "found.jsonl"
    assert main(["fuzz", "--stdio", fuzz_mutants.mutant_command("follow-suit-unchecked"), "--reference", reference,
                 "--claim", str(fuzz_mutants.CLAIM), "--variant", "qq-two-deck", "--kinds", "check_follow",
                 "--examples", "1500", "--max-findings", "1", "--seed", "2", "--out", str(out)]) == 1
    [case] = written_cases(out)
    room = case["question"]["checkFollow"]["context"]["customVariant"]
    deal = room["deal"]
    assert room["id"] == case["variant"] == "qq-two-deck" and deal["decks"] == 1, case["notation"]
    assert deal["handSize"] * deal["players"] + deal["bottomSize"] == 54
    assert "(1 deck)" in case["notation"] and "custom-variant" in case["tags"]
    capsys.readouterr()


def test_deal_records_are_played_out_and_audited(reference: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """AuditDeal questions: records whose plays the reference chose legal (now and then one fault);
    the unbroken engine audits them as the reference does."""
    from hypothesis import find

    from conformance.fuzz.deals import record_strategy
    from conformance.fuzz.rooms import asking

    target = reference_target(reference)
    room = Room.of(fuzz_mutants.catalogue_variant(target, "qq-one-deck"))
    context = {"variantId": "qq-one-deck", "level": "RANK_TWO", "trumpSuit": "SUIT_SPADES"}
    body = find(record_strategy(room, asking(target), context), lambda b: len(b["record"]["tricks"]) == 2)
    record = body["record"]
    assert sorted(len(h["cards"]) for h in record["hands"]) == [12] * 4
    answer = asking(target)({"auditDeal": body})["auditDeal"]
    target.close()
    for trick in record["tricks"]:  # every follow as long as its lead, each seat once
        assert len({len(p["cards"]) for p in trick["plays"]}) == 1 and len({p["seat"] for p in trick["plays"]}) == 4
    assert answer.get("complete", False) is False and (answer.get("clean", False) or "firstViolation" in answer)
    out = tmp_path / "found.jsonl"
    assert main(["fuzz", "--stdio", ADAPTER, "--reference", reference, "--claim", str(fuzz_mutants.CLAIM),
                 "--variant", "qq-one-deck", "--kinds", "audit_deal", "--examples", "20", "--out", str(out)]) == 0
    assert "0 disagreements" in capsys.readouterr().out
