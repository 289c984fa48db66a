"""A game position drawn on the schematic map, for a game master to send round,
and a second page listing every power's centres and units in words: the map
tells powers apart by colour, the list does not need colour at all.

Units are small squares in their owner's colour with a letter (A army,
F fleet, A® A®mazone, D Drecksackarmee, V/B birds, T Tardis); Siamese twins
are joined by a bar; lama herds are triangles with their count; owned supply
centres get a ring in the owner's colour. The Borg and the monsters are
drawn in black and dark blue/green with their strength.
"""
from __future__ import annotations

from pnp.scene import Circle, Group, Page, Path, Polygon, Rect, Text, color, style, translate
from pnp.scene.text import layout
from pnp.games.rather_silly.mapdata import Board
from pnp.games.rather_silly.schematic import MapGeometry, draw_legend, draw_map
from pnp.games.rather_silly.state import GameState
from pnp.load.words import Words

LETTERS = {
    "de": {"army": "A", "fleet": "F", "amazon": "A®", "drecksack": "D", "bird": "V", "tardis": "T"},
    "en": {"army": "A", "fleet": "F", "amazon": "A®", "drecksack": "D", "bird": "B", "tardis": "T"},
}
WORDS = Words.beside(__file__)
SEASONS = WORDS.section("seasons")
LIST = WORDS.section("list")


def _marker(x, y, s, fill, ink, text, bold=True) -> Group:
    g = Group()
    g.add(Rect(x - s / 2, y - s / 2, s, s, style(fill=fill, stroke=ink, width=max(0.15, s * 0.06)), radius=s * 0.15))
    g.add(Text(x, y + s * 0.2, text, size=s * 1.5, weight="bold" if bold else "regular", anchor="middle", fill=ink))
    return g


def draw_position(board: Board, st: GameState, w: float, h: float, lang: str = "de") -> Group:
    """The map with the position on top, in a w x h box."""
    lang = lang if lang in LETTERS else "en"
    geo = MapGeometry(board, w, h)
    s = geo.r * 0.95
    g = Group(id="position")
    g.add(draw_map(board, w, h, lang))
    layer = Group(id="units")
    bars = Group(id="twin-bars")  # under the unit markers
    used: dict[str, int] = {}

    def spot(place: str) -> tuple[float, float]:
        base = place.split("/")[0]
        n = used.get(base, 0)
        used[base] = n + 1
        x, y = geo.pos(place) if place in geo.coast_pts or "/" not in place else geo.pos(base)
        # beside the node (upper right), so the province's name stays readable
        return x + geo.r * 0.9 + n * s * 0.85, y - geo.r * 0.7

    def ok(place: str) -> bool:
        base, _, coast = place.partition("/")
        p = board.provinces.get(base)
        return p is not None and (not coast or coast in p.coasts)

    owners = {}
    for pid, hold in st.players.items():
        who = board.player(pid)
        if who is None:
            continue
        fill, ink = color(who.colour), color(who.text)
        for c in hold.centres:
            if c in board.provinces:
                owners[c] = who
        for u in hold.units:
            places = [p for p in u.places() if ok(p)]
            pts = []
            for place, kind in zip(places, u.kinds()):
                letter = LETTERS[lang]["fleet" if (u.type == "twins" and kind == "fleet") else
                                       ("army" if u.type == "twins" else u.type)]
                x, y = spot(place)
                pts.append((x, y))
                layer.add(_marker(x, y, s, fill, ink, letter))
                if u.gay:
                    layer.add(Circle(x + s * 0.45, y - s * 0.45, s * 0.18, style(fill="#e53935", stroke="white",
                                                                                  width=0.15)))
                if u.devil:
                    layer.add(Text(x - s * 0.45, y - s * 0.35, f"†{u.devil}", size=s * 1.1, weight="bold",
                                   anchor="middle", fill=color("#8b0000")))
            if len(pts) == 2:  # Siamese twins: one bar joins them
                bars.add(Path(style=style(stroke=fill, width=s * 0.25, cap="round")).move(*pts[0]).line(*pts[1]))
        for herd in sorted(set(hold.lama_herds)):
            if herd not in board.provinces:
                continue
            n = hold.lama_herds.count(herd)
            x, y = geo.pos(herd)
            k = used.get("lama:" + herd, 0)
            used["lama:" + herd] = k + 1
            x, y = x - geo.r + k * s * 0.7, y + geo.r * 0.9
            t = s * 0.55
            layer.add(Polygon([(x, y - t), (x + t, y + t * 0.8), (x - t, y + t * 0.8)],
                              style(fill=fill, stroke=ink if who.text != "white" else "black", width=0.15)))
            if n > 1:
                layer.add(Text(x, y + t * 0.6, str(n), size=s * 0.9, weight="bold", anchor="middle", fill=ink))
    # ownership rings under the units
    rings = Group(id="ownership")
    for c, who in owners.items():
        x, y = geo.pos(c)
        rings.add(Circle(x, y, geo.r * 1.18, style(stroke=who.colour, width=max(0.4, geo.r * 0.22))))
    g.add(rings)
    g.add(bars)
    if st.borg and ok(st.borg):
        x, y = spot(st.borg)
        layer.add(_marker(x, y, s, color("#111111"), color("white"), "B"))
    for m in st.monsters:
        if ok(m.at):
            x, y = spot(m.at)
            fill = color("#0b4f6c") if m.type == "sea-monster" else color("#2e7d32")
            layer.add(_marker(x, y, s, fill, color("white"), "2"))
    g.add(layer)
    return g


