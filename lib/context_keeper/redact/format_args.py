"""A literal argument that a format string puts where a secret goes.

`fmt.Sprintf("host=db user=app password=%s", "…")`, `String.format("…;Password={0}", "…")`,
`"postgres://app:{}@db/app".format("…")` (or `% "…"`), Rust's `format!("postgres://app:{}@db/app", "…")`:
the format string says what each placeholder is, the argument is what it becomes. The format is read with its arguments in place (a literal as
itself, anything else as a name, which no rule takes), by the same rules as any line; a literal
the filled string loses was in a secret's position, and is marked where it is written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern, LazyRule

_STRING = r"\"(?:[^\"\\\n]|\\.){0,400}\""
_ONE_ARG = r"(?:" + _STRING + r"|[^,()\"\n]{1,80})"
# a printf-style call or a `String.Format`, its format literal, then its arguments
_CALL = (
    r"(?:\b[A-Za-z_][\w.]{0,40}(?:printf|Printf)|\b(?:String|string)\.[Ff]ormat|\bformat!?)\([ \t]*"
    # (C's and Go's writers first: `snprintf(buf, sizeof buf, "…", …)`, `fmt.Fprintf(w, "…", …)`)
    r"(?:[\w.>&*\[\]-]{1,40}(?:[ \t]+[\w.]{1,40})?[ \t]*,[ \t]*){0,2}"
    r"(?P<fmt>" + _STRING + r")(?P<args>(?:[ \t]*,[ \t]*(?:" + _STRING + r"|[^,()\"\n]{1,80}(?:\(\))?)){1,8})[ \t]*\)"
    # a format literal's own method: Python's `"….".format(…)` (a comma before each argument
    # but the first: were it optional, a long unclosed argument could be cut into eight runs
    # in every way, and the search would try each)
    r"|(?P<fmt2>" + _STRING + r")\.format\((?P<args2>[ \t]*" + _ONE_ARG + r"(?:[ \t]*,[ \t]*" + _ONE_ARG + r"){0,7})\)"
    r"|(?P<fmt3>" + _STRING + r")[ \t]*%[ \t]*(?P<args3>" + _STRING + r")"  # Python's `"…%s…" % "…"`
)
_ARG = LazyPattern(r"[ \t]*,?[ \t]*(?P<a>" + _STRING + r"|[^,()\"\n]{1,80}(?:\(\))?)")
# (every conversion, with its length modifier, takes an argument in turn, `%f` and `%lu` as `%s`:
# one left out would put each argument after it in the wrong place; `%%` takes none)
_PLACEHOLDER = LazyPattern(r"%%|%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[svqdxXfFeEgGicuopTtb]|\{\d?\}")
_PROBE = "argument"  # what a non-literal argument reads as: a word no rule takes for a secret


def _filled(fmt: str, args: list[str]) -> tuple[str, set[int]]:
    """`fmt` with its placeholders replaced by `args`, in order (an index, `{1}`, by its index),
    and the indices of the arguments it placed."""
    n = -1
    placed: set[int] = set()

    def one(p: re.Match[str]) -> str:
        nonlocal n
        if p.group(0) == "%%":
            return "%"
        n += 1
        index = int(p.group(0)[1]) if p.group(0)[0] == "{" and p.group(0)[1:2].isdigit() else n
        if index >= len(args):
            return p.group(0)
        placed.add(index)
        return args[index]

    return _PLACEHOLDER.sub(one, fmt), placed


def _sub(redact: Callable[[str], str]) -> Callable[[re.Match[str]], str]:
    def sub(m: re.Match[str]) -> str:
        which = next(w for w in ("", "2", "3") if m.group("fmt" + w) is not None)
        fmt_group, args_group = "fmt" + which, "args" + which
        fmt = m.group(fmt_group)[1:-1]
        if _PLACEHOLDER.search(fmt) is None or MARK in m.group(0):
            return m.group(0)
        spans = [a.span("a") for a in _ARG.finditer(m.group(args_group))]
        base = m.start(args_group) - m.start()
        whole = m.group(0)
        args = [whole[base + a : base + b] for a, b in spans]
        values = [a[1:-1] if a.startswith('"') and len(a) >= 2 else _PROBE for a in args]
        filled, placed = _filled(fmt, values)
        done = redact(filled)
        out, pos = [], 0
        # (an argument the format does not place is in no position the filled string could lose)
        for n, ((a, b), arg, value) in enumerate(zip(spans, args, values, strict=True)):
            if n in placed and arg.startswith('"') and len(value) >= 4 and value not in done:
                out += [whole[pos : base + a + 1], MARK]
                pos = base + b - 1
        return whole if not out else "".join(out) + whole[pos:]

    return sub


def compile_rules(redact: Callable[[str], str]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`; `redact` reads the filled format."""
    return ((("printf(", "Printf(", "ormat(", "format!(", '" % "'), LazyRule(_CALL, _sub(redact))),)
