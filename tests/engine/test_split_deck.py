"""A big deck on two cores: the build makes the pages, a forked drawer draws them
(pnp.output.drawer). The files, warnings and errors are those of a build in one process."""
from __future__ import annotations

import hashlib
import io
import os
import pickle
import signal
import struct
import zlib
from pathlib import Path

import pytest
from waiting import PATIENCE, wait_until

from pnp.load.budget import Limits
from pnp.load.errors import DataErrors
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output.build import build_games
from pnp.output.drawer import Drawer, DrawerFailed
from pnp.scene.primitives import IDENTITY, Transform, translate

FACE = """\
kind: layout
size: poker
safe: 3
fields: {name: text, text: text, art: text?, edge: text?}
elements:
  - {type: rect, frame: bleed, fill: white}
  - {type: rect, frame: bleed, h: 14, fill: "#223366"}
  - {type: text, x: 5, y: 3, w: 53, h: 8, text: "{name}", size: 12, weight: bold, colour: white}
  - {type: image, when: art, x: 5, y: 20, w: 53, h: 35, src: "{art}"}
  - {type: textbox, x: 5, y: 60, w: 53, h: 18, text: "{text}", size: 8, min_size: 7}
  - {type: text, when: edge, x: -1, y: 80, w: 40, h: 5, text: "{edge}", size: 7}
"""


def _png(w: int, h: int) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x80\x80\x80" * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _game(root: Path, rows: list[str]) -> Path:
    game = root / "data" / "split"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: split\ntitle: Split\n")
    (game / "face.yaml").write_text(FACE)
    (game / "blurry.png").write_bytes(_png(30, 20))
    (game / "deck.yaml").write_text("kind: deck\nname: deck\ntitle: Split deck\nlayout: face.yaml\nback: none\n"
                                    "cards: cards.csv\n")
    (game / "cards.csv").write_text("name,text,art,edge\n" + "".join(r + "\n" for r in rows), encoding="utf-8")
    return root / "data"


def _rows(n: int) -> list[str]:
    rows = [f"Karte {i},Deine Figur geht {i} Felder weiter und darf springen.,," for i in range(n)]
    rows[3] = "Unscharf,Ein Bild mit zu wenig Pixeln.,blurry.png,"
    rows[7] = "Am Rand,Text bis an den Schnitt.,,Kleingedrucktes"
    return rows


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


STARTED: list[int] = []  # the pid of every drawer the tests start, to check each was reaped


@pytest.fixture
def drawn(monkeypatch):
    """What became of each deck handed to a drawer: "drawn", "failed" (drawn again by the build) or the error."""
    seen = []
    real, start = Drawer.draw, Drawer.start.__func__

    def draw(self, *args, **kw):
        try:
            result = real(self, *args, **kw)
        except DrawerFailed:
            seen.append("failed")
            raise
        except Exception as exc:
            seen.append(type(exc).__name__)
            raise
        seen.append("drawn")
        return result

    def started(cls):
        d = start(cls)
        STARTED.append(d.pid)
        return d

    monkeypatch.setattr(Drawer, "draw", draw)
    monkeypatch.setattr(Drawer, "start", classmethod(started))
    return seen


def _no_children_left() -> bool:
    """Every drawer started so far has ended and was reaped (other tests' children do not count)."""
    for pid in STARTED:
        try:
            if os.waitpid(pid, os.WNOHANG) != (0, 0):
                return False  # it had ended, but nobody had reaped it
        except ChildProcessError:
            continue  # reaped
        return False  # still running
    return True


