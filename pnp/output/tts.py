"""Tabletop Simulator export: play a deck or counter sheet online before
cutting paper.

For every asset with ``faces`` this writes, into ``<out>/<game>/tts/``:

- ``<name>-faces-1.png`` ...: face sheets, a grid of at most 10 x 7 cards and
  at most 4096 x 4096 px (Tabletop Simulator's limits). The grid's last slot
  is what TTS shows for cards hidden in another player's hand, so a sheet
  holds at most 69 faces and the last slot gets the back.
- ``<name>-back.png``: the card back; when faces have backs of their own
  (double-sided counters) also ``<name>-backs-N.png``, slot for slot.
- ``<name>.json``: a saved object (a ``DeckCustom``) whose cards repeat each
  face by its copy count, with image URLs pointing at the files above.

To load: copy ``<name>.json`` (and, for a thumbnail, ``<name>.png``) into
TTS's "Saves/Saved Objects" folder, then in the game use Objects ->
Saved Objects. URLs are ``file://`` by default (fine for solo testing); for
multiplayer, upload the images and pass ``--option tts_url=https://host/dir/``
(opts.extra["tts_url"]) so the JSON points there instead.
"""
from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pnp.model.assets import Asset, BuildOptions, Item
from pnp.output.files import write_bytes_atomic
from pnp.scene.units import MM_PER_INCH

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import Game
    from pnp.scene import Group

TTS_FOLDER = "tts"
OPTIONS = {"tts_url": "where the images are uploaded for online play (https://host/dir/)",
           "tts_dpi": "at most this many dots per inch on the face sheets (30 to 300)"}
MAX_COLS, MAX_ROWS = 10, 7
MAX_PX = 4096
MAX_DPI = 300  # no point in sharper card images than print; --option tts_dpi=N lowers it
# a TTS card at scale 1 is a poker card; other sizes and shapes are scaled from it
TTS_CARD_MM = (63.5, 88.9)
T = TypeVar("T")


class CellMaker(Protocol):
    """Draws one card side into the cell at (x, y) of a sheet."""

    def __call__(self, x: float = 0.0, y: float = 0.0) -> "Group": ...


def grid_for(n_faces: int, w: float, h: float) -> tuple[int, int]:
    """Columns and rows for n faces plus the hidden slot: fewest slots, then squarest sheet."""
    slots = n_faces + 1
    best = None
    for cols in range(1, MAX_COLS + 1):
        rows = math.ceil(slots / cols)
        if rows > MAX_ROWS:
            continue
        if cols * rows < 2:  # TTS needs at least a 2-slot grid
            rows = 2 if cols == 1 else rows
        aspect = abs(math.log((cols * w) / (rows * h)))
        key = (cols * rows, aspect)
        if best is None or key < best[0]:
            best = (key, cols, rows)
    assert best is not None, "at most 69 faces per sheet"
    return best[1], best[2]


def card_pixels(cols: int, rows: int, w: float, h: float, max_dpi: float = MAX_DPI) -> tuple[int, int]:
    """Whole-pixel card size so the sheet stays within 4096 px and 300 dpi."""
    px_per_mm = min(MAX_PX / (cols * w), MAX_PX / (rows * h), max_dpi / MM_PER_INCH)
    cw = int(w * px_per_mm)
    ch = int(h * px_per_mm)
    return max(cw, 1), max(ch, 1)


def chunks(faces: list[T], size: int = MAX_COLS * MAX_ROWS - 1) -> list[list[T]]:
    return [faces[i:i + size] for i in range(0, len(faces), size)]


def _write(path: Path, data: bytes) -> None:
    write_bytes_atomic(path, data)


def _guid(*parts: str) -> str:
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:6]


def _url(path: Path, base_url: str | None, final: Path | None = None) -> str:
    if base_url:
        return base_url.rstrip("/") + "/" + path.name
    return ((final / path.name) if final is not None else path).resolve().as_uri()


def _transform(scale: tuple[float, float], face_down: bool = True) -> dict[str, float]:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale[0], "scaleY": 1.0, "scaleZ": scale[1]}



def _cell(item: Item, back: bool, w: float, h: float, x: float = 0.0, y: float = 0.0,
          bleed: float = 1.0) -> "Group":
    """One card side in a ``w`` x ``h`` mm cell at (x, y), drawn with a little
    bleed and clipped to the cell, so neighbours show no light seam."""
    from pnp.scene import Group, Rect, scale, translate

    draw = item.back if back and item.back is not None else item.front  # asked for only where there is one
    # a smaller face in a mixed-size deck is stretched to fill its cell
    inner = Group([draw(bleed)], transform=translate(x, y) @ scale(w / item.w, h / item.h))
    return Group([inner], clip=Rect(x, y, w, h))


