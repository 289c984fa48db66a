"""Physical accuracy of everything the games build: what comes out of a printer at 100 %
measures what the data says.

Every game is built once (PDF + SVG) into a temporary folder; then every file is read back:

* PDF pages: MediaBox is A4 or Letter in either orientation, or, for a stand-alone item page,
  the trim grown by the same bleed on every side; TrimBox inside BleedBox inside MediaBox.
* SVG pages: width/height in mm equal the viewBox; the page's trim/bleed boxes agree with the
  matching PDF page (same size, same boxes).
* Imposed sheets (grid ``card-N`` and packed ``item-N`` groups): the trim of every card, read
  from the printed crop marks and the card's clip, matches the size in the data within 0.1 mm;
  crop marks stay outside every card and its bleed; backs lie exactly behind fronts.
* Tiled boards (``tile-A1`` ...): cutting at the printed crop marks and dashed seams and
  taping the pages gives the requested size within 0.2 mm.
"""
from __future__ import annotations

import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pypdf import PdfReader
from ruamel.yaml import YAML

from pnp.scene import Box as SceneBox

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
PT = 25.4 / 72  # mm per PDF point
BLEED = 3.0  # the build's default bleed (pnp build --bleed)
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
# games still being written in the shared tree; add them here when they land
PENDING: set[str] = set()
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.yaml").is_file() and p.name not in PENDING)
SVG = "{http://www.w3.org/2000/svg}"


def _yaml(rel: str):
    return YAML(typ="safe").load((DATA / rel).read_text(encoding="utf-8"))


def expected_item_sizes() -> dict[str, set[tuple[float, float]]]:
    """Sizes (w, h) in mm of the cut items of every imposed asset, from the data files
    (and, where a game keeps the size in its rules module, from there)."""
    out: dict[str, set[tuple[float, float]]] = {}
    tok = _yaml("klin-zha/tokens.yaml")
    out["klin-zha/pieces/tokens"] = {(tok["size"], tok["size"])}
    rs = _yaml("rather-silly/counters.yaml")
    s = float(rs.get("size", 15))
    out["rather-silly/counters"] = {(s, s)} | ({(2 * s, s)} if any(c.get("width") == 2 for c in rs["counters"]) else set())
    out["rather-silly/counters-duplex"] = out["rather-silly/counters"]  # the double-sided ones, in their own file
    additions = _yaml("rather-silly/map-additions.yaml")["size"]  # a sheet of pieces: WxH in mm
    out["rather-silly/map-additions"] = {tuple(float(v) for v in additions.split("x"))}
    # Ordnerstruktur's tiles fold over (front above the fold, back below): plaettchen-<variant>.yaml's size
    tile = {v: tuple(float(n) for n in _yaml(f"ordnerstruktur/plaettchen-{v}.yaml")["size"].split("x"))
            for v in ("paare", "voelker")}
    for struct in sorted((DATA / "ordnerstruktur" / "structures").glob("*.yaml")):
        variant = _yaml(f"ordnerstruktur/structures/{struct.name}")["variant"]
        out[f"ordnerstruktur/{struct.stem}-plaettchen"] = {tile[variant]}
    for variant, size in tile.items():  # the blank kit
        out[f"ordnerstruktur/leer-{variant}-plaettchen"] = {size}
    # 18-Kniffel pads: the score sheets halve / quarter an A4 page inside the build's margin
    from pnp.model.assets import BuildOptions

    m = BuildOptions().margin
    pads = _yaml("18-kniffel/bilanz.yaml").get("pads", {}).get("up", [1, 2, 4])
    if 2 in pads:
        out["18-kniffel/bilanz-2up"] = {((297 - 2 * m) / 2, 210 - 2 * m)}
    if 4 in pads:
        out["18-kniffel/bilanz-4up"] = {((210 - 2 * m) / 2, (297 - 2 * m) / 2)}
    if "kafkas-halle" not in PENDING:
        from pnp.layout.builtin.tokens import plan_tokens
        from pnp.layout.documents import documents
        from pnp.model.assets import BuildOptions
        from pnp.model.deck import CARD_SIZES
        from pnp.model.game import discover

        card = _yaml("kafkas-halle/deck.yaml").get("card", "poker")
        out["kafkas-halle/deck"] = {CARD_SIZES[card] if isinstance(card, str) else (card["width"], card["height"])}
        # tokens are sized from the board's square_mm (Sperre, barriers, standees, goal marks) by the
        # expressions of tokens.yaml (test_kafkas_halle_build ties those to the square)
        game = discover(DATA)["kafkas-halle"]
        doc = next(doc for _, kind, doc in documents(game) if kind == "tokens")
        pieces, _ = plan_tokens(doc, game, BuildOptions(), "tokens")
        out["kafkas-halle/tokens"] = {(p.w, p.h) for p in pieces}
    return out


