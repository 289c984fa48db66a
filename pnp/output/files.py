"""All-or-nothing output: each game's whole output folder is written into a
hidden staging folder beside it and swapped in with renames.

For every game of a build: its staged folder is complete before any swap
starts. The swap of one game is two renames (the old folder aside, the staged
one into its place); if anything fails, every game already swapped in this
build is swapped back, so ``OUT`` holds either all the new folders or all the
old ones. The old folders are removed only after every swap succeeded.
Sub-folders other commands write into a game's folder (``tts/``, ``export/``)
are not the build's: they move into the new folder unchanged.

Staging and set-aside folders are named ``.pnp-staging-<pid>-…`` and
``.pnp-old-<pid>-…``: an interrupted build removes its own; one killed
outright (SIGKILL, power cut) leaves them, and the next build removes those
whose process is gone.
"""
from __future__ import annotations

from contextlib import contextmanager
import os
import re
import shutil
import signal
import tempfile
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from pnp.load import interrupts
from pnp.load.errors import UserError

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game
    from pnp.scene import Page

KEEP = ("tts", "export")  # written by `pnp tts` / `pnp export`, carried over by builds
_OURS = re.compile(r"^\.pnp-(staging|old)-(\d+)-")


class OutputError(UserError):
    """The output folder cannot be created or written, or is not pnp's to write."""

    after = "; earlier outputs are untouched."


_INTERRUPTS = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}


