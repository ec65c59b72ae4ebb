"""Passwords known by where they stand in a command or a config line, not by a name right
before them: a password keyword anywhere in the line (`… insecure-password …`, `nmcli …
password …`, `: PSK "…"`, `rootpw --plaintext …`), a `-p` that pairs with a `-u` (`influx
setup -u admin -p …`, `"-uroot", "-p…"`) or a `-l`, `user create …`, a key store (`/p …` beside
`/f cert.pfx`), `/p:` beside `/u:`, a user and its password joined
without a scheme (`app:…@tcp(db)`, `scott/…@ORCL`, `bot@example.com:…`, `--creds bob:…`), a
value set under a secret name by a `set` verb (`ENV DB_PASSWORD …`, `setx …`, `user-secrets
set "Db:Password" "…"`), two positional arguments after a URL (`mc alias set local http://…
user …`), the arguments of a `*passwd` or `*passphrase` command, a random key given to
`login`, `unseal` or to the call a module returns (`require('stripe')('…')`). The arguments
of calls are `calls`'.

A value in such a position is taken only when it is shaped like a password
(`password_shapes.password_shaped`); a random key counts as well.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cookies import cookie_values
from .line_starts import line_start
from .names import NOT_SECRET, PASSWORD, given_by_name, tier, words_of
from .password_shapes import DOMAIN, SYMBOLS, password_shaped, person_chosen
from .patterns import MARK, LazyPattern, LazyRule, RunRule, RunStartRule
from .values import is_wordlike, looks_random, not_a_secret, strongly_mixed

_PASSPHRASE = LazyPattern(r"[a-z]{2,12}(?P<sep>[-_.])[a-z]{2,12}(?:(?P=sep)[a-z]{2,12}){1,6}(?P=sep)\d{1,6}")


def unquote(value: str) -> tuple[str, str]:
    """(`value` without its matching quotes, the quote or "")."""
    return _unquote(value)


def _unquote(value: str) -> tuple[str, str]:
    if len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]:
        return value[1:-1], value[0]
    return value, ""


def _redact_group(m: re.Match[str], group: str = "s") -> str:
    """The match with its group `group` replaced by the mark (quotes kept)."""
    inner, quote = _unquote(m.group(group))
    start, end = m.span(group)
    whole, base = m.group(0), m.start()
    return whole[: start - base] + quote + MARK + quote + whole[end - base :]


def _if_shaped(m: re.Match[str]) -> str:
    return _redact_group(m) if password_shaped(_unquote(m.group("s"))[0]) else m.group(0)


# -- positions in command and config lines ------------------------------------------------------

_VALUE = r"""(?P<s>"[^"\n]*"|'[^'\n]*'|[^\s"'<>|;&]+)"""
_END = r"(?=[ \t;,)\]}]|$)"


def _keyword_value(m: re.Match[str]) -> str:
    """`… password X`, `insecure-password X`, `PSK "X"`: a password keyword then its value."""
    if tier(m.group("n")) != PASSWORD and not _sets_a_password(m.group("n")):
        return m.group(0)
    if given_by_name(m.string, m.start("n"), m.end("n")):
        return m.group(0)
    if m.group("s").startswith("-"):
        return m.group(0)  # `env:KS_PASS -p:KeyPass=…`: the next flag, no value of the name before it
    if m.group("w") is None or m.group("w") in ("for", "of"):  # `password for bob@db:5432:`: whose, not it
        return _if_shaped(m) if m.group("w") is None else m.group(0)
    # A word between the keyword and the last argument (`user:password admin …`, `password
    # irreversible-cipher …`): a user or a type, when that argument ends the command.
    if _COMMAND_END.match(m.string, m.end()) is not None and password_shaped(_unquote(m.group("s"))[0]):
        return _redact_group(m)
    return _redact_group(m, "w") if password_shaped(m.group("w")) else m.group(0)


_SETTING_VERBS = frozenset(("RESET", "SET", "CHANGE", "UPDATE"))


