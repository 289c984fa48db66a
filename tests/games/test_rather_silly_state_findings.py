"""Rather Silly game states: each rule's finding in full, as a game master reads it.

test_rather_silly_state.py says which rules a position breaks; this file says what each finding
tells: the object, the line and column it points at, the passage it cites and its message, for one
position per way each rule fails, and the edges mutation testing found (the set-up's other ways
to fail, the Borg and herds on a named coast, units from Superhirn questions at the adjustments).
The positions are edits of the legal bases in rather_silly_states.py.
"""
from __future__ import annotations

import pytest

from rather_silly_states import BASE, SETUP, SPRING_1901, edit, findings

WINTER = edit(BASE, ("season: autumn", "season: winter"))

# (test id, base, [(old, new), ...], every error as (rule, object, line, column, passage, message))
FULL = [
    ('year-1922', BASE,
     [('year: 1905', 'year: 1922')],
     {('rs.state.year', '', 1, 7, 'Siegbedingungen',
       'year 1922 is outside the game: set-up in Winter 1900, moves from 1901, and the Narr wins once it '
       'reaches 1921 ("Der NARR gewinnt, sofern das Spiel ins Jahr 1921 gehen sollte")')}),
    ('year-1899', SETUP,
     [('year: 1900', 'year: 1899')],
     {('rs.state.schema', '', 4, 7, 'Spielablauf',
       "'year': Input should be greater than or equal to 1900 (got 1899)")}),
    ('spring-1900', SETUP,
     [('season: winter', 'season: spring')],
     {('rs.state.year', '', 5, 9, 'Lama',
       'spring 1900 does not exist: 1900 has only the set-up in Winter 1900 ("darf im Winter 1900 in drei '
       'Spielfeldern ... eine Lamaherde ansiedeln"); the first moves are in Spring 1901')}),
    ('misspelled-player', BASE,
     [('  england:', '  englnd:')],
     {('rs.state.player', 'englnd', 4, 3, 'Anzahl Spieler',
       "unknown player 'englnd'; the 11 players are austria, doktor, england, france, germany, italy, narr, "
       'russia, superhirn, turkey, wahrsager')}),
    ('centre-not-a-supply-centre', BASE,
     [('centres: [EDI, LON, LVP, NWY, BEL]', 'centres: [EDI, LON, LVP, NWY, BEL, YOR]')],
     {('rs.state.centres', 'england', 5, 40, 'Anzahl VZ',
       'england lists YOR as a centre, but it is not a supply centre')}),
    ('centre-twice', BASE,
     [('centres: [BER, KIE, MUN, HOL]', 'centres: [BER, KIE, MUN, HOL, HOL]')],
     {('rs.state.centres', 'HOL', 25, 35, 'Anzahl VZ',
       'germany lists HOL twice')}),
    ('centre-of-two', BASE,
     [('centres: [BER, KIE, MUN, HOL]', 'centres: [BER, KIE, MUN, HOL, BEL]')],
     {('rs.state.centres', 'BEL', 25, 35, 'Anzahl VZ',
       'BEL is owned by both england and germany')}),
    ('places-nowhere', BASE,
     [('centres: [BER, KIE, MUN, HOL]', 'centres: [BER, KIE, MUN, XYZ]'), ('{type: army, at: RUH}', '{type: army, at: XYZ}'), ('{type: fleet, at: SPA/sc}', '{type: fleet, at: SPA/ec}'), ('borg: TYR', 'borg: TYX'), ('{type: sea-monster, at: ION}', '{type: sea-monster, at: ION/sc}')],
     {('rs.state.province', 'borg', 45, 7, 'Regeln',
       'Borg: TYX is not a province'),
      ('rs.state.province', 'france fleet SPA/ec', 20, 9, 'Regeln',
       "france: SPA has no coast 'ec'"),
      ('rs.state.province', 'germany', 25, 30, 'Regeln',
       'germany: centre XYZ is not a province'),
      ('rs.state.province', 'germany army XYZ', 27, 9, 'Regeln',
       'germany: XYZ is not a province'),
      ('rs.state.province', 'sea-monster', 47, 5, 'Regeln',
       "sea-monster: ION has no coast 'sc'")}),
    ('narr-with-a-unit', BASE,
     [('  narr: {}', '  narr:\n    units: [{type: army, at: GAL}]')],
     {('rs.narr.no-units', 'narr', 45, 12, 'Narr',
       'the Narr never has units of his own ("Er hat nie eigene Einheiten"); he only commands other '
       "players' units")}),
    ('narr-with-centres', BASE,
     [('  narr: {}', '  narr:\n    centres: [GRE]')],
     {('rs.narr.no-centres', 'narr', 45, 14, 'Narr',
       'the Narr owns no centres: he never has units to take them ("Er hat nie eigene Einheiten") and does '
       'not win by them ("Jeder Spieler außer dem NARRen gewinnt durch Eroberung von 18 VZ")')}),
    ('narr-leads-two-of-one', BASE,
     [('{type: army, at: BUR, narr_commanded: true}', '{type: army, at: BUR}'), ('{type: fleet, at: NTH}', '{type: fleet, at: NTH, narr_commanded: true}'), ('{type: army, at: BEL, devil: 2}', '{type: army, at: BEL, devil: 2, narr_commanded: true}')],
     {('rs.narr.commands', 'narr', 7, 9, 'Narr',
       'the Narr commands 2 units of england: his further units must belong to other players than his first '
       'one ("die aber anderen Spielern gehören müssen als die zuerst herumkommandierte Einheit")')}),
    ('barred', BASE,
     [('{type: amazon, at: YOR}', '{type: amazon, at: ENG}'), ('{type: fleet, at: HEL}', '{type: fleet, at: SIL}'), ('{type: fleet, at: SPA/sc}', '{type: fleet, at: SPA}'), ('{type: army, at: RUH}', '{type: army, at: SWI}'), ('{type: tardis, at: LON}', '{type: tardis, at: NTH}')],
     {('rs.state.terrain', 'england amazon ENG', 10, 9, 'Regeln',
       'an A®mazone moves like an army and cannot stand in the sea area ENG'),
      ('rs.state.terrain', 'france fleet SPA', 20, 9, 'Regeln',
       'a fleet in SPA must name its coast (SPA/nc, SPA/sc)'),
      ('rs.state.terrain', 'germany fleet SIL', 29, 9, 'Regeln',
       'a fleet is a fleet and cannot stand in inland SIL'),
      ('rs.switzerland.closed', 'germany army SWI', 27, 9, 'Schweiz, Mont-Blanc-Tunnel',
       'Switzerland is impassable, nobody may stand there (an army in SWI); "Die Schweiz bleibt zwar '
       'unzugänglich"'),
      ('rs.tardis.land', 'doktor tardis NTH', 39, 9, 'Doktor, Tardis',
       'the Tardis cannot stay in the sea area NTH: it rides a dolphin to the nearest land ("Delphinritt zum '
       'nächstgelegenen Landgebiet")')}),
    ('power-fleet-on-iceland', BASE,
     [('{type: fleet, at: ICE}', '{type: fleet, at: NWG}'), ('{type: fleet, at: NWG, gay: true}', '{type: fleet, at: ICE, gay: true}')],
     {('rs.islands.superhirn-only', 'england fleet ICE', 8, 9, 'Superhirn',
       "Iceland is a build-only island for the Superhirn's own units; a fleet cannot be there (of england)")}),
    ('occupancy', BASE,
     [('{type: space-monster, at: UKR}', '{type: space-monster, at: RUH}'), ('borg: TYR', 'borg: KIE')],
     {('rs.state.occupancy', 'KIE', 28, 9, 'Doktor, Tardis',
       'KIE holds 2 pieces (germany army KIE; Borg); only the Tardis ("Als einzige Einheit kann er sich '
       'gleichzeitig mit anderen Einheiten im selben Gebiet aufhalten") and birds share a province'),
      ('rs.state.occupancy', 'RUH', 27, 9, 'Doktor, Tardis',
       'RUH holds 2 pieces (germany army RUH; space-monster); only the Tardis ("Als einzige Einheit kann er '
       'sich gleichzeitig mit anderen Einheiten im selben Gebiet aufhalten") and birds share a province')}),
    ('birds', BASE,
     [('{type: bird, at: LON}', '{type: bird, at: VEN}')],
     {('rs.birds.borg', 'england bird VEN', 11, 9, 'Vögel',
       'england\'s birds in VEN are next to the Borg in TYR, which eats them ("friedlich neben jeder anderen '
       'Einheitenart leben – außer neben BORG, der sie selbstverständlich aufisst")')}),
    ('lamas', BASE,
     [('lama_herds: [WAL, WAL, IRI]', 'lama_herds: [WAL, LON, XYZ, CRE]'), ('  narr: {}', '  narr:\n    lama_herds: [ALB]')],
     {('rs.lamas.count', 'england', 13, 17, 'Lama',
       'england has 4 lama herd(s) and 0 exploded; each power settles exactly 3 herds in Winter 1900 ("Jede '
       'der sieben Großmächte darf im Winter 1900 in drei Spielfeldern (keine Versorgungszentren)")'),
      ('rs.lamas.count', 'narr', 45, 17, 'Lama',
       'narr is not one of the seven powers; only they settle lama herds'),
      ('rs.lamas.place', 'CRE', 13, 33, 'Lama',
       "england's lama herd cannot live in Crete: Crete is a build-only island for the Superhirn's own "
       'units; a llama herd cannot be there (nobody owns it)'),
      ('rs.lamas.place', 'LON', 13, 23, 'Lama',
       'england\'s lama herd stands in LON, a supply centre; herds live only outside supply centres ("keine '
       'Versorgungszentren")'),
      ('rs.lamas.place', 'england', 13, 28, 'Lama',
       'england: lama herd: XYZ is not a province')}),
    ('special-armies', BASE,
     [('{type: drecksack, at: PAR}', '{type: drecksack, at: PAR}\n      - {type: drecksack, at: GAS}')],
     {('rs.special-armies', 'france', 21, 9, 'A®mazonen',
       'france has 2 Drecksackarmeen but 5 centres allow 1 (one per full 5, at most 3: "also nach dem 5., '
       '10. und 15. VZ")')}),
    ('twins', BASE,
     [('{type: amazon, at: YOR}', '{type: twins, at: [YOR, WAL]}'), ('at: [CLY, EDI], as: [army, fleet]', 'at: [LVP, EDI], as: [fleet, fleet]')],
     {('rs.twins.adjacent', 'LVP-EDI', 12, 9, 'Siamesische Zwillinge',
       "england's Siamese twins in LVP and EDI are not neighbours; the pair must stand on adjacent provinces "
       '("in zwei nebeneinander liegenden Provinzen")'),
      ('rs.twins.once', 'england', 10, 9, 'Siamesische Zwillinge',
       'england has 2 Siamese-twin pairs; a player may build one per game ("Im gesamten Spiel ist es einem '
       'Spieler nur einmal erlaubt")')}),
    ('devil', BASE,
     [('devil: 2', 'devil: 0'), ('{type: fleet, at: ADR}', '{type: fleet, at: ADR, devil: 2}'), ('{type: amazon, at: YOR}', '{type: amazon, at: YOR, devil: 2}'), ('at: KIE, superhirn_built: true}', 'at: KIE, superhirn_built: true, devil: 1}')],
     {('rs.devil.countdown', 'england', 9, 9, 'Teuflische Einheit',
       'england\'s army at BEL: a devil\'s bargain lasts 2 seasons (countdown 2 to 1: "verdoppelt sich die '
       'Stärke dieser Einheit für die nächsten zwei Jahreszeiten"), got 0'),
      ('rs.devil.who', 'england', 10, 9, 'Teuflische Einheit',
       "england's amazon at YOR cannot sell its soul: only the armies and fleets of a normal build are "
       'conventional, not an A®mazone ("Die durch Superhirnfragen oder den Einfluss des Wahrsagers '
       'entstandenen Einheiten dürfen ihre Seele nicht verkaufen, ebenso wie die A®MAZONEN und '
       'DRECKSACKARMEEN")'),
      ('rs.devil.who', 'germany', 28, 9, 'Teuflische Einheit',
       'germany\'s army at KIE cannot sell its soul: units from Superhirn questions may not ("Die durch '
       'Superhirnfragen oder den Einfluss des Wahrsagers entstandenen Einheiten dürfen ihre Seele nicht '
       'verkaufen, ebenso wie die A®MAZONEN und DRECKSACKARMEEN")'),
      ('rs.devil.who', 'wahrsager', 43, 9, 'Teuflische Einheit',
       'wahrsager\'s fleet at ADR cannot sell its soul: units the Wahrsager\'s influence made may not ("Die '
       'durch Superhirnfragen oder den Einfluss des Wahrsagers entstandenen Einheiten dürfen ihre Seele '
       'nicht verkaufen, ebenso wie die A®MAZONEN und DRECKSACKARMEEN")')}),
    ('gay', BASE,
     [('{type: army, at: RUH}', '{type: army, at: RUH, gay: true}'), ('{year: 1904, gay: true}', '{year: 1904}')],
     {('rs.gay-fleets.count', 'england', 8, 9, 'Schwule Flotte',
       'england has 1 gay fleet(s) on the board but its fleets_built records 0 gay build(s)'),
      ('rs.gay-fleets.fleets', 'germany', 27, 9, 'Schwule Flotte',
       'germany\'s army at RUH is marked gay, but only fleets are ("jede 5. von einem Spieler gebaute '
       'Flotte")'),
      ('rs.gay-fleets.order', 'england', 14, 76, 'Schwule Flotte',
       "england's fleet build no. 5 (from Winter 1901, built 1904) is not gay; every 5th fleet built is gay, "
       'the others are not ("ist jede 5. von einem Spieler gebaute Flotte schwul")')}),
    ('gay-timing', SPRING_1901,
     [('season: spring', 'season: autumn'), ('{type: fleet, at: LON}', '{type: fleet, at: LON, gay: true}')],
     {('rs.gay-fleets.timing', 'england', 19, 9, 'Schwule Flotte',
       "england's gay fleet at LON in autumn 1901: the first gay fleets are built at the Winter 1901 "
       'adjustments ("Ab den 1901er-Anpassungen im Winter 1901")')}),
    ('builds-timing', BASE,
     [('[{year: 1901},', '[{year: 1900},')],
     {('rs.builds.timing', 'england', 14, 20, 'Spielablauf',
       'england records a fleet built in 1900; in autumn 1905 the winter adjustments played are 1901..1904')}),
    ('setup-builds', SETUP,
     [('{type: army, at: LVP}\n    fleets_built: []', '{type: army, at: LVP}\n    fleets_built: [{year: 1900}]'), ('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: bird, at: YOR}')],
     {('rs.builds.timing', 'england', 22, 9, 'Spielablauf',
       "england's bird at YOR in winter 1900: it is built at the winter adjustments, the first in Winter "
       '1901 ("Nach den Herbstzügen finden die Anpassungen der Versorgungszentren (VZ) statt")'),
      ('rs.builds.timing', 'england', 23, 20, 'Spielablauf',
       'england records a fleet built in 1900; no winter adjustments are played before Winter 1901')}),
    ('monsters', BASE,
     [('monsters:\n', 'monsters:\n  - {type: sea-monster, at: NAF}\n  - {type: sea-monster, at: TYS}\n  - {type: sea-monster, at: BLA}\n  - {type: sea-monster, at: EAS}\n  - {type: sea-monster, at: AEG}\n  - {type: space-monster, at: GAL}\n  - {type: space-monster, at: SIL}\n  - {type: space-monster, at: BOH}\n  - {type: space-monster, at: ARM}\n  - {type: space-monster, at: SYR}\n')],
     {('rs.monsters.sea-count', 'sea-monster', 57, 5, 'Seemonster',
       '6 sea-monsters in autumn 1905, but only 5 can have appeared: one after each spring retreat ("Nach '
       'jedem Frühjahrsrückzug taucht zufällig eine Horde SEEMONSTER ... auf")'),
      ('rs.monsters.space-count', 'space-monster', 58, 5, 'Weltraummonster',
       '6 space-monsters in autumn 1905, but only 5 can have appeared: one after each autumn retreat ("nach '
       'jedem Herbstrückzug aus dem Orbit auf die Erde fallen")')}),
    ('superhirn', BASE,
     [('{type: army, at: CRE}', '{type: army, at: CRE}\n      - {type: fleet, at: BAR}\n      - {type: fleet, at: BOT}\n      - {type: fleet, at: BAL}\n      - {type: fleet, at: SKA}\n      - {type: fleet, at: ENG}\n      - {type: fleet, at: WES}\n      - {type: fleet, at: LYO}\n      - {type: fleet, at: TYS}')],
     {('rs.superhirn.count', 'superhirn', 42, 9, 'Superhirn',
       'superhirn has 10 units from Superhirn questions in autumn 1905; at most 9 summers and winters have '
       'passed, one such unit each ("aber nie mehr als eine pro Jahreszeit")')}),
    ('doktor-tardis', BASE,
     [('lama_herds: [RUH, SIL, BOH]', 'lama_herds: [RUH, SIL, BOH]\n    points: 1'), ('      - {type: tardis, at: LON}\n', ''), ('{type: bird, at: LON}', '{type: tardis, at: LON}'), ('{type: army, at: SER}', '{type: tardis, at: SER}')],
     {('rs.doktor.points', 'germany', 31, 13, 'Doktor, Tardis',
       'germany has victory points; only the Doktor collects them ("Für jedes zerstörte Monster erhält der '
       'DOKTOR einen Siegpunkt")'),
      ('rs.tardis.one', 'tardis', 0, 0, 'Doktor, Tardis',
       '2 Tardis units on the board; there is one ("mit einer einzigen Einheit, dem unzerstörbaren TARDIS")'),
      ('rs.tardis.owner', 'england', 11, 9, 'Doktor, Tardis',
       'england has a Tardis; it belongs to the Doktor alone ("mit einer einzigen Einheit, dem '
       'unzerstörbaren TARDIS")')}),
    ('setup-start', SETUP,
     [('{type: army, at: LVP}', '{type: army, at: YOR, devil: 2, narr_commanded: true}'), ('centres: [BER, KIE, MUN]', 'centres: []'), ('  wahrsager:\n    units: []', '  wahrsager:\n    units: [{type: army, at: GAL}]'), ('    points: 0', '    points: 1\n    centres: [BEL]'), ('borg: null', 'borg: BOH'), ('    points: 1\n    centres: [BEL]\n    units: []', '    points: 1\n    centres: [BEL]\n    units: [{type: tardis, at: LON}]')],
     {('rs.borg.arrival', 'borg', 72, 7, 'Borg',
       'the Borg is in BOH at the set-up; it appears after the Spring 1901 moves ("taucht aber nach den '
       'Frühjahrszügen 1901 dort auf")'),
      ('rs.setup.start', 'doktor', 64, 3, 'Regeln',
       'doktor has victory points at the set-up, before any move of Spring 1901'),
      ('rs.setup.start', 'doktor', 66, 14, 'Regeln',
       'doktor holds BEL in winter 1900; before the first autumn only the seven powers hold centres, each '
       'its home centres'),
      ('rs.setup.start', 'england', 15, 3, 'Regeln',
       "england has devil's bargains, units led by the Narr at the set-up, before any move of Spring 1901"),
      ('rs.setup.start', 'england', 19, 7, 'Regeln',
       "england's armies and fleets at the set-up are A YOR, F EDI, F LON; the standard start is A LVP, F "
       'EDI, F LON'),
      ('rs.setup.start', 'germany', 33, 14, 'Regeln',
       'germany holds no centres in winter 1900; before the first autumn every power holds its home centres '
       '(BER, KIE, MUN) and nobody else any'),
      ('rs.setup.start', 'wahrsager', 71, 12, 'Regeln',
       "the wahrsager has no units at the set-up (only the Doktor's Tardis, which arrives later)"),
      ('rs.tardis.arrival', 'doktor', 67, 13, 'Doktor, Tardis',
       'the Tardis is in LON at the set-up; it arrives along the first hyperspace link ("bewegt sich entlang '
       'der ersten HYPERSPACE-VERBINDUNG auf das Spielbrett")')}),
    ('borg-gone', SPRING_1901,
     [('borg: GAL', 'borg: null')],
     {('rs.borg.arrival', 'borg', 0, 0, 'Borg',
       'the Borg is not on the board in spring 1901; it appears after the Spring 1901 moves ("taucht aber '
       'nach den Frühjahrszügen 1901 dort auf") and, being indestructible ("Der BORG ist eine riesige, '
       'unzerstörbare Kreatur"), never leaves it')}),
    ('winter', WINTER,
     [('{type: amazon, at: YOR}', '{type: amazon, at: YOR}\n      - {type: army, at: WAL}'), ('borg: TYR', 'borg: BER')],
     {('rs.borg.neutral', 'BER', 46, 7, 'Borg',
       'the Borg sits in BER during the adjustments, so BER is neutral, not germany\'s ("Versorgungszentren, '
       'in denen sich der BORG während der Anpassungsphase aufhält, werden augenblicklich neutral")'),
      ('rs.supply.winter', 'england', 7, 7, 'Regeln',
       'england keeps 6 units that need a centre after the Winter 1905 adjustments but holds 5 centres '
       '(standard rules: units beyond the centres are disbanded)')}),
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
    ('spring-1902-gay-fleet', SPRING_1901,
     [('year: 1901', 'year: 1902'), ('{type: fleet, at: LON}', '{type: fleet, at: LON, gay: true}'), ('fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}\n  france', 'fleets_built: [{year: 1901}, {year: 1901}, {year: 1901}, {year: 1901}, {year: 1901, gay: true}]\n  france')],
     set()),
    ('winter-1901-fleets-built', SPRING_1901,
     [('season: spring', 'season: winter'), ('fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}\n  france', 'fleets_built: [{year: 1901}, {year: 1902}]\n  france')],
     {('rs.builds.timing', 'england', 22, 34, 'Spielablauf',
       'england records a fleet built in 1902; in winter 1901 the winter adjustments played are 1901..1901')}),
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
    ('gay-twin-pair-of-armies', BASE,
     [('at: [CLY, EDI], as: [army, fleet]', 'at: [CLY, EDI], as: [army, army], gay: true')],
     {('rs.gay-fleets.fleets', 'england', 12, 9, 'Schwule Flotte',
       'england\'s twins at CLY-EDI is marked gay, but only fleets are ("jede 5. von einem Spieler gebaute '
       'Flotte")')}),
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
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in FULL], ids=[c[0] for c in FULL])
def test_each_finding_says_what_where_and_which_passage(tmp_path, base, changes, expected):
    found = findings(tmp_path, edit(base, *changes))
    assert {(f.rule, f.object, f.line, f.col, f.section, f.message) for f in found if f.severity == "error"} == expected
    assert {f.file for f in found} == {str(tmp_path / "state.yaml")}
    assert len([f for f in found if f.severity == "error"]) == len(expected)  # none twice


