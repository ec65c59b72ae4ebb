"""What one line of a failed output is: its decorations, its kind, the test it names, and
how much it reads like the message a developer would quote.

    Line(raw)               # the line without decorations (`==PID==`, TAP's `#`, a margin
                            # `E`, a failure mark, a timestamp); `core` without a level tag
    kind(line) -> str       # blank, caret, label (a caret with text), source, frame, noise
                            # (banners, progress, wrap-up and exit-status lines), location,
                            # summary (counts only, measurements) or text
    title(s) -> str | None  # the test a title line names (`1) name`, `FAIL: name`, ...)

The patterns are shapes of lines, not tools: the tool-worded lines among the wrap-up and
banner patterns (a build system's configuration banner, a linter's score) stand for their
kind. `failures.ranking` puts the lines together.
"""

from __future__ import annotations

import re

TIMESTAMP_RE = re.compile(
    r"^\[?\d{4}([-/])\d{2}\1\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\]?:?\s+"
    # (or seconds since 1970 before a colon, `1795783860: Error: ...`, or a day-first date and time, `28 11 2026 01:21:29.312:`)
    r"|^\[?1\d{9}(?:\.\d+)?\]?:\s+|^\d{1,2}([ ./-])\d{1,2}\2\d{4} \d{2}:\d{2}:\d{2}(?:[.,]\d+)?:\s*(?=\S)"
    # (or any date in brackets that holds a time of day, `[27-Nov-2026 17:46:50] `, or the time alone)
    r"|^\[[\w ./-]{0,16}\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?: [AP]M)?\]\s+|^[012]\d:[0-5]\d:[0-5]\d(?:[.,]\d+)?\s+(?=\S)"
    # (or a logger's header, when, which process, where in its own source: glog's `E1127 ... run.go:72] `)
    r"|^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ [\w.-]+:\d+\] (?=\S)"
)
# A memory checker's `==PID== ` and a TAP diagnostic's `# ` are decorations of every line.
PID_RE = re.compile(r"^==\d+==\s?")
TAP_RE = re.compile(r"^#(?=\s|$)\s?")
# The shell's own prefix before its complaint (`/bin/bash: line 1: `, `sh: 1: `, `(eval):1: `)
# and the process id it puts before a signal's name (`3027 Segmentation fault ./crash`).
SHELL_RE = re.compile(
    r"^(?:(?:/[\w/.-]*/)?(?:ba|da|z|k|tc)?sh: (?:line )?\d+: |\(eval\):\d+: )"
    r"(?:\d+ (?=(?:Segmentation fault|Killed|Aborted|Bus error|Illegal instruction|Floating point exception)\b))?"
)
# A one-letter margin marking the lines of an error (`E       assert 6 == 7`).
MARGIN_RE = re.compile(r"^E {3,}(?=\S)|^E\s*$")
# A level printed as a badge (` ERROR  bad indentation ...`, a console logger's coloured label):
# a decoration, as a tag is. (Not a logger's level column, `ERROR   - text`, kept as `WARNING -  text` is.)
BADGE_RE = re.compile(r"^ ?(?:ERROR|FATAL|WARN)\s{2,}(?=\S)(?!- )")
TAG_RE = re.compile(r"^\[(?:warn|warning|error|info|err|fatal|emerg|crit)\](\s+)", re.IGNORECASE)
# A build task's or a script's name on every line it prints (`[javac] `, `[build] `, `[rel] › `):
# where the line came from, as a timestamp says when. (Or a progress tag: `[+] `, `[*] `.)
TASK_RE = re.compile(r"^\s*\[(?:(?=[\w-]*[a-z])[a-z0-9][a-z0-9-]{2,}|[+*~!-])\] (?:› )?")

