"""The token in a link that acts for whoever opens it: an invitation, a password reset, a
recovery, a magic sign-in, an account's activation, a sign-in a CLI waits on.

Such a link is a credential by what its path says it does: a tool prints it for its user to
open or to share (`https://tele.example.com/web/invite/<token>`, `/user/reset/1/1732701731/<token>/login`,
`/recovery/use-token/<token>/`), and whoever has it is let in. Two readings:

- a path segment that names the link's act (`invite`, `reset`, `recovery`, `magic`, `activate`,
  `verify`, `confirm`, `join`, `signup`, `onboarding`, …), then, past numbers (a user's
  id, a timestamp) and more such words (`accept`, `link`), a random token: taken;
- a sentence about signing in that sends its user to a link (`To authenticate, visit:`, then the
  URL on a line below or after it on the line), or a command named for making such a link
  (`… generate_realm_creation_link`, `… user:invite`) with the link alone on a line below: the
  link's last path segment, when random, is the code of that sign-in or that link.

A token is letters and digits both (or both cases, long), twelve characters or more (eight for a
sign-in's code), not built from words (`password-reset-flow`, `install-v2`, a page's slug of
words and digits such as `newsletter2024promo` or `Guide2Auth`), not a date; a commit's or an
image's digest stands after other words (`/commit/`, `/images/`) and is kept. A name that holds
an act's word but ends in another names a thing, not the act (a project's `onboarding-app`, a
file's `reset_db`): it names the act when its last part is an act's word or one of the words
that follow one (`reset-password`, `magic-link`, `generate_realm_creation_link`, `user:invite`).
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .values import has_word_part, is_wordy

# Words a link's path names its act with (a segment's parts split on `-`/`_`).
_ACTS = frozenset(
    "invite invites invitation invitations accept reset recovery recover magic magiclink activate "
    "activation verify verification confirm confirmation join signup register registration onboarding "
    "onboard claim passwordless enroll enrollment welcome uli otp".split()
)
# Segments that may stand between the act and the token: more of the act's words.
# (`token` is not an act on its own: a block explorer's `/token/0x…` names a contract)
_BETWEEN = frozenset("link use token account user email password new".split()) | _ACTS
# (a link's scheme: one trigger shared with the other rules that read URLs, rather than one for
# each act's word in each case)
TRIGGERS = ("://",)
_URL = LazyPattern(r"(?i:https?)://[^\s/\"'<>`]+(?P<path>(?:/[^\s/?#\"'<>`]*)+)")
_PART = LazyPattern(r"[-_]")
_NAME_PART = LazyPattern(r"[-_:]")
_DATE = LazyPattern(r"\d{4}-\d\d-\d\d")
_TOKEN_CHARS = LazyPattern(r"[A-Za-z0-9_~.=-]+")
# A run of one kind: a word (capitalised or not), an upper-case run, digits.
_RUNS = LazyPattern(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_VOWELS = frozenset("aeiouyAEIOUY")


def _slug(v: str) -> bool:
    """Words and digits (`newsletter2024promo`, `Guide2Auth`): at most four runs, each of letters
    three long or more and spoken (a vowel in it); a random token changes kind far more often."""
    runs = _RUNS.findall(v)
    if sum(map(len, runs)) != len(v) or len(runs) > 4:
        return False
    return all(r.isdigit() or (len(r) >= 3 and not _VOWELS.isdisjoint(r)) for r in runs)


def _names_act(segment: str) -> bool:
    """Whether a path's segment (parts split on `-`, `_`) names a link's act: an act's word in
    it, and its last part one of the act's words (`onboarding-app` names a project)."""
    parts = _PART.split(segment.lower())
    return any(p in _ACTS for p in parts) and parts[-1] in _BETWEEN


def is_link_token(v: str, min_len: int = 12) -> bool:
    """Random enough to be a link's token: letters and digits, or both cases over twenty
    characters; not words, not a date."""
    if len(v) < min_len or len(v) > 256 or _DATE.match(v) is not None or _TOKEN_CHARS.fullmatch(v) is None:
        return False
    if v[:2] in ("0x", "0X"):
        return False  # a chain's address or transaction: public
    letters = sum(c.isalpha() for c in v)
    digits = sum(c.isdigit() for c in v)
    mixed = any(c.islower() for c in v) and any(c.isupper() for c in v)
    if not ((letters and digits) or (mixed and len(v) >= 20)):
        return False
    return not (has_word_part(v) or is_wordy(v) or _slug(v))


def _token_after_act(path: str) -> tuple[int, int] | None:
    """Where, in `path`, the token after an act's segment is (start, end), if one is."""
    segments = path.split("/")
    at = 0
    acted = False
    for seg in segments:
        start = at
        at += len(seg) + 1
        if not seg:
            continue
        parts = _PART.split(seg.lower())
        if _names_act(seg):
            acted = True
        elif acted and not seg.isdigit() and not all(p in _BETWEEN for p in parts):
            return (start, start + len(seg)) if is_link_token(seg) else None
    return None


def redact_acting_links(line: str) -> str:
    """`line` with the token of each link whose path names what it does marked."""
    if "://" not in line:
        return line
    out: list[str] = []
    pos = 0
    for m in _URL.finditer(line):
        span = _token_after_act(m.group("path"))
        if span is None:
            continue
        start = m.start("path") + span[0]
        if MARK in line[start : m.start("path") + span[1]]:
            continue
        out.append(line[pos:start])
        out.append(MARK)
        pos = m.start("path") + span[1]
    if not out:
        return line
    out.append(line[pos:])
    return "".join(out)


