"""Rather Silly game states: every rule on a position that breaks only it, and the legal side of
its boundary. Each verdict is the exact set of (rule, object) the checker reports.

The bases (rather_silly_states.py) are legal: BASE after the Autumn 1905 moves, SETUP the
set-up in Winter 1900, SPRING_1901 the position after the first moves.
"""
from __future__ import annotations

import pytest

from rather_silly_states import BASE, SETUP, SPRING_1901, edit, findings, verdict

ENGLAND_5 = "centres: [EDI, LON, LVP, NWY, BEL]"
ENGLAND_BUILT = "{type: army, at: LVP}\n    fleets_built: []"  # England's fleet record in SETUP and SPRING_1901


def test_the_bases_are_legal(tmp_path):
    for text in (BASE, SETUP, SPRING_1901):
        assert verdict(tmp_path, text) == set()
        assert verdict(tmp_path, text, "warning") == set()


# (test id, base, [(old, new), ...], the exact findings)
CASES = [
    # -- the game's years: Winter 1900 set-up to 1921
    ("year-1921-is-legal", BASE, [("year: 1905", "year: 1921")], set()),
    ("year-1922", BASE, [("year: 1905", "year: 1922")], {("rs.state.year", "")}),
    ("spring-1900-does-not-exist", SETUP, [("season: winter", "season: spring")], {("rs.state.year", "")}),
    ("autumn-1900-does-not-exist", SETUP, [("season: winter", "season: autumn")], {("rs.state.year", "")}),
    # -- players
    ("misspelled-player", BASE, [("  england:", "  englnd:")], {("rs.state.player", "englnd")}),
    ("misspelled-role", BASE, [("  wahrsager:", "  wahrsagerin:")], {("rs.state.player", "wahrsagerin")}),
    # -- centres
    ("centre-not-a-supply-centre", BASE, [(ENGLAND_5, "centres: [EDI, LON, LVP, NWY, BEL, YOR]")],
     {("rs.state.centres", "england")}),
    ("centre-of-two-players", BASE, [("centres: [BER, KIE, MUN, HOL]", "centres: [BER, KIE, MUN, HOL, BEL]")],
     {("rs.state.centres", "BEL")}),
    ("centre-listed-twice", BASE, [("centres: [BER, KIE, MUN, HOL]", "centres: [BER, KIE, MUN, HOL, HOL]")],
     {("rs.state.centres", "HOL")}),
    ("centre-not-a-province", BASE, [("centres: [BER, KIE, MUN, HOL]", "centres: [BER, KIE, MUN, XYZ]")],
     {("rs.state.province", "germany")}),
    ("unit-nowhere", BASE, [("{type: army, at: RUH}", "{type: army, at: XYZ}")],
     {("rs.state.province", "germany army XYZ")}),
    ("fleet-on-a-coast-that-is-not-there", BASE, [("{type: fleet, at: SPA/sc}", "{type: fleet, at: SPA/ec}")],
     {("rs.state.province", "france fleet SPA/ec")}),
    ("twin-nowhere", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, EDX], as: [army, fleet]")],
     {("rs.state.province", "england twins EDX")}),
    ("borg-nowhere", BASE, [("borg: TYR", "borg: TYX")], {("rs.state.province", "borg")}),
    ("monster-nowhere", BASE, [("{type: sea-monster, at: ION}", "{type: sea-monster, at: ION/sc}")],
     {("rs.state.province", "sea-monster")}),
    # -- the Narr
    ("narr-with-a-unit", BASE, [("  narr: {}", "  narr:\n    units: [{type: army, at: GAL}]")],
     {("rs.narr.no-units", "narr")}),
    ("narr-with-centres", BASE, [("  narr: {}", "  narr:\n    centres: [GRE]")], {("rs.narr.no-centres", "narr")}),
    ("narr-leads-two-units-of-one-player", BASE,
     [("{type: army, at: BUR, narr_commanded: true}", "{type: army, at: BUR}"),
      ("{type: fleet, at: NTH}", "{type: fleet, at: NTH, narr_commanded: true}"),
      ("{type: army, at: BEL, devil: 2}", "{type: army, at: BEL, devil: 2, narr_commanded: true}")],
     {("rs.narr.commands", "narr")}),
    ("narr-leads-one-unit-each-of-two-players", BASE,
     [("{type: fleet, at: NTH}", "{type: fleet, at: NTH, narr_commanded: true}")], set()),
    ("narr-leads-a-first-unit-and-two-of-another-player", BASE,
     [("{type: fleet, at: NTH}", "{type: fleet, at: NTH, narr_commanded: true}"),
      ("{type: army, at: BEL, devil: 2}", "{type: army, at: BEL, devil: 2, narr_commanded: true}")], set()),
    # -- terrain
    ("amazon-at-sea", BASE, [("{type: amazon, at: YOR}", "{type: amazon, at: ENG}")],
     {("rs.state.terrain", "england amazon ENG")}),
    ("drecksack-at-sea", BASE, [("{type: drecksack, at: PAR}", "{type: drecksack, at: LYO}")],
     {("rs.state.terrain", "france drecksack LYO")}),
    ("army-at-sea", BASE, [("{type: army, at: RUH}", "{type: army, at: BAL}")],
     {("rs.state.terrain", "germany army BAL")}),
    ("fleet-inland", BASE, [("{type: fleet, at: HEL}", "{type: fleet, at: SIL}")],
     {("rs.state.terrain", "germany fleet SIL")}),
    ("fleet-on-split-coast-without-coast", BASE, [("{type: fleet, at: SPA/sc}", "{type: fleet, at: SPA}")],
     {("rs.state.terrain", "france fleet SPA")}),
    ("twin-fleet-inland", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [BOH, SIL], as: [fleet, army]")],
     {("rs.state.terrain", "england twins BOH")}),
    ("twin-army-at-sea", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [NAO, CLY], as: [army, fleet]")],
     {("rs.state.terrain", "england twins NAO")}),
    ("sea-monster-inland", BASE, [("{type: sea-monster, at: ION}", "{type: sea-monster, at: WAR}")],
     {("rs.state.terrain", "sea-monster")}),
    ("sea-monster-on-a-coast", BASE, [("{type: sea-monster, at: ION}", "{type: sea-monster, at: APU}")], set()),
    ("space-monster-at-sea", BASE, [("{type: space-monster, at: UKR}", "{type: space-monster, at: BLA}")],
     {("rs.state.terrain", "space-monster")}),
    ("space-monster-on-a-coast", BASE, [("{type: space-monster, at: UKR}", "{type: space-monster, at: SEV}")],
     set()),
    ("borg-at-sea", BASE, [("borg: TYR", "borg: BLA")], set()),
    # -- Switzerland
    ("borg-in-switzerland", BASE, [("borg: TYR", "borg: SWI")], {("rs.switzerland.closed", "Borg")}),
    ("sea-monster-in-switzerland", BASE, [("{type: sea-monster, at: ION}", "{type: sea-monster, at: SWI}")],
     {("rs.switzerland.closed", "sea-monster")}),
    ("space-monster-in-switzerland", BASE, [("{type: space-monster, at: UKR}", "{type: space-monster, at: SWI}")],
     {("rs.switzerland.closed", "space-monster")}),
    ("army-in-switzerland", BASE, [("{type: army, at: RUH}", "{type: army, at: SWI}")],
     {("rs.switzerland.closed", "germany army SWI")}),
    ("tardis-in-switzerland", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: SWI}")],
     {("rs.switzerland.closed", "doktor tardis SWI")}),
    ("bird-in-switzerland", BASE, [("{type: bird, at: LON}", "{type: bird, at: SWI}")],
     {("rs.switzerland.closed", "england bird SWI")}),
    # -- Iceland and Crete
    ("borg-on-crete", BASE, [("{type: army, at: CRE}", "{type: army, at: NAO}"), ("borg: TYR", "borg: CRE")],
     {("rs.islands.superhirn-only", "Borg"), ("rs.state.terrain", "superhirn army NAO")}),
    ("borg-on-iceland", BASE, [("{type: fleet, at: ICE}", "{type: fleet, at: NAO}"), ("borg: TYR", "borg: ICE")],
     {("rs.islands.superhirn-only", "Borg")}),
    ("sea-monster-on-crete", BASE, [("{type: army, at: CRE}", "{type: fleet, at: EAS}"),
                                    ("{type: sea-monster, at: ION}", "{type: sea-monster, at: CRE}")],
     {("rs.islands.superhirn-only", "sea-monster")}),
    ("power-fleet-on-iceland", BASE, [("{type: fleet, at: ICE}", "{type: fleet, at: NWG}"),
                                      ("{type: fleet, at: NWG, gay: true}", "{type: fleet, at: ICE, gay: true}")],
     {("rs.islands.superhirn-only", "england fleet ICE")}),
    ("superhirn-built-army-of-a-power-on-crete", BASE,
     [("{type: army, at: CRE}", "{type: fleet, at: EAS}"),
      ("{type: army, at: KIE, superhirn_built: true}", "{type: army, at: CRE, superhirn_built: true}")],
     {("rs.islands.superhirn-only", "germany army CRE")}),
    ("tardis-on-iceland", BASE, [("{type: fleet, at: ICE}", "{type: fleet, at: NAO}"),
                                 ("{type: tardis, at: LON}", "{type: tardis, at: ICE}")],
     {("rs.islands.superhirn-only", "doktor tardis ICE")}),
    ("bird-on-crete", BASE, [("{type: bird, at: LON}", "{type: bird, at: CRE}")],
     {("rs.islands.superhirn-only", "england bird CRE")}),
    ("superhirn-fleet-left-iceland", BASE, [("{type: fleet, at: ICE}", "{type: fleet, at: NAO}")], set()),
    # -- one piece per province, besides the Tardis and birds
    ("army-and-monster-share", BASE, [("{type: space-monster, at: UKR}", "{type: space-monster, at: RUH}")],
     {("rs.state.occupancy", "RUH")}),
    ("borg-and-army-share", BASE, [("borg: TYR", "borg: RUH")], {("rs.state.occupancy", "RUH")}),
    ("two-monsters-share", BASE, [("{type: space-monster, at: UKR}", "{type: space-monster, at: APU}"),
                                  ("{type: sea-monster, at: ION}", "{type: sea-monster, at: APU}")],
     {("rs.state.occupancy", "APU")}),
    ("borg-and-tardis-share", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: TYR}")], set()),
    ("tardis-with-an-army", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: RUH}")], set()),
    ("bird-with-an-army", BASE, [("{type: bird, at: LON}", "{type: bird, at: RUH}")], set()),
    # -- the Tardis never stays at sea
    ("tardis-at-sea", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: NTH}")],
     {("rs.tardis.land", "doktor tardis NTH")}),
    ("tardis-on-a-coast", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: WAL}")], set()),
    # -- birds and the Borg
    ("bird-in-the-borgs-province", BASE, [("{type: bird, at: LON}", "{type: bird, at: TYR}")],
     {("rs.birds.borg", "england bird TYR")}),
    ("bird-next-to-the-borg", BASE, [("{type: bird, at: LON}", "{type: bird, at: VEN}")],
     {("rs.birds.borg", "england bird VEN")}),
    ("bird-next-to-the-borg-through-the-tunnel", BASE, [("{type: bird, at: LON}", "{type: bird, at: MAR}")],
     {("rs.birds.borg", "england bird MAR")}),
    ("bird-two-provinces-from-the-borg", BASE, [("{type: bird, at: LON}", "{type: bird, at: GAL}")], set()),
    ("bird-next-to-the-borg-at-sea", BASE, [("borg: TYR", "borg: NAO"), ("{type: bird, at: LON}",
                                                                         "{type: bird, at: IRI}")],
     {("rs.birds.borg", "england bird IRI")}),
    # -- llamas
    ("two-herds", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, IRI]")], {("rs.lamas.count", "england")}),
    ("four-herds", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, WAL, IRI, YOR]")],
     {("rs.lamas.count", "england")}),
    ("three-herds-and-one-exploded", BASE, [("lama_herds: [PIC, GAS]", "lama_herds: [PIC, GAS, GAS]")],
     {("rs.lamas.count", "france")}),
    ("herds-of-the-doktor", BASE, [("    points: 6", "    points: 6\n    lama_herds: [ALB]")],
     {("rs.lamas.count", "doktor")}),
    ("herd-on-a-supply-centre", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, LON, IRI]")],
     {("rs.lamas.place", "LON")}),
    ("herd-in-switzerland", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, SWI, IRI]")],
     {("rs.lamas.place", "SWI")}),
    ("herd-on-crete", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, CRE, IRI]")],
     {("rs.lamas.place", "CRE")}),
    ("herd-nowhere", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, XYZ, IRI]")],
     {("rs.lamas.place", "england")}),
    # -- A®mazonen and Drecksackarmeen: one per full five centres, three at most
    ("amazon-with-four-centres", BASE, [(ENGLAND_5, "centres: [EDI, LON, LVP, NWY]")],
     {("rs.special-armies", "england")}),
    ("two-amazons-with-five-centres", BASE, [("{type: amazon, at: YOR}", "{type: amazon, at: YOR}\n"
                                                                         "      - {type: amazon, at: WAL}")],
     {("rs.special-armies", "england")}),
    ("two-drecksacks-with-five-centres", BASE, [("{type: drecksack, at: PAR}", "{type: drecksack, at: PAR}\n"
                                                                               "      - {type: drecksack, at: GAS}")],
     {("rs.special-armies", "france")}),
    ("two-amazons-with-ten-centres", BASE,
     [(ENGLAND_5, "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR]"),
      ("{type: amazon, at: YOR}", "{type: amazon, at: YOR}\n      - {type: amazon, at: WAL}")], set()),
    ("three-amazons-with-fifteen-centres", BASE,
     [(ENGLAND_5, "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN]"),
      ("{type: amazon, at: YOR}", "{type: amazon, at: YOR}\n      - {type: amazon, at: WAL}\n"
                                  "      - {type: amazon, at: PIC}")], set()),
    ("four-amazons-with-twenty-centres", BASE,
     [(ENGLAND_5, "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, BUD, "
                  "TRI, VEN, ROM]"),
      ("{type: amazon, at: YOR}", "{type: amazon, at: YOR}\n      - {type: amazon, at: WAL}\n"
                                  "      - {type: amazon, at: PIC}\n      - {type: amazon, at: GAL}")],
     {("rs.special-armies", "england")}),
    # -- Siamese twins
    ("second-twin-pair", BASE, [("{type: amazon, at: YOR}", "{type: twins, at: [YOR, WAL]}")],
     {("rs.twins.once", "england")}),
    ("twins-apart", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, LON], as: [army, army]"),
                           ("{type: tardis, at: LON}", "{type: tardis, at: WAL}"),
                           ("{type: bird, at: LON}", "{type: bird, at: WAL}")], {("rs.twins.adjacent", "CLY-LON")}),
    ("twin-fleets-need-a-sea-border", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [LVP, EDI], as: [fleet, "
                                                                                     "fleet]")],
     {("rs.twins.adjacent", "LVP-EDI")}),
    ("twin-armies-over-that-border", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [LVP, EDI], as: [army, "
                                                                                    "army]")], set()),
    # -- devil's bargains
    ("devil-countdown-3", BASE, [("devil: 2", "devil: 3")], {("rs.devil.countdown", "england")}),
    ("devil-countdown-1", BASE, [("devil: 2", "devil: 1")], set()),
    ("devil-countdown-0", BASE, [("devil: 2", "devil: 0")], {("rs.devil.countdown", "england")}),
    ("devil-superhirns-own-fleet", BASE, [("{type: fleet, at: ICE}", "{type: fleet, at: ICE, devil: 2}")],
     {("rs.devil.who", "superhirn")}),
    ("devil-superhirn-built-unit", BASE, [("at: KIE, superhirn_built: true}", "at: KIE, superhirn_built: true, "
                                                                               "devil: 1}")],
     {("rs.devil.who", "germany")}),
    ("devil-wahrsager-unit", BASE, [("{type: fleet, at: ADR}", "{type: fleet, at: ADR, devil: 2}")],
     {("rs.devil.who", "wahrsager")}),
    ("devil-amazon", BASE, [("{type: amazon, at: YOR}", "{type: amazon, at: YOR, devil: 2}")],
     {("rs.devil.who", "england")}),
    ("devil-drecksack", BASE, [("{type: drecksack, at: PAR}", "{type: drecksack, at: PAR, devil: 2}")],
     {("rs.devil.who", "france")}),
    ("devil-birds", BASE, [("{type: bird, at: LON}", "{type: bird, at: LON, devil: 2}")],
     {("rs.devil.who", "england")}),
    ("devil-tardis", BASE, [("{type: tardis, at: LON}", "{type: tardis, at: LON, devil: 2}")],
     {("rs.devil.who", "doktor")}),
    ("devil-doktor-army", BASE, [("{type: army, at: SER}", "{type: army, at: SER, devil: 2}")], set()),
    ("devil-fleet-of-a-power", BASE, [("{type: fleet, at: MAO}", "{type: fleet, at: MAO, devil: 1}")], set()),
    # -- gay fleets
    ("gay-army", BASE, [("{type: army, at: RUH}", "{type: army, at: RUH, gay: true}")],
     {("rs.gay-fleets.fleets", "germany")}),
    ("gay-amazon", BASE, [("{type: amazon, at: YOR}", "{type: amazon, at: YOR, gay: true}")],
     {("rs.gay-fleets.fleets", "england")}),
    ("fifth-build-not-gay", BASE, [("{year: 1904, gay: true}", "{year: 1904}")],
     {("rs.gay-fleets.order", "england"), ("rs.gay-fleets.count", "england")}),
    ("fourth-build-gay", BASE, [("{year: 1903}, {year: 1904, gay: true}", "{year: 1903, gay: true}, "
                                                                          "{year: 1904, gay: true}")],
     {("rs.gay-fleets.order", "england")}),
    ("tenth-build-gay", BASE, [("{year: 1904, gay: true}]", "{year: 1904, gay: true}, {year: 1904}, {year: 1904}, "
                                                            "{year: 1904}, {year: 1904}, {year: 1904, gay: true}]")],
     set()),
    ("more-gay-fleets-than-built", BASE, [("{type: fleet, at: NTH}", "{type: fleet, at: NTH, gay: true}")],
     {("rs.gay-fleets.count", "england")}),
    ("gay-fleet-without-a-record", BASE, [("{type: fleet, at: HEL}", "{type: fleet, at: HEL, gay: true}")],
     {("rs.gay-fleets.count", "germany")}),
    # -- builds happen at the winter adjustments
    ("fleet-built-this-year-before-winter", BASE, [("{year: 1904, gay: true}", "{year: 1905, gay: true}")],
     {("rs.builds.timing", "england")}),
    ("fleet-built-before-1901", BASE, [("[{year: 1901},", "[{year: 1900},")], {("rs.builds.timing", "england")}),
    # -- monsters: one sea monster per spring, one space monster per autumn played
    ("five-sea-monsters-after-five-springs", BASE,
     [("monsters:\n", "monsters:\n" + "".join(f"  - {{type: sea-monster, at: {p}}}\n"
                                              for p in ("NAF", "TYS", "BLA", "EAS")))], set()),
    ("six-sea-monsters-after-five-springs", BASE,
     [("monsters:\n", "monsters:\n" + "".join(f"  - {{type: sea-monster, at: {p}}}\n"
                                              for p in ("NAF", "TYS", "BLA", "EAS", "AEG")))],
     {("rs.monsters.sea-count", "sea-monster")}),
    ("six-space-monsters-after-five-autumns", BASE,
     [("monsters:\n", "monsters:\n" + "".join(f"  - {{type: space-monster, at: {p}}}\n"
                                              for p in ("GAL", "SIL", "BOH", "ARM", "SYR")))],
     {("rs.monsters.space-count", "space-monster")}),
    # -- units from Superhirn questions: one per summer and winter
    ("nine-superhirn-units-after-five-summers-and-four-winters", BASE,
     [("{type: army, at: CRE}", "{type: army, at: CRE}\n" + "".join(f"      - {{type: fleet, at: {p}}}\n"
                                                                      for p in ("BAR", "BOT", "BAL", "SKA", "ENG",
                                                                                "WES", "LYO")).rstrip("\n"))],
     set()),
    ("ten-superhirn-units", BASE,
     [("{type: army, at: CRE}", "{type: army, at: CRE}\n" + "".join(f"      - {{type: fleet, at: {p}}}\n"
                                                                      for p in ("BAR", "BOT", "BAL", "SKA", "ENG",
                                                                                "WES", "LYO", "TYS")).rstrip("\n"))],
     {("rs.superhirn.count", "superhirn")}),
    # -- the Doktor and the Tardis
    ("victory-points-of-a-power", BASE, [("lama_herds: [RUH, SIL, BOH]", "lama_herds: [RUH, SIL, BOH]\n    points: 1")],
     {("rs.doktor.points", "germany")}),
    ("tardis-of-a-power", BASE, [("      - {type: tardis, at: LON}\n", ""),
                                 ("{type: bird, at: LON}", "{type: tardis, at: LON}")],
     {("rs.tardis.owner", "england")}),
    ("two-tardises", BASE, [("{type: army, at: SER}", "{type: tardis, at: SER}")], {("rs.tardis.one", "tardis")}),
    # -- edges found by mutation testing
    ("army-and-borg-in-switzerland", BASE, [("{type: army, at: RUH}", "{type: army, at: SWI}"), ("borg: TYR", "borg: SWI")],
     {("rs.switzerland.closed", "germany army SWI"), ("rs.switzerland.closed", "Borg")}),  # not also rs.state.occupancy
    ("exploded-herd-of-the-doktor", BASE, [("    points: 6", "    points: 6\n    lamas_exploded: 1")],
     {("rs.lamas.count", "doktor")}),
    ("herds-of-the-narr", BASE, [("  narr: {}", "  narr:\n    lama_herds: [ALB]")], {("rs.lamas.count", "narr")}),
    ("herd-at-sea", BASE, [("lama_herds: [WAL, WAL, IRI]", "lama_herds: [WAL, NAO, IRI]")], set()),
    ("spring-1921-is-legal", BASE, [("year: 1905", "year: 1921"), ("season: autumn", "season: spring")], set()),
    ("devil-twins", BASE, [("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, EDI], as: [army, fleet], devil: 1")],
     {("rs.devil.who", "england")}),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_state_with_one_change_gets_exactly_the_rules_it_breaks(tmp_path, base, changes, expected):
    assert verdict(tmp_path, edit(base, *changes)) == expected


