"""Rather Silly game states at the edges of the rules late in the game's clock: the set-up, what
is built when, units from Superhirn questions, the adjustments and who has won.

Each case is one edit of a legal base (rather_silly_states.py) and the exact findings it gets,
as a game master reads them: rule, object, line, column, the passage cited and the message;
an empty set is the legal side of a boundary. test_rather_silly_state_findings.py has one case
per way each rule fails; these are the cases next to them (the other order of the same home
centres, the build in the year of the adjustments, the seventeenth centre, the year before 1921).
"""
from __future__ import annotations

import pytest

from rather_silly_states import BASE, SETUP, SPRING_1901, edit, findings

WINTER = edit(BASE, ("season: autumn", "season: winter"))
ENGLAND_5 = "centres: [EDI, LON, LVP, NWY, BEL]"
ENGLAND_BUILT = "fleets_built: []  # every fleet built from Winter 1901 on, in order: {year: 1901}\n  france"
TIMING = '("Nach den Herbstzügen finden die Anpassungen der Versorgungszentren (VZ) statt")'
ONE_EACH = '("aber nie mehr als eine pro Jahreszeit")'

# (test id, base, [(old, new), ...], every error as (rule, object, line, column, passage, message))
EDGES = [
    # -- the set-up: the home centres in any order; an unknown name is only rs.state.player
    ('setup-home-centres-in-another-order', SETUP,
     [('centres: [EDI, LON, LVP]', 'centres: [LON, LVP, EDI]')],
     set()),
    ('setup-misspelled-power', SETUP,
     [('  england:', '  englnd:')],
     {('rs.state.player', 'englnd', 15, 3, 'Anzahl Spieler',
       "unknown player 'englnd'; the 11 players are austria, doktor, england, france, germany, italy, narr, "
       'russia, superhirn, turkey, wahrsager')}),
    ('spring-1901-misspelled-power', SPRING_1901,
     [('  england:', '  englnd:')],
     {('rs.state.player', 'englnd', 15, 3, 'Anzahl Spieler',
       "unknown player 'englnd'; the 11 players are austria, doktor, england, france, germany, italy, narr, "
       'russia, superhirn, turkey, wahrsager')}),
    # a power's unit from a Superhirn question is no starting unit: too early, not a wrong start
    ('setup-superhirn-built-army-of-a-power', SETUP,
     [('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: army, at: WAL, superhirn_built: true}')],
     {('rs.superhirn.count', 'england', 22, 9, 'Superhirn',
       'england has 1 units from Superhirn questions in winter 1900; at most 0 summers and winters have passed, '
       f'one such unit each {ONE_EACH}')}),
    # -- units from Superhirn questions of a power: one per summer and winter played
    ('spring-1901-one-superhirn-built-unit-of-a-power', SPRING_1901,
     [('{type: army, at: MUN}', '{type: army, at: MUN}\n      - {type: army, at: RUH, superhirn_built: true}')],
     set()),
    ('spring-1901-two-superhirn-built-units-of-a-power', SPRING_1901,
     [('{type: army, at: MUN}', '{type: army, at: MUN}\n      - {type: army, at: RUH, superhirn_built: true}\n'
                                '      - {type: fleet, at: HOL, superhirn_built: true}')],
     {('rs.superhirn.count', 'germany', 39, 9, 'Superhirn',
       'germany has 2 units from Superhirn questions in spring 1901; at most 1 summers and winters have passed, '
       f'one such unit each {ONE_EACH}')}),
    # -- builds: A®mazonen and Drecksackarmeen wait for the first adjustments too
    ('autumn-1901-amazon-and-drecksack', SPRING_1901,
     [('season: spring', 'season: autumn'), ('centres: [EDI, LON, LVP]', 'centres: [EDI, LON, LVP, BEL, NWY]'),
      ('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: amazon, at: YOR}\n'
                                '      - {type: drecksack, at: WAL}')],
     {('rs.builds.timing', 'england', 22, 9, 'Spielablauf',
       f"england's amazon at YOR in autumn 1901: it is built at the winter adjustments, the first in Winter 1901 "
       f'{TIMING}'),
      ('rs.builds.timing', 'england', 23, 9, 'Spielablauf',
       f"england's drecksack at WAL in autumn 1901: it is built at the winter adjustments, the first in Winter 1901 "
       f'{TIMING}')}),
    ('winter-1901-amazon-and-drecksack', SPRING_1901,
     [('season: spring', 'season: winter'), ('centres: [EDI, LON, LVP]', 'centres: [EDI, LON, LVP, BEL, NWY]'),
      ('{type: army, at: LVP}', '{type: army, at: LVP}\n      - {type: amazon, at: YOR}\n'
                                '      - {type: drecksack, at: WAL}')],
     set()),
    # a fleet built at this winter's adjustments is on the record; after the spring, last winter's is the last
    ('winter-1905-fleet-built-in-1905', WINTER,
     [('{year: 1904, gay: true}', '{year: 1905, gay: true}')],
     set()),
    ('spring-1902-fleet-built-in-1902', SPRING_1901,
     [('year: 1901', 'year: 1902'), (ENGLAND_BUILT, ENGLAND_BUILT.replace('[]', '[{year: 1901}, {year: 1902}]'))],
     {('rs.builds.timing', 'england', 22, 34, 'Spielablauf',
       'england records a fleet built in 1902; in spring 1902 the winter adjustments played are 1901..1901')}),
    # -- A®mazonen: three at most, however many centres
    ('four-amazons-with-twenty-centres', BASE,
     [(ENGLAND_5, 'centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, BUD, '
                  'TRI, VEN, ROM]'),
      ('{type: amazon, at: YOR}', '{type: amazon, at: YOR}\n      - {type: amazon, at: WAL}\n'
                                  '      - {type: amazon, at: PIC}\n      - {type: amazon, at: GAL}')],
     {('rs.special-armies', 'england', 10, 9, 'A®mazonen',
       'england has 4 A®mazonen but 20 centres allow 3 (one per full 5, at most 3: "also nach dem 5., 10. und '
       '15. VZ")')}),
    # -- gay fleets: a gay build out of turn says so
    ('fourth-build-gay', BASE,
     [('{year: 1903}, {year: 1904, gay: true}', '{year: 1903, gay: true}, {year: 1904, gay: true}')],
     {('rs.gay-fleets.order', 'england', 14, 62, 'Schwule Flotte',
       "england's fleet build no. 4 (from Winter 1901, built 1903) is gay; every 5th fleet built is gay, the "
       'others are not ("ist jede 5. von einem Spieler gebaute Flotte schwul")')}),
    # -- the adjustments: the Doktor's units need centres; the Borg on a centre nobody owns takes nothing
    ('winter-doktor-one-unit-too-many', WINTER,
     [('{type: army, at: SER}', '{type: army, at: SER}\n      - {type: fleet, at: GRE}')],
     {('rs.supply.winter', 'doktor', 39, 7, 'Regeln',
       'doktor keeps 2 units that need a centre after the Winter 1905 adjustments but holds 1 centres (standard '
       'rules: units beyond the centres are disbanded)')}),
    ('winter-borg-on-a-centre-nobody-owns', WINTER,
     [('borg: TYR', 'borg: GRE')],
     set()),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in EDGES], ids=[c[0] for c in EDGES])
