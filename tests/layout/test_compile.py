"""Layouts compiled once and stamped per card: every element kind, anchors,
frames, lookups, conditions, scaling, and the errors a designer sees."""
from __future__ import annotations

import io

import pytest

from pnp.layout.compile import Card, CardError, compile_layout, place
from pnp.layout.expr import ExprError
from pnp.model.layout import Layout
from pnp.scene import Box, Ellipse, Group, Image, Path, Polygon, Rect, Text, color


class FakeSymbols:
    by_id = {"coin": None, "pip": None}

    def __init__(self):
        self.calls = []

    def draw(self, sid, x, y, size, ink=None):
        self.calls.append((sid, round(x, 3), round(y, 3), round(size, 3), ink))
        return Group([Rect(x, y, size, size)], id=f"sym-{sid}")


def layout(*elements, fields=None, tables=None, **kw):
    return Layout.model_validate({"kind": "layout", "fields": fields or {"name": "text", "cost": "integer 0..9?",
                                                                         "type": "text?"},
                                  "tables": tables or {}, "elements": list(elements), **kw})


def stamp(lay, values, w=63, h=88, bleed=3, symbols=None, images=None):
    return compile_layout(lay).stamp(values, Card(w, h, bleed, "de", symbols or FakeSymbols(), images))


def flat(g):
    for c in g.children:
        if isinstance(c, Group):
            yield from flat(c)
        else:
            yield c


@pytest.mark.parametrize("at, anchor, x, y, expected", [
    ("top-left", None, 2, 3, (2, 3)),
    ("top-right", None, -2, 3, (63 - 2 - 10, 3)),
    ("center", None, 0, 0, (31.5 - 5, 44 - 2.5)),
    ("bottom", "top", 0, -8, (26.5, 80)),
    ("bottom-right", "bottom-right", 0, 0, (53, 83)),
])
def test_anchor_points_place_the_box(at, anchor, x, y, expected):
    el = layout({"type": "rect", "at": at, "anchor": anchor, "x": x, "y": y, "w": 10, "h": 5}).elements[0]
    b = place(el, Box(0, 0, 63, 88))
    assert (round(b.x, 6), round(b.y, 6), b.w, b.h) == (*expected, 10, 5)


def test_percentages_with_offsets_and_frames():
    g = stamp(layout({"type": "rect", "frame": "bleed", "fill": "white"},
                     {"type": "rect", "frame": "safe", "w": "50%", "h": "100% - 10", "fill": "red"},
                     {"type": "rect", "id": "box", "x": 10, "y": 20, "w": 30, "h": 30, "fill": "blue"},
                     {"type": "rect", "frame": "box", "at": "center", "anchor": "center", "w": "50%", "h": "50% + 1",
                      "fill": "green"}), {"name": "x"})
    rects = [(r.x, r.y, r.w, r.h) for r in flat(g)]
    assert rects == [(-3, -3, 69, 94), (3, 3, 28.5, 72), (10, 20, 30, 30), (17.5, 27, 15, 16)]


def test_every_element_kind_draws():
    imgs = FakeImages()
    g = stamp(layout({"type": "rect", "fill": "red", "radius": 2, "w": 10, "h": 10},
                     {"type": "ellipse", "x": 10, "w": 20, "h": 10, "stroke": "black"},
                     {"type": "line", "points": [[0, 0], ["100%", 0]], "y": 50, "h": 0},
                     {"type": "polygon", "points": [[0, 0], [10, 0], [5, 8]], "x": 20, "y": 20, "fill": "blue"},
                     {"type": "text", "text": "{name}", "y": 60, "h": 6},
                     {"type": "symbol", "symbol": "coin", "x": 5, "y": 70, "w": 10, "h": 8},
                     {"type": "icons", "icon": "pip", "count": "{cost}", "y": 80, "h": 4, "gap": 1},
                     {"type": "image", "src": "wolf.png", "x": 40, "y": 10, "w": 20, "h": 10},
                     {"type": "group", "x": 1, "y": 1, "w": 20, "h": 20, "elements": [
                         {"type": "rect", "at": "bottom-right", "anchor": "bottom-right", "w": 5, "h": 5,
                          "fill": "black"}]}),
              {"name": "Blitz", "cost": 3}, images=imgs)
    kinds = [type(n).__name__ for n in flat(g)]
    assert kinds == ["Rect", "Ellipse", "Path", "Polygon", "Text", "Rect", "Rect", "Rect", "Rect", "Image", "Rect"]
    nodes = list(flat(g))
    assert (nodes[1].cx, nodes[1].cy, nodes[1].rx, nodes[1].ry) == (20, 5, 10, 5)
    assert nodes[2].ops == [("M", 0, 50), ("L", 63, 50)]
    assert nodes[3].points == [(20, 20), (30, 20), (25, 28)]
    assert nodes[4].text == "Blitz"
    # three pips of 4 mm with 1 mm gaps, centred on the 63 mm row
    assert [(r.x, r.w) for r in nodes[6:9]] == [(24.5, 4), (29.5, 4), (34.5, 4)]
    # a 2:1 image contained in a 20 x 10 box fills it; the group's child sits at its bottom-right
    assert (nodes[9].x, nodes[9].y, nodes[9].w, nodes[9].h) == (40, 10, 20, 10)
    assert (nodes[10].x, nodes[10].y) == (16, 16)