FRAME_RE = re.compile(
    r"^(?:at (?:async |new )?[\w$#.<>\[\]/ -]*\(.*\)(?: \{)?$|at \S+:\d+(?::\d+)?\)?(?: \{)?$|at <\w+>$|at 0x|by 0x|0x[0-9a-f]+ in \S+ \(.*\)(?: at \S+:\d+)?$"
    r"|from \S+:\d+|#\d+ |File \".*\", line \d+, in |in (?:function|call from)\b|\d+: \(|\[C\]: in"
    r"|\S+:\d+: in\b|(?:# )?\S+:\d+:in [`'‘][^`'’]*[`'’]$|\(\w[\w .-]*\) \S+:\d+:|\S+:\d+: (?:\([\w ]+\)|[\w.?!]+/\d+)$"
    r"|.*\bcalled at \S+:\d+|CallStack \(from|thrown in |\.\.\. \d+ more"
    r"|(?:stack traceback|Backtrace|Stack trace|Stack|stacktrace|Traceback \(most recent call last\)):?$"
    r"|Backtrace for:|\d+:\d+\s+\d+ \(|\d+ \(|In [\w./-]+:$|while executing$|invoked from within$"
    r"|\((?:procedure|file) \"|\"[^\"]*\"$|[›❯] |\S+:\d+ \+0x[0-9a-f]+$|goroutine \d+ \["
    # An interpreter's frame: where, then what it was in (`a.jsonnet:1:39-82  function <check>`).
    r"|\S+:\d+:\d+(?:-\d+(?::\d+)?)?\s+(?:function|object|method|thunk|block) \S+$"
    # What it was in, then where (`in sub port at app.raku line 2`, `in block <unit> at ...`).
    r"|in [a-z]+ \S+ at \S+ line \d+$"
    # A return address in brackets ends a native frame (`a.d:11 [0x5640e24273cc]`); `??:?` an unnamed place.
    r"|.*\s\[0x[0-9a-f]{6,}\]$|\?\?:\? )"
)
SOURCE_RE = re.compile(
    r"^(?:[%>]?\s*\d*(?:\s+\d+)?\s*[|│](?!\s*FAIL)|:$|[╷╵]\s*$|L\d+\s*\||\d+\t|\d+:\s{1,3}\S.*\S\s*$)"
)
CARET_RE = re.compile(r"^[\s^~-]*\^[\^~-]*\s*$|^-+\^$")
CARET_LABEL_RE = re.compile(r"^[\s~-]*\^[\^~-]*\s+(?=.*[A-Za-z])(.+)$")
RULE_RE = re.compile(r"^[=\-─━⎯*_~.]{10,}$")
BANNER_RE = re.compile(r"^(?:[=\-─⎯*_~]{3,}.*|.*[=\-─⎯]{5,})$")
# Rule characters before a level, the line not ruled off at its end (`*** ERROR: ...`,
# `---Error in a.yab, line 7:`): the tool's mark on its message, not a banner.
LEVEL_MARKED_RE = re.compile(r"^[=\-*~]{2,}\s*(?:error|fatal|warning)\b(?!.*[=\-─⎯*~]{3,}$)", re.IGNORECASE)
WRAPUP_RE = re.compile(
    r"^(?:FAIL(?:ED|URES?)?!?|ERROR|FAILED \(.*\)|Result: FAIL|Execution halted|[\w.-]+ (?:aborted|halted)!?|OK|Started|Output: .*"
    r"|(?:ERROR: |error: )?usage: .*|A full log can be found.*|For more information.*|Did you mean.*|See also .*"
    r"|Run .*(?:--write|--fix|to fix).*|.*\bexited with \d+.*|Non-zero exit status.*"
    r"|.*\breturned \d+ exit status|.*\blinker command failed with exit code \d+.*"
    r"|(?:g?make(?:\[\d+\])?): \*\*\* \[.*|npm (?:error|ERR!|warn).*|(?:\w+: )?build stopped.*"
    r"|Took \d.*|(?:[Dd]one|[Cc]ompleted|[Ff]inished) in \d[\d.hms ]*"
    # (Progress after the program's name too: `YamlFix: Checking files`.)
    r"|(?:[\w.-]+: )?(?:Checking (?:.*\.\.\.|\S+(?: \S+)?)|Running.*|Compiling .*)|\[\d+(?: of |/)\d+\].*|.*Entering directory.*"
    r"|ok \d+.*|1\.\.\d+|TAP version \d+|Finished in .*|Time: .*|Ran \d+ tests? in .*|Tests? Summary Report"
    r"|.*\bin the above file\.?|https?://\S+(?<!:)|[.FEsSx*]+|[.FEsSx*]+\s+\d+ / \d+ \(\d+%\)"
    r"|[✓✔✕✖×✗√]\s.*\(\d+(?:\.\d+)?\s*m?s\)|.*\s\[?\s*\d{1,3}%\]?"
    # A runner's padded column of verdicts and rules (`[  FAILED  ] a.b`, `[=====]`; not `[ERROR]`).
    r"|\[(?: +[A-Z]+ *| *[A-Z]+ +|[=-]{3,})\](?: .*)?)$"
)
# A diff's legend (`- Expected  - 1`, `+ actual - expected`, `actual expected`) says which side is which, not what differs.
LEGEND_RE = re.compile(r"^(?:[-+]?\s*(?:expected|actual|received|got)\b\s*(?:[-+]\s*\d+)?\s*){1,2}$", re.IGNORECASE)
# Lines under these headings repeat what failed, by name, as a list.
SUMMARY_HEADING_RE = re.compile(
    r"^(?:Failed examples|Failing scenarios|Failed tests|Test Summary Report|short test summary info|Summary"
    r"|Failures|Errors|Failed Tests)\s*:?$",
    re.IGNORECASE,
)
SUMMARY_WORDS = frozenset(
    """test tests example examples failure failures error errors passed failed fail pass passing failing skipped out fixtures
    skip skips pending assertion assertions run runs spec specs problem problems warning warnings information
    informations file files scenario scenarios feature features step steps undefined ok in and of with total
    subtests subtest suite suites seconds second s ms took min finished ran result results issue issues
    checked success successes wallclock secs usr sys cusr csys cpu looks like you your tests todo broken
    errored snapshot snapshots time load to incomplete risky notices deprecations found fatal some there were
    while running occurred emitted checks""".split()
)
# A field the tool names as the error, its value quoted on the same line (YAML diagnostics; in JSON too: `"msg": "No package matching 'nginxx'",`).
NAMED_VALUE_RE = re.compile(r"^\"?(error|message|reason|msg)\"?\s*:\s*(?P<q>['\"])(?P<value>.+)(?P=q),?$")
LABEL_WORDS = frozenset(["message", "error message", "details", "reason", "output", "failure", "error", "errors"])

