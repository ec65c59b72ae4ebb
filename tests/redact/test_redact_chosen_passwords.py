"""A password a person chose, taken by its shape wherever it stands (alone on a line, in prose,
as a positional argument, after a word no rule knows, inside a string's escaped line), and the
public things that mix letters, digits and symbols kept: identifiers, versions, packages, a user
at a host, references, URL escapes, names with a number and no symbol."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.chosen_passwords import chosen, redact_chosen_passwords

# One of each shape: a word, a symbol and a number; a word spelled with substitutions; two
# words about a number; a lower-case word joined to a capitalised one and a number; a
# generator's mix with a symbol; a passphrase of words and a number.
PASSWORDS = (
    "Winter@2007",
    "Silver182!",
    "P@ssw0rd!",
    "Tr0ub4dor&3",
    "Tig3r#1075",
    "Pa$$w0rd1",
    "Name.1234Word",
    "Meadow.535Shadow",
    "bob_Secret99",
    "correct-Horse-7",
    "dk#yQ4kHI5",
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
    ],
)
def test_public_tokens_a_shape_could_read_are_kept(token: str) -> None:
    assert not chosen(token)


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
