"""The commands of README.md's "Beyond single questions" section run and say what the section says.

The legal-plays example: spades led as a pair, the follower holds one pair of spades (AS AS) and
must play it (a pair led, a pair held: 首家出对牌时，其余家有对牌必须出对牌, seed 002, 出牌规则), so
the only legal follow is ``AS AS`` under ``follow.pairs``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def section_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Beyond single questions\n", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


def test_the_legal_plays_example_lists_the_one_pair() -> None:
    (command,) = section_commands()
    assert command.startswith("shengji-oracle ask legal-plays ")
    shell = command.replace("shengji-oracle", f"{sys.executable} -m oracle", 1)
    done = subprocess.run(
        ["bash", "-c", shell], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "total: 1" in done.stdout
    listed = re.findall(r"^  (\S.*?)  \((follow\.\w+)\)$", done.stdout, re.MULTILINE)
    assert listed == [("AS AS", "follow.pairs")]
