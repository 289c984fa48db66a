"""The registry of layout element kinds: ``rect``, ``text``, ``group`` ... and yours.

One registration per kind, and everything else is derived from the registry:
the schema's discriminated union of element types (so a layout file may use
the kind and ``pnp schema`` describes it), the compiler's dispatch, what a card
list is checked against before drawing, and the reference in docs/layouts.md
(:mod:`pnp.layout.reference`).

An element kind is its schema -- a pydantic model that is placed like every
element (a subclass of :class:`pnp.model.layout.Placed`) with a ``type:
Literal["name"]`` field -- and one of two ways to draw it:

``body(el, fields, tables, where, ids, book) -> draw(ctx, box, group)``
    called once when a layout is compiled; it checks the element's templates
    and returns ``draw``, which adds scene primitives for one card's values to
    ``group`` inside the element's ``box`` (see the built-in bodies in
    :mod:`pnp.layout.compile`); typed as ``Fields``, ``Tables`` and ``Draw``
    (with :class:`DrawContext`) below.
``parts(el) -> list[dict]``
    the kind is made of existing element kinds: ``parts`` returns them as
    data (``{"type": "ellipse", "fill": el.fill}``), placed in the element's
    box as a group's children are. Templates in them are filled per card.

The schema is given as the class itself or, so that a build which reads its
layouts from pnp's cache imports no schema library, as ``"module:Class"``
together with its *plain twin* (``twin=``): a class of the same name without
pydantic, which the schema class lists among its bases and which is what the
build reads (see :mod:`pnp.model.plain`). pnp's kinds keep the twin beside the
drawing and the schema in :mod:`pnp.layout.schemas`::

    # pnp/layout/ribbons.py
    class RibbonEl(Placed):  # Placed from pnp.model.plain.layout: no fields, no pydantic
        '''A ribbon.'''

    register(ElementKind("pnp.layout.schemas.ribbons:RibbonEl", _ribbon, twin=RibbonEl))

    # pnp/layout/schemas/ribbons.py
    class RibbonEl(Placed, ribbons.RibbonEl):  # Placed from pnp.model.layout
        '''A ribbon across the card.'''

        type: Literal["ribbon"]
        colour: Colour = Field("red", description="...")

A kind given by its schema class alone (an extension's) works the same; its
elements stay pydantic models after validation. The schema named by a string is
imported, and the kind checked, when something validates or lists the kinds
(:func:`kinds`, :func:`union`, :func:`validate_list`, or importing
:mod:`pnp.model.layout`), never by a build that only draws.

``symbols``, ``images`` and ``children`` name the properties that hold a
symbol id, an image file and nested elements, so a card list's columns are
checked before anything is drawn and groups are searched. ``own`` names the
properties whose templates an element fills once per part of itself (a grid's
cells, a network's nodes) from its own records rather than from the card's
fields; the card list is not checked against them (see
:mod:`pnp.layout.itemstyle`). ``points`` names the properties that are type
sizes in points, which a sheet holds to its ``min_text``.

The built-in kinds are registered in :mod:`pnp.layout.compile`; every module
that registers kinds is imported by :mod:`pnp.layout.vocabulary`, which is
where the complete set is read.
"""
from __future__ import annotations

import sys
import typing
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, cast

from pnp.load.classes import dataclass
from pnp.load.registry import resolve
from pnp.scene import Box, Group

if TYPE_CHECKING:  # pragma: no cover - the compiler imports this module
    from pnp.layout.compile import Card
    from pnp.layout.expr import Scope
    from pnp.model.layout import Placed


class DrawContext(Protocol):
    """What a body's ``draw`` reads while one card is stamped: the card, its values (``scope``) and
    the boxes of the frames and elements placed so far."""

    card: Card
    scope: Scope
    frames: dict[str, Box]


Fields = Mapping[str, Any]  # the layout's field names (what a card list gives) -> their descriptions, or None
Tables = Mapping[str, Mapping[str, Any]]  # the layout's lookup tables: name -> key -> value
Draw = Callable[[DrawContext, Box, Group], None]  # adds one card's primitives inside the element's box


