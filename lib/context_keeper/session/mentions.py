"""Mentions: a finished task or episode named again in a prompt, a text or a tool call is
touched at that turn (so it is not cold yet), found through indexes of the completed tasks'
subjects (tasks.TaskIndex) and of the episodes' key terms."""

from __future__ import annotations

import os

from .scratch import EpisodesByName, EpisodeTerms, TasksView
from .task_index import TOKEN_RE, TaskIndex, tokens_of

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable

    from .facts import Episode
    from .model import SessionModel

# Key terms: file names matched as whole tokens (tasks.TOKEN_RE); prompt lines (anything
# else) as substrings, found through tasks.Phrases.


def mention(model: SessionModel, lowered: str, turn: int) -> None:
    """Mark tasks and episodes whose key terms appear in `lowered` as touched at `turn`."""
    # Only completed tasks can go cold, and a mention before completion is older than the
    # completion itself: so only completed, unsummarised tasks need looking at (the task
    # index finds those whose subject is in the text).
    tokens = tokens_of(lowered)
    tasks = model.tasks.tasks
    for key in task_view(model)[1].mentioned(lowered, tokens):
        task = tasks[key]
        if task.last_touched_turn < turn and f"task-{task.id}" not in model.summarized:
            model.tasks.touch(task.id, turn)
    if not model.episodes:
        return
    # Episodes are many: find the ones named here through an index of their key terms
    # (file names by token, prompt lines by substring) instead of scanning each one.
    terms = episode_index(model)
    names, phrases = terms.names, terms.phrases
    hits: set[str] = set(phrases.found_in(lowered, tokens))
    for token in tokens & names.keys():
        hits.update(names[token])
    if not hits:
        return
    for episode in episodes_of(model, hits):
        if episode.ended and episode.last_touched_turn < turn and episode.unit not in model.summarized:
            episode.last_touched_turn = turn


def task_view(model: SessionModel) -> tuple[tuple[str, ...], TaskIndex]:
    """(the units of the working tasks, the task index): asked for on every response and
    mention, so kept up to date (tasks.TaskIndex) rather than derived from all tasks."""
    scratch = model.scratch
    view = scratch.tasks_view
    tasks = model.tasks.tasks
    # The view holds the dict it was made from and its length: a new book (loaded, or a
    # TodoWrite snapshot) or a new task makes a new view; a changed task clears it (tools).
    if view is None or view.book is not tasks or view.size != len(tasks):
        index = scratch.task_index = scratch.task_index or TaskIndex()
        index.sync(tasks, model.tasks._changed)
        units = tuple(f"task-{task_id}" for task_id in index.working)
        view = scratch.tasks_view = TasksView(units, index, tasks, len(tasks))
    return view.units, view.index


def episodes_of(model: SessionModel, units: Collection[str]) -> list[Episode]:
    """The listed episodes among `units`, found by name rather than by a scan of them all.

    The names are kept with the list they were taken from: the list only ever changes by
    appending and dropping from the front (or is a new one, loaded), and each changes its
    length or its first or last element; an episode's number never changes."""
    episodes = model.episodes
    if not episodes:
        return []
    key = (id(episodes), len(episodes), id(episodes[0]), id(episodes[-1]))
    known = model.scratch.episodes_by_name
    if known is None or known.made_from != key:
        known = model.scratch.episodes_by_name = _by_name(episodes, key, known)
    by_unit = known.by_unit
    if len(by_unit) != len(episodes):  # two episodes of one number: a state from elsewhere
        return [e for e in episodes if e.unit in units]
    return [by_unit[unit] for unit in units if unit in by_unit]


def _by_name(episodes: list[Episode], key: tuple[int, int, int, int], known: EpisodesByName | None) -> EpisodesByName:
    """The episodes by name, brought up to date from those `known` for the same list when
    it only gained episodes at its end and lost some at its front (a session with
    thousands of prompts would otherwise name all 200 listed episodes again at each)."""
    if known is not None and known.episodes is episodes and len(known.by_unit) == known.made_from[1]:
        by_unit, last = known.by_unit, known.last
        # Where the last episode known stands now: a few places from the end.
        for at in range(len(episodes) - 1, max(-1, len(episodes) - 9), -1):
            if episodes[at] is last:
                for _ in range(len(by_unit) - 1 - at):  # those dropped from the front, oldest first
                    del by_unit[next(iter(by_unit))]
                for episode in episodes[at + 1 :]:
                    by_unit[episode.unit] = episode
                if len(by_unit) == len(episodes) and next(iter(by_unit)) == episodes[0].unit:
                    return EpisodesByName(key, by_unit, episodes, episodes[-1])
                break
    return EpisodesByName(key, {episode.unit: episode for episode in episodes}, episodes, episodes[-1])


def episode_terms(model: SessionModel, episode: Episode) -> list[str]:
    """Key terms of an episode: its prompt line and the names of the files it modified."""
    facts = model.facts.get(episode.unit)
    names = [os.path.basename(path).lower() for path in facts.files] if facts else []
    return ([episode.subject.lower()] if len(episode.subject) >= 12 else []) + names


def episode_index(model: SessionModel) -> EpisodeTerms:
    # Derived from episodes + facts, so never saved: rebuilt after loading, extended as
    # terms arrive, rebuilt when a listed episode's capped file list drops a name, cut down
    # in place when its facts are evicted (unindex).
    if model.scratch.episode_terms is None:
        model.scratch.episode_terms = EpisodeTerms()
        for episode in model.episodes:
            for term in episode_terms(model, episode):
                index_term(model, episode.unit, term)
    return model.scratch.episode_terms


def index_term(model: SessionModel, unit: str, term: str) -> None:
    """Add a key term of `unit` to the index, if there is one (else it is built when needed)."""
    if model.scratch.episode_terms is None:
        return
    terms = model.scratch.episode_terms
    names, phrases = terms.names, terms.phrases
    if TOKEN_RE.fullmatch(term):
        names.setdefault(term, set()).add(unit)
    else:
        phrases.add(term, unit)


def unindex(model: SessionModel, unit: str, paths: Iterable[str]) -> None:
    """Take the names of `paths` (which `unit` no longer has: its facts were evicted) out of
    the index, but those still among its terms: the index is then what a rebuild would make,
    without one (a long session evicts an episode's facts hundreds of times)."""
    if model.scratch.episode_terms is None:
        return
    terms = model.scratch.episode_terms
    names, phrases = terms.names, terms.phrases
    keep = {term for episode in episodes_of(model, (unit,)) for term in episode_terms(model, episode)}
    for term in {os.path.basename(path).lower() for path in paths} - keep:
        holders = names.get(term)
        if holders is not None:
            holders.discard(unit)
        phrases.remove(term, unit)


def drop_index(model: SessionModel) -> None:
    """An episode lost a term (or its facts): the index is rebuilt when next needed."""
    model.scratch.episode_terms = None
