"""`pnp new NAME`: a starter game folder that builds as it is.

It holds one deck with one card type, the symbol that card shows, and a
small board, each a data kind the engine renders without any Python, so a
designer can copy entries and build on them.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.load.errors import DataErrors, Problem
from pnp.load.paths import PICTURE_SUFFIXES

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")

FILES = {
    "game.yaml": """\
# A game is a folder with this file. `rules:` may name a Python module with
# build(game, opts) and check(game, state=None); without it the engine builds
# every YAML file below that declares a `kind:`.
name: {name}
title: {{de: "{title}", en: "{title}"}}
description: {{de: "Ein neues Spiel", en: "A new game"}}
# The language the game prints in: texts given per language show this one, words are
# hyphenated by its rules, and pnp's own words (backs, sheet labels) are in it.
# Every command uses it unless you give --lang.
lang: en
""",
    "symbols.yaml": """\
# Symbols are drawn in a 100 x 100 box from reusable parts (see `pnp schema`).
kind: symbols
title: {{de: Symbole, en: Symbols}}
symbols:
  - id: pfeil
    name: {{de: Pfeil, en: arrow}}
    parts:
      - {{type: arrow, direction: right, length: 80, width: 13, head: 30}}
""",
    "deck.yaml": """\
# One deck; add card types under `cards:` (copies, cost, symbol, text).
kind: deck
name: deck
title: {{de: "{title} – Karten", en: "{title} – cards"}}
card: poker
categories:
  - {{id: aktion, name: {{de: Aktion, en: Action}}, colour: "#2471a3", mark: circle}}
cards:
  - id: weiter
    name: {{de: Weiter, en: Onwards}}
    category: aktion
    copies: 3
    cost: 1
    symbol: pfeil
    text: {{de: "Gehe ein Feld weiter.", en: "Move one square on."}}
back:
  title: "{title}"
""",
    "board.yaml": """\
# A square board; name squares like chess squares (a1 at the bottom left).
kind: board
name: board
title: {{de: "{title} – Brett", en: "{title} – board"}}
files: 5
ranks: 5
square_mm: 30
pieces:
  - {{id: figur, name: {{de: Figur, en: figure}}, label: "1", shape: figure, colour: "#c0392b"}}
marks:
  - {{id: ziel, at: e5, label: Z, name: {{de: Ziel, en: goal}}}}
objects:
  - {{piece: figur, at: a1}}
""",
}


def _new_folder(name: str, data_dir: Path) -> Path:
    if not _NAME.match(name):
        raise DataErrors([Problem("NAME", 0, 0, f"{name!r} is not a usable game name: use lower-case letters, "
                                  "digits and dashes, starting with a letter or digit")])
    folder = Path(data_dir) / name
    if folder.exists():
        raise DataErrors([Problem(str(folder), 0, 0, "already exists; choose another name or delete it first")])
    folder.mkdir(parents=True)
    return folder


def scaffold(name: str, data_dir: Path) -> Path:
    """Create ``data_dir/name`` with the starter files; refuse to overwrite."""
    folder = _new_folder(name, data_dir)
    title = name.replace("-", " ").title()
    for fname, text in FILES.items():
        (folder / fname).write_text(text.format(name=name, title=title), encoding="utf-8")
    return folder


# ------------------------------------------------------------------ from a spreadsheet



def _ident(header: str, taken: set[str]) -> str:
    s = header.strip().lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        s = s.replace(a, b)
    s = re.sub(r"[^a-z0-9]+", "_", s).strip("_") or "field"
    if s[0].isdigit():
        s = "f_" + s
    name, n = s, 2
    while name in taken:
        name, n = f"{s}_{n}", n + 1
    taken.add(name)
    return name


def _number(v: str) -> float | None:
    try:
        return float(v.replace(",", "."))
    except ValueError:
        return None


def infer_type(name: str, values: list[str]) -> str:
    """A field declaration that every value of the column satisfies."""
    filled = [v.strip() for v in values if v.strip()]
    opt = "?" if len(filled) < len(values) else ""
    if not filled:
        return "text?"
    maybe = [_number(v) for v in filled]
    nums = [n for n in maybe if n is not None]
    if len(nums) == len(maybe):
        if all(n.is_integer() for n in nums):
            lo, hi = int(min(nums)), int(max(nums))
            if name == "copies":
                return f"integer 1..{max(hi, 20)} = 1"
            return f"integer {min(lo, 0)}..{max(hi, 9)}{opt}"
        return f"number {min(min(nums), 0):g}..{max(nums) * 2:g}{opt}"
    if all(v.lower().endswith(PICTURE_SUFFIXES) for v in filled):
        return f"image{opt}"
    distinct = sorted(set(filled))
    if len(distinct) <= 8 and len(filled) >= 2 * len(distinct) and all(re.fullmatch(r"[^|=?]{1,24}", v)
                                                                       for v in distinct):
        return f"choice {'|'.join(distinct)}{opt}"
    return f"text{opt}"


def _layout(fields: dict[str, str], headers: dict[str, str]) -> str:
    """A first layout that shows every field: the first text as the title, a picture if
    there is one, a choice as a coloured band, the rest as labelled lines."""
    texts = [f for f, d in fields.items() if d.startswith("text")]
    title = texts[0] if texts else next(iter(fields))
    image = next((f for f, d in fields.items() if d.startswith("image")), None)
    band = next((f for f, d in fields.items() if d.startswith("choice")), None)
    rest = [f for f in fields if f not in (title, image, band, "copies")]
    lines = ["# A first layout that shows every column; change it freely (docs/layouts.md lists every element).",
             "kind: layout", "size: poker", "safe: 3", "fields:"]
    lines += [f"  {f}: {d}" for f, d in fields.items()]
    if band:
        palette = ["#2471a3", "#b9770e", "#1e8449", "#884ea0", "#a93226", "#138d75", "#5d6d7e", "#7d6608"]
        choices = fields[band].split(" ", 1)[1].rstrip("?").split("|")
        lines += ["tables:", "  colour: {" + ", ".join(f'"{c}": "{palette[i % 8]}"' for i, c in enumerate(choices))
                  + ', default: "#5d6d7e"}']
    lines += ["elements:", '  - {type: rect, frame: bleed, fill: "#fbf8ef"}']
    if band:
        lines += [f'  - {{type: rect, x: -10, y: -10, w: "100% + 20", h: 26, fill: "{{colour[{band}]}}"}}',
                  f'  - {{type: text, frame: safe, at: top-right, anchor: top-right, w: 30, h: 6, text: "{{{band}}}", '
                  'size: 8, align: right, valign: middle, colour: white, weight: bold}']
    lines.append(f'  - {{type: text, frame: safe, y: 4, w: "100% - 30", h: 8, text: "{{{title}}}", size: 13, weight: bold, '
                 f'valign: middle{", colour: white" if band else ""}}}')
    y = 16
    if image:
        lines.append(f'  - {{type: image, frame: safe, y: {y}, h: 34, src: "{{{image}}}", fit: contain}}')
        y += 36
    body = "\\n".join(f"**{headers[f]}:** {{{f}}}" for f in rest)
    if body:
        lines.append(f'  - {{type: textbox, frame: safe, y: {y}, h: "100% - {y + 2}", text: "{body}", size: 8, '
                     'valign: top}')
    return "\n".join(lines) + "\n"


def scaffold_from_table(name: str, data_dir: Path, table: Path) -> Path:
    """A game folder built around the user's spreadsheet: columns become fields, a first
    layout shows them all, the pictures it names are copied along."""
    import shutil

    table = Path(table)
    rows = _table_rows(table)
    idents, fields, headers, columns = _columns(rows)
    folder = _new_folder(name, data_dir)
    title = name.replace("-", " ").title()
    (folder / "game.yaml").write_text(FILES["game.yaml"].format(name=name, title=title), encoding="utf-8")
    target = f"cards{table.suffix.lower()}"
    shutil.copyfile(table, folder / target)
    _copy_pictures(rows, idents, fields, table.parent, folder)
    _copy_symbol_libraries(table.parent, folder)
    (folder / "deck.yaml").write_text(_deck(title, target, columns), encoding="utf-8")
    (folder / "card.yaml").write_text(_layout(fields, headers), encoding="utf-8")
    return folder


Rows = list[tuple[int, list[str]]]  # (row number, its cells as text) of the rows that hold anything


def _table_rows(table: Path) -> Rows:
    """The spreadsheet's non-empty rows, cells as text; at least a header and one card row."""
    from pnp.layout.tables import table_rows

    rows = [(n, [("" if c is None else str(c)) for c in cells]) for n, cells in table_rows(table)
            if any(str(c).strip() for c in cells if c is not None)]
    if len(rows) < 2:
        raise DataErrors([Problem(str(table), 1, 0, "expected a header row and at least one card row")])
    return rows


