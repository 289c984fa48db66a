"""The games' data as a rebuild reads it: the plain twins pnp's cache keeps (issue #32).

Each shipped data file of the games' own schemas, read through the cache, is the twin of what a
fresh validation gives, with no pydantic model left inside; the methods moved from the schemas to
their twins answer alike on both; and a process reading the files from a warm cache imports
neither pydantic nor a game's schema module.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from pnp.load.loader import load_model, load_yaml, validate
from pnp.load.registry import resolve
from pnp.model.base import to_plain, twin_of
from pnp.model.plain import Plain, fields_of

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
KZ = "pnp.games.klin_zha.schemas"
RS = "pnp.games.rather_silly.schemas"


def _files() -> list[tuple[str, str]]:
    """(data file under data/, schema "module:Class") of every shipped file of the games' own schemas."""
    out = [("klin-zha/rules.yaml", f"{KZ}:VariantRules"),
           ("rather-silly/map.yaml", f"{RS}:MapFile"),
           ("rather-silly/aids.yaml", f"{RS}:AidsFile"),
           ("18-kniffel/examples/maria.yaml", "pnp.games.kniffel.schemas:FilledBilanz")]
    out += [(f"klin-zha/clouds/{p.name}", f"{KZ}:CloudLayout") for p in sorted((DATA / "klin-zha/clouds").glob("*.yaml"))]
    out += [(f"klin-zha/positions/{p.name}", f"{KZ}:Position")
            for p in sorted((DATA / "klin-zha/positions").glob("*.yaml"))]
    out += [(f"rather-silly/examples/{p.name}", f"{RS}:GameState")
            for p in sorted((DATA / "rather-silly/examples").glob("*.yaml"))]
    return out


