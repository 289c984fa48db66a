"""Generic counter sheets: schema errors point at the data, counts expand as written, the PDF
holds exactly the counters asked for, backs exist only for two-state counters, sizes are real mm."""
from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.layout.builtin.counters import counter_assets, counter_items, counter_specs, draw_face
from pnp.load.errors import DataErrors
from pnp.layout.kinds import load_doc
from pnp.scene import Ellipse, Group, Rect, Text

SHEET = """\
kind: counters
title: Test
size: 15
groups:
  - {id: red, name: Rot, short: Rot, colour: "#c62828", text: white}
  - {id: blue, name: {de: Blau, en: Blue}, colour: "#1f3f8f", text: white}
icons:
  - id: dot
    name: Punkt
    parts: [{type: path, fill: true, d: "M 30 30 L 70 30 L 70 70 L 30 70 Z"}]
counters:
  - {id: soldier, label: Soldat, icon: dot, groups: all, count: 5}
  - {id: giant, label: Riese, number: 2, colour: black, text: white, count: 3}
  - id: timer
    label: Uhr
    top: {de: noch 2, en: two left}
    back: {label: Uhr, top: {de: noch 1, en: one left}}
    count: 4
  - {id: pair, label: Paar, icon: [dot, dot], width: 2, groups: [blue], count: 2}
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "tokens.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def load(tmp_path, text=SHEET):
    kind, doc = load_doc(write(tmp_path, text))
    assert kind == "counters"
    return doc


def pdf_pages(doc, **opts) -> list[str]:
    """The pages of every file of the sheet (one-sided and double-sided counters are files of their own)."""
    out = []
    for asset in counter_assets(doc, None, BuildOptions(**opts), "tokens"):
        if asset.name.endswith("-key"):
            continue
        reader = PdfReader(io.BytesIO(render_pdf_bytes(list(asset.iter_pages()))))
        out += [p.extract_text() for p in reader.pages]
    return out


def test_one_sided_and_double_sided_counters_are_files_of_their_own(tmp_path):
    assets = [a for a in counter_assets(load(tmp_path), None, BuildOptions(), "tokens") if not a.name.endswith("-key")]
    assert [a.name for a in assets] == ["tokens", "tokens-duplex"]
    single, double = (list(a.iter_pages()) for a in assets)
    assert {p.side for p in single} == {""}
    assert [p.side for p in double] == ["front", "back"] * (len(double) // 2)
    one = [a for a in counter_assets(load(tmp_path), None, BuildOptions(duplex="none"), "tokens")
           if not a.name.endswith("-key")]
    assert [a.name for a in one] == ["tokens"]  # no backs printed: one file


def test_counts_expand_per_group(tmp_path):
    doc = load(tmp_path)
    labels = [s.label for s in counter_specs(doc)]
    assert labels.count("soldier-red") == labels.count("soldier-blue") == 5
    assert labels.count("giant") == 3 and labels.count("timer") == 4 and labels.count("pair-blue") == 2
    assert len(labels) == 5 + 5 + 3 + 4 + 2


def test_pdf_holds_the_counts_and_backs_only_where_two_states(tmp_path):
    doc = load(tmp_path)
    pages = pdf_pages(doc)
    text = "\n".join(pages)
    assert len(re.findall(r"\bSoldat\b", text)) == 10
    assert len(re.findall(r"\bRiese\b", text)) == 3
    assert len(re.findall(r"\bnoch 2\b", text)) == 4
    assert len(re.findall(r"\bnoch 1\b", text)) == 4  # the back of each timer
    assert len(re.findall(r"\bPaar\b", text)) == 2
    assert len(re.findall(r"\bRot\b", text)) == 5  # the group's short name on red counters only
    # single-sided runs never get a back page; the timers get exactly one
    with_backs = [t for t in pages if "noch 1" in t]
    assert len(with_backs) == 1 and "Soldat" not in with_backs[0]
    assert len(pdf_pages(doc, duplex="none")) == len(pages) - 1


def test_english_texts(tmp_path):
    text = "\n".join(pdf_pages(load(tmp_path), lang="en"))
    assert len(re.findall(r"two left", text)) == 4 and "noch" not in text


def test_sizes_are_millimetres_and_configurable(tmp_path):
    doc = load(tmp_path)
    items = counter_items(doc)
    assert {(i.w, i.h) for i in items} == {(15.0, 15.0), (30.0, 15.0)}
    asset = next(iter(counter_assets(doc, None, BuildOptions(extra={"counter_size": 20}), "tokens")))
    assert "20 mm" in asset.description
    big = counter_items(doc, size=20)
    assert {(i.w, i.h) for i in big} == {(20.0, 20.0), (40.0, 20.0)}
    with pytest.raises(DataErrors, match="counter_size"):
        list(counter_assets(doc, None, BuildOptions(extra={"counter_size": "huge"}), "tokens"))


def _walk(node):
    yield node
    if isinstance(node, Group):
        for c in node.children:
            yield from _walk(c)


def test_round_counters_draw_a_circle_and_background_covers_bleed(tmp_path):
    doc = load(tmp_path, SHEET.replace("size: 15", "size: 15\nshape: round"))
    spec = counter_specs(doc)[0]
    g = draw_face(doc, spec, spec.counter, 3.0, "de")
    nodes = list(_walk(g))
    circles = [n for n in nodes if isinstance(n, Ellipse)]
    assert circles and abs(circles[0].rx - 7.5) < 0.2
    bg = next(n for n in nodes if isinstance(n, Rect))
    assert bg.x <= -3.0 and bg.y <= -3.0 and bg.x + bg.w >= 18.0 and bg.y + bg.h >= 18.0  # the bleed is covered
    assert bg.style.fill.hex == "#c62828"


@pytest.mark.parametrize("old,new,needle", [
    ("groups: all, count: 5", "groups: [green], count: 5", "unknown group 'green'"),
    ("icon: dot, groups", "icon: star, groups", "unknown icon 'star'"),
    ("width: 2", "width: 3", "counters.3.width"),
    ('colour: "#c62828"', 'colour: "reddish"', "unknown colour"),
    ("count: 3", "count: -1", "counters.1.count"),
])
def test_bad_sheets_report_file_line_and_key(tmp_path, old, new, needle):
    path = write(tmp_path, SHEET.replace(old, new, 1))
    with pytest.raises(DataErrors) as exc:
        load_doc(path)
    msg = str(exc.value)
    assert needle in msg and re.search(r"tokens\.yaml:\d+:\d+: ", msg), msg


def test_faces_list_distinct_single_width_counters_with_copy_counts(tmp_path):
    doc = load(tmp_path)
    single, double = list(counter_assets(doc, None, BuildOptions(), "tokens"))
    faces = {item.label: n for item, n in single.faces + double.faces}
    assert faces == {"soldier-red": 5, "soldier-blue": 5, "giant": 3, "timer": 4}
    assert [item.label for item, _ in double.faces] == ["timer"]
    timer = next(item for item, _ in double.faces if item.label == "timer")
    assert timer.back is not None and all(item.w == item.h == 15.0 for item, _ in single.faces + double.faces)


def test_key_page_only_when_counters_say_what_they_mean(tmp_path):
    doc = load(tmp_path)
    assert [a.name for a in counter_assets(doc, None, BuildOptions(), "tokens")] == ["tokens", "tokens-duplex"]
    text = SHEET.replace("  - {id: giant, label: Riese,", "  - {id: giant, about: {de: Ein Riese., en: A giant.}, label: Riese,")
    doc = load(tmp_path, text)
    assets = list(counter_assets(doc, None, BuildOptions(lang="en"), "tokens"))
    assert [a.name for a in assets] == ["tokens", "tokens-duplex", "tokens-key"]
    pages = list(assets[2].iter_pages())
    got = PdfReader(io.BytesIO(render_pdf_bytes(pages))).pages[0].extract_text()
    assert "Riese" in got and "A giant." in got and "3×" in got and "Soldat" not in got
    # the key shows the counter at its real size
    key = next(n for n in _walk(pages[0].content) if isinstance(n, Group) and n.id == "key-giant-front")
    assert key.clip.w == 15.0 and key.clip.h == 15.0


def test_counter_faces_are_shipped_layouts_and_a_sheet_may_name_its_own(tmp_path):
    """The built-in look is the shipped classic-counter layout; a sheet's own layout draws its
    faces instead, and a layout asking for a field no face gives is a data error naming it."""
    from pnp.layout.builtin.counters import counter_specs, draw_face, sheet_layout
    from pnp.load.errors import DataErrors
    from pnp.model.game import discover

    game_dir = tmp_path / "data" / "g"
    game_dir.mkdir(parents=True)
    (game_dir / "game.yaml").write_text("name: g\ntitle: G\n", encoding="utf-8")
    (game_dir / "tokens.yaml").write_text(SHEET + "layout: plain.yaml\n", encoding="utf-8")
    (game_dir / "plain.yaml").write_text(
        "kind: layout\nfields:\n  label: text?\n  colour: text = white\n"
        "elements:\n  - {type: rect, frame: bleed, fill: '{colour}'}\n"
        "  - {type: text, text: 'MINE {label}', size: 6, min_size: 5}\n", encoding="utf-8")
    game = discover(tmp_path / "data")["g"]
    doc = load(tmp_path, SHEET + "layout: plain.yaml\n")
    layout = sheet_layout(doc, game)
    spec = counter_specs(doc)[0]
    texts = [n.text for n in _walk(draw_face(doc, spec, spec.counter, 0, "de", layout=layout)) if isinstance(n, Text)]
    assert texts and texts[0].startswith("MINE ")
    # the default is the shipped layout, with the label in it
    shipped = [n.text for n in _walk(draw_face(doc, spec, spec.counter, 0, "de")) if isinstance(n, Text)]
    assert not any(t.startswith("MINE") for t in shipped) and shipped
    (game_dir / "plain.yaml").write_text(
        "kind: layout\nfields:\n  flavour: text\nelements:\n  - {type: text, text: '{flavour}'}\n", encoding="utf-8")
    game = discover(tmp_path / "data")["g"]
    with pytest.raises(DataErrors, match="flavour"):
        sheet_layout(doc, game)


def test_a_groups_mark_reaches_its_counters_faces(tmp_path):
    """A group's mark (a large initial telling its counters apart without colour) is the face field mark,
    in the build's language; a face that hides its owner (anonymous) or its group (show_group: false) and a
    counter of no group get none."""
    from pnp.layout.builtin.counters import face_values

    doc = load(tmp_path, textwrap.dedent("""\
        kind: counters
        groups:
          - {id: red, name: Rot, colour: "#c62828", mark: {de: Ö, en: A}}
          - {id: blue, name: Blau, colour: "#1f3f8f"}
        counters:
          - {id: army, label: Armee, groups: [red, blue], count: 1,
             back: {anonymous: true, label: verdeckt}}
          - {id: tardis, label: Tardis, groups: [red], show_group: false, count: 1}
          - {id: borg, label: Borg, count: 1}
        """))
    specs = {(s.counter.id, s.group_id): s for s in counter_specs(doc)}
    red = specs[("army", "red")]
    assert face_values(doc, red, red.counter, "de")["mark"] == "Ö"
    assert face_values(doc, red, red.counter, "en")["mark"] == "A"
    assert face_values(doc, red, red.counter.back, "de")["mark"] is None  # face down: whose it is stays hidden
    blue = specs[("army", "blue")]
    assert face_values(doc, blue, blue.counter, "de")["mark"] is None
    tardis = specs[("tardis", "red")]
    assert face_values(doc, tardis, tardis.counter, "de")["mark"] is None
    borg = specs[("borg", None)]
    assert face_values(doc, borg, borg.counter, "de")["mark"] is None


def test_a_counter_coloured_none_is_unpainted(tmp_path):
    """'none' is a colour the schema takes (no paint): the face's colour field gets 'none' and the
    counter prints, where it used to fail on the missing colour's hex (found by typing)."""
    from pnp.layout.builtin.counters import face_values

    doc = load(tmp_path, SHEET.replace("colour: black, text: white", "colour: none, text: black"))
    spec = next(s for s in counter_specs(doc) if s.counter.id == "giant")
    assert face_values(doc, spec, spec.counter, "de")["colour"] == "none"
    assert any("Riese" in page for page in pdf_pages(doc))
