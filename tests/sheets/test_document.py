"""The document element: Markdown in columns, running on over pages; read back from the PDF."""
from __future__ import annotations

import pytest

from pdfread import text, words
from tests.sheets.conftest import build, refused

AID = """\
# Spielhilfe

Ein Zug hat **drei Schritte** und kostet :coin: eine Münze, *sofort*.

## Ablauf

1. Karte ziehen
2. Aktion wählen:
   - **Bauen**: zahle zwei Münzen
   - **Handeln**: tausche eine Ware
3. Aufräumen

| Ergebnis | Punkte |
|---|--:|
| Sieg | 3 |
| Niederlage | 0 |

> Wer zuerst 50 Punkte hat, gewinnt.
"""

SYMBOLS = """
    kind: symbols
    symbols:
      - {id: coin, name: Münze, parts: [{type: square, size: 80}]}
"""


def _sheet(extra: str = "", columns: int = 2) -> str:
    return f"""
        kind: sheet
        elements:
          - {{type: text, frame: safe, h: 6, text: "Seite {{page}} von {{pages}}", size: 7, align: right}}
          - {{type: document, frame: safe, y: 8, h: "100% - 8", columns: {columns}, text: aid.md{extra}}}
    """


def test_markdown_prints_headings_lists_emphasis_tables_and_icons(sheet_game, tmp_path):
    data = sheet_game({"aid.md": AID, "aid.yaml": _sheet(), "symbols.yaml": SYMBOLS})
    code, out = build(data, tmp_path / "o", "-f", "pdf,svg")
    assert code == 0, out
    pdf = tmp_path / "o/g/aid.pdf"
    page = " ".join(text(pdf).split())
    for want in ("Spielhilfe", "drei Schritte", "1. Karte ziehen", "2. Aktion", "Bauen: zahle", "Ergebnis Punkte",
                 "Sieg 3", "Wer zuerst 50 Punkte hat, gewinnt.", "Seite 1 von 1"):
        assert want in page, (want, page)
    ws = {w[0]: w for w in words(pdf)}
    assert ws["Spielhilfe"][4] - ws["Spielhilfe"][2] > ws["Zug"][4] - ws["Zug"][2] * 1  # the heading is larger
    assert ws["Bauen:"][1] > ws["Karte"][1] + 3  # the nested list is indented
    svg = (tmp_path / "o/g/aid.svg").read_text()
    assert 'font-weight="bold"' in svg or "Bold" in svg
    assert "symbol-coin" in svg  # :coin: drew the game's symbol


def test_two_columns_and_text_that_runs_on_to_the_next_page(sheet_game, tmp_path):
    long = AID + "".join(f"\nAbsatz {i}: die Figuren ziehen über das Feld und blockieren einander.\n"
                         for i in range(1, 121))
    data = sheet_game({"aid.md": long, "aid.yaml": _sheet(), "symbols.yaml": SYMBOLS})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/aid.pdf"
    pages = text(pdf).split("\f")
    assert len(pages) >= 2
    assert "Seite 1 von" in pages[0] and f"Seite {len(pages)} von {len(pages)}" in pages[-1]  # header repeated
    joined = " ".join(" ".join(pages).split())
    numbers = [int(w.rstrip(":")) for w, nxt in zip(joined.split(), joined.split()[1:])
               if False] or [int(part.split(":")[0]) for part in joined.split("Absatz ")[1:]]
    assert numbers == list(range(1, 121))  # every paragraph once, in order, over the pages
    xs = [w[1] for w in words(pdf, 0) if w[0] == "Absatz"]
    assert min(xs) < 20 and max(xs) > 100  # both columns of the first page hold text


def test_a_document_per_language(sheet_game, tmp_path):
    data = sheet_game({"aid.de.md": "# Hilfe\n\nDeutsch.\n", "aid.en.md": "# Help\n\nEnglish.\n",
                       "aid.yaml": _sheet(columns=1).replace("text: aid.md", "text: {de: aid.de.md, en: aid.en.md}")})
    assert build(data, tmp_path / "de", "-f", "pdf")[0] == 0
    assert build(data, tmp_path / "en", "-f", "pdf", "--lang", "en")[0] == 0
    assert "Deutsch." in text(tmp_path / "de/g/aid.pdf") and "English." in text(tmp_path / "en/g/aid.pdf")


