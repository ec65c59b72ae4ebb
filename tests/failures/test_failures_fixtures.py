"""failures on real tool output: every recording under tests/fixtures/toolchains gives exactly
the messages a developer read off it (see that folder's README for how they were written)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from context_keeper.failures import failure_messages, useful_error_line

FIXTURES = Path(__file__).parents[1] / "fixtures" / "toolchains"
RECORDINGS = sorted(FIXTURES.glob("*.json"))
# Recordings of tools no recogniser knows whose messages the general method (failures/ranking)
# does not give exactly. Kept, and expected to fail, so the day one starts passing is seen:
# the message sits on a line the method ranks below another (ava's diff under a test title
# printed apart from its header, busted's title on the line after its header, bandit's
# location printed after the issue, prettier's file named on the line before "the above file",
# behave's undefined step named only in its summary), or the method keeps
# more than the expectation (yamllint's warnings, htmlhint's file name before the message,
# mono's `FATAL UNHANDLED EXCEPTION:` before the exception),
# and qunit's YAML arrays printed over several lines; from the eighth
# batch: ajv's message inside a printed object, uvu's second diff, xsltproc's first of three lines; from
# the ninth: dart-sass's location on the last line, depcheck's bulleted lists, openssl's
# consequence taken over its cause; from the eleventh: docstr-coverage's
# bulleted list under a file header, lockfile-lint's and ospec's blank-separated blocks,
# yaml-lint's badge lines (its wrap-up taken first); from the twelfth (held out, as recorded:
# the figure in docs/performance.md), the ones its general fixes did not reach: doctest's test
# named in a frame line, csslint's format claimed by the eslint recogniser, mandoc's warning
# kept beside its errors, slotscheck's second `ERROR:` line, sha256sum's `a.txt: FAILED`; from
# the thirteenth (the third round's tuning set, as recorded): one message where the run
# reports several (asc, cfn-lint, clojure.test, gitlint, nyc, oxlint, raco test, typos, valac),
# often with the location printed on a line after the message (asc's `└─ in`, cfn-lint's,
# oxlint's `,-[`, solc's and typos' `-->`); a header without the message printed under it
# (biome's `file:line rule ━━━` banner, stylus's `ParseError: file:line` above its source
# excerpt, clojure's `Execution error` above the exception's message); the wrong line (crystal
# spec's `Failure/Error:` code line over its Expected/to include pair, gnat's compile warnings
# over `raised CONSTRAINT_ERROR`, jsonnet's stack frames over `RUNTIME ERROR`, racket's
# `context...:` frames); and what is kept beside the message (crystal's `In file:line` above
# its excerpt left out, ghdl's `(found: 'end')` as a message of its own, racket's context
# lines joined to its contract violation, zizmor's caret labels left out); and the fourteenth
# (the third round's held-out set) as the method stood when it was recorded, its causes left
# unwritten here so that the set stays unseen by the round it measures.
KNOWN_MISSES = frozenset(
    {
        "ajv-invalid",
        "algol68-errors",
        "asc-errors",
        "ava-two-failing",
        "bandit-shell",
        "behave-undefined-step",
        "biome-format",
        "biome-lint",
        "busted-two-failing",
        "cfn-lint-errors",
        "clojure-exception",
        "clojure-test-failing",
        "crystal-build-error",
        "crystal-spec-failing",
        "csslint-errors",
        "dart-sass-error",
        "depcheck-unused",
        "djhtml-check",
        "dockerfilelint",
        "docstr-coverage-fail",
        "doctest-module",
        "doctest-text",
        "doxygen-warnings",
        "ghdl-syntax",
        "gitlint-commit",
        "gitlint-msg-file",
        "gnat-constraint-error",
        "groovy-assert",
        "groovy-compile",
        "hadolint-dockerfile",
        "htmlhint-errors",
        "jsonnet-assert",
        "livescript-syntax",
        "lockfile-lint-errors",
        "ls-lint-names",
        "mandoc-lint",
        "mono-exception",
        "nearleyc-syntax",
        "nyc-threshold",
        "openssl-verify",
        "ospec-failing",
        "oxlint-deny",
        "oxlint-parse",
        "polyml-type-error",
        "prettier-check",
        "publint-errors",
        "pyroma-rating",
        "qunit-failing",
        "racket-contract-error",
        "racket-unbound",
        "raco-test-failing",
        "raku-compile",
        "raku-die",
        "raku-test-failing",
        "refurb-src",
        "sha256sum-check",
        "slotscheck-broken",
        "solcjs-parse",
        "solcjs-type",
        "sort-package-json-check",
        "sqlfmt-check",
        "sqlfmt-error",
        "stylus-syntax",
        "stylus-undefined",
        "taplo-lint",
        "ty-call",
        "typos-src",
        "uvu-failing",
        "valac-errors",
        "verilator-lint",
        "xsltproc-errors",
        "yaml-lint-error",
        "yamlfix-check",
        "yamllint-parsable",
        "z3-errors",
        "zizmor-audit",
    }
)
# Of those, the ones whose first message is still right.
FIRST_RIGHT = frozenset(
    {
        "qunit-failing",
        "uvu-failing",
        "mandoc-lint",
        "slotscheck-broken",
        "crystal-spec-failing",
        "ghdl-syntax",
        "nyc-threshold",
        "valac-errors",
        "algol68-errors",
        "doxygen-warnings",
        "ls-lint-names",
        "ty-call",
        "z3-errors",
    }
)


def params(misses: frozenset[str]) -> list:
    return [
        pytest.param(p, id=p.stem, marks=pytest.mark.xfail(strict=True) if p.stem in misses else ()) for p in RECORDINGS
    ]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", params(KNOWN_MISSES))
def test_recording_gives_the_expected_messages(path: Path) -> None:
    case = load(path)
    found = failure_messages(case["tool_result"], case["command"])
    assert list(found.messages) == case["expected"]
    assert found.more == case.get("expected_more", 0)


@pytest.mark.parametrize("path", params(KNOWN_MISSES - FIRST_RIGHT))
def test_recording_without_the_command_gives_the_same_first_message(path: Path) -> None:
    # The command is a hint: users run tools through make, npm scripts, tox. The output alone
    # must still lead to the same first message.
    case = load(path)
    assert useful_error_line(case["tool_result"]) == (case["expected"][0] if case["expected"] else "")


def test_the_recordings_are_claude_code_bash_results() -> None:
    toolchains = set()
    for path in RECORDINGS:
        case = load(path)
        toolchains.add(case["toolchain"])
        result = case["tool_result"]
        assert result.split("\n", 1)[0] == f"Exit code {case['exit_code']}", path.name
        assert result == result.rstrip(), path.name
        assert "ck-rec-" not in result, path.name  # the recorder's temp project paths were rewritten
        body = result.split("\n", 1)[1] if "\n" in result else ""
        cut = re.search(r"\n\n\.\.\. \[(\d+) characters truncated\] \.\.\.\n\n", body)
        assert len(body) <= 30_000 or cut, path.name
        if cut:
            assert len(body) - len(cut.group(0)) == 10_000, path.name
        assert len(case["expected"]) <= 5 and all(len(m) <= 300 for m in case["expected"]), path.name
    assert len(RECORDINGS) >= 60 and len(toolchains) >= 25
