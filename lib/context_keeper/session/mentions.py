"""Mentions: a finished task or episode named again in a prompt, a text or a tool call is
touched at that turn (so it is not cold yet), found through an index of episodes' key terms."""

from __future__ import annotations

import os
import re

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import SessionModel
    from .records import Episode

# Key terms: file names matched as whole tokens; prompt lines (anything else) as substrings.
TOKEN_RE = re.compile(r"[\w.\-]+")


def mention(model: SessionModel, lowered: str, turn: int) -> None:
    """Mark tasks and episodes whose key terms appear in `lowered` as touched at `turn`."""
    # Only completed tasks can go cold, and a mention before completion is older than the
    # completion itself: so only completed, unsummarised tasks need looking at.
    for task in model.tasks.tasks.values():
        if (
            task.status == "completed"
            and task.last_touched_turn < turn
            and task.subject.lower() in lowered
            and f"task-{task.id}" not in model.summarized
        ):
            model.tasks.touch(task.id, turn)
    if not model.episodes:
        return
    # Episodes are many: find the ones named here through an index of their key terms
    # (file names by token, prompt lines by substring) instead of scanning each one.
    names, phrases = episode_index(model)
    hits: set[str] = set()
    for token in set(TOKEN_RE.findall(lowered)):
        units = names.get(token)
        if units:
            hits.update(units)
    for unit, phrase in phrases:
        if unit not in hits and phrase in lowered:
            hits.add(unit)
    if not hits:
        return
    for episode in model.episodes:
        if episode.unit in hits and episode.ended and episode.last_touched_turn < turn and episode.unit not in model.summarized:
            episode.last_touched_turn = turn


def episode_terms(model: SessionModel, episode: Episode) -> list[str]:
    """Key terms of an episode: its prompt line and the names of the files it modified."""
    facts = model.facts.get(episode.unit)
    names = [os.path.basename(path).lower() for path in facts.files] if facts else []
    return ([episode.subject.lower()] if len(episode.subject) >= 12 else []) + names


def episode_index(model: SessionModel) -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
    # Derived from episodes + facts, so never saved: rebuilt after loading, extended as
    # terms arrive, rebuilt when a listed episode loses a term (its capped file list).
    if model._index is None:
        model._index = ({}, [])
        for episode in model.episodes:
            for term in episode_terms(model, episode):
                index_term(model, episode.unit, term)
    return model._index


def index_term(model: SessionModel, unit: str, term: str) -> None:
    """Add a key term of `unit` to the index, if there is one (else it is built when needed)."""
    if model._index is None:
        return
    names, phrases = model._index
    if TOKEN_RE.fullmatch(term):
        names.setdefault(term, set()).add(unit)
    else:
        phrases.append((unit, term))


def drop_index(model: SessionModel) -> None:
    """An episode lost a term (or its facts): the index is rebuilt when next needed."""
    model._index = None
