"""PostToolUse hook: keep the session model current and summarise cold work when context runs high.

Runs after every Bash/Write/Edit call, so it is the hot path: one small state file loaded,
only the transcript bytes appended since the last call folded, one state file saved. The
cold check itself runs at most every `check_frequency` assistant turns, and only once the
context is at least `context_threshold` percent full, of a window scaled to where Claude Code
compacts (gate.threshold_window: summaries exist to survive the compaction that follows). Nothing is
printed: PostToolUse plain stdout never reaches the model (measured: docs/how-it-works.md).
"""

from __future__ import annotations

import time

from .gate import nothing_to_do, record_check, threshold_window
from .guard import HookContext, run_hook

EVENT = "PostToolUse"

# A first fold of a very large transcript takes seconds (100 MB: ~2 s here); past this it
# stops, saves what it folded and leaves the rest to the next calls, well inside the hook's
# budget (guard.BUDGET_CAPS) and Claude Code's timeout.
FOLD_SECONDS = 3.0


def work(ctx: HookContext) -> None:
    # Past the gate, the model's modules load: their regexes built from the code an earlier
    # hook kept (see regex_cache), what was new saved when the fold is done.
    from . import regex_cache

    with regex_cache.kept():
        _fold(ctx)


def _fold(ctx: HookContext) -> None:
    # Imported here, past the gate: most calls end there, before the model's modules load.
    from ..session.state import open_session

    hook, settings, log = ctx.hook, ctx.settings, ctx.log
    transcript = hook.transcript_path
    if transcript is None:
        log.warning(f"PostToolUse {hook.tool_name}: no transcript_path in the hook input; nothing done")
        return
    try:
        usable = transcript.is_file()  # raises on e.g. a name too long (Path.is_file ignores only some errors)
    except OSError as exc:
        usable = False
        transcript_error = f" ({exc.strerror or exc})"
    else:
        transcript_error = ""
    if not usable:
        log.warning(
            f"PostToolUse {hook.tool_name}: transcript {transcript} is not a file{transcript_error}; nothing done"
        )
        return
    deadline = time.monotonic() + FOLD_SECONDS
    with open_session(ctx.runs, hook.session_id, transcript, settings.lock_timeout, log, deadline) as model:
        if model is None:
            # Another hook of this session holds the lock; the next call folds what we skip.
            log.info(f"PostToolUse {hook.tool_name}: session lock busy; skipped")
            return
        if model.behind:
            log.info(
                f"PostToolUse {hook.tool_name}: folded up to byte {model.offset} of the transcript; the next call goes on"
            )
            return
        usage = model.context_usage(settings.context_window)
        due = model.turns - model.last_checked_turn >= settings.check_frequency
        window = threshold_window(ctx, usage.window)
        percent = 100.0 * usage.tokens / window
        high = percent >= settings.context_threshold
        if due and high:
            # Imported here: most calls do not check, and its dataclasses and datetime cost
            # several milliseconds of import on every call (measured, bench/hot_path.py).
            from ..cold.summaries import summarize_cold

            written = summarize_cold(ctx.runs, model, hook.session_id, transcript, settings.turns_until_cold)
            model.last_checked_turn = model.turns
            # Lets the next calls' gate end early until check_frequency more turns are written.
            record_check(ctx, model.offset, model.turns, (model.file_dev, model.file_ino))
            action = f"checked: summarised {', '.join(written) if written else 'nothing'}"
        elif not due:
            action = f"no check (next at turn {model.last_checked_turn + settings.check_frequency})"
        else:
            action = f"no check (usage below {settings.context_threshold:g}%)"
        # The threshold is a percentage of a window scaled to where Claude Code compacts: where
        # that is not the model's, the line shows both, so that it never reads "usage 15%, checked".
        scaled = f"; {percent:.1f}% of {window} for the threshold" if window != usage.window else ""
        log.info(
            f"PostToolUse {hook.tool_name}: turns={model.turns} offset={model.offset} "
            f"usage={usage.percent:.1f}% ({usage.tokens}/{usage.window} {usage.source}{scaled}) {action}"
        )


def main() -> int:
    return run_hook(EVENT, work, skip=nothing_to_do)
