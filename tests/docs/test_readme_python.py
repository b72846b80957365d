"""The README's Python example runs as written (a doctest of its ``python`` block)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_python_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1, "the README has one Python example"
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "README.md", str(README), 0)
    assert len(test.examples) >= 3
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
