"""Secrets in positions no name marks, read from what surrounds them: one reading for every
call and command that opens a connection, logs in, builds a client, a pool or a session.

- a call: `JedisPool(config, "cache", 6379, 2000, "…")`, `Client::new(&account_id, "…")`,
  `TelegramClient("session", 12345, "…")`, `ssh.connect("10.0.0.5", 22, "ubuntu", "…")`. Among
  its arguments, a literal right after one that reads as a user (a login's name, an email, a
  directory entry, or a variable named for a user) is its password when shaped like one; any
  literal that is a random key (`entropy.is_random_token`) is a secret, whatever its slot.
- a command: `login bob …`, `/msg NickServ IDENTIFY …`, `AUTH …`, `drush user:password admin
  …`. After a word that logs in or authenticates, a positional argument after one that reads
  as a user is a password when shaped like one; the one argument that ends such a command
  (`AUTH …`) too.

The callee or command must be named for a login (connect, login, logon, sign in, auth,
credential, client, pool, session), in any case style; a keyword argument is left to the
readings of names (its name says what it is), and a call named for something public
(`PublicKey`, `Address`) keeps its random strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .password_shapes import WORDS_AND_DIGITS, password_shaped
from .patterns import MARK, LazyPattern, marked
from .user_pairs import user_like
from .values import not_a_secret, strongly_mixed

# The word that names the call, in any case style: `connect`, `getConnection`, `JedisPool`,
# `Client::new`, `SessionFactory.create`, `sign_in`, `AUTH`.
_CALL_WORD = LazyPattern(
    r"(?:[Cc]onnect(?:ion)?|CONNECT|[Ll]og[io]n|LOG[IO]N|[Ss]ign_?[Ii]n|[Aa]uth\w{0,12}|AUTH\w{0,12}|[Cc]redentials?"
    r"|CREDENTIALS?|[Cc]lient|CLIENT|[Pp]ool|POOL|[Ss]ession|SESSION)"
    r"(?:\w{0,30}(?:\.|::|->))*\w{0,30}[ \t]*\("
)
# A call whose result is kept under a name for a client, a session, a pool or a connection
# (`const client = twilio(…)`, `$conn = open_db(…)`): what it builds is named there, not in the callee.
_BUILT = LazyPattern(
    r"(?<![\w$])\$?(?:[A-Za-z_]\w{0,30})?(?:[Cc]lient|[Ss]ession|[Pp]ool|[Cc]onn(?:ection)?)[ \t]*(?::[ \t]*\w{1,30}[ \t]*)?"
    r"=[ \t]*(?:new[ \t]+|await[ \t]+)?(?P<callee>[A-Za-z_][\w.]{0,60})[ \t]*\("
)
_CALLEE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:->$")
_CALLEE_SPLIT = LazyPattern(r"[._:>$-]|(?<=[a-z0-9])(?=[A-Z])")
# A call named for something public or derived: its random strings are addresses, digests, ids.
_PUBLIC_WORDS = frozenset(
    "public pub publishable address program account mint wallet pubkey signature sig hash digest id ids "
    "object buffer array bytes hex base58 base64 uuid image tx transaction block commit ref get fetch "
    "find lookup describe list delete remove close".split()
)
# A literal argument (a `b`, `r`, `@`, `&` or `f` before it: Python's bytes, C#'s verbatim, Rust's borrow).
_LITERAL = LazyPattern(r"(?:&|[bBrRfu@]{1,2})?(?P<q>[\"'])(?P<s>[^\"'\\\n]{0,300})(?P=q)")
_KEYWORD = LazyPattern(r"[A-Za-z_]\w*[ \t]*(?:=(?!=)|:(?!:))")
# A variable named for a user: `user`, `username`, `db_user`, `loginName`, `$email`, `cfg.user`
# (`&account_id` is not: an account's id is not who logs in).
_VARIABLE = LazyPattern(r"[&*$@]?(?:[A-Za-z_]\w*(?:\.|->|::))*(?P<name>[A-Za-z_]\w{0,60})")
_USER_WORDS = frozenset(("user", "username", "login", "email", "usr", "principal", "uid"))
_NAME_WORDS = frozenset(("name", "id"))


def _user_variable(arg: str) -> bool:
    m = _VARIABLE.fullmatch(arg)
    if m is None:
        return False
    words = [w.lower() for w in _CALLEE_SPLIT.split(m.group("name").replace("_", ".")) if w]
    if len(words) >= 2 and words[-1] in _NAME_WORDS:
        words.pop()
    return bool(words) and words[-1] in _USER_WORDS


_EMAIL = LazyPattern(r"[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+")


def _user_like(arg: str) -> bool:
    literal = _LITERAL.fullmatch(arg)
    if literal is not None:
        s = literal.group("s")
        return _EMAIL.fullmatch(s) is not None or user_like(s)
    return _user_variable(arg)


def _split_arguments(text: str, pos: int) -> tuple[list[tuple[int, int]], int]:
    """The spans of the top-level arguments from `pos` (after the `(`) to the call's `)`, on one
    line; ([], pos) when the call does not close on its line within 600 characters."""
    spans: list[tuple[int, int]] = []
    depth, start, i = 0, pos, pos
    end = min(len(text), pos + 600)
    while i < end:
        c = text[i]
        if c in "\"'":
            close = text.find(c, i + 1, end)
            if close == -1 or "\n" in text[i:close]:
                return [], pos
            i = close + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                spans.append((start, i))
                return spans, i
            depth -= 1
        elif c == "," and depth == 0:
            spans.append((start, i))
            start = i + 1
        elif c == "\n":
            return [], pos
        i += 1
    return [], pos


def _bare_user(word: str) -> bool:
    name, _ = _unquoted(word)
    return _EMAIL.fullmatch(name) is not None or user_like(name)


_NUMBER = LazyPattern(r"\d{1,6}")


def _after_host_and_port(args: list[str], index: int) -> bool:
    """`("cache", 6379, 2000, "…")`: a literal after a host's literal and its port, with only
    numbers between, is the login's secret (a server's address, then what opens it)."""
    j = index - 1
    while j >= 1 and _NUMBER.fullmatch(args[j]) is not None:
        j -= 1
    if j == index - 1 or j + 1 >= index:
        return False
    port = args[j + 1]
    host = _LITERAL.fullmatch(args[j])
    return host is not None and 2 <= len(port) <= 5 and _HOST.fullmatch(host.group("s")) is not None


_HOST = LazyPattern(r"[a-z][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,6}|\d{1,3}(?:\.\d{1,3}){3}")


_HEX_KEY = LazyPattern(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")
_ID = LazyPattern(r"(?=[A-Za-z_-]*\d)[\w-]{8,80}")  # an id's literal: a run with a digit in it, no word


def _an_id(arg: str) -> bool:
    literal = _LITERAL.fullmatch(arg)
    return literal is not None and (MARK in literal.group("s") or _ID.fullmatch(literal.group("s")) is not None)


def _secret_at(args: list[str], index: int, value: str) -> bool:
    if not value or MARK in value or not_a_secret(value):
        return False
    if is_random_token(value) or (_HEX_KEY.fullmatch(value) is not None and _an_id(args[index - 1])):
        return True  # (an account's id, then 32 hex digits or more: its key, as `(sid, token)` are given)
    if not password_shaped(value):
        return False
    return _user_like(args[index - 1]) or _after_host_and_port(args, index)


def redact_call_arguments(text: str) -> str:
    """Each call named for a login, a client, a pool or a session, its nameless secrets marked."""
    if "," not in text or "(" not in text or ('"' not in text and "'" not in text):
        return text  # (what is marked is a literal, after another argument, in a call)
    found: list[tuple[int, int]] = []
    calls = [(m.start(), m.end()) for m in _CALL_WORD.finditer(text)]
    if "=" in text:
        calls = sorted({*calls, *((m.start("callee"), m.end()) for m in _BUILT.finditer(text))})
    for start, open_at in calls:
        while start and text[start - 1] in _CALLEE_CHARS:
            start -= 1
        if found and start < found[-1][1]:
            continue
        callee = text[start : open_at - 1].rstrip()
        words = {w.lower() for w in _CALLEE_SPLIT.split(callee) if w}
        if not words or _PUBLIC_WORDS.intersection(words):
            continue
        spans, close = _split_arguments(text, open_at)
        if len(spans) < 2:
            continue  # (one argument: a client built from a key alone is `entropy`'s)
        args = [text[a:b].strip() for a, b in spans]
        marks: list[tuple[int, int]] = []
        for index in range(1, len(args)):
            literal = _LITERAL.fullmatch(args[index])
            if literal is None or _KEYWORD.match(args[index]) is not None:
                continue
            if _secret_at(args, index, literal.group("s")):
                raw = text[spans[index][0] : spans[index][1]]
                offset = spans[index][0] + len(raw) - len(raw.lstrip())
                marks.append((offset + literal.start("s"), offset + literal.end("s")))
        found += marks
    return marked(text, found)


# -- a host, a user and its secret, in any call ----------------------------------------------------

# `Net::SSH.start('web01', 'deploy', '…')`, `open("db", "app", "…")`: whatever the call is named, a
# server's name, then a user, then a literal shaped like a password are a login's three parts.
_HOST_USER_SECRET = LazyPattern(
    r"(?<=[(\[,{ ])(?P<q>[\"'])(?P<h>localhost|\d{1,3}(?:\.\d{1,3}){3}|[a-z][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){1,6}"
    r"|[a-z]{2,12}\d{1,3}|db|database|cache|redis|mysql|postgres|mongo|ldap|smtp|mail|ftp)(?P=q)[ \t]*,[ \t]*"
    r"(?P<uq>[\"'])(?P<u>[^\"'\s]{1,64})(?P=uq)[ \t]*,[ \t]*(?P<sq>[\"'])(?P<s>[^\"'\s\\]{6,200})(?P=sq)(?=[ \t]*[,)\]}])"
)


def _host_user_secret(m: re.Match[str]) -> str:
    s = m.group("s")
    if not _bare_user(m.group("u")) or not password_shaped(s) or not_a_secret(s) or MARK in s:
        return m.group(0)
    if not (strongly_mixed(s) or is_random_token(s) or WORDS_AND_DIGITS.fullmatch(s) is not None):
        return m.group(0)  # `v2_beta`, `schema_1`: a path's or a schema's name beside a host and a user
    return m.string[m.start() : m.start("s")] + MARK + m.string[m.end("s") : m.end()]


def redact_host_user_secret(text: str) -> str:
    """Each literal after a host's and a user's in a call's arguments, when shaped like a password."""
    return _HOST_USER_SECRET.sub(_host_user_secret, text)


