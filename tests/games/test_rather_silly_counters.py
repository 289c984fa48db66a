"""Rather Silly counter sheet: the printed PDF holds the counts the data asks for, and the checker
catches a sheet that disagrees with the seed."""
from __future__ import annotations

import io
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.render.pdf import render_pdf_bytes
from pnp.layout.builtin.counters import counter_assets, counter_specs
from pnp.model.game import discover
from pnp.games.rather_silly.rules import check
from pnp.layout.kinds import load_doc

DATA = Path(__file__).resolve().parents[2] / "data"
FILE = DATA / "rather-silly" / "counters.yaml"
GAME = discover(DATA)["rather-silly"]  # the sheet's face layout (counter.yaml) lies in the game folder
POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


@pytest.fixture(scope="module")
def sheet():
    return load_doc(FILE)[1]


@pytest.fixture(scope="module")
def pdf_text(sheet):
    pages = [page for asset in _sheets(sheet, BuildOptions(lang="de")) for page in asset.iter_pages()]
    reader = PdfReader(io.BytesIO(render_pdf_bytes(pages)))
    return [p.extract_text() for p in reader.pages]


def _sheets(sheet, opts):
    """The counter sheets (one-sided and double-sided counters print in files of their own), not the key."""
    return [a for a in counter_assets(sheet, GAME, opts, "counters") if not a.name.endswith("-key")]


def test_one_sided_and_double_sided_counters_print_in_files_of_their_own(sheet):
    names = [a.name for a in counter_assets(sheet, GAME, BuildOptions(lang="de"), "counters")]
    assert names[:2] == ["counters", "counters-duplex"]
    assert [a.name for a in counter_assets(sheet, GAME, BuildOptions(lang="de", duplex="none"), "counters")][:1] == \
        ["counters"]


def test_spec_counts_follow_the_seed(sheet):
    by = Counter((s.counter.id, s.group_id) for s in counter_specs(sheet))
    for p in POWERS:
        assert by[("lama", p)] == 3
        assert by[("amazon", p)] == by[("drecksack", p)] == 3
        assert by[("twins", p)] == 1
    assert by[("borg", None)] == by[("tardis", "doktor")] == 1
    assert by[("link-a", None)] + by[("link-b", None)] == 2


def test_pdf_holds_the_counts(sheet, pdf_text):
    text = "\n".join(pdf_text)
    expected = Counter()
    for s in counter_specs(sheet):
        label = s.counter.label
        expected[label if isinstance(label, str) else label.de] += 1
    def n(word):
        return len(re.findall(rf"(?<![\w®]){re.escape(word)}(?!\w)", text))
    assert n("Lamaherde") == 2 * expected["Lamaherde"] == 2 * 21  # front and the face-down back
    assert n("verdeckt") == 21
    assert n("A®mazone") == 21 and n("Drecksack") == 21
    assert n("Armee") == expected["Armee"] == 7 * 12 + 3 * 4
    assert n("Seemonster") == 8 and n("Monster") == 8
    assert n("Borg") == 1 and n("Tardis") == 1
    assert n("Ende A") == 1 and n("Ende B") == 1
    # double-sided: the twins and the devil's countdown appear front and back
    assert n("Siamesische Zwillinge") == 2 * 7
    assert n("noch 2×") == 12 and n("noch 1×") == 12  # seasons left on a devilish unit, front and back
    assert len(re.findall(r"(?<![\w.,×])2(?![\w.,%])", text)) >= 16


def _walk(node):
    yield node
    for c in getattr(node, "children", []):
        yield from _walk(c)


def test_every_monster_counter_on_the_pages_shows_strength_2(sheet):
    from pnp.scene import Group, Text

    asset = next(iter(counter_assets(sheet, GAME, BuildOptions(lang="en"), "counters")))
    found = Counter()
    for page in asset.iter_pages():
        for node in _walk(page.content):
            if isinstance(node, Group) and (node.id or "").startswith("counter-") and "monster" in node.id:
                texts = [t.text for t in _walk(node) if isinstance(t, Text)]
                assert "2" in texts, texts
                found[node.id.rsplit("-", 1)[0]] += 1
    assert found == {"counter-sea-monster": 8, "counter-space-monster": 8}


def test_checker_flags_a_sheet_that_disagrees_with_the_seed(tmp_path):
    folder = tmp_path / "rather-silly"
    shutil.copytree(DATA / "rather-silly", folder)
    game = discover(tmp_path)["rather-silly"]
    assert [f for f in check(game) if f.severity == "error"] == []
    text = (folder / "counters.yaml").read_text(encoding="utf-8")
    broken = (text.replace("icon: lama, groups: [austria, england, france, germany, italy, russia, turkey], count: 3",
                           "icon: lama, groups: [austria, england, france, germany, italy, russia, turkey], count: 2")
                  .replace("number: 2, colour: \"#0b4f6c\"", "number: 1, colour: \"#0b4f6c\"")
                  .replace("    width: 2\n", "    width: 1\n"))
    assert broken != text
    (folder / "counters.yaml").write_text(broken, encoding="utf-8")
    rules = {f.rule for f in check(game) if f.severity == "error"}
    assert rules == {"rs.counters.count", "rs.counters.strength", "rs.counters.twins"}


def _raster(pdf: bytes, tmp_path, dpi: int = 254):
    """First page as a pillow image (10 px per mm at 254 dpi)."""
    from pdfread import raster

    return raster(pdf, dpi)


