"""A login's slots where nothing names the login: a server's address, a user, then its password.

`nameless` reads the arguments of a call or a command named for a login (`connect`, `Client`,
`login`). Many that open a connection are named for something else (`new Sequelize(db, user,
…, { host })`, `URL.create("postgresql+psycopg", user, …, "db", 5432)`, `mc alias set minio
http://minio:9000 user …`, `net use \\\\srv\\share … /user:bob`): what says they log in is a
sibling argument, a server's address. One reading for both:

- a call: among its top-level arguments, one is an address (`ADDRESS` shapes: a URL, a driver's
  `dialect+driver` name, `host:port`, a host literal then a port number) or names one (`ADDRESS_KEYS`:
  a `host`/`port`/`server`/`dialect` keyword, an option object's key, or a name/value argument
  pair's name); then a literal right after
  a user's literal is that user's password when shaped like one a person chose or a random key;
- a command: an address word (a URL, a `\\\\host\\share`), then a user and a last word shaped like
  a password, ending the command; or the address, the password, then the user by its flag
  (`/user:bob`, `-u bob`).

The user must read as a login's name (`user_pairs.user_like`), and the value as a password
(`password_shaped`, then letters with digits or symbols, or random): an address beside two plain
words (`http://localhost:3000 in your browser`) is no login.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .nameless import _split_arguments, _unquoted
from .names import words_of
from .password_shapes import WORDS_AND_DIGITS, password_shaped
from .patterns import MARK, LazyPattern, marked
from .user_pairs import user_like
from .values import not_a_secret, strongly_mixed

# What an address looks like in a literal: a URL of any scheme, a driver's `dialect+driver` name
# (`postgresql+psycopg`), a `host:port`, a UNC share.
ADDRESS = LazyPattern(
    r"[a-z][\w+.-]{1,20}://\S{1,200}|[a-z]{2,20}\+[a-z][\w]{1,20}"
    r"|[a-z][\w-]{0,62}(?:\.[\w-]{1,63}){0,6}:\d{2,5}|\\\\[\w.-]{1,63}\\\S{1,200}"
)
# The keys that name an address, as a keyword argument or an option object's key.
ADDRESS_KEYS = ("host", "hostname", "server", "port", "dialect", "dsn", "endpoint", "address", "addr")
# (where an argument or an option object's entry starts: `"Enter host:"` is a prompt's words)
_ADDRESS_KEY = LazyPattern(
    r"(?:^|[{,])[ \t]*[\"']?(?:" + "|".join(ADDRESS_KEYS) + r")[\"']?[ \t]*(?:=(?!=)|:(?!:))", re.I
)
_HOST = LazyPattern(r"localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,6}")
_PORT = LazyPattern(r"\d{2,5}")
_LITERAL = LazyPattern(r"(?:[bBrRfu@]{1,2})?(?P<q>[\"'])(?P<s>[^\"'\\\n]{0,300})(?P=q)")

# A user's literal, then a literal: the candidates, searched again from the second literal.
_PAIR = LazyPattern(
    r"(?<=[(\[,{ ])(?P<uq>[\"'])(?P<u>[^\"'\s]{1,64})(?P=uq)[ \t]*,[ \t]*"
    r"(?P<sq>[\"'])(?P<s>[^\"'\s\\]{6,200})(?P=sq)(?=[ \t]*[,)\]}])"
)
# Words a sentence puts between an address and a word (`http://… for docs2024`): no login's name.
_FUNCTION_WORDS = frozenset("a an and as at by for from in into is of on or the to via with using then".split())


# How much each side says: a password's shape, an address's kind (named apart from `names`'
# tiers of a name). A value is taken when the two add up to STRONG_SIGN + WEAK_SIGN: words and a
# number (`meadow6941`, also a page's or a build's name) only beside a server's address; a web
# URL or a variable named `url` (also what a path is joined to) only beside a value that mixes
# cases, digits and symbols or is random.
WEAK_SIGN, STRONG_SIGN = 1, 2


def _password_like(v: str) -> int:
    if not v or MARK in v or not password_shaped(v) or not_a_secret(v):
        return 0
    if strongly_mixed(v) or is_random_token(v):
        return STRONG_SIGN
    # both cases and digits, or letters, digits and a symbol (`Cedar.5182Heron`, `sunset#77`)
    upper, lower, digit = (any(f(c) for c in v) for f in (str.isupper, str.islower, str.isdigit))
    if digit and ((upper and lower) or (not v.isalnum() and (upper or lower))):
        return STRONG_SIGN
    return WEAK_SIGN if WORDS_AND_DIGITS.fullmatch(v) is not None else 0


def _address_kind(address: str) -> int:
    """A web URL with a path names a page or a repository, not a server (`https://github.com/a/b
    alice Feature-2024`): 0; without a port, a page's as much as a server's: WEAK_SIGN; any other
    address STRONG_SIGN."""
    if not address.startswith(("http://", "https://")):
        return STRONG_SIGN
    if _URL_PATH.match(address, address.index("//") + 2) is not None:
        return 0
    return WEAK_SIGN if _URL_PORT.match(address, address.index("//") + 2) is None else STRONG_SIGN


def _command_address_kind(address: str) -> int:
    """In a command, a URL of any scheme with a path names what it fetches, clones or plays
    (`ssh://git@host/org/repo.git repo …`, `rtsp://cam:554/stream out …`), not a server to log
    in to: 0; a share's UNC path (`\\\\fs01\\team`) is its server's."""
    if "://" in address and _URL_PATH.match(address, address.index("//") + 2) is not None:
        return 0
    return _address_kind(address)


_URL_PORT = LazyPattern(r"[^/\s:@]{1,200}:\d{2,5}(?:[/\s]|$)")
_URL_PATH = LazyPattern(r"[^/\s]{1,200}/[^/\s?#]")


def _is_user(u: str) -> bool:
    return u.lower() not in _FUNCTION_WORDS and user_like(u)


def _call_open(text: str, at: int) -> int:
    """Where the call around `at` opens (after its `(`), or -1: the nearest unclosed `(` before
    it on its line, within 400 characters."""
    depth, i, stop = 0, at - 1, max(0, at - 400)
    while i >= stop:
        c = text[i]
        if c == "\n":
            return -1
        if c in ")]}":
            depth += 1
        elif c in "[{":
            depth = max(0, depth - 1)
        elif c == "(":
            if depth == 0:
                return i + 1
            depth -= 1
        i -= 1
    return -1


# A variable named for an address: `host`, `DB_HOST`, `cfg.dbHost`, `process.env.PGHOST`, `settings.url`.
_VARIABLE = LazyPattern(r"[$@]?(?:[A-Za-z_]\w*(?:\.|->|::))*(?P<name>[A-Za-z_]\w{0,60})")
_ADDRESS_WORDS = frozenset(("host", "hostname", "server", "port", "dsn"))
_LINK_WORDS = frozenset(("endpoint", "url", "uri", "addr", "address"))  # (a page's too: WEAK_SIGN)


# Calls that build a path, a URL or a string from their arguments (`os.path.join(host, "app",
# "backup2024")`, `filepath.Join`, `format`, `build_url`): a host among them names a place, not a login.
_BUILDERS = frozenset(
    "join joinpath path resolve urljoin url_for url uri reverse format sprintf concat combine append".split()
)
# Calls that write a message of their arguments (`logger.info("%s on %s", "alice", "Report2024", host)`,
# `print`, an event's `emit`), or request a page (`client.get(base_url, "repos", "Issue1234")`): a
# host among them is what the message or the request is about, the literals its words or its path.
_MESSAGES = frozenset(
    "log debug info warn warning error critical exception fatal trace print printf println puts echo emit".split()
)
_REQUESTS = frozenset("get post put patch delete head fetch request".split())
_CALLEE = LazyPattern(r"(?P<name>[A-Za-z_]\w{0,60})[ \t]*$")


def _names_no_login(text: str, paren: int) -> bool:
    """Whether the call opening at `paren` is named, whole or by its last word (`build_url`,
    `logInfo`), for what builds a path or a string, writes a message or requests a page."""
    m = _CALLEE.compiled().search(text, max(0, paren - 64), paren)
    if m is None:
        return False
    name = m.group("name")
    words = [w.lower() for w in words_of(name)]
    return any(n in _BUILDERS or n in _MESSAGES or n in _REQUESTS for n in (name.lower(), words[-1] if words else ""))


def _address_variable(arg: str) -> int:
    m = _VARIABLE.fullmatch(arg)
    if m is None:
        return 0
    name = m.group("name")
    words = [w.lower() for w in words_of(name)]
    if words and words[-1] in _ADDRESS_WORDS:
        return STRONG_SIGN
    if words and words[-1] in _LINK_WORDS:
        return WEAK_SIGN
    # one word of capitals, a prefix glued on (`PGHOST`, `DBHOST`)
    return STRONG_SIGN if name.isupper() and any(name.lower().endswith(w) for w in ("host", "server", "dsn")) else 0


def _an_address(args: list[str], skip: tuple[int, int]) -> int:
    """The strongest address among the arguments (0: none)."""
    best = 0
    for index, arg in enumerate(args):
        if index in skip:
            continue
        if _ADDRESS_KEY.search(arg) is not None:
            return STRONG_SIGN
        literal = _LITERAL.fullmatch(arg)
        if literal is None:
            best = max(best, _address_variable(arg))
            continue
        s = literal.group("s")
        if ADDRESS.fullmatch(s) is not None:
            best = max(best, _address_kind(s))
            continue
        # (the pair's second half is never the user or its password: `("host", "label", "Hostname1")`)
        port = args[index + 1] if index + 1 < len(args) and index + 1 not in skip else ""
        if port and s.lower() in ADDRESS_KEYS:
            return STRONG_SIGN  # name/value arguments: `database('app', 'app', '…', 'Server', 'db')`
        if _HOST.fullmatch(s) is not None and _PORT.fullmatch(port) is not None:
            return STRONG_SIGN
    return best


def redact_call_slots(text: str) -> str:
    """Each literal after a user's in a call whose arguments hold a server's address, marked."""
    pattern = _PAIR.compiled()
    found: list[tuple[int, int]] = []
    at = 0
    while (m := pattern.search(text, at)) is not None:
        at = m.start("sq")
        shape = _password_like(m.group("s"))
        if not shape or not _is_user(m.group("u")):
            continue
        start = _call_open(text, m.start())
        if start < 0 or _names_no_login(text, start - 1):
            continue
        spans, _ = _split_arguments(text, start)
        args = [text[a:b].strip() for a, b in spans]
        index = next((i for i, (a, b) in enumerate(spans) if a <= m.start("uq") < b), -1)
        if index < 0 or index + 1 >= len(args) or not (spans[index + 1][0] <= m.start("sq") < spans[index + 1][1]):
            continue
        if shape + _an_address(args, (index, index + 1)) >= STRONG_SIGN + WEAK_SIGN:
            found.append((m.start("s"), m.end("s")))
            at = m.end("s")
    return marked(text, found)


# -- a command ------------------------------------------------------------------------------------

_WORD = r"(?:'[^'\n]{1,200}'|\"[^\"\n]{1,200}\"|[^\s'\"|;&<>`]{1,200})"
# After an address: a user, then a password ending the command (or before its flags); or the
# password, then the user by its flag.
_AFTER_ADDRESS = LazyPattern(
    r"[ \t]+(?:(?P<s2>" + _WORD + r")[ \t]+(?:/user:|-u[ \t]+|--user[ =])(?P<u2>[^\s'\"|;&<>`]{1,64})"
    r"|(?P<u>" + _WORD + r")[ \t]+(?P<s>" + _WORD + r"))"
    r"(?=[ \t]*(?:$|[|;&#]|--?[A-Za-z]|/[A-Za-z]{1,12}(?::|\s|$)))",
    re.M,
)
_ADDRESS_WORD = LazyPattern(r"(?:[a-z][\w+.-]{1,20}://|\\\\[\w.-]{1,63}\\)[^\s'\"|;&<>`]{0,200}")
_SCHEME_LEAD = 24
_COMMAND_START = LazyPattern(r"[ \t]*(?:[$#>%][ \t]+)?(?:sudo[ \t]+)?[a-z][\w.-]{0,30}[ \t]")


def redact_command_slots(text: str) -> str:
    """Each command with a server's address among its words, its password after the user marked."""
    found: list[tuple[int, int]] = []
    for marker in ("://", "\\\\"):
        at, begin, read = text.find(marker), 0, 0
        while at != -1:
            # (the line's start, read on from the last marker: each character once)
            newline = text.rfind("\n", read, at)
            begin, read = (newline + 1 if newline != -1 else begin), at
            # (an address word starts at most a scheme's length before its marker: read back no
            # further, or a long line of markers and no blank costs its length per marker)
            lo = max(begin, at - _SCHEME_LEAD)
            word_start = max(text.rfind(" ", lo, at), text.rfind("\t", lo, at)) + 1
            address = _ADDRESS_WORD.match(text, word_start)
            if (
                address is not None
                and word_start > begin
                and _COMMAND_START.match(text, begin) is not None
                and (m := _AFTER_ADDRESS.match(text, address.end())) is not None
            ):
                user, secret = (m.group("u"), "s") if m.group("s") is not None else (m.group("u2"), "s2")
                value, lead = _unquoted(m.group(secret))
                shape = _password_like(value) + _command_address_kind(address.group(0))
                if _is_user(_unquoted(user)[0]) and shape >= STRONG_SIGN + WEAK_SIGN:
                    found.append((m.start(secret) + lead, m.start(secret) + lead + len(value)))
            at = text.find(marker, at + len(marker))
    found.sort()
    return marked(text, [s for i, s in enumerate(found) if i == 0 or s[0] >= found[i - 1][1]])


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `calls.compile_rules`: the call's reading behind a pair of
    literals (the triggers `nameless` already tests), the command's behind an address."""
    return (
        (('", "', "', '", '","', "','"), redact_call_slots),
        (("://", "\\\\"), redact_command_slots),
    )
