"""One big asset on two cores: a forked child makes the pages, this process draws them.

A deck's pages are made (layouts stamped, text fitted) and then drawn (walked into
the PDF). With nothing else to run beside it, the build forks a child that makes
the pages and sends each one pickled through a pipe, while this process imports
the PDF backend, registers the fonts and draws the pages as they come. The pipe
holds a few pages, so the child never runs far ahead and memory stays bounded.

The PDF is drawn from the same pages in the same order, so it is byte-identical
to a build in one process. When the child fails in any way (bad data, a text that
does not fit, a page that cannot be pickled), :class:`ChildFailed` is raised and
the caller makes the asset again in its own process, where the same error is
raised with its usual message; Ctrl-C and errors while drawing stop the child.
"""
from __future__ import annotations

import os
import pickle
import signal
from typing import Callable, Iterable, Iterator


class ChildFailed(Exception):
    """The child stopped before it sent every page."""


class ForkedPages:
    """``with ForkedPages(make, result) as pages:`` — ``pages()`` yields what ``make()``
    yields, made in the child; afterwards ``.result`` holds ``result()`` evaluated there."""

    def __init__(self, make: Callable[[], Iterable], result: Callable[[], object] = lambda: None):
        self._make, self._result = make, result
        self.result = None
        self._pid = 0
        self._read = None

    def __enter__(self) -> "ForkedPages":
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(self._make, self._result, w)  # never returns
        os.close(w)
        self._pid, self._read = pid, os.fdopen(r, "rb")
        return self

    def __call__(self) -> Iterator:
        load, read = pickle.load, self._read
        while True:
            try:
                done, item = load(read)
            except Exception:  # noqa: BLE001 - cut short or garbled: the child did not finish
                raise ChildFailed from None
            if done:
                self.result = item
                return
            yield item

    def __exit__(self, *exc) -> None:
        self._read.close()
        if self._pid:
            try:
                os.kill(self._pid, signal.SIGKILL)  # gone already when it finished; then this is a no-op
            except ProcessLookupError:
                pass
            os.waitpid(self._pid, 0)
            self._pid = 0


def _child(make, result, fd: int) -> None:
    """Send ``(False, page)`` for every page, then ``(True, result())``; exit without
    running any of the parent's clean-up (staging folders, atexit handlers)."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with os.fdopen(fd, "wb") as out:
            dump = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
            for item in make():
                dump.dump((False, item))
                dump.clear_memo()
            dump.dump((True, result()))
        code = 0
    except BaseException:  # noqa: BLE001 - the parent redoes the work and reports the error itself
        pass
    finally:
        os._exit(code)
