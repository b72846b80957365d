"""How a mutant breaks the engine: a wrong strategy in a registry, an edit of the catalogue's
variants, an edit of the card keys, or (where no registry reaches the rule) a public function
replaced wherever it is bound.

Every way empties the engine's caches on entering and on leaving, so that rulesets are compiled
again with the wrong rule, and then without it.

>>> from oracle import pb
>>> from oracle.dispatch.strategies import PENALTIES
>>> mutant = registered("costly", "every failed throw costs 7 points", PENALTIES, [pb.PENALTY_KIND_NONE],
...                     lambda original: lambda throws, thrown, forced, beaten: 7)
>>> with mutant.patch():
...     PENALTIES.entry(pb.PENALTY_KIND_NONE).strategy(pb.Throws(), 3, 1, 1)
7
>>> PENALTIES.entry(pb.PENALTY_KIND_NONE).strategy(pb.Throws(), 3, 1, 1), mutant.target
(0, 'throws.penalty')
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar

from oracle import pb
from oracle.cards import Card, Rank, Suit
from oracle.dispatch import compile as compile_module
from oracle.dispatch.registry import Registry
from oracle.dispatch.strategies import UNIT_READINGS, FollowRule, UnitReading
from oracle.engine.answers import into
from oracle.engine.card_order import CardKey
from oracle.engine.ruleset import FollowCheck, Play, Ruleset, TrickJudge
from oracle.variants import load_catalogue

T = TypeVar("T")

VARIANTS = "variants"
"""The target of a mutant that edits the catalogue's variants."""

CARD_KEYS = "card keys"
"""The target of a mutant that edits the card keys a ruleset is compiled with."""

Patch = Callable[[], AbstractContextManager[None]]

Cards = Sequence[Card]

Keys = dict[Card, CardKey]
"""Every card's key in one ruleset."""


@dataclass(frozen=True)
class Mutant:
    """A wrong implementation of one rule: what is wrong, where it is put, and how."""

    name: str
    wrong: str
    target: str
    """The registry's path (``throws.forced_unit``), :data:`VARIANTS`, :data:`CARD_KEYS`, or
    ``function <module>.<name>`` for a public function replaced where no registry reaches."""
    patch: Patch
    profile: str = ""
    """The compatibility profile whose strategy is broken ("rbtying", "botzone"), "" for the seeds'."""


def engine_modules() -> list[ModuleType]:
    """The modules of the engine imported so far."""
    return [m for m in list(sys.modules.values())
            if isinstance(m, ModuleType) and m.__name__.split(".")[0] == "oracle"]


def clear_caches() -> None:
    """Empty every cache of the engine (the rulesets of the catalogue's and of custom variants)."""
    for module in engine_modules():
        for value in list(vars(module).values()):
            if value is load_catalogue or isinstance(value, type):
                continue  # the catalogue is what edit_variants edits in place; a class is no cache
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@contextlib.contextmanager
def _fresh(patch: AbstractContextManager[Any]) -> Iterator[None]:
    """``patch`` for the duration, with the caches emptied on entering and on leaving."""
    try:
        with patch:
            clear_caches()
            yield
    finally:
        clear_caches()


@contextlib.contextmanager
def _replaced(registry: Registry[T], values: Iterable[int], make: Callable[[T], T]) -> Iterator[None]:
    with contextlib.ExitStack() as stack:
        for value in values:
            original = registry.entry(value).strategy
            stack.enter_context(registry.replaced(value, make(original)))
        yield


def registered(name: str, wrong: str, registry: Registry[T], values: Iterable[int],
               make: Callable[[T], T], profile: str = "") -> Mutant:
    """A mutant registering ``make(original)`` for each of ``values`` (``Registry.replaced``)."""
    chosen = tuple(values)
    return Mutant(name, wrong, registry.path, lambda: _fresh(_replaced(registry, chosen, make)), profile)


# --- Wrong strategies made from the real ones -----------------------------------------------

SEED_FOLLOW = (pb.FOLLOW_RULE_UNSPECIFIED, pb.FOLLOW_RULE_GREEDY_STRUCTURE)
"""The follow rule values of the seeds' follow check (unset is the seeds' rule)."""

SEED_JUDGE = (pb.THROW_EVALUATION_UNSPECIFIED, pb.THROW_EVALUATION_KEY_UNIT)
"""The trick judge values of the seeds' key-unit judge."""


def rewon(answer: pb.JudgeTrickResponse) -> pb.JudgeTrickResponse:
    """The answer with its winner made the last play that beats the best so far."""
    winner = max(i for i, v in enumerate(answer.verdicts) if v.beats_best_so_far)
    answer.winning_seat = answer.verdicts[winner].seat
    return answer


VerdictEdit = Callable[[Ruleset, Sequence[Play], pb.JudgeTrickResponse], None]
"""Changes the verdicts of a judged trick in place."""


def edit_verdicts(edit: VerdictEdit) -> Callable[[TrickJudge], TrickJudge]:
    """A trick judge that lets ``edit`` change the real judge's verdicts, then names the winner again."""
    def make(original: TrickJudge) -> TrickJudge:
        def judge(rules: Ruleset, plays: Sequence[Play],
                  into_answer: pb.JudgeTrickResponse | None = None, /) -> pb.JudgeTrickResponse:
            answer = original(rules, plays, into_answer)
            edit(rules, plays, answer)
            return rewon(answer)
        return judge
    return make