TITLE_RES = (  # (after a number, the runner's kind of failure is no part of the name: `1) Test Error : A.b`)
    re.compile(r"^\d+\) (?:[A-Z][a-z]+ (?:Failure|Error|Failed) : )?(.+)$"),
    re.compile(r"^(?:FAIL|ERROR)\s+\"(.+)\"$"),
    re.compile(r"^(?:FAIL|ERROR)(?::| -|\s{2,})\s*(.+)$"),
    re.compile(r"^(.+?)\s+\|\s*(?:FAIL|ERROR)\s*\|$"),
    re.compile(r"^not ok \d+\s*(?:- )?(.+?)(?:\s+#\s.*)?$"),
    re.compile(r"^--- FAIL: (\S+)"),
    re.compile(r"^● (.+)$"),
    re.compile(r"^(?:Error|Failure|Fail|Failed) in (?:test )?([\w.:/\[\]-]+(?: \([\w.]+\))?)$"),
    re.compile(r"^((?:FAIL|ERROR) in \(.+)$"),
    # A file and its verdict over the report of what is wrong in it (`config.json invalid`).
    re.compile(r"^((?:[\w.@~+-]*/)*[\w.@~+-]+\.[A-Za-z]\w* (?:is )?(?:invalid|failed|FAILED))$"),
    # A kind of problem in capitals ruled across to its file (`-- NAMING ERROR ----- src/Main.elm`).
    re.compile(r"^-{2,} ([A-Z][A-Z ]+[A-Z]) -{3,} (?P<file>\S+)$"),
    re.compile(r"^((?:Failure|Error) \(\S+:\d+(?::\d+)?\): .+)$"),
    # A test and where it is, pointed at (`sums prices => ./cart_test.ts:3:6`): named by its
    # name, as a title is (where it is defined is not where it failed).
    re.compile(r"^(\S.*?) => \S+:\d+:\d+$"),
    # A level ruled across to the location of what follows (`Error ------ src/cart.js:5:10`).
    re.compile(r"^(?:Error|Warning|ERROR|WARNING)\s+[-─━=]{5,}\s+(\S+:\d+(?::\d+)?)$"),
    # A header ruled off to the right (`src/app.js:4:3 lint/noDebugger  FIXABLE  ━━━━━━`).
    re.compile(r"^((?=\S*[A-Za-z]{2})\S.*?)(?:\s{2,}[A-Z]{3,})*\s+━{5,}$"),
    # A name and its verdict set off (`hook name.......Failed`, `- sums *** FAILED ***`).
    # (The leaders start where no dot is before them: a line of dots would otherwise try each
    # of its dots as their start, quadratic in the line.)
    re.compile(r"^(\S.*?)\s*(?<!\.)\.{4,}\s*(?:Failed|FAILED|FAIL|ERROR|Error)$"),
    re.compile(r"^(?:- )?(\S.*?) \*{3} (?:FAILED|ERROR|ABORTED) \*{3}$"),
    # A bundler's module and the position in it, its report on the lines below.
    re.compile(r"^(?:ERROR|WARNING) in (\S+(?: \d+:\d+(?:-\d+(?::\d+)?)?)?)$"),
    # A qualified test id after the verdict, and its time (`Failed Shop.CartTests.Sums [12 ms]`).
    re.compile(r"^Failed\s+([\w$]+(?:(?:\.|::|/|#)[\w$\[\](),<>-]+)+)(?:\s+[\[(]\d[\d.]*\s*m?s[\])])?$"),
    re.compile(r"^_{3,} (\S.*?) _{3,}$"),
    # A rule drawn across the terminal with a test's name in it (`──── keeps names ────`).
    re.compile(r"^─{3,} (\S.*?\S) ─{3,}$"),
    re.compile(r"^-{3,} (\S+) (?:stdout|stderr|output) -{3,}$"),
    re.compile(r"^\[ RUN +\] (\S+)$"),  # a test started, in a runner's padded column
)
FAIL_FILE_RE = re.compile(r"^FAIL\s+(" + r"(?:[\w.@~+-]*/)*[\w.@~+-]+\.[A-Za-z]\w*" + r")(?:\s+\[ \1 \])?$")
REPEATED_RE = re.compile(r"^(\S+) \[ \1 \]$")
TRAILING_LOCATION_RE = re.compile(r"^(/?(?:[\w.@~+-]*/)*[\w.@~+-]+\.[A-Za-z]\w*:\d+:\d+):$")
BULLET_RE = re.compile(r"^[✘✖×✗•]\s+")
# A failure mark (`✖   subject may not be empty [subject-empty]`) flags the line as a finding.
# (In plain letters too: `x Unexpected token`, `! eslint(no-debugger): ...`.)
MARK_RE = re.compile(r"^(?:[✖✘×✗]\s+(?=\S)|[x!] (?=[A-Z]|[\w-]+\())")
BANNER_TEXT_RE = re.compile(r"^[=\-─⎯*~]{3,} (\S.*?\S) [=\-─⎯*~]{3,}$")
GUTTER_RE = re.compile(r"^\d*\s*[|│]")
# A measurement (`duration_ms: 0.449`, `High: 2`; a table's row of counts, `asserts  5  5  1  n/a`) says
# how, not what failed. (A key of a few words: `Expected 25 to equal specified value: 30` is a sentence.)
METRIC_RE = re.compile(
    r"^(?:\w+(?: \w+){0,2}:\s*[\d.]+\s*(?:%|\w{0,3})(?:\s*[;,|-]\s*|$))+$|^[a-z]+(?:\s+(?:\d+|n/a)){3,}$"
)
THREAD_RE = re.compile(
    r"^(?:Exception in thread \"[^\"]*\"\s+|thread '[^']*'(?: \(\d+\))? panicked at (\S+?:\d+(?::\d+)?):?\s+)"
)
CHAIN_RE = re.compile(r"^(?:During handling of the above exception|The above exception was the direct cause)")
CAUSE_RE = re.compile(r"^Caused by: (\S.*)$")
# A word that ends like a file name (`a.py`, `pkg/mod.rs`). One character before the dot, not a run
# of them: a long token (a minified line, a blob) is not searched again from each character.
PATH_IN_RE = re.compile(r"[\w.-]\.[A-Za-z]\w*$")
# What names a test: one token (a path, an id), a dotted name and its title, `a > b > c`.
TEST_NAME_RE = re.compile(r"^(?:\S+(?: \(.*\))?|\w+(?:\.\w+)+ .*|.* [>›] .*)$")
TRACE_LABEL_RE = re.compile(
    r"^(?:stack|stacktrace|stack trace|backtrace|traceback|[\w ]*\w\.\.\.)\s*:\s*(?:[|>][-+]?)?$", re.IGNORECASE
)
FIELD_HEAD_RE = re.compile(r"^\w+\s*:\s*[\w.-]+; ")
# `test_x (pkg.Class.test_x)`, `setUpClass (pkg.Class)`, then a subtest's `(n=3)`.
QUALIFIED_RE = re.compile(r"^(\w+) \(([\w.]+)\)((?: \(.*\))?)$")
# A summary line naming a failed test and its message: `FAILED tests/x.py::test_y - KeyError: 'b'`.
INLINE_FAILURE_RE = re.compile(r"^(?:FAILED|FAIL|ERROR)\s+(\S+) - (\S.*)$")
# A file name has an extension, but for the build and container files named by convention and
# a tool's dotfile, `.pylintrc` (on Windows too: `C:\Users\dev\app\Program.cs`).
PATH = (
    r"(?:[A-Za-z]:\\)?(?:[\w.@~+-]*[/\\])*(?:[\w.@~+-]+\.[A-Za-z][\w]*"
    r"|(?:Dockerfile|Containerfile|Makefile|GNUmakefile|makefile|Jenkinsfile|Vagrantfile|Gemfile|Rakefile"
    r"|Justfile|justfile|Procfile|BUILD|WORKSPACE|\.[a-z][\w-]*rc|\.(?:env|flake8|editorconfig|git(?:ignore|attributes|modules)|(?:docker|npm|eslint|prettier)ignore))\b)"
)
# A section's `file:line: ...` line (its file names a test printed by name alone).
SECTION_FILE_RE = re.compile(r"^([\w./-]+\.\w+):\d+: ")
# A location on the line under a message, or closing the excerpt under it (`--> a.rs:7:20`,
# `╭▸ a.py:1:5`, `,-[a.js:1:7]`, `└─ in a.ts(2,21)`).
ARROW_RE = re.compile(r"^(?:-->|╭─\[|┌─|╭▸|,-\[|└─ in)\s*(/?" + PATH + r"(?::\d+(?::\d+)?|\(\d+,\d+\)))\s*\]?:?$")
BARE_PATH_RE = re.compile(r"^/?" + PATH + r"$")
FILE_BANNER_RE = re.compile(r"^(?:=+ \[?(" + PATH + r")\]?(?: FAIL| =+)|FILE: (/?" + PATH + r"))$")
LOCATION_HEADER_RE = re.compile(r"^In (\S+) line \d+:$")
POSITION_RE = re.compile(
    r"^(?:(\d+:\d+(?:-\d+:\d+)?|\d+(?=: [A-Z]+\d+:? ))():?\s+(\S.*)|([A-Z]+\d+ \d+:\d+ .*|L:\s*\d+\s*\|\s*P:\s*\d+\s*\|.*|[A-Z]:\s*\d+:\s*\d+: .*"
    r"|\d+\s*\|\s*[A-Z]+\s*\|.*))$"
)
# A table row with a level column (`3 | ERROR | [x] text`) is a finding, not an excerpt.
# So is a line number and a rule's code (`3: B6 Body message is missing`).
ROW_RE = re.compile(r"^\d+\s*\|\s*(?:ERROR|WARNING|error|warning|INFO|info|NOTE|note)\s*\||^\d+: [A-Z]+\d+:? \S")
PY_FRAME_RE = re.compile(r'^File "[^"]+", line \d+, in ')
PY_LOCATION_RE = re.compile(r'^File "([^"]+)", line (\d+)$')
BARE_LOCATION_RE = re.compile(
    r"^(?:\(in .*line \d+\)|[Aa]t line \d+ of (?:file )?\S+|File \"[^\"]+\", line \d+|In /?"
    + PATH
    + r":\d+(?::\d+)?|/?"
    + PATH
    + r"(?::\d+){1,2}|/?"
    + PATH
    + r"\(\d+\)|Location: .*|node:[\w/]+:\d+)$"
)
LOC_START_RE = re.compile(
    r"^(?:%?[\w.-]+: ?)?(?:(?:file://)?/?"
    + PATH
    + r'|"/?'  # (the file's name in quotes too, before its line: `"jobs.cron":4:`)
    + PATH
    + r'"(?=:\d))'
    # (`main.c:(.text+0x2a):` is a linker's place in an object's section; `a.vala:8.12-8.14:` a
    # line.column range; `app.groovy: 3: unexpected` puts a space before the line; `a.py@19:8` an at sign.)
    + r"(?::\d+(?::\d+)?:?|@\d+:\d+|: \d+(?::\d+)?:|:\d+\.\d+(?:-\d+\.\d+)?:?|\(\d+(?:,\d+)?\):?|:? line \d+|(?=: [A-Z]+\d+ )"
    + r"|:\(\.?\w+\+0x[0-9a-f]+\):)(?=\s|:|,|$)"
)
LOC_TAIL_RE = re.compile(
    r"\b(?:at (?:\S+ )?line \d+|on line \d+|at [\w./-]+\.\w+:\d+|in [\w./-]+\.\w+,? line \d+)\b"
    # A place closing the line after a dash or in parentheses (`Create your own exception -
    # src/cart.py:11:12`, `... to which it is being added (kea.conf:7:7)`); not after a `#`
    # comment (a step's definition) or a list item's name (`chalk src/index.js:2:19`).
    + r"|(?:(?<= - )|(?<=\())/?(?:[\w.@~+-]*/)*[\w.@~+-]+\.[A-Za-z]\w*:\d+(?::\d+)?\)?$"
)
# A note, a compiler's context (`x.h:48:18:   required from here`) or a remark in parentheses
# (`x.asm:6: error:  (Each undefined symbol is reported only once.)`) explains a finding.
# So does a finding that is only a remark in parentheses (`a.vhd:10:9: (found: 'end')`).
NOTE_RE = re.compile(r"(?:^|: )(?:note:|\s*required from\b)|: (?:error|warning):\s+\([^)]*\)$|^\S+:\d+: \([^)]*\)$")
RULE_ID_RE = re.compile(r"\[[\w./:-]+\]$")
# A line of the report under such a hint giving one side (`Received function did not throw`).
SIDE_RE = re.compile(r"^(?:expected|received|actual|got|snapshot)\b", re.IGNORECASE)
PAIR_KEY_RE = re.compile(
    r"^(?:expected|actual|obtained|got|received|left|right|code|passed in|found|want|wanted|but (?:was|got))\s*:",
    re.IGNORECASE,
)
# A clause that says what was under way when the error came (`while parsing a flow sequence`).
CLAUSE_RE = re.compile(r"^(?:while|when) [a-z]+ing\b")
# The why of the line above, as a field of its own (`x failed on line 9` / `Reason: {badmatch,25}`).
REASON_RE = re.compile(r"^(?:reason|details?|why)\s*:\s*\S", re.IGNORECASE)
# A field of metadata (`- hook id: trailing-whitespace`, `exit code: 1`).
FIELD_LINE_RE = re.compile(r"^(?:[-*] )?[a-z]+(?: [a-z]+)?: \S+$")
YAML_BLOCK_RE = re.compile(r":\s*[|>][-+]?$")
DIGIT_RE = re.compile(r"\d")
NUMBERED_RE = re.compile(r"^(\d{1,5})(?: {1,4}\S|$)")  # (an empty line of the excerpt: its number alone)
# How to see more (`Use -v to get more diff`, `Omitting 2 identical items, use -vv to show`).
ADVICE_RE = re.compile(r"\buse -v+\b|\brun with -v|\b--verbose\b", re.IGNORECASE)
HINT_RE = re.compile(
    r"^(?:Is|Are|Did|Do|Does|Has|Have|Was|Were)\b.*\?$|^(?:Suggested fix|Perhaps|Possible fix|[Hh]int|[Tt]ip|[Ss]uggestion):?\s|^[Hh]elp:\s"
)
# How a value was computed (`+  where 6 = sum(...)`), where the failure stands (`in: aera`,
# `location...:`), an aside opened by an ellipsis (`: ... In instance counter`): not what failed.
WHERE_RE = re.compile(
    r"^\+\s+(?:where|and)\s+\S.* = |^(?:in|location|(?:compilation )?context)(?:\.\.\.)?:(?:\s|$)|^:?\s*\.\.\. [A-Z]"
)
PROGRAM_RE = re.compile(r"^[\w.-]+: (?=\D)")
SENTENCE_END = ".:;!?)]'\"’"


