"""The docs' examples: the environments they run in, the runner that shows them as the docs
do, and the command that writes real output into the docs (tests/test_docs.py checks them).

An example is a fenced block in README.md, CONTRIBUTING.md or docs/*.md with lines starting `$ `: each such
line a command, the lines under it its output (stdout and stderr as they interleave,
`[exit N]` when it exits N, not 0). A line `...` in an output stands for any lines (an
excerpt). A `<!-- docs-test ... -->` comment right above a block may say, one per line,
`setup: <shell>` / `cleanup: <shell>` (run before / after the block, unseen) or
`illustrative: <why it cannot run>` (the block is not run; keep these few).

Each doc's examples run in order, with bash, in one environment made afresh for that doc: a
temporary HOME at /tmp/yNNN (as long as /home/you, so tables keep their widths; every path is
shown as /home/you/..., with the path slugs and hashes that go with it) holding

- `fresh` (docs/install.md): a clone of this checkout at ~/src/context-keeper, a git
  repository ~/src/myproject and a ~/.claude/settings.json with a model and permissions;
  nothing installed, ~/.local/bin not on PATH;
- `sessions` (every other doc): the same after `./install.sh`, with ~/.local/bin on PATH, and
  five Claude Code sessions in ~/src/myproject: the fixture transcripts (tests/fixtures/), the
  real hooks run on them as Claude Code runs them (the two that compact cut before their
  boundary while the compaction hooks run, and completed after; the PostToolUse hook with
  thresholds low enough to write a summary), and the PostCompact and refill lines and
  compaction files for the two compactions.

Commands run in ~/src/myproject, `./install.sh` in the checkout. install.sh runs for real but
for pip: PYTHON names a stand-in interpreter whose `-m venv` makes the virtualenv without pip
and with a stand-in pip that copies the staged checkout's package into it, links orjson,
platformdirs and GitPython from the dev environment and writes the `context-keeper` script,
so an install takes a second and no network (test_install.py's slow test runs the real pip).

    .venv-dev/bin/python tests/docs_examples.py --update [DOC ...]
        run the docs' examples and write their real output into the docs (an excerpt with
        `...` that no longer matches is reported, to be fixed by hand)
    .venv-dev/bin/python tests/docs_examples.py 'context-keeper history' ...
        print each command line and its output, run in the sessions environment
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).parent))
from cli_support import _compaction_file, _later, claude_transcript, hook_env, run_hook  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHOWN_HOME = "/home/you"
DOCS = ("README.md", "CONTRIBUTING.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")))
ENVIRONMENT = {"docs/install.md": "fresh"}  # every other doc: "sessions"
FIXTURES = {  # fixture -> the line its compaction boundary is on (None: no compaction)
    "tools_and_tasks": None,
    "bash_failure": None,
    "todowrite_variant": None,
    "manual_compact": 37,
    "auto_compact": 32,
}
SETTINGS = b"""{
  "model": "claude-sonnet-4-5",
  "permissions": {
    "allow": ["Bash(git status:*)", "Bash(npm test:*)"]
  }
}
"""
CHECKOUT_FILES = ("install.sh", "pyproject.toml", "README.md", "settings.example.json")
CHECKOUT_DIRS = ("lib", "hooks", ".claude-plugin")
DEPENDENCIES = ("orjson", "platformdirs", "git", "gitdb", "smmap")  # what pip would install


# ------------------------------------------------------------------------- environments

class Env:
    """A temporary HOME the examples run in, as a user's machine would be."""

    def __init__(self, kind: str) -> None:
        assert kind in ("fresh", "sessions"), kind
        self.kind = kind
        self.base = _base()
        self.home_bin = self.base / ".local" / "bin"
        self.repo = self.base / "src" / "myproject"
        self.checkout = self.base / "src" / "context-keeper"
        self.tools = self.base / ".docs-test"  # the stand-in interpreter; never shown
        git = Path(shutil.which("git") or "/usr/bin/git").parent
        system_path = os.pathsep.join(dict.fromkeys(["/usr/local/bin", "/usr/bin", "/bin", str(git)]))
        self.env = {
            "HOME": str(self.base), "PATH": system_path, "TMPDIR": "/tmp", "LANG": "C.UTF-8",
            "COLUMNS": "80",  # argparse's help and install.sh's diff wrap the same everywhere
            "SHELL": "/bin/false",  # install.sh asks the login shell for its PATH: it adds nothing
            "PYTHONUNBUFFERED": "1",  # stdout and stderr in the order they were written
            "PYTHON": str(self.tools / "python3"),
        }
        self._snapshot = Path(f"{self.base}.snapshot")
        try:
            self._build()
            shutil.copytree(self.base, self._snapshot, symlinks=True)
        except BaseException:
            self.remove()
            raise

    def _build(self) -> None:
        self.tools.mkdir()
        _write_standin_python(self.tools / "python3")
        for name in CHECKOUT_FILES:
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, _parent(self.checkout / name))
        for name in CHECKOUT_DIRS:
            shutil.copytree(ROOT / name, self.checkout / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        self.repo.mkdir(parents=True)
        subprocess.run(["git", "-c", "init.defaultBranch=main", "init", "-q", str(self.repo)], env=self.env, check=True)
        _parent(self.base / ".claude" / "settings.json").write_bytes(SETTINGS)
        if self.kind == "fresh":
            return
        installed = self.command("./install.sh")
        assert installed.returncode == 0, installed.stdout
        self.env["PATH"] = f"{self.home_bin}{os.pathsep}{self.env['PATH']}"
        _sessions(self.base, self.repo)

    def restore(self) -> None:
        """Back to the environment as built (each doc starts from it)."""
        shutil.rmtree(self.base)
        shutil.copytree(self._snapshot, self.base, symlinks=True)

    def remove(self) -> None:
        for path in (self.base, self._snapshot):
            shutil.rmtree(path, ignore_errors=True)

    def command(self, line: str) -> subprocess.CompletedProcess[str]:
        """One command line as a user types it, paths shown as /home/you meaning this HOME."""
        line = self.real(line)
        cwd = self.checkout if line.startswith("./install.sh") else self.repo
        if line.startswith("export "):  # a variable for the commands after it
            done = subprocess.run(["bash", "-c", f"{line} && env -0"], env=self.env, cwd=cwd,
                                  capture_output=True, text=True, check=True)
            after = dict(item.split("=", 1) for item in done.stdout.split("\0") if "=" in item)
            names = re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)=", line)
            self.env |= {name: after[name] for name in names if name in after}
            return subprocess.CompletedProcess(line, 0, "", None)
        return subprocess.run(["bash", "-c", line], env=self.env, cwd=cwd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, check=False, timeout=300)

    def shell(self, script: str) -> None:
        """A setup or cleanup step: must succeed, its output is not shown."""
        script = self.real(script)
        done = subprocess.run(["bash", "-c", script], env=self.env, cwd=self.repo, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, check=False)
        assert done.returncode == 0, f"{script}: exit {done.returncode}\n{done.stdout}"

    def run(self, line: str) -> str:
        """What the command printed, as the docs show it (without the `$ ` line)."""
        done = self.command(line)
        out = self.shown(done.stdout)
        if out and not out.endswith("\n"):
            out += "\n"
        return out + (f"[exit {done.returncode}]\n" if done.returncode else "")

    def shown(self, text: str) -> str:
        """`text` as on a machine whose HOME is /home/you: the paths, and the slugs and hashes
        made from them (repo keys, backup names, archives' SHA-256)."""
        from context_keeper.session.repo_sessions import project_folder

        for real, shown in self._keys():
            text = text.replace(real, shown)
        for archive in (self.base / ".local" / "share" / "context-keeper" / "runs").glob("*/archives/*"):
            data = archive.read_bytes()
            as_shown = data.replace(str(self.base).encode(), SHOWN_HOME.encode())
            text = text.replace(hashlib.sha256(data).hexdigest(), hashlib.sha256(as_shown).hexdigest())
        return text.replace(project_folder(self.base), project_folder(SHOWN_HOME)).replace(str(self.base), SHOWN_HOME)


    def real(self, line: str) -> str:
        """A command as the doc shows it, for this HOME: /home/you and the keys made from it."""
        for real, shown in self._keys():
            line = line.replace(shown, real)
        return line.replace(SHOWN_HOME, str(self.base))

    def _keys(self) -> list[tuple[str, str]]:
        """(real, shown) repo keys and backup slugs: a path's slug and hash (store.repo_key)."""
        from context_keeper.store import repo_key

        paths = (self.repo, self.base / ".claude" / "settings.json", self.repo / ".claude" / "settings.local.json")
        return [(repo_key(p), repo_key(Path(SHOWN_HOME) / p.relative_to(self.base))) for p in paths]


