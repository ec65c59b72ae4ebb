"""The password a command that makes an account takes as its last argument, after the user.

`… create-worker DIR MASTER NAME PASSWORD`, `… add-user bob PASSWORD`, `… user create bob
PASSWORD`, `… -createCredential ALIAS bob PASSWORD`: a verb that creates or adds a user, an
admin, a worker, an account, a login or a stored credential takes the new account's name
and then its password, as plain arguments with no flag to name them.
The last argument is taken when a user-like argument stands right before it and it is shaped
like a password; a flag's argument, a path, a host, a name of parts (`us-east-1`) or a command
with one argument (`useradd deploy2`) is no such pair, unless that argument joins a user and
its password with a colon (`user add app:…`).
"""

from __future__ import annotations

import re
import shlex

from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .values import not_a_secret, strongly_mixed

_ACCOUNT_VERB = LazyPattern(
    r"(?i:\b(?:create-|add-)(?:user|admin|worker|account|login)s?|(?<![a-z])(?:create|add|store)-?credentials?"
    r"|\b(?:useradd|adduser)|\busers?[ \t]+(?:create|add)|(?<![\w.])register)\b"
    r"(?P<args>(?:[^\n|;&#<>`$]|(?<=\S)#)*)$",  # (`#` starts a comment only after a blank)
    re.MULTILINE,
)
_USER = LazyPattern(r"[a-z][\w.@-]{0,40}")
# (few and rare: each is one more scan of a long text)
TRIGGERS = ("reate-", "dd-", "useradd", "adduser", "ser create", "ser add", "Credential", "credential", "register ")
# A user's domain between the user and the password (`ejabberdctl register bob example.com …`).
_DOMAIN = LazyPattern(r"[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}")
# Three words or more and a number (`river-garden-coffee-4418`): a passphrase, not a place's name
# of parts (`us-east-1`, `eu-west-2a`).
_PASSPHRASE = LazyPattern(r"[a-z]{3,}(?:-[a-z]{3,}){2,}-\d{3,}")


def _last_is_password(args: str, by_domain: bool = False) -> re.Match[str] | None:
    """The last argument when it is a password after a user; with `by_domain` (`register`, a
    word that registers models, plugins and handlers as often as users), only after a user's
    domain (`register bob example.com …`)."""
    try:
        words = shlex.split(args)
    except ValueError:
        return None
    positional = [w for w in words if not w.startswith("-")]
    if len(positional) == 1 and ":" in positional[0]:
        return _joined_pair(args, positional[0])
    if len(positional) < 2 or words[-1] != positional[-1] or words[-2].startswith("-"):
        return None  # the last word is a flag's argument, or there is no user before it
    user, value = words[-2], words[-1]
    if len(positional) >= 3 and _DOMAIN.fullmatch(user) is not None and not words[-3].startswith("-"):
        user = words[-3]  # `register bob example.com …`: the user, its domain, then its password
    elif by_domain:
        return None  # `register model resnet50 ResNet50v2`, `register the handler for route2024`
    if _USER.fullmatch(user) is None or not password_shaped(value) or not_a_secret(value) or "/" in value:
        return None
    if _PASSPHRASE.fullmatch(value) is not None:
        pass
    elif (any(c in value for c in "-_:") or "." in value and value.islower()) and not strongly_mixed(value):
        return None  # `us-east-1`, `eu-west-2a`: a place or a name of parts, not a password
    return re.search(re.escape(value) + r"[\"']?[ \t]*$", args)


def _joined_pair(args: str, word: str) -> re.Match[str] | None:
    """`etcdctl user add app:…`: the user and its password given as one argument, joined by a colon."""
    user, value = word.split(":", 1)
    if _USER.fullmatch(user) is None or not password_shaped(value) or not_a_secret(value) or "/" in value:
        return None
    return re.search("(?<=:)" + re.escape(value) + r"(?=[\"']?(?:[ \t]|$))", args)


def redact_account_passwords(text: str) -> str:
    """Each account-making command's last argument, when it is the password after a user, marked."""
    out, pos = [], 0
    for m in _ACCOUNT_VERB.finditer(text):
        verb = text[m.start() : m.start("args")]
        found = _last_is_password(m.group("args"), by_domain=verb.lower() == "register")
        if found is None:
            continue
        start = m.start("args") + found.start()
        out.append(text[pos:start])
        out.append(MARK)
        pos = start + len(found.group(0).rstrip(" \t\"'"))
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)
