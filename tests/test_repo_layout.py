"""The repository keeps the layout the README promises."""
from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_test_file_names_are_unique():
    # pytest's default import mode keys test modules by file name
    names = Counter(p.name for p in (ROOT / "tests").rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []


def test_top_level_layout():
    for name in ("pyproject.toml", "pnp", "data", "output", "fonts", "tests", "README.md", ".ci/run", "benchmarks"):
        assert (ROOT / name).exists(), name
    assert (ROOT / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_no_generated_output_tracked():
    files = subprocess.run(["git", "ls-files", "output"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not files:  # not a git checkout (e.g. an sdist): nothing to check
        return
    assert files == ["output/.keep"]


def test_only_backends_import_drawing_libraries():
    offenders = []
    for p in (ROOT / "pnp").rglob("*.py"):
        rel = p.relative_to(ROOT / "pnp")
        if rel.parts[0] == "render":
            continue
        for line in p.read_text(encoding="utf-8").splitlines():
            if re.match(r"\s*(from|import)\s+(reportlab|svgwrite|PIL|pypdfium2|svglib|pikepdf)\b", line):
                offenders.append(f"{rel}: {line.strip()}")
    assert offenders == []


def _tracked_text_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    files = [ROOT / f for f in out] or [p for d in ("pnp", "tests", "docs", "data") for p in (ROOT / d).rglob("*")]
    return [p for p in files if p.is_file() and p.suffix in (".py", ".md", ".yaml", ".yml", ".toml", ".txt", "")
            and p.name != "LICENSE-DejaVu.txt"]


def test_nothing_depends_on_a_folder_outside_the_repo_or_on_poppler():
    """A clone alone builds and tests: no sibling folders, machine paths or apt-only tools."""
    me = Path(__file__).resolve()
    poppler = "|".join("pdf" + tool for tool in ("toppm", "totext", "info", "images"))  # spelt apart: no false hit
    pattern = re.compile(r"\.\./shared|shared/seeds|/work/|/root/|/home/\w|" + poppler)
    hits = []
    for p in _tracked_text_files():
        if p.resolve() == me:
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert hits == []


def _mutation_table() -> dict[str, list[str]]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["tool"]["pnp"]["mutation"]


def test_every_module_of_make_mutation_and_its_tests_exist():
    """A renamed module or test file would make `make mutation` fail or count no kills."""
    table = _mutation_table()
    assert table
    for module, args in table.items():
        assert (ROOT / module).is_file(), module
        paths = [a.split("::")[0] for a in args if not a.startswith("-") and (a.startswith("tests") or ".py" in a)]
        assert paths, f"{module} lists no tests"
        for path in paths:
            assert (ROOT / path).exists(), f"{module}: {path}"


def test_the_readmes_mutation_scores_name_modules_make_mutation_runs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(pnp/[\w/]+\.py)` \| \d+ \| \d+ \(\d+(?:\.\d)? %\) \|$", text, re.M)
    assert rows, "the README lists the mutation scores"
    assert set(rows) <= set(_mutation_table())


def test_the_tests_run_in_an_order_ci_can_repeat():
    """pytest-randomly is a test dependency; make test passes PYTEST_ARGS; CI runs two orders seeded from the commit."""
    assert '"pytest-randomly' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^test:.*\n\t.*-m pytest \$\(PYTEST_ARGS\)$", (ROOT / "Makefile").read_text(), re.M)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'make test PYTEST_ARGS="--randomly-seed=$seed"' in ci and "git rev-parse HEAD" in ci
    assert len(re.findall(r"^\s*make test", ci, re.M)) == 1  # one command, in a loop over the orders
    loop = re.search(r"^for seed in (.*); do$", ci, re.M)
    assert loop, "CI runs make test once per seed"
    seeds = subprocess.run(["bash", "-c", f'commit=0123456789abcdef0123; for s in {loop[1]}; do echo $s; done'],
                           capture_output=True, text=True, check=True).stdout.split()
    assert len(seeds) == 2 and len(set(seeds)) == 2, seeds  # two different random orders
