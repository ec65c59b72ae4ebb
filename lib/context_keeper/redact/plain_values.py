"""Values that name a thing rather than hold a secret, whatever name they stand under.

A key named for a secret is set, in real configs and code, as often to what describes the
secret as to the secret: the algorithm it is made or checked with (`password_hash: bcrypt`,
`signing_key: HS256`, `encryption_key: aes-256-gcm`), the header it is sent in (`api_key:
X-Api-Key`, `token: Authorization`), the call that fetches it (`password = read_secret()`,
`token: getenv('API_TOKEN')`), or the code identifier that holds it (`secretKeyRef`,
`envPassword`), the id it is stored under (`credentialsJSON:<uuid>`), or a public address
(`MANA_TOKEN = "0x…"`, a token's contract), or a list of option names (`AutoGenerate,IsolateApps`).
Others stand where a secret would and hold none: a token's prefix on a filler (`sk_test_xxx`), a
login pair whose secret part is a reference (`neo4j/$NEO4J_PASSWORD`, `admin:$(pass show db)`),
a login's address (`pi@10.0.0.5`), a name a controller made (`shop-api-7d9f8b6c5d-x2k4p`), a public key.
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


# A token's prefix (`sk_test_`, `xoxb-`, `sk-proj-`) and a filler for its body: three or more of one mark.
_PREFIXED_FILLER = LazyPattern(r"(?:[a-z][a-z0-9]{1,7}[_-]){1,3}([xX0*#.?])\1{2,}")
# A user and a reference in the secret's place: a variable of capitals (`$NEO4J_PASSWORD`), a
# command's or an expression's output (`$(cat f)`, `$($cred.Password)`), an interpolation
# (`${…}`, `${{ … }}`, `#{…}`, `{{ … }}`), an environment's (`$env:X`, `%X%`). A `$` before lower-case
# letters (`neo4j/$ecret1`) is read as a password's character.
_PAIR_WITH_REFERENCE = LazyPattern(
    r"[A-Za-z0-9_][\w.@+-]{0,63}[/:](?:\$[A-Z_][A-Z0-9_]{2,}|\$\(.*|\$\{[^{}]+\}|\$env:[A-Za-z_]\w*|#\{[^{}]+\}"
    r"|\$\{\{(?:[ \t]*[A-Za-z_][\w.]*[ \t]*\}\}|[ \t]*$)|\{\{[^{}]+\}\}|%[A-Za-z_]\w*%)"
)
# A name a controller made (Kubernetes): words, then a template's hash of 6-10 characters or a
# schedule's number, then a 5-character suffix, both drawn from an alphabet with no vowel and no
# 0, 1 or 3 (`shop-api-7d9f8b6c5d-x2k4p`, `backup-28401234-q8zvm`): a pod's or a job's name.
_GENERATED = "[bcdfghjklmnpqrstvwxz2456789]"
_GENERATED_NAME = LazyPattern(rf"[a-z][a-z0-9]*(?:-[a-z0-9]+)*-(?:{_GENERATED}{{6,10}}|\d{{8,10}})-{_GENERATED}{{5}}")
# A user at a host's address, with a path after it (`deploy@10.0.0.9:/srv/`): where one logs in.
_LOGIN_ADDRESS = LazyPattern(r"[a-z_][a-z0-9_.-]{0,31}@\d{1,3}(?:\.\d{1,3}){3}(?::[\w/.~-]*)?")


def stands_in(v: str) -> bool:
    """Whether `v` is a filler after a token's prefix, a login pair with a reference for its
    secret, a login's address or a controller's generated name: where a secret would stand, none a secret."""
    return (
        _PREFIXED_FILLER.fullmatch(v) is not None
        or _PAIR_WITH_REFERENCE.fullmatch(v) is not None
        or ("@" in v and _LOGIN_ADDRESS.fullmatch(v) is not None)
        or ("-" in v and _GENERATED_NAME.fullmatch(v) is not None)
    )


def is_public_key(v: str) -> bool:
    # `pk_live_`/`pk_test_`: Stripe's publishable keys; other vendors' `pk_` keys are private
    return v.startswith(
        ("ssh-rsa ", "ssh-ed25519 ", "ecdsa-sha2-", "ssh-dss ", "sk-ssh-", "age1", "npub1", "pk_live_", "pk_test_")
    )
