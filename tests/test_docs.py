"""The docs match the product, on every run: each example in README.md, CONTRIBUTING.md and
docs/*.md runs and prints what the doc shows; each relative link and repository path the docs
name exists, and none leads out of the repository; each `context-keeper` command, option and
hook name the docs use exists; the settings table is the code's; docs/architecture.md names
every module of lib/context_keeper/.

How the examples run, and the little that is normalised before comparing (the times of the
run, the Python version, the log's size, the length of doctor's dry-run output) and why:
tests/docs_examples.py. When the product changes what it prints,
`.venv-dev/bin/python tests/docs_examples.py --update` writes the real output into the docs;
review the diff like any other change.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from docs_examples import DOCS, ENVIRONMENT, ROOT, Env, Result, _trim, blocks, examples, normalise, run_doc  # noqa: E402

from context_keeper.cli.main import build_parser
from context_keeper.hooks import HOOKS

MAX_ILLUSTRATIVE = 3  # examples that cannot run here (the real Claude Code): keep them few


@pytest.fixture(scope="module")
def environment() -> Iterator[Callable[[str], Env]]:
    made: dict[str, Env] = {}
    yield lambda kind: made.get(kind) or made.setdefault(kind, Env(kind))
    for env in made.values():
        env.remove()


@pytest.mark.parametrize("doc", [doc for doc in DOCS if examples(doc)])
def test_examples_print_what_the_doc_shows(doc: str, environment: Callable[[str], Env]) -> None:
    results = run_doc(doc, environment(ENVIRONMENT.get(doc, "sessions")))
    assert results, f"{doc}: no example ran"
    failed = [result for result in results if not result.ok]
    assert not failed, "\n\n".join(map(_diff, failed)) + (
        "\n\n(the lines are compared after docs_examples.normalise; "
        ".venv-dev/bin/python tests/docs_examples.py --update writes the real output into the docs)")


def _diff(result: Result) -> str:
    want = [normalise(line).rstrip() for line in _trim(result.command.expected)]
    got = [normalise(line).rstrip() for line in _trim(result.actual)]
    lines = difflib.unified_diff(want, got, "as the doc shows it", "as it ran", lineterm="", n=2)
    return f"{result.block.where}: $ {result.command.line}\n" + "\n".join(lines)


def test_the_sessions_environment_is_what_cli_md_says() -> None:
    # cli.md describes the environment in words; the examples rely on it.
    text = (ROOT / "docs" / "cli.md").read_text()
    assert "five Claude Code sessions" in text and "`tests/fixtures/`" in text and "./install.sh" in text


def test_illustrative_examples_are_few_and_say_why() -> None:
    marked = [(block.where, block.directives["illustrative"]) for doc in DOCS for block in examples(doc)
              if "illustrative" in block.directives]
    assert all(reason and reason[0] for _, reason in marked), marked
    assert len(marked) <= MAX_ILLUSTRATIVE, marked


def test_every_doc_example_names_a_known_directive() -> None:
    unknown = [(block.where, key) for doc in DOCS for block in blocks(doc)
               for key in block.directives if key not in ("setup", "cleanup", "illustrative")]
    assert not unknown


# ------------------------------------------------------------------ links and paths

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
REPO_PATH = re.compile(r"^(?:tests|lib|bench|hooks|docs|\.claude-plugin|\.ci)/[\w./-]*$|^[A-Z]+\.md$|^\w+\.sh$")
# A measurement record names the files as they were when it measured; this one is not ours
# to edit (another engineer keeps performance.md): preserve.py became the preserve package.
KNOWN_STALE: set[str] = set()


def _prose(doc: str) -> str:
    """The doc without its fenced blocks (their text is output, not references)."""
    lines = (ROOT / doc).read_text().split("\n")
    for block in reversed(blocks(doc)):
        lines[block.start:block.end + 1] = []
    return "\n".join(lines)


def _anchors(doc: Path) -> set[str]:
    """GitHub's ids for the headings of a markdown file."""
    ids = set()
    for heading in re.findall(r"^#+ (.+)$", doc.read_text(), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")
        ids.add(slug)
    return ids


def test_relative_links_point_to_files_in_the_repository() -> None:
    broken = []
    for doc in DOCS:
        for target in LINK.findall(_prose(doc)):
            if re.match(r"[a-z]+:", target):
                continue  # http(s), mailto: not a file of ours
            path, _, anchor = target.partition("#")
            resolved = ((ROOT / doc).parent / path).resolve() if path else ROOT / doc
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                broken.append(f"{doc}: {target} (no such file in the repository)")
            elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
                broken.append(f"{doc}: {target} (no such heading)")
    assert not broken


def test_repository_paths_the_docs_name_exist() -> None:
    missing = [f"{doc}: {span}" for doc in DOCS for span in CODE_SPAN.findall(_prose(doc))
               if REPO_PATH.match(span) and not (ROOT / span.rstrip("/")).exists()]
    assert set(missing) <= KNOWN_STALE, set(missing) - KNOWN_STALE


def test_no_doc_refers_to_files_outside_the_repository() -> None:
    # The ground truth about Claude Code (measured: docs/how-it-works.md) lives outside the repository: the docs
    # state the facts they rely on instead of pointing at it.
    outside = []
    for doc in DOCS:
        text = (ROOT / doc).read_text()
        outside += [f"{doc}: {m}" for m in re.findall(r"FACTS\.md|/work/shared\S*", text)]
        for span in [*CODE_SPAN.findall(_prose(doc)), *LINK.findall(_prose(doc))]:
            if span.startswith("../") and not ((ROOT / doc).parent / span).resolve().is_relative_to(ROOT):
                outside.append(f"{doc}: {span}")
    assert not outside


# --------------------------------------------------------------- commands and options

# The command where a shell would run it: first on the line, after a space, or as `.../bin/context-keeper`.
INVOCATION = re.compile(r"(?:^|(?<=[\s`(])|(?<=/bin/))context-keeper ([a-z][a-z_-]*)([^|;&#`\n]*)", re.M)


def _invocations(doc: str) -> Iterator[tuple[str, str]]:
    """Each `context-keeper COMMAND ...` the doc tells you to run: in code spans, in `$ ` lines
    and in code blocks without output; not in output, where the name is the product's."""
    code = CODE_SPAN.findall(_prose(doc))
    for block in blocks(doc):
        commands = block.commands
        code += [c.line for c in commands] if commands else block.lines
    for text in code:
        for command, rest in INVOCATION.findall(text):
            yield command, rest


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


def test_every_command_and_option_the_docs_name_exists() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    wrong = []
    for doc in DOCS:
        for command, rest in _invocations(doc):
            if command == "hook":  # the entry point's own: `context-keeper hook NAME`
                name = rest.split()[0] if rest.split() else ""
                if name not in HOOKS and not re.fullmatch(r"<\w+>|NAME", name):
                    wrong.append(f"{doc}: context-keeper hook {name}: no such hook")
            elif command not in commands:
                wrong.append(f"{doc}: context-keeper {command}: no such command")
            else:
                known = _options(commands[command])
                wrong += [f"{doc}: context-keeper {command} {option}: no such option"
                          for option in re.findall(r"(?<!\S)(--?[a-z][\w-]*)", rest) if option not in known]
    assert not wrong


def test_the_docs_name_commands() -> None:
    # The check above must have something to check.
    named = {command for doc in DOCS for command, _ in _invocations(doc)}
    assert {"doctor", "status", "history", "prune", "hook"} <= named


# ------------------------------------------------------------------- architecture.md

def _module_rows() -> list[tuple[set[str], set[str]]]:
    """docs/architecture.md's module table: per row, the names in its first cell and in the row."""
    text = (ROOT / "docs" / "architecture.md").read_text().split("## Modules", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in text.split("\n"):
        if line.startswith("| `"):
            first = line.split("|")[1]
            rows.append((set(CODE_SPAN.findall(first)), set(CODE_SPAN.findall(line))))
    return rows


def test_architecture_names_every_module() -> None:
    rows = _module_rows()
    package = ROOT / "lib" / "context_keeper"
    missing = []
    for path in sorted(package.iterdir()):
        name = path.stem if path.suffix == ".py" else path.name
        if name.startswith("__") or not (path.suffix == ".py" or (path / "__init__.py").exists()):
            continue
        if not any(name in first or any(n.startswith(f"{name}.") for n in first) for first, _ in rows):
            missing.append(name)
        if path.is_dir():
            for child in sorted(path.iterdir()):
                sub = child.stem if child.suffix == ".py" else child.name
                if sub.startswith("__") or not (child.suffix == ".py" or (child / "__init__.py").exists()):
                    continue
                if not any((name in first or f"{name}.{sub}" in first) and (sub in row or f"{name}.{sub}" in row)
                           for first, row in rows):
                    missing.append(f"{name}.{sub}")
    assert not missing, f"docs/architecture.md's module table does not name: {missing}"


# ------------------------------------------------------------------ configuration.md

def test_the_settings_table_is_the_code_s() -> None:
    # configuration.md's table against config.SETTINGS_DOC, the list the code validates against:
    # every setting, its variable and its default (the data root's and the config file's
    # defaults are described in words there).
    from context_keeper.config import SETTINGS_DOC

    text = (ROOT / "docs" / "configuration.md").read_text().split("## Settings", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in text.split("\n"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("setting", "---"):
            rows[cells[0].strip("`")] = cells
    documented = {row.name for row in SETTINGS_DOC}
    assert set(rows) - {"(project file)"} == documented
    for row in SETTINGS_DOC:
        default, env = rows[row.name][1], rows[row.name][2]
        assert env.strip("`") == row.env, row.name
        if not row.default.startswith("platformdirs"):
            assert default == row.default, row.name
