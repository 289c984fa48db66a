"""Layouts that reuse each other: styles, extends, remove, icons from picture files, and the
errors a designer sees, each at the file and line where the mistake was written."""
from __future__ import annotations

import io
import textwrap
from pathlib import Path

import numpy as np
import pytest
from PIL import Image as PILImage
from typer.testing import CliRunner

from pdfread import raster, text, words
from pnp.cli.main import app
from pnp.load.errors import DataErrors
from pnp.load.marked import load
from pnp.layout.vocabulary import Layout

BASE = """\
kind: layout
size: poker
fields: {name: text, damage: integer 0..20, kind: text}
tables: {band: {hero: "#2255aa", default: "#777777"}}
styles:
  title: {size: 14, weight: bold, align: center, colour: "#222222"}
  body: {size: 9, colour: "#333333", fill: "#ffffff"}
elements:
  - {type: rect, id: bg, frame: bleed, fill: "{band[kind]}"}
  - {type: text, id: name, style: title, x: 5, y: 5, w: 53, h: 8, text: "{name}"}
  - {type: text, id: flavour, style: body, x: 5, y: 70, w: 53, h: 6, text: "Aus alten Zeiten"}
"""


def game(tmp_path, files: dict[str, str], cards="[{name: Oger, damage: 3, kind: hero}]", layout="hero.yaml") -> Path:
    g = tmp_path / "data" / "reuse"
    (g / "art").mkdir(parents=True)
    (g / "game.yaml").write_text("name: reuse\ntitle: Reuse\n")
    (g / "deck.yaml").write_text(f"kind: deck\ntitle: Reuse\nlayout: {layout}\nback: none\ncards: {cards}\n")
    for name, body in files.items():
        (g / name).write_text(textwrap.dedent(body))
    return tmp_path / "data"


def build(data, tmp_path, *args):
    return CliRunner().invoke(app, ["build", "reuse", "--data", str(data), "--out", str(tmp_path / "o"), *args])


def test_extends_inherits_replaces_appends_and_removes(tmp_path):
    data = game(tmp_path, {"base.yaml": BASE, "hero.yaml": """\
        kind: layout
        extends: base.yaml
        remove: [flavour]
        styles:
          title: {colour: "#aa0000"}          # restyles the base's elements too
        elements:
          - {type: text, id: name, style: title, x: 5, y: 5, w: 53, h: 8, text: "{name|upper}"}
          - {type: text, style: body, x: 5, y: 20, w: 53, h: 6, text: "Schaden {damage + 1}"}
        """})
    res = build(data, tmp_path, "-f", "pdf,svg")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "o" / "reuse" / "deck.pdf"
    t = text(pdf)
    assert "OGER" in t and "Schaden 4" in t and "Aus alten Zeiten" not in t and "Oger" not in t
    svg = (tmp_path / "o" / "reuse" / "cards" / "deck" / "oger.svg").read_text()
    assert 'fill="#aa0000"' in svg and "font-weight=\"bold\"" in svg  # the base's style, the child's colour
    assert 'fill="#2255aa"' in svg  # the base's table and background


def test_styles_fill_in_what_an_element_leaves_out():
    raw = load(textwrap.dedent("""\
        kind: layout
        styles:
          title: {size: 12, weight: bold, align: center, colour: "#222", fill: gold}
          small: {style: title, size: "-= 4"}
        elements:
          - {type: text, style: title, text: "{name}", size: "+= 2"}
          - {type: text, style: small, text: "x", colour: red}
          - {type: rect, style: [small, title]}
        """))
    lay = Layout.from_raw(raw, "card.yaml")
    big, small, rect = lay.elements
    assert (big.size, big.weight, big.align, big.colour) == (14, "bold", "center", "#222")
    assert (small.size, small.colour) == (8, "red")
    assert rect.fill == "gold"  # a text style's fill reaches the shape; its size does not


def test_an_element_changes_its_styles_place_and_size_as_squibs_extends_does():
    raw = load(textwrap.dedent("""\
        kind: layout
        styles:
          row: {x: 4, y: 10, w: 20, h: 6, size: 9}
        elements:
          - {type: text, style: row, y: "*= 1.5", text: a}
          - {type: text, style: row, x: "/= 2", w: "-= 5", text: "+= 2 Gold"}
          - {type: rect, style: row, h: "*= 2"}
        """))
    a, b, r = Layout.from_raw(raw, "card.yaml").elements
    assert (a.x, a.y, a.w, a.h) == (4, 15, 20, 6) and (b.x, b.y, b.w, b.text) == (2, 10, 15, "+= 2 Gold")
    assert (r.y, r.h) == (10, 12)


