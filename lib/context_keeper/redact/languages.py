"""A value after a label that names a secret in another language: `Passwort:`, `Mot de passe :`, `密码：`.

Installers, first-run logs, router pages and READMEs print credentials under labels in the
user's language (`Benutzer: admin` / `Passwort: …`, `初期パスワード（必ず変更してください）: …`).
The English nouns are read by `nouns`; this module knows the same nouns in other languages,
each with the tier its English word has (`names`): the words for a password, and the ones for
a secret, a secret or private key, a token. A word that is also an everyday word (Italian
`parola`, "word") or only a bare key (`Schlüssel`, `clé`) is left out: a label must name a
secret on its own.

The label is the noun at the end of a word (`Datenbankpasswort`, `初期パスワード`, not
`Passwortlänge`), a few words (`Пароль администратора`), an optional aside in brackets
(`（必ず変更してください）`), then a colon (ASCII or full-width), `=`, a dash, or the language's
`is` (`das Passwort ist …`, `密码是…`, `비밀번호는 …`), and one value, quoted or bare. A label
alone on its line (`Mot de passe :`) gives the value on the next: `printed` reads that
(`is_label_line`). The value is judged
as after an English name (`nouns.judged`): references, placeholders, words and numbers are not
taken, nor words in the label's script (`密码: 请从密钥管理服务获取`, "get it from the key service").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from .names import PASSWORD, STRONG
from .patterns import MARK, trie_alternatives

# Lower case; a space inside a noun stands for any run of spaces or a hyphen.
_PASSWORD_NOUNS = (
    "passwort", "kennwort", "mot de passe", "contraseña", "contrasena", "senha", "palavra-passe",
    "hasło", "wachtwoord", "lösenord", "adgangskode", "passord", "salasana",
    "heslo", "jelszó", "jelszo", "parolă", "şifre", "şifresi", "пароль", "пароля", "парола",
    "κωδικός", "κωδικός πρόσβασης", "mật khẩu", "kata sandi", "kata laluan", "รหัสผ่าน", "كلمة المرور",
    "كلمة السر", "סיסמה", "पासवर्ड", "密码", "密碼", "口令", "パスワード", "暗証番号", "비밀번호", "패스워드",
    "암호", "parola d'ordine", "clave de acceso",
)  # fmt: skip
_SECRET_NOUNS = (
    "geheimnis", "geheimer schlüssel", "privater schlüssel", "api-schlüssel", "zugangsschlüssel",
    "clé secrète", "clé privée", "clé api", "clé d'api", "jeton", "jeton d'accès",
    "clave secreta", "clave privada", "clave de api", "secreto", "chave secreta", "chave privada",
    "chave de api", "segredo", "chiave segreta", "chiave privata", "chiave api", "segreto",
    "geheime sleutel", "privésleutel", "sekret", "klucz prywatny", "klucz api", "tajny klucz",
    "секрет", "секретный ключ", "закрытый ключ", "приватный ключ", "токен", "ключ api", "api-ключ",
    "密钥", "秘钥", "私钥", "令牌", "访问令牌", "密鑰", "私鑰", "秘密鍵", "シークレット", "トークン",
    "アクセストークン", "비밀 키", "비밀키", "시크릿", "토큰", "액세스 토큰", "개인 키",
)  # fmt: skip

# Substrings of the nouns, one of which a text must hold for the rule to run (`redact`'s
# trigger test, case-sensitive). Few: each one of ASCII letters is one more scan of every
# text (a long text's blocks: see `lines`), so the nouns of smaller languages and the words
# for a secret that only another word makes one (`segreto`, `privada`) have none of their own,
# and a common English run (`have` of `chave`, `ecre` of `secreto`) would run the rule on most
# lines. A label spelt without its accents is found by a run it shares (`contrasena`:
# `ontras`), or not (`losenord`). Each inside its word, so a capital first letter keeps it;
# the ones that start a word also capitalised; in capitals, the commonest password words, and
# every word of a script with cases beyond ASCII (those share one test: see `redact`).
_INSIDE = (
    "wort", "passe", "ontras", "enha", "twoord", "assord", "heslo", "ösen", "asło", "şifre", "elsz", "sandi",
    "eheim", "üssel", "ecrète", "rivée", "lucz", "rolă", "khẩu", "ecreto", "арол", "екрет", "люч", "окен", "κωδικ",
    "รหัสผ่าน", "كلمة", "סיסמה", "पासवर्ड", "密码", "密碼", "口令", "密钥", "秘钥", "私钥", "令牌", "密鑰", "私鑰",
    "秘密鍵", "パスワード", "暗証番号", "シークレット", "トークン", "비밀", "패스워드", "암호", "시크릿", "토큰", "개인",
)  # fmt: skip
_WORD_START = ("jeton", "chave", "clave", "chiave", "clé", "heslo", "sandi")
_CAPITALS = 4  # the first ones of `_INSIDE`: a password's words
TRIGGERS = tuple(
    sorted(
        {*_INSIDE, *_WORD_START, *(t.capitalize() for t in _WORD_START)}
        | {t.upper() for t in _INSIDE[:_CAPITALS]}
        | {v for t in _INSIDE if not t.isascii() for v in (t.upper(), t.capitalize())}
    )
)


def _spaced(noun: str) -> str:
    return re.sub(r"[ \t-]+", " ", noun)


@functools.cache
def _passwords() -> frozenset[str]:
    return frozenset(_spaced(n) for n in _PASSWORD_NOUNS)


@functools.cache
def _label(flags: int) -> re.Pattern[str]:
    # Unicode classes (not `patterns.LazyPattern`'s ASCII): the labels are words of any script.
    return re.compile(
        rf"(?P<n>{trie_alternatives(_PASSWORD_NOUNS + _SECRET_NOUNS)})"
        r"(?:[是为為は는은][ \t]*[:：]?"  # a copula or a topic's particle: `密码是…`, `비밀번호는 …`
        r"|(?![^\W\d_])[\"']?"  # the noun ends its word (`Passwortlänge` describes a password)
        r"(?:[ \t]+[^\W\d_][^\s:：=]{0,24}){0,3}?"  # a few words: `Пароль администратора:`
        r"[ \t]*(?:[(（][^()（）\n]{0,40}[)）][ \t]*)?"  # an aside: `（必ず変更してください）`
        rf"(?:[ \t]+(?:{_COPULAS})(?:[ \t]*[:：])?|[:：=]|[ \t][-–—]))[ \t]*"
        r"(?:(?P<q>[\"'`])(?P<sq>[^\"'`\n]{1,200})(?P=q)|(?P<s>[^\s\"'`<>|\\,;]+))",
        flags,
    )


# `is` in the languages above: `das Passwort ist …`, `la contraseña generada es: …`.
_COPULAS = "ist|est|es|is|é|è|era|war|était|jest|är|er|on|je|sont|son"


def is_label_line(line: str) -> bool:
    """`Mot de passe :`, `初期パスワード:`: a line that is a secret's label alone, its value on
    the lines after (`printed` reads them)."""
    stripped = line.strip()
    if not 2 <= len(stripped) <= 60 or stripped[-1] not in ":：":
        return False
    return _noun_search(0).search(stripped.lower()) is not None


@functools.cache
def _noun_search(flags: int) -> re.Pattern[str]:
    return re.compile(rf"(?:{trie_alternatives(_PASSWORD_NOUNS + _SECRET_NOUNS)})(?![^\W\d_]|[ \t]*[^\s:：])", flags)


def _in_words(value: str) -> bool:
    """`请从密钥管理服务获取`, `siehe Tresor`: words of the label's language, not a typed secret
    (a password is typed in ASCII but for a letter or two)."""
    return sum(not c.isascii() for c in value) * 2 > len(value)


def redact_foreign_labels(text: str) -> str:
    """`text` with each value after a secret's label in another language, judged a secret, marked."""
    from .nouns import judged

    out: list[str] = []
    pos = 0
    # The nouns found in the lower-cased text (a case-blind pattern is several times slower), the
    # value read from the text at the same place; case-blind where lowering changes a length.
    low = text.lower()
    same = len(low) == len(text)
    for m in _label(0).finditer(low) if same else _label(re.IGNORECASE).finditer(text):
        group = "sq" if m.group("sq") is not None else "s"
        value = text[m.start(group) : m.end(group)]
        if group == "s":
            value = value.rstrip(".。")  # a sentence's end (`!`, `?` end passwords as often)
        level = PASSWORD if _spaced(m.group("n").lower()) in _passwords() else STRONG
        if _in_words(value) or not judged(level, value):
            continue
        start = m.start(group)
        out.append(text[pos:start])
        out.append(MARK)
        pos = start + len(value)
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_foreign_labels),)
