"""Passwords given to commands and written in formats with no `name=value` shape: `mysql -pX`,
`redis-cli -a X`, `sshpass -p X`, `curl -u user:X`, `aws configure set … X`, `gh secret set
--body X`, SQL `PASSWORD 'X'`, netrc, `.pgpass`, `echo X | docker login --password-stdin`.

A command written as an array of its arguments (a Dockerfile's or a compose file's exec form,
`["redis-cli", "-a", "X", "ping"]`, `exec.Command("mysql", "-pX")`, `spawn('redis-cli', ['-a',
'X'])`) is read as the command line its items make.

`NAME=value`, `--password value` and `-storepass value` are left to `assignments`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import accounts, ci_masks, logins, package_auth, user_maps
from .names import NOT_SECRET, tier_any_part
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern, LazyRule, RunRule
from .values import is_numberish, is_wordlike, not_a_secret
from .whole_line import redact_line

_ARG = r"""(?P<s>"[^"\n]*"|'[^'\n]*'|[^\s"'|;&<>]+)"""
_REST = r"(?:[^\n|;&\\]|\\\n|\\.)*"  # the rest of one command (continuation lines too)
_SAME_CMD = _REST + "?"  # (as little of it as a match needs)
# (triggers, regex with group `s`); the value is redacted unless it is a placeholder or reference.
COMMANDS: tuple[tuple[tuple[str, ...], str], ...] = (
    # (`-passwd …`, `-password …`: a long flag spelt with one dash, not `-p` with its value attached)
    (
        ("mysql", "mariadb", "mycli"),
        rf"\b(?:mysql\w*|mariadb[\w-]*|mycli)\b{_SAME_CMD}[ \t]-p(?!ass(?:wd|word)?\b){_ARG}",
    ),
    (("redis-cli",), rf"\bredis-cli\b{_SAME_CMD}[ \t](?:-a|--pass)[ \t]+{_ARG}"),
    (("sshpass",), rf"\bsshpass\b{_SAME_CMD}[ \t]-p[ \t]*{_ARG}"),
    (("ldap",), rf"\bldap\w+\b{_SAME_CMD}[ \t]-[wy]?w[ \t]+{_ARG}"),
    (
        (" login", "twine", "repo add", "mongo", "az ", "unlock"),
        # (a verb that logs in or unlocks: `… unlock-keychain -p …`, `… unlock -p …`)
        rf"(?:\blogin\b|\bunlock(?:-[\w-]+)?\b|\btwine\b|\brepo[ \t]+add\b|\baz\b|\bmongo(?:sh|dump|restore|import|export)?\b){_SAME_CMD}[ \t]-p[ \t]+{_ARG}",
    ),
    (
        ("sqlcmd", "bcp", "osql", "isql", "mssql-cli"),
        rf"\b(?:sqlcmd|bcp|osql|isql|mssql-cli)\b{_SAME_CMD}[ \t]-P[ \t]*{_ARG}",
    ),
    (("pass:",), r"-pass(?:in|out|word)?[ \t]+pass:(?P<s>[^\s\"']+)"),
    (("zip",), rf"\b(?:zip|unzip|zipcloak)\b{_SAME_CMD}[ \t]-P[ \t]+{_ARG}"),
    (("openssl",), rf"\bopenssl[ \t]+(?:enc|aes-\S+|des\S*|bf\S*)\b{_SAME_CMD}[ \t]-k[ \t]+{_ARG}"),
    (("7z",), rf"\b7za?\b{_SAME_CMD}[ \t]-p(?P<s>[^\s\"']+)"),
    (("smbclient",), rf"\bsmbclient\b{_SAME_CMD}[ \t](?:-U|--user)[ \t=]*[\"']?[^\s%\"']+%(?P<s>[^\s\"']+)"),
    (("lftp",), rf"\blftp\b{_SAME_CMD}[ \t]-u[ \t]+[^,\s]+,(?P<s>[^\s\"']+)"),
    (("rabbitmqctl",), rf"\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+{_ARG}"),
    (
        ("htpasswd",),
        rf"\bhtpasswd[ \t]+(?:-[a-mo-zA-Z]+[ \t]+)*-[a-mo-zA-Z]*b[a-mo-zA-Z]*[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+\S+[ \t]+{_ARG}",
    ),
    (("htpasswd",), rf"\bhtpasswd[ \t]+(?:-\w+[ \t]+)*-\w*(?:nb|bn)\w*[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+{_ARG}"),
    (("vault",), r"\bvault[ \t]+login[ \t]+(?:-\S+[ \t]+)*(?P<s>[^\s=\"'-][^\s=\"']*)(?=\s|$)"),
    # a password command's literal: `--ldap_password_cmd='echo …'`, `passwordeval "printf …"`
    (
        ("echo", "printf"),  # (rarer than `cmd` or `command`: each trigger is one more scan of a long text)
        r"(?i:pass\w*(?:[_-]?cmd|[_-]?command|eval))[ \t]*[=:]?[ \t]*[\"'`]?(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?"
        r"(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'`;|]+)",
    ),
    (("secret set",), rf"\bgh[ \t]+secret[ \t]+set\b{_SAME_CMD}[ \t](?:-b|--body)(?:[ \t]*|=){_ARG}"),
    (
        ("-u", "--user", "-a", "--auth"),
        rf"\b(?:curl|http|https|xh|wget)\b{_SAME_CMD}[ \t](?:-u|--user|-a|--auth)(?:[ \t]+|=)?(?P<q>[\"']?)"
        r"(?P<user>[^\s:\"']*):(?P<q2>[\"']?)(?P<s>[^\s\"']+)(?P=q2)(?P=q)",
    ),
    (
        ("-u", "--user"),
        rf"\bcurl\b{_SAME_CMD}[ \t](?:-u|--user)(?:[ \t]+|=)?(?P<q>[\"'])(?P<user>[^\s:\"']*)(?P=q):"
        r"(?P<q2>[\"'])(?P<s>[^\s\"']+)(?P=q2)",
    ),
    (
        ("-u", "--user"),
        rf"\bcurl\b{_SAME_CMD}[ \t](?:-u|--user)(?:[ \t]+|=)?(?P<q>[\"']?)(?P<s>[^\s:\"']{{8,}}):(?P=q)(?=\s|$)",
    ),
    (("config",), rf"\b(?:poetry|composer)[ \t]+config[ \t]+(?:--?[\w-]+[ \t]+)*http-basic\.\S+[ \t]+\S+[ \t]+{_ARG}"),
    (
        ("ASSWORD '", "assword '", "ASSWORD('", "ASSWORD(", "ASSWORD =", "ASSWORD="),
        r"(?<![\w'\"$.-])(?i:password)(?![\w'\"-])[ \t]*(?:=[ \t]*(?:(?i:password)[ \t]*\([ \t]*)?|\([ \t]*)?N?(?P<s>'[^'\n]*')",
    ),
    # A password changed from the old one to the new: `SET PASSWORD FROM '…' TO '…'` (both secrets).
    (
        ("ASSWORD FROM", "assword from"),
        r"(?<![\w'\"$.-])(?i:password)[ \t]+(?i:from)[ \t]+(?P<s>'[^'\n]*')",
    ),
    (
        ("ASSWORD FROM", "assword from"),
        r"(?<![\w'\"$.-])(?i:password)[ \t]+(?i:from)[ \t]+'[^'\n]*'[ \t]+(?i:to)[ \t]+(?P<s>'[^'\n]*')",
    ),
    (
        ("dentified", "DENTIFIED"),
        r"(?i:\bidentified[ \t]+(?:with[ \t]+\w+[ \t]+)?by)[ \t]+(?P<s>'[^'\n]*'|\"[^\"\n]*\"|[^\s;'\"]*\d[^\s;'\"]*)",
    ),
    (("machine",), r"\bmachine[ \t]+\S+(?:[ \t]+(?:login|account)[ \t]+\S+)*[ \t]+password[ \t]+(?P<s>\S+)"),
    (
        ("echo", "printf"),
        r"\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?(?:'%s\\?n?'[ \t]+|\"%s\\?n?\"[ \t]+)?"
        r"(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s|'\")]+)\)?[ \t]*\|[^\n|]*?(?:--password-stdin|--with-token|--stdin\b|\bchpasswd\b|\bsudo\b[^\n|]*?[ \t]-S\b"
        r"|\bsecrets?[ \t]+set\b"  # `echo -n X | gh secret set NAME`: the value comes on stdin
        # a command whose words say it keeps a password (`… -f Passwords -w db`, `… store --label=token`),
        # not a filter reading text for the word (`grep password`, `jq .token`)
        r"|(?<=\|)(?![ \t]*(?:e?grep|rg|sed|awk|jq|yq|tr|cut|wc|head|tail|sort|uniq|tee|cat|less|xargs|base64|od|xxd)\b)"
        r"[^\n|]*?(?i:passw|wallet|keychain|keyring))",
    ),
    (
        ("<<<",),
        rf"(?:--password-stdin|--with-token|--stdin\b|\bchpasswd\b|\bsudo\b{_SAME_CMD}[ \t]-S\b){_SAME_CMD}<<<[ \t]*{_ARG}",
    ),
)
# What a command prints under a label with no `=`: vault's `Unseal Key 1: …`, `Initial Root Token: …`.
_PRINTED_LABELS = (
    (
        ("nseal Key", "nseal key", "ecovery Key", "ecovery key", "oot Token", "oot token"),
        r"(?i:\b(?:unseal|recovery)[ \t]+key(?:[ \t]+\d+)?|\b(?:initial[ \t]+)?root[ \t]+token)[ \t]*:[ \t]*"
        r"(?P<s>[^\s\"']{8,})",
    ),
)
# Code that passes a password as the second argument after a user name: `auth=("admin", "…")`,
# `HTTPBasicAuth("admin", "…")`, `smtp.login("me@example.com", "…")`; not an anonymous login's
# (`ftp.login('anonymous', 'guest@')`: by convention an address or anything, no secret).
_AUTH_PAIR = (
    (
        ("auth", "Auth", "login"),
        r"(?:\b(?:\w+_)?auth[ \t]*=[ \t]*[(\[]|\b(?:HTTPBasicAuth|HTTPDigestAuth|BasicAuth|basic_auth|login|auth|authenticate)"
        r"[ \t]*\()[ \t]*(?P<u>[\"'])(?!(?i:anonymous)[\"'])[^\"'\n]*(?P=u)[ \t]*,[ \t]*(?P<s>\"[^\"\n]*\"|'[^'\n]*')",
    ),
)
# A mail or key-value protocol's login command, as a session or a monitor echoes it: IMAP's
# `a1 LOGIN user …`, Redis's `"AUTH" "…"` / `"AUTH" "user" "…"` (its verbs in capitals; not
# SQL's `ALTER LOGIN sa DISABLE`).
_PROTOCOL_LOGIN = (
    r"(?:(?:^|(?<=[ \t]))(?<!ALTER )(?<!CREATE )(?<!DROP )LOGIN[ \t]+\"?[\w.@+-]{1,64}\"?[ \t]+"
    r"|\"AUTH\"[ \t]+(?:\"[\w.@+-]{1,64}\"[ \t]+)?)(?P<s>\"[^\"\n]+\"|[^\s\";]+)(?=[ \t]*(?:$|\n|\r))"
)


