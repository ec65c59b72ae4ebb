#!/usr/bin/env python3
"""Redaction on secrets it was not written against: gitleaks' rule set as their source.

    .venv-dev/bin/pip install exrex                     # regex -> random matching string
    .venv-dev/bin/python bench/redact_unseen.py GITLEAKS_TOML [--seed N] [--misses]

GITLEAKS_TOML is gitleaks' `config/gitleaks.toml` (its default rule set, ~220 rules; not in
this repository). For each rule with a regex, a random string matching it is drawn (exrex),
and the rule's secret group taken from it; the value then goes into the contexts a session
shows secrets in (`export X_TOKEN=…`, YAML, JSON, a shell assignment) and, for a format whose
value carries the rule's keyword (a prefix such as `glpat-`), also bare in a sentence. A
sample counts as removed when the value is no longer in `redact`'s output. Values that are
not printable ASCII or shorter than 12 characters are skipped (exrex fills `\\w` and `.`
generously). Different seeds give different values: the fixes made after one seed are
measured on the others.

Not a test: a measure of `context_keeper.redact` on generated data (figures in
docs/performance.md, section (g)).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.redact import redact  # noqa: E402

CONTEXTS = ("export {KW}_TOKEN={v}", '{kw}_api_key: "{v}"', '"{kw}Secret": "{v}",', "{KW}_SECRET='{v}'")


def ascii_regex(rx: str) -> str:
    """A gitleaks (RE2) regex as Python reads it, its classes kept to ASCII."""
    src = rx.replace("(?i)", "").replace("\\x60", "`").replace("\\w", "a-z0-9_").replace("\\s", " ")
    return re.sub(r"(?<!\[)a-z0-9_(?![^\[]*\])", "[a-z0-9_]", src)


def samples(rule: dict, draws: int) -> list[tuple[str, str]]:
    """(text, secret value) pairs for one rule."""
    import exrex

    rx = rule.get("regex")
    if not rx:
        return []
    src = ascii_regex(rx)
    try:
        pattern = re.compile(src, re.I if "(?i)" in rx else 0)
    except re.error:
        return []
    group = rule.get("secretGroup", 1)
    keyword = (rule.get("keywords") or [rule["id"].split("-")[0]])[0]
    out = []
    for _ in range(draws):
        try:
            drawn = exrex.getone(src, limit=30)
        except Exception:  # noqa: BLE001 - exrex cannot draw every regex
            return out
        m = pattern.search(drawn)
        if not m:
            continue
        value = ((m.group(group) if pattern.groups >= group else None) or m.group(0)).strip(" '\"`;,\\\n\t=")
        if len(value) < 12 or not re.fullmatch(r"[\x21-\x7e]+", value):
            continue
        name = re.sub(r"\W", "_", keyword)
        for context in CONTEXTS:
            out.append((context.format(KW=name.upper(), kw=name.lower(), v=value), value))
        if keyword.lower() in value.lower():
            out.append((f"using {value} for the deploy", value))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rules", type=Path, help="gitleaks' config/gitleaks.toml")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--draws", type=int, default=2, help="values per rule")
    p.add_argument("--misses", action="store_true", help="print one missed sample per rule")
    args = p.parse_args(argv)
    random.seed(args.seed)
    rules = tomllib.loads(args.rules.read_text())["rules"]
    total = missed = 0
    misses: dict[str, str] = {}
    for rule in rules:
        for text, value in samples(rule, args.draws):
            total += 1
            if value in redact(text):
                missed += 1
                misses.setdefault(rule["id"], text)
    print(f"{len(rules)} rules, seed {args.seed}: {total:,} samples, {total - missed:,} secrets removed "
          f"({(total - missed) / max(total, 1):.1%}); missed in {len(misses)} rules")
    if args.misses:
        for rule_id, text in misses.items():
            print(f"  {rule_id}: {text[:140]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
