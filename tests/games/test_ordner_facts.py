"""Ordnerstruktur's numbers and names are pnp's facts (facts.yaml beside the rules module), and
where the document is open to more than one reading the rule says which one it follows; each
reading's consequence is a structure that passes or fails by exactly that rule."""
from __future__ import annotations

from pnp.games.ordnerstruktur.model import ACCOUNTS, CANONICAL, FACTS, MAX_NAME, MAX_SUBFOLDER, NUMBERED, PAIRS, \
    SUBFOLDERS, TOTAL, pair_name
from pnp.games.ordnerstruktur.structure import RULES, violations_of
from pnp.load.paths import DEFAULT_DATA

VOELKER = (DEFAULT_DATA / "ordnerstruktur" / "structures" / "vier-voelker.yaml").read_text(encoding="utf-8")
PAARE = (DEFAULT_DATA / "ordnerstruktur" / "structures" / "erste-schritte.yaml").read_text(encoding="utf-8")


def found(tmp_path, text: str) -> set[tuple[str, str]]:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return {(f.rule, f.object) for f in violations_of(p)}


def test_the_numbers_are_the_documents():
    assert (SUBFOLDERS, NUMBERED, TOTAL, MAX_SUBFOLDER, MAX_NAME) == (11, 10, 200, 60, 100)
    assert len(ACCOUNTS) == FACTS.value("accounts") == 6
    assert CANONICAL["paare"] == tuple(pair_name(p) for p in PAIRS)
    assert FACTS.title == "Ordnerstruktur" and all(f.section and f.quote for f in FACTS)


def test_subfolder_eleven_holds_no_number_not_even_zero(tmp_path):
    """"eine 11. Datei ausgewählt, die aber keine Zahl mehr enthält": an eleventh row of zeros is refused."""
    assert found(tmp_path, VOELKER) == set()
    assert found(tmp_path, VOELKER + "  - [0, 0, 0, 0]\n") == {("ordner.subfolder-11", "subfolder 11")}


def test_zero_is_a_number_a_negative_one_is_not(tmp_path):
    """"positiven, ganzen Zahlen („0“ ist erlaubt!)"."""
    assert found(tmp_path, VOELKER.replace("[10,  0,  5,  5]", "[15,  0,  0,  5]")) == set()
    assert found(tmp_path, VOELKER.replace("[10,  0,  5,  5]", "[16,  0, -1,  5]")) == {
        ("ordner.non-negative", "subfolder 1, file 'Wüste'")}


def test_the_simplified_variant_keeps_the_limit_of_60(tmp_path):
    """"Die Summe eines Unterordners (6 Dateien) darf 60 Machtpunkte nicht überschreiten" holds for 4 files too:
    60 in a subfolder of the simplified variant pass (a limit scaled to 4 files would refuse them), 61 do not."""
    sixty = VOELKER.replace("[ 0, 20,  0,  0]", "[20, 20, 10, 10]").replace("[ 6,  6,  6,  6]", "[ 0,  0,  0,  4]") \
        .replace("[ 0, 15,  0, 10]", "[ 0,  5,  0,  0]")
    assert found(tmp_path, sixty) == set()
    over = sixty.replace("[20, 20, 10, 10]", "[20, 20, 10, 11]").replace("[ 4,  4,  6,  4]", "[ 4,  4,  5,  4]")
    assert found(tmp_path, over) == {("ordner.subfolder-limit", "subfolder 9")}


def test_names_are_spelt_as_the_document_lists_them_in_any_column_order(tmp_path):
    names = "names: [Stadt Wald, Stadt Wüste, Stadt Höhle, Wald Wüste, Wald Höhle, Wüste Höhle]"
    assert found(tmp_path, PAARE.replace(names, "names: [Wüste Höhle, Stadt Wüste, Stadt Höhle, Wald Wüste, "
                                                "Wald Höhle, Stadt Wald]")) == set()
    assert found(tmp_path, PAARE.replace(names, names.replace("Stadt Höhle", "Höhle Stadt"))) == {
        ("ordner.names", "names, entry 3"), ("ordner.names", "names")}


def test_the_rules_with_an_open_passage_say_their_reading():
    assert {r.id for r in RULES if r.reading} == {"ordner.names", "ordner.subfolder-11", "ordner.non-negative",
                                                   "ordner.subfolder-limit"}
