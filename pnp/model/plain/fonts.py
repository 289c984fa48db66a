"""Font declarations (``fonts:`` in game.yaml or a layout) as the build reads them: the plain twin
of :mod:`pnp.model.fonts`."""
from __future__ import annotations

from pnp.model.plain import Plain


class FontFamilySpec(Plain):
    """The faces of one family and the fonts that draw what it lacks."""
