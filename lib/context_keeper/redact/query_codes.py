"""A URL query's `code` parameter when it holds a random token: a credential by where it stands.

`code` names nothing secret on its own (`exit code`, `code: 200`), but in a URL's query it is
OAuth's authorization code (`/callback?code=…&state=…`) or the key an Azure Function is called
with (`/api/orders?code=…`): both let whoever holds them in. The value is taken when it is a
random token (`entropy.is_random_token`), not a number, a word or a short code a person types.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .patterns import MARK, LazyRule

# (the parameter after `?` or `&`, its value to the next `&`, `#`, quote or space)
_CODE = r"(?<=[?&])(?i:code)=(?P<s>[A-Za-z0-9_~.%/+-]{20,512}={0,2})(?=[&#\"'`\s)\]]|$)"


def _random_code(m: re.Match[str]) -> str:
    value = m.group("s")
    if MARK in value or not is_random_token(value.replace("%2F", "/").replace("%2B", "+").rstrip("=")):
        return m.group(0)
    return m.group(0)[: m.start("s") - m.start()] + MARK


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`."""
    return ((("?code=", "&code=", "?CODE=", "&CODE=", "?Code=", "&Code="), LazyRule(_CODE, _random_code)),)
