"""pnp's cache on disk: an entry is made once and read after; a damaged entry is made again;
a folder that cannot be written costs nothing but the time; font subsets come out the same;
validated data files are read back only from this user's private folder, never when bad."""
from __future__ import annotations

from pnp.load import cache


def test_made_once_then_read(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    calls = []

    def make():
        calls.append(1)
        return b"payload"

    assert cache.cached("t", "key", make) == b"payload"
    assert cache.cached("t", "key", make) == b"payload"
    assert len(calls) == 1
    assert cache.cached("t", "other key", make) == b"payload" and len(calls) == 2


def test_a_damaged_entry_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    cache.cached("t", "key", lambda: b"good")
    (entry,) = tmp_path.glob("t-*")
    entry.write_bytes(entry.read_bytes()[:-1] + b"X")
    assert cache.cached("t", "key", lambda: b"good") == b"good"
    assert entry.read_bytes().endswith(b"good")


def test_an_unwritable_folder_is_not_used(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker / "cache"))
    assert cache.cached("t", "key", lambda: b"x") == b"x"


def test_cached_data_reads_back_what_was_made_and_remakes_what_does_not_read(tmp_path, monkeypatch):
    import hashlib

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    value = {"a": (1, 2.5), "b": "text"}
    assert cache.cached_data("d", "key", lambda: value) == value
    assert cache.cached_data("d", "key", lambda: "made again") == value  # read back, not made
    (entry,) = tmp_path.glob("d-*")
    bad = b"\xff not marshal data"
    entry.write_bytes(hashlib.sha256(bad).digest() + bad)  # intact on disk, unreadable as data
    assert cache.cached_data("d", "key", lambda: "made again") == "made again"


def test_font_subsets_from_the_cache_are_the_same_bytes(tmp_path, monkeypatch):
    from pnp.scene import fonts

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    fonts._subset.cache_clear()
    fresh = fonts.subset("☐✓", "sans", "bold")
    assert list(tmp_path.glob("woff-*"))
    fonts._subset.cache_clear()
    again = fonts.subset("☐✓", "sans", "bold")
    assert again == fresh and again[:4] == b"wOFF"
    fonts._subset.cache_clear()


def test_font_metrics_from_the_cache_equal_a_fresh_measure(tmp_path, monkeypatch):
    """Start-up reads the metrics from the cache; they must be the font's own numbers,
    and an entry that is not metrics is measured again, never used."""
    from pnp.scene import fonts

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    fonts.metrics.cache_clear()
    try:
        first = fonts.metrics("sans", "bold")
        (entry,) = tmp_path.glob("metrics-*")
        fonts.metrics.cache_clear()
        assert fonts.metrics("sans", "bold") == first
        widths, default, ascent, descent, cap = fonts._measure("sans", "bold")
        assert first.widths == widths and (first.default, first.ascent, first.descent, first.cap) == (
            default, ascent, descent, cap)
        assert first.widths[ord("W")] > first.widths[ord("i")] > 0 and 600 < first.cap < 800
        import hashlib
        import marshal

        junk = marshal.dumps((1, 2))  # intact on disk, but not five values
        entry.write_bytes(hashlib.sha256(junk).digest() + junk)
        fonts.metrics.cache_clear()
        assert fonts.metrics("sans", "bold") == first
    finally:
        fonts.metrics.cache_clear()


def test_a_build_writes_the_same_bytes_with_a_cold_a_warm_or_no_cache(tmp_path):
    """The README's promise: deleting the cache is always safe and changes no file. Each build
    is its own process, so nothing is remembered between them but the cache folder."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    cache = tmp_path / "cache"
    trees = []
    for name, where in (("cold", cache), ("warm", cache), ("none", blocker / "cache")):
        out = tmp_path / name
        env = {**os.environ, "PNP_CACHE_DIR": str(where), "PYTHONPATH": str(root)}
        proc = subprocess.run([sys.executable, "-m", "pnp.cli.main", "build", "starter-deck", "--data",
                               str(root / "examples"), "--out", str(out), "-f", "pdf,svg", "-j", "1"],
                              env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        trees.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
        if name == "cold":  # what the first build left in the cache (no word of the deck needs a hyphen,
            kinds = {p.name.split("-")[0] for p in cache.iterdir()}  # so no patterns are loaded)
            assert {"metrics", "woff", "objects"} <= kinds, kinds
            assert len(list((cache / "objects").glob("doc-*"))) >= 3  # game.yaml, deck, layout
    assert len(trees[0]) > 5 and trees[0] == trees[1] == trees[2]



WARM = """\
import sys
from pnp.cli.main import main
sys.argv[0] = "pnp"
try:
    main()
