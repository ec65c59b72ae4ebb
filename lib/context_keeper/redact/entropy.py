"""Bare tokens with no known format, told by their shape and randomness where they stand.

A vendor's token is usually a short lower-case prefix and a random body (`sbp_…`, `phx_…`,
`CFPAT-…`, `lsv2_pt_…`): `prefixed_token_rule` takes the body of any such token, known vendor or
not. A key passed to an SDK constructor or a login call (`Client("…")`, `bot.run("…")`) has no
prefix at all: `call_argument_rule` takes a random string argument of a call whose name speaks of
a client or of credentials.

`is_random_token` is the randomness test both use. It must not fire on what a session shows
most that looks random: digests and hashes (hex), lockfile integrity strings (`sha512-…`),
uuids, base64 of fixture data (long, with `+/` and padding, under a name that is not secret),
public keys, and long identifiers (`myapp-deployment-7d4b9c8f6d-x2k9p`, `test_case_0001_…`): hex
and uuids are left out whole, and a body with a word part or made of words is no token.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable

from .patterns import MARK, LazyPattern, RunStartRule
from .values import has_word_part, is_hexlike, is_wordy, not_a_secret

# Bits per character below which a string is too regular to be a random token: a random
# base62 string of 20 characters measures ~4.0, `aaaabbbbccccddddeeee` 2.3.
_MIN_BITS = 3.2
_UUID_INSIDE = LazyPattern(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def bits_per_char(v: str) -> float:
    counts = Counter(v)
    n = len(v)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def is_random_token(v: str, min_len: int = 20) -> bool:
    """Long, of two character classes or more (digits among them or mixed case), not hex, not
    a uuid, not made of words, and spread over many characters."""
    if len(v) < min_len or is_hexlike(v) or _UUID_INSIDE.search(v) is not None:
        return False
    lower = any(c.islower() for c in v)
    upper = any(c.isupper() for c in v)
    digit = any(c.isdigit() for c in v)
    if lower + upper + digit < 2 or not (digit or (lower and upper)):
        return False
    if is_wordy(v) or has_word_part(v):
        return False
    return bits_per_char(v) >= _MIN_BITS


# -- a short prefix and a random body ---------------------------------------------------------

# Prefixes of digests and encodings (`sha512-…` is a lockfile's integrity string), and of the
# ids APIs hand out, random as tokens but no secret: Anthropic's `msg_`, `toolu_`, `req_`,
# OpenAI's `chatcmpl-`, `call_`, OpenRouter's `gen-`, Stripe's `cus_`, `pk_` (publishable), AWS resource ids.
NOT_TOKEN_PREFIXES = frozenset(
    "sha sha1 sha224 sha256 sha384 sha512 md5 blake2b blake2s blake3 h1 crc32 base64 b64 hex data "
    "xxh64 xxh3 murmur3 sri "
    "msg toolu srvtoolu req chatcmpl call resp run step file batch asst thread evt cus sub ch pi pm txn "
    "in inv prod price acct org proj user usr team ses sess session trace span job task build cache "
    "commit id uid guid obj item node pod vol snap ami vpc subnet sg eni igw rtb i pk pub ph cmpl "
    "chat conv compl ftjob ft modr vs vsfb cntr wf ctx tx blk addr gen tooluse".split()
)
_PREFIXED = (
    r"(?<![\w./+=@:-])(?P<h>(?P<p>[a-z][a-z0-9]{1,11}|[A-Z][A-Z0-9]{1,7})(?:[_-][a-z0-9]{2,8}){0,2}[_-])"
    r"(?P<s>[A-Za-z0-9][\w-]{19,200}={0,2})(?![\w+/~=-]|\.[A-Za-z0-9])"
)


# A key that says its value is an id (`"id": "we_…"`, `object_id=`, `webhookId: `): an API's id of
# an object, random after its type's prefix as a token is, is no secret.
_ID_KEY_BEFORE = LazyPattern(r"(?:(?:\b|_)(?:id|ID|Id)|(?<=[a-z])(?:Id|ID))[\"']?[ \t]*[:=][ \t]*[\"']?\Z")


def _prefixed_sub(m: re.Match[str]) -> str:
    # The whole token or nothing: a part taken would hide the rest from the rules after this one.
    body = m.group("s").rstrip("=")
    if MARK in body or m.group("p").lower() in NOT_TOKEN_PREFIXES or _UUID_INSIDE.search(m.group(0)):
        return m.group(0)
    if _ID_KEY_BEFORE.search(m.string, max(0, m.start() - 40), m.start()) is not None:
        return m.group(0)
    if not is_random_token(body) or not_a_secret(body):
        return m.group(0)
    return m.group("h") + MARK


# What every match of `_PREFIXED` holds: the prefix's last separator, then the body's first 20 characters.
_PREFIXED_GATE = r"[_-][A-Za-z0-9][\w-]{19}"
# The characters of a prefix and a body: a match is one run of them (a `=` or two after it), from the
# run's start (the lookbehind lets none of them stand before it), so it is tried only from the start
# of each run that holds the gate (`patterns.RunStartRule`), not at every position.
_TOKEN_RUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def prefixed_token_rule() -> RunStartRule:
    return RunStartRule(*prefixed_token_rule_source(), _PREFIXED_GATE, _TOKEN_RUN)


def prefixed_token_rule_source() -> tuple[str, Callable[[re.Match[str]], str]]:
    """The rule's pattern and replacement, without its gate."""
    return _PREFIXED, _prefixed_sub