@pytest.mark.parametrize("el, message", [
    ('{type: text, y: "*= 1.5", text: a}', "card.yaml:5:21: 'y: *= 1.5' changes a style's number, but the element "
                                           "names no style"),
    ('{type: text, style: row, y: "*= x", text: a}', "card.yaml:5:33: 'y: *= x': a change needs a number"),
    ('{type: text, style: row, w: "/= 0", text: a}', "card.yaml:5:33: 'w: /= 0' divides by zero"),
])
def test_a_change_that_cannot_be_made_is_an_error_at_its_value(el, message):
    with pytest.raises(DataErrors) as err:
        Layout.from_raw(load(f"kind: layout\nstyles:\n  row: {{y: 10, w: 5}}\nelements:\n  - {el}\n"), "card.yaml")
    assert str(err.value) == message or str(err.value).startswith(message), str(err.value)


def test_yaml_merge_keys_are_another_way_to_share():
    raw = load(textwrap.dedent("""\
        kind: layout
        elements:
          - &label {type: text, size: 8, colour: "#444", text: "{name}", h: 5}
          - {<<: *label, y: 10, text: "{name|lower}"}
        """))
    lay = Layout.from_raw(raw, "card.yaml")
    assert [(e.size, e.y, e.text) for e in lay.elements] == [(8, 0, "{name}"), (8, 10, "{name|lower}")]


@pytest.mark.parametrize("hero, where, message", [
    ("kind: layout\nextends: base.yaml\nremove: [flavor]\n", "hero.yaml:3:10",
     "remove: the base layout has no element with the id 'flavor'; its ids are bg, name, flavour"),
    ("kind: layout\nextends: nothere.yaml\n", "hero.yaml:2:10", "'extends: nothere.yaml': layout 'nothere.yaml'"),
    ("kind: layout\nextends: base.yml.txt\n", "hero.yaml:2:10", "); a layout file's name ends in .yaml"),
    ("kind: layout\nextends: deck.yaml\n", "hero.yaml:2:10", "layout 'deck.yaml': that file is a deck file, not a layout"),
    ("kind: layout\nextends: ../../outside.yaml\n", "hero.yaml:2:10", "outside the game folder"),
    ("kind: layout\nextends: hero.yaml\n", "hero.yaml:2:10", "layouts extend each other in a circle"),
    ("kind: layout\nextends: base.yaml\nelements:\n  - {type: text, style: titel, text: x}\n", "hero.yaml:4:25",
     "unknown style 'titel'; the layout's styles are title, body"),
    ("kind: layout\nextends: base.yaml\nelements:\n  - {type: text, style: title, text: x, size: 'x= 2'}\n",
     "hero.yaml:4:47", "'elements.3.size': Input should be a valid number"),
    ("kind: layout\nextends: base.yaml\nstyles:\n  body: {wieght: bold}\n", "hero.yaml:4:10",
     "style 'body': no element takes 'wieght'"),
    ("kind: layout\nextends: base.yaml\nelements:\n  - {type: text, text: '{nam}'}\n", "hero.yaml:4:5",
     "unknown field 'nam'"),
])
def test_mistakes_are_reported_where_they_were_written(tmp_path, hero, where, message):
    (tmp_path / "outside.yaml").write_text(BASE)
    data = game(tmp_path, {"base.yaml": BASE, "hero.yaml": hero})
    res = build(data, tmp_path)
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    line = next((ln for ln in res.output.splitlines() if message in ln), None)
    assert line is not None, res.output
    assert line.split(": ", 1)[0].endswith(where), line
    assert "shipped/" not in res.output  # pnp's own folders are not the user's business


def test_a_mistake_in_the_base_is_reported_in_the_base(tmp_path):
    data = game(tmp_path, {"base.yaml": BASE.replace("{band[kind]}", "{band[knd]}"),
                           "hero.yaml": "kind: layout\nextends: base.yaml\n"})
    res = build(data, tmp_path)
    assert res.exit_code == 2
    assert "base.yaml:9:5: elements.0 (id 'bg') fill: unknown field 'knd'" in res.output


def test_a_layout_can_extend_a_shipped_one(tmp_path):
    data = game(tmp_path, {"plain.yaml": """\
        kind: layout
        extends: classic-card
        elements:
          - {type: text, at: bottom, anchor: bottom, y: -12, w: 40, h: 5, size: 8, text: "Zusatz {name|upper}"}
        """}, cards="[{name: Oger, category: m, cost: 7, text: Brüllt.}]", layout="plain.yaml")
    deck = data / "reuse" / "deck.yaml"
    deck.write_text(deck.read_text() + "categories: [{id: m, name: Monster, colour: '#335577', mark: circle}]\n")
    res = build(data, tmp_path, "-f", "pdf")
    assert res.exit_code == 0, res.output
    t = text(tmp_path / "o" / "reuse" / "deck.pdf")
    assert "Oger" in t and "Monster" in t and "Zusatz OGER" in t


def _png(colour) -> bytes:
    buf = io.BytesIO()
    PILImage.new("RGB", (64, 64), colour).save(buf, "PNG")
    return buf.getvalue()


K = 200 / 25.4  # pixels per mm of the pages looked at


def _pure(pdf, channel: int):
    """Where the page at 200 dpi is pure red (channel 0) or blue (2)."""
    img = np.asarray(raster(pdf, 200).convert("RGB")).astype(int)
    others = [c for c in range(3) if c != channel]
    return (img[..., channel] > 200) & (img[..., others[0]] < 60) & (img[..., others[1]] < 60)


