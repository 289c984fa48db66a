"""Text in a box: markup -> runs -> words -> lines -> the largest size that fits. The one
text-fitting routine: a layout's text boxes and one-line texts, and every scene ``Text``
with a box, are set by :func:`fit`.

Markup (a card's text field; plain texts skip it):

- ``*italic*``, ``**bold**``, ``***bold italic***``; the markers toggle, so they
  may nest (``**bold *and italic***``). A marker left open is a :class:`MarkupError`.
  On a bold text, ``*...*`` gives bold italic.
- a newline, or the two characters ``\\n``, breaks the line.
- ``:name:`` (name of ``a-z``, ``0-9``, ``-``) is an inline icon; a colon that
  does not form one stays text. ``\\:``, ``\\*`` and ``\\\\`` are a literal
  colon, asterisk and backslash; any other backslash is text.
- a soft hyphen (U+00AD) marks where a word may break; a word holding one
  breaks only there, other words at the language's hyphenation points
  (pyphen), and any word after a hyphen it already has.

Spaces and tabs separate words (several count as one); the space between two
words takes the face of the letter before it, so it joins that run.

Set as a printer would: a text that may hyphenate is first set without a
hyphen at the largest size down to 90 % of its own (a size step down reads
better than a broken word); only if that fails may words break, never leaving
fewer than three letters on either side of the hyphen. A paragraph whose last
line would hold one lone word is set again a little narrower when that moves a
word down without adding a line. A text that may not hyphenate (titles) only
shrinks.

Everything is measured with :mod:`pnp.scene.fonts` before it is placed. Widths grow
linearly with the size, so each word is measured once (per point of size) and
trying another size costs only additions. Greedy line filling needs fewer
lines the smaller the type, so the largest fitting size on the 0.25 pt grid
between ``size`` and ``min_size`` is found by bisection.

An inline icon is a square as tall as the capital letters (times the ``icon``
factor), standing on the baseline like a letter, with a blank of 0.08 em on
each side; it wraps like a word and punctuation may follow it directly.
"""
from __future__ import annotations

import math
import marshal
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Container, Protocol, Sequence, Union, cast

import pyphen

from pnp.load.classes import dataclass
from pnp.scene import fonts
from pnp.scene import BLACK, Color, Group, Node, Text
from pnp.scene.units import MM_PER_PT, pt_to_mm

if TYPE_CHECKING:
    from pnp.load.cache import Table

IconSize = Union[float, Callable[[str], float]]  # an icon's side in cap heights, or a function of its name giving it

SOFT_HYPHEN = "\u00ad"
STEP_PT = 0.25  # the size grid the shrinking walks on
NO_HYPHEN_DOWN_TO = 0.9  # a text is set smaller, down to this share of its size, before a word is hyphenated
MIN_FRAGMENT = 3  # letters a hyphen leaves at least on each side of it
WIDOW_TRIES = 8  # narrower settings tried to give a paragraph's lone last word company
ICON_BEARING_EM = 0.08
LANGUAGES = {"de": "de_DE", "en": "en_GB", "pt": "pt_PT"}  # a language -> pyphen dictionary (others: its own code)
ALIGNS = ("left", "center", "right", "justify")
VALIGNS = ("top", "middle", "bottom")
EPS = 1e-6  # mm: rounding slack when comparing widths and heights

_ICON = re.compile(r":([a-z0-9-]+):")
_SPACES = re.compile(r"([ \t]+)")
_LETTERS = re.compile(r"[^\W\d_]+")
_PLAIN = re.compile(r"[^\\*:\r\n]+|.", re.S)
_ALL_PLAIN = re.compile(r"[^\\*:\r\n]*")  # text without any markup: one paragraph of regular words
_SPACE_RUNS = re.compile(r"[ \t]+")
_OBJECT = "\ufffc"  # stands for an icon inside a word's text when hyphenating


def icons_in_plain(text: str, known: "Container[str]") -> str | None:
    """Markup for a plain text (a one-line ``text`` element) in which only ``:name:`` of a name in
    ``known`` is an icon and everything else is literal; None when it names no known icon."""
    if not any(m.group(1) in known for m in _ICON.finditer(text)):
        return None
    out: list[str] = []
    pos = 0

    def literal(t: str) -> str:
        return t.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:").replace("\r", " ").replace("\n", " ")

    for m in _ICON.finditer(text):
        out.append(literal(text[pos:m.start()]))
        out.append(m.group() if m.group(1) in known else literal(m.group()))
        pos = m.end()
    out.append(literal(text[pos:]))
    return "".join(out)


class MarkupError(ValueError):
    """Markup that cannot be read; ``pos`` is the 0-based offset in the text."""

    def __init__(self, message: str, pos: int):
        super().__init__(message)
        self.pos = pos


