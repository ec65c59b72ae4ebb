"""A Claude Code settings file as bytes and as a value: read the way Claude Code reads it,
or strictly, for rewriting.

Measured on Claude Code 2.1.330 (tests/e2e/test_settings_loading.py): a settings file is
JSON. One with a comment or a trailing comma is ignored whole, silently: none of its
settings apply, hooks included. A UTF-8 BOM is accepted, and of duplicate keys the last
wins. Reading here says the same; rewriting also refuses duplicate keys (a rewrite would
drop the ones Claude Code skips, which the user may still mean to keep).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

SettingsData = dict[str, Any]


class SettingsError(Exception):
    """The settings file cannot be read or changed safely; str(self) is one line for the user."""


class CommentsError(SettingsError):
    """The file has comments: Claude Code ignores it whole."""


@dataclass(frozen=True)
class SettingsFile:
    path: Path
    data: bytes | None  # the bytes read; None when the file does not exist
    settings: SettingsData

    @property
    def text(self) -> str:
        """The text without its BOM; '' for no file."""
        return self.data.decode("utf-8-sig") if self.data is not None else ""


def parse(data: bytes, source: str, *, strict: bool = True) -> SettingsData:
    """The settings in `data`; SettingsError says why Claude Code ignores them (or, with
    strict, why they cannot be rewritten)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SettingsError(f"{source}: not UTF-8 text; left untouched") from None
    if not text.strip():
        return {}  # an empty file (e.g. `touch settings.json`) means no settings
    try:
        value = json.loads(
            text, object_pairs_hook=_object_no_duplicates if strict else None, parse_constant=_reject_constant
        )
    except json.JSONDecodeError as exc:
        lines = comment_lines(text)
        if lines:
            where = ", ".join(str(n) for n in lines[:5]) + (", ..." if len(lines) > 5 else "")
            raise CommentsError(
                f"{source}: contains comments (line {where}): Claude Code ignores a settings "
                "file with comments, so none of its settings apply; left untouched"
            ) from None
        raise SettingsError(
            f"{source}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg} "
            "(Claude Code ignores the whole file); left untouched"
        ) from None
    except _Refused as exc:
        raise SettingsError(f"{source}: {exc}; left untouched") from None
    if not isinstance(value, dict):
        raise SettingsError(f"{source}: top level is {kind(value)}, not a JSON object; left untouched")
    return value


def read_file(path: Path, *, strict: bool = True) -> SettingsFile:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return SettingsFile(path, None, {})
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return SettingsFile(path, data, parse(data, str(path), strict=strict))


def dumps(settings: SettingsData) -> str:
    """Pretty JSON as Claude Code writes it (2-space indent, UTF-8, final newline)."""
    return json.dumps(settings, indent=2, ensure_ascii=False) + "\n"


class _Refused(ValueError):
    pass


def _object_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused(f"duplicate key {key!r} (Claude Code uses the last one; a rewrite would drop the others)")
        result[key] = value
    return result


def _reject_constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not JSON")


def kind(value: object) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number"
    )


def comment_lines(text: str) -> list[int]:
    """Line numbers where a `//` or `/* */` comment starts, outside JSON strings."""
    found: list[int] = []
    line, i, end = 1, 0, len(text)
    while i < end:
        char = text[i]
        if char == '"':
            i += 1
            while i < end and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif char == "/" and text[i + 1 : i + 2] in ("/", "*"):
            if not found or found[-1] != line:
                found.append(line)
            block = text[i + 1] == "*"
            close = text.find("*/" if block else "\n", i + 2)
            close = end if close < 0 else close + (2 if block else 0)
            line += text.count("\n", i, close)
            i = close
            continue
        elif char == "\n":
            line += 1
        i += 1
    return found
