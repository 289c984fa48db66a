"""Everything Clouded Klin Zha prints beyond the generic board.

Board-scale assets (overlays, umpire copies) share the board's frame, so
their registration marks land on the board's; the options that change the
board (``cell_mm``, ``tile``) change them too.
"""
from __future__ import annotations

from pnp.model.assets import Asset
from pnp.layout.builtin.key import swatch_legend
from pnp.layout.builtin.trigrid import (BoardFrame, board_frame, edge_option, board_group, board_pages, cell_names, page_title,
                                   registration_marks)
from pnp.model.base import tr
from pnp.scene import Group, mirror_x
from pnp.model.options import flag
from pnp.games.klin_zha.overlay import legend_rows, overlay_group
from pnp.games.klin_zha.sky import Layout, resolve, steps
from pnp.load.words import Words

WORDS = Words.beside(__file__)


def board_settings(kit, opts):
    g = kit.grid(edge_option(opts, kit.board.edge))
    frame = board_frame(g, opts.paper, opts.orientation, kit.board.margin, flag(opts, "tile"))
    return g, frame


def _step_text(layout: Layout, step: int, lang: str) -> str:
    m = layout.model.moving
    if not m:
        return ""
    if step == 0:
        return WORDS(lang, "step.start")
    return WORDS(lang, "step.after", turns=m.every * step, step=step)


def overlay_pages(kit, layout: Layout, opts, mirror: bool | None = None):
    """One overlay page (or set of tiles) per step of the layout."""
    g, frame = board_settings(kit, opts)
    lang = opts.lang
    mirror = flag(opts, "mirror") if mirror is None else mirror
    title = tr(layout.model.title, lang)
    pages = []
    for step in range(steps(layout.model)):
        sky = resolve(g, layout.model, step)

        def draw(sky=sky):
            reg = registration_marks(g, "black") if kit.board.registration else None
            return overlay_group(g, sky, registration=reg, mirror=mirror, ink_saver=opts.ink_saver)

        def extras(fr: BoardFrame, step=step) -> Group:
            head = WORDS(lang, "assets.overlay", title=title)
            sub = _step_text(layout, step, lang)
            note = WORDS(lang, "overlay.mirrored" if mirror else "overlay.note")
            grp = Group([page_title(fr, head, (sub + " · " if sub else "") + note, lang)])
            grp.add(swatch_legend(fr.page_w - fr.margin - 78, fr.margin + 2, legend_rows(lang, opts.ink_saver),
                                  size=6.5))
            if mirror:
                return Group([grp], transform=mirror_x(fr.page_w / 2))
            return grp

        label = f"{layout.name} step {step}" + (" mirrored" if mirror else "")
        pages += board_pages(frame, draw, extras, title, label)
    return pages


def umpire_pages(kit, layout: Layout, opts):
    """Board and overlay merged, names on top: the umpire's map of the sky."""
    g, frame = board_settings(kit, opts)
    lang = opts.lang
    title = tr(layout.model.title, lang)
    pages = []
    for step in range(steps(layout.model)):
        sky = resolve(g, layout.model, step)

        def draw(sky=sky):
            grp = board_group(kit.board, g, lang, names=False, hatch=False)
            grp.add(overlay_group(g, sky, names_under=False, opacity=0.45, ink_saver=opts.ink_saver))
            grp.add(cell_names(g, size=kit.board.name_size + 0.5, fill="#111111"))
            if kit.board.registration:
                grp.add(registration_marks(g, kit.board.line))
            return grp

        def extras(fr: BoardFrame, step=step, sky=sky) -> Group:
            head = f"{WORDS(lang, 'umpire.head')}: {title}"
            sub = _step_text(layout, step, lang)
            count = WORDS(lang, "umpire.count", under=len(sky.under), edge=len(sky.edge))
            grp = Group([page_title(fr, head, (sub + " · " if sub else "") + count, lang, bar=False)])
            grp.add(swatch_legend(fr.page_w - fr.margin - 78, fr.margin + 2, legend_rows(lang, opts.ink_saver),
                                  size=6.5))
            return grp

        pages += board_pages(frame, draw, extras, title, f"{layout.name} umpire step {step}")
    return pages


def kit_assets(kit, opts):
    from pnp.games.klin_zha.sheets import d6_table_page, position_sheet_pages, setup_sheet_pages
    from pnp.games.klin_zha.views import position_files, view_pages

    lang = opts.lang
    words = WORDS[lang]["assets"]
    out = []
    for lay in kit.layouts:
        t = tr(lay.model.title, lang)
        n = steps(lay.model)
        out.append(Asset(f"clouds/{lay.name}", words["overlay"].format(title=t),
                         lambda lay=lay: iter(overlay_pages(kit, lay, opts)),
                         description=f"{n} overlay page(s) at board scale"
                         + (" (mirrored)" if flag(opts, "mirror") else "")))
        out.append(Asset(f"umpire/clouds-{lay.name}", words["umpire"].format(title=t),
                         lambda lay=lay: iter(umpire_pages(kit, lay, opts)),
                         description="board and overlay merged with cell names"))
    out.append(Asset("umpire/d6-directions", words["d6"],
                     lambda: iter([d6_table_page(kit, opts)])))
    out.append(Asset("umpire/setup-sheet", words["setup"],
                     lambda: iter(setup_sheet_pages(kit, opts))))
    out.append(Asset("umpire/position-sheet", words["position"],
                     lambda: iter(position_sheet_pages(kit, opts))))
    sides = {s.id: tr(s.name, lang) for s in kit.rules.sides}
    for path in position_files(kit):
        for side in ("green", "gold"):
            out.append(Asset(f"views/{path.stem}-{side}", words["view"].format(side=sides[side], name=path.stem),
                             lambda path=path, side=side: iter(view_pages(kit, path, side, opts))))
    guide = kit.game.folder / "guide.yaml"
    if guide.is_file():
        from pnp.games.klin_zha.guide import guide_pages, load_guide

        text = load_guide(guide)
        out.append(Asset("umpire/guide", tr(text.title, lang), lambda: iter(guide_pages(text, opts))))
    # piece tokens come from tokens.yaml (kind: counters); the checker compares their counts
    return out
