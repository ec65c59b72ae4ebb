"""Machine-generated random tokens, taken wherever they stand: no name, no position, no syntax.

A secret a tool generated (a password manager's, a first-run password, a cookie's value, an
API key without a prefix) is a run of characters drawn at random; printed alone on a line, in
prose (`the password is 'Rgw9Zd0UuP4I'`), in a URL or as a positional argument, nothing around
it says what it is. This reading judges the token alone, on the text every contextual rule
has already read, so their hints (`ghp_[REDACTED]`) stand and it only takes what they left.

What it must leave is what a session shows most that is random too and public: hex (digests,
commit, container and transaction ids, `0x…`), uuids and names holding one, digest prefixes
(`sha512-…`, `SHA256:` fingerprints), base58 addresses (32 bytes, or a checksum), base64 blobs
(signatures, images: longer than a key; an image's or a font's data URI) and base64 of text (fixture data), the ids APIs hand
out under their prefixes (`msg_…`, `ami-…`), ids of lower case and digits alone (a container's,
a vault item's, a pod's), identifiers made of words with numbers (`handleStep2Next`,
`libprotobuf32t64`), versions, paths, hosts, terminal colour codes; and a value a name just
before it calls an id, a hash, an address, a cursor or a fingerprint; a URL's query values
and the parts of its path between slashes alone (a shared document's id). So a token is taken
only when it is of mid length, holds both cases, and its letters fall into runs too short to be
words (a random mix of cases cuts them every two letters; an identifier's words run three or
more). It is read where it stands alone, glued to a short flag (`-p…`), after a word prefix
(`claim-…`: the rest judged), and in a URL after `:` or `@` or before `@`.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable

from .entropy import NOT_TOKEN_PREFIXES, bits_per_char
from .patterns import MARK, LazyPattern
from .values import has_word_part, is_hexlike, not_a_secret

MIN_LENGTH = 12
MAX_LENGTH = 64  # (longer: a signature, an image, encoded data, a base58 transaction; formats read keys)
_MIN_BITS = 3.2
_MAX_WORD_LETTERS = 0.6  # share of letters in word-like runs above which a token is an identifier
_MIN_LETTERS = 0.5  # share of letters below which it is a number, a version, a path's data (`2zm10-10V7a4`)

# A token: a run of token characters not inside a word, a path, a dotted name, a `name=` value
# (the contextual rules read those by their name) or a base64 run.
_TOKEN_BODY = rf"[A-Za-z0-9][\w-]{{{MIN_LENGTH - 2},{MAX_LENGTH - 2}}}[A-Za-z0-9]"
_TOKEN_END = r"(?![\w+/=-]|\.\w)"
_TOKEN = LazyPattern(rf"\b(?<![\w.+/=@%$\\~-])(?P<t>{_TOKEN_BODY}){_TOKEN_END}")
# The same tokens found from the character before them (of the class the lookbehind lets stand
# there, taken with the token: `re` skips ahead to one, where a lookbehind first is tried at every
# position of a long text); `_TOKEN` itself only at the text's start, where none stands before.
# (A token holds no character of that class: the one before the next token is never a match's.)
_TOKEN_AFTER = LazyPattern(rf"[^\w.+/=@%$\\~-](?P<t>{_TOKEN_BODY}){_TOKEN_END}")
# One glued to a short flag (`-p…`, `-T…`: the flag's letter is not the token's); its own
# search, from the `-` (a literal, found fast), where the token's would try every position twice.
_FLAG_TOKEN = LazyPattern(rf"-(?<![\w.+/=@%$\\~-]-)[A-Za-z](?P<t>{_TOKEN_BODY}){_TOKEN_END}")
# A URL's path and authority (`https://api.host/bot42:<token>/getMe`, `s://<user>:<token>@host`):
# its parts after `:` or `@` or before `@`, before any query (a query's values are others' to read).
_URL = LazyPattern(r"://[^\s?#\"'`<>()\[\]{}\\]+")  # (from its `://`: a literal, found fast)
_URL_PART = LazyPattern(rf"(?<=[/:@])(?P<t>{_TOKEN_BODY})(?=[/:@]|\Z)")
# A word before a hyphen or an underscore (`claim-51pv…`, `prod_Xk3…`): the rest judged alone.
_WORD_PREFIX = LazyPattern(r"(?:[a-z]{2,}[0-9]*[_-])+")
# The first test, on the whole text: somewhere a lower-case letter next to a capital (found from
# the capital, a class `re` skips ahead to, where an alternation is tried at every position).
_CASES_MET = LazyPattern(r"[A-Z](?:(?=[a-z])|(?<=[a-z].))")
_BASE58 = LazyPattern(r"[1-9A-HJ-NP-Za-km-z]{32,44}")
_B58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_SEGMENTS = LazyPattern(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_UUID_OR_HEX_RUN = LazyPattern(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?<![A-Za-z0-9])(?=[a-f]*[0-9])(?=[0-9]*[a-f])[0-9a-f]{12,}(?![A-Za-z0-9])"
)
_VOWELS = frozenset("aeiouAEIOU")
_CONSONANT_RUN = LazyPattern(r"[^aeiouyAEIOUY]{5}")  # (`y` a vowel here: `Monthly`, `Encrypted`)
_WORD_RUN = 3
_REPEAT_RUN = 8
# Each character's next along the alphabet, the consonants, a keyboard's rows, the digits.
_NEXT: dict[str, str] = {}
for _order in ("abcdefghijklmnopqrstuvwxyza", "bcdfghjklmnpqrstvwxzb", "qwertyuiopasdfghjklzxcvbnmq", "01234567890"):
    for _a, _b in zip(_order, _order[1:], strict=False):
        _NEXT[_a] = _NEXT.get(_a, "") + _b
_PREFIX = LazyPattern(r"([a-z][a-z0-9]{1,11})[_-]")
_ESCAPE_BEFORE = ("\x1b[", ";")  # a terminal's colour code (`\x1b[36mTRANSACTION`) ends in `m`
_COLOUR_CODE = LazyPattern(r"\d{1,3}m")
# A name just before the token that says it is public (an id, a hash, an address, a cursor),
# followed by `:`, `=`, `is`, a call's parenthesis (`sha256("…")`, `PublicKey("…")`,
# `Version::new("…")`), or a space after a flag (`--client-id 8bJ2…`).
_PUBLIC_NAMES = (
    r"(?:ids|hash|digest|sum|checksum|address|addr|wallet|mint|program|pubkey|public[_ -]?key|"
    r"signature|sig|cursor|etag|nonce|commit|sha|revision|rev|version|tag|image|container|request|trace|"
    r"span|slug|handle|fingerprint|tx|transaction|block|verification|content|salt|iv|hmac|mac|"
    r"(?:sha|md|s)\d{1,3}|v\d{1,2})"
)
_AFTER_NAME = r"[\"'`]?\)?\s*(?:[:=#]|\bis\b|(?:(?:::|\.)\w+)?\()\s*[\"'`(\[]?\Z"
_PUBLIC_NAME_BEFORE = LazyPattern(rf"(?:\b|[_-]){_PUBLIC_NAMES}{_AFTER_NAME}", re.IGNORECASE)
# `id`, `client_id`, `userId`, `__knexQueryUid`, `--user-pool-id` (cased: `paid`, `valid` are no ids)
_ID_NAME_BEFORE = LazyPattern(
    rf"(?:(?:\b|[_-])(?:[gu]?id|[GU]?ID|[GU]?Id)|(?<=[a-z])(?:[GU]?I[dD]|Uid|Guid)){_AFTER_NAME}"
)
_FLAG_BEFORE = LazyPattern(rf"(?<![\w-])--?[\w-]*?(?:{_PUBLIC_NAMES}|[gu]?id)[ \t]+[\"']?\Z", re.IGNORECASE)
# A data URI of an image, a font or a sound (`data:image/png;base64,iVBORw0…`): its media type
# says the bytes are a file's, a fixture's pixel or glyph, not a credential.
_MEDIA_DATA_BEFORE = LazyPattern(r"\bdata:(?:image|font|audio|video)/[\w.+-]{1,40};base64,\Z", re.IGNORECASE)
_NAMES_BEFORE = (_PUBLIC_NAME_BEFORE, _ID_NAME_BEFORE, _FLAG_BEFORE, _MEDIA_DATA_BEFORE)


def word_letters(token: str) -> float:
    """The share of `token`'s letters in runs that read as words: three letters or more, with a
    vowel and no run of five consonants (`handle`, `Step`, `Next`, `MONGODB`). A random mix of
    cases and digits cuts its letters into runs of one or two."""
    letters = worded = 0
    for seg in _SEGMENTS.findall(token):
        if seg[0].isdigit():
            continue
        letters += len(seg)
        if (
            len(seg) >= _WORD_RUN
            and seg[-1].islower()
            and not _VOWELS.isdisjoint(seg)
            and _CONSONANT_RUN.search(seg) is None
        ):
            worded += len(seg)
    return worded / letters if letters else 1.0


def _in_sequence(token: str) -> bool:
    """`123456789ABCDEFGH…`, `8bJ2kL4mN6pQ…`, `qW3rTy8uIoP4…`, `kX8vQ2mN7pL4rT9…`: letters that
    step along the alphabet, its consonants or a keyboard's rows (digits along theirs): an
    alphabet, or a value typed by hand to stand for a secret. A draw takes one of these steps
    about one time in nine; four in ten of a uniform draw's steps: one draw in a thousand."""
    steps = following = 0
    previous = ""
    for c in token.lower():
        if not c.isalnum():
            continue
        if previous and c.isalpha() == previous.isalpha():
            steps += 1
            following += c in _NEXT.get(previous, "")
        previous = c
    return steps > 0 and following >= 0.4 * steps