class Line:
    __slots__ = ("text", "indent", "tap", "core", "marked", "mark", "badge")

    def __init__(self, raw: str) -> None:
        text = PID_RE.sub("", raw)
        self.tap = bool(TAP_RE.match(text))
        if self.tap:
            text = TAP_RE.sub("", text)
        elif text[:1] == "E" and MARGIN_RE.match(text):
            text = MARGIN_RE.sub("", text)
            self.tap = True
        if text[:1].isdigit() or text[:1] == "[" or (text[:1] in "IWEF" and text[1:2].isdigit()):
            text = re.sub(r"(?<!\s)\s{2,}[\w.-]+\.py:\d+\s*$", "", TIMESTAMP_RE.sub("", text))  # a log's x.py:N
        elif text[:1] == ";" and text[1:2].isalpha():
            text = text[1:]  # a REPL's comment marker glued to its words (`;Unbound variable: x`)
        elif text[:1] in "/(bdkszt":
            text = SHELL_RE.sub("", text)
        if "[" in text[:12] and TASK_RE.match(text) and not TAG_RE.match(text.lstrip()):
            text = TASK_RE.sub("", text)
        self.marked = bool(MARK_RE.match(text.lstrip()))
        self.mark = ""  # the failure mark itself, for a row that keeps it
        if self.marked:
            mark, text = text.lstrip()[0], MARK_RE.sub("", text.lstrip())
            # (Marks alone and counts, `✘ ✘ (0 / 2)`, are a progress line.)
            self.mark = mark if re.search(r"[A-Za-z]{2,}", text) else ""
        self.badge = bool(BADGE_RE.match(text))
        if self.badge:
            text = BADGE_RE.sub("", text)
        self.text = text.rstrip()
        stripped = self.text.lstrip()
        self.indent = len(self.text) - len(stripped)
        # What the line says without a level tag (`[error] `): for sorting it out only; the
        # indentation that counts is the one after the tag.
        tag = TAG_RE.match(stripped)
        self.core = stripped[tag.end() :] if tag else stripped
        if tag:
            self.indent += len(tag.group(1)) - 1