def _shaped(m: re.Match[str]) -> str:
    return _replace(m) if password_shaped(m.group("s").strip('"')) else m.group(0)


# A plain-text password given to a hashing or checking function: `bcrypt.hashpw(b"…", …)`,
# `make_password("…")`, `generate_password_hash("…")`.
_HASHED = (
    (
        ("hashpw", "checkpw", "password_hash", "make_password", "hash_password", "check_password"),
        r"\b(?:hashpw|checkpw|generate_password_hash|check_password_hash|make_password|hash_password|"
        r"password_hash|check_password)[ \t]*\([ \t]*b?(?P<s>\"[^\"\n]*\"|'[^'\n]*')",
    ),
)
# A secret store's value flag: `aws ssm put-parameter … --type SecureString --value …`,
# `aws secretsmanager … --secret-string …`, `az keyvault secret set … --value …`.
_STORE_VALUE = (
    (("--secret-string",), rf"--secret-string(?:[ \t]+|=){_ARG}"),
    # PowerShell: `ConvertTo-SecureString "…" -AsPlainText` holds the password in clear (its
    # switches in any order before it: `-AsPlainText -Force -String "…"`)
    (
        ("ConvertTo-SecureString", "convertto-securestring"),
        rf"(?i:\bConvertTo-SecureString)[ \t]+(?:-(?i:AsPlainText|Force)[ \t]+)*(?:-String[ \t]+)?{_ARG}",
    ),
    (("keyvault",), rf"\bkeyvault[ \t]+secret[ \t]+set\b{_SAME_CMD}[ \t]--value(?:[ \t]+|=){_ARG}"),
)
_SSM = rf"\bput-parameter\b{_SAME_CMD}[ \t]--value(?:[ \t]+|=){_ARG}"
_SSM_SECRET = LazyPattern(r"SecureString|--name[ \t=]+\S*(?i:pass|secret|token|key|cred)")

