"""The print guide every build adds to a game: ``print-guide.pdf``, made from what the build wrote.

For each PDF of the game it says what it holds (pieces to cut out, or
pages), whether to print it single- or double-sided and on which edge to flip
the paper, what to print it on, and in which order to cut the files; a 100 mm
ruler checks that the printer did not scale. It is written in the game's
language from pnp's word catalogue, and drawn by a sheet like any other
(``print-guide.yaml`` beside this module): the engine computes, the sheet draws.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from pnp.load.words import ENGINE
from pnp.model.assets import Asset, BuildOptions

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import Game

NAME = "print-guide"
SHEET = Path(__file__).resolve().parent / "print-guide.yaml"
_MD = re.compile(r"([\\`*_{}\[\]<>|#+!~:])")


def _md(text: str) -> str:
    """Text as Markdown shows it literally (a table cell: no pipes, no line breaks)."""
    return _MD.sub(r"\\\1", " ".join(str(text).split()))


def stock_of(asset: Asset) -> str:
    """What to print an asset on: its own ``stock``, card for pieces cut from sheets, else paper."""
    if asset.stock:
        return asset.stock
    return "card" if asset.faces else "paper"


def cutting_of(asset: Asset, pages: int) -> str:
    """How an asset is cut: tiles (a board over several pages), pieces (crop marks) or none."""
    if asset.cutting:
        return asset.cutting
    return "pieces" if asset.faces else "none"


def pieces_of(asset: Asset) -> int:
    return sum(copies for _, copies in asset.faces) if asset.faces else asset.pieces


def guide_values(game: "Game", files: Iterable[tuple[Asset, str, int]], opts: BuildOptions) -> dict[str, Any]:
    """Everything the guide prints, as plain values in the build's language: the sheet's ``values``."""
    from pnp.model.plain.base import tr

    lang = opts.lang
    w = ENGINE[lang]["guide"]
    # by file name: a rebuild that takes unchanged files over lists them as a full build does
    pdfs = sorted(((a, rel, n) for a, rel, n in files if rel.endswith(".pdf") and a.name != NAME and not a.preview_of),
                  key=lambda f: f[1].removesuffix(".pdf"))  # tokens before tokens-duplex
    title = tr(game.manifest.title, lang) if getattr(game.manifest, "title", None) else game.name
    rows = [f"| {w['file']} | {w['part']} | {w['pages']} | {w['print']} | {w['stock']} |", "|---|---|--:|---|---|"]
    cuts: dict[str, list[str]] = {"tiles": [], "pieces": []}
    for asset, rel, n in pdfs:
        cut, row = _file_row(asset, rel, n, w, opts.duplex)
        rows.append(row)
        if cut in cuts:
            cuts[cut].append(rel)
    cuts_tiles, cuts_pieces = cuts["tiles"], cuts["pieces"]
    any_double = any(asset.two_sided for asset, _, _ in pdfs)
    steps = [w["cut_tiles"].format(file=_md(rel)) for rel in cuts_tiles]
    steps += [w["cut_pieces"].format(file=_md(rel)) for rel in cuts_pieces]
    body = [f"## {w['files']}", "", *rows, ""]
    if any_double:
        body += [w["duplex_note"], ""]
    if getattr(opts, "ink_saver", False):  # the build option of issue 33, when it is there
        body += [w["ink_saver"], ""]
    body += [f"## {w['cutting']}", ""]
    body += [f"{i}. {step}" for i, step in enumerate(steps, 1)] or []
    body += ["", w["cut_none"]]
    return {"title": w["title"].format(game=title), "game": title, "scale": w["scale"], "scale_how": w["scale_how"],
            "body": "\n".join(body)}


def _file_row(asset: Asset, rel: str, n: int, w: dict, duplex: str) -> tuple[str, str]:
    """How the file is cut (tiles, pieces or none) and its row of the table of files."""
    count = pieces_of(asset)
    what = _md(asset.title or asset.name)
    if count:
        what += " · " + w["count_pieces"].format(n=count)
    if asset.two_sided:
        sides = w["double_short"] if duplex == "short" else w["double_long"]
    else:
        sides = w["single"]
    stock = stock_of(asset)
    cut = cutting_of(asset, n)
    if cut == "tiles" and n == 1:  # a board that fits one page is cut at its crop marks
        cut = "pieces"
    if cut == "tiles":
        stock = "board" if stock == "paper" else stock
    return cut, f"| {_md(rel)} | {what} | {n} | {sides} | {w.get(stock, w['paper'])} |"


def guide_asset(game: "Game", files: list[tuple[Asset, str, int]], opts: BuildOptions) -> Asset:
    """The print guide as an asset, drawn from the (finished) list of the game's files."""
    from pnp.layout.builtin.sheet import prepare_sheet, read_sheet, sheet_pages
    from pnp.layout.data import Row

    doc, raw = read_sheet(SHEET)
    values = guide_values(game, files, opts)
    plan = prepare_sheet(doc.model_copy(update={"values": values}), game, opts, NAME, src=(SHEET, raw))
    return Asset(NAME, values["title"], lambda: sheet_pages(plan, [Row({}, (str(SHEET), 0))], opts),
                 formats=("pdf",), description="how to print, which sides, on what, and what to cut first",
                 source="pnp", stock="paper")
