"""Tabletop Simulator export: counts in the saved object, sheet limits, and
that each grid slot of the face sheet really shows the face the JSON says."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from galhelp import BACK, DATA, KAFKA_COPIES, close, deck, face_colour, rgb

from pnp.output import tts


@given(n=st.integers(1, 69), w=st.floats(10, 300), h=st.floats(10, 300))
@settings(max_examples=200, deadline=None)
def test_grid_fits_faces_plus_hidden_slot_within_tts_limits(n, w, h):
    cols, rows = tts.grid_for(n, w, h)
    assert 1 <= cols <= 10 and 1 <= rows <= 7
    assert cols * rows >= n + 1 >= 2
    cw, ch = tts.card_pixels(cols, rows, w, h)
    assert cols * cw <= 4096 and rows * ch <= 4096
    assert abs((cw / ch) / (w / h) - 1) <= 1.5 * (1 / cw + 1 / ch)  # whole pixels, same shape


def _load(paths):
    (js,) = [p for p in paths if p.suffix == ".json"]
    return json.loads(js.read_text())


def test_kafka_shaped_deck_counts_and_pixels(tmp_path):
    asset = deck(KAFKA_COPIES)
    paths = tts.export_asset(asset, tmp_path, max_dpi=80)  # small sheet: same layout, quicker
    obj = _load(paths)["ObjectStates"][0]
    assert obj["Name"] == "DeckCustom"
    assert len(obj["DeckIDs"]) == 50 == len(obj["ContainedObjects"])
    counts = Counter(obj["DeckIDs"])
    assert len(counts) == 17
    assert [counts[100 + i] for i in range(17)] == KAFKA_COPIES
    assert [c["CardID"] for c in obj["ContainedObjects"]] == obj["DeckIDs"]
    assert len({c["GUID"] for c in obj["ContainedObjects"]}) == 50
    (entry,) = obj["CustomDeck"].values()
    assert entry["UniqueBack"] is False  # all faces share one back
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert cols * rows >= 18 and cols <= 10 and rows <= 7
    sheet_path = tmp_path / "deck-faces-1.png"
    assert entry["FaceURL"] == sheet_path.resolve().as_uri()
    assert entry["BackURL"] == (tmp_path / "deck-back.png").resolve().as_uri()
    sheet = Image.open(sheet_path).convert("RGB")
    assert sheet.width <= 4096 and sheet.height <= 4096
    assert sheet.width % cols == 0 and sheet.height % rows == 0
    cw, ch = sheet.width // cols, sheet.height // rows
    assert abs(cw / ch - 63 / 88) < 0.01
    for i in range(17):  # TTS reads card i from slot i, row-major: check the colour there
        r, c = divmod(i, cols)
        px = sheet.getpixel((c * cw + cw // 5, r * ch + ch // 5))
        assert close(px, rgb(face_colour(i))), (i, px)
    # the last slot is the hidden-card image: the back
    assert close(sheet.getpixel(((cols - 1) * cw + cw // 2, (rows - 1) * ch + ch // 2)), rgb(BACK))
    back = Image.open(tmp_path / "deck-back.png").convert("RGB")
    assert back.size == (cw, ch) and close(back.getpixel((cw // 2, ch // 2)), rgb(BACK))


def test_many_faces_split_over_sheets_of_at_most_69(tmp_path):
    asset = deck([1] * 140 + [4], w=20, h=20, name="counters")
    paths = tts.export_asset(asset, tmp_path, max_dpi=40)
    obj = _load(paths)["ObjectStates"][0]
    assert len(obj["CustomDeck"]) == 3
    assert len(obj["DeckIDs"]) == 144
    per_sheet = Counter(i // 100 for i in obj["DeckIDs"])
    assert per_sheet == {1: 69, 2: 69, 3: 2 + 4}
    for key, entry in obj["CustomDeck"].items():
        img = Image.open(tmp_path / f"counters-faces-{key}.png")
        assert img.width <= 4096 and img.height <= 4096
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        assert entry["NumWidth"] * entry["NumHeight"] >= max(i % 100 for i in obj["DeckIDs"] if i // 100 == int(key)) + 2
    # square counters are scaled to stay square on the table
    assert obj["Transform"]["scaleX"] / obj["Transform"]["scaleZ"] == pytest.approx(88.9 / 63.5, rel=0.02)


def test_double_sided_counters_keep_their_own_backs(tmp_path):
    asset = deck([2, 1, 3], w=25, h=25, name="chits", own_back=True)
    obj = _load(tts.export_asset(asset, tmp_path, max_dpi=100))["ObjectStates"][0]
    (entry,) = obj["CustomDeck"].values()
    assert entry["UniqueBack"] is True
    assert entry["BackURL"] == (tmp_path / "chits-backs-1.png").resolve().as_uri()
    faces = Image.open(tmp_path / "chits-faces-1.png").convert("RGB")
    backs = Image.open(tmp_path / "chits-backs-1.png").convert("RGB")
    assert faces.size == backs.size
    cols = entry["NumWidth"]
    cw, ch = faces.width // cols, faces.height // entry["NumHeight"]
    for i in range(3):
        r, c = divmod(i, cols)
        xy = (c * cw + cw // 6, r * ch + ch // 6)
        assert close(faces.getpixel(xy), rgb(face_colour(i))) and close(backs.getpixel(xy), rgb(face_colour(i + 50)))


def test_huge_items_are_scaled_down_to_4096(tmp_path):
    asset = deck([1], w=297, h=420, name="posters")  # A3: 300 dpi would be 3508 x 4961 px
    tts.export_asset(asset, tmp_path)
    img = Image.open(tmp_path / "posters-faces-1.png")
    assert max(img.size) <= 4096
    assert max(img.size) >= 4000  # uses the room it has


def test_single_card_is_a_card_not_a_deck(tmp_path):
    obj = _load(tts.export_asset(deck([1]), tmp_path, max_dpi=30))["ObjectStates"][0]
    assert obj["Name"] == "CardCustom" and obj["CardID"] == 100


def test_export_is_deterministic_and_honours_base_url(tmp_path):
    a = tts.export_asset(deck([2, 1]), tmp_path / "a", base_url="https://example.org/pnp/", max_dpi=50)
    b = tts.export_asset(deck([2, 1]), tmp_path / "b", base_url="https://example.org/pnp/", max_dpi=50)
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]
    entry = next(iter(_load(a)["ObjectStates"][0]["CustomDeck"].values()))
    assert entry["FaceURL"] == "https://example.org/pnp/deck-faces-1.png"


def test_kafkas_halle_deck_is_50_cards_from_17_faces(tmp_path):
    from pnp.model.assets import BuildOptions
    from pnp.output.build import collect_assets
    from pnp.model.game import discover

    games = discover(DATA)
    assert [a for a in collect_assets(games["kafkas-halle"], BuildOptions()) if a.faces]
    paths = tts.export(games["kafkas-halle"], BuildOptions(extra={"tts_dpi": 60}), tmp_path)
    decks = [json.loads(p.read_text())["ObjectStates"][0] for p in paths if p.suffix == ".json"]
    sizes = sorted((len(set(d["DeckIDs"])), len(d["DeckIDs"])) for d in decks if d["Name"] == "DeckCustom")
    assert (17, 50) in sizes
    assert all(p.parent == tmp_path / "kafkas-halle" / "tts" for p in paths)