def _parent(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _base() -> Path:
    """A new directory whose path is as long as /home/you, so tables keep their widths."""
    for i in range(1000):
        base = Path(f"/tmp/y{i:03d}")
        try:
            base.mkdir(mode=0o700)
        except FileExistsError:
            continue
        if Path(f"{base}.snapshot").exists():  # another run's: leave both alone
            continue
        return base
    raise RuntimeError("no free /tmp/yNNN directory")


def _sessions(base: Path, repo: Path) -> None:
    """The five fixture sessions in `repo`, with the real hooks run on them."""
    env = hook_env(base, base / ".local" / "share" / "context-keeper")
    for fixture, boundary in FIXTURES.items():
        path = claude_transcript(base / ".claude", fixture, repo, upto=boundary - 1 if boundary else None)
        session = orjson.loads(path.read_bytes().split(b"\n", 1)[0])["sessionId"]
        where = {"session_id": session, "transcript_path": str(path), "cwd": str(repo)}
        run_hook("auto_context_manager.py", "PostToolUse:Bash", env, **where)
        if boundary:
            trigger = fixture.split("_")[0]
            run_hook("pre_compact_preserve.py", f"PreCompact:{trigger}", env, **where)
            run_hook("session_start_restore.py", "SessionStart:compact", env, **where)
            full = claude_transcript(base / ".docs-test" / "full", fixture, repo)
            path.write_bytes(full.read_bytes())
    shutil.rmtree(base / ".docs-test" / "full")
    runs = next((base / ".local" / "share" / "context-keeper" / "runs").iterdir())
    _survival_lines(runs)


def _survival_lines(runs: Path) -> None:
    """What the PostCompact hook and the refill write (docs/data.md) for the two compactions."""
    opened = [line for line in map(orjson.loads, (runs / "compactions.jsonl").read_bytes().splitlines())]
    checks = [
        {"task": {"carried": 0, "kept": 0, "lost": 0}, "prompt": {"carried": 2, "kept": 1, "lost": 1}},
        {"prompt": {"carried": 1, "kept": 1, "lost": 0}},
    ]
    lines = []
    for record, check in zip(opened, checks):
        cid, session = record["time"], record["session_id"]
        lost = sum(c["lost"] for c in check.values())
        lines.append({"time": _later(cid, 2), "session_id": session, "source": "post_compact", "compaction_id": cid,
                      "trigger": record["trigger"], "check": check, "refill_items": lost, "refill_chars": 170 * lost})
        refill = None
        if lost:
            text = ("[context-keeper] Facts recorded just before the compaction that its summary does not carry "
                    "(exact, as they stood then):\n\nThe user's recent requests:\n- First prompt: run a command.")
            lines.append({"time": _later(cid, 9), "session_id": session, "source": "refill", "compaction_id": cid,
                          "event": "UserPromptSubmit", "refill_items": lost, "refill_chars": len(text)})
            refill = {"text": text, "items": [], "sent": True, "event": "UserPromptSubmit"}
        block = (runs / "preserved" / f"{session}.txt").read_text()
        _compaction_file(runs, session, cid, {"session_id": session, "compaction_id": cid, "trigger": record["trigger"],
                                              "block": {"text": block, "items": []}, "check": check,
                                              **({"refill": refill} if refill else {})})
    with open(runs / "compactions.jsonl", "ab") as handle:
        handle.write(b"".join(orjson.dumps(line) + b"\n" for line in lines))


def _write_standin_python(path: Path) -> None:
    """The interpreter install.sh makes its virtualenv with: the real one, but for `-m venv`,
    which makes the virtualenv without pip and with the stand-in pip."""
    deps = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.submodule_search_locations, f"{name} is not installed in the dev environment"
        deps.append(str(Path(next(iter(spec.submodule_search_locations))).resolve()))
    path.write_text(f"""#!{sys._base_executable}
import os, sys
args = sys.argv[1:]
if args[:2] != ["-m", "venv"]:
    os.execv(sys.executable, [sys.executable, *args])
import venv
from pathlib import Path
target = Path(args[-1])
venv.EnvBuilder(clear="--clear" in args, symlinks=True, with_pip=False).create(target)
site = next(target.glob("lib/python3*/site-packages"))
(site / "pip").mkdir()
(site / "pip" / "__init__.py").write_text("")
(site / "pip" / "__main__.py").write_text({_STANDIN_PIP.format(deps=deps)!r})
""")
    path.chmod(0o755)


_STANDIN_PIP = '''"""`pip install ... DIR` without the network: DIR/lib's packages copied here, the
dependencies linked from the dev environment, the console script written."""
import shutil, sys
from pathlib import Path
assert sys.argv[1] == "install", sys.argv
source, site = Path(sys.argv[-1]), Path(__file__).resolve().parents[1]
for package in (source / "lib").iterdir():
    if (package / "__init__.py").exists():
        shutil.rmtree(site / package.name, ignore_errors=True)
        shutil.copytree(package, site / package.name)
for dependency in {deps!r}:
    if not (site / Path(dependency).name).exists():
        (site / Path(dependency).name).symlink_to(dependency)
script = Path(sys.prefix) / "bin" / "context-keeper"
script.write_text("#!" + sys.prefix + "/bin/python\\nimport sys\\nfrom context_keeper.entry import main\\nsys.exit(main())\\n")
script.chmod(0o755)
'''


# ---------------------------------------------------------------------------- the docs

@dataclass
class Command:
    line: str  # without the `$ `
    expected: list[str]  # the output lines the doc shows


@dataclass
class Block:
    """A fenced block and the `<!-- docs-test ... -->` directives right above it."""

    doc: str
    start: int  # 0-based line numbers of the opening and the closing fence
    end: int
    indent: str
    lines: list[str]
    directives: dict[str, list[str]] = field(default_factory=dict)

    @property
    def commands(self) -> list[Command]:
        commands: list[Command] = []
        for line in self.lines:
            if line.startswith("$ "):
                commands.append(Command(line[2:], []))
            elif commands:
                commands[-1].expected.append(line)
        return commands

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.start + 1}"