def test_a_drawn_deck_has_the_bytes_and_warnings_of_one_process(tmp_path, drawn):
    data = _game(tmp_path, _rows(40))
    outs, warned = {}, {}
    for jobs in (1, 2):
        warned[jobs] = []
        build_games(list(discover(data).values()), BuildOptions(), ["pdf", "png"], tmp_path / f"j{jobs}",
                    warn=warned[jobs].append, jobs=jobs)
        outs[jobs] = _tree(tmp_path / f"j{jobs}")
    assert drawn == ["drawn"]  # the two-core build handed the deck to a drawer; the one-process build did not
    assert outs[1] == outs[2] and "split/deck.pdf" in outs[1] and "split/deck-contact-sheet.png" in outs[1]
    assert warned[1] == warned[2]
    assert any("'Kleingedrucktes' comes" in w and "safe zone" in w for w in warned[2])  # the drawer's watch
    assert any("cards.csv:5: warning: image 'blurry.png' prints at" in w for w in warned[2])  # found while making
    assert _no_children_left()


def test_the_drawer_only_draws_text_the_build_laid_out(tmp_path, drawn, monkeypatch):
    """The drawer is the busier side, so the build lays out every text of the pages it sends."""
    from pnp.render import base

    parent, real = os.getpid(), base.set_lines

    def set_lines(t):
        if os.getpid() != parent:  # in the forked drawer: it would fail and the build draw the deck
            raise RuntimeError("the drawer laid out text")
        return real(t)

    monkeypatch.setattr(base, "set_lines", set_lines)
    data = _game(tmp_path, _rows(40))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "two", jobs=2)
    monkeypatch.setattr(base, "set_lines", real)
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "one", jobs=1)
    assert drawn == ["drawn"] and _tree(tmp_path / "one") == _tree(tmp_path / "two")


def test_a_small_deck_is_drawn_in_the_build_process(tmp_path, drawn):
    data = _game(tmp_path, _rows(10))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=2)
    assert drawn == [] and (tmp_path / "out" / "split" / "deck.pdf").is_file()


def test_a_deck_of_photos_is_drawn_in_the_build_process(tmp_path, drawn):
    """A big deck whose pictures hold over 20 megapixels is drawn where it is made: its pictures'
    bytes would cross the pipe to a drawer for little drawing. One pixel fewer, and a drawer draws it."""
    from PIL import Image

    from pnp.output import build

    rows = _rows(30)
    for i, w in ((0, 5000), (1, 5001)):
        buf = io.BytesIO()
        Image.new("RGB", (w, 2000), (40 + i, 90, 160)).save(buf, "JPEG", quality=30)
        (tmp_path / f"p{i}.jpg").write_bytes(buf.getvalue())
        rows[10 + i] = f"Foto {i},Ein Foto.,photo{i}.jpg,"
    data = _game(tmp_path, rows)
    for i in range(2):
        (tmp_path / f"p{i}.jpg").rename(data / "split" / f"photo{i}.jpg")
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=2)
    assert drawn == [] and (tmp_path / "out" / "split" / "deck.pdf").is_file()  # 20,002,600 pixels with the 30 x 20 one
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(build, "PIPED_PIXELS", 20_002_600)
    try:
        build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "again", jobs=2)
    finally:
        monkeypatch.undo()
    assert drawn == ["drawn"] and _tree(tmp_path / "again" / "split") == _tree(tmp_path / "out" / "split")


def _earlier(tmp_path, out: Path | None = None) -> Path:
    """A folder an earlier build made (its manifest says so) that a failed build must keep."""
    folder = (out or tmp_path / "out") / "split"
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text("{}\n")
    (folder / "deck.pdf").write_bytes(b"earlier")
    return folder / "deck.pdf"


def test_bad_card_data_stops_the_drawer_and_reads_as_in_one_process(tmp_path, drawn):
    rows = _rows(40)
    rows[30] = "Zu lang," + "Viel zu langer Regeltext " * 40 + ",,"
    data = _game(tmp_path, rows)
    earlier = _earlier(tmp_path)
    messages = []
    for jobs in (1, 2):
        with pytest.raises(DataErrors) as err:
            build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=jobs)
        messages.append(str(err.value))
    assert drawn == ["DataErrors"]  # found while making the pages, in the build's own process
    assert messages[0] == messages[1] and "cards.csv:32" in messages[1]
    assert earlier.read_bytes() == b"earlier"
    assert not list((tmp_path / "out").glob(".pnp-*")) and _no_children_left()


