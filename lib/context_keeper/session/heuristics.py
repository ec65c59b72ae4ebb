"""What a command, a sentence or a user message is: a test run, a decision, an outcome, a real
prompt; and when two decisions are the same one restated."""

from __future__ import annotations

import re

from .gated import Gated

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

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
# A choice made or a cause found, as opposed to a reason given for what comes next.
_COMMITTED_RE = re.compile(
    r"\b(?:decid(?:ed|e to)|decision|chose|going with|go with|opted for|instead of|rather than|switched to|"
    r"stick(?:ing)? with|root cause|the fix (?:is|was)|fixed by|trade-?off|(?:i|we)(?:'ll| will) use)\b",
    re.IGNORECASE,
)
# Plans and intentions: what the assistant is about to do is not yet a decision ("Let me
# double-check…", "I'll first check…", "I'd like to confirm the approach…", "Next, …").
_PLAN_RE = re.compile(
    r"^(?:(?:ok(?:ay)?|so|now|next|first|then|alright|great|sure)\b,?\s+)*"
    r"(?:let(?:'s| me| us)\b|(?:i|we)(?:'ll|'d|'m going|'re going|'m about|'m| will| would| want| need| am| are"
    r"| have to| must| can| could)\b|before (?:i|we)\b|first,|next,|then,|to (?:double-check|confirm|verify|check|see)\b)",
    re.IGNORECASE,
)
# A plan's next verb when it looks rather than chooses ("I'll first check…", "I'd like to
# confirm…"): the verb right after the opening, not a noun further on ("move the search parsing").
_EXPLORE_RE = re.compile(
    r"^\W*(?:(?:just|also|quickly|briefly|now|then|still)\W+)*(?:first|check|double-check|confirm|verify|look|see|try|"
    r"investigate|figure|explore|think|consider|review|read|inspect|make sure|find out|dig|understand|examine|search|"
    r"grep|like to|want to|need to|start|begin)\b",
    re.IGNORECASE,
)
# Hedges and conditions: a guess or an option is not a conclusion. Only before the reason
# ("We chose X because it might…" still decides).
_HEDGE_RE = re.compile(
    r"^(?:if|unless|whether|alternatively)\b|\b(?:i think|i believe|i suspect|i guess|not sure|maybe|perhaps|probably|"
    r"possibly|might|could(?!n't| not)|would be|i wonder|it seems|seems (?:like|to)|appears to|presumably|one option|another option)\b",
    re.IGNORECASE,
)
_REASON_RE = re.compile(r"\b(?:because|since|as|so that|given that)\b|: ", re.IGNORECASE)
# Asides and meta-remarks.
_ASIDE_RE = re.compile(
    r"^(?:side ?note|note|aside|by the way|btw|fyi|p\.?s\.?|tip|reminder)\b|^note that\b", re.IGNORECASE
)
# Searched only in texts holding one of their words (gated: most texts hold none).
_DECISION = Gated(_DECISION_RE)
_COMMITTED = Gated(_COMMITTED_RE)
_HEDGE = Gated(_HEDGE_RE)
_REASON = Gated(_REASON_RE)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(\[*])|\n+")
_FENCE_RE = re.compile(r"^\s*(?:```|~~~)")
_NOT_PROSE_RE = re.compile(r"^\s*[#|>]|^ {4,}(?![-*•]|\d+[.)] )")  # headings, tables, quotes, indented code
_EMPHASIS_RE = re.compile(r"\*\*|__")
_BULLET_RE = re.compile(r"^(?:[-*•]|\d+[.)])\s+")
_BULLET_FIRST = frozenset("-*•")
_WORD_RE = re.compile(r"[\w'./-]+")
# Words that do not change what a decision is when it is restated.
_FILLER = frozenset(
    "a an the to of in on for with and or but so that this it its is was be been are were will would we i "
    "we'll i'll i've we've i'd we'd our my us me let let's now then also just because since as which when by from "
    "at into than decided decide decision chose choose choosing going go use using".split()
)
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


# Claude Code's own result for a call that never ran as asked: the user declined it (with or
# without a reason), interrupted it, or Claude Code cancelled it because a sibling call of the
# same response failed. Such a result is flagged as an error but is no failure of the command.
_DECLINED_RE = re.compile(
    r"^(?:Error: )?(?:The user doesn't want to (?:proceed with this tool use|take this action)"
    r"|User rejected tool use|\[Request interrupted by user)"
    r"|^(?:<tool_use_error>)?Cancelled: parallel tool call"
)


def is_declined(text: str, tool_use_result: object = None) -> bool:
    """A tool result that says the call was declined, interrupted or cancelled rather than
    run and failed: its text, or the record's `toolUseResult` (a string in older versions)."""
    if _DECLINED_RE.match(text.lstrip()[:200]):
        return True
    return isinstance(tool_use_result, str) and _DECLINED_RE.match(tool_use_result.lstrip()[:200]) is not None


# What Claude Code puts before (or instead of) the user's words in a user message: one element
# of a compound lowercase tag name (`<ide_selection>`, `<ide_opened_file>`, `<system-reminder>`,
# `<command-name>`...). A user's own markup rarely opens a message with such a name.
_PREAMBLE_RE = re.compile(r"\s*<([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+)>")


def user_words(text: str) -> str:
    """`text` without the injected elements it opens with ("" when it is nothing else)."""
    while True:
        match = _PREAMBLE_RE.match(text)
        if match is None:
            return text
        end = text.find(f"</{match.group(1)}>", match.end())
        if end < 0:
            return text  # not a closed element: leave the text as it is
        text = text[end + len(match.group(1)) + 3 :]


def is_test_command(command: str) -> bool:
    return bool(_TEST_RE.search(command))


