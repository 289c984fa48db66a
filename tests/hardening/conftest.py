"""Shared counters for the hardening tests: how many fuzz cases ran, printed at the end."""
from __future__ import annotations

from collections import Counter

import pytest

COUNTS = pytest.StashKey[Counter]()


def pytest_configure(config):
    config.stash[COUNTS] = Counter()


@pytest.fixture(scope="session")
def fuzz_counts(request) -> Counter:
    """Tests add one per generated case: ``fuzz_counts['ordner structures'] += 1``."""
    return request.config.stash[COUNTS]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    counts = config.stash.get(COUNTS, None)
    if counts:
        terminalreporter.write_sep("-", f"fuzz cases run: {sum(counts.values())}")
        for name, n in sorted(counts.items()):
            terminalreporter.write_line(f"  {name}: {n}")
