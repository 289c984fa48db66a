"""The texts per language every schema uses, as the build reads them (see :mod:`pnp.model.base`)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Union

from pnp.model.plain import Plain

LANG_CODE = re.compile(r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?$")  # de, en, pt-BR, zh_Hant
FALLBACK_LANG = "en"  # what a text shows in a language it is not given in: English, else its first


class I18n(Plain):
    """A text per language: any language codes, at least one of them."""

    @property
    def texts(self) -> dict[str, str]:
        """Every language given -> its text, in the order written (de and en first)."""
        out = {k: v for k, v in self._fields().items() if v is not None}
        out.update(getattr(self, "__pydantic_extra__", None) or {})  # a model keeps them there
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


if TYPE_CHECKING:  # pragma: no cover
    from pnp.model.base import I18n as I18nModel

    Localised = Union[str, I18nModel]


def tr(value: "Localised | dict | None", lang: str = "de") -> str:
    """Pick the text for a language from a plain or per-language value."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return pick(value, lang)
    return value.get(lang)
