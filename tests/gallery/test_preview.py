"""Contact sheets and the hand fan: structure of the scene, and pixels of the
rendered PNG (every face's colour where the layout says it is)."""
from __future__ import annotations

import os
import re

import pytest
from PIL import Image

from galhelp import DATA, KAFKA_COPIES, REPO, close, deck, face_colour, rgb

from pnp.layout.builtin import preview
from pnp.render import png
from pnp.scene import Group


def _groups(node, pattern):
    found = []
    if isinstance(node, Group):
        if node.id and re.fullmatch(pattern, node.id):
            found.append(node)
        for c in node.children:
            found += _groups(c, pattern)
    return found


def test_contact_sheet_shows_each_face_once_where_the_layout_says(tmp_path):
    asset = deck(KAFKA_COPIES)
    page = preview.contact_sheet(asset)
    cells = _groups(page.content, r"face-\d+")
    assert len(cells) == 17
    path = tmp_path / "c.png"
    dpi = 60
    png.write_png(page, path, dpi=dpi)
    img = Image.open(path).convert("RGB")
    k = dpi / 25.4
    assert abs(img.width - page.width * k) <= 2 and abs(img.height - page.height * k) <= 2
    for i, cell in enumerate(cells):
        x, y = cell.transform.e, cell.transform.f  # the face's top-left, in mm
        px = img.getpixel((round((x + 10) * k), round((y + 10) * k)))
        assert close(px, rgb(face_colour(i))), (i, px)
    # captions give copies: the sheet is not wider than tall by more than ~2:1
    assert 0.5 < page.width / page.height < 2.5


def test_contact_sheet_rejects_an_asset_without_faces():
    from pnp.model.assets import Asset

    with pytest.raises(ValueError, match="no faces"):
        preview.contact_sheet(Asset("board", "Board", []))


def test_hand_fans_five_distinct_cards_symmetrically(tmp_path):
    asset = deck(KAFKA_COPIES)
    page = preview.hand(asset, 5)
    cards = _groups(page.content, r"card-\d+")
    assert len(cards) == 5
    # rotation angle of each card from its transform matrix, left to right
    import math

    angles = [math.degrees(math.atan2(c.transform.b, c.transform.a)) for c in cards]
    assert angles == sorted(angles) and angles[0] == pytest.approx(-angles[-1])
    assert angles[2] == pytest.approx(0, abs=1e-9)
    path = tmp_path / "hand.png"
    png.write_png(page, path, dpi=50)
    img = Image.open(path).convert("RGB")
    colours = img.getcolors(1 << 20)
    present = {i for i in range(17) if any(close(c, rgb(face_colour(i)), 6) for n, c in colours if n > 30)}
    assert len(present) == 5  # five different faces are visible
    # the last card lies on top: its centre, mapped through its transform, shows its colour
    k = 50 / 25.4
    top = cards[-1]
    x, y = top.transform.apply(63 / 2, 88 / 4)
    visible = sorted(present)
    assert close(img.getpixel((round(x * k), round(y * k))), rgb(face_colour(visible[-1])), 6)
    # every card shows a strip at least a quarter card wide along its top edge
    for c in cards[:-1]:
        nxt = cards[cards.index(c) + 1]
        (ax, ay), (bx, by) = c.transform.apply(0, 0), nxt.transform.apply(0, 0)
        assert ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 > 63 / 4


def test_build_adds_contact_sheets_only_for_assets_with_faces():
    from pnp.model.assets import Asset
    from pnp.output.plan import _contact_sheets

    sheets = _contact_sheets([deck([2, 1], name="cards/small"), Asset("board", "Board", [])])
    assert [s.name for s in sheets] == ["cards/small-contact-sheet"]
    img = png.render_image(list(sheets[0].iter_pages())[0], dpi=40)
    assert img.size[0] > 50


def test_hand_of_the_real_deck_and_readme_image(tmp_path):
    """The README's hand picture comes from the first real deck with faces;
    set PNP_UPDATE_DOCS=1 to rewrite docs/hand.png."""
    from pnp.model.assets import BuildOptions
    from pnp.output.build import collect_assets
    from pnp.model.game import discover

    decks = [a for game in discover(DATA).values() for a in collect_assets(game, BuildOptions())
             if a.faces and len(a.faces) >= 5]
    assert decks, "a shipped game has a deck of 5 or more faces (Kafkas Halle's permits)"
    # the biggest pieces make the best picture: cards rather than counters
    best = max(decks, key=lambda a: a.faces[0][0].w * a.faces[0][0].h)
    from pnp.render.png import png_bytes

    out = tmp_path / "hand.png"
    out.write_bytes(png_bytes(preview.hand(best, 5), 110))
    img = Image.open(out).convert("RGB")
    assert img.width > img.height  # a fan is wider than tall
    assert len(img.getcolors(1 << 20)) > 50
    if os.environ.get("PNP_UPDATE_DOCS"):
        (REPO / "docs").mkdir(exist_ok=True)
        (REPO / "docs" / "hand.png").write_bytes(out.read_bytes())