def kind(line: Line) -> str:
    s = line.core
    if not s:
        return "blank"
    if CARET_RE.match(s) or (line.indent and s.strip("~") == ""):
        return "caret"  # (or a span underlined with tildes alone, indented under its excerpt)
    if CARET_LABEL_RE.match(s):
        return "label"
    if SOURCE_RE.match(s) and not ROW_RE.match(s):
        return "source"
    if FRAME_RE.match(s):
        return "frame"
    if title(s) is not None:
        return "text"
    inner = BANNER_TEXT_RE.match(s)
    if inner and len(inner.group(1).split()) >= 2:
        # `---- RESULT: FAILED (minimum: 80.0%) ----`: the words are a line of their own.
        line.core = s = inner.group(1)
        line.text = line.text.strip().strip("=-─⎯*_~ ")
        if is_count_summary(s):
            return "summary"
        return "noise" if WRAPUP_RE.match(s) else "text"
    if (BANNER_RE.match(s) and not LEVEL_MARKED_RE.match(s)) or WRAPUP_RE.match(s) or LEGEND_RE.match(s):
        return "noise"
    if BARE_LOCATION_RE.match(s):
        return "location"
    if title(s) is None and (is_count_summary(s) or (METRIC_RE.match(s) and not PAIR_KEY_RE.match(s))):
        return "summary"
    return "text"


