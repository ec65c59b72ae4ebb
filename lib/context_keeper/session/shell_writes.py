"""The files a shell command wrote: what a Bash call modified besides the Write and Edit tools.

Claude Code often creates or changes files through Bash (`cat > app.py <<'EOF'`, `sed -i`,
`| tee notes.md`, `cp a b`, `touch`), so a session's modified files come from its Bash calls
too. Read conservatively, from the command's text alone: output redirections, `tee`,
`sed -i`, `touch`, and the destination of a two-path `cp`/`mv`/`git mv`; a `cd` earlier in
the command moves the relative paths after it. Heredoc bodies are not read as commands.
Not counted: /dev, /proc and temp paths, file descriptors, and anything with a variable, a
glob or a command substitution in it (its real name is not in the text).
"""

from __future__ import annotations

import os
import re
import shlex

# Cheap test first: most commands write nothing (pytest, git status, ls...), and most of
# the `>` in commands are `2>&1` or `>/dev/null` (see _may_write).
_NAMES = re.compile(r"\btee\b|\bsed\b|\btouch\b|\bcp\b|\bmv\b")
_PUNCTUATION_RUN = re.compile(r"[();<>|&]+")  # what shlex's punctuation_chars makes one token of
_TO_DEV_NULL = re.compile(r"\s*/dev/null(?=[\s();<>|&]|$)")
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][\w.-]*)\1")
_SEPARATORS = frozenset({"&&", "||", ";", "|", "&", "|&", "(", ")", ";;"})
_REDIRECTS = frozenset({">", ">>", "&>", "&>>", ">|"})
_INPUTS = frozenset({"<", "<<", "<<-", "<<<", "<&", "<>", ">&"})  # with their word: not arguments
_NOT_FILES = ("/dev/", "/proc/", "/tmp/", "/var/tmp/")
_UNKNOWN = re.compile(r"[$`*?\[\]{}~]")


def written_paths(command: str) -> list[str]:
    """The paths `command` writes, in order, each once; relative ones as written (after any
    `cd` in the command, joined to its target)."""
    return written_and_moved(command)[0]


def written_and_moved(command: str) -> tuple[list[str], list[tuple[str, str]]]:
    """`written_paths`, and the (source, destination) of each two-path `mv`/`git mv` (the
    destination is among the written paths too), relative ones as written."""
    if not _may_write(command):
        return [], []
    return _written(command)


def _may_write(command: str) -> bool:
    """False when `command` surely writes nothing, told from its text without tokenising it:
    no command that writes by name, and each `>` in a token that is no output redirection
    (`>&`, as in `2>&1`) or one to /dev/null. A quoted `>` is in another run of punctuation
    than shlex's tokens, so it only ever makes this true (then _written decides); an escaped
    one (`\\>`) is a token `>` of its own, so a run after a backslash is read whole."""
    if _NAMES.search(command):
        return True
    for match in _PUNCTUATION_RUN.finditer(command):
        run = match.group()
        if ">" not in run:
            continue
        if match.start() and command[match.start() - 1] == "\\":
            return True
        if run == ">&":
            continue
        if run in _REDIRECTS and _TO_DEV_NULL.match(command, match.end()):
            continue
        return True
    return False


def _written(command: str) -> tuple[list[str], list[tuple[str, str]]]:
    out: list[str] = []
    moves: list[tuple[str, str]] = []
    for line in _command_lines(command):
        try:
            tokens = _tokens(line)
        except ValueError:  # unbalanced quotes: not read
            continue
        _scan(tokens, out, moves)
    return list(dict.fromkeys(out)), moves


def _command_lines(command: str) -> list[str]:
    """The command's lines without the bodies of its heredocs."""
    lines, end = [], None
    for line in command.splitlines():
        if end is not None:
            if line.strip() == end:
                end = None
            continue
        lines.append(line)
        heredoc = _HEREDOC.search(line.replace("<<<", ""))
        if heredoc:
            end = heredoc.group(2)
    return lines


def _tokens(line: str) -> list[str]:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    return list(lexer)


def _scan(tokens: list[str], out: list[str], moves: list[tuple[str, str]]) -> None:
    """Add what each simple command of `tokens` writes to `out`; `cd` moves the later ones."""
    where = ""
    words: list[str] = []
    for i, token in enumerate(tokens):
        if token in _REDIRECTS and i + 1 < len(tokens):
            _add(out, where, tokens[i + 1])
        if token in _SEPARATORS:
            where = _run(words, where, out, moves)
            words = []
        elif token not in _REDIRECTS | _INPUTS and not (i and tokens[i - 1] in _REDIRECTS | _INPUTS):
            words.append(token)
    _run(words, where, out, moves)


def _run(words: list[str], where: str, out: list[str], moves: list[tuple[str, str]]) -> str:
    """Add the files one simple command writes; return the directory after it (a `cd`)."""
    while words and "=" in words[0] and not words[0].startswith("-"):
        words = words[1:]  # VAR=value before the command
    if not words:
        return where
    name, args = os.path.basename(words[0]), _positional(words[1:])
    if name == "cd":
        return _joined(where, args[0]) if len(args) == 1 and not _UNKNOWN.search(args[0]) else where
    if name in ("tee", "touch"):
        for arg in args:
            _add(out, where, arg)
    elif name == "sed" and any(w == "--in-place" or w.startswith("-i") for w in words[1:]):
        scripts = any(w in ("-e", "-f", "--expression", "--file") for w in words[1:])
        for arg in args if scripts else args[1:]:  # without -e/-f, the first is the script
            _add(out, where, arg)
    elif name in ("cp", "mv") or (name == "git" and args[:1] == ["mv"]):
        paths = args[1:] if name == "git" else args
        if len(paths) == 2 and not paths[1].endswith("/"):
            written = len(out)
            _add(out, where, paths[1])
            if name != "cp" and len(out) > written and not _UNKNOWN.search(paths[0]):
                moves.append((_joined(where, paths[0].rstrip("/") or paths[0]), out[-1]))
    return where


def _positional(words: list[str]) -> list[str]:
    """The arguments that are not options, nor the value of `-e`/`-f` (sed's scripts)."""
    out, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word in ("-e", "-f", "--expression", "--file"):
            skip = True
        elif word and not word.startswith("-"):  # '' is BSD sed's `-i ''` (no backup suffix)
            out.append(word)
    return out


def _add(out: list[str], where: str, path: str) -> None:
    if not path or path.isdigit() or path.startswith("&") or _UNKNOWN.search(path):
        return
    joined = _joined(where, path)
    if joined.startswith(_NOT_FILES) or joined in ("/dev/null", "-"):
        return
    out.append(joined)


def _joined(where: str, path: str) -> str:
    return os.path.normpath(os.path.join(where, path)) if where else path
