"""The gallery: one static HTML page, ``out_dir/index.html``, that shows every
built game with every output file, a preview of each asset and the rules
checker's verdict.

It is self-contained (inline CSS, no scripts, no external URLs) and refers to
the output files by relative paths, so it works straight from the file system
and stays small however large the outputs are. The page is deterministic:
sorted, no timestamps, so rebuilding unchanged data gives the same bytes.
"""
from __future__ import annotations

import html
import re
from dataclasses import field
from pathlib import Path
from urllib.parse import quote

from pnp.load.classes import dataclass
from pnp.output.files import write_bytes_atomic
from pnp.render.formats import FORMATS, format_of

INDEX = "index.html"
TTS_FOLDER = "tts"  # pnp.output.tts writes <game>/tts/ with a manifest.json of its own


@dataclass
class AssetFiles:
    """Every output file of one asset (``deck``, ``cards/nach-links``), as its manifest lists them."""

    stem: str
    title: str = ""
    by_format: dict[str, list[Path]] = field(default_factory=dict)  # format -> files, in the manifest's order
    pages: dict[Path, int] = field(default_factory=dict)  # pages of each file holding every page (PDF)
    previews: list[Path] = field(default_factory=list)  # contact sheets of this asset
    other: list[Path] = field(default_factory=list)  # e.g. Tabletop Simulator JSON
    sizes: dict[Path, int] = field(default_factory=dict)

    def formats(self) -> list[str]:
        """The formats it has files in: the registry's order, then any the registry lacks."""
        return [f for f in FORMATS if f in self.by_format] + sorted(set(self.by_format) - set(FORMATS))

    @property
    def main(self) -> Path | None:
        """The file that holds every page (the PDF), which a click on the preview opens."""
        for f in self.formats():
            if f in FORMATS and FORMATS[f].one_file:
                return self.by_format[f][0]
        return None

    @property
    def preview(self) -> Path | None:
        """The image that shows this asset best: its contact sheet, else page 1 of a preview
        format (PNG), else of any format a browser shows (SVG)."""
        known = [f for f in self.formats() if f in FORMATS]
        shown = [f for f in known if FORMATS[f].preview] + [f for f in known if FORMATS[f].viewable]
        for p in self.previews[:1] + [self.by_format[f][0] for f in shown[:1]]:
            return p
        return None

    @property
    def files(self) -> list[Path]:
        return [p for f in self.formats() for p in self.by_format[f]] + self.previews + self.other


@dataclass
class GameEntry:
    name: str
    folder: Path
    title: str = ""
    description: str = ""
    assets: list[AssetFiles] = field(default_factory=list)
    verdict: str = "not checked"  # ok | FAIL | not checked
    findings: list[tuple[str, str]] = field(default_factory=list)  # (severity, text)
    ink_saver: bool = False  # built with --ink-saver (its manifest's options say so)


def scan_game(folder: Path) -> list[AssetFiles]:
    """A game's assets from its manifest (and the Tabletop Simulator export's), in a stable order."""
    from pnp.output.manifest import read_manifest

    by_stem: dict[str, AssetFiles] = {}
    for base, prefix in ((folder, ""), (folder / TTS_FOLDER, TTS_FOLDER + "/")):
        man = read_manifest(base)
        for e in (man or {}).get("files", []):
            target = e.get("preview_of")
            stem = prefix + (target or e["asset"])
            a = by_stem.setdefault(stem, AssetFiles(stem))
            p = base / e["file"]
            a.sizes[p] = e["bytes"]
            if target:
                a.previews.append(p)
                continue
            a.title = a.title or e.get("title", "")
            if prefix:  # Tabletop Simulator: face sheets preview, the rest are links
                if "-faces-" in e["file"]:
                    a.by_format.setdefault(format_of(p), []).append(p)
                else:
                    a.other.append(p)
                continue
            a.by_format.setdefault(e["format"], []).append(p)
            if e["format"] in FORMATS and FORMATS[e["format"]].one_file:
                a.pages[p] = e["pages"]
    # whole-game files first, then per-item files in sub-folders, Tabletop Simulator last
    def order(stem: str) -> tuple[bool, int, str]:
        return (stem.startswith(TTS_FOLDER + "/"), stem.count("/"), stem)

    return [by_stem[k] for k in sorted(by_stem, key=order)]


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    size = float(n)
    for unit in ("KB", "MB", "GB"):
        size /= 1024
        if size < 1024 or unit == "GB":
            return f"{size:.1f} {unit}"
    return f"{n} B"  # pragma: no cover


