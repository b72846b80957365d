"""The Node.js stdio adapter skeleton (examples/node): it earns the claim of its claim.json through
protocol 2; a bug planted in its filled-in part fails cases whose report shows their ``why``; the
BadRequest example decodes the oracle's field violations with the committed google/rpc protos.
"""

from __future__ import annotations

import filecmp
import re
import shutil
import subprocess
from pathlib import Path

import google.rpc
import pytest

from conformance.cases import load_cases
from conformance.runner import main
from oracle.service.server import serve

ROOT = Path(__file__).resolve().parents[2]
NODE_DIR = ROOT / "examples" / "node"
ADAPTER = f"node {NODE_DIR / 'conformance_adapter.js'}"
CLAIM = NODE_DIR / "claim.json"
WHY = {case.id: str(case.raw.get("why", "")) for case in load_cases()}

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_the_skeleton_earns_its_claim(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--stdio", ADAPTER, "--claim", str(CLAIM), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "conformant: qq-two-deck single-card leads (check_follow only), suite " in out
    assert " 0 skipped" in out


def test_a_planted_bug_shows_the_why_of_the_failing_cases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine forgets that the level's cards are trump: the failures say why they are wrong."""
    engine = (NODE_DIR / "engine.js").read_text(encoding="utf-8")
    line = "  if (card.rank === context.level) return 'trump'; // the level's cards are trump\n"
    assert line in engine
    buggy = tmp_path / "engine.js"
    buggy.write_text(engine.replace(line, ""), encoding="utf-8")
    monkeypatch.setenv("SHENGJI_ENGINE", str(buggy))
    assert main(["--stdio", ADAPTER, "--claim", str(CLAIM), "--max-details", "1000"]) == 1
    out = capsys.readouterr().out
    failed = re.findall(r"^FAIL (\S+)$", out, flags=re.MULTILINE)
    assert failed, out[-2000:]
    for case_id in failed:
        block = out.split(f"FAIL {case_id}\n", 1)[1].split("\nFAIL ", 1)[0]
        assert WHY[case_id] and f"why       {WHY[case_id]}" in block, block
        assert "differs   checkFollow.legal: expected " in block
    assert "not earned: qq-two-deck single-card leads" in out


def test_the_bad_request_example_decodes_the_field_violations() -> None:
    running = serve(port=0, host="127.0.0.1")
    try:
        done = subprocess.run(["node", str(NODE_DIR / "bad_request.js"), f"127.0.0.1:{running.port}"],
                              capture_output=True, text=True, timeout=60, check=False)
    finally:
        running.stop(grace=None)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == 'refused before sending: shengji.oracle.v1.Context.level: no value "RANK_TENN" in Rank'
    assert lines[1].startswith("INVALID_ARGUMENT: ")
    assert lines[2].startswith("play[0]: ") and "KS" in lines[2]


def test_the_google_rpc_protos_are_googleapis_copies() -> None:
    installed = Path(google.rpc.__path__[0])
    for name in ("status.proto", "error_details.proto"):
        assert filecmp.cmp(NODE_DIR / "protos" / "google" / "rpc" / name, installed / name, shallow=False)