def test_each_edge_gets_exactly_its_findings(tmp_path, base, changes, expected):
    found = findings(tmp_path, edit(base, *changes))
    errors = [(f.rule, f.object, f.line, f.col, f.section, f.message) for f in found if f.severity == "error"]
    assert set(errors) == expected
    assert len(errors) == len(expected)  # none twice
    assert {f.severity for f in found} <= {"error", "info"}


EIGHTEEN = "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, BUD, TRI]"
NOBODY_YET = ("rs.victory.none", "", "Siegbedingungen")

# (test id, base, changes, every info as (rule, object, passage, message))
VICTORY_EDGES = [
    ("seventeen-centres", BASE, [(ENGLAND_5, EIGHTEEN.replace(", TRI]", "]"))],
     {NOBODY_YET + ("no winner yet after autumn 1905; most centres: england 17, france 5, germany 4",)}),
    ("eighteen-centres-after-the-spring", BASE, [("season: autumn", "season: spring"), (ENGLAND_5, EIGHTEEN)],
     {NOBODY_YET + ("no winner yet after spring 1905; most centres: england 18, france 5, germany 4",)}),
    ("eighteen-centres-after-the-adjustments", WINTER, [(ENGLAND_5, EIGHTEEN)],
     {("rs.victory.centres", "england", "Siegbedingungen",
       "england holds 18 supply centres after the autumn moves: 18 win")}),
    ("eighteen-centres-of-the-narr", BASE,
     [("  narr: {}", "  narr:\n    centres: [ANK, CON, SMY, NAP, ROM, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, "
                     "TUN, VIE, BUD, TRI]")],
     {NOBODY_YET + ("no winner yet after autumn 1905; most centres: narr 18, france 5, england 5",)}),
    ("doktor-29", BASE, [("points: 6", "points: 28")],
     {NOBODY_YET + ("no winner yet after autumn 1905; most centres: france 5, england 5, germany 4",)}),
    ("doktor-30-after-the-spring", BASE, [("season: autumn", "season: spring"), ("points: 6", "points: 29")],
     {("rs.victory.doktor", "doktor", "Doktor, Tardis", "the Doktor has 29 points + 1 centres = 30 >= 30: he wins")}),
    ("year-1920", BASE, [("year: 1905", "year: 1920")],
     {NOBODY_YET + ("no winner yet after autumn 1920; most centres: france 5, england 5, germany 4",)}),
    ("spring-1921", BASE, [("year: 1905", "year: 1921"), ("season: autumn", "season: spring")],
     {("rs.victory.narr", "narr", "Siegbedingungen", "the game has reached 1921: the Narr wins")}),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in VICTORY_EDGES], ids=[c[0] for c in VICTORY_EDGES])
def test_who_has_won_at_the_edges(tmp_path, base, changes, expected):
    found = findings(tmp_path, edit(base, *changes))
    assert {(f.rule, f.object, f.section, f.message) for f in found if f.severity == "info"} == expected
    assert {f.line for f in found if f.severity == "info"} == {0}


def test_a_game_without_players_names_nobody_as_leader(tmp_path):
    found = findings(tmp_path, "year: 1905\nseason: autumn\nplayers: {}\nborg: TYR\n")
    assert [(f.severity, f.rule, f.object, f.line, f.message) for f in found] == [
        ("info", "rs.victory.none", "", 0, "no winner yet after autumn 1905; most centres: nobody")]
