"""Colours, texts (de/en) and small drawing helpers shared by the printables."""
from __future__ import annotations

from pnp.scene import Group, Rect, Text, color, mix, style
from pnp.scene.style import WHITE
from pnp.games.ordnerstruktur.model import ACCOUNTS, PAIRS, PEOPLES

PT = 25.4 / 72  # mm per point

#: one colour per people, used on heads, tiles, accounts and the transitions card
PEOPLE_COLOUR = {
    "Stadt": color("#3f6fb5"),
    "Wald": color("#2e8b47"),
    "Wüste": color("#d49a1c"),
    "Höhle": color("#8a5a3c"),
}
INK = color("#202020")
GRID = style(stroke="#404040", width=0.3)
THIN = style(stroke="#808080", width=0.2)
SHADE = mix(color("#909090"), WHITE, 0.8)
TOTAL_FILL = mix(color("#d49a1c"), WHITE, 0.8)

TEXT = {
    "de": {
        "subfolder": "Unterordner", "sum": "Summe", "total": "Gesamt", "file": "Datei",
        "no_number": "keine Zahl", "limits": "Genau 200 Machtpunkte in allen Dateien · je Unterordner "
        "höchstens 60 · je Dateiname höchstens 100 · ganze Zahlen, 0 erlaubt · Unterordner 11 ohne Zahlen",
        "title_field": "Titel", "author_field": "Autor", "player_field": "Spieler", "date_field": "Datum",
        "structure_field": "Struktur",
        "design": "Entwurf einer Ordnerstruktur", "mat": "Spielmatte", "tiles": "Dateiplättchen",
        "blank": "leer, zum Selbstgestalten", "write_points": "Machtpunkte",
        "accounts": "Kontenblatt", "transitions": "Übergänge", "solution": "Lösung",
        "variant": {"paare": "Paare (6 Dateien je Unterordner)", "voelker": "Vier Völker (vereinfacht, 4 Dateien)"},
        "mat_hint": "Plättchen verdeckt auflegen (Unterordner und Name oben). Über den Namen: Summe je Dateiname; "
                    "links der Unterordner: Summe je Unterordner.",
        "path": "Weg: Datei je Unterordner", "account": "Konto (Machtübergabe)", "entries": "Einträge (Unterordner 1–10)",
        "struck": "gestr.", "all_players": "alle Sp.",
        "steps_title": "Endabrechnung",
        "steps": [
            "Jede Zahl aus Unterordner i kommt in das Konto des Zuges von i nach i+1 (Unterordner 11 hat keine Zahl).",
            "Kontensummen bilden. Ein Konto ohne jeden Eintrag bleibt leer: es wird nie gestrichen und zählt "
            "weder als höchstes noch als niedrigstes.",
            "Das höchste und das niedrigste benutzte Konto streichen, immer ganz. Bei Gleichstand alle "
            "gleichen streichen. Eine 0 als niedrigste Summe wird gestrichen.",
            "Die übrigen Konten addieren: das ist die Punktzahl.",
            "Mehrere Spieler: Spalte „alle Sp.“ = Summe aller Spieler je Konto; danach wird gestrichen, "
            "dann zählt jeder seine eigenen Punkte in den übrigen Konten.",
        ],
        "step1_v": "Jede Zahl aus Unterordner i kommt in das Konto der beiden Völker des Zuges von i nach i+1 "
                   "(z. B. Wald → Stadt: Konto Stadt–Wald). Unterordner 11 hat keine Zahl.",
        "score": "Punktzahl",
        "from": "Von", "to": "nach", "feeds": "Konto", "drop_add": "−{a} +{b}",
        "forbidden": "gesperrt",
        "trans_hint": "Aus jedem Namen ein Volk streichen und ein neues hinzufügen. Derselbe Name und der "
                      "Name aus den beiden anderen Völkern sind gesperrt.",
        "trans_hint_v": "Von jedem Volk zu einem der drei anderen. Der Zug füllt das Konto der beiden Völker.",
        "paths": "Wege", "best": "Bestwert", "optimal": "Wege mit Bestwert", "mean": "Mittelwert",
        "best_path": "Ein bester Weg", "distribution": "Verteilung der Punktzahlen über alle Wege",
        "points": "Punkte", "count": "Wege",
    },
    "en": {
        "subfolder": "Subfolder", "sum": "Sum", "total": "Total", "file": "File",
        "no_number": "no number", "limits": "Exactly 200 Machtpunkte in all files · at most 60 per subfolder · "
        "at most 100 per file name · whole numbers, 0 allowed · subfolder 11 holds no numbers",
        "title_field": "Title", "author_field": "Author", "player_field": "Player", "date_field": "Date",
        "structure_field": "Structure",
        "design": "Design a folder structure", "mat": "Play mat", "tiles": "File tiles",
        "blank": "blank, for your own design", "write_points": "Machtpunkte",
        "accounts": "Account sheet", "transitions": "Transitions", "solution": "Solution",
        "variant": {"paare": "Pairs (6 files per subfolder)", "voelker": "Four peoples (simplified, 4 files)"},
        "mat_hint": "Lay the tiles face down (subfolder and name up). Above the names: sum per file name; "
                    "left of the subfolders: sum per subfolder.",
        "path": "Path: file per subfolder", "account": "Account (transfer)", "entries": "Entries (subfolders 1–10)",
        "struck": "struck", "all_players": "all pl.",
        "steps_title": "Final scoring",
        "steps": [
            "Each number from subfolder i goes into the account of the move from i to i+1 (subfolder 11 has none).",
            "Add up each account. An account with no entry at all stays empty: it is never struck and counts "
            "neither as highest nor as lowest.",
            "Strike the highest and the lowest used account, always whole. On a tie strike all tied accounts. "
            "A 0 as the lowest sum is struck.",
            "Add the remaining accounts: that is the score.",
            "Several players: column “all pl.” = all players' sums per account; strike on those, then each "
            "player adds their own points in the accounts left.",
        ],
        "step1_v": "Each number from subfolder i goes into the account of the two peoples of the move from i "
                   "to i+1 (e.g. Wald → Stadt: account Stadt–Wald). Subfolder 11 has none.",
        "score": "Score",
        "from": "From", "to": "to", "feeds": "account", "drop_add": "−{a} +{b}",
        "forbidden": "not allowed",
        "trans_hint": "Drop one people from the name and add a new one. The same name and the name of the "
                      "two other peoples are not allowed.",
        "trans_hint_v": "From each people to one of the three others. The move feeds the account of both peoples.",
        "paths": "paths", "best": "best score", "optimal": "paths reaching it", "mean": "mean",
        "best_path": "A best path", "distribution": "Scores over all paths",
        "points": "points", "count": "paths",
    },
}


