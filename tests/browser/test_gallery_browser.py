"""The gallery in a real browser, from file:// with the network cut off:
every preview image decodes, every link target exists, and a screenshot
shows something. PNP_UPDATE_DOCS=1 also writes docs/gallery.png."""
from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "gallery"))
from galhelp import build_real_games  # noqa: E402


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    from pnp.output.gallery import write_gallery

    out, data, built = build_real_games(tmp_path_factory.mktemp("real"))
    return write_gallery(out, data), built


def test_gallery_loads_offline_with_every_image_and_link(browser, gallery, tmp_path):
    index, built = gallery
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    page.route("http*://**", lambda route: route.abort())  # no network, ever
    page.goto(index.as_uri(), wait_until="load")

    imgs = page.eval_on_selector_all("img", "els => els.map(e => [e.currentSrc, e.complete, e.naturalWidth])")
    assert len(imgs) >= len(built)
    broken = [src for src, done, w in imgs if not done or w == 0]
    assert not broken, broken

    links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    ids = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
    for href in links:
        u = urlparse(href)
        assert u.scheme == "file", href
        if u.fragment and Path(unquote(u.path)) == index:
            assert u.fragment in ids, href
        else:
            assert Path(unquote(u.path)).is_file(), href
    assert all(r.startswith("file://") for r in requested), [r for r in requested if not r.startswith("file://")]

    titles = page.eval_on_selector_all("section.game h2", "els => els.map(e => e.textContent)")
    assert len(titles) >= len(built)
    assert all(("ok" in t) or ("FAIL" in t) or ("no checker" in t) or ("no data" in t) for t in titles), titles

    shot = page.screenshot(full_page=False)
    img = Image.open(io.BytesIO(shot)).convert("RGB")
    assert img.size == (1280, 900)
    assert len(img.getcolors(1 << 20)) > 200  # previews rendered, not a blank page
    if os.environ.get("PNP_UPDATE_DOCS"):
        small = img.resize((960, 675), Image.LANCZOS).quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        (REPO / "docs").mkdir(exist_ok=True)
        small.save(REPO / "docs" / "gallery.png", optimize=True)
    page.close()
