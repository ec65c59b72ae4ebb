"""SessionModel: the fields of the digest, its queries and its saved form, and the dispatch of
each transcript record to the fold step for it (texts, tools: their own modules)."""

from __future__ import annotations

from ..records import field, jsonio, record
from ..records.loader import from_dict
from ..transcript.entries import CompactBoundary, QueuedCommand, TextBlock, ToolResult, ToolUse
from ..transcript.usage import DEFAULT_WINDOW, LARGE_WINDOW, ContextUsage, context_window, estimate_tokens
from . import errors, sidechains, subagent_files, subagents, texts, tools

# At run time, not only for type checkers: the saved form is loaded by the names of the fields' types.
from .facts import (
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
from .heuristics import is_declined, is_real_prompt, user_words
from .scratch import FoldScratch
from .subagents import AGENT_TOOLS, Subagent
from .tasks import TaskBook

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..transcript.entries import Message, Record

OLDEST_LOADED = 1  # saved forms from this version on are loaded (facts.upgrade_saved)
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
    # the models that held more tokens in context than the default window (a response's usage,
    # a compaction's preTokens): proof that they ran with the large one (usage.context_window)
    wide_models: list[str] = field(default_factory=list, sparse=True)
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
    # how many commands, errors and files the session has had, where the capped lists keep
    # only the latest (counted from the first fold of this saved form on)
    totals: dict[str, int] = field(default_factory=dict, sparse=True)
    # Bash calls running in the background, by their task id, until a notification ends them
    background: dict[str, PendingCall] = field(default_factory=dict, sparse=True)
    # subagents by agent id (by their Agent call's id until it is known), and the ids of
    # those dropped from the model (subagents.py)
    subagents: dict[str, Subagent] = field(default_factory=dict, sparse=True)
    subagents_gone: list[str] = field(default_factory=list, sparse=True)
    # the subagent (its key in `subagents`) of each recent inline sidechain record, by uuid
    sidechains: dict[str, str] = field(default_factory=dict, sparse=True)
    # written by cold_units: unit key ("task-<id>" / "prompt-<n>") -> turn it was summarised
    summarized: dict[str, int] = field(default_factory=dict)
    last_checked_turn: int = 0
    # what the fold keeps beside the digest, never saved (scratch.py)
    scratch: FoldScratch = field(default_factory=FoldScratch, repr=False, compare=False, saved=False)

    # -- queries ---------------------------------------------------------------------------

    @property
    def behind(self) -> bool:
        """The last read stopped at its deadline: the model is not yet up to the file's end."""
        return self.scratch.behind

    def context_usage(self, window_override: int | None = None) -> ContextUsage:
        held = LARGE_WINDOW if (self.model or "") in self.wide_models else self.context_tokens or 0
        window = context_window(self.model, window_override, held)
        if self.context_tokens is not None:
            return ContextUsage(self.context_tokens, window, self.tokens_source or "usage")
        return ContextUsage(estimate_tokens(self.chars_since_boundary), window, "estimate")

    def unresolved_errors(self) -> list[ErrorEvent]:
        """Latest unresolved error per target, most recent first."""
        return errors.unresolved(self.errors)

    def current_episode(self) -> Episode | None:
        return self.episodes[-1] if self.episodes else None

    # -- the saved form (facts.py) -------------------------------------------------------------

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
            if record.is_sidechain:  # a subagent's own compaction is not the session's
                sidechains.inline_boundary(self, record)
            else:
                self._boundary(record)
        elif isinstance(record, QueuedCommand):
            # A task notification queued as an attachment (versions from 2.1.1xx) ends a
            # background subagent or command as a user message does in others; words the user
            # typed while the model worked reach it the same way, and are a request.
            if not record.is_sidechain:
                _queued(self, record)
        elif record.is_meta:
            return  # injected caveats are nobody's turn
        elif record.is_sidechain:
            sidechains.inline_record(self, record)  # a subagent's, written into the main file
        elif record.role == "assistant":
            self._assistant(record)
        else:
            _user(self, record)

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
        if record.pre_tokens is not None:
            self._held(record.pre_tokens)
        # Usage recorded before the boundary is stale: postTokens until new usage.
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
            self._held(self.context_tokens)
        for block in record.blocks:
            if isinstance(block, TextBlock):
                self.chars_since_boundary += len(block.text)
                texts.assistant_text(self, block.text)
            elif isinstance(block, ToolUse):
                self.chars_since_boundary += jsonio.size(block.input)
                tools.tool_use(self, block)
                if block.name in AGENT_TOOLS:
                    subagents.agent_call(self, block)

    def _held(self, tokens: int) -> None:
        key = self.model or ""
        if tokens > DEFAULT_WINDOW and key not in self.wide_models:
            self.wide_models.append(key)

    def _turn(self, key: str) -> None:
        """A response split into several records (one per block) is one turn: its message id.
        A record with neither a message id nor a uuid is a turn of its own: nothing ties it
        to another, and taking all of them for one response would stop the count."""
        if not key:
            self.turns += 1
        elif key in self.recent_ids:
            return
        else:
            self.turns += 1
            self.recent_ids.append(key)
        if len(self.recent_ids) > RECENT_IDS:
            del self.recent_ids[0]
        episode = self.current_episode()
        if episode is not None and not episode.ended:
            episode.end_turn = self.turns


def _user(model: SessionModel, record: Message) -> None:
    """A user record: a compaction summary, tool results, notifications, the user's words."""
    model.session_id = model.session_id or record.session_id
    model.cwd = record.cwd or model.cwd
    if record.is_compact_summary:
        texts.compact_summary(model, "\n".join(b.text for b in record.blocks if isinstance(b, TextBlock)))
        return
    prompt_parts = []
    for block in record.blocks:
        if isinstance(block, ToolResult):
            model.chars_since_boundary += len(block.text)
            call = model.pending.pop(block.tool_use_id, None)
            if call is not None and block.is_error and is_declined(block.text, record.tool_use_result):
                # Declined or interrupted by the user, or cancelled by Claude Code: the
                # call never ran as asked, so it neither failed nor fixed anything.
                model.stats["declined"] = model.stats.get("declined", 0) + 1
                if call.name in AGENT_TOOLS:
                    subagents.declined(model, block)
            elif call is not None and call.name in AGENT_TOOLS:
                subagent_files.agent_result(model, block, record.tool_use_result)
            elif call is not None:
                tools.tool_result(model, call, block, record.tool_use_result)
        elif isinstance(block, TextBlock):
            model.chars_since_boundary += len(block.text)
            if subagents.is_notification(block.text):
                subagent_files.notification(model, block.text)
            elif is_real_prompt(block.text):
                # An IDE's selection or opened file comes first, in its own block or
                # before the words in the same one: the request is what the user wrote.
                words = user_words(block.text)
                if words.strip():
                    prompt_parts.append(words.strip())
    text = "\n".join(prompt_parts)
    if prompt_parts and is_real_prompt(text):
        texts.prompt(model, text)


def _queued(model: SessionModel, record: QueuedCommand) -> None:
    """A command Claude Code queued for the main agent: a notification, or the user's words."""
    if subagents.is_notification(record.text):
        subagent_files.notification(model, record.text)
    elif record.mode == "prompt" and record.origin in (None, "human"):
        words = user_words(record.text).strip()
        if words and is_real_prompt(words):
            texts.prompt(model, words)
