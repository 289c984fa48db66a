"""Helpers for sheet tests: a game folder written from a dict of files, built with the CLI."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner


@pytest.fixture
def sheet_game(tmp_path, monkeypatch):
    """Factory: ``make(files, rules=None)`` writes ``tmp_path/data/g`` (``game.yaml`` added; a rules
    module ``rules.py`` when given, trusted) and returns the data folder."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))

    def make(files: dict[str, str | bytes], rules: str | None = None, name: str = "g", lang: str = "de"):
        data = tmp_path / "data"
        folder = data / name
        folder.mkdir(parents=True, exist_ok=True)
        manifest = f"name: {name}\ntitle: {name.title()}\nlang: {lang}\n"
        if rules is not None:
            monkeypatch.setenv("PNP_TRUST", "1")
            (folder / "rules.py").write_text(textwrap.dedent(rules))
            manifest += "rules: rules.py\n"
        (folder / "game.yaml").write_text(manifest)
        for rel, body in files.items():
            p = folder / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(body, bytes):
                p.write_bytes(body)
            else:
                p.write_text(textwrap.dedent(body))
        return data

    return make


def build(data: Path, out: Path, *args: str, game: str = "g"):
    """``pnp build`` in this process: (exit code, output)."""
    from pnp.cli.main import app

    res = CliRunner().invoke(app, ["build", game, "--data", str(data), "--out", str(out), "-j", "1", *args])
    return res.exit_code, res.output


def refused(data: Path, out: Path, expected: str, game: str = "g", *args: str) -> None:
    """The build of ``data`` (with ``args``) stops with exit 2 saying ``expected`` (spaces normalised),
    and writes nothing."""
    code, log = build(data, out, "-f", "pdf", *args, game=game)
    assert code == 2, log
    assert expected in " ".join(log.split()), log
    assert "Traceback" not in log and not (out / game).exists()
