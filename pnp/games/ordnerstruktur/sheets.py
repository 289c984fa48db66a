"""Account sheet and transitions card (one A4 page each, per variant)."""
from __future__ import annotations

from pnp.scene.fonts import string_width
from pnp.impose.layout import document_page
from pnp.scene import Group, Page, Rect, Text, style
from pnp.games.ordnerstruktur.look import INK, TOTAL_FILL, account_peoples, boxed, chips, peoples_in, t
from pnp.games.ordnerstruktur.mat import fields_row
from pnp.games.ordnerstruktur.model import ACCOUNTS, NUMBERED, SUBFOLDERS, moves

BOX = style(fill="white", stroke="#404040", width=0.3)
GREY = style(fill="#707070").fill


def account_sheet(variant: str, lang: str, paper: str = "a4") -> Page:
    """Six accounts x ten entry boxes, sums, a shared-total column, strike boxes, the path and the steps."""
    page, box = document_page(paper, "portrait", 12.0, f"{t(lang, 'accounts')} — {t(lang, 'variant')[variant]}",
                              "Ordnerstruktur · Tobias Thulke")
    g = page.content
    x, y, w = box.x, box.y, box.w
    g.add(fields_row(x, y + 3, w, [t(lang, "structure_field"), t(lang, "player_field"), t(lang, "date_field")]))
    # the path: one file per subfolder
    y += 9
    g.add(Text(x, y + 3, t(lang, "path"), size=9, weight="bold", fill=INK))
    y += 5
    bw = w / SUBFOLDERS
    for k in range(SUBFOLDERS):
        g.add(boxed(x + k * bw, y, bw, 4, str(k + 1), size=7, weight="bold"))
        g.add(Rect(x + k * bw + 0.6, y + 4, bw - 1.2, 10, BOX, radius=0.8))
    y += 19
    # accounts table
    label_w, entry_w, sum_w, tot_w, strike_w = 36.0, 10.4, 14.0, 14.0, 10.0
    entries_w = NUMBERED * entry_w
    xs = x + label_w
    row_h = 13.0
    g.add(Text(x, y + 3.5, t(lang, "account"), size=8, weight="bold", fill=INK))
    g.add(boxed(xs, y, entries_w, 5, t(lang, "entries"), size=7.5, weight="bold"))
    g.add(boxed(xs + entries_w, y, sum_w, 5, "Σ", size=9, weight="bold"))
    g.add(boxed(xs + entries_w + sum_w, y, tot_w, 5, t(lang, "all_players"), size=6.5))
    g.add(boxed(xs + entries_w + sum_w + tot_w, y, strike_w, 5, t(lang, "struck"), size=6.5))
    y += 6
    for i, name in enumerate(ACCOUNTS):
        ry = y + i * row_h
        if i % 2 == 0:
            g.add(Rect(x, ry, w, row_h, style(fill="#f3f3f3")))
        a, b = account_peoples(i)
        g.add(chips(x + 1, ry + row_h / 2 - 1.3, [a, b]))
        g.add(Text(x + 8.5, ry + row_h / 2 + 1.3, name, size=9, weight="bold", fill=INK))
        for k in range(NUMBERED):
            g.add(Rect(xs + k * entry_w + 0.7, ry + 1.5, entry_w - 1.4, row_h - 3, BOX, radius=0.6))
        g.add(Rect(xs + entries_w + 1, ry + 1, sum_w - 2, row_h - 2, style(fill=TOTAL_FILL, stroke="#404040", width=0.4),
                   radius=0.8))
        g.add(Rect(xs + entries_w + sum_w + 1, ry + 1, tot_w - 2, row_h - 2, BOX, radius=0.8))
        sx = xs + entries_w + sum_w + tot_w + strike_w / 2
        g.add(Rect(sx - 2.5, ry + row_h / 2 - 2.5, 5, 5, BOX))
    y += 6 * row_h + 4
    # score
    g.add(boxed(xs + entries_w - 30, y, 30, 12, t(lang, "score"), size=11, weight="bold", anchor="end"))
    g.add(Rect(xs + entries_w + 1, y, sum_w + tot_w - 2, 12, style(fill="white", stroke="#202020", width=0.6),
               radius=1))
    y += 18
    # the final scoring, in steps
    g.add(Text(x, y, t(lang, "steps_title"), size=11, weight="bold", fill=INK))
    y += 3
    steps = list(t(lang, "steps"))
    if variant == "voelker":
        steps[0] = t(lang, "step1_v")
    for k, step in enumerate(steps, 1):
        g.add(Text(x, y + 3.2, f"{k}.", size=9, weight="bold", fill=INK))
        g.add(Text(x + 6, y, step, size=9, fill=INK, box=(w - 6, 12), shrink=True))
        y += 11
    page.label = f"konten-{variant}"
    return page


