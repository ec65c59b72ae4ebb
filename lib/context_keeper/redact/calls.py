"""The arguments of a call that opens a connection, builds a credential, or signs or
encrypts with a key: `getConnection(url, "app", "…")`, `new PDO($dsn, 'app', '…')`,
`NetworkCredential("bot", "…")`, `EXEC sp_addlogin 'app', '…'`, `keyring.set_password(…)`;
`jwt.encode(payload, "…")`, `createHmac("sha256", "…")`, `SignedString([]byte("…"))`; and
a call that hashes a password, whose first literal is the password in clear: `Hash::make('…')`,
`bcrypt.hash('…', 10)`, `crypt('…', gen_salt('bf'))`, `GenerateFromPassword([]byte("…"), …)`,
`passwordEncoder.encode("…")`. (What
a UI test types into a password field, `cy.get('#password').type("…")`, is `proximity`'s.)

A credential call's literals after its first argument are taken when shaped like a password
(`positions.password_shaped`; the first is a host, a DSN or a user); a signing call's
literals anywhere in its arguments when they are random keys.

Whatever the call, a user and its secret are passed side by side: a literal right after a
user-like literal (`("bot", "…")`, `["bob", "…"]`, `"app", Some("…")`) is the second of a
user/secret pair when it is a random key or mixes cases, digits and symbols (`("node",
"index2")` is no pair; a person's `Orange4230!` is).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .login_args import after_an_address, lone_login_secret, user_and_password_callee
from .names import PASSWORD, tier
from .patterns import MARK, LazyPattern
from .positions import password_shaped
from .values import is_hexlike, not_a_secret, strongly_mixed

# Found from the credential word (cheap to look for), then read back to the callee's start.
_CALLEE_REST = r"\w*(?:(?:\.|::|->)[A-Za-z_]\w*)*(?:[ \t]*\(|[ \t]+(?=['\"]))"
_CRED_CALL = (
    r"(?i:jwt(?:\.|::)(?:en|de)code|verify|connect|login|logon|signin|credential|authenticat|smtp|ftp|imap|pop3|ldap|pdo|dbi|auth|passw|wifi"
    r"|sign|hmac|fernet|encrypt|decrypt|cipher|keyfor|user(?:name)?_?pw)" + _CALLEE_REST
)
# The calls that hash a password or make an account, found by their own words (a rule of their own:
# their words are rare, and one pattern of every word is slower on every line that has a call).
_HASH_OR_ACCOUNT_CALL = (
    r"(?i:hash|crypt|argon2|pbkdf2|encoder|(?:create|add|register)_?(?:super_?)?(?:user|admin|account))" + _CALLEE_REST
)
_CALLEE_WORDS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
_CRED_WORDS = frozenset("smtp ftp ftps sftp imap pop3 ldap pdo dbi auth".split())
_CALLEE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:->")


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
    marked (each call's arguments read once)."""

    def __init__(self, source: str) -> None:
        self._pattern = LazyPattern(source)

    def __call__(self, text: str) -> str:
        out, pos = [], 0
        for m in self._pattern.finditer(text):
            start = m.start()
            while start and text[start - 1] in _CALLEE_CHARS:
                start -= 1
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


# -- the second of a user/secret pair -------------------------------------------------------------

