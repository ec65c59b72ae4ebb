"""Credentials a command prints with no name beside them: what stands before them says what they are.

- after a command that prints a secret: `argocd admin initial-password`, `gh auth token`,
  `gcloud auth print-access-token`, `openssl rand -base64 32`, `wg genkey`, `bin/rails secret`,
  `terraform output -raw db_password`, `cat /run/secrets/db_password`, `… | base64 -d`, and
  any command after a prompt whose words speak of a secret (`$ heroku config:get DB_PASSWORD`,
  `$ aws configure get aws_secret_access_key`) when what it prints is one token a line, or a
  user and its password (`bob:…`, what `tshark … -e http.authbasic` decodes);
- after a heading that announces one: `Please use the following password to proceed to
  installation:` (Jenkins), `Password for the elastic user (…):`;
- under a label that names one, on the line after a line about a password: `New value: …`;
- after a label alone on its line in another language (`Mot de passe :`, `languages`).

Lines inside a banner's frame (`#  Your API token:  #`, `*  …  *`) are read without it.

The value lines are the next few lines that hold one token each (or `Label: token`); the first line that is
not one ends the output. This reads across lines, so it runs on a whole text before its lines (`lines`); the
text must hold the command or heading, as a tool's output with its command does (a store's: `printed_items`).
"""

from __future__ import annotations

import re

from . import languages, printed_fields, printed_items, printed_labels
from .names import NOT_SECRET, tier
from .nouns import judged
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .printed_fields import redact_fields
from .printed_reads import about_a_secret, named_level
from .printed_selections import selects_a_detail
from .values import is_numberish, is_wordlike, is_wordy, looks_random, not_a_secret, word_share