def _sets_a_password(name: str) -> bool:
    """`reset-admin-password`, `change_password`: an action whose argument is the new password
    (a name the verb makes no secret's: `names.tier`)."""
    words = words_of(name)
    return len(words) >= 2 and words[-1] in ("PASSWORD", "PASSWD", "PASSPHRASE") and words[0] in _SETTING_VERBS


_COMMAND_END = LazyPattern(r"[ \t]*(?:$|[;|&\n])")


def _set_value(m: re.Match[str]) -> str:
    """`ENV NAME value`, `setx NAME value`, `… set "Db:Password" "value"`: the name decides."""
    name = _unquote(m.group("n"))[0]
    level = tier(name, whole=True)
    if level == NOT_SECRET:
        return _host_credentials(m, name)
    value = _unquote(m.group("s"))[0]
    if value[:1] + value[-1:] == "{}" and not not_a_secret(value[1:-1]):
        value = value[1:-1]  # Tcl's `set ::db_pass {…}`: braces quote a word
    if level == PASSWORD and password_shaped(value) or looks_random(value) and not not_a_secret(value):
        return _redact_group(m)
    return m.group(0)


_USER_COLON = LazyPattern(r"[A-Za-z_][\w.@-]{0,40}:")


def _host_credentials(m: re.Match[str], name: str) -> str:
    """`bundle config set gems.example.com bob:…`: a user and its password set under a host."""
    value, quote = _unquote(m.group("s"))
    user = _USER_COLON.match(value)
    if (
        user is None
        or not (DOMAIN.fullmatch(name.lower()) or "://" in name)
        or not password_shaped(value[user.end() :])
    ):
        return m.group(0)
    start, end = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: start - base] + quote + value[: user.end()] + MARK + quote + whole[end - base :]


def _user_then_secret(m: re.Match[str]) -> str:
    """`NAME: user / secret`, `--creds user:secret`, `NEO4J_AUTH=user/secret` under a secret name."""
    text, start = m.string, m.start()
    while start and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
        start -= 1
    while start < m.start() and text[start] in ".-0123456789":
        start += 1  # `--dest-creds`: the flag's dashes are not the name
    name = text[start : m.start("sep")].rstrip("\"'")
    if tier(name) == NOT_SECRET and name.lower() != "login":
        return m.group(0)  # (`Login: admin / …`: a README's sign-in line)
    if start and text[start - 1] in "$" or not name[:1].isalpha() and name[:1] != "_" or strongly_mixed(m.group("u")):
        return m.group(0)  # (`Password: cb73…S/XyIy…`: a random key holding a slash, no user before it)
    if not m.group("sep").strip() and text[start - 1 : start] != "-" and m.group("j") != ":":
        return m.group(0)  # `Token Program/Token-2022`: words; a flag's argument needs no `=`
    return _if_shaped(m)


# A command that names its user: `-u bob`, `-u:bob` (Windows' tools), `--user bob`, `-l bob` (a login, with its argument),
# `user create bob`, `useradd bob` (a verb making the user).
_U_FLAG = LazyPattern(
    r"(?:^|[\s\"'\[,])(?:-[uU](?:[ \t]+|:|(?=[A-Za-z_]))[^\s\"'-]|--user(?:name)?[ \t=]+[^\s-]|-l[ \t]+[A-Za-z_][\w.@-]*[ \t]+-)"
    r"|(?i:\buser[ \t]+(?:create|add|new)|\buseradd)[ \t]+[A-Za-z_]"
)
_WIN_USER = LazyPattern(r"(?:^|\s)/(?:u(?:ser)?:|[uU][ \t]+)[^\s/]")  # `/user:bob`, `schtasks … /U bob`
# A command that connects to a database (`-u 'jdbc:…'`) or whose verb names a password (`add-generic-password`).
_LOGIN_LINE = LazyPattern(r"[\s\"']jdbc:|(?:^|\s)[a-z][\w-]*passw(?:or)?d\b(?!-stdin)[\w-]*(?=\s)")
# A command that names the server it signs in to (`-H 127.0.0.1`, `--host db.internal`): a `-p`
# beside it is a port when a number, its password when shaped like one.
_HOST_FLAG = LazyPattern(r"(?:^|\s)(?:-[hH][ \t]+|--host(?:name)?[ \t=]+)(?:localhost|[\w-]+(?:\.[\w-]+)+)(?=\s|$)")
# A key store named in the command: a bare `-p`/`/p` beside it is its password (`signtool … /f a.pfx /p …`).
_KEY_STORE = LazyPattern(r"[\w-]\.(?i:pfx|p12|jks|keystore|bcfks)\b")


