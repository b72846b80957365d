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

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from contextvars import ContextVar, Token
from typing import Self

DEFAULT_STEPS = 1_000_000
"""Steps one question may spend in all its counted loops: the legal-play listings and counts (their
steps set at about a microsecond each, so about a second; docs/rules.md), and rbtying's format,
blocker and decomposition searches. rbtying's decomposition walk is not what this bounds: it has
its own, far smaller bound (``follow.WALK_STEPS`` of the rbtying profile,
20,000 steps, a few milliseconds; docs/rbtying.md, "The cost of the walk"), its steps counted
here as well."""

_CHECK_EVERY = 1_024
"""How many steps pass between looks at the clock and at the caller."""


class WorkExceeded(Exception):
    """A question stopped: its work budget is spent (RESOURCE_EXHAUSTED)."""


class DeadlinePassed(WorkExceeded):
    """A question stopped: its deadline passed or its caller went away (DEADLINE_EXCEEDED)."""


class Budget:
    """Steps left, the deadline (``time.monotonic`` seconds) and a test for a caller gone; the
    current budget inside ``with`` (the one before after it).

    A plain class with slots, its own context manager: one is built for every question, and
    entering it costs a fraction of a microsecond.
    """

    __slots__ = ("_token", "_until_check", "deadline", "gone", "limit", "steps")

    def __init__(self, steps: int, limit: int, deadline: float | None = None,
                 gone: Callable[[], bool] | None = None) -> None:
        self.steps = steps
        self.limit = limit
        self.deadline = deadline
        self.gone = gone
        self._until_check = _CHECK_EVERY

    def __enter__(self) -> Self:
        self._token = _current.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _current.reset(self._token)

    def renew(self) -> None:
        """All of its steps again, for the next question of a batch (the same deadline and caller,
        and the same count to the next look at them: a batch of short questions still looks).

        >>> with limited(steps=5) as budget:
        ...     spend(4)
        ...     budget.renew()
        ...     spend(4)
        ...     budget.steps
        1
        """
        self.steps = self.limit

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


class _Unspent:
    """A question's own budget before it spends a step: no call's deadline or caller, and a
    :class:`Budget` of :data:`DEFAULT_STEPS` made current at its first :func:`spend` (most
    questions spend none, and one shared object is cheaper than a budget made for each)."""

    __slots__ = ()
    deadline = None
    gone = None

    def spend(self, n: int) -> None:
        budget = _question(DEFAULT_STEPS)  # no call encloses it: a budget of its own
        _current.set(budget)  # undone with the question's own (its token's reset restores the value before it)
        budget.spend(n)


_UNSPENT = _Unspent()

_current: ContextVar[Budget | _Unspent | None] = ContextVar("oracle_work_budget", default=None)


def spend(n: int = 1) -> None:
    """Count ``n`` steps of work against the current question's budget, if it has one."""
    budget = _current.get()
    if budget is not None:
        budget.spend(n)


def limited(
    steps: int = DEFAULT_STEPS, deadline: float | None = None, gone: Callable[[], bool] | None = None
) -> AbstractContextManager[Budget]:
    """Answer the questions inside with a budget of ``steps``, until ``deadline``, while not ``gone``."""
    return Budget(steps, steps, deadline, gone)


def question_budget(steps: int = DEFAULT_STEPS) -> AbstractContextManager[Budget]:
    """A fresh budget of ``steps`` for one question of a batch, keeping the call's deadline and
    caller (those of the enclosing :func:`limited`, if any).

    >>> with limited(deadline=5.0):
    ...     with question_budget(3) as budget:
    ...         budget.steps, budget.deadline
    (3, 5.0)
    """
    return _question(steps)


def _question(steps: int) -> Budget:
    """A question's budget of ``steps``, with the enclosing call's deadline and caller (if any)."""
    outer = _current.get()
    if outer is None:
        return Budget(steps, steps)
    return Budget(steps, steps, outer.deadline, outer.gone)


def enter_question(steps: int = DEFAULT_STEPS) -> Token[Budget | _Unspent | None]:
    """:func:`question_budget` made current without a ``with`` (for the one question of
    :func:`~oracle.service.questions.dispatch`): the token to give :func:`leave_question` after
    it. Outside :func:`limited` a budget of :data:`DEFAULT_STEPS` is made at its first step
    (:class:`_Unspent`).

    >>> token = enter_question()
    >>> spend(3)
    >>> _current.get().steps, leave_question(token), _current.get()
    (999997, None, None)
    """
    if steps == DEFAULT_STEPS and _current.get() is None:
        return _current.set(_UNSPENT)
    return _current.set(_question(steps))


leave_question = _current.reset
"""The end of a question entered by :func:`enter_question`: the budget before it current again."""
