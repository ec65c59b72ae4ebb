"""A value a tool prints under or after a label that names a secret: a secret whatever its shape.

Where a tool prints a credential, its label says what the value is, and a uuid or a hex
string under it is the credential, not an id (Consul's `SecretID:`, Vault's `secret_id`).
The layouts read here:

- a colon line, one value after the label: `SecretID:  <uuid>`, `✔ Password: …`,
  `"secret_id": "<uuid>",`, `Secret Key: …`;
- an aligned table: rows under a header with a `Value` column (Vault's `Key  Value`), the
  label in the row's first column; or the cells under a column whose title names a secret
  (`TOKEN  TTL  EXPIRES` of `kubeadm token list`); columns by the header's offsets, or
  between `|`/`│` (`printed_tables`);
- an object's siblings: a `value`/`data` key beside a key that says what it holds
  (`"type": "secret"`, `"name": "DB_PASSWORD"`, `"purpose": "PASSWORD"`, `"sensitive":
  true`, `"masked": true`), in any order, in JSON (one line or many) and YAML;
- the items of a list under a label that names secrets (`"unseal_keys_hex": [ … ]`,
  `recovery_codes:` / `- …`).

A label names a secret when `names.tier` says it is a password, a token, a secret or a
strong key; `secret_id` is one (the secret half of an AppRole or an ACL token pair), and
what only names or points at a secret is not (`SecretName`, `secret_arn`, `key_id`,
`accessor`, `token_accessor`, `token_policies`). The value must be one token that is not a
word, a path, a number, a reference or a placeholder (`shown_secret`). Runs on a whole text
before its lines (see `lines`), from `printed.redact_printed`.
"""

from __future__ import annotations

import functools
import re

from .names import PASSWORD, STRONG, WEAK, tier, words_of
from .patterns import MARK, LazyPattern, LazyRule
from .printed_tables import redact_tab_record, redact_table
from .values import (
    is_dotted_name,
    is_hexlike,
    is_numberish,
    is_prose,
    is_type_name,
    is_wordlike,
    is_wordy,
    looks_random,
    not_a_secret,
)

_CODE_TRIGGERS = (
    "ne-time",
    "ne-Time",
    "NE-TIME",
    "evice code",
    "EVICE CODE",
    "erification code",
    "ERIFICATION CODE",
)  # (`_SECRET_CODE_KINDS`)
# Any line that could hold a label, a header or an object's key, in lower case (a whole text
# is searched for these first, so a text without any costs a few scans).
TRIGGERS = ("ecret", "ECRET", "oken", "OKEN", "assw", "ASSW", "assphrase", "ASSPHRASE", "Key", "KEY", "key",
    "redential", "REDENTIAL", "alue", "ALUE", "ecovery", "ECOVERY", *_CODE_TRIGGERS)  # fmt: skip
_LOWER_TRIGGERS = ("secret", "token", "passw", "passphrase", "key", "credential", "value", "recovery", "one-time",
    "device code", "verification code")  # fmt: skip


def _candidates(text: str, lines: list[str]) -> list[int]:
    """The lines holding a trigger, searched for in the text in lower case (one scan per
    word, not one per spelling)."""
    from .pairs import lines_holding, lowered

    low = lowered(text)
    if len(low) != len(text):  # a character whose lower case is longer (`İ`): spell them all
        return lines_holding(text, lines, TRIGGERS)
    return lines_holding(low, lines, _LOWER_TRIGGERS)


# Words after the noun that make the label name or point at a secret, not hold it (`names`
# judges the rest: `SecretName`, `secret_arn`, `key_id`).
_POINTERS = frozenset("ACCESSOR ACCESSORS HANDLE".split())
# Encodings a tool names beside the secret: `unseal_keys_hex`, `recovery_keys_b64`.
_ENCODINGS = frozenset("HEX B64 BASE64 PEM DER RAW PLAIN".split())
_PLURALS = {"KEYS": "KEY", "TOKENS": "TOKEN", "SECRETS": "SECRET", "PASSWORDS": "PASSWORD", "CODES": "CODE"}
# A key a tool prints that is secret by what it is for, though `names` leaves a bare `key` weak.
_SECRET_KEY_KINDS = frozenset("UNSEAL RECOVERY ROOT MASTER".split())
# A code that signs in once (`one-time code`, a device flow's `device code`, a `verification code`).
_SECRET_CODE_KINDS = frozenset("RECOVERY BACKUP DEVICE VERIFICATION".split())


