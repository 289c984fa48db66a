"""pnp clouds ...: random/show/overlay/views behave and fail with messages, not tracebacks."""
import json

from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.model.game import DEFAULT_DATA
from pnp.games.klin_zha.cli import app

RUN = CliRunner()
POS = DEFAULT_DATA / "klin-zha" / "positions" / "setup-example.yaml"


def test_random_is_deterministic_and_json_has_counts():
    a = RUN.invoke(app, ["random", "--seed", "5", "--json"])
    b = RUN.invoke(app, ["random", "--seed", "5", "--json"])
    assert a.exit_code == 0 and a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert set(data["under_per_corner"]) == {"apex", "left", "right"}
    assert all(v < data["limit_fewer_than"] for v in data["under_per_corner"].values())
    assert set(data["under"]).isdisjoint(data["edge"])


def test_show_prints_the_sky_row_by_row():
    res = RUN.invoke(app, ["show", "blind"])
    rows = res.stdout.splitlines()[:9]
    assert [r.strip() for r in rows] == ["#" * (2 * i + 1) for i in range(9)]
    res = RUN.invoke(app, ["show", "nope"])
    assert res.exit_code == 2 and "no cloud layout 'nope'" in res.output


def test_overlay_writes_one_page_per_step(tmp_path):
    out = tmp_path / "d.pdf"
    res = RUN.invoke(app, ["overlay", "drifting", "--mirror", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert len(PdfReader(out).pages) == 4


def test_views_refuse_an_illegal_setup(tmp_path):
    res = RUN.invoke(app, ["views", str(POS), "--out", str(tmp_path)])
    assert res.exit_code == 0 and (tmp_path / "setup-example-gold.pdf").is_file()
    bad = tmp_path / "bad.yaml"
    bad.write_text(POS.read_text().replace("fencer: H24", "fencer: H23"))
    res = RUN.invoke(app, ["views", str(bad), "--out", str(tmp_path / "x")])
    assert res.exit_code == 1 and "position.one-per-cell" in res.output
    assert not (tmp_path / "x").exists()
