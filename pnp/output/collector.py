"""When Python's cyclic garbage collector runs in a build: one decision, made here.

Reading a game makes many objects and frees few, and every collection would walk them all again
(about 30 ms for a 500-card deck, 80 ms for 5,000). So ``pnp build`` pauses the collector while it
imports and loads (:func:`paused`), and once the data is in memory (:func:`data_loaded`) freezes
what is there out of the collector's way (forked workers then share it untouched) and lets it run
while drawing. Afterwards the process is as it was.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused() -> Iterator[None]:
    """No collection until :func:`data_loaded`; on leaving, the collector as it was (a build run
    inside another program, or a test), objects the build froze thawed, a host's own left frozen."""
    collecting, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if not frozen:
                gc.unfreeze()
            gc.enable()


def data_loaded() -> None:
    """The build's data is in memory: freeze it and let the collector run again (when a build
    paused it; otherwise nothing changes)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
