"""Values under secret names: `NAME=value`, `name: value`, `"name": "value"`, `--name value`,
`<name>value</name>`, `key="Name" value="…"`, `define('NAME', 'value')`, `name is value`.

Only names holding a trigger word (key, token, secret, pass, …) are read. The name must sound
secret (`names.tier`) and the value look like a secret for that name where it stands (`decide`):
a literal (env file, quoted string, flag, URL query) or code (`password=pw`, `token: String`).
"""

from __future__ import annotations

import re

from . import runs
from .connection_strings import connection_string_end, value_in_string
from .generics import annotated as _typed
from .glue import one_name
from .line_starts import blank_before, inside_marked_run, line_start, quoted_key_start
from .names import NOT_SECRET, PASSWORD, STRONG, WEAK, is_sig, tier, words_of
from .patterns import MARK, LazyPattern
from .scheme_labels import signed
from .values import (
    TECH_WORDS,
    has_letters_and_digits,
    has_word_part,
    is_command_call,
    is_dotted_name,
    is_hexlike,
    is_mixed,
    is_numberish,
    is_placeholder,
    is_plain_word,
    is_prose,
    is_reference,
    is_type_name,
    is_wordlike,
    is_wordy,
    looks_random,
    not_a_secret,
)

TRIGGERS = ("key", "token", "secret", "pass", "pw", "cred", "auth", "sig", "psk")
_IDENT_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_BARE_CHAR = r"""[^\s"'`,;&()\[\]{}<>|\\]"""  # a character of an unquoted value
_BARE_ESCAPE = r"""\\(?![nrt"'])"""  # a backslash in one, not a string's `\n` or `\"`
_BARE_FIRST = rf"&?(?:{_BARE_CHAR}|{_BARE_ESCAPE})"  # (what a head pattern reads of it: `runs.match_to_the_name_again`)
_BARE = _BARE_FIRST + rf"{_BARE_CHAR}*(?:{_BARE_ESCAPE}{_BARE_CHAR}*)*"
_VALUE_RUN = LazyPattern(_BARE.removeprefix("&?"))  # _BARE: `(?:char|escape)+` as runs of one class, escapes between
_QUOTED_VAL = r"""(?P<val>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|'[^'\n]*'|`[^`\n]*`|"""
_VAL, _VAL_HEAD = _QUOTED_VAL + _BARE + ")", _QUOTED_VAL + _BARE_FIRST + ")"
_NAME = r"(?P<name>[A-Za-z_][\w.-]{0,100})"
_ASSIGN_SEP = r"[?!]?(?P<q>[\"'`]?\]?)[ \t]*(?P<sep>:=|=>|\?=|\|\|=|\|\||\?\?|\?:|:(?!:)|=(?![=~]))[ \t]*(?:!![a-z]+[ \t]+)?"  # (`!!str`: YAML's tag)
_ASSIGN, _ASSIGN_HEAD = LazyPattern(_NAME + _ASSIGN_SEP + _VAL), LazyPattern(_NAME + _ASSIGN_SEP + _VAL_HEAD)
_FLAG, _FLAG_HEAD = (
    LazyPattern(_NAME + r"(?P<sep>[ \t]+|=)" + _VAL),
    LazyPattern(_NAME + r"(?P<sep>[ \t]+|=)" + _VAL_HEAD),
)
_NEXT_FLAG = LazyPattern(r"--[A-Za-z][A-Za-z-]*")  # (a long option of letters, no password's digits)
_PROSE = LazyPattern(_NAME + r"[ \t]+(?:is|was)[ \t]+(?::[ \t]*)?" + _VAL)
_DIRECTIVE = LazyPattern(_NAME + r"[ \t]+" + _VAL + r"[ \t]*[;,]?[ \t]*(?=$|\n|#)")
_XML = LazyPattern(  # `<password>…</password>`, `<Password value="…"/>`: its text, or its `value`
    r"(?P<name>[\w.:-]+)(?:>(?P<val>[^<\n]{1,300})</|[ \t]+value[ \t]*=[ \t]*(?P<attr>\"[^\"\n]*\"|'[^'\n]*'))"
)
_QUOTED_NAME = LazyPattern(
    r"""(?P<name>[\w.:/-]+)(?P<q>["'])[ \t]*(?:[ \t](?:value|content)[ \t]*=[ \t]*(?P<attr>"[^"\n]*"|'[^'\n]*')"""
    r"""|>(?P<elem>[^<\n]{1,300})</|,[ \t]*(?P<arg>"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
    r"""|[)\]][ \t]*(?:\?:|\|\||\?\?|or)[ \t]*(?P<dflt>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'))"""
)
_PLAIN_SIGN = _NAME + r"(?P<q>)(?P<sep>[ \t]*(?::(?!:)|=(?![=~>]))[ \t]*)(?:!![a-z]+[ \t]+)?(?P<val>[^\s\"'`]"
_PLAIN, _PLAIN_HEAD, _TO_SPACE = LazyPattern(_PLAIN_SIGN + r"\S*)"), LazyPattern(_PLAIN_SIGN + ")"), LazyPattern(r"\S+")
_CALLEE_SPLIT = LazyPattern(r"[._]")
_CALL_OR_INDEX = LazyPattern(r"([A-Za-z_][\w.]*(?:::[A-Za-z_]\w*)*)([(\[])")  # (`Hash::make(`: a static call)
_TYPE_TAIL = LazyPattern(r"[\w.\[\]<>|&?,*' \t]*?=(?![=>~])[ \t]*" + _VAL)
_LITERAL_FLAG_BEFORE = LazyPattern(
    r"(?:(?:^|\s)(?:--set(?:-string|-literal)?|--env|-e|--build-arg|-var|--var|-D|--define|--extra-vars|-o)[ =][\"']?"
    r"|(?:kv[ \t]+put|vault[ \t]+write|config:set|env[ \t]+set|variables[ \t]+set)[ \t][^\n|;&]*)$"
)
_QUALIFIER_BEFORE = LazyPattern(r"(?i:\b(api|secret|access|private|auth|bot|app|client|public|publishable|pub)[ \t]+)$")
_VALUE_ATTR_AFTER = LazyPattern(r"[ \t]+value[ \t]*=")
_ENV_CALL = LazyPattern(r"(?i:get_?env\w*|environ\.get|env\.get|GetEnvironmentVariable)\($")  # getters, not setenv
_HEADER_BEFORE = LazyPattern(r"(?:^|\s)(?:-H|--header)(?:[ \t]+|=)?[\"']?$")
_HEADER_NAME = LazyPattern(r"[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+")  # `X-Api-Key`, as a request shows it
_WRAPPED_AT = LazyPattern(r"<[^<>\n]{1,80}>|\[[^\[\]\n]{1,80}\]|\{[^{}\n]{0,80}\}")
_SEPARATORS = str.maketrans("", "", "_-. $@:'\"")


