"""Waiting for a state, never for a time, in tests of processes and threads: a slow or busy
machine only makes the wait longer. Importable from every test folder, like pdfread."""
from __future__ import annotations

import time
from typing import Callable

PATIENCE = 120.0  # seconds before a state that never comes fails the test: generous, as the machine may be busy


def wait_until(state: Callable[[], object], what: str, timeout: float = PATIENCE, poll: float = 0.02):
    """Return ``state()`` as soon as it is true; fail saying ``what`` did not happen within ``timeout``."""
    end = time.monotonic() + timeout
    while True:
        got = state()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:g} s: {what}")
        time.sleep(poll)
