"""The gallery page: built from real games in a temp output folder, every
link and image points at a file that exists, numbers on the page match the
files, checker verdicts match the checkers, and the page is self-contained."""
from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.output.build import collect_assets
from pnp.output.gallery import human_size, scan_game, write_gallery


class Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.imgs, self.ids, self.tags = [], [], set(), []
        self.sections: dict[str, str] = {}
        self._section = None
        self.text: list[tuple[str | None, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "section":
            self._section = a.get("id")
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.imgs.append(a["src"])
        for k in ("src", "href"):
            if k in a:
                assert not a[k].startswith(("http:", "https:", "//", "data:")), a[k]

    def handle_data(self, data):
        self.text.append((self._section, data))

    def section_text(self, name):
        return "".join(t for s, t in self.text if s == name)


def parse(path: Path) -> Refs:
    r = Refs()
    r.feed(path.read_text(encoding="utf-8"))
    return r


def test_every_link_and_image_of_the_real_gallery_exists(real_output):
    out, data, built, index = real_output
    assert index == out / "index.html"
    refs = parse(index)
    assert "script" not in refs.tags and "link" not in refs.tags  # inline CSS only, no scripts
    assert refs.imgs, "no previews at all"
    for ref in refs.links + refs.imgs:
        if ref.startswith("#"):
            assert ref[1:] in refs.ids
            continue
        assert (out / unquote(ref)).is_file(), ref
    for src in refs.imgs:
        assert src.endswith((".png", ".svg"))
    linked = {unquote(r) for r in refs.links}
    shown = {unquote(r) for r in refs.imgs}
    for g in built:
        for pdf in (out / g.name).rglob("*.pdf"):
            assert pdf.relative_to(out).as_posix() in linked  # every PDF is reachable
        for a in collect_assets(g, BuildOptions()):
            if a.faces:  # decks show their contact sheet and offer the Tabletop Simulator object
                assert f"{g.name}/{a.name}-contact-sheet.png" in shown
                assert f"{g.name}/tts/{a.name.replace('/', '-')}.json" in linked


def test_page_counts_sizes_and_verdicts_match_the_files(real_output):
    from pnp.checks import failed

    out, data, built, index = real_output
    refs, html = parse(index), index.read_text()
    for g in built:
        text = refs.section_text(g.name)
        for a in scan_game(out / g.name):
            if a.main is None:
                continue
            reader = PdfReader(str(a.main))
            n = len(reader.pages)
            title = (reader.metadata or {}).get("/Title")
            if title:  # the tile is named after the asset's title, as written into its PDF
                assert f"<h3>{escape(str(title))}</h3>" in html, (a.stem, title)
            assert f"{n} page{'s' if n != 1 else ''}, {human_size(a.main.stat().st_size)}" in text, a.stem
        found = g.rules().findings(g)
        if found is not None:
            verdict = "FAIL" if failed(list(found)) else "ok"
            m = re.search(rf'<section class="game" id="{re.escape(g.name)}">\s*<h2>[^<]*<span class="badge[^"]*">([^<]+)<', html)
            assert m and m[1] == verdict, g.name


def test_gallery_is_deterministic(real_output, tmp_path):
    out, data, _, index = real_output
    first = index.read_bytes()
    assert write_gallery(out, data).read_bytes() == first


def test_failed_checker_shows_fail_with_its_finding(swatch_game, tmp_path):
    from pnp.model.assets import BuildOptions
    from pnp.output.build import build_games
    from pnp.model.game import discover

    out = tmp_path / "out"
    build_games(list(discover(swatch_game).values()), BuildOptions(dpi=30), ["pdf", "png"], out)
    html = write_gallery(out, swatch_game).read_text()
    assert 'class="badge ok">ok<' in html and "just a warning" in html
    (swatch_game / "swatch" / "look.yaml").write_text("fill: '#ff0000'\nbroken: true\n")
    html = write_gallery(out, swatch_game).read_text()
    assert 'class="badge fail">FAIL<' in html
    assert "look.yaml says broken" in html and "<details open>" in html


def test_unbuilt_and_stale_games_are_listed_not_crashed(swatch_game, tmp_path):
    out = tmp_path / "out"
    (out / "old-game").mkdir(parents=True)
    (out / "old-game" / "sheet.pdf").write_bytes(b"not really a pdf")
    refs = parse(write_gallery(out, swatch_game))
    assert "Not built yet" in refs.section_text("swatch")
    old = refs.section_text("old-game")
    assert "no data" in old and "no manifest.json" in old  # a folder pnp did not write: named, not guessed at
    assert "sheet.pdf" not in old
    assert (out / "index.html").stat().st_size < 20_000


def _manifest(folder, files):
    import json

    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for rel, asset, pages, extra in files:
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(b"x" * 10)
        entries.append({"file": rel, "bytes": 10, "pages": pages, "format": rel.rsplit(".", 1)[1], "asset": asset,
                        "title": asset.upper(), **extra})
    (folder / "manifest.json").write_text(json.dumps({"files": entries}))


def test_scan_reads_the_manifests_not_file_names(tmp_path):
    g = tmp_path / "g"
    _manifest(g, [("deck.pdf", "deck", 12, {}), ("deck-p01.svg", "deck", 1, {}), ("deck-p02.svg", "deck", 1, {}),
                  ("sheet-contact.png", "deck-contact-sheet", 1, {"preview_of": "deck"}),
                  ("cards/a.svg", "cards/a", 1, {})])
    _manifest(g / "tts", [("deck.json", "deck", 1, {}), ("deck-faces-1.png", "deck", 1, {}),
                          ("deck-back.png", "deck", 1, {}), ("deck.png", "deck", 1, {})])
    (g / "stray-p01.svg").write_bytes(b"x")  # not in a manifest: not shown
    by = {a.stem: a for a in scan_game(g)}
    assert list(by) == ["deck", "cards/a", "tts/deck"]  # game-wide first, TTS last
    d = by["deck"]
    assert d.main.name == "deck.pdf" and d.pages[d.main] == 12 and d.title == "DECK"  # pages from the manifest
    assert [p.name for p in d.by_format["svg"]] == ["deck-p01.svg", "deck-p02.svg"]
    assert d.preview.name == "sheet-contact.png"
    t = by["tts/deck"]
    assert [p.name for p in t.by_format["png"]] == ["deck-faces-1.png"]
    assert sorted(p.name for p in t.other) == ["deck-back.png", "deck.json", "deck.png"]
