"""Watch mode's short cut: after a save that touched only leaf files (a deck, a board, a counter
sheet), the assets made from other files are taken over from the last build by hard link."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from pnp.layout.documents import documents
from pnp.layout.kinds import KINDS
from pnp.model.plain.game import Game
from pnp.output.files import Staging
from pnp.output.manifest import read_manifest
from pnp.output.plan import Planned


def link_unchanged(game: Game, items: Planned, old: Path, st: Staging, changed: Iterable[Path], files: list,
                   staged: list) -> Planned:
    """The items to draw again after ``changed``; the other assets' files are linked
    from the last build into staging (and listed in ``files``/``staged``)."""
    import shutil

    from pnp.load.loader import display_path

    manifest = read_manifest(old)
    touched = {display_path(Path(p)) for p in changed}
    leaves = {display_path(p) for p, kind, _ in documents(game)
              if kind is not None and kind in KINDS and KINDS[kind].leaf}
    if manifest is None or not touched <= leaves:
        return items
    by_asset: dict[str, list] = {}
    for e in manifest.get("files", []):
        by_asset.setdefault(e["asset"], []).append(e)
    redo = []
    for asset, fmts in items:
        old_files = by_asset.get(asset.name, [])
        if asset.source in touched or asset.source.startswith("rules module") or asset.computed \
                or {e["format"] for e in old_files} != set(fmts) \
                or not all((old / e["file"]).is_file() for e in old_files):
            redo.append((asset, fmts))
            continue
        asset.two_sided = any(e.get("duplex") for e in old_files)
        for e in old_files:
            rel = f"{game.name}/{e['file']}"
            target = st.path(rel)
            try:
                os.link(old / e["file"], target)
            except OSError:
                shutil.copyfile(old / e["file"], target)
            files.append((asset, e["file"], e["pages"]))
            staged.append((game.name, rel, e["pages"]))
    return redo