def _move_words(variant: str, frm: str, to: str) -> tuple[str, str]:
    if variant == "paare":
        p, q = set(frm.split()), set(to.split())
        return (p - q).pop(), (q - p).pop()
    return frm, to


def transitions_card(variant: str, lang: str, paper: str = "a4") -> Page:
    """From each name: the allowed next names and the account each move feeds; the barred ones."""
    mv = moves(variant)
    page, box = document_page(paper, "portrait", 12.0, f"{t(lang, 'transitions')} — {t(lang, 'variant')[variant]}",
                              "Ordnerstruktur · Tobias Thulke")
    g = page.content
    hint = t(lang, "trans_hint" if variant == "paare" else "trans_hint_v")
    g.add(Text(box.x, box.y, hint, size=9, fill=INK, box=(box.w, 9), shrink=True))
    cols = 2
    gap = 6.0
    bw = (box.w - gap) / cols
    line_h = 7.5
    bh = 11 + mv.degree * line_h + (7 if variant == "paare" else 3)
    top = box.y + 12
    name_x_rel = 8 + 3.2 * (2 if variant == "paare" else 1) + 1
    name_w = max(string_width(n, 9, "sans", "bold") for n in mv.names)
    for i, frm in enumerate(mv.names):
        bx = box.x + (i % cols) * (bw + gap)
        name_x = bx + name_x_rel
        by = top + (i // cols) * (bh + 5)
        blk = Group(id=f"from-{frm}")
        ps = peoples_in(frm)
        blk.add(Rect(bx, by, bw, bh, style(stroke="#404040", width=0.35), radius=2))
        blk.add(Rect(bx, by, bw, 9, style(fill="#ebebeb"), radius=2))
        blk.add(chips(bx + 3, by + 3.2, ps))
        blk.add(Text(bx + 4 + 3.4 * len(ps), by + 6.3, f"{t(lang, 'from')} {frm}", size=10, weight="bold", fill=INK))
        for k, (j, a) in enumerate(zip(mv.nxt[mv.names.index(frm)], mv.acc[mv.names.index(frm)])):
            to = mv.names[j]
            ly = by + 11 + k * line_h
            blk.add(Text(bx + 3, ly + 4.5, "→", size=10, weight="bold", fill=INK))
            blk.add(chips(bx + 8, ly + 2, peoples_in(to), size=2.3))
            blk.add(Text(name_x, ly + 4.5, to, size=9, weight="bold", fill=INK))
            out, inn = _move_words(variant, frm, to)
            if variant == "paare":
                blk.add(Text(name_x + name_w + 2, ly + 4.5, t(lang, "drop_add").format(a=out, b=inn), size=6.5, fill=GREY))
            acc_x = bx + bw * 0.655
            blk.add(Rect(acc_x, ly + 0.4, bw * 0.345 - 1.5, line_h - 1.4, style(fill=TOTAL_FILL), radius=1))
            blk.add(chips(acc_x + 1.2, ly + 2, list(account_peoples(a)), size=2.3))
            blk.add(boxed(acc_x + 7.5, ly + 0.4, bw * 0.345 - 9.5, line_h - 1.4, ACCOUNTS[a], size=8, weight="bold",
                          anchor="start"))
        barred = [n for n in mv.names if n not in [mv.names[j] for j in mv.nxt[mv.names.index(frm)]]]
        blk.add(Text(bx + 3, by + bh - 2.2, f"{t(lang, 'forbidden')}: " + ", ".join(barred), size=7, fill=GREY))
        g.add(blk)
    # reverse index: which moves feed each account
    y = top + ((len(mv.names) + cols - 1) // cols) * (bh + 5) + 2
    g.add(Text(box.x, y + 4, t(lang, "accounts_moves"), size=10, weight="bold", fill=INK))
    y += 7
    for i, name in enumerate(ACCOUNTS):
        pairs = []
        for n_i, frm in enumerate(mv.names):
            for j, a in zip(mv.nxt[n_i], mv.acc[n_i]):
                if a == i and n_i < j:
                    pairs.append(f"{frm} ↔ {mv.names[j]}")
        g.add(chips(box.x, y + i * 6 + 0.8, list(account_peoples(i)), size=2.3))
        g.add(Text(box.x + 7, y + i * 6 + 3, name, size=8, weight="bold", fill=INK))
        g.add(Text(box.x + 34, y + i * 6 + 3, ";  ".join(pairs), size=8, fill=INK))
    page.label = f"uebergaenge-{variant}"
    return page

