"""A built game's manifest: every file with its bytes, sha256, pages, asset and format, the data
it was made from and the checker's verdict; and which output folders pnp made (by their manifest)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from pnp.model.assets import Asset, BuildOptions
from pnp.model.plain.game import Game
from pnp.render.formats import format_of


MANIFEST = "manifest.json"


def _sha256(path: Path) -> str:
    from pnp.load.loader import file_sha256

    return file_sha256(path)


def game_facts(game: Game) -> tuple[list[dict], tuple]:
    """What a manifest says of the game's data: each source file with its sha256, and the
    rules checker's verdict. A file that is a link out of the data folder is not read (not even
    to hash it): the game uses none, or the build had stopped."""
    from pnp.checks import verdict
    from pnp.load.paths import is_inside

    sources = [{"file": p.relative_to(game.folder).as_posix(), "sha256": _sha256(p)}
               for p in sorted(game.folder.rglob("*")) if p.is_file()
               and not any(part.startswith(".") or part == "__pycache__"  # Python's, from a rules.py
                           for part in p.relative_to(game.folder).parts) and is_inside(p, game.roots)]
    return sources, verdict(game)


def write_manifest(folder: Path, game: Game, files: list[tuple[Asset, str, int]], opts: BuildOptions,
                   facts: tuple | None = None) -> Path:
    """``manifest.json``: every file with its bytes, sha256, pages, asset and format; the
    data files it was made from with their sha256; pnp's version and the options.
    Sorted and without time stamps, so unchanged data gives the same bytes."""
    from dataclasses import asdict

    from pnp import __version__
    entries: list[dict[str, Any]] = []
    for asset, rel, pages in files:
        p = folder / rel
        entries.append({"file": rel, "bytes": p.stat().st_size, "sha256": _sha256(p), "pages": pages,
                        "format": format_of(rel), "asset": asset.name, "title": asset.title,
                        "min_text_pt": asset.min_text_pt,
                        "duplex": (opts.duplex if asset.two_sided and format_of(rel) == "pdf" else None),
                        "preview_of": asset.preview_of, "source": asset.source})
    sources, (result, findings) = facts or game_facts(game)
    options = asdict(opts)
    del options["limits"]  # how much a build may make is not what it made
    if not options["ink_saver"]:  # said only when on: a normal build's manifest stays as it was
        del options["ink_saver"]
    doc = {"game": game.name, "pnp": __version__, "options": options,
           "files": sorted(entries, key=lambda e: e["file"]), "sources": sources,
           "checks": {"verdict": result, "findings": [list(f) for f in findings]}}
    path = folder / MANIFEST
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True, default=str) + "\n",
                    encoding="utf-8")
    return path


def read_manifest(folder: Path) -> dict | None:
    """A game folder's manifest, or None when it has none (not built by pnp) or it is unreadable."""
    try:
        return json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def owned(out_dir: Path, names: Iterable[str], command: str = "build") -> None:
    """Refuse (OutputError) when ``out_dir/<name>`` is there but pnp did not make it (a link, a
    file, or a folder without a manifest): ``pnp <command>`` would replace whatever someone
    keeps there (``pnp build`` only without ``--force``)."""
    from pnp.output.files import OutputError

    from pnp.output.files import KEEP

    def made(p: Path) -> bool:  # by a build (its manifest), or by pnp tts / pnp export alone (their folders)
        return read_manifest(p) is not None or all(e.name in KEEP and e.is_dir() and not e.is_symlink()
                                                   for e in p.iterdir())

    foreign = []
    for name in names:
        p = Path(out_dir) / name
        if p.is_symlink() or (p.exists() and (not p.is_dir() or not made(p))):
            foreign.append(str(p))
    if foreign:
        raise OutputError(f"{', '.join(foreign)}: {'this is' if len(foreign) == 1 else 'these are'} not a folder "
                          f"pnp {command} made (no {MANIFEST}), and pnp {command} replaces it whole; move it away"
                          + (", choose another --out, or pass --force to replace it" if command == "build"
                             else " or choose another --out"))
