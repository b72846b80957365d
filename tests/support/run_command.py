"""The README's run command (``shengji-oracle``, or ``python -m oracle`` from the checkout) on
free loopback ports, for the tests that ask it from outside; its two ports read from its log.

Use::

    server = RunCommand("--processes", "1")
    ...  # server.grpc_port, server.http_port, server.proc.pid
    server.stop()
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class RunCommand:
    """The server, started with ``--port 0 --host 127.0.0.1`` and any further ``options``;
    ``checkout`` runs this checkout's code (``python -m oracle``, ``PYTHONPATH`` set to it);
    ``command``, ``cwd`` and ``env`` run another environment's ``shengji-oracle`` from elsewhere
    (the installed-package tests)."""

    def __init__(self, *options: str, checkout: bool = False, command: list[str] | None = None,
                 cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
        if command is None:
            found = None if checkout else shutil.which("shengji-oracle")
            command = [found] if found else [sys.executable, "-m", "oracle"]
        if checkout:
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [*command, "--port", "0", "--host", "127.0.0.1", *options],
            cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True,
        )
        self.grpc_port = self.http_port = 0
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                if found := re.search(r"rule explorer on http://\S+:(\d+)/", line):
                    self.http_port = int(found.group(1))
                if found := re.search(r"serving \S+ on \S+:(\d+) ", line):
                    self.grpc_port = int(found.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(60) or not (self.grpc_port and self.http_port):
            self.proc.kill()
            raise AssertionError("the server did not start with both ports")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)