def _starts(text: str) -> list[int]:
    """Start offsets of the identifiers that contain a trigger word and are followed by what
    could introduce a value (`=`, `:`, a quote, `>`, ` is`, a flag's argument)."""
    lowered = text.lower()
    starts: set[int] = set()
    n = len(text)
    for word in TRIGGERS:
        i = lowered.find(word)
        while i != -1:
            j = i
            while j > 0 and i - j < 100 and text[j - 1] in _IDENT_CHARS:
                j -= 1
            while j < i and text[j] in "-.0123456789":
                j += 1
            if j and text[j - 1] == "\\" and text[j] in "ntr":
                j += 1  # `\nDB_PASSWORD=`: an escaped newline, then the name
            k = i + len(word)
            while k < n and text[k] in _IDENT_CHARS:
                k += 1
            if j not in starts and (
                text[k : k + 1] in _FOLLOWS
                or (
                    text[k : k + 1] in " \t"
                    and (
                        text[k + 1 : k + 2] in _FOLLOWS_SPACE
                        or (j and text[j - 1] in "-<")
                        or blank_before(text, j, line_start(text, j))
                        or _SHELL_SET.fullmatch(text, line_start(text, j), j) is not None
                    )
                )
            ):  # a line `name value`
                starts.add(j)
            i = lowered.find(word, k)
    return sorted(starts)