def _left_by_line_rules(m: re.Match[str]) -> bool:
    """Whether the line rules, which read a `label: value` line on its own, leave its value:
    a uuid or hex id (kept there when nothing else says secret), a label they do not count
    secret (`secret_id`, `Unseal Key 1`), a line that starts with a mark (`✔ Password: …`).
    Any other value is theirs, so a text comes back as its lines would one by one, with the
    hints they keep (`NRAK-[REDACTED]`)."""
    value, label = m.group("s"), m.group("label")
    decorated = m.string[: m.start("q")].strip(" \t-*#>") != ""  # past list markers and comments
    return is_hexlike(value) or tier(label) < STRONG or decorated


def names_secret(label: str, created: bool = False) -> bool:
    """Whether a printed label names the secret itself (`SecretID`, `Secret Key`,
    `Initial Root Token`, `unseal_keys_hex`), not its name, id or handle. `created`: the text
    holds a command that creates a credential, so a key it prints (`Setup key:`) is the new
    credential, where a bare `key` or `auth` alone could be any key."""
    words = words_of(label)
    while len(words) > 1 and words[-1] in _ENCODINGS:
        words.pop()
    if not words or len(words) > 6 or any(w in _POINTERS for w in words):
        return False
    words[-1] = _PLURALS.get(words[-1], words[-1])
    if words[-1] == "SECRETID" or words[-2:] == ["SECRET", "ID"]:
        return True  # `secret_id`, `SecretID`: the secret half of a pair (`AccessorID` is the other)
    before = words[-2] if len(words) > 1 else None
    if words[-1] == "KEY" and before in _SECRET_KEY_KINDS:
        return True
    if words[-1] == "CODE" and (before in _SECRET_CODE_KINDS or words[-3:-1] == ["ONE", "TIME"]):
        return True
    level = tier("_".join(words), whole=True)
    return level in (PASSWORD, STRONG) or (created and level == WEAK)


# A command at a prompt that makes a credential: what it prints under a key's label is the key.
_CREATING = LazyPattern(
    r"(?m)^[ \t]*(?:[\w.@~:/-]*[ \t]?)?[$%❯][ \t]+[^\n]{0,200}?\b(?:create|generate|add|new|init|bootstrap|"
    r"issue|register|rotate|reset|regenerate|mint)\b"
)
# The same command when it names what it makes a credential (`pveum user token add …`): the
# `value` it prints is the new credential (a table's `value` row, `value: …`).
_CREATING_CREDENTIAL = LazyPattern(
    # (a word before the first flag: `--from-literal=key=1` names no credential)
    r"(?m)^[ \t]*(?:[\w.@~:/-]*[ \t]?)?[$%❯][ \t]+(?=(?:[^\s-]\S*[ \t]+){0,8}?(?:[^\s-]\S*?)?(?i:token|key|secret|passw|cred))"
    r"[^\n]{0,200}?\b(?:create|generate|add|new|issue|rotate|regenerate|mint)\b"
)
_BARE_VALUE_LABELS = frozenset(("value", "secret", "token"))


def _row_names(label: str, text: str) -> bool:
    """A table row's label that names a secret, or the `value` of a new credential."""
    return names_secret(label) or names_new_credential(label, text)


def names_new_credential(label: str, text: str) -> bool:
    """`value` printed by a command that makes a credential (see `_CREATING_CREDENTIAL`)."""
    return label.strip().lower() in _BARE_VALUE_LABELS and _makes_credential(text)


@functools.lru_cache(maxsize=4)
def _makes_credential(text: str) -> bool:
    # Asked once per label, and a long output holds many: searched once per text (a search of a
    # long text per `value`/`token` label made redacting 8 MB of source code run at 0.2 MB/s).
    return _CREATING_CREDENTIAL.search(text) is not None


_CODE_CHARS = frozenset("()[]{}<>`;,\"'")
_NOT_VALUE_START = tuple("!&*|>$%@#:=-.")
_WORDS_ONLY = frozenset("true false null none nil undefined required optional hidden masked".split())


