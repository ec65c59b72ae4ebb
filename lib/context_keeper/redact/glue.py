"""What joins a secret's name to its value, read the same in every syntax: whether the glue
sets the name to the value (`=`, `: "`, `=> '`, `->`, `<-`, `:=`, a quote, ` TO `, a
setter's parenthesis), so that the value is whatever a person set there.

A password's value is taken in any shape a person chooses (`password_shapes.password_shaped`); a
secret's, a token's or a credential's was taken only when it mixed cases, digits and symbols
or looked random, which left `webhook_secret: maple-harbor-copper-4441` and `client_secret =
"copper9568"` in place. Where the glue sets the value, those names are read as a password's.
"""

from __future__ import annotations

from .names import HASHED, words_of
from .patterns import LazyPattern
from .plain_values import names_a_thing

_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_PATH_BEFORE = LazyPattern(r"(?<![\w:.-])[\w.-]+:[\w.-]*:[\w.:-]*$")  # two colons or more in one run
_TOKEN = LazyPattern(r"[\w.:-]{1,120}")
_ONE_LITERAL = LazyPattern(r"\([ \t]*(?:\"[^\"\n]*\"|'[^'\n]*')[ \t]*\)")
_SETTER_AT = LazyPattern(r"(?:[Ss]et|[Ww]ith|[Uu]se)(?=[A-Z_])")


def sets_value(text: str, start: int, sep: str) -> bool:
    """Whether `sep`, after the name at `start` of `text`, sets the name to the value that
    follows. Not a space alone (`create secret s3cred`: a verb, the noun, the name it gives),
    nor a call's parenthesis but a setter's or a builder's (`setApiKey("…")`, `.apiKey("…")`;
    `api_key(key_id: "…")` is a call); not under a hash's name (`password_hash`: a digest, random when it is one)."""
    if not sep.strip():
        return False
    end = start
    while end < len(text) and text[end] in _NAME_CHARS:
        end += 1
    last = text[text.rfind(".", start, end) + 1 or start : end]
    words = words_of(last)
    if not words or words[-1] in HASHED:
        return False
    if not sep.lstrip().startswith("("):
        return True
    # `setApiKey("…")`, a builder's `.apiKey("…")` given one literal: the call sets the secret
    return _SETTER_AT.match(last) is not None or (
        text[start - 1 : start] == "." and _ONE_LITERAL.match(text, end) is not None
    )


def one_name(text: str, start: int) -> bool:
    """Whether the name at `start` runs on through a bare `:` into one name with its value:
    `credentialsJSON:<uuid>`, the id a stored credential is known by, or is one part of such a
    name (`arn:aws:secretsmanager:…:secret:prod/db`)."""
    if text[start - 1 : start] == ":" and _PATH_BEFORE.search(text, max(0, start - 120), start) is not None:
        return True  # `arn:aws:…:secret:prod/db`: a part of a colon-joined name
    m = _TOKEN.match(text, start)
    return m is not None and names_a_thing(m.group(0))