def _maker(item: Item, back: bool, w: float, h: float) -> CellMaker:
    """The item's front or back, drawn into a cell where the sheet puts it."""
    def make(x: float = 0.0, y: float = 0.0) -> "Group":
        return _cell(item, back, w, h, x, y)

    return make


def _png(cells: "list[Group]", cols: int, rows: int, w: float, h: float, size: tuple[int, int]) -> bytes:
    """A sheet of ``cols`` x ``rows`` cells rasterised to exactly cols*size x rows*size pixels."""
    from pnp.render.png import png_bytes
    from pnp.scene import Group, Page

    page = Page(cols * w, rows * h, Group(list(cells)))
    return png_bytes(page, size=(cols * size[0], rows * size[1]))


def _backs(asset: Asset, faces: list[tuple[Item, int]], w: float, h: float,
           size: tuple[int, int]) -> tuple[CellMaker, list[CellMaker] | None]:
    """(common back cell maker, per-face back cell makers or None).

    ``asset.back`` is the deck's one back (an Item; its back side if it has
    one, else its front is the back design). Without it, the faces' own
    backs are used: if they all look the same that is the common back,
    otherwise (double-sided counters) every face keeps its own back.
    """
    from pnp.scene import Group, Rect, style

    def plain(x: float = 0.0, y: float = 0.0) -> Group:
        return Group([Rect(x, y, w, h, style(fill="#60606e"))])

    if asset.back is not None:
        b = asset.back
        return _maker(b, b.back is not None, w, h), None
    if not any(item.back is not None for item, _ in faces):
        return plain, None
    own = [_maker(item, True, w, h) if item.back is not None else plain for item, _ in faces]
    looks = {_png([make()], 1, 1, w, h, size) for make in own}
    if len(looks) == 1:
        return own[0], None
    return plain, own


def deck_object(asset: Asset, sheets: list[dict[str, Any]], back_url: str | None,
                size_mm: tuple[float, float]) -> dict[str, Any]:
    """The TTS ``DeckCustom`` for an asset: one Card per copy, ids sheet*100 + slot."""
    deck_ids: list[int] = []
    cards: list[dict[str, Any]] = []
    custom: dict[str, dict[str, Any]] = {}
    s = (round(size_mm[0] / TTS_CARD_MM[0], 3), round(size_mm[1] / TTS_CARD_MM[1], 3))
    for sheet_no, sheet in enumerate(sheets, 1):
        unique = "back_url" in sheet  # a sheet of backs, slot for slot
        entry = {"FaceURL": sheet["url"], "BackURL": sheet["back_url"] if unique else back_url,
                 "NumWidth": sheet["cols"], "NumHeight": sheet["rows"], "BackIsHidden": True,
                 "UniqueBack": unique, "Type": 0}
        custom[str(sheet_no)] = entry
        for slot, (item, copies) in enumerate(sheet["faces"]):
            card_id = sheet_no * 100 + slot
            for k in range(copies):
                deck_ids.append(card_id)
                cards.append({
                    "Name": "Card", "Transform": _transform(s), "Nickname": item.label or "",
                    "Description": "", "CardID": card_id, "SidewaysCard": False, "Hands": True,
                    "CustomDeck": {str(sheet_no): entry},
                    "GUID": _guid(asset.name, str(card_id), str(k)),
                })
    if len(cards) == 1:  # TTS has no one-card decks: a lone card is its own object
        return dict(cards[0], Name="CardCustom")
    return {
        "Name": "DeckCustom", "Transform": _transform(s), "Nickname": asset.title or asset.name,
        "Description": asset.description or "", "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713},
        "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
        "SidewaysCard": False, "Hands": False, "DeckIDs": deck_ids, "CustomDeck": custom,
        "ContainedObjects": cards, "GUID": _guid(asset.name, "deck"),
    }