def _kh_board():
    from pnp.load.loader import load_model
    from pnp.model.board import SquareBoard

    return load_model(DATA / "kafkas-halle" / "board.yaml", SquareBoard)


def requested_tiled_sizes() -> dict[str, tuple[float, float]]:
    """The size a tiled board must have once assembled, as requested by data/options."""
    large = _yaml("rather-silly/map-large.yaml")["size"]  # a board-sized sheet: WxH in mm
    out = {"rather-silly/map-large": tuple(float(v) for v in large.split("x"))}
    if "kafkas-halle" not in PENDING:
        from pnp.layout.builtin.square_board import board_size

        board = _kh_board()
        w, h, edge = board_size(board, board.square_mm)
        # the squares themselves: files x square_mm, plus the coordinate border on both sides
        assert abs(w - 2 * edge - board.files * board.square_mm) < 1e-9
        out[f"kafkas-halle/board-{board.square_mm:g}mm"] = (w, h)
    return out


# ------------------------------------------------------------------ the build


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Every game built once, the games in parallel processes. PNP_PHYSICAL_OUT=folder
    reuses a finished build of all games (handy while working on this file)."""
    if os.environ.get("PNP_PHYSICAL_OUT"):
        return Path(os.environ["PNP_PHYSICAL_OUT"])
    out = tmp_path_factory.mktemp("physical")
    env = dict(os.environ, PYTHONHASHSEED="0")
    procs = {g: subprocess.Popen([sys.executable, "-m", "pnp.cli.main", "build", g, "--format", "pdf,svg",
                                  "--out", str(out), "--data", str(DATA), "--json"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=out)
             for g in GAMES}
    failed = {}
    for g, p in procs.items():
        so, se = p.communicate(timeout=600)
        if p.returncode:
            failed[g] = se.decode()[-2000:]
    assert not failed, failed
    return out


def _assets(out: Path) -> dict[str, dict]:
    """asset key (game/name) -> {"pdf": path, "svgs": [paths in page order]}"""
    found: dict[str, dict] = defaultdict(lambda: {"pdf": None, "svgs": []})
    for p in sorted(out.rglob("*.pdf")):
        found[str(p.relative_to(out).with_suffix(""))]["pdf"] = p
    for p in sorted(out.rglob("*.svg")):
        rel = str(p.relative_to(out).with_suffix(""))
        m = re.match(r"(.*)-p(\d+)$", rel)
        key = m.group(1) if m and m.group(1) in found else rel
        found[key]["svgs"].append(p)
    return dict(found)


# ------------------------------------------------------------------ geometry helpers


class Box(SceneBox):
    """The engine's Box plus the two questions this test asks of it."""

    def contains(self, o: "Box", tol: float = 1e-3) -> bool:
        return (o.x >= self.x - tol and o.y >= self.y - tol and o.right <= self.right + tol
                and o.bottom <= self.bottom + tol)

    def meets_segment(self, x1, y1, x2, y2, tol: float = 1e-3) -> bool:
        """Does an axis-parallel segment touch the inside of the box?"""
        lo_x, hi_x = sorted((x1, x2))
        lo_y, hi_y = sorted((y1, y2))
        return lo_x < self.right - tol and hi_x > self.x + tol and lo_y < self.bottom - tol and hi_y > self.y + tol


def _box(text: str) -> Box:
    x, y, w, h = (float(v) for v in text.replace(",", " ").split())
    return Box(x, y, w, h)


