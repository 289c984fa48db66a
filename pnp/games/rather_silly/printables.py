"""Everything Rather Silly prints beyond the generic counter sheet.

* ``map-additions``: Iceland and Crete boxes and tunnel labels to stick on a
  standard board (packed, with crop marks).
* ``map``: the schematic play map with its key on one landscape page.
* ``map-large``: the same map with full names at a larger size, tiled over
  several sheets (width from ``--set map_width=MM``, default 600).
* ``superhirn-ledger``, ``doktor-track``,
  ``season-track``, ``wahrsager-log``: one-page player aids (the phase order
  and the role sheets are data/rather-silly/roles.yaml).
* ``position`` (only with ``-o state=FILE``): a game position on the map.
"""
from __future__ import annotations

from pnp.model.assets import Asset, BuildOptions
from pnp.load.loader import load_model
from pnp.model.base import tr
from pnp.model.game import Game
from pnp.impose.items import Item, sheet_from_options
from pnp.scene import Group, Page, Rect, Text, color, mix, style, translate
from pnp.games.rather_silly.aids import AidsFile
from pnp.games.rather_silly.mapdata import Board, load_board
from pnp.load.words import Words

WORDS = Words.beside(__file__)
TITLES = WORDS.section("titles")


def _lang(opts: BuildOptions) -> str:
    return opts.lang if opts.lang in TITLES else "en"


# ------------------------------------------------------------------ maps

def map_page(board: Board, opts: BuildOptions) -> Page:
    from pnp.impose.layout import document_page
    from pnp.games.rather_silly.schematic import draw_legend, draw_map, homes_block

    lang = _lang(opts)
    page, box = document_page(opts.paper, "landscape", 8.0, TITLES[lang]["map"] + " – Rather Silly Diplomacy",
                              "Rather Silly Diplomacy")
    legend_w = 66.0
    mw, mh = box.w - legend_w - 3, box.h
    page.content.add(Group(children=[draw_map(board, mw, mh, lang)], transform=translate(box.x, box.y),
                           clip=Rect(0, 0, mw, mh)))
    leg, height = draw_legend(board, box.right - legend_w, box.y, legend_w, lang, 6.4)
    page.content.add(leg)
    homes, _ = homes_block(board, box.right - legend_w, box.y + height + 3, legend_w, lang)
    page.content.add(homes)
    return page


def large_map_pages(board: Board, opts: BuildOptions) -> list[Page]:
    from pnp.impose.tiling import tile
    from pnp.games.rather_silly.schematic import UNITS_H, UNITS_W, draw_map

    lang = _lang(opts)
    from pnp.model.options import number

    width = number(opts, "map_width", 600.0, 150, 3000)
    height = width * UNITS_H / UNITS_W
    item = Item(width, height, lambda b: draw_map(board, width, height, lang, names=True, bleed=b), None, "map")
    sheet = sheet_from_options(opts)
    return tile(item, sheet, 10.0, TITLES[lang]["map-large"])


def _position(board: Board, state_path: str, opts: BuildOptions) -> list[Page]:
    from pathlib import Path

    from pnp.games.rather_silly.position import position_pages
    from pnp.games.rather_silly.state import load_state

    return position_pages(board, load_state(Path(state_path)), opts)


# ------------------------------------------------------------------ assets

def assets(game: Game, opts: BuildOptions) -> list[Asset]:
    from pnp.impose.packing import pack

    board = load_board(game.path("map.yaml"))
    aids = load_model(game.path("aids.yaml"), AidsFile)
    lang = _lang(opts)
    t = TITLES[lang]
    sheet = sheet_from_options(opts)
    out = [
        Asset("map", t["map"], lambda: [map_page(board, opts)], description="schematic map on one page"),
        Asset("map-large", t["map-large"], lambda: large_map_pages(board, opts),
              description="schematic map with names, tiled over several sheets"),
    ]  # aid-phases and role-<id>: data/rather-silly/roles.yaml
    state = opts.extra.get("state") if isinstance(opts.extra, dict) else None
    if state:
        out.append(Asset("position", t["position"], lambda: _position(board, state, opts),
                         description=f"the position in {state} on the schematic map"))
    return out
