"""What Clouded Klin Zha's sheets show, computed as plain data (docs/sheets.md §5).

Each function here is a SOURCE (``SOURCES`` in the rules module): it reads the kit (board, rules,
cloud layouts, positions) and returns records of text and numbers. How they look -- the foil's
dense clouds, the umpire's map, a player's view, the d6 table -- is the YAML in data/klin-zha/.
"""
from __future__ import annotations

from pathlib import Path

from pnp.load.errors import DataErrors, Problem
from pnp.model.plain.base import tr
from pnp.model.options import flag, number
from pnp.model.trilattice import DIRECTIONS, Cell, TriGrid
from pnp.load.words import Words
from pnp.games.klin_zha.sky import EDGE, NORMAL, UNDER, Layout, Sky, resolve, steps

WORDS = Words.beside(__file__)
SIDES = ("green", "gold")
ARROWS = {"right": "→", "down-right": "↘", "down-left": "↙", "left": "←", "up-left": "↖", "up-right": "↗"}


def _kit(game):
    from pnp.games.klin_zha.rules import load_kit, refuse_unprintable

    kit = load_kit(game)
    refuse_unprintable(kit)
    return kit


def _regions(g: TriGrid) -> dict[Cell, str]:
    """cell -> its region: the tip of its corner (apex, left, right) or 'half' on a half-space."""
    corners, half = g.regions()
    out = {c: tip for tip, cells in corners.items() for c in cells}
    out.update({c: "half" for c in half})
    return out


def _check_scale(kit, opts) -> None:
    """The foils are sheets at the board's scale: refuse options that would print the board at another."""
    edge = number(opts, "cell_mm", kit.board.edge, 5, 200)
    if abs(edge - kit.board.edge) > 1e-9 or flag(opts, "tile"):
        raise DataErrors([Problem(kit.board_file, 0, 0, "--option cell_mm/tile: the cloud foils, umpire maps and "
                                                        "views print at the board's 'edge'; change edge in "
                                                        "board.yaml (and size in the sheets) instead")])


def mirrored(g: TriGrid, cell: Cell) -> Cell:
    """The cell's image in the board's vertical axis (an up cell stays up)."""
    return Cell(cell.row, 2 * cell.row - 2 - cell.pos)


def _step_text(lay: Layout, step: int, lang: str) -> str:
    m = lay.model.moving
    if not m:
        return ""
    if step == 0:
        return WORDS(lang, "step.start")
    return WORDS(lang, "step.after", turns=m.every * step, step=step)


def _legend(lang: str) -> dict:
    words = WORDS[lang]["legend"]
    return {f"legend_{k}": words[k] for k in ("normal", "edge", "under", "title")}


def skies(game, opts) -> list[dict]:
    """One record per step of every cloud layout: its cells' states (``cells``: at, state, region,
    name -- the cell's name where it lies under cloud, for the foil), the foil's and the umpire
    map's file and headings. ``-o mirror=true`` mirrors the foil's cells about the board's axis."""
    kit = _kit(game)
    _check_scale(kit, opts)
    g, lang = kit.grid(), opts.lang
    mirror = flag(opts, "mirror")
    region = _regions(g)
    out = []
    for lay in _chosen_layouts(kit, opts):
        title = tr(lay.model.title, lang)
        for step in range(steps(lay.model)):
            sky = resolve(g, lay.model, step)
            sub = _step_text(lay, step, lang)
            note = WORDS(lang, "overlay.mirrored" if mirror else "overlay.note")
            foil, umpire = [], []
            for c in g.cells():
                state, name = sky.state(c), g.name(c)
                at = g.name(mirrored(g, c)) if mirror else name
                foil.append({"at": at, "state": state, "name": name if state == UNDER and not mirror else ""})
                umpire.append({"at": name, "state": state, "region": region.get(c, "none"),
                               "look": state if state != NORMAL else region.get(c, "none")})
            count = WORDS(lang, "umpire.count", under=len(sky.under), edge=len(sky.edge))
            out.append({"layout": lay.name, "step": step, "title": title,
                        "foil_title": WORDS(lang, "assets.overlay", title=title),
                        "umpire_title": WORDS(lang, "assets.umpire", title=title),
                        "head": WORDS(lang, "overlay.head") + ": " + title,
                        "sub": (sub + " · " if sub else "") + note,
                        "umpire_head": f"{WORDS(lang, 'umpire.head')}: {title}",
                        "umpire_sub": (sub + " · " if sub else "") + count,
                        "under": len(sky.under), "edge": len(sky.edge), "mirrored": mirror,
                        "cells": foil, "map": umpire, **_legend(lang)})
    return out


