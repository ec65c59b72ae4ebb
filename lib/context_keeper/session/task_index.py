"""The task book as the session fold asks for it on every response and every mention:
`TaskIndex` (the working tasks, the completed ones by subject) and `Phrases`, the index that
finds which of many phrases (completed tasks' subjects, episodes' prompt lines) a text names
in one scan of the text."""

from __future__ import annotations

import re
from itertools import compress
from operator import is_not

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from .tasks import Task

# What the session fold calls a token of a text (session.mentions matches file names by it).
TOKEN_RE = re.compile(r"[\w.\-]+")
# TOKEN_RE's characters of ASCII (`\w` there is a letter, a digit or `_`), each other byte a blank.
_TOKEN_BYTES = bytes.maketrans(
    bytes(range(128)), bytes(c if chr(c).isalnum() or chr(c) in "_.-" else 32 for c in range(128))
)


def tokens_of(text: str) -> set[str]:
    """The tokens of `text`: `set(TOKEN_RE.findall(text))`. Every text of the fold is asked
    (assistant texts, tool inputs, prompts); an ASCII one (nearly all) is cut by a byte
    table and `split` in C, 3x faster than the regex; any other goes through the regex."""
    if not text.isascii():
        return set(TOKEN_RE.findall(text))
    return set(text.encode().translate(_TOKEN_BYTES).decode().split())


class TaskIndex:
    """The task book as the session fold asks for it on every response and every mention:
    the ids of the tasks the turn's facts belong to (TaskBook.working_ids) and the completed
    tasks by lowered subject (the tasks a text can mention).

    A long session has hundreds of tasks; deriving both from all of them on each ask cost a
    100 MB fold most of a second. `sync`, called after the book may have changed, finds the
    changed tasks by identity instead — Task records are immutable (a change is a new record)
    and a book never loses a task, so comparing the values with the ones last seen, in C,
    is enough — and updates only those.
    """

    __slots__ = (
        "_tasks",
        "_keys",
        "_values",
        "_ids",
        "_open",
        "_journal",
        "_seen",
        "_positions",
        "working",
        "completed",
    )

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, tasks: dict[str, Task] | None) -> None:
        self._tasks = tasks
        self._keys: list[str] = []
        self._values: list[Task] = []
        self._ids: list[str] = []
        self._open: dict[str, set[int]] = {"in_progress": set(), "pending": set()}  # positions by status
        self._journal: list[str] | None = None  # the book's journal (TaskBook._changed) and how far it was read
        self._seen = 0
        self._positions: dict[str, int] | None = None  # position by key, made on the journal's first use
        self.working: list[str] = []
        self.completed = Phrases()

    def sync(self, tasks: dict[str, Task], changed: list[str] | None = None) -> None:
        """Bring the index up to `tasks`. `changed`: the book's journal (TaskBook._changed),
        where every task added or replaced is named: only those named since the last call
        are looked at then (a session with thousands of tasks syncs after every Task call)."""
        if changed is not None and tasks is self._tasks and changed is self._journal and self._sync_journal(tasks):
            return
        self._sync_all(tasks)
        if changed is not None:
            self._journal, self._seen, self._positions = changed, len(changed), None

    def _sync_journal(self, tasks: dict[str, Task]) -> bool:
        """The journal's new entries applied; False when they do not account for the book
        (then nothing was changed, and the whole book is compared)."""
        journal, keys = self._journal, self._keys
        assert journal is not None
        if len(journal) == self._seen:
            return len(tasks) == len(keys)
        positions = self._positions
        if positions is None:
            positions = self._positions = {key: index for index, key in enumerate(keys)}
        fresh = dict.fromkeys(journal[self._seen :])  # each key once, in order
        added = [key for key in fresh if key not in positions]
        if len(keys) + len(added) != len(tasks):
            return False
        # New keys were added to the book in the journal's order, so they take its next places.
        for key in added:
            positions[key] = len(keys)
            keys.append(key)
        self._seen = len(journal)
        indexes = sorted(positions[key] for key in fresh)
        values = self._values
        self._apply(indexes, [tasks[keys[index]] for index in indexes])
        for index in indexes:
            if index < len(values):
                values[index] = tasks[keys[index]]
            else:
                values.append(tasks[keys[index]])
        return True

    def _sync_all(self, tasks: dict[str, Task]) -> None:
        if tasks is not self._tasks or len(tasks) < len(self._keys):
            self._reset(tasks)
        keys, values = self._keys, self._values
        current = list(tasks.values())
        if len(current) > len(keys):
            now = list(tasks)
            if now[: len(keys)] != keys:  # not the book last seen, grown: start over
                self._reset(tasks)
                keys, values = self._keys, self._values
            keys.extend(now[len(keys) :])
            self._positions = None
        changed = list(compress(range(len(values)), map(is_not, current, values)))
        changed.extend(range(len(values), len(current)))
        if changed:
            self._apply(changed, [current[index] for index in changed])
        self._values = current

    def _apply(self, indexes: list[int], tasks: list[Task]) -> None:
        """The tasks at these positions (ascending; those past the end are new) as they are now."""
        values, open_tasks, statuses_changed = self._values, self._open, False
        for index, task in zip(indexes, tasks, strict=True):
            old = values[index] if index < len(values) else None
            if old is not None and old.status == task.status and old.subject == task.subject and old.id == task.id:
                continue  # touched: only last_touched_turn moved
            statuses_changed = True
            if old is not None:
                if old.status == "completed":
                    self.completed.remove(old.subject.lower(), index)
                open_tasks.get(old.status, set()).discard(index)
                self._ids[index] = task.id
            else:
                self._ids.append(task.id)
            if task.status == "completed":
                self.completed.add(task.subject.lower(), index)
            elif task.status in open_tasks:
                open_tasks[task.status].add(index)
        if statuses_changed:
            ids = self._ids
            self.working = [ids[i] for i in sorted(open_tasks["in_progress"] or open_tasks["pending"])]

    def mentioned(self, text: str, tokens: set[str] | None = None) -> list[str]:
        """Keys of the completed tasks whose lowered subject occurs in `text` (whose tokens,
        by TOKEN_RE, are `tokens` if known), in the book's order."""
        found = self.completed.found_in(text, tokens)
        return [self._keys[index] for index in sorted(found)] if found else found


