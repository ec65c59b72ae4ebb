"""Features of the ranking's candidate messages, for bench/failures_ranker.py's trained ranker.

    features(units, lines, kinds) -> one sparse vector (name -> value) per unit

A unit is what `failures.ranking` makes of a line that may be the message (the line joined
with what continues it). Its features are the line shapes `failures.shapes` knows (exception
names, levels, locations, expected/actual wording, ...), generic lexical ones (word and
character-class n-grams of the unit's normalised words, hashed into a fixed number of
buckets: quoted strings, paths, identifiers and numbers each become one token, so what
carries over between tools is the wording around them) and where the unit stands in the
output (its place among the units, its distance to the first and last line that reads as an
error, its indentation and length, its neighbours' kinds, whether it repeats). Pure Python, written to run in the product unchanged
(inference is a dot product of these with a weights dict) should a trained ranker ever earn its place.
"""

from __future__ import annotations

import math
import re
import zlib
from typing import Any

from context_keeper.failures import shapes, wording

BUCKETS = 1 << 12
# How much of a unit's text is read for its words (the message is at its start).
TEXT_CHARS = 200

_QUOTED_RE = re.compile(r"'[^'\n]{0,80}'|\"[^\"\n]{0,80}\"|`[^`\n]{0,80}`|‘[^’\n]{0,80}’|“[^”\n]{0,80}”")
_PATH_RE = re.compile(r"(?:[\w.@~+-]*/)+[\w.@~+-]*|\b[\w-]+\.[A-Za-z]{1,5}\b(?::\d+)*")
_IDENT_RE = re.compile(r"\b(?:[A-Za-z]\w*(?:\.|::)\w[\w.:]*|[a-z]+_\w+|[a-z]+[A-Z]\w*|_\w+)\b")
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")
_TOKEN_RE = re.compile(r"[A-Za-z]+|[^\sA-Za-z]")
_CLASS_RE = ((re.compile(r"[A-Z]"), "A"), (re.compile(r"[a-z]"), "a"), (re.compile(r"\d"), "0"))


def normalised(text: str) -> list[str]:
    """The unit's words with what is particular to one run or one tool made generic."""
    s = _QUOTED_RE.sub(" Q ", text[:TEXT_CHARS])
    s = _PATH_RE.sub(" P ", s)
    s = _IDENT_RE.sub(" I ", s)
    s = _NUMBER_RE.sub(" 0 ", s)
    return [t if t in ("Q", "P", "I") else t.lower() for t in _TOKEN_RE.findall(s)]


def char_shape(text: str) -> str:
    """Letters, capitals and digits as classes, runs collapsed (`Error: x 12` -> `Aa: a 0`)."""
    s = text[:40]
    for pattern, cls in _CLASS_RE:
        s = pattern.sub(cls, s)
    return re.sub(r"(.)\1+", r"\1", s)


def _bucket(key: str) -> str:
    # A stable hash (the built-in one changes between runs).
    return f"h{zlib.crc32(key.encode('utf-8')) % BUCKETS}"


