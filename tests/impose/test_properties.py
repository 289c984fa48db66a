"""Random sizes and sheets: the print-layer promises hold everywhere, not just for poker on A4."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.impose.grid import impose, fit_grid
from pnp.impose.items import SheetSpec
from pnp.impose.packing import pack
from pnp.impose.tiling import tile

from .helpers import card, centre, find, overlaps, placed, seg_hits_box, segments
from .test_grid import _mirror

sizes = st.floats(min_value=15, max_value=150, allow_nan=False).map(lambda v: round(v, 1))
sheets = st.builds(
    SheetSpec,
    paper=st.sampled_from(["a4", "letter", "a5"]),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    margin=st.sampled_from([5.0, 8.0, 12.0]),
    gutter=st.sampled_from([0.0, 1.0, 3.0, 8.0]),
    bleed=st.sampled_from([0.0, 2.0, 3.0]),
    cut_lines=st.booleans(),
    duplex=st.sampled_from(["long", "short"]),
    back_offset=st.tuples(st.sampled_from([0.0, 1.0, -0.5]), st.sampled_from([0.0, 0.7])),
)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(w=sizes, h=sizes, sheet=sheets)
def test_grid_promises(w, h, sheet):
    try:
        plan = fit_grid(w, h, sheet)
    except ValueError:
        return  # too big for this paper: refused with a message (tested elsewhere)
    n = min(plan.per_page, 12)
    front, back = list(impose([card(w, h) for _ in range(n)], sheet))
    cards = placed(front, "card-")
    trims = [c[0] for c in cards.values()]
    clips = [c[1] for c in cards.values()]
    m = sheet.margin
    for t in trims:
        assert t.x >= m - 1e-6 and t.right <= front.width - m + 1e-6
        assert t.y >= m - 1e-6 and t.bottom <= front.height - m + 1e-6
    for i, a in enumerate(clips):
        for j, b in enumerate(trims):
            if i != j:
                assert not overlaps(a, b)
    for (marks, _) in find(front.content, "crop-marks"):
        for p, q in segments(marks):
            assert all(not seg_hits_box(p, q, b) for b in trims + clips)
    backs = placed(back, "back-")
    for k in range(n):
        want = _mirror(sheet.duplex, front.width, front.height, centre(cards[f"card-{k}"][0]))
        got = centre(backs[f"back-{k}"][0])
        assert abs(got[0] - want[0] - sheet.back_offset[0]) < 1e-6
        assert abs(got[1] - want[1] - sheet.back_offset[1]) < 1e-6


@FAST
@given(dims=st.lists(st.tuples(sizes, sizes), min_size=1, max_size=25), sheet=sheets)
def test_packing_promises(dims, sheet):
    sheet = replace(sheet, duplex="none")
    items = [card(w, h, back=False) for w, h in dims]
    try:
        pages = list(pack(items, sheet))
    except ValueError:
        return
    seen = []
    for p in pages:
        ps = placed(p, "item-")
        seen += ps
        boxes = [v[0] for v in ps.values()]
        for i, a in enumerate(boxes):
            assert a.x >= sheet.margin - 1e-6 and a.right <= p.width - sheet.margin + 1e-6
            for b in boxes[i + 1:]:
                assert not overlaps(a.grow(sheet.bleed), b.grow(sheet.bleed))
    assert sorted(seen) == sorted(f"item-{i}" for i in range(len(items)))


@FAST
@given(w=st.floats(100, 900).map(round), h=st.floats(100, 900).map(round),
       overlap=st.sampled_from([0.0, 5.0, 10.0, 20.0]), sheet=sheets)
def test_tiles_cover_exactly(w, h, overlap, sheet):
    item = card(w, h, back=False)
    pages = tile(item, sheet, overlap=overlap)
    lo_x = lo_y = float("inf")
    hi_x = hi_y = float("-inf")
    for p in pages:
        (win, _), = find(p.content, "window")
        dx, dy = win.children[0].transform.e, win.children[0].transform.f
        lo_x, hi_x = min(lo_x, p.trim.x - dx), max(hi_x, p.trim.right - dx)
        lo_y, hi_y = min(lo_y, p.trim.y - dy), max(hi_y, p.trim.bottom - dy)
        assert p.bleed.x >= sheet.margin - 1e-6 and p.bleed.right <= p.width - sheet.margin + 1e-6
    assert abs(lo_x) < 0.2 and abs(lo_y) < 0.2
    assert abs(hi_x - w) < 0.2 and abs(hi_y - h) < 0.2
