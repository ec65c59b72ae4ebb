"""Secrets by kind, written in the eighteenth round before the readings they test and scored
once (not held out): each kind in other ecosystems, quotings and prompts than the misses that
showed it.

- a read of a secret's name at a prompt, whatever the name's words (`Sys.getenv("…_PWD")`,
  `p cfg->db_pwd`, `php > echo getenv('…')`): the value the REPL or debugger prints after it is
  the secret, judged as the value after that name;
- a command that makes a random secret where no word of the list says so: a password
  manager's `generate` with only its options (`bw generate -ulns --length 24`), a random-bytes
  call in any language's spelling (`:crypto.strong_rand_bytes(32)`, `Random.bytes(32)`,
  `RAND_bytes`);
- a cookie file read (`cat …/.erlang.cookie`): a shared secret, printed alone;
- a sentence between a command and the secret it prints (`New access token never expires`);
- a password set for a named user, in a log's prose (`Password for 'SuperUser' set to '…'`), and
  a user and its password in one sentence (`username and password is 'user' and '…'`);
- a bare `-p` beside a server's host, and a short flag's value beside a user flag when it holds
  a symbol a path or a name does not (`%`);
- a config line read with line numbers (`     1\t…`, `    3→…`): a `.pgpass` line, a netrc's
  `password …`, an ftp script's `user NAME …`, an IPsec secrets file's `: EAP "…"`;
- a command's arguments as an array one item a line (`docker inspect`'s `"Cmd": [`);
- Windows' password hashes in the pwdump format (`user:rid:lm:nt:::`);
- a recovery phrase or passphrase of words, spaces between, under its label;
- a login verb given a key's id, then the key (`… authorize <id> <key>`);
- look-alikes: a reference to where a password lives behind a password flag (`-p
  @keychain:NAME`), a prompt's `password for WHOM:`.

Each template is filled with values of several shapes (all must be gone); each look-alike holds
a path, a port, a number, a model's name, a reference or a placeholder, and must come back unchanged.

Run: `python bench/redact_probe18.py [--show]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

PASSWORDS = ("Summer.2380Dragon", "rHKC5QcBG!ODnXhJekeOwP", "DPbaTVFgaWiMTx", "Gw%Cya6WwPwjyRL", "M0nk3y#9423")
READ_SECRETS = (
    '> Sys.getenv("SNOWFLAKE_PWD")\n[1] "{v}"',
    '>>> os.environ["SMTP_PASSWD"]\n\'{v}\'',
    "> process.env.MQTT_PWD\n'{v}'",
    '(gdb) p cfg->db_pwd\n$1 = 0x5555555592a0 "{v}"',
    "(lldb) p settings.broker_pass\n(const char *) $0 = 0x0000600000c04000 \"{v}\"",
    "php > echo getenv('DB_PASSWORD');\n{v}",
    "irb(main):001:0> ENV['SMTP_PWD']\n=> \"{v}\"",
    ">>> settings.EMAIL_HOST_PASSWORD\n'{v}'",
    "In [3]: cfg.broker_pass\nOut[3]: '{v}'",
)
READ_LOOKALIKES = (
    '> Sys.getenv("PWD")\n[1] "/home/rstudio/project"',
    '>>> os.environ["HOME"]\n\'/home/bob\'',
    "(gdb) p cfg->port\n$1 = 8883",
    "(gdb) p cfg->mqtt_pass\n$1 = 0x0",
    ">>> settings.AUTH_USER_MODEL\n'accounts.User'",
    ">>> settings.PASSWORD_RESET_TIMEOUT\n259200",
    "> process.env.DB_PASSWORD\nundefined",
    "php > echo getenv('APP_ENV');\nproduction",
    "php > echo getenv('DB_PASSWORD');\nchangeme",
    "irb(main):001:0> ENV['SMTP_PASSWORD']\n=> nil",
    ">>> settings.PASSWORD_HASHERS[0]\n'django.contrib.auth.hashers.PBKDF2PasswordHasher'",
    "In [3]: cfg.broker_pass_file\nOut[3]: '/run/secrets/broker_pass'",
)
RANDOM = ("vJj4nMl2vcWujr@2#JvOAamA", "MHk/tHqWJptL0dG4kmqTsVGgpmWDuq2LFPO61/Hw6XR=", "YJRDBQAUTNISUKELFNUH", "q8Zr2xWv7KpT4mNs9bLc")
MADE_SECRETS = (
    "$ bw generate -ulns --length 24\n{v}",
    "$ keepassxc-cli generate -L 28 -lUns\n{v}",
    "$ lpass generate --no-symbols --sync=now 24\n{v}",
    'iex(1)> :crypto.strong_rand_bytes(32) |> Base.encode64()\n"{v}"',
    'irb(main):001:0> Random.bytes(20).unpack1("H*")\n=> "{v}"',
    "$ python -c 'import ssl; print(ssl.RAND_bytes(16).hex())'\n{v}",
    "$ sudo cat /var/lib/rabbitmq/.erlang.cookie; echo\n{v}",
    "$ docker exec rmq cat /var/lib/rabbitmq/.erlang.cookie\n{v}",
    "$ kubectl exec -it rabbitmq-0 -- cat /var/lib/rabbitmq/.erlang.cookie\n{v}",
    "$ particle token create --never-expires\nNew access token never expires\n    {v}",
    "$ acme tokens create ci\nToken created. It will not be shown again.\n{v}",
    "$ shopctl apikey rotate --project web\nAPI key rotated for project web\n  {v}",
)
MADE_LOOKALIKES = (
    "$ rails generate model Token user:references\n      invoke  active_record",
    "$ uuidgen\n8f14e45f-ceea-467f-a0e6-7e5b2f9a1c3d",
    "$ npx prisma generate\nPrisma schema loaded from prisma/schema.prisma",
    "$ bw generate --help\nUsage: bw generate [options]",
    "$ git rev-parse HEAD\n9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
    "$ cat cookies.txt\n# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tFALSE\t0\tsession\tabc",
    "$ grep -c cookie src/app.js\n12",
    "$ ls ~/.cookies\nchrome_profile_default",
    "$ particle token list\nNo access tokens found\n  see particle token create",
    "$ acme tokens revoke ci\nToken revoked.\nDone",
    "$ shopctl apikey list --project web\nAPI keys for project web\n  ci-deploy (created 2024-06-01)",
)
PROSE_SECRETS = (
    "Password for 'SuperUser' set to '{v}'",
    "<W>2024-05-03 10:12:44.123 1 => Password for 'SuperUser' set to '{v}'",
    'INFO  Password of user "admin" set to "{v}"',
    "[setup] admin password for 'ops' changed to '{v}'",
    "The default username and password is 'user' and '{v}'.",
    'Username and password are "admin" and "{v}"',
)
PROSE_LOOKALIKES = (
    "Password for 'SuperUser' set to '********'",
    "Password for 'bob' set to expire in 30 days",
    "The username and password are 'user' and the one you chose.",
    "Password policy for 'ops' set to 'strict'",
    "Password for 'SuperUser' set to '<generated>'",
    "The default username and password is 'admin' and 'admin'.",
)
FLAG_SECRETS = (
    '$ mcrcon -H 127.0.0.1 -P 25575 -p {v} "list"',
    "$ mytool --host db.internal -p {v} status",
    "$ hatch publish -r https://pypi.acme.internal/legacy/ -u ci -a {v}",
    "$ rconcli --host mc.internal --port 25575 -p {v} list",
    "$ ./bench.sh -h cache.internal -p {v} -n 1000",
)
FLAG_LOOKALIKES = (
    "$ psql -h db.internal -p 5432 -U app shop",
    "$ redis-cli -h cache.internal -p 6380 ping",
    "$ ssh -p 2222 -i ~/.ssh/id_ed25519 deploy@host",
    "$ mcrcon -H 127.0.0.1 -P 25575 -p $RCON_PASSWORD list",
    "$ mkdir -p build/out && cd build",
    "$ hatch publish -u __token__ -a $PYPI_TOKEN",
    "$ pg_dump --host db.internal -p 5433 -Fc shop > shop.dump",
    "$ docker run --rm -h web.internal -p 8080:80 nginx",
)

# A config line read with line numbers (`cat -n`, an editor's view, a file-reading tool):
# the line's own rules read it after the number.
NUMBERED_SECRETS = (
    "     1\tdw.internal:5432:*:report:{v}",
    "    3\u2192db.internal:5432:shop:app:{v}",
    "    8\tpassword {v}",
    "    12\tuser ftpuser {v}",
    "  4\tcarol : EAP \"{v}\"",
    "   9\t%any : XAUTH \"{v}\"",
)
NUMBERED_LOOKALIKES = (
    "     1\t# hostname:port:database:username:password",
    "    12\tuser www-data www-data;",
    "    8\tpassword required pam_unix.so",
    "    8\tpassword [success=1 default=ignore] pam_unix.so obscure sha512",
    "    3\u2192localhost:5432:*:postgres:$PGPASSWORD",
    "    5\t: RSA moonKey.pem",
    "   10\tcarol : EAP %prompt",
    "    2\tuser = root",
)

# A command's arguments as an array one item a line (`docker inspect`'s `"Cmd"`, a compose
# file's or a manifest's `args`, a Python list): read as the command line they make.
ARGV_SECRETS = (
    '"Cmd": [\n  "redis-server",\n  "--requirepass",\n  "{v}"\n],',
    '      "Args": [\n        "--requirepass",\n        "{v}"\n      ],',
    'CMD = [\n    "mysql",\n    "-uroot",\n    "-p{v}",\n]',
    "args = [\n    'sshpass',\n    '-p',\n    '{v}',\n    'ssh',\n]",
    '"Entrypoint": [\n    "valkey-server",\n    "--masterauth",\n    "{v}"\n]',
)
ARGV_LOOKALIKES = (
    '"Cmd": [\n  "redis-server",\n  "--port",\n  "6380"\n],',
    '"Cmd": [\n  "nginx",\n  "-g",\n  "daemon off;"\n],',
    '"Args": [\n  "--config",\n  "/etc/app/config.yaml"\n],',
    'CMD = [\n    "mysql",\n    "-uroot",\n    "-p$MYSQL_ROOT_PASSWORD",\n]',
    '"Cmd": [\n  "redis-server",\n  "--requirepass",\n  "${{REDIS_PASSWORD}}"\n],',
)
# Windows' password hashes as the pwdump format prints them (`user:rid:lm:nt:::`), and
# Microsoft's identifiable keys in their full length.
HASH_VALUES = ("fe0482fafbf483aa551a4b392dc51340", "8846f7eaee8fb117ad06bdd830b7586c")
HASH_SECRETS = (
    "Administrator:500:aad3b435b51404eeaad3b435b51404ee:{v}:::",
    "CORP\\svc_sql:1104:aad3b435b51404eeaad3b435b51404ee:{v}:::",
    "    3\tGuest:501:aad3b435b51404eeaad3b435b51404ee:{v}:::",
    "[*] krbtgt:502:aad3b435b51404eeaad3b435b51404ee:{v}:::",
)
HASH_LOOKALIKES = (
    "[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)",
    "a:b:c:::",
    "fe80::1:2:3:4",
    "ok:200:0:0:::",
)

# A recovery phrase or passphrase of words a generator drew, under its label, spaces between
# (a wallet's mnemonic, a self-hosted service's initial passphrase).
PHRASES = (
    "bramble acorn hollow hollow dapple inlet kestrel fjord",
    "lantern pebble orbit saddle quiver nectar walrus ember tundra velvet gravel mosaic",
)
PHRASE_SECRETS = (
    "nextcloud-aio-mastercontainer  | Initial passphrase: {v}",
    "Your recovery phrase: {v}",
    "MNEMONIC={v}",
    '{{"mnemonic": "{v}"}}',
    "seed phrase = '{v}'",
    "2024-06-01T09:00:02Z INFO generated passphrase: {v}",
)
PHRASE_LOOKALIKES = (
    "Passphrase: use a long one with several words",
    "Recovery phrase: write these words down and keep them offline",
    "mnemonic: the assembly name of the instruction",
    "passphrase: required when the key file is encrypted",
    "Your recovery phrase is shown once after setup completes",
)
# A login verb given a key's id and then the key (`… authorize <id> <key>`).
KEYS = ("9dF3bD8uJHjbZwWJVNRdmnT2VX2kXJ6oDIeTWJ", "K005qT8zR2mVn4Xp7wL9cB3sDf6hJ1kM0aZ")
LOGIN_KEY_SECRETS = (
    "$ b2 account authorize 0012ab34cd560000000000003 {v}",
    "$ b2 authorize-account 0012ab34cd560000000000003 {v}",
    "$ storectl authorize key-7f3a9c2e {v}",
    "$ vaultcli login ci-runner {v}",
)
LOGIN_KEY_LOOKALIKES = (
    "$ b2 account authorize",
    "$ docker login registry.example.com",
    "$ gcloud auth login bob@example.com",
    "$ npm login --registry https://npm.example.com/",
    "$ b2 account authorize $B2_KEY_ID $B2_APP_KEY",
)

# Look-alikes of a password's position: a reference to where the password lives (`@keychain:NAME`,
# `@env:NAME`) behind a password flag, and a prompt's `password for WHOM:` (whose password, not it).
WHOSE_SECRETS = (
    "$ tool -u dev -p {v}",
    "$ notarytool submit a.zip --apple-id dev@acme.io --password {v}",
    "password for bob {v}",
)
WHOSE_LOOKALIKES = (
    "$ xcrun altool --upload-app -f Build/Acme.ipa -t ios -u dev@acme.io -p @keychain:AC_PASSWORD",
    "$ xcrun notarytool submit a.zip --apple-id dev@acme.io --password @keychain:AC_PASSWORD",
    "$ tool -u dev -p @env:AC_PASSWORD",
    "http: password for admin@localhost:8080:",
    "Enter password for admin@localhost:8080:",
    "[sudo] password for deploy:",
    "Enter password for bob@db.internal:5432:",
    "Password for user postgres:",
)

# The same kinds inside a diff's added line and in escaped JSON (written after the first fixes,
# to check that they reach these wrappers).
WRAPPED_SECRETS = (
    "+dw.internal:5432:*:report:{v}",
    "+user ftpuser {v}",
    '+carol : EAP "{v}"',
    '{{"text": "Password for \\"SuperUser\\" set to \\"{v}\\""}}',
    '{{"text": "Username and password are \\"admin\\" and \\"{v}\\""}}',
)
WRAPPED_LOOKALIKES = (
    "+%Y%m%d",
    "+1 555 0100",
    "+localhost:5432:*:postgres:$PGPASSWORD",
    '{"text": "Password for \\"SuperUser\\" set to \\"********\\""}',
    "+user www-data www-data;",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    args = parser.parse_args()
    report(READ_SECRETS, READ_LOOKALIKES, PASSWORDS, args.show)
    report(MADE_SECRETS, MADE_LOOKALIKES, RANDOM, args.show)
    report(PROSE_SECRETS, PROSE_LOOKALIKES, PASSWORDS, args.show)
    report(FLAG_SECRETS, FLAG_LOOKALIKES, PASSWORDS, args.show)
    report(NUMBERED_SECRETS, NUMBERED_LOOKALIKES, PASSWORDS, args.show)
    report(ARGV_SECRETS, ARGV_LOOKALIKES, PASSWORDS, args.show)
    report(HASH_SECRETS, HASH_LOOKALIKES, HASH_VALUES, args.show)
    report(PHRASE_SECRETS, PHRASE_LOOKALIKES, PHRASES, args.show)
    report(LOGIN_KEY_SECRETS, LOGIN_KEY_LOOKALIKES, KEYS, args.show)
    report(WHOSE_SECRETS, WHOSE_LOOKALIKES, PASSWORDS, args.show)
    report(WRAPPED_SECRETS, WRAPPED_LOOKALIKES, PASSWORDS, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
