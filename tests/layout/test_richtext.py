"""The rich-text box engine: markup, measuring, wrapping, hyphenation, fitting, icons, output."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.scene import fonts
from pnp.scene import richtext as rt
from pnp.scene.richtext import (IconRun, LineBreak, MarkupError, Overflow, PlacedIcon, PlacedText, TextRun,
                                 fit, parse, to_scene)
from pnp.scene import Group, Page, Rect, Text, style
from pnp.scene.units import MM_PER_PT

MM = MM_PER_PT
SHY = "\u00ad"


def texts(f):
    return [p for p in f.pieces if isinstance(p, PlacedText)]


def icons(f):
    return [p for p in f.pieces if isinstance(p, PlacedIcon)]


def lines_of(f):
    """The drawn text of each line, top to bottom."""
    rows: dict[float, list[PlacedText]] = {}
    for p in texts(f):
        rows.setdefault(p.baseline_y, []).append(p)
    return ["".join(p.text for p in sorted(row, key=lambda p: p.x)) for _, row in sorted(rows.items())]


def right_edge(p: PlacedText) -> float:
    return p.x + fonts.string_width(p.text.rstrip(" "), p.size_pt, "sans", p.weight)


# ---------------------------------------------------------------- parsing


def test_parse_faces_icons_breaks_and_escapes():
    assert parse("**Kraft**: *zwei* ***alle*** :coin:, Ende\nneu\\nda") == [
        TextRun("Kraft", "bold"), TextRun(": ", "regular"), TextRun("zwei", "italic"), TextRun(" ", "regular"),
        TextRun("alle", "bold-italic"), TextRun(" ", "regular"), IconRun("coin"), TextRun(", Ende", "regular"),
        LineBreak(), TextRun("neu", "regular"), LineBreak(), TextRun("da", "regular")]


def test_markers_nest_and_close_together():
    assert parse("**fett *beides***") == [TextRun("fett ", "bold"), TextRun("beides", "bold-italic")]
    assert parse("***beides** kursiv*") == [TextRun("beides", "bold-italic"), TextRun(" kursiv", "italic")]


def test_colons_that_are_not_icons_stay_text():
    assert parse("Zeit: 10\\:00\\:30, :Gross: a:b :x y: ::") == [
        TextRun("Zeit: 10:00:30, :Gross: a:b :x y: ::")]
    assert parse("\\:coin: \\* \\\\ \\q") == [TextRun(":coin: * \\ \\q")]
    assert parse(":a-1::b:") == [IconRun("a-1"), IconRun("b")]


def test_soft_hyphens_survive_parsing_and_crlf_is_one_break():
    assert parse(f"Kar{SHY}ten\r\nx") == [TextRun(f"Kar{SHY}ten"), LineBreak(), TextRun("x")]


@pytest.mark.parametrize("markup, pos, says", [
    ("ein **fettes Wort", 4, "'**' at character 5 is never closed"),
    ("a *b", 2, "'*' at character 3"),
    ("***x", 0, "'***' at character 1"),
    ("**a *b**", 4, "'*' at character 5"),
    ("5 * 3", 2, "'*' at character 3"),
    ("a ****", 2, "4 asterisks in a row at character 3"),
])
def test_bad_markup_names_the_position(markup, pos, says):
    with pytest.raises(MarkupError) as e:
        parse(markup)
    assert e.value.pos == pos and says in str(e.value)
    with pytest.raises(ValueError):  # fit passes it on, and it is a ValueError
        fit(markup, 50, 20, 9)


# ---------------------------------------------------------------- measuring and placing


def test_runs_of_different_faces_sit_exactly_side_by_side():
    f = fit("**fett** normal *kursiv* ***beides*** Ende", 200, 20, 10)
    ps = texts(f)
    assert [p.weight for p in ps] == ["bold", "regular", "italic", "bold-italic", "regular"]
    assert len({p.baseline_y for p in ps}) == 1
    assert ps[0].x == 0
    for a, b in zip(ps, ps[1:]):
        assert b.x == pytest.approx(a.x + fonts.string_width(a.text, 10, "sans", a.weight), abs=1e-9)
    assert "".join(p.text for p in ps) == "fett normal kursiv beides Ende"


def test_a_space_takes_the_face_of_the_word_before_it():
    ps = texts(fit("**fett** *kursiv*", 200, 20, 10))
    assert [(p.text, p.weight) for p in ps] == [("fett ", "bold"), ("kursiv", "italic")]


def test_first_baseline_is_the_ascent_and_lines_step_by_line_height():
    f = fit("eins\nzwei\n\nvier", 50, 40, 10, line_height=1.5)
    asc, desc = fonts.ascent_descent(10)
    ys = sorted({p.baseline_y for p in texts(f)})
    assert ys == pytest.approx([asc, asc + 15 * MM, asc + 45 * MM])  # the empty line keeps its place
    assert f.lines == 4 and f.height_mm == pytest.approx(asc + 45 * MM + desc)


def test_wrapping_keeps_every_line_inside_the_box_and_every_word_in_order():
    words = "Wer zuerst zehn Punkte hat gewinnt sofort und alle anderen zählen ihre Karten nach".split()
    f = fit(" ".join(words), 30, 60, 9, lang=None)
    assert f.size_pt == 9 and f.lines > 3
    assert all(right_edge(p) <= 30 + 1e-6 for p in texts(f))
    assert " ".join(lines_of(f)).split() == words
    assert all(ln == ln.strip() for ln in lines_of(f))


def test_greedy_filling_puts_a_word_on_the_line_when_it_fits():
    w = fonts.string_width("aa aa", 10)
    assert lines_of(fit("aa aa aa", w + 0.01, 20, 10, lang=None)) == ["aa aa", "aa"]
    assert lines_of(fit("aa aa aa", w - 0.01, 20, 10, lang=None)) == ["aa", "aa", "aa"]


@pytest.mark.parametrize("align", ["center", "right"])
def test_center_and_right_alignment(align):
    f = fit("kurz\netwas längere Zeile", 60, 20, 10, align=align)
    for p in texts(f):
        slack = 60 - fonts.string_width(p.text, 10)
        assert p.x == pytest.approx(slack / 2 if align == "center" else slack)


def test_justify_stretches_every_line_but_a_paragraphs_last():
    text = "Ziehe zwei Karten und lege eine davon ab, dann ist der Nächste dran.\nEnde hier"
    f = fit(text, 45, 40, 9, lang=None, align="justify")
    rows: dict[float, list[PlacedText]] = {}
    for p in texts(f):
        rows.setdefault(p.baseline_y, []).append(p)
    ends = [right_edge(max(row, key=lambda p: p.x)) for _, row in sorted(rows.items())]
    assert len(ends) >= 4
    assert ends[:-2] == pytest.approx([45] * (len(ends) - 2))  # stretched to the right edge
    assert ends[-2] < 44 and ends[-1] < 30  # the paragraph's last line and "Ende hier" are not
    assert " ".join(lines_of(f)).split() == text.split()


@pytest.mark.parametrize("valign, top", [("top", 0.0), ("middle", 0.5), ("bottom", 1.0)])
def test_vertical_alignment(valign, top):
    f = fit("eine Zeile", 50, 20, 10, valign=valign)
    asc, _ = fonts.ascent_descent(10)
    assert texts(f)[0].baseline_y == pytest.approx(top * (20 - f.height_mm) + asc)


# ---------------------------------------------------------------- hyphenation

GERMAN = "Donaudampfschifffahrtsgesellschaftskapitän"


def test_german_compounds_break_at_hyphenation_points_with_a_visible_hyphen():
    f = fit(GERMAN, 20, 40, 9, lang="de")
    rows = lines_of(f)
    assert f.size_pt == 9 and len(rows) > 2
    assert all(r.endswith("-") for r in rows[:-1]) and not rows[-1].endswith("-")
    assert "".join(r.rstrip("-") for r in rows) == GERMAN
    allowed = set(pyphen.Pyphen(lang="de_DE").positions(GERMAN))
    cuts = [sum(len(r) - 1 for r in rows[:i + 1]) for i in range(len(rows) - 1)]
    assert set(cuts) <= allowed
    assert all(right_edge(p) <= 20 + 1e-6 for p in texts(f))


@pytest.mark.parametrize("lang, code, words", [
    ("de", "de_DE", [GERMAN, "Spielfigur", "springen", "Verwaltungsgebäude", "Ordnerstruktur", "Kniffelblock"]),
    ("en", "en_GB", ["hyphenation", "counterclockwise", "transparencies", "scoresheet"]),
])
def test_patterns_read_from_the_cache_break_where_pyphen_breaks(tmp_path, monkeypatch, lang, code, words):
    """The patterns come from pnp's cache packed as strings; they must give pyphen's own points."""
    from pathlib import Path

    from pnp.scene import richtext

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    path = pyphen.LANGUAGES[code]
    reference = pyphen.HyphDict(Path(path))  # parsed from the pattern file itself
    for attempt in ("made", "read"):
        richtext._dictionary.cache_clear()
        pyphen.hdcache.pop(path, None)
        hd = richtext._dictionary(lang).hd
        assert isinstance(hd.patterns, richtext._Patterns), attempt
        assert [list(map(int, hd.positions(w))) for w in words] == [
            list(map(int, reference.positions(w))) for w in words]
    assert list(tmp_path.glob("hyph-*"))
    richtext._dictionary.cache_clear()


def _as_in_a_new_process():
    from pnp.scene import richtext

    for fn in (richtext._fit, richtext._options, richtext._paragraphs):
        fn.cache_clear()
    richtext._words("de").forget()
    richtext._fits.cache_clear()


def test_hyphenated_words_are_kept_so_a_rebuild_loads_no_patterns(tmp_path, monkeypatch):
    """Each word's break points go into pnp's cache; the next process that breaks the same words
    gives the same lines without loading the patterns (a word it has not seen loads them)."""
    from pnp.scene import richtext
    from pnp.load import cache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    text, width = "Spielregeln", fonts.string_width("Spielre-", 10) + 0.05
    _as_in_a_new_process()
    first = lines_of(fit(text, width, 30, 10, min_size_pt=10))
    cache.save_tables()
    assert list(tmp_path.glob("words-*"))
    _as_in_a_new_process()
    monkeypatch.setattr(richtext, "_fits", lambda box: cache.Table("none", str, 0))  # no fits kept: words alone
    monkeypatch.setattr(richtext, "_dictionary", lambda lang: (_ for _ in ()).throw(AssertionError("loaded")))
    assert lines_of(fit(text, width, 30, 10, min_size_pt=10)) == first == ["Spielre-", "geln"]
    with pytest.raises(AssertionError, match="loaded"):
        fit("Bedienungsanleitungen", fonts.string_width("Bedienungs-", 10) + 0.05, 30, 10, min_size_pt=10)
    monkeypatch.undo()
    _as_in_a_new_process()


def test_a_fitted_text_is_kept_so_a_rebuild_fits_only_what_changed(tmp_path, monkeypatch):
    from pnp.scene import richtext
    from pnp.load import cache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    _as_in_a_new_process()
    made = fit("Ziehe **zwei** Karten :pfeil: und lege eine ab.", 40, 20, 9, icon=1.2, align="center")
    with pytest.raises(Overflow):
        fit("Viel zu langer Text " * 20, 20, 5, 9)
    cache.save_tables()
    _as_in_a_new_process()
    fitted = []
    real = richtext._fit_now
    monkeypatch.setattr(richtext, "_fit_now", lambda *a: fitted.append(a[0]) or real(*a))
    again = fit("Ziehe **zwei** Karten :pfeil: und lege eine ab.", 40, 20, 9, icon=1.2, align="center")
    assert again == made and fitted == []  # the same pieces, icon included, and nothing fitted
    with pytest.raises(Overflow):  # an overflow is never kept: it is found again
        fit("Viel zu langer Text " * 20, 20, 5, 9)
    fit("Ziehe **zwei** Karten :pfeil: und lege eine ab.", 41, 20, 9, icon=1.2, align="center")
    assert len(fitted) == 2  # the overflow and the wider box
    monkeypatch.undo()
    _as_in_a_new_process()


def test_a_word_is_hyphenated_to_fill_the_rest_of_a_line_when_the_text_needs_it():
    width = fonts.string_width("Wir lesen Spiel-", 10) + 0.05
    two_lines = 2 * 10 * MM + 10 * 1.2 * MM  # room for two lines at 10 pt, not three
    f = fit("Wir lesen Spielregeln gern", width, two_lines, 10, min_size_pt=10)
    assert lines_of(f) == ["Wir lesen Spiel-", "regeln gern"] and f.hyphens == 1
    # with room for three lines the words stay whole
    assert lines_of(fit("Wir lesen Spielregeln gern", width, 30, 10, min_size_pt=10)) == [
        "Wir lesen", "Spielregeln", "gern"]


def test_a_size_step_down_to_90_percent_is_taken_before_a_hyphen():
    text = "Dreh das ganze Brett eine Vierteldrehung rechtsherum."
    width, three_lines = 37.5, 10 * MM + 2 * 10 * 1.2 * MM + 0.01
    hyphenated = fit(text, width, three_lines, 10, min_size_pt=10)  # at 10 pt only a hyphen makes it fit
    assert lines_of(hyphenated) == ["Dreh das ganze", "Brett eine Vierteldre-", "hung rechtsherum."]
    f = fit(text, width, three_lines, 10, min_size_pt=6)
    assert f.hyphens == 0 and 9 <= f.size_pt < 10 and not any(r.endswith("-") for r in lines_of(f))


def test_a_hyphen_never_leaves_fewer_than_three_letters_on_a_side():
    for word in ("eine", "herum.", "Gegenüber", "springen.", "Bewegung"):
        for n in range(1, len(word)):
            try:
                rows = lines_of(fit(word, fonts.string_width(word[:n] + "-", 10) + 0.05, 40, 10, min_size_pt=10))
            except Overflow:
                continue
            for row in rows:
                letters = [c for c in row if c.isalpha()]
                assert len(letters) >= 3, (word, rows)


def test_a_lone_last_word_gets_company_where_a_narrower_setting_gives_it():
    text = "Beide hellen Barrieren rutschen so weit wie möglich zu dir."
    width = fonts.string_width("Beide hellen Barrieren rutschen so weit wie möglich zu", 8) + 0.05
    f = fit(text, width, 30, 8, min_size_pt=8)
    rows = lines_of(f)
    assert len(rows) == 2 and len(rows[-1].split()) >= 2, rows


def test_english_uses_english_patterns():
    word = "unquestionably"
    width = fonts.string_width("unquestion-", 10) + 0.05
    en = lines_of(fit(word, width, 30, 10, lang="en"))
    assert "".join(r.rstrip("-") for r in en) == word and len(en) == 2
    assert len(en[0]) - 1 in pyphen.Pyphen(lang="en_GB").positions(word)
    assert lines_of(fit(word, width, 30, 10, lang="en_US"))[0].endswith("-")


def test_german_patterns_never_leave_a_one_letter_syllable():
    # the de_DE patterns propose Abla-g-e-sta-pel; the g and the e alone are dropped
    word = "Ablagestapel"
    assert pyphen.Pyphen(lang="de_DE").positions(word) == [4, 5, 6, 9]
    firsts = set()
    for n in range(6, len(word)):  # boxes from "Ablage-" wide to almost the whole word (narrower ones leave "ge-")
        rows = lines_of(fit(word, fonts.string_width(word[:n] + "-", 10) + 0.05, 40, 10, min_size_pt=10))
        assert "".join(r.rstrip("-") for r in rows) == word
        firsts.add(rows[0])
    assert firsts - {word} == {"Ablage-", "Ablagesta-"}  # never Ablag- from "Abla-g-e"


def test_soft_hyphens_are_the_only_break_points_of_their_word_and_are_invisible():
    word = f"Kar{SHY}tenstapel"  # pyphen would say Kar-ten-sta-pel
    f = fit(word, fonts.string_width("Kartensta-", 10) + 0.05, 30, 10)
    assert lines_of(f) == ["Kar-", "tenstapel"]
    assert lines_of(fit(word, 100, 30, 10)) == ["Kartenstapel"]


def test_a_word_breaks_after_its_own_hyphen_without_a_second_one():
    f = fit("Nord-Süd-Achse", fonts.string_width("Nord-Süd-", 10) + 0.05, 30, 10)
    assert lines_of(f) == ["Nord-Süd-", "Achse"]


def test_without_a_language_only_marked_points_break():
    with pytest.raises(Overflow):
        fit(GERMAN, 20, 40, 9, min_size_pt=9, lang=None)


def test_unknown_language_is_an_error():
    with pytest.raises(ValueError, match="no hyphenation patterns for language 'xx'"):
        fit("a", 10, 10, 9, lang="xx")


# ---------------------------------------------------------------- fitting


def test_text_that_fits_keeps_its_size():
    assert fit("kurz", 50, 20, 11).size_pt == 11


def test_shrinks_to_the_largest_size_on_the_grid_that_fits():
    text = "Jeder Mitspieler zieht zwei Karten vom Nachziehstapel und legt eine davon offen aus. " * 2
    f = fit(text, 40, 20, 10, min_size_pt=6)
    assert 6 <= f.size_pt < 10 and (10 - f.size_pt) % 0.25 == 0
    assert f.height_mm <= 20 + 1e-6 and f.width_mm <= 40 + 1e-6
    bigger = f.size_pt + 0.25
    with pytest.raises(Overflow):
        fit(text, 40, 20, bigger, min_size_pt=bigger)
    assert f == fit(text, 40, 20, f.size_pt, min_size_pt=f.size_pt)


def test_shrinks_for_a_word_too_wide_to_break():
    w = fonts.string_width("Zauberei", 10)
    f = fit("Zauberei", w * 0.8, 20, 10, lang=None)
    assert f.size_pt <= 8 and f.width_mm <= w * 0.8


def test_overflow_reports_the_height_excess_in_mm():
    text = "Viel zu viel Text für eine so kleine Fläche, wirklich. " * 3
    tall = fit(text, 30, 200, 6, min_size_pt=6)
    with pytest.raises(Overflow) as e:
        fit(text, 30, 10, 9, min_size_pt=6)
    assert e.value.size_pt == 6 and e.value.width_mm == 0
    assert e.value.height_mm == pytest.approx(tall.height_mm - 10)
    assert str(e.value).startswith(f"overflows by {e.value.height_mm + 0.05:.1f} mm at 6 pt")


def test_overflow_reports_the_width_excess_of_an_unbreakable_word():
    word = "Xylophonxylophon"
    with pytest.raises(Overflow) as e:
        fit(f"ein {word}", 15, 50, 9, min_size_pt=6, lang=None)
    assert e.value.height_mm == 0
    assert e.value.width_mm == pytest.approx(fonts.string_width(word, 6) - 15)
    assert e.value.line == word and word in str(e.value)


def test_bad_arguments_are_errors():
    for kwargs in ({"align": "middle"}, {"valign": "center"}, {"min_size_pt": 12}, {"line_height": 0}):
        with pytest.raises(ValueError):
            fit("a", 10, 10, 9, **kwargs)
    with pytest.raises(ValueError):
        fit("a", 0, 10, 9)
    with pytest.raises(fonts.FontError, match="U\\+4E2D"):
        fit("Zeichen \u4e2d", 50, 10, 9)


def test_empty_text_has_no_lines():
    f = fit("", 10, 10, 9)
    assert f.pieces == () and f.lines == 0 and f.height_mm == 0


def test_deterministic_and_cached_results_equal_fresh_ones():
    text = "**Kraft**: Ziehe :coin: Donaudampfschifffahrtsgesellschaftskapitän *einmal*. " * 3
    a = fit(text, 35, 30, 10)
    rt._fit.cache_clear()
    rt._paragraphs.cache_clear()
    rt._options.cache_clear()
    b = fit(text, 35, 30, 10)
    assert a == b and a is not b


# ---------------------------------------------------------------- icons


def test_an_icon_is_a_cap_high_square_on_the_baseline_and_punctuation_follows_it():
    f = fit("Zahle :coin:, dann :coin:.", 100, 20, 10)
    ps, ics = texts(f), icons(f)
    cap = fonts.cap_height(10)
    bearing = rt.ICON_BEARING_EM * 10 * MM
    assert [i.name for i in ics] == ["coin", "coin"]
    for i in ics:
        assert i.size_mm == pytest.approx(cap)
        assert i.top_y + i.size_mm == pytest.approx(ps[0].baseline_y)
    assert [p.text for p in ps] == ["Zahle ", ", dann ", "."]
    assert ics[0].x == pytest.approx(fonts.string_width("Zahle ", 10) + bearing)
    assert ps[1].x == pytest.approx(ics[0].x + cap + bearing)
    assert ics[1].x == pytest.approx(ps[1].x + fonts.string_width(", dann ", 10) + bearing)


def test_icons_wrap_like_words_and_take_a_size_factor():
    one = fonts.string_width("Zahle ", 10)
    f = fit("Zahle :coin:", one + 0.5, 20, 10, min_size_pt=10)
    assert f.lines == 2 and icons(f)[0].x == pytest.approx(rt.ICON_BEARING_EM * 10 * MM)
    big = fit(":coin: :star:", 100, 20, 10, icon=lambda name: 1.5 if name == "star" else 1.0)
    coin, star = icons(big)
    assert star.size_mm == pytest.approx(1.5 * coin.size_mm)
    assert star.top_y + star.size_mm == pytest.approx(coin.top_y + coin.size_mm)
    assert star.top_y >= -1e-9  # a tall icon pushes the first line down instead of poking out of the box


def test_to_scene_offsets_pieces_and_draws_icons_with_the_callback():
    f = fit("**A** b :coin:", 50, 10, 10)
    calls = []

    def draw_icon(name, x, y, size):
        calls.append((name, x, y, size))
        return Group([Rect(x, y, size, size)])

    g = to_scene(f, 5, 7, draw_icon=draw_icon)
    ts = [n for n in g.children if isinstance(n, Text)]
    assert [(t.text, t.weight, t.box, t.anchor) for t in ts] == [("A ", "bold", None, "start"),
                                                                 ("b ", "regular", None, "start")]
    assert (ts[1].x, ts[1].y) == pytest.approx((5 + texts(f)[1].x, 7 + texts(f)[1].baseline_y))
    i = icons(f)[0]
    assert calls == [("coin", 5 + i.x, 7 + i.top_y, i.size_mm)]
    with pytest.raises(ValueError, match=":coin:"):
        to_scene(f, 0, 0)


# ---------------------------------------------------------------- end to end

SAMPLE = ("**Angriff**: Ziehe *zwei* Karten und zahle :coin:, dann ***sofort*** "
          "der Donaudampfschifffahrtsgesellschaftskapitän.")


def _page():
    f = fit(SAMPLE, 40, 30, 10, min_size_pt=6)

    def coin(name, x, y, s):
        return Group([Rect(x, y, s, s, style(fill="black"))], id=f"icon-{name}")

    return f, Page(60, 50, Group([to_scene(f, 10, 10, draw_icon=coin)]))


def test_pdf_embeds_all_four_faces_and_every_word_reads_back():
    import pypdf
    from pnp.render.pdf import render_pdf_bytes

    f, page = _page()
    data = render_pdf_bytes([page])
    assert data == render_pdf_bytes([_page()[1]])
    pg = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    names = {str(v.get_object()["/BaseFont"]).split("+")[-1] for v in pg["/Resources"]["/Font"].values()}
    assert names == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique"}
    got = re.sub(r"-\n", "", pg.extract_text()).split()
    want = re.sub(r":coin:", "", SAMPLE).replace("*", "").split()
    assert [w.strip(",.:") for w in got if w.strip(",.:")] == [w.strip(",.:") for w in want if w.strip(",.:")]


def test_pdf_raster_shows_the_icon_on_the_baseline():
    import numpy as np
    import pypdfium2 as pdfium
    from pnp.render.pdf import render_pdf_bytes

    f, page = _page()
    dpi = 300
    img = np.asarray(pdfium.PdfDocument(render_pdf_bytes([page]))[0].render(scale=dpi / 72).to_pil().convert("L"))
    px = dpi / 25.4
    i = icons(f)[0]
    cx, cy = 10 + i.x + i.size_mm / 2, 10 + i.top_y + i.size_mm / 2
    assert img[round(cy * px), round(cx * px)] < 60  # the black square is there
    x0, x1 = round((10 + i.x) * px) + 2, round((10 + i.x + i.size_mm) * px) - 2
    after = f.pieces[f.pieces.index(i) + 1]  # the text that follows the icon on its line
    base = 10 + after.baseline_y
    assert img[round((base - 0.1) * px), x0:x1].max() < 100  # ink down to the baseline ...
    assert img[round((base + 0.15) * px), x0:x1].min() > 200  # ... and none below it


def test_svg_writes_font_style_for_the_italic_faces():
    from pnp.render.svg import svg_string

    _, page = _page()
    svg = svg_string(page)
    root = ET.fromstring(svg.encode())
    styles = {(t.get("font-weight"), t.get("font-style")) for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert styles == {("bold", None), (None, None), (None, "italic"), ("bold", "italic")}
    faces = set(re.findall(r"font-style:(\w+);font-weight:(\w+);src:", svg))
    assert faces == {("normal", "normal"), ("normal", "bold"), ("italic", "normal"), ("italic", "bold")}


# ---------------------------------------------------------------- any input


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab Zü*:\\\n-\u00ad\t", max_size=40), st.floats(4, 60))
def test_any_markup_fits_inside_the_box_or_fails_with_a_data_error(markup, width):
    try:
        f = fit(markup, width, 30, 9, lang="de")
    except (MarkupError, Overflow):
        return
    assert f.height_mm <= 30 + 1e-6 and f.width_mm <= width + 1e-6
    assert all(right_edge(p) <= width + 1e-6 for p in texts(f))

    def letters(s):
        return re.sub(r"[ \t\u00ad-]", "", s)

    written = "".join(r.text for r in parse(markup) if isinstance(r, TextRun))
    assert letters("".join(p.text for p in texts(f))) == letters(written)  # each character drawn once, in order
