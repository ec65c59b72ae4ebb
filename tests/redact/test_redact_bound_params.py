"""A value an ORM or a driver logs as a bound parameter under a secret's column is removed; a value
under any other column, a mask, a reference and a missing value are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PERSON = "walnut.1189comet"


@pytest.mark.parametrize(
    "template",
    [
        # positional `?`, the next line's `value(Type), …`
        "==>  Preparing: UPDATE account SET password = ? WHERE id = ?\n==> Parameters: {v}(String), 42(Long)",
        # `$n` bound by index, the list on the same line after a marker
        'Executing (default): UPDATE "accounts" SET "passwordPlain"=$1,"updatedAt"=$2 WHERE "id" = $3'
        ' bind: ["{v}","2026-11-28",12]',
        # `$n` named in the parameters, out of order
        "DEBUG: statement: UPDATE users SET password = $2 WHERE id = $1\nDETAIL:  parameters: $1 = '17', $2 = '{v}'",
        # named `@pn`, the parameters logged before the statement
        "Executed DbCommand (3ms) [Parameters=[@p0='bob' (Size = 4000), @p1='{v}' (Size = 4000)]]\n"
        "INSERT INTO [Users] ([UserName], [Password])\nVALUES (@p0, @p1);",
        # a tuple after the statement's line
        "[SQL: INSERT INTO users (username, password) VALUES (%s, %s)]\n[parameters: ('erin', '{v}')]",
        # a bare bracketed list on the statement's line, a `DEFAULT` slot before the placeholders
        '[query] INSERT INTO "user"("id", "email", "password") VALUES (DEFAULT, $1, $2) ["h@x.io","{v}"]',
        # one binding a line with its index
        "insert into users (login, password, id) values (?, ?, ?)\n"
        "binding parameter [1] as [VARCHAR] - [alice]\nbinding parameter [2] as [VARCHAR] - [{v}]",
        # a driver call: the statement then its arguments
        "cursor.execute('UPDATE logins SET password = %s WHERE user = %s', ('{v}', 'quinn'))",
        # a secret's name (not a password's) sets whatever a person chose; the bindings logged first
        "binding parameter (2:VARCHAR) <- [{v}]\nHibernate: update credentials set username=?, secret=? where id=?",
        # a call among the values, a slot inside a call, several rows, a list of batches
        'INSERT INTO users (email, created_at, password) VALUES (?, NOW(), ?) ["a@x.io", "{v}"]',
        "UPDATE users SET password = crypt(?, gen_salt('bf')) WHERE id = ? -- ['{v}', 3]",
        'INSERT INTO users (email, password) VALUES ($1, $2), ($3, $4) -- ["a@x.io", "x", "b@x.io", "{v}"]',
        "SQL: INSERT INTO credentials(login, password) VALUES(?, ?)\nParameters: [[bob, {v}]]",
        # a query's condition binds a value as an assignment does
        "==>  Preparing: SELECT id FROM users WHERE username = ? AND password = ?\n==> Parameters: bob(String), {v}(String)",
        # a formatter's statement over indented lines (Hibernate's `format_sql`)
        "Hibernate: \n    update\n        users \n    set\n        password=? \n    where\n        id=?\n"
        "binding parameter [1] as [VARCHAR] - [{v}]\nbinding parameter [2] as [BIGINT] - [3]",
        "DEBUG org.hibernate.SQL : \n    insert \n    into\n        app_user\n        (email, password) \n"
        "    values\n        (?, ?)\nTRACE BasicBinder : binding parameter [2] as [VARCHAR] - [{v}]",
        # a 0-based dump of the bindings
        '"query" => "update `users` set `password` = ? where `id` = ?"\n'
        '"bindings" => array:2 [\n  0 => "{v}"\n  1 => 5\n]',
    ],
)
def test_a_value_bound_under_a_secrets_column_is_removed(template: str) -> None:
    out = redact(template.format(v=PERSON))
    assert PERSON not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "==>  Preparing: INSERT INTO users (email, name) VALUES (?, ?)\n==> Parameters: b@x.io(String), Walnut(String)",
        "==>  Preparing: UPDATE account SET password = ? WHERE id = ?\n==> Parameters: [FILTERED](String), 42(Long)",
        "DEBUG: statement: UPDATE users SET password = $2 WHERE id = $1\nDETAIL:  parameters: $1 = '17', $2 = NULL",
        "[SQL: INSERT INTO t (email, password) VALUES (%s, %s)]\n[parameters: ('e@x.io', '***')]",
        "cursor.execute('UPDATE logins SET password = %s WHERE user = %s', (hashed, 'quinn'))",
        '[query] UPDATE users SET password_changed_at = ?, name = ? WHERE id = ? -- ["2026-11-28", "Walnut", 9]',
        'SELECT * FROM users WHERE password_reset_at > ? AND name = ? ["2026-11-28", "walnut.1189comet"]',
        "Executed DbCommand [Parameters=[@__id_0='5']]\nSELECT [u].[Email] FROM [Users] AS [u] WHERE [u].[Id] = @__id_0",
    ],
)
def test_values_under_other_columns_and_masks_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "template",
    [
        "==>  Preparing: INSERT INTO config (config_key, config_value) VALUES (?, ?)\n"
        "==> Parameters: {n}(String), {v}(String)",
        "Executed DbCommand [Parameters=[@p0='{n}' (Size = 4000), @p1='{v}' (Size = 4000)]]\n"
        "INSERT INTO [Settings] ([Name], [Value])\nVALUES (@p0, @p1);",
    ],
)
def test_a_table_of_names_and_values_reads_each_row_as_a_record(template: str) -> None:
    assert PERSON not in redact(template.format(n="smtp_password", v=PERSON))
    kept = template.format(n="smtp_host", v=PERSON)
    assert redact(kept) == kept


def test_the_same_on_a_whole_text_as_line_by_line() -> None:
    one = '[query] UPDATE users SET password = ? WHERE id = ? -- ["' + PERSON + '", 9]'
    assert PERSON not in redact(one)
    assert PERSON not in redact("first line\n" + one + "\nlast line")


def test_a_list_of_replacements_in_an_options_object_is_read() -> None:
    """Sequelize logs its bound values as `{ replacements: [ … ] }` after the statement."""
    token = "ebd58dc491cc633a9df0fed0c2b7a1e4d5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0"
    text = (
        "Executing (default): INSERT INTO `PasswordResets` (`id`,`email`,`token`,`createdAt`) "
        f"VALUES (DEFAULT,?,?,?); {{ replacements: [ 'bob@example.com', '{token}', 2026-11-27T10:44:00.000Z ] }}"
    )
    out = redact(text)
    assert token not in out
    assert "'bob@example.com'" in out


@pytest.mark.parametrize(
    "text",
    [
        # a driver's setter, its 1-based index then the value
        "DEBUG o.p.jdbc.PgPreparedStatement : setString(2, {v}) for INSERT INTO mail_account(login, password) VALUES(?, ?)",
        "TRACE setObject(3, '{v}') for UPDATE ftp_users SET login = ?, home = ?, passwd = ? WHERE id = ?",
        # a trace's index and quoted value ending the line
        'TRACE_16: Public Enter: 1, "{v}"\n-- statement: UPDATE APP_USERS SET DB_PASSWORD = ? WHERE LOGIN = ?',
        # `bind =>` then a list
        "--INSERT INTO ACCOUNTS (ID, LOGIN, PASSWORD) VALUES (?, ?, ?)\n\tbind => [42, bob, {v}]",
        # a statement after an escaped line break, inside a logged string
        '{{"sql":"\\nINSERT INTO smtp (user, password) VALUES (?, ?)","binds":["bob","{v}"]}}',
        'db.statement="\\n\\tUPDATE users SET password = $1 WHERE id = $2" args=["{v}", 7]',
    ],
)
def test_a_value_bound_by_index_or_after_an_escaped_break_is_removed(text: str) -> None:
    out = redact(text.format(v="Quartz.6620Lake"))
    assert "Quartz.6620Lake" not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "setString(1, bob@example.com) for INSERT INTO mail_account(login, password) VALUES(?, ?)",  # the login's slot
        'TRACE_16: Public Enter: 2, "bob"\n-- statement: UPDATE APP_USERS SET DB_PASSWORD = ? WHERE LOGIN = ?',
        "--INSERT INTO ACCOUNTS (ID, LOGIN, ROLE) VALUES (?, ?, ?)\n\tbind => [42, bob, admin2024]",
        'db.statement="\\n\\tUPDATE users SET password = $1 WHERE id = $2" args=[null, 7]',
        'printf(1, "hello world")',
    ],
)
def test_look_alikes_of_indexed_and_escaped_bindings_are_kept(text: str) -> None:
    assert redact(text) == text
