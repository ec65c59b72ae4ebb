"""Passwords a person chose, taken wherever they stand: no name, no position, no syntax.

A password a person made to satisfy a policy (letters of both cases, a digit, a symbol) has a
few shapes: a word, a number and a symbol (`Winter@2007`, `Silver182!`), a word spelled with a
digit or a symbol for a letter (`P@ssw0rd!`, `Tr0ub4dor&3`, `Tig3r#1075`), two words about a
number (`Name.1234Word`), a generator's mix with a symbol among both cases (`dk#yQ4kHI5`,
`%JZSHz%3keD`, `jnrFX!mvGFxT`), or a passphrase: three to five lower-case words and a number
that is neither a year nor a typed run (`summer-thunder-orange-3648`). Printed alone, in prose,
after a word no rule knows or as a positional argument, nothing around it says what it is; its
shape does. This reading judges the token alone, on the text every other rule has read.

What it must leave is what a session shows that mixes letters, digits and symbols and is public:
identifiers (`handleStep2Next`, `System.Int32`, `ppu.Latin1`, `_ZN3foo3barEv`, `Outer$Inner1`,
`user_Name2`, `toc-Introduction-1`: a lower-case word joined to a capitalised one and a number is
a field's or an anchor's name as often as `bob_Secret99` is a password), C++'s references
(`Matrix4x4&`), percentages (`Coverage100%`),
versions and packages (`react@18.2.0`, `nextjs@14`, `Python3.11`, `v2.0.0-Beta1`, `Docker@2`), a
user at a host (`bob@server01`), git references (`HEAD~12`, `feature~12`), TeX's ties
(`Section~12`, `Windows~10`), issue references (`Fixes#123`), URL escapes (`Report%2023`),
arithmetic (`in*997`, `10**DECIMALS`), names with a number and no symbol (`Release2024`,
`uint256`, `python312`: a word and a number alone is a name as often as a password), two
lower-case words and a number (`floating-badlands-4738`: a hosted app's name), words and a year
(`brand-kit-meridian-2026`: a campaign's, a release's or an article's name) or a run typed for a
placeholder (`linux-build-cache-1234`), six words or more (an article's slug), test names. So a
token is read only where it stands alone (after a space, a quote, a bracket, a separator or an
escaped line break; before one, or a sentence's end), and each shape is a whole-token match; two
words about a number, a shape nothing public takes, wherever no token character joins it to more.
"""

from __future__ import annotations