_FOLLOWS = frozenset(("=", ":", '"', "'", "`", "]", ">", "?", "!", "|"))
_FOLLOWS_SPACE = frozenset(("=", ":", "i", "w", "|", "?", " ", "\t", "'", '"'))


def redact_assignments(text: str) -> str:
    out: list[str] = []
    pos = 0
    for start in _starts(text):
        if start < pos or inside_marked_run(_VALUE_RUN, text, start):
            continue  # inside a value already redacted, or a run that ends at a mark (its value would hold it)
        found = _find(text, start)
        if found is None or found[0] < pos:
            continue
        vstart, vend, replacement = found
        out.append(text[pos:vstart])
        out.append(replacement)
        pos = vend
    out.append(text[pos:])
    return "".join(out)


def _is_flag(text: str, start: int) -> bool:
    if start < 1 or text[start - 1] != "-":
        return False
    if start >= 2 and text[start - 2] == "-":
        return start < 3 or not (text[start - 3].isalnum() or text[start - 3] in "_-")
    return start < 2 or text[start - 2] in " \t\"'="


def _find(text: str, start: int) -> tuple[int, int, str] | None:
    """The value span to replace for the identifier at `start`, and its replacement."""
    found = _match(text, start)
    if found is None:
        return None
    m, group, context = found
    name = m.group("name")
    if (
        group == "val"
        and context == _LITERAL
        and m.groupdict().get("sep", "=").strip() == ""
        # (`--password --authenticationDatabase admin`: the flag asks for it, the next flag follows)
        and (is_wordlike(m.group("val").rstrip(".,;:!?")) or _NEXT_FLAG.fullmatch(m.group("val")))
    ):
        return None  # `--password options`, `--credential flags.`: a word after a flag is prose in a help text
    level = tier(name)
    if level == WEAK and name.upper() == "KEY":
        before = _QUALIFIER_BEFORE.search(text, max(0, start - 12), start)
        if before is not None:
            level = tier(before.group(1) + "_key")  # `API key: …`
    header = (
        level != NOT_SECRET
        and "-" in name
        and m.groupdict().get("sep") == ":"
        and (
            _HEADER_BEFORE.search(text, max(0, start - 12), start) is not None
            or (_HEADER_NAME.fullmatch(name) is not None and blank_before(text, start, line_start(text, start)))
        )
    )
    if header and level == WEAK:
        level = STRONG  # `-H "X-Adobe-Key: …"`: a key sent in a request header is a credential
    if level == NOT_SECRET:
        return None
    vstart, vend = m.span(group)  # (a value that meets its name and sign again ends there: `runs`)
    val = text[vstart : (vend := runs.value_end(text, start, vstart, vend))]
    if MARK in text[vstart : vend + len(MARK)]:
        return None
    if name.lower() == "key" and _VALUE_ATTR_AFTER.match(text, vend) is not None:
        return None  # `<add key="ConnectionString_B2B" value="…"/>`: the key names the value
    wrapped = _WRAPPED_AT.match(text, vstart + (val[:1] in "\"'`"))
    if wrapped is not None and is_placeholder(wrapped.group(0)):
        return None  # `KEY=<your key>`, `TOKEN=[your token]`: a placeholder, spaces and all
    quoted = _is_quoted(val)
    if not quoted and is_reference(text[vstart : vend + 1]):
        return None  # `%*ENV<API_TOKEN>`: the value stops at the subscript that names the variable
    sep = m.groupdict().get("sep") or ""
    if sep == ":" and (start and text[start - 1] == ":" or one_name(text, start)) and text[vstart - 1] == ":":
        return None  # `arn:…:secret:prod/db`, `WARNING:auth:token`, `credentialsJSON:<uuid>`: one colon-joined name
    literal = context == _LITERAL or header
    if not quoted:
        bare = _bare_value(text, start, m, group, context, level, vstart, vend, val, literal)
        if bare is None:
            return None
        vstart, vend, val, quoted, literal = bare
    inner = val[1:-1] if quoted else val
    if quoted and val[0] == "`" and (" " in inner or "${" in inner):
        return None  # `` `etcdctl get /x` ``, `` `Bearer ${token}` ``: a command, a template
    if not decide(level, inner, name, literal or quoted, quoted, context == _PROSE_CONTEXT):
        return None
    return vstart, vend, f"{val[0]}{MARK}{val[0]}" if quoted else MARK