class Overflow(ValueError):
    """The text does not fit its box even at the smallest size allowed."""

    def __init__(self, height_mm: float, width_mm: float, size_pt: float, line: str | None):
        self.height_mm = height_mm  # how much taller than the box, 0 if not
        self.width_mm = width_mm  # how much the widest line sticks out, 0 if not
        self.size_pt = size_pt  # the size tried last (the minimum)
        self.line = line  # the text of the widest line when it is too wide
        parts = [f"{_up(height_mm)} mm too tall"] if height_mm > 0 else []
        if width_mm > 0:
            shown = line if line is None or len(line) <= 40 else line[:39] + "…"
            parts.append(f"{shown!r} is {_up(width_mm)} mm too wide")
        super().__init__(f"overflows by {_up(self.mm)} mm at {size_pt:g} pt ({'; '.join(parts)})")

    @property
    def mm(self) -> float:
        return max(self.height_mm, self.width_mm)


def _up(mm: float) -> str:
    """Millimetres rounded up to 0.1, so a tiny overflow never reads as 0.0."""
    return f"{math.ceil(mm * 10 - 1e-9) / 10:.1f}"


# ---------------------------------------------------------------- parsing


@dataclass(frozen=True)
class TextRun:
    text: str  # soft hyphens kept
    weight: str = "regular"  # regular | bold | italic | bold-italic (keys of fonts.FAMILIES)


@dataclass(frozen=True)
class IconRun:
    name: str


@dataclass(frozen=True)
class LineBreak:
    pass


Run = Union[TextRun, IconRun, LineBreak]


def _weight(bold: bool, italic: bool) -> str:
    if bold:
        return "bold-italic" if italic else "bold"
    return "italic" if italic else "regular"


class _Runs:
    """The runs :func:`parse` gathers: text is buffered and flushed as one run per face, and
    the open markers remember where they opened."""

    def __init__(self, base: str):
        self.base_bold, self.base_italic = base in ("bold", "bold-italic"), base in ("italic", "bold-italic")
        self.runs: list[Run] = []
        self.buf: list[str] = []
        self.bold: int | None = None  # where the open marker is, None when closed
        self.italic: int | None = None

    def flush(self) -> None:
        buf, runs = self.buf, self.runs
        if buf:
            w = _weight((self.bold is not None) != self.base_bold, (self.italic is not None) != self.base_italic)
            text = "".join(buf)
            buf.clear()
            last = runs[-1] if runs else None
            if isinstance(last, TextRun) and last.weight == w:
                runs[-1] = TextRun(last.text + text, w)
            else:
                runs.append(TextRun(text, w))

    def line_break(self) -> None:
        self.flush()
        self.runs.append(LineBreak())

    def stars(self, markup: str, i: int) -> int:
        """Toggle the faces the asterisks at ``i`` mark; where the text goes on."""
        j, n = i, len(markup)
        while j < n and markup[j] == "*":
            j += 1
        if j - i > 3:
            raise MarkupError(f"{j - i} asterisks in a row at character {i + 1}: write * for italic, "
                              "** for bold, *** for both, \\* for an asterisk", i)
        self.flush()
        if j - i >= 2:
            self.bold = i if self.bold is None else None
        if j - i != 2:
            self.italic = i if self.italic is None else None
        return j

    def close(self) -> list[Run]:
        """The runs, once every marker is closed (else a MarkupError at the first open one)."""
        self.flush()
        still_open = sorted((pos, mark) for pos, mark in ((self.bold, "**"), (self.italic, "*")) if pos is not None)
        if still_open:
            pos = still_open[0][0]
            mark = "***" if len(still_open) == 2 and still_open[1][0] == pos else still_open[0][1]
            raise MarkupError(f"{mark!r} at character {pos + 1} is never closed (write \\* for an asterisk)", pos)
        return self.runs


def _step(markup: str, i: int, st: _Runs) -> int:
    """Read the markup at ``i`` into ``st``; where the next step starts."""
    ch = markup[i]
    if ch == "\\" and i + 1 < len(markup) and markup[i + 1] in "*:\\n":
        if markup[i + 1] == "n":
            st.line_break()
        else:
            st.buf.append(markup[i + 1])
        return i + 2
    if ch in "\r\n":
        st.line_break()
        return i + (2 if markup.startswith("\r\n", i) else 1)
    if ch == "*":
        return st.stars(markup, i)
    if ch == ":" and (m := _ICON.match(markup, i)):
        st.flush()
        st.runs.append(IconRun(m.group(1)))
        return m.end()
    m = _PLAIN.match(markup, i)  # up to the next character markup may start at
    assert m is not None  # _PLAIN matches any one character
    st.buf.append(m.group())
    return m.end()


def parse(markup: str, base: str = "regular") -> list[Run]:
    """The runs of ``markup``; adjacent text of one face is one run. ``base`` is the face of
    unmarked text: on a bold text ``*...*`` gives bold italic."""
    st = _Runs(base)
    i, n = 0, len(markup)
    while i < n:
        i = _step(markup, i, st)
    return st.close()


# ---------------------------------------------------------------- measuring
# Widths below are per point of type size, in mm: multiply by the size.


@dataclass(frozen=True)
class _Text:
    raw: str  # as written, soft hyphens included
    weight: str
    text: str  # what is drawn
    w: float


@dataclass(frozen=True)
class _Icon:
    name: str
    side: float
    w: float  # side plus a bearing each side


Atom = Union[_Text, _Icon]