def _hold_interrupts() -> "set[int | signal.Signals] | None":
    """Block the interrupt signals in this thread (where the system allows); what was blocked before."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _INTERRUPTS)


def _release(held: "set[int | signal.Signals] | None") -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _rmtree(p: Path) -> None:
    shutil.rmtree(p, ignore_errors=True)


def remove_stale(out_dir: Path) -> None:
    """Remove staging folders of pnp processes that no longer run."""
    try:
        entries = list(Path(out_dir).iterdir())
    except OSError:
        return
    for p in entries:
        m = _OURS.match(p.name)
        if m and p.is_dir() and not _alive(int(m.group(2))):
            _rmtree(p)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# one game's folder swapped in: (target, the old folder set aside or None, sub-folders carried over)
_Swapped = tuple[Path, "Path | None", list[str]]


def _carry(target: Path, staged: Path) -> list[str]:
    """Move the sub-folders other commands wrote (KEEP) from the old folder into the staged one."""
    carried = []
    for sub in KEEP if target.is_dir() and not target.is_symlink() else ():
        if (target / sub).is_dir() and not (staged / sub).exists():
            os.rename(target / sub, staged / sub)
            carried.append(sub)
    return carried


def _move_back(carried: list[str], staged: Path, target: Path) -> None:
    for sub in carried:
        os.rename(staged / sub, target / sub)


class Staging:
    """Staged game folders under ``dest``; :meth:`commit` swaps them all in, or none."""

    def __init__(self, dest: Path):
        self.dest = Path(dest)
        # the highest folder this build creates: removed again, if still empty, when the build fails
        self.created = next((p for p in reversed([self.dest, *self.dest.parents]) if not p.exists()), None)
        try:
            self.dest.mkdir(parents=True, exist_ok=True)
            remove_stale(self.dest)
        except OSError as exc:
            raise OutputError(f"{self.dest}: cannot create output folder ({exc.strerror})") from None
        self.files: list[str] = []  # relative paths, in write order

    def _make_dir(self) -> None:
        """The staging folder, made where an interrupt cannot leave it behind: Ctrl-C and SIGTERM
        wait while it is made and named, and one that came meanwhile removes it again."""
        held = _hold_interrupts()
        made: Path | None = None
        try:
            try:
                made = Path(tempfile.mkdtemp(prefix=f".pnp-staging-{os.getpid()}-", dir=self.dest))
            finally:
                _release(held)  # an interrupt that waited is raised here, the folder's name known
            os.chmod(made, 0o755)
        except OSError as exc:
            if made is not None:
                _rmtree(made)
            raise OutputError(f"{self.dest}: cannot create output folder ({exc.strerror})") from None
        except BaseException:
            if made is not None:
                _rmtree(made)
            self._uncreate()
            raise
        self.dir = made

    def path(self, rel: str) -> Path:
        """Where to write ``rel`` (``<game>/<file>``) now; it appears at dest/rel on commit."""
        p = self.dir / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        self.files.append(rel)
        return p

    def folders(self) -> list[str]:
        """The top-level (game) folders staged so far, in the order first written."""
        return list(dict.fromkeys(rel.split("/", 1)[0] for rel in self.files))

    def commit(self, folders: list[str] | None = None) -> None:
        """Swap every staged folder in with renames, or, on any failure, none of them. An interrupt
        that came during the work stops it here, whether or not it stopped the work (see interrupts)."""
        done: list[_Swapped] = []
        try:
            interrupts.check()
            for name in folders if folders is not None else self.folders():
                done.append(self._swap(name))
        except OSError as exc:
            self._roll_back(done)
            raise OutputError(f"{self.dest}: cannot write output ({exc.strerror or exc})") from None
        except BaseException:
            self._roll_back(done)
            raise
        finally:
            for _target, aside, _ in done:
                if aside is not None and aside.exists():
                    _rmtree(aside.parent)
            self.discard()

    def _swap(self, name: str) -> _Swapped:
        """Swap one staged folder in: the old one set aside (its carried sub-folders moved into the
        new one first); on failure, the old one is back in place before the error goes on."""
        staged, target = self.dir / name, self.dest / name
        staged.mkdir(exist_ok=True)
        aside: Path | None = None
        carried: list[str] = []
        if target.exists() or target.is_symlink():
            carried = _carry(target, staged)
            aside = Path(tempfile.mkdtemp(prefix=f".pnp-old-{os.getpid()}-", dir=self.dest)) / name
            try:
                os.rename(target, aside)
            except OSError:
                _move_back(carried, staged, target)
                raise
        try:
            os.rename(staged, target)
        except OSError:
            if aside is not None:
                os.rename(aside, target)
                _move_back(carried, staged, target)
            raise
        return (target, aside, carried)

    def _roll_back(self, done: list[_Swapped]) -> None:
        """Put the old folders back, newest first (the new ones go to staging, which is discarded)."""
        for target, aside, carried in reversed(done):
            new = self.dir / f".new-{target.name}"
            os.rename(target, new)
            if aside is not None:
                os.rename(aside, target)
                for sub in carried:
                    os.rename(new / sub, target / sub)
                _rmtree(aside.parent)
        done.clear()

    def discard(self) -> None:
        _rmtree(self.dir)
        for p in self.dest.glob(f".pnp-old-{os.getpid()}-*"):
            if not any(p.iterdir()):
                _rmtree(p)

    def _uncreate(self) -> None:
        """Remove the folders this build created for ``dest`` when nothing else came into them."""
        if self.created is None:
            return
        for p in [self.dest, *self.dest.parents]:
            try:
                p.rmdir()  # only an empty folder goes
            except OSError:
                return
            if p == self.created:
                return

    def __enter__(self) -> "Staging":
        self._make_dir()  # here, not in __init__: from now on __exit__ cleans up whatever comes
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is not None:
            self.discard()
            self._uncreate()


@contextmanager
def _replacing(path: Path) -> Iterator[tuple[Path, int]]:
    """A new temp file beside ``path`` (mode 0666 less the umask): yields its path and open
    descriptor; renamed onto ``path`` when the block ends, removed when it raises."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(100):
        tmp = path.parent / f".pnp-{os.getpid()}-{os.urandom(4).hex()}{path.suffix}"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    else:
        raise OutputError(f"{path.parent}: cannot create a temporary file")
    try:
        yield tmp, fd
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write one file via a temp file in the same folder and a rename."""
    with _replacing(path) as (tmp, fd), os.fdopen(fd, "wb") as fh:
        fh.write(data)


def write_document(path: Path, pages: "Iterable[Page]", title: str = "", dpi: float = 150) -> int:
    """Write a stand-alone document (a game command's PDF, SVG or PNG, by the
    file's suffix) atomically: a temp file beside it, renamed into place."""
    from pnp.render import write_by_suffix

    with _replacing(path) as (tmp, fd):
        os.close(fd)
        return write_by_suffix(list(pages), tmp, dpi=dpi, title=title)


def write_sheet(sheet: Path, game: "Game", opts: "BuildOptions", records: list[Any], path: Path,
                title: str = "") -> int:
    """Draw a game's sheet file (kind: sheet) once per record at the sheet's own size, one page each,
    to ``path`` (PDF, SVG or PNG by its suffix), nothing imposed: what a game's command writes on its
    own (a chart of one structure). ``records`` (plain data, as a source returns) replace the sheet's;
    every print check of a build holds, and a problem is a DataErrors naming the sheet's line."""
    from pnp.layout.builtin.sheet import lay_out, prepare_sheet, read_sheet
    from pnp.scene import Group, Page

    doc, raw = read_sheet(sheet)
    doc = doc.model_copy(update={"records": list(records), "asset": None})
    plan = prepare_sheet(doc, game, opts, Path(sheet).stem, src=(Path(sheet), raw))
    pages = [Page(plan.geo.w, plan.geo.h, Group([p.art], id="sheet"), label=f"{plan.name} {n}")
             for n, p in enumerate(lay_out(plan, plan.rows, opts.lang, 0.0), 1)]
    return write_document(path, pages, title=title)