FENCE = re.compile(r"^(\s*)(```+|~~~+)")
DIRECTIVE = re.compile(r"<!--\s*docs-test\b(.*?)-->", re.S)


def blocks(doc: str, text: str | None = None) -> list[Block]:
    """The fenced blocks of a doc (path relative to the repository)."""
    lines = (text if text is not None else (ROOT / doc).read_text()).split("\n")
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence = opening.groups()
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence[:3])
                    and lines[j].strip().strip(fence[0]) == ""), len(lines))
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[i + 1:end]]
        found.append(Block(doc, i, end, indent, body, _directives(lines, i)))
        i = end + 1
    return found


def _directives(lines: list[str], fence: int) -> dict[str, list[str]]:
    """The docs-test comment ending on the line just above the fence, if any."""
    if fence == 0 or not lines[fence - 1].rstrip().endswith("-->"):
        return {}
    start = fence - 1
    while start > 0 and "<!--" not in lines[start]:
        start -= 1
    match = DIRECTIVE.search("\n".join(lines[start:fence]))
    if not match:
        return {}
    directives: dict[str, list[str]] = {}
    for item in match.group(1).strip().split("\n"):
        if item.strip():
            key, _, value = item.strip().partition(":")
            directives.setdefault(key.strip(), []).append(value.strip())
    return directives


