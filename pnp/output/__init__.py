"""The last step: building games into files (``build``), writing them all or nothing
(``files``), and what is made from the written files: previews, proofs, the gallery
and the Tabletop Simulator export. Import the submodules."""
import os
from pathlib import Path

PROFILES = Path(__file__).resolve().parent / "profiles"  # the shipped export profiles, one YAML file each


def profile_names() -> list[str]:
    """The shipped export profiles by name (cheap: `pnp export --help` lists them)."""
    return sorted(n[:-5] for n in os.listdir(PROFILES) if n.endswith(".yaml"))
