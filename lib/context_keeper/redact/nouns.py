"""A value after a secret-naming word, in any syntax: one rule instead of a position per syntax.

A word that names a secret (`password`, `pwd`, `passphrase`, `secret`, `token`, `key`, `auth`, `credential`,
`psk`, or one of another language: `senha`, `Kennwort`; alone or as the head of a name: `dbPass`,
`AUTH_TOKEN`, `--db-password`, `keyMaterial`) followed, after separators (`=`, `:`, `=>`, `->`, spaces,
quotes, `,`, `(`, `[`, `{`, `>`, a closing tag, `is`, `to`, `as`, a few words ending in a colon: `token I
generated:`, a shell's `<(echo …)`), by a value. The name is judged by `names.tier` (`token_ttl`, `sort_key`
are no secret names), the value by its shape:

- a password name: a value shaped like a password (`password_shapes.password_shaped`);
- a secret, a token, a credential: a random value, or a password-shaped one that mixes cases, digits and symbols;
- a bare `key`, `auth`: a random value not hex (a digest, a cache key), or a strongly mixed one (`key 4xWC4S#Y5p`).

A user and its password after the name (`creds for staging: deploy / …`, `"auth" =>
["bob", "…"]`) are a user and a password; a literal's conversion (`[]byte("…")`) and JSON
inside a JSON string (`\\"secret\\": \\"…\\"`) are seen through. References, placeholders,
templates, empty values, numbers, booleans, type names, code, list items and words of prose
are never taken (the shape tests of `values` and `positions`). The same judgement reads a
value before its name (`'…' AS password`, `set("…", key: "dbPassword")`, `… # the admin
password`, `'…' --name db_password`), beside the field or flag that names it (`{"name":
"DB_PASSWORD", "value": "…"}`, `/v Password … /d …`), and after a prompt whose label holds
the word (`Password for 'https://bob@github.com': …`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import defaults, named_fields, names, runs, sql_keys
from .glue import one_name, sets_value
from .line_starts import run_around, run_end, space_end
from .names import LEADING_VERBS, NOT_SECRET, PASSWORD, STRONG, WEAK, given_by_name, tier
from .password_shapes import password_shaped, person_chosen
from .patterns import MARK, GatedRule, LazyPattern, LazyRule, trie_alternatives
from .prompts import PROMPT, PROMPT_END, QUESTION, prompt_answer, question_answer
from .proximity import after_noun, device_config_line, word_before
from .values import (
    has_word_part,
    is_dotted_name,
    is_hexlike,
    is_placeholder,
    looks_random,
    not_a_secret,
    strongly_mixed,
)

# The secret word, found in the lower-cased text (`_NOUN_ANY_CASE` where lowering changes its length, `İ`).
_ENGLISH = "password passwd passphrase passcode pass pwd pw psk secret token key auth cred salt bearer cookie encrypt hmac".split()
_NOUNS = trie_alternatives((*_ENGLISH, *names.FOREIGN_NOUNS))  # one branch per first letter
_NOUN = LazyPattern(_NOUNS)  # lower case
_NOUN_ANY_CASE = LazyPattern(f"(?i:{_NOUNS})")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
# A literal's conversion between the name and the value (`[]byte("…")`), a wrapper marking it as a secret
# (`SecretStr("…")`), any type's constructor from it (`Buffer.from("…")`, `HeaderValue::from_static("…")`),
# JavaScript's raw template
_CONVERSION = (
    r"(?:\[\]byte|bytes|Some|new[ \t]+String|unsafePlainText|plainText|fromString|(?:Secret|Sensitive|Secure)[A-Z]?\w{0,20}"
    r"|[A-Z]\w{0,30}(?:::|\.)(?:from(?:_?[A-Za-z]\w{0,20})?|of|new|parse|valueOf|unsafePlainText|plainText)"
    r"|Encoding\.\w{1,12}\.GetBytes)\("  # .NET's `Encoding.UTF8.GetBytes("…")`
    r"|String\.raw(?=`)"  # a tagged template that keeps the literal as written
    r"|(?:Some|Just)(?=[ \t]+\")"  # an option's constructor applied without parentheses (ML, Haskell)
)
# A literal a shell echoes in a substitution: `private-key <(echo …)`, `password="$(printf %s …)"`.
_ECHOED = LazyPattern(
    r"(?:[ \t]+|[ \t]*=[ \t]*)[\"']?[<$]\((?:echo|printf[ \t]+[\"']?%s(?:\\n)?[\"']?)[ \t]+(?:-[neE]{1,2}[ \t]+)?[\"'`]?"
)
_BETWEEN = LazyPattern(  # what may stand between a name and its value
    r"\*?"  # Lisp's `*password*`: the name's closing earmuff
    # `Password for 'ops' set to '…'`, `password of user "bob" changed to …`: whose, then the verb;
    # `user and password are "bob" and "…"`: the user's value, then the password's
    r"(?:[ \t]+(?i:for|of)[ \t]+(?:(?i:user|account)[ \t]+)?(?P<wq>(?:\\?[\"'`])?)[\w.@-]{1,40}(?P=wq)[ \t]+"
    r"(?i:(?:is|was|has[ \t]+been)[ \t]+)?(?i:set|reset|changed|updated)[ \t]+(?i:to)[ \t]+(?:\\?[\"'`])?"
    r"|(?<=(?i:and[ \t]password))[ \t]+(?i:is|are|were)[ \t]+(?P<uq>\\?[\"'`])[\w.@-]{1,40}(?P=uq)[ \t]+(?i:and)[ \t]+"
    r"(?:\\?[\"'`])?"
    # a map of hosts to the secret (composer's `"bearer": {"repo.packagist.com": "…"}`): the host's key passed
    r"|[\"'`]?[ \t]*:[ \t]*\{[ \t]*[\"'](?:[\w-]+\.)+[A-Za-z]{2,}(?::\d+)?[\"'][ \t]*:[ \t]*[\"']"
    r"|[ \t]*:[ \t]*\{[ \t]*:(?:basic|bearer|digest)[ \t]*,[ \t]*\""  # Elixir's `auth: {:basic, "…"}`: the scheme's atom
    # a type annotation, then a quoted literal: `password: []const u8 = "…"`, `key: &str = "…"`
    r"|[ \t]*:[ \t]*(?:[\w.\[\]<>|&?*]+[ \t]+){0,3}[\w.\[\]<>|&?*]+[ \t]*=[ \t]*@?[\"'`]"
    r"|(?:[ \t]+[A-Za-z'@.-]{1,20}){1,3}(?:[ \t]*:|[ \t]+(?:is|was))[ \t]+[\"'`]?"  # ` I generated: `, ` for bob is `
    r"|[ \t]+[0-9][ \t]+|[ \t]*(?:\.[ \t]*){3,}:?[ \t]+"  # `secret 0 …`: a type digit; `Password ..... …`: dots
    # (`Properties("Password") = "…"`: a quoted name indexed, then set)
    r"|(?:\\?[\"'`])?(?:\]|\)(?=[ \t]*=(?!=)))?[ \t]*(?:(?:=>|->|<-|:=|\?\?=|\|\|=|"
    + _CONVERSION
    + r"|[=:,(\[{>|]|</[\w.:-]{1,40}>(?:[ \t]*<(?:string|value|data)>)?)[ \t]*){1,3}"
    # (`<key>X</key><string>…`: a name element, then its value's); a string prefix (`b"`, `$"`); `"""`; `"\"…\""`
    r"(?:[brfu]{1,2}(?=[\"'])|[@$](?=\"))?(?:\"\"\"|'''|\"\\\"|\\?[\"'`])?[ \t]*(?:\x1b\[[0-9;]*m[ \t]*)*"  # a colour
    # `AUTH PLAIN …`: a SASL mechanism, then credentials; a quoted name, spaces, a quoted value (`(setenv "X_TOKEN" "…")`)
    r"|[ \t]+(?:PLAIN|LOGIN|XOAUTH2|OAUTHBEARER)[ \t]+|(?<=\w)(?:[\"'`]\]?|\))[ \t]+[\"'`]"
    r"|[ \t]+(?:\u2014|\u2013|-{1,2})[ \t]+[\"'`]?"  # ` — `, ` - `: a dash between label and value
    r"|[ \t]+(?:(?i:is|are|was|were|has[ \t]+been|have[ \t]+been|will[ \t]+be)[ \t]+)?(?:(?i:now|still|set|reset|changed|updated)[ \t]+)?"
    r"(?:(?i:to|as)[ \t]+)?[\"'`]?)"  # ` is `, ` was reset to `, ` to `, a space
)
_WORDS_THEN_COLON = LazyPattern(
    r"[ \t]+[A-Za-z'@.-]{1,20}(?:[ \t]+[A-Za-z'@.-]{1,20}){0,2}(?:[ \t]*:|[ \t]+(?:is|was))"
)
_BARE = LazyPattern(r"[^\s\"'`<>|\\\x1b]+")
_ITEM_BEFORE = LazyPattern(r"[,\[{][ \t]*$")  # a quoted name in a list or a set, not a call's first argument
_MORE_ITEMS = LazyPattern(r"[ \t]*,[ \t]*[\"'`]")  # a third string: a list of names, not a pair
_LOGIN_CALLS = frozenset(("auth", "authenticate", "login"))
_LOGIN_WORDS = ("auth", "cred", "login")  # in a name: what follows may be a user and its password
_BARE_PAIR = LazyPattern(
    r"(?P<u>[A-Za-z_][\w.@+-]{0,40})[ \t]*,[ \t]*(?P<q>[\"'])(?P<s>[^\"'\s]{1,200})(?P=q)[ \t]*[\])]"
)
_PAIR_AFTER = LazyPattern(
    r"(?P<q>[\"'])(?P<u>[A-Za-z_][\w.@+-]{0,40})(?P=q)[ \t]*,[ \t]*(?:[A-Za-z_]\w*\([ \t]*)?"
    r"(?P<p>[\"'])(?P<s>[^\"'\s]{1,200})(?P=p)"
)
_USER_COLON = LazyPattern(r"[A-Za-z_][\w.@+-]{0,40}:(?=[^\s/:\"'`]{6,}(?:[\"'`]|[ \t]*$|[ \t]*[,;]))")
_USER_SLASH = LazyPattern(r"[A-Za-z_][\w.@-]{0,40}[ \t]+/[ \t]+(?=\S)")
_CODE_START = LazyPattern(r"[\w.$:]*[(\[{]")
_NAMES_A_VALUE = LazyPattern(r"[ \t]+value[ \t]*=")
_CLOSERS = {")": "(", "]": "[", "}": "{"}
_WORD = LazyPattern(r"[A-Za-z][a-z]+")
_ACCESSOR = LazyPattern(r"(?<=[A-Z0-9])\.(?:getName|name|getKey|key|toString)\(\)\Z")  # after an upper-case constant


