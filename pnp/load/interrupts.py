"""Interrupts this process was sent (Ctrl-C, SIGTERM, SIGHUP), kept so none is lost.

Python raises KeyboardInterrupt wherever the main thread happens to be; when that is a weakref
callback or a finaliser (one runs inside every import), the exception is printed as "ignored" and
the work goes on. The command's signal handler notes each interrupt here before raising it, and
the one step that cannot be undone (swapping staged output in) asks :func:`check` first."""
from __future__ import annotations

_NOTED: list[str] = []  # the names of the signals received, in order, while a command runs


def note(name: str) -> None:
    _NOTED.append(name)


def check() -> None:
    """Raise KeyboardInterrupt if an interrupt came, even one that was swallowed where it was raised."""
    if _NOTED:
        raise KeyboardInterrupt(_NOTED[-1])


def forget() -> None:
    """A command ended: what it was sent is done with."""
    _NOTED.clear()
