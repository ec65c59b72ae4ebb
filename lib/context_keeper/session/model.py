"""SessionModel: the fields of the digest, its queries and its saved form, and the dispatch of
each transcript record to the fold step for it (texts, tools: their own modules)."""

from __future__ import annotations

from .. import jsonio
from ..record_loader import from_dict
from ..records import field, record
from ..tasks import TaskBook
from ..transcript_records import CompactBoundary, TextBlock, ToolResult, ToolUse
from ..usage import ContextUsage, context_window, estimate_tokens
from . import errors, subagents, texts, tools
from .heuristics import is_real_prompt

# At run time, not only for type checkers: the saved form is loaded by the names of the fields' types.
from .records import (
    MODEL_VERSION,
    CommandRun,
    Compaction,
    Episode,
    ErrorEvent,
    FileChange,
    Note,
    PendingCall,
    UnitFacts,
    upgrade_saved,
)
from .subagents import AGENT_TOOLS, Subagent

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

    from ..tasks import Phrases, TaskIndex
    from ..transcript import ReadStats
    from ..transcript_records import Message, Record

OLDEST_LOADED = 1  # saved forms from this version on are loaded (records.upgrade_saved)
RECENT_IDS = 16


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
    # subagents by agent id (by their Agent call's id until it is known), and the ids of
    # those dropped from the model (subagents.py)
    subagents: dict[str, Subagent] = field(default_factory=dict, sparse=True)
    subagents_gone: list[str] = field(default_factory=list, sparse=True)
    # written by cold_units: unit key ("task-<id>" / "prompt-<n>") -> turn it was summarised
    summarized: dict[str, int] = field(default_factory=dict)
    last_checked_turn: int = 0
    # derived, not saved (the `_` names): the episodes' key terms (mentions.episode_index)
    _index: tuple[dict[str, set[str]], Phrases] | None = field(default=None, repr=False, compare=False)
    # the task book by status (units.task_view), the episodes by name (mentions.episodes_of)
    _task_index: TaskIndex | None = field(default=None, repr=False, compare=False)
    _tasks_view: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    _episodes_key: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    # the open errors of the global list by (target, tool), and the list (errors.open_errors)
    _open_errors: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    # what the last update_from_file met (for the hook's log)
    _last_read: ReadStats | None = field(default=None, repr=False, compare=False)
    _restart_reason: str | None = field(default=None, repr=False, compare=False)
    _fold_errors: list[str] | None = field(default=None, repr=False, compare=False)  # records skipped (cursor.skip)
    # the last update_from_file stopped at its deadline before the end
    _behind: bool = field(default=False, repr=False, compare=False)
    # the transcript being folded (its subagents' files are beside it), and the subagent
    # whose tool calls are being folded (None: the main agent's)
    _transcript: str | None = field(default=None, repr=False, compare=False)
    _agent: str | None = field(default=None, repr=False, compare=False)

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
        return errors.unresolved(self.errors)

    def current_episode(self) -> Episode | None:
        return self.episodes[-1] if self.episodes else None

    # -- the transcript file and the saved form (cursor.py, records.py) ---------------------

    def update_from_file(
        self, path: Path | str, stop: int | None = None, deadline: float | None = None
    ) -> SessionModel:
        """Fold the bytes appended since the cursor (see cursor.update_from_file)."""
        from .cursor import update_from_file  # the cursor builds on this module

        return update_from_file(self, path, stop, deadline)

    def read_notes(self) -> list[str]:
        """What the last update_from_file met that a log should say (cursor.read_notes)."""
        from .cursor import read_notes

        return read_notes(self)

    def to_bytes(self) -> bytes:
        return jsonio.dumps(self)

    @staticmethod
    def from_bytes(data: bytes) -> SessionModel:
        raw = jsonio.loads(data)
        version = raw.get("version") if isinstance(raw, dict) else None
        if not isinstance(raw, dict) or type(version) is not int or not OLDEST_LOADED <= version <= MODEL_VERSION:
            raise ValueError("saved session model has another version")
        return from_dict(SessionModel, upgrade_saved(raw, version) if version < MODEL_VERSION else raw)

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
            Compaction(
                self.turns,
                record.trigger,
                record.pre_tokens,
                record.post_tokens,
                record.timestamp,
                precomputed=record.precomputed,
            )
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
        self._turn(record.message_id or record.uuid or "")
        if record.model:
            self.model = record.model
        if record.usage is not None and record.usage.context_tokens > 0:
            self.context_tokens = record.usage.context_tokens
            self.tokens_source = "usage"
        for block in record.blocks:
            if isinstance(block, TextBlock):
                self.chars_since_boundary += len(block.text)
                texts.assistant_text(self, block.text)
            elif isinstance(block, ToolUse):
                self.chars_since_boundary += jsonio.size(block.input)
                tools.tool_use(self, block)
                if block.name in AGENT_TOOLS:
                    subagents.agent_call(self, block)

    def _turn(self, key: str) -> None:
        """A response split into several records (one per block) is one turn: its message id."""
        if key in self.recent_ids:
            return
        self.turns += 1
        self.recent_ids.append(key)
        if len(self.recent_ids) > RECENT_IDS:
            del self.recent_ids[0]
        episode = self.current_episode()
        if episode is not None and not episode.ended:
            episode.end_turn = self.turns

    def _user(self, record: Message) -> None:
        self.session_id = self.session_id or record.session_id
        self.cwd = record.cwd or self.cwd
        if record.is_compact_summary:
            texts.compact_summary(self, "\n".join(b.text for b in record.blocks if isinstance(b, TextBlock)))
            return
        prompt_parts = []
        for block in record.blocks:
            if isinstance(block, ToolResult):
                self.chars_since_boundary += len(block.text)
                call = self.pending.pop(block.tool_use_id, None)
                if call is not None and call.name in AGENT_TOOLS:
                    subagents.agent_result(self, block, record.tool_use_result)
                elif call is not None:
                    tools.tool_result(self, call, block, record.tool_use_result)
            elif isinstance(block, TextBlock):
                self.chars_since_boundary += len(block.text)
                prompt_parts.append(block.text)
                if subagents.is_notification(block.text):
                    subagents.notification(self, block.text)
        text = "\n".join(prompt_parts)
        if prompt_parts and is_real_prompt(text):
            texts.prompt(self, text)