finally:
    shown = ("pnp.layout.", "svglib", "pnp.render.hatch", "pnp.output.unchanged")
    print("MODULES", " ".join(sorted(m for m in sys.modules if m.startswith(shown))),
          file=sys.stderr)
"""


def _built_twice(tmp_path, driver: str, args: list[str], marker: str, cwd=None) -> list[str]:
    """What ``driver`` (a script that runs pnp) printed after ``marker`` in each of two builds, each
    its own process sharing one cache folder."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "driver.py"
    script.write_text(driver)
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(root)}
    said = []
    for _ in range(2):
        proc = subprocess.run([sys.executable, str(script), *args], env=env, capture_output=True, text=True,
                              timeout=600, cwd=cwd)
        assert proc.returncode == 0, proc.stderr
        said.append(proc.stderr.rsplit(marker, 1)[1].strip())
    return said


def test_a_rebuild_imports_only_the_element_kinds_its_layouts_use_and_no_svg_parser(tmp_path):
    """The starter deck (cards with SVG art, a layout of built-in kinds) built twice: the rebuild
    reads its layouts back without importing the modules of element kinds it does not use (boards,
    networks, tables, charts; its print guide has a ruler) and draws its SVG art without svglib."""
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples"
    seen = [set(said.split()) for said in _built_twice(
        tmp_path, WARM, ["build", "starter-deck", "--data", str(examples), "--out", str(tmp_path / "out"), "-f", "pdf",
                         "-j", "1"], "MODULES ")]
    unused = {"pnp.layout.vocabulary", "pnp.layout.network", "pnp.layout.charts", "pnp.layout.tabular",
              "pnp.layout.boards", "svglib", "svglib.svglib"}
    assert unused <= seen[0]  # the first build validated its layouts against every kind and parsed the art
    assert not unused & seen[1], unused & seen[1]
    # nothing hatched, no PNG contact sheet, not watch mode: their modules are not imported by either build
    assert not {"pnp.render.hatch", "pnp.layout.builtin.preview", "pnp.output.unchanged"} & (seen[0] | seen[1])


DECK = """\
kind: deck
name: deck
title: Probe
layout: face.yaml
cards:
  - {name: Eins}
"""


def _read_twice(path, monkeypatch):
    """read_doc of ``path`` twice; the second time the parser must not run."""
    from pnp.layout import kinds

    first = kinds.read_doc(path)
    monkeypatch.setattr(kinds, "_read_doc", lambda *a: (_ for _ in ()).throw(AssertionError("parsed again")))
    return first, kinds.read_doc(path)


def test_a_valid_data_file_is_read_back_until_it_changes(tmp_path, monkeypatch):
    from pnp.layout import kinds

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK)
    first, again = _read_twice(deck, monkeypatch)
    assert again[0] == "deck" and again[1] == first[1] and again[2].lc.value("cards") == (5, 2)  # marks too
    monkeypatch.undo()
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    deck.write_text(DECK.replace("Probe", "Probe 2"))
    assert kinds.read_doc(deck)[1].title == "Probe 2"
    objects = tmp_path / "cache" / "objects"
    assert oct(objects.stat().st_mode & 0o777) == "0o700"
    assert {oct(p.stat().st_mode & 0o777) for p in objects.iterdir()} == {"0o600"}


