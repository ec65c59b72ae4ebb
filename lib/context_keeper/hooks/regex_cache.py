"""Compiled regexes kept from one hook process to the next, like bytecode beside the code.

A hook process compiles several hundred of the library's regexes (failure recognisers,
redaction rules, the session's gates). `re` compiles in Python, and a pattern whose classes
reach past Latin-1 takes milliseconds: together 50-80 ms of a PreCompact fold that takes
about a second. What the compiler makes of a pattern (its `_sre` code) depends only on the
pattern, its flags and the interpreter, so it is kept in a file in this package's
`__pycache__` (or under `PYTHONPYCACHEPREFIX`), named for the interpreter, and the next
process builds each pattern from its code at once.

Only constants are kept: patterns compiled while a module body runs (an import) or by the
redaction rule tables' lazy patterns. A pattern built from a session's text (a task
subject, a file name) is compiled as always and never written anywhere. An entry is kept
only when the pattern built from it equals, code and all, the one `re` compiled itself; a
file from another interpreter, or one that cannot be read, is ignored; and anything that
fails on the way is `re`'s own compile. `PYTHONDONTWRITEBYTECODE` turns the writing off.
"""

from __future__ import annotations

import importlib
import marshal
import os
import sys
from array import array
from contextlib import contextmanager

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

FORMAT = 2  # 2: the code as bytes, read into a list only for a pattern compiled
# The library has fewer than half as many. Past it (patterns of earlier versions of the code
# pile up across upgrades), the file starts over from what one process used.
MAX_ENTRIES = 4000
# The lazy patterns of the redaction rule tables are compiled in this module's functions.
_RULE_TABLES = os.path.join("redact", "patterns.py")
_RULE_TABLE_COMPILERS = ("_compile", "pattern")  # LazyPattern's and LazyRule's

_state: dict[str, Any] = {}


def cache_path() -> str:
    """Where the bytecode of the package's `__init__` goes (`PYTHONPYCACHEPREFIX` included)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    name = f"regex.{sys.implementation.cache_tag}.marshal"
    if sys.pycache_prefix:
        return os.path.join(sys.pycache_prefix, package.lstrip(os.sep), name)
    return os.path.join(package, "__pycache__", name)


try:  # the engine `re` compiles to (no stubs for it); another Python may not have it
    _sre: Any = importlib.import_module("_sre")
    # The code's units as machine integers of _sre's size: unpacked only for the patterns compiled.
    _UNIT = next((t for t in "IL" if array(t).itemsize == _sre.CODESIZE), "")
except Exception:  # noqa: BLE001 - then `install` finds no header and leaves `re` as it is
    _sre, _UNIT = None, ""


def _header() -> tuple[Any, ...]:
    return (
        FORMAT,
        sys.version,
        sys.implementation.cache_tag,
        _sre.MAGIC,
        _sre.CODESIZE,
        _sre.MAXREPEAT,
        _sre.MAXGROUPS,
    )


def install(path: str | None = None) -> None:
    """Compile this process's regexes from the kept code where there is some (once)."""
    if _state or _sre is None or not _UNIT:
        return
    try:
        compiler: Any = importlib.import_module("re._compiler")  # the module `re` compiles with

        path = path or cache_path()
        entries = _load(path)
        # Where the file cannot be written (a read-only install, no bytecode written), checking
        # each new pattern's code would cost every process and keep nothing: only read.
        collect = not sys.dont_write_bytecode and _writable(path)
        if not entries and not collect:
            return
        re_package = os.path.dirname(compiler.__file__) + os.sep
        _state.update(
            path=path,
            entries=entries,
            collect=collect,
            new={},
            used=set(),
            compiler=compiler,
            original=compiler.compile,
            re_package=re_package,
        )
        compiler.compile = _compile
    except Exception:  # noqa: BLE001 - no cache: `re` compiles as it always does
        _state.clear()


def _writable(path: str) -> bool:
    """Whether the file could be written: its directory, or the nearest one that exists."""
    directory = os.path.dirname(path)
    while directory and not os.path.isdir(directory):
        parent = os.path.dirname(directory)
        if parent == directory:
            return False
        directory = parent
    return bool(directory) and os.access(directory, os.W_OK)


@contextmanager
def kept() -> Iterator[None]:
    """Around a hook's work: regexes built from the kept code, and what was new saved after."""
    install()
    try:
        yield
    finally:
        save()
        uninstall()


def uninstall() -> None:
    """`re` compiles on its own again (tests)."""
    if _state:
        _state["compiler"].compile = _state["original"]
        _state.clear()


def _load(path: str) -> dict[Any, Any]:
    try:
        with open(path, "rb") as handle:
            header, entries = marshal.loads(handle.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return entries if header == _header() and isinstance(entries, dict) else {}


def _compile(pattern: Any, flags: int = 0) -> Any:
    state = _state
    key = (type(pattern) is bytes, pattern, int(flags))
    kept = state["entries"].get(key)
    if kept is not None:
        try:
            built = _build(pattern, kept)
            state["used"].add(key)
            return built
        except Exception:  # noqa: BLE001 - code this interpreter refuses: compile it
            del state["entries"][key]
    compiled = state["original"](pattern, flags)
    if state["collect"] and isinstance(pattern, (str, bytes)) and len(state["new"]) < MAX_ENTRIES and _constant():
        try:
            entry = _entry(state["compiler"], pattern, int(flags))
            if _build(pattern, entry) == compiled:
                state["new"][key] = entry
        except Exception:  # noqa: BLE001 - not kept; `re`'s own pattern is used either way
            pass
    return compiled


def _build(pattern: Any, entry: tuple[Any, ...]) -> Any:
    flags, code, groups, groupindex, indexgroup = entry
    return _sre.compile(pattern, flags, array(_UNIT, code).tolist(), groups, groupindex, indexgroup)


def _entry(compiler: Any, pattern: Any, flags: int) -> tuple[Any, ...]:
    """What `re._compiler.compile` hands to `_sre.compile` for this pattern."""
    parsed = compiler._parser.parse(pattern, flags)
    code = array(_UNIT, compiler._code(parsed, flags)).tobytes()
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup))


def _constant(frame: Any = None) -> bool:
    """Whether the pattern being compiled is one of the code's constants: compiled by the
    redaction rule tables' lazy patterns, or while a module's body runs (an import; the
    script that runs the hook is `__main__` and does not count)."""
    frame = frame or sys._getframe(2)  # whoever called `_compile`: `re` itself, then its caller
    re_package = _state["re_package"]
    while frame is not None and frame.f_code.co_filename.startswith(re_package):
        frame = frame.f_back  # re.compile, re.search...
    if frame is not None and frame.f_code.co_filename.endswith(_RULE_TABLES):
        return frame.f_code.co_name in _RULE_TABLE_COMPILERS
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") != "__main__":
            return True
        frame = frame.f_back
    return False


def save() -> None:
    """Write what this process compiled and the file lacked (nothing new: nothing written)."""
    state = _state
    if not state or not state["new"] or sys.dont_write_bytecode:
        return
    try:
        from ..store.files import atomic_write

        entries = {**_load(state["path"]), **state["entries"], **state["new"]}
        if len(entries) > MAX_ENTRIES:
            used = state["entries"]
            entries = {**{key: used[key] for key in state["used"] if key in used}, **state["new"]}
        os.makedirs(os.path.dirname(state["path"]), exist_ok=True)
        atomic_write(state["path"], marshal.dumps((_header(), entries)), mode=0o644)
        state["entries"], state["new"] = entries, {}
    except Exception:  # noqa: BLE001 - an unwritable package dir: every process compiles
        pass