def test_a_drawer_that_fails_leaves_the_error_to_the_build(tmp_path, drawn):
    """Over the shape budget while drawing (the deck's estimate, cards times elements, fell
    short of what it draws): the drawer gives up and the build draws the deck itself, which
    raises the error a build in one process raises."""
    from pnp.output.build import collect_assets

    data = _game(tmp_path, _rows(40))
    earlier = _earlier(tmp_path)
    (game,) = discover(data).values()
    estimate = collect_assets(game, BuildOptions())[0].shapes
    messages = []
    for jobs in (1, 2):
        with pytest.raises(DataErrors) as err:
            build_games([game], BuildOptions(limits=Limits(shapes=estimate)), ["pdf"], tmp_path / "out", jobs=jobs)
        messages.append(str(err.value))
    assert drawn == ["failed"]
    assert messages[0] == messages[1] and f"draws more than {estimate:,} shapes" in messages[1]
    assert earlier.read_bytes() == b"earlier" and _no_children_left()


def test_a_drawer_that_died_is_replaced_by_the_build(tmp_path, drawn):
    data = _game(tmp_path, _rows(40))
    dead = Drawer.start()
    STARTED.append(dead.pid)
    os.kill(dead.pid, signal.SIGKILL)
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "one", jobs=1)
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "two", jobs=2, drawer=dead)
    dead.close()
    assert drawn == ["failed"] and _tree(tmp_path / "one") == _tree(tmp_path / "two") and _no_children_left()


def test_ctrl_c_while_making_stops_the_drawer(tmp_path):
    """The drawer ignores Ctrl-C (the terminal sends it to the whole process group); the build stops it."""
    drawer = Drawer.start()
    STARTED.append(drawer.pid)

    def pages():
        yield from ()
        os.kill(drawer.pid, signal.SIGINT)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        drawer.draw(pages(), ("pdf",), tmp_path, "deck", 100, "Deck", None, None)
    assert drawer.pid == 0 and _no_children_left()


def test_the_identity_transform_unpickles_as_itself():
    """Backends test ``transform is IDENTITY`` to skip unmoved groups; pages made in a child keep that."""
    assert pickle.loads(pickle.dumps(IDENTITY)) is IDENTITY
    t = translate(3, 4)
    assert pickle.loads(pickle.dumps(t)) == t and type(pickle.loads(pickle.dumps(t))) is Transform


def _left_running(marker: str) -> list[str]:
    import subprocess

    ps = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in ps.splitlines() if marker in line and "ps -eo" not in line]