# `-Pandroid.signing.key.alias=upload`, `-Dmail.smtp.user=bob`: a property defined, judged by its name.
_PROPERTY = LazyPattern(r"[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+=")


_SEARCHED: dict[object, tuple[str, int, bool]] = {}  # a pattern's last line searched: (text, its start, found)


def _on_line(pattern: LazyPattern, m: re.Match[str]) -> bool:
    """Whether `pattern` is found in the line holding `m`, searched once a line: a line of many
    flags searched again for each costs the line its square."""
    text = m.string
    begin = line_start(text, m.start())
    kept_text, kept_begin, found = _SEARCHED.get(pattern, (None, -1, False))
    if kept_text is text and kept_begin == begin:
        return found
    end = text.find("\n", m.end())
    found = pattern.search(text[begin : len(text) if end == -1 else end]) is not None
    _SEARCHED[pattern] = (text, begin, found)
    return found


def _p_after_user(m: re.Match[str]) -> str:
    gate = _WIN_USER if m.group(0).lstrip(" \t\"'[,").startswith("/") else _U_FLAG
    named = _on_line(gate, m) or _on_line(_KEY_STORE, m) or _on_line(_LOGIN_LINE, m) or _on_line(_HOST_FLAG, m)
    return _if_shaped(m) if named and _PROPERTY.match(m.group("s")) is None else m.group(0)


def _flag_argument(m: re.Match[str]) -> str:
    """Any one-letter flag's bare argument (`-W …`, `-A …`; not `+%Y%m%d`, `api.$DOMAIN`,
    `80:localhost:8080`, a quoted pattern): a password when it mixes
    cases, digits and symbols inside; or, in a command that names its user (`-u admin`,
    `/user:bob`), when it mixes cases and digits (`-d app_v2` is a database's name)."""
    value = _unquote(m.group("s"))[0]
    if not password_shaped(value):
        return m.group(0)
    inner_symbol = any(c in SYMBOLS for c in value[1:-1])
    if inner_symbol and strongly_mixed(value) or looks_random(value) and not not_a_secret(value):
        return _redact_group(m)
    named_user = _on_line(_U_FLAG, m) or _on_line(_WIN_USER, m)
    mixed = strongly_mixed(value) or person_chosen(value, passphrase=False)
    if m.group(0)[1] in "wW" and (named_user or _on_line(_LOGIN_LINE, m)) or named_user and mixed:
        return _redact_group(m)  # `-w` beside a user: the bind password of `ldapsearch`, `vsql`
    return m.group(0)


def _twice(m: re.Match[str]) -> str:
    """`-a … -p …`: a value shaped like a password, with letters and digits, given to two flags
    in a row (typed twice: a new secret and its confirmation), both marked."""
    v = m.group("s")
    if not password_shaped(v) or not any(c.isalpha() for c in v) or not any(c.isdigit() for c in v):
        return m.group(0)
    flags = (m.group("f"), m.group("g"))
    passphrase = _PASSPHRASE.fullmatch(v) is not None  # `rocket-maple-shadow-9151`: words a generator joined
    if not (strongly_mixed(v) or passphrase) and not any(
        f in ("p", "P", "w", "W") or tier(f) == PASSWORD for f in flags
    ):
        return m.group(0)  # `--from build2024 --to build2024`: one name twice; a password flag says more
    if not_a_secret(v):
        return m.group(0)
    return m.group(0).replace(v, MARK)


def _random_only(m: re.Match[str]) -> str:
    value = m.group("s")
    return _redact_group(m) if looks_random(value) and not not_a_secret(value) else m.group(0)