def _bare_value(
    text: str,
    start: int,
    m: re.Match[str],
    group: str,
    context: int,
    level: int,
    vstart: int,
    vend: int,
    val: str,
    literal: bool,
) -> tuple[int, int, str, bool, bool] | None:
    """An unquoted value's real span (where it ends, a type hint's value after it), or None
    when it is code rather than a value; (start, end, value, quoted, literal)."""
    name = m.group("name")
    sep = m.groupdict().get("sep") or ""
    quoted = False
    name_end = m.end("name")
    env_style = sep == "=" and text[name_end : name_end + 1] == "=" and not any(c.islower() for c in name)
    if env_style and text[vstart - 1] in " \t" and not _is_flag(text, start):
        return None  # `API_KEY= cmd`: an empty value in a shell
    if context == _PROSE_CONTEXT:
        val = val.rstrip(".,;:!?")
        vend = vstart + len(val)
    elif group == "val" and _runs_to_space(text, start, m):
        plain = runs.match_to_the_name_again(_PLAIN_HEAD, _PLAIN, _TO_SPACE, text, start)  # (`runs`: to the name again)
        value = val if plain is None else text[plain.start("val") : runs.value_end(text, start, *plain.span("val"))]
        value = value_in_string(value, text[start - 1 : start], env_style)
        if not value:
            return None
        if value[0] in "([{" and not env_style:
            return None  # `user_pass = (self.username + …`, `key: [x for x in …]`
        if "'" in value or '"' in value or "`" in value:
            return None  # `creds = b64encode(…).decode("ascii")`, `auth = f'{user}:…'`
        call = _CALL_OR_INDEX.match(value)
        if call is not None and _is_callee(call.group(1)) and (call.group(2) == "[" or len(call.group(1)) >= 3):
            return None  # `api_key = os.environ[KEY]`, `SECRET = get_secret()`
        val = value.rstrip(")]},;:") if not env_style else value
        vend = vstart + len(val)
    elif text[vend : vend + 1] in ("(", "["):
        return None  # `token = get_token()`, `password = os.environ[...]`
    if not val or is_dotted_name(val) or is_command_call(val, text[vend : vend + 2]) or _typed(name, sep, text, vstart):
        return None  # `settings.api_key`, `process.env.TOKEN`, `Read-Host 'Password'`, `password: Option<Secret>`
    if sep.endswith(":") and not literal and (is_type_name(val) or (is_wordlike(val) and not looks_random(val))):
        tail = _TYPE_TAIL.match(text, vend)
        if tail is None:
            return None  # `api_key: str | None`, `token: String`
        vstart, vend = tail.span("val")
        val = tail.group("val")
        quoted = _is_quoted(val)
        if not quoted and (text[vend : vend + 1] in ("(", "[") or is_dotted_name(val)):
            return None
    if context != _PROSE_CONTEXT and not any(c.islower() for c in name) and (env_style or sep == ":"):
        literal = True  # `API_KEY=…`, `DB_PASSWORD: …`: environment style, a literal
    elif context == _CODE and _LITERAL_FLAG_BEFORE.search(text, max(0, start - 60), start):
        literal = True  # `--set auth.password=…`, `-e db_password=…`
    if not quoted:
        vend = connection_string_end(text, start, vend, level, sep)
        val = text[vstart:vend]
    return vstart, vend, val, quoted, literal