def examples(doc: str) -> list[Block]:
    return [block for block in blocks(doc) if block.commands]


# --------------------------------------------------------------------- comparing output

# What honestly differs from run to run, and nothing else: the times of the run (archives'
# names, history lines, summaries, backups), shown with their digits as '#' so their places
# and lengths are still compared; the Python that runs everything (`Python 3.11.7`,
# `lib/python3.11/`); the log's size, which grows by a line per hook call whose duration in
# ms has one digit more or less (the status data table's `log` and `total`); and the length
# of what doctor's dry run printed, which holds its temporary directory's random name (a
# `_` in it shortens the repo key's slug). That the quiet hooks print nothing (0) is compared.
TIMES = re.compile(r"(?<!\d)(?:\d{4}-\d\d-\d\dT\d\d[:-]\d\d[:-]\d\d(?:[.-]\d{3,6})?Z|\d{8}T\d{6}Z)")
PYTHON_VERSION = re.compile(r"\b(Python |python)3\.\d+(\.\d+)?")
LOG_SIZE = re.compile(r"^((?:log|total) +\d+ +)\d[\d.,]* (B|KiB|MiB)$", re.M)
DRY_RUN_OUTPUT = re.compile(r"^(ok +dry run .*: exit 0, (?:printed a )?)[1-9][\d,]*(-character block| characters of output)$", re.M)