def test_markdown_from_a_records_field(sheet_game, tmp_path):
    data = sheet_game({"roles.yaml": """
        kind: sheet
        records: [{id: narr, rules: "## Der Narr\\n\\n- darf **lügen**\\n- zieht zuletzt"}]
        asset: "role-{id}"
        elements: [{type: document, frame: safe, text: "{rules}"}]
    """})
    assert build(data, tmp_path / "o", "-f", "pdf")[0] == 0
    page = " ".join(text(tmp_path / "o/g/role-narr.pdf").split())
    assert "Der Narr" in page and "• darf lügen" in page


@pytest.mark.parametrize("files, expected", [
    ({"aid.yaml": _sheet()}, "aid.yaml:5:5: document (elements.1): the Markdown file 'aid.md' is not in the game "
                             "folder"),
    ({"aid.md": "Ein :drache: fliegt.", "aid.yaml": _sheet()}, "names icon :drache: but the game has no symbol"),
    ({"aid.md": "x", "aid.yaml": _sheet(", size: 5")}, "elements.1 (document): size 5 pt is below the 6 pt"),
    ({"aid.md": "Ein " + "x" * 5000, "aid.yaml": _sheet()},  # the word is named, not printed in full
     "document (elements.1): 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is "),
    ({"aid.md": "Wort " * 150_000, "aid.yaml": _sheet()}, "is more than 10 m long in a"),
])
def test_documents_that_cannot_print_are_errors_at_their_line(sheet_game, tmp_path, files, expected):
    refused(sheet_game(files), tmp_path / "o", expected)


def test_on_a_card_a_document_that_does_not_fit_is_an_error(sheet_game, tmp_path):
    data = sheet_game({"aid.md": "Wort " * 400, "deck.yaml": """
        kind: deck
        name: d
        title: D
        card: poker
        layout: card.yaml
        cards: [{name: a}]
        back: none
    """, "card.yaml": """
        kind: layout
        fields: {name: text}
        elements: [{type: document, frame: safe, text: aid.md}]
    """})
    refused(data, tmp_path / "o", "on a card there is no next page to run on to")


def test_documents_of_one_flow_continue_one_text(sheet_game, tmp_path):
    long = "".join(f"\nAbsatz {i}: die Figuren ziehen über das Feld und blockieren einander.\n" for i in range(1, 91))
    data = sheet_game({"rules.md": long, "rules.yaml": """
        kind: sheet
        elements:
          - {type: rect, frame: safe, h: 80, fill: "#dddddd", when: "not continued"}
          - {type: document, frame: safe, y: 84, h: "100% - 84", text: rules.md, flow: rules,
             when: "not continued"}
          - {type: document, frame: safe, text: rules.md, flow: rules, when: continued}
    """})
    code, out = build(data, tmp_path / "o", "-f", "pdf")
    assert code == 0, out
    pdf = tmp_path / "o/g/rules.pdf"
    pages = text(pdf).split("\\f".replace("\\\\", "\\"))
    numbers = [int(part.split(":")[0]) for part in " ".join(text(pdf).split()).split("Absatz ")[1:]]
    assert numbers == list(range(1, 91))
    first = min(w[2] for w in words(pdf, 0))
    later = min(w[2] for w in words(pdf, 1))
    assert first > 84 and later < 20  # the first page's text under the picture, the next page's from the top


def test_markdown_blocks_are_kept_so_a_rebuild_does_not_import_the_parser(tmp_path):
    """A second process reads the blocks of a text it parsed before from pnp's cache: the same
    blocks, and markdown_it (a twentieth of a second to import) is never loaded."""
    import os
    import subprocess
    import sys

    script = ("import sys\nfrom pnp.layout.document import blocks\nprint(repr(blocks(sys.stdin.read())))\n"
              "print('markdown_it' in sys.modules)\n")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script], input=AID, capture_output=True, text=True, env=env,
                           check=True).stdout.splitlines() for _ in range(2)]
    assert runs[0][1] == "True" and runs[1][1] == "False"
    assert runs[0][0] == runs[1][0] and "Spielhilfe" in runs[0][0] and "table" in runs[0][0]
