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
sign-in's code), not built from words (`password-reset-flow`, `install-v2`), not a date; a
commit's or an image's digest stands after other words (`/commit/`, `/images/`) and is kept.
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
_DATE = LazyPattern(r"\d{4}-\d\d-\d\d")
_TOKEN_CHARS = LazyPattern(r"[A-Za-z0-9_~.=-]+")


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
    return not (has_word_part(v) or is_wordy(v))


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
        if any(p in _ACTS for p in parts):
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
_SENT_TO = LazyPattern(
    r"[^\n]*?(?i:\bvisit|\bopen|\bgo[ \t]+to|\bnavigate[ \t]+to|\bbrowse[ \t]+to)\b[^\n]*?"
    r"(?:\n(?:[ \t]*\r?\n){0,3}[ \t]*)?(?i:https?)://[^\s/\"'<>`]+(?:/[^\s/?#\"'<>`]*)*?"
    r"/(?P<v>[^\s/?#\"'<>`]{8,256})/?(?=[\s\"'<>`)]|$)"
)
_VERBS = ("visit", "open", "go to", "navigate to", "browse to")
# A command named for making such a link (`generate_realm_creation_link`, `user:invite`, `drush
# uli`: one of its first four words, not a file's name such as `reset.go`), after a shell
# prompt, then the link alone on a line below it.
_MADE_BY = LazyPattern(
    r"[ \t]*(?:[\w.@~:/-]*[ \t]?)?[$%❯][ \t]+(?:\S+[ \t]+){0,3}"
    r"[^\s.]*?(?i:link|invit|\buli\b|magic|recover|reset|onboard|signup)[^\s.]*(?=[ \t\r\n])[^\n]*\n"
    r"(?:[ \t]*\r?\n){0,2}[ \t]*(?i:https?)://[^\s/\"'<>`]+(?:/[^\s/?#\"'<>`]*)*?"
    r"/(?P<v>[^\s/?#\"'<>`]{8,256})/?[ \t]*\r?(?=\n|$)"
)


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
        line = text[start : end if end >= 0 else len(text)]
        # (cheap tests first: a prompt near the line's start, a verb that sends somewhere)
        m = _MADE_BY.match(text, start) if any(c in line[:80] for c in "$%❯") else None
        if m is None and any(verb in line.lower() for verb in _VERBS):
            # the sentence's line, or the one or two lines above it, must speak of signing in
            above = text.rfind("\n", 0, max(start - 1, 0))
            above = text.rfind("\n", 0, max(above, 0)) if above > 0 else above
            if _SIGN_IN.search(text, max(above, 0), start + len(line)) is not None:
                m = _SENT_TO.match(text, start)
        if m is None or MARK in m.group("v") or not is_link_token(m.group("v"), 8):
            continue
        out.append(text[pos : m.start("v")])
        out.append(MARK)
        pos = m.end("v")
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
