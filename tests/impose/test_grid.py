"""Grid imposition: capacity, bleed, crop marks, duplex backs, page boxes."""
import io
import math
from dataclasses import replace

import pypdf
import pytest

from pnp.impose.grid import grid_capacity, impose, fit_grid
from pnp.impose.items import SheetSpec
from pnp.model.paper import card_size, paper_size
from pnp.render import pdf as backend
from pnp.scene import Box

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
    plan = fit_grid(w, h, sheet)
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
    plan = fit_grid(63, 88, SHEET)
    g = plan.grid
    assert g.x == pytest.approx(210 - g.right)
    assert g.y == pytest.approx(297 - g.bottom)


def test_gutter_reduces_capacity():
    w, h = card_size("poker")
    assert fit_grid(w, h, SHEET).per_page == 9
    with_gutter = fit_grid(w, h, replace(SHEET, gutter=5))
    assert with_gutter.per_page == 8
    # neighbouring trims are exactly one gutter apart
    assert with_gutter.trim(1).x - with_gutter.trim(0).right == pytest.approx(5)


def test_fixed_orientation_turns_cards_when_that_fits_more():
    land = replace(SHEET, orientation="landscape")
    assert grid_capacity(63, 88, land) == (3, 3, "landscape")
    assert fit_grid(63, 88, land).rotated
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
        fit_grid(300, 300, replace(SHEET, margin=8))
    with pytest.raises(ValueError, match=r"it needs a3 or larger \(--paper a3\)"):
        fit_grid(200, 250, replace(SHEET, paper="a5", margin=8))
    assert fit_grid(200, 250, replace(SHEET, paper="a3", margin=8)).per_page >= 1
    assert fit_grid(300, 300, replace(SHEET, paper="316x316", margin=8)).per_page == 1


def test_mixed_sizes_are_refused():
    with pytest.raises(ValueError, match=r"item 3 \(odd\).*pack"):
        list(impose([card(), card(), card(60, 60, label="odd")], SHEET))


@pytest.mark.parametrize("gutter", [0, 2, 6, 10])
def test_no_bleed_covers_another_trim(gutter):
    sheet = replace(SHEET, gutter=gutter, duplex="none")
    page = next(impose([card() for _ in range(9)], sheet))
    cards = placed(page, "card-")
    assert len(cards) == fit_grid(63, 88, sheet).per_page >= 4
    for a, (trim_a, clip_a, _) in cards.items():
        # the clip never cuts into the card itself, and shows at most the bleed
        assert clip_a.x <= trim_a.x and clip_a.right >= trim_a.right
        assert clip_a.x >= trim_a.x - 3 - 1e-9 and clip_a.right <= trim_a.right + 3 + 1e-9
        for b, (trim_b, clip_b, _) in cards.items():
            if a != b:
                assert not overlaps(clip_a, trim_b), (a, b)
                assert not overlaps(clip_a, clip_b), (a, b)


def test_outer_bleed_is_full_and_inner_bleed_half_the_gutter():
    # margin 12: two columns, 41 mm from the side edges, so the bleed and the marks have room
    page = next(impose([card() for _ in range(9)], replace(SHEET, gutter=2, duplex="none", margin=12)))
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
    # 10.5 mm to the side edges: 6 left blank and gap 1 leave 3.5 mm for bleed (2 mm) and crop mark (1.5 mm)
    assert (full.bleed.x, full.bleed.y, full.bleed.w, full.bleed.h) == pytest.approx((8.5, 14.5, 193, 268))
    # two cards on the last sheet: the boxes hug those two only
    assert (part.trim.x, part.trim.y, part.trim.w, part.trim.h) == pytest.approx((10.5, 16.5, 126, 88))
    assert part.bleed.x == pytest.approx(8.5) and part.bleed.y == pytest.approx(14.5)


def test_trim_and_bleed_boxes_in_the_pdf():
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
    assert bleed == pytest.approx([8.5 * pt, (297 - 282.5) * pt, 201.5 * pt, (297 - 14.5) * pt], abs=0.01)


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
    from pnp.impose.grid import impose, fit_grid
    from pnp.impose.items import SheetSpec

    sheet = SheetSpec(paper="a4", bleed=3, duplex="long")
    plan = fit_grid(63, 88, sheet)
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


