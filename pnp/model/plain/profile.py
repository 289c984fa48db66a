"""Export profiles (a print shop's card products and file rules) as the build reads them: the plain
twins of :mod:`pnp.model.profile`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.model.plain import Plain

if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.profile import Product as ProductModel


class Product(Plain):
    """One of the shop's card products: its name, trim size and template pixels."""


class Profile(Plain):
    """What a print shop (or a copy shop, or Tabletop Simulator) wants to receive."""

    def product_for(self, w: float, h: float) -> "tuple[ProductModel, bool] | None":
        """The product a ``w`` x ``h`` mm card goes to, and whether it is turned (landscape card)."""
        for p in self.products:
            pw, ph = p.trim_mm
            for turned, (cw, ch) in ((False, (w, h)), (True, (h, w))):
                if abs(cw - pw) <= pw * self.tolerance and abs(ch - ph) <= ph * self.tolerance:
                    return p, turned
        return None