def _columns(rows: Rows) -> tuple[list[str | None], dict[str, str], dict[str, str], dict[str, str]]:
    """Each column's field name (None: no header), the fields' declarations, their headers, and the
    headers that differ from their field names (the deck's ``columns:``)."""
    header = rows[0][1]
    taken: set[str] = set()
    idents = [_ident(h, taken) if h.strip() else None for h in header]
    fields: dict[str, str] = {}
    headers: dict[str, str] = {}
    columns: dict[str, str] = {}
    for i, (h, f) in enumerate(zip(header, idents)):
        if f is None:
            continue
        values = [cells[i] if i < len(cells) else "" for _, cells in rows[1:]]
        fields[f] = infer_type(f, values)
        headers[f] = h.strip()
        if h.strip() != f:
            columns[h.strip()] = f
    return idents, fields, headers, columns


def _copy_pictures(rows: Rows, idents: list[str | None], fields: dict[str, str], src_dir: Path,
                   folder: Path) -> None:
    """Copy the pictures the image columns name, from beside the sheet."""
    import shutil

    for f, d in fields.items():
        if d.startswith("image"):
            i = idents.index(f)
            for _, cells in rows[1:]:
                rel = cells[i].strip() if i < len(cells) else ""
                src = src_dir / rel
                if rel and src.is_file() and not (folder / rel).exists():
                    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(src, folder / rel)


def _copy_symbol_libraries(src_dir: Path, folder: Path) -> None:
    """Copy the symbol libraries beside the sheet: icons the texts use (:coin:) live there."""
    import shutil

    for lib in sorted(src_dir.glob("*.yaml")):
        if re.search(r"(?m)^kind:\s*symbols\s*$", lib.read_text(encoding="utf-8", errors="replace")):
            shutil.copyfile(lib, folder / lib.name)


def _deck(title: str, target: str, columns: dict[str, str]) -> str:
    """deck.yaml: the rows of the copied sheet, drawn by card.yaml."""
    deck = [f"# The cards are the rows of {target}; their look is card.yaml.", "kind: deck", "name: deck",
            f'title: {{de: "{title} – Karten", en: "{title} – cards"}}', "card: poker", "layout: card.yaml",
            f"cards: {target}"]
    if columns:
        deck.append("columns:")
        deck += [f'  "{h}": {f}' for h, f in columns.items()]
    deck.append(f'back: {{title: "{title}"}}')
    return "\n".join(deck) + "\n"
