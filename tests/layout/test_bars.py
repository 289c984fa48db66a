"""The ``bars`` element (a bar chart of numbers from data), measured back from the PDF."""
from __future__ import annotations

import pytest

import pnp.layout.vocabulary  # noqa: F401  every kind registered in its order before charts is imported alone
from pdfpaths import painted
from pdfread import char_sizes, words
from pnp.layout.charts import axis_number, nice_step
from pnp.layout.compile import Card, CardError, compile_layout
from pnp.layout.vocabulary import Layout
from pnp.render import write
from pnp.scene import Page

TOL = 0.05
BLUE, RED = (0x3F / 255, 0x6F / 255, 0xB5 / 255), (0xC8 / 255, 0x1E / 255, 0x1E / 255)
COUNTS = [1200, 0, 3400, 12000, 7000, 250, 9100]


def render(tmp_path, lang="de", **props):
    el = {"type": "bars", "x": 20, "y": 30, "w": 150, "h": 80, "value": "{n}", "label": "{s}",
          "bars": [{"s": i, "n": n, "kind": "best" if i == 3 else "other", "note": "Bestwert" if i == 3 else ""}
                   for i, n in enumerate(COUNTS)],
          "fill": "{colour[kind]}", "hatch": "{pattern[kind]}", "note": "{note}", "x_title": "Punkte",
          "y_title": {"de": "Wege", "en": "paths"}, **props}
    lay = Layout.model_validate({"kind": "layout", "elements": [el], "tables": {
        "colour": {"best": "#c81e1e", "other": "#3f6fb5"}, "pattern": {"best": "crosshatch", "other": "none"}}})
    page = Page(210, 150, compile_layout(lay).stamp({}, Card(210, 150, 0, lang=lang)))
    pdf = tmp_path / f"bars-{lang}.pdf"
    write("pdf", [page], pdf)
    return pdf


def bars_of(pdf):
    """(x0, y0, x1, y1, fill) of every filled rectangle in a bar's colour, left to right."""
    out = []
    for p in painted(pdf):
        if p.filled and p.fill and len(p.points) >= 4 and any(
                all(abs(a - b) < 0.01 for a, b in zip(p.fill, c)) for c in (BLUE, RED)):
            xs, ys = [q[0] for q in p.points], [q[1] for q in p.points]
            out.append((min(xs), min(ys), max(xs), max(ys), p.fill))
    return sorted(out)


def test_each_bar_is_as_high_as_its_value_on_one_baseline_and_as_wide_as_the_others(tmp_path):
    pdf = render(tmp_path)
    bars = bars_of(pdf)
    assert len(bars) == len([n for n in COUNTS if n > 0])  # a 0 draws no bar
    base = {round(b[3], 2) for b in bars}
    assert len(base) == 1
    widths = {round(b[2] - b[0], 3) for b in bars}
    assert len(widths) == 1
    per_unit = (bars[0][3] - bars[0][1]) / COUNTS[0]
    for (x0, y0, x1, y1, _), n in zip(bars, [n for n in COUNTS if n > 0]):
        assert abs((y1 - y0) - n * per_unit) < TOL
        assert 20 - TOL <= x0 and x1 <= 170 + TOL and 30 - TOL <= y0 and y1 <= 110 + TOL
    drawn = [i for i, n in enumerate(COUNTS) if n > 0]
    step = (bars[-1][0] - bars[0][0]) / (drawn[-1] - drawn[0])  # one slot per row, empty ones included
    for b, i in zip(bars, drawn):
        assert abs(b[0] - (bars[0][0] + i * step)) < TOL
    for w, x0, y0, x1, y1 in words(pdf):  # every number and label inside the element's box, the last one too
        assert 20 - TOL <= x0 and x1 <= 170 + TOL and 30 - TOL <= y0 and y1 <= 110 + TOL, w
    axis_top = max(float(w.replace(".", "")) for w, *_ in words(pdf) if w.replace(".", "").isdigit()
                   and "." in w)
    assert axis_top == 12500  # a round number above the largest count: 12.500, the axis' top


def test_the_marked_bar_differs_by_pattern_and_note_not_by_hue_alone(tmp_path):
    pdf = render(tmp_path)
    reds = [b for b in bars_of(pdf) if all(abs(a - c) < 0.01 for a, c in zip(b[4], RED))]
    assert len(reds) == 1
    x0, y0, x1, y1, _ = reds[0]
    strokes = [p for p in painted(pdf) if p.stroked and not p.closed
               and all(x0 - 0.5 <= q[0] <= x1 + 0.5 and y0 - 0.5 <= q[1] <= y1 + 0.5 for q in p.points)]
    assert strokes, "the marked bar carries hatch lines"
    placed = {w: (x, y) for w, x, y, *_ in words(pdf)}
    assert "Bestwert" in placed and placed["Bestwert"][1] < y0  # the note stands above the chart


def test_numbers_and_titles_are_in_the_language_and_at_least_the_size_asked(tmp_path):
    de = [w for w, *_ in words(render(tmp_path, "de"))]
    en = [w for w, *_ in words(render(tmp_path, "en"))]
    assert "12.500" in de and "12,500" in en
    assert "Wege" in de and "paths" in en and "Punkte" in de
    assert {str(i) for i in range(len(COUNTS))} <= set(de)
    assert min(s for _, s in char_sizes(render(tmp_path, "de"))) >= 6.5 - 0.01


def test_axis_steps_are_round_and_numbers_use_the_languages_marks():
    assert nice_step(600_000) == 200_000 and nice_step(12_000) == 2500 and nice_step(7) == 2
    assert axis_number(1_250_000, "de") == "1.250.000" and axis_number(2.5, "de") == "2,5"
    assert axis_number(1_250_000, "en") == "1,250,000"


def test_a_negative_value_or_a_box_too_small_is_an_error_naming_the_element(tmp_path):
    with pytest.raises(CardError, match="0 or more"):
        render(tmp_path, bars=[{"n": -1, "s": 0, "kind": "other", "note": ""}])
    with pytest.raises(CardError, match="too small"):
        render(tmp_path, h=12)
