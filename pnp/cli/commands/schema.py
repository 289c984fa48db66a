"""`pnp schema`: a JSON Schema per data kind, for editors."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, cast

import typer

from pnp.checks.contract import guarded

if TYPE_CHECKING:  # pragma: no cover
    from pydantic import BaseModel  # not imported for pnp --help


@guarded
def schema(out: Path = typer.Option(Path("output/schemas"), "--out", help="Folder for the JSON Schema files.")) -> None:
    """Write a JSON Schema per data kind so editors can complete and validate YAML."""
    from pnp.layout.kinds import KINDS
    from pnp.output.files import write_bytes_atomic

    for name, kind in KINDS.items():
        try:
            model = cast("type[BaseModel]", kind.model())  # every data kind's model is a pydantic model
        except (ImportError, AttributeError):
            continue
        text = json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        path = out / f"{name}.schema.json"
        write_bytes_atomic(path, text.encode())
        typer.echo(str(path))