@dataclass(frozen=True)
class ElementKind:
    schema: "str | type"  # the pydantic model (a subclass of pnp.model.layout.Placed), or "module:Class"
    body: Callable[..., Draw] | None = None  # (el, fields, tables, where, ids, book) -> draw(ctx, box, group)
    parts: Callable[[Any], list] | None = None  # el -> [element as a dict or model, ...]
    symbols: tuple[str, ...] = ()  # properties whose value is a symbol id
    images: tuple[str, ...] = ()  # properties whose value is an image file
    children: str | None = None  # the property holding nested elements (a list of any element kind)
    own: tuple[str, ...] = ()  # properties templated per part from the element's own records
    points: tuple[str, ...] = ()  # properties that are type sizes in points: held to a sheet's min_text
    twin: type | None = None  # the schema's plain twin: what the build reads once validated (pnp.model.plain)

    def model(self) -> type[Placed]:
        """The schema class (imported on first use when named as a string)."""
        return cast("type[Placed]", resolve(self.schema))

    @property
    def names(self) -> tuple[str, ...]:
        """The ``type:`` values this kind answers to (``ellipse`` and ``circle`` are one kind)."""
        return typing.get_args(self.model().model_fields["type"].annotation)

    @property
    def about(self) -> str:
        """The first line of the schema's docstring (the reference shows it)."""
        doc = (self.model().__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""


_KINDS: dict[Any, ElementKind] = {}  # by the schema as registered (a class or "module:Class")
_BY_CLASS: dict[type, ElementKind] = {}  # twins, and the schema classes imported so far -> their kind
_BY_NAME: dict[str, ElementKind] = {}  # type: name -> kind, of the kinds whose schema is imported
_PENDING: list[ElementKind] = []  # registered, schema not imported (and the kind not checked) yet


def register(*kinds: ElementKind) -> None:
    """Add element kinds. A kind whose schema is named as a string is checked, and the layout
    schema takes it, when its schema is first needed (see :func:`complete`); one given as a class
    at once: a ``type:`` name that is already taken, or a property named here that the schema
    lacks, is an error."""
    now = _SCHEMA_LIB in sys.modules or any(isinstance(kind.schema, type) for kind in kinds)
    if now:
        complete()
        for kind in kinds:
            _check(kind)
    for kind in kinds:
        _KINDS[kind.schema] = kind
        if kind.twin is not None:
            _BY_CLASS[kind.twin] = kind
        _PENDING.append(kind)
    if now:
        complete()


_SCHEMA_LIB = "pnp.model.layout"  # once the schemas are imported, a registration completes them at once


def unregister(*schemas: "str | type") -> None:
    """Take kinds out again (a test that registered one cleans up with this)."""
    for schema in schemas:
        kind = _KINDS.pop(schema)
        if kind in _PENDING:
            _PENDING.remove(kind)
            continue
        for cls, k in list(_BY_CLASS.items()):
            if k is kind:
                del _BY_CLASS[cls]
        for name, k in list(_BY_NAME.items()):
            if k is kind:
                del _BY_NAME[name]
    _rebuild()


def complete() -> None:
    """Import the schema of every kind registered since the last call, check the kinds, and give
    the layout schema (and every container kind) the union of all of them. A call made while one
    runs (importing a kind's schema imports :mod:`pnp.model.layout`, which calls this) returns: the
    running one finishes the work."""
    if not _PENDING or _COMPLETING:
        return
    _COMPLETING.append(True)
    try:
        while _PENDING:
            kind = _PENDING[0]
            if _importing(kind):
                break  # its schema module is being imported (and imported pnp.model.layout): done on next use
            _check(kind)
            _PENDING.pop(0)
            _BY_CLASS[kind.model()] = kind
            _BY_NAME.update(dict.fromkeys(kind.names, kind))
    finally:
        _COMPLETING.clear()
    _rebuild()


_COMPLETING: list[bool] = []  # not empty while complete() runs


def _importing(kind: ElementKind) -> bool:
    """Whether the module of a schema named as a string is being imported, its class not defined yet."""
    if not isinstance(kind.schema, str):
        return False
    module, _, name = kind.schema.partition(":")
    mod = sys.modules.get(module)
    return mod is not None and not hasattr(mod, name) and bool(getattr(mod.__spec__, "_initializing", False))


def _check(kind: ElementKind) -> None:
    from pnp.model.layout import Placed

    schema = kind.model()
    if not (isinstance(schema, type) and issubclass(schema, Placed)):
        raise TypeError(f"{schema!r}: an element kind's schema is a subclass of pnp.model.layout.Placed")
    if "type" not in schema.model_fields or not kind.names:
        raise TypeError(f"{schema.__name__}: an element kind's schema has a field type: Literal['name']")
    if (kind.body is None) == (kind.parts is None):
        raise TypeError(f"{schema.__name__}: give the kind a body or its parts, not both")
    if kind.twin is not None and kind.twin not in schema.__bases__:
        raise TypeError(f"{schema.__name__}: its twin {kind.twin.__qualname__} is not one of its bases")
    for name in kind.names:
        if name in _BY_NAME and _BY_NAME[name].schema != kind.schema:
            raise ValueError(f"element type {name!r} is registered already (by {_BY_NAME[name].model().__name__})")
    for prop in (*kind.symbols, *kind.images, *kind.own, *kind.points, *([kind.children] if kind.children else [])):
        if prop not in schema.model_fields:
            raise ValueError(f"{schema.__name__} has no property {prop!r}")


def kinds() -> list[ElementKind]:
    """Every registered kind, by its first ``type:`` name: the order of the reference and the schema,
    whichever module happened to be imported first (reading a cached document imports the modules
    its elements need before pnp.layout.vocabulary imports the rest)."""
    complete()
    return _completed()


def _completed() -> list[ElementKind]:
    """The kinds whose schemas are imported and checked, by their first ``type:`` name."""
    return sorted((kind for kind in _KINDS.values() if kind not in _PENDING), key=lambda kind: kind.names[0])


def kind_of(el: Any) -> ElementKind:
    """The kind of an element: a validated model or its plain twin."""
    kind = _BY_CLASS.get(type(el))
    if kind is None:
        complete()  # a model of a kind whose schema no one asked for yet
        kind = _BY_CLASS.get(type(el))
        if kind is None:
            raise TypeError(f"{type(el).__name__} is not a registered element kind")
    return kind


def union() -> Any:
    """The schema of one element: any registered kind, told apart by ``type``."""
    complete()
    return _union()


def _union() -> Any:
    from pydantic import Field

    schemas = tuple(kind.model() for kind in _completed())
    if len(schemas) == 1:
        return schemas[0]
    return typing.Annotated[typing.Union[schemas], Field(discriminator="type")]  # noqa: UP007 - built at run time


_LIST: list = []  # the TypeAdapter of a list of elements, for the current registry


def validate_list(items: list) -> list:
    """``items`` (dicts or element models) as validated elements of every kind pnp has (a build
    that read its layouts from the cache has imported only the modules of the kinds they use)."""
    import pnp.layout.vocabulary  # noqa: F401

    complete()
    if not _LIST:
        from pydantic import TypeAdapter

        _LIST.append(TypeAdapter(_list_of(union())))
    return _LIST[0].validate_python(items)


def element_keys() -> dict[str, set[str]]:
    """Every element type with the keys it takes (what a style may give it), of every kind pnp has and
    every kind registered: read from the schemas, and kept in pnp's cache while all kinds are pnp's own
    (named as strings, so its source is the cache's key), so a layout merged with the layout it extends
    is styled without importing a schema."""
    import pnp.layout.vocabulary  # noqa: F401

    if any(isinstance(schema, type) for schema in _KINDS):
        return _element_keys()
    key = f"element-keys-v1|{','.join(sorted(_KINDS))}"
    if key not in _KEYS:
        from pnp.load.cache import cached_object

        _KEYS.clear()
        _KEYS[key] = cast("dict[str, set[str]]", cached_object("doc", key, _element_keys))
    return _KEYS[key]


_KEYS: dict[str, dict[str, set[str]]] = {}  # the element keys of the current registry, once read


def _element_keys() -> dict[str, set[str]]:
    complete()
    return {name: set(kind.model().model_fields) for kind in _completed() for name in kind.names}


def _list_of(element: Any) -> Any:
    """``list[element]`` of a type made at run time (mypy checks the types written in the source)."""
    return cast(Any, list)[element]


def _layouts(cls: type[Any]) -> list[type[Any]]:
    """``Layout`` and every kind that is a layout too (a sheet), which take the same elements."""
    return [cls] + [sub for direct in cls.__subclasses__() for sub in _layouts(direct)]


def _rebuild() -> None:
    """Give every list of elements (the layout's and each container kind's, declared as
    ``list["Element"]``) the current union. Schemas are built on first use (pnp's models defer
    it, and a build that reads its documents from the cache never validates one): until then
    it is enough to define ``Element`` where the forward reference is looked up, the schema's
    module. One built already is built again now."""
    _LIST.clear()
    if not _BY_NAME:
        return
    from pnp.model.layout import Layout

    element = _union()
    resolved = _completed()
    holders = [(k.model(), k.children) for k in resolved if k.children] + [
        (layout, "elements") for layout in _layouts(Layout)]
    for model, prop in holders:
        setattr(sys.modules[model.__module__], "Element", element)
        if model.__pydantic_complete__:
            model.model_fields[prop].annotation = _list_of(element)
            model.model_rebuild(force=True, _types_namespace={"Element": element})
