"""How much a line reads like the message a developer would quote.

    score(text) -> int     # exception names, level words, locations, expected/actual
                           # wording, OS errors up; verdicts, code, warnings down
    is_code(text) -> bool  # a line of code a runner echoes, not a message
    is_verdict(text) -> bool  # the run's count, tally or verdict, not what failed
    is_wrapup(text) -> bool   # the run's closing word that it failed, naming nothing it read

Words and shapes of any tool's messages; what a line *is* (frame, excerpt, summary) is
`failures.shapes`, and `failures.ranking` weighs lines against each other with this score.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes
from context_keeper.failures.shapes import LOC_START_RE, LOC_TAIL_RE

# A level or a program's name before a line's words (`error: `, `Error: `, `prog: `).
_LEVEL_PREFIX_RE = re.compile(r"^(?:[\w.-]+: )?(?:(?:error|fatal|failure|failed)\b:?\s*)?", re.IGNORECASE)

PAIRED_RE = re.compile(
    r"\b(?:expected|actual|got|received|left)\s*:.*;\s*(?:got|actual|received|expected|right)\s*:|^expected\b.*;\s*(?:got|actual|received)\b",
    re.IGNORECASE,
)
# (An exception name is tried from the first word of a run of name characters only: tried from
# every word of a long dotted line, `[\w.$]*` would cost time quadratic in its length. The
# name may stand in parentheses or brackets: `[AttributeError]: module 'x' has no attribute`.)
EXC_RE = re.compile(
    r"(?<![\w.$])[.$]*\b[\w.$]*(?:Error|Exception|Failure)\b[)\]]?:\s*\S|\([\w:]*(?:Error|Exception)\)$|^\*\* \(\w+\)|^Exception: "
    r"|^[\w.]*(?:Error|Exception)$|^Unhandled \S|^[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+: \S|\bUncaught \w+"
    # An exception named in capitals (`raised CONSTRAINT_ERROR : ...`).
    r"|\b[A-Z][A-Z]+_(?:ERROR|EXCEPTION)\b"
    # A finding named in capitals with its kind (`CONFLICT (content): Merge conflict in x`).
    r"|^[A-Z]{4,} \([a-z/ -]+\): \S"
)
LEVEL_RE = re.compile(r"\b(?:error|fatal|panic|ERROR|FATAL|Error)\b(?!s)\s*(?:\[[^\]]*\]\s*)?:?", re.IGNORECASE)
COMPARE_RE = re.compile(
    r"\bexpected\b.*\b(?:got|but|actual|received|instead|to (?:be|equal|contain|include|match|have))\b|!=|==>"
    r"|\b(?:is not|does not|doesn't|did not|didn't|not (?:found|defined|in scope|TRUE|an element|a function)|cannot|can't"
    r"|couldn't|could not|unable to|expecting|no such|undefined|unbound|unknown|invalid|missing|unexpected|mismatch"
    # (What a thing is not, the prefix a negation: `unsupported format`, `unresolved merge conflict`.)
    r"|un(?:supported|resolved|recogni[sz]ed|documented|satisfied|available|declared|terminated|matched)"
    r"|wrong|not allowed|denied|refus(?:ed|ing)|lacks?|lost|must|should|failed asserting|assert(?!ions\b)\w*|expected)\b",
    re.IGNORECASE,
)
# The C library's own words (strerror) name a cause as surely as "error:" does.
OS_ERROR_RE = re.compile(
    r"No such file or directory|Permission denied|Connection refused|Is a directory|Not a directory|File exists|"
    r"Operation not permitted|No space left on device|Address already in use|Read-only file system|Too many open files|"
    r"[Cc]annot open|command not found|Connection timed out|Network is unreachable|Name or service not known"
)
WEAK_RE = re.compile(
    r"\b(?:fail(?:ed|s|ure)?|abort(?:ed|ing)?|exception|traceback|killed|segmentation fault|panic|not an? valid)\b",
    re.IGNORECASE,
)
# (A count is no part of a place: `board.dts:7.5-6 syntax error` names a column, not 6 errors,
# `at line 18 in file a.pm` a line, not 18 files.)
# (The word boundary before the lookbehinds: tried first, it rules out most positions of a line cheaply.)
VERDICT_RE = re.compile(
    r"\b(?:fail(?:ed|ures?)?|errors?|abort(?:ed|ing)?)\b.*\b(?<![.:-])(?<!line )\d+ (?:\w+ ){0,2}"
    r"(?:errors?|warnings?|failures?|problems?|issues?|files?|tests?)\b"
    r"|\b(?<![.:-])(?<!line )\d+ (?:\w+ ){0,2}(?:errors?|failures?|problems?|issues?|tests?|files?)\b.*\b(?:fail(?:ed|ures?)?|found|detected)\b"
    # A tally of outcomes (`1 passed, 1 failed, 0 errored`).
    r"|\b\d+ (?:passed|failed|errored|broken|skipped)\b.*\b\d+ (?:passed|failed|errored|broken|skipped)\b"
    r"|\b(?:succeeded|passed|failed|errors?|skipped|canceled|ignored|pending):? \d+, (?:\w+:? \d+(?:, |$)){2,}"
    # A pointer to the report (`Compile failed; see the compiler error output for details.`).
    r"|\bfail(?:ed|ure)\b.*\bsee (?:the )?(?:\w+ ){0,3}(?:output|log|above|below)\b"
    # The build's end (`build aborted`) and the exit status of what it ran (`exit code: 100`).
    r"|\b(?:build|compilation|analysis) (?:aborted|stopped|failed)\b|\bexit (?:code|status):? \d+\s*$"
    # That errors happened, not which (`Fatal errors encountered -- cannot continue`,
    # `Error(s) found in configuration file : x.cfg`), and a step's exit (`..., exited with 2`).
    r"|\berrors(?:\(s\))? (?:were )?(?:found|encountered|occurred|detected)\b|\berror\(s\)|\bcannot continue\b"
    # A count of them in a sentence (`There were 2 errors compiling module, stopping`).
    r"|\bthere (?:were|was|are|is) \d+ (?:\w+ ){0,2}(?:errors?|failures?|problems?|issues?)\b"
    r"|\bexited with (?:code |status )?\d+\s*$",
    re.IGNORECASE,
)
# A line that counts what the run did, the count its first or second word (`1 template would
# have been reindented.`, `Checked 1 files: 0 fixed`), not a position (`line 3 column 2`).
COUNTED_RE = re.compile(r"^(?!(?:line|col|column|row) )(?:[\w-]+ )?\d+ [a-z]{3,}", re.IGNORECASE)
FILE_VERDICT_RE = re.compile(r"^\S+\.\w+:? (?:is )?(?:not valid|invalid)\.?$", re.IGNORECASE)
FAILED_COLON_RE = re.compile(r"\bfailed: \S", re.IGNORECASE)
WARNING_RE = re.compile(r"^(?:\S+ )?(?:warning|warn)\b|\bwarning:", re.IGNORECASE)
CODE_RE = re.compile(
    # (A decorator, `@pytest.mark.slow`; not a package's version, `left-pad@1.3.0`.)
    r"\bexpect\(|\w\([^)]*\)\.\w+|(?:^|\s)@[A-Za-z_]\w*\.\w+|\{ ?\|\w+\||[{;]\s*$"
    r"|^(?:>\s+)?(?:(?:public|private|protected|static|pub|export) )*"
    r"(?:def|fn|func|function|return|let|const|var|import|from|raise|if|for|with|while|class|try|except|async)\b(?! [a-z]+ing\b)"
)
# A file and a line inside the words, however the tool writes them (`[haproxy.cfg:17]`,
# `"build.mk" line 3:`, `source: a.conf line: 5 pos: 16`, `('a.vcl' Line 13 Pos 9)`,
# `(a.conf: Line 4)`).
LOC_INSIDE_RE = re.compile(
    r"\[[\w./-]+\.[A-Za-z]\w*:\d+(?::\d+)?\]|[\w.-]\.[A-Za-z]\w*['\"]?[,:]? (?:line|Line):? \d+\b"
)
MATCHER_HINT_RE = re.compile(r"\b\w+\((?:received|actual)\)[.\w]*\.\w+\([a-z]*\)")


def is_code(text: str) -> bool:
    """A line of code (a runner echoing the failing statement), not an assertion library's
    hint naming its sides (`expect(received).toBe(expected)`), which heads its report."""
    return bool(CODE_RE.search(text)) and not MATCHER_HINT_RE.search(text)


# Advice for a case: `If <condition>, run|use|try ...`, or said to the reader (`If the above
# error is not helpful, you may want to try EJS-Lint:`, `Please check for typing mistakes in
# the pattern.` under the message it follows).
ADVICE_RE = re.compile(
    r"(?:^|\s)If [^.;:]{3,80}, (?:(?:you )?(?:may|might|can|could|should) (?:want to )?|please )?"
    r"(?:run|use|try|prefix|add|pass|set|install|re-?run|consider)\b"
    r"|^Please (?:check|make sure|ensure|verify|double-check)\b"
)


def score(text: str, located: bool = True) -> int:
    score = 0
    if EXC_RE.search(text):
        score += 5
    if LEVEL_RE.search(text):
        score += 4
    if OS_ERROR_RE.search(text):
        score += 4
    if located and (LOC_START_RE.match(text) or LOC_TAIL_RE.search(text) or LOC_INSIDE_RE.search(text)):
        score += 3
    if COMPARE_RE.search(text):
        score += 3
        if PAIRED_RE.search(text):
            score += 4
    if FAILED_COLON_RE.search(text):
        score += 3
    elif WEAK_RE.search(text) and score == 0:
        # A failure word alone marks the line that says something went wrong; beside a
        # stronger sign it marks the run's verdict (`verification failed`) over the cause.
        score += 1
    if WARNING_RE.search(text):
        score -= 2
    if is_code(text):
        # A line of code (a runner echoing the failing statement) is where, not what.
        score -= 8
    if len(text) < 4:
        score -= 5
    if FILE_VERDICT_RE.match(text):
        # A file and its verdict alone (`order.xml is not valid`) say which, not why.
        score -= 1
    if ADVICE_RE.search(text):
        # What to do in a case (`If this change needs no release, run `x --empty`.`): advice.
        return min(score - 8, 0)
    if is_verdict(text):
        # The run's count of what failed (`YAML Lint failed for 1 file`, `1 passed, 1 failed`),
        # or its verdict in summary words alone (`Error: Test failures`), says how many or
        # that it failed, not what: never the message while any line says what.
        return min(score - 8, 0)
    return score


# A wrap-up: the run's closing word that the whole of it failed, in a few plain words after a
# program's name and a level (`errors in crontab file, can't install.`, `FATAL ERROR: Unable to
# parse input tree`, `ERROR: FPM initialization failed`), naming nothing the run read (no
# quote, number, path or identifier).
_WRAPUP_FAILED_RE = re.compile(
    r"\b(?:fail(?:ed|s|ure)?|errors?|unable|can't|cannot|can not|couldn't|could not|not executed|abort(?:ed|ing)?)\b",
    re.IGNORECASE,
)
_WRAPUP_HEAD_RE = re.compile(r"^(?:[\w.-]+(?:\s+\[\d+\])?: )?(?:(?:fatal|error|failure)\b:?\s*)*", re.IGNORECASE)
_QUOTED_RE = re.compile(r"'[^'\s]+'|\"[^\"\s]+\"|`[^`\s]+`")
_PLAIN_WORD_RE = re.compile(r"(?<![A-Za-z])[A-Za-z]+(?:-[A-Za-z]+)?(?:'[a-z]+)?[.,!:]?")


def is_wrapup(text: str) -> bool:
    """A line that says the run failed in a few plain words, naming nothing it read. (An
    exception's name and message, `RuntimeError: could not load settings`, is what was raised.)"""
    words = _WRAPUP_HEAD_RE.sub("", text).split()
    if [w.lower() for w in words[:2]] == ["failed", "to"] and len(words) <= 8:
        # (That a step failed, `failed to push some refs to '../origin.git'`: the place it
        # names, quoted, is the command's own target, not something the run read.)
        words = [w for w in words if not _QUOTED_RE.fullmatch(w)]
    return (
        not EXC_RE.search(text)
        and 1 <= len(words) <= 6
        and all(_PLAIN_WORD_RE.fullmatch(w) for w in words)
        and bool(_WRAPUP_FAILED_RE.search(" ".join(words)))
    )


# That something went wrong, an interjection or a face around it: what the tool says before it
# says what (`Oops! Something went wrong! :(`, `An unexpected error occurred!`).
_WENT_WRONG_RE = re.compile(
    r"(?:[A-Z][a-z]+! )?(?:[Ss]omething|[Aa]n? (?:unexpected |unknown |internal )?error) (?:went wrong|(?:has )?occurred)"
    r"[.!]*(?: :-?\()?"
)


def is_verdict(text: str) -> bool:
    """The run's verdict: a count of what failed, a tally, a pointer to the report, or its
    failure in summary words alone (`Error: Test failures`) or an exclamation that something
    went wrong, naming nothing (`Oops! Something went wrong! :(`)."""
    bare = _LEVEL_PREFIX_RE.sub("", text).rstrip(".!:")
    return bool(VERDICT_RE.search(text)) or shapes.is_summary_words(bare) or bool(_WENT_WRONG_RE.fullmatch(bare))


def told_what_to_do(s: str) -> bool:
    """A hint (`hint: Use -f if you really want to add them.`) or advice (`Please check for
    typing mistakes in the pattern.`): what to do, not what failed."""
    return bool(shapes.HINT_RE.match(s) or ADVICE_RE.search(s))