# ------------------------------------------------------------------ edges: exact fits, gutters, narrow margins


def _sheet(**kw) -> SheetSpec:
    return SheetSpec(**{"paper": "200x100", "orientation": "portrait", "margin": 5, "bleed": 3, "gutter": 0,
                        "rotate": False, "duplex": "none", **kw})


@pytest.mark.parametrize("paper, gutter, cols", [
    ("200x100", 5, 3),  # 3 x 60 + 2 x 5 = 190 = 200 - 2 x 5: exactly, the last card still fits
    ("199.9x100", 5, 2),  # a tenth of a millimetre short: it does not
    ("200x100", 5.1, 2),  # nor with a tenth more gutter
    ("190x100", 0, 3),  # no gutter: 3 x 60 = 180 = 190 - 10
    ("189.9x100", 0, 2),
    ("190.2x100", 0.1, 3),  # 3 x 60 + 2 x 0.1 = 180.2 exactly, though (180.2 + 0.1) / 60.1 < 3 in floating point
    ("264.9x100", 5, 3),  # 4 need 4 x 60 + 3 x 5 = 255 inside the margins
    ("265x100", 5, 4),
])
def test_a_row_that_fits_exactly_keeps_every_card(paper, gutter, cols):
    plan = fit_grid(60, 90, _sheet(paper=paper, gutter=gutter, orientation="landscape"))
    assert (plan.cols, plan.rows) == (cols, 1)
    assert plan.grid.w == pytest.approx(cols * 60 + (cols - 1) * gutter)


@pytest.mark.parametrize("paper, rows", [("100x160", 2), ("100x159.9", 1), ("100x250", 3), ("100x249.9", 2)])
def test_a_column_that_fits_exactly_keeps_every_card(paper, rows):
    plan = fit_grid(90, 60, _sheet(paper=paper, gutter=30, margin=5))  # 60 + 30 + 60 (+ 30 + 60) + 2 x 5
    assert (plan.cols, plan.rows) == (1, rows)


def test_capacity_counts_gutters_between_cards_only():
    # 188 mm for 3 cards of 60 with 2 gutters of 4: 180 + 8 = 188 exactly, with gutters at the ends it would not fit
    plan = fit_grid(60, 40, _sheet(paper="198x100", margin=5, gutter=4, orientation="landscape"))
    assert (plan.cols, plan.rows) == (3, 2)  # 2 x 40 + 4 = 84 <= 90
    assert [plan.trim(i).x for i in range(3)] == pytest.approx([5, 69, 133])
    assert [plan.trim(i).y for i in (0, 3)] == pytest.approx([8, 52])  # centred: (100 - 84) / 2 = 8
    assert (plan.trim(5).x, plan.trim(5).y, plan.trim(5).w, plan.trim(5).h) == pytest.approx((133, 52, 60, 40))
    xs, ys = plan.edges()
    assert xs == pytest.approx([5, 65, 69, 129, 133, 193])
    assert ys == pytest.approx([8, 48, 52, 92])


def test_the_grid_box_spans_all_trims_and_the_gutters_between():
    plan = fit_grid(60, 40, _sheet(paper="198x100", gutter=4, orientation="landscape"))
    g = plan.grid
    assert (g.x, g.y, g.w, g.h) == pytest.approx((5, 8, 188, 84))


def test_too_small_sheets_and_sizes_are_refused_with_their_numbers():
    with pytest.raises(ValueError) as exc:
        fit_grid(191, 90, _sheet(orientation="landscape"))
    assert str(exc.value) == ("a piece of 191 × 90 mm does not fit on 200x100 inside its 5 mm margins; "
                              "it needs a5 or larger (--paper a5)")
    assert fit_grid(190, 90, _sheet(orientation="landscape")).per_page == 1  # exactly the space inside the margin
    with pytest.raises(ValueError) as exc:
        fit_grid(0, 90, _sheet())
    assert str(exc.value) == "item size must be positive, got 0 mm"
    with pytest.raises(ValueError) as exc:
        fit_grid(60, -1, _sheet())
    assert str(exc.value) == "item size must be positive, got -1 mm"


