"""A phrase of words a generator drew, spaces between, under a label that names it: a wallet's
recovery phrase (`mnemonic`, `seed phrase`, `recovery phrase`), a service's initial
`passphrase`. `nouns` reads one token after a secret's name; these are six words or more.
After a password's label and its colon (`Initial password: marble walnut orbit …`), words
to the line's end are a generated passphrase when they are five or more and none is a word
prose is built of (`the`, `a`, `is`, `to`, `via`: `Password: must be twelve characters`), or
only one that a generator's list holds too (`these`, `that`).

Each word is lower-case letters only (three to ten); a sentence under the label (`Recovery
phrase: write these words down and keep them offline`) is an explanation, not the phrase: two
words prose is made of (`these`, `and`, `them`) say so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern

TRIGGERS = ("assphrase", "ASSPHRASE", "nemonic", "NEMONIC", "phrase", "PHRASE")
PASSWORD_TRIGGERS = ("assword:", "ASSWORD:")
_PASSWORD_PHRASE = LazyPattern(r"(?i:password):[ \t]+(?P<s>[a-z]{3,10}(?:[ \t][a-z]{3,10}){4,23})(?=[ \t\r]*$)")
# Words a sentence needs: one after a password's colon makes the words prose.
_FUNCTION_WORDS = frozenset(
    "the a an is be to of in on at by or and for not must can may will with your you this that it as are "
    "was has have from into any all no yes set none empty required".split()
)
_PHRASE = LazyPattern(
    r"(?i:pass[ _-]?phrase|mnemonic|(?:seed|recovery|backup|secret)[ _-]?phrase)[\"']?[ \t]*(?:[:=]|(?i:is))?[ \t]*"
    r"(?P<q>[\"']?)(?P<s>[a-z]{3,10}(?:[ \t][a-z]{3,10}){5,23})(?=(?P=q)(?![a-z])[ \t\r,;}]*(?:$|[\"'#]))"
)
# Words of prose (a few on a generator's list too, `_ALSO_DRAWN`): two of them make the phrase a sentence.
_PROSE = frozenset(
    "the and for with your you this that these those when will are not has have from into each every must "
    "should then them its was were been which what where who how our their there here than only but use "
    "used using write keep see shown after before via".split()
)


def _phrase(m: re.Match[str]) -> str:
    words = m.group("s").split()
    return m.group(0) if sum(w in _PROSE for w in words) >= 2 else _marked(m)


def _marked(m: re.Match[str]) -> str:
    """The match with its words (`s`) marked."""
    a, b = m.span("s")
    return m.group(0)[: a - m.start()] + MARK + m.group(0)[b - m.start() :]


# Words of either list that a passphrase generator's list also holds (the EFF's long and short
# lists): one of them is as likely drawn as written (`password: oxygen these gravel ribbon tundra`).
_ALSO_DRAWN = frozenset("each empty from keep only set shown that these those used".split())


def _password_phrase(m: re.Match[str]) -> str:
    # After a password's colon prose is as likely as a phrase (`Password: reset link sent via
    # email`): one word of either list makes it prose, or two when a generator's list holds them.
    words = m.group("s").split()
    sentence = [w for w in words if w in _FUNCTION_WORDS or w in _PROSE]
    if len(sentence) >= 2 or any(w not in _ALSO_DRAWN for w in sentence):
        return m.group(0)
    return _marked(m)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return (
        (TRIGGERS, lambda text: _PHRASE.sub(_phrase, text)),
        (PASSWORD_TRIGGERS, lambda text: _PASSWORD_PHRASE.sub(_password_phrase, text)),
    )
