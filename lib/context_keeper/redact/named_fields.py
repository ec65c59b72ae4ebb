"""A record whose name field names a secret lends that name to its value field, whatever syntax
holds the record: a JSON or YAML flow object (`{"name": "DB_PASSWORD", "value": "…"}`, a JSON
patch's `"path": "/spec/password"`), a code literal (`EnvVar{Name: "…", Value: "…"}`, `:name =>`),
an element's attributes (`<input type="password" name="pw" value="…">`, `<add key="…" value="…"/>`)
or its text (`<entry key="jdbc.password">…</entry>`), a child element after the name's
(`setting name="ApiSecret"><value>…</value>`), a key/value output (`Key: db_password  Value: …`),
a command's flags (`--name /prod/db/password --value …`, `/v Password /d …`), an SQL statement
(`SET value = '…' WHERE key = 'api_secret'`), in either order, with other fields between.

What makes a field the name and what makes one the value is data (`NAME_ROLES`, `VALUE_ROLES`:
a field's key, its last word, after a namespace or a prefix: `fieldName`, `ParameterValue`),
not a rule per tool. A record ends where a bracket, an element or a statement does. The value
is then judged as a value after that name is (the caller's `judged`): references, placeholders,
templates, masks, numbers and booleans are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .names import HASHED, NOT_SECRET, PASSWORD, STRONG, tier, words_of
from .patterns import MARK, LazyPattern
from .values import is_wordy

# A field's key (its last word, upper case) that makes it the record's name, or its value.
NAME_ROLES = frozenset(
    "NAME KEY PATH ID FIELD VARIABLE VAR PARAMETER PARAM SETTING LABEL TITLE OPTION TYPE PROPERTY ATTRIBUTE QUESTION"
    " TARGET".split()
)
# (the name roles' keys in lower case, tested on a line before its fields are read; `target` only
# as a key: the word is common in prose)
_NAME_WORDS = (
    *"name key path id field var param setting label title option type propert attribute question".split(),
    "target=",
    '"target"',
)
# (`NEW`, `OLD`: an audit record's values before and after a change of the named setting)
VALUE_ROLES = frozenset("VALUE VAL DATA CONTENT DEFAULT TEXT STRING NEW OLD".split())
_ROLE_ENDS = tuple(sorted(w.lower() for w in NAME_ROLES | VALUE_ROLES))
# A flag's own short names (`reg add … /v Password /t REG_SZ /d …`, `-k … -v …` would be a verbose flag).
_FLAG_NAMES = frozenset("N K V".split())
_SHORT_NAME_FLAGS = (" -n", " -k", " -v", " /n", " /k", " /v")
_FLAG_VALUES = frozenset("D SECRET-STRING SECRET_STRING".split())

# A line holding a record holds one of these (a value field's key, lowered) and a name's (`_NAME_WORDS`).
_VALUE_WORDS = (
    "val",
    "data",
    "default",
    "content",
    "text",
    "string",
    'new"',
    'old"',
    " -d",
    " /d",
)


# A key that opens an object: `"dbPassword": {"value": …}`, `sqlAdminPassword = {`.
_OPENERS = (":{", ": {", "={", "= {")


def may_hold_record(low: str) -> bool:
    """Whether a lowered line holds what a record's value and name fields need (a cheap test first)."""
    if ("flag:" in low or " to '" in low or ' to "' in low) and _names_in_prose(low):
        return True  # a log's words: `variable 'DB_PASSWORD' to '…'`, `field "…" set from flag: …`
    return any(w in low for w in _VALUE_WORDS) and (
        any(w in low for w in _NAME_WORDS)
        or any(f in low for f in _SHORT_NAME_FLAGS)
        or any(o in low for o in _OPENERS)
    )


