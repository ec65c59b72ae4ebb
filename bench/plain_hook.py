#!/usr/bin/env python3
"""A plain PreCompact hook, the yardstick of bench/dense.py: `json.loads` every line of the
transcript, keep the last prompts, the tasks, the edited files and the commands, and print
a block of at most 10,000 characters. No archive, no state, no redaction, no git: the
least a hook that reads the whole transcript does (the project's first design).
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    hook = json.load(sys.stdin)
    prompts: list[str] = []
    tasks: dict[str, list[str]] = {}
    files: dict[str, None] = {}
    commands: list[str] = []
    calls: dict[str, dict] = {}
    with open(hook["transcript_path"], "rb") as handle:
        for line in handle:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            message = rec.get("message") if isinstance(rec, dict) else None
            if not isinstance(message, dict):
                continue
            content = message.get("content")
            if rec.get("type") == "user" and isinstance(content, str):
                prompts = (prompts + [content[:300]])[-5:]
                continue
            for block in content if isinstance(content, list) else ():
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "tool_use":
                    calls[block.get("id")] = block
                    tool_input = block.get("input") or {}
                    if block.get("name") in ("Edit", "Write", "MultiEdit"):
                        files.pop(tool_input.get("file_path"), None)
                        files[tool_input.get("file_path")] = None
                    elif block.get("name") == "Bash":
                        commands = (commands + [str(tool_input.get("command"))[:200]])[-10:]
                    elif block.get("name") == "TaskUpdate" and tool_input.get("taskId") in tasks:
                        tasks[tool_input["taskId"]][1] = str(tool_input.get("status"))
                elif block.get("type") == "tool_result":
                    call = calls.pop(block.get("tool_use_id"), None)
                    result = rec.get("toolUseResult")
                    if call and call.get("name") == "TaskCreate" and isinstance(result, dict):
                        task = result.get("task") or {}
                        tasks[str(task.get("id"))] = [str(task.get("subject")), "pending"]
    lines = ["# Preserved context"]
    lines += [f"- task {i} [{status}] {subject}" for i, (subject, status) in tasks.items() if status != "completed"][
        -40:
    ]
    lines += [f"- file {path}" for path in list(files)[-40:]]
    lines += [f"- ran {command}" for command in commands]
    lines += [f"- asked {prompt}" for prompt in prompts]
    print("\n".join(lines)[:10_000])
    return 0


if __name__ == "__main__":
    sys.exit(main())
