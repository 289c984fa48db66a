"""Overlap is a finding (#28): a text whose ink overlaps another element of its card is a warning
at build time and a FAIL in `pnp proof` and `pnp preflight`, naming the card, its row and both
elements; the starter deck keeps costs 0 to 9 clear of the name. And text inside SVG pictures
is drawn with an embedded font (or the picture and the row are named)."""
from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from typer.testing import CliRunner

from pnp.cli.main import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def starter(tmp_path):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    return tmp_path / "examples"


def _costs(starter: Path, costs) -> list[str]:
    """Give the cards of the starter deck these costs (and long names); returns the names."""
    path = starter / "starter-deck" / "cards.csv"
    rows = list(csv.reader(path.open(encoding="utf-8")))
    for row, cost in zip(rows[1:], costs):
        row[2] = str(cost)
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return [r[0] for r in rows[1:]]


def test_the_starter_deck_keeps_costs_0_to_9_clear_of_the_name(starter, tmp_path):
    for costs in ([0, 1, 2, 3, 4, 5, 6, 7], [9] * 8, [8, 9, 9, 8, 9, 9, 8, 9]):
        _costs(starter, costs)
        res = runner.invoke(app, ["build", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o"),
                                  "--format", "pdf"])
        assert res.exit_code == 0 and "overlaps" not in res.output, res.output
        res = runner.invoke(app, ["proof", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o")])
        assert res.exit_code == 0 and "FAIL" not in res.output, res.output


def _crowded(starter: Path) -> None:
    """The layout the issue found: a name box across the whole panel, the coins on its right."""
    card = starter / "starter-deck" / "card.yaml"
    text = card.read_text(encoding="utf-8")
    text = re.sub(r"- \{type: icons, frame: panel, x: 2\.5, y: 9\.5, w: \"100% - 5\", h: 4\.5,",
                  '- {type: icons, frame: panel, at: top-right, anchor: top-right, x: -2, y: 3, w: 30, h: 5,', text)
    card.write_text(text, encoding="utf-8")


def test_an_overlap_warns_at_build_and_fails_proof_and_preflight_naming_card_row_and_elements(starter, tmp_path):
    _crowded(starter)
    names = _costs(starter, [5] * 8)
    res = runner.invoke(app, ["build", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o"),
                              "--format", "pdf"])
    assert res.exit_code == 0, res.output
    warned = [ln for ln in res.output.splitlines() if "overlaps" in ln]
    long_names = [n for n in names if len(n) >= 11]  # Kupfermünze, Silbermünze, Marktschreier, Regenschauer
    assert long_names and all(any(f"'{n}'" in ln for ln in warned) for n in long_names), res.output
    for ln in warned:
        assert re.search(r"cards\.csv:\d+: warning: card '.+': text elements\.2 \(id 'title'\) '.+' overlaps "
                         r"icons elements\.3 by \d+\.\d × \d+\.\d mm", ln), ln
    res = runner.invoke(app, ["proof", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o")])
    assert res.exit_code == 1, res.output
    fails = [ln for ln in res.output.splitlines() if ln.startswith("FAIL")]
    assert len(fails) == len(warned) and all(re.search(r"cards\.csv:\d+\)", ln) for ln in fails), res.output
    res = runner.invoke(app, ["preflight", "starter-deck", "--data", str(starter)])
    assert res.exit_code == 1, res.output
    fails = [ln for ln in res.output.splitlines() if ln.startswith("FAIL") and "overlap" in ln]
    assert len(fails) == len(warned) and all("elements.2 (id 'title')" in ln and "icons elements.3" in ln
                                             for ln in fails), res.output


def test_a_text_on_its_own_panel_is_no_overlap():
    """A text printed on a ground that holds it whole (a band, a panel, the card) is as meant."""
    from pnp.layout.compile import Card, compile_layout
    from pnp.model.layout import Layout

    lay = Layout.model_validate({"kind": "layout", "fields": {"name": "text"}, "elements": [
        {"type": "rect", "frame": "bleed", "fill": "white"},
        {"type": "rect", "id": "band", "w": 63, "h": 12, "fill": "navy"},
        {"type": "text", "frame": "band", "text": "{name}", "size": 12, "valign": "middle", "colour": "white"},
        {"type": "ellipse", "at": "top-right", "anchor": "top-right", "w": 10, "h": 10, "fill": "white",
         "stroke": "black"},
    ]})
    found: list = []
    compile_layout(lay).stamp({"name": "Short"}, Card(63, 88, 3, overlaps=found))
    assert found == []
    compile_layout(lay).stamp({"name": "A name far too long for the band"}, Card(63, 88, 3, overlaps=found))
    assert len(found) == 1 and "overlaps ellipse elements.3" in found[0], found


SVG_WITH_TEXT = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60" viewBox="0 0 100 60">
<rect width="100" height="60" fill="#eef"/><text x="50" y="30" font-family="Helvetica" font-size="14"
text-anchor="middle">Rain <tspan font-weight="bold">now</tspan></text></svg>"""


def test_text_inside_an_svg_picture_is_drawn_with_an_embedded_font(starter, tmp_path):
    (starter / "starter-deck" / "art" / "rain.svg").write_text(SVG_WITH_TEXT, encoding="utf-8")
    res = runner.invoke(app, ["build", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o"),
                              "--format", "pdf,svg"])
    assert res.exit_code == 0, res.output
    from test_fonts import pdf_fonts

    used = pdf_fonts(tmp_path / "o" / "starter-deck" / "market.pdf")
    assert used and all(used.values()) and not any("Helvetica" in f for f in used), used
    res = runner.invoke(app, ["preflight", "starter-deck", "--data", str(starter)])
    assert "fonts not embedded" not in res.output and res.exit_code == 0, res.output
    import base64

    svg = (tmp_path / "o" / "starter-deck" / "cards" / "market" / "regenschauer.svg").read_text(encoding="utf-8")
    picture = base64.b64decode(re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", svg).group(1)).decode()
    assert "@font-face{font-family:'DejaVu Sans'" in picture and "font-weight:bold" in picture
    assert "text,tspan,textPath{font-family:'DejaVu Sans'!important" in picture


def test_a_picture_whose_text_no_font_can_draw_names_the_picture_and_the_row(starter, tmp_path):
    (starter / "starter-deck" / "art" / "rain.svg").write_text(SVG_WITH_TEXT.replace("Rain", "Rain \u16a0"),
                                                               encoding="utf-8")
    res = runner.invoke(app, ["build", "starter-deck", "--data", str(starter), "--out", str(tmp_path / "o"),
                              "--format", "pdf"])
    assert res.exit_code == 2, res.output
    assert re.search(r"cards\.csv:8: image 'art/rain\.svg' .*U\+16A0", res.output), res.output
