"""Issue 27 (Rather Silly half) and the Rather Silly examples of issue 34: each case the checker
got wrong is a test carrying the document's sentence, and each passage open to two readings is
tested on both readings' consequences."""
from __future__ import annotations

from rather_silly_states import BASE, SETUP, SPRING_1901, edit, findings, verdict

from pnp.games.rather_silly.rules import RULES

ENGLAND_5 = "centres: [EDI, LON, LVP, NWY, BEL]"


# ------------------------------------------------------------------ issue 27: special units placed and timed


def test_borg_in_switzerland_die_schweiz_bleibt_zwar_unzugaenglich(tmp_path):
    """"Die Schweiz bleibt zwar unzugänglich": not the Borg, a sea monster or a space monster either."""
    assert verdict(tmp_path, edit(BASE, ("borg: TYR", "borg: SWI"))) == {("rs.switzerland.closed", "Borg")}
    for kind, was in (("sea-monster", "ION"), ("space-monster", "UKR")):
        text = edit(BASE, (f"{{type: {kind}, at: {was}}}", f"{{type: {kind}, at: SWI}}"))
        assert verdict(tmp_path, text) == {("rs.switzerland.closed", kind)}


def test_borg_on_crete_fuer_alle_anderen_einheiten_unzugaenglich(tmp_path):
    """Iceland and Crete: "Diese beiden Inseln sind reine Aufbauprovinzen und somit für alle anderen
    Einheiten unzugänglich"."""
    text = edit(BASE, ("{type: army, at: CRE}", "{type: fleet, at: EAS}"), ("borg: TYR", "borg: CRE"))
    assert verdict(tmp_path, text) == {("rs.islands.superhirn-only", "Borg")}


def test_tardis_on_a_sea_province_delphinritt_zum_naechstgelegenen_landgebiet(tmp_path):
    """"Falls er in einem Meeresfeld landet, macht er einen Delphinritt zum nächstgelegenen Landgebiet"."""
    text = edit(BASE, ("{type: tardis, at: LON}", "{type: tardis, at: ENG}"))
    assert verdict(tmp_path, text) == {("rs.tardis.land", "doktor tardis ENG")}


def test_bird_in_the_borgs_province_ausser_neben_borg_der_sie_aufisst(tmp_path):
    """Birds live peacefully "neben jeder anderen Einheitenart ... – außer neben BORG, der sie
    selbstverständlich aufisst"."""
    text = edit(BASE, ("{type: bird, at: LON}", "{type: bird, at: TYR}"))
    assert verdict(tmp_path, text) == {("rs.birds.borg", "england bird TYR")}


def test_superhirns_own_fleet_may_not_sell_its_soul(tmp_path):
    """"Die durch Superhirnfragen oder den Einfluss des Wahrsagers entstandenen Einheiten dürfen ihre
    Seele nicht verkaufen": the Superhirn's own units come from his questions."""
    text = edit(BASE, ("{type: fleet, at: ICE}", "{type: fleet, at: ICE, devil: 2}"))
    assert verdict(tmp_path, text) == {("rs.devil.who", "superhirn")}


def test_gay_fleet_in_spring_1901_ab_den_1901er_anpassungen_im_winter_1901(tmp_path):
    """"Ab den 1901er-Anpassungen im Winter 1901 ist jede 5. von einem Spieler gebaute Flotte schwul"."""
    text = edit(SPRING_1901, ("{type: fleet, at: LON}", "{type: fleet, at: LON, gay: true}"))
    assert verdict(tmp_path, text) == {("rs.gay-fleets.timing", "england")}


def test_gay_twins_that_are_armies_jede_5_gebaute_flotte(tmp_path):
    """Only fleets are gay: "jede 5. von einem Spieler gebaute Flotte"."""
    text = edit(BASE, ("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, EDI], as: [army, army], gay: true"))
    assert verdict(tmp_path, text) == {("rs.gay-fleets.fleets", "england")}