def judged(level: int, v: str) -> bool:
    """Whether `v`, standing after a name of tier `level`, is a secret (the shape first: it
    rules out most values at less cost than the checks for references and code)."""
    if not v or MARK in v or v[0] in ",;:=\"'`":
        return False  # (`,next:`: the name's closing quote was read as a value's opening)
    if level == PASSWORD:
        shaped = password_shaped(v)
    elif looks_random(v) and not has_word_part(v):
        shaped = not is_hexlike(v) or (level == STRONG and len(v) >= 32)
    elif level == STRONG:
        # (letters alone: `password_shaped` takes only a random run of both cases, no word)
        shaped = len(v) <= 200 and (strongly_mixed(v) or v.isalpha()) and password_shaped(v)  # (200 at most)
    elif level == WEAK and len(v) <= 100 and password_shaped(v):
        # a bare `key`'s value: mixed with no word, or chosen as a person chooses a password (a
        # Wi-Fi key); not lower-case words and digits (`linux-build-cache-1234`: a cache's key)
        shaped = (strongly_mixed(v) and not has_word_part(v)) or person_chosen(v, passphrase=False)
    else:
        shaped = False
    return (
        shaped
        and not not_a_secret(v)
        and not is_dotted_name(v.rstrip("!?"))  # `process.env.API_KEY!`
        and _CODE_START.match(v) is None  # `CGEvent(source: …`, `str(row["id"])`, `[]ssh.AuthMethod{…`
    )


