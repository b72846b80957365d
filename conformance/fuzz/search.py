"""Asking both engines, finding a disagreement and shrinking it (Hypothesis' ``find``).

One *round* is one ``hypothesis.find`` over batches of questions (a list of up to ``batch``
questions, asked of the reference and of the engine in one call each). The condition holds when
some question of the batch is answered differently on the compared paths (the runner's matching,
:func:`conformance.compare.match_normalised`, on the paths INTERPRETING.md section 5 lists for
the kind). Hypothesis then shrinks the batch to one question and that question to the smallest
it can while it still disagrees *the same way* (same kind, same room, same differing fields):
so the shrinker never wanders off to another bug. A question the reference refuses (an error
answer) is not one the generator meant to ask: counted apart, never compared; an engine's
``unsupported`` is counted apart too. An engine that gives no answer (its process died) is a
disagreement like any other, and is started again; one that has never answered is first asked
a GetVariant, and when that gets no answer either it cannot start: the run stops.

>>> signature("check_follow", "qq-two-deck", [Mismatch("checkFollow.legal", True, False)])
('check_follow', 'qq-two-deck', ('checkFollow.legal',))
"""

from __future__ import annotations

import random
import re
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import json_format
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException, HypothesisWarning

from conformance import protos
from conformance.cases import question_kind
from conformance.compare import Mismatch, match_normalised, normalise
from conformance.targets import Failure, ProtocolError, Target, Unsupported, unsupported_of

COMPARED: dict[str, tuple[str, ...]] = {
    "describe_play": ("describePlay.effectiveSuit", "describePlay.units[].tupleSize", "describePlay.units[].length",
                      "describePlay.units[].cards", "describePlay.points", "describePlay.validLead",
                      "describePlay.isThrow"),
    "check_follow": ("checkFollow.legal", "checkFollow.brokenRuleId"),
    "judge_trick": ("judgeTrick.winningSeat", "judgeTrick.points", "judgeTrick.verdicts[].seat",
                    "judgeTrick.verdicts[].kind", "judgeTrick.verdicts[].beatsBestSoFar"),
    "check_throw": ("checkThrow.isThrow", "checkThrow.succeeds", "checkThrow.units[].tupleSize",
                    "checkThrow.units[].length", "checkThrow.units[].cards", "checkThrow.blocks[].unit.cards",
                    "checkThrow.blocks[].seat", "checkThrow.forcedPlay", "checkThrow.penaltyPoints"),
    "score_bottom": ("scoreBottom.winningSeat", "scoreBottom.attackersWon", "scoreBottom.bottomPoints",
                     "scoreBottom.multiplier", "scoreBottom.pointsToAttackers", "scoreBottom.pointsToBanker",
                     "scoreBottom.diggingSide"),
    "score_deal": ("scoreDeal.side", "scoreDeal.levels", "scoreDeal.attackersTakeDeal", "scoreDeal.nextBankerSeat",
                   "scoreDeal.newBankerLevel", "scoreDeal.newAttackerLevel", "scoreDeal.passesLastLevel"),
    "compare_declarations": ("compareDeclarations.challengerValid", "compareDeclarations.overrides",
                             "compareDeclarations.noTrump", "compareDeclarations.trumpSuit"),
    "list_legal_plays": ("listLegalPlays.total", "listLegalPlays.plays[].cards"),
    "audit_deal": ("auditDeal.clean", "auditDeal.complete", "auditDeal.firstViolation.step",
                   "auditDeal.firstViolation.seat", "auditDeal.firstViolation.brokenRuleId"),
}
"""The paths compared for each kind: the normative fields of INTERPRETING.md section 5."""

TWO_COLOUR_FREE = "compareDeclarations.trumpSuit"
"""Not compared in the two-colour game, where a pair of one colour names either suit of it."""

Signature = tuple[str, str, tuple[str, ...]]
"""What a disagreement is about: the kind, the room and the fields that differ."""