FILES = _files()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _models(value, path="") -> list[str]:
    """Where in ``value`` a pydantic model is left."""
    if isinstance(value, BaseModel):
        return [path or "."]
    if isinstance(value, Plain):
        return [m for k, v in fields_of(value).items() for m in _models(v, f"{path}.{k}")]
    if isinstance(value, (list, tuple)):
        return [m for i, v in enumerate(value) for m in _models(v, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in _models(v, f"{path}[{k!r}]")]
    return []


def _fresh(rel: str, schema: str):
    path = DATA / rel
    return validate(resolve(schema), load_yaml(path), str(path))


def test_every_family_file_is_listed():
    assert len(FILES) >= 11  # rules, map, aids, a Bilanz, five layouts, a position, a state
    assert {s.rpartition(":")[2] for _, s in FILES} == {"VariantRules", "MapFile", "AidsFile", "FilledBilanz",
                                                         "CloudLayout", "Position", "GameState"}


@pytest.mark.parametrize("rel,schema", FILES, ids=[f for f, _ in FILES])
def test_the_cache_keeps_the_twin_of_a_fresh_validation(cache, rel, schema):
    model = _fresh(rel, schema)
    first = load_model(DATA / rel, schema)  # validates and keeps it
    assert any(cache.rglob("doc-*")), "nothing was kept in the cache"
    again = load_model(DATA / rel, schema)  # read back from the cache
    twin = twin_of(type(model))
    assert twin is not None and twin.__name__ == type(model).__name__ and not issubclass(twin, BaseModel)
    assert type(again) is twin and type(first) is twin
    assert again == to_plain(model) == first
    assert _models(again) == []
    assert again.model_dump() == model.model_dump()
    assert again.model_fields_set == model.model_fields_set
    assert list(fields_of(again)) == list(fields_of(model))


@pytest.mark.parametrize("schema", sorted({s for _, s in FILES}) + [
    f"{KZ}:{n}" for n in ("Side", "PieceType", "CloudLimit", "SetupRules", "Cloud", "Drift", "Moving")] + [
    f"{RS}:{n}" for n in ("Phases", "Role", "Additions", "Sea", "Land", "Tunnel", "Power", "RuleNumbers", "Unit",
                          "FleetBuild", "Holdings", "Monster")] + [
    "pnp.games.kniffel.schemas:Entry", "pnp.games.ordnerstruktur.schemas:StructureHeader"])
def test_every_schema_has_a_twin_outside_the_schema_module(schema):
    cls = resolve(schema)
    twin = twin_of(cls)
    assert twin is not None, f"{schema} has no plain twin"
    assert twin.__module__ != cls.__module__ and not twin.__module__.endswith(".schemas")
    assert not twin.__dict__.get("__annotations__"), "a twin declares no fields: the schema holds them"


# ------------------------------------------------------------------ the methods moved to the twins


def _pair(rel: str, schema: str):
    model = _fresh(rel, schema)
    return model, to_plain(model)


def test_rather_silly_map_methods_answer_alike():
    model, twin = _pair("rather-silly/map.yaml", f"{RS}:MapFile")
    for m, t in [(model.tunnel, twin.tunnel), *zip(model.seas, twin.seas), *zip(model.lands, twin.lands),
                 *zip(model.powers + model.roles, twin.powers + twin.roles)]:
        for lang in ("de", "en", "fr", "de-AT"):
            assert m.name(lang) == t.name(lang)
    starts = [(p.id, p.start_units()) for p in twin.powers]
    assert starts == [(p.id, p.start_units()) for p in model.powers]
    assert sum(len(s) for _, s in starts) == 22  # the standard set-up: 22 units on the board
    # the checker holds every number the file restates against the facts: the same keys, in file order
    assert list(fields_of(twin.rules)) == list(type(model.rules).model_fields)


def test_rather_silly_board_from_the_cache_is_the_board_from_a_validation(cache):
    from pnp.games.rather_silly.mapdata import read_board

    cold, _ = read_board(DATA / "rather-silly/map.yaml")
    warm, _ = read_board(DATA / "rather-silly/map.yaml")
    assert warm == cold and isinstance(warm.tunnel, Plain)
    assert warm.player("england").start_units() == cold.player("england").start_units() != []
    assert warm.adjacent("LON", "NTH", "fleet") and not warm.adjacent("LON", "NTH", "army")


@pytest.mark.parametrize("year,season", [(1900, "winter"), (1901, "spring"), (1901, "autumn"), (1905, "winter"),
                                         (1999, "spring")])
def test_rather_silly_state_clock_and_units_answer_alike(year, season):
    (rel,) = [f for f, s in FILES if s.endswith(":GameState")][:1]
    model, twin = _pair(rel, f"{RS}:GameState")
    model = model.model_copy(update={"year": year, "season": season})
    twin = twin.model_copy(update={"year": year, "season": season})
    for prop in ("springs", "autumns", "adjustments", "set_up"):
        assert getattr(twin, prop) == getattr(model, prop), prop
    units = [(pid, m, t) for pid in model.players for m, t in zip(model.players[pid].units, twin.players[pid].units)]
    assert len(units) >= 10
    for _pid, m, t in units:
        assert (t.places(), t.kinds()) == (m.places(), m.kinds())


def test_rather_silly_twins_units_answer_alike():
    from pnp.games.rather_silly.schemas import Unit

    m = Unit.model_validate({"type": "twins", "at": ["CLY", "EDI"], "as": ["army", "fleet"]})
    t = to_plain(m)
    assert (t.places(), t.kinds()) == (m.places(), m.kinds()) == (["CLY", "EDI"], ["army", "fleet"])
    m = Unit.model_validate({"type": "fleet", "at": "NTH"})
    assert to_plain(m).kinds() == m.kinds() == ["fleet"]


def test_klin_zha_layouts_resolve_alike_on_model_and_twin():
    from pnp.games.klin_zha.sky import resolve as resolve_sky, steps
    from pnp.model.trilattice import TriGrid

    g = TriGrid(9)
    layouts = [(f, s) for f, s in FILES if s.endswith(":CloudLayout")]
    assert len(layouts) >= 5
    for rel, schema in layouts:
        model, twin = _pair(rel, schema)
        assert steps(twin) == steps(model)
        for step in range(steps(model)):
            assert resolve_sky(g, twin, step) == resolve_sky(g, model, step), (rel, step)


def test_klin_zha_fact_counts_alike_on_model_and_twin():
    from pnp.games.klin_zha.facts import PIECES
    from pnp.games.klin_zha.rules import with_fact_counts

    model, twin = _pair("klin-zha/rules.yaml", f"{KZ}:VariantRules")
    got = with_fact_counts(twin)
    assert got == to_plain(with_fact_counts(model))
    assert type(got) is type(twin) and all(type(p).__name__ == "PieceType" and isinstance(p, Plain)
                                           for p in got.pieces)
    assert {p.id: p.count for p in got.pieces} == {p.id: PIECES[p.id] for p in twin.pieces if p.id in PIECES}


def test_kniffel_tally_alike_on_model_and_twin():
    from pnp.games.kniffel.tally import load_sheet, tally

    model, twin = _pair("18-kniffel/examples/maria.yaml", "pnp.games.kniffel.schemas:FilledBilanz")
    sheet = load_sheet()
    a, b = tally(model, sheet, partial=True), tally(twin, sheet, partial=True)
    assert a.as_dict(sheet) == b.as_dict(sheet) and a.total > 0


def test_ordnerstruktur_header_twin_holds_the_validated_keys():
    from pnp.games.ordnerstruktur.structure import Draft, StructureHeader
    from pnp.checks import Source

    path = sorted((DATA / "ordnerstruktur/structures").glob("*.yaml"))[0]
    header = Draft(Source(str(path), load_yaml(path))).header
    assert isinstance(header, StructureHeader) and isinstance(header, BaseModel)
    twin = to_plain(header)
    assert type(twin) is StructureHeader and twin.model_dump() == header.model_dump()


# ------------------------------------------------------------------ a warm read imports no schema

READ = """
import json, sys
from pathlib import Path
data = Path(sys.argv[1])
from pnp.games.klin_zha.sky import load_layouts, load_position, load_rules
from pnp.games.rather_silly.aids import SCHEMA
from pnp.games.rather_silly.mapdata import load_board
from pnp.games.rather_silly.state import load_state
from pnp.games.ordnerstruktur.structure import load_structure
from pnp.load.loader import load_model
got = [repr(load_rules(data / "klin-zha/rules.yaml")), repr(load_layouts(data / "klin-zha/clouds"))]
got += [repr(load_position(p)[0]) for p in sorted((data / "klin-zha/positions").glob("*.yaml"))]
got += [repr(load_board(data / "rather-silly/map.yaml").powers), repr(load_model(data / "rather-silly/aids.yaml", SCHEMA))]
got += [repr(load_state(p)) for p in sorted((data / "rather-silly/examples").glob("*.yaml"))]
got += [repr(load_structure(p)) for p in sorted((data / "ordnerstruktur/structures").glob("*.yaml"))]
loaded = sorted(m for m in sys.modules if m == "pydantic" or m.startswith("pnp.") and m.endswith(".schemas"))
print(json.dumps({"loaded": loaded, "got": got}))
"""


def test_a_warm_read_of_the_games_data_imports_no_schema(tmp_path):
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}

    def run() -> dict:
        out = subprocess.run([sys.executable, "-c", READ, str(DATA)], env=env, capture_output=True, text=True,
                             check=True, cwd=tmp_path)
        return json.loads(out.stdout)

    cold, warm = run(), run()
    assert "pydantic" in cold["loaded"] and "pnp.games.rather_silly.schemas" in cold["loaded"]  # it validated
    assert warm["loaded"] == []
    assert warm["got"] == cold["got"] and len(warm["got"]) >= 8
