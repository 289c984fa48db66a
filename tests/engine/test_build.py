"""The build writes every format atomically and deterministically."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.model.assets import BuildOptions
from pnp.output.build import build_games
from pnp.cli.main import app
from pnp.model.game import discover
from pnp.output.files import OutputError

runner = CliRunner()


def _env(data, **extra):
    """Environment for a subprocess that can import the tiny game's rules module."""
    return dict(os.environ, PYTHONPATH=str(data.parent / "mods"), **extra)


def _build(data, out, **extra):
    games = list(discover(data).values())
    return build_games(games, BuildOptions(extra=extra), ["pdf", "svg", "png"], out)


def test_writes_each_format_with_page_names(tiny_game, tmp_path):
    out = tmp_path / "out"
    written = _build(tiny_game, out)
    names = sorted(str(w.path.relative_to(out)) for w in written)
    assert names == ["tiny/print-guide.pdf", "tiny/sheet-p01.png", "tiny/sheet-p01.svg", "tiny/sheet-p02.png",
                     "tiny/sheet-p02.svg", "tiny/sheet.pdf", "tiny/single.pdf", "tiny/single.png", "tiny/single.svg"]
    pdf = next(w for w in written if w.path.name == "sheet.pdf")
    assert pdf.pages == 2
    from pypdf import PdfReader

    assert len(PdfReader(pdf.path).pages) == 2
    assert not [p for p in out.rglob(".pnp-*")], "staging left behind"


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_builds_are_byte_identical(tiny_game, tmp_path):
    _build(tiny_game, tmp_path / "a")
    _build(tiny_game, tmp_path / "b")
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")


def _fail_on_write(monkeypatch, n: int, exc: BaseException) -> None:
    """Make the n-th file write of the next build raise ``exc``."""
    import pnp.render as backends

    real = backends.write_formats
    calls = {"n": 0}

    def failing(pages, fmts, stem, target, **kw):
        def counted(rel):
            calls["n"] += 1
            if calls["n"] == n:
                raise exc
            return target(rel)

        return real(pages, fmts, stem, counted, **kw)

    monkeypatch.setattr(backends, "write_formats", failing)


def test_failed_build_leaves_earlier_outputs(tiny_game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    _build(tiny_game, out)
    before = _digest(out)
    _fail_on_write(monkeypatch, 3, OSError(28, "No space left on device"))
    with pytest.raises(OSError):
        _build(tiny_game, out, pages=3)
    assert _digest(out) == before
    assert not [p for p in out.rglob(".pnp-*")]


def test_ctrl_c_mid_build(tiny_game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    _build(tiny_game, out)
    before = _digest(out)
    _fail_on_write(monkeypatch, 2, KeyboardInterrupt())
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out)])
    assert res.exit_code == 130
    assert "interrupted" in res.output
    assert _digest(out) == before
    assert not [p for p in out.rglob(".pnp-*")]


def test_disk_full_message(tiny_game, tmp_path, monkeypatch):
    _fail_on_write(monkeypatch, 1, OSError(28, "No space left on device"))
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2, res.output
    assert "No space left on device" in res.output
    assert "Traceback" not in res.output
    assert not list((tmp_path / "o").rglob("*.pdf"))


def test_unwritable_output_folder(tiny_game, tmp_path, monkeypatch):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    # root may write into a read-only folder, so the refusal a user gets is also made by hand:
    # the test runs the same for both
    real_mkdir = os.mkdir

    def mkdir(path, *args, **kw):
        if Path(path).parent == ro:
            raise PermissionError(13, "Permission denied", str(path))
        return real_mkdir(path, *args, **kw)

    monkeypatch.setattr(os, "mkdir", mkdir)
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(ro / "x")])
    assert res.exit_code == 2, res.output
    assert "cannot create output folder (Permission denied)" in res.output
    assert "Traceback" not in res.output


def test_output_folder_is_a_file(tiny_game, tmp_path):
    f = tmp_path / "not-a-dir"
    f.write_text("x")
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(f)])
    assert res.exit_code == 2
    assert "cannot create output folder" in res.output
    assert "Traceback" not in res.output


def test_staging_rejects_missing_parent_gracefully(tmp_path):
    from pnp.output.files import Staging

    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(OutputError):
        Staging(f / "sub")


