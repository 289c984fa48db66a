"""The checks toolkit every game's checker is built from.

* :class:`Finding`: one verdict (rule id, message, severity, object, file:line:col and the
  passage of the rule document it enforces);
* :class:`Source`: one way to say where something is in a YAML file (file + marked YAML data +
  key path -> file:line:col);
* :class:`RuleBook`: a game's rules, each a small function registered by id with its citation;
* :class:`Report`: the findings of a ``pnp check`` run, its exit code and its renderings.

The engine names no game: a game's rules module exposes ``RULES`` (a RuleBook) and ``check``.
"""
from .finding import Finding, failed, flag, from_problems
from .report import Report, rules_json, rules_text
from .rulebook import Rule, RuleBook
from .source import Loc, Source

__all__ = ["Finding", "Loc", "Report", "Rule", "RuleBook", "Source", "failed", "flag", "from_problems",
           "rules_json", "rules_text"]
