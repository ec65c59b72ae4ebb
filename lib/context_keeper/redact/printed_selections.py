"""The field a command's own filter selects, and whether that field describes a secret rather
than holds it.

A command about a secret (`consul acl token list`, `aws secretsmanager list-secrets`) prints what
its filter picks: `jq '.[].AccessorID'`, `--query 'SecretList[].Name'`, `-o jsonpath='{.metadata.name}'`,
`--format '{{.ID}}'`. When the field picked is named for an identifier or a detail of the
secret (an id, a name, an ARN, an expiry) and no word of its
name is a secret's, what follows is that detail, not the secret; a field named for the secret
(`-field=password`, `.SecretID`, `.data.token`) leaves the output judged as before.
"""

from __future__ import annotations

from .names import tier, words_of
from .patterns import LazyPattern

# A filter's option or program, then its expression (quoted, or one word): the last
# name in it is the field printed (`.[].AccessorID`, `{.metadata.name}`, `{{.ID}}`, `Name`).
_SELECTION = LazyPattern(
    r"(?:\bjq\b(?:[ \t]+-{1,2}[\w-]+)*|--query|jsonpath=|--jq|--format|--template|-{1,2}field)[ \t=]*"
    r"(?P<expr>\"[^\"\n]*\"|'[^'\n]*'|[^\s|;]+)"
)
# What a field names when it describes a secret: its id, name, kind, times, owner, place (not
# `result`, `value`, `data`: those hold it).
_DETAILS = frozenset(
    "ID IDS NAME NAMES ARN ARNS ACCESSOR UUID TYPE KIND CREATED UPDATED EXPIRES EXPIRATION EXPIRY TTL "
    "DESCRIPTION PATH URL URI VERSION STATUS STATE COUNT DATE TIME TIMESTAMP AT OWNER ROLE POLICY POLICIES "
    "LABEL LABELS REGION ZONE PROJECT ALIAS FINGERPRINT".split()
)
_TRIGGERS = ("jq", "query", "jsonpath", "format", "template", "field")
_LAST_NAME = LazyPattern(r"([A-Za-z_]\w*)[^A-Za-z_]*\Z")


def selects_a_detail(command: str) -> bool:
    """Whether `command`'s last filter selects a field named for a detail, not a secret."""
    if not any(t in command for t in _TRIGGERS):
        return False
    found = None
    for found in _SELECTION.compiled().finditer(command):  # noqa: B007 - the last one
        pass
    if found is None:
        return False
    last = _LAST_NAME.search(found.group("expr").strip())
    if last is None:
        return False
    words = words_of(last.group(1))
    return bool(words) and words[-1] in _DETAILS and all(tier(w) == 0 for w in words)
