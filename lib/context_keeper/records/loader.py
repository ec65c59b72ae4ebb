"""Records from their saved (JSON) form: `from_dict(cls, data)`, derived once per record type
from its field annotations, so adding a field to a record needs no loading code.

Each field's value is checked against its annotation and converted: nested records,
`list[X]`, `tuple[X, ...]`, `tuple[A, B]`, `set[X]`, `dict[str, X]`, `X | None`, and the
scalars int, float, str, bool (exact types: a JSON true is not an int). Anything else (Any,
Path, a union of records) passes through unchecked; a name the module does not define at run
time is refused (`UnresolvedAnnotation`), never loaded as a raw dict. Missing fields get their defaults,
unknown keys are ignored, derived fields (`_` names) are never read. Kept apart from
`records` so that the hook's gate path, which declares records but loads none, does not
load this either.
"""

from __future__ import annotations

import builtins
import sys

from . import MISSING, Field

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, TypeVar

    T = TypeVar("T")


class UnresolvedAnnotation(NameError):
    """A field's annotation names a type its module does not define at run time (imported for
    type checkers only, say): a bug in the record's module, so not a LoadError, which callers
    take for a bad file. Loading a nested record as a raw dict instead would hide it."""


class LoadError(TypeError, ValueError):
    """Data that does not fit a record's fields: both kinds, so that callers catching either
    (a TypeError for a wrong type, a ValueError for a bad file) catch it."""


# A converter checks one value against an annotation and returns it converted (a list to a
# tuple, a dict to a record); None stands for "passes through unchecked".
_SCALARS: dict[str, tuple[type, ...]] = {
    "int": (int,),  # exact types: a JSON true is not an int here
    "float": (float, int),
    "str": (str,),
    "bool": (bool,),
    "None": (type(None),),
}
# Names that pass through unchecked although the module may import them for type checkers only.
_UNCHECKED = frozenset({"Any", "Callable", "..."})
_SEQUENCES: dict[str, type] = {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}
_LOADERS: dict[type, Callable[[Any], Any]] = {}


def from_dict(cls: type[T], data: Any) -> T:
    """A `cls` record from its saved form: each field checked and converted by its annotation,
    missing ones defaulted, unknown keys ignored; LoadError when something does not fit."""
    return _loader(cls)(data)


def _loader(cls: type) -> Callable[[Any], Any]:
    load = _LOADERS.get(cls)
    if load is None:
        # Built on first use, when every class its annotations name exists. The forward
        # entry serves a record that holds its own type while it is being built.
        _LOADERS[cls] = lambda data: _LOADERS[cls](data)
        try:
            load = _LOADERS[cls] = _build_loader(cls)
        except BaseException:
            del _LOADERS[cls]
            raise
    return load


def _build_loader(cls: Any) -> Callable[[Any], Any]:
    # Generated like __init__: one expression a field, the record made in one call (the state
    # file, tens of thousands of values, is loaded on every checked hook call).
    annotations = cls.__dict__.get("__annotations__", {})
    namespace = getattr(sys.modules.get(cls.__module__), "__dict__", {})
    env: dict[str, Any] = {"_cls": cls, "_missing": _missing, "_not_an_object": _not_an_object}
    args = []
    for i, name in enumerate(cls.__record_fields__):
        fallback = _fallback(cls, i, name, env)
        if name not in cls.__record_saved__:
            args.append(fallback)
            continue
        convert = env[f"_c{i}"] = _converter(str(annotations[name]), namespace, f"{cls.__name__}.{name}")
        if convert is None:
            value = f"data[{name!r}]"
        elif type(convert) is _Check:
            env[f"_k{i}"] = convert.kinds
            value = f"(v if type(v := data[{name!r}]) in _k{i} else _c{i}.fail(v))"
        else:
            value = f"_c{i}(data[{name!r}])"
        args.append(f"{value} if {name!r} in data else {fallback}")
    source = (
        "def load(data):\n"
        f"    if type(data) is not dict: _not_an_object({cls.__name__!r}, data)\n"
        "    return _cls(\n" + "".join(f"        {arg},\n" for arg in args) + "    )"
    )
    exec(source, env)  # noqa: S102 - generated from the class's own field names, like __init__
    return env["load"]


def _fallback(cls: Any, i: int, name: str, env: dict[str, Any]) -> str:
    """The expression for a field the data lacks: its default, or an error."""
    default = cls.__record_defaults__.get(name, MISSING)
    if isinstance(default, Field):
        if default.default_factory is not None:
            env[f"_d{i}"] = default.default_factory
            return f"_d{i}()"
        default = default.default
    if default is MISSING:
        return f"_missing({cls.__name__!r}, {name!r})"
    env[f"_d{i}"] = default
    return f"_d{i}"


def _missing(where: str, name: str) -> Any:
    raise LoadError(f"{where}: no {name}")


