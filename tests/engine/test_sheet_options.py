"""Every sheet setting is reachable: on the command line and in game.yaml's
``sheet:``, the command line winning; read back from the PDF pnp writes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pdfread import raster
from pnp.cli.main import app
from pnp.cli.scaffold import scaffold

runner = CliRunner()
PT = 72 / 25.4


@pytest.fixture
def game(tmp_path):
    data = tmp_path / "data"
    scaffold("blatt", data)
    return data


def _deck(data, out, *args, sheet: str = ""):
    if sheet:
        gy = data / "blatt" / "game.yaml"
        gy.write_text(gy.read_text() + "sheet:\n" + sheet)
    res = runner.invoke(app, ["build", "blatt", "--data", str(data), "--out", str(out), "-f", "pdf", "--duplex",
                              "none", *args])
    assert res.exit_code == 0, res.output
    return out / "blatt" / "deck.pdf"


def _size(pdf: Path) -> tuple[float, float]:
    box = PdfReader(pdf).pages[0].mediabox
    return round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)


@pytest.mark.parametrize("paper, size", [("a3", (297.0, 420.0)), ("a5", (148.0, 210.0)), ("legal", (215.9, 355.6)),
                                         ("230x310", (230.0, 310.0))])
def test_every_known_paper_and_wxh_on_the_command_line(game, tmp_path, paper, size):
    pdf = _deck(game, tmp_path / "o", "--paper", paper, "--orientation", "portrait")
    assert _size(pdf) == size


def test_orientation_and_an_unknown_paper(game, tmp_path):
    assert _size(_deck(game, tmp_path / "o", "--orientation", "landscape")) == (297.0, 210.0)
    res = runner.invoke(app, ["build", "blatt", "--data", str(game), "--out", str(tmp_path / "x"), "--paper", "b9"])
    assert res.exit_code == 2 and "--paper: unknown paper size 'b9'" in res.output


def test_crop_marks_off_leaves_the_margin_blank(game, tmp_path):
    def margin_ink(flag):
        img = np.asarray(raster(_deck(game, tmp_path / flag, flag), 100).convert("L"))
        return int((img[:50, :] < 200).sum())  # above the cards' bleed: only crop marks print there

    assert margin_ink("--crop-marks") > 0
    assert margin_ink("--no-crop-marks") == 0


def test_gutter_spaces_the_cards(game, tmp_path):
    """Without a gutter the cards butt and print as one block; with 10 mm between trims each
    card keeps 3 mm of bleed into the gutter, so 4 mm of paper shows between neighbours."""
    def runs(gutter):
        img = np.asarray(raster(_deck(game, tmp_path / gutter, "--no-crop-marks", "--gutter", gutter), 200)
                         .convert("L"))
        ink = np.flatnonzero((img < 200).any(axis=0))  # half-covered edge pixels and darker
        breaks = np.flatnonzero(np.diff(ink) > 1)
        return [(ink[b + 1] - ink[b] - 1) * 25.4 / 200 for b in breaks]  # blank gaps in mm

    assert runs("0") == []
    gaps = runs("10")
    assert gaps and all(abs(g - 4.0) <= 0.3 for g in gaps), gaps


def test_game_yaml_sheet_settings_and_the_command_line_wins(game, tmp_path):
    pdf = _deck(game, tmp_path / "a", sheet="  paper: a5\n  orientation: landscape\n  crop_marks: false\n")
    assert _size(pdf) == (210.0, 148.0)
    assert _size(_deck(game, tmp_path / "b", "--paper", "a4")) == (297.0, 210.0)  # paper from the CLI, rest from yaml


def test_a_bad_sheet_setting_in_game_yaml_is_a_positioned_error(game, tmp_path):
    gy = game / "blatt" / "game.yaml"
    gy.write_text(gy.read_text() + "sheet:\n  gutter: 50\n")
    res = runner.invoke(app, ["build", "blatt", "--data", str(game), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "game.yaml:" in res.output and "sheet.gutter" in res.output


def test_build_and_watch_take_the_same_sheet_options_from_one_list():
    """The sheet options are declared once (SheetArgs); every command that lays out sheets offers all of
    them, with the same flags, defaults and help."""
    import dataclasses

    import typer.main

    from pnp.cli.options import SheetArgs

    command = typer.main.get_command(app)
    names = [f.name for f in dataclasses.fields(SheetArgs)]

    def sheet_params(name):
        params = {p.name: p for p in command.commands[name].params}
        return [(n, tuple(params[n].opts), tuple(params[n].secondary_opts), params[n].default, params[n].help)
                for n in names]

    assert sheet_params("build") == sheet_params("watch")
    assert [p[1] for p in sheet_params("build")][:2] == [("--paper",), ("--orientation",)]
    assert ("--no-crop-marks",) in [p[2] for p in sheet_params("build")]