# Commands that set a value under a name: the name decides.
_SET_NAME = (
    r"(?:\b(?:config(?:ure)?|conf)[ \t]+(?:--?[\w-]+(?:=\S+)?[ \t]+)*set|\bgit[ \t]+config|\bpoetry[ \t]+config)"
    r"[ \t]+(?:--?[\w-]+(?:=\S+)?[ \t]+)*(?P<n>[^\s=\"']+)[ \t]+" + _ARG
)
# Secret stores: every `NAME=value` after `secrets set` / `--from-literal=` is a secret.
_STORE = LazyRule(r"\bsecrets?[ \t]+set\b|--from-literal=", str)
_PAIR = LazyRule(r"(?:(?<=\s)|(?<=--from-literal=))[A-Za-z_][\w.-]*=" + _ARG, str)
_NETRC_LINE = r"(?m)^[ \t]*(?:password|passwd)[ \t]+(?P<s>\S+)[ \t]*$"
# (`.pgpass` escapes a colon in its password as `\:`: a bare one there is another format's
# field separator, as `/etc/shadow`'s `nobody:*:20055:0:99999:7:::`)
_PGPASS = r"(?m)^[\w.*-]+:(?:\d+|\*):[^:\s]+:[^:\s]+:(?P<s>(?:[^\s:\\]|\\\S)+)$"


