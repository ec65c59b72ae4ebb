"""Context usage: tokens in use, the model's window, and the percentage."""

from __future__ import annotations

from ..records import record

DEFAULT_WINDOW = 200_000
LARGE_WINDOW = 1_000_000
# Models whose default window is 1M tokens (measured: Claude Code 2.1.330's default model).
_LARGE_WINDOW_MODELS = ("claude-opus-5-5",)


def context_window(model: str | None, override: int | None = None, held: int = 0) -> int:
    """The window of `model`: the override, else what the session proves, else the model's
    default. `held`: the most tokens the session is known to have held in context with this
    model (a response's usage, a compaction's pre-compaction count); more than the default
    window proves the large one, the only larger window there is."""
    if override:
        return override
    if held > DEFAULT_WINDOW:
        return LARGE_WINDOW
    if not model:
        return DEFAULT_WINDOW
    if "[1m]" in model.lower() or model.startswith(_LARGE_WINDOW_MODELS):
        return LARGE_WINDOW
    return DEFAULT_WINDOW


def estimate_tokens(chars: int) -> int:
    """The rough chars/4 rule, used only where no usage was reported."""
    return chars // 4


@record
class ContextUsage:
    tokens: int
    window: int
    source: str  # "usage" | "boundary" | "estimate"

    @property
    def percent(self) -> float:
        return 100.0 * self.tokens / self.window if self.window else 0.0
