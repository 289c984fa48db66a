"""Base class and shared field types for every data schema."""
from __future__ import annotations

from typing import Annotated, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from pnp.scene.style import ColourError, color


class Strict(BaseModel):
    """Schemas reject unknown keys so typos surface as errors, not silence."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# A text that can be given once or per language: "Zurück" or {de: Zurück, en: Back}
class I18n(Strict):
    de: str
    en: str | None = None

    def get(self, lang: str) -> str:
        return (self.en if lang == "en" and self.en else self.de)


Localised = Union[str, I18n]


def tr(value: "Localised | None", lang: str = "de") -> str:
    """Pick the text for a language from a plain or per-language value."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return value.get(lang)


Mm = Annotated[float, Field(ge=0, le=5000, allow_inf_nan=False, description="length in millimetres")]
PositiveMm = Annotated[float, Field(gt=0, le=5000, allow_inf_nan=False, description="length in millimetres")]


def require_unique(ids, what: str, verb: str = "defined") -> None:
    """Raise a ValueError naming the first id that appears twice."""
    seen: set = set()
    for i in ids:
        if i in seen:
            raise ValueError(f"{what} id {i!r} is {verb} twice")
        seen.add(i)


def check_colour(v: str) -> str:
    try:
        color(v)
    except ColourError as exc:
        raise ValueError(str(exc)) from None
    return v


# A colour checked when the file is read, so a typo is a positioned data error.
ColourField = Annotated[str, AfterValidator(check_colour),
                        Field(description="colour: name, #rrggbb, #rgb or cmyk(c,m,y,k)")]


__all__ = ["Strict", "I18n", "Localised", "tr", "Mm", "PositiveMm", "ColourField", "check_colour",
           "field_validator", "Field"]
