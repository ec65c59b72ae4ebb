"""What is known of a long unquoted value without reading it, shared between the names that
stand inside its run.

On one long line that repeats a name and its sign (`password=password=…`, `token=token=…`),
each name's unquoted value runs to the same end, the end of the line (`line_starts.run_end`
finds it once): judged anew for every name, the values cost the line the square of its
length. A value longer than any shape but a random key's is no secret under a password's
name, and one of fewer kinds of character than a random key holds is no key; a run of few
kinds has no part that holds more, so that is counted once for the run. The last span counted
is kept (one text at a time: the rules read a line, then the next). A value that runs into
its own name and sign again (`key=key=…`) ends there: the name's next value is its own.
"""

from __future__ import annotations

from .line_starts import run_end

TYPE_CHECKING = False
if TYPE_CHECKING:
    from re import Match

    from .patterns import LazyPattern

KINDS_OF_A_KEY = 8  # what `values.looks_random` asks of a key at least: this many kinds of character
LONGEST_SHAPED = 200  # `password_shapes.password_shaped` and `nouns.judged`'s other shapes take no longer value

_FEW: list[object] = [None, 0, 0]  # (text, start, end): a span of fewer kinds than a key's
_CUT: list[object] = [None, 0, 0, 0, 0]  # (text, start, vstart, end matched, end kept): the last name cut


def few_kinds(text: str, begin: int, end: int) -> bool:
    """Whether `text[begin:end]` holds fewer than KINDS_OF_A_KEY distinct characters (then no
    part of it looks random): counted once for a span, then known of every span inside it."""
    kept_text, start, stop = _FEW
    if kept_text is text and start <= begin and end <= stop:  # type: ignore[operator]
        return True
    if len(set(text[begin:end])) >= KINDS_OF_A_KEY:
        return False
    _FEW[:] = [text, begin, end]
    return True


def long_plain_value(text: str, start: int, vstart: int, end: int, password: bool) -> bool:
    """Whether the unquoted value `nouns._value_at` reads at `vstart` after the name at `start`,
    its run ending at `end`, is judged no secret whatever it holds: longer than LONGEST_SHAPED
    after the cuts `_value_at` makes (a `,`, a query's `&`, a driver's `;`, a sentence's end; an end that its
    `_bare_value` would move is left to it), and under a password's name (`password`) or of
    too few kinds of character to look random."""
    if end - vstart <= LONGEST_SHAPED:
        return False  # (most values: nothing to cut)
    stop = text.find(",", vstart, end)
    stop = end if stop == -1 else stop
    if start and text[start - 1] in "?&;":
        for cut in "&;" if text[start - 1] == ";" else "&":
            at = text.find(cut, vstart, stop)
            stop = stop if at == -1 else at
    vend = stop  # (`whole.rstrip(".:!?")`, read back a few characters at most)
    while vend > vstart and stop - vend < 8 and text[vend - 1] in ".:!?":
        vend -= 1
    if vend - vstart <= LONGEST_SHAPED or text[stop - 1] in ",;)]}" or text[vend - 1] in ".:!?":
        return False
    return password or few_kinds(text, vstart, stop)


def before_the_name_again(text: str, start: int, vstart: int, end: int) -> int:
    """Where the unquoted run `text[vstart:end]` after the name and sign at `text[start:vstart]`
    meets that name and sign again (`secret_key=secret_key=…`), else `end`: what follows is the
    next name's value, not this one's, and each name judging the rest of the line again would
    cost the line the square of its length."""
    if end - vstart <= LONGEST_SHAPED or text[vstart] in "\"'`":
        return end  # (most values, and a quoted one: read whole, as before)
    again = text.find(text[start:vstart], vstart, end)
    return end if again == -1 else again


def match_to_the_name_again(
    head: LazyPattern, whole: LazyPattern, run: LazyPattern, text: str, start: int
) -> Match[str] | None:
    """`whole.match(text, start)`, whose last group `val` may be an unquoted run (`run`), with
    that run read only as far as `before_the_name_again` leaves it (`head`: `whole` with the
    run's first character only). Each path of the two patterns succeeds alike (nothing follows
    the run, which may stop after its first character), so both take the same groups; the run's
    end is found once for the names inside it (`line_starts.run_end`), and the match, held to
    the end the name's value keeps, reads no further: a line repeating a name whose values are
    kept (`key=key=…`) is read once, not once per name."""
    found = head.match(text, start)
    if found is None:
        return None
    vstart, first_end = found.span("val")
    if text[vstart] in "\"'`":
        return found  # (a quoted value: read whole, as `whole` reads it)
    end = before_the_name_again(text, start, vstart, run_end(run, text, first_end))
    # (a value that meets its name again at once, `key=key=…`, is empty: the match keeps its
    # first character, and `value_end` gives the empty one)
    _CUT[:] = [text, start, vstart, max(end, first_end), end]
    return whole.match(text, start, max(end, first_end))


def value_end(text: str, start: int, vstart: int, end: int) -> int:
    """`before_the_name_again` for a match of `match_to_the_name_again`, whose value may end
    before the match does (an empty one)."""
    kept_text, kept_start, kept_vstart, kept_match_end, kept_end = _CUT
    if kept_text is text and (kept_start, kept_vstart, kept_match_end) == (start, vstart, end):
        return kept_end  # type: ignore[return-value]
    return before_the_name_again(text, start, vstart, end)