_COMMAND_TRIGGERS = (
    "initial-password",
    "print-access-token",
    "print-identity-token",
    "auth token",
    "auth:token",
    "rand -",
    "token_urlsafe",
    "token_hex",
    "genkey",
    "genpsk",
    "rails secret",
    "terraform output",
    "cat ",
    "base64 -d",
    "base64 --decode",
    "base64 -D",
    "pwgen",
    # `/dev/urandom`, `--gen-random`, `randomBytes`, `random_bytes`, `SecureRandom`, `urandom(`:
    # one scan of a long text for all of them (a password generator after a prompt, `$ apg …`,
    # is found by the prompt)
    "andom",
)
# `New value: …` is a label for a value: the line announcing it is the one before.
_BEFORE_LABEL = ("alue:", "ALUE:")
# An expression that reads the environment alone on its line, as a notebook cell or R's console
# shows one (`Sys.getenv("DB_PASSWORD")`): what follows it is what it printed. (One scan of a long
# text: after a prompt, `>>> os.environ[…]`, `PS C:\> $env:X`, the prompt's `> ` finds the line.)
_READS_ENV = ("etenv",)
# (`db) `: a debugger's prompt, `(gdb) `, `(lldb) `, `(Pdb) `; `In [`: IPython's)
_ANNOUNCING = (
    *_COMMAND_TRIGGERS,
    ":\n",
    ":\r\n",
    "!\n",
    ".\n",
    *("$ ", "% "),
    ":\\",
    "❯ ",
    "> ",
    "db) ",
    "In [",
    *_BEFORE_LABEL,
    *_READS_ENV,
)
# What makes the rule run at all: a line that may announce a value, or a label (`printed_labels`).
TRIGGERS = (*_ANNOUNCING, *printed_labels.TRIGGERS, *printed_fields.TRIGGERS)
SECRET_COMMAND = LazyPattern(
    r"""(?:^|[$#>%][ \t])[^\n]*?(?:
        \binitial-password\b | \bprint-(?:access|identity)-token\b | \bauth[ \t:]token\b
      | \brand(?:om)?[ \t]+--?(?:base64|hex|length|bytes|size|charset)\b | \btoken_(?:urlsafe|hex|bytes)\b | \bgen(?:key|psk)\b
      | \brails[ \t]+secret\b | \bget_random_secret_key\b | \bpwgen\b
      | \bterraform[ \t]+output[ \t]+(?:-\w+[ \t]+)*\S*(?:pass|secret|token|key|cred)
      | \bcat[ \t]+\S*(?:secret|pass|token|cred|psk|auth(?!or)|\.key\b)
      | \bbase64[ \t]+(?:-d|--decode|-D)\b | /dev/u?random\b | --gen-random\b
      | rand(?:om)?[._]?bytes\b | \bSecureRandom\b | \burandom\( | \bpass[ \t]+generate\b
      | \bgenerate(?:[ \t]+(?:-[\w-]+(?:=\S+)?|\d{1,3}))+[ \t]*$
      | (?:^|[$%❯][ \t]+)(?:apg|makepasswd|xkcdpass|diceware)\b
    )""",
    re.VERBOSE | re.IGNORECASE,
)
# A shell prompt and a command after it (`$ cmd`, `user@host:~$ cmd`, `❯ cmd`).
# (`#` and `>` are left out: a comment, a Markdown heading or a quote starts with them.)
# PowerShell's (`PS C:\\src> `, `PS> `) too.
# cmd's (`C:\\src>`, no space after it) too.
# A shell trace's (`set -x`: `+ cmd`, `++ cmd` in a substitution) too.
# A REPL's prompt too (`>>>`, `irb(main):001:0>`, `iex(1)>`, `scala>`): what it echoes is a value.
# A REPL's named prompt with a space before `>` when a print follows (`php > echo …`) too.
# A debugger's (`(gdb)`, `(lldb)`, `(Pdb)`) too, and a bare `> ` when what follows is one code
# expression (`> process.env.X`, Node's REPL; `> nonsensitive(var.db_password)`, Terraform's
# console; `> config('database.connections.mysql.password')`, PsySH's; a quote in prose is words).
_PROMPT = LazyPattern(
    r"[ \t]*(?:(?:(?:[\w.@~:/-]*[ \t]?)?[$%❯]|\+{1,3}|>>>|(?:\[\d+\][ \t])?[a-z][\w-]{1,15}(?:\([\w]{0,10}\))?(?::\d+){0,2}>"
    r"|\([A-Za-z]{2,8}\)|In[ \t]\[\d+\]:|PS(?:[ \t][^\n>]{1,80})?>|[a-z]{2,8}[ \t]>(?=[ \t]+(?:echo|print|var_dump|print_r)\b)"
    r"|>(?=[ \t]+(?:[\w$.]+\()*(?:[\w$.]+(?:(?:\.|->|::)\w+|\[[\"']?\w+[\"']?\])+|[\"'][\w.:-]+[\"'])\)*[ \t\r]*$))[ \t]+"
    r"|[A-Za-z]:\\[^\n<>|\"]{0,80}>[ \t]*)(?=\S)"
)
# One expression that reads a variable of the environment, nothing else on the line but R's
# or Node's `> ` prompt (not an assignment, not a call given other arguments).
_ENV_EXPRESSION = LazyPattern(
    r"[ \t]*(?:>[ \t]+)?(?:print|puts|cat|echo|disp|display|console\.log|println!?)?\(?[ \t]*"
    r"[\w$.:]*(?i:getenv|environ|env|GetEnvironmentVariable)(?:::var)?"
    r"(?:\([ \t]*[\"'][\w.-]{1,80}[\"'][ \t]*\)|\[[ \t]*[\"'][\w.-]{1,80}[\"'][ \t]*\]|[.:][\w-]{1,80})\)?;?[ \t\r]*"
)
_SECRET_WORDS = ("password", "passphrase", "passwd", "token", "secret", "api key", "apikey", "credential", "unseal key")
# (in quotes: a REPL echoes a string it returns as `'…'`, Ruby's as `=> "…"`)
# A REPL's or a debugger's result label before it: Ruby's `=> `, PsySH's `= "…"`, R's `[1] `, gdb's `$1 = 0x55… `, lldb's
# `(const char *) $0 = `, IPython's `Out[3]: `, Scala's `res0: String = `; Erlang's `{ok,<<"…">>}`, Elixir's `{:ok, "…"}`.
_BARE_VALUE = LazyPattern(
    r"(?P<lead>[ \t]*(?:(?:=>|=(?=[ \t]+[\"'])|\[\d+\]|(?:\([^()\n]{1,40}\)[ \t]*)?\$\d+[ \t]*==?>?(?:[ \t]*0x[0-9a-fA-F]+)?|Out\[\d+\]:"
    r"|(?:val[ \t]+)?res\d+:[^=\n]{1,40}=)[ \t]+)?(?:\{:?ok,[ \t]*(?:<<)?|<<)?(?P<q>[\"']?))(?P<s>\S{8,4096}?)(?P=q)(?:>>)?\}?"
    r"(?:[ \t]+//[ \t]+[\w./\\-]+:\d+)?[ \t\r]*"  # a dumper's source line after the value (`// src/x.php:28`)
)
# A key's id (hex) then the key on one line, as a command that makes a key prints the pair.
_ID_THEN_VALUE = LazyPattern(r"(?P<lead>[ \t]*[0-9a-f]{12,64}[ \t]+)(?P<s>[^\s\"'`]{16,4096})[ \t\r]*")
# `New value: …`, `RootPass: …`: a label that names a secret or a value
_LABELLED_VALUE = LazyPattern(
    r"(?P<lead>[ \t]*(?i:[a-z][\w .-]{0,20}(?:value|pass|password|token|secret|key))[ \t]*:[ \t]*)(?P<s>\S{8,4096})[ \t\r]*"
)
_CODE_CHARS = frozenset("=;{}[]<>|&")
_CODE_STARTS = ("def ", "class ", "if ", "for ", "while ", "async ", "function ", "case ")
# A secret shown once says so: the sentence before it need not end in `:`.
_SHOWN_ONCE = ("copy", "save", "store it", "again", "only once", "won't be", "will not be", "generated", "created")
_MAX_VALUES = 4
_USER_PAIR = LazyPattern(r"(?P<u>[a-z_][\w.@-]{0,40}):(?P<p>[^\s:]{6,200})")
_LOGIN_COMMAND = LazyPattern(r"(?i:auth|cred|passw|login)")
_RECORD = LazyPattern(r'"[\w.-]{1,80}"[ \t]*:')
_STRING_FIELD = LazyPattern(r':[ \t]*"')
_CALL = LazyPattern(r"[A-Za-z_][\w.]*\(.*\)[;,]?\Z")  # `print(x)`, `self.f(a);`
# A command that makes random secrets (not one that only shows one: `cat`, `terraform output`).
_GENERATOR = LazyPattern(
    r"(?i:random|\brand\b|rand_?bytes|pwgen|genkey|genpsk|token_(?:urlsafe|hex|bytes)|rails[ \t]+secret"
    r"|\bgenerate(?:[ \t]+(?:-[\w-]+(?:=\S+)?|\d{1,3}))+[ \t]*$"  # a generator's verb with its options only
    r"|\b(?:apg|makepasswd|xkcdpass|diceware)\b|pass[ \t]+generate)"
)
# Four words or more, joined by one separator or by their capitals: a passphrase.
_PASSPHRASE = LazyPattern(
    r"[a-z]{2,12}(?P<sep>[-_.])[a-z0-9]{2,12}(?:(?P=sep)[a-z0-9]{2,12}){2,}|(?:[A-Z][a-z]{1,11}){4,}\d*"
)
BARE, LABELLED = 1, 2
ITEM = BARE | 4  # one bare value, judged by `printed_items`
READ, GENERATED = 1, 2  # what the command before printed values did (`secret_value`)