def _keep(value: str) -> bool:
    inner = value[1:-1] if value[:1] in "\"'" and len(value) >= 2 and value[-1] == value[0] else value
    return MARK in inner or not_a_secret(inner) or inner == "-"


def _replace(m: re.Match[str]) -> str:
    value = m.group("s")
    if _keep(value):
        return m.group(0)
    if "user" in m.groupdict() and (value == m.group("user") or m.group("user").startswith("<") or value.endswith(">")):
        return m.group(0)  # `curl -u admin:admin`: a default; `-u <user:password>`: a placeholder
    quote = value[0] if value[:1] in "\"'" and len(value) >= 2 and value[-1] == value[0] else ""
    start, end = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: start - base] + quote + MARK + quote + whole[end - base :]


def _port_or_flag(value: str) -> bool:
    return value.startswith("-") or is_numberish(value)


def _set_name(m: re.Match[str]) -> str:
    if m.group("n").startswith("-"):
        return m.group(0)  # `pulumi config set --secret dbPassword`: a flag, then the name (prompted)
    if tier_any_part(m.group("n")) == NOT_SECRET and not m.group("n").lower().endswith(("_auth", ":_auth")):
        return m.group(0)
    return _replace(m)


def _store(text: str) -> str:
    out, pos = [], 0
    for found in _STORE.pattern.finditer(text):
        line_end = text.find("\n", found.end())
        line_end = len(text) if line_end == -1 else line_end
        if found.start() < pos:
            continue
        out.append(text[pos : found.end()])
        out.append(_PAIR.pattern.sub(_replace, text[found.end() : line_end]))
        pos = line_end
    out.append(text[pos:])
    return "".join(out)


FLAG_GATE = " -"  # rules whose pattern needs a flag run only when the text has one
_NEEDS_FLAG = frozenset(
    (
        "mysql",
        "redis-cli",
        "sshpass",
        "ldap",
        " login",
        "sqlcmd",
        "pass:",
        "zip",
        "7z",
        "smbclient",
        "lftp",
        "htpasswd",
        "secret set",
        "-u",
    )
)