@dataclass(frozen=True)
class _Word:
    atoms: tuple[Atom, ...]
    w: float
    icon: float = 0.0  # side of its tallest icon per point of size, 0 without icons
    broken: bool = False  # the head of a word broken at the end of a line

    @property
    def end_face(self) -> str:
        """The face of the space after the word: its last letter's, so the space
        joins that run (an icon is followed by a regular space)."""
        last = self.atoms[-1]
        return last.weight if isinstance(last, _Text) else "regular"


Paragraphs = tuple[tuple[_Word, ...], ...]


@lru_cache(maxsize=8192)
def _text(raw: str, weight: str, family: "fonts.FamilyRef") -> _Text:
    text = raw.replace(SOFT_HYPHEN, "")
    fonts.check_glyphs(text, family, weight)
    return _Text(raw, weight, text, fonts.string_width(text, 1.0, family, weight))


@lru_cache(maxsize=None)
def _space(family: "fonts.FamilyRef", weight: str) -> float:
    return fonts.string_width(" ", 1.0, family, weight)


def _icon(name: str, icon: "IconSize", family: "fonts.FamilyRef") -> _Icon:
    factor = icon(name) if callable(icon) else icon
    if not (isinstance(factor, (int, float)) and factor > 0):
        raise ValueError(f"icon :{name}: needs a size factor above 0, got {factor!r}")
    side = factor * fonts.cap_height(1.0, family)
    return _Icon(name, side, side + 2 * ICON_BEARING_EM * MM_PER_PT)


def _word(atoms: "Sequence[Atom]", broken: bool = False) -> _Word:
    return _Word(tuple(atoms), sum(a.w for a in atoms),
                 max((a.side for a in atoms if isinstance(a, _Icon)), default=0.0), broken)


@lru_cache(maxsize=8192)
def _solo(raw: str, weight: str, family: "fonts.FamilyRef") -> _Word:
    """A word of one face and no icon, the usual word: words recur, so it is kept."""
    t = _text(raw, weight, family)
    return _Word((t,), t.w)


@lru_cache(maxsize=512)
def _paragraphs(markup: str, family: "fonts.FamilyRef", icon: "IconSize", base: str = "regular", marked: bool = True) \
        -> tuple[tuple[_Word, ...], ...]:
    """Paragraphs (split at line breaks) of words (split at spaces and tabs). Text that is not
    ``marked`` up is taken as it is: lines split at newlines, words at single spaces (so two
    spaces stay two)."""
    if not marked:
        return tuple(tuple(_solo(w, base, family) for w in para.split(" ")) for para in markup.split("\n"))
    if _ALL_PLAIN.fullmatch(markup):  # most rule texts: no need to parse
        return (tuple(_solo(w, base, family) for w in _SPACE_RUNS.split(markup) if w),)
    paras: list[list[_Word]] = [[]]
    parts: list[tuple[str, str] | _Icon] = []  # the word so far: (text, face) pairs and icons

    def end_word() -> None:
        first = parts[0] if len(parts) == 1 else None
        if isinstance(first, tuple):
            paras[-1].append(_solo(*first, family))
        elif parts:
            paras[-1].append(_word([_text(p[0], p[1], family) if isinstance(p, tuple) else p for p in parts]))
        parts.clear()

    for run in parse(markup, base):
        if isinstance(run, LineBreak):
            end_word()
            paras.append([])
        elif isinstance(run, IconRun):
            parts.append(_icon(run.name, icon, family))
        else:
            for part in _SPACES.split(run.text):
                if part[:1] in (" ", "\t"):
                    end_word()
                elif part:
                    parts.append((part, run.weight))
    end_word()
    return tuple(tuple(p) for p in paras)


# ---------------------------------------------------------------- hyphenation


def _code(lang: str) -> str:
    code = LANGUAGES.get(lang, lang.replace("-", "_"))
    if code not in pyphen.LANGUAGES:
        raise ValueError(f"no hyphenation patterns for language {lang!r} (use de, en or a code such as en_US)")
    return code


def has_patterns(lang: str | None) -> bool:
    """Whether pnp can hyphenate ``lang`` (pyphen has patterns for it)."""
    if not lang:
        return False
    try:
        _code(lang)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen:
    """Loaded on the first word that needs breaking. Parsing the German patterns takes
    half a second, so they are kept in pnp's cache on disk (:mod:`pnp.load.cache`) as
    one string per pattern and decoded only when a word looks the pattern up: reading
    66,000 patterns that way takes 17 ms, against 40 to 70 ms for the unpickled tables."""
    from pnp.load.cache import cached_data

    code = _code(lang)
    path = pyphen.LANGUAGES[code]
    if path not in pyphen.hdcache:
        key = f"hyph-v2|{code}|{getattr(pyphen, '__version__', '0')}|{path}"
        packed = cached_data("hyph", key, lambda: _pack(pyphen.Pyphen(lang=code).hd))
        if isinstance(packed, dict):
            hd = object.__new__(pyphen.HyphDict)  # pyphen's own class, its patterns from the cache
            hd.patterns, hd.cache, hd.maxlen = _Patterns(packed), {}, max(map(len, packed), default=0)
            pyphen.hdcache[path] = hd  # pyphen's own cache of parsed dictionaries
    return pyphen.Pyphen(lang=code)