_DASHED_CODE = LazyPattern(r"[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,8})+")


def shown_secret(v: str) -> bool:
    """One token printed under a secret's label that is a secret: any shape (uuids, hex,
    base64, a password), but not a word, a path, a number, code, a reference, a placeholder."""
    if not 6 <= len(v) <= 400 or MARK in v or "://" in v or v.startswith(_NOT_VALUE_START):
        return False  # YAML tags and anchors, references, options, a leading `-` of a flag
    if _CODE_CHARS.intersection(v) or v.lower() in _WORDS_ONLY:
        return False
    if _DASHED_CODE.fullmatch(v) is not None and any(c.isalpha() for c in v) and any(c.isdigit() for c in v):
        return True  # `8Z74-ZQFS`: a one-time code's runs of capitals and digits (no date, no version)
    if not_a_secret(v) or is_numberish(v) or is_type_name(v) or is_dotted_name(v) or is_prose(v):
        return False
    # a word or an identifier made of words; random letters alone are a password
    return not ((is_wordy(v) and not any(c.isdigit() for c in v)) or (is_wordlike(v) and not looks_random(v)))


# `SecretID:  <v>`, `✔ Password: <v>`, `"secret_id": "<v>",`, `  Secret Key = <v>`
_LABEL_LINE = LazyPattern(
    r"""(?P<lead>[ \t]*(?:[^\w\s"'{\[(][ \t]*){0,2}(?P<q>["']?)(?P<label>[A-Za-z][\w .-]{0,40}?)(?P=q)
        [ \t]*[:=][ \t]*)(?P<vq>["']?)(?P<s>[^\s"',]{6,400})(?P=vq)[ \t]*,?[ \t\r]*""",
    re.VERBOSE,
)
# A row of two cells between bars, a label and its value (`| secret | … |`, `│ token │ … │`).
_BARRED_PAIR = LazyPattern(
    r"(?P<lead>[ \t]*[|│┃]{1,2}[ \t]*)(?P<q>)(?P<label>[A-Za-z][\w .-]{0,40}?)[ \t]*[|│┃][ \t]*"
    r"(?P<s>[^\s|│┃]{6,400})[ \t]*[|│┃]{1,2}[ \t\r]*"  # (`||  Value  |  …  ||`: a record inside a table)
)
# A key and a scalar value on one line of JSON or YAML (`"type": "secret",`, `- name: X`).
_PAIR = LazyPattern(
    r"""(?P<lead>[ \t]*(?:-[ \t]+)?)(?P<q>["']?)(?P<k>[A-Za-z_][\w.-]{0,60})(?P=q)[ \t]*:[ \t]*
        (?P<vlead>(?P<vq>["']?))(?P<v>[^\s"',{}\[\]]{0,400})(?P=vq)[ \t]*,?[ \t\r]*""",
    re.VERBOSE,
)
_VALUE_KEYS = frozenset("VALUE DATA CONTENT CONTENTS PLAINTEXT VAL STRINGVALUE".split())
# Keys that say what the object holds (`"type": "secret"`, `"name": "DB_PASSWORD"`).
_DESCRIBING_KEYS = frozenset(
    "TYPE KIND NAME KEY ID LABEL FIELD PURPOSE CATEGORY USAGE TITLE VARIABLE PARAMETER".split()
)
# Words in a type that say its value is secret (`SecureString`, `CONCEALED`, `sensitive`).
_SECRET_TYPE_WORDS = frozenset("SECRET SECURE SENSITIVE CONCEALED PASSWORD ENCRYPTED MASKED".split())
# Flags that mark the object's value secret (`"sensitive": true`, `masked: true`).
_SECRET_FLAGS = frozenset("SENSITIVE MASKED SECRET CONCEALED HIDDEN PROTECTED_VALUE".split())
_MAX_SIBLINGS = 30


def _says_secret(key: str, value: str) -> bool:
    """Whether a sibling `key: value` says the object's value is a secret."""
    k = "".join(words_of(key))
    if k in _SECRET_FLAGS:
        return value.lower() == "true"
    if k not in _DESCRIBING_KEYS or not value or len(value) > 100:
        return False
    words = words_of(value)
    if k in ("TYPE", "KIND", "PURPOSE", "CATEGORY", "USAGE") and any(w in _SECRET_TYPE_WORDS for w in words):
        return True
    # a name or a path (`DB_PASSWORD`, `/prod/db/password`): its last part names the value
    return names_secret(value.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1])


