"""A password a person chose, taken by its shape wherever it stands (alone on a line, in prose,
as a positional argument, after a word no rule knows, inside a string's escaped line), and the
public things that mix letters, digits and symbols kept: identifiers, versions, packages, a user
at a host, references, URL escapes, names with a number and no symbol."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.chosen_passwords import reads_as_password_alone, redact_chosen_passwords

# One of each shape: a word, a symbol and a number; a word spelled with substitutions; two
# words about a number; a generator's mix with a symbol (one first among them); a passphrase of
# words and a number; a word and a number too long for a percentage before `%`.
PASSWORDS = (
    "Winter@2007",
    "Silver182!",
    "P@ssw0rd!",
    "Tr0ub4dor&3",
    "Tig3r#1075",
    "Pa$$w0rd1",
    "Name.1234Word",
    "Meadow.535Shadow",
    "dk#yQ4kHI5",
    "jnrFX!mvGFxT",  # a generator's mix with no digit: none of its letters read as words
    "%JZSHz%3keD",
    "Canyon9369%",
    "summer-thunder-orange-3648",
    "tiger-ocean-copper-8929",
    "orange-maple-monkey-garden-creek-696",
)

PLACES = (
    "{p}",  # printed alone
    "the new one is {p} for now",  # in prose
    "$ frobnicate --verbose bob {p}",  # a positional argument
    "quux: {p}",  # after a word no rule knows
    '{{"attempted":"{p}","ip":"10.0.3.7"}}',  # a JSON field no rule names
    "echo -e 'bob\\n{p}' > users.txt",  # after an escaped line break
    "community {p} RO",
)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("password", PASSWORDS)
def test_a_chosen_password_is_taken_wherever_it_stands(place: str, password: str) -> None:
    out = redact_chosen_passwords(place.format(p=password))
    assert password not in out
    assert out == place.format(p=MARK)


@pytest.mark.parametrize("password", PASSWORDS)
def test_redact_takes_them_too(password: str) -> None:
    assert password not in redact(f"$ frobnicate --verbose bob {password}")


@pytest.mark.parametrize(
    "token",
    [
        # passes a shape's pattern, kept by what makes it public
        "nextjs@14",  # a package at its major version
        "feature~12",  # a git reference
        "bob@server01",  # a user at a host
        "Fixes#123",  # an issue's reference
        "Report%2023",  # a URL escape
        "ccce3afd2b3e5f0e@v2",  # hex: more than two substitutions
        "Docker@2",  # one digit and one symbol: a task and its version
        "x5t#S256",  # a header's name: too few letters
        "WORDSIZE*n",  # one lower-case letter: no mix of cases
        "amount#selectPreset",  # an identifier's words
        "linux-build-cache-1234",  # words and a run typed as a placeholder
        "build-cache-key-0000",  # one digit repeated: a placeholder
        "brand-kit-meridian-2026",  # words and a year: a campaign's or a release's name
        "floating-badlands-4738",  # two words and a number: a hosted app's name
        "why-our-new-api-got-slow-2601",  # six words: an article's slug
        "test_Login99",  # a test's name
        "ppu.Latin1",  # an attribute
        "user_Name2",  # a field's name: a lower-case word, a capitalised one and a number
        "rdb_Reserved4",
        "toc-Introduction-1",  # an anchor's
        "Matrix4x4&",  # a C++ reference
        "Coverage100%",  # a percentage
        "%uFFFE%u00AC%uC8FE",  # JavaScript's escapes
        "%E2%80%99XqRpLmZ",  # a URL's escapes
        "htmlcomplete#CompleteTags",  # with no digit, words: code's
        "VgSoSyn##name",
        "%an%n%ae%n%aD%n%cn",  # a format string's conversions
        "page-404Error",  # a word, `-`, a number and a word: a page's, a log's, a setting's
        "timeout-30Minutes",
    ],
)
def test_public_tokens_a_shape_could_read_are_kept(token: str) -> None:
    assert not reads_as_password_alone(token)


@pytest.mark.parametrize(
    "text",
    [
        "npm i react@18.2.0 and Python3.11 with v2.0.0-Beta1",
        "Console.WriteLine(typeof(System.Int32)); var v = Vector3.One;",
        "handleStep2Next(Base64Encoder, Sha256Digest) in _ZN3foo3barEv",
        "mail bob@example.com, ping @bob2024 about #Hack2024 and PR#1234",
        "an m5.2xLarge with 16GiB, GPT-4o on iPhone15 and Win11",
        "cd /usr/lib/x86_64 && open https://ex.com/Winter2024",
        "at 2024-01-01T10:00:00Z colour #FF00AA, format %-10s",
        "Release2024 uint256 python312 secure2025",  # a word and a number, no symbol: a name
        "HEAD~12 HEAD@{1} icon@2x.png ^1.2.3 $HOME2 ${VAR2} %APPDATA% 50%",
        "x = in*997*reserveOut / 10**USDC_DECIMALS; Outer$Inner1",
        "- task: Docker@2",
    ],
)
def test_public_text_is_unchanged(text: str) -> None:
    assert redact_chosen_passwords(text) == text
    assert redact(text) == text


def test_a_token_inside_a_path_or_a_word_is_not_read_alone() -> None:
    # (a path's part is not a token standing alone: the reading does not guess at paths)
    assert redact_chosen_passwords("/srv/Winter@2007/data") == "/srv/Winter@2007/data"
    assert redact_chosen_passwords("x.Winter@2007") == "x.Winter@2007"


def test_text_with_nothing_taken_is_returned_itself() -> None:
    text = "nothing here but words and 12 numbers"
    assert redact_chosen_passwords(text) is text


def test_an_html_escape_after_a_token_is_not_part_of_it() -> None:
    # (`&quot;` escapes the quote after the token: the token is judged, and taken, without it)
    text = "which is  &quot;yMMMd&quot;, the pattern"
    assert redact_chosen_passwords(text) == text
    assert redact_chosen_passwords("&quot;Winter@2007&quot; and &#39;P@ssw0rd!&#39;") == (
        f"&quot;{MARK}&quot; and &#39;{MARK}&#39;"
    )


def test_a_word_and_a_number_joined_by_a_tilde_is_a_reference() -> None:
    # (a TeX tie, `Section~12`, or a git ancestor, `Release~3`, as `Fixes#123` is an issue's)
    text = "see Section~12 and Figure~12, run on Windows~10, diff Release~12"
    assert redact_chosen_passwords(text) == text
    assert redact_chosen_passwords("was Tig3r~1075 now") == f"was {MARK} now"  # a substitution: a password


def test_two_words_about_a_number_are_taken_wherever_no_token_goes_on() -> None:
    # (the shape alone says password: no identifier, version or name has it, so it is read where
    # other shapes need a space or a quote around them)
    assert redact_chosen_passwords("bob:{PLAIN}Willow.8219Silver:1000:1000::/home/bob") == (
        f"bob:{{PLAIN}}{MARK}:1000:1000::/home/bob"
    )
    assert redact_chosen_passwords("/srv/Meadow.535Shadow/x") == f"/srv/{MARK}/x"
    # (a test's name is kept inside text as it is alone: `Test.100Pass`)
    for text in (
        "Willow.8219Silver.txt",
        "a.Willow.8219Silver",
        "xWillow.8219Silver",
        "Willow.8219Silver2",
        "ran Test.100Pass:ok",
    ):
        assert redact_chosen_passwords(text) == text


def test_a_dot_a_quote_closes_is_the_values() -> None:
    # (a capitalised word, a number and a `.` as its symbol; at a sentence's end the `.` is the
    # sentence's, and a word and a number alone is a name)
    assert redact_chosen_passwords('(System/getenv "DB_PASS")\n"Quartz9458."') == f'(System/getenv "DB_PASS")\n"{MARK}"'
    assert redact_chosen_passwords("value: 'Quartz9458.'") == f"value: '{MARK}'"
    assert redact_chosen_passwords("echo -e 'bob\\nQuartz9458.'") == f"echo -e 'bob\\n{MARK}'"  # a line of its own
    for text in ("it was Quartz9458. Then", 'x = "iso8601."', '"Python3."'):
        assert redact_chosen_passwords(text) == text


def test_a_dot_is_the_values_only_when_the_quote_holds_nothing_else() -> None:
    # (a quoted sentence ends on a name and a number: a host's, a product's, a figure's)
    for text in ('print("Failed to reach Server01.")', "msg = 'Upgraded to Windows10.'", '"See Figure12."'):
        assert redact_chosen_passwords(text) == text


def test_a_number_and_a_word_after_a_dash_inside_text_are_kept() -> None:
    # (`.` joins two words about a number in a password; `-` joins a page's or a setting's name)
    text = "cache:timeout-30Minutes:x see /srv/page-404Error/x"
    assert redact_chosen_passwords(text) == text
    assert redact_chosen_passwords("{PLAIN}Willow.8219Silver:1000") == f"{{PLAIN}}{MARK}:1000"