# A command's arguments as an array of quoted items, one a flag (`"-a"`, `'--password'`), the
# brackets of a nested array allowed between them (`spawn('redis-cli', ['-a', …])`).
_ITEM = r"""(?:"[^"\s\\]{1,200}"|'[^'\s\\]{1,200}')"""
_ARGV = LazyPattern(rf"{_ITEM}(?:[ \t]*,[ \t]*\[?[ \t]*{_ITEM})+")
_ITEM_PATTERN = LazyPattern(_ITEM)
_ARGV_TRIGGERS = ('", "-', "', '-", '["-', "['-")


def _argument_arrays(text: str) -> str:
    """Each array of a command's arguments read as its command line (`redact` on the items
    joined by spaces), the items that line loses marked in the array."""
    out, pos = [], 0
    for m in _ARGV.finditer(text):
        items = list(_ITEM_PATTERN.finditer(text, m.start(), m.end()))
        words = [i.group(0)[1:-1] for i in items]
        if not any(w[:1] == "-" for w in words[:-1]):
            continue  # no flag with an argument after it: a list of names, not a command
        line = " ".join(words)
        done = redact_line(line)
        if done == line:
            continue
        after = done.split(" ")
        for item, word, new in zip(
            items, words, after if len(after) == len(words) else [None] * len(words), strict=True
        ):
            if new is None:  # (the line's rule took more than one item: each item it lost is marked)
                new = word if word in done else MARK
            if new != word:
                out.append(text[pos : item.start() + 1])
                out.append(new)
                pos = item.end() - 1
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


# `sed`'s substitution, `s/^password=.*/password=…/`: its pattern matches values and is none;
# its replacement is text the file will hold, read on its own.
_SUBSTITUTION = LazyPattern(
    r"(?<![\w/.-])s(?P<d>[/|#])(?P<pat>(?:[^\n\\]|\\.)*?)(?P=d)(?P<rep>(?:[^\n\\]|\\.)*?)(?P=d)"
)


