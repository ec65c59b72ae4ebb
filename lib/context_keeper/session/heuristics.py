"""What a command, a sentence or a user message is: a test run, a decision, a real prompt."""

from __future__ import annotations

import re

_TEST_RE = re.compile(
    r"(?:^|[\s;&|(])(?:"
    r"pytest|py\.test|python3? -m (?:pytest|unittest)|tox|nox|"
    r"jest|vitest|mocha|ava|karma|playwright test|"
    r"(?:npm|pnpm|yarn|bun)(?: run)? test(?::\S+)?|"
    r"go test|cargo (?:test|nextest)|"
    r"make (?:test|check)\S*|ctest|rspec|phpunit|"
    r"(?:\./)?gradlew? test|mvn (?:\S+ )*test|dotnet test|mix test|swift test|deno test"
    r")(?=$|[\s;&|)])"
)
# Sentences carrying a decision or a conclusion worth keeping verbatim.
_DECISION_RE = re.compile(
    r"\b(?:decid\w*|decision|chose|choos\w+|going with|go with|opt(?:ed)? for|instead of|"
    r"rather than|switch(?:ed)? to|we'll use|i'll use|will use|root cause|the fix (?:is|was)|"
    r"fixed by|trade-?off|because|so that|approach)\b",
    re.IGNORECASE,
)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(\[])|\n+")
_NOT_A_PROMPT = (
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-",
    "<bash-input>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<system-reminder>",
    "<user-prompt-submit-hook>",
    "[Request interrupted",
    "Caveat: The messages below",
    "<task-notification>",  # a background subagent or shell ended (subagents.py)
)


def is_test_command(command: str) -> bool:
    return bool(_TEST_RE.search(command))


def decision_sentences(text: str) -> list[str]:
    out = []
    for sentence in _SENTENCE_RE.split(text):
        sentence = sentence.strip().lstrip("-*• ").strip()
        if 20 <= len(sentence) <= 400 and _DECISION_RE.search(sentence):
            out.append(sentence)
    return out


def is_real_prompt(text: str) -> bool:
    stripped = text.lstrip()
    return bool(stripped) and not stripped.startswith(_NOT_A_PROMPT)
