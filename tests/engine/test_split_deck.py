"""A big deck on two cores: a forked child makes the pages, the build draws them
(pnp.output.forked). The files, warnings and errors are those of a build in one process."""
from __future__ import annotations

import hashlib
import os
import pickle
import signal
import struct
import zlib
from pathlib import Path

import pytest

from pnp.load.errors import DataErrors
from pnp.model.assets import BuildOptions
from pnp.model.game import discover
from pnp.output import forked
from pnp.output.build import build_games
from pnp.output.forked import ChildFailed, ForkedPages
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


@pytest.fixture
def forks(monkeypatch):
    """Counts the children pnp.output.forked starts."""
    started = []
    real = os.fork

    def fork():
        started.append(1)
        return real()

    monkeypatch.setattr(forked.os, "fork", fork)
    return started


def _no_children_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_a_split_deck_writes_the_bytes_and_warnings_of_one_process(tmp_path, forks):
    data = _game(tmp_path, _rows(40))
    outs, warned = {}, {}
    for jobs in (1, 2):
        warned[jobs] = []
        build_games(list(discover(data).values()), BuildOptions(), ["pdf", "png"], tmp_path / f"j{jobs}",
                    warn=warned[jobs].append, jobs=jobs)
        outs[jobs] = _tree(tmp_path / f"j{jobs}")
    assert forks == [1]  # the two-core build split the deck; the one-process build did not
    assert outs[1] == outs[2] and "split/deck.pdf" in outs[1] and "split/deck-contact-sheet.png" in outs[1]
    assert warned[1] == warned[2]
    assert any("'Kleingedrucktes' comes" in w and "safe zone" in w for w in warned[2])  # found by the child's watch
    assert any("cards.csv:5: warning: image 'blurry.png' prints at" in w for w in warned[2])  # made in the child
    assert _no_children_left()


def test_a_small_deck_is_not_split(tmp_path, forks):
    data = _game(tmp_path, _rows(10))
    build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=2)
    assert forks == [] and (tmp_path / "out" / "split" / "deck.pdf").is_file()


def test_an_error_in_the_child_is_reported_as_in_one_process(tmp_path, forks):
    rows = _rows(40)
    rows[30] = "Zu lang," + "Viel zu langer Regeltext " * 40 + ",,"
    data = _game(tmp_path, rows)
    (tmp_path / "out" / "split").mkdir(parents=True)
    (tmp_path / "out" / "split" / "deck.pdf").write_bytes(b"earlier")
    messages = []
    for jobs in (1, 2):
        with pytest.raises(DataErrors) as err:
            build_games(list(discover(data).values()), BuildOptions(), ["pdf"], tmp_path / "out", jobs=jobs)
        messages.append(str(err.value))
    assert forks == [1]
    assert messages[0] == messages[1] and "cards.csv:32" in messages[1]
    assert (tmp_path / "out" / "split" / "deck.pdf").read_bytes() == b"earlier"
    assert not list((tmp_path / "out").glob(".pnp-*")) and _no_children_left()


def test_forked_pages_pass_items_and_result():
    with ForkedPages(lambda: iter(range(5)), lambda: "done") as pages:
        assert list(pages()) == [0, 1, 2, 3, 4]
    assert pages.result == "done" and _no_children_left()


def test_a_failing_child_is_child_failed():
    def make():
        yield 1
        raise ValueError("bad card")

    with pytest.raises(ChildFailed):
        with ForkedPages(make) as pages:
            assert next(pages()) == 1
            list(pages())
    assert _no_children_left()


def test_stopping_early_stops_the_child():
    """Ctrl-C (or an error) while drawing: the child, which ignores Ctrl-C, is stopped and reaped."""
    with pytest.raises(KeyboardInterrupt):
        with ForkedPages(lambda: iter(range(10 ** 9))) as pages:
            pid = pages._pid
            next(pages())
            os.kill(pid, signal.SIGINT)  # what the terminal sends the whole process group
            raise KeyboardInterrupt
    assert _no_children_left()


def test_the_identity_transform_unpickles_as_itself():
    """Backends test ``transform is IDENTITY`` to skip unmoved groups; pages made in a child keep that."""
    assert pickle.loads(pickle.dumps(IDENTITY)) is IDENTITY
    t = translate(3, 4)
    assert pickle.loads(pickle.dumps(t)) == t and type(pickle.loads(pickle.dumps(t))) is Transform
