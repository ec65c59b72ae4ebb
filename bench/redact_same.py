#!/usr/bin/env python3
"""Whether `context_keeper.redact` gives the same output as an earlier version of it, text for
text: the check a change made only for speed must pass.

    .venv-dev/bin/python bench/redact_same.py [--baseline main] [--transcripts DIR]
        [--gitleaks TOML] [--noseyparker DIR] [--trufflehog DIR] [--azure JSON] [--seeds 1-3]

The texts: every string of every record of the transcripts (`*.jsonl` under DIR), whole and
line by line; the lines of tests/fixtures; the corpus's ordinary lines and secret texts (seeds
1-3); and the samples `redact_unseen.py` draws from the rule sets given (and its own written
ones) at `--seeds`. The baseline is loaded from `git` as `redact.py` loads it. Prints how many
distinct texts were read and each one whose output differs (its first 200 characters); exits 1
when one does.

Not a test: it reads data that is not in this repository.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

import redact as bench  # noqa: E402
import redact_unseen as unseen  # noqa: E402
from json_strings import strings  # noqa: E402

corpus = bench.corpus


def texts(args: argparse.Namespace) -> Iterator[str]:
    if args.transcripts:
        for path in sorted(args.transcripts.glob("*.jsonl")):
            for raw in path.read_text(errors="replace").splitlines():
                try:
                    record = json.loads(raw)
                except ValueError:
                    continue
                for s in strings(record):
                    yield s
                    yield from (line for line in s.split("\n") if line.strip())
    yield from bench.fixture_lines()
    yield from corpus.ordinary_lines()
    seeds = list(unseen.seeds_of(args.seeds))
    for seed in seeds:
        yield from (c.text for c in corpus.secret_cases(seed))
    formats: list[unseen.Format] = []
    if args.gitleaks:
        formats += unseen.gitleaks_formats(args.gitleaks)
    if args.noseyparker:
        formats += unseen.noseyparker_formats(args.noseyparker)
    if args.trufflehog:
        formats += unseen.trufflehog_formats(args.trufflehog)
    if args.azure:
        formats += unseen.azure_formats(args.azure)
    for seed in seeds:
        random.seed(seed)  # (as redact_unseen.py draws them)
        rng = random.Random(seed)
        samples: list[unseen.Sample] = []
        for fmt in formats:
            samples += unseen.format_samples(fmt, rng)
        samples += unseen.hand_written_samples(rng)
        yield from (s.text for s in samples)


def outputs(redact: Callable[[str], str], inputs: list[str]) -> list[str]:
    return [redact(t) for t in inputs]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--baseline", default="main", help="git revision to compare with")
    p.add_argument("--transcripts", type=Path, help="a folder of transcripts (*.jsonl)")
    p.add_argument("--gitleaks", type=Path)
    p.add_argument("--noseyparker", type=Path)
    p.add_argument("--trufflehog", type=Path)
    p.add_argument("--azure", type=Path)
    p.add_argument("--seeds", default="1-3")
    args = p.parse_args()

    inputs = list(dict.fromkeys(texts(args)))
    with tempfile.TemporaryDirectory() as tmp:
        before = outputs(bench.load(bench.checkout(args.baseline, Path(tmp) / "base")), inputs)
    after = outputs(bench.load(ROOT / "lib"), inputs)
    differ = [t for t, a, b in zip(inputs, before, after, strict=True) if a != b]
    print(f"{len(inputs)} distinct texts; output differs on {len(differ)}")
    for t in differ[:50]:
        print("  " + repr(t[:200]))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
