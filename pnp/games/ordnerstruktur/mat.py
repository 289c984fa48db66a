"""The 11 x names matrix as the seed's screen shows it: the play mat and the design form.

Column heads are the file names with their sums above them; row heads are
the subfolders 1-11 with their sums to their left (seed: "Die Umsetzung des
Spiels"). On the mat each cell is exactly one file tile; on the design form
each cell is a box for the passive player's number.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.impose.layout import document_page
from pnp.scene import Group, Page, Path, Rect, Text, translate
from pnp.scene import style as mkstyle
from pnp.games.ordnerstruktur.look import GRID, INK, SHADE, THIN, TOTAL_FILL, boxed, chips, peoples_in, t
from pnp.games.ordnerstruktur.model import CANONICAL, MAX_NAME, MAX_SUBFOLDER, NUMBERED, SUBFOLDERS, TOTAL
from pnp.games.ordnerstruktur.structure import Structure

SUM_W = 14.0  # row-sum column
HEAD_W = 14.0  # subfolder number column ("Unterordner" at 6 pt)
SUM_H = 7.0  # column-sum row
HEAD_H = 11.0  # name head row

#: tile (= mat cell) size per variant, mm
TILE = {"paare": (38.0, 13.5), "voelker": (50.0, 13.5)}  # fits A4 and Letter landscape


@dataclass(frozen=True)
class MatrixGeometry:
    n: int
    cell_w: float
    cell_h: float

    @property
    def x0(self) -> float:
        return SUM_W + HEAD_W

    @property
    def y0(self) -> float:
        return SUM_H + HEAD_H

    @property
    def width(self) -> float:
        return self.x0 + self.n * self.cell_w

    @property
    def height(self) -> float:
        return self.y0 + SUBFOLDERS * self.cell_h

    def cell(self, row: int, col: int) -> tuple[float, float]:
        """Top-left of the cell of subfolder ``row`` (1-based) and column ``col`` (0-based)."""
        return self.x0 + col * self.cell_w, self.y0 + (row - 1) * self.cell_h


def matrix(names: tuple[str, ...], cell_w: float, cell_h: float, lang: str, *, structure: Structure | None,
           design: bool) -> tuple[Group, MatrixGeometry]:
    """The matrix in its own coordinates (0, 0 top-left); sums printed when a structure is given."""
    geo = MatrixGeometry(len(names), cell_w, cell_h)
    g = Group(id="matrix")
    sum_style = mkstyle(fill="white", stroke="#404040", width=0.3)
    # corner: total
    g.add(Rect(0.5, 0.5, SUM_W - 1, SUM_H - 1, mkstyle(fill=TOTAL_FILL, stroke="#404040", width=0.3), radius=1))
    g.add(boxed(0.5, 0.5, SUM_W - 1, SUM_H - 1, str(TOTAL) if structure else "200", size=9, weight="bold"))
    g.add(boxed(SUM_W, 0, HEAD_W, SUM_H, "Σ", size=9, weight="bold"))
    g.add(boxed(0, SUM_H, SUM_W, HEAD_H, t(lang, "sum"), size=6.5))
    g.add(boxed(SUM_W, SUM_H, HEAD_W, HEAD_H, t(lang, "subfolder"), size=6))
    # column heads and sums
    col_sums = structure.column_sums if structure else None
    for j, name in enumerate(names):
        x = geo.x0 + j * cell_w
        g.add(Rect(x + 1, 0.5, cell_w - 2, SUM_H - 1, sum_style, radius=1))
        g.add(boxed(x + 1, 0.5, cell_w - 2, SUM_H - 1, str(col_sums[j]) if col_sums else "", size=10,
                    weight="bold"))
        if design:
            g.add(Text(x + cell_w - 2, SUM_H - 1.6, f"≤ {MAX_NAME}", size=6, anchor="end", fill=INK))
        ps = peoples_in(name)
        g.add(chips(x + cell_w / 2 - (len(ps) * 3.4 - 0.8) / 2, SUM_H + 1.2, ps))
        g.add(boxed(x, SUM_H + 4.2, cell_w, HEAD_H - 4.6, name, size=9, weight="bold"))
    # rows
    row_sums = structure.row_sums if structure else None
    for r in range(1, SUBFOLDERS + 1):
        y = geo.y0 + (r - 1) * cell_h
        numbered = r <= NUMBERED
        g.add(Rect(1, y + 1, SUM_W - 2, cell_h - 2, sum_style if numbered else mkstyle(fill=SHADE, stroke=None),
                   radius=1))
        if row_sums and numbered:
            g.add(boxed(1, y + 1, SUM_W - 2, cell_h - 2, str(row_sums[r - 1]), size=10, weight="bold"))
        elif not numbered:
            g.add(boxed(1, y + 1, SUM_W - 2, cell_h - 2, "–", size=10))
        elif design:
            g.add(Text(SUM_W - 2, y + cell_h - 1.8, f"≤ {MAX_SUBFOLDER}", size=6, anchor="end", fill=INK))
        g.add(boxed(SUM_W, y, HEAD_W, cell_h, str(r), size=12, weight="bold"))
        for j, name in enumerate(names):
            x = geo.x0 + j * cell_w
            if not numbered:
                g.add(Rect(x, y, cell_w, cell_h, mkstyle(fill=SHADE, stroke=None)))
            if design and not numbered:
                g.add(boxed(x, y, cell_w, cell_h, t(lang, "no_number"), size=7, fill=INK))
            elif not design:
                g.add(boxed(x, y, cell_w, cell_h, f"{r} · {name}", size=6.5,
                            fill=mkstyle(fill="#b0b0b0").fill))
    # grid lines over the cells
    lines = Path(style=GRID)
    for j in range(len(names) + 1):
        x = geo.x0 + j * cell_w
        lines.move(x, SUM_H).line(x, geo.height)
    for r in range(SUBFOLDERS + 1):
        y = geo.y0 + r * cell_h
        lines.move(SUM_W, y).line(geo.width, y)
    lines.move(SUM_W, SUM_H).line(geo.width, SUM_H)
    lines.move(SUM_W, SUM_H).line(SUM_W, geo.height)
    g.add(lines)
    return g, geo


def fields_row(x: float, y: float, w: float, labels: list[str], values: list[str] | None = None) -> Group:
    """A row of 'label: ______' fields across width w."""
    g = Group()
    each = w / len(labels)
    for k, lab in enumerate(labels):
        fx = x + k * each
        g.add(Text(fx, y, f"{lab}:", size=9, fill=INK))
        g.add(Path(style=THIN).move(fx + 16, y + 1).line(fx + each - 6, y + 1))
        if values and values[k]:
            g.add(Text(fx + 17, y - 0.3, values[k], size=9, weight="bold", fill=INK))
    return g


def _place(page: Page, content: Group, geo: MatrixGeometry, box, top_pad: float = 0.0) -> None:
    dx = box.x + (box.w - geo.width) / 2
    page.content.add(Group([content], transform=translate(dx, box.y + top_pad)))


def design_form(variant: str, lang: str, paper: str = "a4") -> Page:
    """Blank grid for the passive player, with sum boxes and the limits."""
    names = CANONICAL[variant]
    cw = {"paare": 36.0, "voelker": 46.0}[variant]
    page, box = document_page(paper, "landscape", 8.0, f"{t(lang, 'design')} — {t(lang, 'variant')[variant]}",
                              "Ordnerstruktur · Tobias Thulke")
    page.content.add(fields_row(box.x, box.y + 3, box.w, [t(lang, "title_field"), t(lang, "author_field")]))
    page.content.add(Text(box.x, box.y + 6, t(lang, "limits"), size=7.5, fill=INK, box=(box.w, 8), shrink=True,
                          valign="middle", anchor="middle"))
    avail_h = box.h - 15
    ch = min(13.0, (avail_h - SUM_H - HEAD_H) / SUBFOLDERS)
    g, geo = matrix(names, cw, ch, lang, structure=None, design=True)
    _place(page, g, geo, box, 15)
    page.label = f"entwurf-{variant}"
    return page


def play_mat(structure: Structure, lang: str, paper: str = "a4") -> Page:
    """The structure's mat: public sums printed, one cell per file tile (cells = tile size)."""
    cw, ch = TILE[structure.variant]
    page, box = document_page(paper, "landscape", 8.0, f"{t(lang, 'mat')}: {structure.title}",
                              f"{structure.author} · Ordnerstruktur · Tobias Thulke")
    _mat_on_page(page, box, matrix(structure.names, cw, ch, lang, structure=structure, design=False),
                 t(lang, "mat_hint"))
    page.label = "matte"
    return page