def announces(lines: list[str], i: int) -> int:
    """0, or what follows line `i`: BARE values (after a command or a heading), LABELLED ones
    (after a line about a password), or both."""
    line = lines[i]
    if len(line) > 300:
        return 0
    prompt = _PROMPT.match(line)
    if prompt is not None and selects_a_detail(line):
        return 0  # `$ consul acl token list | jq '.[].AccessorID'`: the filter prints a detail
    # (a command after a prompt is read whole: a password generator has no trigger of its own)
    if (prompt is not None or any(t in line for t in _COMMAND_TRIGGERS)) and SECRET_COMMAND.search(line) is not None:
        return BARE | LABELLED
    low = line.lower()
    if prompt is not None and about_a_secret(line[prompt.end() :]):
        return BARE  # `$ heroku config:get DATABASE_PASSWORD`: a command about a secret prints it
    if prompt is not None and printed_items.shows_an_item(line[prompt.end() :]):
        return ITEM  # `$ rbw get shop-prod-db`: a store's verb shows one item (`printed_items`)
    if prompt is None and "env" in low and about_a_secret(line) and _ENV_EXPRESSION.fullmatch(line) is not None:
        return BARE  # `Sys.getenv("DB_PASSWORD")` alone on its line: what it printed follows
    if not any(w in low for w in _SECRET_WORDS):
        return BARE if languages.is_label_line(line) else 0  # `Mot de passe :`, then the value
    stripped = line.strip()
    # A heading is a sentence ending in `:` (`Please use the following password to proceed to
    # installation:`), not a YAML key (`credentials:`) nor code (`def f(password: str) -> Token:`).
    if len(stripped.split()) >= 3 and not any(c in _CODE_CHARS for c in stripped):
        if stripped.endswith(":") and not stripped.startswith(_CODE_STARTS):
            return BARE
        if stripped.endswith((".", "!")) and any(cue in low for cue in _SHOWN_ONCE):
            return BARE  # `Copy your access token now. You won't be able to see it again!`
    return LABELLED


