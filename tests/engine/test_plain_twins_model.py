"""The plain twins of pnp.model's schemas (game, deck, symbols, fonts, profile, board, counters,
score sheet, tokens, triangular board): what the cache keeps of every shipped file of those kinds
is the twin of a fresh validation, a rebuild reads it without those schema modules, and the
methods moved to the twins answer on a twin as on a model (PLAIN.md, issue #32)."""
from __future__ import annotations

import importlib
import inspect
import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pydantic import BaseModel

from pnp.layout.kinds import KINDS, read_doc
from pnp.load.loader import display_path, load_model, load_yaml, validate
from pnp.model.base import to_plain, twin_of
from pnp.model.plain import Plain, fields_of

ROOT = Path(__file__).resolve().parents[2]
FAMILY = ("game", "deck", "symbols", "fonts", "profile", "board", "counters", "score_sheet", "tokens", "trigrid")
SCHEMAS = tuple(f"pnp.model.{name}" for name in FAMILY)
KINDS_OF_FAMILY = ("deck", "symbols", "board", "triboard", "counters", "tokens", "records", "score-sheet")


def _kind(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("kind:"):
            return line.split(":", 1)[1].split("#")[0].strip()
    return None


def _shipped() -> list[tuple[Path, str]]:
    """Every shipped file of the family: (path, what reads it: a kind, or the schema "module:Class")."""
    out: list[tuple[Path, str]] = []
    for folder in (ROOT / "data", ROOT / "examples", ROOT / "pnp" / "layout" / "shipped"):
        for path in sorted(folder.rglob("*.yaml")):
            if path.name == "game.yaml":
                out.append((path, "pnp.model.game:GameManifest"))
            elif _kind(path) in KINDS_OF_FAMILY:
                out.append((path, str(_kind(path))))
    out += [(p, "pnp.model.profile:Profile") for p in sorted((ROOT / "pnp" / "output" / "profiles").glob("*.yaml"))]
    return out


SHIPPED = _shipped()


def _schema(what: str) -> type:
    if ":" in what:
        module, name = what.split(":")
        return getattr(importlib.import_module(module), name)
    return KINDS[what].model()


def _fresh(path: Path, what: str) -> BaseModel:
    return validate(_schema(what), load_yaml(path), display_path(path))


def _read(path: Path, what: str):
    return load_model(path, what) if ":" in what else read_doc(path)[1]


def test_every_kind_of_the_family_has_shipped_files():
    kinds = {what for _, what in SHIPPED}
    assert set(KINDS_OF_FAMILY) - {"records"} <= kinds, kinds
    assert "pnp.model.game:GameManifest" in kinds and "pnp.model.profile:Profile" in kinds


@pytest.mark.parametrize("name", FAMILY)
def test_each_schema_class_has_a_twin_of_its_name_in_the_plain_module(name):
    module = importlib.import_module(f"pnp.model.{name}")
    schemas = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if issubclass(c, BaseModel) and c.__module__ == module.__name__]
    assert schemas
    for cls in schemas:
        twin = twin_of(cls)
        assert twin is not None, cls
        assert twin.__module__ == f"pnp.model.plain.{name}" and twin.__name__ == cls.__name__
        assert not issubclass(twin, BaseModel) and issubclass(twin, Plain)
        # the twin's own bases mirror the schema's (a part's twin derives from the parts' base twin)
        for base in cls.__bases__:
            if issubclass(base, BaseModel) and twin_of(base) is not None:
                assert issubclass(twin, twin_of(base)), (cls, base)