def _user_like(u: str) -> bool:
    """`bob`, `app`, `ops@example.com`: a login name, not a placeholder or a word in capitals."""
    return not is_placeholder(u) and (u.islower() or "@" in u) and not not_a_secret(u.split("@", 1)[0])


def _name_at(text: str, i: int, j: int) -> tuple[int, int]:
    """The span of the identifier holding the noun at `i:j` (without a flag's dashes)."""
    start, end = run_around(text, i, j, _NAME_CHARS)
    i = start
    while i < j and text[i] in "-.":
        i += 1
    j = end
    while j > i and text[j - 1] in "-.":
        j -= 1
    return i, j


def redact_after_nouns(text: str) -> str:
    """`text` with each value that stands after a secret name, and is judged a secret, marked."""
    return _after_nouns(text)[0]


def _after_nouns(text: str) -> tuple[str, bool]:
    """(`text` with the values after secret names marked, whether it holds a secret name at all)."""
    out: list[str] = []
    pos = 0
    named, read, level = False, (0, 0), NOT_SECRET
    low = text.lower()  # the nouns found in lower case (a case-blind pattern is much slower)
    found = _NOUN.finditer(low) if len(low) == len(text) else _NOUN_ANY_CASE.finditer(text)  # (`İ`)
    for m in found:
        if m.start() < pos:
            continue
        start, end = _name_at(text, m.start(), m.end())
        if start < pos:
            continue
        # `PGProperty.PASSWORD.getName()`: a constant's name, read as the constant (`PGProperty.PASSWORD`)
        accessor = _ACCESSOR.search(text, start, end + 2) if text[end : end + 2] == "()" else None
        if (start, end) != read:  # (a name read once, not once per noun: a long one holds many)
            read, level = (start, end), _name_level(text, start, end if accessor is None else accessor.start())
            named = named or level != NOT_SECRET or tier(text[start:end].rsplit(".", 1)[-1]) != NOT_SECRET
        if accessor is not None:
            end = accessor.end()
        span = None if level == NOT_SECRET else _secret_after(text, start, end, level)
        if span is None and level != NOT_SECRET:
            span = after_noun(text, start, end, level, judged)  # past whatever syntax stands between
            if span is not None and given_by_name(text, start, end):
                span = None  # `--secret DB_PASSWORD +integration`: the name is passed, not given a value
        if span is not None:
            out.append(text[pos : span[0]])
            out.append(MARK)
            pos = span[1]
    if not out:
        return text, named
    out.append(text[pos:])
    return "".join(out), named