def _chosen_layouts(kit, opts) -> list[Layout]:
    """Every layout of clouds/, or the one ``-o layout=NAME`` (or a layout file's path) names."""
    from pnp.games.klin_zha.sky import load_layout

    name = (opts.extra or {}).get("layout")
    if not name:
        return kit.layouts
    p = Path(str(name))
    if p.suffix in (".yaml", ".yml") and p.is_file():
        return [load_layout(p)]
    for lay in kit.layouts:
        if lay.name == name:
            return [lay]
    raise DataErrors([Problem(str(name), 0, 0, f"--option layout: no cloud layout {name!r}; have "
                                               f"{', '.join(l.name for l in kit.layouts)}")])


def board_cells(kit) -> list[dict]:
    """Every cell's name and region, for a small copy of the board."""
    g = kit.grid()
    region = _regions(g)
    return [{"at": g.name(c), "region": region.get(c, "none")} for c in g.cells()]


def placed(g: TriGrid, pos) -> list[tuple[Cell, str, str]]:
    out = []
    for side in SIDES:
        for pid, val in getattr(pos, side).items():
            for n in ([val] if isinstance(val, str) else val):
                if g.is_name(n):
                    out.append((g.cell(n), side, pid))
    return out


def seen_by(sky, placed_pieces, viewer: str) -> list[tuple[Cell, str, str | None]]:
    """What ``viewer`` sees: own pieces always, enemy pieces on normal cells, a neutral token
    (piece None) at a cloud's edge, nothing under a cloud."""
    out = []
    for cell, side, pid in placed_pieces:
        state = NORMAL if sky is None or side == viewer else sky.state(cell)
        if state == NORMAL:
            out.append((cell, side, pid))
        elif state == EDGE:
            out.append((cell, side, None))
    return out


def position_files(kit) -> list[Path]:
    folder = kit.game.folder / "positions"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def _layout_for(kit, pos, path: Path):
    if pos.layout is None:
        return None
    for lay in kit.layouts:
        if lay.name == pos.layout:
            return lay
    raise DataErrors([Problem(str(path), 0, 0, f"'layout': no cloud layout {pos.layout!r} in clouds/; "
                                               f"have {', '.join(l.name for l in kit.layouts)}")])


def _view_cells(g: TriGrid, sky: Sky | None, region: dict[Cell, str], taken: set[Cell]) -> list[dict]:
    """Each cell of a view: its name, region and cloud state, and its label unless a token covers it."""
    cells = []
    for c in g.cells():
        state = sky.state(c) if sky else NORMAL
        cells.append({"at": g.name(c), "region": region.get(c, "none"), "state": state,
                      "look": state if state != NORMAL else region.get(c, "none"),
                      "label": "" if c in taken else g.name(c)})  # a token covers the cell's middle
    return cells


def _view_tokens(g: TriGrid, seen: list[tuple[Cell, str, str | None]], sides: dict, marks: dict) -> list[dict]:
    """Each token a side sees, at its cell's centroid: a piece with its mark, or a neutral token."""
    tokens = []
    for cell, side, pid in seen:
        x, y = g.centroid(cell)
        tokens.append({"id": f"seen-{g.name(cell)}-{side}-{pid or 'neutral'}", "x": round(x, 4), "y": round(y, 4),
                       "name": "", "side": side, "mark": marks.get(pid, "?") if pid else "",
                       "colour": sides[side].colour, "ink": sides[side].ink,
                       "kind": "piece" if pid else "neutral"})
    return tokens


def _view_subtitle(lay: Layout | None, pos, lang: str) -> str:
    """The line under a view's title: the cloud layout and its step, or a clear sky."""
    words = WORDS[lang]
    if not lay:
        return words["view"]["clear"]
    step = _step_text(lay, pos.step, lang)
    sub = words["view"]["layout"].format(name=tr(lay.model.title, lang), step=pos.step)
    return sub if not step else f"{tr(lay.model.title, lang)} · {step}"


