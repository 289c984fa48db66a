"""The game's own language (#28): `lang:` in game.yaml is every command's default, watch
included; a text in any one language is valid; hyphenation and pnp's own words follow the
language; a language pnp has no words for falls back to English. Read back from the files."""
from __future__ import annotations

import re
import textwrap
import threading
from pathlib import Path

import pyphen
import pytest
import yaml
from typer.testing import CliRunner

from pdfread import text
from pnp.cli.main import app

runner = CliRunner()
WORDS = Path(__file__).resolve().parents[2] / "pnp" / "words"


def _strings(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)
    elif isinstance(node, str):
        yield node


def german_words() -> set[str]:
    """Words of pnp's German catalogue that its English one does not have (Rückseite, Legende ...)."""
    def words(lang):
        doc = yaml.safe_load((WORDS / f"{lang}.yaml").read_text(encoding="utf-8"))
        return {w for s in _strings(doc) for w in re.findall(r"[A-Za-zÄÖÜäöüß]{4,}", re.sub(r"\{[^}]*\}", "", s))}
    return words("de") - words("en")


ENGLISH = {
    "game.yaml": """\
        name: tavern
        title: {en: Tavern Brawl}
        description: {en: A quick card game.}
        lang: en
        """,
    "symbols.yaml": """\
        kind: symbols
        title: {en: Symbols}
        symbols:
          - id: mug
            name: {en: mug}
            parts:
              - {type: arrow, direction: right, length: 80, width: 13, head: 30}
        """,
    "deck.yaml": """\
        kind: deck
        name: deck
        title: {en: Tavern Brawl – cards}
        card: poker
        categories:
          - {id: brawl, name: {en: Brawl}, colour: "#2471a3", mark: circle}
        cards:
          - {id: shove, name: {en: Shove}, category: brawl, copies: 2, cost: 1, symbol: mug,
             text: {en: "Push a rival one table away; responsibilities are cancelled for the round."}}
          - {id: duck, name: Duck, category: brawl, copies: 1, cost: 2, symbol: mug, text: "Nothing hits you."}
        back:
          title: {en: Tavern Brawl}
        """,
    "board.yaml": """\
        kind: board
        name: board
        title: {en: Tavern floor}
        files: 4
        ranks: 4
        square_mm: 30
        pieces:
          - {id: hero, name: {en: hero}, label: "1", shape: figure, colour: "#c0392b"}
        objects:
          - {piece: hero, at: a1}
        """,
}


@pytest.fixture
def english(tmp_path):
    folder = tmp_path / "data" / "tavern"
    folder.mkdir(parents=True)
    for name, body in ENGLISH.items():
        (folder / name).write_text(textwrap.dedent(body), encoding="utf-8")
    return tmp_path / "data"


def _all_text(out: Path) -> str:
    parts = [text(p) for p in sorted(out.rglob("*.pdf"))]
    parts += [re.sub(r"<[^>]+>", " ", p.read_text(encoding="utf-8")) for p in sorted(out.rglob("*.svg"))]
    return "\n".join(parts)


def test_an_english_game_builds_in_english_with_no_german_word_on_any_page(english, tmp_path):
    res = runner.invoke(app, ["build", "tavern", "--data", str(english), "--out", str(tmp_path / "out"),
                              "--format", "pdf,svg"])
    assert res.exit_code == 0, res.output
    found = _all_text(tmp_path / "out" / "tavern")
    assert "Shove" in found and "Tavern" in found
    german = sorted(w for w in german_words() if re.search(rf"\b{w}\b", found))
    assert german == [], german
    assert (tmp_path / "out" / "tavern" / "cards" / "deck" / "_back.svg").is_file()


def test_german_words_would_be_found(english, tmp_path):
    """The check above can fail: the same game built with --lang de prints pnp's German words."""
    res = runner.invoke(app, ["build", "tavern", "--data", str(english), "--out", str(tmp_path / "out"),
                              "--format", "pdf,svg", "--lang", "de"])
    assert res.exit_code == 0, res.output
    found = _all_text(tmp_path / "out" / "tavern")
    assert any(re.search(rf"\b{w}\b", found) for w in german_words())


def test_english_text_is_hyphenated_by_english_rules():
    from pnp.scene.richtext import fit

    word = "responsibilities"
    en, de = pyphen.Pyphen(lang="en_GB").positions(word), pyphen.Pyphen(lang="de_DE").positions(word)
    assert set(en) != set(de)
    heads = set()
    from pnp.scene import fonts

    from pnp.scene.richtext import Overflow

    for n in range(4, len(word) - 2):
        try:
            f = fit(word, fonts.string_width(word[:n] + "-", 10) + 0.05, 40, 10, min_size_pt=10, lang="en")
        except Overflow:  # the rest does not fit the box: no break there leaves a line that fits
            continue
        rows = [p.text for p in f.pieces]
        if rows[0].endswith("-"):
            heads.add(len(rows[0]) - 1)
    assert heads and heads <= set(en), (heads, en)


