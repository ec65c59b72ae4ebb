"""A bound parameter under a secret's column: the statement names the column, the parameter list
that an ORM or a driver logs beside it holds the value.

`INSERT INTO users (email, password) VALUES (?, ?)` then `==> Parameters: bob(String), …(String)`;
`UPDATE accounts SET password = $2 WHERE id = $1` then `parameters: $1 = '17', $2 = '…'`;
`… VALUES (@p0, @p1)` under `[Parameters=[@p0='bob', @p1='…']]`. The statement lends each column's
name to its slot: a positional placeholder (`?`, `%s`, `{}`) the next index, `$n` the index n, a
named one (`@p1`, `:password`, `%(password)s`) its name. The parameters are read, within a few lines
of the statement, in their common shapes: a bracketed list or tuple (`["bob","…"]`, `('bob', '…')`),
`value(Type), …`, one binding a line with its index (`binding parameter [2] as [VARCHAR] - […]`,
`1 => "…"`), a name then its value (`@p1='…'`, `$2 = '…'`, `"password": "…"`,
`["password", "…"]`). A value under a secret's column is then judged as any value after that name
(`nouns.judged`: placeholders, masks, references and hashes of a non-password name are kept).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern

# (a lower-case text: the statement's keywords in any case)
TRIGGERS = tuple(w for k in ("insert", "update", "select", "delete") for w in (k.upper(), k, k.capitalize()))
_REACH = 800  # characters either side at most
_NEAR = 3  # lines either side of the statement: drivers log the parameters beside it
_NAME = r"[`\"\[]?[A-Za-z_][\w]{0,60}[`\"\]]?"
_TABLE = r"(?:" + _NAME + r"\.)?" + _NAME
# (a formatter's statement, Hibernate's `format_sql`, breaks it over indented lines: a line break
# counts as a space inside it)
_BREAK = r"\n(?=[ \t]+(?![A-Za-z_]\w*:))"  # (an indented line, not a label's: `\tPARAMETERS: …`)
_S = r"(?:[ \t]|" + _BREAK + r")"
_ROW = r"\((?:[^()\n]|" + _BREAK + r"|\([^()\n]{0,80}\)){1,800}\)"  # (a call inside: `NOW()`, `crypt(?, …)`)
_STATEMENT = LazyPattern(
    # (after a word's edge, or after an escaped line break: a statement logged inside a JSON or
    # logfmt string, `db.statement="\\n\\nINSERT …"`)
    r"(?:\b|(?<=\\[nt]))insert"
    + _S
    + r"{1,40}into"
    + _S
    + r"{1,40}"
    + _TABLE
    + _S
    + r"{0,40}\((?P<cols>(?:[^()\n]|"
    + _BREAK
    + r"){1,800})\)\s{0,40}values"
    + _S
    + r"{0,40}(?P<phs>"
    + _ROW
    + r"(?:[ \t]*,[ \t]*"
    + _ROW
    + r"){0,50})"
    # (a query's or a delete's conditions bind values as an update's assignments do: `WHERE password = ?`)
    r"|(?:(?:\b|(?<=\\[nt]))update"
    + _S
    + r"{1,40}"
    + _TABLE
    + _S
    + r"{1,40}set|\b(?:select|delete)\b[^\n;]{0,400}?\bwhere)"
    + _S
    + r"{1,40}(?P<sets>(?:[^\n;]|"
    + _BREAK
    + r"){1,800})"
)
# (`@` not in an address, `:` not in a cast: `$1::text`)
_SLOT_SOURCE = r"\?|\$\d{1,2}|(?<![\w@])@\w{1,40}|(?<![\w:]):[A-Za-z_]\w{0,40}|%s|%\((?P<n>\w{1,40})\)s|\{\}"
_SLOT = LazyPattern(_SLOT_SOURCE)
_SLOT_CHARS = "?$@:%{"  # (every placeholder holds one)
_QUOTED = r"\"(?:[^\"\\\n]|\\.){0,400}\"|'(?:[^'\\\n]|\\.){0,400}'"
# a statement's parts in order: a column compared or set, a placeholder, a literal (skipped)
_PART = LazyPattern(
    r"(?P<col>" + _NAME + r")[ \t]*(?:=(?!=)|[<>!]=?|(?i:like|in)\b)"
    r"|(?P<ph>" + _SLOT_SOURCE.replace("?P<n>", "?:") + r")|" + _QUOTED
)
# a value: quoted, or bare up to a separator (MyBatis' `bob(String)` keeps its type apart)
_VALUE = r"(?P<v>" + _QUOTED + r"|[^\s,\[\]\(\)\{\}\"']{1,400})"
# a parameter list's opening: after a marker word, or a bracket after the statement
_LIST_MARK = LazyPattern(
    r"(?i:parameters|params|bindings?|bind|args|arguments|binds|replacements|substitutions)\b[^\n\[\(\{:=]{0,20}(?:=>|[:=])?[ \t]*(?:=>[ \t]*)?"
    r"(?:array(?::\d+)?[ \t]*)?(?P<open>[\[\(\{])?"
)
_NAMED_VALUE = r"(?![\w])[\"'\]]?[ \t]*(?:=>|[:=,])[ \t]*" + _VALUE
_ITEM = LazyPattern(
    r"[ \t]*(?:(?:" + _QUOTED + r")[ \t]*(?::|=>)[ \t]*)?" + _VALUE + r"(?:\([A-Za-z][\w.]{0,30}\))?[ \t]*,?"
)
_INDEXED = LazyPattern(
    r"(?i:(?:parameter|index|param)\D{0,12}?(?P<i>\d{1,2})\b[^\n]{0,60}?(?:value[ \t]*|-[ \t]*|<-[ \t]*)\[(?P<bv>[^\]\n]{0,400})\])"
    r"|^[ \t]*\"?(?P<j>\d{1,2})\"?[ \t]*=>[ \t]*(?P<jv>" + _QUOTED + r"|[^\s,]{1,400})"
    # a driver's setter, its index then its value: JDBC's `setString(2, …)`
    r"|\bset[A-Z]\w{0,20}\([ \t]*(?P<k>\d{1,2})[ \t]*,[ \t]*(?P<kv>" + _QUOTED + r"|[^\s,()]{1,400})[ \t]*\)"
    # a trace's index then its quoted value, ending its line: `Public Enter: 2, "…"`
    r"|(?<![\w.])(?P<l>\d{1,2}),[ \t]*(?P<lv>" + _QUOTED + r")[ \t\r]*$",
    re.MULTILINE,
)
_INDEX_GROUPS = (("i", "bv"), ("j", "jv"), ("k", "kv"), ("l", "lv"))


def _unquoted(v: str) -> tuple[str, int]:
    """The value inside its quotes, and the quote's width."""
    if len(v) >= 2 and v[0] in "\"'" and v[-1] == v[0]:
        return v[1:-1], 1
    return v, 0