def test_orientation_and_turning_pick_the_most_cards_and_keep_the_first_on_a_tie():
    # 60 x 90 on 200 x 100: portrait (100 wide) 1 x 2 = 2, landscape (200 wide) 3 x 1 = 3
    auto = _sheet(orientation="auto")
    plan = fit_grid(60, 90, auto)
    assert (plan.orientation, plan.cols, plan.rows, plan.rotated) == ("landscape", 3, 1, False)
    assert (plan.page_w, plan.page_h) == (200, 100)
    # turned, a card is 90 x 60: landscape 2 x 1 = 2 holds fewer, so it stays upright
    assert fit_grid(60, 90, replace(auto, rotate=True)).rotated is False
    # portrait only (100 x 200): upright 1 x 2 = 2, turned (90 x 60) 1 x 3 = 3: turned wins
    port = _sheet(orientation="portrait", rotate=True)
    turned = fit_grid(60, 90, port)
    assert (turned.orientation, turned.cols, turned.rows, turned.rotated) == ("portrait", 1, 3, True)
    assert (turned.cell_w, turned.cell_h, turned.item_w, turned.item_h) == (90, 60, 60, 90)
    assert fit_grid(60, 90, replace(port, rotate=False)).rotated is False
    # a tie between upright and turned keeps the upright cards
    tie = fit_grid(50, 50.5, _sheet(paper="101x101", margin=0, rotate=True))
    assert (tie.cols, tie.rows, tie.rotated) == (2, 2, False)


def test_a_turned_card_is_placed_turned_inside_its_cell():
    plan = fit_grid(60, 90, _sheet(orientation="portrait", rotate=True))
    assert plan.rotated
    t = plan.placement(0)
    trim = plan.trim(0)
    # the card's top-left corner goes to the cell's top-right; its top edge runs down the right side
    assert t.apply(0, 0) == pytest.approx((trim.right, trim.y))
    assert t.apply(60, 0) == pytest.approx((trim.right, trim.bottom))
    assert t.apply(0, 90) == pytest.approx((trim.x, trim.y))
    upright = fit_grid(60, 90, _sheet(orientation="landscape"))
    assert upright.placement(1).apply(0, 0) == pytest.approx((upright.trim(1).x, upright.trim(1).y))
    assert upright.placement(1).apply(60, 90) == pytest.approx((upright.trim(1).right, upright.trim(1).bottom))


@pytest.mark.parametrize("margin, crop_marks, outer", [
    # 6 mm at the paper edge stay blank (a home printer may not print there)
    (9, False, 3),  # room for the full bleed
    (10, False, 3),
    (7.5, False, 1.5),  # less room than bleed: the bleed stops 6 mm from the paper edge
    (6, False, 0),
    (0, False, 0),
    (12, True, 3),  # 6 + a 2 mm mark + gap 1 + bleed 3: just fits
    (11.5, True, 2.5),  # the bleed gives way to the mark
    (11, True, 2),  # down to 2 mm of bleed with a 2 mm mark
    (10.5, True, 2),  # then the mark gets shorter (1.5 mm) and the bleed stays 2 mm
    (10, True, 2),  # a 1 mm mark
    (9.5, True, 1.5),  # the mark at its shortest (1 mm): the bleed takes what is left
    (8.5, True, 0.5),
    (8, True, 0),
    (4, True, 0),
])
def test_outer_bleed_gives_way_to_the_paper_edge_and_then_to_a_crop_mark(margin, crop_marks, outer):
    plan = fit_grid(60, 90, _sheet(paper=f"{180 + 2 * margin}x{90 + 2 * margin}", margin=margin,
                                    crop_marks=crop_marks, orientation="landscape"))
    assert (plan.x0, plan.y0) == pytest.approx((margin, margin))
    assert plan.outer_bleed == pytest.approx(outer)


