"""The SVG as a browser draws it: Chromium's raster agrees with the scene.

Skipped when Debian's chromium is not installed. The page is 210 x 297 mm,
which a browser shows at 96 px per inch; shapes must land within a pixel.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest
from PIL import Image as PILImage

from backend_readback import build_scene, colour_bbox, ink_bbox
from pnp.render.png import render_image
from pnp.render.svg import write_svg

K = 96 / 25.4  # CSS px per mm


@pytest.fixture(scope="module")
def shot(tmp_path_factory):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    d = tmp_path_factory.mktemp("svgshot")
    write_svg(build_scene(), d / "scene.svg")
    out = d / "shot.png"
    w, h = round(210 * K), round(297 * K)
    try:
        subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                        "--hide-scrollbars", "--force-device-scale-factor=1", f"--window-size={w},{h}",
                        f"--screenshot={out}", (d / "scene.svg").as_uri()],
                       check=True, capture_output=True, timeout=90)
    except (subprocess.SubprocessError, OSError) as exc:
        pytest.skip(f"Debian's chromium (not part of pnp) could not take a screenshot here: {exc}")
    return PILImage.open(out).convert("RGB")


@pytest.mark.parametrize("rgb,box", [((255, 0, 0), (20, 30, 70, 70)), ((0, 255, 0), (40, 110, 80, 130)),
                                     ((255, 0, 255), (140, 220, 150, 240)), ((255, 128, 0), (170, 235, 190, 255))],
                         ids=["rect", "ellipse", "rotated", "image"])
def test_browser_draws_shapes_where_the_scene_says(shot, rgb, box):
    ox, oy = round((box[0] - 4) * K), round((box[1] - 4) * K)  # look only near the shape
    near = shot.crop((ox, oy, round((box[2] + 4) * K), round((box[3] + 4) * K)))
    got = [v + o for v, o in zip(colour_bbox(near, rgb, tol=100), (ox, oy, ox, oy))]
    assert max(abs(g - b * K) for g, b in zip(got, box)) <= 1.0, (got, [b * K for b in box])


def test_browser_text_sits_where_the_png_puts_it(shot):
    """Text kept as text, named 'DejaVu Sans': the browser's ink box matches pnp's own raster."""
    crop = tuple(round(v * K) for v in (15, 12, 110, 24))
    ours = render_image(build_scene(), dpi=96).crop(crop)
    theirs = shot.crop(crop)
    a, b = ink_bbox(theirs), ink_bbox(ours)
    assert max(abs(u - v) for u, v in zip(a, b)) <= 2, (a, b)