# -- a random string given to a client or a login call -----------------------------------------

# The last word of the callee: `Client`, `OpenAI`, `run` (a bot's), `login`, `authenticate`, `set_api_key`.
_CALLEE_WORDS = frozenset(
    "client clients api sdk bot run login signin auth authenticate authorize token tokens key keys secret "
    "secrets credential credentials session connect configure init initialize setup use with apikey".split()
)
_CALL = (
    r"(?P<h>(?<![\w.:])(?P<callee>[A-Za-z_](?:[\w.]|::){0,80})\([ \t]*(?:[A-Za-z_]\w*[ \t]*=[ \t]*)?(?P<q>[\"']))"
    # (a bot's `id:secret`, `TeleBot("123456789:…")`: the secret after the id's digits)
    r"(?P<s>(?:\d{5,16}:(?=[\w-]{20}))?[\w.+/=~-]{20,300})(?=(?P=q))"
    # the next string arguments: `Client(account_sid, auth_token)` as literals
    r"(?P<rest>(?P=q)(?:[ \t]*,[ \t]*[\"'][\w.+/=~-]{0,300}[\"']){1,3}(?=[ \t]*[,)]))?"
)
_STRING_ARG = LazyPattern(r"(?P<q>[\"'])(?P<s>[\w.+/=~-]{20,300})(?P=q)")
_PUBLIC_WORDS = frozenset(
    "public pub publishable address program account mint wallet pubkey signature sig hash digest id "
    "object buffer array bytes hex base58 base64 uuid image tx transaction block commit ref".split()
)
_CALLEE_SPLIT = LazyPattern(r"[._:]|(?<=[a-z0-9])(?=[A-Z])")
# A constructor's own name after its class (`stripe::Client::new`, `Client.from_key`): the class names the call.
_CONSTRUCTOR_WORDS = frozenset("new from create build builder of default".split())


def _call_sub(m: re.Match[str]) -> str:
    value = m.group("s")
    callee = m.group("callee")
    words = [w.lower() for w in _CALLEE_SPLIT.split(callee) if w]
    while len(words) > 1 and words[-1] in _CONSTRUCTOR_WORDS:
        words.pop()
    # A vendor's client built from its key alone: `Anthropic("…")`, `Stripe("…")` (a class, one argument)
    end = m.end("s")
    constructor = (
        callee[:1].isupper() and "." not in callee and "." not in value and m.string[end + 1 : end + 2] == ")"
    )  # (`Version('0.23.dev0+sanitized.ubuntu1')`: dotted, a version or a name)
    if not words or not (words[-1] in _CALLEE_WORDS or constructor) or MARK in value:
        return m.group(0)
    if _PUBLIC_WORDS.intersection(words):
        return m.group(0)  # `new PublicKey("…")`: a Solana address, random and public
    rest = m.group("rest") or ""
    if rest and words[-1] in _CALLEE_WORDS:
        # `Client("AC…", "…")`: an id and its secret, each judged alone
        rest = _STRING_ARG.sub(
            lambda a: a.group("q") + MARK + a.group("q") if _random_key(a.group("s")) else a.group(0), rest
        )
    first = MARK if _random_key(value) else value
    return m.group("h") + first + rest


def _random_key(value: str) -> bool:
    value = value.split(":", 1)[-1]  # (a bot's `id:secret`: the secret judged)
    return is_random_token(value) and not not_a_secret(value)


def call_argument_rule() -> tuple[str, Callable[[re.Match[str]], str]]:
    return _CALL, _call_sub