def num(n: int, lang: str) -> str:
    """Thousands grouped the local way: 6.291.456 (de), 6,291,456 (en)."""
    return f"{n:,}".replace(",", "." if lang == "de" else ",")


def t(lang: str, key: str):
    return TEXT.get(lang, TEXT["de"])[key]


def peoples_in(name: str) -> list[str]:
    return [p for p in PEOPLES if p in name.split(" ")]


def account_peoples(index: int) -> tuple[str, str]:
    return PAIRS[index]


def chips(x: float, y: float, peoples: list[str], size: float = 2.6, gap: float = 0.8) -> Group:
    """Small colour squares, one per people, left to right from (x, y) top-left."""
    g = Group()
    for k, p in enumerate(peoples):
        g.add(Rect(x + k * (size + gap), y, size, size, style(fill=PEOPLE_COLOUR[p], stroke=None), radius=0.4))
    return g


def label(x, y, text, size=9.0, weight="regular", anchor="start", fill=INK) -> Text:
    return Text(x, y, text, size=size, weight=weight, anchor=anchor, fill=fill)


def boxed(x, y, w, h, text, size=9.0, weight="regular", anchor="middle", fill=INK, shrink=True) -> Text:
    """Text centred vertically in a box, shrunk to fit."""
    return Text(x, y, text, size=size, weight=weight, anchor=anchor, fill=fill, box=(w, h), wrap=False,
                shrink=shrink, valign="middle")


def account_label(index: int) -> str:
    return ACCOUNTS[index]
