"""Where pnp finds things (kept import-free so the CLI starts fast)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_DATA = ROOT / "data"  # the five games that come with pnp


def data_dir(given: "Path | None" = None) -> Path:
    """The data folder: ``--data`` as given; without it ``./data`` when the working
    folder has one, else the games shipped with pnp."""
    if given is not None:
        return Path(given)
    here = Path("data")
    return here if here.is_dir() else SHIPPED_DATA


DEFAULT_DATA = SHIPPED_DATA


def file_stem(text: str) -> str:
    """A name for a file made from a card's name: lower case, German letters spelt out,
    anything else between letters and digits a single hyphen ("" when nothing is left)."""
    import re

    v = text.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        v = v.replace(a, b)
    return re.sub(r"[^a-z0-9]+", "-", v).strip("-")
