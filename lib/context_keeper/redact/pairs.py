"""A name and its value on consecutive lines: a Kubernetes or Compose env entry
(`- name: DB_PASSWORD` then `value: "…"`), Terraform-style `key = "DB_PASSWORD"` then
`value = "…"`, a pretty-printed JSON object (`"type" : "secret",` then `"value" : "…"`), a
name element then its value element (Hadoop's `<name>fs.s3a.secret.key</name>` then
`<value>…</value>`, a property list's `<key>API_TOKEN</key>` then `<string>…</string>`, on
the next line or the same one).
The name's line says what the value's line holds, so this reads across lines and runs on a
whole text before its lines (see `lines`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern

TRIGGERS = ("value", "Value", "default", "</string>")  # the value's line, found first (`</value>` holds `value`)
_NAME_WORDS = ("name", "key", "type", "kind")  # one of them, in any case, on the line before
# (quoted keys and a trailing comma too: the same pair pretty-printed as JSON, `"type" : "secret",`).
# Both keys may share a prefix: CloudFormation's `"ParameterKey"` then `"ParameterValue"`, a
# namespace's attributes (`android:name="…"` then `android:value="…" />`).
_PREFIX = r"(?P<pre>(?:[A-Za-z]\w{0,20}:)?(?:[A-Z][a-z]+){0,3})"
_NAME_LINE = LazyPattern(
    r"[ \t]*(?:-[ \t]*)?(?P<q>[\"']?)" + _PREFIX + r"(?i:name|key|type|kind)(?P=q)[ \t]*[:=][ \t]*(?P<r>[\"']?)"
    r"(?P<n>[\w.-]{2,100})(?P=r)[ \t]*,?[ \t\r]*"
)
_VALUE_LINE = LazyPattern(
    r"(?P<lead>[ \t]*(?:-[ \t]*)?(?P<q>[\"']?)" + _PREFIX + r"(?i:value)(?P=q)[ \t]*[:=][ \t]*)"
    r"(?P<v>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'#,/>][^\s#,]*)[ \t]*,?[ \t\r]*(?:/?>[ \t\r]*)?(?:#.*)?"
)

_ELEMENT_NAME = LazyPattern(r"[ \t]*<(?P<t>key|name)>(?P<n>[\w.:/-]{2,100})</(?P=t)>[ \t\r]*")
_ELEMENT_VALUE = LazyPattern(
    r"(?P<lead>[ \t]*(?:<(?P<t0>key|name)>(?P<n>[\w.:/-]{2,100})</(?P=t0)>[ \t]*)?<(?P<t>string|value)>)"
    r"(?P<v>[^<\n]{1,400})</(?P=t)>[ \t\r]*"
)


_LOWERED: list[str] = ["", ""]  # the last text lowered, and its lower case


def lowered(text: str) -> str:
    """`text.lower()`, kept for the next call: the rules that read across lines each search the
    same long text (10 MB of tool output) in lower case, one after another."""
    if _LOWERED[1] is text:
        return text  # (already the lower case kept)
    if _LOWERED[0] is not text and _LOWERED[0] != text:
        _LOWERED[:] = [text, text.lower()]
    return _LOWERED[1]


def lines_holding(text: str, lines: list[str], needles: tuple[str, ...]) -> list[int]:
    """Indices of the lines holding one of `needles` in any case, found by searching the whole
    text once per lower-case needle (its case variants share the scan; the callers' patterns
    then read each line found)."""
    from .haystack import lines_holding as holding

    low = lowered(text)
    if len(low) == len(text):
        hay, wanted = low, {n.lower() for n in needles}
    else:  # a character whose lower case is longer (`İ`) shifts the offsets: the text as it is
        hay, wanted = text, {v for n in needles for v in (n, n.lower(), n.upper(), n.capitalize())}
    return sorted(holding(hay, lines, tuple(sorted(wanted))))


def redact_pairs(text: str) -> str:
    """The value line after a name line whose name sounds secret, redacted as `decide` judges it."""
    from .assignments import decide
    from .field_lines import mark_value
    from .nouns import judged

    lines = text.split("\n")
    changed = False
    # Found from the value's line (`value` is rarer than `name`, `key` and `type` in JSON),
    # then the line before it read as the name's.
    for j in lines_holding(text, lines, TRIGGERS):
        if "</" in lines[j] and _element_pair(lines, j):
            changed = True
            continue
        if _adjacent_pair(lines, j, decide) or mark_value(lines, j, judged):
            changed = True  # (else a name a few lines above or below, in the same record: `field_lines`)
    return "\n".join(lines) if changed else text


def _adjacent_pair(lines: list[str], j: int, decide: Callable[[int, str, str, bool, bool], bool]) -> bool:
    """Line `j` as a value line under a name line: redacted in place when `decide` judges it."""
    from .names import NOT_SECRET, tier

    i = j - 1
    if i < 0 or not any(t in lines[i].lower() for t in _NAME_WORDS):
        return False
    m = _NAME_LINE.fullmatch(lines[i])
    if m is None:
        return False
    level = tier(m.group("n"))
    if level == NOT_SECRET:
        return False
    v = _VALUE_LINE.fullmatch(lines[i + 1])
    if v is None or v.group("pre").lower() != m.group("pre").lower():
        return False  # (`"ParameterKey"` pairs with `"ParameterValue"`, not with `"DefaultValue"`)
    value = v.group("v")
    quoted = len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]
    inner = value[1:-1] if quoted else value
    if MARK in inner or not decide(level, inner, m.group("n"), True, quoted):
        return False
    quote = value[0] if quoted else ""
    lines[i + 1] = lines[i + 1][: v.start("v")] + quote + MARK + quote + lines[i + 1][v.end("v") :]
    return True


def _element_pair(lines: list[str], j: int) -> bool:
    """Line `j` as a value element under a name element (the same line's or the line before's):
    redacted in place when the name sounds secret and `decide` judges the value one."""
    from .assignments import decide
    from .names import NOT_SECRET, tier_any_part

    v = _ELEMENT_VALUE.fullmatch(lines[j])
    if v is None:
        return False
    name = v.group("n")
    if name is None:
        before = _ELEMENT_NAME.fullmatch(lines[j - 1]) if j else None
        if before is None:
            return False
        name = before.group("n")
    # A config key read whole; with two dots or more, a key path, not a file (`fs.s3a.secret.key`).
    level = tier_any_part(name.replace(".", "_") if name.count(".") >= 2 else name)
    value = v.group("v").strip()
    if level == NOT_SECRET or MARK in value or not decide(level, value, name, True, False):
        return False
    lines[j] = lines[j][: v.start("v")] + MARK + lines[j][v.end("v") :]
    return True


# A dump of a program's object: PHP's `var_dump` prints a key, `=>`, and on the next line the
# value's type before it (`["pass"]=>` / `  string(16) "…"`; `object(…)#1 (2) {` / `["token":protected]=>`).
DUMP_TRIGGERS = ("]=>\n",)
_DUMPED = LazyPattern(
    r"\[[\"'](?P<n>[\w.-]{1,80})[\"'](?::[\w\\]+)?\]=>\r?\n[ \t]*(?:string|str)\(\d+\)[ \t]*\"(?P<v>[^\"\n]{1,400})\""
)


def redact_dumped(text: str) -> str:
    """Each string value a dump prints under a key whose name sounds secret, judged by `decide`."""
    from .assignments import decide
    from .names import NOT_SECRET, tier

    def one(m: re.Match[str]) -> str:
        level = tier(m.group("n"))
        value = m.group("v")
        if level == NOT_SECRET or MARK in value or not decide(level, value, m.group("n"), True, True):
            return m.group(0)
        return m.group(0)[: m.start("v") - m.start()] + MARK + m.group(0)[m.end("v") - m.start() :]

    return _DUMPED.compiled().sub(one, text)