def compared(kind: str, two_colours: bool = False) -> tuple[str, ...]:
    """The compared paths of a kind in a room.

    >>> compared("compare_declarations", two_colours=True)[-1]
    'compareDeclarations.noTrump'
    """
    return tuple(p for p in COMPARED[kind] if not (two_colours and p == TWO_COLOUR_FREE))


def signature(kind: str, room: str, mismatches: Sequence[Mismatch]) -> Signature:
    """The signature of a disagreement (list indices dropped: ``verdicts[2].kind`` is ``verdicts.kind``)."""
    return kind, room, tuple(sorted({re.sub(r"\[\d+\]", "", m.path) for m in mismatches}))


def room_of(question: dict[str, Any]) -> str:
    """The variant id a question in JSON names (its room's own id for a ``customVariant``)."""
    body = next(iter(question.values()))
    context = body.get("record", body).get("context", {})  # a deal record holds its context
    return str(context.get("variantId") or context.get("customVariant", {}).get("id", "room"))


def size_of(question: dict[str, Any]) -> int:
    """The number of cards in a question (what shrinking makes small).

    >>> two = {"rank": "RANK_TWO", "suit": "SUIT_CLUBS"}
    >>> size_of({"checkFollow": {"lead": [two], "hand": [two, two], "play": [two]}})
    4
    """
    def count(value: Any) -> int:
        if isinstance(value, dict):
            if "rank" in value:
                return 1
            return sum(count(v) for k, v in value.items() if k != "context")
        if isinstance(value, list):
            return sum(count(v) for v in value)
        return 0
    return count(question)


@dataclass
class Outcome:
    """One question asked of both: the reference's answer, the engine's, and how they differ."""

    question: dict[str, Any]
    kind: str
    room: str
    compare: tuple[str, ...]
    reference: Any = None
    engine: Any = None
    refused: bool = False
    unsupported: str = ""
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def signature(self) -> Signature:
        return signature(self.kind, self.room, self.mismatches)


@dataclass
class Tally:
    """What a run asked: questions compared, refused by the reference, unsupported, and asks spent shrinking."""

    asked: int = 0
    compared: int = 0
    refused: int = 0
    unsupported: int = 0
    shrinking: int = 0


