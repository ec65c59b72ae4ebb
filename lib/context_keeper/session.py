"""The session model: a bounded digest of a transcript, folded one record at a time.

It keeps what the cold-task summaries, the preservation block and the restore note need —
turns, tasks, files, commands, errors, decisions, prompts (episodes), compactions, usage —
with every list capped, so saving and loading it costs the same at 1 MB and at 300 MB of
transcript. Folding is deterministic: resuming from a saved model at any reported offset
gives the same model as one full pass.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

from . import jsonio
from .records import field, record, replace

from .redact import redact
from .store import sha256
from .tasks import TASK_TOOLS, Task, TaskBook
from .transcript import (
    MAX_LINE_BYTES,
    CompactBoundary,
    Message,
    ReadStats,
    Record,
    TextBlock,
    ToolResult,
    ToolUse,
    TranscriptReader,
    open_regular,
)
from .usage import ContextUsage, context_window, estimate_tokens

if TYPE_CHECKING:
    from typing import Any, Iterable

MODEL_VERSION = 1

FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}

# Caps: the model is a digest; these bound its size (and so the hot path's cost).
MAX_FILES = 1000
MAX_COMMANDS = 100
MAX_TESTS = 100
MAX_ERRORS = 200
MAX_DECISIONS = 60
MAX_PROMPTS = 30
MAX_EPISODES = 200
MAX_PENDING = 500
MAX_SUMMARIES = 10
MAX_FACT_UNITS = 120
FOLD_BATCH = 512  # records folded between deadline checks
UNIT_FILES = 30
UNIT_COMMANDS = 20
UNIT_DECISIONS = 8
UNIT_TEXTS = 6
UNIT_ERRORS = 10
TEXT_CAP = 300
RECENT_IDS = 16
HEAD_BYTES = 1024
# How much of one text (a prompt, an assistant text, a tool's output) is scanned for names,
# decisions and error lines: a 50 MB paste must not cost seconds of regex time per call.
SCAN_CHARS = 64 * 1024
COMMAND_CHARS = 4000
MAX_LINE_MB = MAX_LINE_BYTES >> 20

_EXIT_CODE_RE = re.compile(r"^(?:Error: )?Exit code (-?\d+)")
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
)
# Error lines, best first. A test runner prints progress and test ids before the reason, so
# the reason (the exception, assertion or compiler message) outranks the "FAIL" markers.
_ERROR_LINE_RES = (
    # pytest's short summary: test id AND the exception, unless pytest cut it at the terminal
    # width (Claude Code's Bash has no tty: 80 columns, ending in "...").
    re.compile(r"^FAILED \S+ - \S.*(?<!\.\.\.)$"),
    re.compile(r"^E\s+\S"),  # pytest's assertion detail
    re.compile(
        r"^(?:[\w.]*(?:Error|Exception|Interrupt|Exit)\b(?::|$)|panic: |fatal: |error(?:\[\w+\])?: (?!test failed)"
        r"|assertion\b.*\bfailed|Assertion\w*:|npm ERR! (?!code|errno|A complete log))"
    ),
    re.compile(r"^\S*\.\w+(?::\d+|\(\d+,\d+\))[:)]?.*\S"),  # file.ext:line[:col]: message (compilers, linters)
    re.compile(r"^(?:FAIL\b|--- FAIL|\S.* \.\.\. FAILED$|test result: FAILED|make: \*\*\*)"),
    re.compile(r"\b(?:error|failed|failure|cannot|can't|not found|no such|denied|refused|timed? ?out)\b", re.IGNORECASE),
)


# -- records -------------------------------------------------------------------------------


@record
class FileChange:
    path: str
    tool: str
    first_turn: int
    last_turn: int
    count: int = 1


@record
class CommandRun:
    command: str
    turn: int
    ok: bool
    exit_code: int | None = None
    error_line: str | None = None
    is_test: bool = False


@record
class ErrorEvent:
    tool: str
    target: str  # the command, or the file path, the error is about
    line: str  # the most useful line of the error output
    turn: int
    exit_code: int | None = None
    resolved_turn: int | None = None
    resolved_by: str | None = None


@record
class Note:
    turn: int
    text: str


@record
class Compaction:
    turn: int
    trigger: str | None
    pre_tokens: int | None
    post_tokens: int | None
    timestamp: str | None


@record
class PendingCall:
    name: str
    input: dict[str, Any]
    turn: int
    units: tuple[str, ...]  # the tasks/episode the call belongs to, fixed when it was made


@record(frozen=False)
class UnitFacts:
    """What happened inside one task or episode (capped lists, in order, no duplicates)."""

    files: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    errors: list[ErrorEvent] = field(default_factory=list)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "UnitFacts":
        return UnitFacts(
            files=list(data.get("files", ())),
            commands=list(data.get("commands", ())),
            decisions=list(data.get("decisions", ())),
            texts=list(data.get("texts", ())),
            errors=[ErrorEvent(**e) for e in data.get("errors", ())],
        )


@record(frozen=False)
class Episode:
    """The turns answering one real user prompt."""

    n: int
    subject: str
    start_turn: int
    end_turn: int
    last_touched_turn: int
    ended: bool = False
    has_tasks: bool = False

    @property
    def unit(self) -> str:
        return f"prompt-{self.n}"


def _add_capped(items: list[Any], value: Any, cap: int) -> None:
    if value in items:
        return
    items.append(value)
    if len(items) > cap:
        del items[0]


def first_line(text: str, cap: int = TEXT_CAP) -> str:
    for line in text[:SCAN_CHARS].splitlines():
        line = line.strip()
        if line:
            return line if len(line) <= cap else line[: cap - 1] + "…"
    return ""


def useful_error_line(text: str) -> str:
    """The line of an error output that says what went wrong (not pytest's progress line)."""
    if len(text) > 2 * SCAN_CHARS:  # the start (the command's first complaint) and the end
        text = text[:SCAN_CHARS] + "\n" + text[-SCAN_CHARS:]
    lines = [line.strip() for line in text.replace("<tool_use_error>", "").replace("</tool_use_error>", "").splitlines()]
    lines = [line for line in lines if line and not _EXIT_CODE_RE.match(line)]
    for pattern in _ERROR_LINE_RES:
        for line in lines:
            if pattern.search(line):
                return first_line(line)
    # Nothing recognisable: the last line is where a failing program usually says why.
    return first_line(lines[-1]) if lines else first_line(text)


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


# -- the model -----------------------------------------------------------------------------


@record(frozen=False)
class SessionModel:
    version: int = MODEL_VERSION
    session_id: str | None = None
    cwd: str | None = None
    # cursor into the transcript, and what identifies the file it belongs to
    offset: int = 0
    file_dev: int = 0
    file_ino: int = 0
    head_len: int = 0
    head_hash: str = ""
    stats: dict[str, int] = field(default_factory=dict)
    # turns and usage
    turns: int = 0
    recent_ids: list[str] = field(default_factory=list)
    model: str | None = None
    context_tokens: int | None = None
    tokens_source: str | None = None
    chars_since_boundary: int = 0
    # the digest
    tasks: TaskBook = field(default_factory=TaskBook)
    episodes: list[Episode] = field(default_factory=list)
    prompt_count: int = 0
    facts: dict[str, UnitFacts] = field(default_factory=dict)
    files: dict[str, FileChange] = field(default_factory=dict)
    commands: list[CommandRun] = field(default_factory=list)
    tests: dict[str, CommandRun] = field(default_factory=dict)
    errors: list[ErrorEvent] = field(default_factory=list)
    decisions: list[Note] = field(default_factory=list)
    prompts: list[Note] = field(default_factory=list)
    last_text: Note | None = None
    compactions: list[Compaction] = field(default_factory=list)
    compact_summaries: list[Note] = field(default_factory=list)
    pending: dict[str, PendingCall] = field(default_factory=dict)
    # written by cold_tasks: unit key ("task-<id>" / "prompt-<n>") -> turn it was summarised
    summarized: dict[str, int] = field(default_factory=dict)
    last_checked_turn: int = 0
    # derived, not saved: the episodes' key terms (see _episode_index)
    _index: tuple[dict[str, set[str]], list[tuple[str, str]]] | None = field(default=None, repr=False, compare=False)
    # derived, not saved: what the last update_from_file met (for the hook's log)
    _last_read: ReadStats | None = field(default=None, repr=False, compare=False)
    _restart_reason: str | None = field(default=None, repr=False, compare=False)
    # derived, not saved: the last update_from_file stopped at its deadline before the end
    _behind: bool = field(default=False, repr=False, compare=False)

    # -- queries ---------------------------------------------------------------------------

    @property
    def behind(self) -> bool:
        """The last read stopped at its deadline: the model is not yet up to the file's end."""
        return self._behind

    def context_usage(self, window_override: int | None = None) -> ContextUsage:
        window = context_window(self.model, window_override)
        if self.context_tokens is not None:
            return ContextUsage(self.context_tokens, window, self.tokens_source or "usage")
        return ContextUsage(estimate_tokens(self.chars_since_boundary), window, "estimate")

    def unresolved_errors(self) -> list[ErrorEvent]:
        """Latest unresolved error per target, most recent first."""
        seen: set[tuple[str, str]] = set()
        out = []
        for error in reversed(self.errors):
            key = (error.tool, error.target)
            if error.resolved_turn is None and key not in seen:
                out.append(error)
            seen.add(key)
        return out

    def current_episode(self) -> Episode | None:
        return self.episodes[-1] if self.episodes else None

    # -- (de)serialisation -------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        return jsonio.dumps({name: getattr(self, name) for name in _SAVED_FIELDS})

    @staticmethod
    def from_bytes(data: bytes) -> "SessionModel":
        raw = jsonio.loads(data)
        if not isinstance(raw, dict) or raw.get("version") != MODEL_VERSION:
            raise ValueError("saved session model has another version")
        for name, kinds in _SCALAR_TYPES.items():
            if name in raw and not isinstance(raw[name], kinds) or isinstance(raw.get(name), bool):
                raise TypeError(f"saved session model: {name} has the wrong type")
        tasks = raw.get("tasks") or {}
        last_text = raw.get("last_text")
        return SessionModel(
            **{k: raw[k] for k in _SCALAR_FIELDS if k in raw},
            stats=dict(raw.get("stats", {})),
            recent_ids=list(raw.get("recent_ids", ())),
            tasks=TaskBook(
                tasks={k: Task.from_dict(v) for k, v in tasks.get("tasks", {}).items()},
                todo_ids=dict(tasks.get("todo_ids", {})),
            ),
            episodes=[Episode(**e) for e in raw.get("episodes", ())],
            facts={k: UnitFacts.from_dict(v) for k, v in raw.get("facts", {}).items()},
            files={k: FileChange(**v) for k, v in raw.get("files", {}).items()},
            commands=[CommandRun(**c) for c in raw.get("commands", ())],
            tests={k: CommandRun(**v) for k, v in raw.get("tests", {}).items()},
            errors=[ErrorEvent(**e) for e in raw.get("errors", ())],
            decisions=[Note(**n) for n in raw.get("decisions", ())],
            prompts=[Note(**n) for n in raw.get("prompts", ())],
            last_text=Note(**last_text) if last_text else None,
            compactions=[Compaction(**c) for c in raw.get("compactions", ())],
            compact_summaries=[Note(**n) for n in raw.get("compact_summaries", ())],
            pending={
                k: PendingCall(v["name"], v["input"], v["turn"], tuple(v["units"]))
                for k, v in raw.get("pending", {}).items()
            },
            summarized=dict(raw.get("summarized", {})),
        )

    # -- folding ---------------------------------------------------------------------------

    def fold(self, record: Record) -> None:
        if isinstance(record, CompactBoundary):
            self._boundary(record)
        elif record.is_sidechain or record.is_meta:
            return  # subagent records and injected caveats are nobody's turn
        elif record.role == "assistant":
            self._assistant(record)
        else:
            self._user(record)

    def fold_all(self, items: Iterable[Record]) -> None:
        for item in items:
            self.fold(item)

    def _boundary(self, record: CompactBoundary) -> None:
        self.compactions.append(
            Compaction(self.turns, record.trigger, record.pre_tokens, record.post_tokens, record.timestamp)
        )
        # Usage recorded before the boundary is stale (FACTS.md): postTokens until new usage.
        self.context_tokens = record.post_tokens
        self.tokens_source = "boundary" if record.post_tokens is not None else None
        self.chars_since_boundary = 0

    def _assistant(self, record: Message) -> None:
        if not record.is_main_response:
            return
        self.session_id = self.session_id or record.session_id
        self.cwd = record.cwd or self.cwd
        key = record.message_id or record.uuid or ""
        if key not in self.recent_ids:
            self.turns += 1
            self.recent_ids.append(key)
            if len(self.recent_ids) > RECENT_IDS:
                del self.recent_ids[0]
            episode = self.current_episode()
            if episode is not None and not episode.ended:
                episode.end_turn = self.turns
        if record.model:
            self.model = record.model
        if record.usage is not None and record.usage.context_tokens > 0:
            self.context_tokens = record.usage.context_tokens
            self.tokens_source = "usage"
        for block in record.blocks:
            if isinstance(block, TextBlock):
                self.chars_since_boundary += len(block.text)
                self._assistant_text(block.text)
            elif isinstance(block, ToolUse):
                self.chars_since_boundary += len(jsonio.dumps(block.input))
                self._tool_use(block)

    def _user(self, record: Message) -> None:
        self.session_id = self.session_id or record.session_id
        self.cwd = record.cwd or self.cwd
        if record.is_compact_summary:
            text = "\n".join(b.text for b in record.blocks if isinstance(b, TextBlock))
            _add_capped(self.compact_summaries, Note(self.turns, redact(text[:4000])), MAX_SUMMARIES)
            return
        prompt_parts = []
        for block in record.blocks:
            if isinstance(block, ToolResult):
                self.chars_since_boundary += len(block.text)
                call = self.pending.pop(block.tool_use_id, None)
                if call is not None:
                    self._result(call, block, record.tool_use_result)
            elif isinstance(block, TextBlock):
                self.chars_since_boundary += len(block.text)
                prompt_parts.append(block.text)
        text = "\n".join(prompt_parts)
        if prompt_parts and is_real_prompt(text):
            self._prompt(text)

    # -- pieces ----------------------------------------------------------------------------

    def _prompt(self, text: str) -> None:
        current = self.current_episode()
        if current is not None:
            current.ended = True
        self.prompt_count += 1
        subject = redact(first_line(text, 100))
        self.episodes.append(Episode(self.prompt_count, subject, self.turns + 1, self.turns + 1, self.turns + 1))
        if len(self.episodes) > MAX_EPISODES:
            dropped = self.episodes.pop(0)
            self.facts.pop(dropped.unit, None)
            # Its index entries stay: hits on an episode no longer listed change nothing.
        _add_capped(self.prompts, Note(self.turns + 1, redact(first_line(text, 500))), MAX_PROMPTS)
        if len(subject) >= 12:
            self._index_term(self.episodes[-1].unit, subject.lower())
        self._mention(text[:SCAN_CHARS].lower(), self.turns + 1)

    def _assistant_text(self, text: str) -> None:
        if not text.strip():
            return
        # Secrets never enter the model, so no state file, summary or block can hold one.
        text = redact(text[:SCAN_CHARS])
        self.last_text = Note(self.turns, text[:1000])
        units = self._working_units()
        for sentence in decision_sentences(text):
            _add_capped(self.decisions, Note(self.turns, sentence), MAX_DECISIONS)
            for facts in self._facts_for(units):
                _add_capped(facts.decisions, sentence, UNIT_DECISIONS)
        short = first_line(text, 200)
        for facts in self._facts_for(units):
            _add_capped(facts.texts, short, UNIT_TEXTS)
        self._mention(text.lower(), self.turns)

    def _tool_use(self, block: ToolUse) -> None:
        tool_input = _trim_input(block.name, block.input)
        self.pending[block.id] = PendingCall(block.name, tool_input, self.turns, self._working_units())
        if len(self.pending) > MAX_PENDING:
            del self.pending[next(iter(self.pending))]
        if block.name in TASK_TOOLS:
            episode = self.current_episode()
            if episode is not None:
                episode.has_tasks = True
            task_id = block.input.get("taskId")
            if isinstance(task_id, (str, int)) and not isinstance(task_id, bool):
                self.tasks.touch(str(task_id), self.turns)
            return
        mentioned = " ".join(str(v) for v in tool_input.values() if isinstance(v, str))
        if mentioned:
            self._mention(mentioned.lower(), self.turns)

    def _result(self, call: PendingCall, block: ToolResult, tool_use_result: Any) -> None:
        if call.name in TASK_TOOLS:
            self.tasks.apply_call(call.name, call.input, block.text, tool_use_result, block.is_error, call.turn)
            return
        facts = self._facts_for(call.units)
        ok = not block.is_error
        if call.name == "Bash":
            command = call.input.get("command")
            if not isinstance(command, str) or not command.strip():
                return
            command = command.strip()
            match = _EXIT_CODE_RE.match(block.text.lstrip()) if block.is_error else None
            run = CommandRun(
                command=command,
                turn=call.turn,
                ok=ok,
                exit_code=int(match.group(1)) if match else (0 if ok else None),
                error_line=None if ok else redact(useful_error_line(block.text)),
                is_test=is_test_command(command),
            )
            _add_capped(self.commands, run, MAX_COMMANDS)
            if run.is_test:
                self.tests.pop(command, None)
                self.tests[command] = run
                if len(self.tests) > MAX_TESTS:
                    del self.tests[next(iter(self.tests))]
            for unit in facts:
                _add_capped(unit.commands, command, UNIT_COMMANDS)
            if ok:
                self._resolve("Bash", command, call.turn, f"`{_clip(command, 120)}` succeeded")
            else:
                self._error(ErrorEvent("Bash", command, run.error_line or "", call.turn, run.exit_code), facts)
            return
        path_key = FILE_TOOLS.get(call.name)
        path = call.input.get(path_key) if path_key else None
        if isinstance(path, str) and path:
            if ok:
                previous = self.files.pop(path, None)
                self.files[path] = FileChange(
                    path,
                    call.name,
                    previous.first_turn if previous else call.turn,
                    call.turn,
                    previous.count + 1 if previous else 1,
                )
                if len(self.files) > MAX_FILES:
                    del self.files[next(iter(self.files))]
                for key in call.units:
                    # Only an episode's names are indexed: a task's full file list must not
                    # throw the index away (that made a 100 MB fold rebuild it 1,500 times).
                    unit = self.facts.get(key) if key.startswith("prompt-") and key not in self.summarized else None
                    if unit is not None and len(unit.files) >= UNIT_FILES and path not in unit.files:
                        self._index = None  # a name falls out of an episode: rebuild the index
                for unit in facts:
                    _add_capped(unit.files, path, UNIT_FILES)
                for key in call.units:
                    if key.startswith("prompt-"):
                        self._index_term(key, os.path.basename(path).lower())
                self._resolve("file", path, call.turn, f"{call.name} of {path} succeeded")
            else:
                self._error(ErrorEvent("file", path, redact(useful_error_line(block.text)), call.turn), facts)
            return
        # Other tools' errors (a Read of a missing file, a Grep without match) are exploration,
        # not session state: not recorded.

    def _error(self, error: ErrorEvent, facts: list[UnitFacts]) -> None:
        self.errors.append(error)
        if len(self.errors) > MAX_ERRORS:
            # Drop the oldest resolved error first; unresolved ones are what the block needs.
            for index, old in enumerate(self.errors):
                if old.resolved_turn is not None:
                    del self.errors[index]
                    break
            else:
                del self.errors[0]
        for unit in facts:
            unit.errors.append(error)
            if len(unit.errors) > UNIT_ERRORS:
                del unit.errors[0]

    def _resolve(self, tool: str, target: str, turn: int, how: str) -> None:
        # Most successes resolve nothing: check the (small) global list before touching facts.
        if not any(e.resolved_turn is None and e.target == target and e.tool == tool for e in self.errors):
            return

        def fix(error: ErrorEvent) -> ErrorEvent:
            if error.resolved_turn is not None or error.tool != tool or error.target != target:
                return error
            edited = [
                os.path.basename(f.path)
                for f in self.files.values()
                if error.turn <= f.last_turn <= turn and f.path != target
            ][-3:]
            by = how + (f" after editing {', '.join(edited)}" if edited else "")
            return replace(error, resolved_turn=turn, resolved_by=by)

        self.errors = [fix(e) for e in self.errors]
        for facts in self.facts.values():
            if facts.errors:
                facts.errors = [fix(e) for e in facts.errors]

    def _working_units(self) -> tuple[str, ...]:
        units = [f"task-{task_id}" for task_id in self.tasks.working_ids()]
        episode = self.current_episode()
        if episode is not None:
            units.append(episode.unit)
        return tuple(unit for unit in units if unit not in self.summarized)

    def _facts_for(self, units: Iterable[str]) -> list[UnitFacts]:
        out = []
        for unit in units:
            if unit in self.summarized:
                continue
            facts = self.facts.get(unit)
            if facts is None:
                facts = self.facts[unit] = UnitFacts()
                if len(self.facts) > MAX_FACT_UNITS:
                    self._evict_facts(set(units))
            out.append(facts)
        return out

    def _evict_facts(self, keep: set[str]) -> None:
        """Drop the facts of the oldest unit not in `keep`.

        Below the context threshold nothing gets summarised, and a long session can hold
        hundreds of finished tasks and episodes; the state (read on every PostToolUse call)
        keeps the details of the most recent ones only.
        """
        for unit in self.facts:
            if unit not in keep:
                del self.facts[unit]
                if unit.startswith("prompt-"):
                    self._index = None
                return

    def _mention(self, lowered: str, turn: int) -> None:
        """Mark tasks and episodes whose key terms appear in `lowered` as touched at `turn`."""
        # Only completed tasks can go cold, and a mention before completion is older than the
        # completion itself: so only completed, unsummarised tasks need looking at.
        for task in self.tasks.tasks.values():
            if (
                task.status == "completed"
                and task.last_touched_turn < turn
                and task.subject.lower() in lowered
                and f"task-{task.id}" not in self.summarized
            ):
                self.tasks.touch(task.id, turn)
        if not self.episodes:
            return
        # Episodes are many: find the ones named here through an index of their key terms
        # (file names by token, prompt lines by substring) instead of scanning each one.
        names, phrases = self._episode_index()
        hits: set[str] = set()
        for token in set(_TOKEN_RE.findall(lowered)):
            units = names.get(token)
            if units:
                hits.update(units)
        for unit, phrase in phrases:
            if unit not in hits and phrase in lowered:
                hits.add(unit)
        if not hits:
            return
        for episode in self.episodes:
            if episode.unit in hits and episode.ended and episode.last_touched_turn < turn and episode.unit not in self.summarized:
                episode.last_touched_turn = turn

    def episode_terms(self, episode: Episode) -> list[str]:
        """Key terms of an episode: its prompt line and the names of the files it modified."""
        facts = self.facts.get(episode.unit)
        names = [os.path.basename(path).lower() for path in facts.files] if facts else []
        return ([episode.subject.lower()] if len(episode.subject) >= 12 else []) + names

    def _episode_index(self) -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
        # Derived from episodes + facts, so never saved: rebuilt after loading, extended as
        # terms arrive, rebuilt when a listed episode loses a term (its capped file list).
        if self._index is None:
            self._index = ({}, [])
            for episode in self.episodes:
                for term in self.episode_terms(episode):
                    self._index_term(episode.unit, term)
        return self._index

    def _index_term(self, unit: str, term: str) -> None:
        if self._index is None:
            return
        names, phrases = self._index
        if _TOKEN_RE.fullmatch(term):
            names.setdefault(term, set()).add(unit)
        else:
            phrases.append((unit, term))

    # -- the transcript file ---------------------------------------------------------------

    def update_from_file(
        self, path: Path | str, stop: int | None = None, deadline: float | None = None
    ) -> "SessionModel":
        """Fold the bytes appended since the cursor; start over if the file was replaced.

        `stop` ends the read after the first line ending at or past that offset (tests use
        it to resume from arbitrary points). `deadline` (a time.monotonic() value) ends it
        once passed, after at least FOLD_BATCH records, with `behind` true: a first fold of a
        huge transcript then makes progress that is saved, instead of being cut off by the
        hook's budget with nothing saved, again on every call. Returns the model to use from
        now on (self, or a fresh one after a restart).
        """
        path = Path(path)
        stat = path.stat()
        model = self
        if self.offset and not self._same_file(path, stat):
            model = SessionModel()
            model._restart_reason = self._change(stat)
        reader = TranscriptReader(path, model.offset)
        model._behind = False
        for count, item in enumerate(reader, 1):
            model.fold(item)
            if stop is not None and reader.offset >= stop:
                break
            if deadline is not None and count % FOLD_BATCH == 0 and time.monotonic() >= deadline:
                model._behind = reader.offset < stat.st_size
                break
        model.offset = reader.offset
        model.file_dev, model.file_ino = stat.st_dev, stat.st_ino
        if model.head_len < HEAD_BYTES and model.offset > model.head_len:
            model.head_len, model.head_hash = _head(path, min(HEAD_BYTES, model.offset))
        for name in ("lines", "records", "blank", "malformed", "non_object", "skipped_type"):
            model.stats[name] = model.stats.get(name, 0) + getattr(reader.stats, name)
        model._last_read = reader.stats
        return model

    def _change(self, stat: os.stat_result) -> str:
        if (stat.st_dev, stat.st_ino) != (self.file_dev, self.file_ino):
            return "the transcript was replaced (another file at its path)"
        if stat.st_size < self.offset:
            return f"the transcript was truncated ({stat.st_size} bytes, cursor at {self.offset})"
        return "the transcript was rewritten (its first bytes changed)"

    def read_notes(self) -> list[str]:
        """What the last update_from_file met that a log should say: a restart and why,
        lines it skipped as unreadable. Empty for an ordinary read."""
        notes = [f"{self._restart_reason}: session model rebuilt from the start"] if self._restart_reason else []
        stats = self._last_read
        if stats is not None and (stats.malformed or stats.non_object):
            notes.append(
                f"skipped {stats.malformed} malformed line(s) (not JSON, invalid UTF-8, too deep or over "
                f"{MAX_LINE_MB} MB) and {stats.non_object} line(s) that are not JSON objects"
            )
        return notes

    def _same_file(self, path: Path, stat: os.stat_result) -> bool:
        if (stat.st_dev, stat.st_ino) != (self.file_dev, self.file_ino) or stat.st_size < self.offset:
            return False
        return _head(path, self.head_len) == (self.head_len, self.head_hash)


_TOKEN_RE = re.compile(r"[\w.\-]+")
_SCALAR_FIELDS = (
    "version",
    "session_id",
    "cwd",
    "offset",
    "file_dev",
    "file_ino",
    "head_len",
    "head_hash",
    "turns",
    "model",
    "context_tokens",
    "tokens_source",
    "chars_since_boundary",
    "prompt_count",
    "last_checked_turn",
)


_OPT_STR = (str, type(None))
_SCALAR_TYPES: dict[str, type | tuple[type, ...]] = {
    **{name: int for name in _SCALAR_FIELDS},
    **{name: _OPT_STR for name in ("session_id", "cwd", "model", "tokens_source")},
    "head_hash": str,
    "context_tokens": (int, type(None)),
}
_SAVED_FIELDS = tuple(name for name in SessionModel.__record_fields__ if not name.startswith("_"))


def _head(path: Path, length: int) -> tuple[int, str]:
    with open_regular(path) as handle:
        data = handle.read(length)
    return len(data), sha256(data).hexdigest()


def _clip(text: str, cap: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= cap else text[: cap - 1] + "…"


def _trim_input(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    """Keep only what the model needs from a tool call's input (not file contents)."""
    if name in TASK_TOOLS:
        return tool_input
    if name == "Bash":
        command = tool_input.get("command")
        # Clipped after redaction (with a margin), so a secret cut at the clip is still caught.
        return {"command": redact(command[: COMMAND_CHARS + 256])[:COMMAND_CHARS]} if isinstance(command, str) else {}
    path_key = FILE_TOOLS.get(name)
    if path_key:
        path = tool_input.get(path_key)
        return {path_key: path} if isinstance(path, str) else {}
    keep = {}
    for key in ("file_path", "path", "pattern", "url"):
        value = tool_input.get(key)
        if isinstance(value, str):
            keep[key] = value[:500]
    return keep


def build_model(path: Path | str) -> SessionModel:
    return SessionModel().update_from_file(path)


def load_or_build(path: Path | str, saved: bytes | None, deadline: float | None = None) -> SessionModel:
    """Resume from a saved model (if it is usable), else fold the whole file."""
    model = SessionModel()
    reason = None
    if saved:
        try:
            model = SessionModel.from_bytes(saved)
        except Exception as exc:  # noqa: BLE001 - any unusable state: fold the file again
            model = SessionModel()
            reason = f"the saved session state is unusable ({type(exc).__name__}: {str(exc)[:200]})"
    model = model.update_from_file(path, deadline=deadline)
    model._restart_reason = model._restart_reason or reason
    return model


def read_stats(model: SessionModel) -> ReadStats:
    return ReadStats(**{k: v for k, v in model.stats.items() if k in ReadStats.__record_fields__})
