"""The Kafkas Halle player aid, in German and in English (own words).

Per language a page with the turn, playing a card, forbids and their chains,
the draw pile and the optional Verzweifeln rule, and a page listing every card
with its copies, cost and effect (read from the deck's data, so it cannot drift).
"""
from __future__ import annotations

from pnp.scene import Group, Rect, Text, color, style
from pnp.scene.text import layout

PT = 25.4 / 72
BODY = 12.5  # pt: readable at arm's length
HEAD = 14.0

SECTIONS = {
    "de": ("Kafkas Halle – Spielhilfe", [
        ("Ziel", "Bring deine Figur auf dein eigenes Zielfeld (Spieler 1: Z1, Spieler 2: Z2). Jede Figur "
                 "beginnt auf dem Zielfeld des Gegenübers. Vorne ist immer die Seite deines Gegenübers."),
        ("Dein Zug", "Du hast zwei Handlungen; der Startspieler hat in seinem allerersten Zug nur eine. "
                     "Du musst alle Handlungen ausführen. Eine Handlung ist entweder eine Karte, die eine "
                     "Handlung kostet, oder »Neue Genehmigungen einholen«: alle Handkarten ablegen und "
                     "genauso viele neu ziehen. Karten mit Kosten 2 brauchen zwei freie Handlungen."),
        ("Eine Karte spielen", "1. Karte offen auf den Ablagestapel, Handlungen abziehen.  "
                               "2. Sofort eine Karte vom Vorrat nachziehen.  "
                               "3. Das Gegenüber hat genau eine Gelegenheit für ein passendes Verbot.  "
                               "4. Kein Verbot? Dann ausführen, so weit es geht – oft bewirkt es nichts."),
        ("Verbote (Kosten 0)", "Ein Verbot spielt man nur als Antwort auf eine Handlung seiner Kategorie – "
                               "auch ablegen und sofort nachziehen. Danach darf der andere mit »Verbot einer "
                               "Manipulation« das Verbot verbieten, darauf wieder der erste, und so fort. "
                               "Was verboten ist, passiert nicht; ein verbotenes Verbot verbietet nichts. "
                               "Gegen dieselbe Handlung spielt jeder höchstens ein Verbot."),
        ("Vorrat leer", "Erst wenn jemand ziehen muss: den Ablagestapel mischen und als neuen Vorrat "
                        "hinlegen. Jeder hält immer vier Karten – außer nach dem Verzweifeln."),
        ("Verzweifeln (Zusatzregel)", "In deinem Zug, auch nach deiner letzten Handlung: eine Handkarte "
                                      "ohne Ersatz abwerfen und dafür eine Handlung mehr bekommen. Deine "
                                      "Hand bleibt für den Rest des Spiels um eine Karte kleiner. Mit nur "
                                      "einer Karte auf der Hand darfst du nicht mehr verzweifeln."),
        ("Kurz erinnert", "Drehen: das ganze Brett mit allem darauf drehen. Schieben: Barrieren oder die "
                          "fremde Figur rutschen so weit wie möglich zu dir hin; beide Barrieren einer Farbe "
                          "bewegen sich. Barrieren dürfen nie auf ein Zielfeld."),
    ]),
    "en": ("Kafka's Hall – player aid", [
        ("Goal", "Bring your figure to your own goal square (player 1: Z1, player 2: Z2). Each figure "
                 "starts on the other player's goal. Forward is always towards your opponent."),
        ("Your turn", "You have two actions; the starting player has only one in their very first turn. "
                      "You must use all of them. An action is either a card costing one action, or "
                      "\"get new permits\": discard your whole hand and draw as many. Cards costing 2 need "
                      "two actions still free."),
        ("Playing a card", "1. Put the card on the discard pile and pay its actions.  "
                           "2. Draw a replacement from the draw pile at once.  "
                           "3. Your opponent gets exactly one chance to play a matching forbid.  "
                           "4. Not forbidden? Carry it out as far as possible – often it does nothing."),
        ("Forbids (cost 0)", "A forbid is only played in reply to an action of its category – discard it "
                             "and draw at once too. Then the other player may forbid the forbid with "
                             "\"Forbid a manipulation\", the first may answer again, and so on. What is "
                             "forbidden does not happen; a forbidden forbid forbids nothing. Each player "
                             "plays at most one forbid against the same action."),
        ("Empty draw pile", "Only when someone has to draw: shuffle the discard pile into a new draw "
                            "pile. Everyone always holds four cards – unless they despaired."),
        ("Despair (optional rule)", "On your turn, even after your last action: discard one card from "
                                    "your hand without drawing and gain one action. Your hand stays one "
                                    "card smaller for the rest of the game. With a single card left you "
                                    "may not despair."),
        ("Reminders", "Turn: rotate the whole board with everything on it. Push: barriers or the other "
                      "figure slide as far as they can towards you; both barriers of that colour move. "
                      "Barriers never enter a goal square."),
    ]),
}


