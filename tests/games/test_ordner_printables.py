"""The play kit: which files a build makes, that they come out the same twice, and the checker on the
shipped structures (what each page holds is read back from the PDFs in test_ordner_sheets.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.games.ordnerstruktur import rules

DATA = Path(__file__).resolve().parents[2] / "data" / "ordnerstruktur" / "structures"


def test_build_lists_kit_per_variant_and_per_structure():
    from pnp.output.build import collect_assets

    game = discover()["ordnerstruktur"]
    names = [a.name for a in collect_assets(game, BuildOptions())]
    assert (game.folder / "aid.yaml").is_file() and "regeln" in names  # the rules in brief: a sheet of the data
    for v in ("paare", "voelker"):
        assert {f"entwurf-{v}", f"konten-{v}", f"uebergaenge-{v}"} <= set(names)
    for stem in ("erste-schritte", "vier-voelker"):
        assert {f"{stem}-matte", f"{stem}-plaettchen", f"{stem}-loesung"} <= set(names)


def test_check_passes_shipped_and_reports_a_broken_state(tmp_path):
    game = discover()["ordnerstruktur"]
    assert [f for f in rules.check(game) if f.severity == "error"] == []
    bad = tmp_path / "bad.yaml"
    text = (DATA / "vier-voelker.yaml").read_text(encoding="utf-8").replace("[12,  0,  0,  3]", "[12,  0,  0, -3]")
    bad.write_text(text, encoding="utf-8")
    found = rules.check(game, bad)
    rules_hit = sorted(f.rule for f in found)
    assert rules_hit == ["ordner.non-negative", "ordner.total"]
    assert all(f.where.startswith(str(bad)) and f.seed.startswith("002_") for f in found)


@pytest.mark.parametrize("lang,needle", [("de", "Endabrechnung"), ("en", "Final scoring")])
def test_rules_summary_fits_one_page(lang, needle, tmp_path):
    # the rules in brief are a sheet (data/ordnerstruktur/aid.yaml): read back the page the build writes
    from typer.testing import CliRunner
    from pnp.cli.main import app

    res = CliRunner().invoke(app, ["build", "ordnerstruktur", "--data", str(DATA.parents[1]), "--lang", lang,
                                   "--out", str(tmp_path), "--format", "pdf"])
    assert res.exit_code == 0, res.output
    reader = PdfReader(tmp_path / "ordnerstruktur" / "regeln.pdf")
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == 1 and needle in text and "200" in text and "60" in text


def test_blank_kit_is_built(tmp_path):
    from pnp.output.build import collect_assets

    names = {a.name for a in collect_assets(discover()["ordnerstruktur"], BuildOptions())}
    assert {"leer-paare-matte", "leer-paare-plaettchen", "leer-voelker-matte", "leer-voelker-plaettchen"} <= names
