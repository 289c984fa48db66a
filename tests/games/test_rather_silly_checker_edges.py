"""Rather Silly's map and counter checks on data broken in ways the other tests leave out: each
case gives every finding in full (rule, object, severity, the entry its line points at, the passage
it cites, the message), so a finding that goes missing, moves, cites another passage or says
something else fails."""
from __future__ import annotations

import re

import pytest
from rather_silly_states import edit
from test_rather_silly_facts import COUNTERS, DOC, MAP, SEVEN, counters_verdict, map_verdict

NTH_ARMY = ("army: [EDI, LON, LVP, WAL], fleet: [EDI, LON, NTH]}", "army: [EDI, LON, LVP, NTH, WAL], fleet: [EDI, LON, NTH]}")
YOR = "type: coast, x: 298, y: 318,"
STANDARD = "Regeln"
SWISS = "Schweiz, Mont-Blanc-Tunnel"
NEUTRAL = (f'; the neutral centres of the standard board, which Rather Silly Diplomacy, §Regeln {DOC} plays on ("Es '
           'gelten die allgemein bekannten Standard-Diplomacy-Regeln"), are BEL, BUL, DEN, GRE, HOL, NWY, POR, RUM, '
           'SER, SPA, SWE, TUN')

# (test id, the edits, every finding: (rule, object, severity, the province whose entry its line is, or None for
# the file, the passage it cites, message))
MAP_CASES = [
    ("an army move into a sea", [NTH_ARMY],
     [("rs.map.terrain", "YOR", "error", "YOR", STANDARD, "YOR: armies cannot move to NTH (sea)")]),
    ("Iceland borders a split coast", [("only: superhirn, fleet: [NAO, NWG]", "only: superhirn, fleet: [NAO, NWG, STP/nc]")],
     [("rs.map.symmetric", "ICE-STP/nc", "error", "ICE", STANDARD,
       "fleet move ICE-STP/nc is listed at ICE but STP/nc does not list ICE"),
      ("rs.map.islands", "ICE", "error", "ICE", "Superhirn",  # the province, not its coast
       f'the provinces ICE borders is NAO, NWG, STP; Rather Silly Diplomacy, §Superhirn {DOC} says NAO, NWG ("Island '
       'grenzt an NAO & NWG")')]),
    ("Rumania names a coast Bulgaria lacks", [("fleet: [BLA, BUL/ec, SEV]", "fleet: [BLA, BUL/nc, SEV]")],
     [("rs.map.reference", "RUM", "error", "RUM", STANDARD,
       "RUM: fleet neighbour BUL/nc is not a sea, coast or coast of a province"),
      ("rs.map.symmetric", "BUL/ec-RUM", "error", "BUL", STANDARD,
       "fleet move BUL/ec-RUM is listed at BUL/ec but RUM does not list BUL/ec")]),
    ("Crete missing, Iceland a coast", [("  - {id: CRE,", "  # - {id: CRE,"),  # one island missing: the other checked
                                        ("type: island, x: 240, y: 85,", "type: coast, x: 240, y: 85,")],
     [("rs.map.standard", "coast", "warning", None, STANDARD, "43 provinces of type coast; the standard board has 42"),
      *[("rs.map.reference", p, "error", p, STANDARD, f"{p}: fleet neighbour CRE is not a sea, coast or coast of a "
                                                      "province") for p in ("ION", "AEG", "EAS")],
      ("rs.map.islands", "CRE", "error", None, "Superhirn", "the build-only island CRE is missing"),
      ("rs.map.islands", "ICE", "error", "ICE", "Superhirn", "ICE is a build-only island (type: island), not a coast")]),
    ("Yorkshire an island", [(YOR, "type: island, x: 298, y: 318,")],
     [("rs.map.standard", "coast", "warning", None, STANDARD, "41 provinces of type coast; the standard board has 42"),
      *[("rs.map.terrain", p, "error", p, STANDARD, f"{p}: armies cannot move to YOR (island)")
        for p in ("EDI", "LVP", "WAL", "LON")],
      ("rs.map.terrain", "YOR", "error", "YOR", STANDARD, "YOR (island) cannot have army moves"),
      ("rs.map.islands", "YOR", "error", "YOR", "Superhirn",
       "YOR is not one of the document's build-only islands (CRE, ICE)")]),
    ("no inland province", [("type: land,", "type: coast,")] * 14,
     [("rs.map.standard", "land", "warning", None, STANDARD, "0 provinces of type land; the standard board has 14"),
      ("rs.map.standard", "coast", "warning", None, STANDARD, "56 provinces of type coast; the standard board has 42")]),
    ("Denmark no centre", [("sc: true, army: [KIE, SWE]", "army: [KIE, SWE]")],
     [("rs.map.centres", "", "error", None, "Anzahl VZ",
       f'the number of supply centres on the map is 33; Rather Silly Diplomacy, §Anzahl VZ {DOC} says 34 ("Anzahl VZ: '
       '34")'),
      ("rs.map.neutral", "DEN", "error", "DEN", STANDARD, "DEN is not a supply centre on the map" + NEUTRAL)]),
    ("Yorkshire impassable too", [(YOR, "type: impassable, x: 298, y: 318,")],
     [("rs.map.standard", "coast", "warning", None, STANDARD, "41 provinces of type coast; the standard board has 42"),
      ("rs.map.terrain", "YOR", "error", "YOR", STANDARD, "YOR (impassable) cannot have army moves"),
      ("rs.map.switzerland", "", "error", "SWI", SWISS,  # the first impassable province's line
       f'the impassable province is SWI, YOR; Rather Silly Diplomacy, §{SWISS} {DOC} says SWI ("Die Schweiz bleibt '
       'zwar unzugänglich")'),
      *[("rs.map.switzerland", p, "error", p, SWISS, f"{p} lists a move into impassable YOR")
        for p in ("NTH", "EDI", "LVP", "WAL", "LON")],
      ("rs.map.tunnel", "tunnel", "error", None, SWISS,
       "the tunnel joins BUR, MAR, MUN, PIE, TYR but the provinces bordering YOR are none; it joins all of them "
       "and only them")]),
]