def _key_column(line: str) -> int:
    """Where the key of a `key: value` line starts (past a YAML list's `- `)."""
    m = _PAIR.fullmatch(line)
    return m.start("q") if m is not None else -1


def _siblings(lines: list[str], i: int, column: int) -> list[re.Match[str]]:
    """The `key: value` lines of the object line `i` is in (same key column, nested objects
    skipped), up to the lines that close or open it."""
    found: list[re.Match[str]] = []
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(lines) and abs(j - i) <= _MAX_SIBLINGS:
            line = lines[j]
            if not line.strip():
                break
            indent = len(line) - len(line.lstrip())
            m = _PAIR.fullmatch(line)
            at = m.start("q") if m is not None else indent
            if at < column:
                break  # the object's opening or closing line, or the parent's
            if m is not None and at == column:
                found.append(m)
                if step == -1 and "-" in m.group("lead"):
                    break  # the first key of a YAML list item
                if step == 1 and "-" in m.group("lead"):
                    found.pop()
                    break  # the next list item
            j += step
    return found


def _redact_object_values(lines: list[str], i: int) -> None:
    m = _PAIR.fullmatch(lines[i])
    if m is None or "".join(words_of(m.group("k"))) not in _VALUE_KEYS:
        return
    value = m.group("v")
    if not shown_secret(value):
        return
    siblings = _siblings(lines, i, m.start("q"))
    # (a record with a name, a value and the domain it is sent to is a cookie: its value, when
    # random, is the session it carries)
    cookie = {"NAME", "DOMAIN"} <= {"".join(words_of(s.group("k"))) for s in siblings} and looks_random(value)
    if cookie or any(_says_secret(s.group("k"), s.group("v")) for s in siblings):
        lines[i] = lines[i][: m.start("v")] + MARK + lines[i][m.end("v") :]


def _redact_barred_value(lines: list[str], i: int, m: re.Match[str]) -> None:
    """`|| Value | … ||` in a record of barred rows (`aws … --output table`) whose `Name` or
    `Type` row says the value is a secret (`/prod/db/password`, `SecureString`)."""
    if "".join(words_of(m.group("label"))) not in _VALUE_KEYS or not shown_secret(m.group("s")):
        return
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(lines) and abs(j - i) <= 8 and (row := _BARRED_PAIR.fullmatch(lines[j])) is not None:
            if _says_secret(row.group("label"), row.group("s")):
                lines[i] = lines[i][: m.start("s")] + MARK + lines[i][m.end("s") :]
                return
            j += step


# A user's name and a key in one flat object (`{"username":"bob","key":"…"}`, kaggle.json and
# other tools' credential files): the key, whatever its shape, is the user's credential.
_USER_KEY_RULE = LazyRule(
    r'(?i:\{[ \t]*"(?:user(?:_?name)?|login)"[ \t]*:[ \t]*"[\w.@+-]{1,60}"[ \t]*,[ \t]*'
    r'"(?:key|secret|token|api_?key)"[ \t]*:[ \t]*"(?P<v>[^"\\\n]{6,200})"[ \t]*\})',
    lambda m: _mark_group(m, "v") if shown_secret(m.group("v")) else m.group(0),
)


def _mark_group(m: re.Match[str], group: str) -> str:
    a, b = m.start(group) - m.start(), m.end(group) - m.start()
    return m.group(0)[:a] + MARK + m.group(0)[b:]


# One-line JSON objects (`{"type":"secret","value":"…"}`): the innermost braces.
_FLAT_OBJECT = LazyPattern(r"\{[^{}\n]{0,2000}\}")
_JSON_PAIR = LazyPattern(r'"(?P<k>[A-Za-z_][\w.-]{0,60})"[ \t]*:[ \t]*(?:"(?P<v>[^"\\\n]{0,400})"|(?P<b>true|false))')


