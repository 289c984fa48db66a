"""The last step: building games into files (``build``), writing them all or nothing
(``files``), and what is made from the written files: previews, proofs, the gallery
and the Tabletop Simulator export. Import the submodules."""
import os
from pathlib import Path

PROFILES = Path(__file__).resolve().parent / "profiles"  # the shipped export profiles, one YAML file each


def profile_names() -> list[str]:
    """The shipped export profiles by name (cheap: `pnp export --help` lists them)."""
    return sorted(n[:-5] for n in os.listdir(PROFILES) if n.endswith(".yaml"))


def loaded() -> None:
    """The build's data is in memory. `pnp build` starts with the cyclic garbage collector off:
    its imports and loading make many objects and free few, and each collection would walk
    them all again (about 30 ms for a 500-card deck, 80 ms for 5,000). From here it runs,
    with what is in memory frozen out of its way (and shared untouched by forked processes)."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()