def saved_object(objects: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return {"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def export_asset(asset: Asset, out_dir: Path, base_url: str | None = None,
                 max_dpi: float = MAX_DPI, final_dir: Path | None = None) -> list[Path]:
    """Face sheets, back and saved-object JSON for one asset with faces, written into
    ``out_dir``; ``final_dir`` is where they will be read from (file URLs point there)."""
    faces = list(asset.faces or [])
    if not faces:
        return []
    out_dir = Path(out_dir)
    final = Path(final_dir or out_dir)
    safe = asset.name.replace("/", "-")
    w = max(i.w for i, _ in faces)
    h = max(i.h for i, _ in faces)
    written: list[Path] = []

    # card pixel size is set by the first (fullest) sheet so all cards match
    groups = chunks(faces)
    cols0, rows0 = grid_for(len(groups[0]), w, h)
    size = card_pixels(cols0, rows0, w, h, max_dpi)
    back, own_backs = _backs(asset, faces, w, h, size)

    def sheet_of(makers: list[CellMaker], cols: int, rows: int, name: str) -> Path:
        cells = [make(c * w, r * h) for (r, c), make in zip((divmod(i, cols) for i in range(len(makers))), makers)]
        cells.append(back((cols - 1) * w, (rows - 1) * h))  # the hidden-card slot
        path = out_dir / name
        _write(path, _png(cells, cols, rows, w, h, size))
        written.append(path)
        return path

    sheets: list[dict[str, Any]] = []
    start = 0
    for n, group in enumerate(groups, 1):
        cols, rows = grid_for(len(group), w, h)
        fronts = [_maker(item, False, w, h) for item, _ in group]
        path = sheet_of(fronts, cols, rows, f"{safe}-faces-{n}.png")
        sheet: dict[str, Any] = {"url": _url(path, base_url, final), "cols": cols, "rows": rows, "faces": group}
        if own_backs is not None:
            bpath = sheet_of(own_backs[start:start + len(group)], cols, rows, f"{safe}-backs-{n}.png")
            sheet["back_url"] = _url(bpath, base_url, final)
        sheets.append(sheet)
        start += len(group)
    back_path = out_dir / f"{safe}-back.png"
    _write(back_path, _png([back()], 1, 1, w, h, size))
    written.append(back_path)
    # TTS shows <name>.png next to a saved object as its thumbnail: the first face, at most 256 px
    k = min(1.0, 256 / max(size))
    thumb_path = out_dir / f"{safe}.png"
    first = faces[0][0]
    _write(thumb_path, _png([_cell(first, False, w, h)], 1, 1, w, h,
                            (max(1, round(size[0] * k)), max(1, round(size[1] * k)))))
    written.append(thumb_path)
    obj = deck_object(asset, sheets, _url(back_path, base_url, final), (w, h))
    json_path = out_dir / f"{safe}.json"
    text = json.dumps(saved_object([obj], asset.title or asset.name), ensure_ascii=False, indent=2) + "\n"
    _write(json_path, text.encode("utf-8"))
    written.append(json_path)
    return written


def export(game: "Game", opts: BuildOptions, out_dir: Path) -> list[Path]:
    """Export every deck/counter asset of ``game`` for Tabletop Simulator into
    ``out_dir/<game>/tts/`` (out_dir is the build's output root), all or nothing:
    the folder is staged whole with a manifest and swapped in."""
    from pnp.output.manifest import MANIFEST, owned
    from pnp.output.plan import collect_assets
    from pnp.output.files import Staging

    extra = opts.extra or {}
    base_url = extra.get("tts_url")
    from pnp.model.options import number

    max_dpi = number(opts, "tts_dpi", MAX_DPI, 30, MAX_DPI, unit="dpi")
    folder = Path(out_dir) / game.name / TTS_FOLDER
    owned(folder.parent, [TTS_FOLDER], "tts")  # someone's tts/ folder is not replaced
    written: list[tuple[Asset, Path]] = []
    with Staging(folder.parent) as st:
        stage = st.dir / TTS_FOLDER
        stage.mkdir()
        for asset in collect_assets(game, opts):
            if asset.faces:
                written += [(asset, p) for p in export_asset(asset, stage, base_url, max_dpi, folder)]
        files = [{"file": p.name, "bytes": p.stat().st_size, "pages": 1, "format": p.suffix.lstrip("."),
                  "asset": a.name, "title": f"Tabletop Simulator: {a.title or a.name}"} for a, p in written]
        (stage / MANIFEST).write_text(json.dumps({"game": game.name, "files": files}, ensure_ascii=False, indent=1,
                                                 sort_keys=True) + "\n", encoding="utf-8")
        st.commit([TTS_FOLDER])
    return [folder / p.name for _, p in written]
