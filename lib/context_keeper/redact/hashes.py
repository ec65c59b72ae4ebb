"""Password hashes, which are secrets of their own: a stolen hash is cracked offline.

The modular crypt format of `/etc/shadow`, `.htpasswd` and bcrypt (`$6$salt$hash`, `$2b$12$…`,
`$argon2id$v=19$…`, each `$` doubled where a compose file or a Traefik label escapes it), a
framework's stored password (Django's `pbkdf2_sha256$…$salt$hash`, Werkzeug's
`scrypt:32768:8:1$salt$hash`), an LDAP `userPassword`'s `{SSHA}…` and Windows' NT hash in the
pwdump format (`user:rid:lm:nt:::`): the salt and the hash go, the scheme (or the user) stays. `formats` runs them with its other shapes.
"""

from __future__ import annotations

from .values import is_wordy

# (name, triggers, regex with the scheme in group `h` and the salt and hash in `s`), as `formats.SHAPES`
SHAPES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "crypt",
        ("$1$", "$2a$", "$2b$", "$2y$", "$5$", "$6$", "$7$", "$y$", "$gy$", "$apr1$", "$argon2", "$pbkdf2", "$scrypt"),
        r"(?<![\w$])(?P<h>\$\$?(?:1|2[abxy]|5|6|7|y|gy|apr1|argon2(?:id|i|d)|pbkdf2(?:-sha\d+)?|scrypt)\$\$?)"
        r"(?P<s>(?:[\w./+=,-]*\$\$?){1,4}[./A-Za-z0-9+=]{16,})",
    ),
    (
        "framework_hash",
        ("pbkdf2", "scrypt:", "bcrypt_sha256$", "argon2$"),
        r"(?<![\w$])(?P<h>(?:pbkdf2_sha\d+|pbkdf2:sha\d+(?::\d+)?|scrypt(?::\d+){3}|bcrypt_sha256|argon2)\$)"
        r"(?P<s>(?:[\w./+=-]*\$){1,3}[./A-Za-z0-9+=]{16,})",
    ),
    (
        "ldap_hash",
        ("{SSHA", "{SHA", "{SMD5", "{MD5", "{PBKDF2", "{CRYPT}"),
        r"(?P<h>\{(?:SSHA(?:256|384|512)?|SHA(?:256|384|512)?|SMD5|MD5|PBKDF2(?:-SHA\d+)?|CRYPT)\})"
        r"(?P<s>[./A-Za-z0-9+=$]{16,})",
    ),
    (
        # Windows' hashes as the pwdump format prints a SAM's or a domain's (`user:rid:lm:nt:::`):
        # an NT hash signs in as its user (pass-the-hash); the empty LM hash (`aad3b435…`) stays.
        "pwdump",
        (":::",),
        r"(?<![^\s\]])(?P<h>[^\s:]{1,80}:\d{1,10}:(?i:aad3b435b51404eeaad3b435b51404ee:)?)"
        r"(?P<s>(?:[0-9A-Fa-f]{32}:)?[0-9A-Fa-f]{32})(?=:::)",
    ),
)


def not_a_hash(value: str) -> bool:
    """`$6$rounds=5000$documentation`: words where the hash stands, prose about the format."""
    return is_wordy(value.rsplit("$", 1)[-1])
