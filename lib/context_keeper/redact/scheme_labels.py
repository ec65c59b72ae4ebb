"""Values a signing or key-derivation scheme wrote with its own labels: its output, not its key.

A webhook's signature header (`t=1732701731,v1=5257…`, `ts=…;h1=…`, `v0=<hex>`) and a stack's
salt envelope (`v1:<salt>:v1:<nonce>:<ciphertext>`) stand under a secret-sounding name
(`Stripe-Signature`, `encryptionsalt`) with random runs in them, which is how a secret stands
too. What tells them apart is that the scheme labels each field: a version (`v1`, `v0`, `v1a`),
a timestamp (`t=`, `ts=` and ten digits), a digest's slot (`h1=`). A random secret is one run,
and a person's password is not written as fields the scheme names. So a value read whole as
such labelled fields with at least two labels, one of them a timestamp or a version before two
runs, is kept (`labelled`: a key ring, `v1:<key>,v2:<key>`, is labelled fields too); under a
signature's name, so is one label before a MAC's or a digest's exact length (`v0=<hex>`,
`sha1=<hex>`, `v1,<base64>`: `signed`). Every other value is judged as before: a bare signature or salt
stays a secret when it looks random (a presigned URL's signature grants access).
"""

from __future__ import annotations

from .line_starts import run_around
from .patterns import LazyPattern

# The labels, as data: a scheme's version, a timestamp's, a digest slot's. A label is followed
# by `=`, `:` or `,` and the field's value; a timestamp's value is a Unix time in seconds or
# milliseconds.
_VERSION = r"v\d{1,2}[a-z]?"
_TIME = r"(?:t|ts|timestamp)=\d{10}(?:\d{3})?"
_SLOT = r"h\d"
# A field's random run: hex or base64 (standard or URL-safe), at least 8 characters.
_RUN = r"[A-Za-z0-9+/_-]{8,}={0,2}"
_FIELD = rf"(?:{_TIME}|(?:{_VERSION}|{_SLOT})[=:,]{_RUN}(?::{_RUN})*)"
# Fields joined by `,`, `;` or `:` (a space after `,` or `;` as headers write them).
_LABELLED = LazyPattern(rf"{_FIELD}(?:(?:[,;][ ]?|:){_FIELD})+")
# One label before a MAC's or a digest's exact length: a version or an algorithm, then hex
# (`v0=<hex>`, `sha1=<hex>`), or a version, a comma and base64 (`v1,<32 bytes>`, `v1a,<64
# bytes>`); several such, space-separated, are the signatures of one message.
_ALGORITHM = r"(?:sha-?\d{1,3}|md5|hmac-?sha-?\d{1,3})"
_DIGEST = r"(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-f]{128})"
_MAC = r"(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==)"
# HTTP message signatures (RFC 9421) label each signature by the signer's name, its bytes in
# a structured field's colons (`sig1=:<base64>:`).
_MESSAGE_SIGNATURE = r"[a-z][a-z0-9-]{0,15}=:[A-Za-z0-9+/]{40,700}={0,2}:?"  # (the colon after it read as punctuation)
_ONE = rf"(?:(?:{_VERSION}|{_ALGORITHM})={_DIGEST}|{_VERSION},{_MAC}|{_MESSAGE_SIGNATURE})"
_ONE_LABEL = LazyPattern(rf"{_ONE}(?: {_ONE})*")
# What only a scheme's output holds: a timestamp field (a signature's header), or a version
# before two runs (an envelope's nonce and ciphertext). A key ring, one key per version
# (`v1:<key>,v2:<key>`), has neither, nor has a password written after versions.
_SCHEME_MARK = LazyPattern(rf"(?<![\w=])(?:t|ts|timestamp)=\d{{10}}|(?:{_VERSION}|{_SLOT})[=:,]{_RUN}:{_RUN}")
_STARTS = LazyPattern(rf"(?:{_VERSION}|{_SLOT}|{_ALGORITHM})[=:,]|(?:t|ts|timestamp)=\d")


def labelled(v: str) -> bool:
    """Whether `v` is a scheme's output written as its labelled fields (see the module)."""
    if len(v) > 2000 or _STARTS.match(v) is None:
        return False  # (a value not starting with a label costs one match)
    return _LABELLED.fullmatch(v) is not None and _SCHEME_MARK.search(v) is not None


def signed(v: str) -> bool:
    """Whether `v` is one or more signatures of a message, each labelled once (`v0=<hex>`,
    `sha1=<hex>`, `v1,<base64>`): read so only under a signature's name, where a value of that
    exact length with its scheme's label is the MAC and not a key."""
    return len(v) <= 2000 and (_ONE_LABEL.fullmatch(v) is not None or labelled(v))


# What a labelled value is written with: its runs, labels and separators (no space, no quote).
_FIELD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-=:,;")


def inside_labelled(text: str, i: int, j: int) -> bool:
    """Whether `text[i:j]`, a part a rule read on its own, lies in a labelled value: a rule that
    splits at `=` or `:` would otherwise read the scheme's second field as a value by itself."""
    start, end = run_around(text, i, j, _FIELD_CHARS)
    if end - start > 2000:
        return False
    run = text[start:end].rstrip(",;")
    if _STARTS.match(run) is None:
        run = run.partition(":")[2]  # `salt:v1:…`: a name glued to its value by a colon
    return labelled(run)
