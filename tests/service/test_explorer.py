"""The rule explorer in a real headless Chromium, used as a player would: every kind asked by
clicking cards and choices (no card typed), the legal plays and the greyed cards checked against
ListLegalPlays, a deal record stepped through to its first violation, a Botzone log read in the
page as the project's importer reads it, the language switch, a shared URL reopened, 400 px
wide, the keyboard.

Expected verdicts are the seeds' and the conformance cases' (each cited), never the page's own.
Screenshots go to the test's folder, or to ``SHENGJI_ORACLE_EXPLORER_SHOTS`` when set (``docs/``
keeps ``explorer.png`` from ``test_follow_by_clicking``; docs/explorer.md).
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle.service.http import RunningHttp, start_http
from tests.support.browser import headless_chromium

ROOT = Path(__file__).resolve().parents[2]
SERVICE = "/shengji.oracle.v1.OracleService/"
QQ = {"variantId": "qq-two-deck", "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS"}


@pytest.fixture(scope="module")
def server() -> Iterator[RunningHttp]:
    running = start_http(port=0, host="127.0.0.1")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with headless_chromium() as chromium:
        yield chromium


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = os.environ.get("SHENGJI_ORACLE_EXPLORER_SHOTS")
    return Path(folder) if folder else tmp_path


def call(server: RunningHttp, rpc: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{SERVICE}{rpc}", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        answer: dict[str, Any] = json.load(response)
    return answer


def notation(cards: list[dict[str, str]]) -> str:
    """Cards of an answer's JSON in notation, as the page's data-card attributes write them."""
    from google.protobuf import json_format

    from oracle import pb
    from oracle.cards import card_name
    from oracle.convert import card_from_pb

    return " ".join(card_name(card_from_pb(json_format.ParseDict(c, pb.Card()))) for c in cards)


class Page:
    """The explorer in the browser, driven by clicks."""

    def __init__(self, driver: Any, server: RunningHttp) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        self.d = driver
        self.base = f"http://127.0.0.1:{server.port}/"
        self.wait = WebDriverWait(driver, 30)

    def by_id(self, name: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.d.find_element(By.ID, name)

    def css(self, selector: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.d.find_elements(By.CSS_SELECTOR, selector))

    def open(self, query: str = "?lang=en", width: int = 1280) -> None:
        self.d.set_window_size(width, 1000)
        self.d.get(self.base + query)
        self.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready"))

    def choose(self, select_id: str, value: str) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.by_id(select_id)).select_by_value(value)

    def kind(self, name: str) -> None:
        self.choose("kind", name)

    def pick(self, field: str, cards: str) -> None:
        """Clear a field, make it the one picked into, and click each card in the deck (or the hand)."""
        head = self.by_id(f"pick-{field}").find_element("xpath", "..")
        head.find_element("css selector", "button.clear").click()
        self.by_id(f"pick-{field}").click()
        for card in cards.split():
            button = self.css(f'#deck button[data-card="{card}"]')[0]
            assert button.is_enabled(), card
            button.click()
        assert self.by_id(f"field-{field}").get_attribute("value") == cards

    def ask(self) -> dict[str, str]:
        before = self.d.find_element("tag name", "body").get_attribute("data-answered") or "0"
        self.by_id("ask").click()
        self.wait.until(lambda d: (d.find_element("tag name", "body").get_attribute("data-answered") or "0") != before)
        return self.answer()

    def answer(self) -> dict[str, str]:
        data: dict[str, str] = self.d.execute_script("return {...document.getElementById('answer').dataset}")
        data["verdict"] = self.by_id("verdict").text
        data["rules"] = self.by_id("rules").text
        data["details"] = self.by_id("details").text
        return dict(data)

    def shot(self, path: Path) -> None:
        height, chrome = self.d.execute_script(
            "return [document.documentElement.scrollHeight, window.outerHeight - window.innerHeight]")
        width = self.d.get_window_size()["width"]
        self.d.set_window_size(width, min(int(height) + int(chrome), 3200))
        self.d.save_screenshot(str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def page(driver: Any, server: RunningHttp) -> Page:
    return Page(driver, server)


def test_follow_by_clicking(page: Page, shots: Path) -> None:
    # 004, 出牌规则: 如果用户有红桃必须先出红桃 (with spades led): holding AS, 3C is illegal.
    page.open()
    page.kind("follow")
    page.pick("lead", "8S")
    page.pick("hand", "AS 3C")
    page.pick("play", "3C")  # picked from the hand: only AS and 3C are offered
    assert {b.get_attribute("data-card") for b in page.css("#deck button")} == {"AS", "3C"}
    answer = page.ask()
    assert answer["legal"] == "false" and answer["brokenRule"] == "follow.suit"
    assert "如果用户有红桃必须先出红桃" in answer["rules"]
    assert "A legal play instead" in answer["details"]
    assert [c.get_attribute("data-card") for c in page.css("#details .card")][-1] == "AS"
    page.shot(shots / "explorer.png")


def test_copies_are_enforced_as_cards_are_picked(page: Page) -> None:
    page.open()
    page.kind("describe")
    page.pick("cards", "BJ BJ")  # two decks: two big jokers, then none left
    assert not page.css('#deck button[data-card="BJ"]')[0].is_enabled()
    page.choose("variant", "qq-one-deck")
    page.pick("cards", "BJ")
    assert not page.css('#deck button[data-card="BJ"]')[0].is_enabled()


KIND_CASES = [
    # 002 拖拉机的构成: 凡大小顺序相邻且花色相同的联对均构成拖拉机 (AAKK): one unit, a valid lead.
    ("describe", {"cards": "AS AS KS KS"}, {}, {"valid": "true"}, "tractor of 2 pairs"),
    # 002 出牌规则: 若首家出的牌中有…毙牌时所出的牌必须是主牌: 3H (hearts trump) ruffs the spade lead;
    # the points of 5S and KS (004 分牌) go to seat 1.
    ("trick", {"p0": "AS", "p1": "3H", "p2": "KS", "p3": "5S"}, {"leader": "0"},
     {"winner": "1", "points": "15"}, "Seat 1 wins"),
    # 002 出牌规则: 首家试图联出 98844 时，若其余某家有此花色的 J ，则首家必须出 9.
    ("throw", {"h1": "JS", "h2": "2C", "h3": "3C", "throw": "9S 8S 8S 4S 4S"}, {"thrower": "0"},
     {"succeeds": "false", "forced": "9S"}, "The throw fails"),
    # 002 扣底规则: 抠底分倍数为 2 的 2 字方 (a pair: 4); a single: 2 to the power 1, so the attackers'
    # seat 1 winning the last trick with one card takes the bottom's 25 points twice.
    ("bottom", {"p0": "AS", "p1": "3H", "p2": "KS", "p3": "5S", "bottom": "5C 10C KD 2S 3S 4S 6S 7S"},
     {"leader": "0", "bankers": "0"}, {"multiplier": "2"}, "50 points to the attackers"),
    # 002 记分规则: 如果得分为 0 ，庄家方连升 3 级.
    ("deal", {}, {"points": "0", "banker": "0"}, {"side": "SIDE_BANKER", "levels": "3"}, "up 3 levels"),
    # 002 亮牌规则 (反无主): a pair of big jokers overrides a pair of 10s (conformance case
    # seed/qq/declare-jokers-override-no-trump).
    ("declare", {"challenger": "BJ BJ", "standing": "10H 10H"}, {"standingSeat": "0", "challengerSeat": "1"},
     {"overrides": "true"}, "It overrides"),
]


@pytest.mark.parametrize(("kind", "cards", "choices", "data", "words"), KIND_CASES, ids=[c[0] for c in KIND_CASES])
def test_each_kind_by_clicking(page: Page, shots: Path, kind: str, cards: dict[str, str],
                               choices: dict[str, str], data: dict[str, str], words: str) -> None:
    page.open()
    page.choose("trump", "SUIT_HEARTS")
    page.kind(kind)
    for name, value in choices.items():
        page.choose(f"field-{name}", value)
    for name, value in cards.items():
        page.pick(name, value)
    answer = page.ask()
    for key, value in data.items():
        assert answer[key] == value, (key, answer)
    assert words in answer["verdict"] + answer["details"]
    page.shot(shots / f"explorer-{kind}.png")


def legal_request(hand: str, lead: str, **extra: Any) -> dict[str, Any]:
    from google.protobuf import json_format

    from oracle.cards import parse_cards
    from oracle.convert import cards_to_pb

    def cards(text: str) -> list[Any]:
        return [json_format.MessageToDict(c) for c in cards_to_pb(parse_cards(text))]

    return {"context": QQ, "hand": cards(hand), "lead": cards(lead), **extra}


def all_legal_plays(server: RunningHttp, request: dict[str, Any]) -> list[str]:
    plays: list[str] = []
    token = ""
    while True:
        page = call(server, "ListLegalPlays", {**request, "pageSize": 1000, "pageToken": token})
        plays += [notation(p["cards"]) for p in page["plays"]]
        token = page["nextPageToken"]
        if not token:
            return plays


def shown_plays(page: Page) -> list[str]:
    plays: list[str] = page.d.execute_script(
        "return [...document.querySelectorAll('#play-list li')]"
        ".map(li => [...li.querySelectorAll('.card')].map(c => c.dataset.card).join(' '))")
    return plays


def test_legal_plays_and_greyed_cards_agree_with_list_legal_plays(page: Page, server: RunningHttp, shots: Path) -> None:
    page.open()
    page.kind("legal")
    # The leads of a hand: more than one page; the page lists them as ListLegalPlays does.
    page.pick("hand", "AS AS KS QS 7S 3C 3C 9H")
    page.by_id("pick-lead").find_element("xpath", "..").find_element("css selector", "button.clear").click()
    answer = page.ask()
    request = legal_request("AS AS KS QS 7S 3C 3C 9H", "")
    first = call(server, "ListLegalPlays", {**request, "pageSize": 20})
    assert answer["total"] == first["total"] and int(first["total"]) > 20
    assert shown_plays(page) == [notation(p["cards"]) for p in first["plays"]]
    page.by_id("page-next").click()
    second = call(server, "ListLegalPlays", {**request, "pageSize": 20, "pageToken": first["nextPageToken"]})
    page.wait.until(lambda d: shown_plays(page) == [notation(p["cards"]) for p in second["plays"]])
    # A follow: the hand's cards in no legal play are greyed, as every play listed shows.
    hand, lead = "AS AS KS 7S 3C 3C 9H", "8S 8S"
    page.pick("hand", hand)
    page.pick("lead", lead)
    answer = page.ask()
    plays = all_legal_plays(server, legal_request(hand, lead))
    assert answer["total"] == str(len(plays))
    used = {card for play in plays for card in play.split()}
    greyed = {c.get_attribute("data-card") for c in page.css("#greyed-hand .card.greyed")}
    shown = {c.get_attribute("data-card") for c in page.css("#greyed-hand .card")}
    assert shown == set(hand.split()) and greyed == shown - used and greyed
    page.shot(shots / "explorer-legal.png")


def conformance_case(case_id: str) -> dict[str, Any]:
    for path in sorted((ROOT / "conformance" / "cases").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case: dict[str, Any] = json.loads(line)
            if case["id"] == case_id:
                return case
    raise LookupError(case_id)


def test_a_deal_record_stepped_to_its_violation(page: Page, shots: Path) -> None:
    # The conformance case's expectation (hand-written: a discard cannot win, trick.discard).
    case = conformance_case("hand/audit_deal/wrong-winner/qq-two-deck-100")
    expected = case["expected"]["auditDeal"]["firstViolation"]
    assert json.loads((ROOT / "oracle" / "explorer" / "example-deal.json").read_text()) == case["question"]["auditDeal"]["record"]
    page.open()
    page.kind("audit")
    page.by_id("example-deal").click()
    page.wait.until(lambda d: page.by_id("field-record").get_attribute("value"))
    answer = page.ask()
    assert answer["clean"] == "false" and answer["firstStep"] == expected["step"]
    assert answer["firstRule"] == expected["brokenRuleId"]
    steps = 0
    while "fault" not in (page.by_id("frame").get_attribute("class") or ""):
        page.by_id("step-next").click()
        steps += 1
        assert steps < 60
    frame = page.by_id("frame")
    assert frame.get_attribute("data-key") == expected["step"]
    assert "differs" in frame.get_attribute("class")  # the record's reported winner differs
    assert page.css("#frame .spot.winner .seat-name")[0].text.startswith(f"Seat {expected['seat']}")
    assert expected["brokenRuleId"] in frame.text
    assert "the record says seat 0 won the trick; the oracle says seat 2" in frame.text
    page.shot(shots / "explorer-audit.png")
    # The link holds the record and the step: reopened, it shows the same trick.
    url = page.by_id("share-link").get_attribute("href")
    assert "rec=" in url and f"step={steps}" in url
    page.d.get("about:blank")
    page.d.get(url)
    page.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-answered"))
    assert page.by_id("frame").get_attribute("data-key") == expected["step"]
    # In Chinese, the same step.
    before = page.d.find_element("tag name", "body").get_attribute("data-answered")
    page.by_id("lang").click()
    page.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-answered") != before)
    assert page.by_id("frame").get_attribute("data-key") == expected["step"]
    assert page.css("#frame h3")[0].text == "第15轮"


def test_the_favicon_is_served(server: RunningHttp) -> None:
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/favicon.svg", timeout=30) as icon:
        assert icon.headers["Content-Type"].startswith("image/svg+xml")
        assert icon.read().startswith(b"<svg")


def test_a_botzone_log_is_read_as_the_importer_reads_it(page: Page, server: RunningHttp) -> None:
    from google.protobuf import json_format

    from oracle.importers.botzone_log import record_from_botzone
    from tests.referee.test_botzone_log import _botzone_record, judge_log

    log = judge_log(_botzone_record(5))
    record = json_format.MessageToDict(record_from_botzone(log))
    oracle = call(server, "AuditDeal", {"record": record})
    page.open()
    page.kind("audit")
    page.d.execute_script("document.getElementById('field-record').value = arguments[0]", json.dumps(log))
    answer = page.ask()
    assert answer["clean"] == str(oracle["clean"]).lower()
    assert answer["firstStep"] == oracle.get("firstViolation", {}).get("step", "")
    assert "A Botzone match log" in answer["details"]
    options = page.css("#step-select option")
    assert len([o for o in options if o.text.startswith("Trick")]) == len(record["tricks"])


def test_the_language_switch(page: Page, shots: Path) -> None:
    from selenium.webdriver.common.by import By

    page.open("?k=follow&v=qq-two-deck&l=10&t=H&lead=8S&hand=AS+3C&play=3C")
    assert page.d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    page.wait.until(lambda d: page.by_id("verdict").text.startswith("Illegal"))
    page.by_id("lang").click()
    page.wait.until(lambda d: page.by_id("verdict").text.startswith("不合法"))
    assert page.d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-CN"
    rules = json.loads((ROOT / "oracle" / "explorer" / "rules.json").read_text(encoding="utf-8"))["rules"]
    assert rules["follow.suit"]["summary"]["zh"] in page.by_id("rules").text
    assert page.by_id("ask").text == "查询" and "lang=zh" in page.d.current_url
    page.shot(shots / "explorer-zh.png")
    page.by_id("lang").click()
    page.wait.until(lambda d: page.by_id("verdict").text.startswith("Illegal"))


def test_the_browser_language_chooses_the_page_language(page: Page) -> None:
    """No ``lang`` in the URL: a browser asking for Chinese first gets the page in Chinese."""
    agent = page.d.execute_script("return navigator.userAgent")
    page.d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "zh-CN,zh"})
    try:
        page.open("?")
        assert page.by_id("ask").text == "查询"
        assert page.d.find_element("tag name", "html").get_attribute("lang") == "zh-CN"
    finally:
        page.d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "en-US,en"})
    page.open("?")
    assert page.by_id("ask").text == "Ask"


def test_a_shared_url_reopens_the_question_answered(page: Page) -> None:
    page.open()
    page.choose("trump", "SUIT_HEARTS")
    page.kind("trick")
    for seat, card in enumerate(("AS", "3H", "KS", "5S")):
        page.pick(f"p{seat}", card)
    asked = page.ask()
    url = page.by_id("share-link").get_attribute("href")
    page.d.get("about:blank")
    page.d.get(url)
    page.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-answered"))
    again = page.answer()
    assert (again["winner"], again["points"], again["verdict"]) == (asked["winner"], asked["points"], asked["verdict"])
    assert again["winner"] == "1"
    # A rule's page, by its own URL: its sources by title and section with their words.
    page.d.get(page.base + "?lang=en&rule=follow.suit")
    page.wait.until(lambda d: page.by_id("rule-view").is_displayed())
    text = page.by_id("rule-view").text
    assert "Lianzhong World's Shengji" in text and "出牌规则" in text and "如果用户有红桃必须先出红桃" in text
    assert "seed/lianzhong/follow-hearts-if-held" in text
    # Its first case asked from the rule page answers as the case expects (如果用户有红桃必须先出红桃).
    case = conformance_case("seed/lianzhong/follow-hearts-if-held")["expected"]["checkFollow"]
    page.css("#rule-view a.case-ask")[0].click()
    page.wait.until(lambda d: d.find_element("tag name", "body").get_attribute("data-answered"))
    answer = page.answer()
    assert (answer["legal"], answer["brokenRule"]) == (str(case.get("legal", False)).lower(), case["brokenRuleId"])
    assert page.by_id("field-hand").get_attribute("value") == "3H 4C 5D"


def test_400_pixels_wide_and_the_keyboard(page: Page, shots: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    page.open(width=400)
    page.kind("describe")
    page.by_id("pick-cards").find_element("xpath", "..").find_element("css selector", "button.clear").click()
    page.by_id("pick-cards").send_keys(Keys.ENTER)
    page.css('#deck button[data-card="AS"]')[0].send_keys(Keys.ENTER)  # focus stays on the card
    page.d.switch_to.active_element.send_keys(Keys.ENTER)
    assert page.by_id("field-cards").get_attribute("value") == "AS AS"
    page.css("#picked-cards button")[0].send_keys(Keys.ENTER)  # takes one out; focus stays in place
    assert page.by_id("field-cards").get_attribute("value") == "AS"
    assert page.d.switch_to.active_element.get_attribute("data-card") == "AS"
    page.d.switch_to.active_element.send_keys(Keys.ENTER)
    assert page.d.switch_to.active_element.get_attribute("id") == "pick-cards"
    page.css('#deck button[data-card="AS"]')[0].send_keys(Keys.ENTER)
    page.d.switch_to.active_element.send_keys(Keys.ENTER)
    page.by_id("ask").send_keys(Keys.ENTER)
    page.wait.until(lambda d: page.answer().get("valid") == "true")
    overflow = page.d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    unnamed = page.d.execute_script(
        "return [...document.querySelectorAll('button, select, input, textarea')]"
        ".filter(e => !(e.getAttribute('aria-label') || e.labels && e.labels.length || e.textContent.trim()))"
        ".map(e => e.id || e.outerHTML.slice(0, 60))")
    assert unnamed == []
    page.shot(shots / "explorer-400.png")


def test_every_word_is_in_both_languages(page: Page) -> None:
    """Both tables of i18n.js have the same keys, and every key the page's code asks for is in them."""
    import re

    keys = sorted({key for script in (ROOT / "oracle" / "explorer").glob("*.js")
                   for key in re.findall(r"\bt\('([\w.]+)'", script.read_text(encoding="utf-8"))})
    assert "followIllegal" in keys and "kinds.follow" not in keys  # literal keys only
    page.open()
    missing = page.d.execute_async_script(
        """const [keys, done] = arguments;
        import('./i18n.js').then(({ STRINGS }) => {
          const tree = (o, p = '') => Object.entries(o).flatMap(([k, v]) =>
            typeof v === 'object' ? tree(v, `${p}${k}.`) : [`${p}${k}`]);
          const en = tree(STRINGS.en), zh = tree(STRINGS.zh);
          const has = (table, key) => key.split('.').reduce((o, k) => (o ? o[k] : undefined), table) !== undefined;
          done({ onlyEn: en.filter((k) => !zh.includes(k)), onlyZh: zh.filter((k) => !en.includes(k)),
                 unknown: keys.filter((k) => !has(STRINGS.en, k) || !has(STRINGS.zh, k)) });
        });""", keys)
    assert missing["onlyEn"] == [] and missing["unknown"] == []
    # The variants' English names are the oracle's own (ListVariants); only Chinese ones are here.
    assert missing["onlyZh"] and all(key.startswith("variantNames.") for key in missing["onlyZh"])