# A sentence about signing in, then (on its line or up to three lines below, blank lines
# between allowed) the link it sends its user to; the link's last path segment is the code.
_SIGN_IN = LazyPattern(r"(?i:authenticat|sign[ \t-]?in\b|log[ \t-]?in\b|\bSSO\b|approve\b|register\b)")
_VERB = LazyPattern(r"(?i:\bvisit|\bopen|\bgo[ \t]+to|\bnavigate[ \t]+to|\bbrowse[ \t]+to)\b")
_VERBS = ("visit", "open", "go to", "navigate to", "browse to")
# A command named for making such a link (`generate_realm_creation_link`, `user:invite`, `drush
# uli`: one of its first four words, not a file's name such as `reset.go`), after a shell
# prompt; the link stands alone on a line below it. The word names the act when its last part
# (split on `-`, `_`, `:`) is one of the act's words (`reset_db` names a database).
_MADE_BY = LazyPattern(
    r"[ \t]*(?:[\w.@~:/-]*[ \t]?)?[$%❯][ \t]+(?:\S+[ \t]+){0,3}"
    r"(?P<w>[^\s.]*?(?i:link|invit|\buli\b|magic|recover|reset|onboard|signup)[^\s.]*)(?=[ \t\r]|$)"
)
_LINK_END = frozenset(" \t\r\n\"'<>`)")  # (a query or a fragment after the path: no code's link)


def _final_segment(text: str, at: int) -> tuple[int, int] | None:
    """The span of the last path segment of the link at `at`, when the path ends the link (no
    query, no fragment) and the segment is a code (`is_link_token`, eight characters or more)."""
    m = _URL.match(text, at)
    if m is None or (m.end() < len(text) and text[m.end()] not in _LINK_END):
        return None
    end = m.end() - 1 if text[m.end() - 1] == "/" else m.end()
    start = text.rfind("/", m.start("path"), end) + 1
    return (start, end) if is_link_token(text[start:end], 8) and MARK not in text[start:end] else None


def _alone_below(text: str, end: int) -> tuple[int, int] | None:
    """The code of the link alone on a line below the one ending at `end` (blank lines between
    allowed, at most two)."""
    at = end + 1
    for _ in range(3):
        stop = text.find("\n", at)
        stop = len(text) if stop < 0 else stop
        line = text[at:stop]
        if line.strip():
            lead = len(line) - len(line.lstrip(" \t"))
            span = _final_segment(text, at + lead)
            return span if span is not None and not text[span[1] : stop].strip("/ \t\r") else None
        at = stop + 1
        if at > len(text):
            return None
    return None


def _sentence_end(text: str, end: int) -> int:
    """Where the sentence on the line ending at `end` ends: there, or at the end of one of the
    next two lines when it goes on to one that ends in `:` (a sentence wrapped to the width of a
    terminal: `… link to register your` / `new organization:`), with no link in between."""
    last = end  # (the line's own end, read back from `end`: not a copy of the text before it)
    while last > 0 and text[last - 1] in " \t\r":
        last -= 1
    if last > 0 and text[last - 1] == ":":
        return end
    at = end + 1
    for _ in range(2):
        stop = text.find("\n", at)
        stop = len(text) if stop < 0 else stop
        line = text[at:stop].rstrip(" \t\r")
        if not line or "://" in line:
            return end
        if line.endswith(":"):
            return stop
        at = stop + 1
    return end


def _sent_to(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The code of the link the sentence on the line `start:end` sends its user to: the first link
    after its verb on the line, or the link alone on a line below."""
    verb = _VERB.search(text, start, end)
    if verb is None:
        return None
    link = text.find("://", verb.end(), end)
    if link < 0:
        return _alone_below(text, _sentence_end(text, end))
    scheme = text.rfind("http", verb.end(), link)
    return _final_segment(text, scheme) if scheme >= 0 and link - scheme <= 5 else None


def _lines_above_links(text: str, link_lines: list[int]) -> list[int]:
    """The starts of the lines holding a link and of the four lines above each, in order: where
    a sentence or a command that sends its user to the link may stand (one search of the text,
    for `://`, rather than one for each verb or command word)."""
    found: set[int] = set()
    for start in link_lines:
        found.add(start)
        for _ in range(4):
            if start == 0:
                break
            start = text.rfind("\n", 0, start - 1) + 1
            found.add(start)
    return sorted(found)


def redact_sign_in_links(text: str) -> str:
    """Each sign-in sentence's link code in `text` (read across lines) marked."""
    from .haystack import line_starts_holding

    out: list[str] = []
    pos = 0
    for start in _lines_above_links(text, line_starts_holding(text, ("://",))):
        if start < pos:
            continue
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end]
        # (cheap tests first: a prompt near the line's start, a verb that sends somewhere)
        span = None
        made_by = _MADE_BY.match(text, start, end) if any(c in line[:80] for c in "$%❯") else None
        if made_by is not None and _NAME_PART.split(made_by.group("w").lower())[-1] in _BETWEEN:
            span = _alone_below(text, end)
        low = line.lower()  # (once, not once a verb)
        if span is None and any(verb in low for verb in _VERBS):
            # the sentence's line, or the one or two lines above it, must speak of signing in
            above = text.rfind("\n", 0, max(start - 1, 0))
            above = text.rfind("\n", 0, max(above, 0)) if above > 0 else above
            if _SIGN_IN.search(text, max(above, 0), end) is not None:
                span = _sent_to(text, start, end)
        if span is None or span[0] < pos:
            continue
        out.append(text[pos : span[0]])
        out.append(MARK)
        pos = span[1]
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`: the line rule of acting links."""
    return ((TRIGGERS, redact_acting_links),)


def multiline_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(needles, text -> text): the sign-in sentence and its link, read across lines (see `lines`)."""
    return ((("://",), redact_sign_in_links),)
