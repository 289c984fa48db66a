"""All or nothing, really: whole game folders swapped in by rename, manifests,
name collisions found first, stale files gone, signals, and `pnp clean`."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner
from waiting import PATIENCE, wait_until

from pnp.load.budget import Limits
from pnp.model.assets import BuildOptions
from pnp.output.build import build_games
from pnp.cli.main import app
from pnp.load.errors import DataErrors
from pnp.model.game import discover
from pnp.output.files import OutputError, Staging

runner = CliRunner()


def _build(data, out, formats=("pdf", "svg", "png"), **extra):
    return build_games(list(discover(data).values()), BuildOptions(extra=extra), list(formats), out)


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_failed_swap_leaves_the_old_tree_byte_identical(tiny_game, tmp_path, monkeypatch):
    out = tmp_path / "out"
    _build(tiny_game, out)
    before = _tree(out)
    real = os.rename
    calls = {"n": 0}

    def second_fails(src, dst):
        calls["n"] += 1
        if calls["n"] == 2:  # the old folder is already aside; putting the new one in place fails
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(os, "rename", second_fails)
    with pytest.raises(OutputError, match="No space left"):
        _build(tiny_game, out, pages=3)
    monkeypatch.setattr(os, "rename", real)
    assert _tree(out) == before
    assert not list(out.glob(".pnp-*")), "staging or set-aside folders left behind"


def test_a_later_game_failing_rolls_the_earlier_ones_back(two_tiny_games, tmp_path, monkeypatch):
    data = two_tiny_games
    out = tmp_path / "out"
    _build(data, out)
    before = _tree(out)
    real = os.rename
    moved = []

    def fail_on_the_second_game(src, dst):
        if Path(dst).name == "tiny2" and Path(src).parent.name.startswith(".pnp-staging"):
            raise OSError(5, "Input/output error")
        moved.append(dst)
        return real(src, dst)

    monkeypatch.setattr(os, "rename", fail_on_the_second_game)
    with pytest.raises(OutputError):
        _build(data, out, pages=4)
    monkeypatch.setattr(os, "rename", real)
    assert any(Path(d).name == "tiny" for d in moved)  # the first game really was swapped in ...
    assert _tree(out) == before  # ... and swapped back
    assert not list(out.glob(".pnp-*"))


def test_manifest_lists_every_file_and_source(tiny_game, tmp_path):
    out = tmp_path / "out"
    (tiny_game / "tiny" / "__pycache__").mkdir(exist_ok=True)  # what Python leaves beside a rules.py
    (tiny_game / "tiny" / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"\0" * 16)
    written = _build(tiny_game, out, formats=("pdf", "svg"))
    man = json.loads((out / "tiny" / "manifest.json").read_text())
    files = {e["file"]: e for e in man["files"]}
    assert set(files) == {w.path.relative_to(out / "tiny").as_posix() for w in written}
    sheet = files["sheet.pdf"]
    assert (sheet["pages"], sheet["format"], sheet["asset"]) == (2, "pdf", "sheet")
    assert sheet["sha256"] == hashlib.sha256((out / "tiny" / "sheet.pdf").read_bytes()).hexdigest()
    assert sheet["bytes"] == (out / "tiny" / "sheet.pdf").stat().st_size
    assert [s["file"] for s in man["sources"]] == ["game.yaml", "rules.py"]
    assert man["options"]["paper"] == "a4" and man["pnp"]
    again = tmp_path / "again"
    _build(tiny_game, again, formats=("pdf", "svg"))
    assert (again / "tiny" / "manifest.json").read_bytes() == (out / "tiny" / "manifest.json").read_bytes()


def test_manifest_hashes_no_file_outside_the_data_folder(tiny_game, tmp_path, monkeypatch):
    """A stray link in the game folder to a file elsewhere is not read to hash it."""
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("TOPSECRET")
    (tiny_game / "tiny" / "notes.txt").symlink_to(secret)
    (tiny_game / "tiny" / "mine.txt").write_text("mine")
    import pnp.output.manifest as build

    read = []
    real = build._sha256
    monkeypatch.setattr(build, "_sha256", lambda p: read.append(Path(p).name) or real(p))
    _build(tiny_game, tmp_path / "out", formats=("pdf",))
    man = json.loads((tmp_path / "out" / "tiny" / "manifest.json").read_text())
    assert [s["file"] for s in man["sources"]] == ["game.yaml", "mine.txt", "rules.py"]
    assert "notes.txt" not in read


def test_files_a_build_no_longer_makes_are_gone(tiny_game, tmp_path):
    out = tmp_path / "out"
    _build(tiny_game, out)
    assert (out / "tiny" / "single.pdf").is_file()
    _build(tiny_game, out, no_single=True)
    assert not list((out / "tiny").glob("single*"))
    assert (out / "tiny" / "sheet.pdf").is_file()


def test_other_commands_folders_survive_a_build(tiny_game, tmp_path):
    out = tmp_path / "out"
    _build(tiny_game, out)
    (out / "tiny" / "tts").mkdir()
    (out / "tiny" / "tts" / "deck.json").write_text("{}")
    _build(tiny_game, out, pages=3)
    assert (out / "tiny" / "tts" / "deck.json").read_text() == "{}"


@pytest.mark.parametrize("names, message", [
    ("sheet-p01", "a multi-page svg of 'sheet' is also named sheet-p01.svg"),
    ("single.pdf/x", "single.pdf is a file of one and a folder of the other"),
    ("single", "both write single.pdf"),
])
def test_name_collisions_are_data_errors_before_anything_is_written(tiny_game, tmp_path, names, message):
    out = tmp_path / "out"
    with pytest.raises(DataErrors) as err:
        _build(tiny_game, out, also=names)
    text = str(err.value)
    assert message in text and "(from rules module" in text
    assert not out.exists() or not any(out.iterdir())


def _children(pid: int) -> set[int]:
    ps = subprocess.run(["ps", "-eo", "ppid=,pid="], capture_output=True, text=True).stdout
    return {int(c) for p, c in (line.split() for line in ps.splitlines()) if int(p) == pid}


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (an orphan's zombie waits for whoever adopted it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _terminate_mid_build(tiny_game, out, *options: str, staged: str):
    """Start a slow build, wait until ``staged`` (a glob under ``out``) exists, send SIGTERM;
    the process, its stderr once it has ended, and the processes it had started."""
    env = dict(os.environ, PYTHONPATH=str(tiny_game.parent / "mods"))
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli.main", "build", "tiny", "--data", str(tiny_game), "--out",
                             str(out), *options], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_until(lambda: list(out.glob(staged)) or proc.poll() is not None, f"{staged} in {out}")
    children = _children(proc.pid)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    proc.send_signal(signal.SIGTERM)
    _, se = proc.communicate(timeout=PATIENCE)
    return proc, se.decode(), children


def test_sigterm_mid_build_leaves_earlier_outputs_and_no_staging(tiny_game, tmp_path):
    out = tmp_path / "out"
    _build(tiny_game, out)
    before = _tree(out)
    # mid-build: the staging folder exists and the 40 slow pages (4 s) are being drawn. Waiting
    # for a staged file instead raced the end of the build: files appear only once pages are done
    proc, se, _ = _terminate_mid_build(tiny_game, out, "-o", "pages=40", "-o", "slow=0.1", staged=".pnp-staging-*/")
    assert proc.returncode == 130, se
    assert "interrupted" in se and "Traceback" not in se
    assert _tree(out) == before
    assert not list(out.glob(".pnp-*"))


def test_staging_of_a_killed_build_is_removed_by_the_next(tiny_game, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = out / f".pnp-staging-{dead.stdout.strip()}-abc"
    (stale / "tiny").mkdir(parents=True)
    _build(tiny_game, out)
    assert not stale.exists()


def test_staging_context_discards_on_error(tmp_path):
    with pytest.raises(RuntimeError):
        with Staging(tmp_path) as st:
            st.path("g/a.txt").write_text("x")
            raise RuntimeError
    assert list(tmp_path.iterdir()) == []


def test_an_interrupt_while_the_staging_folder_is_made_leaves_nothing(tmp_path, monkeypatch):
    """SIGTERM or Ctrl-C waits while the staging folder is made; raised the moment it may come (as the
    signals are let through again), it removes that folder and the output folder the build made."""
    from pnp.output import files

    real = files._release
    held = []

    def release_then_interrupt(before):
        held.append(signal.pthread_sigmask(signal.SIG_BLOCK, set()))  # what was held while the folder was made
        real(before)
        raise KeyboardInterrupt

    monkeypatch.setattr(files, "_release", release_then_interrupt)
    out = tmp_path / "new" / "out"
    with pytest.raises(KeyboardInterrupt):
        with Staging(out):
            raise AssertionError("not reached")
    assert {signal.SIGINT, signal.SIGTERM} <= held[0]
    assert signal.SIGTERM not in signal.pthread_sigmask(signal.SIG_BLOCK, set())  # let through again
    assert list(tmp_path.iterdir()) == []


def test_clean_removes_only_what_pnp_built(tiny_game, tmp_path):
    out = tmp_path / "out"
    _build(tiny_game, out, formats=("pdf",))
    (out / "index.html").write_text("<html>")
    (out / "mine").mkdir()
    (out / "mine" / "notes.txt").write_text("keep me")
    res = runner.invoke(app, ["clean", "nope", "--out", str(out)])
    assert res.exit_code == 2 and "no built game 'nope' here; built games: tiny" in res.output
    res = runner.invoke(app, ["clean", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in out.iterdir()) == ["mine"]
    assert (out / "mine" / "notes.txt").read_text() == "keep me"


def test_worker_processes_write_the_same_bytes_as_one_process(tiny_game, tmp_path):
    games = list(discover(tiny_game).values())
    opts = BuildOptions(extra={"also": "a,b,c,d,e", "pages": 3})
    build_games(games, opts, ["pdf", "svg", "png"], tmp_path / "one", jobs=1)
    build_games(games, opts, ["pdf", "svg", "png"], tmp_path / "two", jobs=2)
    assert _tree(tmp_path / "one") == _tree(tmp_path / "two") and len(_tree(tmp_path / "one")) > 15


def test_sigterm_stops_the_workers_too(tiny_game, tmp_path):
    out = tmp_path / "out"
    _build(tiny_game, out)
    before = _tree(out)
    proc, se, workers = _terminate_mid_build(tiny_game, out, "-j", "2", "-o", "also=a,b,c,d", "-o", "pages=30",
                                             "-o", "slow=0.1", staged=".pnp-staging-*/tiny/*")
    assert proc.returncode == 130, se
    assert workers, "a build with -j 2 runs worker processes"
    assert _tree(out) == before and not list(out.glob(".pnp-*"))
    # pnp reaps what it started before it ends: nothing of it may be left at that moment
    assert not [w for w in workers if _running(w)], "worker left running"


def test_watch_rebuilds_only_what_a_saved_deck_makes(tmp_path):
    """After saving deck.yaml only the deck's files are drawn again; the board's are
    the very same files (hard links), and the result equals a full build."""
    import shutil

    from pnp.load.paths import SHIPPED_DATA

    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA / "kafkas-halle", data / "kafkas-halle")
    out = tmp_path / "out"
    game = discover(data)["kafkas-halle"]
    build_games([game], BuildOptions(), ["pdf"], out)
    board = (out / "kafkas-halle" / "board-diagram.pdf").stat().st_ino
    deck_file = data / "kafkas-halle" / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("Nach Links", "Nach Linksaußen", 1),
                         encoding="utf-8")
    build_games([discover(data)["kafkas-halle"]], BuildOptions(), ["pdf"], out, changed=[deck_file])
    assert (out / "kafkas-halle" / "board-diagram.pdf").stat().st_ino == board  # taken over, not drawn
    full = tmp_path / "full"
    build_games([discover(data)["kafkas-halle"]], BuildOptions(), ["pdf"], full)
    assert _tree(out) == _tree(full)  # the same bytes, manifest included
    symbols = data / "kafkas-halle" / "symbols.yaml"
    symbols.write_text(symbols.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    build_games([discover(data)["kafkas-halle"]], BuildOptions(), ["pdf"], out, changed=[symbols])
    assert (out / "kafkas-halle" / "board-diagram.pdf").stat().st_ino != board  # symbols: everything again


def test_a_build_over_the_shape_budget_is_refused_with_the_figure(tiny_game, tmp_path):
    """The limit is the build's own setting: the next build in the same process has its own."""
    games = list(discover(tiny_game).values())
    with pytest.raises(DataErrors, match="draws more than 5 shapes; the limit is 5 shapes .raise it with --max-shapes."):
        build_games(games, BuildOptions(limits=Limits(shapes=5)), ["pdf"], tmp_path / "out")
    assert not (tmp_path / "out").exists()
    assert _build(tiny_game, tmp_path / "out", formats=("pdf",))  # the default limits again, nothing carried over