def _reads_a_secret(line: str) -> bool:
    """Whether `line` is a command after a prompt that reads a secret-named thing
    (`$ python manage.py shell -c "…print(settings.SECRET_KEY)"`, `> nonsensitive(var.db_password)`):
    what it prints is that secret, whatever alphabet it was drawn from (a random run with brackets
    too, as a generator's)."""
    prompt = _PROMPT.match(line)
    if prompt is None:
        return False
    return about_a_secret(line[prompt.end() :]) and not selects_a_detail(line)


def _next_nonblank(lines: list[str], j: int) -> int | None:
    for k in range(j, min(j + 3, len(lines))):
        if lines[k].strip():
            return k
    return None


_NOT_IN_A_TOKEN = frozenset("()[]{}<>`'\";,")


def secret_value(v: str, generated: int = 0) -> bool:
    """Whether `v`, on a line after an announcing one, is a secret; `generated`: the line
    before ran a command that makes random secrets (GENERATED) or reads a secret-named thing
    (READ), whose alphabets hold brackets too (Django's `get_random_secret_key`), so a random run
    is taken whatever its characters; a generator's words too (not a read's: a placeholder)."""
    if generated and len(v) >= 16 and MARK not in v and looks_random(v) and word_share(v) < 0.25 and "://" not in v:
        # a call is code, not a key; a date or time (`--query attributes.expires`) is no secret; a
        # record of flags and numbers (`{"encrypted":true}`, what `sops filestatus` prints) is structure
        # (one with a string in it may hold the secret: `{"property":{…,"value":"…"}}`)
        record = _RECORD.search(v) is not None and _STRING_FIELD.search(v) is None
        return _CALL.match(v) is None and not not_a_secret(v) and not is_numberish(v) and not record
    if generated == GENERATED and _PASSPHRASE.fullmatch(v) is not None:
        return True  # `monkey-maple-silver-winter`, `CorrectHorseBatteryStaple`: a passphrase generator's words
    return (
        MARK not in v
        and not _NOT_IN_A_TOKEN.intersection(v)  # `self.destroy_keys()`, ```` ```typescript ````: code
        and any(c.isalnum() for c in v)  # `┌──────┬──────┐`: a box a table is drawn in
        and "://" not in v  # a URL (one with a password in it has its own rule)
        and not not_a_secret(v)
        and not is_numberish(v)
        # a word or an identifier made of words; random letters alone are a password
        and not (is_wordy(v) and not any(c.isdigit() for c in v))
        and not (is_wordlike(v) and not looks_random(v))
    )


def _candidates(text: str, lines: list[str]) -> list[int]:
    """Indices of the lines that may announce a secret: found by substring search in the whole
    text (a command, a prompt, a line ending in `:`, a line before `…value:`), so a long text
    without any costs a few scans, not a test per line."""
    from .haystack import lines_holding

    found = lines_holding(text, lines, _ANNOUNCING_HERE)
    # a debugger's prompt at a line's start, whatever its name (`(byebug) `, `(dlv) `); a trace's `+ `
    found.update(k + 1 for k in lines_holding(text, lines, ("\n(", "\n+ ", "\n++ ")))
    if text.startswith(("(", "+ ", "++ ")):
        found.add(0)
    for line in lines_holding(text, lines, _BEFORE_LABEL):
        found.update(range(max(0, line - 2), line + 1))  # the label is on the line after, maybe after a blank
    return sorted(found)


