"""The one error contract every `pnp` command keeps, engine and games alike.

Exit codes: 0 done; 1 the data is valid but breaks a rule of the game (the
command raises ``typer.Exit(1)`` itself); 2 a usage or data problem (bad
file, bad value, unreadable, unwritable output), printed as ``file:line:col:
message`` lines; 3 an internal error, one line that asks for a report
(``PNP_DEBUG=1`` shows the traceback); 130 interrupted (Ctrl-C, SIGTERM,
SIGHUP). No traceback reaches the user.
"""
from __future__ import annotations

import functools
import os
import signal
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, NoReturn, TypeVar

import typer

F = TypeVar("F", bound=Callable[..., Any])

REPORT = "please report it with the command you ran (PNP_DEBUG=1 shows the details)"


def _err(msg: str) -> None:
    typer.echo(msg, err=True)


@contextmanager
def stop_signals_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP end the work like Ctrl-C does (KeyboardInterrupt), so
    staging is removed and earlier outputs stay as they were. Each is noted too
    (:mod:`pnp.load.interrupts`): one raised inside a callback Python swallows is
    raised again before output is swapped in."""
    from pnp.load import interrupts

    def interrupt(signum: int, frame: FrameType | None) -> NoReturn:
        name = signal.Signals(signum).name
        interrupts.note(name)
        raise KeyboardInterrupt(name)

    old: dict[signal.Signals, Any] = {}
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        try:
            old[sig] = signal.signal(sig, interrupt)
        except (ValueError, OSError):  # not the main thread: leave the default
            pass
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        interrupts.forget()


def guarded(fn: F) -> F:
    """Wrap a typer command so its failures keep the contract above."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from pnp.load import cache
        from pnp.load.errors import DataErrors, UserError

        try:
            cache.check()  # before any process is forked: a warning about the cache is said once
            with stop_signals_as_interrupt():
                return fn(*args, **kwargs)
        except DataErrors as exc:
            for p in exc.problems:
                _err(str(p))
            _err(f"{len(exc.problems)} problem(s) in the data; nothing was written.")
            raise typer.Exit(2) from None
        except UserError as exc:
            _err(f"error: {exc}{exc.after}")
            raise typer.Exit(2) from None
        except BrokenPipeError:  # `pnp list | head`: the reader left; stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            raise typer.Exit(0) from None
        except OSError as exc:
            what = f" {exc.filename}" if getattr(exc, "filename", None) else ""
            _err(f"error: cannot write{what}: {exc.strerror or exc}; earlier outputs are untouched.")
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            _err("interrupted; nothing half-written was left, earlier outputs are untouched.")
            raise typer.Exit(130) from None
        except typer.Exit:
            raise
        except Exception as exc:  # the last line of defence
            if os.environ.get("PNP_DEBUG"):
                raise
            _err(f"internal error: {type(exc).__name__}: {exc}; {REPORT}")
            raise typer.Exit(3) from None

    wrapper.guarded = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def finite(value: float | None) -> float | None:
    """typer callback for float options: NaN and infinity are refused (click's ranges let them
    through), as a usage error like any other bad option value (exit 2)."""
    import math

    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"expected a finite number, got {value}")
    return value
