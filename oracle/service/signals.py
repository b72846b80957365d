"""SIGTERM and SIGINT for the main thread, one server process or the parent of several: the first
starts the shutdown, a second exits at once with status 128 + its number.

>>> with Signals(on_first=print) as signals:
...     signals.wake()
...     signals.wait(timeout=5), signals.received
([], None)
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from types import FrameType, TracebackType
from typing import Any, Self

log = logging.getLogger(__name__)


class Signals:
    """SIGTERM and SIGINT for the main thread, while in a ``with`` block: the first sets
    :attr:`received` and calls ``on_first`` with the signal's name; a second calls ``on_second``
    and exits at once with status 128 + its number. :meth:`wait` sleeps until a signal or one of
    the given objects is ready (``signal.set_wakeup_fd`` wakes it, whichever thread the system
    gave the signal to, so the handler runs at once)."""

    def __init__(
        self, on_first: Callable[[str], None], on_second: Callable[[], None] = lambda: None
    ) -> None:
        self.received: str | None = None
        self._on_first = on_first
        self._on_second = on_second
        self._wakeup, self._woken = socket.socketpair()
        for end in (self._wakeup, self._woken):
            end.setblocking(False)
        self._previous: dict[int, Any] = {}
        self._previous_fd = -1

    def __enter__(self) -> Self:
        self._previous = {
            s: signal.signal(s, self._handle) for s in (signal.SIGTERM, signal.SIGINT)
        }
        self._previous_fd = signal.set_wakeup_fd(self._woken.fileno(), warn_on_full_buffer=False)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None
    ) -> None:
        signal.set_wakeup_fd(self._previous_fd)
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._wakeup.close()
        self._woken.close()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        if self.received is not None:
            log.warning("second %s: exiting now, status %d", name, 128 + signum)
            try:
                self._on_second()
            finally:
                os._exit(128 + signum)
        self.received = name
        self._on_first(name)

    def wake(self) -> None:
        """Wake :meth:`wait` from another thread."""
        with contextlib.suppress(OSError):
            self._woken.send(b"\0")

    def wait(self, objects: Sequence[Any] = (), timeout: float = 1.0) -> list[Any]:
        """Sleep until a signal, :meth:`wake`, one of ``objects`` (file descriptors, connections,
        process sentinels) is ready or ``timeout`` passes; the ready ``objects``."""
        ready = wait([self._wakeup, *objects], timeout)
        if self._wakeup in ready:
            with contextlib.suppress(BlockingIOError):
                self._wakeup.recv(4096)
        return [obj for obj in ready if obj is not self._wakeup]

    def sleep_until(self, done: Callable[[], bool]) -> None:
        """Sleep until ``done()``, checked after every signal and :meth:`wake`."""
        while not done():
            self.wait()
