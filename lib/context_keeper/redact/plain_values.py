"""Values that name a thing rather than hold a secret, whatever name they stand under.

A key named for a secret is set, in real configs and code, as often to what describes the
secret as to the secret: the algorithm it is made or checked with (`password_hash: bcrypt`,
`signing_key: HS256`, `encryption_key: aes-256-gcm`), the header it is sent in (`api_key:
X-Api-Key`, `token: Authorization`), the call that fetches it (`password = read_secret()`,
`token: getenv('API_TOKEN')`), or the code identifier that holds it (`secretKeyRef`,
`envPassword`), the id it is stored under (`credentialsJSON:<uuid>`), or a public address
(`MANA_TOKEN = "0x…"`, a token's contract), or a list of option names (`AutoGenerate,IsolateApps`).
Each is read by its shape alone, so that every reading of a secret's position keeps them the
same way, in any syntax.
"""

from __future__ import annotations

from .patterns import LazyPattern

# Hashing, signing, encryption and authentication schemes, as configs spell them.
_ALGORITHM = LazyPattern(
    r"(?i:bcrypt|scrypt|yescrypt|argon2(?:id|i|d)?|pbkdf2(?:[-_]?(?:sha|hmac)[-_]?\d*)*|md5|sha-?\d{1,3}|sha3-\d{3}"
    r"|aes(?:-?\d{3})?(?:-(?:gcm|cbc|ctr|ecb|cfb|ofb|siv|gcm-siv))?|(?:rsa|ecdsa)(?:-(?:oaep|pss|sha\d+))*"
    r"|ed25519|ed448|x25519|chacha20(?:-poly1305)?|xchacha20(?:-poly1305)?|scram-sha-\d{1,3}(?:-plus)?"
    r"|hmac-?sha-?\d{1,3}|[hrep]s\d{3}|secp\d{3}[rk]1|p-\d{3})"
)
# A request header's name: `Authorization`, `X-Api-Key`, `Proxy-Authorization`, `X-Auth-Token`.
_HEADER = LazyPattern(r"Authorization|(?:X|[A-Z][a-z]+)(?:-(?:[A-Z][a-z]+|[A-Z]{2,5}))+")
# A call of a named function with literal or named arguments: `read_secret()`, `os.getenv("X")`.
_CALL = LazyPattern(r"[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z_]*)*\([^()]{0,80}\)")
# A stored object's id under the store's word: TeamCity's `credentialsJSON:<uuid>`, `secret:<uuid>`
# (a user's name is shorter: `api:<uuid>` may be a user and its key, and is not read here).
_STORED_ID = LazyPattern(
    r"[A-Za-z][A-Za-z0-9_.]{5,40}:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
# An Ethereum address (20 bytes): a contract's or an account's public name (a private key is 32).
_ADDRESS = LazyPattern(r"0x[0-9a-fA-F]{40}")
# A code identifier in lower camel case, words only: `secretKeyRef`, `envPassword`.
_CAMEL_IDENTIFIER = LazyPattern(r"[a-z]{2,}(?:[A-Z][a-z]+){1,4}")
_CAMEL_PARTS = LazyPattern(r"[A-Z]?[a-z]+")
# Options named in a list, each of two capitalised words or more (`AutoGenerate,IsolateApps`,
# `DigitalSignature, KeyEncipherment`): a setting's keywords, no digits, no symbols.
_OPTION = r"(?:[A-Z][a-z]{1,15}){2,4}"
_OPTION_LIST = LazyPattern(rf"{_OPTION},[ \t]?{_OPTION}(?:,[ \t]?{_OPTION})*")
_VOWELS = frozenset("aeiouy")


def names_a_thing(v: str) -> bool:
    """Whether `v` is an algorithm's, a header's, a call's, a code identifier's or a stored
    object's name."""
    if not 2 <= len(v) <= 100:
        return False
    if v[:2] == "0x":
        return _ADDRESS.fullmatch(v) is not None
    if not v[0].isalpha():
        return False
    return (
        _ALGORITHM.fullmatch(v) is not None
        or _HEADER.fullmatch(v) is not None
        or (v[-1] == ")" and _CALL.fullmatch(v) is not None)
        or (_CAMEL_IDENTIFIER.fullmatch(v) is not None and _spoken(v))
        or _STORED_ID.fullmatch(v) is not None
        or ("," in v and _OPTION_LIST.fullmatch(v) is not None and _spoken(v))
    )


def _spoken(v: str) -> bool:
    """Every part of a camel-case run holds a vowel (`secretKeyRef`, not a random `kfjQwerPzx`)."""
    return all(not _VOWELS.isdisjoint(part.lower()) for part in _CAMEL_PARTS.findall(v))