def test_bad_data_is_never_kept(tmp_path, monkeypatch):
    import pytest

    from pnp.load.errors import DataErrors
    from pnp.layout import kinds

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK.replace("title: Probe\n", "title: Probe\ncolour: nope\n"))
    for _ in range(2):
        with pytest.raises(DataErrors, match=r"deck.yaml:4:1: unknown key 'colour'"):
            kinds.read_doc(deck)
    assert not list((tmp_path / "cache" / "objects").iterdir())


def test_pickles_others_could_have_written_are_not_read(tmp_path, monkeypatch):
    """An entry anyone else may write, or a folder of another user, is never unpickled."""
    import os

    from pnp.layout import kinds

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK)
    kinds.read_doc(deck)
    (entry,) = (tmp_path / "cache" / "objects").iterdir()
    os.chmod(entry, 0o666)
    calls = []
    real = kinds._read_doc
    monkeypatch.setattr(kinds, "_read_doc", lambda *a: calls.append(1) or real(*a))
    kinds.read_doc(deck)
    assert calls == [1]  # parsed again, and the entry written anew, private
    assert oct(entry.stat().st_mode & 0o777) == "0o600"
    monkeypatch.setattr(os, "getuid", lambda: os.geteuid() + 4242)  # as if the folder were someone else's
    kinds.read_doc(deck)
    assert calls == [1, 1]