def _positions(word: str, lang: str) -> tuple[int, ...]:
    """Where the patterns would hyphenate ``word``. Each answer is kept in pnp's cache, so a
    build of cards whose words were seen before never loads the patterns at all."""
    table = _words(lang)
    p = table.get(word)
    if p is None:
        p = tuple(int(x) for x in _dictionary(lang).positions(word))
        table.put(word, p)
    return p


@lru_cache(maxsize=None)
def _words(lang: str) -> "Table":
    from pnp.load.cache import Table

    code = _code(lang)
    return Table("words", lambda: f"hyph-words-v1|{code}|{getattr(pyphen, '__version__', '0')}|"
                                  f"{pyphen.LANGUAGES[code]}", 200_000)


def _pack(hd: pyphen.HyphDict) -> dict[str, str] | None:
    """Each pattern's (offset, digits) as one short string, or None when a pattern holds a
    non-standard break (pyphen's objects, not digits): such a language is parsed each time."""
    out = {}
    for k, (offset, values) in hd.patterns.items():
        if type(offset) is not int or any(type(v) is not int for v in values):
            return None
        out[k] = "".join(chr(48 + v) for v in (offset, *values))
    return out


class _Patterns(dict):
    """Packed patterns that pyphen reads with ``.get``, unpacked on each lookup."""

    def get(self, key: str, default: object = None) -> object:
        v = dict.get(self, key)
        if v is None:
            return default
        return ord(v[0]) - 48, tuple(ord(c) - 48 for c in v[1:])


def _break_points(joined: str, lang: str | None) -> dict[int, str]:
    """Offsets in ``joined`` where the word may break -> how: "shy" (the soft
    hyphen there becomes a hyphen), "hyphen" (add one), "after" (after a hyphen)."""
    points: dict[int, str] = {}
    if SOFT_HYPHEN in joined:
        points = {i: "shy" for i, c in enumerate(joined) if c == SOFT_HYPHEN}
    elif lang:
        for m in _LETTERS.finditer(joined):
            last, n = 0, len(m.group())
            for p in _positions(m.group(), lang):
                # never a fragment of fewer than three letters at either end, nor a one-letter syllable
                if p - last >= 2 and p >= MIN_FRAGMENT and n - p >= MIN_FRAGMENT:
                    points[m.start() + p] = "hyphen"
                    last = p
    for i in range(1, len(joined) - 1):
        if joined[i] in "-\u2010" and joined[i - 1].isalpha() and joined[i + 1].isalpha():
            points[i + 1] = "after"
    return {o: k for o, k in points.items() if 0 < o < len(joined)}


def _split(atoms: tuple[Atom, ...], at: int, kind: str, family: "fonts.FamilyRef") -> tuple[_Word, _Word]:
    head: list[Atom] = []
    tail: list[Atom] = []
    pos = 0
    for a in atoms:
        n = len(a.raw) if isinstance(a, _Text) else 1
        if pos + n <= at:
            head.append(a)
        elif pos >= at:
            tail.append(a)
        else:  # the break falls inside a run of text (an icon is one character)
            t = cast(_Text, a)
            head.append(_text(t.raw[:at - pos], t.weight, family))
            tail.append(_text(t.raw[at - pos:], t.weight, family))
        pos += n
    if kind == "shy":  # the tail starts with the soft hyphen, in a run of text
        t = cast(_Text, tail[0])
        tail[0] = _text(t.raw[1:], t.weight, family)
        if not t.raw[1:]:
            tail.pop(0)
    if kind != "after":
        last = head[-1]
        if isinstance(last, _Text):
            head[-1] = _text(last.raw + "-", last.weight, family)
        else:
            head.append(_text("-", "regular", family))
    return _word(head, True), _word(tail)


@lru_cache(maxsize=2048)
def _options(atoms: tuple[Atom, ...], lang: str | None, family: "fonts.FamilyRef") -> tuple[tuple[_Word, _Word], ...]:
    """Every way to break the word, as (head with its hyphen, tail), narrowest head first."""
    joined = "".join(a.raw if isinstance(a, _Text) else _OBJECT for a in atoms)
    opts = [_split(atoms, at, kind, family) for at, kind in sorted(_break_points(joined, lang).items())]
    opts = [(h, t) for h, t in opts if t.atoms]
    return tuple(sorted(opts, key=lambda ht: ht[0].w))


# ---------------------------------------------------------------- lines


@dataclass(frozen=True)
class _Line:
    words: tuple[_Word, ...]
    width: float  # mm at the size it was broken for
    last: bool  # ends a paragraph (not stretched when justified)


# one size tried: its lines, how much too tall and too wide (mm, <= 0 when not), the widest line, whether it fits
_Attempt = tuple[list[_Line], float, float, _Line, bool]


