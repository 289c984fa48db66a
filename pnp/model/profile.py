"""Export profiles: what a print shop (or a copy shop, or Tabletop Simulator) wants
to receive, as data. pnp ships one YAML file per service in
``pnp/output/profiles/``; a designer adds their own as a YAML file and passes
its path to ``--profile``.

A profile lists the shop's card products by trim size. A deck is matched to the
product whose trim is within ``tolerance`` of the deck's card size (a 63 x 88 mm
poker card goes to a 2.5 x 3.5 in product) and drawn to that product's exact
size, with the profile's bleed on every side.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.model.base import Strict
from pnp.model.pdfx import VERSIONS
from pnp.model.plain import profile as plain_profile

Mm = Annotated[float, Field(gt=0, le=1000, allow_inf_nan=False)]


class Product(Strict, plain_profile.Product):
    name: str = Field(description="the shop's name for the card size, e.g. poker")
    trim_mm: tuple[Mm, Mm] = Field(description="finished card size (width, height) in mm")
    pixels: tuple[Annotated[int, Field(gt=0, le=20000)], Annotated[int, Field(gt=0, le=20000)]] | None = Field(
        None, description="the shop template's image size in pixels, bleed included (images only)")


class Profile(Strict, plain_profile.Profile):
    kind: Literal["export-profile"]
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="folder name under export/")
    title: str
    sources: list[str] = Field(default_factory=list, description="where the numbers were looked up")
    output: str = Field(max_length=40, description="what to send: the name of an export mode (the registry in "
                                                   "pnp.output.modes); checked when the profile is loaded")
    format: Literal["png", "pdf"] = Field("png", description="images: a PNG, or a one-page PDF, per card side")
    dpi: Annotated[int, Field(ge=72, le=1200)] = 300
    colour: Literal["rgb", "cmyk"] = Field("rgb", description="what the shop asks for: rgb, or cmyk (PDFs only: "
                                                              "colours and pictures converted with the icc profile, "
                                                              "colours given as cmyk(...) in the data kept)")
    icc: str = Field("fogra39-240", description="colour cmyk: the CMYK ICC profile colours and pictures are converted "
                                              "with: fogra39-240 (shipped: FOGRA39 coated offset, at most 240 % ink) "
                                              "or the path of the shop's .icc file, relative to this profile")
    pdfx: Literal[tuple(VERSIONS)] | None = Field(  # type: ignore[valid-type]
        None, description="the PDF/X version the shop asks for (colour cmyk, PDFs only): PDF/X-1a:2003 (no "
                          "transparency: pnp composites it onto what lies beneath) or PDF/X-4 (transparency kept)")
    max_ink: Annotated[int, Field(ge=100, le=400)] | None = Field(
        None, description="most ink a CMYK colour may lay down, in % (C + M + Y + K)")
    bleed_mm: Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)] = 3.0
    safe_mm: Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)] = 3.0
    min_image_dpi: Annotated[int, Field(ge=0, le=2400)] = 300
    order: Literal["fronts-then-backs", "back-then-front", "front-then-back"] = Field(
        "fronts-then-backs", description="card-pdf page order: all fronts then the backs, or each card's "
                                         "back and front (or front and back) in turn")
    repeat_copies: bool = Field(False, description="card-pdf: repeat each card by its copies")
    backs: Literal["one-per-deck", "per-card"] = Field(
        "one-per-deck", description="one-per-deck: the shop's card product has one back, so each different back "
                                   "is a deck of its own to order; per-card: every card may have its own back")
    max_file_mb: Annotated[float, Field(gt=0, le=10000, allow_inf_nan=False)] | None = None
    tolerance: Annotated[float, Field(ge=0, le=0.1)] = 0.02
    products: list[Product] = Field(default_factory=list)
    notes: str = ""
