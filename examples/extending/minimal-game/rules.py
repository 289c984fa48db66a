"""Every hook of a rules module (pnp.model.rules.RulesModule), each doing nothing.

Copy it to start a game's rules: fill in what your game needs and delete the rest;
every hook is optional.
"""
from pnp.checks import RuleBook

# patterns of this folder's YAML files without a kind: that this module reads
FILES = ("notes/*.yaml",)

# the -o KEY=VALUE settings build() reads, each with what it does
OPTIONS = {"greeting": "a word build() would print (this one prints nothing)"}

# the rules check() enforces, each citing its passage: `pnp check --list-rules minimal`
RULES = RuleBook("rules.md", "Minimal")


@RULES.rule("minimal.nothing", cites="1", about="nothing is ever wrong")
def nothing(ctx):
    return []


def totals(game, opts):
    """Plain data a sheet of the game draws (records: {source: totals}); none here."""
    return []


# named sources of plain data for the game's sheets (kind: sheet): docs/sheets.md
SOURCES = {"totals": totals}


def build(game, opts):
    """Assets beyond what the data kinds draw: pnp.model.assets.Asset objects."""
    return []


def check(game, state=None):
    """Findings (pnp.checks.Finding) about the game's data, and about ``state`` when given."""
    return RULES.run(game)
