"""The pictures a build places are held to a budget a deck of real photos fits in: 1,000
megapixels of different PNG and JPEG pictures by default, `--max-picture-megapixels` to change it."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from PIL import Image

from pnp.load.budget import BudgetError, Limits
from onedeck import one_deck_game

LAYOUT = """\
kind: layout
fields: {name: text, art: image}
elements:
  - {type: image, x: 5, y: 5, w: 53, h: 40, src: "{art}", fit: contain}
"""


def test_the_default_holds_eighty_phone_photos_and_says_how_to_raise_it():
    photo = 4032 * 3024  # a phone's 12 megapixels
    Limits().check_pictures(82 * photo, 0, "the deck's cards")
    with pytest.raises(BudgetError) as exc:
        Limits().check_pictures(83 * photo, 0, "the deck's cards")
    assert str(exc.value) == ("the deck's cards place 1,012 megapixels of raster pictures; the limit is 1,000 "
                              "megapixels a build (raise it with --max-picture-megapixels, or use fewer or smaller "
                              "pictures)")
    Limits(pictures=2000).check_pictures(83 * photo, 0, "the deck's cards")


def _deck(tmp_path, n: int):
    cards = [f"{{name: Foto {i}, art: p{i}.jpg}}" for i in range(n)]
    data = one_deck_game(tmp_path, "fotos", LAYOUT, cards)
    for i in range(n):  # 12 megapixels each, a few kilobytes of flat colour
        buf = io.BytesIO()
        Image.new("RGB", (4032, 3024), (20 * i % 255, 90, 160)).save(buf, "JPEG", quality=50)
        (data / "fotos" / f"p{i}.jpg").write_bytes(buf.getvalue())
    return data


def _pnp(*args: str) -> subprocess.CompletedProcess:
    code = "import sys; sys.argv[0] = 'pnp'; from pnp.cli.main import run; run()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PNP_CACHE_DIR": os.devnull})


def test_a_deck_of_ten_phone_photos_builds_and_the_flag_lowers_the_limit(tmp_path):
    data = _deck(tmp_path, 10)  # 122 megapixels: refused before, when the limit was 100
    ok = _pnp("build", "fotos", "--data", str(data), "--out", str(tmp_path / "out"), "-f", "pdf")
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "out" / "fotos" / "deck.pdf").stat().st_size > 10 * 4000
    low = _pnp("build", "fotos", "--data", str(data), "--out", str(tmp_path / "low"), "-f", "pdf",
               "--max-picture-megapixels", "50")
    assert low.returncode == 2 and "Traceback" not in low.stderr
    assert "place 61 megapixels of raster pictures; the limit is 50 megapixels a build (raise it with " \
           "--max-picture-megapixels" in low.stderr
    assert not (tmp_path / "low").exists()


def test_a_detailed_svg_illustration_builds_and_the_flag_sets_the_svg_budget(tmp_path):
    """An illustration of 6,000 elements (a traced drawing; refused outright before, at 5,000 an
    SVG) builds with the default budget of 10,000 SVG elements a build; the flag sets that budget."""
    rects = "".join(f'<rect x="{i % 100}" y="{i // 100}" width="1" height="1" fill="#{i % 4096:03x}"/>'
                    for i in range(5999))
    cards = ["{name: Bild, art: bild.svg}"]
    data = one_deck_game(tmp_path, "bild", LAYOUT, cards)
    (data / "bild" / "bild.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">{rects}'
                                           "</svg>", encoding="utf-8")
    ok = _pnp("build", "bild", "--data", str(data), "--out", str(tmp_path / "out"), "-f", "pdf")
    assert ok.returncode == 0, ok.stderr
    low = _pnp("build", "bild", "--data", str(data), "--out", str(tmp_path / "low"), "-f", "pdf",
               "--max-svg-elements", "5000")
    assert low.returncode == 2 and "Traceback" not in low.stderr
    assert ("the deck's cards place SVG pictures of 6,000 elements in all; the limit is 5,000 a build (raise it "
            "with --max-svg-elements;") in low.stderr