def unit_words(u, lang: str) -> str:
    """'F SKA (schwul)', 'Zwillinge A GAS + A BRE', 'A NWY (Teufel 2)'."""
    words, letters = LIST[lang], LETTERS[lang]
    if u.type == "twins":
        text = words["twins"] + " " + " + ".join(f"{letters[k]} {p}" for p, k in zip(u.places(), u.kinds()))
    else:
        text = f"{letters[u.type]} {u.places()[0]}"
    notes = ([words["gay"]] if u.gay else []) + ([f"{words['devil']} {u.devil}"] if u.devil else [])
    return text + (f" ({', '.join(notes)})" if notes else "")


def position_list_page(board: Board, st: GameState, opts) -> Page:
    """Every power's centres, units and lama herds as text, one row each."""
    from pnp.impose.layout import document_page

    lang = opts.lang if opts.lang in SEASONS else "en"
    words, season = LIST[lang], SEASONS[lang]
    title = f"{words['title']}: {season[st.season]} {st.year} – Rather Silly Diplomacy"
    page, box = document_page(opts.paper, "landscape", 8.0, title, "Rather Silly Diplomacy")
    cols = [(words["power"], 0.16), (words["centres"], 0.26), (words["units"], 0.42), (words["herds"], 0.16)]
    size, lead = 7.5, 7.5 * 0.3528 * 1.25
    xs, x = [], box.x
    for _, frac in cols:
        xs.append(x)
        x += box.w * frac
    ink = color("#222222")
    y = box.y
    for (head, _), cx in zip(cols, xs):
        page.content.add(Text(cx, y + lead, head, size=size, weight="bold", fill=ink))
    y += lead + 1.5
    page.content.add(Path(style=style(stroke="black", width=0.3)).move(box.x, y).line(box.right, y))
    rows = []
    for pid, hold in st.players.items():
        who = board.player(pid)
        name = who.name(lang) if who else pid
        centres = f"{len(hold.centres)}: {', '.join(hold.centres)}" if hold.centres else "0"
        if pid == "doktor" or hold.points:
            centres += f"; {hold.points} {words['points']}"
        herds = ", ".join(f"{h}" + (f" ×{hold.lama_herds.count(h)}" if hold.lama_herds.count(h) > 1 else "")
                          for h in sorted(set(hold.lama_herds)))
        rows.append((name, centres, ", ".join(unit_words(u, lang) for u in hold.units), herds))
    neutral = ([f"{words['borg']} {st.borg}"] if st.borg else []) + [f"{words[m.type]} {m.at}" for m in st.monsters]
    if neutral:
        rows.append((words["others"], "", ", ".join(neutral), ""))
    for row in rows:
        lines = 1
        for (text, (_, frac)), cx in zip(zip(row, cols), xs):
            t = Text(cx, y + 1.2, text, size=size, fill=ink, box=(box.w * frac - 3, box.bottom - y - 1.2),
                     line_height=1.25)
            page.content.add(t)
            lines = max(lines, len(layout(t)))
        y += lines * lead + 2.4
        page.content.add(Path(style=style(stroke="#999999", width=0.15)).move(box.x, y).line(box.right, y))
    return page


def position_pages(board: Board, st: GameState, opts) -> list[Page]:
    """The map with the position, then the same position as a list."""
    return [position_page(board, st, opts), position_list_page(board, st, opts)]


def position_page(board: Board, st: GameState, opts) -> Page:
    from pnp.impose.layout import document_page

    lang = opts.lang if opts.lang in SEASONS else "en"
    words = SEASONS[lang]
    title = f"{words['title']}: {words[st.season]} {st.year} – Rather Silly Diplomacy"
    page, box = document_page(opts.paper, "landscape", 8.0, title, "Rather Silly Diplomacy")
    legend_w = 66.0
    mw, mh = box.w - legend_w - 3, box.h
    page.content.add(Group(children=[draw_position(board, st, mw, mh, lang)], transform=translate(box.x, box.y),
                           clip=Rect(0, 0, mw, mh)))
    leg, height = draw_legend(board, box.right - legend_w, box.y, legend_w, lang, 6.4)
    page.content.add(leg)
    # who owns how many centres, in power colours
    y = box.y + height + 6
    for pid, hold in st.players.items():
        who = board.player(pid)
        if who is None or y > box.bottom - 4:
            continue
        page.content.add(Rect(box.right - legend_w, y - 3, 4, 4, style(fill=who.colour, stroke="black", width=0.15)))
        label = f"{who.name(lang)}: {len(hold.centres)}"
        if pid == "doktor":
            label += f" + {hold.points}"
        page.content.add(Text(box.right - legend_w + 6, y, label, size=7.5, fill=color("#222222")))
        y += 4.6
    return page
