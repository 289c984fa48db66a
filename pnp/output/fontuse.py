"""``pnp fonts GAME``: the fonts a game's pages use, and how well each covers its text.

Every page of every asset is made (not drawn) and its texts are read: for each
family and face, the characters set in it, the file that draws them, and the
characters it lacks with the fallback that draws them instead (or none).
"""
from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from pnp.load.classes import dataclass
from pnp.scene import fonts
from pnp.scene.primitives import Group, Node, Text

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.assets import BuildOptions
    from pnp.model.game import Game


@dataclass
class FaceUse:
    family: str
    weight: str
    file: str
    source: str  # bundled | file | installed (Family.origin)
    chars: set[str] = field(default_factory=set)
    _family: fonts.Family = field(kw_only=True, repr=False, compare=False)  # what draws it

    def row(self) -> dict[str, Any]:
        own = fonts.chain(self._family, self.weight)
        covered = {c for c in self.chars if c in fonts._covers(own[0])}
        by_fallback: dict[str, list[str]] = {}
        missing = []
        for c in sorted(self.chars - covered):
            face = next((f for f in own[1:] if c in fonts._covers(f)), None)
            if face is None:
                missing.append(c)
            else:
                by_fallback.setdefault(face.name, []).append(c)
        return {"family": self.family, "weight": self.weight, "file": self.file, "source": self.source,
                "characters": len(self.chars), "covered": len(covered),
                "fallback": {k: "".join(v) for k, v in by_fallback.items()}, "missing": "".join(missing)}


def font_use(game: "Game", opts: "BuildOptions") -> list[dict[str, Any]]:
    """One row per family and face the game's pages set text in."""
    from pnp.output.plan import collect_assets

    used: dict[tuple[fonts.Family, str], FaceUse] = {}

    def visit(node: Node) -> None:
        if type(node) is Group:
            for child in node.children:
                visit(child)
        elif type(node) is Text and node.text:
            fam = fonts.family_of(node.font)
            key = (fam, node.weight)
            if key not in used:
                used[key] = FaceUse(fam.name, node.weight, fam.face(node.weight).path, fam.origin, _family=fam)
            used[key].chars.update(c for c in node.text if c not in "\n\t")

    for asset in collect_assets(game, opts):
        if asset.preview_of:
            continue
        for page in asset.iter_pages():
            visit(page.content)
    return [u.row() for u in sorted(used.values(), key=lambda u: (u.source != "bundled", u.family, u.weight))]