def _mat_on_page(page: Page, box, mat, hint: str) -> None:
    """Centre a mat (group, geometry) under a one-line hint; a mat that does not fit is an error."""
    g, geo = mat
    if geo.height + 5 > box.h or geo.width > box.w:
        raise ValueError(f"the mat needs {geo.width:.0f} x {geo.height + 5:.0f} mm; the page leaves "
                         f"{box.w:.0f} x {box.h:.0f} mm")
    page.content.add(Text(box.x, box.y - 1, hint, size=7, fill=INK, box=(box.w, 4.5),
                          shrink=True, wrap=False, valign="middle", anchor="middle"))
    _place(page, g, geo, box, 4.5)


def blank_mat(variant: str, lang: str, paper: str = "a4") -> Page:
    """A play mat for a structure designed by hand: cells the size of the tiles, empty sum
    boxes to write in, and the limits the rules set printed on it."""
    cw, ch = TILE[variant]
    page, box = document_page(paper, "landscape", 8.0, f"{t(lang, 'mat')} ({t(lang, 'blank')}) — "
                              f"{t(lang, 'variant')[variant]}", "Ordnerstruktur · Tobias Thulke")
    _mat_on_page(page, box, matrix(CANONICAL[variant], cw, ch, lang, structure=None, design=True),
                 t(lang, "limits"))
    page.label = f"leere-matte-{variant}"
    return page
