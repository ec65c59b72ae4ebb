"""Preservation recall: how many end-state facts of a truth file reach the model.

The text that reaches the model is the PreCompact stdout (Claude Code keeps at most
10,000 characters of it, trimmed) plus the restore note injected by SessionStart(compact).
A fact counts as present when its exact string appears in that text:

- active task: its subject, AND its status word within STATUS_WINDOW characters of it
- completed task: its subject
- file: the absolute path, or the path relative to cwd (not as part of a longer path)
- error (unresolved / resolved): the command text AND its error line, anywhere (whitespace
  runs collapsed: failure messages are written that way)
- decision, last user prompt: the whole sentence, or at least its first 60 characters
- test command: the command text

    python bench/score.py TRUTH.json PRECOMPACT.txt [--restore NOTE.txt] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

PRECOMPACT_CAP = 10_000
STATUS_WINDOW = 120
PREFIX = 60
STATUS_WORDS = {
    "in_progress": ("in_progress", "in progress", "in-progress"),
    "pending": ("pending",),
    "completed": ("completed",),
}
CATEGORIES = (
    "active_tasks", "completed_tasks", "files_modified", "unresolved_errors", "resolved_errors",
    "decisions", "test_commands", "last_user_prompt",
)
_PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./")


@dataclass(frozen=True)
class CategoryScore:
    found: int
    total: int
    missing: tuple[str, ...]

    @property
    def recall(self) -> float | None:
        return self.found / self.total if self.total else None


@dataclass(frozen=True)
class Score:
    categories: dict[str, CategoryScore]
    chars: int  # characters spent: capped PreCompact stdout + restore note
    precompact_chars: int
    restore_chars: int

    @property
    def found(self) -> int:
        return sum(c.found for c in self.categories.values())

    @property
    def total(self) -> int:
        return sum(c.total for c in self.categories.values())

    @property
    def overall(self) -> float:
        """Micro average: every fact weighs the same."""
        return self.found / self.total if self.total else 1.0

    @property
    def macro(self) -> float:
        """Mean of the per-category recalls (categories without facts left out)."""
        values = [c.recall for c in self.categories.values() if c.recall is not None]
        return sum(values) / len(values) if values else 1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "overall": self.overall, "macro": self.macro, "found": self.found, "total": self.total,
            "chars": self.chars, "precompact_chars": self.precompact_chars, "restore_chars": self.restore_chars,
            "categories": {k: {**asdict(v), "recall": v.recall} for k, v in self.categories.items()},
        }


# -- matching rules --------------------------------------------------------------------


def has_status_near(text: str, subject: str, status: str, window: int = STATUS_WINDOW) -> bool:
    words = STATUS_WORDS.get(status, (status,))
    lowered = text.lower()
    start = text.find(subject)
    while start != -1:
        around = lowered[max(0, start - window): start + len(subject) + window]
        if any(w in around for w in words):
            return True
        start = text.find(subject, start + 1)
    return False


def has_path(text: str, path: str, cwd: str) -> bool:
    candidates = [path]
    prefix = cwd.rstrip("/") + "/"
    if path.startswith(prefix):
        candidates.append(path[len(prefix):])
    return any(_has_whole_path(text, c) for c in candidates)


def _has_whole_path(text: str, path: str) -> bool:
    """path occurs, not as the tail or head of a longer path (a/b.py must not match xa/b.pyc)."""
    start = text.find(path)
    while start != -1:
        end = start + len(path)
        before_ok = start == 0 or text[start - 1] not in _PATH_CHARS or text[start - 1] == "."
        after = text[end] if end < len(text) else ""
        # A trailing "." ends a sentence unless a path character follows it.
        after_ok = after == "" or after not in _PATH_CHARS or (
            after == "." and (end + 1 >= len(text) or text[end + 1] not in _PATH_CHARS))
        if before_ok and after_ok:
            return True
        start = text.find(path, start + 1)
    return False


def has_sentence(text: str, sentence: str, prefix: int = PREFIX) -> bool:
    return sentence in text or (len(sentence) > prefix and sentence[:prefix] in text)


def collapsed(text: str) -> str:
    return " ".join(text.split())


def has_error(text: str, error: dict[str, Any], cwd: str, flat: str | None = None) -> bool:
    """The command and the error line; the line with runs of whitespace collapsed (as
    context_keeper.failures writes every message: mypy's `...")  [return-value]` is shown with
    one space). `flat`: `text` collapsed, when the caller has it."""
    command = error["command"]
    command_ok = command in text or (error.get("tool") != "Bash" and has_path(text, command, cwd))
    return command_ok and collapsed(error["error_line"]) in (flat if flat is not None else collapsed(text))


# -- scoring ---------------------------------------------------------------------------


def model_text(precompact_stdout: str, restore_note: str = "") -> tuple[str, str]:
    """What Claude Code actually passes on: stdout trimmed and cut at 10,000 characters."""
    return precompact_stdout.strip()[:PRECOMPACT_CAP], restore_note


def _category(items: list[Any], present: Callable[[Any], bool], label: Callable[[Any], str]) -> CategoryScore:
    missing = tuple(label(i) for i in items if not present(i))
    return CategoryScore(found=len(items) - len(missing), total=len(items), missing=missing)


def score(truth: dict[str, Any], precompact_stdout: str, restore_note: str = "") -> Score:
    pre, note = model_text(precompact_stdout, restore_note)
    text = pre + "\n" + note
    cwd = truth.get("cwd") or ""
    flat = collapsed(text)
    prompt = [truth["last_user_prompt"]] if truth.get("last_user_prompt") else []
    cats = {
        "active_tasks": _category(truth.get("active_tasks", []),
                                  lambda t: has_status_near(text, t["subject"], t["status"]),
                                  lambda t: f"[{t['status']}] {t['subject']}"),
        "completed_tasks": _category(truth.get("completed_tasks", []), lambda t: t["subject"] in text,
                                     lambda t: t["subject"]),
        "files_modified": _category(truth.get("files_modified", []), lambda p: has_path(text, p, cwd), str),
        "unresolved_errors": _category(truth.get("unresolved_errors", []), lambda e: has_error(text, e, cwd, flat),
                                       lambda e: f"{e['command']} -> {e['error_line']}"),
        "resolved_errors": _category(truth.get("resolved_errors", []), lambda e: has_error(text, e, cwd, flat),
                                     lambda e: f"{e['command']} -> {e['error_line']}"),
        "decisions": _category(truth.get("decisions", []), lambda d: has_sentence(text, d), str),
        "test_commands": _category(truth.get("test_commands", []), lambda t: t["command"] in text,
                                   lambda t: t["command"]),
        "last_user_prompt": _category(prompt, lambda p: has_sentence(text, p), str),
    }
    return Score(categories=cats, chars=len(pre) + len(note), precompact_chars=len(pre), restore_chars=len(note))


def format_report(s: Score) -> str:
    lines = [f"{'category':<18} {'found':>6} {'total':>6} {'recall':>7}"]
    for name, c in s.categories.items():
        recall = "-" if c.recall is None else f"{c.recall:.0%}"
        lines.append(f"{name:<18} {c.found:>6} {c.total:>6} {recall:>7}")
    lines.append(f"{'overall (micro)':<18} {s.found:>6} {s.total:>6} {s.overall:>7.0%}")
    lines.append(f"{'macro':<18} {'':>6} {'':>6} {s.macro:>7.0%}")
    lines.append(f"chars spent: {s.chars:,} (PreCompact {s.precompact_chars:,} + restore {s.restore_chars:,})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("truth", type=Path)
    p.add_argument("text", type=Path, help="PreCompact stdout (cut at 10,000 chars like Claude Code does)")
    p.add_argument("--restore", type=Path, help="the SessionStart(compact) restore note")
    p.add_argument("--json", action="store_true")
    p.add_argument("--missing", action="store_true", help="list the facts that did not make it")
    args = p.parse_args(argv)
    truth = json.loads(args.truth.read_text())
    note = args.restore.read_text() if args.restore else ""
    result = score(truth, args.text.read_text(), note)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    print(format_report(result))
    if args.missing:
        for name, c in result.categories.items():
            for m in c.missing:
                print(f"missing {name}: {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
