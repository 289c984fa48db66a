"""Grid imposition: capacity, bleed, crop marks, duplex backs, page boxes."""
import io
import math
from dataclasses import replace

import pytest

from pnp.impose.grid import grid_capacity, impose, plan_grid
from pnp.impose.items import SheetSpec
from pnp.model.paper import card_size, paper_size

from .helpers import card, centre, find, overlaps, placed, seg_hits_box, segments

SHEET = SheetSpec(paper="a4", margin=8, bleed=3, gutter=0)

# Worked by hand from margin 8 mm: A4 leaves 194 x 281 mm, Letter 199.9 x 263.4 mm.
CAPACITY = [
    ("poker", "a4", (3, 3, "portrait")),  # 3x63=189, 3x88=264
    ("poker", "letter", (4, 2, "landscape")),  # 3x88=264 > 263.4, so portrait only 3x2
    ("bridge", "a4", (3, 3, "portrait")),
    ("bridge", "letter", (4, 2, "landscape")),
    ("mini", "a4", (6, 3, "landscape")),  # 6x44=264<=281, 3x63=189<=194: 18 > 16
    ("mini", "letter", (4, 4, "portrait")),  # landscape 5x3=15 < 16
    ("tarot", "a4", (2, 2, "portrait")),  # landscape 4x1 ties: portrait kept
    ("tarot", "letter", (2, 2, "portrait")),
    ("square", "a4", (2, 4, "portrait")),
    ("square", "letter", (2, 3, "portrait")),
]


@pytest.mark.parametrize("name,paper,expected", CAPACITY)
def test_capacity_per_sheet_and_card_size(name, paper, expected):
    w, h = card_size(name)
    sheet = replace(SHEET, paper=paper, orientation="auto")
    assert grid_capacity(w, h, sheet) == expected
    plan = plan_grid(w, h, sheet)
    # the chosen grid really fits inside the margins, and no layout holds more
    pw, ph = paper_size(paper, plan.orientation)
    g = plan.grid
    assert g.x >= 8 - 1e-9 and g.right <= pw - 8 + 1e-9
    assert g.y >= 8 - 1e-9 and g.bottom <= ph - 8 + 1e-9
    for o in ("portrait", "landscape"):
        for cw, ch in ((w, h), (h, w)):
            aw, ah = paper_size(paper, o)
            assert math.floor((aw - 16) / cw) * math.floor((ah - 16) / ch) <= plan.per_page


def test_grid_is_centred():
    plan = plan_grid(63, 88, SHEET)
    g = plan.grid
    assert g.x == pytest.approx(210 - g.right)
    assert g.y == pytest.approx(297 - g.bottom)


def test_gutter_reduces_capacity():
    w, h = card_size("poker")
    assert plan_grid(w, h, SHEET).per_page == 9
    with_gutter = plan_grid(w, h, replace(SHEET, gutter=5))
    assert with_gutter.per_page == 8
    # neighbouring trims are exactly one gutter apart
    assert with_gutter.trim(1).x - with_gutter.trim(0).right == pytest.approx(5)


def test_fixed_orientation_turns_cards_when_that_fits_more():
    land = replace(SHEET, orientation="landscape")
    assert grid_capacity(63, 88, land) == (3, 3, "landscape")
    assert plan_grid(63, 88, land).rotated
    assert grid_capacity(63, 88, replace(land, rotate=False)) == (4, 2, "landscape")
    pages = list(impose([card() for _ in range(9)], replace(land, duplex="none")))
    assert len(pages) == 1 and pages[0].width == 297
    for trim, _, t in placed(pages[0], "card-").values():
        assert (trim.w, trim.h) == pytest.approx((88, 63))
        assert t.a * t.d - t.b * t.c == pytest.approx(1)  # turned, not mirrored


def test_too_big_item_is_refused_with_advice():
    """The advice names a paper that really holds the piece: the smallest named one, else WxH."""
    with pytest.raises(ValueError, match=r"300 × 300 mm .*; it needs paper of at least 316 × 316 mm "
                                         r"\(--paper 316x316\)"):
        plan_grid(300, 300, replace(SHEET, margin=8))
    with pytest.raises(ValueError, match=r"it needs a3 or larger \(--paper a3\)"):
        plan_grid(200, 250, replace(SHEET, paper="a5", margin=8))
    assert plan_grid(200, 250, replace(SHEET, paper="a3", margin=8)).per_page >= 1
    assert plan_grid(300, 300, replace(SHEET, paper="316x316", margin=8)).per_page == 1


