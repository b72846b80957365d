"""Every door of README.md's "Asking it" answers its example question alike: each command of the
section (the CLI, curl, grpcurl, Node.js over gRPC and over HTTP; grpcurl's ``describe`` shows the
proto's comments instead), as the README writes it, run
against the README's run command (``shengji-oracle``, here on free ports), and the rule explorer
in a headless Chromium, give the same verdict and rule id.

The expected answer is the seed's, not the code's: a follower holding a card of the led suit must
play it, 如果用户有红桃必须先出红桃 (004, 出牌规则); the follower holds AS to a spade lead and plays 3C.

``SHENGJI_ORACLE_EXPLORER_SCREENSHOT=FILE`` keeps the browser's screenshot there; otherwise it
goes to a temporary folder. (The README's picture, docs/explorer.png, is tests/service/test_explorer.py's:
docs/explorer.md, Tests.)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.rules import RULES
from tests.support.browser import headless_chromium
from tests.support.run_command import RunCommand

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = (False, "follow.suit")
SEED_WORDS = "如果用户有红桃必须先出红桃"


def readme_commands() -> list[str]:
    """The ``sh`` blocks of the README's "Asking it" section, one command each."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Asking it\n", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


class Server(RunCommand):
    """The README's run command on free ports."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def verdict(output: str) -> tuple[bool, str]:
    """(legal, broken rule) from JSON (an answer, or the CLI's ``--json`` Answer) or from the
    CLI's first line."""
    try:
        answer = json.loads(output)
    except json.JSONDecodeError:
        first = output.splitlines()[0]
        found = re.fullmatch(r"(legal|illegal: breaks (\S+))", first)
        assert found, output
        return found.group(1) == "legal", found.group(2) or ""
    answer = answer.get("checkFollow", answer)
    return bool(answer.get("legal", False)), str(answer.get("brokenRuleId", ""))


def test_the_section_shows_every_door() -> None:
    tools = {command.split()[0] for command in readme_commands()}
    assert {"shengji-oracle", "curl", "grpcurl", "npm"} <= tools
    assert any("check_follow_http.js" in command for command in readme_commands())


@pytest.mark.parametrize("command", readme_commands())
def test_each_readme_command_answers_the_example_alike(server: Server, command: str) -> None:
    # The test command has run `npm ci` already; everything else runs as the README writes it.
    shell = command.removeprefix("npm ci && ")
    shell = shell.replace("localhost:50051", f"127.0.0.1:{server.grpc_port}")
    shell = shell.replace("localhost:50052", f"127.0.0.1:{server.http_port}")
    result = subprocess.run(
        ["bash", "-c", shell], cwd=ROOT, capture_output=True, text=True, timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    if " describe " in command:  # the contract itself, with the proto's comments
        assert "// The cards the follower plays." in result.stdout, result.stdout
        return
    assert verdict(result.stdout) == EXPECTED, result.stdout
    if command.startswith("shengji-oracle ask"):
        assert SEED_WORDS in result.stdout and "example: AS" in result.stdout
    elif command.startswith("curl"):  # compact JSON, every field shown
        answer = json.loads(result.stdout)
        assert answer["legal"] is False and answer["brokenRuleId"] == "follow.suit"
    elif command.startswith("grpcurl"):
        assert '"legal": false' in result.stdout and '"brokenRuleId": "follow.suit"' in result.stdout


def test_the_explorer_answers_the_example_alike(server: Server, tmp_path: Path) -> None:
    """The README's example asked in the explorer with its cards typed in notation (the page
    also takes them by clicking: tests/service/test_explorer.py)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    shot = Path(os.environ.get("SHENGJI_ORACLE_EXPLORER_SCREENSHOT") or tmp_path / "explorer.png")
    with headless_chromium() as driver:
        driver.get(f"http://127.0.0.1:{server.http_port}/?lang=en")
        wait = WebDriverWait(driver, 30)
        body = driver.find_element(By.TAG_NAME, "body")
        wait.until(lambda d: body.get_attribute("data-ready"))
        Select(driver.find_element(By.ID, "variant")).select_by_value("qq-two-deck")
        Select(driver.find_element(By.ID, "level")).select_by_visible_text("10")
        Select(driver.find_element(By.ID, "trump")).select_by_value("SUIT_HEARTS")
        Select(driver.find_element(By.ID, "kind")).select_by_value("follow")

        def ask() -> None:
            before = body.get_attribute("data-answered")
            driver.find_element(By.ID, "ask").click()
            wait.until(lambda d: body.get_attribute("data-answered") != before)

        for name, cards in (("lead", "8S"), ("hand", "AS 3C"), ("play", "3C")):
            field = driver.find_element(By.ID, f"field-{name}")
            field.clear()
            field.send_keys(cards)
        ask()
        answer = driver.find_element(By.ID, "answer")
        shown = (answer.get_attribute("data-legal") == "true", answer.get_attribute("data-broken-rule"))
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#rules a.rule-id")]
        rules = driver.find_element(By.ID, "rules").text
        example = [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, "#details .card")]
        driver.set_window_size(1280, 1120)
        driver.save_screenshot(str(shot))
        # A card that is not one is named, with what is wrong, before anything is asked.
        field = driver.find_element(By.ID, "field-play")
        field.clear()
        field.send_keys("1C")
        ask()
        notation = driver.find_element(By.ID, "violations").text
        # Another kind: a trick ruffed by seat 1 (3H, hearts trump) takes KS and 5S, 15 points.
        Select(driver.find_element(By.ID, "kind")).select_by_value("trick")
        for seat, card in enumerate(("AS", "3H", "KS", "5S")):
            plays = driver.find_element(By.ID, f"field-p{seat}")
            plays.clear()
            plays.send_keys(card)
        ask()
        trick = driver.find_element(By.ID, "verdict").text
    assert shown == EXPECTED
    assert links == ["follow.suit"]
    assert RULES["follow.suit"].summary in rules and SEED_WORDS in rules
    assert example[-1] == "AS"  # the lead, the play, then the legal example
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "'1C' is not a card: the rank '1' is not 2-10, J, Q, K or A" in notation
    assert trick == "Seat 1 wins the trick and its 15 points."