@pytest.mark.parametrize("size", [15.0, 20.0])
def test_printed_counter_pitch_is_the_size_in_mm(sheet, tmp_path, size):
    """Crop marks stand on every trim edge: their spacing on the printed page is the counter size."""
    asset = next(iter(counter_assets(sheet, GAME, BuildOptions(extra={"counter_size": size}), "counters")))
    page = next(asset.iter_pages())
    img = _raster(render_pdf_bytes([page]), tmp_path)
    px_per_mm = img.width / page.width
    # crop marks start 1 mm (the gap) above the bleed and are at least 1 mm long (they stop 6 mm from the
    # paper's edge): look 1.5 mm above the bleed
    assert page.bleed.y - 1.5 > 6.0
    y = round((page.bleed.y - 1.5) * px_per_mm)
    dark = [x for x in range(img.width) if sum(img.getpixel((x, y))) < 200]
    starts = [x for i, x in enumerate(dark) if i == 0 or x - dark[i - 1] > 1]
    gaps = [(b - a) / px_per_mm for a, b in zip(starts, starts[1:])]
    assert len(gaps) >= 5, gaps
    assert all(abs(g - size) < 0.25 for g in gaps), gaps
    # and the first counter is Austria's red, measured in its middle
    first = page.trim_box
    r, g, b = img.getpixel((round((first.x + 2) * px_per_mm), round((first.y + size / 2) * px_per_mm)))
    assert (abs(r - 0xC6) < 6, abs(g - 0x28) < 6, abs(b - 0x28) < 6) == (True, True, True)


def test_counter_pdf_is_byte_identical_across_builds(sheet):
    a = next(iter(counter_assets(sheet, GAME, BuildOptions(), "counters")))
    assert render_pdf_bytes(list(a.iter_pages())) == render_pdf_bytes(list(a.iter_pages()))


def test_svg_pages_hold_each_counter_once_with_unique_ids(sheet, tmp_path):
    import xml.etree.ElementTree as ET

    from pnp.render.svg import write_svg

    ids: list[str] = []
    for n, page in enumerate(p for asset in _sheets(sheet, BuildOptions()) for p in asset.iter_pages()):
        path = tmp_path / f"p{n}.svg"
        write_svg(page, path)
        ids += [e.get("id") for e in ET.parse(path).getroot().iter() if (e.get("id") or "").startswith("counter-")]
    assert len(ids) == len(set(ids))
    fronts = Counter(i.rsplit("-", 1)[0] for i in ids if not i.endswith("-back"))
    assert fronts["counter-army-austria"] == 12 and fronts["counter-lama-turkey"] == 3
    assert fronts["counter-twins-russia"] == 1 and fronts["counter-borg"] == 1
    backs = Counter(i.rsplit("-", 2)[0] for i in ids if i.endswith("-back"))
    assert backs == Counter({"counter-devil": 12, **{f"counter-twins-{p}": 1 for p in POWERS},
                             **{f"counter-lama-{p}": 3 for p in POWERS}})


def test_llama_herds_lie_face_down_with_identical_backs(sheet):
    """The seed's llamas go unnoticed: every herd's back looks exactly the same (pixels), while the
    fronts still say whose herd it is."""
    from pnp.render.png import png_bytes
    from pnp.layout.builtin.counters import draw_face
    from pnp.scene import Group, Page, translate

    specs = [s for s in counter_specs(sheet) if s.counter.id == "lama"]
    assert len(specs) == 21 and {s.group_id for s in specs} == set(POWERS)

    def look(spec, face, side):
        g = draw_face(sheet, spec, face, 1.0, "de", 1, side)
        g.id = None  # the id names the owner; only what prints counts
        return png_bytes(Page(spec.w + 2, spec.h + 2, Group([g], transform=translate(1, 1))), dpi=200)

    backs = {look(s, s.counter.back, "back") for s in specs}
    fronts = {look(s, s.counter, "front") for s in specs}
    assert len(backs) == 1
    assert len(fronts) == 7


def test_twins_are_one_double_counter_per_power(sheet):
    twins = [s for s in counter_specs(sheet) if s.counter.id == "twins"]
    assert len(twins) == 7 and all(abs(s.w - 2 * s.h) < 1e-9 for s in twins)


def test_key_counts_agree_with_the_counter_sheet(sheet):
    """The key page (the contact sheet players check their cut counters against) states per type
    how many there are; read back from its PDF, the counts add up to the counters the sheet prints."""
    assets = list(counter_assets(sheet, GAME, BuildOptions(lang="de"), "counters"))
    key = next(a for a in assets if a.name == "counters-key")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(render_pdf_bytes(list(key.iter_pages())))).pages)
    stated = {}
    for name, each, groups, single in re.findall(r"([^\s·][^·]*?)\s+·\s+(?:je (\d+) · (\d+) Farben|(\d+)×)", text):
        stated[name.strip()] = int(each) * int(groups) if each else int(single)
    printed = Counter()
    for s in counter_specs(sheet):
        c = s.counter
        printed[(c.label.de if hasattr(c.label, "de") else c.label) or c.top.de] += 1
    assert sum(stated.values()) == len(counter_specs(sheet)) == sum(printed.values())
    for name in ("Armee", "Lamaherde", "Siamesische Zwillinge", "Seemonster", "Monster", "Borg"):
        assert any(k.endswith(name) for k in stated), name
