"""Password hashes, which are secrets of their own: a stolen hash is cracked offline.

Read by the structure the stored formats share, not by a list of their schemes: an identifier
that says which scheme, separators, then a salt and a digest in the alphabets hashes use (hex,
base64, crypt's `./0-9A-Za-z`), 16 characters or more and not words:
- the modular crypt format of `/etc/shadow`, `.htpasswd` and bcrypt: `$id$[params$]salt$hash`
  (`$6$salt$hash`, `$2b$12$…`, `$argon2id$v=19$m=…`, `$md5,rounds=…$`), each `$` doubled where
  a compose file or a Traefik label escapes it, one part perhaps a starred run (a Kerberos
  ticket's `$krb5tgs$23$*user$REALM$svc*$…`);
- a framework's stored password, its identifier a word before the first `$` (Django's
  `pbkdf2_sha256$…$salt$hash` and `md5$salt$hash`, Werkzeug's `scrypt:32768:8:1$salt$hash`);
- an LDAP `userPassword`'s `{SCHEME}base64` (`{SSHA}…`, `{PBKDF2-SHA512}…`, `{CRYPT}$6$…`), and
  an application server's `{xor}base64` (a password XORed with one byte: read back by anyone);
  a scheme that says the password is stored as typed (`{PLAIN}…`) takes the value whatever it is;
- an identifier, an iteration count and a salt and a digest in hex, joined by dots
  (`grub.pbkdf2.sha512.10000.<salt>.<hash>`);
- MySQL's `*` and 40 upper-case hex digits;
- Windows' NT hash in the pwdump format (`user:rid:lm:nt:::`), and any hash in a shadow line's
  second field (`user:HASH:19000:0:99999:7:::`, or the password a cracker put there): there
  the position says what it is.
The salt and the hash go, the identifier (or the user) stays. A bare hex or base64 digest is a
file's as often, so it is taken only in a password's position (`assignments`, `sql_keys`, …).
`formats` runs them with its other shapes.
"""

from __future__ import annotations

from .values import is_wordy

# the digest that ends a hash: hex, base64 (standard or URL-safe) or crypt's alphabet
_DIGEST = r"[./A-Za-z0-9+=_-]{16,}"
# a `$`-separated salt or parameter list (`rounds=5000`, `v=19`, `m=65536,t=3,p=4`); one part may
# be a starred run, a ticket's account, realm and service with their own `$`s (a Kerberos
# ticket as the crackers' format writes it: `$krb5tgs$23$*user$REALM$svc/host*$checksum$data`)
_PARTS = r"(?:(?:\*[^*\s]{1,300}\*|[\w./+=,-]*)\$\$?){1,4}"

# (name, triggers, regex with the scheme in group `h` and the salt and hash in `s`), as `formats.SHAPES`
SHAPES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        # (the `$` is matched first so that the search skips to it; the lookbehind then checks it
        # starts the value: not `a$b`, not the second of `$$`)
        "crypt",
        ("$",),
        r"(?P<h>\$(?<![\w$]\$)\$?[a-z0-9][a-z0-9-]{0,19}(?:,[\w=]+)*\$\$?)(?P<s>" + _PARTS + _DIGEST + ")",
    ),
    (
        "framework_hash",
        ("$",),
        r"(?P<h>[a-z](?<![\w$./-][a-z])[a-z0-9_]{1,24}(?::\w+){0,3}\$)(?P<s>" + _PARTS + _DIGEST + ")",
    ),
    (
        "ldap_hash",
        ("}",),
        r"(?P<h>\{(?<![\w${]\{)[A-Z][A-Z0-9]{1,15}(?:-[A-Z0-9]{1,15})?\})(?P<s>[./A-Za-z0-9+=$_-]{16,})",
    ),
    (
        # a stored password whose scheme label says it is kept as typed (`{PLAIN}`, `{CLEARTEXT}`
        # of a mail server's passwd-file, `user:{PLAIN}pass:1000:1000::`) or XORed with one byte
        # (`{xor}`, an application server's): the value to the field's end, whatever its length
        "plain_scheme",
        ("{PLAIN}", "{CLEAR", "{xor}"),
        r"(?P<h>\{(?<![\w${]\{)(?:PLAIN|CLEARTEXT|CLEAR|xor)\})(?P<s>[^\s:\"'`<>{}]{4,200})",
    ),
    (
        "dotted_hash",
        (".",),
        r"(?P<h>\b[a-z][a-z0-9]{1,15}(?:\.[a-z][a-z0-9]{1,15}){1,4}\.)"
        r"(?P<s>\d{3,8}\.[0-9A-Fa-f]{16,}\.[0-9A-Fa-f]{16,})(?![\w.])",
    ),
    ("mysql_hash", ("*",), r"(?P<h>\*(?<![\w*]\*))(?P<s>[0-9A-F]{40})(?![\w*])"),
    (
        # Windows' hashes as the pwdump format prints a SAM's or a domain's (`user:rid:lm:nt:::`):
        # an NT hash signs in as its user (pass-the-hash); the empty LM hash (`aad3b435…`) stays.
        "pwdump",
        (":::",),
        r"(?<![^\s\]])(?P<h>[^\s:]{1,80}:\d{1,10}:(?i:aad3b435b51404eeaad3b435b51404ee:)?)"
        r"(?P<s>(?:[0-9A-Fa-f]{32}:)?[0-9A-Fa-f]{32})(?=:::)",
    ),
    (
        # a shadow line: a user, the hash, then the six day counts of the password's ageing
        # (`!` or `*` alone is an account with no password, as are `NP` and `LK`; `!` before a hash
        # locks the account and leaves the hash, which stays crackable; a cracker's `--show` prints
        # the line with the password it found where the hash stood, shorter than any hash)
        "shadow_line",
        (":::", ":0:"),
        r"(?m)(?P<h>^[a-z_][\w.-]{0,31}:!*)(?P<s>[^\s:!*][^\s:]{5,})(?=:\d{0,6}:\d{0,6}:\d{0,6}:\d{0,6}:\d{0,6}:\d{0,6}:)",
    ),
)

# What every match of a rule that starts with a letter holds, found from a literal `re` skips
# ahead to: the rule itself is tried only on a text that has it (`patterns.GatedRule`).
GATES = {
    "framework_hash": r"\$(?<=\w\$)[\w./+=,-]*\$",
    "dotted_hash": r"\.\d{3,8}\.[0-9A-Fa-f]{16}",
}


def not_a_hash(value: str) -> bool:
    """`$6$rounds=5000$documentation`: words where the hash stands, prose about the format."""
    return is_wordy(value.rsplit("$", 1)[-1])