# -- a command that logs in -----------------------------------------------------------------------

# A word that logs in or authenticates, then its arguments to the line's end: `login bob …`,
# `IDENTIFY …`, `AUTH …`, `user:password admin …`, `signin`, `authenticate`, a console's
# `CONNECT remote:db/app root …`.
# (lower or upper case, as commands and protocols write them: `Auth and trust boundary:` is a title)
_AUTH_COMMAND = LazyPattern(
    r"(?<![\w./=*-])(?:log[io]n|sign-?in|auth|authenticate|identify|user:password|passwd|connect"
    r"|LOG[IO]N|SIGN-?IN|AUTH|AUTHENTICATE|IDENTIFY|PASSWD|CONNECT)"
    r"(?P<args>(?:[ \t]+[^\s|;&<>()]{1,200}){1,3})[ \t]*$",
    re.MULTILINE,
)
# A directive or a command named for a connection or a login in one compound word, first on its
# line (`SQLConnectInfo proftpd@localhost proftpd …`, `$ dbLogin app …`): a user, then its password.
_COMPOUND_COMMAND = LazyPattern(
    r"^[ \t]*(?:[$%>][ \t]+)?[A-Za-z][A-Za-z0-9]{0,20}(?:Connect|Login|Logon|Auth|Credentials?)(?:[A-Z][A-Za-z]{0,12})?"
    r"(?P<args>(?:[ \t]+[^\s|;&<>()]{1,200}){2,4})[ \t]*$",
    re.MULTILINE,
)
_FLAG = LazyPattern(r"--?[A-Za-z]")
# The server a console's `CONNECT` names before the user: `remote:db/app`, `db.example.com`, `localhost`.
_SERVER = LazyPattern(r"[^\s:]+:\S+|localhost|[\w-]+(?:\.[\w-]+)+|\S+@\S+")
_PROSE_ENDS = (":", "*", ",", ".", ")", "`")


