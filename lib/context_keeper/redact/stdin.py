"""What a command is given on its input or writes to a file, where the command or the file
says it is a secret: `echo … | passwd bob`, `| chpasswd`, a login (`| kinit bob@REALM`,
`| sudo -S`), `printf … | docker secret create db_pass -`, `pass insert … <<< …`,
`wrangler secret put KEY <<< …`, a here-document's lines (`docker secret create db_pass - <<EOF`,
`chpasswd <<EOF`'s `user:password` lines), an option reading a secret's file from the input
(`--password-file /dev/stdin`), `echo "…" > ~/.vault_pass`. The value is judged for the name
(`names.tier` of the command, its first arguments or the file): shaped like a password after a
password's name, random or strongly mixed after a secret's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from .names import NOT_SECRET, PASSWORD, STRONG, tier, words_of
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern, LazyRule
from .positions import unquote
from .values import looks_random, not_a_secret, strongly_mixed

# Commands that read text to search or reshape it: a secret word among their arguments is
# what they look for (`| grep pass`), not what they are given.
# Commands that log a user in with the password they read on stdin (`echo … | kinit bob@REALM`).
_LOGINS = frozenset("kinit k5start su runas".split())
_FILTERS = frozenset("grep egrep rg ag sed awk jq yq tee cat head tail sort uniq wc xargs tr cut less more".split())


def _fed_to_secret_command(m: re.Match[str]) -> str:
    """The values (one per `\\n`) given on stdin to a command named after a password
    (`passwd`, `chpasswd`, `pass insert`), or to one whose first arguments name a secret
    (`docker secret create db_pass -`, `wrangler secret put API_KEY`): judged for the name."""
    out = _judge_fed(m, m.group("c"), "s")
    if out == m.group(0):
        return out
    value = m.group("s")
    head, _, rest = out.partition(MARK)
    return head + MARK + rest.replace(value, unquote(value)[1] + MARK + unquote(value)[1])


def _judge_fed(m: re.Match[str], command_text: str, group: str) -> str:
    """The match with its group `group` marked when the command it is fed to asks for a secret."""
    level = _command_level(command_text)
    return m.group(0) if level is None else _judged_input(m, group, level)


def _command_level(command_text: str) -> int | None:
    """What the command asks for on its input (`names.tier`'s level), or None for no command
    or one that only reads text to search or reshape it."""
    command = command_text.split()
    reads_password = command[:2] == ["sudo", "-S"]  # `| sudo -S …`: sudo's own password on stdin
    if command[:1] == ["sudo"]:
        command = command[1:]
    if not command or command[0] in _FILTERS:
        return None
    words = [w.strip("\"'").rsplit("/", 1)[-1] for w in command[:5] if not w.startswith("-")]
    level = max((tier(w) for w in words), default=NOT_SECRET)
    if reads_password or command[0].rsplit("/", 1)[-1] in _LOGINS:
        level = PASSWORD
    if (
        any(_names_secret_input(w) for w in command[:8])
        or _STORES_A_SECRET.search(command_text) is not None
        or _SECRET_FILE_FROM_STDIN.search(command_text) is not None
    ):
        # `sshfs -o password_stdin …`, `login --password-stdin`, `docker secret create pg -`: the input is the secret
        level = PASSWORD
    if level == NOT_SECRET and _SIGNS_IN.search(command_text) is not None:
        level = STRONG  # `hcloud context create prod <<< …`, `doctl auth init`: it asks for a token, a random key
    return level


def _judged_input(m: re.Match[str], group: str, level: int) -> str:
    """The match with its group `group` marked when it is shaped as the command's `level` asks
    (a value typed twice is a password's, whatever the command)."""
    raw = m.group(group)
    ansi = raw.startswith("$'")  # bash's `$'…\n…'`
    value, quote = unquote(raw[1:] if ansi else raw)
    lines = value.replace("\\n", "\n").split("\n")
    if _confirmed(lines):
        level = PASSWORD  # `<<< $'…\n…'`: a new secret and its confirmation, whatever the command
    if level == NOT_SECRET:
        return m.group(0)
    parts = [p.split(":", 1)[-1] for p in lines]
    if level == PASSWORD:
        taken = any(password_shaped(p) for p in parts)
    else:
        taken = any(strongly_mixed(p) or looks_random(p) and not not_a_secret(p) for p in parts)
    if not taken:
        return m.group(0)
    start, end = m.span(group)
    whole, base = m.group(0), m.start()
    return whole[: start - base] + ("$" if ansi else "") + quote + MARK + quote + whole[end - base :]


def _confirmed(lines: list[str]) -> bool:
    """Two equal lines shaped like a password that hold letters and digits: typed twice."""
    if len(lines) != 2 or lines[0] != lines[1] or len(lines[0]) < 8 or not password_shaped(lines[0]):
        return False
    return any(c.isalpha() for c in lines[0]) and any(c.isdigit() for c in lines[0])


_INPUT_WORDS = frozenset(("STDIN", "FD", "INPUT"))
# An option that names a secret's file given the input as that file: `--tls-psk-file /dev/stdin`,
# `--password-file=-`, `--token-file /dev/fd/0`.
_SECRET_FILE_FROM_STDIN = LazyPattern(
    r"(?i:--?(?:[\w-]*[_-])?(?:password|passwd|passphrase|pass|psk|secret|token|key)[_-]file(?:[ \t]+|=)"
    r"(?:/dev/stdin|/dev/fd/0|-)(?![\w/-]))"
)
# A secret store's verb that takes the value it reads on stdin (`secret create`, `secrets set`, `secret put`).
_STORES_A_SECRET = LazyPattern(r"(?i:\bsecrets?[ \t]+(?:versions?[ \t]+)?(?:create|set|put|add|insert)\b)")
# A command that signs in or sets up where it signs in, and asks for its token (`auth login`, `context create`).
_SIGNS_IN = LazyPattern(
    r"(?i:\b(?:log-?in|sign-?in|auth[ \t]+(?:login|init|add|token)|contexts?[ \t]+(?:create|add)|configure)\b)"
)
# The folders secrets are mounted or kept in (`/run/secrets/pg`, `secrets/db.txt`): a file there holds one.
_SECRET_DIRS = frozenset(("secrets", "secret", "credentials", "creds", "passwords"))


def _names_secret_input(arg: str) -> bool:
    """`password_stdin`, `--password-stdin`, `--passphrase-fd`: an option that says the
    command reads a secret on its input."""
    words = words_of(arg.strip("-\"'"))
    return (
        bool(_INPUT_WORDS.intersection(words))
        and tier("_".join(w for w in words if w not in _INPUT_WORDS)) != NOT_SECRET
    )


_FILE_WORDS = LazyPattern(r"[A-Za-z]+")


def _written_to_secret_file(m: re.Match[str]) -> str:
    """`echo "…" > ~/.vault_pass`: a value written to a file whose name names a password or a
    secret, judged for that name (a file of another name is left to the other rules)."""
    folder, _, base = m.group("f").replace("\\", "/").rpartition("/")
    words = [w for w in _FILE_WORDS.findall(base) if w.lower() not in ("txt", "key", "pem", "json", "env")]
    level = max((tier(w) for w in words), default=NOT_SECRET)
    if level == NOT_SECRET and _SECRET_DIRS.intersection(folder.lower().split("/")):
        level = PASSWORD  # `> /run/secrets/pg`: a file in the folder of secrets
    if level == NOT_SECRET:
        return m.group(0)
    value, quote = unquote(m.group("s"))
    taken = password_shaped(value) if level == PASSWORD else strongly_mixed(value) or looks_random(value)
    if not taken or not_a_secret(value):
        return m.group(0)
    start, end = m.span("s")
    whole, base_at = m.group(0), m.start()
    return whole[: start - base_at] + quote + MARK + quote + whole[end - base_at :]


_SEPARATORS = ";&|("  # what ends one command and starts the next on a line


class _HereStrings(LazyRule):
    """`pass insert … <<< '…'`: the value each here-string gives, judged as
    `_fed_to_secret_command` judges a piped one, for the command before it: from the line's last
    `;`, `&`, `|` or `(` (or the text's start) to the here-string. The here-strings of one
    command share it: each after the first is judged for the command before the first (the
    words the command is named by come before its redirections), so the command is found and
    read once, where reading each one's own prefix of the line cost the line's square
    (`<<<="<<<="…`). The separators are looked for between one here-string and the next only."""

    __slots__ = ()

    def __call__(self, text: str) -> str:
        out, pos = [], 0
        start: int | None = 0  # where the current command starts (None: none on this line)
        level: int | None = None
        read = False  # (whether the current command's level has been read)
        known_to = 0  # (the text before this holds no separator after `start`)
        for m in self.pattern.finditer(text):
            at = m.start()
            newline = text.rfind("\n", known_to, at)
            after = known_to if newline < 0 else newline + 1
            separator = max(text.rfind(c, after, at) for c in _SEPARATORS)
            if separator >= 0:
                start, read = separator + 1, False
            elif newline >= 0:
                start, level, read = None, None, True  # a later line's start opens no command
            known_to = at
            if not read:
                level, read = _command_level(text[start:at]), True
            out += [text[pos:at], m.group(0) if level is None else _judged_input(m, "s", level)]
            pos = m.end()
        return "".join(out) + text[pos:] if out else text


# printf's format before the value (`printf '%s' '…'`, `printf "%s\n" …`, `printf %s …`)
_FORMAT = r"""(?:'%s(?:\\n)?'[ \t]+|"%s(?:\\n)?"[ \t]+|%s[ \t]+)?"""
RULES: tuple[tuple[tuple[str, ...], str, Callable[[re.Match[str]], str]], ...] = (
    (
        ("echo ", "printf "),
        # what `echo`/`printf` writes to a file named after a password or a secret (`> ~/.vault_pass`)
        r"\b(?:echo|printf)(?:[ \t]+-[a-zA-Z]+)*[ \t]+"
        + _FORMAT
        + r"(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s|;&\"'<>]+)[ \t]*>>?[ \t]*"
        r"(?P<f>[^\s|;&<>]+)",
        _written_to_secret_file,
    ),
    (
        ("echo ", "printf "),
        # what `echo`/`printf` pipes, or a here-string gives, to a command named after a password
        # or naming a secret (`| passwd bob`, `| chpasswd`, `pass insert … <<< …`, `secret put KEY`)
        r"\b(?:echo|printf)(?:[ \t]+-[a-zA-Z]+)*[ \t]+" + _FORMAT + r"(?P<s>\"[^\"\n]*\"|'[^'\n]*'|[^\s|;&\"'()]+)"
        # `(echo …; echo …) | smbpasswd -s`: the same value twice, a new secret and its confirmation
        r"(?:[ \t]*;[ \t]*(?:echo|printf)[ \t]+(?P=s)[ \t]*\))?[ \t]*\|[ \t]*"
        r"(?P<c>[^|;&\n]+)",
        _fed_to_secret_command,
    ),
)
# a here-string's value (the command is read back from the `<<<`: a pattern that found it
# forwards would try every word of a long line)
_HERE_STRING = r"<<<[ \t]*(?P<s>\"[^\"\n]*\"|\$?'[^'\n]*'|[^\s|;&\"']+)"


# A here-document: the command before `<<`, its delimiter, its body (20 lines at most), the delimiter.
_HERE_DOCUMENT = LazyPattern(
    r"(?P<c>[^\n]{0,400}?)(?<!<)<<(?!<)-?[ \t]*(?P<q>['\"]?)(?P<d>[A-Za-z_]\w{0,20})(?P=q)[^\n]*\n"
    r"(?P<b>(?:(?![ \t]*(?P=d)[ \t]*$)[^\n]*\n){1,20}?)[ \t]*(?P=d)[ \t]*$",
    re.MULTILINE,
)
_BODY_PAIR = LazyPattern(r"[a-z][\w.@-]{0,40}:")  # `bob:…`: a user and a password, as `chpasswd` reads them


def redact_here_documents(text: str) -> str:
    """`docker secret create db_pass - <<EOF` / `…` / `EOF`: each line of a here-document fed to a
    command that asks for a secret (`_command_level`, as for a piped value) is judged as a piped
    value is, a `user:` before it read as a login's (`chpasswd <<EOF`). A line holding a space
    (`user: deploy` after a password store's first line) is left to the other rules."""
    if "<<" not in text:
        return text
    marks: list[tuple[int, int]] = []
    for m in _here_documents(text):
        command = m.group("c")
        command = command[max(command.rfind(c) for c in _SEPARATORS) + 1 :]
        level = _command_level(command) if command.strip() else None
        if level is None or level == NOT_SECRET:
            continue
        at = m.start("b")
        for line in m.group("b").split("\n")[:-1]:
            value, start = line.strip(), at + len(line) - len(line.lstrip())
            pair = _BODY_PAIR.match(value)
            if pair is not None and level == PASSWORD:
                value, start = value[pair.end() :], start + pair.end()
            if value and " " not in value and _taken(value, level):
                marks.append((start, start + len(value)))
            at += len(line) + 1
    out, pos = [], 0
    for a, b in marks:
        out += [text[pos:a], MARK]
        pos = b
    return "".join(out) + text[pos:] if marks else text


def _here_documents(text: str) -> Iterator[re.Match[str]]:
    """Each here-document of `text`, matched from the start of the line of each `<<` (found by
    `find`: a pattern tried at every line's start would read each line of a long text), and
    only where `_may_close` finds a line that could end it."""
    pattern, at, done = _HERE_DOCUMENT.compiled(), text.find("<<"), 0
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        m = pattern.match(text, start) if start >= done and _may_close(text, start) else None
        if m is not None:
            yield m
            done = m.end()
        else:
            done = max(done, text.find("\n", at) % (len(text) + 1))
        at = text.find("<<", max(done, at + 2))


# The word after a `<<` (its delimiter is this word or a start of it, as `_HERE_DOCUMENT` reads it)
_OPENED = LazyPattern(r"<<-?[ \t]*['\"]?(?P<w>[A-Za-z_]\w*)")
_LINES_TO_CLOSE = 21  # the body's 20 lines at most, then the delimiter's


def _may_close(text: str, start: int) -> bool:
    """Whether one of the lines after the line at `start` (as far as a here-document's end may
    stand) is, between spaces, a start of a word after one of that line's `<<`: what a match of
    `_HERE_DOCUMENT` from `start` needs. Without this test, each `<<` of code (`cout << x`, a
    shift) had the pattern read the next twenty lines once for each start of the word after it."""
    end = text.find("\n", start)
    if end == -1:
        return False
    words = [m.group("w") for m in _OPENED.finditer(text, start, end)]
    if not words:
        return False
    for _ in range(_LINES_TO_CLOSE):
        if end == -1:
            return False
        begin, end = end + 1, text.find("\n", end + 1)
        word = text[begin : end if end != -1 else len(text)].strip(" \t")
        if word and any(w.startswith(word) for w in words):
            return True
    return False


def _taken(value: str, level: int) -> bool:
    """Whether a value given to a command of `level` is its secret (as `_judged_input` judges)."""
    if MARK in value or not_a_secret(value):
        return False
    if level == PASSWORD:
        return password_shaped(value)
    return strongly_mixed(value) or looks_random(value)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`."""
    rules = tuple((triggers, LazyRule(rx, sub)) for triggers, rx, sub in RULES)
    return (*rules, (("<<<",), _HereStrings(_HERE_STRING, str)))