def collect(out_dir: Path, data_dir: Path, recheck: bool = True) -> list[GameEntry]:
    """Every game that has an output folder, plus games in data not built yet.

    ``recheck`` runs every game's checker now; without it a built game shows the
    verdict its build recorded in the manifest (the build just ran it on that data).
    """
    from pnp.output.manifest import read_manifest
    from pnp.checks import verdict
    from pnp.load.errors import DataErrors
    from pnp.model.assets import game_lang
    from pnp.model.plain.base import tr
    from pnp.model.plain.game import discover

    out_dir = Path(out_dir)
    try:
        games = discover(data_dir)
        data_problem = []
    except DataErrors as exc:
        games, data_problem = {}, [str(p) for p in exc.problems]
    names = sorted({p.name for p in out_dir.iterdir() if p.is_dir() and not p.name.startswith(".")
                    and p.name != "schemas"} | set(games)) if out_dir.is_dir() else sorted(games)
    entries = []
    for name in names:
        e = GameEntry(name, out_dir / name)
        if e.folder.is_dir():
            e.assets = scan_game(e.folder)
        g = games.get(name)
        manifest = read_manifest(e.folder) or {}
        recorded = manifest.get("checks") if not recheck else None
        e.ink_saver = bool(manifest.get("options", {}).get("ink_saver"))
        if g is not None:
            lang = game_lang(g)
            e.title = tr(g.manifest.title, lang)
            e.description = tr(g.manifest.description, lang) if g.manifest.description else ""
            if recorded:
                e.verdict, e.findings = recorded["verdict"], [tuple(f) for f in recorded["findings"]]
            elif recheck or e.folder.is_dir():
                e.verdict, e.findings = verdict(g)
            else:
                e.verdict = "not built"
        elif data_problem:
            e.verdict, e.findings = "FAIL", [("error", p) for p in data_problem]
        else:
            e.verdict = "no data"
        entries.append(e)
    return entries


# ----------------------------------------------------------------- HTML

CSS = """
:root{--ink:#222;--muted:#666;--line:#ddd;--bg:#f6f4ef;--ok:#1d7a36;--fail:#b3261e}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--bg)}
header{padding:18px 28px;background:#2d3142;color:#fff}
header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;color:#cfd3e0}
nav{padding:10px 28px;background:#fff;border-bottom:1px solid var(--line)}
nav a{margin-right:16px;color:var(--ink);text-decoration:none;white-space:nowrap}
main{padding:8px 28px 40px}
section.game{margin:22px 0;padding:16px 20px;background:#fff;border:1px solid var(--line);border-radius:8px}
section.game h2{margin:0 0 4px;font-size:20px}
.desc{color:var(--muted);margin:0 0 8px}
.badge{display:inline-block;padding:1px 9px;border-radius:10px;font-size:13px;font-weight:600;color:#fff;background:#888;vertical-align:middle}
.badge.ok{background:var(--ok)}.badge.fail{background:var(--fail)}
details{margin:6px 0 12px}
details li.error{color:var(--fail)}
details li{font-family:ui-monospace,monospace;font-size:12.5px;margin:2px 0}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:14px}
.asset{border:1px solid var(--line);border-radius:6px;padding:10px;background:#fcfcfa;display:flex;flex-direction:column}
.asset .thumb{display:flex;align-items:center;justify-content:center;height:190px;background:#eceae4;border-radius:4px;overflow:hidden}
.asset .thumb img{max-width:100%;max-height:190px;object-fit:contain;background:#fff}
.asset h3{font-size:14.5px;margin:8px 0 2px;word-break:break-word}
.asset .name{font-family:ui-monospace,monospace;font-size:12px;color:var(--muted)}
.asset .files{font-size:13px;margin-top:6px}
.asset .files a{margin-right:6px}
.empty{color:var(--muted);font-style:italic}
.hint{font-size:12.5px;color:var(--muted);margin-top:6px}
footer{padding:0 28px 28px;color:var(--muted);font-size:13px}
"""


