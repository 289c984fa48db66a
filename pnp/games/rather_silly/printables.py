"""The sources of Rather Silly's maps: what schematic-map.yaml and map-large.yaml draw, as plain data.

* ``map_nodes``, ``map_edges``: the provinces, split coasts, borders and the tunnel (schematic.py);
* ``map_names``: the abbreviations for the key, ``map_homes``: each power's home centres in words;
* ``map_words``: the map's title and the key's words, in the build's language (catalogue ``legend``).

The position drawn on the map (``-o state=FILE``) is position.py's.
"""
from __future__ import annotations

from pnp.games.rather_silly import schematic
from pnp.load.words import Words

WORDS = Words.beside(__file__)
TITLES = WORDS.section("titles")
LEGEND = WORDS.section("legend")


def _lang(opts) -> str:
    return opts.lang if opts.lang in TITLES else "en"


def _board(game):
    from pnp.games.rather_silly.mapdata import load_board

    return load_board(game.path("map.yaml"))


def map_nodes(game, opts) -> list[dict]:
    return schematic.nodes(_board(game), _lang(opts))


def map_edges(game, opts) -> list[dict]:
    return schematic.edges(_board(game))


def map_names(game, opts) -> list[dict]:
    return schematic.names(_board(game), _lang(opts))


def map_homes(game, opts) -> list[dict]:
    return schematic.homes(_board(game), _lang(opts))


def map_words(game, opts) -> dict:
    """The key's words, the titles, the tunnel's name and the first power's colour (the key's home centre)."""
    lang = _lang(opts)
    board = _board(game)
    out = {f"key_{k}": v for k, v in LEGEND[lang].items()}
    out.update({"map_title": TITLES[lang]["map"], "map_large_title": TITLES[lang]["map-large"],
                "tunnel": board.tunnel.name(lang), "home_colour": board.powers[0].colour if board.powers else "#888888",
                "extent": [0, 0, schematic.UNITS_W, schematic.UNITS_H]})
    return out


SOURCES = {"map_nodes": map_nodes, "map_edges": map_edges, "map_names": map_names, "map_homes": map_homes,
           "map_words": map_words}
