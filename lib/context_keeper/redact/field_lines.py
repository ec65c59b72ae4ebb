"""A record written one field a line: its value field's line, and a few lines above it (or below it,
the value first) in the same record the field that names it, with other fields between (`"path": "/spec/password",` then
`"op": "add",` then `"value": "…"`; `<name>db.password</name>`, `<description>…`, `<value>…`),
or the line that opens the record (`<attribute name="userPassword">` then `  <value>…</value>`,
`- name: API_TOKEN` then `  value: …`). Which fields name and which hold a value is
`named_fields`' data; the record ends at a blank line, a closing bracket or tag, or a line less
indented than the value's that opens nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from .named_fields import field_role, name_level, record_level
from .names import NOT_SECRET
from .patterns import MARK, LazyPattern

_LOOK_BACK = 5  # lines: a record's other fields are few
# (the value's line may open a list item, `- value: …`, or be a plan's change, `+ value = …`)
_ONE_VALUE = LazyPattern(
    r"[ \t]*(?:[-+~][ \t]+)?(?:(?P<q>[\"']?)(?P<k>[A-Za-z][\w:-]{0,40})(?P=q)[ \t]*(?:=>|[:=])[ \t]*"
    r"|<(?P<ek>[A-Za-z][\w.-]{0,30})>)"
    r"(?P<v>\"(?:[^\"\\\n]|\\.){1,400}\"|'[^'\n]{1,400}'|[^\s\"'<>{}\[\](),;&|`#][^\s\"'<>{}\[\](),;&|`]{0,399})"
    r"(?(ek)</(?P=ek)>)[ \t]*,?[ \t\r]*"
)
_FIELD_KEY = LazyPattern(
    r"[ \t]*(?:[-+~][ \t]+)?(?:(?P<q>[\"']?)(?P<k>[A-Za-z][\w:-]{0,40})(?P=q)[ \t]*(?:=>|[:=])|<(?P<ek>[A-Za-z][\w.-]{0,30})>)"
)
_OPENS = LazyPattern(r"[ \t]*(?:-[ \t]+\S|<[A-Za-z][^<>]*[^/<>]>[ \t\r]*$)")  # a list item, a start tag alone
# A key that opens an object or a mapping of its own (`api_key:`, `"dbPassword": {`): the record under it is its.
_NAMED_OPENER = LazyPattern(
    r"[ \t]*(?:-[ \t]+)?(?P<q>[\"']?)(?P<k>[A-Za-z][\w.-]{0,60})(?P=q)[ \t]*[:=][ \t]*\{?[ \t\r]*"
)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def mark_value(lines: list[str], j: int, judged: Callable[[int, str], bool]) -> bool:
    """Line `j` as a record's value field named by a field above it (or below it, when none
    above is the record's): marked in place when the name names a secret and `judged` (its
    tier, the value) finds the value one."""
    v = _ONE_VALUE.fullmatch(lines[j])
    if v is None or field_role(v.group("k") or v.group("ek")) != "value":
        return False
    value = v.group("v")
    quoted = value[0] in "\"'" and value[-1] == value[0] and len(value) >= 2
    inner = value[1:-1] if quoted else value
    if MARK in inner:
        return False
    # (a list item's first line opens its record: nothing above it is the record's)
    first = lines[j].lstrip().startswith("- ")
    level = None if first else _level_above(lines, j)
    if level is None:
        level = _level_below(lines, j)  # the value first: `"value": "…",` then `"name": …`
    if level is None or level == NOT_SECRET or not judged(level, inner.strip()):
        return False
    a, b = v.span("v")
    a, b = (a + 1, b - 1) if quoted else (a, b)
    lines[j] = lines[j][:a] + MARK + lines[j][b:]
    return True


def _level_above(lines: list[str], j: int) -> int | None:
    """The tier of the name field above line `j` in its record; None when the record starts
    above it without one."""
    indent = _indent(lines[j])
    found: int | None = None  # a name field of the record that names no secret
    for k in range(j - 1, max(-1, j - 1 - _LOOK_BACK), -1):
        line = lines[k]
        s = line.strip()
        if not s or s[0] in "}])" or s.startswith("</") or s.endswith("["):
            return found
        if s.endswith("{") and ((opener := _NAMED_OPENER.fullmatch(line)) is None or _indent(line) >= indent):
            return found
        if s.startswith(("#", "//")):
            continue
        i = _indent(line)
        item = s.startswith("- ")
        if i > indent:
            continue  # a sibling field's own lines
        if i < indent and (opener := _NAMED_OPENER.fullmatch(line)) is not None:
            return _opener_level(opener.group("k"), found)
        if i < indent and not (item and i + 2 == indent) and _OPENS.match(line) is None:
            return found
        level = record_level(line)
        if level is not None and level != NOT_SECRET:
            return level  # (the record's name found)
        if level is not None:
            # another name field of the record may name it (`type = "SecureString"` between
            # `name = "/prod/db-password"` and the value): looked for up to the record's start
            found = level
        elif _is_value_field(line):
            return found  # another record's value: the record started below it
        if i < indent or item:
            return found  # the record's first line
    return found


def _opener_level(key: str, found: int | None) -> int | None:
    """The tier a record takes from the key that opens it (`api_key:` above `default: …`), when
    none of its own fields named a secret."""
    level = name_level(key)
    return level if level != NOT_SECRET else found


def _is_value_field(line: str) -> bool:
    """Whether `line` starts with a value field's key, whatever its value (`value: ${X}`)."""
    v = _FIELD_KEY.match(line)
    return v is not None and field_role(v.group("k") or v.group("ek")) == "value"


def _level_below(lines: list[str], j: int) -> int | None:
    """The tier of the name field below line `j` in its record; None when the record ends first."""
    indent = _indent(lines[j]) + (2 if lines[j].lstrip().startswith("- ") else 0)
    for k in range(j + 1, min(len(lines), j + 1 + _LOOK_BACK)):
        line = lines[k]
        s = line.strip()
        if not s or s[0] in "}])" or s.startswith(("</", "- ")) or s.endswith(("{", "[")):
            return None
        if s.startswith(("#", "//")):
            continue
        i = _indent(line)
        if i > indent:
            continue  # a sibling field's own lines
        if i < indent:
            return None
        level = record_level(line)
        if level is not None:
            return level
    return None