@pytest.mark.parametrize("changes, expected", [c[1:] for c in MAP_CASES], ids=[c[0] for c in MAP_CASES])
def test_a_broken_map_gets_every_finding_in_full(tmp_path, changes, expected):
    found = map_verdict(tmp_path, *changes)
    assert [(f.rule, f.object, f.severity, f.section, f.message) for f in found] == \
        [(r, o, s, sec, m) for r, o, s, _, sec, m in expected]
    lines = edit(MAP.read_text(encoding="utf-8"), *changes).splitlines()
    for f, (*_, entry, _sec, _m) in zip(found, expected):
        assert f.file.endswith("map.yaml")
        if entry is None:
            assert f.line == 0, f
        else:
            assert f"{{id: {entry}," in lines[f.line - 1], (f, entry)


OWNERS = "Regeln; Lama; Doktor, Tardis; Narr"
NARR_GROUP = ("  - {id: wahrsager,", '  - {id: narr, name: Narr, colour: "#c0409a", text: white}\n  - {id: wahrsager,')
TWINS = ("Siamesische Zwillinge", f'Rather Silly Diplomacy, §Siamesische Zwillinge {DOC} says 1 ("Im gesamten Spiel ist '
                                  'es einem Spieler nur einmal erlaubt")')
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
SEA3 = (f'the strength on the front of the sea-monster counters is 3; Rather Silly Diplomacy, §Seemonster {DOC} says 2 '
        '("SEEMONSTER sind Flotten mit der Stärke 2")')
LINK = ("Hyperspace-Verbindung", f'Rather Silly Diplomacy, §Hyperspace-Verbindung {DOC} says 2 ("verknüpft zwei '
                                  'beliebige, benannte Gebiete miteinander")')