def test_three_sea_monsters_in_1901_nach_jedem_fruehjahrsrueckzug_eine_horde(tmp_path):
    """"Nach jedem Frühjahrsrückzug taucht zufällig eine Horde SEEMONSTER ... auf": one in 1901."""
    three = "monsters: [{type: sea-monster, at: NAO}, {type: sea-monster, at: BLA}, {type: sea-monster, at: ION}]"
    for season in ("spring", "autumn", "winter"):
        text = edit(SPRING_1901, ("season: spring", f"season: {season}"), ("monsters: []", three))
        assert verdict(tmp_path, text) == {("rs.monsters.sea-count", "sea-monster")}


def test_space_monster_in_spring_1901_nach_jedem_herbstrueckzug(tmp_path):
    """Space monsters fall "nach jedem Herbstrückzug": none before the Autumn 1901 retreats."""
    text = edit(SPRING_1901, ("monsters: []", "monsters: [{type: space-monster, at: UKR}]"))
    assert verdict(tmp_path, text) == {("rs.monsters.space-count", "space-monster")}


def test_borg_in_1900_taucht_nach_den_fruehjahrszuegen_1901_auf(tmp_path):
    """The Borg "befindet sich noch außerhalb des Spielbretts, taucht aber nach den Frühjahrszügen 1901
    ... auf"; after those moves it may stand anywhere open to it."""
    assert verdict(tmp_path, edit(SETUP, ("borg: null", "borg: BOH"))) == {("rs.borg.arrival", "borg")}
    assert verdict(tmp_path, SPRING_1901) == set()  # the Borg in GAL after the Spring 1901 moves


# ------------------------------------------------------------------ issue 34: what the mutations showed


def test_misspelled_player(tmp_path):
    """The eleven players are the seven powers and the four roles ("Anzahl Spieler: 11")."""
    assert verdict(tmp_path, edit(BASE, ("  germany:", "  germnay:"))) == {("rs.state.player", "germnay")}


def test_35_centres_on_a_board_of_34(tmp_path):
    """"Anzahl VZ: 34": all 34 owned is legal, a 35th entry is a centre listed twice and one too many."""
    from rather_silly_states import BOARD

    everything = ", ".join(BOARD.supply_centres())
    base = edit(BASE, (ENGLAND_5, f"centres: [{everything}]"),
                ("centres: [BRE, MAR, PAR, SPA, POR]", "centres: []"), ("centres: [BER, KIE, MUN, HOL]", "centres: []"),
                ("centres: [SER]", "centres: []"), ("{type: army, at: SER}", "{type: army, at: GRE}"),
                ("{type: drecksack, at: PAR}", "{type: army, at: PAR}"))
    france = "  france:\n    centres: []"
    assert verdict(tmp_path, base) == set()
    assert verdict(tmp_path, edit(base, (france, "  france:\n    centres: [PAR]"))) == {
        ("rs.state.centres", "PAR"), ("rs.state.centres", "")}


def test_more_gay_fleets_than_were_built(tmp_path):
    """England's record has one gay fleet (its fifth); two gay fleets on the board are one too many."""
    text = edit(BASE, ("{type: fleet, at: NTH}", "{type: fleet, at: NTH, gay: true}"))
    assert verdict(tmp_path, text) == {("rs.gay-fleets.count", "england")}


def test_two_tardises(tmp_path):
    """"mit einer einzigen Einheit, dem unzerstörbaren TARDIS"."""
    text = edit(BASE, ("{type: army, at: SER}", "{type: tardis, at: SER}"))
    assert verdict(tmp_path, text) == {("rs.tardis.one", "tardis")}


def test_a_non_doktor_with_victory_points(tmp_path):
    """"Für jedes zerstörte Monster erhält der DOKTOR einen Siegpunkt": nobody else collects points."""
    text = edit(BASE, ("  wahrsager:\n", "  wahrsager:\n    points: 2\n"))
    assert verdict(tmp_path, text) == {("rs.doktor.points", "wahrsager")}