def _not_an_object(where: str, data: Any) -> None:
    raise LoadError(f"{where}: {type(data).__name__} where an object belongs")


def _converter(annotation: str, namespace: dict[str, Any], where: str) -> Any:
    try:
        union = _parse(annotation)
    except (IndexError, ValueError):  # Callable[[...], ...] and the like: not checked
        return None
    return _union(union, namespace, where)


def _parse(text: str) -> list[Any]:
    """`dict[str, list[X]] | None` -> a union: a list of atoms (name, [argument unions])."""
    for mark in "[],|":
        text = text.replace(mark, f" {mark} ")
    tokens = [token.strip("'\"") for token in text.split()][::-1]
    union = _parse_union(tokens)
    if tokens:
        raise ValueError(f"unread: {tokens}")
    return union


def _parse_union(tokens: list[str]) -> list[Any]:
    union = [_parse_atom(tokens)]
    while tokens and tokens[-1] == "|":
        tokens.pop()
        union.append(_parse_atom(tokens))
    return union


def _parse_atom(tokens: list[str]) -> tuple[str, list[Any]]:
    name = tokens.pop()
    if name in "[],|":
        raise ValueError(f"{name!r} where a name belongs")
    args = []
    if tokens and tokens[-1] == "[":
        tokens.pop()
        args.append(_parse_union(tokens))
        while tokens.pop() == ",":
            args.append(_parse_union(tokens))
    return (name if name == "..." else name.rpartition(".")[2]), args  # typing.Any -> Any


class _Check:
    """A scalar converter: the value itself, if its type is one of `kinds`."""

    __slots__ = ("kinds", "where")

    def __init__(self, kinds: frozenset[type], where: str) -> None:
        self.kinds, self.where = kinds, where

    def __call__(self, value: Any) -> Any:
        if type(value) not in self.kinds:
            self.fail(value)
        return value

    def fail(self, value: Any) -> None:
        names = "/".join(sorted(k.__name__ for k in self.kinds))
        raise LoadError(f"{self.where}: {type(value).__name__} where {names} belongs")

    def fail_any(self, values: Iterable[Any]) -> None:
        for value in values:
            self(value)


def _union(union: list[Any], namespace: dict[str, Any], where: str) -> Any:
    if all(name in _SCALARS and not args for name, args in union):
        return _Check(frozenset(kind for name, _ in union for kind in _SCALARS[name]), where)
    members = [atom for atom in union if atom != ("None", [])]
    convert = _atom(members[0], namespace, where) if len(members) == 1 else None
    if convert is None or len(union) == 1:
        return convert

    def optional(value: Any) -> Any:
        return None if value is None else convert(value)

    return optional


def _atom(atom: tuple[str, list[Any]], namespace: dict[str, Any], where: str) -> Any:
    name, args = atom
    items = [_union(arg, namespace, where) for arg in args]
    if name == "dict":
        return _mapping(items[1] if len(items) == 2 else None, where)
    if name == "tuple" and args and args[-1] != [("...", [])]:
        return _fixed_tuple(items, where)
    if name in _SEQUENCES:
        return _sequence(_SEQUENCES[name], items[0] if items else None, where)
    target = namespace.get(name, getattr(builtins, name, None))
    if isinstance(target, type) and hasattr(target, "__record_saved__"):
        return _loader(target)
    if target is None and name not in _UNCHECKED:
        raise UnresolvedAnnotation(f"{where}: {name!r} is not defined in its module at run time")
    return None


def _mapping(value: Any, where: str) -> Callable[[Any], Any]:
    # Keys pass unchecked: JSON has only string keys.
    def convert(data: Any) -> Any:
        if type(data) is not dict:
            raise LoadError(f"{where}: {type(data).__name__} where an object belongs")
        if value is None:
            return dict(data)
        if type(value) is _Check:
            if not value.kinds.issuperset(map(type, data.values())):
                value.fail_any(data.values())
            return dict(data)
        return {key: value(item) for key, item in data.items()}

    return convert


def _sequence(kind: type, item: Any, where: str) -> Callable[[Any], Any]:
    def convert(data: Any) -> Any:
        if type(data) is not list and type(data) is not tuple:
            raise LoadError(f"{where}: {type(data).__name__} where a list belongs")
        if item is None:
            return kind(data)
        if type(item) is _Check:
            if not item.kinds.issuperset(map(type, data)):
                item.fail_any(data)
            return kind(data)
        return kind([item(value) for value in data])

    return convert


def _fixed_tuple(items: list[Any], where: str) -> Callable[[Any], Any]:
    def convert(data: Any) -> Any:
        if (type(data) is not list and type(data) is not tuple) or len(data) != len(items):
            raise LoadError(f"{where}: expected a list of {len(items)}")
        return tuple(value if item is None else item(value) for item, value in zip(items, data, strict=False))

    return convert
