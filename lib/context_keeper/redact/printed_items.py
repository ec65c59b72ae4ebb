"""What a command that shows one stored item prints: a store's verb, then the item's value.

`rbw get shop-prod-db`, `gopass show shop/db`, `chamber read shop db`: a password manager's or
a secret store's verb that shows one item, no secret's word in the command (those are read by
`printed`'s words). What it prints alone on the next line is the item's value when no ordinary
output has its shape: a generated password or key, both cases and digits, 16 to 64 characters,
random. Not a digest (hex is one case), an id (a uuid, an account's id in capitals), a name
(lowercase words and dashes), a version, a URL or a blob (longer: an image's base64, a certificate).
"""

from __future__ import annotations

from .patterns import MARK, LazyPattern
from .values import looks_random, not_a_secret, word_share

# The verb as a word of its own among the command's (`rbw get …`; not `--get-url`, `/get`, `GET`).
_SHOWS_ONE = LazyPattern(r"(?:^|[ \t])(?:get|show|read|reveal|lookup|decrypt)(?=[ \t]+[^\s-])")


def shows_an_item(command: str) -> bool:
    """Whether `command` (after its prompt) runs a verb that shows one stored item, not a
    public one (`wg show wg0 public-key`, `gpg --show-keys pubring.kbx`)."""
    return "pub" not in command.lower() and _SHOWS_ONE.search(command) is not None


def item_value(v: str) -> bool:
    """Whether `v`, printed alone after such a command, is a generated secret (see the module)."""
    if not 16 <= len(v) <= 64 or MARK in v or "://" in v or "/" in v or "." in v:
        return False
    if not (any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v)):
        return False
    return looks_random(v) and word_share(v) < 0.25 and not not_a_secret(v)