def _slots(m: re.Match[str], text: str) -> tuple[dict[int, str], dict[str, str], int]:
    """The statement's columns by positional index and by placeholder name, and where its last
    placeholder ends (`m` found in a lower-case copy of `text`: the names are read in `text`)."""
    pairs: list[tuple[str | None, str]] = []
    end = m.end()
    if m.group("cols") is not None:
        cols = [c.strip() for c in text[m.start("cols") : m.end("cols")].split(",")]
        for k, item in _row_items(m.group("phs")):
            col = cols[k] if k < len(cols) else None
            if item[:1] in "\"'":
                continue  # (a literal: no slot)
            for p in _SLOT.compiled().finditer(item):
                pairs.append((col, p.group(0)))
                col = None  # (a slot after the first in an item: `crypt(?, ?)`)
    else:
        col = None
        for p in _PART.compiled().finditer(text, m.start("sets"), m.end("sets")):
            if p.group("col") is not None:
                col = p.group("col")
            elif p.group("ph") is not None:
                pairs.append((col, p.group("ph")))
                col, end = None, p.end()
    return _by_slot(pairs) + (end,)


def _row_items(rows: str) -> list[tuple[int, str]]:
    """The top-level items of `VALUES (…), (…)`, each with its place in its row."""
    items: list[tuple[int, str]] = []
    depth, start, k = 0, 0, 0
    for i, c in enumerate(rows):
        if c == "(":
            depth += 1
            if depth == 1:
                start, k = i + 1, 0
        elif c == ")":
            depth -= 1
            if depth == 0:
                items.append((k, rows[start:i].strip()))
        elif c == "," and depth == 1:
            items.append((k, rows[start:i].strip()))
            start, k = i + 1, k + 1
    return items