class Asker:
    """Asks the reference and the engine the same questions and compares the answers."""

    def __init__(self, reference: Target, engine: Target, make_engine: Callable[[], Target] | None = None,
                 two_colour_rooms: frozenset[str] = frozenset()) -> None:
        self.reference, self.engine, self.make_engine = reference, engine, make_engine
        self.two_colour_rooms = two_colour_rooms
        self.tally = Tally()
        self._ids = 0
        self._answered = False

    def ask(self, questions: Sequence[dict[str, Any]], counting: bool = True) -> list[Outcome]:
        messages = []
        for q in questions:
            message = protos.Question()
            json_format.ParseDict(q, message)
            messages.append(message)
        self._ids += len(messages)
        ids = [f"gen/fuzz/{self._ids - len(messages) + i}" for i in range(len(messages))]
        references = self.reference.answer(messages, ids)
        outcomes = [self._outcome(q, r) for q, r in zip(questions, references, strict=True)]
        wanted = [(o, m, i) for o, m, i in zip(outcomes, messages, ids, strict=True) if not o.refused]
        answers = self.engine.answer([m for _, m, _ in wanted], [i for _, _, i in wanted]) if wanted else []
        failures = [isinstance(answer, Failure) for answer in answers]
        for (outcome, _, _), answer in zip(wanted, answers, strict=True):
            self._judge(outcome, answer)
        self._answered |= not all(failures)
        if any(failures) and self.make_engine is not None:  # a process that died answers nothing more
            self.engine.close()
            self.engine = self.make_engine()
            if not self._answered:
                self._probe(answers[0].reason)
        return self._count(outcomes, counting)

    def _probe(self, reason: str) -> None:
        """An engine that has never answered is asked GetVariant (any answer, even ``unsupported``,
        shows it runs): if it answers nothing, it cannot start, and the run stops."""
        question = protos.Question()
        question.get_variant.variant_id = "qq-two-deck"
        answer = self.engine.answer([question], ["gen/fuzz/probe"])[0]
        if isinstance(answer, Failure):
            raise ProtocolError(f"the engine cannot start ({self.engine.name}): {reason}")
        self._answered = True

    def _count(self, outcomes: list[Outcome], counting: bool) -> list[Outcome]:
        if counting:
            tally = self.tally
            tally.asked += len(outcomes)
            tally.refused += sum(o.refused for o in outcomes)
            tally.unsupported += sum(bool(o.unsupported) for o in outcomes)
            tally.compared += sum(not o.refused and not o.unsupported for o in outcomes)
        else:
            self.tally.shrinking += len(outcomes)
        return outcomes

    def _outcome(self, question: dict[str, Any], reference: Any) -> Outcome:
        kind = question_kind(question) or ""
        room = room_of(question)
        outcome = Outcome(question, kind, room, compared(kind, room in self.two_colour_rooms), reference)
        if isinstance(reference, (Failure, Unsupported)) or reference.WhichOneof("answer") == "error":
            outcome.refused = True
        return outcome

    def _judge(self, outcome: Outcome, answer: Any) -> None:
        outcome.engine = answer
        unsupported = answer if isinstance(answer, Unsupported) else unsupported_of(answer)
        if unsupported is not None:
            outcome.unsupported = unsupported.reason
        elif isinstance(answer, Failure):
            outcome.mismatches = [Mismatch("answer", None, None, f"no answer: {answer.reason}")]
        else:
            want = normalise(outcome.reference, outcome.compare)
            outcome.mismatches = match_normalised(want, outcome.compare, answer)


@dataclass
class Finding:
    """A disagreement, shrunk: the smallest question found and both answers."""

    outcome: Outcome
    examples: int
    """Questions compared in the run before the first question showing it."""
    first_size: int
    """Cards in the first question that showed it, before shrinking."""
    seconds: float
    seed: int

    @property
    def size(self) -> int:
        return size_of(self.outcome.question)


SHRINK_BUDGET = 100
"""The most batches asked while shrinking one disagreement (a bound on its time)."""


def one_round(asker: Asker, strategy: st.SearchStrategy[dict[str, Any]], *, examples: int, batch: int,
              seed: int, known: set[Signature], start: float) -> Finding | None:
    """One ``find``: up to ``examples`` batches; the disagreement found, shrunk, or ``None``."""
    first: list[Outcome] = []
    best: list[Outcome] = []
    compared_before = [0]
    budget = [SHRINK_BUDGET]

    def disagrees(questions: list[dict[str, Any]]) -> bool:
        if first:
            budget[0] -= 1
            if budget[0] < 0:
                return False
        outcomes = asker.ask(questions, counting=not first)
        for outcome in outcomes:
            if not outcome.mismatches or outcome.signature in known:
                continue
            if not first:
                first.append(outcome)
                compared_before[0] = asker.tally.compared - len(outcomes) + outcomes.index(outcome) + 1
            if outcome.signature == first[0].signature:
                best[:] = [outcome]
                return True
        return False

    chosen = settings(max_examples=examples, database=None, deadline=None, phases=[Phase.generate, Phase.shrink],
                      suppress_health_check=list(HealthCheck))
    try:
        with warnings.catch_warnings():  # Hypothesis' note on the size of a batch's repr: no use here
            warnings.simplefilter("ignore", HypothesisWarning)
            find(st.lists(strategy, min_size=1, max_size=batch), disagrees, settings=chosen,
                 random=random.Random(seed))
    except (HypothesisException, ExceptionGroup):
        pass  # nothing found; or the last replay over the shrink budget: ``best`` holds the smallest
    if not best:
        return None
    return Finding(best[0], compared_before[0], size_of(first[0].question), time.perf_counter() - start, seed)