def _unquoted(word: str) -> tuple[str, int]:
    """(the word without its quotes, where the value starts in it)."""
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "\"'":
        return word[1:-1], 1
    return word, 0


def redact_command_arguments(text: str) -> str:
    """Each command that logs in, its password marked: the argument after a user, or the one
    argument after the verb (`AUTH …`); each command named for one in a compound word, the
    argument after a user."""
    return _COMPOUND_COMMAND.sub(_one_compound, _AUTH_COMMAND.sub(_one_command, text))


def _one_compound(m: re.Match[str]) -> str:
    """A compound word may be code's or prose's (`useAuth hook returns user token2024`): the
    password must mix cases and digits or symbols, be random, or be words joined before digits."""
    done = _one_command(m)
    if done == m.group(0):
        return done
    value = m.group(0)[done.index(MARK) :].split()[0].strip("\"'")
    if _mixed(value) or is_random_token(value) or _PASSPHRASE.fullmatch(value):
        return done
    # a server's address among the arguments (`SQLConnectInfo app@db.internal app …`) makes it a
    # login's line, whatever the password's shape (words and digits: `castle2250`)
    addressed = _AN_ADDRESS.search(m.group("args")) is not None
    return done if addressed and WORDS_AND_DIGITS.fullmatch(value) else m.group(0)


