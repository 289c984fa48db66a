"""Reading game settings given as ``--option KEY=VALUE`` (``BuildOptions.extra``).

One place decides what a bad value looks like to the user: a DataErrors
naming the option, the value and the range, so the CLI exits 2 with a
message instead of an internal error.
"""
from __future__ import annotations

import math

from typing import TYPE_CHECKING

from pnp.load.errors import DataErrors, Problem

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.assets import BuildOptions

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off", "")


def _bad(key: str, message: str) -> DataErrors:
    return DataErrors([Problem(f"--option {key}", 0, 0, message)])


def number(opts: "BuildOptions | None", key: str, default: float, lo: float, hi: float, unit: str = "mm",
           integer: bool = False) -> float:
    """``opts.extra[key]`` as a number within [lo, hi], or ``default`` when absent."""
    extra = getattr(opts, "extra", None) or {}
    raw = extra.get(key)
    if raw is None or raw == "":
        return default
    kind = "whole number" if integer else "number"
    try:
        if isinstance(raw, bool):
            raise ValueError
        v = float(raw)
        if integer and v != int(v):
            raise ValueError
    except (TypeError, ValueError):
        v = math.nan
    if not lo <= v <= hi:
        raise _bad(key, (f"expected a {kind} of {unit} from {lo:g} to {hi:g}, got {raw!r}" if unit else f"expected a {kind} from {lo:g} to {hi:g}, got {raw!r}"))
    return int(v) if integer else v


def flag(opts: "BuildOptions | None", key
: str, default: bool = False) -> bool:
    """``opts.extra[key]`` as a yes/no switch (true/false, yes/no, on/off, 1/0)."""
    extra = getattr(opts, "extra", None) or {}
    raw = extra.get(key, default)
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise _bad(key, f"expected true or false, got {raw!r}")
