"""`pnp kniffel ...`: score a set, tally a filled Bilanz, find the best split of a roll.

Heavy modules (numpy, the advisor tables) load inside the commands so that
`pnp --help` stays quick. Bad input prints a message to stderr and exits 2.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from pnp.checks.contract import guarded
from pnp.games import command_app

app = command_app(__name__)  # `pnp <command> ...`: registered in pnp.games.COMMANDS


def _fail(msg: str, code: int = 2):
    typer.echo(f"error: {msg}", err=True)
    raise typer.Exit(code)


def _sets_text(option) -> str:
    return " | ".join(f"{p.vorgabe}: {','.join(map(str, p.dice))} → {p.points:+d}" for p in option.sets)


def _sum_text(o) -> str:
    """'20 + 30 − 14 = 36', the way the seed writes it."""
    text = str(o.sets[0].points)
    for p in o.sets[1:]:
        text += f" − {-p.points}" if p.points < 0 else f" + {p.points}"
    return f"{text} = {o.total}"


def _bonus_text(o) -> str:
    after = o.block_after
    return {
        "already": "bonus already safe",
        "secured": f"bonus secured ({after} ≥ 84): +{o.bonus_gained}",
        "missed": f"bonus missed ({after} < 84)",
        "lost": f"bonus out of reach ({after} + what is left < 84)",
        "open": f"bonus still possible (Bonusblock {after})",
    }.get(o.bonus_status, "")


@app.command()
@guarded
def score(
    dice: str = typer.Argument(..., metavar="SET", help="Six dice, e.g. 1,2,3,4,5,5."),
    label: str = typer.Argument(..., metavar="VORGABE", help="Seed label (1en..6en, 6+0, 5+1, 4+2, 3+3, 2+2+2, "
                                "'>21', 1-6, 1-5, 2-6, 2,4,6, 1,3,5, '<21') or a name."),
    as_json: bool = typer.Option(False, "--json", help='Print {"points": N, "fulfilled": true|false}.'),
):
    """Points a set of six dice scores on one Vorgabe."""
    from pnp.games.kniffel.scoring import KniffelInputError, fulfilled, parse_dice
    from pnp.games.kniffel.scoring import score as score_set
    from pnp.games.kniffel.scoring import vorgabe

    try:
        v = vorgabe(label)
        s = parse_dice(dice)
    except KniffelInputError as exc:
        _fail(str(exc))
    pts, ok = score_set(s, v), fulfilled(s, v)
    if as_json:
        typer.echo(json.dumps({"points": pts, "fulfilled": ok}))
    else:
        typer.echo(str(pts))


@app.command()
@guarded
def tally(
    bilanz: Path = typer.Argument(..., metavar="BILANZ.yaml", help="A filled Bilanz: sets: [{vorgabe:, dice:, points:?}]."),
    sheet: Optional[Path] = typer.Option(None, "--sheet", help="Score-sheet data with the sums and bonus "
                                         "(default: data/18-kniffel/bilanz.yaml)."),
    partial: bool = typer.Option(False, "--partial", help="Allow a Bilanz that is not complete yet."),
    as_json: bool = typer.Option(False, "--json", help="Print the tally as JSON."),
):
    """Add up a filled Bilanz: each set's points, block sums, bonus and total.

    Exit 2 on bad input (a Vorgabe used twice, a set that is not six dice, a
    missing Vorgabe); exit 1 when numbers written in the file do not add up, or
    when the score sheet's sums are not the document's (then the sheet is reported).
    """
    from pnp.checks import failed
    from pnp.load.errors import DataErrors
    from pnp.games.kniffel.rules import check_sheet
    from pnp.games.kniffel.tally import DEFAULT_SHEET, load_sheet, tally_file

    try:
        sh = load_sheet(sheet)
        t = tally_file(bilanz, sh, partial=partial)
    except DataErrors as exc:
        for p in exc.problems:
            typer.echo(str(p), err=True)
        raise typer.Exit(2) from None
    from pnp.checks import Source

    faults = check_sheet(sh, Source.read(sheet or DEFAULT_SHEET))
    if failed(faults):  # the sheet's sums are not the document's: report the sheet, never the Bilanz
        for f in faults:
            typer.echo(str(f), err=True)
        typer.echo(f"the score sheet does not add up as the document says; the Bilanz's total by the document "
                   f"is {t.total}", err=True)
        raise typer.Exit(1)
    if as_json:
        typer.echo(json.dumps(t.as_dict(sh), ensure_ascii=False, indent=2))
    else:
        from pnp.model.plain.base import tr

        if t.player:
            typer.echo(f"Bilanz: {t.player}")
        by_label = {ln.vorgabe: ln for ln in t.lines}
        for block, row in sh.rows():
            name = tr(row.label, "de")
            if row.computed:
                typer.echo(f"  {'= ' + name:<16} {t.values[row.id]:>5}")
            elif row.id in by_label:
                ln = by_label[row.id]
                mark = "" if ln.fulfilled else "  (nicht erfüllt)"
                typer.echo(f"  {name:<16} {ln.points:>5}   {','.join(map(str, ln.dice))}{mark}")
            else:
                typer.echo(f"  {name:<16} {'—':>5}")
        if t.missing:
            typer.echo(f"still open: {' '.join(t.missing)}")
    for m in t.mismatches:
        typer.echo(f"does not add up: {m}", err=True)
    if t.mismatches:
        raise typer.Exit(1)


@app.command()
@guarded
def best(
    roll: str = typer.Argument(..., metavar="ROLL", help="18 dice, e.g. 1,1,1,2,2,2,3,3,4,5,5,5,5,6,6,6,6,6."),
    open_: list[str] = typer.Option(..., "--open",
                                    help="A Vorgabe still open on the Bilanz; repeat it, or give several "
                                         "separated by spaces. Three open: the last turn; more: the advisor "
                                         "also picks which three to fill."),
    bonus_so_far: int = typer.Option(0, "--bonus-so-far", "-b", help="Points already in the Bonusblock."),
    top: int = typer.Option(5, "--top", min=1, max=50, help="How many ranked options to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the ranked options as JSON."),
):
    """Best ways to split 18 dice into three sets and fill three open Vorgaben.

    Exact: every distinct split and assignment is weighed. Ranked by the
    points of the three sets plus 36 when this turn secures the bonus (84 in
    the Bonusblock). The best option that keeps / gives up the bonus is shown
    as well, as in the seed's example.
    """
    from pnp.games.kniffel.advisor import best as advise
    from pnp.games.kniffel.scoring import KniffelInputError

    labels = [part for item in open_ for part in item.replace(";", " ").split()]
    try:
        adv = advise(roll, labels, bonus_so_far, top)
    except KniffelInputError as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(adv.as_dict(), ensure_ascii=False, indent=2))
        return
    turn = "last turn" if adv.final_turn else f"{len(adv.open)} open, the advisor picks three"
    typer.echo(f"roll {','.join(map(str, adv.roll))}; open: {' '.join(adv.open)} ({turn}); "
               f"Bonusblock so far {adv.bonus_so_far}")
    for i, o in enumerate(adv.options, 1):
        typer.echo(f"{i:>2}. {_sum_text(o):<22} {_sets_text(o)}")
        typer.echo(f"    {_bonus_text(o)}; value {o.value}")
    top_opt = adv.options[0] if adv.options else None
    for title, o in (("best keeping the bonus", adv.best_securing_bonus),
                     ("best without the bonus", adv.best_without_bonus)):
        if o is not None and o != top_opt:
            typer.echo(f"{title}: {_sum_text(o)}  ({_sets_text(o)}; {_bonus_text(o)}; value {o.value})")