def test_the_code_fingerprint_follows_the_source(tmp_path):
    """A changed pnp source file gives other keys, so an old entry of a changed schema is never read."""
    import os

    src = tmp_path / "pkg"
    src.mkdir()
    (src / "model.py").write_text("x = 1\n")
    before = cache.code_fingerprint(src)
    cache.code_fingerprint.cache_clear(), cache.source_stamp.cache_clear()
    (src / "model.py").write_text("x = 22\n")
    assert cache.code_fingerprint(src) != before
    cache.code_fingerprint.cache_clear(), cache.source_stamp.cache_clear()
    st = (src / "model.py").stat()
    os.utime(src / "model.py", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert cache.code_fingerprint(src) != before
    cache.code_fingerprint.cache_clear(), cache.source_stamp.cache_clear()


def test_errors_found_after_reading_name_the_same_line_from_a_kept_file(tmp_path, monkeypatch):
    """A card of a kept (valid) deck file that cannot be drawn is reported at its own line,
    as on the first build: the line marks are kept with the file."""
    import pytest

    from pnp.load.errors import DataErrors
    from pnp.model.assets import BuildOptions
    from pnp.model.game import discover
    from pnp.output.build import build_games

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    game = tmp_path / "data" / "probe"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("name: probe\ntitle: Probe\n")
    (game / "face.yaml").write_text("kind: layout\nsize: poker\nfields: {name: text, text: text}\nelements:\n"
                                    "  - {type: textbox, x: 5, y: 5, w: 20, h: 6, text: '{text}', size: 9}\n")
    (game / "deck.yaml").write_text("kind: deck\nname: deck\ntitle: Probe\nlayout: face.yaml\nback: none\ncards:\n"
                                    "  - {name: Gut, text: Kurz.}\n"
                                    "  - {name: Lang, text: " + "Viel zu langer Text " * 12 + "}\n")
    from pnp.layout import kinds

    messages = []
    for attempt in range(2):
        if attempt:  # the second build must read the kept files, not parse them
            monkeypatch.setattr(kinds, "_read_doc", lambda *a: (_ for _ in ()).throw(AssertionError("parsed")))
        with pytest.raises(DataErrors) as err:
            build_games(list(discover(tmp_path / "data").values()), BuildOptions(), ["pdf"], tmp_path / "out")
        messages.append(str(err.value))
    assert messages[0] == messages[1] and "deck.yaml:8" in messages[0]


def test_a_card_list_is_typed_once_then_read_back_until_it_changes(tmp_path, monkeypatch):
    import pytest

    from pnp.layout import tables
    from pnp.layout.fields import parse_fields
    from pnp.load.errors import DataErrors

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    fields = parse_fields({"name": "text", "cost": "integer 0..9"}, "face.yaml")
    cards = tmp_path / "cards.csv"
    cards.write_text("name,cost\nEins,1\nZwei,2\n")
    first = tables.read_records(cards, fields)
    real = tables._records
    monkeypatch.setattr(tables, "_records", lambda *a: (_ for _ in ()).throw(AssertionError("typed again")))
    again = tables.read_records(cards, fields)
    assert [(r.values, r.source) for r in again] == [(r.values, r.source) for r in first]
    assert again[1].values == {"name": "Zwei", "cost": 2} and again[1].source[1] == 3
    monkeypatch.setattr(tables, "_records", real)
    cards.write_text("name,cost\nEins,1\nZwei,12\n")  # changed, and now wrong: found, never kept
    for _ in range(2):
        with pytest.raises(DataErrors, match=r"cards.csv:3"):
            tables.read_records(cards, fields)


def test_the_kept_files_stay_few(tmp_path, monkeypatch):
    """Every edit of a data file makes a new entry: past the limit the oldest are removed."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "MAX_OBJECTS", 3)
    for i in range(5):
        cache._prune.cache_clear()
        cache.cached_object("doc", f"k{i}", lambda i=i: i)
    assert len(list((tmp_path / "objects").iterdir())) == 3
    assert cache.cached_object("doc", "k4", lambda: "made again") == 4  # the newest is kept
    assert cache.cached_object("doc", "k0", lambda: "made again") == "made again"  # the oldest is gone
    for i in range(5):  # the same for the plain entries beside objects/ (tables, fonts)
        cache._prune.cache_clear()
        cache.write("fits", f"t{i}", b"x")
    assert sorted(p.name.split("-")[0] for p in tmp_path.iterdir() if p.is_file()) == ["fits"] * 3
    assert cache.read("fits", "t4") == b"x" and cache.read("fits", "t0") is None
    cache._prune.cache_clear()


def test_a_full_table_makes_room_for_new_entries_by_dropping_the_oldest(tmp_path, monkeypatch):
    """A table at its limit still learns: a designer's current deck is kept, not turned away
    because older decks filled the table first."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    t = cache.Table("fits", lambda: "probe", 3)
    for i in range(5):
        t.put(f"text {i}", i)
    t.save()
    t.forget()
    assert [t.get(f"text {i}") for i in range(5)] == [None, None, 2, 3, 4]


REBUILD = """\
import sys
import pydantic._internal._model_construction as mc
import pnp.load.marked as marked

made = []
complete = mc.complete_model_class
mc.complete_model_class = lambda cls, *a, **k: made.append("schema " + cls.__name__) or complete(cls, *a, **k)
load = marked.load
marked.load = lambda *a, **k: made.append("yaml") or load(*a, **k)
from pnp.cli.main import main
sys.argv[0] = "pnp"
try:
    main()
finally:
    print("MADE", sorted(made), file=sys.stderr)
"""


def test_a_rebuild_of_every_shipped_game_parses_and_validates_nothing_again(tmp_path):
    """Everything a build reads (data files, layouts, rule documents, structures) is read back
    from the cache the second time: no YAML parsed, no pydantic schema built."""
    from pathlib import Path

    made = _built_twice(tmp_path, REBUILD, ["build", "all", "-f", "pdf", "-j", "1", "--out", str(tmp_path / "out")],
                        "MADE ", cwd=Path(__file__).resolve().parents[2])
    assert "yaml" in made[0] and "schema" in made[0]  # the first build did the work
    assert made[1] == "[]", made[1]


def test_a_kept_pdf_font_measures_and_embeds_like_a_fresh_parse(tmp_path, monkeypatch):
    """reportlab's parse of a bundled face is kept; the face rebuilt from it measures text and
    makes the embedded subset byte for byte like reportlab's own parse."""
    import io

    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.render import pdf
    from pnp.scene import fonts

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    data = fonts.font_bytes("sans", "bold")
    pdf._parsed("Probe", data)
    assert len(list((tmp_path / "objects").glob("ttf-*"))) == 1
    kept, fresh = pdf._parsed("Probe", data), TTFont("Probe", io.BytesIO(data))
    text = "Größe Ärger ſ € 0123"
    assert kept.stringWidth(text, 9) == fresh.stringWidth(text, 9) > 0
    subset = [ord(c) for c in text]
    assert kept.face.makeSubset(subset) == fresh.face.makeSubset(subset)
    assert kept.face._pdfScale(2048) == fresh.face._pdfScale(2048)


def test_a_parsed_file_is_kept_and_a_broken_one_never(tmp_path, monkeypatch):
    """load_yaml keeps what it parsed (read back, marks and all, until the file changes);
    a YAML error is raised on every read and leaves nothing in the cache."""
    import pytest

    from pnp.load import marked
    from pnp.load.errors import DataErrors
    from pnp.load.loader import load_yaml, locate

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\n")
    for _ in range(2):
        with pytest.raises(DataErrors, match=r"bad\.yaml:\d+"):
            load_yaml(bad)
    assert not (tmp_path / "cache" / "objects").exists() or not list((tmp_path / "cache" / "objects").iterdir())
    good = tmp_path / "good.yaml"
    good.write_text("title: Probe\ncards:\n  - {name: Eins}\n")
    first = load_yaml(good)
    monkeypatch.setattr(marked, "load", lambda *a, **k: (_ for _ in ()).throw(AssertionError("parsed again")))
    again = load_yaml(good)
    assert again == first and locate(again, ("cards", 0, "name")) == locate(first, ("cards", 0, "name")) == (3, 12)
    good.write_text("title: Neu\n")
    with pytest.raises(AssertionError, match="parsed again"):
        load_yaml(good)


def _entries(folder):
    return sorted(p.name for p in folder.rglob("*"))


def test_a_folder_others_may_write_is_neither_read_nor_written(tmp_path, monkeypatch, capfd):
    """A shared cache folder: an entry someone else wrote there must not change a build (it
    changed 14 SVGs). Root sees the mode bits like anybody, so this holds under root too."""
    import os

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "shared"))
    monkeypatch.setattr(cache, "_WARNED", set())
    assert cache.cached("t", "key", lambda: b"mine") == b"mine"
    (entry,) = (tmp_path / "shared").glob("t-*")
    os.chmod(tmp_path / "shared", 0o777)
    assert cache.read("t", "key") is None  # the entry is intact, but the folder is not trusted
    assert cache.cached("t", "new", lambda: b"made") == b"made"
    assert _entries(tmp_path / "shared") == [entry.name]  # nothing written into it either
    err = capfd.readouterr().err
    assert err.count("warning: the cache folder") == 1 and "is writable by others" in err
    os.chmod(tmp_path / "shared", 0o700)
    assert cache.read("t", "key") == b"mine"


