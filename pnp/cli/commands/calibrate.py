"""`pnp calibrate`: a duplex calibration sheet to measure --back-offset with."""
from __future__ import annotations

from pathlib import Path

import typer

from pnp.checks.contract import guarded
from pnp.cli.common import parse_offset
from pnp.cli.options import Duplex, Paper, _lang


@guarded
def calibrate(
    paper: Paper = typer.Option(Paper.a4, help="Paper size to calibrate."),
    duplex: Duplex = typer.Option(Duplex.long, help="Flip edge your printer uses."),
    lang: str = typer.Option("en", "--lang", callback=_lang, help="Language of the instructions: de, en, fr, ..."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Offset to verify, X,Y mm."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "--out", help="PDF file to write."),
) -> None:
    """Write a two-page duplex calibration sheet; read the back's scales to get --back-offset."""
    from pnp.impose.grid import calibration_sheet
    from pnp.impose.items import SheetSpec
    from pnp.output.files import write_document

    sheet = SheetSpec(paper=paper.value, duplex=duplex.value, back_offset=parse_offset(back_offset), lang=lang)
    write_document(out.with_suffix(".pdf"), calibration_sheet(sheet), title="duplex calibration")
    typer.echo(f"{out}: print both pages double-sided at 100 %, then read the scales on the back")