Matrix = tuple[float, float, float, float, float, float]
IDENT: Matrix = (1, 0, 0, 1, 0, 0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m @ n: apply n first, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _parse_transform(text: str | None) -> Matrix:
    if not text:
        return IDENT
    m = IDENT
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", text):
        v = [float(s) for s in re.split(r"[\s,]+", args.strip()) if s]
        if name == "matrix":
            t = tuple(v)
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
        else:
            raise AssertionError(f"transform {name} not understood")
        m = _mul(m, t)
    return m


def _path_points(d: str) -> list[list[tuple[float, float]]]:
    """Sub-paths of an M/L/Z path as point lists (only what marks and clips use)."""
    subs: list[list[tuple[float, float]]] = []
    for cmd, args in re.findall(r"([MLZ])([^MLZ]*)", d):
        nums = [float(s) for s in re.split(r"[\s,]+", args.strip()) if s]
        if cmd == "M":
            subs.append([(nums[0], nums[1])])
            nums = nums[2:]
        for i in range(0, len(nums) - 1, 2):
            subs[-1].append((nums[i], nums[i + 1]))
    return subs


def _bbox(points) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass
class SvgPage:
    path: Path
    width_mm: float
    height_mm: float
    view: Box
    trim: Box
    bleed: Box
    items: dict[str, tuple[Box, Matrix]] = field(default_factory=dict)  # id -> (clip in page mm, inner CTM)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    seams: list[tuple[float, float, float, float]] = field(default_factory=list)
    tile: str | None = None
    window: Box | None = None


def read_svg(path: Path) -> SvgPage:
    root = ET.parse(path).getroot()

    def mm(v: str) -> float:
        assert v.endswith("mm"), f"{path.name}: size {v!r} is not in mm"
        return float(v[:-2])

    page = SvgPage(path, mm(root.get("width")), mm(root.get("height")), _box(root.get("viewBox")),
                   _box(root.get("data-trim")), _box(root.get("data-bleed")))
    clips = {}
    for cp in root.iter(SVG + "clipPath"):
        pts = [p for el in cp for sub in _path_points(el.get("d", "")) for p in sub]
        clips[cp.get("id")] = pts

    def walk(el, ctm: Matrix, in_marks: bool, in_seams: bool):
        ctm = _mul(ctm, _parse_transform(el.get("transform")))
        gid = el.get("id") or ""
        tag = el.tag.replace(SVG, "")
        clip = None
        if el.get("clip-path"):
            cid = re.match(r"url\(#(.+)\)", el.get("clip-path")).group(1)
            clip = _bbox([_apply(ctm, *p) for p in clips[cid]])
        if re.fullmatch(r"(card|back|item)-\d+", gid):
            inner = el[0] if len(el) else None
            page.items[gid] = (clip, _mul(ctm, _parse_transform(inner.get("transform") if inner is not None else None)))
        if re.fullmatch(r"tile-[A-Z]+\d+", gid):
            page.tile = gid[5:]
        if re.fullmatch(r"window(-\d+)?", gid):
            page.window = clip
        in_marks = in_marks or re.fullmatch(r"crop-marks(-\d+)?", gid) is not None
        in_seams = in_seams or re.fullmatch(r"seams(-\d+)?", gid) is not None
        if tag == "path" and (in_marks or in_seams):
            for sub in _path_points(el.get("d", "")):
                if len(sub) == 2 and (in_marks or el.get("stroke-dasharray")):
                    (x1, y1), (x2, y2) = (_apply(ctm, *p) for p in sub)
                    (page.marks if in_marks else page.seams).append((x1, y1, x2, y2))
        for child in el:
            walk(child, ctm, in_marks, in_seams)

    walk(root, IDENT, False, False)
    return page


def pdf_boxes(page) -> dict[str, Box]:
    """MediaBox, TrimBox, BleedBox of a pypdf page in mm, top-left origin like the scene."""
    media = page.mediabox
    H = float(media.top) * PT

    def conv(b) -> Box:
        return Box(float(b.left) * PT, H - float(b.top) * PT, float(b.width) * PT, float(b.height) * PT)

    return {"media": conv(page.mediabox), "trim": conv(page.trimbox), "bleed": conv(page.bleedbox)}


def _close(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol


def _is_paper(w: float, h: float) -> str | None:
    for name, (pw, ph) in PAPERS.items():
        if (_close(w, pw, 0.01) and _close(h, ph, 0.01)) or (_close(w, ph, 0.01) and _close(h, pw, 0.01)):
            return name
    return None


# ------------------------------------------------------------------ tests


def test_every_game_built_something(built):
    assets = _assets(built)
    for g in GAMES:
        assert any(k.startswith(g + "/") and v["pdf"] for k, v in assets.items()), f"{g}: no PDF"


def _check_page_boxes(media: Box, trim: Box, bleed: Box, where: str) -> None:
    """Paper size in either orientation, or a stand-alone item: trim + the same bleed all round."""
    assert abs(media.x) < 1e-6 and abs(media.y) < 1e-6, where
    assert media.contains(bleed) and bleed.contains(trim), f"{where}: boxes not nested {media} {bleed} {trim}"
    if _is_paper(media.w, media.h):
        return
    gaps = (trim.x - media.x, trim.y - media.y, media.right - trim.right, media.bottom - trim.bottom)
    assert max(gaps) - min(gaps) < 0.01 and 0 <= min(gaps) <= 10, f"{where}: {media.w:.2f} x {media.h:.2f} mm " \
        f"is no paper size and not trim + 2 x bleed (gaps {gaps})"
    assert _close(bleed.w, media.w, 0.01) and _close(bleed.h, media.h, 0.01), where


def test_pdf_pages_are_paper_or_trim_plus_bleed(built):
    pages = 0
    for key, files in _assets(built).items():
        if files["pdf"] is None:
            continue
        for i, page in enumerate(PdfReader(files["pdf"]).pages, 1):
            pages += 1
            b = pdf_boxes(page)
            _check_page_boxes(b["media"], b["trim"], b["bleed"], f"{key}.pdf page {i}")
    assert pages > 50


def test_svg_pages_match_their_pdf_pages(built):
    checked = 0
    for key, files in _assets(built).items():
        if not files["svgs"]:
            continue
        svgs = [read_svg(p) for p in files["svgs"]]
        for s in svgs:
            where = s.path.name
            assert s.view.x == 0 and s.view.y == 0, where
            assert _close(s.view.w, s.width_mm, 1e-4) and _close(s.view.h, s.height_mm, 1e-4), \
                f"{where}: {s.width_mm} x {s.height_mm} mm but viewBox {s.view}"
            _check_page_boxes(s.view, s.trim, s.bleed, where)
            checked += 1
        if files["pdf"] is None:
            continue  # an SVG-only asset (e.g. one SVG per card type)
        pdf_pages = PdfReader(files["pdf"]).pages
        if len(svgs) == 1 and svgs[0].path.stem.endswith("-page"):
            continue  # one sample page of a pad (n identical copies in the PDF)
        assert len(svgs) == len(pdf_pages), f"{key}: {len(svgs)} SVGs for {len(pdf_pages)} PDF pages"
        for s, pdf_page in zip(svgs, pdf_pages):
            b = pdf_boxes(pdf_page)
            for name, box in (("media", s.view), ("trim", s.trim), ("bleed", s.bleed)):
                pb = b[name]
                assert all(_close(u, v, 0.01) for u, v in ((box.x, pb.x), (box.y, pb.y), (box.w, pb.w), (box.h, pb.h))), \
                    f"{s.path.name}: SVG {name} {box} != PDF {pb}"
    assert checked > 50


def _axis_marks(marks):
    vertical = [(x1, min(y1, y2), max(y1, y2)) for x1, y1, x2, y2 in marks if abs(x1 - x2) < 1e-6]
    horizontal = [(y1, min(x1, x2), max(x1, x2)) for x1, y1, x2, y2 in marks if abs(y1 - y2) < 1e-6]
    assert len(vertical) + len(horizontal) == len(marks), "a crop mark is not horizontal or vertical"
    return vertical, horizontal


def _grid_trim(clip: Box, vertical, horizontal) -> Box:
    """A grid card's trim: the crop-mark lines (which run through the whole sheet) inside its clip."""
    xs = sorted({round(x, 4) for x, _, _ in vertical if clip.x - 1e-3 <= x <= clip.right + 1e-3})
    ys = sorted({round(y, 4) for y, _, _ in horizontal if clip.y - 1e-3 <= y <= clip.bottom + 1e-3})
    assert len(xs) == 2 and len(ys) == 2, f"expected two cut lines each way through the card, got {xs} / {ys}"
    return Box(xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0])


def _packed_trim(clip: Box, vertical, horizontal) -> Box:
    """A packed item's trim: its clip less the bleed, confirmed by its own corner marks."""
    t = Box(clip.x + BLEED, clip.y + BLEED, clip.w - 2 * BLEED, clip.h - 2 * BLEED)
    for x in (t.x, t.right):
        assert any(abs(mx - x) < 0.01 and (hi <= t.y or lo >= t.bottom) for mx, lo, hi in vertical), \
            f"no crop mark on the edge x={x:.2f} of {t}"
    for y in (t.y, t.bottom):
        assert any(abs(my - y) < 0.01 and (hi <= t.x or lo >= t.right) for my, lo, hi in horizontal), \
            f"no crop mark on the edge y={y:.2f} of {t}"
    return t


def _fits(size: tuple[float, float], expected: set[tuple[float, float]], tol: float = 0.1) -> bool:
    w, h = size
    return any((_close(w, ew, tol) and _close(h, eh, tol)) or (_close(w, eh, tol) and _close(h, ew, tol))
               for ew, eh in expected)


def test_imposed_items_measure_what_the_data_says(built):
    expected = expected_item_sizes()
    assets = _assets(built)
    measured_assets = set()
    cards = 0
    for key, files in assets.items():
        for svg_path in files["svgs"]:
            s = read_svg(svg_path)
            fronts = {k: v for k, v in s.items.items() if not k.startswith("back-")}
            if not fronts:
                continue
            where = svg_path.name
            assert key in expected, f"{key}: imposed items but no expected size from the data in this test"
            measured_assets.add(key)
            vertical, horizontal = _axis_marks(s.marks)
            assert vertical and horizontal, f"{where}: imposed sheet without crop marks"
            trims = {}
            for gid, (clip, ctm) in sorted(fronts.items()):
                assert clip is not None, f"{where} {gid}: no clip"
                t = _grid_trim(clip, vertical, horizontal) if gid.startswith("card-") else \
                    _packed_trim(clip, vertical, horizontal)
                assert _fits((t.w, t.h), expected[key]), \
                    f"{where} {gid}: trim {t.w:.3f} x {t.h:.3f} mm, the data says {sorted(expected[key])}"
                # the card's own drawing starts at a trim corner (item origin = trim corner)
                ox, oy = _apply(ctm, 0, 0)
                corners = [(t.x, t.y), (t.right, t.y), (t.x, t.bottom), (t.right, t.bottom)]
                assert min(math.hypot(ox - cx, oy - cy) for cx, cy in corners) < 0.01, f"{where} {gid}: origin off trim"
                assert s.trim.contains(t, 0.01), f"{where} {gid}: trim outside the page's TrimBox"
                trims[gid] = (t, clip)
                cards += 1
            # crop marks never touch a card or its bleed
            for seg in s.marks:
                for gid, (t, clip) in trims.items():
                    assert not clip.meets_segment(*seg), f"{where}: crop mark {seg} runs into {gid}"
            # cards and their bleed never overlap another card's trim
            items = list(trims.items())
            for i, (ga, (ta, ca)) in enumerate(items):
                for gb, (tb, cb) in items[i + 1:]:
                    overlap_w = min(ca.right, tb.right) - max(ca.x, tb.x)
                    overlap_h = min(ca.bottom, tb.bottom) - max(ca.y, tb.y)
                    assert overlap_w <= 1e-3 or overlap_h <= 1e-3, f"{where}: {ga}'s bleed covers {gb}"
    with_svg = {k for k in expected if assets.get(k, {}).get("svgs")}
    assert measured_assets == with_svg, f"imposed assets measured {sorted(measured_assets)}, " \
                                        f"expected {sorted(with_svg)}"
    assert cards > 300


def read_pdf_marks(page) -> tuple[list[Box], list[tuple[float, float, float, float]]]:
    """The outermost clip boxes (one per imposed item) and the stroked two-point lines drawn
    outside any clip (crop marks, cut lines), in page mm with the origin top-left."""
    from pypdf.generic import ContentStream

    H = float(page.mediabox.top)
    ctm: Matrix = IDENT
    depth = 0
    stack = []
    path: list[list[tuple[float, float]]] = []
    clips: list[Box] = []
    lines = []
    pending_clip = False

    def dev(x, y):
        X, Y = _apply(ctm, x, y)
        return X * PT, (H - Y) * PT

    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append((ctm, depth))
        elif op == b"Q":
            ctm, depth = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = _mul(ctm, (a, b, c, d, e, f))
        elif op == b"m":
            path.append([dev(float(operands[0]), float(operands[1]))])
        elif op == b"l":
            path[-1].append(dev(float(operands[0]), float(operands[1])))
        elif op == b"c":
            path[-1].append(dev(float(operands[4]), float(operands[5])))
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path.append([dev(x, y), dev(x + w, y), dev(x + w, y + h), dev(x, y + h)])
        elif op in (b"W", b"W*"):
            pending_clip = True
        elif op in (b"n", b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*"):
            if pending_clip:
                if depth == 0:
                    clips.append(_bbox([p for sub in path for p in sub]))
                depth += 1
                pending_clip = False
            elif op == b"S" and depth == 0:
                lines += [(*sub[0], *sub[1]) for sub in path if len(sub) == 2]
            path = []
    return clips, lines


def test_imposed_pdf_sheets_measure_what_the_data_says(built):
    """The same measurement on the PDFs (the only output of imposed decks): item clips and
    crop marks read from the content streams."""
    expected = expected_item_sizes()
    assets = _assets(built)
    items = 0
    for key, sizes in sorted(expected.items()):
        pdf = assets[key]["pdf"]
        assert pdf is not None, f"{key}: no PDF"
        front_pages = 0
        for i, page in enumerate(PdfReader(pdf).pages, 1):
            clips, lines = read_pdf_marks(page)
            marks = [ln for ln in lines if abs(ln[0] - ln[2]) < 1e-6 or abs(ln[1] - ln[3]) < 1e-6]
            if not clips or not marks:
                continue  # a back page: no marks, cut from the front
            front_pages += 1
            vertical, horizontal = _axis_marks(marks)
            where = f"{pdf.name} page {i}"
            for clip in clips:
                xs = {round(x, 3) for x, _, _ in vertical if clip.x - 1e-3 <= x <= clip.right + 1e-3}
                ys = {round(y, 3) for y, _, _ in horizontal if clip.y - 1e-3 <= y <= clip.bottom + 1e-3}
                grid = len(xs) == 2 and len(ys) == 2 and _fits((max(xs) - min(xs), max(ys) - min(ys)), sizes)
                t = _grid_trim(clip, vertical, horizontal) if grid else _packed_trim(clip, vertical, horizontal)
                assert _fits((t.w, t.h), sizes), f"{where}: item trim {t.w:.3f} x {t.h:.3f} mm, the data says {sorted(sizes)}"
                for seg in marks:
                    assert not clip.meets_segment(*seg), f"{where}: crop mark {seg} runs into an item"
                items += 1
        assert front_pages, f"{key}: no imposed page with crop marks in {pdf.name}"
    assert items > 300


def test_backs_lie_behind_fronts(built):
    """On a duplex back page every back is the mirror image of its front (long-edge flip)."""
    pairs = 0
    for key, files in _assets(built).items():
        svgs = [read_svg(p) for p in files["svgs"]]
        for front, back in zip(svgs, svgs[1:]):
            fr = {k.split("-", 1)[1]: v[0] for k, v in front.items.items() if k.startswith(("card-", "item-"))}
            bk = {k.split("-", 1)[1]: v[0] for k, v in back.items.items() if k.startswith("back-")}
            if not fr or not bk:
                continue
            W, H = front.view.w, front.view.h
            for idx, bclip in bk.items():
                assert idx in fr, f"{back.path.name}: back-{idx} without a front on the page before"
                f = fr[idx]
                mirror_x = Box(W - f.right, f.y, f.w, f.h)
                mirror_y = Box(f.x, H - f.bottom, f.w, f.h)
                ok = any(all(_close(u, v, 0.01) for u, v in ((m.x, bclip.x), (m.y, bclip.y), (m.w, bclip.w), (m.h, bclip.h)))
                         for m in (mirror_x, mirror_y))
                assert ok, f"{back.path.name} back-{idx} {bclip} is not behind front {f}"
                pairs += 1
    assert pairs > 50


def test_tiled_boards_assemble_to_the_requested_size(built):
    requested = requested_tiled_sizes()
    seen = set()
    for key, files in _assets(built).items():
        pages = [read_svg(p) for p in files["svgs"]]
        tiles = {p.tile: p for p in pages if p.tile}
        if len(tiles) < 2:
            continue
        assert key in requested, f"{key} is tiled but this test does not know its requested size"
        seen.add(key)
        rows = sorted({re.match(r"[A-Z]+", t).group() for t in tiles}, key=lambda r: (len(r), r))
        cols = sorted({int(re.search(r"\d+", t).group()) for t in tiles})
        assert len(tiles) == len(rows) * len(cols), f"{key}: pages {sorted(tiles)} do not form a grid"

        def length(line: list[SvgPage], axis: int) -> float:
            """Taped length of one row (axis 0: x) or column (axis 1: y) of pages, measured on paper.

            Every page prints the dashed seams of its inner edges (the art continues across the
            shared strip, so the neighbour's seam shows too). The assembler cuts the outer edges
            at the crop marks and each later page at its dashed seam, then lays it on the
            previous page so the seams coincide: each page contributes the stretch from its
            first cut (crop mark or seam) to its last reference (next seam or crop mark)."""
            total = 0.0
            for i, page in enumerate(line):
                v, h = _axis_marks(page.marks)
                marks = [m[0] for m in (v if axis == 0 else h)]
                w = page.window
                lo, hi = (w.x, w.right) if axis == 0 else (w.y, w.bottom)
                seams = sorted(sx if axis == 0 else sy for sx, sy, ex, ey in page.seams
                               if (abs(sx - ex) < 1e-6 if axis == 0 else abs(sy - ey) < 1e-6)
                               and lo - 1e-3 <= (sx if axis == 0 else sy) <= hi + 1e-3)
                first, last = i == 0, i == len(line) - 1
                assert (first or seams) and (last or seams), f"{page.path.name}: no dashed seam to cut along"
                # outer edges: the crop marks; a page in the middle of an outer row has none on that
                # edge (its neighbours' marks and the TrimBox give it), so fall back to the TrimBox
                t = page.trim
                t_lo, t_hi = (t.x, t.right) if axis == 0 else (t.y, t.bottom)
                for mk in marks:
                    assert min(abs(mk - t_lo), abs(mk - t_hi)) < 0.01, f"{page.path.name}: crop mark off the trim"
                start = (min(marks) if marks else t_lo) if first else seams[0]
                end = (max(marks) if marks else t_hi) if last else seams[-1]
                assert start < end, page.path.name
                total += end - start
            return total

        want_w, want_h = requested[key]
        for r in rows:
            line = [tiles[f"{r}{c}"] for c in cols]
            got = length(line, 0)
            assert abs(got - want_w) <= 0.2, f"{key} row {r}: assembles to {got:.2f} mm, requested {want_w:.2f}"
        for c in cols:
            line = [tiles[f"{r}{c}"] for r in rows]
            got = length(line, 1)
            assert abs(got - want_h) <= 0.2, f"{key} column {c}: assembles to {got:.2f} mm, requested {want_h:.2f}"
    assert seen == set(requested), f"tiled assets found {sorted(seen)}, expected {sorted(requested)}"