def view_record(kit, path: Path, viewer: str, lang: str) -> dict:
    """What ``viewer`` is shown of the position in ``path``: the board's cells with their cloud
    state, the tokens seen (x, y in mm on the board, the mark or none for a neutral token), and the
    legend's lines."""
    from pnp.games.klin_zha.sky import load_position

    pos, _, _ = load_position(path)
    words = WORDS[lang]
    lay = _layout_for(kit, pos, path)
    g = kit.grid()
    sky = resolve(g, lay.model, pos.step) if lay else None
    sides = {s.id: s for s in kit.rules.sides}
    every = placed(g, pos)
    seen = seen_by(sky, every, viewer)
    cells = _view_cells(g, sky, _regions(g), {cell for cell, _, _ in seen})
    tokens = _view_tokens(g, seen, sides, {p.id: p.mark for p in kit.rules.pieces})
    who = tr(sides[viewer].name, lang)
    title = words["view"]["title"].format(who=who, what=tr(pos.title, lang) or path.stem)
    sub = _view_subtitle(lay, pos, lang)
    hidden = len(every) - len(seen)
    neutral = sum(1 for s in seen if s[2] is None)
    pieces = [{"mark": p.mark, "piece": f"{tr(p.name, lang)} ×{p.count}"} for p in kit.rules.pieces]
    return {"position": path.stem, "viewer": viewer, "title": title, "sub": sub, "cells": cells, "tokens": tokens,
            "pieces": pieces, "neutral_green": words["view"]["neutral"].format(side=tr(sides["green"].name, lang)),
            "neutral_gold": words["view"]["neutral"].format(side=tr(sides["gold"].name, lang)),
            "hidden": words["view"]["hidden"].format(hidden=hidden, neutral=neutral) if sky else "",
            "file_title": WORDS(lang, "assets.view", side=who, name=tr(pos.title, lang) or path.stem),
            "green": sides["green"].colour, "gold": sides["gold"].colour,
            "green_ink": sides["green"].ink, "gold_ink": sides["gold"].ink, **_legend(lang)}


def views(game, opts) -> list[dict]:
    """One record per position file and side: what that side is shown (``view_record``)."""
    kit = _kit(game)
    only = opts.extra.get("position")
    paths = [Path(only)] if only else position_files(kit)
    return [view_record(kit, p, side, opts.lang) for p in paths for side in SIDES]


def umpire_paper(game, opts) -> list[dict]:
    """The numbers and lines of the umpire's paper: the d6 table's rows, the pieces, the board's cells,
    the compass's points and the pre-rolled layouts' lines."""
    kit = _kit(game)
    lang = opts.lang
    words = WORDS[lang]
    d6w = words["d6"]
    r = kit.rules
    rows = []
    for i in range(6):
        d, dist, turns = r.d6_directions[i], r.d6_distance[i], r.d6_turns[i]
        rows.append({"roll": str(i + 1), "direction": words["directions"][d], "arrow": ARROWS[d],
                     "distance": d6w["cell" if dist == 1 else "cells"].format(n=dist),
                     "turns": d6w["turns"].format(n=turns)})
    g = TriGrid(kit.board.size, 9.0, kit.board.naming)
    cx, cy = g.centre()
    compass = [{"id": "centre", "name": "", "x": round(cx, 4), "y": round(cy, 4), "kind": "centre", "text": ""},
               {"id": "box0", "name": "", "x": 0, "y": 0, "kind": "corner", "text": ""},
               {"id": "box1", "name": "", "x": round(g.width, 4), "y": round(g.height, 4), "kind": "corner", "text": ""}]
    spokes = []
    for i, d in enumerate(r.d6_directions):
        ux, uy = DIRECTIONS[d][1]
        compass.append({"id": f"d{i + 1}", "name": "", "x": round(cx + ux * 23, 4), "y": round(cy + uy * 23, 4),
                        "kind": "roll", "text": str(i + 1)})
        spokes.append({"from": "centre", "to": f"d{i + 1}"})
    prerolled = []
    for lay in kit.layouts:
        m = lay.model.moving
        if m:
            drift = "; ".join(f"{d.cloud}: {words['directions'][d.direction]} {d.distance}" for d in m.drift)
            every = d6w["every"].format(n=m.every)
            prerolled.append(f"- {tr(lay.model.title, lang)}: {every}, {m.steps}× — {drift}")
    pieces = [{"piece": f"{tr(p.name, lang)} ×{p.count}", "mark": p.mark, "count": p.count, "blank": ""}
              for p in r.pieces]
    return [{"d6_title": d6w["title"], "d6_intro": d6w["intro"], "d6_open": d6w["open"],
            **{f"d6_head{i}": h for i, h in enumerate(d6w["heads"])}, "d6": rows, "compass": compass, "spokes": spokes,
            "prerolled": (f"**{d6w['prerolled']}**\n\n" + "\n".join(prerolled)) if prerolled else "",
            "cells": board_cells(kit), "pieces": pieces,
            "setup_title": words["setup"]["title"], "setup_sub": words["setup"]["sub"],
            "setup_fields": "     ".join(f"{f} ____________" for f in words["setup"]["fields"]),
            "setup_sides": "     ".join(f"{f} ____________" for f in words["setup"]["sides"]),
            "setup_note": words["setup"]["note"], **{f"setup_head{i}": h for i, h in enumerate(words["setup"]["heads"])},
            "position_title": words["position"]["title"], "position_sub": words["position"]["sub"],
            "position_fields": "     ".join(f"{f} ______________" for f in words["position"]["fields"]),
            "position_marks": words["position"]["marks"], "game": words["game"]}]
