"""The failure messages of a failed command: every failure of a run, one line each.

    failure_messages(output, command=None, cap=5) -> Failures(messages, more)
    useful_error_line(output) -> str   # the first message

`output` is a Bash tool_result as Claude Code stores it (`Exit code N`, stdout and stderr as
one stream, ANSI codes kept, possibly cut around `... [N characters truncated] ...`), or any
tool error text. One recogniser per toolchain family reads the cleaned lines (see `lines`)
and returns the messages of every failure it knows; the first one that claims the output
wins, recognisers whose command pattern matches `command` going first, the generic
fallback last. Test runners come before compilers (a test run can print compiler-like
lines), and wrappers (make, npm, the shell) after the tools they run, so `make test` or
`npm test` still yields the test failures.
"""

from __future__ import annotations

import re

from context_keeper.failures import generic
from context_keeper.failures.lines import LINE_CAP, Found, all_lines, collapse, dedupe, pieces, shorten
from context_keeper.failures.restated import fuller
from context_keeper.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Recogniser = Callable[[list[list[str]]], Found | None]
    # "module.function" of this package, imported on first use, or the function itself.
    Target = str | Recogniser

__all__ = ["Failures", "failure_messages", "useful_error_line"]

COMMAND_CHARS = 2000


@record
class Failures:
    """The messages of a failed run (at most `cap`) and how many more failures it reported."""

    messages: tuple[str, ...] = ()
    more: int = 0


def _hint(pattern: str) -> str:
    return r"(?:^|[\s;&|(/=])(?:" + pattern + r")(?=$|[\s;&|)])"


# (name, command pattern, substrings one of which the output must hold, recogniser), in the
# order they are tried when no pattern matches. The substrings spare a full regex pass per
# recogniser over outputs that cannot be theirs (a 64 KB log would otherwise cost ~30 passes),
# and the import: a family's module, and its compiled regexes, load only for output that may
# be its own (all of them at import cost ~20-40 ms, measured with python -X importtime).
RECOGNISERS: tuple[tuple[str, str | None, tuple[str, ...], Target], ...] = (
    (
        "pytest",
        _hint(r"pytest|py\.test|tox|nox|python3?(?:\.\d+)? -m pytest"),
        ("FAILED ", "ERROR ", "= FAILURES =", "= ERRORS =", "\nE "),
        "python.pytest",
    ),
    (
        "unittest",
        _hint(r"python3?(?:\.\d+)? -m unittest|manage\.py|\S*test\S*\.py"),
        ("FAIL: ", "ERROR: "),
        "python.unittest",
    ),
    ("jest", _hint(r"jest"), ("●", "threshold"), "jstest.jest"),
    ("vitest", _hint(r"vitest"), ("Test Files", "Failed Tests", "Failed Suites"), "jstest.vitest"),
    ("mocha", _hint(r"mocha"), (" failing",), "jstest.mocha"),
    ("node-test", _hint(r"node(?: \S+)* --test"), ("not ok ", "✖ "), "jstest.node_test"),
    (
        "cargo-test",
        _hint(r"cargo (?:\+\S+ )?(?:test|nextest|run)"),
        ("panicked at", "---- ", "FAILED"),
        "rust.cargo_test",
    ),
    ("go-test", _hint(r"go test"), ("--- FAIL", "panic: "), "go.go_test"),
    ("maven", _hint(r"mvnw?|\./mvnw"), ("[ERROR]", "BUILD FAILURE"), "java.maven"),
    ("gradle", _hint(r"gradlew?|\./gradlew"), ("FAILURE: Build failed", "BUILD FAILED"), "java.gradle"),
    ("django-check", _hint(r"manage\.py"), ("System check identified", "Migrations for '"), "python.django_check"),
    ("mypy", _hint(r"mypy|dmypy"), (": error: ",), "pychecks.mypy"),
    ("ruff", _hint(r"ruff"), ("-->", "Would reformat: ", "Found ", " would be reformatted"), "pychecks.ruff"),
    ("black", _hint(r"black"), ("would reformat", "cannot format", "cannot parse"), "pychecks.black"),
    ("tsc", _hint(r"tsc|vue-tsc"), ("error TS",), "node.tsc"),
    ("eslint", _hint(r"eslint"), (" error ", " warning ", ", Error - ", ", Warning - "), "node.eslint"),
    ("rustfmt", _hint(r"cargo fmt|rustfmt"), ("Diff in ",), "rust.rustfmt"),
    ("rustc", _hint(r"cargo|rustc|clippy-driver"), ("error",), "rust.rustc"),
    ("go", _hint(r"go (?:build|vet|run|install|mod|get|generate|test)"), (".go:", "go: ", "\timports "), "go.go_build"),
    ("javac", _hint(r"javac"), (".java:",), "java.javac"),
    ("cmake", _hint(r"cmake"), ("CMake Error",), "c.cmake"),
    (
        "compiler",
        _hint(r"gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|ld"),
        ("error", "undefined ", "cannot find -l", "library not found"),
        "c.compiler",
    ),
    ("pip", _hint(r"pip3?|pip3\.\d+|python3?(?:\.\d+)? -m pip|uv pip"), ("ERROR: ", "error: "), "tools.pip"),
    (
        "python",
        _hint(r"python3?(?:\.\d+)?|\S+\.py|uv run|poetry run"),
        ("Traceback", "Error", "Exception", "Exit", "Interrupt"),
        "python.traceback",
    ),
    ("java", _hint(r"java"), ("\tat ", "    at "), "java.exception"),
    ("node", _hint(r"node|npx|tsx|ts-node|deno|bun"), ("    at ", "\nNode.js v"), "node.uncaught"),
    (
        "git",
        _hint(r"git"),
        ("hint: ", "CONFLICT (", "rejected]", "error: ", "fatal: ", "nothing ", "no changes added"),
        "tools.git",
    ),
    ("curl", _hint(r"curl"), ("curl: (",), "tools.curl"),
    ("jq", _hint(r"jq"), ("jq: ", "parse error: "), "tools.jq"),
    # The shell's complaint is the reason a recipe or a script failed: before the wrappers.
    ("shell", None, ("sh: ", "sh:", "(eval):"), "tools.shell"),
    # Wrappers: never moved ahead by the command (`make test`, `npm test` run other tools).
    ("make", None, ("***",), "c.make"),
    ("npm", None, ("npm error", "npm ERR!", "ERR_PNPM_"), "node.npm"),
)