_CODE, _LITERAL, _PROSE_CONTEXT = 0, 1, 2


def _is_quoted(val: str) -> bool:
    return len(val) >= 2 and val[0] in "\"'`" and val[-1] == val[0]


def _is_callee(name: str) -> bool:
    """`get_token`, `os.environ`, `b64decode`, `pw`: a function or a mapping, not a key's start."""
    return all(p.isalpha() or is_wordy(p) for p in _CALLEE_SPLIT.split(name) if p)


def _match(text: str, start: int) -> tuple[re.Match[str], str, int] | None:
    """The name/value match at `start`: (match, group holding the value, context)."""
    opening = text[start - 1] if start else ""
    if _is_flag(text, start):
        m = runs.match_to_the_name_again(_FLAG_HEAD, _FLAG, _VALUE_RUN, text, start)
        if m is not None:
            return m, "val", _LITERAL
    elif opening == "<":
        m = _XML.match(text, start)
        if m is not None:
            return m, "val" if m.group("val") is not None else "attr", _LITERAL
    qstart = quoted_key_start(text, start)
    if qstart is not None:
        q = _QUOTED_NAME.match(text, qstart)
        # (a name inside a longer key, `"Jwt:SigningKey"`: only its lookup's default is read so)
        if q is not None and q.group("q") == text[qstart - 1] and (qstart == start or q.group("dflt")):
            group = next(g for g in ("attr", "elem", "arg", "dflt") if q.group(g) is not None)
            # `define('NAME', 'value')`, `getenv("NAME", "default")`: a call, not a list or a dict;
            # a default also after an index (`Configuration["Jwt:SigningKey"] ?? "…"`)
            before = text[: qstart - 1].rstrip()
            if group not in ("arg", "dflt") or before.endswith("(") or group == "dflt" and before.endswith("["):
                value = q.group(group)[1:-1]
                if group == "arg" and _ENV_CALL.search(before) is not None and is_wordlike(value):
                    return None  # `GetEnvironmentVariable("API_TOKEN", "User")`: a scope, a default word
                return q, group, _LITERAL
    m = runs.match_to_the_name_again(_ASSIGN_HEAD, _ASSIGN, _VALUE_RUN, text, start)
    if m is not None:
        q = m.group("q")
        if q and q[0] != opening:
            return None  # `"password: x"` without its closing quote is prose in a string
        if opening in ('"', "'") and not q and m.group("val")[:1] == opening:
            return None  # `"Password: " + get()`: the value's quote closes the string the name is in
        if opening in ('"', "'") and not q:
            # `"password=x"` in a string is a literal; `"token: expected a string"` is prose
            return m, "val", _LITERAL if m.group("sep") == "=" else _CODE
        return m, "val", _LITERAL if opening in ("?", "&", ";") else _CODE
    m = _PLAIN.match(text, start)  # `SECRET_KEY=)li0e…`: a value that starts with a symbol
    if m is not None and _runs_to_space(text, start, m):
        return m, "val", _CODE
    m = _DIRECTIVE.match(text, start)  # `storePassword 'x'` (Gradle), `requirepass x` (redis.conf)
    if (
        m is not None
        and _runs_to_space(text, start, m)
        and not m.group("val").endswith(":")  # `Token usage:`, `Password requirements:`: a heading
        and (
            _is_quoted(m.group("val"))
            or not is_wordlike(m.group("val"))
            or _SHELL_SET.fullmatch(text, line_start(text, start), start) is not None
        )
    ):
        return m, "val", _LITERAL
    m = _PROSE.match(text, start)
    return (m, "val", _PROSE_CONTEXT) if m is not None else None


