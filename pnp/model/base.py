"""Base class and shared field types for every data schema."""
from __future__ import annotations

from typing import Annotated, Any, Hashable, Iterable, Union

import re

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from pnp.scene.style import ColourError, color


class Strict(BaseModel):
    """Schemas reject unknown keys so typos surface as errors, not silence."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


LANG_CODE = re.compile(r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?$")  # de, en, pt-BR, zh_Hant
FALLBACK_LANG = "en"  # what a text shows in a language it is not given in: English, else its first


# A text that can be given once or per language: "Zurück", {de: Zurück, en: Back}, {en: Back}, {fr: Dos}
class I18n(BaseModel):
    """A text per language: any language codes, at least one of them."""

    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)
    de: str | None = None
    en: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _languages(cls, data: Any) -> Any:
        if isinstance(data, dict):
            if not data:
                raise ValueError("give the text in at least one language, e.g. {en: ...}")
            for k, v in data.items():
                if not (isinstance(k, str) and LANG_CODE.match(k)):
                    raise ValueError(f"{k!r} is not a language code (de, en, fr, pt-BR ...)")
                if not isinstance(v, str):
                    raise ValueError(f"the {k} text must be a string, got {type(v).__name__}")
        return data

    @property
    def texts(self) -> dict[str, str]:
        """Every language given -> its text, in the order written."""
        out = {k: v for k, v in (("de", self.de), ("en", self.en)) if v is not None}
        out.update(self.__pydantic_extra__ or {})
        return out

    def get(self, lang: str) -> str:
        return pick(self.texts, lang)


def pick(texts: dict[str, str], lang: str) -> str:
    """The text for ``lang`` from texts per language: that language, its base language (en for
    en-US), English, else the first given."""
    for key in (lang, re.split(r"[-_]", lang)[0], FALLBACK_LANG):
        v = texts.get(key)
        if v is not None and v != "":
            return v
    return next((v for v in texts.values() if v is not None and v != ""), "")


Localised = Union[str, I18n]


def tr(value: "Localised | dict | None", lang: str = "de") -> str:
    """Pick the text for a language from a plain or per-language value."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return pick(value, lang)
    return value.get(lang)


Mm = Annotated[float, Field(ge=0, le=5000, allow_inf_nan=False, description="length in millimetres")]
PositiveMm = Annotated[float, Field(gt=0, le=5000, allow_inf_nan=False, description="length in millimetres")]


def require_unique(ids: Iterable[Hashable], what: str, verb: str = "defined") -> None:
    """Raise a ValueError naming the first id that appears twice."""
    seen: set[Hashable] = set()
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


__all__ = ["Strict", "I18n", "Localised", "tr", "pick", "LANG_CODE", "Mm", "PositiveMm", "ColourField", "check_colour",
           "field_validator", "Field"]