def test_mixed_sizes_are_refused():
    with pytest.raises(ValueError, match=r"item 3 \(odd\).*pack"):
        list(impose([card(), card(), card(60, 60, label="odd")], SHEET))


@pytest.mark.parametrize("gutter", [0, 2, 6, 10])
def test_no_bleed_covers_another_trim(gutter):
    sheet = replace(SHEET, gutter=gutter, duplex="none")
    page = next(impose([card() for _ in range(9)], sheet))
    cards = placed(page, "card-")
    assert len(cards) == plan_grid(63, 88, sheet).per_page >= 4
    for a, (trim_a, clip_a, _) in cards.items():
        # the clip never cuts into the card itself, and shows at most the bleed
        assert clip_a.x <= trim_a.x and clip_a.right >= trim_a.right
        assert clip_a.x >= trim_a.x - 3 - 1e-9 and clip_a.right <= trim_a.right + 3 + 1e-9
        for b, (trim_b, clip_b, _) in cards.items():
            if a != b:
                assert not overlaps(clip_a, trim_b), (a, b)
                assert not overlaps(clip_a, clip_b), (a, b)


def test_outer_bleed_is_full_and_inner_bleed_half_the_gutter():
    page = next(impose([card() for _ in range(9)], replace(SHEET, gutter=2, duplex="none")))
    cards = placed(page, "card-")
    trim, clip, _ = cards["card-0"]  # top-left card
    assert trim.x - clip.x == pytest.approx(3)
    assert trim.y - clip.y == pytest.approx(3)
    assert clip.right - trim.right == pytest.approx(1)
    assert clip.bottom - trim.bottom == pytest.approx(1)


@pytest.mark.parametrize("paper,gutter", [("a4", 0), ("letter", 0), ("a4", 4)])
def test_crop_marks_in_margin_aligned_with_every_trim_edge(paper, gutter):
    sheet = replace(SHEET, paper=paper, gutter=gutter, duplex="none")
    page = next(impose([card() for _ in range(20)], sheet))
    cards = placed(page, "card-")
    marks = list(find(page.content, "crop-marks"))
    assert len(marks) == 1
    segs = list(segments(marks[0][0]))
    assert segs
    trims = [c[0] for c in cards.values()]
    clips = [c[1] for c in cards.values()]
    grid = page.bleed  # the box of all cards with their bleed
    for p, q in segs:
        for pt in (p, q):  # on the paper
            assert -1e-9 <= pt[0] <= page.width + 1e-9 and -1e-9 <= pt[1] <= page.height + 1e-9
        for b in trims + clips + [grid]:
            assert not seg_hits_box(p, q, b), (p, q, b)
        # in the margin: entirely above, below, left or right of all cards and bleed
        xs, ys = (p[0], q[0]), (p[1], q[1])
        assert (max(ys) <= grid.y or min(ys) >= grid.bottom or max(xs) <= grid.x or min(xs) >= grid.right)
    vertical = {round(p[0], 6) for p, q in segs if p[0] == q[0]}
    horizontal = {round(p[1], 6) for p, q in segs if p[1] == q[1]}
    # every trim edge has a mark on its extension, and no mark points anywhere else
    edges_x = {round(v, 6) for t in trims for v in (t.x, t.right)}
    edges_y = {round(v, 6) for t in trims for v in (t.y, t.bottom)}
    assert vertical == edges_x
    assert horizontal == edges_y
    # each vertical edge is marked both above and below the grid
    for x in edges_x:
        ends = [p[1] for p, q in segs if p[0] == q[0] and round(p[0], 6) == x]
        assert min(ends) < grid.y and max(ends) > grid.bottom


def test_cut_lines_follow_trims():
    page = next(impose([card() for _ in range(9)], replace(SHEET, cut_lines=True, duplex="none")))
    (cuts, t), = find(page.content, "cut-lines")
    segs = list(segments(cuts))
    xs = {round(p[0], 6) for p, q in segs if p[0] == q[0]}
    assert xs == {round(10.5 + 63 * k, 6) for k in range(4)}
    assert not list(find(next(impose([card()], replace(SHEET, duplex="none"))).content, "cut-lines"))


