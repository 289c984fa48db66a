"""Helpers: synthetic decks with known colours, real games built into a temp folder."""
from __future__ import annotations

import colorsys
from pathlib import Path


from pnp.model.assets import Asset
from pnp.impose.items import Item
from pnp.scene import Group, Rect, Text, color, style

BACK = "#202060"


def face_colour(i: int) -> str:
    """A distinct, saturated colour per face index (easy to find in pixels)."""
    r, g, b = colorsys.hsv_to_rgb((i * 0.618034) % 1.0, 0.85, 0.9)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def card(i: int, w: float = 63.0, h: float = 88.0, own_back: bool = False) -> Item:
    fill = face_colour(i)
    back_fill = face_colour(i + 50) if own_back else BACK

    def front(bleed: float) -> Group:
        return Group([Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=fill)),
                      Text(w / 2, h / 2, str(i + 1), size=28, weight="bold", anchor="middle", fill=color("white"))])

    def back(bleed: float) -> Group:
        return Group([Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, style(fill=back_fill))])

    return Item(w, h, front, back, label=f"Karte {i + 1}")


def deck(copies: list[int], w: float = 63.0, h: float = 88.0, name: str = "deck", own_back: bool = False) -> Asset:
    faces = [(card(i, w, h, own_back), n) for i, n in enumerate(copies)]
    return Asset(name, "Testdeck", [], faces=faces, back=None)


def rgb(hexstr: str) -> tuple[int, int, int]:
    c = color(hexstr)
    return (c.r, c.g, c.b)


def close(a, b, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3]))


# 17 faces, 50 cards: the shape of the Kafkas Halle permit deck
KAFKA_COPIES = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2]

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"


# Quick real games for the gallery tests; PNP_GALLERY_GAMES=all (or a comma list)
# builds more, e.g. for the README screenshot.
QUICK_GAMES = ("18-kniffel", "kafkas-halle")  # a score sheet and a deck with faces
_BUILT: dict = {}


def chosen_games() -> list[str]:
    """The shipped games to build; a name that is not in data/ is an error, never a smaller gallery."""
    import os

    from pnp.model.game import discover

    names = list(discover(DATA))
    want = os.environ.get("PNP_GALLERY_GAMES", "")
    if want == "all":
        return names
    chosen = want.split(",") if want else list(QUICK_GAMES)
    missing = [n for n in chosen if n not in names]
    assert not missing, f"no game {', '.join(missing)} in {DATA} (there are {', '.join(names)})"
    return chosen


def build_real_games(root: Path, dpi: int = 30):
    """Build the chosen real games into root/out from a data folder root/data
    that links only those games (so the gallery checks just them).

    Returns (out, data, games built); cached per session. A game that does not build
    raises: the shipped games must build, so their failure fails the tests that need them."""
    from pnp.model.assets import BuildOptions
    from pnp.output.build import build_games
    from pnp.model.game import discover
    from pnp.output.tts import export

    if "result" in _BUILT:
        return _BUILT["result"]
    out, data = root / "out", root / "data"
    data.mkdir(parents=True, exist_ok=True)
    for name in chosen_games():
        (data / name).symlink_to(DATA / name, target_is_directory=True)
    opts = BuildOptions(dpi=dpi)
    built = list(discover(data).values())
    for g in built:
        build_games([g], opts, ["pdf", "svg", "png"], out)
        export(g, BuildOptions(extra={"tts_dpi": 40}), out)  # Tabletop Simulator files too
    _BUILT["result"] = (out, data, built)
    return _BUILT["result"]


CHECKED_RULES = '''
FILES = ("look.yaml",)  # read below, no kind of its own

from pnp.model.assets import Asset
from pnp.checks import Finding
from pnp.scene import Group, Page, Rect, style
from pnp.load.loader import load_yaml


def build(game, opts):
    cfg = load_yaml(game.path("look.yaml"))
    page = Page(40, 30, Group([Rect(0, 0, 40, 30, style(fill=cfg["fill"]))]))
    yield Asset("swatch", "Swatch", [page])


def check(game, state=None):
    cfg = load_yaml(game.path("look.yaml"))
    if cfg.get("broken"):
        return [Finding("test.broken", "look.yaml says broken", "seed.txt", object="look")]
    return [Finding("test.note", "just a warning", "seed.txt", severity="warning")]
'''