def test_missing_font_is_a_clear_error(tiny_game, tmp_path):
    env = _env(tiny_game, PNP_FONT_DIR=str(tmp_path / "nofonts"))
    res = subprocess.run([sys.executable, "-m", "pnp.cli.main", "build", "tiny", "--data", str(tiny_game),
                          "--out", str(tmp_path / "o"), "--format", "pdf"],
                         env=env, capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert "font file missing" in res.stderr
    assert "Traceback" not in res.stderr


def test_corrupt_font_is_a_clear_error(tiny_game, tmp_path):
    fonts = tmp_path / "badfonts"
    fonts.mkdir()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (fonts / name).write_bytes(b"this is not a font" * 10)
    env = _env(tiny_game, PNP_FONT_DIR=str(fonts))
    res = subprocess.run([sys.executable, "-m", "pnp.cli.main", "build", "tiny", "--data", str(tiny_game),
                          "--out", str(tmp_path / "o"), "--format", "svg"],
                         env=env, capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert "not a usable TrueType font" in res.stderr
    assert "Traceback" not in res.stderr


def test_determinism_across_hash_seeds(tiny_game, tmp_path):
    digests = []
    for seed in ("1", "999"):
        out = tmp_path / f"o{seed}"
        env = _env(tiny_game, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "pnp.cli.main", "build", "tiny", "--data", str(tiny_game),
                        "--out", str(out)], env=env, check=True, capture_output=True, cwd=tmp_path)
        digests.append(_digest(out))
    assert digests[0] == digests[1]


def test_check_exit_codes(tiny_game, tmp_path):
    ok = runner.invoke(app, ["check", "tiny", "--data", str(tiny_game)])
    assert ok.exit_code == 0 and "tiny: ok" in ok.output
    bad_state = tmp_path / "bad.yaml"
    bad_state.write_text("x: 1\n")
    bad = runner.invoke(app, ["check", "tiny", "--data", str(tiny_game), "--state", str(bad_state), "--json"])
    assert bad.exit_code == 1
    import json

    verdict = json.loads(bad.output)
    assert verdict["tiny"]["ok"] is False
    assert verdict["tiny"]["findings"][0]["seed"] == "seed.txt"


def test_unknown_game_and_format(tiny_game, tmp_path):
    res = runner.invoke(app, ["build", "nope", "--data", str(tiny_game)])
    assert res.exit_code == 2 and "no game 'nope'" in res.output
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--format", "pdf,docx"])
    assert res.exit_code == 2 and "unknown format" in res.output


def test_help_loads_no_heavy_module_and_names_every_game_command():
    """`pnp --help` stays quick by what it does not import (the benchmark times it): no PDF,
    image or validation library, no game's code; each game command's line comes from its
    registration in pnp.games, and says what the module's app says."""
    import importlib

    from pnp.games import COMMANDS

    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnp.cli.main", "--help"],
                          capture_output=True, text=True, check=True)
    loaded = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time")}
    heavy = {m for m in loaded if m.split(".")[0] in {"reportlab", "pydantic", "PIL", "yaml", "svgwrite", "pypdfium2"}
             or (m.startswith("pnp.games.") and m.endswith(".cli"))}
    assert not heavy, sorted(heavy)
    assert len(COMMANDS) >= 4
    for command, entry in COMMANDS.items():
        app = importlib.import_module(entry.module).app
        assert app.info.help == entry.about and entry.name == command
        assert command in proc.stdout and entry.about.split()[0] in proc.stdout


def test_calibrate_and_back_offset(tiny_game, tmp_path):
    out = tmp_path / "cal.pdf"
    res = runner.invoke(app, ["calibrate", "--out", str(out), "--paper", "letter"])
    assert res.exit_code == 0, res.output
    from pypdf import PdfReader

    pages = PdfReader(out).pages
    assert len(pages) == 2
    assert round(float(pages[0].mediabox.width) * 25.4 / 72, 1) == 215.9
    bad = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--back-offset", "1,x", "--out", str(tmp_path / "o")])
    assert bad.exit_code == 2 and "expected X,Y in mm" in bad.output
    huge = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--back-offset", "50,0", "--out", str(tmp_path / "o")])
    assert huge.exit_code == 2 and "over 20 mm" in huge.output


def test_build_loads_with_the_collector_off_draws_with_it_on_and_leaves_it_as_it_was(tiny_game, tmp_path,
                                                                                   monkeypatch):
    """`pnp build` keeps the cyclic garbage collector off while it imports and loads, runs it
    (with the loaded data frozen) while drawing, and restores it on success and on bad data."""
    import gc

    from pnp.output import build as b

    seen = []
    real = b.write_asset
    monkeypatch.setattr(b, "write_asset", lambda *a, **k: seen.append((gc.isenabled(), gc.get_freeze_count() > 0))
                        or real(*a, **k))
    real_collect = b.collect_assets
    monkeypatch.setattr(b, "collect_assets", lambda *a, **k: seen.append(("loading", gc.isenabled()))
                        or real_collect(*a, **k))
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(tmp_path / "o"), "-f", "pdf",
                              "-j", "1"])
    assert res.exit_code == 0, res.output
    assert seen[0] == ("loading", False) and seen[1:] and all(s == (True, True) for s in seen[1:])
    assert gc.isenabled() and gc.get_freeze_count() == 0
    bad = runner.invoke(app, ["build", "nope", "--data", str(tiny_game), "--out", str(tmp_path / "o")])
    assert bad.exit_code == 2 and gc.isenabled() and gc.get_freeze_count() == 0


def test_an_engine_command_is_run_from_a_cli_holding_only_that_command(monkeypatch):
    """Typer makes every registered command's options before it runs one; `pnp build` has only
    itself made, and its help and errors read exactly as from the full command line."""
    from pnp.cli import main as cli

    monkeypatch.setattr(cli.app, "registered_commands", list(cli.app.registered_commands))
    full = [runner.invoke(cli.app, args) for args in (["build", "--help"], ["build", "--nope"])]
    cli._mount_game_apps(["build", "--help"])
    assert [c.callback.__name__ for c in cli.app.registered_commands] == ["build"]
    alone = [runner.invoke(cli.app, args) for args in (["build", "--help"], ["build", "--nope"])]
    assert [(r.exit_code, r.output) for r in alone] == [(r.exit_code, r.output) for r in full]
    assert full[0].exit_code == 0 and "--jobs" in full[0].output and full[1].exit_code == 2


def test_a_game_folder_names_the_game(tiny_game, tmp_path, monkeypatch):
    """`pnp check data/tiny/` and `pnp build data/tiny` take the folder of a game, as a shell's tab
    completion gives it, and read the game from the folder around it."""
    monkeypatch.chdir(tiny_game)
    ok = runner.invoke(app, ["check", "tiny/"])
    assert ok.exit_code == 0 and "tiny: ok" in ok.output
    built = runner.invoke(app, ["build", str(tiny_game / "tiny"), "-f", "svg", "--out", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert list((tmp_path / "out" / "tiny").glob("*.svg"))
    (tiny_game / "empty").mkdir()
    res = runner.invoke(app, ["check", "empty"])  # a folder without game.yaml is no game
    assert res.exit_code == 2 and "no game 'empty'" in res.output