def test_a_build_replaces_only_folders_it_made(tiny_game, tmp_path):
    """OUT/<game> without pnp's manifest is someone's folder: refused before anything is read,
    unless --force; a folder a build made (with its manifest) is replaced as always."""
    out = tmp_path / "out"
    notes = out / "tiny" / "my-notes.txt"
    notes.parent.mkdir(parents=True)
    notes.write_text("mine")
    with pytest.raises(OutputError, match="not a folder pnp build made .no manifest.json.*--force"):
        _build(tiny_game, out)
    assert sorted(p.name for p in out.rglob("*")) == ["my-notes.txt", "tiny"]
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out), "-f", "pdf"])
    assert res.exit_code == 2 and "pass --force to replace it" in res.output and notes.read_text() == "mine"
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out), "-f", "pdf", "--force"])
    assert res.exit_code == 0, res.output
    assert not notes.exists() and (out / "tiny" / "manifest.json").is_file()
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out), "-f", "pdf"])
    assert res.exit_code == 0, res.output  # now it is pnp's: rebuilt without --force


def test_a_linked_game_folder_is_replaced_as_a_link_only(tiny_game, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "tts").mkdir(parents=True)
    (elsewhere / "tts" / "keep.txt").write_text("keep")
    out = tmp_path / "out"
    out.mkdir()
    (out / "tiny").symlink_to(elsewhere)
    with pytest.raises(OutputError):
        _build(tiny_game, out)
    build_games(list(discover(tiny_game).values()), BuildOptions(), ["pdf"], out, force=True)
    assert (elsewhere / "tts" / "keep.txt").read_text() == "keep"  # nothing moved out of the link's target
    assert not (out / "tiny").is_symlink() and (out / "tiny" / "manifest.json").is_file()