def test_icons_from_picture_files_inline_and_in_elements(tmp_path):
    data = game(tmp_path, {"hero.yaml": """\
        kind: layout
        fields: {name: text, damage: integer 0..20, kind: text}
        icons: {knight: art/knight.png, tower: art/tower.svg}
        elements:
          - {type: rect, frame: bleed, fill: white}
          - {type: textbox, x: 5, y: 5, w: 53, h: 10, size: 12, text: "Zieh :knight: und dann :tower:"}
          - {type: icons, x: 5, y: 30, w: 40, h: 8, icon: knight, count: "{damage}", align: start}
          - {type: symbol, x: 5, y: 50, w: 10, h: 10, symbol: tower}
        """})
    art = tmp_path / "data" / "reuse" / "art"
    (art / "knight.png").write_bytes(_png((255, 0, 0)))
    (art / "tower.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                   '<rect width="10" height="10" fill="#0000ff"/></svg>')
    res = build(data, tmp_path, "-f", "pdf,svg")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "o" / "reuse" / "deck.pdf"
    ws = words(pdf)
    zieh = next(w for w in ws if w[0] == "Zieh")
    # the sheet centres one card: find the card's origin from the word, then look at the pixels
    k = K
    red, blue = _pure(pdf, 0), _pure(pdf, 2)
    ys, xs = np.nonzero(red)
    assert red.sum() > 3 * (8 * k) ** 2 * 0.8  # three knights of 8 mm in the icons row, and one inline
    assert abs(ys.min() / k - zieh[2]) < 3  # the inline one sits in the line of text
    assert blue.sum() > (10 * k) ** 2 * 0.8  # the tower symbol, 10 mm


def test_a_one_line_text_draws_the_icons_it_names_and_keeps_the_rest_literal(tmp_path):
    data = game(tmp_path, {"hero.yaml": """\
        kind: layout
        fields: {name: text, damage: integer 0..20, kind: text}
        icons: {knight: art/knight.png}
        elements:
          - {type: rect, frame: bleed, fill: white}
          - {type: text, x: 5, y: 5, w: 53, h: 8, size: 12, text: "Preis :knight: {damage}*2 :x: a\\\\b **c**"}
        """})
    (tmp_path / "data" / "reuse" / "art" / "knight.png").write_bytes(_png((255, 0, 0)))
    res = build(data, tmp_path, "-f", "pdf,svg")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "o" / "reuse" / "deck.pdf"
    shown = [w[0] for w in words(pdf)]
    assert shown[:5] == ["Preis", "3*2", ":x:", "a\\b", "**c**"], shown  # only a known name is an icon
    assert ":knight:" not in text(pdf)
    preis = next(w for w in words(pdf) if w[0] == "Preis")
    ys, xs = np.nonzero(_pure(pdf, 0))
    assert len(xs) and abs(ys.min() / K - preis[2]) < 2 and xs.min() / K > preis[3]  # in the line, after the word


def test_an_icon_file_that_is_missing_is_named(tmp_path):
    data = game(tmp_path, {"hero.yaml": """\
        kind: layout
        fields: {name: text, damage: integer 0..20, kind: text}
        icons: {knight: art/knight.png}
        elements:
          - {type: symbol, x: 5, y: 50, w: 10, h: 10, symbol: knight}
        """})
    res = build(data, tmp_path)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "hero.yaml:3:17: icon 'knight': no picture art/knight.png in the game folder" in res.output


def test_icon_file_names_stay_in_the_game_folder():
    with pytest.raises(DataErrors, match="relative to the game folder"):
        Layout.from_raw(load("kind: layout\nicons: {x: ../secret.png}\nelements: [{type: rect}]\n"), "f.yaml")


@pytest.mark.parametrize("src, message", [
    ("game.yaml", "an icon is a picture file (.png, .jpg, .jpeg, .svg, .gif, .webp, .bmp, .tif, .tiff) in the game folder (got 'game.yaml')"),
    ("/etc/wolf.png", "an icon file is named relative to the game folder, without '..' (got '/etc/wolf.png')"),
    ("[a.png]", "Input should be a valid string"),
])
def test_a_bad_icon_file_is_named_at_its_own_line(src, message):
    with pytest.raises(DataErrors) as err:
        Layout.from_raw(load(f"kind: layout\nicons:\n  ok: a.png\n  wolf: {src}\nelements: [{{type: rect}}]\n"),
                        "f.yaml")
    assert f"f.yaml:4:9: 'icons.wolf': {message}" in str(err.value)


def test_style_names_a_layout_style_on_every_kind_registration_marks_too():
    """One name, one meaning: `style:` is always a layout style; a registration mark's shape is `mark:`."""
    raw = load("kind: layout\nstyles:\n  s: {colour: red}\nelements:\n"
               "  - {type: registration, style: s, mark: cross}\n  - {type: text, style: s, text: a}\n")
    marks, label = Layout.from_raw(raw, "card.yaml").elements
    assert marks.mark == "cross" and marks.colour == "red" and label.colour == "red"
