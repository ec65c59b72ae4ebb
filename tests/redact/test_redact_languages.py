"""A value after a label that names a password, a secret or a token in another language is
removed as after the English word; words of that language, references and describing labels
are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "heron.4412cedar"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    "text",
    [
        f"Benutzer: admin\nPasswort: {SECRET}",
        f"Administrator angelegt.\nInitiales Kennwort: {SECRET}",  # a word before the noun
        f"Identifiant : admin\nMot de passe : {SECRET}",  # French spacing before the colon
        f"Usuario: admin\nContraseña: {SECRET}",
        f"Usuário: admin\nSenha: {SECRET}",
        f"HASŁO: {SECRET}",  # upper case beyond ASCII
        f"初期パスワード（必ず変更してください）: {SECRET}",  # an aside in full-width brackets
        f"密码：{SECRET}",  # a full-width colon
        f"비밀번호: {SECRET}",
        f'{{"wachtwoord": "{SECRET}"}}',
        f"API-Schlüssel = {KEY}",
        f"访问令牌: {KEY}",
        f"Пароль — {SECRET}",  # a dash between label and value
        f"Passord: {SECRET}",
        f"Secreto del cliente: {KEY}",
    ],
)
def test_value_after_a_foreign_label_is_removed(text: str) -> None:
    out = redact(text)
    secret = SECRET if SECRET in text else KEY
    assert secret not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "密码: 请从密钥管理服务获取",  # "get it from the key management service"
        "Passwortlänge: 12",  # a word that describes a password
        "Mot de passe : ${DB_PASSWORD}",  # a reference
        "Contraseña: ********",
        "Kennwort: siehe Tresor",
        "Das Passwort ist sicher.",
        "Parola chiave: configurazione",  # Italian "keyword"
    ],
)
def test_words_references_and_describing_labels_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_password_ending_in_punctuation_loses_it_too() -> None:
    assert redact("Contraseña: Garden2014!") == f"Contraseña: {MARK}"


def test_a_long_text_is_redacted_as_its_lines_are() -> None:
    # (a long text is read in blocks, the triggers of other scripts behind a gate of their own)
    lines = ["ordinary — line", f"密码：{SECRET}", "über alles", f"Пароль: {SECRET}", "plain"] * 40
    assert redact("\n".join(lines)) == "\n".join(redact(line) for line in lines)
    assert SECRET not in redact("\n".join(lines))


@pytest.mark.parametrize(
    "text",
    [
        f'senhaBanco = "{SECRET}"',  # a name of another language, in any case style and syntax
        f"define('DB_SENHA', '{SECRET}');",
        f"--kennwort {SECRET}",
        f"<wachtwoord>{SECRET}</wachtwoord>",
        f'contrasena := "{SECRET}"',
        f'"clave_secreta" => "{KEY}",',
        f"DATENBANKPASSWORT={SECRET}",
    ],
)
def test_a_value_under_a_name_of_another_language_is_removed(text: str) -> None:
    assert SECRET not in redact(text) and KEY not in redact(text)


def test_names_of_another_language_that_describe_a_secret_or_hold_a_word_are_kept() -> None:
    for text in (f'senha_hash = "{SECRET}"', 'clave = "nombre"', f'worthless = "{SECRET}"'):
        assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        f"Le mot de passe administrateur est : {SECRET}",  # words, then `is`, then a colon
        f"La contraseña generada es: {SECRET}",
        f"das Passwort ist {SECRET}",
        f"管理员密码为：{SECRET}",  # a copula right after the noun
        f"初始密码是 {SECRET}",
        f"비밀번호는 {SECRET} 입니다",  # a topic's particle
        f"Пароль администратора: {SECRET}",
        f"Mot de passe :\n{SECRET}",  # the label alone, the value on the next line
        f"初期パスワード:\n  {SECRET}",
    ],
)
def test_a_value_a_sentence_or_the_next_line_gives_a_foreign_label_is_removed(text: str) -> None:
    assert SECRET not in redact(text)


def test_a_label_line_of_another_language_before_words_keeps_them() -> None:
    for text in ("Mot de passe :\nvoir le coffre", "密码:\n请联系管理员", "Passwort ändern:\njetzt"):
        assert redact(text) == text


def test_a_noun_of_several_words_written_as_one_name_is_read_whole() -> None:
    assert SECRET not in redact(f'mot_de_passe = "{SECRET}"')  # `MOT DE PASSE`: one noun, not three words
    assert SECRET not in redact(f'palavraPasse: "{SECRET}"')
    assert redact("mot = 'bonjour'") == "mot = 'bonjour'"
