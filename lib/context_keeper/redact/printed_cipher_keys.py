"""A key printed in parentheses after the name of the cipher it is for: `(aes256-cts-hmac-sha1-96)
(0x<hex>)`, a keytab's or a key store's listing of each key with its encryption type.

The value is `0x` and 32 hex digits or more (a 128-bit key or longer) in parentheses, directly
after a parenthesised name of a cipher (`aes…`, `des…`, `rc4…`, `arcfour…`, `camellia…`,
`chacha20…`): what a listing prints there is the key of that type. An address in parentheses is
16 hex digits at most, a hash's name (`sha256`) is not a cipher's, and either is left.
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import MARK, LazyPattern

TRIGGERS = ("(0x", "(0X")
_CIPHER_KEY = LazyPattern(
    r"(?P<lead>\((?i:aes|des|3des|rc4|arcfour|camellia|chacha20|blowfish)[\w.-]{0,60}\)[ \t]{0,8}\()"
    r"(?P<v>0[xX][0-9a-fA-F]{32,1024})(?=\))"
)


def redact_cipher_keys(line: str) -> str:
    """`line` with each key printed after its cipher's name marked."""
    return _CIPHER_KEY.sub(lambda m: m.group("lead") + MARK, line)


def line_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, line -> line), run with the other last line rules."""
    return ((TRIGGERS, redact_cipher_keys),)
