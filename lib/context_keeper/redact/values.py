"""Whether a value is itself a secret: judged on its shape, not on the name it stands under.

A secret-sounding name is not enough (`api_key: str | None`, `token=token`,
`password: ${DB_PASSWORD}`): the value must also look like a secret. These are the shape
tests the other modules share; all take the value without its quotes.
"""

from __future__ import annotations

import re

from .patterns import LazyPattern
from .plain_values import is_public_key, names_a_thing, stands_in
from .runs import KINDS_OF_A_KEY
from .scheme_labels import labelled

# Values that stand in for a secret in docs, templates, examples and masked output.
_PLACEHOLDER_WORDS = frozenset(
    "none null nil undefined true false yes no on off empty unset notset n/a na tbd todo fixme "
    "changeme changeit redacted hidden masked filtered omitted removed censored sensitive "
    "secret secrets password passwd pass pwd token key apikey test testing dummy fake example "
    "sample demo placeholder foo bar baz foobar qux value string str default local dev inherit "
    "auto prompt stdin required optional include omit same-origin bearer basic ask env "
    "anonymous guest insecure unsafe mock stub fixture x-oauth-basic".split()
)
# `mysecretpassword`, `your_api_key_here`, `SECRET_KEY` as a value: words about a secret. No word
# two others make (`apikey` is `api` and `key`): each doubles the splits a failed match tries.
_ABOUT_A_SECRET = LazyPattern(
    r"(?:my|your|the|some|a|an|new|old|dummy|fake|test|example|sample|demo|dev|local|default|from|"
    r"super|top|very|real|actual|strong|long|random|generated|insert|enter|paste|replace|"
    r"insecure|unsafe|mock|stub|fixture|fixed|static|no|not|required|optional|none|empty|unset|missing|"
    r"id|name|file|path|env|var|session|"
    r"change|fill|here|goes|value|string|app|api|access|auth|private|client|secret|password|"
    r"passwd|pass|pwd|token|key|credentials?|creds|github|openai|anthropic|aws|stripe)+"
)
_QUALIFIED_SPLIT = LazyPattern(r"[:.]")
_SECRET_WORD = LazyPattern(r"secret|passw|token|key|credential")
_SECRET_FIELD = LazyPattern(r"secret|pass|token|key|cred|pw|pin(?![a-z])|psk|otp|code")  # `pin`, not `ping`
# `change-passphrase`, `rotate-key`, `reset-password`: a subcommand named after the secret it acts on.
_NAMED_AFTER_A_SECRET = LazyPattern(
    r"[a-z]+(?:-[a-z]+)*-(?:secrets?|pass(?:word|phrase|code)?s?|passwd|tokens?|keys?|cred(?:ential)?s?|auth|salt)"
)
_SEPARATORS = str.maketrans("", "", "_-. ")
# Template and reference syntaxes: the value names where the secret lives.
_REFERENCE = LazyPattern(
    r"""\$(?:\{|\(|\[|[A-Za-z_]|\d(?![A-Za-z0-9])  # $X ${X} $(cmd) $1 (not `$3cr3t`: no name starts so)
        |\d[a-z]?\$)                    # `$6$…`, `$2y$…`: a crypt hash, left to `hashes` (its identifier kept)
      | %[A-Za-z_][\w-]*[.:][\w.:/!-]*%$  # %env.X%, %vault:secret/db!/password%: a parameter
      | %(?:[A-Za-z_]\w*%|\(\w+\)[sdr]|[-+ #0]*\d*[sdrx](?![A-Za-z0-9]))  # %X% %(name)s %s
      | \{\{ | \{% | <% | \#\{ | \$\{\{ | %\{ # jinja, erb, ruby, actions, puppet's `%{hiera('…')}`
      | !(?:Ref|Sub|GetAtt|vault|secret|env)\b
      | ![A-Za-z][\w.-]*[ \t]          # a YAML local tag and its argument: `!env_var X`, `!include f`
      | (?:_?env|file|vault|op|ref\+\w+|[a-z]{0,16}ref|arn|ssm|sops|keyring|secretsmanager|awssm|gcpsm|azkv|k8s)
        :(?://)?[A-Za-z0-9_/.{$-]       # (`keyvaultref:https://…`, `secretref:db-pass`: a store's reference)
      | [A-Z]{2,5}\[[\w.-]{0,20}[:,] | @Microsoft\.KeyVault\( | %\[         # %[env(X)]: a proxy's fetch of a variable
      | [%@]\*?[A-Za-z_]\w*[<{\[]      # %*ENV<X>, %ENV{X}: a sigiled hash's entry (Raku, Perl)
      | [a-z][a-z0-9]*(?:[-_][a-z0-9]+)+:(?:\d{1,4}|latest)$  # db-pass:3: a stored secret's name and version
      | @[a-z]{2,16}:(?:[A-Z][A-Z0-9_]*|[a-z][a-z0-9_.-]*)$  # @keychain:AC_PASSWORD, @env:X: a store's item by name
      | [a-z][a-z_]{1,30}=(?:\$\{|\$[A-Z_][A-Z0-9_]*(?![a-z])|\{\{)  # token=$ACCESS_TOKEN: a parameter given a variable
    """,
    re.VERBOSE,
)
# (`-p:KeyPass=env:KS_PASS`, `--opt=value`: the next flag with its argument, no value of the name before it)
_FLAG = LazyPattern(r"--[a-z][a-z-]*|-[A-Za-z]|--?(?:[A-Za-z]|[a-z][a-z-]+)[:=]\S*")
_ADDRESS_OF = LazyPattern(r"[&*][A-Za-z_][\w.]*[({]")
_URL_ESCAPE = LazyPattern(r"%[0-9A-Fa-f]{2}")
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*+=?~")  # not `_-.`, which identifiers hold
# An ASCII value's classes of characters searched for in C: a value can run to the end of a
# long line, and a test per character in Python then costs more than all the rules' regexes.
_ASCII_LOWER = LazyPattern(r"[a-z]")
_ASCII_UPPER = LazyPattern(r"[A-Z]")
_ASCII_DIGIT = LazyPattern(r"[0-9]")
_ASCII_ALNUM = LazyPattern(r"[A-Za-z0-9]+")
_X_RUN = LazyPattern(r"[xX]{4,}")
# (`(sensitive)`, `(hidden value)`: words in parentheses, what a tool prints in a secret's place)
_WRAPPED = LazyPattern(
    r"&lt;.{1,80}?&gt;|<<[^<>]{1,80}>>|<[^<>]{1,80}>|\[[^\[\]]{1,80}\]|\{[^{}]{0,80}\}|%%[\w.]+%%|%[\w.]+%|@@[\w.]+@@"
    r"|@[\w.]+@|__\w+__|\([A-Za-z][A-Za-z -]{0,40}\)"  # (doubled on both sides: `<<TOKEN>>`, a build's replaced tokens)
)
_NUMBERISH = LazyPattern(r"[+-]?v?\d[\d.,:_/T Z+-]*(?:[a-zA-Z%]{1,3})?|0x[0-9a-fA-F]{1,16}")
_DOTTED_NAME = LazyPattern(r"[A-Za-z_$][\w$]*(?:(?:\.|::|->|\?\.)[A-Za-z_$][\w$]*)+[!?]?")
_MEMBER_SPLIT = LazyPattern(r"\.|::|->|\?\.")
# Objects whose members name where a value lives, whatever the member's name looks like.
_ENVIRONMENTS = frozenset(("env", "environ", "environment", "secrets", "vars"))
_CMDLET = LazyPattern(r"[A-Z][a-z]+-[A-Z][A-Za-z]+")
_ARGUMENT_AFTER = LazyPattern(r"[ \t][-'\"$(]")
_CLASS_NAME = LazyPattern(r"[A-Z][A-Za-z0-9_]*")
_CAPITALISED = LazyPattern(r"[A-Z][a-z]{2,}")
_TEMPLATE_INSIDE = LazyPattern(r"\{\w*\}|<[a-z][\w .-]*>|\\[ux][0-9a-fA-F]{2}")
# `$(DbPassword)` inside a value: a pipeline's macro or a command's output the value is built from
_MACRO_INSIDE = LazyPattern(r"\$\([A-Za-z_][\w.]*\)")
# A struct tag's `key:"value"` pairs (`default:"…" env:"…"`): its values are read one by one (`proximity`)
_STRUCT_TAG = LazyPattern(r'[A-Za-z][\w-]*:"[^"]*"(?:[ \t]+[A-Za-z][\w-]*:"[^"]*")*')
# A regular expression's start (`.*`, `.+`, `[^…`): a pattern that matches values, as `sed`'s
# `s/^password=.*/…/` has, not one.
_PATTERN_START = (".*", ".+", "[^", "\\S", "\\w", "\\d")
_CONSTANT = LazyPattern(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_SELECTOR = LazyPattern(r"[#.][A-Za-z][\w-]*")
_COLOR = LazyPattern(r"#[0-9a-fA-F]{3,8}")
_WORDLIKE = LazyPattern(r"[&*?]?[A-Za-z_][A-Za-z_]*[?!]?")
_SEGMENTS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_WORD_SPLIT = LazyPattern(r"[_\-./:\s]+")
_HAS_VOWEL = LazyPattern(r"[aeiouyAEIOUY]")
_VOWEL_LESS_RUN = LazyPattern(r"[^aeiouyAEIOUY]{5}")
_HEX = LazyPattern(r"[0-9a-f]+|[0-9A-F]+")
_UUID = LazyPattern(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGEST = LazyPattern(r"(?:sha\d*|md5|blake2b?|h1|sha\d+-)[:=-]", re.IGNORECASE)
_PATH_SPLIT = LazyPattern(r"[/\\]")
_SPEC = LazyPattern(r"(?P<k>[A-Za-z][A-Za-z_-]*)=(?P<v>[^=\s]*)")
_EMAIL = LazyPattern(r"(?P<local>[\w.+-]+)@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}")
_FILE_EXT = LazyPattern(
    r"\.(?:pem|key|crt|cer|der|p12|pfx|jks|keystore|json|ya?ml|toml|ini|txt|env|gpg|asc|pub|conf|cfg)$"
)
# Types a `name: Type` annotation names, in the languages a session shows most.
TYPE_NAMES = frozenset(
    "str string String int integer bool boolean bytes bytearray float number any unknown object "
    "None null undefined void never char Optional Union List Dict Sequence Mapping Final ClassVar "
    "Annotated Literal SecretStr SecretBytes Secret Text AnyStr Vec Option Box Arc Rc Result "
    "HashMap u8 i32 i64 u32 u64 usize isize f32 f64 Buffer Uint8Array Promise Record Array "
    "CharSequence Password Token Credentials NSString Data URL".split()
)
TECH_WORDS = LazyPattern(
    r"(?:u?int|float|sha|md|base|b|pkcs|x|utf|oauth|http|ipv|v|h|hs|rs|es|ps|aes|rsa|ed|x|pbkdf|argon|bcrypt|tls|ssl|s)\d+\w{0,3}",
    re.IGNORECASE,
)


def is_placeholder(v: str) -> bool:
    """`YOUR_API_KEY`, `<password>`, `sk-...`, `xxxx`, `changeme`, `********`, `[REDACTED]`."""
    v = v.strip()
    low = v.lower()
    if low in _PLACEHOLDER_WORDS or len(set(low)) == 1:
        return True
    if "..." in v or "…" in v or is_x_filler(v) or "***" in v or "•" in v or "[redacted" in low:
        return True
    if low.startswith("your") or low.endswith(("here", "_me", "-me")) or _WRAPPED.fullmatch(v):
        return True
    if v.endswith(("EXAMPLE", "EXAMPLEKEY")):
        # `AKIAIOSFODNN7EXAMPLE`: the vendors' documented examples end so. Only at the end: a key
        # with the word inside it (`…zEXAMPLEKEY9`) is judged as any other value.
        return True
    flat = low.translate(_SEPARATORS)
    if flat and (flat in _PLACEHOLDER_WORDS or _ABOUT_A_SECRET.fullmatch(flat) is not None):
        return True  # (`not-set` as `notset`)
    # `sas-token-for-azure-blob-storage-access`: a description where the secret would go
    parts = [p for p in _WORD_SPLIT.split(low) if p]
    return len(parts) >= 4 and not any(c.isdigit() for c in v) and is_wordy(v) and _SECRET_WORD.search(low) is not None


def is_reference(v: str) -> bool:
    """`$X`, `${X}`, `$(cmd)`, `{{ x }}`, `%(x)s`, `!Ref X`, `env:X`, `op://…`: where a secret lives."""
    return _REFERENCE.match(v) is not None or v.startswith(("${", "$("))


def is_pathlike(v: str) -> bool:
    """`~/.ssh/id_rsa`, `./certs/server.key`, `projects/p/secrets/db-pass/versions/latest`,
    `Software\\Microsoft\\VisualStudio` (a Windows registry key's path)."""
    prefixed = v.startswith(("/", "~", "./", "../", "\\\\")) or v[1:3] in (":\\", ":/")
    if not prefixed and "/" not in v and not _registry_like(v):
        return _FILE_EXT.search(v) is not None
    parts = _PATH_SPLIT.split(v)
    if prefixed:
        # A base64 key may start with `/`: its long parts are random, a path's are words or names.
        return all(len(p) <= 8 or is_wordy(p) or any(c in p for c in "._-") for p in parts)
    return all(not p or p.isdigit() or is_wordy(p.rsplit(".", 1)[0]) or len(p.rsplit(".", 1)[0]) <= 3 for p in parts)


def _registry_like(v: str) -> bool:
    """Backslashes alone make a path of three capitalised parts or more (`Software\\Microsoft\\VC7`):
    `Maple\\9656River` may be a password, `bob\\nwinter371\\n` is lines written with escapes."""
    parts = [p for p in _PATH_SPLIT.split(v) if p] if "\\" in v else []
    return len(parts) >= 3 and all(p[0].isupper() for p in parts)


def has_word_part(v: str) -> bool:
    """`Linux-pip-3f2a…`, `user:42:profile`: an id built from words, not a random secret."""
    return any(
        len(p) >= 4 and p.isalpha() and (p.islower() or p.istitle()) and is_wordy(p) for p in _WORD_SPLIT.split(v)
    )


def word_share(v: str) -> float:
    """The share of `v`'s characters in parts that are words (`has_word_part`'s parts): a random
    run may hold one by chance (`…#80-glule`), an id built from words is mostly words."""
    words = sum(
        len(p)
        for p in _WORD_SPLIT.split(v)
        if len(p) >= 4 and p.isalpha() and (p.islower() or p.istitle()) and is_wordy(p)
    )
    return words / max(len(v), 1)


# (`System.Int32`, `Encoding.Base64`, `HashAlgorithm.Sha256` end in a width: a type's name)
_WORDS_AND_NUMBER = LazyPattern(r"[A-Z][a-z]{2,}\.[A-Z][a-z]{2,}\d{2,4}")
_BIT_WIDTHS = ("16", "32", "64", "128", "256", "384", "512")


def _person_written(v: str) -> bool:
    """`Tiger.Lily42`: two capitalised words and a number, as a person writes a password."""
    return _WORDS_AND_NUMBER.fullmatch(v) is not None and not v.endswith(_BIT_WIDTHS)


def is_qualified_name(v: str) -> bool:
    """`serverlessrepo:applicationId`, `auth.login.title`: words joined by `:` or `.`, an identifier."""
    parts = _QUALIFIED_SPLIT.split(v)
    if _person_written(v):
        return False
    # each part an identifier: `Winter.2024Rain` is a password (`2024Rain` names nothing)
    return len(parts) >= 2 and all(p and not p[0].isdigit() and is_wordy(p) for p in parts)


def is_numberish(v: str) -> bool:
    """Counts, sizes, durations, versions, dates and ports: `4096`, `15m`, `1.2.3`, `8080:80`."""
    return _NUMBERISH.fullmatch(v) is not None


def is_wordlike(v: str) -> bool:
    """An identifier or word without digits: a variable, a type, an enum value, a word of prose."""
    return _WORDLIKE.fullmatch(v) is not None


def is_command_call(v: str, after: str) -> bool:
    """`Read-Host 'Password'`, `Get-Content -Raw x`: a PowerShell command's name (`Verb-Noun`)
    given an argument (`after`, the two characters that follow it) computes the value."""
    return _CMDLET.fullmatch(v) is not None and _ARGUMENT_AFTER.fullmatch(after) is not None


def is_dotted_name(v: str) -> bool:
    """`settings.api_key`, `process.env.TOKEN`, `self.password`, `Config::KEY`: code, not a value."""
    v = v.rstrip(",;")  # (an item of an object or a call: `password: process.env.X,`)
    if _DOTTED_NAME.fullmatch(v) is None or _person_written(v.rstrip("!?")):
        return False
    parts = [p.lstrip("$") for p in _MEMBER_SPLIT.split(v.rstrip("!?"))]  # `static::$password`
    if any(p.lower() in _ENVIRONMENTS for p in parts[:-1]):
        return True  # a member of an environment: `process.env.E2E_PASSWORD`, `ENV.S3_KEY`
    # Each part a word or a short name (`os`, `env`, `db`); `GMquzHHxA0.E3` is a password.
    return all((len(p) <= 3 and p.isalpha()) or is_wordy(p) for p in parts)


def is_wordy(v: str) -> bool:
    """Made of words (`my-release-postgresql`, `getAccessToken`, `DB_NAME`, `oauth2`), not random
    characters (`gEHA30lvof4Aryd`, base64, hex): digits only at the ends of a part, letters in
    runs of three or more with vowels."""
    words = chars = short = 0
    for part in _WORD_SPLIT.split(v):
        if not part:
            continue
        segs = _SEGMENTS.findall(part)
        if sum(map(len, segs)) != len(part):
            return False  # symbols inside a part: `pa55word!`, `+/=` of base64
        for i, seg in enumerate(segs):
            if seg[0].isdigit():
                if 0 < i < len(segs) - 1 and not (len(seg) <= 5 and TECH_WORDS.fullmatch(segs[i - 1] + seg)):
                    return False  # digits between letters: `lvof4Aryd` (but `Ipv6Cidr`, `Base64Encode`)
                continue
            if len(seg) >= 5 and len(set(seg.lower())) <= 2:
                return False  # `AAAAAAAA`: a run of one letter is no word
            words += 1
            chars += len(seg)
            if len(seg) <= 2:
                short += 1
            elif _VOWEL_LESS_RUN.search(seg) or (len(seg) > 4 and not _HAS_VOWEL.search(seg)):
                return False
    return words > 0 and chars / words >= 3.0 and short <= max(1, words // 3)


def is_plain_word(v: str) -> bool:
    """`edit`, `query`: a lower-case word, not hex letters (`deadbeefcafe`)."""
    return v.isalpha() and v.islower() and not is_hexlike(v) and is_wordy(v)


def is_hexlike(v: str) -> bool:
    """Hex digests, SHAs and uuids: ids far more often than secrets when nothing else says so."""
    return _HEX.fullmatch(v) is not None or _UUID.fullmatch(v) is not None or _DIGEST.match(v) is not None


def is_x_filler(v: str) -> bool:
    """`sk-xxxx…`, `ghp_XXXXXXXX1234`: x's where the secret would go. Not when what is left
    without them is itself a long random value: a real key can end in a run of x's."""
    if "xxxx" not in v.lower():
        return False
    rest = _X_RUN.sub("", v)
    return not (len(rest) >= 20 and looks_random(rest))


def looks_random(v: str) -> bool:
    """Long and made of characters rather than words: keys, tokens, base64, hex."""
    if len(v) < 16 or len(set(v)) < KINDS_OF_A_KEY or " " in v.strip():
        return False
    alnum = len(v) - len(_ASCII_ALNUM.sub("", v)) if len(v) > 64 and v.isascii() else sum(c.isalnum() for c in v)
    if alnum < 0.6 * len(v):
        return False  # `(m,n),(n,p)->(m,p)`: punctuation, not a key
    return not is_wordy(v)


def is_type_name(v: str) -> bool:
    """`str`, `SecretStr`, `PKCS7PrivateKeyTypes`, `Ed25519PrivateKey`: a type in an annotation."""
    if v in TYPE_NAMES:
        return True
    return _CLASS_NAME.fullmatch(v) is not None and len(_CAPITALISED.findall(v)) >= 2 and is_wordy(v)


def has_letters_and_digits(v: str) -> bool:
    return any(c.isdigit() for c in v) and any(c.isalpha() for c in v)


def is_mixed(v: str) -> bool:
    """Password-like: letters with digits or symbols (`hunter2`, `S3cr3t-pa55word!`, `abc-secret-value`)."""
    if has_letters_and_digits(v):
        return not TECH_WORDS.fullmatch(v)
    return any(not (c.isalnum() or c == "_") for c in v) and any(c.isalpha() for c in v)


def strongly_mixed(v: str) -> bool:
    """Three of lower case, upper case, digits and symbols, eight characters or more, and not
    made of words: not a word, a version, an identifier (`Base64Encode`) or a number."""
    if len(v) < 8:
        return False
    core = _URL_ESCAPE.sub(":", v).strip("*_.,:;-~")  # `Features**:`; `%3A` is an escaped `:`
    if len(core) > 64 and core.isascii():  # (a short one costs less per character than per search)
        lower = _ASCII_LOWER.search(core) is not None
        upper = _ASCII_UPPER.search(core) is not None
        digit = _ASCII_DIGIT.search(core) is not None
    else:
        lower = any(c.islower() for c in core)
        upper = any(c.isupper() for c in core)
        digit = any(c.isdigit() for c in core)
    symbol = not _PASSWORD_SYMBOLS.isdisjoint(core[1:-1])  # `Features!`: a sentence's mark, not a symbol
    return len(core) >= 8 and lower + upper + digit + symbol >= 3 and not is_wordy(core)


def is_prose(v: str) -> bool:
    """`This field may not be blank.`, `Invalid token`, `Minimum 8 characters`: a sentence in a
    string, not a secret."""
    words = v.replace("\\n", " ").replace("\\t", " ").split()
    if len(words) < 2:
        return False
    stripped = [w.strip(".,!?:;'\"()") for w in words]
    if not all(w.isalpha() or w.isdigit() for w in stripped) or sum(w.isalpha() for w in stripped) < 2:
        return False  # (`Minimum 8 characters`: a count among words)
    return len(words) >= 3 or v.rstrip().endswith((".", "!", "?")) or (words[0].istitle() and words[1].islower())


def _is_spec(v: str) -> bool:
    """`id=npmrc,src=…`, `actionType=CONNECT,…`, `Enabled=true`: settings given to a flag."""
    m = _SPEC.fullmatch(v)
    if m is None:
        return False
    k, rest = m.group("k"), m.group("v")
    if len(k) <= 2 and rest.isdigit() and len(rest) <= 3:
        return True  # `v=1`, `t=3`: a tag of a letter or two given a small number, as a header's parameters
    if k.islower() and not rest.isdigit() and is_numberish(rest) and _SECRET_FIELD.search(k) is None:
        return True  # `ip=10.0.4.17`, `took=12ms`: a log's next field, an address or a measure (not `pin=`)
    named = is_wordy(k) or k in ("id", "src", "dst")
    short = len(rest) <= 12 and not has_letters_and_digits(rest)
    return named and (not rest or "," in rest or rest.isdigit() or is_wordy(rest) or short)


def _is_email(v: str) -> bool:
    m = _EMAIL.fullmatch(v)
    return m is not None and (m.group("local").islower() or is_wordy(m.group("local")))


def _is_constant(v: str) -> bool:
    """`LAMBDA_TASK_ROOT`, `AWS_S3_BUCKET`: words; `API_KEYS4MSF7CBE7W8H319` is a key with a prefix."""
    return _CONSTANT.fullmatch(v) is not None and all(len(p) <= 4 or is_wordy(p) for p in v.split("_"))


def not_a_secret(v: str) -> bool:
    """The checks every context shares: empty, placeholder, reference, path, number, public key."""
    return (
        not v
        or is_reference(v)
        or is_placeholder(v)
        or is_public_key(v)
        or stands_in(v)  # `sk_test_xxx`, `neo4j/$NEO4J_PASSWORD`, `pi@10.0.0.5`
        or is_pathlike(v)
        or v.startswith(("http://", "https://", "mailto:"))
        or _is_email(v)
        or _is_spec(v)
        or v.startswith(":")  # `:py:class:`, Rust's `auth::tests`
        or _FLAG.fullmatch(v) is not None  # `--random-password --email …`: the next flag, no value
        or _ADDRESS_OF.match(v) is not None  # `&http.BasicAuth{…`: code that builds the value
        or is_qualified_name(v)
        or _NAMED_AFTER_A_SECRET.fullmatch(v) is not None
        or _is_constant(v)  # `'LAMBDA_TASK_ROOT'`: the name of a variable
        or _COLOR.fullmatch(v) is not None
        or (v[:1] in "#." and _SELECTOR.fullmatch(v) is not None and is_wordy(v[1:]))  # `#add-password`: CSS
        or _TEMPLATE_INSIDE.search(v) is not None  # `'{0}:{1}'.format(…)`, `<long key here>`, `\u0141`
        or v.startswith(_PATTERN_START)
        or ("$(" in v and _MACRO_INSIDE.search(v) is not None)
        or (':"' in v and _STRUCT_TAG.fullmatch(v) is not None)
        or names_a_thing(v)  # `bcrypt`, `X-Api-Key`, `read_secret()`, `secretKeyRef`
        or labelled(v)  # `t=1732701731,v1=…`: a signing scheme's output, its fields labelled
    )
