#!/usr/bin/env python3
"""An agent built on the Claude Agent SDK, with context-keeper: what a user of the SDK writes.

Run by tests/e2e/test_sdk_session.py in a clean environment (the harness's): one SDK session,
`ClaudeSDKClient`, that sends each prompt of `--prompt` in turn and prints every message the SDK
yields as one JSON line ({"type", "subtype", "data"}). The CLI is `--cli` (the pinned build, not
the one bundled in the SDK's wheel); `setting_sources=[]` keeps every settings file out, so
context-keeper's hooks come only from `settings()`; `--state` is what the agent's in-process
PreCompact callback (`state_callback`) hands the summariser.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
from typing import Any

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher

from context_keeper.agent_sdk import settings, state_callback


def _plain(message: Any) -> dict[str, Any]:
    fields = dataclasses.asdict(message) if dataclasses.is_dataclass(message) else {}
    return {
        "type": type(message).__name__,
        "subtype": fields.get("subtype"),
        "data": fields.get("data"),
        "session_id": fields.get("session_id"),
    }


async def run(cli: str, cwd: str, prompts: list[str], state: str | None) -> None:
    options = ClaudeAgentOptions(
        cli_path=cli,
        cwd=cwd,
        settings=settings(),
        setting_sources=[],
        permission_mode="bypassPermissions",
        # The agent's own state, which no transcript shows, handed to the summariser in-process.
        hooks={"PreCompact": [HookMatcher(hooks=[state_callback(lambda: state or "")])]},
    )
    async with ClaudeSDKClient(options=options) as client:
        for prompt in prompts:
            await client.query(prompt)
            async for message in client.receive_response():
                print(json.dumps(_plain(message), default=str), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--cwd", required=True)
    parser.add_argument("--prompt", action="append", required=True)
    parser.add_argument("--state", help="the agent's own state (text) its PreCompact callback hands on")
    args = parser.parse_args()
    asyncio.run(run(args.cli, args.cwd, args.prompt, args.state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
