"""A one-page rules summary for the table, in our own words (de/en)."""
from __future__ import annotations

from pnp.impose.layout import document_page
from pnp.scene import Page, Text
from pnp.scene.text import layout
from pnp.games.ordnerstruktur.look import INK

SECTIONS = {
    "de": [
        ("Worum es geht",
         "Eine Person (passiv) entwirft eine Ordnerstruktur: 11 Unterordner mit je 6 Dateien, benannt nach "
         "je zwei der vier Völker Stadt, Wald, Wüste, Höhle. Sie verteilt genau 200 Machtpunkte auf die Dateien "
         "der Unterordner 1–10 (je Unterordner höchstens 60, je Dateiname höchstens 100, 0 ist erlaubt). Eine "
         "andere Person (aktiv) durchläuft die Struktur und will möglichst viele Punkte behalten."),
        ("Aufbauen",
         "Entwurfsformular ausfüllen (oder eine fertige Struktur nehmen). Die Summen je Unterordner und je "
         "Dateiname sind öffentlich: sie stehen auf der Spielmatte. Die Plättchen der Struktur verdeckt "
         "(Unterordner und Name oben) auf ihre Felder der Matte legen; die Rückseiten sieht niemand."),
        ("Spielen",
         "Wähle eine beliebige Datei in Unterordner 1 und drehe ihr Plättchen um: erst jetzt siehst du ihre "
         "Machtpunkte. Für den nächsten Unterordner ein Volk aus dem Namen streichen und ein anderes hinzufügen: "
         "4 Dateien stehen zur Wahl, nie derselbe Name und nie der Name aus den beiden anderen Völkern (siehe "
         "Übergangskarte). Dieser Zug bestimmt das Konto für die eben aufgedeckten Punkte: gestrichenes und "
         "hinzugefügtes Volk (Wald raus, Stadt rein → Konto Stadt–Wald). Dann die neue Datei aufdecken, und so "
         "weiter bis Unterordner 11; dessen Datei schließt nur den letzten Zug ab und hat keine Zahl."),
        ("Endabrechnung",
         "Konten addieren. Höchstes und niedrigstes Konto ganz streichen, bei Gleichstand alle gleichen; eine 0 "
         "als niedrigste Summe wird gestrichen. Ein Konto ganz ohne Eintrag bleibt außen vor: es wird nicht "
         "gestrichen und zählt nicht als höchstes oder niedrigstes. Der Rest ist deine Punktzahl."),
        ("Mehrere Spieler",
         "Jeder spielt seine eigene Struktur, alle ziehen gleichzeitig und teilen die sechs Konten. Am Ende je "
         "Konto die Punkte aller Spieler addieren, daran höchstes und niedrigstes Konto streichen (Gleichstand: "
         "alle), dann zählt jeder seine eigenen Punkte in den übrigen Konten. Die meisten Punkte gewinnen."),
        ("Vier Völker (vereinfacht)",
         "Die Dateien heißen nur Stadt, Wald, Wüste, Höhle (4 je Unterordner). Jeder Zug geht zu einem anderen "
         "Volk (3 Möglichkeiten) und füllt das Konto dieser beiden Völker. Sonst gilt alles wie oben."),
    ],
    "en": [
        ("The idea",
         "One person (passive) designs a folder structure: 11 subfolders with 6 files each, named after two of "
         "the four peoples Stadt, Wald, Wüste, Höhle. They spread exactly 200 Machtpunkte over the files of "
         "subfolders 1–10 (at most 60 per subfolder, at most 100 per file name, 0 allowed). Another person "
         "(active) walks through the structure and wants to keep as many points as possible."),
        ("Setting up",
         "Fill in the design form (or take a ready structure). The sums per subfolder and per file name are "
         "public: they are printed on the play mat. Lay the structure's tiles face down (subfolder and name up) "
         "on their cells of the mat; nobody sees the backs."),
        ("Playing",
         "Choose any file in subfolder 1 and turn its tile: only now do you see its Machtpunkte. For the next "
         "subfolder, drop one people from the name and add another: 4 files are open, never the same name and "
         "never the name of the two other peoples (see the transitions card). That move picks the account for "
         "the points just revealed: the dropped and the added people (Wald out, Stadt in → account Stadt–Wald). "
         "Then turn the new file, and so on to subfolder 11; its file only closes the last move and holds no "
         "number."),
        ("Final scoring",
         "Add up each account. Strike the highest and the lowest account entirely, on a tie all tied ones; a 0 as "
         "the lowest sum is struck. An account with no entry at all stays out: it is not struck and counts "
         "neither as highest nor as lowest. The rest is your score."),
        ("Several players",
         "Everyone plays their own structure, all move at the same time and share the six accounts. At the end "
         "add all players' points per account, strike the highest and lowest account on those totals (ties: "
         "all), then each player adds their own points in the accounts left. Most points wins."),
        ("Four peoples (simplified)",
         "The files are just Stadt, Wald, Wüste, Höhle (4 per subfolder). Each move goes to another people "
         "(3 choices) and feeds the account of those two peoples. Everything else as above."),
    ],
}


def rules_page(lang: str, paper: str = "a4") -> Page:
    title = "Ordnerstruktur — Kurzregeln" if lang == "de" else "Ordnerstruktur — rules in brief"
    page, box = document_page(paper, "portrait", 14.0, title, "Spielidee: Tobias Thulke")
    y = box.y
    for head, body in SECTIONS.get(lang, SECTIONS["de"]):
        page.content.add(Text(box.x, y + 4, head, size=11, weight="bold", fill=INK))
        y += 6
        h = 31.0
        page.content.add(Text(box.x, y, body, size=9.5, fill=INK, box=(box.w, h), shrink=True, line_height=1.3))
        lines = layout(Text(box.x, y, body, size=9.5, box=(box.w, h), shrink=True, line_height=1.3))
        y = lines[-1].y + 5
    if y > box.bottom:
        raise ValueError("the rules summary runs past the page")
    page.label = "regeln"
    return page