def _by_slot(pairs: list[tuple[str | None, str]]) -> tuple[dict[int, str], dict[str, str]]:
    """Columns by positional index and by placeholder name, from (column, placeholder) in order."""
    by_index: dict[int, str] = {}
    by_name: dict[str, str] = {}
    n = 0
    for col, ph in pairs:
        name = col.strip('`"[]').rsplit(".", 1)[-1].strip('`"[]') if col else ""
        if ph[0] == "$":
            index, key = int(ph[1:]) - 1, ph
        elif ph in ("?", "%s", "{}"):
            index, key, n = n, "", n + 1
        else:  # (named slots are bound in order too: `@p0, @p1`)
            key = ph[2:-2] if ph.startswith("%(") else ph
            index, n = n, n + 1
        if not name:
            continue
        by_index[index] = name
        if key:
            by_name[key] = name
            by_name[key.lstrip("@:")] = name
        by_name.setdefault(name, name)  # (Rails logs each value beside its column's name)
    return by_index, by_name


def _list_values(window: str, start: int) -> list[tuple[int, int]]:
    """Spans of the first parameter list's values in `window` from `start`."""
    for mk in _LIST_MARK.compiled().finditer(window, start):
        pos = mk.end()
        close = {"[": "]", "(": ")", "{": "}"}.get(mk.group("open") or "", "\n")
        if close == "]" and window.startswith("[", pos):
            pos += 1  # (one batch's list inside the list of batches: `[[bob, …]]`)
        spans: list[tuple[int, int]] = []
        while pos < len(window):
            it = _ITEM.match(window, pos)
            if it is None or it.end() == pos:
                break
            spans.append(it.span("v"))
            pos = it.end()
            if window.startswith(close, pos) or window.startswith("\n", pos):
                break
        if len(spans) == 1 and close in "]\n" and " " in window[spans[0][0] : spans[0][1]]:
            continue
        if spans:
            return spans
    return []


def _bracket_after(window: str, start: int) -> list[tuple[int, int]]:
    """Spans of a bare bracketed list on the statement's line after it (`… ["bob","…"]`, a tuple,
    an object keyed by position: `{"1":"bob","2":"…"}`)."""
    end = window.find("\n", start)
    end = len(window) if end == -1 else end
    i = start
    while True:
        i = min((p for p in (window.find(c, i, end) for c in "[({") if p != -1), default=-1)
        if i == -1:
            return []
        spans: list[tuple[int, int]] = []
        pos = i + 1
        while pos < end:
            it = _ITEM.match(window, pos)
            if it is None or it.end() == pos:
                break
            spans.append(it.span("v"))
            pos = it.end()
            if window.startswith(("]", ")", "}"), pos):
                break
        if len(spans) >= 2 or (spans and window[i] != "("):
            return spans
        i += 1