_LINE_LEAD = LazyPattern(r"[ \t]*(?:-|export|ENV|ARG|set|setenv|env)?[ \t]*")  # what may stand before `NAME=`
_SHELL_SET = LazyPattern(r"[ \t]*(?:set(?:[ \t]+-[a-zA-Z]+)+|setenv)[ \t]+$")  # fish's `set -gx`, csh's `setenv`


def _runs_to_space(text: str, start: int, m: re.Match[str]) -> bool:
    """Whether the value here runs to the next space: .env, YAML, INI lines and `NAME=v cmd`."""
    begin = line_start(text, start)  # (the lead read in place: a slice per name costs a long line its square)
    lead = _LINE_LEAD.fullmatch(text, begin, start) is not None or _SHELL_SET.fullmatch(text, begin, start) is not None
    return lead or (text[m.end("name") : m.end("name") + 1] == "=" and not any(c.islower() for c in m.group("name")))


def decide(level: int, v: str, name: str, literal: bool, quoted: bool, prose: bool = False) -> bool:
    """Whether `v`, found under a name of tier `level`, is a secret to take out."""
    if v[:1] == "`" and v[-1:] == "`" and len(v) > 2:
        return False  # "`pass show mail`": a command that prints the secret, run where it is read
    if v[:2] == "!!" or (v[:1] == "&" and "=" in v) or v[:1] == "+":
        return False  # `!!str`: YAML's tag; `?pwd=&limit=10`: an empty parameter; `${KEY:+yes}`: a shell's alternate
    if level == STRONG and not quoted and is_plain_word(v.rstrip(".,;:!?")):
        return False  # `credentials:edit.`: a word under a token's or a credential's name is none
    if not v or not_a_secret(v) or is_reference(v.strip("'\"")) or (is_sig(name) and signed(v)):
        return False  # (`"'$PRECOMPILE_PASSWORD'"`: a shell variable between quotes)
    if TECH_WORDS.fullmatch(v):
        return False  # `Buffer.from("accountKey", "base64")`: an encoding, a version, an algorithm
    if is_wordlike(v) and tier(v) != NOT_SECRET:
        return False  # `key: DB_PASSWORD`, `'password_bytes'`: the name of another secret
    flat = v.lower().translate(_SEPARATORS)
    if (
        flat == name.lower().translate(_SEPARATORS)
        or name.lower().translate(_SEPARATORS).endswith(flat)
        and len(flat) >= 4
    ):
        return False  # `token=token`, `DB_PASSWORD=$DB_PASSWORD` minus the `$`
    if quoted and v.lstrip()[:1] in ("+", ".") and v.rstrip()[-1:] in ("+", "(", "["):
        return False  # `"…password = "+new Buffer("`: the quotes close and reopen strings around code
    if quoted and is_prose(v) and "PASSPHRASE" not in name.upper():
        return False  # `"password": "This field may not be blank."`
    if prose:
        # `the token is expired`, `the last token was position-only`: words; `… is hunter2`: not
        return looks_random(v) or (len(v) >= 6 and has_letters_and_digits(v) and not TECH_WORDS.fullmatch(v))
    if level == WEAK:
        if has_word_part(v):
            return False  # `key: Linux-pip-3f2a…`: a cache key
        if is_hexlike(v):
            # `X-Amz-Signature=<hex>`, `DATADOG_KEY=<hex32>`; but `key: <sha>` is a cache key
            return len(v) >= 16 and (is_sig(name) or (literal and len(v) >= 32 and len(words_of(name)) >= 2))
        if looks_random(v):
            return True
        # `REDISCLI_AUTH=s3cr3tP4ss`, `?key=abcd1234efgh`: unquoted literals only
        return literal and not quoted and len(v) >= 10 and has_letters_and_digits(v) and not is_wordy(v)
    if looks_random(v):
        return True
    if literal:
        if is_numberish(v):
            return level == PASSWORD and v.isdigit() and len(v) >= 4
        return len(v) >= 3
    if is_wordlike(v) or is_type_name(v) or is_numberish(v):
        return False  # code: a variable, a type, a count
    return len(v) >= 5 and is_mixed(v)
