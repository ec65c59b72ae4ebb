"""Whether a value was typed by counting: a stand-in a person wrote where a key would go.

`0a1b2c3d4e5f6a7b…`, `a1b2c3d4-e5f6-g7h8`, `d4c3b2a1`, `abcdefg1234`, `…-ABCDEFGHIJKL-…`: letters
that step along the alphabet and digits that step along theirs, each judged against the last
character of its own kind, so letters and digits may alternate (`a1b2`) or follow in runs
(`abcd1234`). Eight such characters in a row come from a random draw about once in 36^7 per
place (hex, with six letters, once in 10^4 of 64-character digests: it needs twelve); a person
writes them to fill a key's shape in an example. A person also chooses such a run as a short
password (`a1b2c3d4`, `abcd1234`), so only a value of key length is judged.
"""

from __future__ import annotations

_RUN = 8  # characters in a row that count
_HEX_RUN = 12  # the same in a hex value, whose letters step along six
_HEX = frozenset("0123456789abcdef-_.")
_KEY_LENGTH = 16  # shorter: a password a person may have chosen as a run
_LONGEST = 256  # longer values are not read here (a line's run, not a typed key)
_SKIPPED = frozenset("-_.")  # a key's separators: `a1b2c3d4-e5f6`
_ORDERS = ("abcdefghijklmnopqrstuvwxyz", "0123456789")
# Each character's place along its order, and its order (letters 0, digits 1).
_PLACE = {c: (i, k) for k, order in enumerate(_ORDERS) for i, c in enumerate(order)}


def typed_by_counting(v: str) -> bool:
    """A value of key length holding `_RUN` characters in a row that count up, or down, each
    from the last of its kind (`9` then `0` counts: `i9j0k1`)."""
    if not _KEY_LENGTH <= len(v) <= _LONGEST:
        return False
    low = v.lower()
    need = _HEX_RUN if _HEX.issuperset(low) else _RUN
    return _longest_run(low, 1) >= need or _longest_run(low, -1) >= need


def _longest_run(low: str, step: int) -> int:
    best = run = 0
    last: list[int | None] = [None, None]  # the place of the run's last letter, its last digit
    previous: tuple[int, int] | None = None  # the character before, in the run or not
    for c in low:
        if c in _SKIPPED:
            continue
        place = _PLACE.get(c)
        if place is None:
            run, last, previous = 0, [None, None], None
            continue
        i, kind = place
        before = last[kind]
        if before is None or i == (before + step) % len(_ORDERS[kind]):
            run += 1
        else:
            # A new run from here; the character before it joins when of the other kind (`8a1b…`:
            # `a` starts the run `1` breaks, since `a1` may count on).
            run, last = 1, [None, None]
            if previous is not None and previous[1] != kind:
                run, last[previous[1]] = 2, previous[0]
        last[kind] = i
        previous = place
        best = max(best, run)
    return best