def _after_url(m: re.Match[str]) -> str:
    user = m.group("u")
    if not (is_wordlike(user) or user.replace("-", "").replace("_", "").isalnum()):
        return m.group(0)
    return _if_shaped(m)


def _userinfo(m: re.Match[str]) -> str:
    if m.groupdict().get("h", "") and m.group("h").lower().startswith(("sha", "v")) and not m.group("h").endswith("("):
        return m.group(0)  # `node:20-alpine@sha256:…`, `owner/action@v4`: an image digest, a ref
    return _if_shaped(m)


RULES: tuple[tuple[tuple[str, ...], str, Callable[[re.Match[str]], str]], ...] = (
    (
        ("assw", "ASSW", "assphrase", "ASSPHRASE", "pass ", "PASS ", "pwd ", "PWD ", "pw ", "PW ", "psk ", "PSK "),
        r"(?<![\w$.#/-])(?P<n>(?:[A-Za-z][\w.-]*?)?(?i:passw(?:or)?d|passphrase|passcode|pass|pwd|pw|psk))(?![\w-])"
        r"(?:[ \t]+--?[a-z][\w-]*)*(?:[ \t]+(?P<w>[a-z][\w-]*))?[ \t]+(?!(?i:password|passwd|passphrase)\b)"
        + _VALUE
        + _END,
        _keyword_value,
    ),
    (
        # an IPsec secrets file's login secret: `carol : EAP "…"`, `%any : XAUTH "…"` (as `: PSK "…"`)
        ("EAP ", "XAUTH ", "NTLM "),
        r"(?<=\S)[ \t]+:[ \t]*(?:EAP|XAUTH|NTLM)[ \t]+" + _VALUE + _END,
        _if_shaped,
    ),
    (
        # (`set-environment`, `set-env`: a verb setting one variable, flags before the name; the verb's letter first)
        ("set ", "setx ", "setenv ", "ENV ", "SET ", "set-"),
        r"(?:E(?<!\SE)NV|s(?<!\Ss)et(?:-[a-z]{3,20})?|s(?<!\Ss)etx|s(?<!\Ss)etenv|S(?<!\SS)ET)[ \t]+(?:-{1,2}[\w-]+[ \t]+)*"
        r"(?P<n>\"[^\"\n]+\"|'[^'\n]+'|(?:::)?[A-Za-z_][\w.:/-]*)[ \t]+" + _VALUE + _END,  # (Tcl's `::name`)
        _set_value,
    ),
    (
        ("auth", "Auth", "AUTH", "cred", "Cred", "CRED", "assw", "ASSW", "login:", "Login:", "LOGIN:", "login="),
        # anchored on the noun (the rest of the name is read back in `_user_then_secret`)
        r"(?i:auth|cred|passw|login)[\w.-]*[\"']?(?P<sep>[ \t]*[=:][ \t]*|[ \t]+)[\"']?"
        r"(?P<u>[A-Za-z_][\w.@-]{0,40})(?P<j>[ \t]*/[ \t]*|:)(?P<s>[^\s\"'/:,;]+)" + _END,
        _user_then_secret,
    ),
    (
        ("-user ", "-user=", "-creds ", "-creds=", "user =", "user=", "user:"),
        # `--proxy-user bob:…`, `--user root:…`: a flag that takes `user:password`; curl's
        # config key the same (`user = "bob:…"`)
        r"(?:(?<=[\w-])-(?:user|creds?)(?:[ \t]+|=)|(?:^|(?<=[\s{,]))(?:proxy-)?user[ \t]*[=:][ \t]*)"
        # (not a next field, `user=shop:password=…`: that is a name and its own value)
        r"[\"']?[A-Za-z_][\w.@-]{0,40}:(?![A-Za-z_][\w.-]{0,40}=)(?P<s>[^\s\"'/:,;]+)(?=[\"']?(?:[ \t;,)\]}]|$))",
        _if_shaped,
    ),
    (
        ("\0-p", "\0-P", "/p:", " /p ", " /P ", '"-p', '"-P', "'-p"),
        r"(?:(?<=[\s\"'\[,])|^)(?:-[pP](?::|[ \t]+|(?=[^\s\"'-]))|/[pP](?::|[ \t]+(?=[^\s/])))(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"',\]-][^\s\"',\]]*)",
        _p_after_user,
    ),
    (
        ("\0-",),
        # `-a … -p …` with the same value: a new password and its confirmation (`--password …
        # --confirm …`), whatever the flags' letters; or an auth and a privacy key (`-A … -a SHA
        # -X …`), other flags between (a flag's `-` first, the space behind it then: `re` skips ahead to a literal)
        r"-(?<=[ \t]-)-?(?P<f>[A-Za-z][\w-]{0,30})(?:[ \t]+|=)(?P<q>[\"']?)(?P<s>[^\s\"'|&;$-][^\s\"'|&;$]{7,199})(?P=q)"
        r"(?:[ \t]+--?[A-Za-z][\w-]{0,30}(?:(?:[ \t]+|=)[^\s\"'|&;$-][^\s\"'|&;$]{0,40})?){0,3}?"
        r"[ \t]+--?(?P<g>[A-Za-z][\w-]{0,30})(?:[ \t]+|=)(?P=q)(?P=s)(?P=q)" + _END,
        _twice,
    ),
    (
        ("\0-",),
        # `-gu bob -gp …`, `--db-user app --db-pass …`: a user's flag, then the password's of the
        # same prefix (a user and password of the guest, the database, …)
        r"-(?<=[ \t]-)(?P<x>-?[a-z]{1,8}-?)u(?:ser)?(?:[ \t]+|=)[^\s-]\S*(?:[ \t]+\S+){0,4}?"
        r"[ \t]+-(?P=x)p(?:ass(?:word)?|w|wd)?(?:[ \t]+|=)(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'|&;]+)" + _END,
        _if_shaped,
    ),
    (
        (" /",),
        # the same in Windows' slash flags: `/ru ACME\svc /rp …` (schtasks' run-as user and
        # password), `/u bob /p …`, `/user:bob /password:…`
        r"/(?<=[ \t]/)(?P<x>[A-Za-z]{0,8})[uU](?:ser)?(?:[ \t]+|:)[^\s/\"'][^\s\"']*[ \t]+"
        r"/(?P=x)[pP](?:ass(?:word)?|w|wd)?(?:[ \t]+|:)(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'|&;/]+)" + _END,
        _if_shaped,
    ),
    (
        ("\0-",),
        # a one-letter flag and its argument (after `-p`'s own rule above)
        r"-(?<=[ \t]-)[A-Za-oq-z](?:[ \t]+|=)(?P<s>[A-Za-z0-9!@#^*~][^\s\"'|&=$:/\\]*)(?=[ \t;)]|$)",
        _flag_argument,
    ),
    (
        ("@",),
        # `app:…@tcp(db:3306)`, `scott/…@ORCL`, `bob@example.com:…` at a line's end
        # (`corp/bob:…@host`: a domain before the user; `//bob:…@host`, a network-path reference,
        # a URL whose scheme lost its colon: `postgres//bob:…@db/app`)
        r"(?:(?<![\w/:@.$-])|(?<=[\s\w'\"=]//))(?:[A-Za-z][\w.-]{0,40}/)?(?P<u>[A-Za-z_][\w.-]{0,40})[:/](?P<s>[^\s:/'\"]{3,200})"
        r"@(?P<h>tcp\(|unix\(|//|(?:[A-Za-z][\w-]*(?:\.[\w-]+)*|\d{1,3}(?:\.\d{1,3}){3})(?=[:/'\"\s]|$))",
        _userinfo,
    ),
    (
        ("@",),
        r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+:(?P<s>[^\s:/'\"]+)[ \t]*$",
        _if_shaped,
    ),
    (
        ("passwd ", "passphrase "),
        r"(?:^|(?<=[\s;|&(]))(?:openssl[ \t]+)?[a-z_]*(?:passwd|passphrase)[ \t]+(?![=:])(?:(?:-\S+|[^\s;|&<>]+)[ \t]+)*?"
        r"(?:<<<[ \t]*)?(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s;|&<>)-][^\s;|&<>)]*)[ \t]*(?=$|[;|&>)])",
        _if_shaped,
    ),
    (  # a random key given to a verb that signs in, after the key's id (`… authorize <id> <key>`) or alone
        ("login", "unseal", "authori"),
        r"\b(?:login|unseal|authori[sz]e(?:-account)?)[ \t]+(?:[\w.@][\w.@-]{0,63}[ \t]+)?(?P<s>[A-Za-z0-9_.+/=-]{20,})(?=\s|$)",
        _random_only,
    ),
    (
        ("<<<",),
        # a here-string into a command that reads its password on stdin or a descriptor
        r"[ \t]--?[\w-]*pass[\w-]*(?:stdin|-fd)\b[^\n|;&]*?<<<[ \t]*" + _VALUE,
        _if_shaped,
    ),
    (
        ("ookie", "OOKIE", " -b "),
        r"(?:(?i:\b(?:set-)?cookie)[ \t]*:[ \t]*|(?:--cookie|(?<=[ \t])-b)[ \t=]+[\"']?)(?P<s>[^\n\"']+)",
        cookie_values,
    ),
    (("')(", '")(', "')('", '")("'), r"\)\([ \t]*(?P<q>['\"])(?P<s>[\w.+/=-]{20,})(?P=q)[ \t]*\)", _random_only),
    (
        ("PASSWORD FOR", "password for", "Password for", "PASSWORD for"),
        r"(?i:\bset[ \t]+password[ \t]+for)[ \t]+\S+[ \t]*=[ \t]*(?:(?i:password)[ \t]*\([ \t]*)?(?P<s>'[^'\n]*')",
        _if_shaped,
    ),
    ((" using ", " USING "), r"(?i:\buser[ \t]+\S+[ \t]+using)[ \t]+" + _VALUE + _END, _if_shaped),
    # ftp's and fetchmail's `user NAME PASSWORD` on a line of its own (a script, a heredoc),
    # and a login verb's `login NAME PASSWORD` at a prompt
    (
        ("user ", "login ", "logon ", "auth "),
        r"^[ \t]*(?:[$#>][ \t]+)?(?:user|login|logon|auth)[ \t]+[A-Za-z_][\w.@-]*[ \t]+" + _VALUE + r"[ \t]*$",
        _if_shaped,
    ),
    (
        ("://",),
        # tried from the last `://` of a run only: an earlier one reaches the same space and the
        # same user and password after it, where retrying the run from each `://` costs its square
        r"://(?!\S*?://\S)\S+[ \t]+(?P<u>[^\s\"'-][^\s\"']*)[ \t]+(?P<s>[^\s\"'-][^\s\"']*)[ \t]*$",
        _after_url,
    ),
    (
        ("chpasswd",),
        r"[\"']?(?<![\w-])[a-z_][\w-]{0,64}:(?P<s>[^\s:'\"]{1,200})[\"']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd",
        _if_shaped,
    ),
)


# The rules whose pattern starts with a word and reads the name it stands in to its end: tried
# from a name's first word only (`patterns.RunRule`).
_BY_NAME = {_user_then_secret: (r"(?i:auth|cred|passw|login)", r"[\w.-]+")}
# The rules whose name, after a lookbehind no name's character passes, is a whole run of name
# characters ending in the noun, a space or a tab right after it (each way on to the value opens on
# one): tried only from the start of a run such a noun ends (`patterns.RunStartRule`).
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_BY_NOUN = {_keyword_value: (r"[Pp](?i:ass(?:w(?:or)?d|phrase|code)?|wd?|sk)[ \t]", _NAME_CHARS)}


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), in the order they run; `\\0` marks a trigger tested only when
    the text holds a flag (as in `commands`)."""
    return tuple(
        (
            triggers,
            RunRule(rx, sub, *_BY_NAME[sub])
            if sub in _BY_NAME
            else RunStartRule(rx, sub, *_BY_NOUN[sub])
            if sub in _BY_NOUN
            else LazyRule(rx, sub),
        )
        for triggers, rx, sub in RULES
    )