def _name_level(text: str, start: int, end: int) -> int:
    """The tier of the name at `start:end`, lowered by a plain word before a bare noun."""
    name = text[start:end]
    level = tier(name)
    level = level or (names.setter_tier(name) if text[end : end + 1] == "(" else NOT_SECRET)  # `.WithToken("…")`
    if level != NOT_SECRET and name.isalpha():
        prev = word_before(text, start)
        if prev and prev.upper() in LEADING_VERBS:
            level = min(level, STRONG)  # `enable secret …`: a command's verb, then the noun and its value
        elif prev:
            level = min(level, tier(prev + "_" + name))  # `cache key …`, `next token …`
    return level


def _secret_after(text: str, start: int, end: int, level: int) -> tuple[int, int] | None:
    """The span of the secret after the name at `start:end` of tier `level`, if any."""
    between = _BETWEEN.match(text, end)
    if between is None or given_by_name(text, start, end):
        return None
    echoed = _ECHOED.match(text, end)
    if echoed is not None:
        return _value_at(text, start, echoed.end(), echoed.group(0), level)
    sep = between.group(0).split("\x1b", 1)[0]  # (without the colour codes after it)
    if any(c in sep for c in ",([{") and sep.rstrip()[-1:] not in ("'", '"', "`"):
        # `fill('#password', process.env.X)`: an argument list's code, not a literal; but `auth:
        # [admin, "…"]`, `creds = (bob, "…")`: a bare user and a quoted password, the pair's two items
        pair = _BARE_PAIR.match(text, between.end()) if sep.rstrip()[-1:] in "[(" else None
        if pair is None or not (level >= STRONG or any(w in text[start:end].lower() for w in _LOGIN_WORDS)):
            return None
        return pair.span("s") if _user_like(pair.group("u")) and judged(PASSWORD, pair.group("s")) else None
    if sep[:1] in " \t" and sep.lstrip().startswith("("):
        return None  # `is a password (`…` names nothing)`: an aside in prose, not a call
    if (
        "," in sep
        and text[start - 1 : start] in ("'", '"')
        and not sep.rstrip().endswith('"\\"')  # `"API_KEY", "\"…\""`: a literal quoted for code, a value
        and _ITEM_BEFORE.search(text, max(0, start - 8), start - 1)
    ):
        return None  # `'…Credential', '…Provider'`: items of a list; `call("NAME", "…")` is read
    if _WORDS_THEN_COLON.match(sep) and (level == WEAK or names.described(text[start:end], sep)):
        return None  # `The key insight: …`: a bare `key` then words is prose; `Secret fingerprint: …` no secret
    vstart = between.end()
    if sep.strip() in ("0", "7") and text[start:end].isalpha():
        level = PASSWORD  # `key 0 …`, `secret 7 …`: a network device's type digit, then the key itself
    elif level < PASSWORD and not sep.strip() and device_config_line(text, word_before(text, start)):
        # `crypto isakmp key … address …`, ` key-string …`: a device's config line, its key any shape
        return _value_at(text, start, vstart, sep, level) or _value_at(text, start, vstart, sep, PASSWORD)
    if sep.lstrip("\"'`]\\ \t").startswith("(") and text[start:end].rsplit(".", 1)[-1].lower() in _LOGIN_CALLS:
        level = PASSWORD  # `$redis->auth('…')`, `client.login("…")`: the one argument is the password
    pair = _PAIR_AFTER.match(text, vstart - 1 if sep.rstrip()[-1:] in ("'", '"') else vstart)
    login_name = any(w in text[start:end].lower() for w in _LOGIN_WORDS)
    credential = level >= STRONG or login_name
    if pair is not None and credential and _user_like(pair.group("u")) and judged(PASSWORD, pair.group("s")):
        if _MORE_ITEMS.match(text, pair.end()) is None:
            return pair.span("s")  # `"auth" => ["bob", "…"]`: a user and its password
    user = _USER_SLASH.match(text, vstart)
    if user is not None and not sep.rstrip().endswith(("'", '"', "`")):
        vstart, level = user.end(), PASSWORD  # `creds for staging: deploy / …`: a user, then its password
    elif login_name and (user := _USER_COLON.match(text, vstart)) is not None:
        vstart, level = user.end(), PASSWORD  # `cloud.auth: "elastic:…"`: a user, a colon, its password
    return _value_at(text, start, vstart, sep, level)


