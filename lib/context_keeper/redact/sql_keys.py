"""An encrypted database's key given in SQL: SQLCipher's `PRAGMA key = '…'`, `PRAGMA rekey = '…'`,
`ATTACH DATABASE 'enc.db' AS enc KEY '…'`.

A bare `key` is weak everywhere else (a cache key, a sort key: its value must look random), but
these statements take nothing but the passphrase that encrypts the file, chosen by a person as
often as drawn at random. The quoted literal is taken unless it is empty, a placeholder or a
reference (`values.not_a_secret`).
"""

from __future__ import annotations

import re

from .patterns import MARK, LazyRule
from .values import not_a_secret

TRIGGERS = ("PRAGMA", "pragma", "Pragma", "ATTACH")  # (`attach` in lower case is mostly prose)
_KEY_STATEMENT = (
    r"(?i:\bpragma[ \t]+(?:\w+\.)?(?:re)?key[ \t]*(?:=[ \t]*|\([ \t]*)"
    r"|\battach[ \t]+(?:database[ \t]+)?\S+[ \t]+as[ \t]+\w+[ \t]+key[ \t]+)"
    r"(?P<q>[\"'])(?P<s>[^\"'\n]{1,200})(?P=q)"
)


def _key(m: re.Match[str]) -> str:
    value = m.group("s")
    if not_a_secret(value):
        return m.group(0)
    a, b = m.start("s") - m.start(), m.end("s") - m.start()
    return m.group(0)[:a] + MARK + m.group(0)[b:]


RULE = LazyRule(_KEY_STATEMENT, _key)
