"""The real Claude Code CLI interactive, in a tmux session of its own, for what only the REPL
does (the status line): type prompts, read the screen.

The first-run dialogs (onboarding, the API key, bypass-permissions mode, folder trust) are
answered in `~/.claude.json` and the user settings beforehand, as a user who said yes once
would have them. tmux runs on a socket of its own, so nothing touches anyone else's sessions.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

from harness import ClaudeSession, claude_version

# The REPL's footer in --dangerously-skip-permissions mode: drawn with the prompt box, once the
# REPL takes input (a second after its start on a quiet machine; keys typed before it are lost).
READY = "bypass permissions on"
START_CEILING_S = 120.0  # only a REPL that never starts gets near this


def tmux_available() -> bool:
    return shutil.which("tmux") is not None


def accept_first_run(session: ClaudeSession) -> None:
    (session.home / ".claude.json").write_text(
        json.dumps(
            {
                "hasCompletedOnboarding": True,
                "lastOnboardingVersion": claude_version(),
                "theme": "dark",
                "bypassPermissionsModeAccepted": True,
                "customApiKeyResponses": {"approved": ["sk-test"], "rejected": []},
                "projects": {str(session.repo): {"hasTrustDialogAccepted": True}},
            }
        )
    )
    settings = session.read_settings()
    settings["skipDangerousModePermissionPrompt"] = True
    session.write_settings(settings)


class Repl:
    """`claude --dangerously-skip-permissions` running in tmux with the session's environment."""

    def __init__(self, session: ClaudeSession, extra_env: Mapping[str, str] | None = None) -> None:
        # A socket of its own beside the session's HOME: nobody else's tmux is touched, and
        # nothing is left in /tmp/tmux-<uid> afterwards.
        self.socket = session.home.parent / "tmux.sock"
        self.tmux = ["tmux", "-S", str(self.socket)]
        env = session.env(extra_env) | {"TERM": "xterm-256color"}
        command = shlex.join(
            ["env", "-i", *(f"{k}={v}" for k, v in env.items()), str(session.binary), "--dangerously-skip-permissions"]
        )
        subprocess.run(
            [
                *self.tmux,
                "new-session",
                "-d",
                "-s",
                "repl",
                "-x",
                "200",
                "-y",
                "50",
                f"cd {shlex.quote(str(session.repo))} && {command}",
            ],
            check=True,
            timeout=30,
        )
        self.wait_for(READY, START_CEILING_S)

    def screen(self) -> str:
        done = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", "repl"], capture_output=True, text=True, timeout=30
        )
        return done.stdout

    def send(self, text: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "repl", "-l", text], check=True, timeout=30)
        time.sleep(0.3)
        subprocess.run([*self.tmux, "send-keys", "-t", "repl", "Enter"], check=True, timeout=30)

    def wait_for(self, text: str, timeout_s: float = 30.0) -> str:
        """The screen once it shows `text`; AssertionError with the screen when it never does."""
        deadline = time.monotonic() + timeout_s
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.5)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{screen}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, timeout=30)
        self.socket.unlink(missing_ok=True)


def status_line(screen: str, prefix: str) -> str:
    """The screen's line that starts (after indentation) with `prefix`."""
    lines = [line.strip() for line in screen.splitlines() if line.strip().startswith(prefix)]
    assert lines, f"no line starting with {prefix!r} on the screen:\n{screen}"
    return lines[-1]


def wait_path(path: Path, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