def test_page_trim_and_bleed_boxes():
    pages = list(impose([card() for _ in range(11)], replace(SHEET, duplex="none")))
    assert len(pages) == 2
    full, part = pages
    assert (full.trim.x, full.trim.y, full.trim.w, full.trim.h) == pytest.approx((10.5, 16.5, 189, 264))
    assert (full.bleed.x, full.bleed.y, full.bleed.w, full.bleed.h) == pytest.approx((7.5, 13.5, 195, 270))
    # two cards on the last sheet: the boxes hug those two only
    assert (part.trim.x, part.trim.y, part.trim.w, part.trim.h) == pytest.approx((10.5, 16.5, 126, 88))
    assert part.bleed.x == pytest.approx(7.5) and part.bleed.y == pytest.approx(13.5)


def test_trim_and_bleed_boxes_in_the_pdf():
    pypdf = pytest.importorskip("pypdf")
    backend = pytest.importorskip("pnp.render.pdf")
    pages = list(impose([card() for _ in range(9)], replace(SHEET, duplex="none")))
    data = backend.render_pdf_bytes(pages)
    pdf = pypdf.PdfReader(io.BytesIO(data))
    pt = 72 / 25.4
    pg = pdf.pages[0]
    assert float(pg.mediabox.width) == pytest.approx(210 * pt, abs=0.01)
    trim = [float(v) for v in pg.trimbox]
    bleed = [float(v) for v in pg.bleedbox]
    # PDF boxes: (left, bottom, right, top) in points from the bottom-left corner
    assert trim == pytest.approx([10.5 * pt, (297 - 280.5) * pt, 199.5 * pt, (297 - 16.5) * pt], abs=0.01)
    assert bleed == pytest.approx([7.5 * pt, (297 - 283.5) * pt, 202.5 * pt, (297 - 13.5) * pt], abs=0.01)


def test_labels_count_sheets():
    pages = list(impose([card() for _ in range(20)], SHEET))
    assert [p.label for p in pages] == ["Vorderseiten 1/3", "Rückseiten 1/3", "Vorderseiten 2/3",
                                       "Rückseiten 2/3", "Vorderseiten 3/3", "Rückseiten 3/3"]
    en = list(impose((card() for _ in range(10)), replace(SHEET, lang="en")))
    assert [p.label for p in en] == ["Fronts 1", "Backs 1", "Fronts 2", "Backs 2"]


def test_impose_streams_one_sheet_at_a_time():
    taken = []

    def cards():
        for i in range(10_000):
            taken.append(i)
            yield card()

    pages = impose(cards(), SHEET)
    next(pages)
    next(pages)  # front and back of sheet 1
    assert len(taken) == 9


def test_no_backs_without_duplex_or_without_back_art():
    assert len(list(impose([card() for _ in range(9)], replace(SHEET, duplex="none")))) == 1
    assert len(list(impose([card(back=False) for _ in range(9)], SHEET))) == 1
    # a sheet where only some cards have backs still gets a back page with just those
    mixed = [card(back=(i % 2 == 0)) for i in range(9)]
    pages = list(impose(mixed, SHEET))
    assert len(pages) == 2
    assert sorted(placed(pages[1], "back-")) == sorted(f"back-{i}" for i in range(0, 9, 2))


def test_every_front_gets_a_back_page_once_any_card_has_a_back():
    # sheet 1 without backs, sheet 2 with: a duplex printer pairs pages two by two,
    # so sheet 1 still needs its (blank) back page
    deck = [card(back=False) for _ in range(9)] + [card() for _ in range(9)]
    pages = list(impose(deck, SHEET))
    assert [p.label for p in pages] == ["Vorderseiten 1/2", "Rückseiten 1/2", "Vorderseiten 2/2", "Rückseiten 2/2"]
    assert not placed(pages[1], "back-") and len(placed(pages[3], "back-")) == 9


def _mirror(duplex, w, h, pt):
    """Where a front point is seen from the back, worked out from the physical flip."""
    x, y = pt
    long_side_vertical = h >= w
    flip_about_vertical = (duplex == "long") == long_side_vertical
    return (w - x, y) if flip_about_vertical else (x, h - y)


