"""The Clouded Klin Zha checker: board, cloud layouts and (optionally) a position."""
from __future__ import annotations


from ...checks import Finding
from ...components.trigrid import Cell, TriGrid
from ...data.loader import locate
from .schemas import Position, VariantRules
from .sky import Layout, cloud_cells, resolve, steps

SIDES = ("green", "gold")


class Checker:
    def __init__(self, g: TriGrid, rules: VariantRules, seed: str):
        self.g, self.rules, self.seed = g, rules, seed
        self.out: list[Finding] = []
        self.corners, self.half = g.regions()
        self.corner_of = {c: t for t, cs in self.corners.items() for c in cs}
        self.layout_names: dict[str, Layout] | None = None

    def add(self, rule, message, obj="", where="", severity="error"):
        self.out.append(Finding(rule, message, self.seed, obj, severity, where))

    # ------------------------------------------------------------ board
    def board(self, size: int, file: str) -> None:
        if size != 9:
            self.add("board.size", f"a Klin Zha board has 9 cells per side (81 cells); this one has {size}",
                     "board", file)

    def tokens(self, sheet, file: str) -> None:
        """The printed token sheet must hold every piece of both sides (and neutrals)."""
        groups = [g.id for g in sheet.groups]
        for side in SIDES:
            if side not in groups:
                self.add("tokens.sides", f"the token sheet has no group {side!r}", "tokens", file)
        by_id = {c.id: c for c in sheet.counters}
        for p in self.rules.pieces:
            c = by_id.get(p.id)
            if c is None:
                self.add("tokens.count", f"no token for {p.id!r}; each side needs {p.count}", "tokens", file)
                continue
            sides = groups if c.groups == "all" else (c.groups or [])
            for side in SIDES:
                if side in sides and c.count != p.count:
                    self.add("tokens.count", f"{side} {p.id}: {c.count} token(s) printed, a side has {p.count}",
                             "tokens", file)
                elif side not in sides:
                    self.add("tokens.count", f"no {side} token for {p.id!r}", "tokens", file)
        neutral = by_id.get("neutral")
        if self.rules.neutral_tokens and (neutral is None or neutral.count < self.rules.neutral_tokens):
            self.add("tokens.neutral", f"the umpire needs {self.rules.neutral_tokens} neutral tokens per colour "
                     "for pieces at cloud edges", "tokens", file, "warning")

    # ------------------------------------------------------------ layouts
    def layout(self, lay: Layout) -> None:
        g, m = self.g, lay.model
        names = [c.name for c in m.clouds]
        for i, n in enumerate(names):
            if names.index(n) != i:
                self.add("layout.cloud-name", f"cloud name {n!r} is used twice", lay.name, lay.where("clouds", i, "name"))
        owner: dict[Cell, str] = {}
        for i, cloud in enumerate(m.clouds):
            cells, bad = cloud_cells(g, cloud.cells)
            for b in bad:
                j = cloud.cells.index(b)
                self.add("layout.cell-name", f"cloud {cloud.name!r}: {b!r} is not a cell of the board "
                         "(row letter A-I, then L and R, e.g. A19, I55)", lay.name, lay.where("clouds", i, "cells", j))
            for c in cells:
                if c in owner:
                    j = cloud.cells.index(g.name(c)) if cloud.cells != "all" else 0
                    self.add("layout.classified-once", f"{g.name(c)} is under both {owner[c]!r} and {cloud.name!r}; "
                             "every cell must have exactly one class", lay.name, lay.where("clouds", i, "cells", j))
                owner.setdefault(c, cloud.name)
        if m.edges == "listed":
            seen: set[Cell] = set()
            for j, n in enumerate(m.edge_cells):
                where = lay.where("edge_cells", j)
                if not g.is_name(n):
                    self.add("layout.cell-name", f"edge cell {n!r} is not a cell of the board", lay.name, where)
                    continue
                c = g.cell(n)
                if c in seen:
                    self.add("layout.classified-once", f"edge cell {n} is listed twice", lay.name, where)
                seen.add(c)
                if c in owner:
                    self.add("layout.classified-once", f"{n} is listed as a cloud edge but lies under cloud "
                             f"{owner[c]!r}", lay.name, where)
                elif not (set(g.corner_neighbours(c)) & set(owner)):
                    self.add("layout.edge-touches", f"edge cell {n} touches no cloud cell (neither by edge nor "
                             "corner); the seed's edge cells are half covered by a cloud", lay.name, where,
                             "warning")
        elif m.edge_cells:
            self.add("layout.edge-cells", f"edge_cells are listed but edges: {m.edges} derives them; "
                     "set edges: listed or drop the list", lay.name, lay.where("edge_cells"), "warning")
        if m.moving:
            for k, d in enumerate(m.moving.drift):
                if d.cloud not in names:
                    self.add("layout.moving", f"drift names cloud {d.cloud!r}, which the layout does not have "
                             f"(clouds: {', '.join(names)})", lay.name, lay.where("moving", "drift", k, "cloud"))
            if m.edges == "listed":
                self.add("layout.moving", "moving clouds need derived edges (edges: by-edge or by-corner); "
                         "listed edge cells cannot follow the clouds", lay.name, lay.where("edges"))
        self.limit(lay)

    def limit(self, lay: Layout) -> None:
        lim = self.rules.under_cloud_limit
        if lay.name in lim.exempt_layouts:
            return
        for step in range(steps(lay.model)):
            sky = resolve(self.g, lay.model, step)
            counts = {t: 0 for t in self.corners}
            for c in sky.under:
                if c in self.corner_of:
                    counts[self.corner_of[c]] += 1
            for tip, n in counts.items():
                if n >= lim.per_corner_fewer_than:
                    at = f" after move {step}" if step else ""
                    self.add("layout.corner-limit",
                             f"corner {tip}: {n} cells fully under cloud{at}; the limit is fewer than "
                             f"{lim.per_corner_fewer_than} per corner ({lim.source})", lay.name,
                             lay.where("clouds"))

    # ------------------------------------------------------------ positions
    def position(self, pos: Position, raw, file: str) -> None:
        g = self.g

        def where(*loc):
            line, col = locate(raw, loc)
            return f"{file}:{line}:{col}"

        if self.layout_names is not None and pos.layout is not None:
            if pos.layout not in self.layout_names:
                self.add("position.layout", f"no cloud layout {pos.layout!r} in clouds/ (have "
                         f"{', '.join(self.layout_names)})", "position", where("layout"))
            else:
                lay = self.layout_names[pos.layout]
                if pos.step >= steps(lay.model):
                    self.add("position.layout", f"layout {pos.layout!r} has steps 0..{steps(lay.model) - 1}, "
                             f"not {pos.step}", "position", where("step"))
        pieces = {p.id: p for p in self.rules.pieces}
        allow_half = self.rules.setup.allow_half_spaces if pos.allow_half_spaces is None else pos.allow_half_spaces
        occupied: dict[Cell, str] = {}
        side_corner: dict[str, set[str]] = {}
        for side in SIDES:
            placed: dict = getattr(pos, side)
            corners_used: set[str] = set()
            for pid, val in placed.items():
                cells = [val] if isinstance(val, str) else list(val)
                if pid not in pieces:
                    self.add("position.piece", f"{side}: unknown piece {pid!r}; expected one of "
                             f"{', '.join(pieces)}", side, where(side, pid))
                    continue
                want = pieces[pid].count
                if len(cells) > want or (pos.phase == "setup" and len(cells) != want):
                    self.add("position.count", f"{side} has {len(cells)} {pid}(s) on the board; a side has "
                             f"{want}", side, where(side, pid))
                for j, n in enumerate(cells):
                    loc = (side, pid) if isinstance(val, str) else (side, pid, j)
                    if not g.is_name(n):
                        self.add("position.cell-name", f"{side} {pid}: {n!r} is not a cell of the board",
                                 side, where(*loc))
                        continue
                    c = g.cell(n)
                    if c in occupied:
                        self.add("position.one-per-cell", f"{n} holds both {occupied[c]} and {side} {pid}; "
                                 "only one piece may stand on a cell", side, where(*loc))
                    occupied.setdefault(c, f"{side} {pid}")
                    if pos.phase == "setup":
                        if c in self.half:
                            if not allow_half:
                                self.add("position.half-space", f"{side} {pid} on {n}: half-space cells "
                                         "(cut by the centre lines) are not part of any corner at setup",
                                         side, where(*loc))
                        elif c in self.corner_of:
                            corners_used.add(self.corner_of[c])
            if pos.phase == "setup":
                missing = [p.id for p in self.rules.pieces if p.id not in placed]
                if missing:
                    self.add("position.count", f"{side} has not placed: {', '.join(missing)}", side, where(side))
                if len(corners_used) > 1:
                    self.add("position.one-corner", f"{side} stands in {len(corners_used)} corners "
                             f"({', '.join(sorted(corners_used))}); a side sets up inside one corner", side,
                             where(side))
            side_corner[side] = corners_used
        if pos.phase == "setup" and side_corner.get("green") and side_corner["green"] == side_corner.get("gold"):
            self.add("position.one-corner", f"both sides set up in corner {', '.join(side_corner['green'])}; "
                     "the second player takes one of the remaining corners", "setup", where())


def run(g: TriGrid, rules: VariantRules, seed: str, layouts: list[Layout], board_size: int, board_file: str,
        position: tuple | None = None, tokens: tuple | None = None) -> list[Finding]:
    ch = Checker(g, rules, seed)
    ch.board(board_size, board_file)
    if tokens is not None:
        ch.tokens(*tokens)
    for lay in layouts:
        ch.layout(lay)
    if position is not None:
        ch.layout_names = {lay.name: lay for lay in layouts} if layouts else None
        ch.position(*position)
    return ch.out