INK_SAVER_BUILT = ("Ink-saving build (<code>--ink-saver</code>): outlines and light tints instead of dark fills; "
                   "<code>pnp build {game}</code> without it makes the full-colour print.")
INK_SAVER_HINT = ("For a play-test on an inkjet or on transparency film, <code>pnp build GAME --ink-saver</code> "
                  "prints the same components with half the ink or less.")


def _e(text: str) -> str:
    return html.escape(str(text), quote=True)


def _inline(text: str) -> str:
    """Escaped text with `backtick` spans as <code> (descriptions mention commands)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _href(path: Path, base: Path) -> str:
    return quote(path.relative_to(base).as_posix())


def _badge(verdict: str) -> str:
    cls = {"ok": "ok", "FAIL": "fail"}.get(verdict, "")
    return f'<span class="badge {cls}">{_e(verdict)}</span>'


def _asset_html(a: AssetFiles, base: Path, title: str) -> str:
    out = ['<div class="asset">']
    prev = a.preview
    target = a.main or prev
    if prev is not None:
        img = f'<img src="{_href(prev, base)}" alt="{_e(a.stem)} preview">'
        if target is not None:
            img = f'<a href="{_href(target, base)}">{img}</a>'
        out.append(f'<div class="thumb">{img}</div>')
    else:
        out.append('<div class="thumb"><span class="empty">no preview</span></div>')
    out.append(f'<h3>{_e(title or a.stem)}</h3><div class="name">{_e(a.stem)}</div>')
    links = []
    for fmt in a.formats():
        files, label = a.by_format[fmt], fmt.upper()
        if fmt in FORMATS and FORMATS[fmt].one_file:
            for p in files:
                pages = a.pages.get(p)
                pages_txt = f"{pages} page{'s' if pages != 1 else ''}, " if pages is not None else ""
                links.append(f'<a href="{_href(p, base)}">{label}</a> ({pages_txt}{human_size(a.sizes[p])})')
            continue
        size = human_size(sum(a.sizes[p] for p in files))
        if len(files) == 1:
            links.append(f'<a href="{_href(files[0], base)}">{label}</a> ({size})')
        else:
            parts = " ".join(f'<a href="{_href(p, base)}">{i}</a>' for i, p in enumerate(files, 1))
            links.append(f"{label} pages {parts} ({len(files)} files, {size})")
    for p in a.previews:
        links.append(f'<a href="{_href(p, base)}">contact sheet</a>')
    for p in a.other:
        links.append(f'<a href="{_href(p, base)}">{_e(p.name)}</a> ({human_size(a.sizes[p])})')
    out.append('<div class="files">' + "<br>".join(links) + "</div>")
    if a.stem.startswith(TTS_FOLDER + "/"):
        name = a.stem.split("/")[-1]
        out.append(f'<div class="hint">Copy <code>{_e(name)}.json</code> and <code>{_e(name)}.png</code> into '
                   "Tabletop Simulator&rsquo;s <code>Saves/Saved Objects</code> folder, then Objects &rarr; "
                   "Saved Objects in the game.</div>")
    out.append("</div>")
    return "".join(out)


def _title(stem: str, titles: dict[str, str]) -> str:
    if stem.startswith(TTS_FOLDER + "/"):
        name = stem[len(TTS_FOLDER) + 1:]
        return f"Tabletop Simulator: {titles.get(name, name)}"
    return titles.get(stem, "")


def render_html(entries: list[GameEntry], out_dir: Path) -> str:
    total_assets = sum(len(e.assets) for e in entries)
    parts = ["<!DOCTYPE html>", '<html lang="de"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>pnp gallery</title>", f"<style>{CSS}</style></head><body>",
             "<header><h1>Print &amp; play gallery</h1>",
             f"<p>{len(entries)} game(s), {total_assets} asset(s). Click a preview to open its PDF.</p></header>",
             "<nav>" + "".join(f'<a href="#{_e(e.name)}">{_e(e.title or e.name)} {_badge(e.verdict)}</a>'
                                for e in entries) + "</nav>", "<main>"]
    if not entries:
        parts.append('<p class="empty">Nothing built yet: run <code>pnp build all</code>.</p>')
    for e in entries:
        parts += _game_html(e, out_dir)
    parts.append("</main><footer>Made by <code>pnp gallery</code>. Print PDFs at 100 % (no "
                 f"&ldquo;fit to page&rdquo;). {INK_SAVER_HINT}</footer></body></html>\n")
    return "\n".join(parts)


def _game_html(e: GameEntry, out_dir: Path) -> list[str]:
    """A game's section: its title and verdict, its checker's findings, its assets' previews."""
    parts = [f'<section class="game" id="{_e(e.name)}">', f"<h2>{_e(e.title or e.name)} {_badge(e.verdict)}</h2>"]
    if e.description:
        parts.append(f'<p class="desc">{_inline(e.description)}</p>')
    if e.ink_saver:
        parts.append(f'<p class="desc">{INK_SAVER_BUILT.format(game=_e(e.name))}</p>')
    if e.findings:
        n_err = sum(1 for sev, _ in e.findings if sev == "error")
        summary = f"{len(e.findings)} finding(s)" + (f", {n_err} error(s)" if n_err else "")
        opened = " open" if e.verdict == "FAIL" else ""
        parts.append(f"<details{opened}><summary>Checker: {_e(summary)}</summary><ul>"
                     + "".join(f'<li class="{_e(sev)}">{_e(text)}</li>' for sev, text in e.findings) + "</ul></details>")
    if e.assets:
        parts += _assets_html(e, out_dir)
    elif e.folder.is_dir():
        parts.append(f'<p class="empty"><code>{_e(e.name)}/</code> has no manifest.json (pnp did not write '
                     f'it): run <code>pnp build {_e(e.name)}</code>.</p>')
    else:
        parts.append(f'<p class="empty">Not built yet: run <code>pnp build {_e(e.name)}</code>.</p>')
    parts.append("</section>")
    return parts


