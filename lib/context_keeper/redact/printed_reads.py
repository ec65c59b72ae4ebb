"""What a command after a prompt reads, when what it prints is a secret: a command whose words
speak of one (`$ heroku config:get DATABASE_PASSWORD`), or one that reads a name `names` counts a
secret's whatever its words (`> Sys.getenv("SNOWFLAKE_PWD")`, `(gdb) p cfg->db_pwd`,
`irb> ENV['SMTP_PWD']`). The value it prints is then judged as the value after that name
would be (`nouns.judged`): `SNOWFLAKE_PWD = '…'` and `Sys.getenv("SNOWFLAKE_PWD")` then `[1] "…"`
say the same thing.
"""

from __future__ import annotations

from .names import NOT_SECRET, STRONG, tier
from .patterns import LazyPattern

COMMAND_WORDS = ("pass", "secret", "token", "key", "cred", "auth", "cookie")
# A one-time password as a word (`-generate-otp`, `otp create`): not `hotplug`, a path's `src/otp/`, `name=otp`.
_OTP = LazyPattern(r"(?<![a-z/=.])otp(?![a-z/.])")
# A name of words joined by `_` (`NUGET_FEED_PAT`, `db_pwd`): a variable's, a setting's, a field's
# (one word alone, `PWD`, `HOME`, is the shell's own).
_VARIABLE = LazyPattern(r"[A-Za-z_][\w]*_[A-Za-z]\w*")


def about_a_secret(command: str) -> bool:
    """Whether a command's words speak of a secret: a word of `COMMAND_WORDS` in it, or a
    name of words joined by `_` that `names` counts a secret's (`$env:NUGET_FEED_PAT`,
    `getenv("SNOWFLAKE_PWD")`); not a public key's."""
    low = command.lower()
    if "pub" in low:
        return False
    if any(w in low for w in COMMAND_WORDS) or ("otp" in low and _OTP.search(low) is not None):
        return True
    return "_" in command and named_level(command) >= STRONG


def named_level(command: str) -> int:
    """The highest tier (`names.tier`) of the names of words joined by `_` that `command`
    reads; NOT_SECRET when it reads none."""
    return max((tier(v) for v in _VARIABLE.findall(command)), default=NOT_SECRET)