def _value_at(text: str, start: int, vstart: int, sep: str, level: int) -> tuple[int, int] | None:
    """The span of the value at `vstart` (quoted when `sep` opened a quote) if judged a secret."""
    quote = sep.rstrip()[-1:]
    quoted = quote in ("'", '"', "`")
    if quoted:
        if sep.rstrip()[-2:-1] == "\\":
            quote = "\\" + quote  # `\"secret\": \"…\"`: JSON inside a JSON string
        close = _closing(text, quote, vstart)
        if close == -1 or "\n" in text[vstart:close]:
            return None
        whole = text[vstart:close]
        if level == WEAK and _NAMES_A_VALUE.match(text, close + len(quote)) is not None:
            return None  # `<add key="ConnectionString" value="…"/>`: the key names the value
    else:
        end = run_end(_BARE, text, vstart)  # (the run's end, and what is known of it, shared: `runs`)
        end = runs.before_the_name_again(text, start, vstart, end)
        if end == vstart or runs.long_plain_value(text, start, vstart, end, level == PASSWORD):
            return None
        whole = _bare_value(text[vstart:end].split(",", 1)[0])
    if start and text[start - 1] in "?&;":  # a URL query's parameter ends at the next `&`, a driver's `;k=v` at `;`
        whole = whole.split("&", 1)[0].split(";" if text[start - 1] == ";" and not quoted else "&", 1)[0]
    # a sentence's end, unless quoted or only a secret with it (`DB_PASSWORD=Harbor1234!`: no sentence after `=`)
    v = whole if quoted else whole.rstrip(".:" if "=" in sep or ":" in sep else ".:!?")
    if not judged(level, v) and whole[len(v) :].strip("!?") == "" and judged(level, whole):
        v = whole
    vend = vstart + len(v)
    tag_close = ">" in sep.replace("->", "").replace("=>", "")
    if tag_close and "</" not in sep and not quoted and text[vend : vend + 2] != "</":
        return None  # `<password>@proxy-host`: a placeholder in angle brackets, not a tag's value
    if _is_prose(text, sep, v, vend) or (sep == ":" and one_name(text, start)):
        return None  # (`"credentialsJSON:<uuid>"`: the name and the value one id of a stored object)
    if not judged(level, v) and not (level == STRONG and sets_value(text, start, sep) and judged(PASSWORD, v)):
        return None  # (a secret's value set under its name is whatever a person set there: `glue`)
    return vstart, vend