def test_the_legal_year_1921_is_accepted_and_the_narr_wins(tmp_path):
    """"Der NARR gewinnt, sofern das Spiel ins Jahr 1921 gehen sollte"."""
    text = edit(BASE, ("year: 1905", "year: 1921"))
    assert verdict(tmp_path, text) == set()
    assert verdict(tmp_path, text, "info") == {("rs.victory.narr", "narr")}
    assert verdict(tmp_path, edit(BASE, ("year: 1905", "year: 1920")), "info") == {("rs.victory.none", "")}
    assert verdict(tmp_path, edit(BASE, ("year: 1905", "year: 1922"))) == {("rs.state.year", "")}


# ------------------------------------------------------------------ victory (info findings, exit 0)


def test_victory_by_18_centres_after_autumn_only(tmp_path):
    eighteen = "centres: [EDI, LON, LVP, NWY, BEL, DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, BUD, TRI]"
    seventeen = eighteen.replace(", TRI]", "]")
    for season in ("autumn", "winter"):
        won = edit(BASE, (ENGLAND_5, eighteen), ("season: autumn", f"season: {season}"))
        assert verdict(tmp_path, won, "info") == {("rs.victory.centres", "england")}
    assert verdict(tmp_path, edit(BASE, (ENGLAND_5, seventeen)), "info") == {("rs.victory.none", "")}
    spring = edit(BASE, (ENGLAND_5, eighteen), ("season: autumn", "season: spring"))
    assert verdict(tmp_path, spring, "info") == {("rs.victory.none", "")}


def test_nobody_has_won_yet_names_the_three_leaders(tmp_path):
    (f,) = [f for f in findings(tmp_path, BASE) if f.severity == "info"]
    assert f.message == "no winner yet after autumn 1905; most centres: france 5, england 5, germany 4"
    (f,) = [f for f in findings(tmp_path, "year: 1903\nseason: spring\nplayers: {}\n") if f.severity == "info"]
    assert f.message == "no winner yet after spring 1903; most centres: nobody"


def test_the_narr_never_wins_by_centres(tmp_path):
    text = edit(BASE, ("  narr: {}", "  narr:\n    centres: [DEN, SWE, STP, MOS, WAR, SEV, RUM, BUL, GRE, TUN, VIE, "
                                    "BUD, TRI, VEN, ROM, NAP, ANK, CON]"))
    assert verdict(tmp_path, text) == {("rs.narr.no-centres", "narr")}
    assert verdict(tmp_path, text, "info") == {("rs.victory.none", "")}


# ------------------------------------------------------------------ readings: pnp's choice, and the other one's


def reading(rule_id: str) -> str:
    return next(r.reading for r in RULES if r.id == rule_id)


def test_reading_doktor_victory_adds_points_and_centres(tmp_path):
    """Doktor: "werden des DOKTOR´s Siegpunkte zu seinen VZ addiert und sobald die Summe wenigstens 30 ist";
    Siegbedingungen: "durch Erreichung von 30 Siegpunkten". pnp adds: 28 points and 2 centres win (the
    other reading: not yet); 27 and 2 do not (both readings); 30 points alone win (both)."""
    assert "add up" in reading("rs.victory.doktor")
    sum30 = edit(BASE, ("points: 6", "points: 28"), ("centres: [SER]", "centres: [SER, GRE]"))
    assert verdict(tmp_path, sum30, "info") == {("rs.victory.doktor", "doktor")}
    sum29 = edit(BASE, ("points: 6", "points: 27"), ("centres: [SER]", "centres: [SER, GRE]"))
    assert verdict(tmp_path, sum29, "info") == {("rs.victory.none", "")}
    points30 = edit(BASE, ("points: 6", "points: 30"), ("centres: [SER]", "centres: []"),
                    ("{type: army, at: SER}", "{type: army, at: GRE}"))
    assert verdict(tmp_path, points30, "info") == {("rs.victory.doktor", "doktor")}
    spring = edit(sum30, ("season: autumn", "season: spring"))  # "Dies kann auch nach einem Frühjahrszug der Fall sein"
    assert verdict(tmp_path, spring, "info") == {("rs.victory.doktor", "doktor")}


