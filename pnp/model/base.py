"""Base class and shared field types for every data schema."""
from __future__ import annotations

import copy
import dataclasses
from typing import Annotated, Any, Hashable, Iterable, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from pnp.load.loader import keep_as
from pnp.model import plain
from pnp.model.plain.base import FALLBACK_LANG, LANG_CODE, pick, tr
from pnp.scene.style import ColourError, color


class Strict(BaseModel):
    """Schemas reject unknown keys so typos surface as errors, not silence."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# A text that can be given once or per language: "Zurück", {de: Zurück, en: Back}, {en: Back}, {fr: Dos}
class I18n(BaseModel, plain.base.I18n):
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


Localised = Union[str, I18n]


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


_TWINS: dict[type, "type | None"] = {}


def twin_of(cls: type) -> "type | None":
    """The plain twin of a schema class: the base of its own that is a :class:`plain.Plain` and no
    model (None: it has none, its models stay models)."""
    try:
        return _TWINS[cls]
    except KeyError:
        pass
    twin = next((b for b in cls.__bases__ if issubclass(b, plain.Plain) and not issubclass(b, BaseModel)), None)
    if twin is not None and twin.__name__ != cls.__name__:
        raise TypeError(f"{cls.__qualname__}: its plain twin is named {twin.__name__}; give them one name")
    _TWINS[cls] = twin
    return twin


def to_plain(value: Any) -> Any:
    """``value`` with every validated model in it (in lists, tuples, dicts and dataclasses too)
    turned into its plain twin (see :mod:`pnp.model.plain`), so the cache keeps, and the build
    reads, objects that need no schema library. Anything else is returned as it is."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list:
        return [to_plain(v) for v in value]
    if t is dict:
        return {k: to_plain(v) for k, v in value.items()}
    if t is tuple:
        return tuple(to_plain(v) for v in value)
    if isinstance(value, BaseModel):
        return _model_to_plain(value)
    if isinstance(value, tuple) and hasattr(t, "_fields"):  # a named tuple
        return t(*(to_plain(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_to_plain(value)
    return value


def _model_to_plain(model: BaseModel) -> Any:
    """A model's twin (its fields, extra keys and private values made plain too), or the model when
    its class has no twin."""
    twin = twin_of(type(model))
    if twin is None:
        return model
    fields = {k: to_plain(v) for k, v in model.__dict__.items()}
    extra = {k: to_plain(v) for k, v in (model.__pydantic_extra__ or {}).items()}
    made: Any = plain.make(twin, fields, frozenset(model.model_fields_set), extra)
    made.__dict__.update((k, to_plain(v)) for k, v in (model.__pydantic_private__ or {}).items())
    return made


def _dataclass_to_plain(value: Any) -> Any:
    """A dataclass instance holding twins where it held models (itself when it held none)."""
    changed = {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if all(changed[k] is getattr(value, k) for k in changed):
        return value
    out = copy.copy(value)
    for k, v in changed.items():
        object.__setattr__(out, k, v)
    return out


_ATOMS = frozenset({str, int, float, bool, type(None), bytes})
keep_as(to_plain)


__all__ = ["Strict", "I18n", "Localised", "tr", "pick", "LANG_CODE", "FALLBACK_LANG", "Mm", "PositiveMm",
           "ColourField", "check_colour", "field_validator", "Field", "to_plain", "twin_of"]