def _redact_flat_objects(line: str) -> str:
    def one(m: re.Match[str]) -> str:
        obj = m.group()
        pairs = list(_JSON_PAIR.finditer(obj))
        if not any(_says_secret(p.group("k"), p.group("v") or p.group("b") or "") for p in pairs):
            return obj
        for p in reversed(pairs):
            v = p.group("v")
            if v is not None and "".join(words_of(p.group("k"))) in _VALUE_KEYS and shown_secret(v):
                obj = obj[: p.start("v")] + MARK + obj[p.end("v") :]
        return obj

    return _FLAT_OBJECT.sub(one, line)


# A label that opens a list: `"unseal_keys_hex": [`, `recovery_codes:`.
_LIST_LABEL = LazyPattern(
    r"""[ \t]*(?:-[ \t]+)?(?P<q>["']?)(?P<label>[A-Za-z][\w .-]{0,40}?)(?P=q)[ \t]*:[ \t]*\[?[ \t\r]*"""
)
_LIST_ITEM = LazyPattern(
    r"""(?P<lead>[ \t]*(?:-[ \t]+)?)(?P<vq>["']?)(?P<s>[^\s"',\[\]{}]{6,400})(?P=vq)[ \t]*,?[ \t\r]*"""
)
_MAX_ITEMS = 32


def _redact_list(lines: list[str], i: int) -> int:
    m = _LIST_LABEL.fullmatch(lines[i])
    if m is None or not names_secret(m.group("label")):
        return i
    last = i
    for j in range(i + 1, min(len(lines), i + 1 + _MAX_ITEMS)):
        item = _LIST_ITEM.fullmatch(lines[j])
        if item is None or not shown_secret(item.group("s")):
            break
        lines[j] = lines[j][: item.start("s")] + MARK + lines[j][item.end("s") :]
        last = j
    return last


def redact_printed_labels(text: str) -> str:
    """The values under labels that name a secret, in every layout above, redacted."""
    lines = text.split("\n")
    before = list(lines)
    done = -1
    created: bool | None = None  # whether the text holds a command that makes a credential
    for i in _candidates(text, lines):
        if i <= done:
            continue
        line = lines[i]
        if len(line) > 4096:
            continue
        if "{" in line and '"' in line and ("alue" in line or "ALUE" in line):
            lines[i] = _redact_flat_objects(line)
            continue
        if "{" in line and '"' in line and "user" in line.lower():
            lines[i] = _USER_KEY_RULE(line)
        m = _LABEL_LINE.fullmatch(line) if ":" in line or "=" in line else None
        if m is None and any(b in line for b in "|│┃"):
            m = _BARRED_PAIR.fullmatch(line)
        if m is not None:
            if created is None:
                created = _CREATING.search(text) is not None
            label, value = m.group("label"), m.group("s")
            named = names_secret(label, created) or names_new_credential(label, text)
            if _left_by_line_rules(m) and named and shown_secret(value):
                lines[i] = line[: m.start("s")] + MARK + line[m.end("s") :]
            elif m.re is _BARRED_PAIR.compiled():
                _redact_barred_value(lines, i, m)
            else:
                _redact_object_values(lines, i)
            continue
        if line.rstrip().endswith((":", "[")):
            done = _redact_list(lines, i)
            continue
        if "\t" in line:
            lines[i] = redact_tab_record(line, names_secret, shown_secret)
        done = redact_table(lines, i, names_secret, lambda label: _row_names(label, text), shown_secret)
    return text if lines == before else "\n".join(lines)


# The single-line reading: a label that names a secret, then its value alone on the line
# (`SecretID: <uuid>`, `Secret: <hex>`), read as it is inside a longer text (the labels' words).
LINE_TRIGGERS = (*TRIGGERS[:13], "ecovery", "ECOVERY", *_CODE_TRIGGERS)


def redact_label_line(line: str) -> str:
    """`line` with the value after a label that names a secret marked, when the line is only
    that label and the value (not a reference, a placeholder, a word or a path)."""
    if len(line) > 4096 or (":" not in line and "=" not in line and not any(b in line for b in "|│┃")):
        return line
    m = _LABEL_LINE.fullmatch(line)
    if m is None and any(b in line for b in "|│┃"):
        m = _BARRED_PAIR.fullmatch(line)
    if m is None or not names_secret(m.group("label")) or not shown_secret(m.group("s")):
        return line
    return line[: m.start("s")] + MARK + line[m.end("s") :]