_AN_ADDRESS = LazyPattern(
    r"(?<=[\s@])(?:localhost|[a-z][\w-]{0,62}(?:\.[\w-]{1,63}){1,6}|[a-z][\w+.-]{1,20}://\S+)(?::\d{2,5})?(?=\s)"
)


def _mixed(v: str) -> bool:
    """Both cases and digits, or letters, digits and a symbol (`Harbor.4417Finch`, `sunset#77`)."""
    upper, lower, digit = (any(f(c) for c in v) for f in (str.isupper, str.islower, str.isdigit))
    symbol = any(not c.isalnum() for c in v)
    return digit and ((upper and lower) or (symbol and (upper or lower)))


_PASSPHRASE = LazyPattern(r"[A-Za-z]{3,}(?:[.-][A-Za-z]{3,}){1,5}[._-]?\d{2,}[!@#$%^&*?]?")


def _one_command(m: re.Match[str]) -> str:
    """One command's arguments: the password after a user, or the one argument after the verb."""
    body = m.group("args")
    words = [(w.start(), w.group(0)) for w in re.finditer(r"[^ \t]+", body)]
    if any(_FLAG.match(w) for _, w in words):
        # (a flag's value is the flag's: the readings of flags judge it); a random token last, after
        # an option's value, is the verb's own argument (`cargo login --registry acme …`)
        last, before = _unquoted(words[-1][1])[0], words[-2][1] if len(words) > 1 else "-"
        if _FLAG.match(before) or _FLAG.match(last) or not (is_random_token(last) and password_shaped(last)):
            return m.group(0)
        words = words[-1:]
    if m.group(0)[:7].lower() == "connect" and (len(words) < 3 or not _SERVER.fullmatch(words[0][1])):
        return m.group(0)  # `connect to staging2024`: a sentence's; a console's names its server first
    if words[-1][1].endswith(_PROSE_ENDS):
        return m.group(0)  # `… insertion points:**`: a sentence's or a heading's last word
    target: tuple[int, str] | None = None
    if len(words) == 1:
        value, _ = _unquoted(words[0][1])
        # alone after the verb: a password only when it is one by its shape alone
        if (strongly_mixed(value) or is_random_token(value) or _digits_and_letters(value)) and password_shaped(value):
            target = words[0]
    else:
        # (a protocol's upper-case `AUTH` with two arguments: a user then its password, whatever the
        # user's name, as Redis's `AUTH default …`; a mechanism then its credential, as SMTP's)
        two = len(words) == 2 and m.group(0)[:5] == "AUTH "
        for (_, prev), (at, word) in zip(words, words[1:], strict=False):
            value, _ = _unquoted(word)
            if (two or _bare_user(prev)) and password_shaped(value) and not not_a_secret(value):
                target = (at, word)
                break
    if target is None:
        return m.group(0)
    at, word = target
    value, lead = _unquoted(word)
    if not_a_secret(value) or MARK in value:
        return m.group(0)
    base = m.start("args") - m.start() + at + lead
    whole = m.group(0)
    return whole[:base] + MARK + whole[base + len(value) :]


_DIGITS_AND_LETTERS = LazyPattern(r"(?=[^\d]*\d)(?=.*[a-z])[A-Za-z\d!@#%^*._+=~-]{6,64}")


def _digits_and_letters(v: str) -> bool:
    """`river8136`, `Dragon.8370Maple`: letters and digits together, as a password a person chose
    (lower case among them: `CRAM-MD5`, `SHA256`, upper case alone, name a mechanism)."""
    return _DIGITS_AND_LETTERS.fullmatch(v) is not None


# Few roots of their own (`lient`, `ession`, `Pool`): every trigger is one more substring test of
# each line holding its rarest character; the rest are other rules' triggers (`onnect`, `ogin`,
# `Auth`), tested once for all the rules they trigger, or hold one (`ogin ` under `ogin`).
_CALL_TRIGGERS = (
    "onnect",
    "ogin",
    "ogon",
    "ignIn",
    "ignin",
    "uthenticat",
    "redential",
    "Auth",
    "AUTH",
    "lient",
    "ession",
    "Pool",
    "pool(",
)
_COMMAND_TRIGGERS = (
    "ogin ",
    "ogon ",
    "ignin ",
    "uth ",
    "UTH ",
    "uthenticate ",
    "dentify ",
    "DENTIFY ",
    "ser:password ",
    "onnect ",
    "ONNECT ",
    "asswd ",
    "Connect",
    "Login",
    "Logon",
    "Auth",
    "Credential",
)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `calls.compile_rules`."""
    return (
        (_CALL_TRIGGERS, redact_call_arguments),
        (('", "', "', '", '","', "','"), redact_host_user_secret),
        (_COMMAND_TRIGGERS, redact_command_arguments),
    )
