"""Imposed sheets through the real PDF backend, rasterised with PDFium:
cards where the scene says, bleed past the outer trims, backs behind fronts."""
from dataclasses import replace

import pytest

from pnp.impose.grid import impose
from pnp.impose.items import SheetSpec
from pnp.impose.tiling import tile
from pnp.render import pdf as pdf_backend

from .helpers import card, centre, placed


DPI = 50
PX = DPI / 25.4


def raster(pages, tmp_path):
    from pdfread import rasters

    return rasters(pdf_backend.render_pdf_bytes(pages), DPI)


def px(img, x_mm, y_mm):
    return img.getpixel((int(x_mm * PX), int(y_mm * PX)))


def reddish(c):
    return c[0] > 150 and c[1] < 80 and c[2] < 80


def bluish(c):
    return c[2] > 140 and c[0] < 80


def white(c):
    return min(c) > 235


def test_grid_sheet_pixels(tmp_path):
    sheet = SheetSpec(duplex="long", back_offset=(2.0, 0.0))
    pages = list(impose([card() for _ in range(9)], sheet))
    front, back = raster(pages, tmp_path)
    assert abs(front.size[0] - 210 * PX) <= 1 and abs(front.size[1] - 297 * PX) <= 1
    cards = placed(pages[0], "card-")
    for trim, _, _ in cards.values():
        assert reddish(px(front, trim.x + 15, trim.y + 30))
    grid = pages[0].trim
    # bleed: 1.5 mm outside the outer trims is still card colour, 5 mm out is paper
    assert reddish(px(front, grid.x - 1.5, grid.y + 40))
    assert white(px(front, grid.x - 5, grid.y + 40))
    assert reddish(px(front, grid.x + 40, grid.bottom + 1.5))
    # a crop mark: dark pixels on the first trim edge's extension above the grid
    mark_y = grid.y - 3 - 1 - 2  # past bleed and gap, mid-mark
    assert min(px(front, grid.x + dx / PX, mark_y)[0] for dx in (-1, 0, 1)) < 200
    assert white(px(front, grid.x + 2, mark_y))  # and only there
    # backs behind fronts: the back of the top-left card is at the top-right, shifted 2 mm
    back_trims = placed(pages[1], "back-")
    tl = cards["card-0"][0]
    bt = back_trims["back-0"][0]
    assert centre(bt) == pytest.approx((210 - centre(tl)[0] + 2, centre(tl)[1]))
    assert bluish(px(back, bt.x + 15, bt.y + 15))
    assert bluish(px(back, bt.right + 1.5, bt.y + 40))  # outer bleed on the back too
    assert white(px(back, bt.right + 6, bt.y + 40))


def test_tiled_board_pages_render(tmp_path):
    from pnp.impose.items import Item
    from pnp.scene import Group, Rect, style

    board = Item(300, 300, lambda b: Group(children=[Rect(-b, -b, 300 + 2 * b, 300 + 2 * b, style(fill="red"))]))
    pages = tile(board, replace(SheetSpec(), lang="en"), overlap=10)
    imgs = raster(pages, tmp_path)
    assert len(imgs) == 4
    for p, img in zip(pages, imgs):
        assert reddish(px(img, *centre(p.trim)))
        assert white(px(img, p.bleed.x - 3, p.bleed.y + 20))  # nothing outside the window
