"""What Ordnerstruktur's sheets print, as plain data (the sources SOURCES in the rules module names).

The sheets in data/ordnerstruktur/ say how everything looks; this module only computes: the
sums of each structure, its tiles, its exhaustive solution (best score, a best path, how many
paths reach each score), and per variant the legal moves and the accounts they feed. Words
handed over come from the game's catalogue (words/<lang>.yaml) in the build's language; numbers
are handed over as numbers, so the sheet prints them with the language's marks.
"""
from __future__ import annotations

from pathlib import Path

from pnp.load.errors import DataErrors
from pnp.load.words import ENGINE, Words
from pnp.games.ordnerstruktur.model import (ACCOUNTS, CANONICAL, MAX_NAME, MAX_SUBFOLDER, NUMBERED, PAIRS, PEOPLES,
                                           SUBFOLDERS, TOTAL, VARIANTS, moves)

STRUCTURES = "structures"
WORDS = Words.beside(__file__)
TEXT = WORDS.section("look")
#: the tint of a tile's front: its first people's colour, lightened (the name is printed too)
TINT = {"Stadt": "#e2e9f4", "Wald": "#e0f0e5", "Wüste": "#f8eed9", "Höhle": "#ede5df"}


def t(lang: str, key: str):
    return TEXT[lang][key]


def num(n: int, lang: str) -> str:
    """Thousands grouped the language's way: 6.291.456 (de), 6,291,456 (en)."""
    return f"{n:,}".replace(",", ENGINE(lang, "number.thousands"))


def structure_files(game) -> list[Path]:
    return sorted((game.folder / STRUCTURES).glob("*.yaml"))


def load_all(game) -> list:
    """(file stem, structure) of every structure file; every problem of every file at once."""
    from pnp.games.ordnerstruktur.structure import load_structure

    out, problems = [], []
    for p in structure_files(game):
        try:
            out.append((p.stem, load_structure(p)))
        except DataErrors as exc:
            problems += exc.problems
    if problems:
        raise DataErrors(problems)
    return out


def _heads(names, lang: str, sums=None) -> dict:
    """The two rows above the matrix: the sums (the total, then each name's; empty to write in when
    ``sums`` is None) and the heads (Summe, Unterordner, the names; with the rules' limits when blank)."""
    blank = sums is None
    top = {"a": TOTAL, "b": "Σ", **{f"c{j}": "" if blank else sums[j] for j in range(len(names))}}
    limit = (lambda text, n: f"{text} ≤ {n}") if blank else (lambda text, n: text)
    head = {"a": limit(t(lang, "sum"), MAX_SUBFOLDER), "b": t(lang, "subfolder"),
            **{f"c{j}": limit(n, MAX_NAME) for j, n in enumerate(names)}}
    return {"sums": [top], "names": [head]}


def _matrix_rows(names, rows=None, empty: str = "") -> list[dict]:
    """Subfolders 1..11: the row's sum (empty to write in; a dash for 11, which holds no number), its
    number and its cells c0, c1 ... (``empty`` in subfolder 11's: what the design form says there)."""
    out = []
    for r in range(1, SUBFOLDERS + 1):
        numbered = r <= NUMBERED
        row = {"subfolder": r, "sum": (sum(rows[r - 1]) if rows is not None else "") if numbered else "–"}
        row.update({f"c{j}": "" if numbered else empty for j in range(len(names))})
        out.append(row)
    return out


def mats(game, opts) -> list[dict]:
    """Per variant a design form and a blank mat, per structure its play mat: the 11 x names matrix
    with the sums the active player may see (above the names, left of the subfolders)."""
    lang = opts.lang
    out = []
    for v in VARIANTS:
        names = CANONICAL[v]
        for part in ("design", "blank"):
            heading = (f"{t(lang, 'design')} ({t(lang, 'variant')[v]})" if part == "design" else
                       f"{t(lang, 'mat')} ({t(lang, 'blank')}, {t(lang, 'variant')[v]})")
            out.append({"asset": f"entwurf-{v}" if part == "design" else f"leer-{v}-matte", "part": part,
                        "heading": heading,
                        "variant": v, "variant_name": t(lang, "variant")[v], "title": "", "author": "",
                        **_heads(names, lang),
                        "rows": _matrix_rows(names, None, t(lang, "no_number") if part == "design" else "")})
    for stem, s in load_all(game):
        out.append({"asset": f"{stem}-matte", "part": "mat", "variant": s.variant,
                    "heading": f"{t(lang, 'mat')}: {s.title}",
                    "variant_name": t(lang, "variant")[s.variant], "title": s.title, "author": s.author,
                    **_heads(s.names, lang, s.column_sums), "rows": _matrix_rows(s.names, s.rows)})
    return out


def _tile(asset: str, heading: str, subfolder: int, name: str, points: "int | None", blank: bool) -> dict:
    return {"asset": asset, "heading": heading, "subfolder": subfolder, "name": name,
            "numbered": subfolder <= NUMBERED, "points": "" if points is None else points, "blank": blank,
            "tint": TINT[name.split(" ")[0]]}


