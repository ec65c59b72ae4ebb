"""records: the dataclass-style records the hook path uses instead of `dataclasses`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from context_keeper.records import jsonio
from context_keeper.records.loader import LoadError, from_dict
from context_keeper.records import FrozenInstanceError, field, fields, record, replace, to_dict


@record
class Point:
    """A point."""

    x: int
    y: int = 0

    @property
    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)


@record(frozen=False)
class Bag:
    items: list[str] = field(default_factory=list)
    count: int = 0
    cache: object = field(default=None, compare=False)


def test_init_defaults_repr_eq_hash() -> None:
    p = Point(1)
    assert (p.x, p.y, p.norm1) == (1, 0, 1)
    assert repr(p) == "Point(x=1, y=0)"
    assert p == Point(1, 0) and p != Point(1, 2) and p != (1, 0)
    assert hash(p) == hash(Point(x=1, y=0))
    assert fields(Point) == ("x", "y") and Point.__match_args__ == ("x", "y")
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_frozen_and_slotted() -> None:
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.y
    assert not hasattr(p, "__dict__")


def test_mutable_records_get_fresh_defaults_and_no_hash() -> None:
    a, b = Bag(), Bag()
    a.items.append("x")
    a.count = 3
    assert b.items == [] and b.count == 0
    a.cache, b.cache = 1, 2
    assert Bag(["x"], 3, cache=9) == a  # cache is left out of ==
    with pytest.raises(TypeError):
        hash(a)


def test_replace() -> None:
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    with pytest.raises(TypeError):
        replace(Point(1), z=3)


def test_non_default_after_default_is_refused() -> None:
    with pytest.raises(TypeError):

        @record
        class Bad:
            a: int = 1
            b: int


def test_json_encoding_of_nested_records_and_sets() -> None:
    data = jsonio.dumps({"p": Point(1), "bags": [Bag(["a"])], "s": {"b", "a"}})
    assert jsonio.loads(data) == {"p": {"x": 1, "y": 0}, "bags": [{"items": ["a"], "count": 0, "cache": None}], "s": ["a", "b"]}


@record
class Line:
    start: Point
    end: Point | None = None
    tags: tuple[str, ...] = ()


@record(frozen=False)
class Drawing:
    lines: list[Line] = field(default_factory=list)
    by_name: dict[str, Point] = field(default_factory=dict)
    scale: float = 1.0
    corner: tuple[int, str] | None = None
    anything: Any = None
    _cache: dict[str, int] = field(default_factory=dict, compare=False)


def test_saved_form_round_trips_nested_records_and_leaves_derived_fields_out() -> None:
    drawing = Drawing([Line(Point(1), Point(2, 3), ("a",))], {"o": Point(0)}, 2, (1, "x"), {"k": [1]})
    drawing._cache["x"] = 1
    data = to_dict(drawing)
    assert data == {
        "lines": [{"start": {"x": 1, "y": 0}, "end": {"x": 2, "y": 3}, "tags": ("a",)}],
        "by_name": {"o": {"x": 0, "y": 0}},
        "scale": 2,
        "corner": (1, "x"),
        "anything": {"k": [1]},
    }
    assert jsonio.loads(jsonio.dumps(drawing)) == jsonio.loads(jsonio.dumps(data))
    loaded = from_dict(Drawing, jsonio.loads(jsonio.dumps(drawing)))
    assert loaded == drawing and loaded._cache == {}
    assert type(loaded.lines[0].tags) is tuple and type(loaded.corner) is tuple
    # Missing fields get their defaults; unknown keys are ignored.
    assert from_dict(Drawing, {"later": 1}) == Drawing()
    assert from_dict(Line, {"start": {"x": 5}}) == Line(Point(5))


def test_loading_refuses_what_does_not_fit_the_annotations() -> None:
    for cls, data in [
        (Point, {"y": 1}),  # a required field missing
        (Point, {"x": True}),  # a JSON true is not an int
        (Point, {"x": 1.5}),
        (Point, [1, 2]),
        (Line, {"start": {"x": 1}, "end": 3}),
        (Line, {"start": {"x": 1}, "tags": "ab"}),
        (Line, {"start": {"x": 1}, "tags": [1]}),
        (Drawing, {"lines": [{"start": {"x": "1"}}]}),
        (Drawing, {"by_name": {"o": 1}}),
        (Drawing, {"scale": "2"}),
        (Drawing, {"corner": [1]}),
    ]:
        with pytest.raises(LoadError):
            from_dict(cls, data)
    assert issubclass(LoadError, TypeError) and issubclass(LoadError, ValueError)
    assert from_dict(Drawing, {"anything": object}).anything is object  # Any: not checked


def test_the_hook_path_does_not_import_dataclasses_or_heavy_modules() -> None:
    # The reason this module exists: measured import costs on the PostToolUse path.
    code = (
        "import sys\n"
        "import context_keeper.config, context_keeper.store, context_keeper.hooks.hook_input, context_keeper.hooks.guard, context_keeper.transcript.usage\n"
        "import context_keeper.hooks.gate, context_keeper.hooks.auto_context_manager, context_keeper.hooks.runner, context_keeper.entry\n"
        "import context_keeper.cold.summaries, context_keeper.records.loader  # a cold check, a saved state loaded\n"
        "heavy = {'dataclasses', 'inspect', 'orjson', 'platformdirs', 'typing', 'logging', 'subprocess', 'git', '_hashlib'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_record_in_the_package_loads_by_names_its_module_defines() -> None:
    """A nested record type imported only for type checkers used to load as a raw dict with no
    error; the loader now refuses such a name, and every record of the package resolves."""
    import importlib
    import pkgutil

    import context_keeper
    from context_keeper.records.loader import _loader

    checked = 0
    for info in pkgutil.walk_packages(context_keeper.__path__, "context_keeper."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in list(vars(module).values()):
            if isinstance(value, type) and hasattr(value, "__record_saved__") and value.__module__ == info.name:
                _loader(value)
                checked += 1
    assert checked > 50


def test_a_name_defined_only_for_type_checkers_is_refused(tmp_path: Path) -> None:
    import sys

    from context_keeper.records.loader import UnresolvedAnnotation, from_dict

    (tmp_path / "typeonly_records.py").write_text(
        "from __future__ import annotations\n"
        "from context_keeper.records import record\n"
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n"
        "    from context_keeper.session.facts import Note\n"
        "@record\n"
        "class Holder:\n"
        "    note: Note | None = None\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        import typeonly_records
    finally:
        sys.path.remove(str(tmp_path))
    with pytest.raises(UnresolvedAnnotation, match="'Note'"):
        from_dict(typeonly_records.Holder, {"note": {"turn": 1, "text": "x"}})


def test_a_field_declared_not_saved_is_neither_saved_nor_read() -> None:
    @record(frozen=False)
    class Holder:
        kept: int = 0
        scratch: list[int] = field(default_factory=list, saved=False)

    holder = Holder(1, [5])
    assert to_dict(holder) == {"kept": 1}
    loaded = from_dict(Holder, {"kept": 2, "scratch": [9]})
    assert loaded.kept == 2 and loaded.scratch == []


def test_the_tool_loop_hook_s_quick_path_loads_no_hash_module() -> None:
    # context_refill runs on every tool call; with no refill pending it hashes nothing, so
    # locations (which it imports) loads SHA-256 only when a repo key or file name needs it.
    code = (
        "import sys\n"
        "import context_keeper.hooks.context_refill, context_keeper.locations, context_keeper.compaction.pending\n"
        "assert not {'_sha2', '_sha256', '_hashlib', 'hashlib'} & set(sys.modules), sys.modules.keys()\n"
        "from context_keeper.locations import repo_key\n"
        "repo_key('/x')\n"
        "assert {'_sha2', '_sha256', '_hashlib'} & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
