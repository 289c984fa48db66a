"""Watch mode: rebuild a game whenever one of its data files or a font changes.

A file-system observer (watchdog) collects changes; after a short quiet
period (``debounce``, so an editor's save-as-rename-and-touch counts once)
the game is rebuilt and the gallery regenerated. Bad data prints the usual
``file:line:col: message`` lines and the watcher waits for the next save;
earlier outputs stay untouched because builds are atomic.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover
    from watchdog.events import FileSystemEvent, FileSystemEventHandler

    from pnp.model.assets import BuildOptions

# editor droppings that are not edits of the data
_IGNORED_SUFFIXES = ("~", ".swp", ".swx", ".tmp", ".part", ".bak")


def _relevant(path: str) -> bool:
    name = Path(path).name
    return bool(name) and not name.startswith((".", "#")) and not name.endswith(_IGNORED_SUFFIXES) \
        and "__pycache__" not in Path(path).parts


def _describe(path: str, roots: list[Path]) -> str:
    p = Path(path)
    for root in roots:
        try:
            return str(p.relative_to(root.parent))
        except ValueError:
            continue
    return str(p)


def rebuild(game: str, data_dir: Path, out_dir: Path, opts: "BuildOptions", formats: list[str],
            echo: Callable[[str], None] = print, changed: list[str] | None = None) -> bool:
    """Build one game (after a save: only the assets made from the saved files) and
    refresh the gallery; report problems instead of raising."""
    from pnp.output.build import build_games
    from pnp.load.errors import DataErrors
    from pnp.scene.fonts import FontError
    from pnp.model.plain.game import discover
    from pnp.output.gallery import write_gallery
    from pnp.output.files import OutputError
    from pnp.scene.style import ColourError

    started = time.monotonic()
    try:
        games = discover(data_dir)
        if game not in games:
            echo(f"{data_dir}: no game {game!r} (any more); waiting for the next change")
            return False
        written = build_games([games[game]], opts, formats, out_dir,
                              changed=[Path(p) for p in changed] if changed else None)
    except DataErrors as exc:
        for p in exc.problems:
            echo(str(p))
        echo(f"{len(exc.problems)} problem(s); nothing was written. Waiting for the next change.")
        return False
    except (FontError, ColourError, OutputError) as exc:
        echo(f"error: {exc}; waiting for the next change.")
        return False
    except Exception as exc:  # a watcher must survive a bug in one build
        echo(f"internal error: {type(exc).__name__}: {exc}; waiting for the next change.")
        return False
    echo(f"rebuilt {game}: {len(written)} file(s) in {time.monotonic() - started:.1f} s -> {Path(out_dir) / game}")
    try:
        write_gallery(out_dir, data_dir, recheck=False)
    except Exception as exc:
        echo(f"gallery not updated: {type(exc).__name__}: {exc}")
    return True


def watch(game: str, data_dir: Path, out_dir: Path, opts: "BuildOptions", formats: list[str],
          echo: Callable[[str], None] = print, stop: threading.Event | None = None,
          debounce: float = 0.1) -> bool:
    """Build ``game`` once, then again after every change under
    ``data_dir/<game>`` or the fonts folder, until Ctrl-C (or SIGTERM, which the command
    turns into one) or ``stop`` is set. True when it was interrupted: ``pnp watch`` then
    ends with exit 130, as every interrupted command does."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    from pnp.scene.fonts import FONT_DIR
    from pnp.model.plain.game import discover

    data_dir, out_dir = Path(data_dir), Path(out_dir)
    stop = stop or threading.Event()
    games = discover(data_dir)
    folder = games[game].folder if game in games else data_dir / game
    roots = [p.resolve() for p in (folder, FONT_DIR) if p.is_dir()]

    changes = _Changes()
    observer = Observer()
    for root in roots:
        observer.schedule(_handler(FileSystemEventHandler, changes), str(root), recursive=True)
    observer.start()
    try:
        rebuild(game, data_dir, out_dir, opts, formats, echo)
        echo(f"watching {', '.join(str(r) for r in roots)} (Ctrl-C to stop)")
        while not stop.is_set():
            if not changes.settled(stop, debounce):
                continue
            news = changes.take()
            for p, what in news:
                echo(f"{'removed' if what == 'deleted' else 'changed'}: {_describe(p, roots)}")
            if news:
                deleted = any(w == "deleted" for _, w in news)
                rebuild(game, data_dir, out_dir, opts, formats, echo, None if deleted else [p for p, _ in news])
    except KeyboardInterrupt:
        echo("stopped.")
        return True
    finally:
        observer.stop()
        observer.join(timeout=5)
    return False


class _Changes:
    """The files saved since the last build: path -> its last event ("deleted" or "changed"), in
    arrival order; filled by the observer's thread, taken by the build's."""

    def __init__(self) -> None:
        self.changed: dict[str, str] = {}
        self.lock = threading.Lock()
        self.wake = threading.Event()

    def add(self, events: list[tuple[str | bytes, str]]) -> None:
        with self.lock:
            for p, what in events:
                p = p.decode() if isinstance(p, bytes) else p
                if p and _relevant(p):
                    self.changed.pop(p, None)
                    self.changed[p] = what
                    self.wake.set()

    def settled(self, stop: threading.Event, debounce: float) -> bool:
        """True once something changed and a burst of events has settled (not when ``stop`` is set)."""
        if not self.wake.wait(0.1):
            return False
        while not stop.is_set():
            self.wake.clear()
            if not self.wake.wait(debounce):
                break
        return not stop.is_set()

    def take(self) -> list[tuple[str, str]]:
        """The changes since the last take; files that came and went within the burst (editor
        temp files) are not news."""
        with self.lock:
            batch = dict(self.changed)
            self.changed.clear()
        return [(p, w) for p, w in batch.items() if w == "deleted" or (w == "changed" and Path(p).exists())]


def _handler(base: "type[FileSystemEventHandler]", changes: _Changes) -> "FileSystemEventHandler":
    """A watchdog event handler (``base`` its class, imported by the caller) feeding ``changes``."""

    class Handler(base):  # type: ignore[misc,valid-type]  # a base given at run time (imported only to watch)
        def on_any_event(self, event: "FileSystemEvent") -> None:
            if event.is_directory or event.event_type in ("opened", "closed_no_write"):
                return
            dest = getattr(event, "dest_path", "")
            if event.event_type == "moved":  # an editor's save: temp file renamed over the real one
                changes.add([(event.src_path, "moved"), (dest, "changed")])
            else:
                changes.add([(event.src_path, "deleted" if event.event_type == "deleted" else "changed")])

    return Handler()
