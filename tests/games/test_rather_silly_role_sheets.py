"""Rather Silly's phase order and role sheets are data (data/rather-silly/roles.yaml) drawn by the engine;
aids.py only computes their records. Read back from the PDFs the build writes."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawing import drawing_imports, imports
from pdfread import char_sizes, text, words
from pnp.cli.main import app

DATA = Path(__file__).resolve().parents[2] / "data"
PACKAGE = Path(__file__).resolve().parents[2] / "pnp" / "games" / "rather_silly"
SHEETS = ("aid-phases", "role-narr", "role-superhirn", "role-doktor", "role-wahrsager")


def test_aids_computes_and_does_not_draw():
    drawing = drawing_imports(PACKAGE / "aids.py")
    assert not drawing, f"aids.py imports {sorted(drawing)}"
    # the game's rules module (imported at every build) must not pull drawing in through its sources either
    for name in imports(PACKAGE / "rules.py"):
        module = PACKAGE / (name.split(".")[3] + ".py") if name.startswith("pnp.games.rather_silly.") else None
        if module is not None and module.is_file():
            assert not drawing_imports(module), f"rules.py imports {name}, which draws"


def test_the_source_is_plain_data_in_the_builds_language():
    from pnp.games.rather_silly.rules import SOURCES
    from pnp.model.assets import BuildOptions
    from pnp.model.game import discover

    game = discover(DATA)["rather-silly"]
    pages = SOURCES["aids"](game, BuildOptions(lang="en"))
    assert [p["asset"] for p in pages] == list(SHEETS)

    def plain(v):
        return isinstance(v, (str, int, float, bool, type(None))) or \
            (isinstance(v, list) and all(plain(x) for x in v)) or \
            (isinstance(v, dict) and all(isinstance(k, str) and plain(x) for k, x in v.items()))
    assert plain(pages)
    assert pages[1]["title"] == "The Fool" and "1921" in pages[1]["goal"]
    assert pages[0]["body"].count("\n\n") >= 11  # intro, eleven steps, the victory quote


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = {}
    for lang in ("de", "en"):
        d = tmp_path_factory.mktemp(f"rs-roles-{lang}")
        res = CliRunner().invoke(app, ["build", "rather-silly", "--data", str(DATA), "--out", str(d),
                                       "--format", "pdf", "--lang", lang])
        assert res.exit_code == 0, res.output
        out[lang] = d / "rather-silly"
    return out


def test_every_text_of_aids_yaml_is_on_its_page(built):
    from pnp.games.rather_silly.schemas import AidsFile
    from pnp.load.loader import load_model
    from pnp.model.base import tr

    aids = load_model(DATA / "rather-silly" / "aids.yaml", AidsFile)
    for lang in ("de", "en"):
        flat = lambda name: " ".join(text(built[lang] / f"{name}.pdf").split())  # noqa: E731
        phases = flat("aid-phases")
        for t in [aids.phases.title, aids.phases.intro, *aids.phases.steps, aids.phases.victory]:
            assert " ".join(tr(t, lang).split()) in phases, (lang, tr(t, lang))
        for role in aids.roles:
            page = flat(f"role-{role.id}")
            for t in [role.title, *role.points, role.goal]:
                assert " ".join(tr(t, lang).split()) in page, (lang, role.id, tr(t, lang))
            assert ("Notizen" if lang == "de" else "Notes") in page


def test_one_page_each_text_large_enough_and_off_the_edge(built):
    for name in SHEETS:
        pdf = built["de"] / f"{name}.pdf"
        assert len(text(pdf).split("\f")) == 1, name
        assert min(size for _, size in char_sizes(pdf)) >= 6, name
        for w, x0, y0, x1, y1 in words(pdf):
            assert x0 >= 6 and y0 >= 6 and x1 <= 210 - 6 and y1 <= 297 - 6, (name, w, x0, y0, x1, y1)
