"""Player aids: the words of aids.yaml (our own, de/en) and the records of the phase order, the role sheets
and the map additions (map-additions.yaml: Iceland, Crete and the tunnel, source ``additions``).

The phase order and the four role sheets are data (data/rather-silly/roles.yaml,
a ``kind: sheet``): ``aid_pages`` (the source ``aids``) only hands it the words
of each page and a role's colour from map.yaml; how a page looks is the sheet's.
"""
from __future__ import annotations

import re

from pnp.model.plain import Plain
from pnp.model.plain.base import tr
from pnp.load.words import Words

SCHEMA = "pnp.games.rather_silly.schemas:AidsFile"  # validates aids.yaml when the cache does not hold it


# The plain twins of aids.yaml's schemas (pnp.games.rather_silly.schemas), as the build reads them.
class Phases(Plain):
    """The phase order's words."""


class Role(Plain):
    """A role sheet's words."""


class Additions(Plain):
    """The map additions' words."""


class AidsFile(Plain):
    """aids.yaml."""


WORDS = Words.beside(__file__)
W = WORDS.section("aids")


def _md(text: str) -> str:
    """Text from aids.yaml as one Markdown paragraph: characters Markdown would read as markup are escaped."""
    return re.sub(r"([\\`*_#>\[\]|])", r"\\\1", " ".join(text.split()))


def aid_pages(game, opts) -> list[dict]:
    """One record per page: the phase order, then a role sheet per role of aids.yaml, in the build's language.
    ``body`` is the page's Markdown; ``colour`` the role's colour from map.yaml."""
    from pnp.load.loader import load_model
    from pnp.games.rather_silly.mapdata import load_board

    aids = load_model(game.path("aids.yaml"), SCHEMA)
    board = load_board(game.path("map.yaml"))
    lang = _lang(opts)
    w = W[lang]
    ph = aids.phases
    steps = "\n\n".join(f"{i}. {_md(tr(s, lang))}" for i, s in enumerate(ph.steps, 1))
    pages = [{"asset": "aid-phases", "part": "phases", "title": tr(ph.title, lang), "colour": "#333333",
              "notes": "", "footer": w["footer"], "goal_label": "", "goal": "",
              "body": f"{_md(tr(ph.intro, lang))}\n\n{steps}\n\n> **{_md(tr(ph.victory, lang))}**\n"}]
    for role in aids.roles:
        who = board.player(role.id)
        points = "\n\n".join(f"- {_md(tr(p, lang))}" for p in role.points)
        pages.append({"asset": f"role-{role.id}", "part": "role", "title": tr(role.title, lang),
                      "colour": who.colour if who else "#444444", "notes": w["notes"], "footer": w["footer"],
                      "body": points + "\n", "goal_label": w["win_goal"], "goal": tr(role.goal, lang)})
    return pages


TUNNEL_COLOUR = "#7b1fa2"  # the tunnel's ink when map.yaml gives none


def additions(game, opts) -> list[dict]:
    """One record per kind of addition: Iceland and Crete (their borders from map.yaml), then the tunnel
    (the provinces it joins). ``colour`` the ink: the Superhirn's colour for the islands."""
    from pnp.load.loader import load_model
    from pnp.games.rather_silly.mapdata import load_board

    board = load_board(game.path("map.yaml"))
    aids = load_model(game.path("aids.yaml"), SCHEMA)
    lang = _lang(opts)
    sh = board.player("superhirn")
    ink = sh.colour if sh else "#6a35b0"
    out = []
    for p in sorted((p for p in board.provinces.values() if p.type == "island"), key=lambda p: p.y):
        nbrs = sorted({n.split("/")[0] for n in p.fleet} | set(p.army))
        out.append({"part": "island", "name": f"{p.name(lang)} ({p.id})", "colour": ink,
                    "note": tr(aids.additions.build_only, lang),
                    "borders": f"{tr(aids.additions.borders, lang)}: {', '.join(nbrs)}"})
    t = board.tunnel
    out.append({"part": "tunnel", "name": t.name(lang), "colour": TUNNEL_COLOUR,
                "note": tr(aids.additions.tunnel_units, lang),
                "borders": f"{tr(aids.additions.tunnel_joins, lang)} {' · '.join(sorted(t.joins))}"})
    return out


def _lang(opts) -> str:
    return opts.lang if opts.lang in W else "en"