def redact_bound(text: str) -> str:
    """The values bound under a secret's column, marked where the parameter list holds them."""
    from .pairs import lowered

    if not any(c in text for c in _SLOT_CHARS):
        return text  # (no placeholder: most lines that say `update` or `select` are prose)
    low = lowered(text)
    marks: list[tuple[int, int]] = []
    if len(low) != len(text):  # (a lower case of another length: the text itself, in any case)
        for m in re.finditer(_STATEMENT.compiled().pattern, text, re.I | re.A):
            marks += _bound_marks(text, m)
    # (the keywords found by `find`, the statement matched only there: a long text holds few)
    for word in ("insert", "update", "select", "delete") if len(low) == len(text) else ():
        at = low.find(word)
        while at != -1:
            m = _STATEMENT.match(low, at)
            if m is not None:
                marks += _bound_marks(text, m)
            at = low.find(word, at + len(word) if m is None else m.end())
    if not marks:
        return text
    out, pos = [], 0
    for s, e in sorted(set(marks)):
        if s < pos:
            continue
        out += [text[pos:s], MARK]
        pos = e
    return "".join(out) + text[pos:]


def _bound_marks(text: str, m: re.Match[str]) -> list[tuple[int, int]]:
    """The spans in `text` of the secret values bound by the statement `m`."""
    from .named_fields import field_role
    from .names import NOT_SECRET, tier

    by_index, by_name, end = _slots(m, text)
    roles = {c: field_role(c) for c in {*by_index.values(), *by_name.values()}}
    # a table of names and values (`INSERT INTO settings (name, value)`): each row a record
    record = {"name", "value"} <= set(roles.values())
    wanted = {c for c, role in roles.items() if tier(c) != NOT_SECRET or (record and role)}
    slots = {i: c for i, c in by_index.items() if c in wanted}
    named = {k: c for k, c in by_name.items() if c in wanted}
    if not wanted:
        return []
    a = m.start()
    for _ in range(_NEAR + 1):
        a = text.rfind("\n", 0, a - 1) + 1 if a > 0 else 0
    b = end
    for _ in range(_NEAR):
        nb = text.find("\n", b + 1)
        b = len(text) if nb == -1 else nb
    a, b = max(a, m.start() - _REACH), min(b, end + _REACH)  # (a long line: a bounded window)
    window = text[a:b]
    found: list[tuple[str, tuple[int, int]]] = []
    for key, col in named.items():
        for k in re.finditer(r"(?<![\w@$:%])" + re.escape(key) + _NAMED_VALUE, window):
            if k.start() < m.start() - a or k.start() >= end - a:
                found.append((col, k.span("v")))
    indexed = [
        (int(x.group(i)), x.span(v))
        for x in _INDEXED.compiled().finditer(window)
        for i, v in _INDEX_GROUPS
        if x.group(i) is not None
    ]
    if indexed:
        base = 0 if any(i == 0 for i, _ in indexed) else 1
        found += [(slots[i - base], span) for i, span in indexed if i - base in slots]
    else:
        after = end - a
        spans = _list_values(window, after) or _list_values(window, 0) or _bracket_after(window, after)
        found += [(slots[i], spans[i]) for i in slots if i < len(spans)]
    return [(a + s, a + e) for s, e in _judged(window, found, roles if record else {})]


def _judged(
    window: str, found: list[tuple[str, tuple[int, int]]], roles: dict[str, str | None]
) -> list[tuple[int, int]]:
    """The spans (inside their quotes) of `found`'s values that are secrets: under a secret's
    column, or under a value column beside a name column whose value names a secret."""
    from .named_fields import name_level
    from .names import NOT_SECRET
    from .nouns import judged

    values = [(col, s + q, e - q, v) for col, (s, e) in found for v, q in [_unquoted(window[s:e])]]
    names = [name_level(v.strip()) for col, _, _, v in values if roles.get(col) == "name"]
    row = max(names, default=NOT_SECRET)
    marks = []
    for col, s, e, v in values:
        level = row if roles.get(col) == "value" else name_level(col)  # (a token's name as a password's:
        if level != NOT_SECRET and judged(level, v.strip()):  # the statement sets the value)
            marks.append((s, e))
    return marks


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`: on one line and on a whole text."""
    return ((TRIGGERS, redact_bound),)