def tiles(variant: str):
    """A source of the tiles of one variant: every file of every shipped structure (subfolder and name
    on the front, its Machtpunkte on the back), then every tile of the variant with a blank back."""
    def source(game, opts) -> list[dict]:
        lang = opts.lang
        out = []
        for stem, s in load_all(game):
            if s.variant != variant:
                continue
            heading = f"{t(lang, 'tiles')}: {s.title}"
            for r in range(1, SUBFOLDERS + 1):
                for name in s.names:
                    out.append(_tile(f"{stem}-plaettchen", heading, r, name,
                                     s.points(r, name) if r <= NUMBERED else None, False))
        heading = f"{t(lang, 'tiles')} ({t(lang, 'blank')}, {t(lang, 'variant')[variant]})"
        out += [_tile(f"leer-{variant}-plaettchen", heading, r, name, None, True)
                for r in range(1, SUBFOLDERS + 1) for name in CANONICAL[variant]]
        return out
    source.__doc__ = tiles.__doc__
    return source


def _move_words(variant: str, frm: str, to: str) -> tuple[str, str]:
    if variant == "paare":
        p, q = set(frm.split()), set(to.split())
        return (p - q).pop(), (q - p).pop()
    return frm, to


def variants(game, opts) -> list[dict]:
    """Per variant: the accounts, and from each name the moves allowed, the account each feeds and the
    names barred; per account the moves that feed it (both ways)."""
    lang = opts.lang
    out = []
    for v in VARIANTS:
        mv = moves(v)
        blocks: dict = {}  # per name i: f<i> the name, m<i> its moves, b<i> the names barred from it
        for i, frm in enumerate(mv.names):
            allowed = [mv.names[j] for j in mv.nxt[i]]
            blocks[f"f{i}"] = frm
            blocks[f"b{i}"] = ", ".join(n for n in mv.names if n not in allowed)
            blocks[f"m{i}"] = [{"to": mv.names[j], "account": ACCOUNTS[a],
                                "change": t(lang, "drop_add").format(a=_move_words(v, frm, mv.names[j])[0],
                                                                     b=_move_words(v, frm, mv.names[j])[1])
                                if v == "paare" else ""}
                               for j, a in zip(mv.nxt[i], mv.acc[i])]
        for i in range(len(mv.names), len(CANONICAL["paare"])):  # the blocks a smaller variant leaves out
            blocks.update({f"f{i}": "", f"b{i}": "", f"m{i}": []})
        feeds = []
        for a, name in enumerate(ACCOUNTS):
            pairs = [f"{frm} ↔ {mv.names[j]}" for n_i, frm in enumerate(mv.names)
                     for j, acc in zip(mv.nxt[n_i], mv.acc[n_i]) if acc == a and n_i < j]
            feeds.append({"account": name, "moves": ";  ".join(pairs)})
        out.append({"variant": v, "variant_name": t(lang, "variant")[v], "language": lang,
                    "accounts": [{"account": name} for name in ACCOUNTS], "feeds": feeds, "names": len(mv.names), **blocks,
                    "subfolders": SUBFOLDERS, "numbered": NUMBERED})
    return out


def solution_of(structure, sol=None) -> dict:
    """The exhaustive solution of one structure (``sol``, or solved here) as plain numbers and rows."""
    from pnp.games.ordnerstruktur.scoring import score_path
    from pnp.games.ordnerstruktur.solver import solve_structure

    sol = sol if sol is not None else solve_structure(structure)
    r = score_path(structure, sol.best_path)
    path = [{"subfolder": e.subfolder, "file": e.name, "points": e.points, "next": e.next_name,
             "account": ACCOUNTS[e.account]} for e in r.entries]
    path.append({"subfolder": SUBFOLDERS, "file": sol.best_path[-1], "points": None, "next": "", "account": ""})
    accounts = [{"account": name, "sum": "–" if r.sums[i] is None else r.sums[i], "struck": "✗" if i in r.struck else "",
                 "counts": None if (i in r.struck or r.sums[i] is None) else r.sums[i]}
                for i, name in enumerate(ACCOUNTS)]
    scores = [{"score": k, "count": sol.histogram.get(k, 0), "kind": "best" if k == sol.best else "other"}
              for k in range(max(sol.histogram) + 1)]
    return {"paths": sol.paths, "best": sol.best, "optimal": sol.optimal_paths, "mean": round(sol.mean, 6),
            "score": r.score, "path": path, "accounts": accounts, "scores": scores}


def solution_record(stem: str, structure, lang: str, sol=None) -> dict:
    """What the solution sheet and the chart print of one structure, its words in ``lang``."""
    record = solution_of(structure, sol)
    for bar in record["scores"]:
        bar["note"] = (f"{t(lang, 'best')} {record['best']} · {num(record['optimal'], lang)}×"
                       if bar["kind"] == "best" else "")
    return {"structure": stem, "title": structure.title, "author": structure.author, **record}


def solutions(game, opts) -> list[dict]:
    """Per structure its solution: best score, a best path and its accounts, paths per score."""
    return [solution_record(stem, s, opts.lang) for stem, s in load_all(game)]


def charts(game, opts) -> list[dict]:
    """The score charts the build prints: none (`pnp ordner solve --histogram` draws one per command)."""
    return []


__all__ = ["PAIRS", "PEOPLES", "charts", "load_all", "mats", "num", "solution_of", "solution_record", "solutions", "structure_files", "t",
           "tiles", "variants"]
