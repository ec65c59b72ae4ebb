"""Passwords in positions, by kind, written in the seventeenth round before the readings that
take them (from the kinds of the tuning seeds' misses, in ecosystems those misses did not show)
and scored once (not held out). Three kinds:

1. a record named in one place and valued in another: a log's words (`key '…' with value '…'`,
   `variable '…' to '…'`, `set from flag: …`), a quoted key holding dots (`"property.name"`), an
   audit's `target` and a change's `new`/`old`;
2. a login written as one token, `user:password`, where a whole token stands: a flag's
   argument, a whole quoted literal (a Basic header's input, a URL's userinfo, a config's
   value), a whole line (a plain-text password file);
3. a bare `key` (a Wi-Fi key, a pre-shared key) whose value a person chose;
4. a parameter bound under a password's column where the log gives it by its index (a driver's
   setter, `setString(2, …)`; a trace's `2, "…"`), after `bind =>`, or where the statement
   stands in a JSON or logfmt string after an escaped line break (`"\\nINSERT …"`);
5. a here-document fed to a command that asks for a secret (`secret create … - <<EOF`, a
   password store's `insert <<EOF`, `chpasswd <<EOF`), and a here-string given to an option that
   reads a secret's file from the input (`--password-file /dev/stdin <<< …`).

Each template is filled with passwords people chose (all must be gone); each look-alike, in
the same shapes, holds a name, a tag, a version, a hash, a reference or a placeholder where the
password stands, and must come back unchanged.

Run: `python bench/redact_probe17_positions.py [--show]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

PERSON = ("Quartz.6620Lake", "Tr!ck9Fox", "amber-pine-river-5104", "Harbor@7731")
NAMED_ELSEWHERE = (
    "[INFO] Setting property 'mail.smtp.password' with value '{v}'",
    "Setting variable 'DB_PASSWORD' to '{v}'",
    'I1127 10:00:00.1 opts.go:88] field "adminPassword" of ServerOptions set from flag: {v}',
    '{{"property.name":"spring.datasource.password","property.value":"{v}"}}',
    '{{"msg":"config changed","setting":"smtp.password","old":null,"new":"{v}"}}',
    'audit actor=ops action=update target=prod/db/DB_PASSWORD new_value="{v}"',
    "Parameter 'ldap_bind_password' changed, value \"{v}\"",
)
NAMED_ELSEWHERE_LOOKALIKES = (
    "Renamed key 'api_token' to 'api_token_v2'",
    'Set field "password" to "required"',
    "Setting variable 'BUILD_TAG' to 'release-2024'",
    '{{"setting":"smtp.password","old":null,"new":"${{SMTP_PASSWORD}}"}}',
    '{{"property.name":"spring.mail.host","property.value":"smtp2024.example.com"}}',
    'field "password" of LoginForm set from flag: --password-file',
)
JOINED = (
    "transmission-remote -n admin:{v} -l",
    "http -a deploy:{v} POST https://api.example.com/v1/jobs",
    "wscat -c wss://ws.example.com --auth=bob:{v}",
    'BUNDLE_GEMS__ACME__IO: "ci:{v}"',
    "const auth = Buffer.from('ops:{v}').toString('base64');",
    'token = base64.b64encode(b"svc:{v}").decode()',
    "[System.Text.Encoding]::UTF8.GetBytes('admin:{v}')",
    'Uri.make ~scheme:"postgresql" ~userinfo:"app:{v}" ~host:"db" ()',
    "echo 'bob:{v}' | sudo chpasswd",
    "$ cat users.txt\nbob:{v}",
)
JOINED_LOOKALIKES = (
    "docker build -t web:build2291 .",
    "docker build -t web:feature-login-2291 .",
    "http -a deploy:$DEPLOY_PASS POST https://api.example.com/v1/jobs",
    "const auth = Buffer.from('user:<password>').toString('base64');",
    "uvicorn app:create_app --port 80",
    'policy: "arn:aws:iam::123456789012:role/Admin"',
    'image: "nginx:1.25.3-alpine"',
    '"h1:8oIZdh8sZYr0SGi6xE4Ag3BMs1Vk3TMmX7vFhRJ4YtU=",',
    "t('common:welcomeBack2')",
    "docker run -v data:/data -p 8080:80 web:build2291",
)
CHOSEN = ("Harbor#7731", "Copper.3190Lake", "Tig3r#1075", "Silver182!")
BARE_KEY = (
    "Wi-Fi: HomeNet, key {v}",
    "netsh wlan set profileparameter name=Home keyMaterial={v}",
    "iw dev wlan0 connect HomeNet key 0:{v}",
    "Network: Office  Security: WPA2  Key: {v}",
    "<key>{v}</key> <!-- the network's key -->",
)
BOUND = (
    "DEBUG [main] o.p.jdbc.PgPreparedStatement : setString(2, {v}) for INSERT INTO mail_account(login, password) VALUES(?, ?)",
    "TRACE HikariProxyPreparedStatement setObject(3, '{v}') for UPDATE ftp_users SET login = ?, home = ?, passwd = ? WHERE id = ?",
    "[EL Fine]: sql: --INSERT INTO ACCOUNTS (ID, LOGIN, PASSWORD) VALUES (?, ?, ?)\n\tbind => [42, bob, {v}]",
    '{{"msg":"query","sql":"\\nINSERT INTO smtp (user, password) VALUES (?, ?)","binds":["bob","{v}"]}}',
    'level=debug db.statement="\\n\\tUPDATE users SET password = $1 WHERE id = $2" args=["{v}", 7]',
    'oracle trace setString\nTRACE_16: Public Enter: 1, "{v}"\n-- statement: UPDATE APP_USERS SET DB_PASSWORD = ? WHERE LOGIN = ?',
)
BOUND_LOOKALIKES = (
    "DEBUG [main] o.p.jdbc.PgPreparedStatement : setString(1, bob@example.com) for INSERT INTO mail_account(login, password) VALUES(?, ?)",
    "[EL Fine]: sql: --INSERT INTO ACCOUNTS (ID, LOGIN, ROLE) VALUES (?, ?, ?)\n\tbind => [42, bob, admin2024]",
    'level=debug db.statement="\\n\\tUPDATE users SET password = $1 WHERE id = $2" args=[null, 7]',
    'TRACE_16: Public Enter: 2, "bob"\n-- statement: UPDATE APP_USERS SET DB_PASSWORD = ? WHERE LOGIN = ?',
    'printf(1, "hello world")',
)
FED = (
    "podman secret create pg_pass - <<'END'\n{v}\nEND",
    "pass insert -m mail/smtp <<EOF\n{v}\nlogin: bob\nEOF",
    "gh secret set DEPLOY_KEY <<EOF\n{v}\nEOF",
    "sudo chpasswd <<-EOF\n\tbob:{v}\n\tEOF",
    "kubectl create secret generic db --from-file=password=/dev/stdin <<EOF\n{v}\nEOF",
    "restic -r s3:bucket init --password-file /dev/stdin <<< '{v}'",
    "age -e --passphrase-file=- -o out.age in.txt <<< '{v}'",
)
FED_LOOKALIKES = (
    "cat <<EOF > config.yaml\nname: web2024\nEOF",
    'python - <<EOF\nprint("Harbor.7731Lake")\nEOF',
    "docker secret create pg_pass - <<EOF\n${{PG_PASS}}\nEOF",
    "kubectl apply -f - <<EOF\napiVersion: v1\nkind: Secret\nEOF",
    "mysql -u root <<EOF\nCREATE DATABASE app2024;\nEOF",
    "restic -r s3:bucket init --password-file /etc/restic/pass <<< Harbor.7731Lake",
)
BARE_KEY_LOOKALIKES = (
    "  key: linux-build-cache-1234",
    "key: deps-node-2291",
    "key=node@18",
    "sort key=name2",
    "primary key (id2024)",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    args = parser.parse_args()
    for title, secrets, lookalikes, values in (
        ("named elsewhere", NAMED_ELSEWHERE, NAMED_ELSEWHERE_LOOKALIKES, PERSON),
        ("joined logins", JOINED, JOINED_LOOKALIKES, PERSON),
        ("a bare key's chosen value", BARE_KEY, BARE_KEY_LOOKALIKES, CHOSEN),
        ("bound by index, after bind =>, in an escaped statement", BOUND, BOUND_LOOKALIKES, PERSON),
        ("fed on the input of a command that asks for a secret", FED, FED_LOOKALIKES, PERSON),
    ):
        print(f"## {title}")
        report(secrets, tuple(t.format() for t in lookalikes), values, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