@pytest.mark.parametrize("broken", [False, True])
def test_pnp_build_forks_its_drawer_first_and_leaves_none_behind(tmp_path, broken):
    import subprocess
    import sys

    rows = _rows(40)
    if broken:
        rows[30] = "Zu lang," + "Viel zu langer Regeltext " * 40 + ",,"
    data = _game(tmp_path, rows)
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"cli-out-{jobs}"
        runs[jobs] = subprocess.run([sys.executable, "-m", "pnp.cli.main", "build", "split", "--data", str(data),
                                     "--out", str(out), "-f", "pdf", "-j", jobs], capture_output=True, text=True)
        assert not _left_running(str(out)), "a drawer outlived pnp build"
    if broken:
        assert runs["1"].returncode == runs["2"].returncode == 2
        assert runs["1"].stderr == runs["2"].stderr and "cards.csv:32" in runs["2"].stderr
        assert "Traceback" not in runs["2"].stderr
    else:
        assert runs["2"].returncode == 0, runs["2"].stderr
        assert _tree(tmp_path / "cli-out-1" / "split") == _tree(tmp_path / "cli-out-2" / "split")


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_interrupting_a_drawn_deck_leaves_earlier_outputs_and_no_drawer(tmp_path, how):
    """SIGTERM to pnp, or Ctrl-C (SIGINT to the whole process group, the drawer included):
    exit 130, the earlier output untouched, no staging folder and no drawer left running."""
    import subprocess
    import sys

    data = _game(tmp_path, _rows(5000))
    out = tmp_path / "sig-out"
    earlier = _earlier(tmp_path, out)
    proc = subprocess.Popen([sys.executable, "-m", "pnp.cli.main", "build", "split", "--data", str(data), "--out",
                             str(out), "-f", "pdf", "-j", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    # the data is read and the deck is being made and drawn (5,000 cards: far from done)
    wait_until(lambda: list(out.glob(".pnp-staging-*/")) or proc.poll() is not None, "a staging folder")
    assert proc.poll() is None, proc.communicate()
    assert not list(out.glob(".pnp-staging-*/split/deck.pdf")), "not mid-drawing"
    if how == "SIGTERM":
        proc.send_signal(signal.SIGTERM)
    else:
        os.killpg(proc.pid, signal.SIGINT)
    _, se = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 130, se.decode()
    assert "Traceback" not in se.decode()
    assert earlier.read_bytes() == b"earlier" and not list(out.glob(".pnp-*"))
    # Ctrl-C reaches the drawer too, which may end a moment after pnp
    wait_until(lambda: not _left_running(str(out)), "the drawer ends with pnp build")


def test_a_build_without_a_big_deck_forks_nothing(tmp_path, monkeypatch):
    """`pnp build` on two cores forks a drawer when a big deck comes, not before it reads the data:
    a small deck is drawn in the build's own process and no child loads the PDF backend for nothing."""
    from typer.testing import CliRunner

    from pnp.cli.main import app

    data = _game(tmp_path, _rows(10))
    forks, real = [], os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or real())
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    res = CliRunner().invoke(app, ["build", "split", "--data", str(data), "--out", str(tmp_path / "out"), "-f", "pdf"])
    assert res.exit_code == 0, res.output
    assert forks == [] and (tmp_path / "out" / "split" / "deck.pdf").is_file()


CHILD_IMPORTS = """\
import os, sys
from pathlib import Path

parent, log = os.getpid(), open(sys.argv[1], "a")


def hook(event, args):
    if event == "import" and os.getpid() != parent:
        log.write(args[0] + "\\n")
        log.flush()


sys.addaudithook(hook)
os.register_at_fork(after_in_child=lambda: log.write("(forked)\\n") or log.flush())
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
import pnp.output.build as build

real, frozen_with = build.data_loaded, []
build.data_loaded = lambda: frozen_with.append(sorted(m for m in ("pnp.render.pdf", "pnp.render.survey")
                                                      if m in sys.modules)) or real()
build.build_games(list(discover(Path(sys.argv[2])).values()), BuildOptions(), ["pdf"], Path(sys.argv[3]), jobs=2)
print("FROZEN", frozen_with)
"""


def test_a_drawer_loads_nothing_the_build_loaded_and_the_backend_is_frozen_with_the_data(tmp_path):
    """The build imports the PDF backend and the safe-zone watch, and reads the fonts, before it
    freezes the loaded data (so no collection walks them while the deck is drawn) and before it
    forks the drawer (so the drawer does not load them a second time)."""
    import subprocess
    import sys

    data = _game(tmp_path, _rows(40))
    script, log = tmp_path / "driver.py", tmp_path / "child-imports.txt"
    script.write_text(CHILD_IMPORTS)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(root)}
    proc = subprocess.run([sys.executable, str(script), str(log), str(data), str(tmp_path / "out")], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "FROZEN [['pnp.render.pdf', 'pnp.render.survey']]" in proc.stdout
    imported = log.read_text().split()
    assert imported[0] == "(forked)" and (tmp_path / "out" / "split" / "deck.pdf").is_file()
    assert not [m for m in imported if m.startswith(("pnp.", "reportlab.pdfbase", "reportlab.pdfgen"))], imported