def test_the_twins_and_game_discovery_import_no_pydantic():
    code = textwrap.dedent(f"""
        import sys
        for name in {FAMILY!r}:
            __import__("pnp.model.plain." + name)
        from pnp.model.plain.game import Game, discover, inside
        import pnp.cli.options
        print(sorted(m for m in sys.modules if m == "pydantic" or m in {SCHEMAS!r}))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("path,what", SHIPPED, ids=[f"{p.parent.name}/{p.name}" for p, _ in SHIPPED])
def test_what_the_build_reads_is_the_twin_of_a_fresh_validation(path, what):
    fresh = _fresh(path, what)
    read = _read(path, what)
    twin = to_plain(fresh)
    assert type(read) is twin_of(type(fresh)) and not isinstance(read, BaseModel)
    assert read == twin
    assert pickle.loads(pickle.dumps(read)) == twin
    assert read.model_fields_set == fresh.model_fields_set
    assert fields_of(read).keys() == fields_of(fresh).keys()


def test_a_warm_read_of_every_shipped_file_imports_none_of_the_schemas(tmp_path):
    """Two processes on one fresh cache: the first validates and keeps, the second reads the twins
    back, equal to a fresh validation here, without importing the family's schema modules (the
    layout schema, another family's, still imports the fonts schema where a file holds a layout
    model, e.g. a token sheet's {source: ...})."""
    code = textwrap.dedent(f"""
        import json, sys
        from pathlib import Path
        from pnp.layout.kinds import read_doc
        from pnp.load.loader import load_model
        out = {{}}
        for p, what in json.loads(sys.argv[1]):
            out[p] = repr(load_model(Path(p), what) if ":" in what else read_doc(Path(p))[1])
        mine = {{m for m in sys.modules if m in {SCHEMAS!r}}}
        if "pnp.model.layout" in sys.modules:
            mine.discard("pnp.model.fonts")
        print(json.dumps({{"docs": out, "schemas": sorted(mine)}}))
    """)
    files = json.dumps([(str(p), what) for p, what in SHIPPED])
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    runs = [json.loads(subprocess.run([sys.executable, "-c", code, files], capture_output=True, text=True,
                                      cwd=ROOT, env=env, check=True).stdout) for _ in range(2)]
    assert set(runs[0]["schemas"]) >= {"pnp.model.game", "pnp.model.deck"}  # the cold run validated
    assert runs[1]["schemas"] == []
    for path, what in SHIPPED:
        assert runs[1]["docs"][str(path)] == repr(to_plain(_fresh(path, what))), path


# ------------------------------------------------------------------ the moved methods, model and twin alike


def _pairs(kind: str) -> list[tuple[BaseModel, Plain]]:
    return [(fresh, to_plain(fresh)) for fresh in (_fresh(p, w) for p, w in SHIPPED if w == kind)]


def test_deck_methods():
    pairs = _pairs("deck")
    assert pairs
    for model, twin in pairs:
        assert twin.size == model.size and len(twin.size) == 2
        for c in model.categories or ():
            assert twin.category(c.id) == to_plain(model.category(c.id))
        backs = [("back", model.back, twin.back)] if model.back is not None else []
        if model.backs is not None:
            backs += [(k, v, twin.backs.layouts[k]) for k, v in model.backs.layouts.items()]
        for key, back, back_twin in backs:
            assert back_twin == to_plain(back), key
            if not isinstance(back, str):
                assert back_twin.values() == back.values(), key
    # a back with texts per language gives them as {de:, en:}, fields last
    from pnp.model.deck import Back

    back = Back.model_validate({"title": {"de": "Zurück", "en": "Back"}, "colour": "red", "fields": {"x": 1}})
    assert to_plain(back).values() == back.values() == {"title": {"de": "Zurück", "en": "Back"}, "colour": "red",
                                                        "x": 1}
    sized = Back.model_validate({})
    assert to_plain(sized).values() == {} and to_plain(sized).layout == "classic-back"


def test_deck_sizes_named_written_and_given():
    from pnp.model.deck import Deck

    for card, size in (("bridge", (57.0, 89.0)), ("63x88", (63.0, 88.0)), ({"width": 50, "height": 70}, (50.0, 70.0))):
        model = Deck.model_validate({"kind": "deck", "title": "T", "card": card, "cards": [{}]})
        assert model.size == to_plain(model).size == size


def test_symbol_library_methods():
    pairs = _pairs("symbols")
    assert pairs
    for model, twin in pairs:
        assert twin.ids == model.ids and twin.ids
        assert twin.shown == [to_plain(s) for s in model.shown]
        for sid in model.ids:
            assert twin.get(sid) == to_plain(model.get(sid))
        assert twin.get("no-such-symbol") is None is model.get("no-such-symbol")


def test_a_symbol_draws_the_same_from_a_twin_and_a_model():
    from pnp.layout.builtin.symbols import draw_symbol

    for model, twin in _pairs("symbols"):
        for sym, sym_twin in zip(model.symbols, twin.symbols):
            assert repr(draw_symbol(sym_twin, 1, 2, 20)) == repr(draw_symbol(sym, 1, 2, 20))


def test_profile_product_for():
    pairs = _pairs("pnp.model.profile:Profile")
    assert pairs
    for model, twin in pairs:
        for p in model.products:
            w, h = p.trim_mm
            for size in ((w, h), (h, w), (w * 1.5, h), (w * (1 + model.tolerance / 2), h)):
                got, want = twin.product_for(*size), model.product_for(*size)
                assert (got and (got[0], got[1])) == (want and (to_plain(want[0]), want[1]))


def test_own_size_product_is_what_validation_made():
    from pnp.model.profile import Product
    from pnp.output.export import own_size

    made = own_size(63.0, 88.0)
    assert made == to_plain(Product.model_validate({"name": "own size", "trim_mm": (63.0, 88.0)}))
    assert made.model_fields_set == {"name", "trim_mm"}


def test_board_methods_and_ink_saving():
    from pnp.model.board import Colours

    pairs = _pairs("board")
    assert pairs
    for model, twin in pairs:
        # what the build drew before: a Colours validated from the ink-saver colours
        old = Colours(**model.colours.ink_saver.model_dump(), ink_saver=model.colours.ink_saver)
        saving = twin.saving_ink()
        assert saving.colours == to_plain(old)
        assert saving == to_plain(model.saving_ink())
        assert saving.colours.light != twin.colours.light  # the shipped board saves ink indeed
        for p, pt in zip(model.pieces + model.marks, twin.pieces + twin.marks):
            assert pt.label_ink() == p.label_ink() and pt.tint(0.5) == p.tint(0.5)
            assert pt.saving_ink() == to_plain(p.saving_ink())
            if p.ink_saver is None:  # a light tint of its colour, its label's ink worked out again
                assert pt.saving_ink().ink is None and pt.saving_ink().colour == p.tint(0.8)
        for p in model.pieces:
            assert twin.piece(p.id) == to_plain(p)
        for m in model.marks:
            assert twin.mark(m.id) == to_plain(m)
        assert twin.piece("nope") is None and twin.mark("nope") is None
        for sq in ("a1", "h8", "z1", "a26"):
            assert twin.on_board(sq) == model.on_board(sq)


def test_counter_sheet_methods():
    pairs = _pairs("counters")
    assert pairs
    for model, twin in pairs:
        for g in model.groups:
            assert twin.group(g.id) == to_plain(g)
        for i in model.icons:
            assert twin.icon(i.id) == to_plain(i)


def test_score_sheet_methods():
    pairs = _pairs("score-sheet")
    assert pairs
    for model, twin in pairs:
        assert twin.rows() == [(to_plain(b), to_plain(r)) for b, r in model.rows()]
        assert twin.entries == [to_plain(r) for r in model.entries]
        assert [r.computed for _, r in twin.rows()] == [r.computed for _, r in model.rows()]
        values = {r.id: 3 + i for i, r in enumerate(model.entries)}
        assert twin.evaluate(values) == model.evaluate(values) != model.evaluate({})
        with pytest.raises(KeyError):
            twin.evaluate({"no-such-row": 1})


def test_score_sheet_defaults_read_as_twins():
    """A sheet that leaves columns and pads out gets the schema's defaults, kept as twins."""
    from pnp.model.score_sheet import ScoreSheet

    model = ScoreSheet.model_validate({"kind": "score-sheet", "title": "T",
                                       "blocks": [{"id": "b", "title": "B", "rows": [{"id": "r", "label": "R"}]}]})
    twin = to_plain(model)
    assert type(twin.columns).__module__ == "pnp.model.plain.score_sheet"
    assert type(twin.columns.player).__module__ == "pnp.model.plain.base"
    assert twin.columns.player.get("en") == "Player" and twin.pads.up == [1, 2, 4]


def test_triboard_grid():
    pairs = _pairs("triboard")
    assert pairs
    for model, twin in pairs:
        for edge in (None, 12.5):
            g, gt = model.grid(edge), twin.grid(edge)
            assert (gt.n, gt.edge) == (g.n, g.edge) and gt.regions() == g.regions()


def test_game_manifest_and_sheet_settings(tmp_path):
    from pnp.model.game import GameManifest
    from pnp.model.plain.game import discover

    games = discover(ROOT / "data")
    assert games
    for game in games.values():
        fresh = _fresh(game.folder / "game.yaml", "pnp.model.game:GameManifest")
        assert game.manifest == to_plain(fresh) and not isinstance(game.manifest, BaseModel)
        assert game.manifest.sheet.values() == fresh.sheet.values()
    model = GameManifest.model_validate({"name": "g", "title": "G", "sheet": {"paper": "a5", "bleed": 2}})
    assert to_plain(model).sheet.values() == model.sheet.values() == {"paper": "a5", "bleed": 2.0}


def test_pnp_model_game_keeps_its_names():
    import pnp.model.game as game
    import pnp.model.plain.game as plain

    for name in ("Game", "discover", "inside"):
        assert getattr(game, name) is getattr(plain, name)
    for name in ("DEFAULT_DATA", "SHIPPED_ROOTS", "resolve_data", "SheetSettings", "GameManifest"):
        assert hasattr(game, name)


@pytest.mark.parametrize("example", ["starter-deck", "board-kit"])
def test_a_rebuild_imports_none_of_the_schemas(tmp_path, example):
    """`pnp build` twice on one cache: the rebuild draws from the twins, importing none of the
    family's schema modules (bar the fonts schema, which the layout schema, another family's, imports)."""
    code = textwrap.dedent(f"""
        import os, sys
        MAIN, SAID = os.getpid(), os.environ["SAID"]
        def report():  # the build's own process (its workers, forked, exit through here too)
            if os.getpid() != MAIN:
                return
            mine = {{m for m in sys.modules if m in {SCHEMAS!r}}}
            if "pnp.model.layout" in sys.modules:
                mine.discard("pnp.model.fonts")
            with open(SAID, "w") as f:
                f.write(repr(sorted(mine)))
        _exit = os._exit
        os._exit = lambda code: (report(), _exit(code))
        sys.argv = ["pnp", *sys.argv[1:]]
        from pnp.cli.entry import run
        try:
            run()
        finally:
            report()
    """)
    args = ["build", example, "--data", str(ROOT / "examples"), "-f", "pdf,svg", "--out", str(tmp_path / "out")]
    said = []
    for i in range(2):
        env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "SAID": str(tmp_path / f"said{i}")}
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        said.append((tmp_path / f"said{i}").read_text())
    assert "pnp.model.deck" in said[0] or "pnp.model.board" in said[0]  # the first build validated
    assert said[1] == "[]"
