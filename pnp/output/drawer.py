"""One big asset on two cores: the build makes the pages, a forked drawer draws them.

A deck's pages are made (layouts stamped, text fitted and laid out in lines) and
drawn (walked into the PDF). With nothing else to run beside it, the build sends
each page it makes, its lines included, pickled through a pipe to a drawer process
that writes the files; drawing is the larger half, so the drawer does nothing else.
The build forks the drawer when the first big deck comes, after importing the PDF
backend and reading the fonts itself (it needs both for its print guide anyway), so
the drawer starts drawing at once and neither is done twice. The pipe holds a few
pages, so neither side runs far ahead and memory stays bounded.

The drawer runs the very code a build in one process runs, on the same pages in
the same order, so the files are byte-identical. When it fails in any way (a text
that does not fit, a budget, a broken pipe) the build draws the asset again in
its own process, where the same error is raised with its usual message. The drawer
ignores Ctrl-C and ends when the build closes the pipe, stops it, or dies.
"""
from __future__ import annotations

import os
import pickle
import signal
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator

from pnp.output.collector import data_loaded

if TYPE_CHECKING:  # pragma: no cover
    from pnp.load.budget import Limits
    from pnp.scene import Image, Page

# what a drawn asset comes back as: files written as (name, pages), safe-zone findings as (page label,
# text, mm past the safe line), shapes drawn
Drawn = tuple[list[tuple[str, int]], list[tuple[str, str, float]], int]
# a job's header: (folder, formats, stem, dpi, title, safe zone or None, limits or None)
Header = tuple[str, tuple[str, ...], str, float, str, "float | None", "Limits | None"]


class DrawerFailed(Exception):
    """The drawer could not draw the asset (or is gone)."""


class Drawer:
    def __init__(self, pid: int, jobs: IO[bytes], results: IO[bytes]):
        self.pid, self._jobs, self._results = pid, jobs, results
        self._pictures: set[str] = set()  # digests of the pictures the drawer holds

    @classmethod
    def start(cls) -> "Drawer":
        """Fork a drawer, the PDF backend imported and its fonts read first, here: a child inherits both."""
        ready()
        jobs_r, jobs_w = os.pipe()
        res_r, res_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(jobs_w)
            os.close(res_r)
            _serve(jobs_r, res_w)  # never returns
        os.close(jobs_r)
        os.close(res_w)
        return cls(pid, os.fdopen(jobs_w, "wb"), os.fdopen(res_r, "rb"))

    def draw(self, pages: "Iterable[Page]", fmts: Iterable[str], folder: Path, stem: str, dpi: float, title: str,
             safe: float | None, limits: "Limits | None" = None) -> Drawn:
        """Draw ``pages`` (an iterable, made here as they are sent) into ``folder/stem.<fmt>``
        within ``limits`` (:class:`pnp.load.budget.Limits`); returns (files written as (name,
        pages), safe-zone findings, shapes drawn) or raises :class:`DrawerFailed`. An error
        while making the pages is raised here, the job abandoned."""
        from pnp.render.base import lay_out

        if self.pid == 0:
            raise DrawerFailed
        try:
            def send(message: tuple[str, Any]) -> None:  # each message stands alone: the drawer reads them one by one
                self._jobs.write(_Out.dumps(message, self._pictures, self._jobs))

            header: Header = (str(folder), tuple(fmts), stem, dpi, title, safe, limits)
            send(("job", header))
            for page in pages:
                page.laid_out = lay_out(page)  # here: the drawer is the busier side
                send(("page", page))
            send(("end", None))
            self._jobs.flush()
            ok, result = pickle.load(self._results)  # (True, Drawn) or (False, None)
        except BaseException as exc:
            self.close()  # half a job in the pipe: this drawer is done
            if isinstance(exc, Exception) and _broken(exc):
                raise DrawerFailed from None
            raise
        if not ok:
            raise DrawerFailed
        drawn: Drawn = result
        return drawn

    def close(self) -> None:
        """Stop the drawer (it is idle or no longer needed) and reap it."""
        if self.pid == 0:
            return
        for f in (self._jobs, self._results):
            try:
                f.close()
            except OSError:
                pass
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        self.pid = 0


PICTURE_BYTES = 1024  # bytes objects this long in a page (pictures) cross the pipe once, then by digest


