"""`context-keeper statusline`: Claude Code's status line, one line from the JSON it sends on stdin.

Claude Code runs the `statusLine` command on every refresh with the session on stdin (captured
from 2.1.330: `session_id`, `transcript_path`, `cwd`, `workspace.project_dir`, `model.id`,
`context_window` with `context_window_size`, `current_usage` (null before the first response,
all zeros right after a compaction) and a rounded `used_percentage`). The line says:

    ctx 45k/1M 5% · auto-compact at 967k: 922k left · 1 compaction, last kept 14/17, refilled 3

context used of the real window; tokens left before Claude Code compacts on its own (its point
from `transcript.compaction_point`, which honours `autoCompactWindow` and the variables; left out for a
model whose point was not measured); compactions so far
in this session and what the summary of the last one kept of the block's facts and what the
refill put back (from the runs dir's `compactions/<session>/` files).

It runs on every refresh, so it imports little: no orjson, platformdirs, dataclasses, pathlib or
`json` (whose decoder imports `re`; `transcript.json_scan` parses with the same C scanner), and finds the
runs dir from the environment alone where it can (`locations`). It reads only the transcript's
last bytes (and only when stdin has no usage), and never fails: anything unexpected prints a
short fallback line, and it always exits 0.
"""

from __future__ import annotations

import os
import sys

from ..transcript.json_scan import loads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

FALLBACK = "context-keeper: no status"
MAX_INPUT_BYTES = 1 << 20
TAIL_BYTES = 64 * 1024  # the newest usage is in the last records
MAX_COMPACTION_FILES = 50  # read for the count; a session with more says "50+"
SEP = " · "


def tokens(n: int) -> str:
    """45k, 1.2M, 967k, 980: short enough for a status line."""
    if n >= 1_000_000:
        text = f"{n / 1_000_000:.1f}".removesuffix(".0")
        return f"{text}M"
    if n >= 10_000:
        return f"{round(n / 1000)}k"
    if n >= 1000:
        return f"{n / 1000:.1f}".removesuffix(".0") + "k"
    return str(n)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def context_used(status: Mapping[str, object]) -> int | None:
    """Tokens in context as Claude Code's auto-compaction counts them (input, cache creation,
    cache reads and output of the last response); None when stdin does not say."""
    window = status.get("context_window")
    usage = window.get("current_usage") if isinstance(window, dict) else None
    if not isinstance(usage, dict):
        return None
    keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
    values = [_int(usage.get(key)) for key in keys]
    if any(v is None for v in values):
        return None
    total = sum(v for v in values if v is not None)
    return total or None  # all zeros: right after a compaction, nothing measured yet


def _tail_used(transcript: object) -> int | None:
    """The newest main-chain usage in the transcript's last bytes (None after a compaction)."""
    if not isinstance(transcript, str) or not transcript:
        return None
    from ..hooks.gate import tail_usage  # only when stdin has no usage: its imports cost

    try:
        found = tail_usage(transcript, TAIL_BYTES)
    except (OSError, ValueError):
        return None
    return found[0] if found else None


def model_window(status: Mapping[str, object]) -> int:
    window = status.get("context_window")
    size = _int(window.get("context_window_size")) if isinstance(window, dict) else None
    if size:
        return size
    from ..transcript.usage import context_window

    model = status.get("model")
    model_id = model.get("id") if isinstance(model, dict) else None
    return context_window(model_id if isinstance(model_id, str) else None)


def project_dir(status: Mapping[str, object]) -> str | None:
    workspace = status.get("workspace")
    found = workspace.get("project_dir") if isinstance(workspace, dict) else None
    if isinstance(found, str) and found:
        return found
    cwd = status.get("cwd")
    return cwd if isinstance(cwd, str) and cwd else None


def runs_root(cwd: str, environ: Mapping[str, str]) -> str:
    """The runs dir of the repository holding `cwd`, as the hooks name it: from the environment
    alone when it settles the data root (no pathlib, no config parsing), else the full settings."""
    from ..locations import quick_data_root, repo_root, runs_dir

    repo = repo_root(cwd)
    root = quick_data_root(environ)
    if root is None:
        from pathlib import Path

        from ..config import load_settings

        root = str(load_settings(environ, Path(repo))[0].home)
    return runs_dir(root, repo)


