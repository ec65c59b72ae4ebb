"""Texts folded into the session model: a real user prompt opens an episode, an assistant
text gives decisions and outcomes (each decision once), a compaction summary is kept as Claude Code wrote it."""

from __future__ import annotations

from ..redact import redact
from ..text import SCAN_CHARS, first_line
from . import mentions
from .facts import Episode, Note, add_capped
from .heuristics import decision_sentences, decision_words, outcome_line, restating
from .units import facts_for, working_units

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import SessionModel

MAX_DECISIONS = 60
MAX_PROMPTS = 30
MAX_EPISODES = 200
MAX_SUMMARIES = 10
UNIT_DECISIONS = 8
UNIT_TEXTS = 6


def prompt(model: SessionModel, text: str) -> None:
    current = model.current_episode()
    if current is not None:
        current.ended = True
    model.prompt_count += 1
    line, short = first_line(text, 500), first_line(text, 100)
    subject = redact(short)
    model.episodes.append(Episode(model.prompt_count, subject, model.turns + 1, model.turns + 1, model.turns + 1))
    if len(model.episodes) > MAX_EPISODES:
        dropped = model.episodes.pop(0)
        model.facts.pop(dropped.unit, None)
        # Its index entries stay: hits on an episode no longer listed change nothing.
    # A first line of 100 characters or fewer is the subject's own: redacted once (a pure function).
    add_capped(model.prompts, Note(model.turns + 1, subject if line == short else redact(line)), MAX_PROMPTS)
    if len(subject) >= 12:
        mentions.index_term(model, model.episodes[-1].unit, subject.lower())
    mentions.mention(model, text[:SCAN_CHARS].lower(), model.turns + 1)


def assistant_text(model: SessionModel, text: str) -> None:
    if not text.strip():
        return
    # Secrets never enter the model, so no state file, summary or block can hold one.
    text = redact(text[:SCAN_CHARS])
    model.last_text = Note(model.turns, text[:1000])
    units = working_units(model)
    for sentence in decision_sentences(text):
        same = restating(decision_words(sentence))
        # A decision appears once: restated (with small differences), it moves to the newest place.
        model.decisions = [n for n in model.decisions if not same(decision_words(n.text))]
        add_capped(model.decisions, Note(model.turns, sentence), MAX_DECISIONS)
        for facts in facts_for(model, units):
            facts.decisions = [d for d in facts.decisions if not same(decision_words(d))]
            add_capped(facts.decisions, sentence, UNIT_DECISIONS)
    # What the text reports, without the plans and hedges it may open with.
    short = outcome_line(text, 200)
    for facts in facts_for(model, units) if short else ():
        add_capped(facts.texts, short, UNIT_TEXTS)
    mentions.mention(model, text.lower(), model.turns)


def compact_summary(model: SessionModel, text: str) -> None:
    """The summary Claude Code put at the start of the compacted conversation."""
    add_capped(model.compact_summaries, Note(model.turns, redact(text[:4000])), MAX_SUMMARIES)