def _break(paras: "Paragraphs", size: float, box_w: float, lang: str | None, family: "fonts.FamilyRef",
           split: bool = True, wrap: bool = True,
           widows: bool = False) -> list[_Line]:
    """The lines of every paragraph: one line each unless ``wrap``; else filled greedily, a word
    that does not fit broken (when ``split``) at the widest point that does, else moved to the
    next line; alone on a line it overflows. With ``widows`` a paragraph ending in a lone word
    is set again a little narrower where that gives the word company without adding a line."""
    lines: list[_Line] = []
    for para in paras:
        if not wrap:
            width = sum(wd.w for wd in para) * size + sum(_space(family, wd.end_face) for wd in para[:-1]) * size
            lines.append(_Line(tuple(para), width, True))
            continue
        mine = _fill(para, size, box_w, lang, family, split)
        if widows and len(mine) > 1 and len(mine[-1].words) == 1 and len(para) > 2:
            for k in range(1, WIDOW_TRIES + 1):
                again = _fill(para, size, box_w * (1 - 0.03 * k), lang, family, split)
                if len(again) > len(mine):
                    break
                if len(again[-1].words) > 1:
                    mine = again
                    break
        lines += mine
    return lines


def _fill(para: tuple[_Word, ...], size: float, box_w: float, lang: str | None, family: "fonts.FamilyRef",
          split: bool) -> list[_Line]:
    lines: list[_Line] = []
    cur: list[_Word] = []
    cur_w = 0.0
    for word in para:
        while True:
            g = _space(family, cur[-1].end_face) * size if cur else 0.0
            if cur_w + g + word.w * size <= box_w + EPS:
                cur.append(word)
                cur_w += g + word.w * size
                break
            room = box_w - cur_w - g
            opts = _options(word.atoms, lang, family) if split else ()
            best = None
            for head, tail in opts:
                if head.w * size > room + EPS:
                    break
                best = (head, tail)
            if best is None and not cur and opts:
                best = opts[0]  # overflows least
            if best is not None:
                head, word = best
                cur.append(head)
                lines.append(_Line(tuple(cur), cur_w + g + head.w * size, False))
                cur, cur_w = [], 0.0
            elif cur:
                lines.append(_Line(tuple(cur), cur_w, False))
                cur, cur_w = [], 0.0
            else:  # cannot break at all: the line overflows
                cur.append(word)
                cur_w = word.w * size
                break
    lines.append(_Line(tuple(cur), cur_w, True))
    return lines


def _baselines(lines: list[_Line], size: float, line_height: float, family: "fonts.FamilyRef",
               weight: str = "regular") \
        -> tuple[list[float], float]:
    """Baseline of each line from the box top, and the height used: the first
    line's top to the last descender. An icon taller than the ascent pushes
    its line down so it never touches the line above."""
    asc, desc = fonts.ascent_descent(size, family, weight)
    step = size * line_height * MM_PER_PT
    out: list[float] = []
    y = 0.0
    for ln in lines:
        above = max(asc, max((wd.icon for wd in ln.words), default=0.0) * size)
        y = above if not out else y + max(step, desc + above)
        out.append(y)
    return out, (y + desc if out else 0.0)


# ---------------------------------------------------------------- result


@dataclass(frozen=True)
class PlacedText:
    x: float  # mm from the box's left edge
    baseline_y: float  # mm from the box's top edge
    text: str
    size_pt: float
    weight: str


@dataclass(frozen=True)
class PlacedIcon:
    x: float  # left edge of the square, mm from the box's left
    top_y: float  # top edge, mm from the box's top; the bottom is on the baseline
    size_mm: float  # side of the square
    name: str


@dataclass(frozen=True)
class Fitted:
    size_pt: float
    pieces: tuple[Union[PlacedText, PlacedIcon], ...]
    lines: int
    height_mm: float  # from the first line's ascent to the last line's descent
    width_mm: float  # widest line
    box: tuple[float, float]
    family: "fonts.FamilyRef" = "sans"
    hyphens: int = 0  # lines ending in a word the setting broke


class _Try(Protocol):
    """Sets the text at a size, breaking words where ``split`` allows."""

    def __call__(self, s: float, split: bool = ...) -> _Attempt: ...


_Place = Callable[[float, _Attempt], Fitted]


