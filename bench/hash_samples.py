#!/usr/bin/env python3
"""Password hashes of every scheme passlib produces, as JSON lines `{"scheme": …, "hash": …}`:
the input of `bench/redact_unseen.py --hashes`, a generator of hash formats nobody tuned on.

    python3 -m venv /tmp/hashvenv && /tmp/hashvenv/bin/pip install passlib==1.7.4 "bcrypt<4.1" argon2-cffi
    /tmp/hashvenv/bin/python bench/hash_samples.py [--per-scheme 6] [--seed 24] > /tmp/hashes.jsonl

Run with any Python that has passlib (never the dev virtualenv); the bench reads only the
JSON lines, so it does not need passlib. Passwords are drawn from a seeded stream, and so are
the salts passlib draws (its module-level random source is replaced by a seeded one), so that a
rerun writes the same lines where a scheme's backend does not draw its own.

Left out: the schemes that are not hashes (`plaintext`, `ldap_plaintext`, `roundup_plaintext`:
the password itself; `unix_disabled`, `django_disabled`, `unix_fallback`: a lock marker).
A scheme whose backend is missing here is reported on stderr and skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import string
import sys

NOT_HASHES = frozenset(
    {"plaintext", "ldap_plaintext", "roundup_plaintext", "unix_disabled", "django_disabled", "unix_fallback"}
)
# schemes that mix a user name (or a realm) into the hash take it as a keyword
CONTEXT_KWARGS = {
    "postgres_md5": {"user": "appuser"},
    "oracle10": {"user": "SCOTT"},
    "msdcc": {"user": "Administrator"},
    "msdcc2": {"user": "Administrator"},
    "htdigest": {"user": "admin", "realm": "Restricted"},
    "cisco_asa": {"user": "admin"},
    "cisco_pix": {"user": "admin"},
}


def password(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + "!@#%^&*-_."
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(8, 16)))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--per-scheme", type=int, default=6, help="hashes per scheme")
    p.add_argument("--seed", type=int, default=24)
    args = p.parse_args(argv)

    import passlib.utils.handlers as handlers  # noqa: PLC0415 - only this script needs passlib
    from passlib.registry import get_crypt_handler, list_crypt_handlers  # noqa: PLC0415

    rng = random.Random(args.seed)
    handlers.rng = random.Random(args.seed + 1)  # type: ignore[assignment] - seeded salts
    for scheme in sorted(set(list_crypt_handlers()) - NOT_HASHES):
        handler = get_crypt_handler(scheme)
        kwargs = CONTEXT_KWARGS.get(scheme, {})
        try:
            for _ in range(args.per_scheme):
                value = handler.hash(password(rng), **kwargs)
                print(json.dumps({"scheme": scheme, "hash": value}))
        except Exception as exc:  # noqa: BLE001 - a backend missing here: skip the scheme
            print(f"skipped {scheme}: {type(exc).__name__}: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