def failure_messages(output: str, command: str | None = None, cap: int = 5) -> Failures:
    """Every failure in `output` (the first `cap`), each as one message line."""
    chunks = pieces(output or "")
    found = _stepwise(chunks, command or "") or _recognise(chunks, command or "") or Found([])
    # Every message one line of at most LINE_CAP, whichever recogniser composed it (a header
    # line taken for a file name can be long: hypothesis found one in eslint's).
    messages = dedupe(
        [m if len(m) <= LINE_CAP and "\n" not in m else shorten(collapse(m), LINE_CAP) for m in found.messages]
    )
    messages = dedupe(fuller(messages, all_lines(chunks)))
    kept = tuple(messages[: max(cap, 0)])
    total = max(len(messages), found.total)
    return Failures(kept, max(total - len(kept), 0))


def useful_error_line(output: str) -> str:
    """The first failure message of `output`, "" when it has none."""
    found = failure_messages(output, cap=1).messages
    return found[0] if found else ""


def _stepwise(chunks: list[list[str]], command: str) -> Found | None:
    """Each failed step of a run of several read apart (`failures.steps`), its messages in
    output order; None when the run is one step."""
    from context_keeper.failures.steps import steps

    found = [f for part in steps(chunks) if (f := _recognise(part, command)) is not None]
    if len(found) < 2:
        return None
    return Found([m for f in found for m in f.messages], sum(max(f.total, len(f.messages)) for f in found))


def _recognise(chunks: list[list[str]], command: str) -> Found | None:
    if not any(line.strip() for lines in chunks for line in lines):
        return None
    command = command[:COMMAND_CHARS]
    text = "\n" + "\n".join(line for lines in chunks for line in lines)
    hinted = [r for r in RECOGNISERS if command and r[1] is not None and re.search(r[1], command)]
    for _name, _pattern, needles, target in hinted + [r for r in RECOGNISERS if r not in hinted]:
        if not any(needle in text for needle in needles):
            continue
        try:
            found = _function(target)(chunks)
        except Exception:  # noqa: BLE001, S112 - see below
            # A recogniser tripping over an output it was not written for must not stop the
            # fold of a session (the same bytes would fail on every later fold): the next
            # recogniser, or the generic rules, still give a message.
            continue
        if found and found.messages:
            return found
    # No recogniser knows the tool: its lines ranked (failures/ranking, imported here: its
    # regexes cost ~10 ms to compile, which a hook that never meets such output should not
    # pay), the old single-line pick when every line is noise.
    from context_keeper.failures import jsonreport, passed, ranking

    try:
        if passed.passed([line for lines in chunks for line in lines]):
            return None  # a clean report says nothing of why the run failed (failures/passed)
        reported = jsonreport.diagnostics(chunks[0]) if len(chunks) == 1 else []
        return (Found(reported) if reported else None) or ranking.rank(chunks) or generic.generic(chunks)
    except Exception:  # noqa: BLE001 - as for a recogniser above
        return generic.generic(chunks)


def _function(target: Target) -> Recogniser:
    if not isinstance(target, str):
        return target
    module, name = target.split(".")
    package = __import__(f"context_keeper.failures.{module}", fromlist=[name])
    return getattr(package, name)