def _place(lines: list[_Line], size: float, box_w: float, box_h: float, how: "_How", hyphens: int = 0) -> Fitted:
    align, valign, family = how.align, how.valign, how.family
    bases, height = _baselines(lines, size, how.line_height, family, how.weight)
    dy = {"top": 0.0, "middle": (box_h - height) / 2, "bottom": box_h - height}[valign]
    pieces: list[PlacedText | PlacedIcon] = []
    for ln, base in zip(lines, bases):
        y = base + dy
        slack = box_w - ln.width
        gaps = len(ln.words) - 1
        extra = slack / gaps if align == "justify" and not ln.last and gaps and slack > 0 else 0.0
        x = {"center": slack / 2, "right": slack}.get(align, 0.0)
        plain = _one_face(ln) if not extra else None
        if plain is not None:  # the common line: words of one face, no icons, spaces as they are
            # each word is one _Text (what _one_face found); no cast in this loop, it is the hot one
            joined = " ".join([wd.atoms[0].text for wd in ln.words])  # type: ignore[union-attr]
            if joined:
                pieces.append(PlacedText(x, y, joined, size, plain))
            continue
        run: list[str] = []
        run_x, run_weight = x, ""

        def close() -> None:
            if "".join(run):
                pieces.append(PlacedText(run_x, y, "".join(run), size, run_weight))
            run.clear()

        def add(text: str, weight: str, w: float) -> None:
            nonlocal x, run_x, run_weight
            if not run or weight != run_weight:
                close()
                run_x, run_weight = x, weight
            run.append(text)
            x += w

        for i, wd in enumerate(ln.words):
            if i:
                face = ln.words[i - 1].end_face
                add(" ", face, _space(family, face) * size)
                if extra:
                    close()
                    x += extra
            for a in wd.atoms:
                if isinstance(a, _Icon):
                    close()
                    side = a.side * size
                    pieces.append(PlacedIcon(x + (a.w - a.side) / 2 * size, y - side, side, a.name))
                    x += a.w * size
                else:
                    add(a.text, a.weight, a.w * size)
        close()
    widest = max((ln.width for ln in lines), default=0.0)
    return Fitted(size, tuple(pieces), len(lines), height, widest, (box_w, box_h), family, hyphens)


def _one_face(ln: _Line) -> str | None:
    """The face of a line whose words are each one run of that face, else None."""
    face = None
    for wd in ln.words:
        if len(wd.atoms) != 1:
            return None
        a = wd.atoms[0]
        if not isinstance(a, _Text) or (face is not None and a.weight != face):
            return None
        face = a.weight
    return face


def _line_text(ln: _Line) -> str:
    return " ".join("".join(a.text if isinstance(a, _Text) else f":{a.name}:" for a in wd.atoms)
                    for wd in ln.words)


# ---------------------------------------------------------------- fitting


def fit(markup: str, width_mm: float, height_mm: float, size_pt: float, min_size_pt: float = 6.0, *,
        lang: str | None = "de", family: "fonts.FamilyRef" = "sans", line_height: float = 1.2, align: str = "left",
        valign: str = "top", icon: "float | Callable[[str], float]" = 1.0, weight: str = "regular",
        wrap: bool = True, hyphenate: bool = True, markup_on: bool = True, strict: bool = True,
        ratio: float | None = None) -> Fitted:
    """Lay ``markup`` out in a box at the largest size from ``size_pt`` down to
    ``min_size_pt`` (on a 0.25 pt grid) at which it fits, or raise :class:`Overflow`
    (unless not ``strict``: then it is set at ``min_size_pt`` and may overflow).

    ``lang`` picks the hyphenation patterns (None: break only at soft hyphens and
    hyphens); ``hyphenate=False`` never breaks a word (titles), ``wrap=False`` never
    breaks a line; ``markup_on=False`` takes the text as it is (no markup, spaces kept);
    ``weight`` is the face of unmarked text; ``ratio`` (say 0.94) shrinks by that factor a step,
    largest first, instead of finding the largest size that fits (one-line texts: exactly; others:
    on the 0.25 pt grid); ``icon`` is the icons' side in cap heights,
    or a function of the icon's name giving it (it must be hashable: results are cached).
    Raises :class:`MarkupError` for bad markup and ``fonts.FontError`` for a character
    no font of the family has.
    """
    if align not in ALIGNS:
        raise ValueError(f"align must be one of {', '.join(ALIGNS)}, got {align!r}")
    if valign not in VALIGNS:
        raise ValueError(f"valign must be one of {', '.join(VALIGNS)}, got {valign!r}")
    if not (width_mm > 0 and height_mm > 0) and (strict or not (math.isfinite(width_mm) and math.isfinite(height_mm))):
        raise ValueError(f"text box must have a positive size, got {width_mm} x {height_mm} mm")
    if not 0 < min_size_pt <= size_pt:
        raise ValueError(f"text size {size_pt} pt is below its minimum {min_size_pt} pt")
    if line_height <= 0:
        raise ValueError(f"line_height must be above 0, got {line_height}")
    if lang is not None and hyphenate and wrap:
        _code(lang)
    else:
        lang = None
    if wrap:  # one line is measured in one pass; it is breaking lines that costs
        _bounded(markup, width_mm, height_mm, min_size_pt, line_height)
    how = _How(lang, family, weight, float(line_height), align, valign, icon, wrap, hyphenate, markup_on, strict, ratio)
    return _fit(markup, float(width_mm), float(height_mm), float(size_pt), float(min_size_pt), how)


@dataclass(frozen=True)
class _How:
    """How a text is set (everything but the text, its box and its sizes)."""

    lang: str | None
    family: "fonts.FamilyRef"
    weight: str
    line_height: float
    align: str
    valign: str
    icon: "float | Callable[[str], float]"
    wrap: bool
    hyphenate: bool
    markup: bool
    strict: bool
    ratio: float | None = None

    @property
    def printer(self) -> bool:
        """Set as body text: a size step down before a hyphen, lone last words given company."""
        return self.hyphenate and self.wrap and self.lang is not None