def _stack(sections, box, body: float, head: float) -> tuple[Group, float]:
    """The sections stacked from the top of ``box``; returns (group, bottom y)."""
    ink = color("#1a1a1a")
    g = Group()
    y = box.y + 2
    for h_text, b_text in sections:
        g.add(Rect(box.x, y, 2.2, head * PT * 1.1, style(fill="#8a3a8f")))
        g.add(Text(box.x + 5, y + head * PT * 0.95, h_text, size=head, weight="bold", fill=ink))
        y += head * PT * 1.6
        lines = layout(Text(box.x + 5, y, b_text, size=body, box=(box.w - 5, 400.0), line_height=1.3))
        h = len(lines) * body * PT * 1.3
        g.add(Text(box.x + 5, y, b_text, size=body, box=(box.w - 5, h + 1), fill=ink, line_height=1.3))
        y += h + body * PT * 1.2
    return g, y


def aid_page(lang: str, paper: str = "a4", margin: float = 14.0):
    """One page of the aid; the type shrinks (not below 9 pt) until it fits the paper."""
    from pnp.impose.layout import document_page

    title, sections = SECTIONS[lang]
    page, box = document_page(paper, "portrait", margin, title)
    body, head = BODY, HEAD
    while True:
        g, bottom = _stack(sections, box, body, head)
        if bottom <= box.bottom or body <= 9.0:
            break
        body, head = body - 0.5, head - 0.5
    if bottom > box.bottom:
        raise ValueError(f"player aid ({lang}) needs {bottom - box.y:.0f} mm but the page has {box.h:.0f} mm")
    g.id = f"player-aid-{lang}"
    page.content.add(g)
    return page


CARD_WORDS = {
    "de": ("Die {n} Genehmigungskarten", "Karte", "Anzahl", "Kosten", "Wirkung",
           "Kosten = Handlungen; Verbote (Kosten 0) spielt man nur als Antwort."),
    "en": ("The {n} permit cards", "Card", "Copies", "Cost", "Effect",
           "Cost = actions; forbids (cost 0) are only played in reply."),
}


def card_page(cards: list[dict], categories: dict, lang: str, paper: str = "a4", margin: float = 14.0):
    """Every card by category: name, copies, cost and effect, one row each."""
    from pnp.impose.layout import document_page

    def text(v) -> str:
        return v.get(lang) or v.get("de", "") if isinstance(v, dict) else str(v)

    head, c_name, c_copies, c_cost, c_effect, foot = CARD_WORDS[lang]
    total = sum(int(c["copies"]) for c in cards)
    page, box = document_page(paper, "portrait", margin, head.format(n=total))
    ink, size = color("#1a1a1a"), 10.0
    xs = (box.x, box.x + 46, box.x + 63, box.x + 80)
    widths = (44, 15, 15, box.w - 80)
    g = Group(id=f"card-list-{lang}")
    y = box.y + 2
    for x, word in zip(xs, (c_name, c_copies, c_cost, c_effect)):
        g.add(Text(x, y + size * PT, word, size=size, weight="bold", fill=ink))
    y += size * PT * 1.6
    order = list(dict.fromkeys(c["category"] for c in cards))
    for cat in order:
        members = [c for c in cards if c["category"] == cat]
        y += 2
        g.add(Rect(box.x, y, box.w, 6.2, style(fill="#e6e6e6")))
        g.add(Text(box.x + 1.5, y + 4.4, f"{text(categories.get(cat, cat))} ({sum(int(c['copies']) for c in members)})",
                   size=size + 1, weight="bold", fill=ink))
        y += 7.5
        for c in members:
            cells = (text(c["name"]), f"{int(c['copies'])}×", str(c["cost"]), text(c.get("text", "")))
            row = [Text(x, y, v, size=size, box=(w, 40.0), fill=ink, weight="bold" if i == 0 else "regular")
                   for i, (x, v, w) in enumerate(zip(xs, cells, widths))]
            h = max(len(layout(t)) for t in row) * size * PT * 1.2
            for t in row:
                t.box = (t.box[0], h + 1)
                g.add(t)
            y += h + 1.8
    g.add(Text(box.x, y + 3 + size * PT, foot, size=size - 1, fill=color("#444444")))
    if y + 6 > box.bottom:
        raise ValueError(f"card list ({lang}) needs {y + 6 - box.y:.0f} mm but the page has {box.h:.0f} mm")
    page.content.add(g)
    return page
