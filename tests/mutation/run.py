"""`make mutation`: mutation testing of the modules that decide what users get.

For each module listed under ``[tool.pnp.mutation]`` in pyproject.toml, mutmut makes
small changes to that module alone (a flipped comparison, a constant off by one, a
dropped call) and runs, for each change, only the tests listed for the module, and of
those only the ones that call the changed function. A change no test notices survives.
The score of a module is the share of its mutants the tests kill.

Each module runs in its own folder ``mutants/<module>/`` from scratch (mutmut would
keep old verdicts otherwise, also after the tests changed), with pnp's disk cache off
(a cached result would hide a mutant), and mutmut's fork server imports the module
fresh into a process that has run no test, so nothing a test computed with the
unchanged code is reused.

    python tests/mutation/run.py                  # every module, two workers
    python tests/mutation/run.py expr grid -j 1   # modules whose path contains expr or grid

mutmut runs a mutant's tests by their node ids in a process that has already collected
them (its fork server's warm-up), and pytest 9 escapes a test id a second time there when it holds a
character outside ASCII (``A®mazone`` was collected as ``A\\xaemazone`` first, then
looked for as ``A\\\\xaemazone``): pytest then exits "not found", and mutmut counts that
mutant as a timeout, that is as caught, without running a test. So the pytest settings
mutmut reads keep test ids as written (``disable_test_id_escaping...``), and a mutant
whose tests could not be run at all (mutmut's exit code 255) is counted apart, as
"not run", and not caught; a real timeout (the CPU limit, SIGXCPU) still counts as caught.

Survivors are listed in ``mutants/<module>/survivors.txt``; ``mutmut show NAME`` in
that folder prints one as a diff.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "mutants"
# what the tests read besides the package and the tests themselves
ALSO_COPY = ["data", "fonts", "examples", "docs", "README.md"]


@dataclass
class Score:
    module: str
    total: int = 0
    killed: int = 0
    survived: int = 0
    no_tests: int = 0
    timeout: int = 0
    not_run: int = 0  # pytest could not run the mutant's tests (exit 255): not caught
    other: int = 0
    seconds: float = 0.0  # wall clock
    cpu: float = 0.0  # processor seconds of mutmut and the tests it ran: what the run costs on an idle machine
    error: str = ""

    @property
    def caught(self) -> int:
        return self.killed + self.timeout

    @property
    def percent(self) -> float:
        return 100.0 * self.caught / self.total if self.total else 0.0


def table() -> dict[str, list[str]]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["tool"]["pnp"]["mutation"]


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value)  # a TOML basic string for the plain paths used here


def _config(module: str, tests: list[str]) -> str:
    mutmut = {
        "source_paths": ["pnp"],
        "only_mutate": [module],
        "pytest_add_cli_args_test_selection": tests,
        "also_copy": ALSO_COPY,
        "pytest_add_cli_args": ["--hypothesis-profile=mutation", "-p", "no:randomly"],  # tests/conftest.py; mutmut orders the tests itself
        "process_isolation": "forkserver",
        "use_git_change_detection": False,
    }
    with open(ROOT / "pyproject.toml", "rb") as fh:
        pytest_ini = tomllib.load(fh)["tool"]["pytest"]["ini_options"]
    lines = ["[tool.mutmut]"] + [f"{k} = {_toml(v)}" for k, v in mutmut.items()]
    # test ids as written: escaped, a non-ASCII id is escaped again in mutmut's fork server (see above)
    pytest_ini = dict(pytest_ini, disable_test_id_escaping_and_forfeit_all_rights_to_community_support=True)
    lines += ["", "[tool.pytest.ini_options]"] + [f"{k} = {_toml(v)}" for k, v in pytest_ini.items()]
    return "\n".join(lines) + "\n"


# decorators mutmut reads itself: it mutates methods under these, and leaves them to it
KEEP = {"staticmethod", "classmethod"}


def undecorated(text: str) -> str:
    """The module with each decorated function (top level or in a top-level class) applied to its
    decorators after its body, ``f = deco(f)``, instead of under ``@deco``: the same module once
    loaded. mutmut does not mutate a decorated function at all, so without this a rules module's
    rules (``@RULES.rule(...)``) and a class's properties would count for nothing in its score."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    moves = []  # (first decorator line, def line, last line of the body, indent, name, decorators)
    for node in tree.body:
        for fn in [node] + (node.body if isinstance(node, ast.ClassDef) else []):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.decorator_list:
                continue
            if any(isinstance(d, ast.Name) and d.id in KEEP for d in fn.decorator_list):
                continue
            decos = [ast.get_source_segment(text, d) for d in fn.decorator_list]
            moves.append((fn.decorator_list[0].lineno, fn.lineno, fn.end_lineno, " " * fn.col_offset, fn.name, decos))
    for first, def_line, last, indent, name, decos in sorted(moves, reverse=True):
        applied = name
        for d in reversed(decos):
            applied = f"({d})({applied})"
        lines[last:last] = [f"{indent}{name} = {applied}\n"]
        del lines[first - 1:def_line - 1]
    return "".join(lines)