from .patterns import LazyPattern, marked

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_MIN_LENGTH = 8
# The symbols a policy asks for; `*` left out (arithmetic, globs, emphasis), `.`, `_`, `-` are
# an identifier's or a slug's.
_SYMBOLS = "!@#$%^&~"
_MAX_LENGTH = 40
# A token: a run of the characters a policy asks for that starts with a letter and holds a digit
# or a symbol (every shape below does), standing alone: after a space, a quote, a bracket or a
# separator (`,;=:>|`; the one character taken with it, which lets `re` skip ahead to it) or at
# the text's start, and before one, an escape or a sentence's end. (Its length:
# `reads_as_password_alone`.)
_BODY = r"(?P<t>[!@#$%^&~]?[A-Za-z][A-Za-z._-]*+[0-9!@#$%^&*~][A-Za-z0-9!@#$%^&*~._-]*)"
# (a `.` after a digit that a quote closes is the value's, not a sentence's: `"Quartz9458."`;
# taken only when the same quote opens the token: `redact_chosen_passwords`)
_END = r"(?:(?<![._-])(?=[\s\"'`)\]}>,;|]|\\[nrt]|[.:?](?:\s|\Z)|\Z)|(?<=[0-9]\.)(?=[\"'`]))"
_TOKEN = LazyPattern(rf"[\s\"'`(\[{{<,;=:>|]{_BODY}{_END}")
_TOKEN_AT_START = LazyPattern(rf"{_BODY}{_END}")
# After an escaped line break or tab inside a string (`'bob\nWinter@2007'`): its own search,
# from the backslash (a literal, found fast).
_ESCAPED_TOKEN = LazyPattern(rf"\\[nrt]{_BODY}{_END}")
# A word as people spell one in a password: letters, with a digit or a symbol for a letter inside
# (`P@ssw0rd`, `Pa$$w0rd`, `Tr0ub4dor`) or a digit for its last (`Mapl3`)
_WORD = r"[A-Za-z](?:[a-z]|[0-9@$!]{1,2}(?=[a-z])|(?<=[a-z])[0-9](?![0-9]))+"
_WORD_SYMBOL_NUMBER = LazyPattern(rf"(?=.*[{_SYMBOLS}])(?=.*[0-9]){_WORD}[{_SYMBOLS}]?[0-9]{{0,6}}[{_SYMBOLS}]{{0,2}}")
# A capitalised word, a number and a `.` (`Quartz9458.`): a `.` ends a token only before a quote
_WORD_NUMBER_DOT = LazyPattern(r"[A-Z][a-z]{2,}[0-9]{2,6}\.")
# A number of four digits or more before a last `%`: not a percentage (`Coverage100%`)
_LONG_NUMBER_PERCENT = LazyPattern(r"[0-9]{4,6}%\Z")
# (`.` joins them: a `-` is a log's, a page's or a setting's, `page-404Error`, `timeout-30Minutes`)
_WORD_NUMBER_WORD = LazyPattern(r"[A-Za-z][a-z]{2,}\.[0-9]{2,6}[A-Z][a-z]{2,}")
# Three to five words of a passphrase and its number (two words and a number: a hosted app's name).
_WORDS_NUMBER = LazyPattern(r"[a-z]{3,10}(?:-[a-z]{3,10}){2,4}-(?P<n>[0-9]{3,5})")
# Two words about a number read wherever no letter, digit or `._-` joins them to more
# (`{PLAIN}Willow.8219Silver:1000`, `/Meadow.535Shadow/`): no identifier, version or name takes
# the shape, so it needs none of the boundaries a token standing alone has. Found from the number
# (`.` and digits: a literal `re` skips ahead to), the word before it read back.
_NUMBER_WORD = LazyPattern(r"\.[0-9]{2,6}[A-Z][a-z]{2,}(?![A-Za-z0-9_-]|\.\w)")
_WORD_BEFORE = LazyPattern(r"(?<![A-Za-z0-9._-])[A-Za-z][a-z]{2,}\Z")
_YEAR = LazyPattern(r"(?:19|20)[0-9]{2}")
_GENERATED = LazyPattern(
    r"(?=.*[a-z].*[a-z])(?=.*[A-Z].*[A-Z])(?=.*[a-z][A-Z])[!@#$%^&~]?[A-Za-z0-9]+[!@#$%^&*~][A-Za-z0-9!@#$%^&*~]+"
)
_INSIDE_A_WORD = LazyPattern(r"(?<=[A-Za-z])[0-9@$!]+(?=[A-Za-z])")
_USER_AT_HOST = LazyPattern(r"[A-Za-z]{3}@[A-Za-z]{3}")
_REFERENCE = LazyPattern(r"[A-Za-z]+[#~][0-9]+")  # `Fixes#123`; a git ancestor, a TeX tie: `Release~3`, `Section~12`
_URL_ESCAPE = LazyPattern(r"%[0-9A-Fa-f]{2}")
_UNICODE_ESCAPE = LazyPattern(r"%u[0-9A-Fa-f]{4}")  # JavaScript's `escape()`: `%uFFFE%u00AC`
_GENERATED_WORD_SHARE = 0.6  # `random_tokens.word_letters` above which a mix is an identifier
# With no digit a mix is taken only when its letters fall into no word-like runs at all (`jnrFX!mvGFxT`);
# `%` twice is a format string's (`%an%n%ae%n`)
_UNDIGITED_WORD_SHARE = 0.0
# An HTML character reference (`&quot`, `&#39`) that ends a token before its `;`: the escape of the
# character after the token, not a part of it (`&quot;yMMMd&quot;`, `&quot;Winter@2007&quot;`).
_ENTITY = LazyPattern(r"&(?:[A-Za-z]{2,8}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6})")


def _word_symbol_number(token: str) -> bool:
    """`Winter@2007`, `P@ssw0rd!`, `Tig3r#1075`: a word (spelled with substitutions or not), a
    symbol and a number, holding three digits and symbols or more; not lower case with nothing
    substituted (`nextjs@14`, `feature~12`), not a user at a host, a reference (`Fixes#123`,
    `Section~12`), a URL escape, a C++ reference (`Matrix4x4&`) or a percentage (`Coverage100%`:
    three digits or fewer before a last `%`; `Canyon9369%` is taken); a `.` last only after a
    capitalised word and a number (`Quartz9458.`: lower case, `iso8601.` is a name's);
    at most two substitutions (more: hex, `ccce3afd2b3e5f0e@v2`)."""
    if token[-1] == ".":
        return _WORD_NUMBER_DOT.fullmatch(token) is not None
    if token[-1] == "&" or _WORD_SYMBOL_NUMBER.fullmatch(token) is None:
        return False
    if token[-1] == "%" and _LONG_NUMBER_PERCENT.search(token) is None:
        return False
    digits = sum(c.isdigit() for c in token)
    symbols = sum(c in _SYMBOLS for c in token)
    inside = len(_INSIDE_A_WORD.findall(token))
    if digits + symbols < 3 or inside > 2 or (inside == 0 and token.islower()):
        return False
    if inside == 0 and _REFERENCE.fullmatch(token) is not None:
        return False
    return _USER_AT_HOST.search(token) is None and _URL_ESCAPE.search(token) is None


