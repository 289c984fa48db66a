"""The hand-off from a game's Python to a sheet: named sources of plain data, records per page,
values on every page, one asset per record group; files and inline lists the same way."""
from __future__ import annotations

import json

import pytest

from pdfread import text
from tests.sheets.conftest import build, refused

RULES = '''
    from pnp.model.rules import SourceData

    def structures(game, opts) -> SourceData:
        """One record per structure, with its sums computed."""
        return [{"structure": "erste", "title": "Erste Schritte", "sums": [3, 4, 5], "total": 12,
                 "lang": opts.lang, "paper": opts.paper, "extra": opts.extra.get("note", "-")},
                {"structure": "zweite", "title": "Zweite Runde", "sums": [1, 1], "total": 2,
                 "lang": opts.lang, "paper": opts.paper, "extra": opts.extra.get("note", "-")}]

    def totals(game, opts):
        """The totals every page shows."""
        return {"best": 42, "mean": 14.5}

    CALLS = []

    def counted(game, opts):
        CALLS.append(1)
        return [{"n": len(CALLS)}]

    OPTIONS = {"note": "a word the sources print"}
    SOURCES = {"structures": structures, "totals": totals, "counted": counted}
'''

MAT = '''
    kind: sheet
    title: "Matte: {title}"
    records: {source: structures}
    values: {source: totals}
    asset: "{structure}-matte"
    elements:
      - {type: text, frame: safe, h: 10, text: "{title} ({structure})", size: 14}
      - {type: text, frame: safe, y: 12, h: 8, text: "Summe {total}, beste {best}, Mittel {mean}", size: 10}
      - {type: text, frame: safe, y: 22, h: 8, text: "{lang} {paper} {extra}", size: 10}
'''


def _pdf_texts(path):
    return text(path)


def test_a_source_feeds_one_asset_per_record_with_the_build_options(sheet_game, tmp_path):
    data = sheet_game({"mat.yaml": MAT}, rules=RULES)
    code, out = build(data, tmp_path / "out", "-f", "pdf", "--lang", "en", "--paper", "letter", "-o", "note=hi")
    assert code == 0, out
    first = _pdf_texts(tmp_path / "out/g/erste-matte.pdf")
    second = _pdf_texts(tmp_path / "out/g/zweite-matte.pdf")
    assert "Erste Schritte (erste)" in first and "Summe 12, beste 42, Mittel 14.5" in first
    assert "en letter hi" in first
    assert "Zweite Runde (zweite)" in second and "Erste" not in second
    manifest = json.loads((tmp_path / "out/g/manifest.json").read_text())
    titles = {e["asset"]: e["title"] for e in manifest["files"] if e["asset"] != "print-guide"}
    assert titles == {"erste-matte": "Matte: Erste Schritte", "zweite-matte": "Matte: Zweite Runde"}


def test_without_asset_every_record_is_a_page_of_one_file(sheet_game, tmp_path):
    sheet = MAT.replace('asset: "{structure}-matte"\n', "name: matten\n")
    data = sheet_game({"mat.yaml": sheet}, rules=RULES)
    code, out = build(data, tmp_path / "out", "-f", "pdf")
    assert code == 0, out
    pages = _pdf_texts(tmp_path / "out/g/matten.pdf").split("\f")
    assert len(pages) == 2 and "Erste Schritte" in pages[0] and "Zweite Runde" in pages[1]


def test_a_source_is_called_once_per_build_whoever_reads_it(sheet_game, tmp_path):
    one = '''
        kind: sheet
        name: {n}
        records: {{source: counted}}
        elements: [{{type: text, frame: safe, h: 10, text: "call {{n}}", size: 12}}]
    '''
    data = sheet_game({"a.yaml": one.format(n="a"), "b.yaml": one.format(n="b")}, rules=RULES)
    code, out = build(data, tmp_path / "out", "-f", "pdf")
    assert code == 0, out
    assert "call 1" in _pdf_texts(tmp_path / "out/g/a.pdf") and "call 1" in _pdf_texts(tmp_path / "out/g/b.pdf")


def test_records_from_a_spreadsheet_and_from_a_list(sheet_game, tmp_path):
    data = sheet_game({
        "roles.csv": "id,name,power\nfool,Narr,3\nbrain,Superhirn,5\n",
        "roles.yaml": '''
            kind: sheet
            records: roles.csv
            asset: "role-{id}"
            elements: [{type: text, frame: safe, h: 10, text: "{name}: {power}", size: 12,
                        when: "power > 4"}]
        ''',
        "list.yaml": '''
            kind: sheet
            records: [{who: Anna}, {who: Ben}]
            elements: [{type: text, frame: safe, h: 10, text: "Spieler {who}", size: 12}]
        '''})
    code, out = build(data, tmp_path / "out", "-f", "pdf")
    assert code == 0, out
    assert "Superhirn: 5" in _pdf_texts(tmp_path / "out/g/role-brain.pdf")
    assert _pdf_texts(tmp_path / "out/g/role-fool.pdf").strip() == ""  # 3 is not > 4: a number, not a text
    assert _pdf_texts(tmp_path / "out/g/list.pdf").split("\f") == ["Spieler Anna", "Spieler Ben"]


@pytest.mark.parametrize("rules, sheet, expected", [
    (RULES, "records: {source: nowhere}", "mat.yaml:2:19: unknown source 'nowhere'; the game's sources are: "
                                          "counted, structures, totals"),
    (RULES, "records: {source: totals}", "mat.yaml:2:19: source 'totals' gives a mapping; rows need a list"),
    (RULES, "values: {source: structures}", "mat.yaml:2:18: source 'structures' gives a list; 'values' needs a "
                                            "mapping"),
    ("def bad(game, opts):\n    return [{'art': object()}]\nSOURCES = {'bad': bad}\n", "records: {source: bad}",
     "mat.yaml:2:19: source 'bad' of the rules module rules.py: [0]['art']: a object is not plain data"),
    ("SOURCES = {'Bad Name': print}\n", "records: [{a: 1}]", "SOURCES must map each source's name"),
    (RULES, "records: missing.csv", "mat.yaml:2:10: missing.csv: no such file in the game folder"),
    (RULES, "records: ../x.csv", "a data file is named relative to the game folder, without '..'"),
])
def test_a_wrong_hand_off_is_a_data_error_naming_the_sheet_line(sheet_game, tmp_path, rules, sheet, expected):
    body = f"kind: sheet\n{sheet}\nelements: [{{type: text, text: x, size: 12, frame: safe, h: 8}}]\n"
    refused(sheet_game({"mat.yaml": body}, rules=rules), tmp_path / "out", expected)


def test_a_template_naming_no_field_of_the_data_is_an_error_at_its_line(sheet_game, tmp_path):
    data = sheet_game({"mat.yaml": MAT.replace("{total}", "{totl}")}, rules=RULES)
    refused(data, tmp_path / "out", "mat.yaml:9:")
    refused(data, tmp_path / "out", "unknown field 'totl'")


def test_declared_fields_type_a_sources_records(sheet_game, tmp_path):
    sheet = MAT.replace("    records:", "    fields: {total: integer 0..10, title: text}\n    records:")
    refused(sheet_game({"mat.yaml": sheet}, rules=RULES), tmp_path / "out",
            "source 'structures', record 1: field 'total': expected an integer from 0 to 10, got 12")