def test_the_nearest_paper_edge_decides_the_outer_bleed():
    # 35 mm left and right, 10 mm above and below: the 10 decide (10 - 6 - mark 1 - gap 1 = 2)
    plan = fit_grid(60, 90, _sheet(paper="190x110", margin=10, orientation="landscape"))
    assert (plan.x0, plan.y0) == pytest.approx((35, 10))
    assert plan.outer_bleed == pytest.approx(2)
    wide = fit_grid(60, 90, _sheet(paper="140x130", margin=9.5, orientation="landscape"))
    assert (wide.x0, wide.y0) == pytest.approx((10, 20)) and wide.outer_bleed == pytest.approx(2)


@pytest.mark.parametrize("gutter, inner", [(0, 0), (2, 1), (6, 3), (10, 3)])
def test_inner_bleed_is_half_the_gutter_at_most_the_bleed(gutter, inner):
    plan = fit_grid(60, 40, _sheet(paper="300x300", gutter=gutter))
    assert plan.inner_bleed == pytest.approx(inner)
    assert plan.gutter == gutter


def test_each_side_of_each_cell_bleeds_by_its_neighbour():
    """3 x 2 cells with gutter 2 (inner bleed 1) and outer bleed 3: full towards the paper edge and an empty
    cell, clipped towards a card. (left, top, right, bottom) bleed of every cell, full sheet and 4 cards."""
    plan = fit_grid(60, 40, _sheet(paper="220x120", margin=18, gutter=2, orientation="landscape"))
    assert (plan.cols, plan.rows, plan.outer_bleed, plan.inner_bleed) == (3, 2, 3, 1)

    def sides(i, filled=None):
        b, t = plan.bleed(i, filled), plan.trim(i)
        return tuple(round(v, 6) for v in (t.x - b.x, t.y - b.y, b.right - t.right, b.bottom - t.bottom))

    assert [sides(i) for i in range(6)] == [(3, 3, 1, 1), (1, 3, 1, 1), (1, 3, 3, 1),
                                            (3, 1, 1, 3), (1, 1, 1, 3), (1, 1, 3, 3)]
    assert [sides(i, 4) for i in range(4)] == [(3, 3, 1, 1), (1, 3, 1, 3), (1, 3, 3, 3), (3, 1, 3, 3)]
    assert [sides(i, 6) for i in range(6)] == [sides(i) for i in range(6)]
    cells = plan.cells_for(4)
    assert len(cells) == 6 and cells[1][1] == plan.bleed(1, 4) and cells[1][0] == plan.trim(1)
    assert (cells[1][3].x, cells[1][3].w) == (cells[1][1].x, cells[1][1].w)  # the clip is the bleed box
    assert plan.cells_for(6) == plan.cells


def test_crop_marks_start_past_the_bleed_and_gap_and_stop_six_mm_from_the_paper_edge():
    # margin 11: bleed 2 (11 - 6 - mark 2 - gap 1), marks from 8 mm out to 6 mm from the paper edge, where a
    # home printer may not print (crop_length 4 is cut to 2)
    sheet = _sheet(paper="202x112", margin=11, crop_gap=1, crop_length=4, orientation="landscape")
    page = next(impose([card(60, 90) for _ in range(3)], sheet))
    (marks, _), = find(page.content, "crop-marks")
    segs = {tuple(round(v, 6) for v in (*p, *q)) for p, q in segments(marks)}
    assert page.width == 202 and page.bleed.y == pytest.approx(9)  # trims at y 11, bleed 2
    above = {s for s in segs if s[0] == s[2] and s[3] <= 11}
    assert above == {(x, 6.0, x, 8.0) for x in (11.0, 71.0, 131.0, 191.0)}  # 4 edges, 2 mm long
    left = {s for s in segs if s[1] == s[3] and s[2] <= 11}
    assert left == {(6.0, y, 8.0, y) for y in (11.0, 101.0)}
    below = {s for s in segs if s[0] == s[2] and s[1] >= 101}
    assert below == {(x, 104.0, x, 106.0) for x in (11.0, 71.0, 131.0, 191.0)}
    cramped = next(impose([card(60, 90)], _sheet(paper="76x106", margin=8, crop_gap=1, crop_length=4)))
    (marks, _), = find(cramped.content, "crop-marks")
    # 8 mm: bleed 0 and 1 mm marks from 7 to 6 mm; none reaches into the 6 mm
    assert {tuple(round(v, 6) for v in (*p, *q)) for p, q in segments(marks)} == {
        (8.0, 6.0, 8.0, 7.0), (68.0, 6.0, 68.0, 7.0), (8.0, 99.0, 8.0, 100.0), (68.0, 99.0, 68.0, 100.0),
        (6.0, 8.0, 7.0, 8.0), (69.0, 8.0, 70.0, 8.0), (6.0, 98.0, 7.0, 98.0), (69.0, 98.0, 70.0, 98.0)}
    roomy = next(impose([card(60, 90)], _sheet(paper="200x120", margin=15, crop_length=4, orientation="landscape")))
    (marks, _), = find(roomy.content, "crop-marks")
    tops = sorted(tuple(round(v, 6) for v in (*p, *q)) for p, q in segments(marks) if p[0] == q[0] and q[1] <= 15)
    # room for two cards centred (x 40 to 160), trims at y 15: bleed 3 + gap 1 above them, then 4 mm of
    # mark; the one card there is marks only its own edges (no marks for an empty slot)
    assert tops == [(x, 7.0, x, 11.0) for x in (40.0, 100.0)]