class _Out(pickle.Pickler):
    """Pickles a message with every picture's bytes replaced by its digest; a picture the drawer
    does not hold yet goes first, in a message of its own. Only the pictures (scene Images) are
    looked at: a hook on every object pickled (several thousand a page) cost more than the pipe."""

    def __init__(self, buf: IO[bytes], held: set[str]):
        from pnp.scene import Image

        super().__init__(buf, pickle.HIGHEST_PROTOCOL)
        self.held = held
        self.new: list[tuple[str, bytes]] = []
        self._image = Image

    def reducer_override(self, obj: Any) -> Any:  # (rebuild, its arguments), or NotImplemented: pickled as usual
        if type(obj) is self._image and type(obj.source) is bytes and len(obj.source) >= PICTURE_BYTES:
            from pnp.render.images import digest_of

            key = digest_of(obj.source)
            if key not in self.held:
                self.held.add(key)
                self.new.append((key, obj.source))
            return _held_picture, (obj.x, obj.y, obj.w, obj.h, key)
        return NotImplemented

    @classmethod
    def dumps(cls, message: tuple[str, Any], held: set[str], pipe: IO[bytes]) -> bytes:
        import io

        buf = io.BytesIO()
        out = cls(buf, held)
        out.dump(message)
        for picture in out.new:
            pickle.dump(("picture", picture), pipe, pickle.HIGHEST_PROTOCOL)
        return buf.getvalue()


_HELD: dict[str, bytes] = {}  # in the drawer: digest -> the picture's bytes, one object however many pages show it


def _held_picture(x: float, y: float, w: float, h: float, key: str) -> "Image":
    """In the drawer: a picture of a page, its bytes the ones held for ``key``."""
    from pnp.scene import Image

    return Image(x, y, w, h, _HELD[key])


def _load(f: IO[bytes]) -> tuple[str, Any]:
    """The next message from the build, after any pictures sent ahead of it."""
    while True:
        kind, body = pickle.Unpickler(f).load()
        if kind != "picture":
            return kind, body
        _HELD[body[0]] = body[1]


def _broken(exc: Exception) -> bool:
    """The pipe broke or what came back was cut short: the drawer died."""
    return isinstance(exc, (OSError, EOFError, pickle.UnpicklingError))


def ready() -> None:
    """The PDF backend and the safe-zone watch imported and the faces most pages draw registered
    (each once per process; the build needs them all for its print guide)."""
    import pnp.render.survey  # noqa: F401 - for the drawer's job
    from pnp.render import pdf

    for weight in ("regular", "bold"):
        pdf.font_name("sans", weight)


def _serve(jobs_fd: int, results_fd: int) -> None:
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the build's to handle
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        data_loaded()  # when forked while the build's collector was off: on again, the backend frozen
        with os.fdopen(jobs_fd, "rb") as jobs, os.fdopen(results_fd, "wb") as results:
            while True:
                try:
                    _, header = _load(jobs)
                except EOFError:
                    break
                pages = _Pages(jobs)
                answer: tuple[bool, Drawn | None]
                try:
                    answer = (True, _job(header, pages))
                except Exception:  # noqa: BLE001 - the build draws the asset itself and reports the error
                    answer = (False, None)
                    pages.drain()
                pickle.dump(answer, results)
                results.flush()
        code = 0
    finally:
        os._exit(code)


class _Pages:
    """The pages of one job, read as they arrive, up to its end mark."""

    def __init__(self, f: IO[bytes]):
        self.f, self.done = f, False

    def __iter__(self) -> "Iterator[Page]":
        while not self.done:
            kind, page = _load(self.f)  # EOF mid-job: the build is gone; the drawer ends
            if kind == "end":
                self.done = True
                return
            yield page

    def drain(self) -> None:
        for _ in self:
            pass


def _job(header: Header, pages: "Iterable[Page]") -> Drawn:
    from pnp.load.budget import Limits, Tally
    from pnp.render import write_formats
    from pnp.render.survey import SafeZoneWatch

    folder, fmts, stem, dpi, title, safe, limits = header
    limits = limits or Limits()
    tally = Tally(limits)
    watch = SafeZoneWatch(safe) if safe is not None else None

    def target(rel: str) -> Path:
        p = Path(folder) / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        return p

    written = write_formats(lambda: iter(pages), fmts, stem, target, dpi=dpi, title=title, observer=watch,
                            limits=limits, tally=tally)
    return written, (watch.found if watch else []), tally.shapes
