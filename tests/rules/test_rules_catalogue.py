"""The rule catalogue (oracle.rules.RULES) against the seeds and the engine's answers.

* every rule has at least one source, and each source names a seed file or
  an upstream implementation (``owner/repo path (function)``) that a
  compatibility profile copies;
* every quote in a source (the text inside the outermost parentheses after
  the section name, split on "…" or "..." into fragments) occurs in the named
  seed file, whitespace-insensitive;
* every rule id the engine cites in the seed tests, and in a sweep of answers
  over every shipped variant, is in the catalogue.
"""

from __future__ import annotations

import random
import re

import pytest

from oracle.cards import full_deck
from oracle.dispatch.questions import (
    check_follow,
    check_throw,
    describe_play,
    judge_trick,
    score_bottom,
)
from oracle.engine.ruleset import SeatPlay
from oracle.rules import RULES
from oracle.variants import load_catalogue, make_ruleset
from tests.support.seedquote import CITED, SEEDS, cited_rule_ids, seed_text, squeeze

UPSTREAM = re.compile(r"^[\w.-]+/[\w.-]+ \S+")
"""An implementation a compatibility profile copies: ``owner/repo path (what)``."""

ALL_SOURCES = [(rule_id, source) for rule_id, rule in sorted(RULES.items()) for source in rule.sources]
SOURCES = [(rule_id, source) for rule_id, source in ALL_SOURCES if not UPSTREAM.match(source)]
UPSTREAM_SOURCES = [(rule_id, source) for rule_id, source in ALL_SOURCES if UPSTREAM.match(source)]
_ELLIPSIS = re.compile(r"…|\.\.\.")


def quote_of(source: str) -> str | None:
    """The text inside the outermost parentheses after the section name, if any."""
    start = source.find("(")
    if start < 0:
        return None
    end = source.rfind(")")
    assert end > start, f"unbalanced parentheses in {source!r}"
    return source[start + 1:end]


def fragments(quote: str) -> list[str]:
    """The quote split on ellipses, without whitespace; empty fragments dropped."""
    return [squeeze(f) for f in _ELLIPSIS.split(quote) if squeeze(f)]


def test_quote_parsing() -> None:
    src = "002_x.txt 出牌规则 (首家出对牌时（包括拖拉机中的对牌） … 98844)"
    assert quote_of(src) == "首家出对牌时（包括拖拉机中的对牌） … 98844"
    assert fragments(quote_of(src) or "") == ["首家出对牌时（包括拖拉机中的对牌）", "98844"]
    assert quote_of("004_x.txt 胜负判定") is None


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_has_sources(rule_id: str) -> None:
    rule = RULES[rule_id]
    assert rule.id == rule_id
    assert rule.summary.strip()
    assert rule.sources, f"{rule_id} has no source"


@pytest.mark.parametrize(("rule_id", "source"), SOURCES)
def test_source_names_a_seed(rule_id: str, source: str) -> None:
    file = source.split()[0]
    assert (SEEDS / file).is_file(), f"{rule_id}: {file} is not a seed file"


@pytest.mark.parametrize(("rule_id", "source"), SOURCES)
def test_source_quotes_occur_in_the_seed(rule_id: str, source: str) -> None:
    file = source.split()[0]
    quote = quote_of(source)
    if quote is None:
        return
    text = seed_text(file)
    missing = [f for f in fragments(quote) if f not in text]
    assert not missing, f"{rule_id}: {file} does not contain {missing}"


def _sweep_answers() -> set[str]:
    """Rule ids cited by answers over random deals of every shipped variant."""
    rng = random.Random(20240601)
    ids: set[str] = set()
    for variant_id, variant in sorted(load_catalogue().items()):
        for _ in range(12):
            level = rng.choice(list(variant.card_order.levels))
            trump = rng.choice([None, 1, 2, 3, 4])
            context = make_ruleset(variant_id, level, trump, no_trump=trump is None)
            deck = full_deck() * variant.deal.decks
            rng.shuffle(deck)
            size = variant.deal.hand_size
            hands = [deck[i * size:(i + 1) * size] for i in range(variant.deal.players)]
            suit = context.effective_suit(rng.choice(hands[0]))
            in_suit = context.of_suit(hands[0], suit)
            lead = rng.sample(in_suit, rng.randint(1, min(4, len(in_suit))))
            ids |= cited_rule_ids(describe_play(context, lead))
            ids |= cited_rule_ids(describe_play(context, hands[0][:5]))
            plays = [SeatPlay(0, tuple(lead))]
            for seat in (1, 2, 3):
                play = rng.sample(hands[seat], len(lead))
                ids |= cited_rule_ids(check_follow(context, lead, hands[seat], play))
                plays.append(SeatPlay(seat, tuple(play)))
            ids |= cited_rule_ids(judge_trick(context, plays))
            others = [SeatPlay(s, tuple(hands[s])) for s in (1, 2, 3)]
            ids |= cited_rule_ids(check_throw(context, plays[0], others))
            bottom = deck[len(hands) * size:]
            ids |= cited_rule_ids(score_bottom(context, plays, frozenset({0, 2}), bottom))
            ids |= cited_rule_ids(score_bottom(context, plays, frozenset({1, 3}), bottom))
    return ids


def test_sweep_cites_only_catalogued_rules() -> None:
    ids = _sweep_answers()
    assert ids, "the sweep cited no rule"
    assert sorted(i for i in ids if i not in RULES) == []


def test_seed_tests_cite_only_catalogued_rules() -> None:
    """The seed tests check each answer as they get it (seedquote.known); this checks the record."""
    assert sorted(i for i in CITED if i not in RULES) == []


@pytest.mark.parametrize(("rule_id", "source"), UPSTREAM_SOURCES)
def test_upstream_sources_name_a_file_and_what(rule_id: str, source: str) -> None:
    repo, path = source.split()[:2]
    assert "." in path.rsplit("/", 1)[-1], f"{rule_id}: {path} is not a file path"
    assert quote_of(source), f"{rule_id}: say which function or setting of {repo} it copies"