def _closing(text: str, quote: str, start: int) -> int:
    """Where the quote that closes a value opened before `start` stands: the first one no
    backslash escapes (`"ab\\"cd"` closes after `cd`), or -1."""
    at = text.find(quote, start)
    while at != -1:
        escapes = 0
        while at - escapes - 1 >= start and text[at - escapes - 1] == "\\":
            escapes += 1
        if escapes % 2 == 0:
            return at
        at = text.find(quote, at + 1)
    return -1


def _bare_value(run: str) -> str:
    """An unquoted value without what closes the code around it (`;`, `,`, a bracket it did
    not open): `mu&4i+sp#b5o)#*5j…` keeps its `)`, `(password X)` loses it."""
    while run:
        last = run[-1]
        if last in ",;":
            run = run[:-1]
        elif last in _CLOSERS and run.count(last) > run.count(_CLOSERS[last]):
            run = run[:-1]
        else:
            break
    return run


def _is_prose(text: str, between: str, v: str, vend: int) -> bool:
    """A common word followed by more words: `the password is Strong enough`."""
    return _WORD.fullmatch(v) is not None and _WORD.match(text, space_end(text, vend)) is not None


# -- a value before its name ----------------------------------------------------------------------

# `set("…", key: "dbPassword")`, `'…' AS password`, `'…' # db password`: the name comes after.
_QUOTED_BEFORE = r"(?P<q>[\"'`])(?P<s>[^\"'`\s]{6,200})(?P=q)"
# a bare value, then a comment (`--` then a letter is the next flag: `--client-id … --client-secret`)
_BARE_BEFORE = r"(?:(?<=[\s=:])|^)(?P<b>[^\s\"'`#=:][^\s\"'`]{5,199})(?=[ \t,;]*(?:#|--(?![A-Za-z])|//))"
_NAME_AFTER = (
    r"(?:[ \t]*,[ \t]*(?:key|name|account|forKey|for|service|label|id)[ \t]*[:=][ \t]*[\"']?"
    r"|[ \t]+(?i:as)[ \t]+(?:(?i:the|a|an|my|your|our)[ \t]+)?[\"'`]?"
    r"|[ \t]+(?:TO|INTO)[ \t]+:?"  # COBOL's `MOVE "…" TO WS-DB-PASSWORD`, SQL's `SELECT '…' INTO :pw`
    r"|[ \t]+--?(?:name|key|n)[ \t=]+[\"']?"  # `encrypt_string '…' --name 'db_password'`
    r"|[ \t,;]*(?:#|--|//)[ \t]*(?:[A-Za-z]+[ \t]+){0,3}"  # `… # the root password`
    r"|[ \t]+(?=[Pp]ass(?:word|phrase)\b))"  # a sentence's `… with "…" password.`
    r"(?P<n>[A-Za-z_][\w.:-]{1,60})(?=[\s\"'`.,;:)]|$)"
)


