"""What the Superhirn ledger, the Doktor's track, the season track and the Wahrsager's log show, as plain data.

Each is a sheet of data/rather-silly/ (ledger.yaml, doktor-track.yaml, season-track.yaml,
wahrsager-log.yaml) fed by one of these sources: one record with the page's words (the catalogue's
``aids`` section, in the build's language) and its rows. The numbers (years, the 30-point goal,
the shares) come from the facts pnp transcribed from the rule document, never from map.yaml's
restatement; the players and their colours from map.yaml. How the pages look is the sheets'.
"""
from __future__ import annotations

from pnp.games.rather_silly.aids import W, _lang
from pnp.games.rather_silly.book import FACTS
from pnp.load.words import ENGINE

LEDGER_PLAYERS = ("narr", "doktor")  # besides the powers, who collects Superhirn shares (not the Wahrsager)
DOKTOR_PER_ROW = 8  # cells to a row of the points track (doktor-track.yaml's grid has as many columns)
SHARES = 8  # columns of the share look-up: 1 to 8 correct answers


def _board(game):
    from pnp.games.rather_silly.mapdata import load_board

    return load_board(game.path("map.yaml"))


def seasons(lang: str, with_winter: bool) -> list[str]:
    """'Frühjahr 1901' ... to the last season before the Narr's year: the game ends when it reaches that year."""
    w = W[lang]
    names = [w["spring"], w["autumn"]] + ([w["winter"]] if with_winter else [])
    return [f"{n} {y}" for y in range(FACTS.value("first_year"), FACTS.value("narr_year")) for n in names]


def _share(n: int, lang: str) -> str:
    """1/n as a percentage with at most one decimal, in the language's decimal mark: 33,3 %."""
    text = f"{100 / n:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ENGINE(lang, "number.decimal")) + " %"


def _page(lang: str, title: str, intro: str) -> dict:
    return {"title": title, "intro": intro, "footer": W[lang]["footer"]}


def ledger(game, opts) -> list[dict]:
    """The Superhirn's share ledger: the share per number of correct answers, then a row per season with a
    column per player who may collect shares (``player_1`` ... with ``colour_1`` ...)."""
    lang = _lang(opts)
    w = W[lang]
    board = _board(game)
    players = list(board.powers) + [r for r in board.roles if r.id in LEDGER_PLAYERS]
    rec = _page(lang, w["ledger"], w["ledger_intro"])
    rec.update({"season": w["season"], "correct": w["correct"],
                "shares": [dict({"label": w["share"]}, **{f"s{n}": _share(n, lang) for n in range(1, SHARES + 1)})],
                "seasons": [{"season": s} for s in seasons(lang, with_winter=False)]})
    for i, p in enumerate(players, 1):
        rec[f"player_{i}"], rec[f"colour_{i}"] = p.name(lang), p.colour
    return [rec]


def _doktor_colour(game) -> str:
    who = _board(game).player("doktor")
    return who.colour if who else "#00838f"


def doktor_cells(game, opts) -> list[dict]:
    """The cells of the Doktor's points track, 0 to the goal, eight to a row (``at`` A1, B1 ...): ``n`` the
    number, ``fill`` the Doktor's colour on the goal's cell, ``line`` none on the cells past it."""
    goal = FACTS.value("doktor_victory_points")
    colour = _doktor_colour(game)
    per_row = DOKTOR_PER_ROW
    cells = []
    rows = -(-(goal + 1) // per_row)
    for v in range(rows * per_row):  # a cell per number; the grid's cells past the goal stay blank
        r, c = divmod(v, per_row)
        cells.append({"at": f"{chr(ord('A') + c)}{r + 1}", "n": str(v) if v <= goal else "",
                      "fill": colour if v == goal else "", "line": colour if v <= goal else "none"})
    return cells


def doktor(game, opts) -> list[dict]:
    """The Doktor's season log: he may win after any phase, so every phase has a row."""
    lang = _lang(opts)
    w = W[lang]
    goal = FACTS.value("doktor_victory_points")
    rec = _page(lang, w["dtrack"], w["dtrack_intro"].format(goal=goal))
    rec.update({"season": w["season"], "points": w["points"], "centres": w["centres"],
                "sum": f"{w['sum']} (≥ {goal})", "seasons": [{"season": s} for s in seasons(lang, with_winter=True)]})
    return [rec]


def season_track(game, opts) -> list[dict]:
    """A row per year from the first to the last before the Narr's, a box per season; then the Narr's year."""
    lang = _lang(opts)
    w = W[lang]
    a, b = FACTS.value("first_year"), FACTS.value("narr_year")
    narr = _board(game).player("narr")
    rec = _page(lang, w["strack"].format(a=a, b=b), w["strack_intro"].format(b=b))
    rec.update({"year": w["year"], "spring": w["spring"], "autumn": w["autumn"], "winter": w["winter"],
                "last_year": str(b),
                "fool_wins": w["fool_wins"], "narr_colour": narr.colour if narr else "#c0409a"})
    return [rec]


def season_years(game, opts) -> list[dict]:
    """The years of the season track: from the first to the last before the Narr's."""
    return [{"year": str(y)} for y in range(FACTS.value("first_year"), FACTS.value("narr_year"))]


def wahrsager(game, opts) -> list[dict]:
    """The Wahrsager's log: a row per season, two predictions, a third after a correct Superhirn answer."""
    lang = _lang(opts)
    w = W[lang]
    rec = _page(lang, w["wlog"], w["wlog_intro"])
    rec.update({"season": w["season"], "pred_1": w["pred"] + " 1", "pred_2": w["pred"] + " 2", "third": w["third"],
                "result": w["result"], "seasons": [{"season": s} for s in seasons(lang, with_winter=False)]})
    return [rec]


SOURCES = {"ledger": ledger, "doktor": doktor, "doktor_cells": doktor_cells, "seasons": season_track, "season_years": season_years, "wahrsager": wahrsager}