def test_reading_birds_neben_borg_means_in_or_next_to_its_province(tmp_path):
    """"außer neben BORG": pnp reads in or next to the Borg's province. A bird in the Borg's province
    fails under both readings, a bird next to it only under pnp's, a bird two provinces away passes
    under both."""
    assert "next to" in reading("rs.birds.borg") or "reaches" in reading("rs.birds.borg")
    for place, expected in (("TYR", {("rs.birds.borg", "england bird TYR")}),
                            ("BOH", {("rs.birds.borg", "england bird BOH")}),
                            ("SIL", set())):
        assert verdict(tmp_path, edit(BASE, ("{type: bird, at: LON}", f"{{type: bird, at: {place}}}"))) == expected


def test_reading_tardis_never_ends_at_sea_even_carried_by_a_fleet(tmp_path):
    """The dolphin ride holds wherever the Tardis would end at sea: with a fleet in NTH it is still a
    finding (the other reading, arrival only, would allow it); on a coast with a fleet it is legal."""
    assert "carried" in reading("rs.tardis.land")
    with_fleet = edit(BASE, ("{type: tardis, at: LON}", "{type: tardis, at: NTH}"))
    assert verdict(tmp_path, with_fleet) == {("rs.tardis.land", "doktor tardis NTH")}
    coast = edit(BASE, ("{type: tardis, at: LON}", "{type: tardis, at: SPA}"))
    assert verdict(tmp_path, coast) == set()


def test_reading_twins_are_no_conventional_units_for_the_devil(tmp_path):
    """"jeder konventionellen Einheit": pnp counts Siamese twins ("statt eines normalen Aufbaus") out,
    so a devilish twin pair is a finding (the other reading would allow it); a conventional fleet may sell."""
    assert "twins" in reading("rs.devil.who")
    twins = edit(BASE, ("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, EDI], as: [army, fleet], devil: 2"))
    assert verdict(tmp_path, twins) == {("rs.devil.who", "england")}
    fleet = edit(BASE, ("{type: fleet, at: NTH}", "{type: fleet, at: NTH, devil: 2}"))
    assert verdict(tmp_path, fleet) == set()


def test_reading_wahrsager_units_all_came_from_his_influence(tmp_path):
    """Every Wahrsager unit counts as made by his influence, also one in a centre he took: no devil's bargain."""
    assert "Wahrsager" in reading("rs.devil.who")
    text = edit(BASE, ("  wahrsager:\n    units:\n      - {type: fleet, at: ADR}",
                       "  wahrsager:\n    centres: [GRE]\n    units:\n      - {type: fleet, at: ADR}\n"
                       "      - {type: army, at: GRE, devil: 2}"))
    assert verdict(tmp_path, text) == {("rs.devil.who", "wahrsager")}


def test_reading_mixed_twin_pair_may_be_gay_for_its_fleet(tmp_path):
    """A pair of an army and a fleet may be gay (its fleet), a pair of armies may not (both readings)."""
    assert "one fleet" in reading("rs.gay-fleets.fleets")
    mixed = edit(BASE, ("at: [CLY, EDI], as: [army, fleet]", "at: [CLY, EDI], as: [army, fleet], gay: true"),
                 ("{year: 1904, gay: true}]", "{year: 1904, gay: true}, {year: 1904}, {year: 1904}, {year: 1904}, "
                                              "{year: 1904}, {year: 1904, gay: true}]"))
    assert verdict(tmp_path, mixed) == set()


def test_reading_a_horde_is_one_sea_monster(tmp_path):
    """"eine Horde SEEMONSTER": one unit per spring. Two after the first spring are one too many under
    pnp's reading (a horde of several monsters would allow them)."""
    assert "one sea-monster unit" in reading("rs.monsters.sea-count")
    two = edit(SPRING_1901, ("monsters: []", "monsters: [{type: sea-monster, at: NAO}, {type: sea-monster, at: BLA}]"))
    assert verdict(tmp_path, two) == {("rs.monsters.sea-count", "sea-monster")}


