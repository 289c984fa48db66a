"""What a game build produces: named assets made of pages, the items cut from them, and the options
that shape them. Games yield Assets; the build writes them in each format."""
from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from pnp.load.budget import Limits
from pnp.load.classes import dataclass
from pnp.scene import Group, Page

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.game import Game


@dataclass(frozen=True)
class SheetSpec:
    """How items go onto paper: size, margins, bleed, marks, duplex backs; sizes in mm."""

    paper: str = "a4"  # a4 | letter | WxH (mm, e.g. "210x297")
    orientation: str = "auto"  # auto (whichever fits more) | portrait | landscape
    margin: float = 8.0
    gutter: float = 0.0
    bleed: float = 3.0
    crop_marks: bool = True
    cut_lines: bool = False
    duplex: str = "long"  # long | short | none
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_length: float = 4.0  # mm
    crop_gap: float = 1.0  # mm between the outer bleed and a crop mark's start
    rotate: bool = True  # grid/packing may turn items 90 degrees when that fits more
    lang: str = "de"  # language of page labels and printed instructions

    def __post_init__(self) -> None:
        for name in ("margin", "gutter", "bleed", "crop_length", "crop_gap"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or v < 0:
                raise ValueError(f"sheet {name} must be 0 or more mm, got {v!r}")
        if self.orientation not in ("auto", "portrait", "landscape"):
            raise ValueError(f"sheet orientation must be auto, portrait or landscape, got {self.orientation!r}")
        if self.duplex not in ("long", "short", "none"):
            raise ValueError(f"duplex must be long, short or none, got {self.duplex!r}")
        if len(self.back_offset) != 2:
            raise ValueError(f"back_offset must be (x, y) in mm, got {self.back_offset!r}")


@dataclass(frozen=True)
class BuildOptions(SheetSpec):
    """A build's settings: the sheet, plus what is not about paper."""

    dpi: int = 100  # PNG preview resolution
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific options (e.g. square size)
    ink_saver: bool = False  # light grounds, outlines instead of dark fills: each kind's and layout's ink-saving look
    given: frozenset[str] = frozenset()  # sheet settings set on the command line: they beat game.yaml
    limits: Limits = Limits()  # how much the build may make (pnp.load.budget)

    def for_game(self, game: "Game") -> "BuildOptions":
        """These options with the game's own ``sheet:`` settings and language where the command
        line left them (a game that names no language prints in English)."""
        from dataclasses import replace

        own = {k: v for k, v in game.manifest.sheet.values().items() if k not in self.given}
        if "lang" not in self.given:
            own["lang"] = game_lang(game)
        return replace(self, **own) if own and any(getattr(self, k) != v for k, v in own.items()) else self


DEFAULT_LANG = "en"  # a game that names no language


def game_lang(game: "Game") -> str:
    """The language a game prints in when no command line says otherwise."""
    lang: str | None = getattr(game.manifest, "lang", None)
    return lang or DEFAULT_LANG


@dataclass
class Item:
    """Something with a trim size that gets cut out.

    ``front(bleed)`` / ``back(bleed)`` return a Group drawn in the item's own
    coordinates: the trim is the box (0, 0, w, h); the background must extend
    to (-bleed, -bleed, w + 2 bleed, h + 2 bleed) so cutting slightly off
    still shows no white edge. ``back`` is None for single-sided items.
    """

    w: float
    h: float
    front: Callable[[float], Group]
    back: Callable[[float], Group] | None = None
    label: str = ""
    back_key: object = None  # equal keys: the same back design (proofs and exports show it once)
    cut: tuple | None = None  # the trim's outline when not its box: path ops (M/L/C/Z) in item mm


@dataclass
class Asset:
    """One output file stem, e.g. ``deck`` or ``cards/nach-links``.

    ``pages`` is a list or a zero-argument callable yielding pages, so huge
    decks can be streamed into the PDF without holding every page.
    ``formats`` limits which formats make sense (None: all requested).
    PDF gets every page in one file; SVG and PNG get one file per page
    (``name.svg`` for one page, ``name-p01.svg`` ... otherwise).
    """

    name: str
    title: str
    pages: "list[Page] | Callable[[], Iterable[Page]]"
    formats: tuple[str, ...] | None = None
    description: str = ""
    # Distinct faces with their copy counts (decks, counter sheets), so previews,
    # contact sheets and Tabletop Simulator export need not re-read the data.
    faces: "list[tuple[Item, int]] | None" = None
    back: "Item | None" = None
    source: str = ""  # the data file (or rules module) it comes from, for messages and the manifest
    min_text_pt: float = 6.0  # the smallest printed text it may carry (counters, tokens, tiles: 5)
    pages_at_least: int = 0  # pages it makes at the least, known before drawing: held to the page budget
    preview_of: str | None = None  # the asset this one is a preview image of (contact sheets)
    safe: float | None = None  # mm inside the trim that text keeps clear of (proofs draw it)
    cards: object = None  # a deck's typed card list, for checkers and exports
    warnings: list = field(default_factory=list)  # "file:line: warning: ..." found while drawing
    overlaps: list = field(default_factory=list)  # texts that overlap another element of their card, once drawn
    shapes: int | None = None  # about how many shapes its pages draw, known before drawing (None: unknown)
    pictures: dict = field(default_factory=dict)  # digest -> (pixels decoded, SVG elements) of each picture placed
    two_sided: bool | None = None  # known once drawn: its file prints double-sided (every page has a back)
    stock: str = ""  # what to print it on: paper | card | film | sticker ("": the print guide decides)
    cutting: str = ""  # how it is cut: none | pieces (at crop marks) | tiles (pages taped into a board)
    pieces: int = 0  # pieces cut from its pages, when it has no faces to count (a sheet of pieces)
    budget_at: tuple = ()  # (file, line, col, what it counts): where a pages_at_least over budget is reported
    computed: bool = False  # its pages show data the game's code computes (a source): redrawn on every change

    def iter_pages(self) -> Iterator[Page]:
        if callable(self.pages):
            return iter(self.pages())
        return iter(self.pages)

    def wants(self, fmt: str) -> bool:
        return self.formats is None or fmt in self.formats


AssetList = Iterable[Asset]
