"""Record classes in the dataclass style, without importing `dataclasses`, and their JSON form.

The PostToolUse hook runs after every edit and command. Measured there (bench/hot_path.py,
`python -X importtime`), `import dataclasses` costs ~13 ms — it pulls in inspect, ast, dis
and tokenize — and every @dataclass another ~0.6 ms: together more than the hook's own work
and more than a bare interpreter start. `@record` keeps the same declaration style (fields
as annotations with defaults, frozen by default, slotted) at ~0.05 ms a class, and type
checkers read it as a dataclass (`dataclass_transform`, seen only by them).

    @record
    class Point:
        x: int
        y: int = 0

    @record(frozen=False)
    class Bag:
        items: list[str] = field(default_factory=list)

Every record saves the same way, from its fields: `to_jsonable` (the JSON encoders' hook)
and `to_dict` write them by name, and `record_loader.from_dict(cls, data)` reads them back,
checked against their annotations. Fields whose names start with `_` are derived state:
compared and shown, never saved or loaded. A field declared `field(..., sparse=True)` is
saved only when it differs from its default: a field added to a record after states were
saved leaves their saved form as it was (and costs nothing where it is not used).
"""

from __future__ import annotations

from operator import attrgetter

# No runtime `typing` import (another ~4 ms): with postponed annotations these names are only
# ever read by type checkers, and `dataclass_transform` only tells them what @record makes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> object:
        return lambda function: function


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    __slots__ = ("default", "default_factory", "compare", "sparse", "saved")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Callable[[], Any] | None = None,
        compare: bool = True,
        sparse: bool = False,
        saved: bool = True,
    ) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.sparse = sparse
        self.saved = saved


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,
    sparse: bool = False,  # noqa: A002 - mirrors dataclasses.field
    saved: bool = True,
) -> Any:
    """A field with a default factory (for mutable defaults), excluded from ==, saved only
    when it differs from its default (`sparse`), or never saved (`saved=False`: what is
    derived from the other fields, or belongs to one run)."""
    return Field(default, default_factory, compare, sparse, saved)


class _RecordBase:
    __slots__ = ()
    __record_key__: Any = staticmethod(lambda obj: ())  # the compared fields as one value (_key_of)
    __record_fields__: tuple[str, ...] = ()
    __record_compare__: tuple[str, ...] = ()
    __record_saved__: tuple[str, ...] = ()
    __record_defaults__: dict[str, Any] = {}
    __record_sparse__: dict[str, Any] = {}  # sparse field -> the default value it is not saved at

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_fields__)
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        key = self.__record_key__  # the compared fields, read in C (see _key_of)
        return key(self) == key(other)

    def to_dict(self) -> dict[str, Any]:
        """Saved fields by name, nested records as dicts (see the module function)."""
        return to_dict(self)


class _FrozenBase(_RecordBase):
    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in self.__record_compare__))