_ANNOUNCING_HERE = tuple(t for t in _ANNOUNCING if t not in _BEFORE_LABEL)  # (the others announce their own line)


def redact_printed(text: str) -> str:
    """The value lines after each command or heading that announces a secret, and the values
    under labels that name one (`printed_labels`), redacted."""
    from .log_prefixes import read_unprefixed

    text = printed_labels.redact_printed_labels(read_unprefixed(text, _in_frames))
    return redact_fields(text, _reads_a_secret, lambda line: _PROMPT.match(line) is not None)


# A line inside a banner's frame: `#  Your API token:   #`, `*  …  *`, `║ … ║`.
_FRAMED = LazyPattern(r"(?P<lead>[ \t]*)(?P<f>[#*║│┃])(?P<inner>[ \t][^\n]*[ \t])(?P=f)(?P<tail>[ \t\r]*)")
_FRAME_ENDS = (" #\n", " *\n", " ║\n", " │\n", " ┃\n")


def _in_frames(text: str) -> str:
    """`_redact_announced` with the frame of a banner's lines read as spaces (a tool prints a
    new credential in a box of `#` or `*`), the frames kept."""
    from .haystack import holds_any

    if not holds_any(text, _FRAME_ENDS):
        return _redact_announced(text)
    lines = text.split("\n")
    frames = [_FRAMED.fullmatch(line) if line.endswith(("#", "*", "║", "│", "┃")) else None for line in lines]
    if not any(frames):
        return _redact_announced(text)
    # (the inner text without its padding: a label's line then ends in its colon)
    view = [
        line if m is None else m.group("lead") + " " + m.group("inner").rstrip()
        for line, m in zip(lines, frames, strict=True)
    ]
    done = _redact_announced("\n".join(view)).split("\n")
    if done == view:
        return text
    for k, m in enumerate(frames):
        if m is not None and done[k] != view[k]:
            inner = done[k][len(m.group("lead")) + 1 :]
            pad = m.group("inner")[len(m.group("inner").rstrip()) :]
            lines[k] = m.group("lead") + m.group("f") + inner + pad + m.group("f") + m.group("tail")
        elif m is None:
            lines[k] = done[k]
    return "\n".join(lines)


_SETTING = LazyPattern(r"([A-Za-z_][\w.-]*)=[^=]")  # a setting's line: a name of words, `=` (not base64's)
_USER_LINE = LazyPattern(r"[a-z][a-z0-9._-]{0,30}(?:@[a-z0-9.-]+)?")
# What a remote shell says before the command's own output (ssh, `kubectl exec`, `fly ssh
# console`, `docker exec -t`), and a CLI's notices on their own lines (` ›   Warning: token will
# expire …`, `WARNING: …`, `! …`): the value comes on the line after. What the command asks
# first (`Enter password to unlock …: `, `? Master password: [hidden]`) too: the answer is not echoed.
_STATUS_LINE = LazyPattern(
    r"[ \t]*(?:(?i:connect(?:ing|ed)[ \t]+to|warning:[ \t]+permanently[ \t]+added|defaulted[ \t]+container"
    r"|pseudo-terminal[ \t]+will[ \t]+not|unable[ \t]+to[ \t]+use[ \t]+a[ \t]+tty|waiting[ \t]+for)\b"
    r"|(?:[›!][ \t]+)?(?i:warning|warn|note|notice)[:\]]|[›!][ \t]+(?=\S[^\n]*[ \t]\S))[^\n]{0,200}"
    r"|[^\n]{0,120}(?i:password|passphrase|pass[ \t]phrase)\b[^\n:]{0,120}:[ \t]*(?:\[[\w ]{1,30}\]|\*{1,40})?[ \t\r]*"
    # a sentence of words about the secret it makes (`New access token never expires`)
    r"|[ \t]*[A-Z][A-Za-z' -]{0,60}?\b(?i:token|key|password|secret|passphrase|credential)s?\b[A-Za-z' -]{0,60}[.!]?[ \t\r]*"
)


