"""The checks toolkit every game's checker is built from.

* :class:`Finding`: one verdict (rule id, message, severity, object, file:line:col and the
  passage of the rule document it enforces);
* :class:`Source`: one way to say where something is in a YAML file (file + marked YAML data +
  key path -> file:line:col);
* :class:`RuleBook`: a game's rules, each a small function registered by id with its citation;
* :class:`Report`: the findings of a ``pnp check`` run, its exit code and its renderings.

The engine names no game: a game's rules module exposes ``RULES`` (a RuleBook) and ``check``
(its hooks: :mod:`pnp.model.rules`).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.model.game import Game

_WHERE = {"Finding": "finding", "failed": "finding", "flag": "finding", "from_problems": "finding",
          "Report": "report", "rules_json": "report", "rules_text": "report", "Rule": "rulebook",
          "RuleBook": "rulebook", "Loc": "source", "Source": "source"}
__all__ = sorted(_WHERE) + ["verdict"]


def __getattr__(name: str) -> Any:
    """Load a part of the toolkit on first use, so the CLI's error contract
    (:mod:`.contract`) costs `pnp --help` nothing."""
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def verdict(game: Game) -> tuple[str, list[tuple[str, str]]]:
    """("ok" | "FAIL" | "no checker", [(severity, text)]) of a game's checker; bad data
    or a crashing checker is a FAIL with the reason, never an exception."""
    from pnp.load.errors import DataErrors

    try:
        found = game.rules().findings(game)
        if found is None:
            return "no checker", []
        findings = list(found)
    except DataErrors as exc:
        return "FAIL", [("error", str(p)) for p in exc.problems]
    except Exception as exc:  # show it, do not hide the rest of the gallery
        return "FAIL", [("error", f"checker crashed: {type(exc).__name__}: {exc}")]
    from pnp.checks.finding import failed

    return ("FAIL" if failed(findings) else "ok"), [(f.severity, str(f)) for f in findings]