def _make_init(cls_name: str, names: list[str], defaults: dict[str, Any]) -> Callable[..., None]:
    params, lines = [], []
    env: dict[str, Any] = {"MISSING": MISSING}
    for name in names:
        default = defaults.get(name, MISSING)
        if isinstance(default, Field) and default.default_factory is not None:
            env[f"_factory_{name}"] = default.default_factory
            params.append(f"{name}=MISSING")
            lines.append(f"    if {name} is MISSING: {name} = _factory_{name}()")
        elif isinstance(default, Field) and default.default is not MISSING:
            env[f"_default_{name}"] = default.default
            params.append(f"{name}=_default_{name}")
        elif isinstance(default, Field) or default is MISSING:
            if any("=" in p for p in params):
                raise TypeError(f"{cls_name}: non-default field {name!r} follows a field with a default")
            params.append(name)
        else:
            env[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
        # Each field through its slot's own setter (bound in `record` once the class exists):
        # 2x faster than object.__setattr__ by name, and records are made by the hundred thousand.
        lines.append(f"    _set_{name}(self, {name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(lines) or "    pass")
    exec(source, env)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    return env["__init__"]


def _key_of(names: tuple[str, ...]) -> Any:
    # == runs in every membership test of the session fold's capped lists (~165,000 on a
    # 100 MB transcript): one attrgetter builds the tuple of compared fields in C, ~4x faster
    # than comparing them one by one in a generator.
    return attrgetter(*names) if names else staticmethod(lambda obj: ())


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: type[T] | None = None, *, frozen: bool = True) -> Any:
    """Turn an annotated class into a slotted record with __init__, __repr__, __eq__."""

    def build(cls: type[T]) -> type[T]:
        names = [n for n, kind in cls.__dict__.get("__annotations__", {}).items() if "ClassVar" not in str(kind)]
        defaults = {n: cls.__dict__[n] for n in names if n in cls.__dict__}
        namespace = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
        namespace["__slots__"] = tuple(names)
        namespace["__record_fields__"] = tuple(names)
        namespace["__record_compare__"] = tuple(
            n for n in names if not (isinstance(defaults.get(n), Field) and not defaults[n].compare)
        )
        namespace["__record_saved__"] = tuple(
            n
            for n in names
            if not n.startswith("_") and not (isinstance(defaults.get(n), Field) and not defaults[n].saved)
        )
        namespace["__record_defaults__"] = defaults
        namespace["__record_sparse__"] = {
            n: d.default_factory() if d.default_factory is not None else d.default
            for n, d in defaults.items()
            if isinstance(d, Field) and d.sparse and d.saved and not n.startswith("_")
        }
        namespace["__match_args__"] = tuple(names)
        namespace["__init__"] = _make_init(cls.__name__, names, defaults)
        base = _FrozenBase if frozen else _RecordBase
        bases = tuple(b for b in cls.__bases__ if b is not object) or ()
        new: Any = type(cls.__name__, bases + (base,) if base not in bases else bases, namespace)
        new.__qualname__ = cls.__qualname__
        new.__module__ = cls.__module__
        new.__record_key__ = _key_of(new.__record_compare__)
        new.__init__.__globals__.update({f"_set_{name}": new.__dict__[name].__set__ for name in names})
        if not frozen:
            new.__hash__ = None  # mutable records are unhashable, like dataclasses
        return new

    return build if cls is None else build(cls)


def fields(obj_or_cls: Any) -> tuple[str, ...]:
    return obj_or_cls.__record_fields__


def replace(obj: T, **changes: Any) -> T:
    """A copy of a record with some fields changed (dataclasses.replace for records)."""
    cls = type(obj)
    known = _READERS.get(cls)
    if known is None:  # errors and tasks are replaced by the ten thousand in a big fold
        names = cls.__record_fields__  # type: ignore[attr-defined]
        read = attrgetter(*names) if len(names) > 1 else (lambda o: tuple(getattr(o, n) for n in names))
        known = _READERS[cls] = (read, {name: i for i, name in enumerate(names)})
    read, index = known
    values = list(read(obj))  # all fields in one C call
    for name, value in changes.items():
        at = index.get(name)
        if at is None:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        values[at] = value
    return cls(*values)


_READERS: dict[type, Any] = {}


# -- saving ------------------------------------------------------------------------------------


def to_jsonable(obj: Any) -> Any:
    """`default=` hook for json/orjson: records as dicts, sets as sorted lists."""
    if isinstance(obj, _RecordBase):
        if obj.__record_sparse__:
            return _saved(obj, lambda value: value)
        return {name: getattr(obj, name) for name in obj.__record_saved__}
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if hasattr(obj, "__fspath__"):
        return str(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


def to_dict(obj: Any) -> dict[str, Any]:
    """A record's saved fields by name, nested records (in lists, tuples, dicts) as dicts too:
    `dataclasses.asdict` for records."""
    if obj.__record_sparse__:
        return _saved(obj, _plain)
    return {name: _plain(getattr(obj, name)) for name in obj.__record_saved__}


def _saved(obj: Any, convert: Callable[[Any], Any]) -> dict[str, Any]:
    """The saved fields by name (converted), sparse ones only when not at their default."""
    sparse = obj.__record_sparse__
    out = {}
    for name in obj.__record_saved__:
        value = getattr(obj, name)
        if name not in sparse or value != sparse[name]:
            out[name] = convert(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, _RecordBase):
        return to_dict(value)
    if type(value) is list:
        return [_plain(item) for item in value]
    if type(value) is tuple:
        return tuple(_plain(item) for item in value)
    if type(value) is dict:
        return {key: _plain(item) for key, item in value.items()}
    return value