EIGHTEEN = "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, BUD, TRI]"

VICTORY = [
    ("nobody-yet", BASE, [], {("rs.victory.none", "", "Siegbedingungen",
                               "no winner yet after autumn 1905; most centres: france 5, england 5, germany 4")}),
    ("eighteen-centres", BASE, [("centres: [EDI, LON, LVP, NWY, BEL]", EIGHTEEN)],
     {("rs.victory.centres", "england", "Siegbedingungen",
       "england holds 18 supply centres after the autumn moves: 18 win")}),
    ("doktor-30", BASE, [("points: 6", "points: 29")],
     {("rs.victory.doktor", "doktor", "Doktor, Tardis", "the Doktor has 29 points + 1 centres = 30 >= 30: he wins")}),
    ("narr-1921", BASE, [("year: 1905", "year: 1921")],
     {("rs.victory.narr", "narr", "Siegbedingungen", "the game has reached 1921: the Narr wins")}),
    ("all-three", BASE, [("year: 1905", "year: 1921"), ("points: 6", "points: 29"),
                         ("centres: [EDI, LON, LVP, NWY, BEL]", EIGHTEEN)],
     {("rs.victory.centres", "england", "Siegbedingungen",
       "england holds 18 supply centres after the autumn moves: 18 win"),
      ("rs.victory.doktor", "doktor", "Doktor, Tardis", "the Doktor has 29 points + 1 centres = 30 >= 30: he wins"),
      ("rs.victory.narr", "narr", "Siegbedingungen", "the game has reached 1921: the Narr wins")}),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in VICTORY], ids=[c[0] for c in VICTORY])
def test_who_has_won_is_reported_for_the_whole_file(tmp_path, base, changes, expected):
    found = [f for f in findings(tmp_path, edit(base, *changes)) if f.severity == "info"]
    assert {(f.rule, f.object, f.section, f.message) for f in found} == expected
    assert {(f.file, f.line) for f in found} == {(str(tmp_path / "state.yaml"), 0)}
