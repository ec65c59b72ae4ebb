"""The field a command's own filter selects, and whether that field describes a secret rather
than holds it.

A command about a secret (`consul acl token list`, `aws secretsmanager list-secrets`) prints what
its filter picks: `jq '.[].AccessorID'`, `--query 'SecretList[].Name'`, `-o jsonpath='{.metadata.name}'`,
`--format '{{.ID}}'`. When the field picked is named for an identifier or a detail of the
secret (an id, a name, an ARN, an expiry) and no word of its
name is a secret's, what follows is that detail, not the secret; a field named for the secret
(`-field=password`, `.SecretID`, `.data.token`) leaves the output judged as before. So does a
command that ends reading such a member (`$cred.UserName`), and one that names the identifier it
makes (`SecureRandom.uuid`) with no secret's word in it.
"""

from __future__ import annotations

from .names import STRONG, tier, words_of
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
    "LABEL LABELS REGION ZONE PROJECT ALIAS FINGERPRINT USER USERNAME LOGIN EMAIL DOMAIN HOST".split()
)
_TRIGGERS = ("jq", "query", "jsonpath", "format", "template", "field")
# The command ends reading an object's member (`$cred.UserName`, `conn.info.user`).
_MEMBER_AT_END = LazyPattern(r"[\w$\])]\.(?P<name>[A-Za-z_]\w*)[)\"'; \t\r]*\Z")
# Commands run one after another: each one's output prints, not only the last one's.
_SEQUENCE = LazyPattern(r";|&&|\|\|")
_QUOTED = LazyPattern(r"'[^'\n]*'|\"[^\"\n]*\"")
# A name read as a member (`.password`), a key (`["DB_PASSWORD"]`), a field's value
# (`-field=password`) or a variable (`$DB_PASSWORD`; not an object whose member is read, `$cred.UserName`).
_READ_NAME = LazyPattern(r"(?:\.|\[[\"']|\bfield=)([A-Za-z_]\w*)|\$\{?([A-Za-z_]\w*)(?![\w.])")
_LAST_NAME = LazyPattern(r"([A-Za-z_]\w*)[^A-Za-z_]*\Z")


# A command that makes or reads an identifier by its kind's name (`SecureRandom.uuid`, `uuid.uuid4()`,
# `[guid]::NewGuid()`, `crypto.randomUUID()`), and a secret's word that makes it more than that.
# (the last expression of the command names one: what follows the name to the end is members and calls)
_AFTER_IDENTIFIER = LazyPattern(r"[\w.:\[\]]*(?:\([^()\n]{0,20}\)[\w.:\[\]]*){0,3}[)\"'; \t\r]*")
_SECRET_WORD = LazyPattern(r"(?i:secret|token|passw|key|cred|auth|salt|nonce)")
# Where a command's last stage starts: after a pipe or a prompt's `>`/`$ ` the stage is the rest.
_STAGE_SPLIT = LazyPattern(r"\|\||&&|[|;]|^[^\n]*?[>$#][ \t]")


def selects_a_detail(command: str) -> bool:
    """Whether `command`'s last filter selects a field named for a detail, not a secret; or the
    command names the identifier it prints (a uuid) and no secret."""
    low = command.lower()
    named = max(low.rfind("uuid"), low.rfind("guid"))
    if (
        named != -1
        and _AFTER_IDENTIFIER.fullmatch(command, named + 4)
        and _SECRET_WORD.search(command) is None
        and not _given_as_a_word(command, named)
    ):
        return True
    if _SEQUENCE.search(_QUOTED.sub("", command)) is not None or _reads_a_secret(command):
        return False  # (`…; echo $env.user`, `echo $cfg.password $cfg.user`: a secret prints too)
    member = _MEMBER_AT_END.search(command)
    if member is not None and names_a_detail(member.group("name")):
        return True  # `$cred.UserName`, `creds.username`: the member read is a name, what prints is it
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
    return names_a_detail(last.group(1))


def _reads_a_secret(command: str) -> bool:
    """Whether `command` reads a member, a key, a field or a variable named for a secret
    (`.password`, `["DB_PASSWORD"]`, `-field=password`, `$DB_PASSWORD`) beside the detail it ends with."""
    return any(tier(member or variable) >= STRONG for member, variable in _READ_NAME.findall(command))


def _given_as_a_word(command: str, at: int) -> bool:
    """Whether the name at `at` is a word handed to another program (`tee uuid`, `> uuid.txt`,
    `# uuid`), not code nor the command run: what prints is another program's output."""
    stage = _STAGE_SPLIT.split(command[:at])[-1]
    return "#" in stage or ">" in stage or (command[at - 1 : at].isspace() and stage.strip() != "")


def names_a_detail(name: str) -> bool:
    """Whether the field `name` names a detail of a secret (`AccessorID`, `region`, `owner`): no
    word of it a secret's, its last word a detail's."""
    words = words_of(name)
    return bool(words) and words[-1] in _DETAILS and all(tier(w) == 0 for w in words)
