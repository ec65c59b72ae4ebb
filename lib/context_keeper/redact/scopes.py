"""Values inside a block whose header names a secret, and the answer typed to a password prompt.

A header that names a secret says what the lines of its block hold, whatever the syntax:
`variable "db_password" {` … `default = "…"` (HCL), `tokens {` … `initial_management = "…"`,
`"secrets": {` … (JSON), `<AdministratorPassword>` … `<Value>…</Value>` (XML), `chpasswd:` …
`root:…` (YAML), `[smtp.credentials]` … `relay = …` (INI, TOML). Inside such a block a keyed
value is judged as a password's (`nouns.judged`), except under keys that describe the secret
rather than hold it (`type`, `description`, `sensitive`, a user name, a host); a list item
or a value alone on its line (OpenVPN's `<auth-user-pass>`) must mix cases, digits and
symbols or be random, unless the header names passwords.

The body of a file shown by `cat` or written by a heredoc is such a block when the file's
name names secrets (`rsyncd.secrets`, `.htpasswd`), users (`userlist.txt`: fields that mix
cases, digits and symbols) or is a `.env` file (a random value under any name). A password
prompt answered on the next line (`expect "password:"` then `send "…\\r"`,
`child.expect('Password:')` then `child.sendline('…')`) is the same idea at the scale of two
lines.

These read across lines, so they run on a whole text before its lines (see `lines`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .names import DESCRIBING_WORDS, HASHED, NOT_SECRET, PASSWORD, STRONG, WEAK, tier, words_of
from .nouns import judged
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern, LazyRule
from .values import strongly_mixed

TRIGGERS = (
    "assw",
    "ASSW",
    "ecret",
    "ECRET",
    "oken",
    "OKEN",
    "cred",
    "Cred",
    "CRED",
    "pwd",
    "PWD",
    "assphrase",
    "passwd",
    "pass:",  # `SmtpPass:`, `db_pass:`: a short password noun ending a YAML header (one more scan)
    "Pass:",
    "PASS:",
    "auth",
    "Auth",
    "AUTH",
    "login",
    "Login",
    "LOGIN",
    "bearer",  # composer's `"bearer": {"repo.example.com": "…"}`: a token under each host
    "users",
    "userlist",
    "userdb",
    ".env",
)
_MAX_LINES = 60  # a block longer than this is a file's body, not a secret's settings
_BRACE_HEADER = LazyPattern(
    r"[ \t]*(?P<h>[A-Za-z_][\w.-]*(?:[ \t]+\"[^\"\n]{1,80}\"|[ \t]+[\w.-]+){0,2}|\"[A-Za-z_][\w.-]*\")[ \t]*[=:]?[ \t]*\{[ \t]*"
)
_TAG_HEADER = LazyPattern(r"[ \t]*<(?P<h>[A-Za-z_][\w.:-]*)(?:[ \t][^<>\n]*)?>[ \t]*")
_SECTION_HEADER = LazyPattern(r"[ \t]*\[\[?(?:[\w-]+\.)*(?P<h>[A-Za-z_][\w-]*)\]\]?[ \t]*")  # INI, TOML
_YAML_HEADER = LazyPattern(r"(?P<i>[ \t]*)(?:-[ \t]+)?(?P<h>[A-Za-z_][\w.-]*)[ \t]*:[ \t]*[|>]?[-+]?[ \t]*")
_HEADER_LABEL = LazyPattern(r"\"([^\"\n]+)\"|([A-Za-z_][\w.-]*)")
# A key and its value on one line of the block: `k = "v"`, `k: v`, `k v`, `<K>v</K>`, `user:pass`.
_ENTRY = LazyPattern(
    r"[ \t]*(?:-[ \t]+(?P<li>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'#:=][^\s\"':=]*)"  # an item of a list: `- value`
    r"|(?P<bt>[^\s\"'#:=<>{}\[\]-][^\s\"'<>=:]*)"  # a value alone on its line (OpenVPN's user, then password)
    r"|(?:-[ \t]+)?(?:<(?P<tag>[\w.:-]+)>(?P<tv>[^<\n]{1,200})</(?P=tag)>"
    r"|(?P<kq>[\"']?)(?P<k>[A-Za-z_][\w.-]*)(?P=kq)[ \t]*(?:=|:|[ \t])[ \t]*(?P<v>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'#;,]+)))"
    r"[ \t]*[;,]?[ \t]*(?:#.*)?"
)
# Words of a key that say something about the secret, not the secret itself; or where it is kept
# (`vault: production/db/password`, `env: DB_PASSWORD`): a reference to it.
_DESCRIBING = frozenset(
    "TYPE DESCRIPTION DESC SENSITIVE NAME USER USERNAME LOGIN HOST HOSTNAME PORT EXPIRE EXPIRES "
    "ENABLED PLAINTEXT FORMAT LENGTH ID ACCOUNT EMAIL DOMAIN REGION PATH FILE URL POLICY MODE "
    "VALIDATION NULLABLE DEFAULTS COMMENT LABEL VAULT KEYVAULT ENV SOURCE REF STORE PROVIDER".split()
)


def _header_level(labels: list[str]) -> int:
    # a plural names a block of them: `tokens {`, `credentials:`, `<Passwords>` (not `SmtpPass:`)
    levels = [
        tier(label[:-1] if label[-1:] in "sS" and label[-2:-1] not in "sS" else label, whole=True) for label in labels
    ]
    if any(w.startswith(("CRED", "AUTH", "LOGIN")) for label in labels for w in words_of(label)):
        return PASSWORD  # credentials, auth, a login: a user and its password
    return max(levels, default=NOT_SECRET)


def _labels(header: str) -> list[str]:
    return [a or b for a, b in _HEADER_LABEL.findall(header)]


def _mark_entry(line: str, level: int) -> str:
    m = _ENTRY.fullmatch(line)
    if m is None:
        return line
    group = (
        "li"
        if m.group("li") is not None
        else "bt"
        if m.group("bt") is not None
        else "tv"
        if m.group("tag") is not None
        else "v"
    )
    key = m.group("tag") or m.group("k") or ""
    words = words_of(key)
    # (under a password's header, `hash:`/`digest:` holds the password's hash, which is cracked
    # offline as `password_hash`'s is: judged as a password, so an algorithm's name stays)
    hashed = level == PASSWORD and bool(words) and all(w in HASHED for w in words)
    if not hashed and any(w in _DESCRIBING or w in DESCRIBING_WORDS for w in words):
        return line
    value = m.group(group)
    quoted = len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]
    inner = value[1:-1] if quoted else value
    own = tier(key, whole=True) if key else NOT_SECRET
    # Under a header naming a secret, a value of any key that does not describe it is the
    # secret: shaped like a password is enough (a bare `keys:` block still wants random
    # values, and so do the items of a list: Compose's `secrets:` lists their names).
    if group in ("li", "bt") and not _bare_secret(inner.strip(), level):
        return line  # `if|then|elif|fi|`, `_stringescapes),`: a lexer's table under `tokens = {`
    keyed = group not in ("li", "bt") and level >= STRONG
    if not judged(PASSWORD if keyed else max(level, own), inner.strip()):
        return line
    a, b = m.span(group)
    if quoted:
        a, b = a + 1, b - 1
    return line[:a] + MARK + line[b:]


def _bare_secret(value: str, level: int) -> bool:
    """A value alone on its line or as a list item: under a password's header, one shaped like
    a password; else one that mixes cases, digits and symbols, or a random key. Never words
    joined by symbols (`if|then|else`) or code (`tokens = {` holds a lexer's table)."""
    if not password_shaped(value) or "|" in value:
        return False
    return level == PASSWORD or strongly_mixed(value) or is_random_token(value)


def _block_end(lines: list[str], i: int, kind: str, header: str, indent: int) -> int:
    """The index after the last line of the block opened at line `i`."""
    depth = 1
    for j in range(i + 1, min(len(lines), i + 1 + _MAX_LINES)):
        line = lines[j]
        if kind == "{":
            depth += line.count("{") - line.count("}")
            if depth <= 0:
                return j
        elif kind == "<":
            if f"</{header}>" in line:
                return j
        elif kind == "[":
            if line.lstrip().startswith("["):
                return j  # the next section
        else:
            stripped = line.strip()
            if stripped and len(line) - len(line.lstrip(" \t")) <= indent:
                return j
    if i + 1 + _MAX_LINES >= len(lines):
        return len(lines)  # the text ends inside the block
    return i + 1  # no end in sight: not a block this rule reads


def _may_open(line: str) -> bool:
    """Cheap tests before the patterns: a header ends in `{`, `:`, `>`, `]` (or a YAML block
    indicator), a prompt holds a colon, a file is shown by a command or written by a heredoc."""
    end = line.rstrip()[-1:]
    return end in "{:>]|-+" or ":" in line or "<<" in line or "cat" in line or "Content" in line


def redact_scopes(text: str) -> str:
    """The values in blocks whose header names a secret, and answers to password prompts."""
    from .pairs import lines_holding

    lines = text.split("\n")
    changed = False
    done = 0  # the lines up to here were read as a file's body
    for i in lines_holding(text, lines, TRIGGERS):
        if i < done:
            continue
        line = lines[i]
        if len(line) > 200 or i + 1 >= len(lines) or not _may_open(line):
            continue
        if _answers_prompt(lines, i):
            changed = True
            continue
        body_end = _secret_file_body(lines, i)
        if body_end:
            changed = changed or body_end > 0
            done = abs(body_end)  # a file's lines are its content, not headers of blocks
            continue
        m = _BRACE_HEADER.fullmatch(line)
        kind, indent = "{", 0
        if m is None:
            m = _TAG_HEADER.fullmatch(line)
            kind = "<"
        if m is None:
            m = _SECTION_HEADER.fullmatch(line)
            kind = "["
        if m is None:
            m = _YAML_HEADER.fullmatch(line)
            kind = ":"
            if m is not None:
                indent = len(m.group("i").expandtabs())
        if m is None:
            continue
        header = m.group("h")
        level = _header_level(_labels(header) if kind == "{" else [header])
        if level == NOT_SECRET:
            continue
        end = _block_end(lines, i, kind, header, indent)
        for j in range(i + 1, end):
            marked = _mark_entry(lines[j], level)
            if marked != lines[j]:
                lines[j] = marked
                changed = True
    return "\n".join(lines) if changed else text


_PROMPT = LazyPattern(r"(?i:pass(?:word|phrase|code)?|pin|secret|token)[^\n\"']{0,20}:[ \t]*[\"')]")
_ANSWER = LazyPattern(
    r"(?P<lead>[ \t]*(?:[\w.]+\.)?(?:send|sendline|send_keys|write|type|puts)[ \t]*\(?[ \t]*[\"'])"
    r"(?P<v>(?:[^\"'\\\n]|\\.)+?)(?P<end>(?:\\[rn])*[\"'])"
)


def _answers_prompt(lines: list[str], i: int) -> bool:
    """`expect "password:"` on line `i`, `send "…\\r"` on the next: the answer marked."""
    if _PROMPT.search(lines[i]) is None:
        return False
    m = _ANSWER.match(lines[i + 1])
    if m is None:
        return False
    value = m.group("v")
    if not judged(PASSWORD, value):
        return False
    lines[i + 1] = lines[i + 1][: m.start("v")] + MARK + lines[i + 1][m.end("v") :]
    return True


# The same on one line (`expect -c 'spawn ssh bob@host; expect "password:"; send "…\r"'`): the
# prompt, its statement's end, then the answer sent (no escape inside it: one is its line's end).
_PROMPT_THEN_ANSWER = (
    r"(?i:pass(?:word|phrase|code)?|pin|secret|token)[^\n\"']{0,20}:[ \t]*[\"')][^;\n]{0,20};[ \t]*"
    r"(?:[\w.]{1,40}\.)?(?:send|sendline)[ \t]*\(?[ \t]*[\"'](?P<v>[^\"'\\\n]{1,200})(?:\\[rn])*[\"']"
)


def _answer_on_the_line(m: re.Match[str]) -> str:
    if not judged(PASSWORD, m.group("v")):
        return m.group(0)
    return m.group(0)[: m.start("v") - m.start()] + MARK + m.group(0)[m.end("v") - m.start() :]


def line_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): a prompt and its answer on one line, as `compile_rules` elsewhere."""
    return ((("; send", ";send", "; child.send", "; sendline"), LazyRule(_PROMPT_THEN_ANSWER, _answer_on_the_line)),)


# -- the body of a file that holds secrets --------------------------------------------------------

# `$ cat /etc/rsyncd.secrets`, then what it printed; `cat <<EOF | sudo tee -a /etc/ppp/chap-secrets`
# (or `> ~/.pgpass`), then the lines written up to the delimiter; `echo -e 'bob\n…' > users.txt`.
_SHOWN_FILE = LazyPattern(
    r"[ \t]*(?:(?:[$#>]|PS [^>\n]*>)[ \t]+)?(?:sudo[ \t]+)?(?:cat|less|more|head|tail|bat|type|Get-Content)[ \t]+(?:-\S+[ \t]+)*"
    r"(?P<f>[^\s|;&<>]+)[ \t]*"
)
_HEREDOC_INTO = LazyPattern(
    r"[^\n]*<<-?[ \t]*[\"']?(?P<d>\w+)[\"']?[^\n]*?(?:>>?|\btee(?:[ \t]+-a)?)[ \t]*(?P<f>[^\s|;&<>]+)[^\n]*"
    r"|[^\n]*(?:>>?|\btee(?:[ \t]+-a)?)[ \t]*(?P<f2>[^\s|;&<>]+)[^\n]*<<-?[ \t]*[\"']?(?P<d2>\w+)[\"']?[^\n]*"
)
_FILE_WORDS = LazyPattern(r"[A-Za-z]+")
_PROMPT_LINE = LazyPattern(r"[ \t]*(?:\$|❯|>>>|PS [^>]*>)[ \t]")
_MAX_FIELDS = 6


def _file_kind(path: str) -> int:
    """SECRETS for `/etc/rsyncd.secrets`, `chap-secrets`, `.htpasswd`, `credentials`; USERS for
    `userlist.txt`, `virtual_users.txt` (a list of users holds their passwords); ENV for a
    `.env` file (secrets under names of any kind); else 0."""
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    words = _FILE_WORDS.findall(base)
    if any(tier(w[:-1] if w[-1:] in "sS" else w, whole=True) in (PASSWORD, STRONG) for w in words):
        return _SECRETS
    if base.startswith(".env") or base.endswith(".env"):
        return _ENV
    return _USERS if any(w.lower() in ("users", "userlist", "userdb") for w in words) else 0


_SECRETS, _USERS, _ENV = 1, 2, 3


def _secret_file_body(lines: list[str], i: int) -> int:
    """The lines a secret file shows or receives after line `i`, their secret fields marked:
    the index after the body (negative when nothing was marked), or 0 when line `i` shows no
    secret file. The body ends at a delimiter, a prompt, or a line that shows another file
    (each line is read once, however many times a file is shown)."""
    line = lines[i]
    shown = _SHOWN_FILE.fullmatch(line)
    here = None if shown is not None else _HEREDOC_INTO.fullmatch(line)
    if shown is None and here is None:
        return 0
    path = shown.group("f") if shown is not None else here.group("f") or here.group("f2")  # type: ignore[union-attr]
    kind = _file_kind(path)
    if not kind:
        return 0
    delimiter = None if here is None else here.group("d") or here.group("d2")
    changed = False
    j = i + 1
    for j in range(i + 1, min(len(lines), i + 1 + _MAX_LINES)):
        body = lines[j]
        if body.strip() == delimiter or (delimiter is None and _PROMPT_LINE.match(body)):
            break
        if delimiter is None and _SHOWN_FILE.fullmatch(body) is not None:
            break
        # a `.env` file: each value judged under its own name, a random one under any name
        marked = _mark_entry(body, PASSWORD if kind == _SECRETS else WEAK) if kind != _USERS else body
        if marked == body and kind != _ENV:
            marked = _mark_fields(body, kind == _USERS)
        if marked != body:
            lines[j] = marked
            changed = True
    else:
        j = min(len(lines), i + 1 + _MAX_LINES)
    return j if changed else -j


def _field_spans(fields: list[str], line: str) -> list[tuple[int, int]]:
    """Where each of `fields` (split from `line` in order) stands in it."""
    spans, pos = [], 0
    for field in fields:
        at = line.index(field, pos)
        spans.append((at, at + len(field)))
        pos = at + len(field)
    return spans


def _mark_fields(line: str, strict: bool = False) -> str:
    """`bob * Willow9446! *`, `db:5432:app:app:…`: the fields after the first shaped like a
    password (`strict`: in a list of users, only those that mix cases, digits and symbols)."""
    # Each field by its own span: the same text earlier in the line (a user name the password
    # begins with) must not be the one replaced.
    spans = _field_spans(line.split(), line)
    if len(spans) == 1 and line.count(":") >= 2:
        spans = _field_spans(line.strip().split(":"), line)
    if not 2 <= len(spans) <= _MAX_FIELDS:
        return line
    marked = []
    for a, b in spans[1:]:
        field = line[a:b]
        inner = field.strip("\"'")
        if inner and judged(PASSWORD, inner) and (not strict or strongly_mixed(inner)):
            at = a + field.index(inner)
            marked.append((at, at + len(inner)))
    for a, b in reversed(marked):
        line = line[:a] + MARK + line[b:]
    return line