# ------------------------------------------------------------------ the clock: set-up, first moves, first winter

CLOCK = [
    ("setup-army-moved", SETUP, [("{type: army, at: LVP}", "{type: army, at: YOR}")],
     {("rs.setup.start", "england")}),
    ("setup-fleet-for-army", SETUP, [("{type: army, at: LVP}", "{type: fleet, at: LVP}")],
     {("rs.setup.start", "england")}),
    ("setup-extra-centre", SETUP, [("centres: [EDI, LON, LVP]", "centres: [EDI, LON, LVP, BEL]")],
     {("rs.setup.start", "england")}),
    ("setup-doktor-centre", SETUP, [("    points: 0", "    points: 0\n    centres: [BEL]")],
     {("rs.setup.start", "doktor")}),
    ("setup-devil", SETUP, [("{type: army, at: LVP}", "{type: army, at: LVP, devil: 2}")],
     {("rs.setup.start", "england")}),
    ("setup-exploded-herd", SETUP, [("lama_herds: [YOR, WAL, CLY]", "lama_herds: [YOR, WAL]\n    lamas_exploded: 1")],
     {("rs.setup.start", "england")}),
    ("setup-narr-command", SETUP, [("{type: army, at: LVP}", "{type: army, at: LVP, narr_commanded: true}")],
     {("rs.setup.start", "england")}),
    ("setup-doktor-points", SETUP, [("    points: 0", "    points: 1")], {("rs.setup.start", "doktor")}),
    ("setup-wahrsager-unit", SETUP, [("  wahrsager:\n    units: []", "  wahrsager:\n    units: [{type: army, at: GAL}]")],
     {("rs.setup.start", "wahrsager")}),
    ("setup-bird", SETUP, [("{type: army, at: LVP}", "{type: army, at: LVP}\n      - {type: bird, at: YOR}")],
     {("rs.builds.timing", "england")}),
    ("setup-fleet-built", SETUP, [(ENGLAND_BUILT, ENGLAND_BUILT.replace("[]", "[{year: 1900}]"))],
     {("rs.builds.timing", "england")}),
    ("setup-superhirn-unit", SETUP, [("  superhirn:\n    units: []", "  superhirn:\n    units: [{type: army, at: ICE}]")],
     {("rs.superhirn.count", "superhirn")}),
    ("spring-1901-one-superhirn-unit", SPRING_1901,
     [("  superhirn:\n    units: []", "  superhirn:\n    units: [{type: army, at: ICE}]")], set()),
    ("spring-1901-two-superhirn-units", SPRING_1901,
     [("  superhirn:\n    units: []", "  superhirn:\n    units: [{type: army, at: ICE}, {type: fleet, at: CRE}]")],
     {("rs.superhirn.count", "superhirn")}),
    ("spring-1901-power-centre-taken", SPRING_1901, [("centres: [EDI, LON, LVP]", "centres: [EDI, LON, LVP, BEL]")],
     {("rs.setup.start", "england")}),
    ("spring-1901-power-centre-lost", SPRING_1901, [("centres: [EDI, LON, LVP]", "centres: [EDI, LON]")],
     {("rs.setup.start", "england")}),
    ("autumn-1901-centre-taken", SPRING_1901, [("season: spring", "season: autumn"),
                                               ("centres: [EDI, LON, LVP]", "centres: [EDI, LON, LVP, BEL]")], set()),
    ("spring-1901-units-moved", SPRING_1901, [("{type: army, at: LVP}", "{type: army, at: YOR}")], set()),
    ("spring-1901-twins", SPRING_1901, [("{type: army, at: LVP}", "{type: army, at: LVP}\n"
                                                                  "      - {type: twins, at: [WAL, YOR]}")],
     {("rs.builds.timing", "england")}),
    ("winter-1901-twins", SPRING_1901, [("season: spring", "season: winter"),
                                        ("centres: [EDI, LON, LVP]", "centres: [EDI, LON, LVP, BEL]"),
                                        ("{type: army, at: LVP}", "{type: army, at: LVP}\n"
                                                                  "      - {type: twins, at: [WAL, YOR]}")], set()),
    ("winter-1901-fleet-built", SPRING_1901, [("season: spring", "season: winter"),
                                              (ENGLAND_BUILT, ENGLAND_BUILT.replace("[]", "[{year: 1901}]"))],
     set()),
    ("autumn-1901-fleet-built", SPRING_1901, [("season: spring", "season: autumn"),
                                              (ENGLAND_BUILT, ENGLAND_BUILT.replace("[]", "[{year: 1901}]"))],
     {("rs.builds.timing", "england")}),
    ("winter-1901-gay-fleet", SPRING_1901,
     [("season: spring", "season: winter"), ("{type: fleet, at: LON}", "{type: fleet, at: LON, gay: true}"),
      (ENGLAND_BUILT, ENGLAND_BUILT.replace("[]", "[{year: 1901}, {year: 1901}, {year: 1901}, {year: 1901}, "
                                                  "{year: 1901, gay: true}]"))], set()),
    ("autumn-1901-gay-fleet", SPRING_1901,
     [("season: spring", "season: autumn"), ("{type: fleet, at: LON}", "{type: fleet, at: LON, gay: true}")],
     {("rs.gay-fleets.timing", "england")}),
    ("spring-1901-one-sea-monster", SPRING_1901, [("monsters: []", "monsters: [{type: sea-monster, at: NAO}]")],
     set()),
    ("autumn-1901-one-space-monster", SPRING_1901, [("season: spring", "season: autumn"),
                                                    ("monsters: []", "monsters: [{type: space-monster, at: UKR}]")],
     set()),
    ("autumn-1901-two-space-monsters", SPRING_1901,
     [("season: spring", "season: autumn"),
      ("monsters: []", "monsters: [{type: space-monster, at: UKR}, {type: space-monster, at: SIL}]")],
     {("rs.monsters.space-count", "space-monster")}),
    ("spring-1902-two-sea-monsters", SPRING_1901,
     [("year: 1901", "year: 1902"),
      ("monsters: []", "monsters: [{type: sea-monster, at: NAO}, {type: sea-monster, at: BLA}]")], set()),
    ("spring-1902-three-sea-monsters", SPRING_1901,
     [("year: 1901", "year: 1902"),
      ("monsters: []", "monsters: [{type: sea-monster, at: NAO}, {type: sea-monster, at: BLA}, "
                       "{type: sea-monster, at: ION}]")], {("rs.monsters.sea-count", "sea-monster")}),
    ("setup-herds-all-there", SETUP, [], set()),
    ("setup-tardis", SETUP, [("    points: 0\n    units: []", "    points: 0\n    units: [{type: tardis, at: LON}]")],
     {("rs.tardis.arrival", "doktor")}),
    ("setup-borg", SETUP, [("borg: null", "borg: BOH")], {("rs.borg.arrival", "borg")}),
    ("setup-sea-monster", SETUP, [("monsters: []", "monsters: [{type: sea-monster, at: NAO}]")],
     {("rs.monsters.sea-count", "sea-monster")}),
]


