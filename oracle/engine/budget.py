"""A work budget per question: steps counted in the loops whose length is not bounded by a small
polynomial, and a question stopped when it spends them all, its deadline passes or its caller
goes away. Outside :func:`limited`, spending is free and nothing is ever stopped.

>>> with limited(steps=10):
...     spend(4)
...     spend(7)
Traceback (most recent call last):
...
oracle.engine.budget.WorkExceeded: the question needs more than 10 steps of work (the work budget)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass

DEFAULT_STEPS = 1_000_000
"""Steps one question may spend: about a second of the heaviest loop (rbtying's decomposition
walk, a fill of ``n`` cards costing ``n`` steps per unit asked) on one core of the benchmark machine."""

_CHECK_EVERY = 1_024
"""How many steps pass between looks at the clock and at the caller."""


class WorkExceeded(Exception):
    """A question stopped: its work budget is spent (RESOURCE_EXHAUSTED)."""


class DeadlinePassed(WorkExceeded):
    """A question stopped: its deadline passed or its caller went away (DEADLINE_EXCEEDED)."""


@dataclass
class Budget:
    """Steps left, the deadline (``time.monotonic`` seconds) and a test for a caller gone."""

    steps: int
    limit: int
    deadline: float | None = None
    gone: Callable[[], bool] | None = None
    _until_check: int = _CHECK_EVERY

    def spend(self, n: int) -> None:
        self.steps -= n
        if self.steps < 0:
            raise WorkExceeded(f"the question needs more than {self.limit} steps of work (the work budget)")
        self._until_check -= n
        if self._until_check <= 0:
            self._until_check = _CHECK_EVERY
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise DeadlinePassed("the question's deadline passed before it was answered")
            if self.gone is not None and self.gone():
                raise DeadlinePassed("the caller went away before the question was answered")


_current: ContextVar[Budget | None] = ContextVar("oracle_work_budget", default=None)


def spend(n: int = 1) -> None:
    """Count ``n`` steps of work against the current question's budget, if it has one."""
    budget = _current.get()
    if budget is not None:
        budget.spend(n)


@contextlib.contextmanager
def limited(
    steps: int = DEFAULT_STEPS, deadline: float | None = None, gone: Callable[[], bool] | None = None
) -> Iterator[Budget]:
    """Answer the questions inside with a budget of ``steps``, until ``deadline``, while not ``gone``."""
    token = _current.set(Budget(steps, steps, deadline, gone))
    try:
        yield _current.get()  # type: ignore[misc]
    finally:
        _current.reset(token)


@contextlib.contextmanager
def question_budget(steps: int = DEFAULT_STEPS) -> Iterator[Budget]:
    """A fresh budget of ``steps`` for one question of a batch, keeping the call's deadline and
    caller (those of the enclosing :func:`limited`, if any)."""
    outer = _current.get()
    deadline = outer.deadline if outer is not None else None
    gone = outer.gone if outer is not None else None
    with limited(steps, deadline, gone) as budget:
        yield budget