def is_summary_words(s: str) -> bool:
    """Words a run's summary is made of, naming no test (`Test suite failed to run`)."""
    words = s.split()
    return len(words) >= 2 and all(w.isalpha() and w.lower() in SUMMARY_WORDS for w in words)


def is_count_summary(s: str) -> bool:
    if not DIGIT_RE.search(s) or PAIR_KEY_RE.match(s):
        return False
    # A program's name before its count (`msgfmt: found 1 fatal error`) is no word of it.
    words = re.findall(r"[A-Za-z]+", PROGRAM_RE.sub("", s))
    return bool(words) and all(w.lower() in SUMMARY_WORDS for w in words)


def title(s: str) -> str | None:
    for n, pattern in enumerate(TITLE_RES):
        m = pattern.match(s)
        if m:
            title = m.group(1).strip()
            if "file" in pattern.groupindex:
                title = f"{m.group('file')}: {title}"
            if is_count_summary(title):
                continue
            repeated = REPEATED_RE.match(title)
            if repeated:  # `test/api.test.js [ test/api.test.js ]`: the name, repeated
                return repeated.group(1)
            if n == 2 and not TEST_NAME_RE.match(title):
                # `ERROR: No matching distribution found` is a message, not a test's name.
                continue
            # `test_x (pkg.module.Class.test_x)`: the qualified name says it whole.
            qualified = QUALIFIED_RE.match(title)
            if qualified and "." in qualified.group(2):
                name, where, rest = qualified.groups()
                return (where if where.endswith("." + name) else f"{where}.{name}") + rest
            return title
    return None


