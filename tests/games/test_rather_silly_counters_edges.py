"""Rather Silly counter sheets that print a counter for every colour group (``groups: all``): the
checker counts them per group like a listed one, and says in full whom they may not be for."""
from __future__ import annotations

import pytest

from test_rather_silly_facts import DOC, counters_verdict

SEVEN = "groups: [austria, england, france, germany, italy, russia, turkey]"
EVERYONE = "austria, england, france, germany, italy, russia, turkey, superhirn, doktor, wahrsager"
LAMA = ('only the seven powers settle herds ("Jede der sieben Großmächte darf im Winter 1900 ... eine Lamaherde '
        'ansiedeln")')

# (test id, the change, every finding: (rule, object, severity, line, passage, message))
ALL_GROUPS = [
    ("armies-for-everyone", (f"icon: army, {SEVEN}", "icon: army, groups: all"), []),
    ("lama-herds-for-everyone", (f"icon: lama, {SEVEN}", "icon: lama, groups: all"),
     [("rs.counters.owners", f"lama/{role}", "error", 123, "Lama", f"lama herds for {role}: {LAMA}")
      for role in ("superhirn", "doktor", "wahrsager")]),
    ("a-tardis-for-everyone", ("icon: tardis, groups: [doktor]", "icon: tardis, groups: all"),
     [("rs.counters.count", "tardis", "error", 145, "Doktor, Tardis",
       f"the number of Tardis counters is 10; Rather Silly Diplomacy, §Doktor, Tardis {DOC} says 1 (\"mit einer "
       "einzigen Einheit, dem unzerstörbaren TARDIS\")"),
      ("rs.counters.owners", "tardis", "error", 145, "Doktor, Tardis",
       "the Tardis is the Doktor's alone (\"Der DOKTOR beginnt das Spiel mit einer einzigen Einheit, dem "
       f"unzerstörbaren TARDIS\"); the sheet prints it for {EVERYONE}")]),
    ("sea-monsters-for-everyone", ("icon: sea-monster, number: 2,", "icon: sea-monster, number: 2, groups: all,"),
     [("rs.counters.owners", "sea-monster", "error", 150, "Regeln; Lama; Doktor, Tardis; Narr",
       f"sea-monster counters belong to nobody; the sheet prints them for {EVERYONE}")]),
]


@pytest.mark.parametrize("change,expected", [c[1:] for c in ALL_GROUPS], ids=[c[0] for c in ALL_GROUPS])
def test_a_counter_for_every_group(tmp_path, change, expected):
    found = counters_verdict(tmp_path, change)
    assert [(f.rule, f.object, f.severity, f.line, f.section, f.message) for f in found] == expected
