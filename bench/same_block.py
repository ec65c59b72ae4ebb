#!/usr/bin/env python3
"""The safety check of a speed change: PreCompact with no saved state prints the same block
and saves the same state, byte for byte, from this checkout and from a base checkout.

    git worktree add --detach /tmp/ck-base main      # the code before the change
    python bench/same_block.py --base /tmp/ck-base [--size 100MB] [--source T.jsonl] [--extra 'DIR/*.jsonl']

Transcripts: every fixture transcript (`tests/fixtures/*.jsonl` and the subagent fixtures,
whose subagents' files lie beside them), bench/dense.py's dense session and
bench/gen_transcript.py's session at `--size` (both read with the orjson path, which a
read of 8 MB or more takes), a real transcript repeated (`--source`) and any other
transcripts (`--extra`, a glob: real sessions read at run time, never stored here).

Each checkout's hooks/pre_compact_preserve.py runs as Claude Code runs it, in the same temp
git project with the same fresh CONTEXT_KEEPER_HOME path, one after the other, with the
longest hook budget PreCompact allows (45 s; an empty block counts as a difference); compared:
stdout (the archive's UTC time stamp aside: the two calls run seconds apart), the saved
state file and the saved block. Exits 1 on any difference, and prints the first one.
"""

from __future__ import annotations

import argparse
import difflib
import glob
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from dense import dense_transcript  # noqa: E402
from precompact import git_project, hook_stdin, loadavg, timed  # noqa: E402
from precompact import transcript as gen_transcript  # noqa: E402

_STAMP = re.compile(rb"_\d{8}T\d{6}Z(_\d+)?_transcript")


def outputs(code_root: Path, source: Path, python: str, root: Path, project: Path) -> tuple[dict[str, bytes], float]:
    """What one PreCompact call with no saved state leaves (stdout, state and block files),
    and its CPU seconds (user + system: what the load on a shared machine moves least)."""
    home = root / "home"
    shutil.rmtree(home, ignore_errors=True)
    stdin = hook_stdin("PreCompact:auto", source, project)
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(root),
        "PYTHONPATH": str(code_root / "lib"),
        "CONTEXT_KEEPER_HOME": str(home),
        "CONTEXT_KEEPER_CONFIG": str(root / "config.toml"),
    }
    _, _, out, cpu = timed([python, str(code_root / "hooks" / "pre_compact_preserve.py")], stdin, env, project)
    found = {"stdout": _STAMP.sub(b"_<stamp>_transcript", out)}
    for kind in ("state", "preserved"):
        for path in sorted(home.glob(f"runs/*/{kind}/*")):
            if path.suffix in (".json", ".txt"):
                found[f"{kind}/{path.name}"] = _STAMP.sub(b"_<stamp>_transcript", path.read_bytes())
    return found, cpu


def compare(name: str, before: dict[str, bytes], after: dict[str, bytes]) -> bool:
    if before == after:
        return True
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        print(f"  DIFFERS: {name}: {key}")
        if old is None or new is None:
            print(f"    only in {'after' if old is None else 'before'}")
            continue
        if key.startswith("state/"):  # one long JSON line: compare it field by field
            old_obj, new_obj = json.loads(old), json.loads(new)
            for field in sorted(old_obj.keys() | new_obj.keys()):
                if old_obj.get(field) != new_obj.get(field):
                    print(f"    field {field}: {str(old_obj.get(field))[:300]} -> {str(new_obj.get(field))[:300]}")
                    break
            continue
        diff = difflib.unified_diff(
            old.decode(errors="replace").splitlines(),
            new.decode(errors="replace").splitlines(),
            "before",
            "after",
            n=0,
            lineterm="",
        )
        for line in list(diff)[:12]:
            print(f"    {line[:200]}")
    return False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", type=Path, required=True, help="the checkout to compare with (before the change)")
    p.add_argument("--size", default="100MB", help="of the dense and gen shapes; 'none' leaves them out")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--source", type=Path, action="append", default=[], help="a real transcript to repeat to --size")
    p.add_argument("--extra", action="append", default=[], help="a glob of more transcripts, compared as they are")
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench"))
    args = p.parse_args(argv)

    fixtures = ROOT / "tests" / "fixtures"
    sources = sorted(fixtures.glob("*.jsonl"))
    # The subagent fixtures lie under a `subagents/` directory, which would make the hook
    # take each for a subagent's own transcript: copied, with their subagents' files, first.
    copies = args.out / "same-block-fixtures"
    for kind in sorted(fixtures.glob("subagents/*/")):
        if kind.is_dir():
            shutil.copytree(kind, copies / f"subagent-{kind.name}", dirs_exist_ok=True)
            sources += sorted((copies / f"subagent-{kind.name}").glob("*.jsonl"))
    if args.size != "none":
        sources.append(dense_transcript(args.size, args.seed, args.out, None))
        sources.append(gen_transcript(args.size, args.seed, args.out))
        sources += [dense_transcript(args.size, args.seed, args.out, source) for source in args.source]
    for pattern in args.extra:
        sources += sorted(Path(p) for p in glob.glob(pattern))
    base = args.base.resolve()
    print(f"PreCompact, no saved state: {base} (before) and {ROOT} (after); load {loadavg()}")
    same = 0
    with tempfile.TemporaryDirectory(prefix="ck-bench-same-") as tmp:
        root = Path(tmp)
        project = git_project(root)
        # The longest budget the guard allows PreCompact: at the default (20 s) a loaded machine
        # can end a 100 MB fold before its block, and two empty outputs prove nothing.
        (root / "config.toml").write_text("hook_budget = 45.0\n")
        for source in sources:
            before, old_cpu = outputs(base, source, args.python, root, project)
            after, new_cpu = outputs(ROOT, source, args.python, root, project)
            ok = compare(source.name, before, after)
            if ok and not before["stdout"].strip():
                print(f"  NO BLOCK: {source.name}: neither call printed one (out of budget?): not compared")
                ok = False
            same += ok
            size = source.stat().st_size
            print(
                f"  {'same' if ok else 'DIFFERENT':>9}  {source.name[:60]:<60} {size / 1e6:>8.2f} MB "
                f"{len(before['stdout']):>6} chars  CPU {old_cpu:6.2f} s -> {new_cpu:6.2f} s  load {loadavg().split()[0]}"
            )
    print(f"{same} of {len(sources)} transcripts: block, state and saved block byte for byte the same")
    return 0 if same == len(sources) else 1


if __name__ == "__main__":
    sys.exit(main())
