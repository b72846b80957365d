"""``--html-report``: the matrix of variant x rule area, each cell linking its failing cases, seen in
a real headless Chromium (tests/support/browser.py): the page renders (a screenshot that is not blank),
the matrix is there with a red cell where a planted bug fails, and following that cell's link
shows the failing cases with their question in the notation and their why.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from conformance.cases import load_cases
from conformance.runner import main
from conformance.targets import InProcessTarget
from oracle import pb
from oracle.service.questions import dispatch
from tests.support.browser import headless_chromium

WHY = {c.id: str(c.raw.get("why", "")) for c in load_cases()}


def _wrong_trick_points(question: pb.Question) -> pb.Answer:
    answer = dispatch(question)
    if answer.WhichOneof("answer") == "judge_trick" and question.judge_trick.context.variant_id == "heijian":
        answer.judge_trick.points += 5
    return answer


def _distinct_bytes(png: bytes) -> int:
    """How many byte values the decompressed image data holds (a blank page holds a handful)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    data, at = b"", 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    return len(set(zlib.decompress(data)))


def test_the_html_report_renders_and_links_the_failing_cases(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code = main(["--in-process", "--variant", "heijian", "--variant", "qq-one-deck", "--quiet",
                 "--html-report", str(page)], make=lambda args: InProcessTarget(_wrong_trick_points))
    assert code == 1
    with headless_chromium() as driver:
        driver.get(page.as_uri())
        matrix = driver.find_element("id", "matrix")
        assert matrix.size["width"] > 300 and matrix.size["height"] > 40
        rows = {r.find_element("tag name", "th").text: r for r in matrix.find_elements("css selector", "tbody tr")}
        assert set(rows) == {"heijian", "qq-one-deck"}
        assert not rows["qq-one-deck"].find_elements("css selector", "td.bad")
        bad = rows["heijian"].find_elements("css selector", "td.bad")
        assert bad
        colour = bad[0].value_of_css_property("background-color")
        assert colour in ("rgba(244, 182, 182, 1)", "rgb(244, 182, 182)"), colour
        png = driver.get_screenshot_as_png()
        (tmp_path / "report.png").write_bytes(png)
        assert _distinct_bytes(png) > 20
        bad[0].find_element("tag name", "a").click()
        anchor = driver.current_url.split("#", 1)[1]
        section = driver.find_element("id", anchor)
        assert section.text.startswith("heijian / ")
        cases = driver.find_elements("css selector", "div.case")
        failing = [c for c in cases if c.text.startswith("FAIL")]
        assert failing
        text = failing[0].text
        case_id = text.split("\n", 1)[0].split()[1]
        assert "question: heijian" in text and f"why: {WHY[case_id]}" in text
        assert "judgeTrick.points: expected" in text