def legal_when_broken(*duties: str) -> Callable[[FollowCheck], FollowCheck]:
    """A follow check that answers legal where the real one finds one of ``duties`` broken."""
    def make(original: FollowCheck) -> FollowCheck:
        def check(rules: Ruleset, lead: Cards, hand: Cards, play: Cards,
                  into_answer: pb.CheckFollowResponse | None = None, /) -> pb.CheckFollowResponse:
            answer = original(rules, lead, hand, play)
            if answer.broken_rule_id in duties:
                answer = pb.CheckFollowResponse(legal=True, rule_ids=list(answer.rule_ids))
            return into(into_answer, answer)
        return check
    return make


def follow_check(make: Callable[[FollowCheck], FollowCheck]) -> Callable[[FollowRule], FollowRule]:
    """A follow rule whose check is ``make(check)``; its legal-play counter stays the rule's own."""
    return lambda original: dataclasses.replace(original, check=make(original.check))


# --- Variants, card keys and functions ---------------------------------------------------

@contextlib.contextmanager
def _edited(edit: Callable[[pb.Variant], None]) -> Iterator[None]:
    catalogue = load_catalogue()
    saved = {vid: pb.Variant() for vid in catalogue}
    for vid, variant in catalogue.items():
        saved[vid].CopyFrom(variant)
        edit(variant)
    try:
        yield
    finally:
        for vid, variant in catalogue.items():
            variant.CopyFrom(saved[vid])


def edited_variants(name: str, wrong: str, edit: Callable[[pb.Variant], None]) -> Mutant:
    """A mutant applying ``edit`` to every variant of the catalogue in place, as an engine that
    ignored or misread a parameter would behave (a room's ``custom_variant`` is not edited)."""
    return Mutant(name, wrong, VARIANTS, lambda: _fresh(_edited(edit)))


CardKeys = Callable[[pb.Variant, Rank, "Suit | None"], Keys]
"""``card_keys`` as :func:`oracle.dispatch.compile.compile_ruleset` calls it."""

KeyEdit = Callable[[pb.Variant, Rank, "Suit | None", Keys], None]
"""Changes the card keys of one (variant, level, trump) in place."""


@contextlib.contextmanager
def _rebound(bindings: Sequence[tuple[ModuleType, str]], value: object) -> Iterator[None]:
    """Each ``module.attribute`` of ``bindings`` set to ``value`` for the duration."""
    saved = [(module, attribute, getattr(module, attribute)) for module, attribute in bindings]
    for module, attribute in bindings:
        setattr(module, attribute, value)
    try:
        yield
    finally:
        for module, attribute, old in saved:
            setattr(module, attribute, old)


def _keys_replaced(make: Callable[[CardKeys], CardKeys]) -> AbstractContextManager[None]:
    binding = (compile_module, "card_keys")
    return _rebound([binding], make(getattr(*binding)))


def wrapped_keys(name: str, wrong: str, make: Callable[[CardKeys], CardKeys]) -> Mutant:
    """A mutant compiling every ruleset with the card keys of ``make(card_keys)``."""
    return Mutant(name, wrong, CARD_KEYS, lambda: _fresh(_keys_replaced(make)))


def edited_keys(name: str, wrong: str, edit: KeyEdit) -> Mutant:
    """A mutant letting ``edit`` change the card keys of every ruleset compiled."""
    def make(original: CardKeys) -> CardKeys:
        def card_keys(variant: pb.Variant, level: Rank, trump: Suit | None) -> Keys:
            keys = dict(original(variant, level, trump))
            edit(variant, level, trump, keys)
            return keys
        return card_keys
    return wrapped_keys(name, wrong, make)


@contextlib.contextmanager
def _reading_replaced(name: str, make: Callable[[UnitReading], UnitReading]) -> Iterator[None]:
    original = UNIT_READINGS[name]
    UNIT_READINGS[name] = make(original)
    try:
        yield
    finally:
        UNIT_READINGS[name] = original


def replaced_reading(name: str, wrong: str, reading: str, make: Callable[[UnitReading], UnitReading]) -> Mutant:
    """A mutant compiling every ruleset that reads plays by ``reading`` (a key of ``UNIT_READINGS``)
    with ``make(the reading)``: for what a unit reading brings (its throw check, say)."""
    return Mutant(name, wrong, f"unit reading {reading}", lambda: _fresh(_reading_replaced(reading, make)))


def _function_replaced(function: Callable[..., Any], make: Callable[[Any], Any]) -> AbstractContextManager[None]:
    bound = [(module, attribute) for module in engine_modules()
             for attribute, value in list(vars(module).items()) if value is function]
    if not bound:
        raise LookupError(f"{function.__module__}.{function.__qualname__} is bound nowhere")
    return _rebound(bound, make(function))


def replaced_function(name: str, wrong: str, function: Callable[..., Any], make: Callable[[Any], Any]) -> Mutant:
    """A mutant replacing a public function of a rule module by ``make(function)`` in every module
    of the engine that binds it: only for a rule that no registry, variant or card key reaches."""
    target = f"function {function.__module__}.{function.__qualname__}"
    return Mutant(name, wrong, target, lambda: _fresh(_function_replaced(function, make)))
