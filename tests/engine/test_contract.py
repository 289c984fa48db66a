"""The error contract holds for every command, engine and games alike: each is wrapped by
the one guard, and a bad invocation of each exits 2 with a message and no traceback.
A new command without a row here fails the test."""
from __future__ import annotations

import pytest
import typer.main
from typer.testing import CliRunner

from pnp.cli import main as cli
runner = CliRunner()

# one bad invocation per command, run in an empty folder
BAD = {
    "list": ["list", "--data", "nowhere"],
    "build": ["build", "kafkas-halle", "-f", "tiff"],
    "calibrate": ["calibrate", "--back-offset", "inf,0"],
    "clean": ["clean", "nope", "--out", "."],
    "check": ["check", "nope"],
    "fonts": ["fonts", "--json", "--nope"],
    "schema": ["schema", "--out", "/proc/nope"],
    "new": ["new", "Bad Name!"],
    "proof": ["proof", "18-kniffel", "--out", "o"],
    "gallery": ["gallery", "--data", "nowhere"],
    "watch": ["watch", "nope"],
    "tts": ["tts", "kafkas-halle", "-o", "tts_dpi=nan", "--out", "o"],
    "export": ["export", "kafkas-halle", "--profile", "nope", "--out", "o"],
    "preflight": ["preflight", "kafkas-halle", "--profile", "missing.yaml"],
    "clouds random": ["clouds", "random", "--clouds", "x"],
    "clouds show": ["clouds", "show", "nope"],
    "clouds overlay": ["clouds", "overlay", "1-light", "--out", "/proc/nope/x.pdf"],
    "clouds views": ["clouds", "views", "nope.yaml"],
    "kniffel score": ["kniffel", "score", "1,2,x", "1-5"],
    "kniffel tally": ["kniffel", "tally", "nope.yaml"],
    "kniffel best": ["kniffel", "best", "1,2,3"],
    "ordner score": ["ordner", "score", "nope.yaml", "Stadt Wald"],
    "ordner solve": ["ordner", "solve", "nope.yaml"],
    "ordner random": ["ordner", "random", "--variant", "nope"],
    "ordner multi": ["ordner", "multi", "nope"],
    "silly neighbours": ["silly", "neighbours", "XYZ"],
    "silly start": ["silly", "start", "--out", "/proc/nope/s.yaml"],
    "silly show": ["silly", "show", "nope.yaml"],
}


def commands():
    if not cli.app.registered_groups:
        cli._mount_game_apps()

    def walk(cmd, path=()):
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                yield from walk(sub, path + (name,))
        else:
            yield " ".join(path), cmd

    return dict(walk(typer.main.get_command(cli.app)))


def test_every_command_is_guarded_and_has_a_bad_case():
    found = commands()
    assert sorted(found) == sorted(BAD), "a command was added or removed: give it a bad case here"
    assert [name for name, cmd in found.items() if not getattr(cmd.callback, "guarded", False)] == []


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_invocation_exits_2_with_a_message(name, tmp_path, monkeypatch):
    commands()
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(cli.app, BAD[name])
    assert res.exit_code == 2, (name, res.output)
    assert "Traceback" not in res.output and res.output.strip(), (name, res.output)
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), repr(res.exception)


def test_an_internal_error_is_one_line_asking_for_a_report(monkeypatch, tmp_path):
    import pnp.model.plain.game  # where the commands find games (pnp.model.game re-exports it)

    def boom(*a, **k):
        raise RuntimeError("kaputt")

    monkeypatch.setattr(pnp.model.plain.game, "discover", boom)
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(cli.app, ["list"])
    assert res.exit_code == 3
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert lines == ["internal error: RuntimeError: kaputt; please report it with the command you ran "
                     "(PNP_DEBUG=1 shows the details)"]


def test_a_broken_rule_exits_1():
    from pnp.load.paths import SHIPPED_DATA

    res = runner.invoke(cli.app, ["check", "kafkas-halle", "--data", str(SHIPPED_DATA), "--state",
                                  str(SHIPPED_DATA.parent / "tests/bad/kh-state-diagonal-barrier/state.yaml")])
    assert res.exit_code == 1, res.output