class TooLong(Overflow):
    """A text far longer than its box could hold at any allowed size: refused before it is laid out."""

    def __init__(self, chars: int, width_mm: float, height_mm: float, size_pt: float):
        ValueError.__init__(self, f"overflows: {chars:,} characters are far more than a {width_mm:g} × "
                                  f"{height_mm:g} mm box holds at {size_pt:g} pt")
        self.height_mm, self.width_mm, self.size_pt, self.line = height_mm, 0.0, size_pt, None


def _bounded(markup: str, width_mm: float, height_mm: float, min_size_pt: float, line_height: float) -> None:
    """Refuse a text that could not fit even if every character were a fifth of the size wide
    and every line as low as the size (four times over, for markup): laying out a text of a
    hundred thousand characters to find that it overflows took seconds per card."""
    if not (width_mm > 0 and height_mm > 0):
        return  # no room at all: laid out, it overflows as any text does
    em = pt_to_mm(min_size_pt)
    most = (width_mm / (0.2 * em) + 1) * (height_mm / (min(line_height, 1.0) * em) + 1)
    if len(markup) > 4 * most + 200:
        raise TooLong(len(markup), width_mm, height_mm, min_size_pt)


@lru_cache(maxsize=512)
def _fit(markup: str, box_w: float, box_h: float, size: float, min_size: float, how: _How) -> Fitted:
    """The fitted box, from pnp's cache when this very text was fitted to this box before
    (a rebuild fits only what changed), plain texts (names, labels, numbers) as well as marked-up
    ones: a deck of unique cards has a few of each per card. Texts with icons sized by a function
    are fitted every time."""
    if callable(how.icon):
        return _fit_now(markup, box_w, box_h, size, min_size, how)
    table = _fits((box_w, box_h, size, min_size, how.lang, _family_key(how.family), how.weight, how.line_height,
                   how.align, how.valign, float(how.icon), how.wrap, how.strict, how.ratio, how.markup, how.hyphenate))
    kept = table.get(markup)
    if kept is not None:
        return _unpack(marshal.loads(kept), how.family)
    fitted = _fit_now(markup, box_w, box_h, size, min_size, how)
    table.put(markup, marshal.dumps(_packed(fitted)))  # one bytes object: a kept table is small in memory
    return fitted


def _family_key(family: "fonts.FamilyRef") -> str:
    """A family as a cache key: its name and the digests of its font files."""
    fam = fonts.family_of(family)
    if fam.bundled:
        return fam.bundled
    return repr((fam.name, [fonts._digest(f) for f in fonts.chain(fam, "regular")],
                 [fonts._digest(f) for w in fonts.WEIGHTS for f in fonts.chain(fam, w)]))


@lru_cache(maxsize=64)
def _fits(box: tuple) -> "Table":
    """The texts fitted to one kind of box (size, style): a deck reads only its own boxes' table."""
    from pnp.load.cache import Table, code_fingerprint

    def key() -> str:
        fonts_seen = ",".join(f"{f.name}:{f.stat().st_size}:{f.stat().st_mtime_ns}"
                              for f in sorted(fonts.FONT_DIR.glob("*.[to]tf")))
        return f"fits-v4|{box!r}|{code_fingerprint()}|{fonts_seen}|{getattr(pyphen, '__version__', '0')}"

    return Table("fits", key, FITS_KEPT)


FITS_KEPT = 12_000  # fitted texts kept per kind of box: a 5,000-card deck's and then some


def _packed(f: Fitted) -> tuple:
    return (f.size_pt, tuple((p.x, p.baseline_y, p.text, p.size_pt, p.weight) if isinstance(p, PlacedText)
                             else (p.x, p.top_y, p.size_mm, p.name) for p in f.pieces),
            f.lines, f.height_mm, f.width_mm, f.box, f.hyphens)


def _unpack(kept: tuple, family: "fonts.FamilyRef") -> Fitted:
    size, pieces, lines, height, width, box, hyphens = kept
    return Fitted(size, tuple(PlacedText(*p) if len(p) == 5 else PlacedIcon(*p) for p in pieces), lines, height,
                  width, box, family, hyphens)


def _sizes(size: float, min_size: float) -> list[float]:
    """The sizes tried, largest first: ``size``, then down the 0.25 pt grid, then ``min_size``."""
    sizes = [size]
    while sizes[-1] - STEP_PT > min_size + 1e-9:
        sizes.append(round(size - len(sizes) * STEP_PT, 6))
    if min_size < size:
        sizes.append(min_size)
    return sizes


def _largest(sizes: list[float], attempt: "Callable[[float], _Attempt]") -> "tuple[float, _Attempt] | None":
    """The largest of ``sizes`` (largest first) at which ``attempt`` fits, by bisection
    (a smaller size never needs more lines); None when even the last does not."""
    first = attempt(sizes[0])
    if first[4]:
        return sizes[0], first
    if len(sizes) == 1:
        return None
    best = attempt(sizes[-1])
    if not best[4]:
        return None
    lo, hi = 1, len(sizes) - 1  # sizes[hi] fits; bisect for the first that does
    while lo < hi:
        mid = (lo + hi) // 2
        a = attempt(sizes[mid])
        if a[4]:
            hi, best = mid, a
        else:
            lo = mid + 1
    return sizes[hi], best