def test_reading_superhirn_units_one_per_summer_or_winter(tmp_path):
    """"in jedem beliebigen Sommer oder Winter – aber nie mehr als eine pro Jahreszeit": after the Spring
    1901 moves one summer has passed (one unit), after the Autumn 1901 moves still one (its winter comes
    next), after Winter 1901 two."""
    assert "summer or winter" in reading("rs.superhirn.count")
    two = "  superhirn:\n    units: [{type: army, at: ICE}, {type: fleet, at: CRE}]"
    for season, expected in (("spring", {("rs.superhirn.count", "superhirn")}),
                             ("autumn", {("rs.superhirn.count", "superhirn")}), ("winter", set())):
        text = edit(SPRING_1901, ("season: spring", f"season: {season}"), ("  superhirn:\n    units: []", two))
        assert verdict(tmp_path, text) == expected, season


def test_reading_special_armies_follow_the_centres_listed_in_every_season(tmp_path):
    """An A®mazone with four centres is a finding in spring, autumn and winter alike."""
    for season in ("spring", "autumn", "winter"):
        text = edit(BASE, (ENGLAND_5, "centres: [EDI, LON, LVP, NWY]"), ("season: autumn", f"season: {season}"))
        assert ("rs.special-armies", "england") in verdict(tmp_path, text)


def test_reading_twin_pair_needs_one_centre_after_the_adjustments(tmp_path):
    """A twin pair replaces one build: England's five centres carry four units and the pair (a
    reading that charged two centres for the pair would call this a finding)."""
    assert "one centre" in reading("rs.supply.winter")
    assert verdict(tmp_path, edit(BASE, ("season: autumn", "season: winter"))) == set()


def test_reading_amazons_do_not_use_the_tunnel():
    """The tunnel is "nur für konventionelle Armeen und den BORG passierbar"; pnp keeps A®mazonen out."""
    assert "A®mazonen" in reading("rs.map.tunnel")


def test_every_reading_is_listed_with_its_rule():
    from typer.testing import CliRunner

    from pnp.cli.main import app

    lines = CliRunner().invoke(app, ["check", "--list-rules", "rather-silly"]).stdout.splitlines()
    readings = {r.id: r.reading for r in RULES if r.reading}
    assert len(readings) >= 10
    for rid, text in readings.items():
        at = next(i for i, ln in enumerate(lines) if ln.split()[:1] == [rid])
        assert lines[at + 2].strip() == f"reading: {text}", rid  # after the rule's line and its citation


def test_findings_point_at_the_line_of_what_is_wrong(tmp_path):
    text = edit(BASE, ("borg: TYR", "borg: SWI"), ("{type: tardis, at: LON}", "{type: tardis, at: NTH}"))
    lines = text.splitlines()
    by = {f.rule: f for f in findings(tmp_path, text) if f.severity == "error"}
    assert by["rs.switzerland.closed"].line == lines.index("borg: SWI") + 1
    assert by["rs.tardis.land"].line == next(i for i, s in enumerate(lines, 1) if "tardis, at: NTH" in s)
    assert by["rs.tardis.land"].citation == "Rather Silly Diplomacy, §Doktor, Tardis [003_3878791c092c868a.txt]"


def test_borg_gone_after_1901_riesige_unzerstoerbare_kreatur(tmp_path):
    """"Der BORG ist eine riesige, unzerstörbare Kreatur ... taucht aber nach den Frühjahrszügen 1901
    dort auf ... Danach bewegt er sich ... über das Brett": from the Spring 1901 moves on the Borg is on
    the board, so a later position without it is wrong; at the set-up it is rightly absent."""
    for text, old in ((BASE, "borg: TYR"), (SPRING_1901, "borg: GAL")):
        assert verdict(tmp_path, edit(text, (old, "borg: null"))) == {("rs.borg.arrival", "borg")}
    assert verdict(tmp_path, SETUP) == set()


def test_doktor_without_tardis_is_allowed_it_may_be_in_the_hyperspace(tmp_path):
    """The Tardis is indestructible, yet "kann er sich in den HYPERSPACE zurückziehen": a position
    without it on the board is legal (the reading of rs.tardis.one)."""
    assert verdict(tmp_path, edit(BASE, ("      - {type: tardis, at: LON}\n", ""))) == set()
