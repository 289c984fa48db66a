"""Writes the card-list fixtures beside this file: one table in CSV, TSV, XLSX and ODS.

Run once by hand when the table changes; the files are committed (each well under 20 kB), so
the tests need neither tool. Needs openpyxl and odfpy, which pnp itself does not use:

    python -m venv /tmp/fx && /tmp/fx/bin/pip install openpyxl odfpy
    /tmp/fx/bin/python tests/layout/files/make_fixtures.py

Spreadsheet cells keep their spreadsheet types (numbers, booleans); the CSV and TSV hold text.
"""
import csv
from pathlib import Path

HERE = Path(__file__).parent
HEADER = ["Name", "Typ", "cost", "weight", "rare", "art", "text", "copies", "notes"]
GOOD = [
    ["Wolf", "creature", 3, 1.5, "x", "art/wolf.png", "Bites twice.", 2, "strong"],
    ["Blitz", "spell", 0, 0.25, "no", None, "Deal 2 damage,\nthen draw.", None, None],
    [],
    ["Forest", "land", 9, 2.5, True, "art\\forest.png", None, 1, None],
]
BROKEN = [
    ["Zwerg", "Creature", "zwei", 1, "maybe", "../secret.png", None, 0, None],
    [None, "dragon", 12, 3, None, None, None, None, None],
]


def as_text(value):
    if value is None:
        return ""
    if value is True:
        return "yes"
    return str(value)


def write_text(path, rows, delimiter):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=delimiter, lineterminator="\n")
        for row in rows:
            writer.writerow([as_text(v) for v in row])


def write_xlsx(path, rows):
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Karten"
    for number, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            if value is not None:
                sheet.cell(number, column, value)
    book.create_sheet("Notizen")["A1"] = "a second sheet the reader must not take"
    book.save(path)


def write_ods(path, rows):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Karten")
    for row in rows:
        tr = TableRow()
        for value in row or [None]:
            if value is None:
                tr.addElement(TableCell())
                continue
            if isinstance(value, bool):
                cell = TableCell(valuetype="boolean", booleanvalue="true" if value else "false")
            elif isinstance(value, (int, float)):
                cell = TableCell(valuetype="float", value=value)
            else:
                cell = TableCell(valuetype="string")
            for paragraph in str(value).split("\n"):  # ODS keeps a line break as a new paragraph
                cell.addElement(P(text=paragraph))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


def main():
    for stem, rows in (("cards", [HEADER] + GOOD), ("broken", [HEADER] + GOOD + BROKEN)):
        write_text(HERE / f"{stem}.csv", rows, ",")
        write_text(HERE / f"{stem}.tsv", rows, "\t")
        write_xlsx(HERE / f"{stem}.xlsx", rows)
        write_ods(HERE / f"{stem}.ods", rows)
    # German Excel's "CSV UTF-8": BOM, semicolons, CRLF, decimal commas, WAHR/FALSCH
    german = ("\ufeffName;Typ;cost;weight;rare;art;text;copies\r\n"
              "Bär;creature;2;1,5;WAHR;art/bär.png;Brummt.;3\r\n"
              "Blitz;spell;0;0,25;FALSCH;;\"Teilt 2 Schaden aus; dann ziehen.\";\r\n")
    (HERE / "german.csv").write_bytes(german.encode("utf-8"))


if __name__ == "__main__":
    main()