def _generated(token: str) -> bool:
    """`dk#yQ4kHI5`: a generator's mix, a symbol and a digit among both cases (two of each, a
    capital after a lower-case letter: not `WORDSIZE*n`, `PASSWORD&gt`), ten characters or more,
    six letters or more, few of them in runs that read as words (`x5t#S256`,
    `amount#selectPreset`); with no digit it is code's (`htmlcomplete#CompleteTags`, `VgSoSyn##name`)
    unless none of its letters read as words (`jnrFX!mvGFxT`); a symbol may
    come first (`%JZSHz%3keD`), escaped text's `%` not (`%uFFFE%u00AC`, `%E2%80%99…`)."""
    if len(token) < 10 or token.count("*") > 1 or _GENERATED.fullmatch(token) is None:
        return False
    if "%" in token and (len(_URL_ESCAPE.findall(token)) > 1 or _UNICODE_ESCAPE.search(token) is not None):
        return False  # (escaped text: a URL's, JavaScript's)
    if sum(c.isalpha() for c in token) < 6:
        return False
    from .random_tokens import word_letters

    if not any(c.isdigit() for c in token):  # (code's, `htmlcomplete#CompleteTags`, unless no letters read as words)
        return token.count("%") < 2 and word_letters(token) <= _UNDIGITED_WORD_SHARE
    return word_letters(token) <= _GENERATED_WORD_SHARE


def _passphrase(token: str) -> bool:
    """`summer-thunder-orange-3648`: three to five lower-case words and a number, the number not
    a year (`brand-kit-meridian-2026`: a name with its date) nor a run typed as a placeholder, one
    digit repeated or counting up (`linux-build-cache-1234`, `0000`)."""
    if not token[-1].isdigit() or token.count("-") < 3:
        return False  # (most tokens: two tests in C before the pattern)
    m = _WORDS_NUMBER.fullmatch(token)
    if m is None:
        return False
    number = m.group("n")
    if _YEAR.fullmatch(number) is not None or len(set(number)) == 1:
        return False
    return number not in "0123456789"


def reads_as_password_alone(token: str) -> bool:
    """Whether `token`, standing alone with no name or position to say what it is, is shaped as a
    person's password (see the module's docstring). Stricter than `password_shapes.person_chosen`,
    which judges a value a rule already found in a password's position."""
    if not _MIN_LENGTH <= len(token) <= _MAX_LENGTH or token[:4].lower() == "test":
        return False
    return (
        _word_symbol_number(token)
        or _WORD_NUMBER_WORD.fullmatch(token) is not None
        or _generated(token)
        or _passphrase(token)
    )


def _tokens(text: str) -> list[re.Match[str]]:
    """The tokens standing alone in `text`, in order (see `_TOKEN`)."""
    first = _TOKEN_AT_START.match(text) if text[:1].isalpha() or text[:1] in _SYMBOLS else None
    if first is None and "\\" not in text and _TOKEN.search(text) is None:
        return []  # (most texts: one search, no match object kept)
    found = [*_TOKEN.finditer(text)] if first is None else [first, *_TOKEN.finditer(text)]
    if "\\" in text:
        found += _ESCAPED_TOKEN.finditer(text)
        found.sort(key=lambda m: m.start("t"))
    return found


def _words_about_a_number(text: str) -> str:
    """`text` with every `Name.1234Word` taken wherever it stands (see `_NUMBER_WORD`)."""
    spans: list[tuple[int, int]] = []
    end = 0
    for m in _NUMBER_WORD.finditer(text):
        word = _WORD_BEFORE.search(text, max(end, m.start() - 40), m.start())
        if word is not None and m.end() - word.start() <= _MAX_LENGTH and word[0][:4].lower() != "test":
            spans.append((word.start(), m.end()))
            end = m.end()
    return marked(text, spans)


def _holds_only(text: str, start: int, end: int) -> bool:
    """The quote after `text[start:end]` closes a string or a line of one that holds nothing
    else: the same quote or an escaped line break before it (`"Quartz9458."`, `'bob\\nQuartz9458.'`)."""
    return text[start - 1 : start] == text[end : end + 1] or text[start - 2 : start] in ("\\n", "\\r")


def redact_chosen_passwords(text: str) -> str:
    """`text` with every token shaped as a person's password taken; `text` itself when none is.
    (No first test on the whole text: a search for a digit beside a letter or a symbol costs more
    than the token's own, which `re` runs from the character before a token.)"""
    spans: list[tuple[int, int]] = []
    end = 0
    for m in _tokens(text):
        token, token_end = m.group("t"), m.end("t")
        if token.isalnum():
            continue  # (`alpha20`: every shape holds a symbol, `.` or `-`; one test in C)
        entity = token.rfind("&")
        if entity > 0 and text[token_end : token_end + 1] == ";" and _ENTITY.fullmatch(token, entity):
            token, token_end = token[:entity], m.start("t") + entity
        if token[-1] == "." and not _holds_only(text, m.start("t"), token_end):
            continue  # (`"Upgraded to Windows10."`: a quoted sentence's `.`)
        if m.start("t") >= end and reads_as_password_alone(token):
            spans.append((m.start("t"), token_end))
            end = token_end
    done = marked(text, spans)
    return _words_about_a_number(done) if "." in done else done