def test_a_gallery_someone_else_wrote_is_kept(tiny_game, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("<html>my page</html>")
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out), "-f", "pdf"])
    assert res.exit_code == 2 and "index.html: this is not a gallery pnp wrote" in res.output
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]  # refused before building
    res = runner.invoke(app, ["build", "tiny", "--data", str(tiny_game), "--out", str(out), "-f", "pdf", "--force"])
    assert res.exit_code == 0 and "pnp gallery" in (out / "index.html").read_text()


def test_a_failed_build_creates_no_output_folder(tiny_game, tmp_path):
    """Not even the empty folders it would have made (the data is bad only once drawing starts)."""
    out = tmp_path / "new" / "out"
    with pytest.raises(DataErrors):
        build_games(list(discover(tiny_game).values()), BuildOptions(limits=Limits(shapes=5)), ["pdf"], out)
    assert not (tmp_path / "new").exists()


def test_export_and_tts_folders_count_as_pnps_and_someone_elses_are_kept(tmp_path):
    """pnp export before any build makes OUT/<game>/export/ alone: a build then takes that folder
    over as its own. A folder of the profile's name that pnp did not write is not replaced."""
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data" / "kafkas-halle", data / "kafkas-halle")
    out = tmp_path / "out"
    res = runner.invoke(app, ["export", "kafkas-halle", "-p", "tts", "--data", str(data), "--out", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["build", "kafkas-halle", "--data", str(data), "--out", str(out), "-f", "pdf"])
    assert res.exit_code == 0, res.output
    assert (out / "kafkas-halle" / "export" / "tts" / "manifest.json").is_file()  # carried over
    mine = out / "kafkas-halle" / "export" / "pdf-x"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    res = runner.invoke(app, ["export", "kafkas-halle", "-p", "pdf-x", "--data", str(data), "--out", str(out)])
    assert res.exit_code == 2 and "not a folder pnp export made" in res.output
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


def test_an_interrupt_python_swallowed_still_stops_the_swap(tmp_path):
    """Ctrl-C raised inside a callback is printed as 'ignored' and the work goes on; the handler noted it,
    so the staged output is not swapped in and the earlier output stays."""
    from pnp.load import interrupts

    out = tmp_path / "out"
    (out / "g").mkdir(parents=True)
    (out / "g" / "a.txt").write_text("earlier")
    try:
        with pytest.raises(KeyboardInterrupt):
            with Staging(out) as st:
                st.path("g/a.txt").write_text("new")
                interrupts.note("SIGINT")  # what the handler does before its KeyboardInterrupt is swallowed
                st.commit()
    finally:
        interrupts.forget()
    assert (out / "g" / "a.txt").read_text() == "earlier"
    assert sorted(p.name for p in out.iterdir()) == ["g"]


def test_a_command_notes_ctrl_c_and_forgets_it_when_it_ends():
    from pnp.checks.contract import stop_signals_as_interrupt
    from pnp.load import interrupts

    with stop_signals_as_interrupt():
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            interrupts.check()  # noted: asked again later, it is still there
    interrupts.check()  # the command ended: nothing left over for the next one
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_picture_the_build_read_is_hashed_once_and_again_when_it_changes(tmp_path, monkeypatch):
    """The manifest's sha256 of a picture is the one taken when the build read it (a deck of
    photos is not read a second time to be hashed), and a file changed since is read again."""
    import io

    from PIL import Image

    from onedeck import one_deck_game
    from pnp.load import loader
    from pnp.model.assets import BuildOptions
    from pnp.model.game import discover
    from pnp.output.build import build_games

    layout = 'kind: layout\nfields: {name: text, art: image}\nelements:\n  - {type: image, x: 5, y: 5, w: 53, h: 40, src: "{art}"}\n'
    data = one_deck_game(tmp_path, "fotos", layout, ["{name: A, art: a.jpg}"])
    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (10, 120, 200)).save(buf, "JPEG")
    photo = data / "fotos" / "a.jpg"
    photo.write_bytes(buf.getvalue())
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda p, *a, **k: opened.append(Path(p).name) or real_open(p, *a, **k))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=1)
    man = json.loads((tmp_path / "out" / "fotos" / "manifest.json").read_text())
    sources = {s["file"]: s["sha256"] for s in man["sources"]}
    assert sources["a.jpg"] == hashlib.sha256(buf.getvalue()).hexdigest()
    assert opened.count("a.jpg") == 1  # read once, by the picture reader, not again to hash it
    monkeypatch.undo()
    info = photo.stat()
    changed = buf.getvalue()[:-2] + b"\xff\xd9"  # other bytes, same size, an mtime later
    photo.write_bytes(changed)
    os.utime(photo, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    assert loader.file_sha256(photo) == hashlib.sha256(changed).hexdigest()