class FakeImages:
    def __init__(self, aspect=2.0, pixels=(2000, 1000)):
        self.a, self.px = aspect, pixels
        self.buf = io.BytesIO(b"png").getvalue()

    def load(self, name):
        if name == "missing.png":
            raise CardError("image 'missing.png' not found in the game folder")
        return self.buf, "png", self.px

    def aspect(self, name):
        return (self.a, 1.0)


@pytest.mark.parametrize("fit, expected", [("contain", (40, 12.5, 20, 5)), ("cover", (30, 10, 40, 10)),
                                           ("stretch", (40, 10, 20, 10))])
def test_image_fit_modes_and_clip(fit, expected):
    g = stamp(layout({"type": "image", "src": "x.png", "fit": fit, "x": 40, "y": 10, "w": 20, "h": 10}), {"name": "x"},
              images=FakeImages(aspect=4.0))
    clip_group = next(c for c in flat_groups(g) if c.clip is not None)
    assert (clip_group.clip.x, clip_group.clip.y, clip_group.clip.w, clip_group.clip.h) == (40, 10, 20, 10)
    im = clip_group.children[0]
    assert (im.x, im.y, im.w, im.h) == expected


def flat_groups(g):
    for c in g.children:
        if isinstance(c, Group):
            yield c
            yield from flat_groups(c)


def test_low_resolution_images_warn_and_missing_ones_fail():
    warned = []
    lay = compile_layout(layout({"type": "image", "src": "{type}", "w": 63, "h": 88}))
    lay.stamp({"type": "low.png"}, Card(63, 88, 3, images=FakeImages(aspect=63 / 88, pixels=(300, 420)),
                                        warn=warned.append))
    assert warned and "121 dpi" in warned[0]
    with pytest.raises(CardError, match="missing.png"):
        lay.stamp({"type": "missing.png"}, Card(63, 88, 3, images=FakeImages()))


def test_lookups_and_conditions_pick_style_per_card():
    lay = layout({"type": "rect", "fill": "{colour[type]}", "w": 5, "h": 5},
                 {"type": "rect", "when": "cost >= 3", "fill": "black", "w": 5, "h": 5},
                 tables={"colour": {"spell": "#345678", "default": "white"}})
    a = list(flat(stamp(lay, {"name": "a", "type": "spell", "cost": 4})))
    b = list(flat(stamp(lay, {"name": "b", "type": "land", "cost": 1})))
    assert [r.style.fill for r in a] == [color("#345678"), color("black")]
    assert [r.style.fill for r in b] == [color("white")]


def test_rotation_turns_about_the_anchor():
    g = stamp(layout({"type": "rect", "id": "r", "at": "center", "anchor": "center", "w": 10, "h": 4, "rotate": 90,
                      "fill": "red"}), {"name": "x"})
    rot = next(flat_groups(g))
    assert rot.transform.apply(31.5, 44) == pytest.approx((31.5, 44))  # the anchor stays put
    assert rot.transform.apply(36.5, 44) == pytest.approx((31.5, 49))  # the right end now points down


def test_a_layout_drawn_for_poker_scales_to_mini_cards():
    lay = layout({"type": "rect", "frame": "card", "fill": "red"}, size="poker")
    g = compile_layout(lay).stamp({"name": "x"}, Card(44, 63, 3))
    k = min(44 / 63, 63 / 88)
    assert g.transform.a == pytest.approx(k)
    r = next(flat(g))
    assert (r.w * k, r.h * k) == pytest.approx((44, 63))  # the frame is the mini card, in the layout's units


def test_single_line_text_shrinks_then_fails_with_the_overflow():
    lay = layout({"type": "text", "text": "{name}", "w": 30, "h": 8, "size": 14, "min_size": 6})
    t = next(flat(stamp(lay, {"name": "Gegen den Uhrzeigersinn"})))
    assert isinstance(t, Text) and 6 <= t.size < 14
    with pytest.raises(CardError, match=r"mm too wide for its 30.0 mm box at 6 pt"):
        stamp(lay, {"name": "Donaudampfschifffahrtsgesellschaftskapitänsmütze"})
    long = "The Incomprehensibly Overqualified Grand Mastermind of Thieves"
    with pytest.raises(CardError, match=r"^text 'The Incomprehensibly Overqualified Gran…' is"):  # cut short, said so
        stamp(lay, {"name": long})


@pytest.mark.parametrize("el, msg", [
    ({"type": "text", "text": "{nmae}"}, "unknown field 'nmae'"),
    ({"type": "rect", "fill": "{farbe[type]}"}, "unknown table 'farbe'"),
    ({"type": "rect", "fill": "rot"}, "unknown colour 'rot'"),
    ({"type": "rect", "when": "cost >"}, "expected a field"),
    ({"type": "rect", "frame": "badge"}, "frame 'badge' is neither"),
    ({"type": "rect", "fill": "{c[type]}"}, "unknown colour 'lila'"),
])
def test_layout_mistakes_are_found_when_compiling(el, msg):
    with pytest.raises(ExprError, match=msg):
        compile_layout(layout(el, tables={"c": {"a": "lila"}}))


def test_unknown_symbols_and_bad_counts_are_card_errors():
    with pytest.raises(CardError, match="symbol 'stern'"):
        stamp(layout({"type": "symbol", "symbol": "{type}"}), {"type": "stern"})
    with pytest.raises(CardError, match="expected a number"):
        stamp(layout({"type": "icons", "icon": "pip", "count": "{type}"}), {"type": "viele"})
