"""secrets-patterns-db's high-confidence patterns as formats for `redact_unseen.py --spdb`.

The source is `db/rules-stable.yml` of mazen160/secrets-patterns-db (not in this repository):
patterns with a `name`, a `regex` and a `confidence`. Only `confidence: high` is read, and of
that only what a reviewer would call a secret: each pattern `NOT_A_SECRET` names is dropped,
with its reason, judged by the pattern's name and the shape of its regex.

The value drawn: a regex with a capturing group keeps the longest group (as the other sources
do). A regex without one that opens with a word of the pattern's name followed by a gap, a class
or a quote (`sonar.{0,50}…`, `twitter[0-9a-z]{35,44}`, `auth":.*"…`) carries its own context;
its secret is what a reviewer would call the secret: the longest run of the value's alphabet
(the regex's last character class) after that keyword. Any other regex without
a group is the secret whole (`AKIA…`, `shpat_…`).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple


class SpdbRule(NamedTuple):
    name: str
    regex: str  # as the rule set writes it, less a keyword and gap before a captured value
    keyword: str  # the service's name, for the contexts
    group: int | str | None  # None: the longest group; 0: the match; "after-keyword:KW"


# What is not a secret, judged by the shape of a pattern's regex (or by its name where the name
# says it): (reason, what the rule reads, pattern); the first rule a pattern meets drops it.
NOT_A_SECRET: tuple[tuple[str, str, str], ...] = (
    ("a key's name and its separator, no value", "regex", r"\(=\| =\|:\| :\)$"),
    ("a key's name or an error code, no value: the group is a literal", "regex", r"\([a-z_|]+\)(?:\.\+)?$"),
    ("a host: the value ends in a domain", "regex", r"\.[a-z]+\.[a-z]{2,3}\)"),
    ("a subdomain: the regex names it", "regex", r"\(\?:subdomain\)"),
    ("a name or a marker, no value: the regex is a literal", "regex", r"^[\w\s\"':-]+$"),
    ("a private key's armour: the key body is not in the match", "regex", r"PRIVATE KEY"),
    ("a public key", "regex", r"^ssh-(?:rsa|dss|ed25519)"),
    ("an ARN: names a resource", "regex", r"^arn:"),
    ("a host or a bucket", "regex", r"amazonaws|\.internal\b|^s3://|\.compute"),
    ("a URL without credentials: a calendar, a board", "regex", r"^https://(?!hooks\.|discord)"),
    ("a connection string whose credentials are optional", "regex", r"^jdbc:"),
    (
        "a URL with a password: not one value to draw (the hand-written sets hold these)",
        "regex",
        r"://\[\^/|://\[0-9\]\+:",
    ),
    ("an email address in the value", "regex", r"^(?!\(?https)(?:.*[}+]\\?@|.*@\[|.*@apiconnector)"),
    ("a number: an account, project or user id", "regex", r"\(\[0-9\]\{[\d,]*\}\)|\(\\d[+*{]"),
    (
        "an id, a user, a host or a URL by its name",
        "name",
        r"(?i)\bid\b|(?<![a-z])(?:user(?:name)?|email|url|host|domain|account)(?![a-z])",
    ),
    ("a public or publishable key by its name", "name", r"(?i)public|publishable"),
    ("an account SID: `AC` and 32 hex is Twilio's account id", "regex", r"^\\bAC\[0-9a-f\]\{32\}"),
    ("a service-account JSON's fixed field, no value", "regex", r"auth_provider_x509_cert_url"),
)


_KEYWORD_GAP = re.compile(r"^\(\?:[^()]*\)(?:\[\^[^\]]*\])?\.\{0,\d+\}")


def _dropped_for(name: str, regex: str) -> str | None:
    for reason, field, pattern in NOT_A_SECRET:
        if re.search(pattern, name if field == "name" else regex):
            return reason
    return None


def _context_keyword(name: str, regex: str) -> str | None:
    """The keyword a group-less regex opens with, when it is a word of the pattern's name."""
    m = re.match(r'(?:\(\?:)?([a-z]{4,})(?=[.\["])', regex)
    if m and m.group(1) in re.sub(r"[^a-z]", "", name.lower()):
        return m.group(1)
    return None


def spdb_rules(path: Path) -> tuple[list[SpdbRule], Counter[str]]:
    """The high-confidence patterns that match a secret, and how many were dropped per reason."""
    import yaml

    formats: list[SpdbRule] = []
    dropped: Counter[str] = Counter()
    for entry in yaml.safe_load(path.read_text())["patterns"]:
        rule = entry["pattern"]
        if rule.get("confidence") != "high":
            continue
        name, rx = str(rule["name"]), str(rule["regex"])
        reason = _dropped_for(name, rx)
        if reason:
            dropped[reason] += 1
            continue
        # the service a context names: the regex's own keyword (`(?:abbysale)`), else the name's first word
        label = re.match(r"\(\?:([a-z0-9]+)", rx) or re.match(r"([A-Za-z]+)", name)
        # The keyword and gap before a value (`(?:abbysale).{0,40}\b(…)`) are left out of the
        # draw, as TruffleHog's prefix is: exrex fills the gap with any character and reads no
        # `\b`, so most draws would not match their own regex; the contexts supply a keyword.
        rx = _KEYWORD_GAP.sub("", rx) if re.search(r"\((?!\?)", _KEYWORD_GAP.sub("", rx)) else rx
        has_group = re.search(r"\((?!\?)|\(\?P?<(?![=!])", rx) is not None
        keyword = _context_keyword(name, rx) if not has_group else None
        group: int | str | None = None
        if keyword:
            group = "after-keyword:" + keyword
        elif not has_group:
            group = 0
        formats.append(SpdbRule(name, rx, label.group(1).lower() if label else "svc", group))
    return formats, dropped


def after_keyword(regex: str, keyword: str, matched: str) -> str | None:
    """The longest run of the value's alphabet (the regex's last character class) after the keyword."""
    classes = re.findall(r"\[(?:\\.|[^\]])+\]", regex)
    if not classes:
        return None
    start = matched.lower().find(keyword)
    rest = matched[start + len(keyword) :] if start >= 0 else matched
    runs = re.findall(classes[-1] + "+", rest)
    return max(runs, key=len) if runs else None