def _value_line(line: str, mode: int) -> re.Match[str] | None:
    """`line` read as a value line after an announcing line of `mode`: a bare value, a labelled
    one, or a key's id then the key (`b2 key create` prints the pair on one line)."""
    m = (_BARE_VALUE.fullmatch(line) if mode & BARE else None) or (
        _LABELLED_VALUE.fullmatch(line) if mode & LABELLED else None
    )
    if m is not None and mode == ITEM and not printed_items.item_value(m.group("s")):
        return None  # (`printed_items` judges what a store's verb shows)
    if m is None and mode & BARE and (pair_id := _ID_THEN_VALUE.fullmatch(line)) is not None:
        return pair_id if looks_random(pair_id.group("s")) else None
    return m


def _made_or_read(line: str, mode: int) -> tuple[int, int]:
    """Whether the command on `line` made random secrets (GENERATED) or read a secret-named
    thing (READ), and the tier of the name it read: what it prints is judged as the value after
    that name too."""
    if mode == BARE | LABELLED and _GENERATOR.search(line) is not None:
        return GENERATED, NOT_SECRET
    if mode == BARE and _reads_a_secret(line):
        return READ, named_level(line)
    return 0, NOT_SECRET


def _redact_announced(text: str) -> str:
    lines = text.split("\n")
    changed = False
    done = -1  # the last line already taken as a value
    for i in _candidates(text, lines):
        if i <= done:
            continue
        mode = announces(lines, i)
        if not mode:
            continue
        generated, level = _made_or_read(lines[i], mode)
        pairs = _LOGIN_COMMAND.search(lines[i]) is not None  # a command about logins prints `user:password`
        j, taken, user_line = i + 1, 0, False
        while taken < (1 if mode == ITEM else _MAX_VALUES):
            k = _next_nonblank(lines, j)
            if k is None:
                break
            m = _value_line(lines[k], mode)
            pair = _USER_PAIR.fullmatch(m.group("s")) if m is not None and mode & BARE and pairs else None
            if (
                m is not None
                and pair is not None
                and tier(pair.group("u")) == NOT_SECRET  # `secret:db-creds2`: a kind and a name
                and password_shaped(pair.group("p"))
                and not not_a_secret(pair.group("p"))
            ):
                lines[k] = lines[k][: m.start("s") + pair.start("p")] + MARK + lines[k][m.end("s") :]
                changed, taken, j = True, taken + 1, k + 1
                continue  # `bob:…`: a user and its password, as an auth decoder prints them
            if (
                mode & BARE
                and generated != GENERATED
                and not taken
                and not user_line
                and _USER_LINE.fullmatch(lines[k].strip()) is not None
                and not secret_value(lines[k].strip())  # (`abcdef.0123…`: kubeadm's token, not a user)
            ):
                user_line, j = True, k + 1
                continue  # `cat office.auth`: a user on the first line, its password on the next
            if mode & BARE and not taken and k < i + 3 and _STATUS_LINE.fullmatch(lines[k]) is not None:
                j = k + 1
                continue  # `Connecting to fdaa:…… complete`: the remote shell's, not the command's
            if m is not None and generated != GENERATED and (st := _SETTING.match(m.group("s"))) and is_wordy(st[1]):
                break  # `repo1-cipher-type=aes-256-cbc`, as `grep pass …` prints it: its own rules judge it
            # (a read prints its one value: the lines after it are judged as any printed value)
            if m is None or not (
                secret_value(m.group("s"), 0 if generated == READ and taken else generated)
                or (level != NOT_SECRET and not taken and judged(level, m.group("s")))
            ):
                break
            label = lines[k][: m.start("s")].strip(" \t:")
            if label and tier(label) != NOT_SECRET:
                break  # `RootPass: …`: a name the line's own rules judge (see `assignments`)
            lines[k] = m.group("lead") + MARK + lines[k][m.end("s") :]
            changed = True
            taken += 1
            j = k + 1
        done = j - 1
    return "\n".join(lines) if changed else text