def _fit_now(markup: str, box_w: float, box_h: float, size: float, min_size: float, how: _How) -> Fitted:
    family = how.family
    paras = _paragraphs(markup, family, how.icon, how.weight, how.markup)
    if not any(paras):
        return Fitted(size, (), 0, 0.0, 0.0, (box_w, box_h), family)

    def attempt(s: float, split: bool = how.hyphenate) -> _Attempt:
        lines = _break(paras, s, box_w, how.lang, family, split, how.wrap, how.printer)
        height = _baselines(lines, s, how.line_height, family, how.weight)[1]
        widest = max(lines, key=lambda ln: ln.width)
        dh, dw = height - box_h, widest.width - box_w
        return lines, dh, dw, widest, dh <= EPS and dw <= EPS

    def place(s: float, a: _Attempt) -> Fitted:
        return _place(a[0], s, box_w, box_h, how, _hyphens(a[0]))

    if how.ratio is not None:
        return _stepped(size, min_size, how, attempt, place)
    if not how.wrap:  # lines as given: width and height grow with the size, so the size that fits is exact
        return _one_size(paras, markup, box_w, box_h, size, min_size, how, attempt, place)
    sizes = _sizes(size, min_size)
    if how.printer:  # a size step down reads better than a hyphen
        floor = max(min_size, size * NO_HYPHEN_DOWN_TO)
        found = _largest([s for s in sizes if s >= floor - 1e-9], lambda s: attempt(s, False))
        if found is not None:
            return place(*found)
    found = _largest(sizes, _unbroken_first(attempt) if how.printer else attempt)
    if found is not None:
        return place(*found)
    smallest = attempt(min_size)
    if not how.strict:
        return place(min_size, smallest)
    _, dh, dw, widest, _ok = smallest
    raise Overflow(max(dh, 0.0), max(dw, 0.0), min_size, _line_text(widest) if dw > EPS else None)


def _stepped(size: float, min_size: float, how: _How, attempt: "_Try", place: "_Place") -> Fitted:
    """The first of size, size x ratio, size x ratio², ... (never below ``min_size``) that fits."""
    ratio = how.ratio
    assert ratio is not None  # only a text set by ratio steps comes here
    while True:
        a = attempt(size)
        if a[4] or (not how.strict and size <= min_size):
            return place(size, a)
        if size <= min_size:
            _, dh, dw, widest, _ok = a
            raise Overflow(max(dh, 0.0), max(dw, 0.0), size, _line_text(widest) if dw > EPS else None)
        size = max(min_size, size * ratio)


def _unbroken_first(attempt: "_Try") -> "Callable[[float], _Attempt]":
    """An attempt that breaks words only at a size where the text does not fit without."""
    def first(s: float) -> _Attempt:
        a = attempt(s, False)
        return a if a[4] else attempt(s)
    return first


def _one_size(paras: "Paragraphs", markup: str, box_w: float, box_h: float, size: float, min_size: float, how: _How,
              attempt: "_Try", place: "_Place") -> Fitted:
    """Lines that never break: the largest size at which the widest line and the block fit."""
    first = attempt(size)
    if first[4] or min_size >= size:
        if first[4] or not how.strict:
            return place(size, first)
    else:
        if not how.markup and "\n" not in markup:  # one plain line: measured as the backends measure it
            width = fonts.string_width(markup, size, how.family, how.weight)
        else:
            width = first[3].width
        height = first[1] + box_h
        k = min(box_w / width if width > box_w + EPS else 1.0, box_h / height if height > box_h + EPS else 1.0)
        s = max(min_size, size * k)
        a = attempt(s)
        if a[4] or not how.strict:
            return place(s, a)
        first = a
        size = s
    _, dh, dw, widest, _ok = first
    raise Overflow(max(dh, 0.0), max(dw, 0.0), size, _line_text(widest) if dw > EPS else None)


def _hyphens(lines: list[_Line]) -> int:
    """How many lines end in a word the setting broke (a hyphen it added, or one it broke after)."""
    return sum(1 for ln in lines if not ln.last and ln.words and ln.words[-1].broken)


# ---------------------------------------------------------------- scene


def to_scene(fitted: Fitted, x0: float, y0: float, fill: Color = BLACK,
             draw_icon: "Callable[[str, float, float, float], Node] | None" = None) -> Group:
    """The fitted box as scene nodes, its top-left at (x0, y0): one ``Text`` per
    piece (baseline point, anchor start) and ``draw_icon(name, x, y, size_mm)``
    for each icon, (x, y) being the icon square's top-left."""
    g = Group()
    for p in fitted.pieces:
        if isinstance(p, PlacedText):
            g.add(Text(x0 + p.x, y0 + p.baseline_y, p.text, size=p.size_pt, font=fitted.family,
                       weight=p.weight, fill=fill))
        elif draw_icon is None:
            raise ValueError(f"the text shows the icon :{p.name}: but nothing draws icons")
        else:
            g.add(draw_icon(p.name, x0 + p.x, y0 + p.top_y, p.size_mm))
    return g
