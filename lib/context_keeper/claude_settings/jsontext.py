"""Change a JSON text so that it holds a new value, keeping the formatting of everything that
stays: indentation, key order, spacing and line ends of the parts not changed, and new parts
written in the style around them.

A settings file is the user's: an install adds our entries and an uninstall takes out exactly
their spans, instead of re-dumping the whole file with our indentation. `rewrite` works from
the two values alone (no list of edits): unchanged subtrees are copied from the text, object
members and array elements that stay keep their own text and the gaps between them, and only
what is new is rendered. The result is checked by parsing it again.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from json.decoder import scanstring  # type: ignore[attr-defined]  # public in json.decoder, not in its stub
from typing import Any

_WS = " \t\n\r"
_DECODER = json.JSONDecoder()


@dataclass
class Node:
    """A value's span in the text; for containers, where each element's text starts (an
    object member's at its key) and the element values' nodes."""

    start: int
    end: int
    opener: str = ""  # "{", "[" or "" for a scalar
    starts: list[int] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def parse_spans(text: str, pos: int = 0) -> Node:
    """The span tree of the JSON value at `pos` (the text must be valid JSON)."""
    pos = _skip(text, pos)
    opener = text[pos]
    if opener not in "{[":
        return Node(pos, _DECODER.raw_decode(text, pos)[1])
    node = Node(pos, -1, opener)
    pos = _skip(text, pos + 1)
    if text[pos] in "}]":
        node.end = pos + 1
        return node
    while True:
        node.starts.append(pos)
        if opener == "{":
            key, pos = scanstring(text, pos + 1)
            node.keys.append(key)
            pos = _skip(text, pos) + 1  # past the colon
        child = parse_spans(text, pos)
        node.children.append(child)
        pos = _skip(text, child.end)
        if text[pos] != ",":
            node.end = pos + 1  # the closing bracket
            return node
        pos = _skip(text, pos + 1)


@dataclass(frozen=True)
class _Style:
    unit: str  # one level of indentation
    newline: str
    pretty: bool  # containers that were empty become multi-line
    item_sep: str  # between elements of a one-line container
    colon: str  # between a key and its value


def rewrite(text: str, old: Any, new: Any) -> str | None:
    """`text` (which holds `old`) changed to hold `new`; None if that cannot be done while
    keeping its formatting (the caller then writes the value afresh)."""
    root = parse_spans(text)
    if not _unique_keys(root):
        return None  # duplicate keys: the value does not say which member is which
    style = _style(text, root)
    out = text[: root.start] + _render(text, root, old, new, style) + text[root.end :]
    try:
        return out if _same(json.loads(out), new) else None
    except ValueError:
        return None


def _same(a: Any, b: Any) -> bool:
    """Equal including key order, and with 1, 1.0 and true told apart."""
    return json.dumps(a) == json.dumps(b)


def _unique_keys(node: Node) -> bool:
    return len(set(node.keys)) == len(node.keys) and all(_unique_keys(c) for c in node.children)


def _style(text: str, root: Node) -> _Style:
    newline = "\r\n" if "\r\n" in text else "\n"
    gaps = _gaps(text, root)
    pretty = not root.children or any("\n" in gap for gap in gaps)
    unit = "  "
    if root.children and "\n" in gaps[0]:
        first = _line_indent(text, root.starts[0])
        base = _line_indent(text, root.start)
        if first.startswith(base) and len(first) > len(base):
            unit = first[len(base) :]
    colon = ": "
    if root.opener == "{" and root.children:
        head = text[root.starts[0] : root.children[0].start]
        between = head[head.rindex('"') + 1 :]
        colon = between if "\n" not in between else ": "
    if len(gaps) > 2 and "\n" not in gaps[1]:
        item_sep = gaps[1]
    else:
        item_sep = "," if colon == ":" else ", "  # minified, or spaced like json.dumps
    return _Style(unit, newline, pretty, item_sep, colon)


def _gaps(text: str, node: Node) -> list[str]:
    """The text between the brackets and the elements: before the first, between each two
    (with the comma), after the last. [inside] for an empty container."""
    if not node.children:
        return [text[node.start + 1 : node.end - 1]]
    ends = [child.end for child in node.children]
    return (
        [text[node.start + 1 : node.starts[0]]]
        + [text[ends[i - 1] : node.starts[i]] for i in range(1, len(ends))]
        + [text[ends[-1] : node.end - 1]]
    )


def _line_indent(text: str, pos: int) -> str:
    """The whitespace that starts the line holding `pos`."""
    line_start = text.rfind("\n", 0, pos) + 1
    end = line_start
    while end < pos and text[end] in " \t":
        end += 1
    return text[line_start:end]


def _render(text: str, node: Node, old: Any, new: Any, style: _Style) -> str:
    if _same(old, new):
        return text[node.start : node.end]
    items: list[tuple[int | None, str | None, Any]] | None = None
    if node.opener == "{" and isinstance(old, dict) and isinstance(new, dict):
        items = _object_items(text, node, old, new, style)
    elif node.opener == "[" and isinstance(old, list) and isinstance(new, list):
        items = _array_items(text, node, old, new, style)
    if items is None:
        return _fresh(new, _line_indent(text, node.start), style, multiline="\n" in text[node.start : node.end])
    return _join(text, node, items, style)


# An item of a rebuilt container: (old element index, its text) for an element that stays,
# or (None, key or None, value) for a new one, rendered by _join at the container's indent.


def _object_items(text: str, node: Node, old: dict[str, Any], new: dict[str, Any], style: _Style) -> list[Any] | None:
    kept = [k for k in node.keys if k in new]
    added = [k for k in new if k not in old]
    if list(new) != kept + added:
        return None  # reordered: write the object afresh
    items: list[Any] = []
    for i, key in enumerate(node.keys):
        if key in new:
            child = node.children[i]
            head = text[node.starts[i] : child.start]
            items.append((i, head + _render(text, child, old[key], new[key], style)))
    items += [(None, key, new[key]) for key in added]
    return items


def _array_items(text: str, node: Node, old: list[Any], new: list[Any], style: _Style) -> list[Any]:
    matcher = difflib.SequenceMatcher(None, [json.dumps(v) for v in old], [json.dumps(v) for v in new], autojunk=False)
    items: list[Any] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                child = node.children[i1 + k]
                items.append((i1 + k, _render(text, child, old[i1 + k], new[j1 + k], style)))
        else:  # deleted, inserted, or replaced by a different number of elements
            items += [(None, None, new[j]) for j in range(j1, j2)]
    return items


def _join(text: str, node: Node, items: list[Any], style: _Style) -> str:
    """The container written from its items: the gaps of elements that stay next to each
    other are the file's own; anything else is written in the container's style."""
    closer = "}" if node.opener == "{" else "]"
    if not items:
        return node.opener + closer
    gaps = _gaps(text, node)
    outer = _line_indent(text, node.start)
    if node.children:
        multiline = any("\n" in gap for gap in gaps)
        first_line = _line_indent(text, node.starts[0])
        inner = first_line if "\n" in gaps[0] else outer + style.unit
        lead, trail = gaps[0], gaps[-1]
    else:
        multiline, inner = style.pretty, outer + style.unit
        lead, trail = (style.newline + inner, style.newline + outer) if multiline else ("", "")
    if multiline:
        sep = "," + style.newline + inner
    else:
        sep = gaps[1] if len(gaps) > 2 else style.item_sep
    parts = [lead]
    for n, item in enumerate(items):
        if n:
            before, here = items[n - 1][0], item[0]
            adjacent = before is not None and here is not None and here == before + 1
            parts.append(gaps[here] if adjacent else sep)
        parts.append(item[1] if item[0] is not None else _new_item(item, inner, style, multiline))
    parts.append(trail)
    return node.opener + "".join(parts) + closer


def _new_item(item: tuple[None, str | None, Any], indent: str, style: _Style, multiline: bool) -> str:
    _, key, value = item
    rendered = _fresh(value, indent, style, multiline)
    return rendered if key is None else json.dumps(key, ensure_ascii=False) + style.colon + rendered


def _fresh(value: Any, indent: str, style: _Style, multiline: bool) -> str:
    """`value` written anew, its first line at the current position and the others indented
    from `indent`."""
    if not multiline:
        return json.dumps(value, ensure_ascii=False, separators=(style.item_sep, style.colon))
    return json.dumps(value, indent=style.unit, ensure_ascii=False, separators=(",", style.colon)).replace(
        "\n", style.newline + indent
    )