def normalise(text: str) -> str:
    text = TIMES.sub(lambda m: re.sub(r"\d", "#", m.group()), text)
    text = PYTHON_VERSION.sub(lambda m: m.group(1) + "3.N" + (".N" if m.group(2) else ""), text)
    text = DRY_RUN_OUTPUT.sub(r"\1<n>\2", text)
    return LOG_SIZE.sub(r"\1<size> \2", text)


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line after `normalise`; a line `...` in `expected` stands for any lines."""
    want = [normalise(line).rstrip() for line in _trim(expected)]
    got = [normalise(line).rstrip() for line in _trim(actual)]
    memo: dict[tuple[int, int], bool] = {}

    def from_(i: int, j: int) -> bool:
        if (i, j) not in memo:
            if i == len(want):
                memo[i, j] = j == len(got)
            elif want[i].strip() == "...":
                memo[i, j] = any(from_(i + 1, k) for k in range(j, len(got) + 1))
            else:
                memo[i, j] = j < len(got) and want[i] == got[j] and from_(i + 1, j + 1)
        return memo[i, j]

    return from_(0, 0)


def _trim(lines: list[str]) -> list[str]:
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


@dataclass
class Result:
    block: Block
    command: Command
    actual: list[str]

    @property
    def ok(self) -> bool:
        return matches(self.command.expected, self.actual)


def run_doc(doc: str, env: Env) -> list[Result]:
    """Run a doc's examples in order, in `env` as built; illustrative blocks are skipped."""
    env.restore()
    results = []
    for block in examples(doc):
        if "illustrative" in block.directives:
            continue
        for step in block.directives.get("setup", []):
            env.shell(step)
        for command in block.commands:
            results.append(Result(block, command, env.run(command.line).split("\n")))
        for step in block.directives.get("cleanup", []):
            env.shell(step)
    return results


def update(doc: str, results: list[Result]) -> list[str]:
    """Write the real output into `doc`'s examples; returns the excerpts (with `...`) that no
    longer match, which need a hand."""
    lines = (ROOT / doc).read_text().split("\n")
    by_block: dict[int, list[Result]] = {}
    for result in results:
        by_block.setdefault(result.block.start, []).append(result)
    stale = []
    for start in sorted(by_block, reverse=True):
        block = by_block[start][0].block
        body: list[str] = []
        for result in by_block[start]:
            body.append(f"$ {result.command.line}")
            if result.ok:
                body += _trim(result.command.expected)
            elif any(line.strip() == "..." for line in result.command.expected):
                body += _trim(result.command.expected)
                stale.append(f"{block.where}: $ {result.command.line}")
            else:
                body += _trim(result.actual)
        lines[block.start + 1:block.end] = [block.indent + line if line else line for line in body]
    (ROOT / doc).write_text("\n".join(lines))
    return stale


def main(argv: list[str]) -> int:
    if argv[:1] == ["--update"]:
        docs = argv[1:] or list(DOCS)
        envs: dict[str, Env] = {}
        try:
            for doc in docs:
                kind = ENVIRONMENT.get(doc, "sessions")
                env = envs.get(kind) or envs.setdefault(kind, Env(kind))
                stale = update(doc, run_doc(doc, env))
                print(f"{doc}: updated" + "".join(f"\n  excerpt no longer matches, fix by hand: {s}" for s in stale))
        finally:
            for env in envs.values():
                env.remove()
        return 0
    env = Env("sessions")
    try:
        for line in argv:
            print(f"$ {line}\n{env.run(line)}")
    finally:
        env.remove()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
