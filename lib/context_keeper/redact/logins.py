"""A login's password as a plain argument: after its user, where the user is named by a flag
or stands after (or before) the address it logs in to.

A command line, or a call with bare arguments, gives a login as positions with nothing to
name them: `-user sidadm …`, `+login builder …` (a flag names the user, the next bare token is
its password), `SET KEY db.example.com:30015 SYSTEM …`, `… 10.0.0.5 app …` (an address, maybe a
port, a user, then the password), `register bob example.com …` (a user, then its domain). The
token after the user is taken when it is shaped like a password: mixed, random, or of both
cases and digits after a user flag (`-u root container2` is a container), or words and a number
when the command gives its host by a flag too (`-host sap01 -user sidadm …`); any password's
shape after an address when it has letters and digits and no word part (`db.example.com app
migrations_2024` is a name).
A flag, a path, a reference, an assignment or a host is never taken.
"""

from __future__ import annotations

import re

from .names import NOT_SECRET, tier
from .password_shapes import WORDS_AND_DIGITS, password_shaped
from .patterns import MARK, LazyPattern
from .values import has_word_part, looks_random, not_a_secret, strongly_mixed

# A domain ends in a top-level domain a login's host has (not `user.name`, `remote.origin.url`:
# a config key's parts).
_DOMAIN = (
    r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|co|cloud|ai|local|localdomain|internal|intra|corp|lan"
    r"|home|test|example|de|uk|fr|nl|eu|us|ca|jp|in|br|au|ch|se|no|fi|pl|it|es|cz|ru|cn)(?![\w.-])"
)
_ADDRESS = (
    r"[A-Za-z][\w-]*(?:\.[\w-]+)*:\d{2,5}"  # host:port
    r"|" + _DOMAIN + r"|\d{1,3}(?:\.\d{1,3}){3}"  # a domain, an IPv4 address
)
_SECRET = r"(?P<q>[\"']?)(?P<s>[^\s\"'`,()<>|;&=$+-][^\s\"'`,()<>|;&=$]{5,199})(?P=q)(?=[ \t,)]|$)"
_USER_THEN = r"(?P<u>[A-Za-z_][\w.@-]{0,40})[ \t,]+" + _SECRET
# A flag names the user: `-user sidadm …`, `+login builder …`, `-u bob …`.
# (the flag's first character opens the pattern, so a line is scanned fast; what stands before
# it is tested in `_password`)
_BY_FLAG = LazyPattern(r"(?P<flag>[-+]-?(?i:user(?:name)?|login|u|l))[ \t=]+" + _USER_THEN)
# An address (and a port), then the user (`SET KEY db.example.com:30015 SYSTEM …`).
_BY_ADDRESS = LazyPattern(r"(?<![^ \t(,])(?:" + _ADDRESS + r")[ \t,]+(?:\d{2,5}[ \t,]+)?" + _USER_THEN)
# A user, then its domain (`register bob example.com …`).
_BY_DOMAIN = LazyPattern(r"(?<![^ \t])(?P<first>[a-z_][\w.-]{0,30})[ \t]+(?:" + _DOMAIN + r")[ \t]+" + _SECRET)
_FLAG_STARTS = ("-u", "-U", "-l", "-L", "+l", "+L")
_AFTER_VERB = 120  # characters read after a login verb
_LOGIN_VERBS = ("register", "userstore", "redential", "Register", "REGISTER", "Credential")
# (a user flag or a verb that stores or makes a login; `user` alone would run the rule on a tenth
# of a session's lines. Case variants share one scan of a long text.)
TRIGGERS = ("-user", "-USER", "-User", "-u ", "-l ", "-login", "+login", "register", "userstore", "redential")


# A host given by its flag on the same command (`-host sap01`, `--server db`): a long user flag
# then names a login's user, and words and a number after it (`thunder9960`) its password.
_HOST_FLAG = LazyPattern(r"(?<![^ \t])--?(?i:host(?:name)?|server)[ \t=]+[^\s-]")


def _host_given(m: re.Match[str], s: str) -> bool:
    if WORDS_AND_DIGITS.fullmatch(s) is None:
        return False
    start = max(0, m.start() - 300)  # (the same command: a few flags before the user's)
    line_start = m.string.rfind("\n", start, m.start()) + 1
    return _HOST_FLAG.search(m.string, max(start, line_start), m.start()) is not None


def _password(m: re.Match[str]) -> str:
    s = m.group("s")
    if m.groupdict().get("flag") is not None and m.start() and m.string[m.start() - 1] not in " \t":
        return m.group(0)  # `a-u …`: inside a word, not a flag
    first = m.groupdict().get("first")
    user = first if first is not None else m.group("u")
    if tier(user) != NOT_SECRET or not password_shaped(s) or not_a_secret(s) or "/" in s or MARK in s:
        return m.group(0)
    # (both cases and digits: `Heron.4412Cedar`, words a person joined, not a name like `container2`)
    cases = any(c.isupper() for c in s) and any(c.islower() for c in s) and any(c.isdigit() for c in s)
    mixed = strongly_mixed(s) or looks_random(s) or cases
    by_flag = m.groupdict().get("flag") is not None
    # (a long user flag: `-u root` is most often a client's user before its database's name,
    # `mysql --host db -u root shop2024`)
    long_flag = by_flag and m.group("flag").lstrip("+-").lower() not in ("u", "l")
    hosted = long_flag and not mixed and _host_given(m, s)
    if by_flag and not mixed and not hosted:
        return m.group(0)  # `-u root container2`: a user flag, then the command's next argument
    if (
        not mixed
        and not hosted
        and (has_word_part(s) or not any(c.isdigit() for c in s) or not any(c.isalpha() for c in s))
    ):
        return m.group(0)
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]


def redact_logins(text: str) -> str:
    """`text` with each password given after its user as a plain argument marked."""
    if "\n" in text:
        return text
    if any(f in text for f in _FLAG_STARTS):
        text = _BY_FLAG.sub(_password, text)
    verb = min((i for i in (text.find(v) for v in _LOGIN_VERBS) if i != -1), default=-1)
    if verb != -1:  # (read from the verb on: the address and the login follow it)
        end = verb + _AFTER_VERB
        text = text[:verb] + _BY_DOMAIN.sub(_password, _BY_ADDRESS.sub(_password, text[verb:end])) + text[end:]
    return text