def located(line: Line, text: str) -> bool:
    """Whether `text` (the message that starts at `line`) names where it happened: it starts
    or ends with a location, starts at the margin with a position (`3: T5 Title ...`), or
    its line carries a failure mark. (A level tag before the place, `[ERROR] a.java:3:17: ...`,
    is a logger's mark on the line: the place still opens what it says.)"""
    return bool(
        line.marked
        or LOC_START_RE.match(text)
        or (text[:1] == "[" and LOC_START_RE.match(TAG_RE.sub("", text)))
        or LOC_TAIL_RE.search(text)
        or (line.indent == 0 and POSITION_RE.match(text))
    )


def plain_location(s: str) -> str:
    """A location as `path:line` when printed in Python's words (`File "x.py", line 2`), or
    without the word before it (`In src/app.cr:5:12`)."""
    m = PY_LOCATION_RE.match(s)
    return f"{m.group(1)}:{m.group(2)}" if m else s.removeprefix("In ")


def unthreaded(text: str, keep_location: bool) -> str:
    """`text` without the thread a runtime names before an uncaught error (`Exception in
    thread "main" `, `thread 'main' (27807) panicked at src/main.rs:4:49: `). Where it
    panicked stays, unless a test's title already says where (`keep_location` false)."""
    m = THREAD_RE.match(text)
    if not m:
        return text
    rest = text[m.end() :]
    return f"{m.group(1)}: {rest}" if m.group(1) and keep_location else rest
