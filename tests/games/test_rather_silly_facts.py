"""Facts are pnp's, data is the user's: Rather Silly's numbers and pieces, transcribed from the rule
document into pnp/games/rather_silly/facts.yaml, hold the data folder. A data file that changes a
fact fails the check with a finding that names the fact and cites its passage; editing the data
never changes what the checker agrees with. Design choices (colours, names, positions, counter
counts the document leaves open) stay the user's."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rather_silly_states import edit
from typer.testing import CliRunner

from pnp.cli.main import app
from pnp.games.rather_silly.book import FACTS
from pnp.games.rather_silly.checker import check_counters, check_map_file
from pnp.games.rather_silly.mapdata import load_board

DATA = Path(__file__).resolve().parents[2] / "data"
MAP = DATA / "rather-silly" / "map.yaml"
COUNTERS = DATA / "rather-silly" / "counters.yaml"
DOC = "[003_3878791c092c868a.txt]"


def edited(tmp_path, original: Path, *changes) -> Path:
    """A copy of ``original`` in tmp_path with each (old, new) replaced once."""
    path = tmp_path / original.name
    path.write_text(edit(original.read_text(encoding="utf-8"), *changes), encoding="utf-8")
    return path


def map_verdict(tmp_path, *changes):
    return check_map_file(edited(tmp_path, MAP, *changes))


def errors(found) -> list:
    """(rule, object) of every error, sorted; a pair reported twice appears twice."""
    return sorted((f.rule, f.object) for f in found if f.severity == "error")


def test_the_facts_cite_the_document_by_title_and_passage():
    assert (FACTS.document, FACTS.title) == ("003_3878791c092c868a.txt", "Rather Silly Diplomacy")
    for fact in FACTS:
        assert fact.section and fact.quote, fact.key
    assert FACTS.cite("victory_centres") == f"Rather Silly Diplomacy, §Siegbedingungen {DOC}"


def test_shipped_map_and_counters_state_the_facts():
    assert check_map_file(MAP) == []
    assert check_counters(load_board(MAP), COUNTERS) == []


NUMBERS = ["supply_centres", "victory_centres", "doktor_victory_points", "narr_year", "first_year",
           "lama_herds_per_power", "centres_per_special_army", "special_armies_max", "gay_fleet_every",
           "gay_fleets_from_year"]


@pytest.mark.parametrize("key", NUMBERS)
def test_a_rule_number_edited_in_map_yaml_names_the_fact_and_its_passage(tmp_path, key):
    value = FACTS.value(key)
    found = map_verdict(tmp_path, (f"  {key}: {value}\n", f"  {key}: {value - 1}\n"))
    assert errors(found) == [("rs.map.numbers", key)]
    (f,) = found
    fact = FACTS[key]
    assert f.message == (f"rules.{key} is {value - 1}; Rather Silly Diplomacy, §{fact.section} {DOC} says {value} "
                         f'("{fact.quote}")')
    assert f.citation == f"Rather Silly Diplomacy, §{fact.section} {DOC}"
    assert f.line == next(i for i, s in enumerate((tmp_path / "map.yaml").read_text().splitlines(), 1)
                          if s.startswith(f"  {key}:"))


@pytest.mark.parametrize("key,edited", [
    ("victory_centres", 17), ("doktor_victory_points", 25), ("narr_year", 1920), ("gay_fleet_every", 4),
    ("gay_fleets_from_year", 1902), ("centres_per_special_army", 4), ("lama_herds_per_power", 2)])
def test_issue_27_numbers_that_used_to_pass(tmp_path, key, edited):
    """Victory at 17 centres ("durch Eroberung von 18 VZ nach den Herbstzügen"), the Doktor at 25 points
    ("sobald die Summe wenigstens 30 ist"), the Narr in 1920 ("Der NARR gewinnt, sofern das Spiel ins Jahr
    1921 gehen sollte"), every 4th fleet gay ("jede 5. von einem Spieler gebaute Flotte"), gay fleets from
    1902 ("Ab den 1901er-Anpassungen im Winter 1901"), a special army per 4 centres ("Für alle 5
    Versorgungszentren"), 2 llama herds ("in drei Spielfeldern"): each now fails `pnp check`, quoting the
    document's sentence."""
    value = FACTS.value(key)
    folder = tmp_path / "data"
    shutil.copytree(DATA / "rather-silly", folder / "rather-silly")
    path = folder / "rather-silly" / "map.yaml"
    path.write_text(path.read_text().replace(f"  {key}: {value}\n", f"  {key}: {edited}\n", 1))
    res = CliRunner().invoke(app, ["check", "rather-silly", "--data", str(folder)])
    assert res.exit_code == 1, res.output
    assert f"rs.map.numbers [{key}]: rules.{key} is {edited};" in res.output
    assert f"says {value}" in res.output and "the seed says" not in res.output
    assert FACTS[key].quote in res.output


def test_a_33_centre_map_with_supply_centres_33_fails_citing_34(tmp_path):
    """"Anzahl VZ: 34": dropping Denmark's centre and restating 33 is three findings, none of which
    repeats the edited number as the document's."""
    found = map_verdict(tmp_path, ("sc: true, army: [KIE, SWE]", "army: [KIE, SWE]"),
                        ("  supply_centres: 34", "  supply_centres: 33"))
    assert errors(found) == [("rs.map.centres", ""), ("rs.map.neutral", "DEN"), ("rs.map.numbers", "supply_centres")]
    for f in found:
        assert "says 33" not in f.message and "seed says" not in f.message
    count = next(f for f in found if f.rule == "rs.map.centres")
    assert count.message.startswith("the number of supply centres on the map is 33;") and "says 34" in count.message


MAP_BREAKS = [
    # (what the data changes, the edit, the exact findings)
    ("Iceland borders the North Sea too", ("only: superhirn, fleet: [NAO, NWG]", "only: superhirn, fleet: [NAO, NTH, NWG]"),
     {("rs.map.islands", "ICE"), ("rs.map.symmetric", "ICE-NTH")}),
    ("Crete loses a border", ("only: superhirn, fleet: [AEG, EAS, ION]", "only: superhirn, fleet: [AEG, EAS]"),
     {("rs.map.islands", "CRE"), ("rs.map.symmetric", "ION-CRE")}),
    ("Crete open to everyone", ("only: superhirn, fleet: [AEG, EAS, ION]", "fleet: [AEG, EAS, ION]"),
     {("rs.map.islands", "CRE")}),
    ("Crete open to the Doktor", ("only: superhirn, fleet: [AEG, EAS, ION]", "only: doktor, fleet: [AEG, EAS, ION]"),
     {("rs.map.islands", "CRE")}),
    ("Iceland a supply centre", ("type: island, x: 240, y: 85,", "type: island, x: 240, y: 85, sc: true,"),
     {("rs.map.centres", "ICE"), ("rs.map.centres", ""), ("rs.map.neutral", "ICE")}),
    ("the tunnel without Tyrolia", ("joins: [BUR, MAR, MUN, PIE, TYR]", "joins: [BUR, MAR, MUN, PIE]"),
     [("rs.map.tunnel", "tunnel")] * 2),  # four provinces, not five; not all around Switzerland
    ("the tunnel for fleets", ("units: [army, borg]", "units: [army, fleet, borg]"), {("rs.map.tunnel", "tunnel")}),
    ("the tunnel without the Borg", ("units: [army, borg]", "units: [army]"), {("rs.map.tunnel", "tunnel")}),
    ("Switzerland passable", ("type: impassable, x: 428", "type: land, x: 428"), {("rs.map.switzerland", "")}),
    ("a move into Switzerland", ("army: [BER, BOH, BUR, KIE, RUH, SIL, TYR]", "army: [BER, BOH, BUR, KIE, RUH, SIL, "
                                                                              "SWI, TYR]"),
     {("rs.map.switzerland", "MUN")}),
    ("Austria starts with a fleet in Vienna's place", ("start: [A VIE, A BUD, F TRI]", "start: [A VIE, A BUD, A TRI]"),
     {("rs.map.start", "austria")}),
    ("Russia's fleet without its coast", ("F STP/sc]", "F STP]"), {("rs.map.start", "russia")}),
    ("Austria's homes include Serbia", ("homes: [BUD, TRI, VIE]", "homes: [BUD, SER, TRI, VIE]"),
     {("rs.map.homes", "austria"), ("rs.map.neutral", "SER")}),
    ("an eighth power", ("  - {id: turkey,", "  - {id: prussia, de: Preußen, en: Prussia, colour: \"#000000\", text: "
                                            "white}\n  - {id: turkey,"), {("rs.map.powers", "powers")}),
    ("a role renamed", ("- {id: wahrsager,", "- {id: seher,"), {("rs.map.powers", "roles")}),
    ("Denmark neutral no more, Ukraine a centre", ("sc: true, army: [KIE, SWE]", "army: [KIE, SWE]"),
     {("rs.map.centres", ""), ("rs.map.neutral", "DEN")}),
]


@pytest.mark.parametrize("change,expected", [b[1:] for b in MAP_BREAKS], ids=[b[0] for b in MAP_BREAKS])
def test_a_map_that_changes_a_fact_fails(tmp_path, change, expected):
    assert errors(map_verdict(tmp_path, change)) == sorted(expected)


def test_design_choices_in_the_map_stay_the_users(tmp_path):
    """Names, colours and schematic positions are the user's; dropping the restated numbers is too."""
    text = MAP.read_text(encoding="utf-8")
    rules = text[text.index("\nrules:\n"):]
    found = map_verdict(tmp_path, ("de: Nordatlantik,", "de: Großer Teich,"), ("x: 95,  y: 215,", "x: 90,  y: 210,"),
                        ('colour: "#c62828", text: white, homes: [BUD', 'colour: "#ff0000", text: white, homes: [BUD'),
                        (rules, "\n"))
    assert found == []


# ------------------------------------------------------------------ the counter sheet


def counters_verdict(tmp_path, *changes):
    return check_counters(load_board(MAP), edited(tmp_path, COUNTERS, *changes))


SEVEN = "groups: [austria, england, france, germany, italy, russia, turkey]"
NARR_GROUP = ("  - {id: wahrsager,", '  - {id: narr, name: Narr, colour: "#c0409a", text: white}\n  - {id: wahrsager,')
COUNTER_BREAKS = [
    ("an A®mazone printed with strength 1", ("icon: amazon, number: 0,", "icon: amazon, number: 1,"),
     {("rs.counters.strength", "amazon")}),
    ("an A®mazone without its strength", ("icon: amazon, number: 0,", "icon: amazon,"),
     {("rs.counters.strength", "amazon")}),
    ("a Drecksackarmee printed with strength 1", ("icon: trousers, number: 0,", "icon: trousers, number: 1,"),
     {("rs.counters.strength", "drecksack")}),
    ("a sea monster of strength 3", ('number: 2, colour: "#0b4f6c"', 'number: 3, colour: "#0b4f6c"'),
     {("rs.counters.strength", "sea-monster")}),
    ("a space monster without its strength", ('number: 2, colour: "#2e7d32"', 'colour: "#2e7d32"'),
     {("rs.counters.strength", "space-monster")}),
    ("birds printed with strength 1", ("icon: bird, groups:", "icon: bird, number: 1, groups:"),
     {("rs.counters.strength", "birds")}),
    ("lama counters for the Doktor", (f"icon: lama, {SEVEN}", "icon: lama, groups: [austria, england, france, "
                                                              "germany, italy, russia, turkey, doktor]"),
     {("rs.counters.owners", "lama/doktor")}),
    ("two lama herds per power", (f"icon: lama, {SEVEN}, count: 3", f"icon: lama, {SEVEN}, count: 2"),
     {("rs.counters.count", f"lama/{p}") for p in FACTS.value("powers")}),
    ("four A®mazonen per power", (f"icon: amazon, number: 0, {SEVEN}, count: 3",
                                  f"icon: amazon, number: 0, {SEVEN}, count: 4"),
     {("rs.counters.count", f"amazon/{p}") for p in FACTS.value("powers")}),
    ("two twin pairs per power", ("    width: 2\n    count: 1\n", "    width: 2\n    count: 2\n"),
     {("rs.counters.count", f"twins/{p}") for p in FACTS.value("powers")}),
    ("twins on one counter cell", ("    width: 2\n", "    width: 1\n"), {("rs.counters.twins", "twins")}),
    ("two Borgs", ("icon: borg, colour: \"#111111\", text: white, count: 1", "icon: borg, colour: \"#111111\", text: "
                                                                              "white, count: 2"),
     {("rs.counters.count", "borg")}),
    ("the Tardis for England", ("icon: tardis, groups: [doktor]", "icon: tardis, groups: [england]"),
     {("rs.counters.owners", "tardis")}),
    ("a second Tardis", ("icon: tardis, groups: [doktor], count: 1", "icon: tardis, groups: [doktor], count: 2"),
     {("rs.counters.count", "tardis")}),
    ("armies for the Narr", ("icon: army, groups: [superhirn, doktor, wahrsager]",
                             "icon: army, groups: [superhirn, doktor, wahrsager, narr]"),
     {("rs.counters.owners", "role-army/narr")}, NARR_GROUP),
    ("a sea monster in a power's colours", ('icon: sea-monster, number: 2, colour: "#0b4f6c"',
                                            'icon: sea-monster, number: 2, groups: [england], colour: "#0b4f6c"'),
     {("rs.counters.owners", "sea-monster")}),
    ("a second end A of the hyperspace link", ("label: {de: Hyperraum, en: Hyperspace}, icon: spiral, colour: "
                                               "\"#0d1b3d\", text: \"#9be7ff\", count: 1,",
                                               "label: {de: Hyperraum, en: Hyperspace}, icon: spiral, colour: "
                                               "\"#0d1b3d\", text: \"#9be7ff\", count: 2,"),
     {("rs.counters.count", "link-a+link-b"), ("rs.counters.count", "link-a")}),
    ("no sea monsters", ('number: 2, colour: "#0b4f6c", text: white, count: 8', 'number: 2, colour: "#0b4f6c", '
                                                                                'text: white, count: 0'),
     {("rs.counters.count", "sea-monster")}),
    ("no birds for Austria", ("icon: bird, groups: [austria, england,", "icon: bird, groups: [england,"),
     {("rs.counters.count", "birds/austria")}),
    ("no space-monster counter at all", ("  - {id: space-monster,", "  - {id: space-monsters,"),
     {("rs.counters.count", "space-monster")}),
    ("a Drecksackarmee without its strength", ("icon: trousers, number: 0,", "icon: trousers,"),
     {("rs.counters.strength", "drecksack")}),
    ("a sea monster without its strength", ('number: 2, colour: "#0b4f6c"', 'colour: "#0b4f6c"'),
     {("rs.counters.strength", "sea-monster")}),
    ("no lama counters at all", ("  - {id: lama,", "  - {id: llama,"),
     {("rs.counters.count", f"lama/{p}") for p in FACTS.value("powers")}),
    ("devil markers with one side", ("    back: {top: {de: noch 1×, en: 1 more}, label: {de: Teuflisch ×2, en: Devilish "
                                     "×2}, icon: trident, colour: \"#d84315\"}\n", ""),
     {("rs.counters.devil", "devil")}),
    ("no devil markers", ("  - id: devil\n", "  - id: devils\n"), {("rs.counters.devil", "devil")}),
    ("a misspelt key", ("    back: {top: {de: noch 1×", "    bak: {top: {de: noch 1×"), {("rs.counters.schema", "")}),
]


@pytest.mark.parametrize("case", COUNTER_BREAKS, ids=[b[0] for b in COUNTER_BREAKS])
def test_a_counter_sheet_that_disagrees_with_the_document_fails(tmp_path, case):
    _name, change, expected, *more = case  # more: edits the change needs to load (a Narr colour group)
    assert errors(counters_verdict(tmp_path, change, *more)) == sorted(expected)


def test_counter_findings_cite_the_fact(tmp_path):
    """The A®mazone printed with strength 1: "Diese A®MAZONEN (Stärke 0)"."""
    (f,) = counters_verdict(tmp_path, ("icon: amazon, number: 0,", "icon: amazon, number: 1,"))
    assert f.message == ('the strength on the front of the amazon counters is 1; Rather Silly Diplomacy, '
                         f'§A®mazonen {DOC} says 0 ("Diese A®MAZONEN (Stärke 0)")')
    assert f.citation == f"Rather Silly Diplomacy, §A®mazonen {DOC}"
    assert re.search(r"counters\.yaml$", f.file) and f.line > 0


def test_counter_design_choices_stay_the_users(tmp_path):
    """How many armies, fleets, birds, monsters and markers to print is the user's (the document sets
    no number), as are colours and sizes; birds need not print their strength."""
    found = counters_verdict(tmp_path, (f"icon: army, {SEVEN}, count: 12", f"icon: army, {SEVEN}, count: 20"),
                             ('number: 2, colour: "#0b4f6c", text: white, count: 8',
                              'number: 2, colour: "#0b4f6c", text: white, count: 1'),
                             (f"icon: bird, {SEVEN}, count: 3", f"icon: bird, {SEVEN}, count: 1"),
                             ("size: 15", "size: 18"))
    assert errors(found) == []


def test_no_counters_of_a_kind_print_no_strength_to_check(tmp_path):
    """A®mazone counters left out (count 0) are a count finding, not a strength one."""
    found = counters_verdict(tmp_path, (f"icon: amazon, number: 0, {SEVEN}, count: 3",
                                        f"icon: amazon, number: 1, {SEVEN}, count: 0"))
    assert errors(found) == sorted(("rs.counters.count", f"amazon/{p}") for p in FACTS.value("powers"))


def test_lama_counters_for_the_doktor_jede_der_sieben_grossmaechte(tmp_path):
    """Llama counters printed for the Doktor: "Jede der sieben Großmächte darf im Winter 1900 in drei
    Spielfeldern ... eine Lamaherde ansiedeln" - the roles get none."""
    found = counters_verdict(tmp_path, (f"icon: lama, {SEVEN}", "icon: lama, groups: [austria, england, france, "
                                        "germany, italy, russia, turkey, doktor]"))
    assert errors(found) == [("rs.counters.owners", "lama/doktor")]
    assert found[0].citation == f"Rather Silly Diplomacy, §Lama {DOC}"


def test_counter_owner_findings_cite_the_passage_they_quote(tmp_path):
    """The Tardis printed for England: "Der DOKTOR beginnt das Spiel mit einer einzigen Einheit, dem
    unzerstörbaren TARDIS" is §Doktor, Tardis, not the general §Regeln."""
    (f,) = counters_verdict(tmp_path, ("icon: tardis, groups: [doktor]", "icon: tardis, groups: [england]"))
    assert (f.rule, f.object) == ("rs.counters.owners", "tardis")
    assert f.citation == f"Rather Silly Diplomacy, §Doktor, Tardis {DOC}"


WAHRSAGER = '  - {id: wahrsager, mark: {de: W, en: Ft}, name: Wahrsager, short: {de: Wahrsager, en: Fortune-teller}, ' \
            'colour: "#a0601e", text: white}\n'


@pytest.mark.parametrize("changes, expected", [
    # the map's colour, written in capitals: the same colour
    ([('colour: "#c62828", text: white}', 'colour: "#C62828", text: white}')], []),
    ([('colour: "#c62828", text: white}', 'colour: "#ff0000", text: white}')],
     [("rs.counters.groups", "austria", "warning", "austria's counters are #ff0000 but the map colours it #c62828")]),
    # a role without a colour group: its counters name it no more
    ([(WAHRSAGER, ""), ("groups: [superhirn, doktor, wahrsager], count: 4", "groups: [superhirn, doktor], count: 4"),
      ("groups: [superhirn, doktor, wahrsager], count: 4", "groups: [superhirn, doktor], count: 4")],
     [("rs.counters.groups", "wahrsager", "error", "no counter colours for wahrsager")]),
    # the Narr owns no units: no group is no finding, but a group in another colour is
    ([NARR_GROUP], []),
    ([NARR_GROUP, ('{id: narr, name: Narr, colour: "#c0409a"', '{id: narr, name: Narr, colour: "#000000"')],
     [("rs.counters.groups", "narr", "warning", "narr's counters are #000000 but the map colours it #c0409a")]),
])
def test_every_player_with_units_has_counters_in_the_maps_colour(tmp_path, changes, expected):
    found = counters_verdict(tmp_path, *changes)
    assert [(f.rule, f.object, f.severity, f.message) for f in found] == expected
    text = edit(COUNTERS.read_text(encoding="utf-8"), *changes)
    for f in found:
        needle = "groups:" if f.severity == "error" else f"  - {{id: {f.object},"
        assert f.line == next(i for i, s in enumerate(text.splitlines(), 1) if needle in s) + (f.severity == "error")


COUNTER_MESSAGES = {  # COUNTER_BREAKS' name -> (how many findings, the first one: the counter it points at, message)
    'an A®mazone printed with strength 1': (1, 'amazon',
        f'the strength on the front of the amazon counters is 1; Rather Silly Diplomacy, §A®mazonen '
        f'{DOC} says 0 ("Diese A®MAZONEN (Stärke 0)")'),
    'an A®mazone without its strength': (1, 'amazon',
        'amazon counters must show their strength 0; they show none'),
    'a Drecksackarmee printed with strength 1': (1, 'drecksack',
        f'the strength on the front of the drecksack counters is 1; Rather Silly Diplomacy, '
        f'§Drecksarmee {DOC} says 0 ("Auch diese hat bei militärischen Auseinandersetzungen die '
        f'Stärke 0")'),
    'a sea monster of strength 3': (1, 'sea-monster',
        f'the strength on the front of the sea-monster counters is 3; Rather Silly Diplomacy, '
        f'§Seemonster {DOC} says 2 ("SEEMONSTER sind Flotten mit der Stärke 2")'),
    'a space monster without its strength': (1, 'space-monster',
        'space-monster counters must show their strength 2; they show none'),
    'birds printed with strength 1': (1, 'birds',
        f'the strength on the front of the birds counters is 1; Rather Silly Diplomacy, §Vögel '
        f'{DOC} says 0 ("Bei Auseinandersetzungen mit anderen Einheiten haben Vögel die Stärke '
        f'null")'),
    'lama counters for the Doktor': (1, 'lama',
        'lama herds for doktor: only the seven powers settle herds ("Jede der sieben Großmächte '
        'darf im Winter 1900 ... eine Lamaherde ansiedeln")'),
    'two lama herds per power': (7, 'lama',
        f'austria\'s lama herd counters is 2; Rather Silly Diplomacy, §Lama {DOC} says 3 ("Jede der '
        f'sieben Großmächte darf im Winter 1900 in drei Spielfeldern (keine Versorgungszentren)")'),
    'four A®mazonen per power': (7, 'amazon',
        f'austria\'s A®mazone counters is 4; Rather Silly Diplomacy, §A®mazonen {DOC} says 3 ("also '
        f'nach dem 5., 10. und 15. VZ")'),
    'two twin pairs per power': (7, 'twins',
        f'austria\'s Siamese-twin counters is 2; Rather Silly Diplomacy, §Siamesische Zwillinge '
        f'{DOC} says 1 ("Im gesamten Spiel ist es einem Spieler nur einmal erlaubt")'),
    'twins on one counter cell': (1, 'twins',
        'Siamese twins stand on two neighbouring provinces and are never parted: one double-width '
        'counter (width: 2)'),
    'two Borgs': (1, 'borg',
        f'the number of Borg counters is 2; Rather Silly Diplomacy, §Borg {DOC} says 1 ("Der BORG '
        f'ist eine riesige, unzerstörbare Kreatur")'),
    'the Tardis for England': (1, 'tardis',
        'the Tardis is the Doktor\'s alone ("Der DOKTOR beginnt das Spiel mit einer einzigen '
        'Einheit, dem unzerstörbaren TARDIS"); the sheet prints it for england'),
    'a second Tardis': (1, 'tardis',
        f'the number of Tardis counters is 2; Rather Silly Diplomacy, §Doktor, Tardis {DOC} says 1 '
        f'("mit einer einzigen Einheit, dem unzerstörbaren TARDIS")'),
    'armies for the Narr': (1, 'role-army',
        'role-army counters for the Narr, who never has units of his own ("Er hat nie eigene '
        'Einheiten")'),
    "a sea monster in a power's colours": (1, 'sea-monster',
        'sea-monster counters belong to nobody; the sheet prints them for england'),
    'a second end A of the hyperspace link': (2, 'link-a',
        f'the number of hyperspace-link ends (link-a, link-b) is 3; Rather Silly Diplomacy, '
        f'§Hyperspace-Verbindung {DOC} says 2 ("verknüpft zwei beliebige, benannte Gebiete '
        f'miteinander")'),
    'no sea monsters': (1, 'sea-monster',
        'no sea-monster counters'),
    'no birds for Austria': (1, 'birds',
        'austria has no birds counters'),
    'no space-monster counter at all': (1, 'army',
        'no space-monster counters'),
    'a Drecksackarmee without its strength': (1, 'drecksack',
        'drecksack counters must show their strength 0; they show none'),
    'a sea monster without its strength': (1, 'sea-monster',
        'sea-monster counters must show their strength 2; they show none'),
    'no lama counters at all': (7, 'army',
        f'austria\'s lama herd counters is 0; Rather Silly Diplomacy, §Lama {DOC} says 3 ("Jede der '
        f'sieben Großmächte darf im Winter 1900 in drei Spielfeldern (keine Versorgungszentren)")'),
    'devil markers with one side': (1, 'devil',
        'devil\'s-bargain markers need two sides (two seasons, then one: "für die nächsten zwei '
        'Jahreszeiten")'),
    'no devil markers': (1, 'army',
        'devil\'s-bargain markers need two sides (two seasons, then one: "für die nächsten zwei '
        'Jahreszeiten")'),
}


@pytest.mark.parametrize("case", [c for c in COUNTER_BREAKS if c[0] in COUNTER_MESSAGES], ids=lambda c: c[0])
def test_a_broken_counter_sheet_says_what_is_wrong_at_the_counter(tmp_path, case):
    name, change, _expected, *more = case
    found = counters_verdict(tmp_path, change, *more)
    count, counter, message = COUNTER_MESSAGES[name]
    assert (len(found), found[0].message) == (count, message)
    line = edit(COUNTERS.read_text(encoding="utf-8"), change, *more).splitlines()[found[0].line - 1]
    assert re.search(rf"id: {counter}\b", line), line  # a missing counter: the first of the list


SEA = 'number: 2, colour: "#0b4f6c", text: white, count: 8,'


@pytest.mark.parametrize("change, expected", [
    # a strength written as text, with spaces, is the number it prints; a word is not
    (("icon: amazon, number: 0,", 'icon: amazon, number: " 0",'), []),
    (("icon: amazon, number: 0,", "icon: amazon, number: zero,"),
     [("rs.counters.strength", "amazon", f"the strength on the front of the amazon counters is zero; Rather Silly "
                                         f"Diplomacy, §A®mazonen {DOC} says 0 (\"Diese A®MAZONEN (Stärke 0)\")")]),
    # the back of a counter is held to the same strength
    ((SEA, SEA + " back: {number: 2},"), []),
    ((SEA, SEA + " back: {number: 3},"),
     [("rs.counters.strength", "sea-monster", f"the strength on the back of the sea-monster counters is 3; Rather "
                                              f"Silly Diplomacy, §Seemonster {DOC} says 2 (\"SEEMONSTER sind Flotten "
                                              "mit der Stärke 2\")")]),
    # birds may print their strength, if it is the document's
    (("icon: bird, groups:", "icon: bird, number: 0, groups:"), []),
    (("icon: tardis, groups: [doktor], count: 1", "icon: tardis, count: 1"),
     [("rs.counters.owners", "tardis", "the Tardis is the Doktor's alone (\"Der DOKTOR beginnt das Spiel mit einer "
                                       "einzigen Einheit, dem unzerstörbaren TARDIS\"); the sheet prints it for nobody")]),
])
def test_counter_strengths_and_owners_at_their_edges(tmp_path, change, expected):
    assert [(f.rule, f.object, f.message) for f in counters_verdict(tmp_path, change)] == expected


MAP_MESSAGES = {  # MAP_BREAKS' name -> every finding: (rule, object, message)
    'Iceland borders the North Sea too': [
        ('rs.map.symmetric', 'ICE-NTH',
         'fleet move ICE-NTH is listed at ICE but NTH does not list ICE'),
        ('rs.map.islands', 'ICE',
         f'the provinces ICE borders is NAO, NTH, NWG; Rather Silly Diplomacy, §Superhirn {DOC} says '
         f'NAO, NWG ("Island grenzt an NAO & NWG")'),
    ],
    'Crete loses a border': [
        ('rs.map.symmetric', 'ION-CRE',
         'fleet move ION-CRE is listed at ION but CRE does not list ION'),
        ('rs.map.islands', 'CRE',
         f'the provinces CRE borders is AEG, EAS; Rather Silly Diplomacy, §Superhirn {DOC} says AEG, '
         f'EAS, ION ("Kreta an ION, AEG & EAS")'),
    ],
    'Crete open to everyone': [
        ('rs.map.islands', 'CRE',
         f'who may stand on CRE is anyone; Rather Silly Diplomacy, §Superhirn {DOC} says superhirn '
         f'("reine Aufbauprovinzen und somit für alle anderen Einheiten unzugänglich")'),
    ],
    'Crete open to the Doktor': [
        ('rs.map.islands', 'CRE',
         f'who may stand on CRE is doktor; Rather Silly Diplomacy, §Superhirn {DOC} says superhirn '
         f'("reine Aufbauprovinzen und somit für alle anderen Einheiten unzugänglich")'),
    ],
    'Iceland a supply centre': [
        ('rs.map.centres', '',
         f'the number of supply centres on the map is 35; Rather Silly Diplomacy, §Anzahl VZ {DOC} '
         f'says 34 ("Anzahl VZ: 34")'),
        ('rs.map.centres', 'ICE',
         'ICE is an island but marked as a supply centre'),
        ('rs.map.neutral', 'ICE',
         f'ICE is a supply centre on the map, but nobody\'s home; the neutral centres of the '
         f'standard board, which Rather Silly Diplomacy, §Regeln {DOC} plays on ("Es gelten die '
         f'allgemein bekannten Standard-Diplomacy-Regeln"), are BEL, BUL, DEN, GRE, HOL, NWY, POR, '
         f'RUM, SER, SPA, SWE, TUN'),
    ],
    'the tunnel without Tyrolia': [
        ('rs.map.tunnel', 'tunnel',
         f'the number of provinces the tunnel joins is 4; Rather Silly Diplomacy, §Schweiz, '
         f'Mont-Blanc-Tunnel {DOC} says 5 ("der alle fünf an die Schweiz angrenzenden Gebiete '
         f'miteinander verbindet")'),
        ('rs.map.tunnel', 'tunnel',
         'the tunnel joins BUR, MAR, MUN, PIE but the provinces bordering SWI are BUR, MAR, MUN, '
         'PIE, TYR; it joins all of them and only them'),
    ],
    'the tunnel for fleets': [
        ('rs.map.tunnel', 'tunnel',
         f'who may pass the tunnel is army, borg, fleet; Rather Silly Diplomacy, §Schweiz, '
         f'Mont-Blanc-Tunnel {DOC} says army, borg ("nur für konventionelle Armeen und den BORG '
         f'passierbar")'),
    ],
    'the tunnel without the Borg': [
        ('rs.map.tunnel', 'tunnel',
         f'who may pass the tunnel is army; Rather Silly Diplomacy, §Schweiz, Mont-Blanc-Tunnel '
         f'{DOC} says army, borg ("nur für konventionelle Armeen und den BORG passierbar")'),
    ],
    'Switzerland passable': [
        ('rs.map.standard', 'land',
         '15 provinces of type land; the standard board has 14'),
        ('rs.map.switzerland', '',
         f'the impassable province is none; Rather Silly Diplomacy, §Schweiz, Mont-Blanc-Tunnel '
         f'{DOC} says SWI ("Die Schweiz bleibt zwar unzugänglich")'),
    ],
    'a move into Switzerland': [
        ('rs.map.switzerland', 'MUN',
         'MUN lists a move into impassable SWI'),
    ],
    "Austria starts with a fleet in Vienna's place": [
        ('rs.map.start', 'austria',
         f'austria\'s starting units is A BUD, A TRI, A VIE; Rather Silly Diplomacy, §Regeln {DOC} '
         f'says A BUD, A VIE, F TRI ("Standard-Diplomacy-Regeln")'),
    ],
    "Russia's fleet without its coast": [
        ('rs.map.start', 'russia',
         f'russia\'s starting units is A MOS, A WAR, F SEV, F STP; Rather Silly Diplomacy, §Regeln '
         f'{DOC} says A MOS, A WAR, F SEV, F STP/sc ("Standard-Diplomacy-Regeln")'),
    ],
    "Austria's homes include Serbia": [
        ('rs.map.neutral', 'SER',
         f'SER is a home centre on the map; the neutral centres of the standard board, which Rather '
         f'Silly Diplomacy, §Regeln {DOC} plays on ("Es gelten die allgemein bekannten '
         f'Standard-Diplomacy-Regeln"), are BEL, BUL, DEN, GRE, HOL, NWY, POR, RUM, SER, SPA, SWE, '
         f'TUN'),
        ('rs.map.homes', 'austria',
         f'austria\'s home centres is BUD, SER, TRI, VIE; Rather Silly Diplomacy, §Regeln {DOC} says '
         f'BUD, TRI, VIE ("Standard-Diplomacy-Regeln")'),
    ],
    'an eighth power': [
        ('rs.map.powers', 'powers',
         f'the powers is austria, england, france, germany, italy, prussia, russia, turkey; Rather '
         f'Silly Diplomacy, §Regeln {DOC} says austria, england, france, germany, italy, russia, '
         f'turkey ("die sieben üblichen Mächte")'),
    ],
    'a role renamed': [
        ('rs.map.powers', 'roles',
         f'the extra players is doktor, narr, seher, superhirn; Rather Silly Diplomacy, §Regeln '
         f'{DOC} says doktor, narr, superhirn, wahrsager ("Der NARR. Das SUPERHIRN. Der DOKTOR. Der '
         f'WAHRSAGER.")'),
    ],
    'Denmark neutral no more, Ukraine a centre': [
        ('rs.map.centres', '',
         f'the number of supply centres on the map is 33; Rather Silly Diplomacy, §Anzahl VZ {DOC} '
         f'says 34 ("Anzahl VZ: 34")'),
        ('rs.map.neutral', 'DEN',
         f'DEN is not a supply centre on the map; the neutral centres of the standard board, which '
         f'Rather Silly Diplomacy, §Regeln {DOC} plays on ("Es gelten die allgemein bekannten '
         f'Standard-Diplomacy-Regeln"), are BEL, BUL, DEN, GRE, HOL, NWY, POR, RUM, SER, SPA, SWE, '
         f'TUN'),
    ],
}


@pytest.mark.parametrize("name", list(MAP_MESSAGES))
def test_a_map_that_changes_a_fact_says_exactly_what_and_where(tmp_path, name):
    change = next(b[1] for b in MAP_BREAKS if b[0] == name)
    found = map_verdict(tmp_path, change)
    assert [(f.rule, f.object, f.message) for f in found] == MAP_MESSAGES[name]
    lines = edit(MAP.read_text(encoding="utf-8"), change).splitlines()
    for f in found:  # a finding about a province or a power points at its entry
        if re.fullmatch(r"[A-Z]{3}|[a-z]+", f.object) and f.object not in ("tunnel", "powers", "roles", "land"):
            assert f"{{id: {f.object}," in lines[f.line - 1], (f, lines[f.line - 1])
