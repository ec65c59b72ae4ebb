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
# does not give exactly. Kept, and expected to fail, so the day one starts passing is seen.
# Runner formats seen once: ava's diff under a test title printed apart from its header,
# busted's title on the line after its `Failure ->` header (its second value a
# table over several lines), qunit's YAML arrays over several lines, uvu's second diff, behave's
# undefined step named only in its summary, doctest's test named in a frame line, crystal
# spec's `Failure/Error:` code line over its Expected/to include pair. A tool's own words:
# bandit's location in a field under its issue,
# prettier's file named on the line before "the above file", htmlhint's file name kept
# before the message, sha256sum's `a.txt: FAILED`, xsltproc's third of three lines, mono's
# `FATAL UNHANDLED EXCEPTION:` before the exception. Conventions other tools contradict: csslint's compact
# format read by the eslint recogniser, zizmor's primary label drawn apart from its caret.
# The fourteenth batch, the third round's sealed set (docs/performance.md, e2), what is left
# after the fourth round: dockerfilelint's table rows; raku's `===SORRY!===` header, which the
# expectation keeps where the method drops such headers elsewhere; a file named above its
# message on a line of words (livescript's `Failed at: src/app.ls`), or above a count
# (sort-package-json); sqlfmt's second failure, a file and its verdict below the first;
# pyroma's sentences between rules with nothing marking them.
# The fifteenth batch, the fourth round's sealed held-out set, what is left after the fifth
# round read its misses by kind (docs/performance.md, e2): forms of one tool each. EUnit's
# `**error:` and `output:<<"">>` under a `name...*failed*` title; tcltest's `---- Result was:`
# pairs between `====` banners; ReScript's message under a banner, its location above an
# excerpt; Varnish's message with its location on the line below, behind an OS error that
# reads stronger; vermin's message under its location with no sign words; uncrustify's verdict
# in parentheses on a `FAIL:` title; yamale's file composed with each indented item; splint's
# explanation joined to its finding; progress lines with locations taken for findings
# (Haxe's trace); flawfinder's wrapped lines (since fixed but for one, `functionality` /
# `if available.`); rollup's location under its message.
# The sixteenth batch, the fifth round's sealed held-out set, what is left after the sixth
# round (split in halves by toolchain, one half read during the round, the other at its end;
# docs/performance.md, e2). A message over several lines: flow's fourth message wrapped onto
# the margin mid-sentence; html-minifier's quoted snippet going on at the same indentation (since
# fixed by a header's list, batch 27's reading).
# The wrong line: iasl's location and excerpt on one line, its error and caret on the next. Runner
# formats: bun's test title printed after its report, node-tap's YAML diagnostics (the diff
# under `diff: |`, the subtest named on a `# Subtest:` line above). Conventions: yq's echo of
# the jq filter after `line 1:`.
# The seventeenth batch, the sixth round's sealed held-out set, what is left after the seventh
# round (split in halves by toolchain, one half read during the round, the other at its end;
# docs/performance.md, e2). A prefix that is the message: plunit's and hugs's `ERROR` kept by
# the expectation, with plunit's repeated on its continuation lines. A place on another line:
# picolisp's `[cart.l:4]` over the message; sshd's file named without an extension
# (`sshd_config: line 3:`). The same message twice: kea's log line and its restatement both
# kept; knot's wrap-up (`failed to load configuration file`) beside its finding; smlnj's `Fatal
# error -- Uncaught exception` taken for a second failure. The wrong line: a deprecation
# warning's source line (jsonschema); reuse's advice over its headed lists; xdoctest's
# `CommandLine:` reproduction over `Expected:`/`Got:`; nox, whose expectation is the session's
# exit-status line. Several failures: keepalived's line without a place or a failure word
# (`(CART) the virtual router id must be set`); dpdm's numbered list under a bullet heading;
# iwyu's empty `should add these lines:` section. Runner formats: brittle's nested TAP with YAML
# diagnostics, poku's titles around their reports. Levels: logrotate's `found error in ...,
# skipping` wrap-up kept between its two errors.
# The eighteenth batch, the seventh round's sealed held-out set, what is left after the eighth
# round (split in halves by toolchain, one half read during the round, the other at its end;
# docs/performance.md, e2). A place not put in front: written above the message in a form of
# its own (fasm's `cart.asm [8]:`, ledger's `While parsing file "x", line 7:`, unzip's `testing: a/cart.py` over `error:`), closing the line
# without a dash (markuplint's `... (rule) /p/index.html:13:9`), in fields under a heading
# (detect-secrets' `Location:` under `Secret Type:`). Conventions the expectation
# writes against other tools': robocop's `place CODE text` (one space) and rustfmt's `Diff in
# x:1:` kept with their colon, glib-compile-schemas' wrap-up clause after two spaces dropped,
# podchecker's `*** ERROR:` kept where yabasic's `---Error` goes (fawltydeps' list joined to its
# heading: since fixed, a sentence ending in `:` takes its flat list), pre-commit's hook names left out. The wrong line: hg's advice over its `warning:
# conflicts`; syslog-ng's excerpt, numbered with spaces, taken for the header's text. Several
# failures: findmnt's `[E]` rows under bare mount points, quilt's `Hunk #1 FAILED` beside the
# patch's verdict, import-linter's contracts each a heading over its broken imports, cabal's
# wrapped warnings under a heading that names the errors, gpasm's `Message[302]` level,
# pykwalify's errors inside a Python list. Runner formats: Playwright's title ruled off to the
# right.
# The nineteenth batch, the eighth round's sealed held-out set, what is left after the ninth
# round (split in halves by toolchain, one half read during the round, the other at its end;
# docs/performance.md, e2). The same message twice, the expectation keeping the program's own
# line over the logger's (alembic's `FAILED: x` under `ERROR [alembic.util.messaging] x`). A
# message in a box padded to the terminal's width, wrapped inside a word, under the place in
# the tool's own source (composer's `In Factory.php line 320:`). A header over its message not
# joined: a header ending in `because:` over reasons that are each a failure (docker-compose),
# over a bulleted list the expectation joins to it (mix format; since fixed, with the line
# above it: a sentence ending in `:` takes its flat list, a message over such a list of names
# takes it as its detail), pkg-config's two reports each
# of a first and a fourth line with advice between; a sentence past the excerpt under a
# `cause:` (uv sync); uv's `cause:` line after an `error:` that the Rust recogniser claims (uv
# pip compile; since fixed: an error takes the cause labelled under it, failures/tools). Several failures as one: testthat's blocks (`Failure ('test-cart.R:2'): name`
# over a paragraph the expectation joins, a `Warning` block between them not a failure), also
# inside `R CMD check`'s log tail beside a WARNING's paragraph; CTest's output under a
# `N/M Test #N: name ....***Failed` line, the test named only there; Zig's test titles ending
# in `...` with the message after them on the same line or the lines under, its frames and
# excerpts taken for findings. The wrong line: just's wrap-up (`error: recipe `lint` failed on line 6 with exit
# code 1`, the expectation) under the recipe's echoed command.
# The twentieth batch, the ninth round's sealed held-out set, scored once on the ninth round's
# final code and not read during it (docs/performance.md, e2). Several failures as one: C and
# Haskell and OCaml and Ruby runners whose failures are each a block under a test's name
# (CUnit's numbered list under `Run Summary`, shUnit2's
# `ASSERT:` lines, test-unit's `Failure:` blocks, QuickCheck's `*** Failed!` under a property's name,
# Alcotest's report beside its log files), pdflatex's `!` errors each with its
# `l.N` line, npm-run-all's TAP failure beside the linter's. A header over its message not
# joined, or joined where the expectation keeps the lines apart: Hypothesis's `Failing test
# case:`, size-limit's limit and size, check-manifest's
# list (since fixed, as mix format's), syncpack's counts split
# from their rows. A test's name the expectation puts in front (HUnit's `0:total:` at the end of
# a progress line). The wrong line: nbconvert's
# `CellExecutionError` over the cell's `KeyError`, squid's `Operation aborted` housekeeping, Boost.Test's
# `last checkpoint`. Conventions the expectation writes: TeX's
# `! ` kept, Dialyzer's quoted atom kept on its wrapped line (since fixed: a bracket opened
# mid-sentence goes on with it).
# The twenty-first batch, the tenth round's sealed held-out set, scored once on the tenth
# round's final code and not read during it (docs/performance.md, e2). A test's name the
# expectation puts in front, the method giving the runner's line for the test instead or the
# message alone: Japa's titles with their times, zora's names and trial's after its lone failure, sqitch's
# change name (`+ orders ..... Parse error ...` read where no count tells the blocks).
# Several failures as one or
# too few: QCheck's `errored on` beside two `failed`, fossil's
# `possible unresolved merge conflict` lines given without the abort over them, smallcheck's two
# counterexamples, bibtex's error and warnings,
# cog's `Checking ... (changed)`
# lines (its `Check failed` chosen). The wrong line: bibtex's `(Error may have been on previous
# line)`, hedgehog's source excerpt over
# `prop_x failed at ...`, papermill's cell header over the exception's last line, attw's table
# cells over its problems' sentences. Decoration the expectation drops: rsnapshot's `ERROR:`
# and its backslash wraps. graphql-schema-linter: one more finding counted
# than the expectation's.
# The twenty-second batch, the sealed held-out set of the eleventh and twelfth rounds, scored
# once on the twelfth round's final code and not read during either (docs/performance.md, e2):
# 68 of 121 messages, its misses read after scoring, by kind. The wrong line: a line of
# decoration or housekeeping over the message (semgrep's source excerpt, semantic-release's
# exception over its `✘` line (the line not joined to the sentence under it), httpie's HTML
# `<title>` under its `warning:`, prospector's `Messages` heading), the runtime's restatement over the
# tool's own line (jekyll's Ruby raise with its frame, typeorm's `QueryFailedError` under
# `Migration ... failed, error:`), the second of two messages where the first is the one quoted
# (cypress, gh's `please run:`, parcel's resolver line under its located diagnostic). A message
# over several lines not joined: a finding ending in `:` over its indented items (apt-get's
# unmet dependencies, pytype's explanations under each location), an exception's wrapped
# sentences (puppeteer, hatch's second sentence after the traceback), gdb's frame line under the
# signal. A place or name not put in front: on its own line above (next's `./app/page.tsx`,
# cloud-init's bare `Error:`), a test's title over its exception (junit4's `1) name`).
# Decoration kept: tsup's and graphql-codegen's `ERROR:`/`Error N:` after the location, dbt's
# excerpt line, rspack's `×` and `╭─[2:45]`, openapi-typescript's `Error:` where its `✘` line
# reads bare. Several failures as one or too few: testparm's unknown parameter and warning
# before its wrap-up, dbt's `Failure in model` blocks (their titles given without the error
# under them), ginkgo's blocks under `• Failure` (its summary chosen), packer's first message
# behind `???????:`, prospector's `Line: N` headings under a file. testify: a `Diff:` label
# joined.
# The twenty-third batch, the sealed held-out set of the thirteenth round, scored once on that
# round's final code and not read during it (docs/performance.md, e2): 72 of 134 messages, the
# same as before the round; its misses read after scoring, by kind, and the largest general
# causes fixed (98 of 134 after). What is left. Conventions other recordings contradict: a hint
# under an error kept, indented (createdb's and pg_dump's `Is the server running ...?`, which
# psql's expectation drops) or led by the program's own prefix (initdb's `initdb: hint:`);
# Python logging's `INFO:auditwheel.main_repair:` dropped where xenon's `ERROR:xenon:` is kept;
# graphql-inspector's `✖` marks kept where commitlint's are dropped (its first row also lost).
# A message's continuation not joined: CppUTest's leak's `Alloc num` at the margin and its
# `difference starts at ...` over a caret; lerna's rows repeating its prefix under a heading
# ending in `:` (no line of its run scores); phpcpd's clones under `Found 1 clones ...:` (its
# summary chosen); testslide's sentence under its exception. Decoration kept in front: pyre's
# `ƛ`, testslide's numbers. A place or heading over its items not put in front of each:
# docsig's `file:line in name` over indented codes and graphql-inspector's `in file:` over ` - `
# items (fixed: findings at one margin under a heading naming their place, failures/grouped;
# sherif's `N issues found in ./x:` too, its warning left out beside its errors), perltidy's file
# prefix on every line (its banner chosen). Several failures, too few or one wrong: makeinfo's
# `misplaced {` read as code (its warning kept), vitepress's `(!)` rows with no failure word
# under its wrap-up.
# The twenty-fourth batch, the sealed held-out set of the thirteenth and fourteenth rounds and
# of batch 23's reading, scored once on their final code and not read (docs/performance.md, e2):
# 82 of 116 messages, 83 once a rule read off a kept half was reverted for the wrong place it
# put in front of `find`'s error. Its misses read after scoring, by kind (90 of 116 after the
# fixes, not held out). Several failures, each a line led by the program's name, too few or one
# wrong: xz's, gzip's and bzip2's `prog: file: what` lines with no failure word (fixed: such
# lines are peers of a block, failures/blocks), ls's and sysctl's listed data joined to an error
# as a continuation (fixed: a name leading several lines takes none, failures/joins); sysctl's
# first, of another shape than its `cannot stat` lines (fixed: a program naming itself on its
# failures names its others before them, failures/findings); left, zstd's first line, not led by
# its name. An advice or wrap-up line chosen over the error above it: ejs's `If the above error
# ..., you may want to try` (fixed: advice said to the reader, failures/wording), unimported's
# `Inspect the results`, ThreadSanitizer's `reported 1 warnings` over its `WARNING:`. A message
# over several lines cut or not joined: bump2version's exception ending in `:` (fixed: it takes
# the lines it opens, failures/python) and pgbench's tab-indented hint (kept here, dropped by
# psql's expectation), mysqladmin's three lines split in two, augparse's Expected/Actual blocks,
# testtools' `Differences: {` dict, knex's `Error:` over `$` and its reason, usort's `Error
# sorting` over `parser error:`; fypp's two lines read as two failures. Decoration kept or a
# form read apart: json2ts's error printed as a JavaScript object, setuptools-scm's tuple,
# pdoc's location after the exception (the message given twice; fixed: a message given again
# with the place it was logged from is one, failures/lines), ansible's host named on the
# `UNREACHABLE!` line below its `[ERROR]:`, j2lint's tree rows wrapped under a file heading,
# unimported's table rows under their titles.
# The twenty-fifth batch, the sealed held-out set of the sixteenth round, scored once on that
# round's final code and not read (docs/performance.md, e2): 71 of 142 messages, the same as
# before the round. Its misses read after scoring, by kind. A restatement chosen over the tool's
# own fuller line above it: ts-json-schema-generator's `Error:` over a stack (twice) restating
# `error TSJ - 102: ...`, node-pg-migrate's `Error: connect ...` restating `could not connect to
# postgres: Error: ...`, gcl's `UNDEFINED-FUNCTION ...` under `Error: UNDEFINED-FUNCTION ...`
# (fixed: a one-line message, bare or behind `Error:`, that ends an earlier line at the margin
# whose lead says something is that line, failures/restated); left, runit's wrap-up copies
# `FAILURE in test.x: Error in ...` (one cut before its continuation). An
# exit-status, banner or wrap-up line chosen over the message above it: the shell's `Aborted`
# line under the program's own reason (fortify's `*** buffer overflow detected ***`, glibc's
# `free(): double free ...`; fixed: an abort is raised by the program right after it writes why,
# so the line above the shell's `Aborted` is the message, failures/tools), left, poe's `Sequence aborted after failed subtask`, redis-check-rdb's
# `--- RDB ERROR DETECTED ---` joined in front, LeakSanitizer's `ERROR: ... detected memory
# leaks` over its `Direct leak ...` records, pike's `Unknown program:` frame under `Division by
# zero.`. A frame, backtrace or source excerpt chosen: drd's `at 0x...` frames under its
# `Conflicting load ...` lines, buttercup's and ert's backtrace lines, chibicc's echoed source
# line with its place (the message follows the caret below; fixed: a place with only code
# after it over a labelled caret is `place: label`, failures/after), salt-lint's excerpt under the
# place (its `[207] text` heading above). Too much joined: helgrind's banner and frames,
# redis-check-aof's `... is not valid. Use the --fix option ...` carried beside its message
# (fixed: a runner-up ending in advice after its own sentence is not carried,
# failures/carried), tup's `Line was:` echo, muon's
# `error in function ...()` line given as a failure of its own. Decoration kept or a form read
# apart: coffeelint's `✗` (its `Lint!` wrap-up also given under the last file), tach's `[FAIL]`,
# supertape's `❌ not ok N`, yath's `( DIAG ) job N` columns, ivy's `[ivy:retrieve]` rows (its
# `:: name: not found` list wanted), mtrace's `Memory not freed:` heading not in front of its
# rows, lein's title joined by `:` where its expectation writes `;`. A message over several
# lines not joined: pike's `Expected:` / `Got :` lines given as findings of their own,
# tinytest's `call|` / `diff|` / `info|` rows under `FAILED[data]:`, tstyche's second sentence,
# check-sdist's `Git only:` over its files (its `SDist does not match git` chosen), pgcli's hint.
# Several failures, too few or a title missing: add-trailing-comma's and setup-cfg-fmt's first
# `Rewriting` line, pug-lint's messages under their places and excerpts (two joined, no place),
# radish's scenarios (one of two, no title), tstyche's (one of three), lein's offline list (a
# line outside the expected five given), and the test's title not put in front for buttercup,
# ert, radish, supertape, tstyche. Conventions older recordings contradict (both kept as
# recorded): pgcli's `Is the server running ...?` hint kept where psql's expectation drops it;
# coffeelint's `✗` and tach's `[FAIL]` dropped where stylelint's and graphql-inspector's `✖` and
# alcotest's and Criterion's `[FAIL]` are kept; lein's `FAIL in (t) (f:N); expected:` where
# clojure.test's recording writes the title with `: `.
# The twenty-sixth batch, the sealed held-out set of the sixteenth round and batch 25's reading,
# scored once on their final code and not read (docs/performance.md, e2): 53 of 104 messages, the
# same as the code before the round. Its misses read after scoring, by kind. A message's detail
# lines not joined: a diff under an assertion that does not show the values it compares
# (syrupy's `assert [+ received] == [- snapshot]`, pytest-regressions' `FILES DIFFER:`; fixed: a
# diff whose values the assertion line does not show joins its changed lines, failures/diffs;
# left, phpunit's `two strings are equal.`, jest's file snapshot with its `- Snapshot - 2` count
# joined instead),
# an exception's message over several lines (pydantic's and pydantic-settings' `N validation
# errors for X` over their fields; fixed: an exception told over structured lines under it takes
# them, documentation pointers left out, failures/python), a heading over its list (pip's `The
# conflict is caused by:`, fixed: an `ERROR:` line takes such a heading after a blank line unless
# it is advice, failures/tools; git's ignored paths under `The following paths are ignored ...:`,
# fixed: with nothing read as a message a heading over the names it lists is said with them and a
# `hint:` is never the last thing said, failures/joins; left, npm's `While resolving:` / `Found:`
# / `Could not resolve dependency:` lines), pytest-mock's `Expected:` / `Actual:` and
# `Calls:` (its `Differing items:` chosen), typer's message wrapped over a box's rows (cut),
# newman's and rspec's aggregate `expected ... got` under their test titles. Too much joined: go
# fuzzing's goroutine stack (fixed: a stack dump under a log line is no continuation of it,
# failures/go), ts-jest's excerpt, tildes and `Test Suites:` count with the place
# given twice, cargo's `--offline` reminder carried where `location searched` / `required by`
# are wanted. The wrong line: pytest-cov's coverage table heading read as a failed test's
# section (its `FAIL Required test coverage ...` wanted), pdm's `WARNING:` over `[AttributeError]:
# ...` (fixed: an exception's name in brackets reads as one, failures/wording), git's `hint:`
# lines over the message above them (fixed with its list, above), git submodule's `Failed to
# clone ...` (read as a runner's failure marks) over the two `fatal:` lines, typescript-json-schema's `Error: No output definition` wrap-up
# over its `src/types.ts (1,26): ...` diagnostics, cargo's middle `Caused by:` lines where the
# `error:` and the last cause are wanted (fixed: an error over `Caused by:` headings is the error
# and its innermost cause, and the causes mark no failures, failures/findings and counted), go
# mod's `x imports` cut from its tab-indented reason (fixed: an import chain is one message,
# failures/go),
# compileall's `*** Error compiling` records (place missing, `Sorry: TabError` left out). Several
# failures, too few or a title missing: rspec's aggregate_failures (each `Failure/Error:` under
# one title), pytest-check's `FAILURE:` lines, go's race report given once for two tests (fixed:
# each log entry of a failed test that reads as a failure, failures/go),
# pytest-xdist's `[gw0] linux -- Python` line read as a failure and its crash message cut at the
# summary's `...`, pytest 9's `contains 2 failed subtests` wrap-up given as a failure,
# mjml's first finding, the IBM OpenAPI validator's `Message :` / `Path :` record read as a
# line (`path: message` wanted). Conventions older recordings contradict (both kept as recorded):
# pytest-subtests' and pytest-xdist's `- 2 item; + 2 items` diff joined where pytest's own
# `-vv` recording leaves out a diff whose values the assertion already shows.
# The twenty-seventh batch, a sealed held-out set of new output shapes of mainstream tools (pytest,
# unittest, mypy, ruff, pip, jest, vitest, mocha, node, tsc, eslint, npm, cargo, go, the C
# toolchain, git, shellcheck), scored once on the code before it was read (docs/performance.md, e2):
# 106 of 143 messages. Its misses read after scoring, by kind. A message's detail lines not joined:
# a heading ending in `:` over the lines that finish it (flake8's `critical error ...:` / `required
# plugins ...` over its `- installed:` / `- expected:` / `- missing:` list, tox's environments one
# word a line; fixed: a header joined to its next line takes the one-word or bulleted items that end
# its block, failures/after; left, pytest's `import file mismatch:` over its lines, cmake's `Target
# "shop" links to:` / its target / `but the target was not found.` indented with blank lines
# between), a detail after a blank line (eslint's `You passed ...`, node:test's `Error message:` /
# its text; mocha's `+ 'pear'` / `- 'fig'`, fixed: a diff under a header that shows no values joins
# it, failures/jstest), a detail line under its message (a git hook's `commit-msg: got: ...`,
# javac's `location:` after `symbol:`, node's `From ...` under ERR_REQUIRE_ASYNC_MODULE,
# pytest.raises' `E   Expected regex:` / `Actual message:`, fixed: an exception's lines under its
# first are its message, failures/continuation), a sentence wrapped over two lines cut
# at the break (git's `(i.e.,` / `starting with "refs/").`), a label under a caret and the place of
# a `-->` line (cargo's doc tests, given under the doc test's title instead). Too much joined:
# pytest's `Requesting fixture stack:` heading carried on the message's line, jest's advice after
# the ESM message, eslint's `Oops! Something went wrong! :(` banner in front (fixed: an exclamation
# that something went wrong, naming nothing, is a verdict, failures/wording), npm's `engine` /
# `notsup` lines joined by spaces where `; ` is wanted. The wrong line, a tool's wrap-up or generic
# failure over the cause it prints above or inside it: cargo's `failed to run custom build command`
# over the build script's panic under `--- stderr` (fixed: the panic is the message, failures/rust),
# git's `failed to push some refs` over the pre-push hook's line (fixed: a closing `failed to
# <step>` naming only its quoted target is a wrap-up, failures/wording), make's `No rule to make
# target` over `Makefile:1: config.mk: No such file or directory` (fixed: make's line naming the
# file it could not include, failures/c), pip's `Could not build wheels` over the subprocess's
# `error: command ... failed`, npm's echoed `> exit 3` script over its `Lifecycle script ... failed`
# record (a step cut at `npm error code 3`, inside npm's record), vitest's caret `^` read as a place
# in front of its exception and its `Duration` line read as a second message (a wrong fact; fixed: a
# caret opens no block of a counted run, failures/counted; left, the second exception), go's `go:
# errors parsing go.mod:` heading over its entries and go's `package x` line without the `imports`
# chain under it (both fixed in failures/go). A wrap-up or restatement given beside the cause: git's
# `fatal: cherry-pick failed` and pytest's `ERROR: usage:` line (fixed: a hyphenated word is a plain
# word of a wrap-up, a usage synopsis after a level is noise, failures/wording and shapes), nox's
# `Error while collecting sessions.`, git's `fatal: git upload-pack: not our ref ...` restating the
# first `fatal:`, bash's echo `line 9: `fi'` under its syntax error. A prefix kept: mocha's
# `Exception during run:`, the interpreter's path before `No module named`, nox's `nox > `; ruff's
# middle `Cause:` lines dropped and `ruff failed` left out. Several failures, too few: mypy's
# `pyproject.toml: [mypy]: ...` config errors, pylint's `.pylintrc:1:0:` findings (fixed: a tool's
# dotfile is a file a place names, failures/shapes; left, its `Command line or configuration
# file:1:0:` finding), a `cp:` error above a script's `line N:` errors, npm's `npm error missing:`
# lines joined into one after `code ELSPROBLEMS`. Conventions older recordings contradict (both kept
# as recorded): ruff's expectation keeps every `Cause:` line where cargo's and anyhow's chains
# (batch 26) keep the error and its innermost cause; the java launcher's `location: class Main`
# wanted after `symbol:` where the javac, ant and maven recordings end at `symbol:`; the
# interpreter's path dropped before python's `No module named` where ld's `/usr/bin/ld: cannot find
# ...` keeps it. Left as a miss, not a contradiction: unittest's `UNEXPECTED SUCCESS: test (id)`
# wanted verbatim where the method writes `id: unexpected success` (no older recording has one).
# The twenty-eighth batch, a sealed held-out set of 58 popular toolchains not yet recorded (Gradle,
# puppet, the static analyzers of gcc and clang, PyYAML, Jinja2, Requests, the AWS CLI, chai,
# sinon, zod, joi, mongoose, React, the AWS CDK, graphql-js, ...), scored once on the same code:
# 82 of 120 messages. Its 26 misses read after scoring, by kind. An exception's message told over
# the lines under it, not joined: PyYAML's and ruamel.yaml's `while parsing a block mapping` over
# its indented `in "f.yml", line L, column C` places and the margin sentence between them (two
# each; fixed: lines under an exception may start indented, and a margin line quoting a value
# with `: ` in it is no label of its own, failures/python), pug's `TypeError: views/cart.pug:3` whose message comes after its excerpt and a blank
# line (twice), mocha's message continued at the margin under its indented first line above the
# frames (sinon's three arguments, nock's request object and its `Mocks not yet satisfied:`
# line, chai's diff where the assertion shows no values, `…(2)`; fixed: lines left less indented
# than the message's first are the message, and a diff under a message that cuts its values or
# ends in `:` joins its changed lines, failures/jstest, which also makes batch 27's
# mocha-done-twice-and-rejects exact), yup's `3 errors occurred` over its `- reason` lines (one
# message each wanted; fixed: an exception that counts exactly the items bulleted under it gives
# each item, failures/layout). A thrown value node prints in brackets over its
# properties (`[Error [ValidationError]: ...] {`, `[7:23: Unexpected end of file ...] {`): the
# wrong line (a property, `fatal: undefined,`, or one reason of joi's detail records; fixed: such
# a line under the throw's place, code and caret is the message, its brackets left out, and node's
# `Node.js vN` line brings the node recogniser to an output with no stack, failures/node). Several
# failures of one run given as one or too few: graphql-js's messages, each followed by its
# `GraphQL request:L:C` place (to go in front) and excerpt (first and fourth missing), zod's
# issues as a JSON array's `"message"` fields (two of five; fixed: an exception whose message
# opens a JSON list, `ZodError: [`, is its records, failures/jsonlist and node),
# eslint-config-prettier's two headings
# over their `- rule` lists (the second, cut at `See:`), jscodeshift's ` ERR file Transformation
# error (...)` lines each over a stack (the last exception chosen), cattrs' nested exception
# group (its leaves with their `Structuring class X @ attribute y` notes; fixed: several leaves of
# a group are several failures, each with its notes, after the group, failures/groups), msw's
# `[MSW] Error:` report and react's `Invalid hook call.` paragraph printed before the uncaught
# exception that follows (only the exception given; fixed for msw: an `Error:` line at the margin
# above the throw's place, code and caret, with the lines its `:` opens, is a failure too,
# failures/node; left, react's paragraph, which names no error). The wrong line: the shell's `Aborted` report over
# libstdc++'s debug-mode report (its place on a line alone, `Error: ...` wrapped over two lines
# below `In function:`; twice), Gradle's `Execution failed for task` / `Compilation failed; see
# the compiler error output` wrap-up over javac's diagnostics above it (fixed: javac's diagnostics
# above Gradle's verdict are the failures, failures/java; left, the second's `location: class
# Cart`, see below), latexmk's `! ==> Fatal
# error occurred` over TeX's `! File ended while scanning ...`, the yaml CLI's throw site
# `file:///.../bin.mjs:10` given first and its excerpt joined to `YAMLParseError: ...:`. Too
# much joined: node-gyp's `gyp ERR!` log (configure error, stack) carried with `gyp: binding.gyp
# not found`. Conventions older recordings contradict (both kept as recorded): pug's expectations
# drop the exception's name (`views/cart.pug:3: Cannot read ...`) where node's recordings, react's
# in this batch among them, keep `TypeError:`; Gradle's `> ` cause mark kept inside the message
# where rollup's `[!]` and Groovy's `Caught:` marks are dropped; jscodeshift's `src/b.js:
# Transformation error` writes a `:` after the place where the tool printed a space, as the
# recordings that put a place in front do; gradle-compile-errors' javac message keeps `location:
# class Cart` after `symbol:` (as batch 27's java-source-launch-compile-error does) where
# javac-errors and ant-javac-errors end at `symbol:`.
# The twenty-ninth batch, a sealed held-out set drawn as batches 27 and 28 were (34 new shapes of
# mainstream tools, 34 runs over 29 toolchains not yet recorded), scored once on the code after
# their reading (docs/performance.md, e2): 60 of 101 messages, the same as the code before it.
# Its 33 misses read after scoring, by kind. A message over several lines given by its first line
# only (the largest, 17): an exception's text continued under it, pytest's `E` lines after the
# first (fixed: an exception's lines under its first are its message, up to a diff or advice,
# failures/continuation; left, numpy's report, see below; numpy's and pandas' reports, numpy's
# `AssertionError:` whose text is on the next line,
# `Differing attributes:` / `Drill down into ...:` headers over their values, `Emitted warnings:`,
# pytest-asyncio's list of plugins), unittest's changed lines under a `!=` of multi-line strings,
# python's exception notes, apollo's second message after a blank line (fixed: a short message
# at the margin between a node error's first line and its stack goes on it, failures/node), coq's `In environment`
# context, sql-formatter's `Unexpected ... token` line (fixed: margin lines that close a paragraph
# of their own with the message go on it, failures/margin), celery's `Error:` with its text on the
# next lines, cargo's `available binaries:` line, pip's `×` / `╰─>` lines, psql's `LINE 1:`
# excerpt between the error and its `HINT:`, redis's `>>>` line and reason, maturin's `maturin
# failed` over its `Caused by:`. Too much joined (3): jest's CI sentence after the snapshot
# message, sqlglot's SQL excerpt after its ParseError, npm's `JSON.parse Failed to parse JSON
# data.` from the next `npm error` line. The wrong line (8): an advice line (eslint's `Please check
# for typing mistakes`; fixed: a polite `Please check ...` is advice, failures/wording, and the
# last thing said is not advice, failures/ranking) or a config listing (vitest's `exclude:`) under the message, a process's
# last word (msan's `Exiting`, the shell's `Aborted` under node's `FATAL ERROR:`), maven's `[ERROR]
# Some problems were encountered` heading over its `[FATAL]` entry, lldb's python import warning
# over the stop reason and frame, pelican's `RuntimeError: Warning or error encountered` wrap-up
# (a fragment of a split line in front of it). A wrong fact: pelican's log column
# `__init__.py:683` carried inside the message (fixed: a log line's source column at its right
# is where it logged from, failures/shapes; left, the lines whose time rich leaves out). Several failures given as one or too few (6):
# beautysh's diff hunks (its `+++ formatted` header chosen), go's example `got:` / `want:` blocks
# cut at their first line (the second carrying the `FAIL` summary, a wrong fact; fixed: an
# example's output at the margin under its FAIL line is its message, failures/go), jshell's two
# `Error:` reports merged, valibot's issues printed before the thrown ValiError, valgrind's first
# of two errors (fixed: reports each opening a paragraph over its own stack are several failures,
# failures/stacked), ioredis's `Unhandled error event` before the final error. The cap: attrs' cut
# message wanted with a space before `…`. Conventions older recordings contradict (both kept as
# recorded): pip-externally-managed keeps pip's `×` and `╰─>` marks and joins with `; ` where
# pip-build-failure and pip-sdist-no-compiler drop `×` and join the `error:` line to it with `: `;
# redis's `*** FATAL CONFIG FILE ERROR ... ***` keeps its banner stars where the method's other
# recordings drop decoration around a heading; numpy's report is wanted up to its `Mismatch at
# index:` entry, dropping the `Max ... difference` and `ACTUAL:` / `DESIRED:` lines, where pandas'
# is wanted whole.
# Batches 30 and 31 (141 runs: new output shapes of mainstream tools and popular toolchains not
# yet recorded, two independent draws; two of batch 31's runs came out byte for byte as batch 30's
# and are one file each) were scored once, sealed, on the code before and after the eighteenth
# round (the same figures both times): 47 runs missed. Their misses read after scoring, by kind
# (docs/performance.md, e2; 16 made exact, not held out). A tool's own report form read as text:
# GitHub annotations (ruff's `::error title=...::a.py:1:1: E401 ...%0A  help: ...`; fixed: the
# workflow command is dropped and `%0A` read as a newline, failures/lines, and a `help:` line is
# no continuation, failures/joins), a report printed as one JSON document (pyright's
# `--outputjson`; fixed, failures/jsonreport; left, eslint's `-f json`, whose expectation appends
# the `ruleId` where pyright's leaves its `rule` out), JSON log records (pino's `err` object,
# kafkajs's records over the plain exception that ended the run, chosen over it), rich's
# traceback panel (its frames chosen; fixed: the panel's title is a traceback's header,
# failures/python), ruff's `--statistics` table rows (its fix hint chosen), `ruff format --diff`
# (its diff's lines; fixed: its count, failures/pychecks). A message over several lines cut: mypy
# `--pretty` wrapped at the margin up to its `[code]` (fixed, failures/pychecks), cmake's
# sentence going on after the value it sets off (fixed, failures/c), node's `[cause]: Error: ...`
# among the thrown error's properties (fixed, failures/node), uv's `  cause:` under `error:`,
# which the git reading claimed for its `hint:` (fixed: an error takes the cause labelled under
# it, failures/tools; batch 19's uv-pip-compile too); left, jest's toBeCloseTo `Expected
# difference:` / `Received difference:` lines, npm ci's `Missing: ... from lock file` after its
# paragraph, jmespath's expression on the line its `Incomplete expression:` opens, xml2js's
# `Line:` / `Column:` / `Char:` lines, responses' `Request:` / `Available matches:` labels
# dropped from pytest's `E` lines, fd's and ripgrep's echoed pattern between `regex parse error:`
# and its caret. Too much or the wrong line given beside the message: git's `error: please commit
# or stash them.` and `fatal: Could not read from remote repository.` (fixed: what to do said
# under a level, and a wrap-up under git's fatal line, are no failures, failures/wording and
# tools); left, cargo's `--offline` reminder carried where `location searched` / `required by`
# are wanted, vitest's `Error: Build failed with 1 error:` over rolldown's located
# `[PARSE_ERROR]` and its label, jest's `Pattern: x - 0 matches` over `No tests found, exiting
# with code 1`, loguru's second `ERROR | ...` record left out. Several failures given as one or
# too few: the same complaint about different things each named first (ripgrep's `docs: No such
# file ...` / `lib: ...`; fixed, failures/blocks), lines led by a place in a document in other
# words each (typebox's `order/items: ...`; fixed, failures/blocks); left, a program's own
# reports printed before the exception that ended it (arktype's and semver's lines over node's
# throw, lxml's schema error over a traceback, pyjwt's two lines over the traceback's
# exception), two programs' exceptions in one command (boto3's two tracebacks, jsonwebtoken's
# two lines), imagemagick's two `convert:` lines joined, pdftotext's `I/O Error:` beside its
# `Syntax Error:` lines, cerberus' `field: [...]` rows (one of four). Conventions older
# recordings contradict (both kept as recorded): cargo-deny-warnings drops the `help:` label
# under rustc's caret where cargo-clippy-deny keeps it (a rule dropping it was tried and
# reverted); pip-invalid-requirement-line keeps pip's `Hint:` line where psql's expectation
# drops its hint; psql-refused drops the question libpq sets in under its `connection ...
# failed` line where pgbench's, pgcli's, createdb's, pg_dump's and psycopg's keep it (it is
# joined since the twentieth round, failures/continuation); unittest-verbose-list-none-raises keeps the `- [1, 0, 3]` / `+ [1, None, 3]`
# diff under `Lists differ: [1, 0, 3] != [1, None, 3]` where trial-failures drops the diff of a
# comparison its line shows; npm-install-offline-not-cached drops `code ENOTCACHED` where
# npm-ci-lock-out-of-sync keeps `npm error code EUSAGE:`; pyright-strict-comment joins a detail
# line under `Argument type is unknown` with `; ` where cmake's wrapped sentences (`but` /
# `CMake did not find one.`) are joined with a space (a rule telling them apart by the capital
# was tried and lowered cmake's score with its recogniser off); cmake-unknown-link-target joins
# the sentence after its value with `; ` where cmake-compiler-not-found joins it with a space.
# Batch 32 (72 runs: new output shapes of mainstream tools and popular toolchains not yet
# recorded, a third independent draw after batches 30 and 31) was scored once, sealed, on the
# code before and after batches 30 and 31 were read (86 of 109 messages both times), and is not
# read: its misses are listed unexplained.
# Batch 33 (68 runs: new output shapes of mainstream tools and popular toolchains not yet
# recorded, a fourth independent draw) was scored once, sealed, on the code before any of the
# day's changes (85 of 100 messages), and is not read: its misses are listed unexplained.
KNOWN_MISSES = frozenset(
    {
        "bash-readonly-bad-substitution",
        "cargo-run-panic-backtrace",
        "envalid-missing-and-invalid",
        "execa-command-failed",
        "fast-check-property-failure",
        "go-test-json",
        "jest-asymmetric-matchers",
        "jest-extended-matchers",
        "mypy-output-json",
        "npm-install-local-path-missing",
        "npm-test-no-test-specified",
        "omegaconf-validation-error",
        "pip-check-broken-requirements",
        "pytest-doctest-glob-markdown",
        "pytest-syntax-error-in-test-module",
        "ruff-fix-remaining",
        "sh-error-return-code",
        "smol-toml-parse-error",
        "svelte-compile-error",
        "unittest-mock-assertwarns-regex",
        "arktype-assert-errors",
        "boto3-no-region-and-credentials",
        "cargo-deny-warnings",
        "cargo-offline-missing-dependency",
        "cerberus-validation-errors",
        "eslint-format-json",
        "fd-invalid-regex-and-path",
        "imagemagick-convert-errors",
        "jest-inline-snapshot-length-closeto",
        "jest-path-pattern-no-match",
        "jmespath-cli-parse-error",
        "jsonwebtoken-verify-errors",
        "kafkajs-connection-error",
        "loguru-catch",
        "lxml-schema-and-syntax",
        "lxml-xml-syntax-and-schema",
        "npm-ci-lock-out-of-sync",
        "npm-install-offline-not-cached",
        "pdftotext-errors",
        "pino-fatal-json-log",
        "pip-invalid-requirement-line",
        "pyjwt-expired-and-bad-signature",
        "pyright-strict-comment",
        "responses-no-match",
        "responses-unmatched-request",
        "ripgrep-regex-parse-error",
        "ruff-statistics",
        "semver-release-check",
        "unittest-verbose-list-none-raises",
        "vitest-config-load-error",
        "xml2js-parse-error",
        "attrs-validator-errors",
        "beautysh-check",
        "cargo-run-which-binary",
        "celery-app-not-found",
        "coqc-proof-errors",
        "ioredis-connection-refused",
        "jest-ci-new-snapshot-and-assertion-count",
        "jshell-script-errors",
        "lldb-batch-segfault",
        "maturin-build-no-project",
        "msan-uninitialized-read",
        "mvn-non-parseable-pom",
        "node-heap-out-of-memory",
        "npm-package-json-parse-error",
        "numpy-testing-assert-failures",
        "pelican-article-metadata",
        "pip-externally-managed",
        "psql-query-errors",
        "pytest-asyncio-strict-mode-failures",
        "python-exception-notes",
        "redis-server-config-error",
        "sqlglot-parse-error",
        "unittest-assertlogs-almost-equal-multiline",
        "valibot-parse-issues",
        "vitest-no-test-files",
        "bash-syntax-and-command-errors",
        "cargo-doctest-compile-error",
        "cmake-unknown-link-target",
        "eslint-invalid-rule-options",
        "git-commit-msg-hook-rejects",
        "git-push-detached-head",
        "git-submodule-missing-commit",
        "java-source-launch-compile-error",
        "jest-esm-syntax",
        "mocha-esm-missing-export",
        "mypy-config-errors",
        "node-require-async-esm",
        "node-test-timeout-throws-match",
        "nox-session-not-found",
        "npm-engine-strict",
        "npm-ls-missing",
        "npm-workspaces-test-fails",
        "pip-sdist-no-compiler",
        "pylint-bad-config",
        "pytest-fixture-scope-mismatch",
        "pytest-import-file-mismatch",
        "python-package-not-executable",
        "ruff-config-error",
        "unittest-unexpected-success-and-module-setup",
        "vitest-unhandled-errors",
        "eslint-config-prettier-conflicts",
        "glibcxx-debug-invalid-iterator",
        "glibcxx-debug-subscript",
        "gradle-build-script-error",
        "gradle-compile-errors",
        "graphql-validation-errors",
        "jscodeshift-transform-errors",
        "latexmk-errors",
        "node-gyp-no-binding",
        "pug-runtime-error",
        "pug-syntax-error",
        "react-invalid-hook-call",
        "yaml-cli-errors",
        "cargo-resolve-offline",
        "compileall-syntax-errors",
        "git-submodule-missing",
        "jest-snapshot-mismatch",
        "lint-openapi-findings",
        "mjml-validate",
        "newman-failed-tests",
        "npm-eresolve-peer",
        "phpunit-data-providers",
        "pytest-check-soft-failures",
        "pytest-cov-fail-under",
        "pytest-mock-call-mismatch",
        "pytest-subtests-failures",
        "pytest-xdist-worker-crash",
        "rspec-aggregate-failures",
        "ts-jest-diagnostics",
        "typer-missing-option",
        "typescript-json-schema-errors",
        "buttercup-failures",
        "check-sdist-mismatch",
        "coffeelint-findings",
        "drd-races",
        "ert-failures",
        "helgrind-races",
        "ivy-unresolved-dependencies",
        "lein-offline-unresolved",
        "lein-test-failures",
        "lsan-leaks",
        "mtrace-leaks",
        "muon-missing-dependency",
        "muon-missing-source",
        "pike-compile-errors",
        "pike-runtime-error",
        "poe-task-fails",
        "pug-lint-findings",
        "radish-failures",
        "redis-check-rdb-corrupt",
        "runit-failures",
        "salt-lint-findings",
        "supertape-failures",
        "tach-check-violations",
        "tinytest-failures",
        "tstyche-failures",
        "tup-missing-input",
        "yath-failures",
        "ansible-ping-unreachable",
        "augparse-test-failures",
        "fypp-errors",
        "j2lint-findings",
        "json2ts-bad-refs",
        "knex-migrate-no-driver",
        "mysqladmin-no-server",
        "setuptools-scm-no-version",
        "testtools-failures",
        "tsan-data-race",
        "unimported-findings",
        "usort-check",
        "zstd-test-corrupt",
        "auditwheel-repair-pure",
        "cpputest-failures",
        "cpputest-memory-leak",
        "graphql-inspector-diff",
        "initdb-as-root",
        "lerna-version-uncommitted",
        "makeinfo-errors",
        "perltidy-syntax",
        "phpcpd-clones",
        "pyre-bad-config",
        "sherif-monorepo",
        "testslide-failures",
        "vitepress-dead-links",
        "apt-get-unmet-dependencies",
        "cloud-init-schema-errors",
        "cypress-binary-missing",
        "dbt-parse-compilation-error",
        "dbt-run-model-errors",
        "gdb-segfault-backtrace",
        "gh-not-logged-in",
        "ginkgo-failures",
        "graphql-codegen-invalid-documents",
        "hatch-build-no-files",
        "httpie-not-found",
        "jekyll-liquid-error",
        "junit4-class-not-found",
        "next-build-errors",
        "openapi-typescript-bad-ref",
        "packer-validate-errors",
        "parcel-build-errors",
        "prospector-findings",
        "puppeteer-no-browser",
        "pytype-errors",
        "rspack-build-errors",
        "semantic-release-no-repository",
        "semgrep-findings",
        "testify-failures",
        "testparm-errors",
        "tsup-build-errors",
        "typeorm-migration-fails",
        "attw-esm-types-problems",
        "attw-pack-problems",
        "bibtex-errors",
        "fossil-commit-conflicts",
        "graphql-schema-linter-findings",
        "hedgehog-failures",
        "japa-failures",
        "papermill-cell-error",
        "pta-zora-failures",
        "qcheck-dune-test",
        "rsnapshot-configtest",
        "smallcheck-failures",
        "sqitch-deploy-sql-error",
        "trial-import-error",
        "alcotest-dune-test",
        "alembic-multiple-heads",
        "ava-two-failing",
        "bandit-shell",
        "behave-undefined-step",
        "boost-test-failures",
        "brittle-failing",
        "bun-test-failing",
        "busted-two-failing",
        "cabal-check",
        "composer-validate-errors",
        "crystal-spec-failing",
        "csslint-errors",
        "ctest-failures",
        "cunit-failures",
        "detect-secrets-hook",
        "docker-compose-config-invalid",
        "dockerfilelint",
        "doctest-module",
        "doctest-text",
        "dpdm-circular",
        "eunit-failing",
        "fasm-errors",
        "findmnt-verify",
        "flawfinder-hits",
        "flow-check",
        "glib-compile-schemas-strict",
        "gpasm-errors",
        "haxe-uncaught",
        "hg-merge-conflict",
        "htmlhint-errors",
        "hugs-type-error",
        "hunit-failures",
        "hypothesis-falsifying",
        "iasl-errors",
        "import-linter-layers",
        "iwyu-suggestions",
        "jsonschema-cli",
        "just-recipe-failed",
        "kea-config-test",
        "keepalived-config-test",
        "knot-conf-check",
        "ledger-unbalanced",
        "livescript-syntax",
        "logrotate-debug",
        "markuplint-problems",
        "mono-exception",
        "nbconvert-execute-error",
        "nox-session-fails",
        "npm-run-all-lint-and-test",
        "pandoc-fail-if-warnings",
        "pdflatex-missing-package",
        "pdflatex-several-errors",
        "picolisp-undefined",
        "pkg-config-missing",
        "playwright-test-failures",
        "plunit-failing",
        "poku-failing",
        "pre-commit-local-hooks",
        "prettier-check",
        "pykwalify-errors",
        "pyroma-rating",
        "quickcheck-falsified",
        "quilt-push-fails",
        "qunit-failing",
        "r-cmd-check-tests",
        "raku-compile",
        "rescript-type-error",
        "reuse-lint",
        "robocop-check",
        "rollup-missing-export",
        "rustfmt-check-diff",
        "sha256sum-check",
        "shunit2-failures",
        "size-limit-exceeded",
        "smlnj-errors",
        "sort-package-json-check",
        "splint-warnings",
        "sqlfmt-error",
        "squid-parse-errors",
        "sshd-config-test",
        "syncpack-lint-mismatches",
        "syslog-ng-syntax",
        "tap-failing",
        "tcltest-failing",
        "test-unit-failures",
        "testthat-failures",
        "uncrustify-check",
        "unzip-corrupt",
        "uv-sync-bad-pyproject",
        "uvu-failing",
        "varnish-vcl-compile",
        "vermin-target",
        "xdoctest-failing",
        "xsltproc-errors",
        "yabasic-errors",
        "yamale-invalid",
        "yq-filter-error",
        "zig-test-failures",
        "zizmor-audit",
        "bash-ambiguous-redirect-bad-subscript",
        "cargo-link-native-library-missing",
        "eslint-cli-rules-inline-config-invalid",
        "git-rebase-continue-unresolved",
        "jest-property-containequal-null",
        "jsdom-script-errors",
        "npm-publish-needs-auth",
        "pytest-capsys-multiline-diff",
        "sympy-sympify-and-relational",
        "vitest-junit-reporter",
        "psql-refused",
        # The thirty-fourth batch: sealed, scored once before these were listed.
        "bash-local-printf-grep-errors",
        "cargo-build-rc-not-send-closure-borrow",
        "class-validator-errors",
        "eta-template-error",
        "inversify-no-binding",
        "jest-done-and-promise-nth-called",
        "jest-empty-suite-and-instanceof",
        "jose-jwt-expired",
        "lark-unexpected-characters",
        "libcst-parser-syntax-error",
        "make-circular-dependency-exit-3",
        "node-sql-parser-syntax-errors",
        "npm-invalid-tag-name",
        "pytest-fixture-yields-twice-and-caplog",
        "pytest-stepwise-stops",
        "python-doctest-module-runner",
        "ruff-output-format-azure",
        "ruff-output-format-junit",
        "sql-js-statement-errors",
        "xargs-command-status",
        # The thirty-fifth batch: sealed, scored once before these were listed.
        "bash-pipefail-subshell-missing",
        "docopt-usage-error",
        "phonenumbers-parse-errors",
        "pip-constraint-with-extras",
        "plumbum-process-execution-error",
        "ply-grammar-errors",
        "pytest-internalerror-hook",
        "python-dotenv-parse-warnings",
        "python-logging-error-then-typeerror",
        "strictyaml-validation-error",
        "unittest-failfast-multiline-diff",
        "uv-run-script-metadata-invalid",
    }
)
# Of those, the ones whose first message is still right.
FIRST_RIGHT = frozenset(
    {
        "hunit-failures",
        "bash-readonly-bad-substitution",
        "pip-check-broken-requirements",
        "ruff-fix-remaining",
        "unittest-mock-assertwarns-regex",
        "boto3-no-region-and-credentials",
        "cargo-deny-warnings",
        "cerberus-validation-errors",
        "jest-inline-snapshot-length-closeto",
        "loguru-catch",
        "pdftotext-errors",
        "pyjwt-expired-and-bad-signature",
        "pyright-strict-comment",
        "unittest-verbose-list-none-raises",
        "pytest-asyncio-strict-mode-failures",
        "unittest-assertlogs-almost-equal-multiline",
        "git-submodule-missing-commit",
        "java-source-launch-compile-error",
        "node-test-timeout-throws-match",
        "pylint-bad-config",
        "unittest-unexpected-success-and-module-setup",
        "vitest-unhandled-errors",
        "gradle-compile-errors",
        "phpunit-data-providers",
        "lein-offline-unresolved",
        "muon-missing-dependency",
        "muon-missing-source",
        "pike-compile-errors",
        "tup-missing-input",
        "testtools-failures",
        "zstd-test-corrupt",
        "cpputest-failures",
        "makeinfo-errors",
        "testify-failures",
        "graphql-schema-linter-findings",
        "qcheck-dune-test",
        "qunit-failing",
        "uvu-failing",
        "crystal-spec-failing",
        "zizmor-audit",
        "sqlfmt-error",
        "flow-check",
        "keepalived-config-test",
        "knot-conf-check",
        "logrotate-debug",
        "findmnt-verify",
        "boost-test-failures",
        "flawfinder-hits",
        "busted-two-failing",
        "japa-failures",
        "pkg-config-missing",
        "smlnj-errors",
        "graphql-validation-errors",
        "sherif-monorepo",
        "bash-ambiguous-redirect-bad-subscript",
        # The thirty-fourth batch.
        "bash-local-printf-grep-errors",
        "class-validator-errors",
        "jest-done-and-promise-nth-called",
        "jest-empty-suite-and-instanceof",
        "node-sql-parser-syntax-errors",
        # The thirty-fifth batch.
        "bash-pipefail-subshell-missing",
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
