"""A line of a file read with its numbers (`     1\\t…`, `    3→…`) read after its number, as
the file's own line; and an IPsec secrets file's login secrets (`: EAP "…"`, `: XAUTH "…"`)."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "template",
    [
        "     1\tdw.internal:5432:*:report:{}",  # a .pgpass line
        "    3\u2192db.internal:5432:shop:app:{}",
        "    8\tpassword {}",  # a netrc's line of its own
        "    12\tuser ftpuser {}",  # an ftp script's login
    ],
)
def test_a_line_anchored_at_its_start_is_read_after_its_number(template: str) -> None:
    value = "Summer.2380Dragon"
    assert redact(template.format(value)) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    [
        "     1\t# hostname:port:database:username:password",
        "    8\tpassword required pam_unix.so",
        "    12\tuser www-data www-data;",
        "    3\u2192localhost:5432:*:postgres:$PGPASSWORD",
        "2024\t12\t31",
    ],
)
def test_a_numbered_line_with_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("kind", ["EAP", "XAUTH", "NTLM"])
def test_an_ipsec_login_secret_is_redacted(kind: str) -> None:
    text = f'carol : {kind} "M0nk3y#9423"'
    assert redact(text) == f'carol : {kind} "{MARK}"'
    assert redact(f"  4\t{text}") == f'  4\tcarol : {kind} "{MARK}"'


@pytest.mark.parametrize("text", [": RSA moonKey.pem", "carol : EAP %prompt", 'carol : EAP ""'])
def test_an_ipsec_line_with_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "template",
    ["+dw.internal:5432:*:report:{}", "+user ftpuser {}", '+carol : EAP "{}"'],
)
def test_a_diffs_added_line_is_read_as_the_files_own_line(template: str) -> None:
    assert redact(template.format("Summer.2380Dragon")) == template.format(MARK)


@pytest.mark.parametrize("text", ["+%Y%m%d", "+1 555 0100", "+localhost:5432:*:postgres:$PGPASSWORD"])
def test_a_plus_line_with_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text