def compactions(
    session_id: str, cwd: str, environ: Mapping[str, str]
) -> tuple[int, dict[str, object] | None, bool] | None:
    """(compactions recorded for the session, the newest one's file, whether there may be more
    than counted) from the runs dir of the repository holding `cwd`; None when the hooks never
    ran for the repository (no runs dir), where a count would be a guess."""
    from ..locations import compaction_dir

    root = runs_root(cwd, environ)
    if not os.path.isdir(root):
        return None
    directory = compaction_dir(root, session_id)
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".json") and not n.startswith("."))
    except OSError:
        return 0, None, False
    count, newest = 0, None
    for name in reversed(names[-MAX_COMPACTION_FILES:]):
        data = _read_json(os.path.join(directory, name))
        # A PreCompact that no compaction followed (Claude Code computed a summary ahead and never
        # used it) leaves a file with the block only: not a compaction.
        if data is None or not ({"note", "check"} & data.keys()):
            continue
        count += 1
        newest = newest or data
    return count, newest, len(names) > MAX_COMPACTION_FILES


def _read_json(path: str) -> dict[str, object] | None:
    try:
        with open(path, "rb") as handle:
            value = loads(handle.read(MAX_INPUT_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def last_compaction(data: Mapping[str, object]) -> str:
    """What the summary kept of the block's facts, and what the refill put back."""
    parts = []
    check = data.get("check")
    if isinstance(check, dict):
        counts = [c for c in check.values() if isinstance(c, dict)]
        kept = sum(_int(c.get("kept")) or 0 for c in counts)
        carried = sum(_int(c.get("carried")) or 0 for c in counts)
        parts.append(f"kept {kept}/{carried}")
    refill = data.get("refill")
    items = refill.get("items") if isinstance(refill, dict) else None
    if isinstance(refill, dict) and isinstance(items, list):
        if not items:
            parts.append("nothing to refill")
        elif refill.get("sent") is True:
            parts.append(f"refilled {len(items)}")
        else:
            parts.append(f"{len(items)} to refill")
    return ", ".join(parts)


def render(status: Mapping[str, object], environ: Mapping[str, str]) -> str:
    """The status line for one stdin object."""
    from ..transcript.compaction_point import measured, point_for

    window = model_window(status)
    used = context_used(status)
    if used is None:
        used = _tail_used(status.get("transcript_path"))
    parts = [
        f"ctx {tokens(used)}/{tokens(window)} {100 * used / window:.0f}%"
        if used is not None
        else f"ctx ?/{tokens(window)}"
    ]

    model = status.get("model")
    model_id = model.get("id") if isinstance(model, dict) else None
    point = (
        point_for(window, project_dir(status), environ) if isinstance(model_id, str) and measured(model_id) else None
    )
    if point is None:
        pass  # where Claude Code compacts this model's sessions was not measured: say nothing
    elif point.tokens is None:
        parts.append("auto-compact off")
    else:
        where = f"auto-compact at {tokens(point.tokens)}"
        if used is None:
            parts.append(where)
        elif used >= point.tokens:
            parts.append(f"{where}: due")
        else:
            parts.append(f"{where}: {tokens(point.tokens - used)} left")

    session_id, cwd = status.get("session_id"), status.get("cwd")
    if isinstance(session_id, str) and session_id and isinstance(cwd, str) and cwd:
        found = compactions(session_id, cwd, environ)
        count, newest, more = found if found is not None else (0, None, False)
        if found is None:
            pass  # the hooks never ran here: no record to count from
        elif count == 0:
            parts.append("no compaction yet")
        else:
            text = f"{count}{'+' if more else ''} compaction{'s' if count > 1 or more else ''}"
            detail = last_compaction(newest) if newest else ""
            parts.append(f"{text}, last {detail}" if detail else text)
    return SEP.join(parts)


def status_line(raw: bytes, environ: Mapping[str, str]) -> str:
    """The line for stdin's bytes; FALLBACK when they are not a status-line object."""
    try:
        status = loads(raw.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return FALLBACK
    if not isinstance(status, dict):
        return FALLBACK
    return render(status, environ)


def main() -> int:
    """Read stdin, print one line, exit 0 whatever happens."""
    try:
        if sys.stdin.isatty():  # run by hand: Claude Code always pipes its JSON in
            line = "context-keeper statusline: reads the status-line JSON Claude Code sends on stdin"
        else:
            line = status_line(sys.stdin.buffer.read(MAX_INPUT_BYTES), os.environ)
    except Exception:  # a status line that fails shows nothing; a short line says why there is none
        line = FALLBACK
    try:
        sys.stdout.write(line.replace("\n", " ") + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    return 0