@pytest.mark.parametrize("duplex,orientation", [("long", "portrait"), ("short", "portrait"),
                                                ("long", "landscape"), ("short", "landscape")])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_each_back_lands_behind_its_front(duplex, orientation, offset):
    sheet = replace(SHEET, duplex=duplex, orientation=orientation, back_offset=offset, rotate=False)
    front, back = list(impose([card() for _ in range(7)], sheet))
    w, h = front.width, front.height
    fronts = placed(front, "card-")
    backs = placed(back, "back-")
    assert len(backs) == 7
    for i in range(7):
        ftrim, fclip, ft = fronts[f"card-{i}"]
        btrim, bclip, bt = backs[f"back-{i}"]
        mx, my = _mirror(duplex, w, h, centre(ftrim))
        assert centre(btrim) == pytest.approx((mx + offset[0], my + offset[1]))
        assert (btrim.w, btrim.h) == pytest.approx((ftrim.w, ftrim.h))
        # the back image is turned, never mirrored
        assert bt.a * bt.d - bt.b * bt.c == pytest.approx(1)
        # every point of the card's back sits behind the same point of its front,
        # the back being seen as when the card is turned over like a book page
        for u, v in ((0, 0), (63, 0), (10, 70), (63, 88)):
            fx, fy = ft.apply(u, v)
            sx, sy = _mirror(duplex, w, h, (fx, fy))
            assert bt.apply(63 - u, v) == pytest.approx((sx + offset[0], sy + offset[1]))
    # page boxes move with the backs
    assert centre(back.trim) == pytest.approx(
        tuple(a + b for a, b in zip(_mirror(duplex, w, h, centre(front.trim)), offset)))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_turned_cards_get_turned_backs_behind_them(duplex):
    sheet = replace(SHEET, duplex=duplex, orientation="landscape")  # poker turned: 3x3
    front, back = list(impose([card() for _ in range(9)], sheet))
    fronts, backs = placed(front, "card-"), placed(back, "back-")
    for i in range(9):
        ft, bt = fronts[f"card-{i}"][2], backs[f"back-{i}"][2]
        assert ft.b != 0  # really turned
        for u, v in ((0, 0), (63, 0), (10, 70)):
            want = _mirror(duplex, 297, 210, ft.apply(u, v))
            assert bt.apply(63 - u, v) == pytest.approx(want)


def test_long_flip_keeps_backs_upright_short_flip_turns_them():
    f, b = list(impose([card()], replace(SHEET, duplex="long")))
    t = placed(b, "back-")["back-0"][2]
    assert (t.a, t.b, t.c, t.d) == pytest.approx((1, 0, 0, 1))
    f, b = list(impose([card()], replace(SHEET, duplex="short")))
    t = placed(b, "back-")["back-0"][2]
    assert (t.a, t.b, t.c, t.d) == pytest.approx((-1, 0, 0, -1))


def test_back_pages_have_no_crop_marks():
    f, b = list(impose([card() for _ in range(9)], SHEET))
    assert list(find(f.content, "crop-marks"))
    assert not list(find(b.content, "crop-marks"))


def test_cards_beside_an_empty_cell_keep_their_full_bleed():
    """On a partial last sheet (here 5 of 9), fronts and backs next to an empty cell bleed
    as far as towards the paper edge, so backs cannot be told apart after a rough cut."""
    from pnp.impose.grid import impose, plan_grid
    from pnp.impose.items import SheetSpec

    sheet = SheetSpec(paper="a4", bleed=3, duplex="long")
    plan = plan_grid(63, 88, sheet)
    assert plan.per_page == 9
    full = plan.bleed(4)
    five = [plan.bleed(i, 5) for i in range(5)]
    t = plan.trim(4)
    assert (t.x - full.x, full.right - t.right) == (0.0, 0.0)  # butted neighbours: no bleed between them
    assert five[4].right - plan.trim(4).right == plan.outer_bleed  # cell 5 is empty: full bleed to the right
    assert five[2].bottom - plan.trim(2).bottom == plan.outer_bleed  # cell 5 below is empty
    assert five[1].bottom - plan.trim(1).bottom == 0  # card 4 below it
    pages = list(impose([card(label=f"c{i}") for i in range(5)], sheet))
    assert len(pages) == 2
    def boxes(page, prefix):
        return sorted((round(g.clip.w - 63, 3), round(g.clip.h - 88, 3)) for g in page.content.children
                      if (getattr(g, "id", "") or "").startswith(prefix))

    # each back has the bleed of its front (mirrored); card 3 (top right) bleeds 3 mm into the empty cell below
    assert boxes(pages[1], "back-") == boxes(pages[0], "card-")
    assert (plan.outer_bleed, 2 * plan.outer_bleed) in boxes(pages[1], "back-")