def _repeats(token: str) -> bool:
    """`Zq8vR2mXk9LpT4wNZq8vR2mXk9LpT4wN`: a run of eight characters twice, typed or pasted to
    stand for a value; a draw repeats one about once in 10^12."""
    runs = [token[i : i + _REPEAT_RUN] for i in range(len(token) - _REPEAT_RUN + 1)]
    return len(set(runs)) < len(runs)


def _base64_of_text(token: str) -> bool:
    """`SGVsbG8s…`, `eyJ0eXAi…`: base64 of readable text (fixture data, a JSON header), not of
    random bytes."""
    body = token.replace("-", "+").replace("_", "/")
    body = body[: len(body) // 4 * 4]
    if len(body) < 12:
        return False
    try:
        raw = binascii.a2b_base64(body)
    except (binascii.Error, ValueError):
        return False
    return sum(32 <= b < 127 for b in raw) >= 0.9 * len(raw)


def _public_key_data(token: str) -> bool:
    """Base64 of a public key's or a certificate's header: an SSH key blob (`AAAAC3NzaC1lZDI1…`,
    its type's name length-prefixed), or DER whose first element is itself a sequence
    (`MIIBIjANBgkq…`: a SubjectPublicKeyInfo or a certificate; a private key's starts with its
    version number)."""
    if not token.startswith(("AAAA", "MII", "MF", "MC")):
        return False
    try:
        raw = binascii.a2b_base64(token[:16])
    except (binascii.Error, ValueError):
        return False
    if token.startswith("AAAA"):
        return b"ssh-" in raw or b"ecdsa" in raw or b"sk-" in raw
    # 0x30 a sequence, its length (one byte, or 0x81/0x82 and one or two more), then 0x30 again
    at = 2 + (raw[1] - 0x80 if len(raw) > 1 and raw[1] > 0x80 else 0)
    return raw[:1] == b"\x30" and raw[at : at + 1] == b"\x30"


def _base58_value(token: str) -> bool:
    """Base58 that decodes as an address or a key does: 32 bytes (a public key, a mint, a
    program), or a payload whose last four bytes are its double SHA-256 (an address with its
    checksum). A random draw of 32-42 characters in base58's alphabet is neither."""
    if _BASE58.fullmatch(token) is None:
        return False
    n = 0
    for c in token:
        n = n * 58 + _B58_ALPHABET.index(c)
    zeros = len(token) - len(token.lstrip("1"))
    raw = b"\0" * zeros + n.to_bytes((n.bit_length() + 7) // 8, "big")
    if len(raw) == 32:
        return True
    # (imported here: a few milliseconds of every hook process that redacts, for the rare token
    # of base58's alphabet that is not 32 bytes)
    import hashlib

    check = hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4]
    return len(raw) > 4 and raw[-4:] == check


def is_machine_random(token: str) -> bool:
    """A token drawn at random by a machine: both cases (digits among them or not), mostly
    letters; not hex, not holding a uuid, not a base58 address, not an API's id under its
    prefix, not made of words, not base64 of text; spread over many characters."""
    if not MIN_LENGTH <= len(token) <= MAX_LENGTH or _CASES_MET.search(token) is None:
        return False
    letters = sum(c.isalpha() for c in token)
    if letters < _MIN_LETTERS * len(token) or (letters == len(token) and len(token) < 16):
        return False  # (letters alone: a random one of 16 or more, else a word run together)
    if is_hexlike(token) or _UUID_OR_HEX_RUN.search(token) is not None or _base58_value(token):
        return False
    prefix = _PREFIX.match(token)
    if prefix is not None and prefix.group(1) in NOT_TOKEN_PREFIXES:
        return False
    if word_letters(token) > _MAX_WORD_LETTERS or bits_per_char(token) < _MIN_BITS or has_word_part(token):
        return False
    if _in_sequence(token) or _repeats(token) or _base64_of_text(token) or _public_key_data(token):
        return False
    return not not_a_secret(token)


def _taken(token: str, text: str, start: int) -> str:
    """`token` (at `start` in `text`), its random part taken: the whole, or what follows a word
    prefix (`claim-[REDACTED]`); `token` itself when nothing of it is random or a name says public."""
    if token.islower() or token.isupper():
        return token
    kept = ""
    if not is_machine_random(token):
        prefix = _WORD_PREFIX.match(token)
        if prefix is None or re.split("[_-]", token, maxsplit=1)[0] in NOT_TOKEN_PREFIXES:
            return token
        kept, token = token[: prefix.end()], token[prefix.end() :]
        if not is_machine_random(token):
            return kept + token
    elif text.endswith(_ESCAPE_BEFORE, 0, start) and _COLOUR_CODE.match(token) is not None:
        return token
    if any(p.search(text, max(0, start - 40), start) is not None for p in _NAMES_BEFORE):
        return kept + token
    return kept + MARK


def _tokens_taken(text: str) -> str:
    """`text` with each token `_TOKEN` finds judged (`_taken`); `text` itself when none is taken.
    (A loop, not `sub`: most tokens are of one case only, `snake_case`, `CONSTANT_NAME`, kept at
    once, and a text is rebuilt only when one changes.)"""
    pieces: list[str] = []
    end = 0
    first = _TOKEN.match(text)
    for m in _TOKEN_AFTER.finditer(text) if first is None else (first, *_TOKEN_AFTER.finditer(text)):
        token = m.group("t")
        if token.islower() or token.isupper():
            continue
        start = m.start("t")
        done = _taken(token, text, start)
        if done != token:
            pieces += (text[end:start], done)
            end = m.end()
    return "".join([*pieces, text[end:]]) if pieces else text


def _sub_flag(m: re.Match[str]) -> str:
    return m.group()[:2] + _taken(m.group("t"), m.string, m.start("t"))


def _sub_url(m: re.Match[str]) -> str:
    url = m.group(0)
    return _URL_PART.sub(_sub_url_part, url) if "@" in url or ":" in url[3:] else url


def _sub_url_part(m: re.Match[str]) -> str:
    token, url = m.group("t"), m.string
    # (a part between slashes alone is a document's or a link's id: `/file/d/1Q9Fan3O…/view`)
    if url[m.start() - 1] == "/" and not url.startswith("@", m.end()):
        return token
    return _taken(token, url, m.start())


def _replaced(pattern: LazyPattern, replace: Callable[[re.Match[str]], str], text: str) -> str:
    """`pattern.sub(replace, text)` that builds a new text only when a match changes (on a long
    text, most of these searches' matches are kept, and `sub` would copy it whole)."""
    pieces: list[str] = []
    end = 0
    for m in pattern.finditer(text):
        done = replace(m)
        if done != m.group():
            pieces += (text[end : m.start()], done)
            end = m.end()
    return "".join([*pieces, text[end:]]) if pieces else text


def redact_random_tokens(text: str) -> str:
    """`text` with every machine-random token taken (see the module's docstring); `text` itself
    when none is."""
    if _CASES_MET.search(text) is None:
        return text
    done = _replaced(_FLAG_TOKEN, _sub_flag, _tokens_taken(text))
    if "://" in done:
        done = _replaced(_URL, _sub_url, done)
    return text if done == text else done
