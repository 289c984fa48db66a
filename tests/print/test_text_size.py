"""Every printed character is readable: at least 6 pt on everything read during play,
5 pt on counters, tokens and tiles (assets that say so with ``min_text_pt``)."""
from __future__ import annotations

from pdfread import char_sizes
from printhelp import files


def test_no_printed_character_is_below_the_floor(printed):
    small, total = [], 0
    for game, rel, entry in files(printed, "pdf"):
        floor = entry.get("min_text_pt", 6.0)
        sizes = [s for _, s in char_sizes(printed / game / rel)]
        total += len(sizes)
        under = [s for s in sizes if s < floor - 0.05]
        if under:
            small.append(f"{game}/{rel}: {len(under)} of {len(sizes)} characters under {floor:g} pt "
                         f"(smallest {min(under):.1f} pt)")
    assert total > 50_000
    assert small == []


def test_the_check_measures_real_sizes(tmp_path):
    """The reader itself: a 12 pt text, a scaled one and a rotated one read back at their printed size."""
    from pnp.render.pdf import render_pdf_bytes
    from pnp.scene import Group, Page, Text, rotate, scale

    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(render_pdf_bytes([Page(100, 100, Group([
        Text(10, 20, "A", size=12), Group([Text(10, 40, "B", size=12)], transform=scale(0.5)),
        Group([Text(0, 0, "C", size=10)], transform=rotate(30, 50, 50))]))]))
    sizes = {ch: round(s, 2) for ch, s in char_sizes(pdf)}
    assert sizes == {"A": 12.0, "B": 6.0, "C": 10.0}