def _folder(module: str) -> Path:
    return WORK / module.removeprefix("pnp/").removesuffix(".py").replace("/", "-")


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def not_run_mutants(folder: Path) -> list[str]:
    """The mutants whose tests pytest could not run: mutmut's worker exits 255 when running them raised
    (pytest's "not found" among them), and mutmut files that under timeout."""
    return sorted(name for meta in folder.rglob("*.meta")
                  for name, code in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"].items()
                  if code in (255, -1))


def run_module(module: str, tests: list[str], jobs: int) -> Score:
    score = Score(module)
    work = _folder(module)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in ["tests", *ALSO_COPY]:
        (work / name).symlink_to(ROOT / name)
    # the package as a copy, the module under test rewritten so that mutmut mutates all of it
    shutil.copytree(ROOT / "pnp", work / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    target = work / module
    target.write_text(undecorated(target.read_text(encoding="utf-8")), encoding="utf-8")
    (work / "pyproject.toml").write_text(_config(module, tests), encoding="utf-8")
    (work / "no-cache").write_text("pnp's cache is off: PNP_CACHE_DIR names a file\n")
    env = dict(os.environ, PNP_CACHE_DIR=str(work / "no-cache"))
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    start, cpu = time.monotonic(), _children_cpu()
    with open(work / "mutmut.log", "w", encoding="utf-8") as log:
        done = subprocess.run([mutmut, "run", "--max-children", str(jobs)], cwd=work, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    score.seconds, score.cpu = time.monotonic() - start, _children_cpu() - cpu
    if done.returncode != 0:
        score.error = f"mutmut failed (exit {done.returncode}); see {(work / 'mutmut.log').relative_to(ROOT)}"
        return score
    subprocess.run([mutmut, "export-cicd-stats"], cwd=work, env=env, check=True, capture_output=True)
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    score.total, score.killed, score.survived = stats["total"], stats["killed"], stats["survived"]
    not_run = not_run_mutants(work / "mutants")
    score.no_tests, score.timeout, score.not_run = stats["no_tests"], stats["timeout"] - len(not_run), len(not_run)
    score.other = score.total - score.killed - score.survived - score.no_tests - score.timeout - score.not_run
    listing = subprocess.run([mutmut, "results"], cwd=work, env=env, check=True, capture_output=True, text=True)
    (work / "survivors.txt").write_text(listing.stdout + "".join(f"    {name}: not run (exit 255)\n"
                                                                  for name in not_run), encoding="utf-8")
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="run only the modules whose path contains one of these")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    args = parser.parse_args(argv)
    modules = {m: t for m, t in table().items() if not args.modules or any(a in m for a in args.modules)}
    if not modules:
        parser.error(f"no module in [tool.pnp.mutation] matches {' '.join(args.modules)}")
    header = (f"{'module':38} {'mutants':>7} {'killed':>7} {'survived':>8} {'no test':>7} {'score':>6} "
              f"{'wall':>6} {'cpu':>6}")
    print(header)
    scores = []
    for module, tests in modules.items():
        s = run_module(module, tests, args.jobs)
        scores.append(s)
        if s.error:
            print(f"{module:38} {s.error}")
        else:
            print(f"{module:38} {s.total:7} {s.caught:7} {s.survived:8} {s.no_tests:7} {s.percent:5.1f}% "
                  f"{s.seconds:5.0f}s {s.cpu:5.0f}s", flush=True)
            if s.not_run:
                print(f"{'':38} {s.not_run} mutants not run: pytest could not run their tests (not caught; "
                      f"see survivors.txt)", flush=True)
    total = sum(s.total for s in scores)
    caught = sum(s.caught for s in scores)
    print(f"{'all':38} {total:7} {caught:7} {sum(s.survived for s in scores):8} "
          f"{sum(s.no_tests for s in scores):7} {100.0 * caught / max(total, 1):5.1f}% "
          f"{sum(s.seconds for s in scores):5.0f}s {sum(s.cpu for s in scores):5.0f}s")
    print("survivors: mutants/<module>/survivors.txt; `mutmut show NAME` in that folder shows one")
    return 1 if any(s.error for s in scores) else 0


if __name__ == "__main__":
    sys.exit(main())