# (test id, the edits, every finding: (rule, object, the counter whose entry its line is, passage, message))
COUNTER_CASES = [
    ("the Borg in England's colours", [('icon: borg, colour: "#111111"', 'icon: borg, groups: [england], colour: '
                                                                         '"#111111"')],
     [("rs.counters.owners", "borg", "borg", OWNERS, "borg counters belong to nobody; the sheet prints them for "
                                                     "england")]),
    ("space monsters for England and France", [("icon: space-monster, number: 2,",
                                                "icon: space-monster, number: 2, groups: [england, france],")],
     [("rs.counters.owners", "space-monster", "space-monster", OWNERS,
       "space-monster counters belong to nobody; the sheet prints them for england, france")]),
    ("armies for the Narr", [("icon: army, groups: [superhirn, doktor, wahrsager]",
                              "icon: army, groups: [superhirn, doktor, wahrsager, narr]"), NARR_GROUP],
     [("rs.counters.owners", "role-army/narr", "role-army", "Narr",
       'role-army counters for the Narr, who never has units of his own ("Er hat nie eigene Einheiten")')]),
    ("one sea monster, of strength 3", [('number: 2, colour: "#0b4f6c", text: white, count: 8',
                                         'number: 3, colour: "#0b4f6c", text: white, count: 1')],
     [("rs.counters.strength", "sea-monster", "sea-monster", "Seemonster", SEA3)]),
    ("no Amazons, and sea monsters of strength 3",  # a kind left out does not end the strength check
     [(f"icon: amazon, number: 0, {SEVEN}, count: 3", f"icon: amazon, number: 0, {SEVEN}, count: 0"),
      ('number: 2, colour: "#0b4f6c", text: white, count: 8', 'number: 3, colour: "#0b4f6c", text: white, count: 8')],
     [*[("rs.counters.count", f"amazon/{p}", "amazon", "A®mazonen", f"{p}'s A®mazone counters is 0; Rather Silly "
         f'Diplomacy, §A®mazonen {DOC} says 3 ("also nach dem 5., 10. und 15. VZ")') for p in POWERS],
      ("rs.counters.strength", "sea-monster", "sea-monster", "Seemonster", SEA3)]),
    ("two ends A of the hyperspace link", [('text: "#9be7ff", count: 1,', 'text: "#9be7ff", count: 2,')],
     [("rs.counters.count", "link-a+link-b", "link-a", LINK[0], f"the number of hyperspace-link ends (link-a, link-b) "
                                                                f"is 3; {LINK[1]}"),
      ("rs.counters.count", "link-a", "link-a", STANDARD,
       "one link-a counter marks one end of the hyperspace link; the sheet has 2")]),
    ("no end B of the hyperspace link", [("  - {id: link-b,", "  - {id: link-c,")],
     [("rs.counters.count", "link-a+link-b", "link-a", LINK[0], f"the number of hyperspace-link ends (link-a, link-b) "
                                                                f"is 1; {LINK[1]}"),
      ("rs.counters.count", "link-b", "army", STANDARD,  # a missing counter: the first of the list
       "one link-b counter marks one end of the hyperspace link; the sheet has 0")]),
    ("no Siamese twins at all", [("  - id: twins\n", "  - id: twin\n")],  # no width to check: only the count
     [("rs.counters.count", f"twins/{p}", "army", TWINS[0], f"{p}'s Siamese-twin counters is 0; {TWINS[1]}")
      for p in POWERS]),
]


@pytest.mark.parametrize("changes, expected", [c[1:] for c in COUNTER_CASES], ids=[c[0] for c in COUNTER_CASES])
def test_a_broken_counter_sheet_gets_every_finding_in_full(tmp_path, changes, expected):
    found = counters_verdict(tmp_path, *changes)
    assert [(f.rule, f.object, f.severity, f.section, f.message) for f in found] == \
        [(r, o, "error", sec, m) for r, o, _, sec, m in expected]
    lines = edit(COUNTERS.read_text(encoding="utf-8"), *changes).splitlines()
    for f, (_r, _o, counter, _sec, _m) in zip(found, expected):
        assert f.file.endswith("counters.yaml") and re.search(rf"id: {counter}\b", lines[f.line - 1]), (f, counter)


@pytest.mark.parametrize("change, rule, key, obj", [
    (("  units: [army, borg]", "  units: [army, borg, fleet]"), "rs.map.tunnel", None, "tunnel"),
    (("  - {id: narr,", "  # - {id: narr,"), "rs.map.powers", "roles:", "roles"),
    (("  - {id: turkey,", "  # - {id: turkey,"), "rs.map.powers", "powers:", "powers"),
])
def test_a_list_unlike_the_documents_is_reported_at_its_key(tmp_path, change, rule, key, obj):
    """Who may pass the tunnel, the powers and the extra players: the finding names the list and points at the
    list's first entry under its key in map.yaml (the tunnel's at the file: its units are one fact of the whole
    tunnel entry)."""
    found = [f for f in map_verdict(tmp_path, change) if f.rule == rule]
    assert [(f.object, f.severity) for f in found] == [(obj, "error")]
    lines = edit(MAP.read_text(encoding="utf-8"), change).splitlines()
    if key is None:
        assert found[0].line == 0 and found[0].file.endswith("map.yaml")
    else:
        first = next(i for i in range(lines.index(key) + 1, len(lines)) if lines[i].startswith("  - {id:"))
        assert found[0].line == first + 1
