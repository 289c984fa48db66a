"""Helpers for the print tests."""
from __future__ import annotations

import json
from pathlib import Path


def files(out: Path, fmt: str):
    """(game, relative file, manifest entry) of every file of a format, from the manifests."""
    for man in sorted(out.glob("*/manifest.json")):
        for e in json.loads(man.read_text(encoding="utf-8"))["files"]:
            if e["format"] == fmt:
                yield man.parent.name, e["file"], e