def test_pages_list_their_cut_trims():
    page = next(impose([card(60, 40) for _ in range(4)], _sheet(paper="194x96", gutter=2, orientation="landscape")))
    plan = fit_grid(60, 40, _sheet(paper="194x96", gutter=2, orientation="landscape"))
    assert page.cuts == tuple(plan.trim(i) for i in range(4))
    assert page.trim == Box(plan.trim(0).x, plan.trim(0).y, 2 * 2 + 3 * 60, 2 + 2 * 40)


def test_sizes_within_a_hundredth_of_a_millimetre_share_a_grid():
    sheet = _sheet(orientation="landscape")
    pages = list(impose([card(60, 90), card(60.005, 89.995)], sheet))
    assert len(placed(pages[0], "card-")) == 2
    # exactly a hundredth off as typed is within (60.01 - 60 is a hair above 0.01 in floating point)
    assert len(placed(next(impose([card(60, 90), card(60.01, 89.99), card(59.99, 90.01)], sheet)), "card-")) == 3
    with pytest.raises(ValueError) as exc:
        list(impose([card(60, 90), card(60.02, 90)], sheet))
    assert str(exc.value) == ("item 2 is 60.02 x 90 mm but the grid holds 60 x 90 mm items; "
                              "use pack() for mixed sizes")
    with pytest.raises(ValueError, match=r"item 2 \(b\) is 60 x 89.98 mm"):
        list(impose([card(60, 90), card(60, 89.98, label="b")], sheet))


def test_nothing_to_impose_gives_no_page_and_a_tiny_item_fits_many():
    assert list(impose([], _sheet())) == []
    assert list(impose(iter([]), _sheet())) == []
    tiny = fit_grid(1, 1, _sheet(paper="20x10", margin=0, crop_marks=False))  # portrait: 10 wide
    assert (tiny.cols, tiny.rows) == (10, 20)
    square = fit_grid(50, 50, _sheet(paper="110x110", margin=0, rotate=True))
    assert (square.cols, square.rows, square.rotated) == (2, 2, False)


def test_cards_are_numbered_across_sheets():
    sheet = _sheet(orientation="landscape")  # 3 cards a sheet
    pages = list(impose([card(60, 90) for _ in range(8)], sheet))
    assert [sorted(placed(p, "card-")) for p in pages] == [
        ["card-0", "card-1", "card-2"], ["card-3", "card-4", "card-5"], ["card-6", "card-7"]]
    assert [p.content.id for p in pages] == ["fronts"] * 3
    with pytest.raises(ValueError, match=r"^item 8 is 61 x 90 mm"):
        list(impose([card(60, 90) for _ in range(7)] + [card(61, 90)], sheet))


