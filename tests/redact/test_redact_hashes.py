"""Password hashes read by their structure: an identifier, separators, a salt and a digest, in
whatever place a session shows them; a bare digest is a file's as often and stays where no
password's name or position says otherwise. The hashes are real ones (passlib's schemes)."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

# (a stored password hash, the identifier that stays in front of the mark)
HASHES = [
    ("$bcrypt-sha256$v=2,t=2b,r=12$z5y3/wab0ZB0OjXAYLI.Uu$qZkxmmbAfl/7BP65vRe0qb4jEu8OMSS", "$bcrypt-sha256$"),
    ("$3$$be2d8b506a085946972443b5d22dac80", "$3$"),  # an NT hash in the crypt format
    ("$md5,rounds=34000$PGJ1fFw6$$QBbX0lmxBuCQPNA3rVl7h.", "$md5,rounds=34000$"),
    ("$p5k2$1ffb8$JORcC8E4Z-w9J2Tsfe89xw==$c4xWUVM8rL9LhhDq1qNoTfDqcXc=", "$p5k2$"),  # URL-safe base64
    ("$p5k2$1ffb8$qqR6Dw8ZgCxnG4AY$yA83EME6YTWW/FKSZ.Gx3YuwfoPajYaQ", "$p5k2$"),
    ("$5$rounds=535000$WECHqS1wG.lkkd5Y$xpuJ6PZ8C/JB/A6XdQKhpsUn0zHEWOZb4243O9WtCj0", "$5$"),
    ("md5$vGqvXXMraEj5$d407b0eec5eee5b11c7489f8aa84fc6f", "md5$"),  # a framework's salted digest
    (
        "argon2$argon2i$v=19$m=65536,t=3,p=4$tdbau/c+JwSgNMZ4j5HS+g$lffPC5LcXD61ciBW69O4hoWXEheqLCx5rL0byxdNU0E",
        "argon2$",
    ),
    ("pbkdf2_sha1$131000$znkPlcp1WSaK$CTIsJ2SYuOmlottrXERToBoSQx8=", "pbkdf2_sha1$"),
    ("{PKCS5S2}nFOK8R5jLGUMgTBmrLX2XjqhBSTo/Jt+DXM/irWLRlg7/DZQ1JWFX4nKscYOoHV5", "{PKCS5S2}"),
    (
        "{PBKDF2-SHA512}25000$PudcyxkDoHSOcS5lbC0lJA$UMk6omo47NIaqXYlBjcDnVELQnYVGkzdE3sNPiRt01y4nH50Uq/eWdDZsL3WQL13TXjJ4b",
        "{PBKDF2-SHA512}",
    ),
    ("{CRYPT}_7C/.YZdpKNp/2JQD0fw", "{CRYPT}"),  # BSDi's crypt: `_` starts it
    (
        "grub.pbkdf2.sha512.25000.EC7D8F31A6D49A538A1102E01C43E83D27C4780F81B0963266EC9D13222424C4"
        ".0BC847FD09A2210346899E3C8CBF45D810571927B7E0697D68CC4E379A04EBB37D95A4E7783ACF2A4FD1EEDA",
        "grub.pbkdf2.sha512.",
    ),
    ("*15A5B7E5815247FB74CD248771BA204C212A25F8", "*"),  # MySQL's
]
PLACES = [
    "root:{h}:19000:0:99999:7:::",
    "deploy:{h}",
    "password_hash = {h}",
    '{{"username": "alice", "hash": "{h}"}}',
    "INSERT INTO users (username, password) VALUES ('git', '{h}');",
    "{h}",
    "the hash is {h}",
]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(("value", "identifier"), HASHES)
def test_a_hash_goes_wherever_it_stands_its_identifier_stays(value: str, identifier: str, place: str) -> None:
    out = redact(place.format(h=value))
    assert value[-12:] not in out and value[len(identifier) + 4 :][:12] not in out, out
    assert identifier + MARK in out or identifier[:-1] in out, out


def test_a_shadow_lines_second_field_goes_whatever_its_format() -> None:
    # a hash of no self-describing format: the shadow line's ageing fields say what it is
    assert redact("oracle:28EA7DA1B0AA36D9xq:19000:0:99999:7:::") == f"oracle:{MARK}:19000:0:99999:7:::"


def test_a_password_a_cracker_found_in_a_shadow_lines_hash_field_goes() -> None:
    # `john --show` prints the line with the password where the hash stood: shorter than a hash
    assert redact("deploy:iK2ZW#qhFWC:19842:0:99999:7:::") == f"deploy:{MARK}:19842:0:99999:7:::"


@pytest.mark.parametrize(
    "ticket",
    [
        "$krb5tgs$23$*svc_sql$ACME.LAN$MSSQLSvc/sql01*$7b61b99dcc2833018ed3aedb902c46d3$e36806033a2cd2da29f86cf6",
        "$krb5tgs$23$*svc_web$CORP.LOCAL$HTTP/web01.corp.local:8443*$4283fefc63f0cd0e873a0000c6d07ef7$b77e90d3593ad699fc1f7cd5",
    ],
)
def test_a_kerberos_tickets_starred_account_and_service_part_does_not_hide_its_hash(ticket: str) -> None:
    out = redact(ticket)
    assert out == f"$krb5tgs${MARK}", out


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("dovecot:{PLAIN}Castle2994!:1000:1000::/home/dovecot", ("dovecot:{PLAIN}", ":1000:1000::/home/dovecot")),
        ("ops:{CLEARTEXT}s3cr#t-Pw::::::", ("ops:{CLEARTEXT}", "::::::")),
        ('password="{xor}LDo8LTor"/>', ('password="{xor}', '"/>')),  # short: a short password XORed
        ("<Set>{xor}riGp/58WAm+dX3a5</Set>", ("<Set>{xor}", "</Set>")),
    ],
)
def test_a_scheme_saying_the_password_is_stored_as_typed_or_xored_takes_it(text: str, kept: tuple[str, str]) -> None:
    assert redact(text) == kept[0] + MARK + kept[1]


@pytest.mark.parametrize(
    "text",
    [
        "the {PLAIN} scheme stores passwords as typed",
        "f'{plain}text and {xor}'",
        "x:locked:19000:0:99999:7:::",  # a word where the hash stands: no password
    ],
)
def test_what_only_names_a_plain_scheme_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("lock", ["!", "!!"])
def test_a_locked_accounts_hash_goes_too(lock: str) -> None:
    # `passwd -l` puts `!` before the hash and keeps it: still a hash to crack
    text = f"alice:{lock}AbCdEfGhIjKlM:19000:0:99999:7:::"
    assert redact(text) == f"alice:{lock}{MARK}:19000:0:99999:7:::"


@pytest.mark.parametrize(
    "text",
    [
        "nobody:*:19000:0:99999:7:::",  # locked accounts: no hash
        "daemon:!:19000:0:99999:7:::",
        "sshd:!!:19000::::::",
    ],
)
def test_a_shadow_line_with_no_hash_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        # bare digests: a file's or a build's as often as a password's
        "9f45b3af1a07c1ac50e2393623875a60",
        "the hash is 8d8f31b9382534d65085959925b6a3b175a624870c2a7dbae5c6afc093151f49",
        '{"name": "app.tar.gz", "hash": "8ede8298cf833d9d52f816221c78e794"}',
        "dist/app.js:9f45b3af1a07c1ac50e2393623875a60",
        "sha256:8d8f31b9382534d65085959925b6a3b175a624870c2a7dbae5c6afc093151f49",
        # what shares a separator with the formats
        "at com.example.Service.lambda$handleRequest$0(Service.java:42)",
        "echo $HOME$PATH$SHELL_SESSION_HISTORY",
        "the {VERSION} placeholder and {Name}",
        "version 1.2.3.4000 of libfoo",
        "**Note**: see *README* first",
    ],
)
def test_bare_digests_and_look_alikes_stay(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "$6$rounds=5000$usesaltedpassword",  # words where the digest stands
        "argon2$ is the scheme's name",
        "{SSHA} prefixes a salted SHA-1",
    ],
)
def test_what_only_names_a_scheme_stays(text: str) -> None:
    assert redact(text) == text