# (a literal a conversion wraps, `aws.String("…")`, is read as the literal: `_literal`)
_VALUE = (
    r"(?:[A-Za-z_][\w.]{0,40}\((?:\"[^\"\n]{0,400}\"|'[^'\n]{0,400}')\)"
    r"|\"(?:[^\"\\\n]|\\.){0,400}\"|'[^'\n]{0,400}'|[^\s\"'<>{}\[\](),;&|`]{1,400})"
)
_FIELD = LazyPattern(
    # a flag: `--name X`, `-key=X`, `/v X`
    r"(?:(?<![\w/.:-])(?P<f>--?|/)(?P<fk>[A-Za-z][\w-]{0,30})(?:[ \t]+|=)(?P<fv>" + _VALUE + r")"
    # an element holding its text: `<value>X</value>`, `<data>X</data>`
    r"|<(?P<ek>[A-Za-z][\w.-]{0,30})>(?P<ev>[^<>\n]{1,400})</(?P=ek)>"
    # a key, its separator, its value: `"name": `, `name=`, `:name => `, `'name' => `, `Name = `
    # (after the path of the object holding it: Helm's `env[0].name=`)
    # (a quoted key may hold the dots itself: `"property.name"`, `"property.value"`)
    r"|(?<![\w.$/-])(?:[A-Za-z_][\w-]{0,40}(?:\[\d{1,4}\])?\.){0,6}[:@]?(?P<kq>[\"']?)(?P<k>[A-Za-z][\w:-]{0,40}(?:\.[A-Za-z][\w:-]{0,40}){0,3})(?P=kq)"
    r"[ \t]*(?:=>|[:=](?![=:/]))[ \t]*"
    r"(?:(?P<kv>" + _VALUE + r")|(?P<ko>\{)))"
)
# A log's words naming a record: a role's noun then the quoted name (`Found key 'app.api.key'`,
# `field "bindPassword"`, `Setting variable 'DB_PASSWORD'`), or giving its value (`with value
# '…'`, `to "…"`, `set from flag: …`). (A pattern of its own, read only on a line holding a
# role's noun before a quote or `flag:`: most lines hold none.)
_PROSE_NOUNS = ("key", "field", "property", "setting", "variable", "option", "parameter", "secret")
_PROSE_NAMES = tuple(f"{noun} {quote}" for noun in _PROSE_NOUNS for quote in "'\"")  # (a noun, then its name quoted)
_PROSE = LazyPattern(
    r"(?<![\w.-])(?P<pk>(?i:key|field|property|setting|variable|option|parameter|secret))[ \t]+"
    r"(?P<pn>\"[^\"\n]{1,80}\"|'[^'\n]{1,80}')"
    r"|(?<![\w.-])(?i:value|to)[ \t]+(?P<pv>\"[^\"\n]{1,400}\"|'[^'\n]{1,400}')"
    r"|(?<![\w.-])(?i:flag):[ \t]*(?P<pf>" + _VALUE + r")"
)
# An element's start tag, then its text: `<entry key="jdbc.password">…</entry>`.
_ELEMENT_TEXT = LazyPattern(r"<(?P<t>[A-Za-z][\w:.-]{0,40})(?P<a>[ \t][^<>\n]{1,400})>(?P<c>[^<>\n]{1,400})</(?P=t)>")
_IDENTIFIER = LazyPattern(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
_BOUNDARY = LazyPattern(r"[{}|]|/>|</|<[A-Za-z]|&&")  # where a record ends (and `_ends_between`'s `;`)
_MAX_LINE = 1 << 20  # (a longer line comes in pieces: `lines`)


class _Field(NamedTuple):
    """A name or value field of a line: where it starts and ends, its role, its key's prefix
    (lowered), and its value's span."""

    start: int
    end: int
    role: str
    prefix: str
    value: tuple[int, int]


def _role(key: str, flag: bool = False) -> tuple[str, str] | None:
    """("name" or "value", the key's prefix lowered) for a field's key, None for any other key."""
    key = key.rsplit(":", 1)[-1]  # `android:name`
    key = key.rpartition(".")[2]  # `"property.name"`: its last part says its role
    if not (flag or key.lower().rstrip("0123456789").endswith(_ROLE_ENDS)):
        return None  # (most keys: no role's word at their end, told without splitting them)
    words = words_of(key)
    if not words:
        return None
    last, prefix = words[-1], "".join(words[:-1]).lower()
    if flag and key.upper() in _FLAG_VALUES:
        return "value", ""
    if flag and len(key) == 1:
        return ("name", "") if key.upper() in _FLAG_NAMES else None
    if last in NAME_ROLES:
        return "name", prefix
    if last in VALUE_ROLES:
        return "value", prefix
    return None


def field_role(key: str) -> str | None:
    """ "name" or "value" for a field's key or a column's header (`Name`, `fieldValue`), else None."""
    role = _role(key)
    return role[0] if role else None


def record_level(line: str) -> int | None:
    """The highest tier of what `line`'s name fields name; None when it holds no name field."""
    low = line.lower()
    if not any(word in low for word in _NAME_WORDS):
        return None  # (most lines: no name field's key at all)
    levels = [name_level(_literal(line, *f.value)[0].strip()) for f in _fields(line) if f.role == "name"]
    return max(levels) if levels else None


def name_level(name: str) -> int:
    """The tier of what a name field holds; a path by its last segment (`/spec/password`). A
    secret's or a token's name reads as a password's: the record sets the value under it,
    whatever a person chose (as `glue` reads a name set by `=`), but for a hash's (`password_hash`)."""
    if not name or MARK in name or "://" in name:
        return NOT_SECRET  # (a URL is a place, not a name: `curl -k https://…/oauth/token -d …`)
    last = name.rstrip("/").rsplit("/", 1)[-1]
    level = tier(last, whole=True)
    words = words_of(last)
    return PASSWORD if level == STRONG and words and words[-1] not in HASHED else level


def _fields(line: str) -> list[_Field]:
    """Each name or value field of `line`, in order."""
    out = []
    pattern, pos = _FIELD.compiled(), 0
    while (m := pattern.search(line, pos)) is not None:
        if m.group("ko"):
            # a key opening an object names the record inside it (its own name field, if any, too)
            out.append(_Field(m.end(), m.end(), "name", "", m.span("k")))
            pos = m.end()
            continue
        group = "fv" if m.group("f") else "ev" if m.group("ek") else "kv"
        key = m.group("fk") or m.group("ek") or m.group("k")
        role = _role(key, group == "fv")
        # another flag's argument may hold fields (`--tags Key=…,Value=…`, `-a 'option=… value=…'`),
        # and one that opens an object is a record, not a value (`-d '{"name": …, "value": …}'`)
        if group == "fv" and line[m.start(group) : m.start(group) + 2].lstrip("'\"").startswith("{"):
            role = None
        pos = m.start(group) if role is None and group == "fv" else m.end()
        if role is not None:
            out.append(_Field(m.start(), m.end(), role[0], role[1], m.span(group)))
    return _prose_fields(line, out) if "flag:" in line or _names_in_prose(line.lower()) else out


def _names_in_prose(low: str) -> bool:
    return any(n in low for n in _PROSE_NAMES)


def _is_name(v: str) -> bool:
    """An identifier of words, each in one case: `api_token_v2`, `API_TOKEN_V2`."""
    if _IDENTIFIER.fullmatch(v) is None or not is_wordy(v):
        return False
    return all(p.islower() or p.isupper() or p.isdigit() for p in v.split("_"))


def _prose_fields(line: str, out: list[_Field]) -> list[_Field]:
    """`out` and the fields a log's words give (`_PROSE`), in order."""
    for m in _PROSE.finditer(line):
        group = "pn" if m.group("pk") else "pv" if m.group("pv") else "pf"
        # `renamed key 'api_token' to 'api_token_v2'`: what a name is changed to is a name, made
        # of words each in one case (`Setting variable 'DB_PASSWORD' to 'Summer_2024'` or to
        # `'Xk9m_P2qR7tLw'` is a value)
        if m.group(0)[:2].lower() == "to" and _is_name(m.group(group)[1:-1]):
            continue
        out.append(_Field(m.start(), m.end(), "name" if group == "pn" else "value", "", m.span(group)))
    return sorted(out, key=lambda f: f.start)


def redact_named_fields(line: str, judged: Callable[[int, str], bool]) -> str:
    """`line` with each value field of a record whose name field names a secret marked, when
    `judged` (the tier of the name, the value) finds the value a secret."""
    if len(line) > _MAX_LINE:
        return line
    if not may_hold_record(line.lower()):
        return line  # no value field's key, or no name field's, on the line
    fields = _fields(line)
    if not any(f.role == "name" for f in fields):
        return line
    if ">" in line:
        for e in _ELEMENT_TEXT.finditer(line):  # an element's text, its attributes naming it
            if any(f.role == "name" and e.start("a") <= f.start < e.end("a") for f in fields):
                fields.append(_Field(e.start("c"), e.end("c"), "value", "", e.span("c")))
    fields.sort(key=lambda f: f.start)
    marks: list[tuple[int, int]] = []
    record: list[_Field] = []
    for n, field in enumerate(fields):
        record.append(field)
        if n + 1 == len(fields) or _ends_between(line, field.end, fields[n + 1].start):
            marks += _record_marks(line, record, judged)
            record = []
    if not marks:
        return line
    out, pos = [], 0
    for a, b in sorted(set(marks)):
        if a < pos:
            continue
        out += [line[pos:a], MARK]
        pos = b
    out.append(line[pos:])
    return "".join(out)


def _ends_between(line: str, a: int, b: int) -> bool:
    """Whether a record ends between `a` and `b`: a bracket, an element, a pipe; a `;` ends a
    statement (`…; UPDATE …`) but only separates fields inside braces (Nix's, PowerShell's `@{…; …}`)."""
    if _BOUNDARY.search(line, a, b) is not None:
        return True
    if line.find(";", a, b) == -1:
        return False
    opened, closed = line.find("{"), line.rfind("}")  # (searched from the ends: linear in the line)
    return not (opened != -1 and opened < a and closed >= b)


def _literal(line: str, a: int, b: int) -> tuple[str, int, int]:
    """The value at `a:b` without its quotes or the conversion around it, and its span."""
    if line[b - 1 : b] == ")" and (o := line.find("(", a, b)) != -1 and line[o + 1 : o + 2] in ("'", '"'):
        a, b = o + 1, b - 1  # `aws.String("…")`
    if b - a >= 2 and line[a] in "\"'" and line[b - 1] == line[a]:
        a, b = a + 1, b - 1
    return line[a:b], a, b


def _record_marks(line: str, record: list[_Field], judged: Callable[[int, str], bool]) -> list[tuple[int, int]]:
    """The spans to mark of one record's value fields (inside their quotes)."""
    names = [(f.prefix, name_level(_literal(line, *f.value)[0])) for f in record if f.role == "name"]
    named = [(prefix, level) for prefix, level in names if level != NOT_SECRET]
    if not named:
        return []
    out: list[tuple[int, int]] = []
    for f in record:
        if f.role != "value":
            continue
        # `ParameterKey` pairs with `ParameterValue`; a prefix on one side only is a qualifier (`defaultValue`)
        levels = [level for prefix, level in named if not (prefix and f.prefix and prefix != f.prefix)]
        if not levels:
            continue
        inner, a, b = _literal(line, *f.value)
        if MARK in inner or not judged(max(levels), inner.strip()):
            continue
        out.append((a, b))
    return out