def _prose(text: str) -> list[str]:
    """The lines of `text` that are prose: not in code blocks, not headings, tables, quotes
    or indented code."""
    return list(_iter_prose(text))


def _iter_prose(text: str) -> Iterator[str]:
    """_prose's lines one by one (outcome_line needs only the first few)."""
    in_code = False
    for line in text.splitlines():
        if _FENCE_RE.match(line):
            in_code = not in_code
        elif not in_code and not _NOT_PROSE_RE.match(line):
            yield line


def _sentences(text: str) -> list[str]:
    """`text` split into sentences (_SENTENCE_RE). Most texts are one line, and many one
    sentence: a split needs a line break or a `.`, `!` or `?` before the last character, and a
    text with none is its own only sentence, told without the regex (tried at every position)."""
    last = len(text) - 1
    if "\n" in text or text.find(".", 0, last) >= 0 or text.find("!", 0, last) >= 0 or text.find("?", 0, last) >= 0:
        return _SENTENCE_RE.split(text)
    return [text]


def _clean(sentence: str) -> str:
    # Each substitution only where it can match: emphasis needs its marks, a bullet its first
    # character (`\d` is a Unicode decimal digit, as str.isdecimal tells); most sentences have neither.
    if "**" in sentence or "__" in sentence:
        sentence = _EMPHASIS_RE.sub("", sentence)
    sentence = sentence.strip()
    first = sentence[:1]
    if first in _BULLET_FIRST or first.isdecimal():
        sentence = _BULLET_RE.sub("", sentence).strip()
    return sentence


def is_noise(sentence: str) -> bool:
    """A plan, a hedge, an aside or a question: neither a decision nor an outcome."""
    sentence = sentence.replace("\u2019", "'")  # I’ll = I'll
    if sentence.rstrip(" .)\"'`*").endswith("?") or _ASIDE_RE.match(sentence):
        return True
    reason = _REASON.search(sentence)
    if _HEDGE.search(sentence[: reason.start()] if reason else sentence):
        return True  # a guess, or a choice hedged before it is made
    plan = _PLAN_RE.match(sentence)
    if plan:
        # "We'll store amounts as cents instead of floats" decides; "I'll first check
        # whether to use X instead of Y" plans: the words after the opening tell them apart.
        return _COMMITTED.search(sentence) is None or bool(_EXPLORE_RE.match(sentence[plan.end() :]))
    return False


def decision_sentences(text: str) -> list[str]:
    """The sentences of an assistant text that state a decision or a conclusion (a choice
    and why, a root cause, the fix): not plans, hedges, asides or questions."""
    out: list[str] = []
    # Most texts hold no decision word: a sentence's match is a match in the whole text (the
    # patterns span no line break, and the sentences' edges are not word characters), but
    # for the emphasis marks a sentence loses (`__because__`, `deci**ded**`).
    if not _DECISION.search(text) and "**" not in text and "__" not in text:
        return out
    for sentence in _sentences("\n".join(_prose(text))):
        sentence = _clean(sentence)
        # A lead-in ("The fix is to change two things:") announces what follows; alone, it says nothing.
        if (
            20 <= len(sentence) <= 400
            and _DECISION.search(sentence)
            and not sentence.rstrip(" *_`").endswith(":")
            and not is_noise(sentence)
        ):
            out.append(sentence)
    return out


def outcome_line(text: str, cap: int) -> str:
    """What an assistant text reports: its first prose line, from its first sentence that is
    not a plan, hedge, aside or question (the next lines when the first has none); "" when
    none of its first lines has one. Clipped to `cap`."""
    for n, line in enumerate(line for line in _iter_prose(text) if line.strip()):
        if n == 5:
            break
        parts = [p for p in _sentences(line.strip()) if p.strip()]
        while parts and is_noise(_clean(parts[0])):
            parts.pop(0)
        if parts:
            kept = " ".join([p.strip() for p in parts])
            return kept if len(kept) <= cap else kept[: cap - 1] + "…"
    return ""


def decision_words(sentence: str) -> frozenset[str]:
    """The words that make a decision what it is (no filler, case or punctuation)."""
    # Each new decision is compared with every kept one (texts.assistant_text): the words of
    # a sentence already seen are looked up instead of found again (a pure function).
    known = _WORDS.get(sentence)
    if known is None:
        words = (w.strip("'./-") for w in _WORD_RE.findall(sentence.casefold().replace("\u2019", "'")))
        known = frozenset(w for w in words if w and w not in _FILLER)
        if len(_WORDS) >= _WORDS_MAX:
            _WORDS.clear()
        _WORDS[sentence] = known
    return known


_WORDS: dict[str, frozenset[str]] = {}
_WORDS_MAX = 2048


def restating(words: frozenset[str]) -> Callable[[frozenset[str]], bool]:
    """`same_decision(other, words)` as a test of `other` alone, for a list compared with one new
    decision (every kept one, on every decision the session states): the sizes that can restate
    `words` are told first, without the set comparison, and most kept decisions differ in size."""
    if not words:
        return _is_empty
    size = len(words)

    def test(other: frozenset[str]) -> bool:
        n = len(other)
        if n <= size:
            return n >= 0.75 * size and other <= words
        return size >= 0.75 * n and words <= other

    return test


def _is_empty(other: frozenset[str]) -> bool:
    return not other


def same_decision(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two decisions' words (decision_words) say the same thing: equal, or one restating the
    other with at most a quarter more. A changed name (`orders` for `tokens`) is another
    decision."""
    if not a or not b:
        return a == b
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return small <= large and len(small) >= 0.75 * len(large)


def is_real_prompt(text: str) -> bool:
    stripped = text.lstrip()
    return bool(stripped) and not stripped.startswith(_NOT_A_PROMPT)
