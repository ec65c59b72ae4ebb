"""Whose compaction fired a compaction hook that names no agent.

Some Claude Code versions (2.1.299, measured) fire PreCompact, SessionStart(compact) and
PostCompact for a subagent's own compaction in the main settings with the main session's id
and transcript and no `agent_id`. Printing the main block there would put it into the
subagent's summary, the restore note into the subagent's context, and the subagent's summary
would be checked as the main one. So an auto compaction hook without `agent_id` asks which
agent crossed the threshold: Claude Code compacts the agent whose latest response's context
passed it, right after that response. A running subagent whose latest response is newer than
the main agent's and holds more context than the main agent's latest is the one compacting;
the main agent otherwise (and always for `/compact`, which only the main agent gets). The
files are read from their ends only (transcript.tail): the latest response is all it needs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..transcript.tail import latest_response
from .hook_input import HookInput


def compacting_subagent(hook: HookInput) -> str | None:
    """The id of the running subagent whose compaction fired this hook (which names no agent),
    or None when it is the main agent's (or cannot be told: the main agent's, as before)."""
    if hook.agent_id is not None or hook.trigger == "manual" or hook.transcript_path is None:
        return None
    main = latest_response(hook.transcript_path, sidechain=False)
    if main is None:
        return None
    folder = Path(str(hook.transcript_path).removesuffix(".jsonl")) / "subagents"
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith("agent-") and n.endswith(".jsonl"))
    except OSError:
        return None
    best: tuple[int, str] | None = None
    for name in names:
        agent_id = name.removeprefix("agent-").removesuffix(".jsonl")
        if _finished(folder / f"agent-{agent_id}.meta.json"):
            continue
        latest = latest_response(folder / name, sidechain=True)
        if latest is None or latest[1] < main[1] or latest[0] <= main[0]:
            continue
        if best is None or latest[0] > best[0]:
            best = (latest[0], agent_id)
    return best[1] if best else None


def _finished(meta: Path) -> bool:
    try:
        data = json.loads(meta.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("finished") is True