def _substitutions(text: str) -> str:
    """The replacement of each `s/…/…/` read as the text it writes (`redact` on it alone)."""
    if "=" not in text and ":" not in text:
        return text  # (a path's `s/`: no replacement that could hold a secret)

    def one(m: re.Match[str]) -> str:
        rep = m.group("rep")
        done = redact_line(rep) if "=" in rep or ":" in rep else rep
        if done == rep:
            return m.group(0)
        return m.group(0)[: m.start("rep") - m.start()] + done + m.group(0)[m.end("rep") - m.start() :]

    return _SUBSTITUTION.sub(one, text)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text) in the order they run; a trigger starting with FLAG_GATE's
    marker `\0` is only tested when the text holds a flag."""
    rules: list[tuple[tuple[str, ...], Callable[[str], str]]] = []
    for triggers, rx in COMMANDS:
        sub = _replace_unless_port if " login" in triggers else _replace
        gated = triggers[0] in _NEEDS_FLAG
        rules.append((tuple("\0" + t for t in triggers) if gated else triggers, LazyRule(rx, sub)))
    for triggers, rx in _PRINTED_LABELS + _AUTH_PAIR + _STORE_VALUE + _HASHED:
        rules.append((triggers, LazyRule(rx, _replace)))
    # (a command without its `--value` is read to its end from its first `put-parameter` only:
    # each later one would read the same rest and fail alike, `put-parameter=put-parameter=…`)
    rules.append((("put-parameter",), RunRule(_SSM, _ssm_value, r"\bput-parameter\b", "put-parameter" + _REST)))
    rules.append((("\0ssh-keygen",), LazyRule(rf"\bssh-keygen\b{_SAME_CMD}(?=[\n|;&]|$)", _every_flag)))
    rules.append((("net user", "NET USER"), LazyRule(_NET_USER, _replace)))
    rules.append((("VALUES", "values", "Values"), LazyRule(_INSERT, _insert_values)))
    rules.append((("conf",), LazyRule(_SET_NAME, _set_name)))
    rules.append((("password ", "passwd "), LazyRule(_NETRC_LINE, _netrc_line)))
    rules.append((("secrets set", "secret set", "from-literal"), _store))
    pgpass = LazyRule(_PGPASS, _pgpass_line)  # (its line's four colons counted first: most have fewer)
    rules.append(((":",), lambda text: pgpass(text) if text.count(":") >= 4 else text))
    rules.append((accounts.TRIGGERS, accounts.redact_account_passwords))
    rules.append((logins.TRIGGERS, logins.redact_logins))
    rules.append((user_maps.TRIGGERS, user_maps.redact_user_maps))  # (on one line; `formats` runs it over lines)
    rules += ci_masks.compile_rules() + package_auth.compile_rules()  # (`::add-mask::…`, `BUNDLE_X__COM=…`)
    rules.append((("LOGIN ", '"AUTH" '), LazyRule(_PROTOCOL_LOGIN, _shaped)))
    rules.append((_ARGV_TRIGGERS, _argument_arrays))
    rules.append((("s/", "s|", "s#"), _substitutions))
    return tuple(rules)


# `ssh-keygen -p -P old -N new`: both passphrases, so every such flag of the command
_KEYGEN_FLAG = LazyPattern(rf"[ \t]-[NP][ \t]+{_ARG}")
# Windows: `net user NAME PASSWORD /add` (a `*` asks for it instead)
_NET_USER = r"(?i:\bnet[ \t]+user)[ \t]+[^\s/]+[ \t]+(?P<s>\"[^\"\n]*\"|[^\s/*\"][^\s]*)"


# SQL: `INSERT INTO users (name, password) VALUES ('admin', '…')`: the column names the value.
_INSERT = r"(?i:\binsert[ \t]+into[ \t]+[\w.\"`\[\]]+[ \t]*)\((?P<cols>[^()\n]{1,400})\)[ \t]*(?i:values)[ \t]*\((?P<vals>[^()\n]{1,2000})\)"
_SQL_ITEM = LazyPattern(r"[ \t]*('(?:[^'\n]|'')*'|\"[^\"\n]*\"|[^,]*)[ \t]*(?:,|$)")


def _insert_values(m: re.Match[str]) -> str:
    from .assignments import decide
    from .names import NOT_SECRET, tier

    cols = [c.strip(' \t"`[]') for c in m.group("cols").split(",")]
    vals = [(v.start(1), v.end(1)) for v in _SQL_ITEM.finditer(m.group("vals")) if v.group(0)]
    text, base = m.group(0), m.start("vals") - m.start()
    for col, (start, end) in reversed(list(zip(cols, vals, strict=False))):
        value = text[base + start : base + end]
        level = tier(col)
        quoted = len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0]
        if level == NOT_SECRET or not quoted or not decide(level, value[1:-1], col, True, True):
            continue
        text = text[: base + start + 1] + MARK + text[base + end - 1 :]
    return text


def _every_flag(m: re.Match[str]) -> str:
    return _KEYGEN_FLAG.sub(_replace, m.group(0))


_HEX_PAIRS = LazyPattern(r"(?:[0-9A-Fa-f]{2}:)+[0-9A-Fa-f]{2}")


def _pgpass_line(m: re.Match[str]) -> str:
    # `06:25:E0:45:7A:…`: a fingerprint's hex pairs, not `host:port:db:user:password`
    return m.group(0) if _HEX_PAIRS.fullmatch(m.group(0)) else _replace(m)


def _ssm_value(m: re.Match[str]) -> str:
    """A parameter's value is a secret when its type is SecureString or its name sounds secret."""
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    line = text[line_start : len(text) if line_end == -1 else line_end]
    return _replace(m) if _SSM_SECRET.search(line) is not None else m.group(0)


def _netrc_line(m: re.Match[str]) -> str:
    # A line that is only `password <value>` (a netrc entry split over lines): a word is prose.
    return m.group(0) if is_wordlike(m.group("s").rstrip(".,;:!?")) else _replace(m)


def _replace_unless_port(m: re.Match[str]) -> str:
    value = m.group("s")
    return m.group(0) if _port_or_flag(value) or is_wordlike(value) and len(value) < 4 else _replace(m)