def test_back_pages_list_their_own_boxes_and_cuts():
    # a landscape sheet turned over its short edge; 10 mm margins leave 1 mm of outer bleed
    sheet = _sheet(paper="200x110", margin=10, orientation="landscape", duplex="short")
    front, back = list(impose([card(60, 90) for _ in range(2)], sheet))
    backs = placed(back, "back-")
    trims = [backs[f"back-{i}"][0] for i in range(2)]
    clips = [backs[f"back-{i}"][1] for i in range(2)]
    assert back.content.id == "backs" and back.label == "Rückseiten 1/1"
    assert [v for c in back.cuts for v in (c.x, c.y, c.w, c.h)] == pytest.approx(
        [v for t in trims for v in (t.x, t.y, t.w, t.h)])
    assert (back.trim.x, back.trim.right) == pytest.approx((min(t.x for t in trims), max(t.right for t in trims)))
    assert (back.bleed.x, back.bleed.right) == pytest.approx((min(c.x for c in clips), max(c.right for c in clips)))
    assert (front.trim.x, front.trim.w, back.trim.x, back.trim.w) == pytest.approx((10, 120, 70, 120))  # mirrored
    assert back.bleed.x < back.trim.x and back.bleed.right > back.trim.right


def test_what_every_sheet_shares_is_made_once():
    """Crop marks, cells and back cells are computed once per plan and shared by all its sheets (a long deck
    must not build them again for every sheet); a partial last sheet gets its own."""
    sheet = _sheet(orientation="landscape", duplex="long")
    pages = list(impose([card(60, 90) for _ in range(8)], sheet))
    fronts, backs = pages[0::2], pages[1::2]

    def clip(page, gid):
        return next(g for g in page.content.children if getattr(g, "id", None) == gid).clip

    marks = [next(g for g in p.content.children if g.id == "crop-marks") for p in fronts]
    assert marks[0] is marks[1] and marks[2] is not marks[0]  # the partial last sheet marks its used slots
    assert clip(fronts[0], "card-0") is clip(fronts[1], "card-3")
    assert clip(backs[0], "back-0") is clip(backs[1], "back-3")
    assert clip(fronts[2], "card-6") is not clip(fronts[0], "card-0")  # the last sheet holds 2 of 3
    plan = fit_grid(60, 90, sheet)
    assert plan.cells is plan.cells and plan.cells_for(plan.per_page) is plan.cells
    assert plan.cells_for(2) == plan.cells_for(2) and plan.cells_for(2) is not plan.cells_for(2)


def test_the_advice_turns_the_paper_whatever_orientation_the_sheet_asks():
    # 280 x 190 on portrait paper: A4 portrait (200 wide inside 5 mm margins) is too narrow, A4 landscape
    # (287 x 200) holds it, so the advice is A4, not the A3 a portrait-only search would name
    with pytest.raises(ValueError) as exc:
        fit_grid(280, 190, _sheet(paper="a5", orientation="portrait"))
    assert str(exc.value) == ("a piece of 280 × 190 mm does not fit on a5 inside its 5 mm margins; "
                              "it needs a4 or larger (--paper a4)")
    assert fit_grid(280, 190, _sheet(paper="a4", orientation="auto")).orientation == "landscape"


@pytest.mark.parametrize("inside, outside", [
    ((60.0100004, 90), (60.0100006, 90)), ((60, 90.0100004), (60, 90.0100006)),
    ((59.9899996, 90), (59.9899994, 90)), ((60, 89.9899996), (60, 89.9899994)),
])
def test_sizes_a_hundredth_off_share_a_grid_to_the_micrometre(inside, outside):
    # the difference is compared rounded to a millionth of a millimetre: 0.0100004 is a hundredth, 0.0100006 is not
    sheet = _sheet(orientation="landscape")
    assert len(placed(next(impose([card(60, 90), card(*inside)], sheet)), "card-")) == 2
    with pytest.raises(ValueError, match=r"^item 2 is .* use pack\(\) for mixed sizes$"):
        list(impose([card(60, 90), card(*outside)], sheet))


def test_sheets_without_backs_share_their_cells_too():
    sheet = _sheet(orientation="landscape", duplex="none")
    fronts = list(impose([card(60, 90) for _ in range(8)], sheet))

    def clip(page, gid):
        return next(g for g in page.content.children if getattr(g, "id", None) == gid).clip

    assert clip(fronts[0], "card-0") is clip(fronts[1], "card-3")
    assert clip(fronts[2], "card-6") is not clip(fronts[0], "card-0")
