"""Nameless positions, written in the thirteenth round before any change it measures: a secret
with no secret's name before it, in syntaxes the hand-written sets do not hold. Three shapes:
a user then its password among a call's or a command's arguments, a random token in the
argument slot of a client, login or session call, and a value a command prints alone after a
line that names a secret. Each template is filled with a password a person chose and with a
random key (both must be gone); each look-alike, in the same syntaxes, must come back unchanged.

Run: `python bench/redact_probe13.py [--show]` (prints what leaked and what changed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

# Values: people's passwords of several shapes, and random keys of several alphabets.
PERSON = ("Harbor.4417Finch", "maple-river-2291", "sunset7714", "Tulip!Garden88")
RANDOM = ("pQ7rX2vL9mK4tB8wN3yZ6cH1dF5gJ0sA", "f3Kd9_Lq2Zx8Vw1-Rt6Yb4Nm", "8c1f2e9ab47d3065e1b2c9f0d7a4")

SECRETS = (
    # a user, then the secret, among a call's arguments
    'conn = pymssql.connect("sql01", "sa", "{v}", "inventory")',
    'ftp.login("deploy", "{v}")',
    "server.login('alerts@example.com', '{v}')",
    '$mbox = imap_open("{{imap.example.com:993/ssl}}INBOX", "ops@example.com", "{v}");',
    'ssh.connect("10.0.0.5", 22, "ubuntu", "{v}")',
    'var cred = new NetworkCredential("svc_backup", "{v}", "CORP");',
    'ldap_bind($ds, "cn=admin,dc=example,dc=org", "{v}");',
    'conn = cx_Oracle.connect("scott", "{v}", "db01/orcl")',
    'Connection c = factory.createConnection("admin", "{v}");',
    'Connection c = DriverManager.getConnection(url, "sa", "{v}");',
    "Net::SSH.start('web01', 'deploy', '{v}')",
    'my $dbh = DBI->connect($dsn, "root", "{v}", {{RaiseError => 1}});',
    'conn = amqp.Connect("rabbit", "guest", "{v}")',
    'session = Session.builder("warehouse").signIn("analyst", "{v}")',
    'val client = SftpClient.connect(host, username, "{v}")',
    # a random token in a client's, a session's or a pool's argument slot
    'bot = TelegramClient("session", 12345, "{v}")',
    'let client = Client::new(&account_id, "{v}");',
    'api = SessionFactory.create(region, "{v}")',
    'gh := github.NewClientWithToken(ctx, "{v}")',
    # a CLI's argument whose meaning the command gives
    "htpasswd -b /etc/nginx/.htpasswd admin {v}",
    "smbclient //fs01/share -U backup%{v}",
    r"net use Z: \\fs01\share {v} /user:CORP\backup",
    "rabbitmqctl add_user deploy {v}",
    "rabbitmqctl change_password admin {v}",
    "mosquitto_passwd -b /etc/mosquitto/passwd sensor {v}",
    "ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -P {v} chassis status",
    "redis-cli -h cache -a {v} ping",
    "lftp -u deploy,{v} sftp://files.example.com",
    "ssh-keygen -t ed25519 -N {v} -f deploy_key",
    "zip -P {v} backup.zip dump.sql",
    "wpa_passphrase HomeNet {v}",
    "echo 'deploy:{v}' | chpasswd",
    "pure-pw useradd ftpuser -u ftp -d /srv/ftp <<< '{v}'",
    # what a command prints after a line that names a secret
    "$ ./bootstrap.sh\nGenerated password for user admin:\n{v}\n",
    "Your API key is:\n\n  {v}\n\nIt will not be shown again.",
    "Token (shown once):\n{v}",
    "Initial root password\n---------------------\n{v}",
    "Here is your new secret. Store it safely:\n    {v}",
    "Enter the following pairing code on the device:\n{v}",
    "The recovery key (keep it offline):\n{v}\n",
)

LOOKALIKES = (
    'conn = pymssql.connect("sql01", "sa", password, "inventory")',
    'ftp.login("deploy", os.environ["FTP_PASS"])',
    'ssh.connect("10.0.0.5", 22, "ubuntu", key_filename="id_ed25519")',
    'var cred = new NetworkCredential("svc_backup", securePwd, "CORP");',
    'conn = cx_Oracle.connect("scott", pwd, "db01/orcl")',
    "let client = Client::new(&account_id, &api_key);",
    'client = SessionFactory.create("us-east-1", "default")',
    'pool = ConnectionPool("postgres", "localhost", 5432, "app_production")',
    'client.get("users", "admin", "profile_settings")',
    'session.connect("db", "root", "information_schema")',
    'img = Client("sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")',
    'client = Client("3f1e2d4c-5b6a-4789-9abc-def012345678", "eastus")',
    'pool = Pool(size=10, name="worker-pool-7f3a9c2e")',
    'auth.signIn("admin", "password_field_selector")',
    'rabbitmqctl add_user deploy "$RABBIT_PASS"',
    "htpasswd -B /etc/nginx/.htpasswd admin",
    "ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -E chassis status",
    "redis-cli -h cache -p 6379 ping",
    "zip -r backup.zip src/",
    "ssh-keygen -t ed25519 -N '' -f deploy_key",
    "git log --author admin --since 2024-01-01",
    "login admin\nLast login: Tue Nov 24 10:11:12 2026 from 10.0.0.5",
    "Password:\n(none set)",
    "Your API key is stored in ~/.config/tool/credentials.",
    "Token (shown once):\nsee the message above",
    "Commit:\n3f1e2d4c5b6a79801f2e3d4c5b6a798012345678",
    "Password changed successfully.\nLogged in as admin",
    "Enter password:\n\nLogin Succeeded",
    "Checksum:\nsha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "API key created.\nName: ci-deploy\nExpires: 2027-01-01",
    "Your token has been revoked.\nRun `tool login` to create a new one.",
    "Password:\n\nDone.",
    "integrity sha512-Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy==",
    'client.connect("broker.example.com", 8883, "sensors/+/temperature")',
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    args = parser.parse_args()
    report(SECRETS, LOOKALIKES, PERSON + RANDOM, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
