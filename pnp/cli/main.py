"""The ``pnp`` command line.

Heavy modules (reportlab, svgwrite, pillow, game code) are imported inside
the commands that need them, so ``pnp --help`` answers quickly.
"""
from __future__ import annotations

import importlib
import json
from contextlib import contextmanager
import math
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from pnp.render.formats import FORMATS, applies, defaults  # the format registry: light, for --format and help

app = typer.Typer(
    help="pnp turns YAML game data into print-ready PDF, SVG and PNG files and checks it against "
         "the rule documents. Start with `pnp list`, then `pnp build all`.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

def _data(value: Optional[Path]) -> Path:
    from pnp.load.paths import data_dir

    return data_dir(value)


DataOpt = typer.Option(None, "--data", callback=_data, show_default="./data if there is one, else the shipped games",
                       help="Folder holding one sub-folder per game.",
                       file_okay=False)
JsonOpt = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class Orientation(str, Enum):
    auto = "auto"
    portrait = "portrait"
    landscape = "landscape"


class Duplex(str, Enum):
    long = "long"
    short = "short"
    none = "none"


from pnp.checks.contract import _err, finite, guarded  # noqa: E402  (the shared error contract)


def _lang(value: Optional[str]) -> Optional[str]:
    from pnp.model.base import LANG_CODE

    if value is not None and not LANG_CODE.match(value):
        raise typer.BadParameter(f"{value!r} is not a language code (de, en, fr, pt-BR ...)")
    return value


def LangOpt(what: str = "texts printed on components"):  # noqa: N802 - an option like the others
    return typer.Option(None, "--lang", callback=_lang, show_default="the game's lang: in game.yaml, else en",
                        help=f"Language of {what}: de, en, fr, ... (hyphenation and pnp's own words follow it).")


# the sheet options of `pnp build` and `pnp watch`
PaperOpt = typer.Option(None, help="Paper: a3, a4, a5, a6, letter, legal or WxH in mm (default: the game's sheet: "
                                   "setting, else a4).")
OrientationOpt = typer.Option(None, help="Paper orientation (default: auto, whichever holds more).")
MarginOpt = typer.Option(None, callback=finite, min=0, max=50, help="mm the printer cannot print at the edge "
                                                                    "(default 8).")
GutterOpt = typer.Option(None, callback=finite, min=0, max=20, help="mm between cut items; some cutters need 2-3 "
                                                                    "(default 0).")
BleedOpt = typer.Option(None, callback=finite, min=0, max=10, help="Bleed in mm around cut items (default 3; 0 "
                                                                   "allowed).")
CropOpt = typer.Option(None, "--crop-marks/--no-crop-marks", help="Crop marks in the margin (default on).")
CutOpt = typer.Option(None, "--cut-lines/--no-cut-lines", help="Thin cut lines between items (default off).")
DuplexOpt = typer.Option(None, help="Backs for double-sided printing: flip on the long or short edge, or none "
                                    "(default long).")
DpiOpt = typer.Option(100, min=30, max=1200, help="Resolution of the PNG previews and of png-cards "
                                                  "(print from the PDF).")
BackOffsetOpt = typer.Option("0,0", "--back-offset", help="Shift back pages by X,Y mm to correct a printer's duplex "
                                                          "misregistration (measure it with `pnp calibrate`).")





def _select(data: Path, game: str):
    from pnp.load.errors import DataErrors, Problem
    from pnp.model.game import discover

    games = discover(data)
    if game == "all":
        return list(games.values())
    if game not in games:
        raise DataErrors([Problem(str(data), 0, 0, f"no game {game!r}; available: {', '.join(games) or '(none)'}")])
    return [games[game]]


def _parse_extras(options: list[str]) -> dict:
    from pnp.load.errors import DataErrors, Problem

    extra = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise DataErrors([Problem("--option", 0, 0, f"expected KEY=VALUE, got {item!r}")])
        try:
            extra[key] = json.loads(value)
        except ValueError:
            extra[key] = value
        if isinstance(extra[key], float) and not math.isfinite(extra[key]):
            raise DataErrors([Problem(f"--option {key}", 0, 0, f"expected a finite number, got {value!r}")])
    return extra



@app.callback()
def _root(trust: bool = typer.Option(False, "--trust", help="Run the Python rules file a game folder brings "
                                                           "(game.yaml: rules: rules.py). Only for folders you "
                                                           "trust: it is code, and it runs on your machine.")):
    if trust:
        os.environ["PNP_TRUST"] = "1"


@app.command("list")
@guarded
def list_games(data: Path = DataOpt, as_json: bool = JsonOpt):
    """List the games in the data folder and what each one builds."""
    from pnp.model.assets import BuildOptions
    from pnp.output.build import collect_assets
    from pnp.model.base import tr
    from pnp.model.game import discover

    rows = []
    for g in discover(data).values():
        opts = BuildOptions().for_game(g)
        assets = collect_assets(g, opts)
        rows.append({"game": g.name, "title": tr(g.manifest.title, opts.lang), "seed": g.seed,
                     "assets": [{"name": a.name, "title": a.title, "formats": [f for f in FORMATS if applies(f, a.formats)]}
                                for a in assets]})
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        typer.echo(f"{r['game']}  —  {r['title']}" + (f"  (rules: {r['seed']})" if r["seed"] else ""))
        for a in r["assets"]:
            typer.echo(f"    {a['name']:<28} {a['title']}  [{','.join(a['formats'])}]")


@app.command()
@guarded
def build(
    game: str = typer.Argument("all", help="Game name (see `pnp list`) or 'all'."),
    format: str = typer.Option(",".join(defaults()), "--format", "-f",
                               help="Comma list of formats: "
                                    + ", ".join(f"{n} ({f.about})" if f.opt_in else n for n, f in FORMATS.items())
                                    + "."),
    paper: Optional[str] = PaperOpt,
    orientation: Optional[Orientation] = OrientationOpt,
    margin: Optional[float] = MarginOpt,
    gutter: Optional[float] = GutterOpt,
    bleed: Optional[float] = BleedOpt,
    crop_marks: Optional[bool] = CropOpt,
    cut_lines: Optional[bool] = CutOpt,
    duplex: Optional[Duplex] = DuplexOpt,
    lang: Optional[str] = LangOpt(),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; each game gets a sub-folder."),
    dpi: int = DpiOpt,
    max_pages: Optional[int] = typer.Option(None, "--max-pages", min=1,
                                            help="Refuse a build that would make more pages (default 2,000)."),
    max_megapixels: Optional[int] = typer.Option(None, "--max-megapixels", min=1,
                                                 help="Refuse a PNG page larger than this (default 100)."),
    max_shapes: Optional[int] = typer.Option(None, "--max-shapes", min=1,
                                             help="Refuse an asset that would draw more shapes (default 300,000)."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, max=64,
                             help="Processes drawing at once (0: one per CPU core; 1: no worker processes). "
                                  "The files are the same either way."),
    back_offset: str = BackOffsetOpt,
    option: list[str] = typer.Option([], "--option", "-o",
                                     help="Game-specific setting KEY=VALUE, repeatable "
                                          "(e.g. square_mm=50, cell_mm=30, mirror=true, players=6, up=4, copies=10)."),
    force: bool = typer.Option(False, "--force", help="Replace OUT/<game> even when pnp did not make it (a "
                                                      "folder without pnp's manifest.json is refused otherwise)."),
    ink_saver: bool = typer.Option(False, "--ink-saver",
                                   help="A light print for home printers: outlines and light tints instead of dark "
                                        "fills (backs, bands, boards, tokens, cloud overlays); half the ink or less."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
):
    """Render games to print-ready files in OUT/<game>/ with a manifest.json; all games or none are replaced."""
    import gc

    collecting, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.disable()  # imports and loading make objects that live as long as the build: build_games turns it on
    drawer = None
    if jobs != 1 and (os.cpu_count() or 1) > 1 and hasattr(os, "fork"):
        from pnp.output.drawer import Drawer  # forked first: it reads the PDF fonts while the data loads

        drawer = Drawer.start()
    try:
        from pnp.model.assets import BuildOptions
        from pnp.output.build import build_games

        from pnp.load.budget import Limits

        formats = _formats(format)
        limits = Limits(**{k: v for k, v in (("pages", max_pages), ("megapixels", max_megapixels),
                                              ("shapes", max_shapes)) if v})
        opts = _build_options(paper, orientation, margin, gutter, bleed, crop_marks, cut_lines, duplex, lang, dpi,
                              back_offset, option, limits, ink_saver)
        games = _select(data, game)
        _check_options(games, opts.extra)
        if not force:  # before any work: the gallery this build would replace is pnp's (build_games checks
            from pnp.output.gallery import gallery_owned  # the game folders)

            gallery_owned(out)
        with _progress("building", quiet=as_json) as tick:
            written = build_games(games, opts, formats, out, progress=tick, warn=_err,
                                  jobs=jobs or os.cpu_count() or 1, drawer=drawer, force=force)
        if drawer is not None:
            drawer.close()  # done: the gallery is not drawn
        from pnp.output.gallery import write_gallery

        gallery_path = write_gallery(out, data, recheck=False, force=force)
        if as_json:
            typer.echo(json.dumps([{"game": w.game, "file": str(w.path), "pages": w.pages, "bytes": w.bytes}
                                   for w in written], indent=2))
            return
        _summary(written, out)
        typer.echo(f"gallery: {gallery_path}")
    finally:
        if drawer is not None:
            drawer.close()
        if collecting:  # as it was (a build run inside another program, or a test)
            if not frozen:  # what the build froze; a host's own frozen objects stay so
                gc.unfreeze()
            gc.enable()


@contextmanager
def _progress(what: str, quiet: bool = False):
    """A progress bar on the terminal (none when piped): yields ``tick(label, done, total)``."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description:<42}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task(what, total=None)

        def tick(label, done, total=None):
            bar.update(task, description=label[-42:], completed=done, total=total)

        yield tick


def _build_options(paper, orientation, margin, gutter, bleed, crop_marks, cut_lines, duplex, lang, dpi, back_offset,
                   option, limits=None, ink_saver: bool = False):
    """The build options the sheet options, --lang, --dpi, --back-offset, -o, --ink-saver and the --max-…
    limits of a command give."""
    from pnp.load.budget import Limits
    from pnp.model.assets import BuildOptions

    sheet = _sheet(paper=paper, orientation=orientation and orientation.value, margin=margin, gutter=gutter,
                   bleed=bleed, crop_marks=crop_marks, cut_lines=cut_lines, duplex=duplex and duplex.value)
    return BuildOptions(**sheet, **_given_lang(lang), given=frozenset(sheet) | ({"lang"} if lang else set()), dpi=dpi,
                        back_offset=_parse_offset(back_offset), extra=_parse_extras(option), limits=limits or Limits(),
                        ink_saver=ink_saver)


def _given_lang(lang: Optional[str]) -> dict:
    return {"lang": lang} if lang else {}


def _sheet(**given) -> dict:
    """The sheet settings given on the command line (they beat a game's ``sheet:``)."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.model.paper import paper_size

    out = {k: v for k, v in given.items() if v is not None}
    if "paper" in out:
        try:
            paper_size(out["paper"])
        except ValueError as exc:
            raise DataErrors([Problem("--paper", 0, 0, str(exc))]) from None
        out["paper"] = out["paper"].strip().lower()
    return out


def _formats(text: str) -> list[str]:
    from pnp.render import parse_formats
    from pnp.load.errors import DataErrors, Problem

    try:
        return parse_formats(text)
    except ValueError as exc:
        raise DataErrors([Problem("--format", 0, 0, str(exc))]) from None


def _check_options(games, extra: dict, also: dict | None = None) -> None:
    """An ``-o KEY`` no selected game reads is a mistake: name the keys they do read."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.layout.documents import accepted_options

    if not extra:
        return
    known = dict(also or {})
    for g in games:
        known.update(accepted_options(g))
    unknown = [k for k in extra if k not in known]
    if unknown:
        listed = "; ".join(f"{k} ({v})" for k, v in sorted(known.items())) or "none"
        names = ", ".join(g.name for g in games)
        raise DataErrors([Problem(f"--option {k}", 0, 0, f"{names} has no setting {k!r}; the settings are: {listed}")
                          for k in unknown])


def _parse_offset(text: str) -> tuple[float, float]:
    from pnp.load.errors import DataErrors, Problem

    try:
        x, y = (float(v) for v in text.split(","))
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        raise DataErrors([Problem("--back-offset", 0, 0, f"expected X,Y in mm such as 0.5,-1, got {text!r}")]) from None
    if max(abs(x), abs(y)) > 20:
        raise DataErrors([Problem("--back-offset", 0, 0, f"{text!r}: an offset over 20 mm is not a printer error")])
    return (x, y)


@app.command()
@guarded
def calibrate(
    paper: Paper = typer.Option(Paper.a4, help="Paper size to calibrate."),
    duplex: Duplex = typer.Option(Duplex.long, help="Flip edge your printer uses."),
    lang: str = typer.Option("en", "--lang", callback=_lang, help="Language of the instructions: de, en, fr, ..."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Offset to verify, X,Y mm."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "--out", help="PDF file to write."),
):
    """Write a two-page duplex calibration sheet; read the back's scales to get --back-offset."""
    from pnp.impose.grid import calibration_sheet
    from pnp.impose.items import SheetSpec
    from pnp.output.files import write_document

    sheet = SheetSpec(paper=paper.value, duplex=duplex.value, back_offset=_parse_offset(back_offset), lang=lang)
    write_document(out.with_suffix(".pdf"), calibration_sheet(sheet), title="duplex calibration")
    typer.echo(f"{out}: print both pages double-sided at 100 %, then read the scales on the back")


def _summary(written, out: Path) -> None:
    """Files per game as a plain table (no terminal library: it would cost a build a
    twentieth of a second to start)."""
    by_game: dict[str, list] = {}
    for w in written:
        by_game.setdefault(w.game, []).append(w)
    paged = [f.name for f in FORMATS.values() if f.one_file]  # whose page count the table shows
    shown = list({f.ext: name for name, f in reversed(FORMATS.items())}.values())[::-1]  # one column a suffix
    head = ("game", "files", *shown, *(f"pages ({f})" for f in paged), "size")
    rows = [head]
    for g, ws in by_game.items():
        n = {f: [w for w in ws if w.path.suffix == FORMATS[f].ext] for f in FORMATS}
        rows.append((g, str(len(ws)), *(str(len(n[f])) for f in shown), *(str(sum(w.pages for w in n[f]))
                                                                            for f in paged),
                     _human(sum(w.bytes for w in ws))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    typer.echo(f"written to {out}/")
    for k, r in enumerate(rows):
        typer.echo("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        if k == 0:
            typer.echo("  ".join("-" * w for w in widths))


def _human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


@app.command()
@guarded
def clean(
    game: str = typer.Argument("all", help="Game whose output folder to remove, or 'all'."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
):
    """Remove what `pnp build` wrote: game folders holding a pnp manifest.json, and the gallery.

    Folders without a manifest (not made by pnp) are never touched."""
    import shutil

    from pnp.output.build import read_manifest
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.gallery import INDEX

    built = sorted(p for p in out.iterdir() if p.is_dir() and read_manifest(p) is not None) if out.is_dir() else []
    if game != "all":
        if game not in {p.name for p in built}:
            names = ", ".join(p.name for p in built) or "none"
            raise DataErrors([Problem(str(out), 0, 0, f"no built game {game!r} here; built games: {names}")])
        built = [out / game]
    for p in built:
        shutil.rmtree(p)
        typer.echo(f"removed {p}")
    if game == "all" and (out / INDEX).is_file():
        (out / INDEX).unlink()
        typer.echo(f"removed {out / INDEX}")


@app.command()
@guarded
def check(
    game: str = typer.Argument("all", help="Game name or 'all'."),
    state: Optional[Path] = typer.Option(None, "--state", help="A game-state / position / structure file to check as well."),
    list_rules: bool = typer.Option(False, "--list-rules",
                                    help="List GAME's rules (id, description, the rule document's passage) instead of checking."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
):
    """Check data (and optionally a game state) against the rule documents. Exit 1 if a rule fails."""
    from pnp.checks import Report, rules_json, rules_text

    games = _select(data, game)
    if list_rules:
        books = {g.name: g.rules().book for g in games}
        typer.echo(rules_json(books) if as_json else rules_text(books))
        return
    from pnp.load.errors import DataErrors
    from pnp.layout.documents import documents

    report, problems = Report(), []
    for g in games:  # every file of every game is read and validated, checker or not
        try:
            files = len(documents(g))
        except DataErrors as exc:
            problems += exc.problems
            continue
        found = g.rules().findings(g, state)
        if found is not None:
            report.add(g.name, found, files)
        else:
            report.add(g.name, [], files, rules=False)
    if problems:
        raise DataErrors(problems)
    typer.echo(report.as_json() if as_json else report.as_text())
    if report.exit_code:
        raise typer.Exit(report.exit_code)


@app.command()
@guarded
def fonts(
    game: Optional[str] = typer.Argument(None, help="A game (see `pnp list`): the fonts its pages use and how "
                                                    "well each covers their text. Without: pnp's bundled fonts."),
    lang: Optional[str] = LangOpt("the texts looked at"),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
    as_json: bool = JsonOpt,
):
    """List fonts: pnp's bundled ones, or those a game uses, with the characters each lacks and what draws them."""
    if game is not None:
        from pnp.model.assets import BuildOptions
        from pnp.output.fontuse import font_use

        rows = []
        for g in _select(data, game):
            opts = BuildOptions(**_given_lang(lang), given=frozenset({"lang"} if lang else ()),
                                extra=_parse_extras(option)).for_game(g)
            _check_options([g], opts.extra)
            rows += [{"game": g.name, **r} for r in font_use(g, opts)]
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
            return
        for r in rows:
            typer.echo(f"{r['game']}: {r['family']} {r['weight']} ({r['source']}: {r['file']})")
            line = f"    covers {r['covered']} of the {r['characters']} characters its texts use"
            for face, chars in r["fallback"].items():
                line += f"; {chars} drawn by {face}"
            if r["missing"]:
                line += f"; no font has {r['missing']}"
            typer.echo(line)
        return
    from pnp.scene import fonts as f
    sample = "äöüÄÖÜß®–„“×½"
    rows = f.fonts_report()
    for r in rows:
        try:
            f.check_glyphs(sample, r["family"], r["weight"])
            r["covers_sample"] = True
        except f.FontError as exc:
            r["covers_sample"] = str(exc)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        ok = "ok" if r["covers_sample"] is True else r["covers_sample"]
        typer.echo(f"{r['family']:<6} {r['weight']:<8} {r['file']}  exists={r['exists']}  {sample}: {ok}")
    typer.echo(f"licence: {rows[0]['licence']}")


@app.command()
@guarded
def schema(out: Path = typer.Option(Path("output/schemas"), "--out", help="Folder for the JSON Schema files.")):
    """Write a JSON Schema per data kind so editors can complete and validate YAML."""
    from pnp.layout.kinds import KINDS
    from pnp.output.files import write_bytes_atomic

    for name, kind in KINDS.items():
        try:
            model = kind.model()
        except (ImportError, AttributeError):
            continue
        text = json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        path = out / f"{name}.schema.json"
        write_bytes_atomic(path, text.encode())
        typer.echo(str(path))


@app.command()
@guarded
def new(
    name: str = typer.Argument(..., help="Folder/game name for the new game (lower case, digits, dashes)."),
    data: Path = typer.Option(Path("data"), "--data", file_okay=False, help="Folder to create the game in."),
    from_table: Optional[Path] = typer.Option(None, "--from", help="A card list (.csv, .tsv, .xlsx, .ods): its "
                                                                  "columns become fields and a first layout shows "
                                                                  "them all."),
):
    """Scaffold a new game folder that builds as is: a deck, a symbol and a board, or a deck from your spreadsheet."""
    from pnp.cli.scaffold import scaffold, scaffold_from_table

    folder = scaffold_from_table(name, data, from_table) if from_table else scaffold(name, data)
    typer.echo(f"created {folder}; try: pnp build {name} --data {data}")


@app.command()
@guarded
def proof(
    game: str = typer.Argument(..., help="Game whose cards to proof."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; writes OUT/<game>-proof.pdf."),
    bleed: float = typer.Option(3.0, min=0, max=10, callback=finite, help="Bleed in mm shown around each card."),
    lang: Optional[str] = LangOpt("texts on the cards"),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
):
    """One page per distinct card face and back at 1:1, with trim, bleed and safe zone drawn over it."""
    from pnp.model.assets import BuildOptions
    from pnp.output.build import collect_assets
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.files import write_document
    from pnp.output.proof import proof_pages

    (g,) = _select(data, game)
    opts = BuildOptions(**_given_lang(lang), given=frozenset({"lang"} if lang else ()), bleed=bleed,
                        extra=_parse_extras(option)).for_game(g)
    _check_options([g], opts.extra)
    assets = [a for a in collect_assets(g, opts) if a.faces and not a.preview_of]
    pages = [p for a in assets for p in proof_pages(a, bleed, opts.lang)]
    if not pages:
        raise DataErrors([Problem(str(g.folder), 0, 0, "this game has no cards or counters to proof")])
    path = out / f"{g.name}-proof.pdf"
    write_document(path, pages, title=f"{g.name} proof")
    typer.echo(f"{path}: {len(pages)} page(s); check that text stays inside the dotted safe line")
    overlaps = [(a.name, o) for a in assets for o in dict.fromkeys(a.overlaps)]
    for name, o in overlaps:
        typer.echo(f"FAIL  overlap  {name}: {o}")
    if overlaps:
        typer.echo(f"proof: {len(overlaps)} text(s) overlap another element; move or shrink them in the layout")
        raise typer.Exit(1)


@app.command()
@guarded
def gallery(
    out: Path = typer.Option(Path("output"), "--out", help="Output folder to index."),
    data: Path = DataOpt,
):
    """Write OUT/index.html: a self-contained page previewing every built asset with checker verdicts."""
    from pnp.load.errors import DataErrors, Problem
    from pnp.output.gallery import write_gallery

    if not data.is_dir():
        raise DataErrors([Problem(str(data), 0, 0, "data folder not found")])

    typer.echo(str(write_gallery(out, data)))


@app.command()
@guarded
def watch(
    game: str = typer.Argument(..., help="Game to rebuild when its data or the fonts change."),
    format: str = typer.Option(",".join(defaults()), "--format", "-f", help="Comma list of formats."),
    paper: Optional[str] = PaperOpt,
    orientation: Optional[Orientation] = OrientationOpt,
    margin: Optional[float] = MarginOpt,
    gutter: Optional[float] = GutterOpt,
    bleed: Optional[float] = BleedOpt,
    crop_marks: Optional[bool] = CropOpt,
    cut_lines: Optional[bool] = CutOpt,
    duplex: Optional[Duplex] = DuplexOpt,
    lang: Optional[str] = LangOpt(),
    dpi: int = DpiOpt,
    back_offset: str = BackOffsetOpt,
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
):
    """Rebuild GAME whenever a file in its data folder or in fonts/ is saved (Ctrl-C stops); takes every sheet
    option `pnp build` takes, and builds in the game's language unless --lang says otherwise."""
    from pnp.cli.watch import watch as run_watch

    opts = _build_options(paper, orientation, margin, gutter, bleed, crop_marks, cut_lines, duplex, lang, dpi,
                          back_offset, option)
    _check_options(_select(data, game), opts.extra)
    formats = _formats(format)
    if run_watch(game, data, out, opts, formats, echo=typer.echo):
        raise typer.Exit(130)  # interrupted, like any command: the exit code says so


@app.command()
@guarded
def tts(
    game: str = typer.Argument(..., help="Game whose decks and counters to export."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; files go to OUT/<game>/tts/."),
    lang: Optional[str] = LangOpt("texts on the faces"),
    option: list[str] = typer.Option([], "--option", "-o",
                                     help="KEY=VALUE, repeatable: tts_url=https://host/dir/ (where you upload the "
                                          "images for online play), tts_dpi=150 (smaller sheets), game settings."),
    data: Path = DataOpt,
):
    """Export decks and counters for Tabletop Simulator (face sheets, back image, saved-object JSON)."""
    from pnp.model.assets import BuildOptions
    from pnp.output.tts import export

    from pnp.output.tts import OPTIONS as TTS_OPTIONS

    opts = BuildOptions(**_given_lang(lang), given=frozenset({"lang"} if lang else ()), extra=_parse_extras(option))
    games = _select(data, game)
    _check_options(games, opts.extra, TTS_OPTIONS)
    for g in games:
        for p in export(g, opts.for_game(g), out):
            typer.echo(str(p))


def _profile_help() -> str:
    from pnp.output import profile_names  # a folder listing: cheap enough for pnp --help

    return f"A shipped profile ({', '.join(profile_names())}) or the path of your own profile's .yaml file."


ProfileOpt = typer.Option(..., "--profile", "-p", help=_profile_help())


@app.command()
@guarded
def export(
    game: str = typer.Argument(..., help="Game to send to a print shop."),
    profile: str = ProfileOpt,
    out: Path = typer.Option(Path("output"), "--out", help="Output folder; files go to OUT/<game>/export/<profile>/."),
    lang: Optional[str] = LangOpt(),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
):
    """Write what a print shop asks for (card images, a card-per-page PDF, imposed sheets or a Tabletop
    Simulator deck) with a README.txt of what to order; then preflight it. Exit 1 when a check fails."""
    from pnp.load.words import counted
    from pnp.output.export import export as write_export, order_lines
    from pnp.output.modes import mode_of
    from pnp.output.preflight import check_written

    prof, opts, games = _for_shop(profile, lang, option, data, game)
    failed = False
    for g in games:
        with _progress(f"{g.name}: exporting") as tick:
            written = write_export(g, opts.for_game(g), prof, out, progress=_counted(tick))
            found = check_written(written, prof, progress=_counted(tick))
        typer.echo(f"{counted(len(written.files), 'file')} for {prof.title} in {written.folder} (what to order: "
                   "README.txt)")
        for deck in written.plan.decks if written.plan is not None and mode_of(prof).products else ():
            for line in order_lines(deck, prof):
                typer.echo(f"  {line}")
        failed |= _findings(*found, prof)
    if failed:
        raise typer.Exit(1)


@app.command()
@guarded
def preflight(
    game: str = typer.Argument(..., help="Game whose print files to check."),
    profile: str = typer.Option("pdf-x", "--profile", "-p", help="What to check against: a shipped profile name or "
                                "your profile's .yaml file (default pdf-x: imposed sheets for a copy shop)."),
    lang: Optional[str] = LangOpt(),
    option: list[str] = typer.Option([], "--option", "-o", help="Game-specific setting KEY=VALUE, repeatable."),
    data: Path = DataOpt,
):
    """Check the files a profile would send, without writing them: text in the safe zone, images under the
    shop's dpi, bleed on every side, fonts embedded, trim and bleed boxes, pages, colour space, ink, file size, and
    each requirement of the PDF/X version the profile names (pdfx:). Exit 1 on a failure."""
    from pnp.output.preflight import preflight as run

    prof, opts, games = _for_shop(profile, lang, option, data, game)
    failed = False
    for g in games:
        with _progress(f"{g.name}: checking") as tick:
            found = run(g, opts.for_game(g), prof, progress=_counted(tick))
        failed |= _findings(*found, prof)
    if failed:
        raise typer.Exit(1)


def _for_shop(profile: str, lang, option: list[str], data: Path, game: str):
    """The profile, the build options and the games of an export or preflight, checked before any work."""
    from pnp.model.assets import BuildOptions
    from pnp.output.export import load_profile

    prof = load_profile(profile)
    opts = BuildOptions(**_given_lang(lang), given=frozenset({"lang"} if lang else ()), extra=_parse_extras(option))
    games = _select(data, game)
    _check_options(games, opts.extra)
    return prof, opts, games


def _counted(tick):
    """A ``progress(label)`` callback that moves a progress bar one step, or None without a bar."""
    if tick is None:
        return None
    done = [0]

    def step(label: str) -> None:
        done[0] += 1
        tick(label, done[0])

    return step


def _findings(found, counts, profile) -> bool:
    """Print failed checks as a table, then what was checked; True when something failed."""
    from pnp.load.words import counted
    from pnp.output.preflight import checks_for

    checked = ", ".join(counted(n, what[:-1], what) for what, n in counts.items() if n)
    if not found:
        run = checks_for(profile)
        typer.echo(f"preflight ok: {checked}; " + (f"checks: {', '.join(run)}" if run else
                                                   f"no check applies to what {profile.title} gets"))
        return False
    wide = max(len(f.check) for f in found)
    for f in found:
        typer.echo(f"FAIL  {f.check:<{wide}}  {f.where}: {f.message}")
    by = {}
    for f in found:
        by[f.check] = by.get(f.check, 0) + 1
    typer.echo(f"preflight: {len(found)} failed ({', '.join(f'{k} {v}' for k, v in by.items())}); checked {checked}")
    return True


def _mount_game_apps(argv: list[str] | None = None) -> None:
    """Mount the game command ``argv`` runs for real and the others as entries for --help
    (every one for real when ``argv`` is None, as tests want)."""
    running = next((a for a in argv if not a.startswith("-")), None) if argv is not None else None
    engine = {c.name or c.callback.__name__.replace("_", "-"): c for c in app.registered_commands}
    if running in engine:  # an engine command: no game's commands are needed, not even for its --help,
        app.registered_commands = [engine[running]]  # nor the others (typer makes each one's options)
        return
    from pnp.games import COMMANDS  # each game's commands, registered without importing the game

    for command, entry in COMMANDS.items():
        if argv is None or command == running:
            app.add_typer(importlib.import_module(entry.module).app, name=command)
        else:
            app.add_typer(typer.Typer(help=entry.about, no_args_is_help=True), name=command)


def main() -> None:
    # pnp uses no pydantic plugins; looking for them scans every installed package (10 ms)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _mount_game_apps(sys.argv[1:])
    app()


def run() -> None:
    """The `pnp` command: :func:`main`, then the process ends as soon as the command is done.
    Exit handlers run (the cache writes its tables) and the output is flushed, but the
    interpreter is not torn down object by object: after a 500-card build that took 50 ms."""
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    if code is not None and not isinstance(code, int):
        raise SystemExit(code)  # a message to print: as Python does it
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader left (`pnp list | head`), or the stream is closed
            pass
    os._exit(code or 0)


if __name__ == "__main__":
    run()