def lexical(text: str) -> dict[str, float]:
    tokens = normalised(text)
    keys = [f"w:{t}" for t in tokens]
    keys += [f"b:{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)]
    if tokens:
        keys += [f"first:{tokens[0]}", f"first2:{' '.join(tokens[:2])}", f"last:{tokens[-1]}"]
    shape = char_shape(text)
    keys += [f"s3:{shape[i : i + 3]}" for i in range(max(len(shape) - 2, 0))]
    keys.append(f"sp:{shape[:6]}")
    weight = 1.0 / math.sqrt(len(keys)) if keys else 0.0
    out: dict[str, float] = {}
    for key in keys:
        bucket = _bucket(key)
        out[bucket] = out.get(bucket, 0.0) + weight
    return out


def shape_features(text: str) -> dict[str, float]:
    """What `failures.shapes` and `failures.wording` know about a line, one feature a pattern."""
    r, w = shapes, wording
    found = {
        "exception": w.EXC_RE.search(text),
        "level": w.LEVEL_RE.search(text),
        "os_error": w.OS_ERROR_RE.search(text),
        "loc_start": r.LOC_START_RE.match(text),
        "loc_tail": r.LOC_TAIL_RE.search(text),
        "compare": w.COMPARE_RE.search(text),
        "paired": w.PAIRED_RE.search(text),
        "failed_colon": w.FAILED_COLON_RE.search(text),
        "weak": w.WEAK_RE.search(text),
        "warning": w.WARNING_RE.search(text),
        "code": w.is_code(text),
        "note": r.NOTE_RE.search(text),
        "rule_id": r.RULE_ID_RE.search(text),
        "pair_key": r.PAIR_KEY_RE.match(text),
        "count_summary": r.is_count_summary(text),
        "summary_words": r.is_summary_words(text),
        "title": r.title(text) is not None,
        "program": r.PROGRAM_RE.match(text),
        "ends_colon": text.endswith(":"),
        "joined": "; " in text,
        "short": len(text) < 4,
        "few_words": len(text.split()) <= 2,
    }
    return {f"f:{name}": 1.0 for name, hit in found.items() if hit}


def _band(value: int, edges: tuple[int, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return str(edge)
    return "more"


def _starts(kinds: list[str], count: int) -> list[int] | None:
    """The line each unit starts on: the lines still of kind `text` once the ranking has
    marked what it joined as `used`; None when they do not pair up one to one."""
    starts = [n for n, kind in enumerate(kinds) if kind == "text"]
    return starts if len(starts) == count else None


def _markers(lines: list[shapes.Line]) -> list[int]:
    """The lines that read as an error by themselves."""
    return [n for n, line in enumerate(lines) if line.core and wording.score(line.core, False) >= 4]


def position_features(
    units: list[tuple[Any, ...]], lines: list[shapes.Line], kinds: list[str]
) -> list[dict[str, float]]:
    """Where each unit stands in its piece of output."""
    count = len(units)
    starts = _starts(kinds, count)
    markers = _markers(lines)
    seen: dict[str, int] = {}
    for line in lines:
        seen[line.core] = seen.get(line.core, 0) + 1
    out = []
    for i in range(count):
        f = {"p:rel": i / max(count - 1, 1), f"p:units{_band(count, (1, 2, 4, 8, 16))}": 1.0}
        if i == 0:
            f["p:first"] = 1.0
        if i == count - 1:
            f["p:last"] = 1.0
        if starts is not None:
            n = starts[i]
            line = lines[n]
            f["p:line_rel"] = n / max(len(lines) - 1, 1)
            f[f"p:indent{_band(line.indent, (0, 2, 4, 8))}"] = 1.0
            f[f"p:len{_band(len(line.core), (8, 20, 40, 80, 160))}"] = 1.0
            f[f"p:prev:{kinds[n - 1] if n > 0 else 'edge'}"] = 1.0
            f[f"p:next:{kinds[n + 1] if n + 1 < len(kinds) else 'edge'}"] = 1.0
            if seen.get(line.core, 0) > 1:
                f["p:repeats"] = 1.0
            if markers:
                first, last = n - markers[0], markers[-1] - n
                f[f"p:from_first{_band(abs(first), (0, 1, 3, 7, 15))}{'-' if first < 0 else ''}"] = 1.0
                f[f"p:to_last{_band(abs(last), (0, 1, 3, 7, 15))}{'-' if last < 0 else ''}"] = 1.0
            else:
                f["p:no_marker"] = 1.0
        else:
            f["p:unplaced"] = 1.0
        out.append(f)
    return out


def features(
    units: list[tuple[Any, ...]], lines: list[shapes.Line], kinds: list[str], with_score: bool = True
) -> list[dict[str, float]]:
    """One sparse vector per unit (`units` as `ranking` makes them from `lines`, `kinds`
    as `ranking` leaves them); with `with_score`, the hand-set score as a feature too."""
    placed = position_features(units, lines, kinds)
    out = []
    for (text, score, located, *_), where in zip(units, placed, strict=True):
        flat = " ".join(text.split())
        f = {**shape_features(flat), **lexical(flat), **where}
        if located:
            f["f:located"] = 1.0
        if with_score:
            f["r:score"] = max(min(score, 20), -20) / 10
            f[f"r:band{_band(score, (-1, 0, 2, 4, 6, 9))}"] = 1.0
        out.append(f)
    return out