class Phrases:
    """Phrases to look for in texts, each standing for some keys.

    `phrase in text` for every phrase, on every text, is what made mention tracking cost
    seconds per 100 MB. So each phrase is indexed by one *inner* token (by TOKEN_RE, with a
    non-token character on both sides inside the phrase): wherever the phrase occurs in a
    text, that token is a whole token of the text too. A text's tokens (one scan of it) then
    name the few phrases worth a search. Of a phrase's inner tokens, the one fewest phrases
    are filed under yet: subjects share words ("the parser of ..."), and a text naming a
    word thousands of subjects were filed under would be searched for each (texts x tasks).
    Phrases without an inner token (one or two words) are searched for every time. Exact
    whichever token files a phrase.
    """

    __slots__ = ("keys", "by_token", "loose", "anchors")

    def __init__(self) -> None:
        self.keys: dict[str, set[Any]] = {}
        self.by_token: dict[str, set[str]] = {}
        self.loose: set[str] = set()
        self.anchors: dict[str, str] = {}  # phrase -> the token it is filed under

    def _anchor(self, phrase: str) -> str | None:
        inner = [m.group() for m in TOKEN_RE.finditer(phrase) if m.start() > 0 and m.end() < len(phrase)]
        if not inner:
            return None
        by_token = self.by_token
        # The least used token; of those, the longest (the rarer word, most likely), then the first.
        return min(inner, key=lambda token: (len(by_token.get(token, ())), -len(token)))

    def add(self, phrase: str, key: Any) -> None:
        keys = self.keys.get(phrase)
        if keys is None:
            keys = self.keys[phrase] = set()
            anchor = self._anchor(phrase)
            if anchor is None:
                self.loose.add(phrase)
            else:
                self.anchors[phrase] = anchor
                self.by_token.setdefault(anchor, set()).add(phrase)
        keys.add(key)

    def remove(self, phrase: str, key: Any) -> None:
        keys = self.keys.get(phrase)
        if keys is None or key not in keys:
            return
        keys.discard(key)
        if not keys:
            del self.keys[phrase]
            anchor = self.anchors.pop(phrase, None)
            if anchor is None:
                self.loose.discard(phrase)
            else:
                self.by_token[anchor].discard(phrase)
                if not self.by_token[anchor]:
                    del self.by_token[anchor]

    def found_in(self, text: str, tokens: set[str] | None = None) -> list[Any]:
        """The keys of the phrases that occur in `text` (whose tokens are `tokens` if known)."""
        if not self.keys:
            return []
        if tokens is None:
            tokens = tokens_of(text)
        by_token = self.by_token
        # (Most texts name no phrase: no list is built for them.)
        anchors = tokens & by_token.keys()
        found = [phrase for token in anchors for phrase in by_token[token] if phrase in text] if anchors else []
        if self.loose:
            found += [phrase for phrase in self.loose if phrase in text]
        return [key for phrase in found for key in self.keys[phrase]] if found else found
