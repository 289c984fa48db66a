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
import io
import json
import math
import os
from pathlib import Path

from .assets import Asset, BuildOptions
from .output import write_bytes_atomic

TTS_FOLDER = "tts"
MAX_COLS, MAX_ROWS = 10, 7
MAX_PX = 4096
MAX_DPI = 300  # no point in sharper card images than print; --option tts_dpi=N lowers it
# a TTS card at scale 1 is a poker card; other sizes and shapes are scaled from it
TTS_CARD_MM = (63.5, 88.9)


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
    px_per_mm = min(MAX_PX / (cols * w), MAX_PX / (rows * h), max_dpi / 25.4)
    cw = int(w * px_per_mm)
    ch = int(h * px_per_mm)
    return max(cw, 1), max(ch, 1)


def chunks(faces: list, size: int = MAX_COLS * MAX_ROWS - 1) -> list[list]:
    return [faces[i:i + size] for i in range(0, len(faces), size)]


def _render(item, back: bool, size: tuple[int, int], bleed: float = 1.0):
    """One card face (or back) as a PIL image of exactly ``size`` pixels.

    Rendered with a little bleed and cropped to the trim, so no anti-aliased
    page edge shows as a light seam between cards on the sheet.
    """
    from PIL import Image

    from .backends.png import render_image
    from .imposition.single import single_page

    page = single_page(item, bleed, back=back)
    dpi = size[0] / (item.w / 25.4)
    img = render_image(page, dpi=max(1.0, dpi)).convert("RGB")
    kx, ky = img.width / page.width, img.height / page.height  # px per mm as rendered
    box = (bleed * kx, bleed * ky, (bleed + item.w) * kx, (bleed + item.h) * ky)
    img = img.crop(tuple(round(v) for v in box))
    if img.size != size:
        img = img.resize(size, Image.LANCZOS)
    return img


def _write(path: Path, data: bytes) -> None:
    write_bytes_atomic(path, data)
    os.chmod(path, 0o644)  # temp files are created private; TTS and uploads need to read them


def _png_bytes(img) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def _guid(*parts: str) -> str:
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:6]


def _url(path: Path, base_url: str | None) -> str:
    if base_url:
        return base_url.rstrip("/") + "/" + path.name
    return path.resolve().as_uri()


def _transform(scale: tuple[float, float], face_down: bool = True) -> dict:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale[0], "scaleY": 1.0, "scaleZ": scale[1]}


def _backs(asset: Asset, faces: list, size: tuple[int, int]) -> "tuple[object, list | None]":
    """(common back image, per-face back images or None).

    ``asset.back`` is the deck's one back (an Item; its back side if it has
    one, else its front is the back design). Without it, the faces' own
    backs are used: if they all look the same that is the common back,
    otherwise (double-sided counters) every face keeps its own back.
    """
    from PIL import Image

    plain = Image.new("RGB", size, (96, 96, 110))
    if asset.back is not None:
        b = asset.back
        return _render(b, b.back is not None, size), None
    if not any(item.back is not None for item, _ in faces):
        return plain, None
    own = [_render(item, True, size) if item.back is not None else plain for item, _ in faces]
    if all(img.tobytes() == own[0].tobytes() for img in own[1:]):
        return own[0], None
    return plain, own


def deck_object(asset: Asset, sheets: list[dict], back_url: str | None, size_mm: tuple[float, float]) -> dict:
    """The TTS ``DeckCustom`` for an asset: one Card per copy, ids sheet*100 + slot."""
    deck_ids, cards, custom = [], [], {}
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


def saved_object(objects: list[dict], name: str) -> dict:
    return {"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def export_asset(asset: Asset, out_dir: Path, base_url: str | None = None,
                 max_dpi: float = MAX_DPI) -> list[Path]:
    """Face sheets, back and saved-object JSON for one asset with faces."""
    from PIL import Image

    faces = list(asset.faces or [])
    if not faces:
        return []
    out_dir = Path(out_dir)
    safe = asset.name.replace("/", "-")
    w = max(i.w for i, _ in faces)
    h = max(i.h for i, _ in faces)
    written: list[Path] = []

    # card pixel size is set by the first (fullest) sheet so all cards match
    groups = chunks(faces)
    cols0, rows0 = grid_for(len(groups[0]), w, h)
    size = card_pixels(cols0, rows0, w, h, max_dpi)
    back_img, own_backs = _backs(asset, faces, size)

    def sheet_of(images, cols, rows, hidden, name):
        sheet = Image.new("RGB", (cols * size[0], rows * size[1]), (255, 255, 255))
        for slot, img in enumerate(images):
            r, c = divmod(slot, cols)
            sheet.paste(img, (c * size[0], r * size[1]))
        sheet.paste(hidden, ((cols - 1) * size[0], (rows - 1) * size[1]))  # hidden-card slot
        path = out_dir / name
        _write(path, _png_bytes(sheet))
        written.append(path)
        return path

    sheets = []
    thumb = None
    start = 0
    for n, group in enumerate(groups, 1):
        cols, rows = grid_for(len(group), w, h)
        images = [_render(item, False, size) for item, _ in group]
        thumb = thumb or images[0].copy()
        path = sheet_of(images, cols, rows, back_img, f"{safe}-faces-{n}.png")
        sheet = {"url": _url(path, base_url), "cols": cols, "rows": rows, "faces": group}
        if own_backs is not None:
            bpath = sheet_of(own_backs[start:start + len(group)], cols, rows, back_img, f"{safe}-backs-{n}.png")
            sheet["back_url"] = _url(bpath, base_url)
        sheets.append(sheet)
        start += len(group)
    back_path = out_dir / f"{safe}-back.png"
    _write(back_path, _png_bytes(back_img))
    written.append(back_path)
    # TTS shows <name>.png next to a saved object as its thumbnail
    thumb.thumbnail((256, 256))
    thumb_path = out_dir / f"{safe}.png"
    _write(thumb_path, _png_bytes(thumb))
    written.append(thumb_path)
    obj = deck_object(asset, sheets, _url(back_path, base_url), (w, h))
    json_path = out_dir / f"{safe}.json"
    text = json.dumps(saved_object([obj], asset.title or asset.name), ensure_ascii=False, indent=2) + "\n"
    _write(json_path, text.encode("utf-8"))
    written.append(json_path)
    return written


def export(game, opts: BuildOptions, out_dir: Path) -> list[Path]:
    """Export every deck/counter asset of ``game`` for Tabletop Simulator
    into ``out_dir/<game>/tts/`` (out_dir is the build's output root)."""
    from .build import collect_assets

    extra = opts.extra or {}
    base_url = extra.get("tts_url")
    max_dpi = min(MAX_DPI, float(extra.get("tts_dpi", MAX_DPI)))
    folder = Path(out_dir) / game.name / TTS_FOLDER
    written: list[Path] = []
    for asset in collect_assets(game, opts):
        if asset.faces:
            written += export_asset(asset, folder, base_url, max_dpi)
    return written
