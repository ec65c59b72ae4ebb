"""The first literal after a secret's noun in its statement, whatever the syntax between them.

`nouns` reads a value that stands right after its name, past separators it knows (`=`, `:`,
quotes, `is`). Many syntaxes put other things between: a type (`password | String = "…"`,
`PIC X(16) VALUE '…'`), a method chain (`GetByLabel("Password").FillAsync("…")`,
`By.Id("password")).SendKeys("…")`), a keyword argument (`fill_in 'Password', with: '…'`),
a type digit and an algorithm (`message-digest-key 1 md5 …`), a flag (`credential create
fs.s3a.key -value …`), a literal's own brackets (`PASSWORD(…)`, `:password<…>`). Here the
first *literal* after the noun on its line is read, and judged as `nouns` judges a value:

- a quoted string, `<…>` or `(…)`: the first one decides (a number is passed over), or the
  new value after it when a plan shows a change (`password = "changeme" -> "…"`);
- a bare token only when it is mixed or random (a word, an identifier, a path, a number or a
  flag is passed over, up to a few of them), or any password's shape after a device's word for
  a key in clear (`plaintext …`, `ascii-text "…"`).

The scan stops, taking nothing, where the statement turns out to compute or read the value:
a bare value right after `=`/`:` (`password = get_password()`), a reference (`$PW`,
`process.env.X`), a word that reads (`getenv`, `read`, `prompt`, `hash`, `verify`), a
comparison, a comment, the end of the statement, a word of prose (`the`, `is`, `for`), or a
noun inside a longer string (`"password reset for …"`).

Also here, for `nouns`: a device's configuration line (keywords and values, nothing of code
or prose: `crypto isakmp key … address …`), where the value after a bare `key` or `secret` is
the secret whatever its shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .line_starts import count_in, line_start
from .names import LEADING_VERBS, NOT_SECRET, PASSWORD, described, tier
from .patterns import LazyPattern
from .scheme_labels import inside_labelled
from .values import is_numberish, is_reference, looks_random, strongly_mixed

_TOKEN = LazyPattern(
    r"[ \t]*(?:(?P<q>\"(?:[^\"\\\n]|\\.){0,300}\"|'(?:[^'\\\n]|\\.){0,300}'|`[^`\n]{0,300}`)"
    r"|<(?P<a>[^\s<>\"'`]{1,200})>"
    r"|\((?P<p>[^\s()\"'`,]{1,200})\)"
    r"|(?P<op>==|!=|=>|->|:=|<<|>>|&&|\|\||[=:,.()\[\]{}|<>;&!?+])"
    r"|(?P<w>[^\s\"'`()\[\]{},;=<>|&]+))"
)
# A change a plan or a diff shows: the old value, an arrow, the new one (`"…" -> "…"`).
_CHANGE = LazyPattern(r"[ \t]*(?:->|=>|\u2192)[ \t]*(?P<q>[\"'])(?P<n>[^\"'\n]{1,300})(?P=q)")
_CLEAR_TEXT = frozenset("plaintext plain-text cleartext clear-text ascii-text unencrypted".split())
# What a value the scan can take needs: a quote, a bracket, or a digit (a mixed or random bare token).
_CANDIDATE = LazyPattern(r"[\"'`<(0-9]")
_WORD_BEFORE = LazyPattern(r"(?<![\w-])([A-Za-z]+)[ \t]+$")
_CODE = LazyPattern(r"[A-Za-z]+(?:(?:\.|::|->|\?\.)[A-Za-z_$][\w$]*)+[!?]?")
_ASSIGN = frozenset(("=", ":=", "=>", "->", ":"))
_STOP_OPS = frozenset(("==", "!=", ";", "&&", "||", "&", "!", "?", "+"))
# Words that read, derive or test a secret rather than give it: what follows is not its value.
_READING = LazyPattern(
    r"(?i:get|read|load|fetch|lookup|environ|env|prompt|input|ask|hash|verify|check|compare|match|valid|equal"
    r"|decrypt|encrypt|generat|random|rand|secrets?manager|vault|keyring|file|path)"
)
# Function words of prose: a noun among them is talked about, not given a value.
_PROSE = frozenset(
    "the a an is are was were be been for of in on to and or not no with from by at this that it its as "
    "if then than when where which who your my our their you we they he she i into onto about via".split()
)
_MAX_WORDS = 4  # bare words passed over
_MAX_REACH = 120  # characters after the noun


def _inside_string(text: str, start: int, end: int) -> bool:
    """Whether the noun at `start:end` is part of a longer quoted string (`"password reset for
    …"`), not a quoted name of its own (`"Password"`, `'#password'`, `'[name=password]'`)."""
    begin = line_start(text, start)  # (found and counted in place: see `line_starts`)
    close = text[end : end + 2].lstrip("])")[:1]  # the quote that closes the name's string, if any
    return any(count_in(text, quote, begin, start) % 2 == 1 and close != quote for quote in "\"'`")


def word_before(text: str, start: int) -> str:
    """The word of letters before `start` past spaces (`cache` in `cache key`), or ""."""
    j = start
    while j and text[j - 1] in " \t":
        j -= 1
    i = j
    while i and j - i < 24 and text[i - 1].isascii() and text[i - 1].isalpha():
        i -= 1
    return text[i:j] if j < start else ""


def _scan_start(text: str, start: int, end: int) -> int | None:
    """Where the scan after the noun at `start:end` begins (past a quoted name's closing quote),
    or None where nothing after it can be its value."""
    pos = end
    if text[pos : pos + 1] in ("'", '"', "`") and text[start - 1 : start] in ("'", '"', "`", "#", ".", "-"):
        pos += 1  # the quoted name's closing quote
    elif (
        text[pos : pos + 1] in ("]", ")")
        and text[pos + 1 : pos + 2] in ("'", '"', "`")
        and text[start - 1 : start] == "="
    ):
        pos += 2  # a selector's: `'[name=password]'`
    if _CANDIDATE.search(text, pos, min(len(text), end + _MAX_REACH)) is None:
        return None  # (the cheapest test first: most nouns have nothing after them the scan could take)
    if end - start == 4 and text[start:end].lower() == "pass":
        return None  # `Pass the script inline …`: the verb (a `pass:` label is read by `nouns`)
    if text[start - 1 : start] in ("/", "+") or text[end : end + 1] in ("/", "+") or _inside_string(text, start, end):
        return None  # a URL's or a path's part (`/token/0x…`), a run of base64, a string of prose
    before = _WORD_BEFORE.search(text, max(0, start - 12), start)
    if before is not None and before.group(1).lower() in _PROSE:
        return None  # `The key insight: …`, `your password for …`: prose about the secret
    return pos


_PASSED = (-1, -1)  # a literal the scan passes over (a number, another field's value)
# A struct tag's default (`envconfig:"DB_PASSWORD" default:"…"`, `envDefault:"…"`, `env-default:"…"`):
# the value the field holds when the environment gives none.
_TAG_DEFAULT = LazyPattern(r"(?<![\w-])(?i:default|env-?default|default_?value)[ \t]*:[ \t]*\"(?P<s>[^\"\n]{1,300})\"")
# A call that wraps the literal it is given (`SecretStr("…")`, `Field(default="…")`): a word
# right before `(`, not one that reads or computes (`_READING`).
_CALL_OPEN = LazyPattern(r"[ \t]*\(")
_DOC_KEYWORD = LazyPattern(r"(?<![\w-])(?i:examples?|placeholder|description|help|hint|title|label)[ \t]*[=:][ \t]*$")
_TYPE_THEN_VALUE = LazyPattern(r"[ \t]*=(?!=)")


def _literal(
    text: str, m: re.Match[str], level: int, judged: Callable[[int, str], bool], assigned: bool
) -> tuple[int, int] | None:
    """A quoted, `<…>` or `(…)` literal the scan met: its span when taken, `_PASSED` when the
    scan goes on past it, None when it stops there."""
    kind = m.lastgroup or ""
    a, b = (m.start("q") + 1, m.end() - 1) if kind == "q" else m.span(kind)
    v = text[a:b]
    if kind == "a" and v[:1] == "/":
        return None  # `</privateKeyPassphrase>`: the element closes, its value was before
    change = _CHANGE.match(text, m.end())
    if change is not None and judged(level, change.group("n")):
        return change.span("n")  # `password = "changeme" -> "…"`: a plan's old value, then the new
    if kind == "q" and m.group("q")[0] == "`":
        tag = _TAG_DEFAULT.search(v)
        if tag is not None and judged(level, tag.group("s")):
            return a + tag.start("s"), a + tag.end("s")  # a struct tag's default: the field's value
    if assigned:
        return None  # `key="ConnectionString"`: the value the name was given, judged by `nouns`
    if _DOC_KEYWORD.search(text, max(0, m.start() - 16), m.start()) is not None:
        return None  # `Field(…, example="…")`: a value shown in documentation, not given
    if a < b and v.isascii() and not v.isalpha() and judged(level, v):  # (letters alone: a name)
        return a, b
    if is_numberish(v) or kind != "q":
        return _PASSED  # `X(16)`: a size, `USRPRF(APPUSR)`: another field
    return None


def _passes_into(text: str, m: re.Match[str]) -> bool:
    """Whether the word `m` right after the noun's `=`/`:` is passed into, not the value: a type
    after `:` then `=` (`password: str = …`), or a call given the literal (`= SecretStr("…")`,
    `= Field(default="…")`), whose first literal decides as after the noun (`Field(description=…)`
    stops there)."""
    if _CALL_OPEN.match(text, m.end()) is not None:
        return True
    return text[m.start() - 1 : m.start()] == ":" and _TYPE_THEN_VALUE.match(text, m.end()) is not None


_OTHER_FLAG = LazyPattern(r"--[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def _other_flag(word: str) -> bool:
    """`--domain`, `--client-id`: a flag that names no secret, so what follows is its argument."""
    return _OTHER_FLAG.fullmatch(word) is not None and tier(word[2:]) == NOT_SECRET


# A name for an identifier (`credentialsId`, `key_id`, `clientID`): what it is given names an account
# or a stored secret, it is not one (`secret_id` is named for a secret: `names.tier`).
_ID_NAME = LazyPattern(r"[A-Za-z_][\w.-]*?(?:_id|-id|Id|ID)")
_ASSIGNED_NEXT = LazyPattern(r"[ \t]*=(?!=)")


def _id_label(w: str, text: str, m: re.Match[str]) -> bool:
    """`usernamePassword(credentialsId: '…')`, `keyId = '…'`: the literal after is the id's, named so."""
    name = w.rstrip(":")
    named = w.endswith(":") or _ASSIGNED_NEXT.match(text, m.end()) is not None
    return named and _ID_NAME.fullmatch(name) is not None and tier(name) == NOT_SECRET


def _taken(judged: Callable[[int, str], bool], level: int, text: str, m: re.Match[str], clear: bool) -> bool:
    """Whether the word `m` (shaped as a key) is judged a secret, mixed or random unless a
    device's clear-text word stood before it, and is not a field of a scheme's labelled output
    that the tokens split at its `=` (`v1:…=:v1:…`: `scheme_labels`)."""
    core = m.group("w").rstrip(":")
    return (
        (clear or strongly_mixed(core) or looks_random(core))
        and judged(level, core)
        and not inside_labelled(text, m.start("w"), m.start("w") + len(core))
    )


def _borrow(text: str, at: int) -> bool:
    """Whether the `&` at `at` lends an argument (Rust's `basic_auth(&cfg.user, Some("…"))`, C's
    `f(&x, …)`): it opens an argument and a name follows, so it is no `and` that ends the statement."""
    before = text[max(0, at - 8) : at].rstrip(" \t")
    after = text[at + 1 : at + 2]
    return before[-1:] in ("(", ",") and (after.isalpha() or after == "_")


def after_noun(
    text: str, start: int, end: int, level: int, judged: Callable[[int, str], bool]
) -> tuple[int, int] | None:
    """The span of the first literal after the noun at `start:end` of tier `level` in its
    statement, if `judged(level, value)` takes it; None where the statement computes or reads
    its value, or nothing on the line is taken."""
    pos = _scan_start(text, start, end)
    if pos is None:
        return None
    limit = min(len(text), end + _MAX_REACH)
    token = _TOKEN.compiled().match
    words = 0
    first, clear = True, False
    assigned = False  # the token before was `=`/`:` right after the noun
    while pos < limit:
        m = token(text, pos)  # (not cut at the limit: a long token is taken whole or not at all)
        if m is None or m.lastgroup is None or m.start(m.lastgroup) >= limit:
            return None
        kind = m.lastgroup
        if kind == "op":
            op = m.group("op")
            if op in _STOP_OPS and not (op == "&" and _borrow(text, m.start("op"))):
                return None
            assigned = first and op in _ASSIGN
            first = False
            pos = m.end()
            continue
        if kind in ("q", "a", "p"):
            read = _literal(text, m, level, judged, assigned)
            if read is not _PASSED:
                return read  # the first literal decides
            pos, first, assigned = m.end(), False, False
            continue
        w = m.group("w")
        core = w.rstrip(":")
        if w[:1] in "#$%@" or w.startswith("//") or is_reference(core) or _other_flag(core) or _id_label(w, text, m):
            return None  # a comment, a reference (`$PW`, `%PW%`, `@pw`), another flag (`--client-id …`), an id's name
        # (a word is no key: the shape is tested only on 8 characters or more, not letters alone)
        shaped = len(core) >= 8 and not core.isalpha() and core.isascii() and core[:1] != "/"
        shaped = shaped and _CODE.fullmatch(core) is None  # `process.env.E2E_PASSWORD`: a name in code
        shaped = shaped and (core.isdigit() or not is_numberish(core))  # a date, a time, a version: no key
        if shaped and not assigned and _taken(judged, level, text, m, clear):
            return m.start("w"), m.start("w") + len(core)
        if core.lower() in _CLEAR_TEXT:
            level, clear = PASSWORD, True  # `plaintext …`, `ascii-text "…"`: a device's word for the key in clear
        label = w.endswith(":") and len(core) > 1  # `with:`, `value:`: a keyword argument's name
        reads = _READING.search(core) is not None or (first and label and described(text[start:end], w))
        if assigned and not reads and _passes_into(text, m):
            first = assigned = False
            pos = m.end()
            continue
        if assigned or (core.lower() in _PROSE and not label) or reads:
            return None  # `password = compute()`, `the password for …`, `getenv`, `Secret fingerprint: …`
        if not is_numberish(core):
            words += 1
            if words > _MAX_WORDS:
                return None
        first = assigned = False
        pos = m.end()
    return None


# -- a device's configuration line --------------------------------------------------------------

# Keywords and values separated by spaces, nothing of code or prose (`crypto isakmp key …
# address 0.0.0.0`, ` key-string …`, `username bob secret …`).
_KEYWORD_LINE = LazyPattern(r"[ \t]*[A-Za-z][\w.-]*(?:[ \t]+[^\s\"'`=,;(){}\[\]<>|&$]+){1,11}[ \t\r]*")
_CONFIG_PROSE = frozenset("the a an is are was be for of in on to and or with from this that it your my our".split())
# Verbs of a command that names a stored secret by its name (`kubectl get secret db-creds2`).
_NAMING_VERBS = frozenset(
    "get delete describe create edit rotate list show rm remove inspect read cat view revoke destroy apply "
    "patch label annotate export import use unset add new".split()
)


def device_config_line(text: str, before: str) -> bool:
    """Whether `text` is a device's configuration line, where the value after a bare secret
    noun (`before` the word in front of it) is the secret whatever its shape (a key a person
    chose, `castle9664`)."""
    if "\n" in text or _KEYWORD_LINE.fullmatch(text) is None:
        return False
    if any(w in _CONFIG_PROSE for w in text.lower().split()):
        return False
    before = before.lower()
    # (`enable secret …` sets the device's secret; `get secret …`, `verify password …` name one)
    return before not in _NAMING_VERBS and (before.upper() not in LEADING_VERBS or before == "enable")
