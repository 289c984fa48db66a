"""The ``pnp`` console script. A help request (``pnp --help``, ``pnp build --help``, a game
command's ``--help``) that was answered before is answered again from pnp's cache without
importing the command line library, which takes longer than the rest of the answer; anything
else runs :mod:`pnp.cli.main`.

A kept answer is the text Typer printed, under a key made of the words asked, the terminal's
width (Click wraps help to it), pnp's sources (:func:`pnp.load.cache.source_stamp`) and the
installed Typer and Click: an edit of any command, option or help text, or another library
version, asks Typer again. The cache's own rules apply (entries digest-checked, only the
user's own folder read).
"""
from __future__ import annotations

import os
import re
import sys

HELP = "--help"
WORD = re.compile(r"[a-z][a-z0-9-]*\Z")
MAX_WORDS = 3  # pnp, a command group, a command


def asked_for_help(argv: list[str]) -> bool:
    """Whether ``argv`` only asks for help: command words, then ``--help`` and nothing else."""
    return (1 <= len(argv) <= MAX_WORDS + 1 and argv[-1] == HELP
            and all(WORD.match(word) for word in argv[:-1]))


def help_key(argv: list[str]) -> str:
    """What a help text depends on besides the words asked: the program's name, the width, the
    sources and the library versions."""
    import shutil
    from importlib.machinery import PathFinder

    from pnp.load.cache import source_stamp

    libraries = []
    for name in ("typer", "click"):
        spec = PathFinder.find_spec(name)
        origin = spec.origin if spec is not None else None
        st = os.stat(origin) if origin else None
        libraries.append(f"{name}:{origin}:{st.st_size if st else 0}:{st.st_mtime_ns if st else 0}")
    width = shutil.get_terminal_size().columns
    program = sys.argv[0]  # Click names it in "Usage:" (`pnp`, or `python -m pnp.cli.entry`)
    return f"help-v2|{program}|{' '.join(argv)}|{width}|{'|'.join(libraries)}|{source_stamp()}"


def run() -> None:
    """The ``pnp`` command: a kept help text printed, else :func:`pnp.cli.main.run` (keeping the
    text of a help request it answers with success)."""
    argv = sys.argv[1:]
    if not asked_for_help(argv):
        from pnp.cli import main

        main.run()
        return
    from pnp.load import cache

    key = help_key(argv)
    kept = cache.read("help", key)
    if kept is None:
        _answer_and_keep(key)
        return
    try:
        sys.stdout.write(kept.decode("utf-8"))
    except (OSError, ValueError):  # the reader left (`pnp --help | head -1`)
        pass
    finish(0)


def _answer_and_keep(key: str) -> None:
    """Let Typer answer the help request, print its text and keep it under ``key``."""
    import contextlib
    import io

    from pnp.cli import main
    from pnp.load import cache

    buffer = io.BytesIO()
    captured = io.TextIOWrapper(buffer, encoding="utf-8", newline="")
    with contextlib.redirect_stdout(captured):
        code = main.invoke()
    captured.flush()
    text = buffer.getvalue().decode("utf-8")
    sys.stdout.write(text)
    if code == 0 and text:
        cache.write("help", key, text.encode("utf-8"))
    finish(code)


def finish(code: "str | int | None") -> None:
    """End the process with ``code``. Exit handlers run (the cache writes its tables) and the
    output is flushed, but the interpreter is not torn down object by object: after a 500-card
    build that took 50 ms."""
    if code is not None and not isinstance(code, int):
        raise SystemExit(code)  # a message to print: as Python does it
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader left (`pnp list | head`), or the stream is closed
            pass
    os._exit(code or 0)


if __name__ == "__main__":  # python -m pnp.cli.entry: the console script's code, as the benchmarks run it
    run()