def _value_before(m: re.Match[str]) -> str:
    group = "s" if m.group("s") is not None else "b"
    level = tier(m.group("n").rsplit(":", 1)[-1])
    if level == NOT_SECRET or not judged(level, m.group(group)):
        return m.group(0)
    if group == "b" and not strongly_mixed(m.group("b")):
        return m.group(0)  # `# WindowsCCompiler!  --GPW`: a bare word before a comment
    a, b = m.span(group)
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]


# -- a prompt and the answer echoed after it ----------------------------------------------------

# Case variants of parts of the nouns (`ass` in `dbPass`, `uth` in `AUTH_TOKEN`): one substring
# test each, the rule's own pattern then finds the noun.
TRIGGERS = (
    "ass", "ASS", "pw", "PW", "Pw", "psk", "PSK", "ecret", "ECRET", "oken", "OKEN", "key", "Key", "KEY",
    "uth", "UTH", "cred", "Cred", "CRED", "salt", "Salt", "SALT", "earer", "ookie", "OOKIE", "ncrypt", "NCRYPT",
    "hmac", "Hmac", "HMAC",
    *names.FOREIGN_TRIGGERS,
)  # fmt: skip


def redact_nouns(text: str) -> str:
    """Values after their secret name, before it, beside a field naming them, after a prompt."""
    text, named = _after_nouns(text)
    if not named:
        return text  # no secret name (`class`, `input_tokens`, `keyboard`): nothing else to read
    # each reading only where what it needs occurs (a bare value's before a comment; else the quoted's)
    if "#" in text or "--" in text or "//" in text:
        text = _BEFORE_RULE(text)
    elif any(c in text for c in "\"'`"):
        text = _QUOTED_BEFORE_RULE(text)
    if named_fields.may_hold_record(text.lower()):
        text = named_fields.redact_named_fields(text, judged)  # a record's value beside its secret name
    if text[:2] == "? ":
        text = _QUESTION_RULE(text)  # an interactive CLI's question, its answer echoed (a secret's noun in it)
    return _PROMPT_RULE(text) if ":" in text else text


_BEFORE_RULE = LazyRule(f"(?:{_QUOTED_BEFORE}|{_BARE_BEFORE}){_NAME_AFTER}", _value_before)
_QUOTED_BEFORE_RULE = LazyRule(_QUOTED_BEFORE + _NAME_AFTER, _value_before)
_PROMPT_RULE = GatedRule(PROMPT, lambda m: prompt_answer(m, judged), PROMPT_END)
_QUESTION_RULE = LazyRule(QUESTION, lambda m: question_answer(m, judged))


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_nouns), (defaults.TRIGGERS, defaults.rule(judged)), (sql_keys.TRIGGERS, sql_keys.RULE))
