"""Rather Silly game states at the edges mutation testing found untested: the set-up's other ways
to fail, the Borg and the monsters where they may not stand, each finding in full (object, line,
column, passage, message). The positions are edits of the legal bases in rather_silly_states.py.
"""
from __future__ import annotations

import pytest

from rather_silly_states import BASE, SETUP, SPRING_1901, edit, findings

WINTER = edit(BASE, ("season: autumn", "season: winter"))

# (test id, base, [(old, new), ...], every error as (rule, object, line, column, passage, message))
EDGES = [
    ('setup-power-without-units-and-a-doktor-army', SETUP,
     [('    units:\n      - {type: fleet, at: LON}\n      - {type: fleet, at: EDI}\n      - {type: army, at: LVP}\n', '    units: []\n'), ('    points: 0\n    units: []', '    points: 0\n    units: [{type: army, at: GAL}]')],
     {('rs.setup.start', 'doktor', 63, 12, 'Regeln',
       "the doktor has no units at the set-up (only the Doktor's Tardis, which arrives later)"),
      ('rs.setup.start', 'england', 18, 12, 'Regeln',
       "england's armies and fleets at the set-up are none; the standard start is A LVP, F EDI, F LON")}),
    ('setup-narr-and-doktor-centres', SETUP,
     [('  superhirn:\n', '  narr:\n    centres: [BEL]\n  superhirn:\n'), ('    points: 0', '    points: 0\n    centres: [GRE, DEN]')],
     {('rs.narr.no-centres', 'narr', 69, 14, 'Narr',
       'the Narr owns no centres: he never has units to take them ("Er hat nie eigene Einheiten") and does '
       'not win by them ("Jeder Spieler außer dem NARRen gewinnt durch Eroberung von 18 VZ")'),
      ('rs.setup.start', 'doktor', 66, 14, 'Regeln',
       'doktor holds GRE, DEN in winter 1900; before the first autumn only the seven powers hold centres, '
       'each its home centres')}),
    ('setup-everything-played', SETUP,
     [('lama_herds: [YOR, WAL, CLY]', 'lama_herds: [YOR, WAL]\n    lamas_exploded: 1'), ('{type: army, at: LVP}', '{type: army, at: LVP, devil: 1}'), ('{type: fleet, at: LON}', '{type: fleet, at: LON, narr_commanded: true}'), ('    points: 0', '    points: 2')],
     {('rs.setup.start', 'doktor', 65, 3, 'Regeln',
       'doktor has victory points at the set-up, before any move of Spring 1901'),
      ('rs.setup.start', 'england', 15, 3, 'Regeln',
       "england has devil's bargains, units led by the Narr, exploded herds at the set-up, before any move "
       'of Spring 1901')}),
    ('borg-in-switzerland', BASE,
     [('borg: TYR', 'borg: SWI')],
     {('rs.switzerland.closed', 'Borg', 45, 7, 'Schweiz, Mont-Blanc-Tunnel',
       'Switzerland is impassable, nobody may stand there (the Borg in SWI); "Die Schweiz bleibt zwar '
       'unzugänglich"')}),
    ('borg-on-crete', BASE,
     [('{type: army, at: CRE}', '{type: fleet, at: EAS}'), ('borg: TYR', 'borg: CRE')],
     {('rs.islands.superhirn-only', 'Borg', 45, 7, 'Superhirn',
       "Crete is a build-only island for the Superhirn's own units; the Borg cannot be there (nobody owns "
       'it)')}),
    ('monsters-barred', BASE,
     [('{type: sea-monster, at: ION}', '{type: sea-monster, at: WAR}'), ('{type: space-monster, at: UKR}', '{type: space-monster, at: BLA}')],
     {('rs.state.terrain', 'sea-monster', 47, 5, 'Regeln',
       'a sea monster is a fleet and cannot stand in inland WAR'),
      ('rs.state.terrain', 'space-monster', 48, 5, 'Regeln',
       'a space monster moves like an army and cannot stand in the sea area BLA')}),
    ('winter-units-from-superhirn-questions-need-no-centre', WINTER,
     [('{type: fleet, at: HEL}', '{type: fleet, at: HEL}\n      - {type: army, at: MUN}\n      - {type: army, at: BER}')],
     set()),
    ('winter-one-unit-too-many-beside-one-from-a-superhirn-question', WINTER,
     [('{type: fleet, at: HEL}', '{type: fleet, at: HEL}\n      - {type: army, at: MUN}\n      - {type: army, at: BER}\n      - {type: army, at: SIL}')],
     {('rs.supply.winter', 'germany', 27, 7, 'Regeln',
       'germany keeps 5 units that need a centre after the Winter 1905 adjustments but holds 4 centres '
       '(standard rules: units beyond the centres are disbanded)')}),
    ('setup-extra-army-is-no-supply-question', SETUP,
     [('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: army, at: WAL}')],
     {('rs.setup.start', 'england', 19, 7, 'Regeln',
       "england's armies and fleets at the set-up are A LVP, A WAL, F EDI, F LON; the standard start is A "
       'LVP, F EDI, F LON')}),
    ('herds-of-the-doktor-on-a-supply-centre', BASE,
     [('    points: 6', '    points: 6\n    lama_herds: [LON]')],
     {('rs.lamas.count', 'doktor', 37, 17, 'Lama',
       'doktor is not one of the seven powers; only they settle lama herds')}),
    ('gay-twin-pair-with-a-fleet', BASE,
     [('at: [CLY, EDI], as: [army, fleet]', 'at: [CLY, EDI], as: [army, fleet], gay: true')],
     {('rs.gay-fleets.count', 'england', 8, 9, 'Schwule Flotte',
       'england has 2 gay fleet(s) on the board but its fleets_built records 1 gay build(s)')}),
    ('gay-twin-pair-of-armies', BASE,
     [('at: [CLY, EDI], as: [army, fleet]', 'at: [CLY, EDI], as: [army, army], gay: true')],
     {('rs.gay-fleets.fleets', 'england', 12, 9, 'Schwule Flotte',
       'england\'s twins at CLY-EDI is marked gay, but only fleets are ("jede 5. von einem Spieler gebaute '
       'Flotte")')}),
    ('spring-1902-gay-fleet', SPRING_1901,
     [('year: 1901', 'year: 1902'), ('{type: fleet, at: LON}', '{type: fleet, at: LON, gay: true}'), ('fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}\n  france', 'fleets_built: [{year: 1901}, {year: 1901}, {year: 1901}, {year: 1901}, {year: 1901, gay: true}]\n  france')],
     set()),
    ('winter-1901-fleets-built', SPRING_1901,
     [('season: spring', 'season: winter'), ('fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}\n  france', 'fleets_built: [{year: 1901}, {year: 1902}]\n  france')],
     {('rs.builds.timing', 'england', 22, 34, 'Spielablauf',
       'england records a fleet built in 1902; in winter 1901 the winter adjustments played are 1901..1901')}),
    ('devil-twins', BASE,
     [('at: [CLY, EDI], as: [army, fleet]', 'at: [CLY, EDI], as: [army, fleet], devil: 3')],
     {('rs.devil.countdown', 'england', 12, 9, 'Teuflische Einheit',
       'england\'s twins at CLY-EDI: a devil\'s bargain lasts 2 seasons (countdown 2 to 1: "verdoppelt sich '
       'die Stärke dieser Einheit für die nächsten zwei Jahreszeiten"), got 3'),
      ('rs.devil.who', 'england', 12, 9, 'Teuflische Einheit',
       "england's twins at CLY-EDI cannot sell its soul: only the armies and fleets of a normal build are "
       'conventional, not Siamese twins ("Die durch Superhirnfragen oder den Einfluss des Wahrsagers '
       'entstandenen Einheiten dürfen ihre Seele nicht verkaufen, ebenso wie die A®MAZONEN und '
       'DRECKSACKARMEEN")')}),
    ('spring-1901-twins-and-birds', SPRING_1901,
     [('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: twins, at: [WAL, YOR]}\n      - {type: bird, at: CLY}')],
     {('rs.builds.timing', 'england', 22, 9, 'Spielablauf',
       "england's twins at WAL-YOR in spring 1901: it is built at the winter adjustments, the first in "
       'Winter 1901 ("Nach den Herbstzügen finden die Anpassungen der Versorgungszentren (VZ) statt")'),
      ('rs.builds.timing', 'england', 23, 9, 'Spielablauf',
       "england's bird at CLY in spring 1901: it is built at the winter adjustments, the first in Winter "
       '1901 ("Nach den Herbstzügen finden die Anpassungen der Versorgungszentren (VZ) statt")')}),
    ('thirty-five-centres', BASE,
     [('centres: [EDI, LON, LVP, NWY, BEL]', 'centres: [EDI, LON, LVP, NWY, BEL, ANK, BUD, BUL, CON, DEN, GRE, MOS, NAP, ROM, RUM, SEV, SMY, STP, SWE, TRI, TUN, VEN, VIE, WAR]'), ('centres: [BER, KIE, MUN, HOL]', 'centres: [BER, KIE, MUN, HOL, HOL]')],
     {('rs.state.centres', '', 0, 0, 'Anzahl VZ',
       '35 centres owned; the board has 34 ("Anzahl VZ: 34")'),
      ('rs.state.centres', 'HOL', 25, 35, 'Anzahl VZ',
       'germany lists HOL twice')}),
    ('narr-leads-two-units-each-of-two-players', BASE,
     [('{type: fleet, at: NTH}', '{type: fleet, at: NTH, narr_commanded: true}'), ('{type: army, at: BEL, devil: 2}', '{type: army, at: BEL, devil: 2, narr_commanded: true}'), ('{type: fleet, at: MAO}', '{type: fleet, at: MAO, narr_commanded: true}')],
     {('rs.narr.commands', 'narr', 7, 9, 'Narr',
       'the Narr commands 4 units of england, france: his further units must belong to other players than '
       'his first one ("die aber anderen Spielern gehören müssen als die zuerst herumkommandierte Einheit")')}),
    ('bird-in-the-borgs-province', BASE,
     [('{type: bird, at: LON}', '{type: bird, at: TYR}')],
     {('rs.birds.borg', 'england bird TYR', 11, 9, 'Vögel',
       'england\'s birds in TYR are in the Borg\'s province, which eats them ("friedlich neben jeder anderen '
       'Einheitenart leben – außer neben BORG, der sie selbstverständlich aufisst")')}),
    ('bird-next-to-the-borg-on-a-coast', BASE,
     [('borg: TYR', 'borg: BUL/ec'), ('{type: bird, at: LON}', '{type: bird, at: RUM}')],
     {('rs.birds.borg', 'england bird RUM', 11, 9, 'Vögel',
       'england\'s birds in RUM are next to the Borg in BUL, which eats them ("friedlich neben jeder anderen '
       'Einheitenart leben – außer neben BORG, der sie selbstverständlich aufisst")')}),
    ('borg-on-a-coast-of-a-centre-at-the-adjustments', WINTER,
     [('borg: TYR', 'borg: SPA/nc'), ('{type: fleet, at: SPA/sc}', '{type: fleet, at: WES}')],
     {('rs.borg.neutral', 'SPA', 45, 7, 'Borg',
       'the Borg sits in SPA during the adjustments, so SPA is neutral, not france\'s ("Versorgungszentren, '
       'in denen sich der BORG während der Anpassungsphase aufhält, werden augenblicklich neutral")')}),
    ('herd-on-a-coast-of-a-supply-centre', BASE,
     [('lama_herds: [WAL, WAL, IRI]', 'lama_herds: [WAL, STP/nc, IRI]')],
     {('rs.lamas.place', 'STP/nc', 13, 23, 'Lama',
       "england's lama herd stands in STP/nc, a supply centre; herds live only outside supply centres "
       '("keine Versorgungszentren")')}),
    ('amazon-with-four-centres', BASE,
     [('centres: [EDI, LON, LVP, NWY, BEL]', 'centres: [EDI, LON, LVP, NWY]')],
     {('rs.special-armies', 'england', 10, 9, 'A®mazonen',
       'england has 1 A®mazonen but 4 centres allow 0 (one per full 5, at most 3: "also nach dem 5., 10. und '
       '15. VZ")')}),
    ('herd-in-switzerland', BASE,
     [('lama_herds: [WAL, WAL, IRI]', 'lama_herds: [WAL, SWI, IRI]')],
     {('rs.lamas.place', 'SWI', 13, 23, 'Lama',
       "england's lama herd cannot live in Switzerland: Switzerland is impassable, nobody may stand there (a "
       'llama herd in SWI); "Die Schweiz bleibt zwar unzugänglich"')}),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in EDGES], ids=[c[0] for c in EDGES])
def test_each_finding_in_full(tmp_path, base, changes, expected):
    found = [f for f in findings(tmp_path, edit(base, *changes)) if f.severity == "error"]
    assert {(f.rule, f.object, f.line, f.col, f.section, f.message) for f in found} == expected
    assert len(found) == len(expected)  # none twice
    assert {f.file for f in found} <= {str(tmp_path / "state.yaml")}  # the whole file: line 0