@pytest.mark.parametrize("base,changes,expected", [c[1:] for c in CLOCK], ids=[c[0] for c in CLOCK])
def test_what_exists_when(tmp_path, base, changes, expected):
    assert verdict(tmp_path, edit(base, *changes)) == expected


# ------------------------------------------------------------------ after the winter adjustments

WINTER = edit(BASE, ("season: autumn", "season: winter"))


def test_after_the_winter_adjustments_units_needing_a_centre_do_not_outnumber_the_centres(tmp_path):
    """Standard rules: after the adjustments a power keeps no more units than centres. England's
    five centres carry NTH, NWG, BEL, the birds and the twin pair (one build); the A®mazone needs
    none, and neither does Germany's unit from a Superhirn question."""
    assert verdict(tmp_path, WINTER) == set()
    one_more = edit(WINTER, ("{type: amazon, at: YOR}", "{type: amazon, at: YOR}\n      - {type: army, at: WAL}"))
    assert verdict(tmp_path, one_more) == {("rs.supply.winter", "england")}
    assert verdict(tmp_path, edit(one_more, ("season: winter", "season: autumn"))) == set()
    doktor = edit(WINTER, ("{type: army, at: SER}", "{type: army, at: SER}\n      - {type: fleet, at: GRE}"))
    assert verdict(tmp_path, doktor) == {("rs.supply.winter", "doktor")}


def test_the_borg_at_the_adjustments_leaves_a_neutral_centre(tmp_path):
    assert verdict(tmp_path, edit(WINTER, ("borg: TYR", "borg: LVP"))) == {("rs.borg.neutral", "LVP")}
    assert verdict(tmp_path, edit(BASE, ("borg: TYR", "borg: LVP"))) == set()
    # the set-up in Winter 1900 is no adjustment phase (and the Borg is not there yet)
    assert verdict(tmp_path, edit(SETUP, ("borg: null", "borg: BER"))) == {("rs.borg.arrival", "borg"),
                                                                           ("rs.state.occupancy", "BER")}


def test_centre_messages_tell_a_second_listing_from_a_second_owner(tmp_path):
    twice = findings(tmp_path, edit(BASE, ("centres: [BER, KIE, MUN, HOL]", "centres: [BER, KIE, MUN, HOL, HOL]")))
    assert [f.message for f in twice if f.severity == "error"] == ["germany lists HOL twice"]
    both = findings(tmp_path, edit(BASE, ("centres: [BER, KIE, MUN, HOL]", "centres: [BER, KIE, MUN, HOL, BEL]")))
    assert [f.message for f in both if f.severity == "error"] == ["BEL is owned by both england and germany"]