def test_an_entry_not_yours_or_not_a_file_is_not_read(tmp_path, monkeypatch, capfd):
    import os

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_WARNED", set())
    for key in ("theirs", "writable", "link", "fifo"):
        cache.write("t", key, b"good")
    entry = {key: cache._entry("t", key) for key in ("theirs", "writable", "link", "fifo")}
    real = cache._uid()
    victim = entry["theirs"].stat().st_ino
    monkeypatch.setattr(cache, "_yours", lambda st: (st.st_ino != victim and st.st_uid == real
                                                     and not st.st_mode & 0o022))  # as if another user wrote it
    os.chmod(entry["writable"], 0o666)
    entry["link"].unlink()
    entry["link"].symlink_to("/dev/zero")  # read until memory ran out
    entry["fifo"].unlink()
    os.mkfifo(entry["fifo"])  # would block forever
    for key in entry:
        assert cache.read("t", key) is None, key
    err = capfd.readouterr().err
    assert err.count("warning: the cache entry") == 4
    assert "is not yours alone" in err and "is not a regular file" in err
    cache.write("t", "theirs", b"again")  # made again by this user, then read
    monkeypatch.setattr(cache, "_yours", lambda st: st.st_uid == real and not st.st_mode & 0o022)
    assert cache.read("t", "theirs") == b"again"