def _assets_html(e: GameEntry, out_dir: Path) -> list[str]:
    """What a built game holds (assets, files per format, bytes) and a preview per asset."""
    files = [p for a in e.assets for p in a.files]
    whole = "".join(f"{sum(1 for a in e.assets if f.name in a.by_format)} {f.name.upper()}(s), "
                    for f in FORMATS.values() if f.one_file)
    titles = {a.stem: a.title for a in e.assets if a.title}
    return [f'<p class="desc">{len(e.assets)} asset(s), {whole}{len(files)} file(s), '
            f'{human_size(sum(a.sizes[p] for a in e.assets for p in a.files))} in '
            f'<code>{_e(e.name)}/</code></p>', '<div class="grid">',
            *(_asset_html(a, out_dir, _title(a.stem, titles)) for a in e.assets), "</div>"]


MARK = "<title>pnp gallery</title>"  # what tells pnp's index.html from someone else's


def gallery_owned(out_dir: Path) -> None:
    """OutputError when ``out_dir/index.html`` exists and is not a gallery pnp wrote."""
    from pnp.output.files import OutputError

    path = Path(out_dir) / INDEX
    if not path.exists() and not path.is_symlink():
        return
    try:
        ours = path.is_file() and not path.is_symlink() and MARK.encode() in path.open("rb").read(4096)
    except OSError:
        ours = False
    if not ours:
        raise OutputError(f"{path}: this is not a gallery pnp wrote, and pnp writes its gallery there; move it "
                          "away, choose another --out, or pass --force to replace it")


def write_gallery(out_dir: Path, data_dir: Path, recheck: bool = True, force: bool = False) -> Path:
    """Write ``out_dir/index.html`` for everything in out_dir; returns its path. An index.html that
    is not pnp's is left alone (OutputError) unless ``force``."""
    out_dir = Path(out_dir)
    if not force:
        gallery_owned(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    entries = collect(out_dir, data_dir, recheck)
    path = out_dir / INDEX
    write_bytes_atomic(path, render_html(entries, out_dir).encode("utf-8"))
    return path
