#!/usr/bin/env bash
# The one test command: builds the dev environment (.venv-dev), installs the pinned
# Claude Code (and Debian's chromium, for the HTML report) for the end-to-end tests when
# missing, checks lib/ and hooks/ with ruff (lint and format) and, for a full run, mypy,
# then runs the whole suite.
# Extra arguments go to pytest (e.g. ./test.sh -k transcript; ./test.sh -m "not e2e and not slow").
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
VENV=.venv-dev
stamp="$VENV/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
fi
if [ ! -f "$stamp" ]; then
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[dev]'
    rm -f "$VENV"/.installed-*
    touch "$stamp"
fi
if [ -f tests/e2e/install_claude.sh ]; then
    bash tests/e2e/install_claude.sh
fi
if [ -f tests/e2e/install_chromium.sh ]; then
    bash tests/e2e/install_chromium.sh
fi
"$VENV/bin/ruff" check --quiet lib hooks
"$VENV/bin/ruff" format --check --quiet lib hooks
if [ $# -eq 0 ]; then  # a full run (CI): the types too (tens of seconds on a cold cache)
    "$VENV/bin/mypy"
fi
exec "$VENV/bin/python" -m pytest "$@"