# A directory entry's name is a login too: `simple_bind_s("cn=admin,dc=example,dc=org", "…")`.
_DN = r"(?:[A-Za-z]{1,20}=[^,=\"'\s]{1,60},){1,8}[A-Za-z]{1,20}=[^,=\"'\s]{1,60}"
_DN_PATTERN = LazyPattern(_DN)
_PAIR = (
    r"(?:(?<=[(\[,{])|(?<=[(\[,{][ \t]))(?P<q>[\"'])(?P<u>[a-z][\w.@+-]{1,40}|(?:AKIA|ASIA|GOOG)(?:[A-Z0-9]{12,28}|\[REDACTED\])|"
    + _DN
    + r")(?P=q)[ \t]*,[ \t]*"
    r"(?:[A-Za-z_][\w.:]*\([ \t]*|&)?(?P<p>[\"'])(?P<s>[^\"'\s\\]{6,200})(?P=p)(?=[ \t]*[,)\]}.])"
)
_PAIR_PATTERN = LazyPattern(_PAIR)
_EMAIL_HOST = LazyPattern(r"@[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_COMMON_USERS = frozenset(("sa", "app", "admin", "root", "test", "demo", "guest"))  # users, though placeholders' words
_LOGIN_NAME = LazyPattern(r"[a-z][a-z0-9_-]{0,30}")
_KEY_ID = LazyPattern(r"(?:AKIA|ASIA|GOOG)(?:[A-Z0-9]{12,28}|\[REDACTED\])")  # HMAC key ids (or their hint)
_STRING_BEFORE = LazyPattern(r"[\"'][ \t]*,[ \t]*$")
_STRING_AFTER = LazyPattern(r"[\"'`][ \t]*\)?[ \t]*,[ \t]*[\"'`]")


def user_like(u: str) -> bool:
    """`bob`, `app`, `sa`, `bot@example.com`, `cn=admin,dc=example,dc=org`: a login name, not a
    word of several cases, a dotted module or a path."""
    if _DN_PATTERN.fullmatch(u) is not None or _KEY_ID.fullmatch(u) is not None:
        return True  # (an access key's id: its secret follows it, `s3(url, 'AKIA…', '…')`)
    name = _EMAIL_HOST.sub("", u)
    return _LOGIN_NAME.fullmatch(name) is not None and (name in _COMMON_USERS or not not_a_secret(name))


def _in_a_list_of_strings(m: re.Match[str]) -> bool:
    """`('any2Date', 'any2Enum', …)`: a string before the user or after the secret makes the
    pair two items of a longer list (of names, unless the second holds a symbol)."""
    before = _STRING_BEFORE.search(m.string, max(0, m.start() - 8), m.start())
    return before is not None or _STRING_AFTER.match(m.string, m.end("s")) is not None


# A word, a number of three digits or more, a word, both cases (`Sunny.4821Harbor`): a password a
# person chose, not a name (`any2Date`, `Win32Api`, `Python312`, `Release_2024`).
_CHOSEN = LazyPattern(r"(?=.*[a-z])(?=.*[A-Z])[A-Za-z]{3,}(?:[._-]?\d{3,}|[._-]\d{2,})[._-]?[A-Za-z]{3,}")
# Words of lower case joined by hyphens or dots, then digits (`silver-falcon-willow-5533`): a passphrase
# in a login's list (`("db", "app", "…", "app")`); alone beside a name it may be a slug.
_PASSPHRASE = LazyPattern(r"[a-z]{3,}(?:[.-][a-z]{3,}){2,}[.-]\d{2,}")


def _is_second_of_pair(m: re.Match[str]) -> bool:
    s = m.group("s")
    if not user_like(m.group("u")) or not password_shaped(s):
        return False
    if after_an_address(m) or _DN_PATTERN.fullmatch(m.group("u")) is not None:
        return not not_a_secret(s)  # (a directory entry's name: a bind's login, whatever the call)
    listed = _in_a_list_of_strings(m)
    phrase = listed and _PASSPHRASE.fullmatch(s) is not None
    if listed and not any(c in "!@#$%^&*+=?~" for c in s[1:-1]) and not _CHOSEN.search(s) and not phrase:
        return False  # `('acos', 'any2Date', …)`: names in a list; `("db", "app", "…#…", "app")` is a login
    # not `("node", "index2")`, `("python", "app_main.py")`
    return phrase or strongly_mixed(s) or is_random_token(s) or _CHOSEN.search(s) is not None


def _second_of_pair(text: str) -> str:
    """Each literal that is the second of a user/secret pair, marked. A pair that is none is
    searched again from its second literal, which may be the user of the next pair
    (`Sequelize("app", "app", "…")`)."""
    pattern = _PAIR_PATTERN.compiled()
    out, pos, at = [], 0, 0
    while True:
        m = pattern.search(text, at)
        if m is None:
            break
        if _is_second_of_pair(m):
            out.append(text[pos : m.start("s")])
            out.append(MARK)
            pos = at = m.end("s")
        else:
            at = m.start("p")
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


# -- a user and its password joined by a colon, given to an encoder --------------------------------

# `btoa("bob:…")`, `b64encode(b"bob:…")`, `Base64.encode("bob:…".getBytes())`: the two halves of
# HTTP basic (or digest) authentication, joined to be encoded.
_ENCODED_PAIR = LazyPattern(
    r"(?:(?i:btoa|b64encode|base64|encodeToString|basic|digest)\w*(?:\.\w+)*[ \t]*\([ \t]*[bu]?(?P<q>[\"'`])"
    r"|(?<![\w-])(?:digest|basic)[ \t]+(?P<q2>))"  # `addauth digest bob:…`: the scheme, then the pair
    r"(?P<u>[a-z][\w.@+-]{0,40}):(?P<s>[^\"'`\s:\\$]{6,200})(?:(?P=q)|(?P=q2)(?=[\s;,)]|$))"
)


_ALGORITHM = LazyPattern(r"(?:sha|md|blake|crc|xxh|murmur)\d*(?:-\d+)?\Z")


def _encoded_pair(text: str) -> str:
    """The password of each `user:password` literal given to an encoder, marked."""

    def one(m: re.Match[str]) -> str:
        u, v = m.group("u"), m.group("s")
        if not user_like(u) or not password_shaped(v) or _ALGORITHM.match(u) or is_hexlike(v):
            return m.group(0)  # `digest sha256:9f86…`: an algorithm and a hash, no login
        whole, base = m.group(0), m.start()
        return whole[: m.start("s") - base] + MARK + whole[m.end("s") - base :]

    return _ENCODED_PAIR.compiled().sub(one, text)


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
        (_CALL_TRIGGERS, _CallRule(_CRED_CALL)),
        (_HASH_OR_ACCOUNT_TRIGGERS, _CallRule(_HASH_OR_ACCOUNT_CALL)),
        (('", "', "', '", '","', "','", '", Some("'), _second_of_pair),
        ((".toCharArray()",), _char_array),
        (("btoa", "b64encode", "ase64", "ASE64", "encodeToString", "asic", "ASIC", "igest"), _encoded_pair),
    )
