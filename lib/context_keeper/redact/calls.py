"""The arguments of a call that opens a connection, builds a credential, or signs or
encrypts with a key: `getConnection(url, "app", "…")`, `new PDO($dsn, 'app', '…')`,
`NetworkCredential("bot", "…")`, `EXEC sp_addlogin 'app', '…'`, `keyring.set_password(…)`;
`jwt.encode(payload, "…")`, `createHmac("sha256", "…")`, `SignedString([]byte("…"))`; and
a call that hashes a password, whose first literal is the password in clear: `Hash::make('…')`,
`bcrypt.hash('…', 10)`, `crypt('…', gen_salt('bf'))`, `GenerateFromPassword([]byte("…"), …)`,
`passwordEncoder.encode("…")`. (What
a UI test types into a password field, `cy.get('#password').type("…")`, is `proximity`'s.)

A credential call's literals after its first argument are taken when shaped like a password
(`password_shapes.password_shaped`; the first is a host, a DSN or a user); a signing call's
literals anywhere in its arguments when they are random keys.

Also run here, whatever the call: the second of a user/secret pair (`user_pairs`), a
`user:password` literal given to an encoder, a literal turned into a char array.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .line_starts import run_around
from .login_args import lone_login_secret, user_and_password_callee
from .names import PASSWORD, tier
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern, RunRule, lower_case_words, matches_by_run, words_lowered
from .user_pairs import second_of_pair, user_like
from .values import is_hexlike, not_a_secret

# Found from the credential word (cheap to look for), then read back to the callee's start.
_CALLEE_REST = r"\w*(?:(?:\.|::|->)[A-Za-z_]\w*)*(?:[ \t]*\(|[ \t]+(?=['\"]))"
_CRED_CALLEE = (
    r"(?i:jwt(?:\.|::)(?:en|de)code|verify|connect|login|logon|signin|credential|authenticat|smtp|ftp|imap|pop3|ldap|pdo|dbi|auth|passw|wifi"
    r"|sign|hmac|fernet|encrypt|decrypt|cipher|keyfor|user(?:name)?_?pw)"
)
# The calls that hash a password or make an account, found by their own words (a rule of their own:
# their words are rare, and one pattern of every word is slower on every line that has a call).
_HASH_OR_ACCOUNT_CALLEE = (
    r"(?i:hash|crypt|argon2|pbkdf2|encoder|(?:create|add|register)_?(?:super_?)?(?:user|admin|account))"
)
_CALLEE_WORDS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
_CRED_WORDS = frozenset("smtp ftp ftps sftp imap pop3 ldap pdo dbi auth".split())
_CALLEE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:->")
# A callee's name from one of its words on: where `_CALLEE_REST` stops reading it, whichever of its
# words it is read from (the call's `(` can only stand there).
_CALLEE_RUN = LazyPattern(r"\w+(?:(?:\.|::|->)[A-Za-z_]\w*)*")


def _key_callee(callee: str) -> bool:
    """A call that signs, encrypts or authenticates a message with a key it is given:
    `jwt.encode(payload, "…")`, `createHmac("sha256", "…")`, `Fernet(b"…")`, `SignedString`."""
    words = [w.lower() for w in _CALLEE_WORDS.findall(callee)]
    return any(w.startswith(("sign", "hmac", "fernet", "encrypt", "decrypt", "cipher")) for w in words) or (
        "jwt" in words and words[-1] in ("encode", "decode", "verify")
    )


# Password hashing schemes: a call named for one hashes (or checks) the password it is given.
_HASH_SCHEMES = frozenset("bcrypt scrypt crypt argon2 argon2id argon2i pbkdf2 hashpw".split())
_HASH_VERBS = frozenset("hash hashpw make encode digest generate create crypt".split())
_PASSWORD_WORDS = frozenset("password passwd pwd pass".split())


def _hash_callee(callee: str) -> bool:
    """A call that hashes a password, whose first argument is the password in clear: a scheme's
    (`bcrypt.hash`, `crypt(`, `argon2.hash`), a hasher's (`Hash::make`, `hasher.hash`), or one named
    for a password and a hashing verb (`password_hash`, `GenerateFromPassword`, `passwordEncoder.encode`)."""
    low = callee.lower()
    if not any(w in low for w in ("hash", "crypt", "argon", "pbkdf", "encode", "make", "digest", "generate")):
        return False  # (most calls: a connection's, a login's)
    words = [w.lower() for w in _CALLEE_WORDS.findall(callee)]
    if not words or words[-1] in ("new", "create") and "password" not in words:
        return False  # `createHash("sha256")`: a digest of data, named by its algorithm
    if any(w in _HASH_SCHEMES for w in words):
        return True
    receiver = words[:-1]
    if any(w in ("hash", "hasher") for w in receiver) or (receiver and words[-1] == "hash"):
        return True  # `Hash::make(…)`, `pwd_context.hash(…)`
    return any(w in _PASSWORD_WORDS for w in words) and any(w in _HASH_VERBS for w in words)


def _credential_callee(callee: str) -> bool:
    if callee.lower().startswith("wifi"):
        return True  # `WiFi.begin("ssid", "…")`: a network joined with its passphrase
    last = callee.replace("::", ".").replace("->", ".").rstrip("( \t").rsplit(".", 1)[-1]
    if tier(last) == PASSWORD or user_and_password_callee(last):
        return True  # `keyring.set_password("svc", "user", "…")`; `get_password(…)` is not (names)
    for w in _CALLEE_WORDS.findall(callee):
        w = w.lower()
        if w in _CRED_WORDS or w.startswith(("connect", "credential", "authenticat")):
            return True
        if w.endswith(("login", "logon", "signin")):
            return True
    return _ACCOUNT_CALL.search(callee) is not None  # `create_superuser("admin", "a@b.c", "…")`


# A call that makes an account, given its name and then its password (as `accounts` reads a command).
_ACCOUNT_CALL = LazyPattern(r"(?i:(?:create|add|new|register)_?(?:super_?)?(?:user|admin|account|login))\(")


class _CallRule:
    """Every credential call of a text, its password-shaped literals after the first argument
    marked (each call's arguments read once). A callee's name is read on from its words, and
    back to its start, once a name (`patterns.matches_by_run`, `line_starts.run_around`): a line
    of one long name costs its length, not its square."""

    def __init__(self, callee: str) -> None:
        self._pattern, self._callee = LazyPattern(callee + _CALLEE_REST), LazyPattern(callee)
        lower = lower_case_words(callee)
        self._lower_callee = None if lower is None else LazyPattern(lower)

    def __call__(self, text: str) -> str:
        if '"' not in text and "'" not in text:
            return text  # (`_scan` marks only a quoted literal)
        words, low = self._callee, None
        if self._lower_callee is not None and (low := words_lowered(text)) is not None:
            words = self._lower_callee  # (found fastest in lower case)
        out, pos = [], 0
        for m in matches_by_run(self._pattern.compiled(), words, _CALLEE_RUN, text, words_in=low):
            start = run_around(text, m.start(), m.start(), _CALLEE_CHARS)[0]
            callee = text[start : m.start()] + m.group(0)
            if m.start() < pos or start < pos:
                continue
            keyed = _key_callee(callee)
            hashing = not keyed and _hash_callee(callee)
            if not keyed and not hashing and not _credential_callee(callee):
                continue
            replaced, scanned_to = _scan(text, start, m.end(), keyed, hashing)
            if replaced is None:
                continue
            out.append(text[pos:start])
            out.append(replaced)
            pos = scanned_to
        if not out:
            return text
        out.append(text[pos:])
        return "".join(out)


# An argument named for an identifier (`issuer_id: "…"`, `keyId=`, `clientID:`): whatever
# its shape, it names an account or a key, it is not one; `secret_id` is named for a secret.
_ID_NAME_BEFORE = LazyPattern(r"([A-Za-z_][\w]*?)(?:_id|Id|ID)[ \t]*[:=][ \t]*$")
_KEYWORD_BEFORE = LazyPattern(r"(?<![\w.])([A-Za-z_]\w*)[ \t]*=[ \t]*$")
_VALUE_WORDS = frozenset(("value", "val", "data", "content", "text", "arg"))  # (keywords that give the value)


def _named_an_id(text: str, pos: int, at: int) -> bool:
    m = _ID_NAME_BEFORE.search(text, max(pos, at - 60), at)
    if m is not None and not tier(m.group(1)):
        return True
    kw = _KEYWORD_BEFORE.search(text, max(pos, at - 60), at)  # `role="…"`: named for something else
    return kw is not None and kw.group(1).lower() not in _VALUE_WORDS and not tier(kw.group(1))


def _scan(text: str, start: int, pos: int, keyed: bool = False, hashing: bool = False) -> tuple[str | None, int]:
    """(the call from `start` with its password-shaped literals marked, where the scan stopped);
    `pos` is where its arguments start. `keyed`: a call that signs or encrypts, whose key is a
    random literal anywhere in its arguments (`[]byte("…")`, `b"…"`); `hashing`: a call that
    hashes a password, given in its first argument (`[]byte("…")` too)."""
    paren = text[pos - 1] == "("
    depth, index, pieces, last = 0, 0, [], start
    end = min(len(text), pos + 600)
    i = pos
    while i < end:
        c = text[i]
        if c in "\"'":
            close = text.find(c, i + 1, end)
            if close == -1 or "\n" in text[i:close]:
                break
            inner = text[i + 1 : close]
            if (
                (depth == 0 and index >= 1 and password_shaped(inner) and not _named_an_id(text, pos, i))
                or (keyed and depth <= 1 and is_random_token(inner) and not not_a_secret(inner))
                or (hashing and depth <= 1 and index == 0 and password_shaped(inner) and not _ALGORITHM.match(inner))
                or (depth == 0 and index == 0 and lone_login_secret(text, close, text[start:pos], inner))
            ):
                pieces.append(text[last : i + 1] + MARK)
                last = close
            i = close + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            index += 1
        elif c == "\n" or (c == ";" and not paren):
            break
        i += 1
    if not pieces:
        return None, i
    return "".join(pieces) + text[last:i], i


_CALL_TRIGGERS = (
    "jwt.",
    "JWT.",
    "JWT::",
    "WiFi",
    "wifi",
    "assword(",
    "ASSWORD(",
    "assword '",  # a call without parentheses: `EXEC sp_password 'old', '…'`, `set_password "…"`
    'assword "',
    "sign",
    "Sign",
    "hmac",
    "Hmac",
    "HMAC",
    "ernet",
    "ncrypt",
    "ecrypt",
    "ipher",
    "KeyFor",
    "onnect",
    "ogin",
    "ogon",
    "redential",
    "SMTP",
    "Smtp",
    "smtp",
    "FTP",
    "ftp",
    "PDO",
    "DBI",
    "uthenticat",
    "ignIn",
    "ignin",
    "IMAP",
    "imap",
    "LDAP",
    "ldap",
    "Auth(",
    "auth(",
    "ername_pw",  # `username_pw_set(`: a call named for a user and a password
    "ser_pw",
    "sernamePw",
    "serPw",
)


# (few: each is one more scan of a long text's blocks)
_HASH_OR_ACCOUNT_TRIGGERS = (
    # an account made with its password: `create_superuser(`, `createUser(`, `add_user(`
    "reate_user",
    "reate_superuser",
    "reateUser",
    "dd_user",
    "ddUser",
    # a password hashed: `Hash::make(`, `bcrypt.hash(`, `crypt(`, `hashpw(`, `passwordEncoder.encode(`
    "hash",
    "Hash",
    "crypt",
    "Crypt",
    "argon2",
    "ncoder",
    "FromPassword",
)


# -- a user and its password joined by a colon, given to an encoder --------------------------------

# `btoa("bob:…")`, `b64encode(b"bob:…")`, `Base64.encode("bob:…".getBytes())`: the two halves of
# HTTP basic (or digest) authentication, joined to be encoded.
_ENCODER = r"(?i:btoa|b64encode|base64|encodeToString|basic|digest)"  # (tried once a name: `patterns.RunRule`)
_ENCODED_PAIR = (
    "(?:" + _ENCODER + r"\w*(?:\.\w+)*[ \t]*\([ \t]*[bu]?(?P<q>[\"'`])"
    r"|(?<![\w-])(?:digest|basic)[ \t]+(?P<q2>))"  # `addauth digest bob:…`: the scheme, then the pair
    r"(?P<u>[a-z][\w.@+-]{0,40}):(?P<s>[^\"'`\s:\\$]{6,200})(?:(?P=q)|(?P=q2)(?=[\s;,)]|$))"
)


_ALGORITHM = LazyPattern(r"(?:sha|md|blake|crc|xxh|murmur)\d*(?:-\d+)?\Z")


def _encoded_pair(m: re.Match[str]) -> str:
    """The password of a `user:password` literal given to an encoder, marked."""
    u, v = m.group("u"), m.group("s")
    if not user_like(u) or not password_shaped(v) or _ALGORITHM.match(u) or is_hexlike(v):
        return m.group(0)  # `digest sha256:9f86…`: an algorithm and a hash, no login
    whole, base = m.group(0), m.start()
    return whole[: m.start("s") - base] + MARK + whole[m.end("s") - base :]


# -- a literal turned into a char array ------------------------------------------------------------

# `"…".toCharArray()`: Java keeps passwords in char arrays (a keystore's, a PBE key's), so a literal
# converted to one where a call takes it is a password; an alphabet (`"0123456789abcdef"`) is not.
_CHAR_ARRAY = LazyPattern(r"(?P<q>\")(?P<s>[^\"\s\\]{6,200})\"\.toCharArray\(\)")


def _is_alphabet(v: str) -> bool:
    """`0123456789abcdef`, `ABCDEFGH…`: four characters in a row, each the next of the last."""
    run = 1
    for a, b in zip(v, v[1:], strict=False):
        run = run + 1 if ord(b) == ord(a) + 1 else 1
        if run >= 4:
            return True
    return False


def _char_array(text: str) -> str:
    """Each literal shaped like a password and turned into a char array, marked."""

    def one(m: re.Match[str]) -> str:
        v = m.group("s")
        if not password_shaped(v) or _is_alphabet(v) or not_a_secret(v):
            return m.group(0)
        whole, base = m.group(0), m.start()
        return whole[: m.start("s") - base] + MARK + whole[m.end("s") - base :]

    return _CHAR_ARRAY.compiled().sub(one, text)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return (
        (_CALL_TRIGGERS, _CallRule(_CRED_CALLEE)),
        (_HASH_OR_ACCOUNT_TRIGGERS, _CallRule(_HASH_OR_ACCOUNT_CALLEE)),
        (('", "', "', '", '","', "','", '", Some("'), second_of_pair),
        ((".toCharArray()",), _char_array),
        (
            ("btoa", "b64encode", "ase64", "ASE64", "encodeToString", "asic", "ASIC", "igest"),
            RunRule(_ENCODED_PAIR, _encoded_pair, _ENCODER, r"\w+"),
        ),
    )
