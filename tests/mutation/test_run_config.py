"""`make mutation` counts only mutants whose tests ran: a test id outside ASCII is found again in
mutmut's fork server, and a mutant whose tests pytest could not run is not counted as caught."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import _config, not_run_mutants  # noqa: E402

# what mutmut's fork server does: collect once (its warm-up), then run one test by its id
TWICE = textwrap.dedent("""\
    import pytest, sys
    ids = []
    class Ids:
        def pytest_collection_modifyitems(self, items):
            ids.extend(i.nodeid for i in items)
    pytest.main(["--collect-only", "-qqq", "-p", "no:cacheprovider", "test_ids.py"], plugins=[Ids()])
    sys.exit(int(pytest.main(["-qqq", "-p", "no:cacheprovider", ids[0]])))
""")


def _twice(folder: Path, config: str) -> int:
    (folder / "pyproject.toml").write_text(config, encoding="utf-8")
    (folder / "test_ids.py").write_text(
        'import pytest\n\n@pytest.mark.parametrize("x", [1], ids=["an A\\u00aemazone"])\ndef test_one(x):\n'
        '    assert x == 1\n', encoding="utf-8")
    return subprocess.run([sys.executable, "-c", TWICE], cwd=folder, capture_output=True, timeout=120).returncode


def test_a_test_id_outside_ascii_is_found_when_mutmut_runs_it_after_collecting(tmp_path):
    config = _config("pnp/x.py", ["test_ids.py"]).replace('testpaths = ["tests"]\n', "")
    assert _twice(tmp_path, config) == 0
    # without the setting, pytest escapes the id twice and does not find the test: exit 4, which mutmut
    # would count as a timeout, that is as caught
    plain = "".join(line for line in config.splitlines(keepends=True) if "disable_test_id_escaping" not in line)
    assert plain != config
    assert _twice(tmp_path, plain) == 4


def test_mutants_whose_tests_did_not_run_are_listed_apart(tmp_path):
    meta = tmp_path / "pnp" / "games" / "m.py.meta"
    meta.parent.mkdir(parents=True)
    codes = {"m.x_a__mutmut_1": 1, "m.x_a__mutmut_2": 255, "m.x_b__mutmut_1": -24, "m.x_b__mutmut_2": 0,
             "m.x_c__mutmut_1": 152, "m.x_c__mutmut_2": -1, "m.x_c__mutmut_3": None}
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    assert not_run_mutants(tmp_path) == ["m.x_a__mutmut_2", "m.x_c__mutmut_2"]


def test_every_mapped_test_file_collects_under_the_config_mutmut_gets(tmp_path):
    """Ids kept as written cannot be made of bytes (pytest then fails to collect, exit 2, and mutmut stops before
    testing a mutant): every test file `make mutation` runs collects under the generated settings."""
    from run import ROOT, table

    files = sorted({f for tests in table().values() for f in tests})
    config = tmp_path / "pyproject.toml"
    config.write_text(_config("pnp/x.py", files), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-qq", "-c", str(config),
                           "--rootdir", str(ROOT), "-p", "no:cacheprovider", *files],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