def test_watch_builds_in_the_games_language_with_the_sheet_options_build_takes(english, tmp_path, monkeypatch):
    import pnp.cli.watch as watch_mod

    seen = {}

    def fake(game, data, out, opts, formats, echo=print, **kw):
        seen.update(game=game, opts=opts)

    monkeypatch.setattr(watch_mod, "watch", fake)
    res = runner.invoke(app, ["watch", "tavern", "--data", str(english), "--paper", "letter", "--bleed", "2",
                              "--duplex", "short", "--no-crop-marks", "--out", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    from pnp.model.game import discover

    opts = seen["opts"].for_game(discover(english)["tavern"])
    assert (opts.lang, opts.paper, opts.bleed, opts.duplex, opts.crop_marks) == ("en", "letter", 2.0, "short", False)
    monkeypatch.undo()
    # and a real watch session's first build is English
    stop = threading.Event()
    stop.set()
    from pnp.model.assets import BuildOptions

    lines = []
    watch_mod.watch("tavern", english, tmp_path / "w", BuildOptions(), ["pdf"], echo=lines.append, stop=stop)
    found = _all_text(tmp_path / "w" / "tavern")
    assert "Shove" in found and not any(re.search(rf"\b{w}\b", found) for w in german_words()), lines


@pytest.mark.parametrize("given", ["{en: Back}", "{fr: Dos}", "{de: Rücken, en: Back}", "Back"])
def test_a_text_in_any_one_language_is_valid(tmp_path, given):
    folder = tmp_path / "data" / "one"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f"name: one\ntitle: {given}\nlang: fr\n", encoding="utf-8")
    (folder / "deck.yaml").write_text(textwrap.dedent(f"""\
        kind: deck
        name: deck
        title: {given}
        card: poker
        categories:
          - {{id: c, name: {given}, colour: "#2471a3", mark: circle}}
        cards:
          - {{id: a, name: {given}, category: c, copies: 1, cost: 1, text: {given}}}
        """), encoding="utf-8")
    res = runner.invoke(app, ["build", "one", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"),
                              "--format", "pdf"])
    assert res.exit_code == 0, res.output
    shown = text(tmp_path / "out" / "one" / "deck.pdf")
    want = {"{en: Back}": "Back", "{fr: Dos}": "Dos", "{de: Rücken, en: Back}": "Back", "Back": "Back"}[given]
    assert want in shown


def test_a_language_without_a_catalogue_falls_back_to_english_words(english, tmp_path):
    res = runner.invoke(app, ["build", "tavern", "--data", str(english), "--out", str(tmp_path / "out"),
                              "--format", "pdf", "--lang", "fr"])
    assert res.exit_code == 0, res.output
    found = _all_text(tmp_path / "out" / "tavern")
    assert not any(re.search(rf"\b{w}\b", found) for w in german_words())


@pytest.mark.parametrize("lang, german", [("de-AT", True), ("de_CH", True), ("en-US", False), ("pt-BR", False)])
def test_a_regional_language_prints_its_languages_words(english, tmp_path, lang, german):
    """`lang: de-AT` is German: its backs, board labels and proof legend are pnp's German words
    and its numbers have a decimal comma, not the English fallback's."""
    game = english / "tavern" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("lang: en", f"lang: {lang}"), encoding="utf-8")
    res = runner.invoke(app, ["build", "tavern", "--data", str(english), "--out", str(tmp_path / "out"),
                              "--format", "pdf"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["proof", "tavern", "--data", str(english), "--out", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    found = _all_text(tmp_path / "out")
    shown = sorted(w for w in german_words() if re.search(rf"\b{w}\b", found))
    assert bool(shown) is german, shown
    from pnp.layout.expr import show

    assert show(2.5, lang) == ("2,5" if german else "2.5")


def test_a_bad_language_code_is_a_usage_error(english, tmp_path):
    res = runner.invoke(app, ["build", "tavern", "--data", str(english), "--lang", "klingon!"])
    assert res.exit_code == 2 and "language code" in res.output


def test_game_lang_is_checked(tmp_path):
    folder = tmp_path / "data" / "bad"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: bad\ntitle: Bad\nlang: English\n", encoding="utf-8")
    res = runner.invoke(app, ["list", "--data", str(tmp_path / "data")])
    assert res.exit_code == 2 and "game.yaml:3" in res.output and "lang" in res.output, res.output


def test_numbers_and_yes_print_in_the_games_language():
    from pnp.layout.expr import Scope, show, template

    assert (show(2.5, "de"), show(2.5, "en"), show(3.0, "de"), show(True, "de"), show(True, "en")) == (
        "2,5", "2.5", "3", "ja", "yes")
    t = template("Kosten: {cost}")
    assert t.render(Scope({"cost": 1.5}, {}, lang="de")) == "Kosten: 1,5"
