"""Passwords known by where they stand (`redact.positions`): after the user in a call that
opens a connection or builds a credential, after a password keyword anywhere in a line, a
`-p` beside a `-u`, a user and password joined without a scheme, a value a `set` verb puts
under a secret name, two arguments after a URL; and the look-alikes these positions must keep
(hosts, ports, paths, image digests, action refs, code)."""

from __future__ import annotations

import random

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.password_shapes import password_shaped

_WORDS = ("amber", "basil", "cedar", "delta", "ember", "fjord", "grove", "heron", "indigo", "juniper")


def _human(rng: random.Random) -> str:
    w1, w2 = rng.choice(_WORDS), rng.choice(_WORDS)
    n = rng.randint(10, 9999)
    return rng.choice((f"{w1.title()}.{n}{w2.title()}", f"{w1.title()}{n}!", f"{w1}-{w2}-{n}", f"{w1.title()}#{n}"))


POSITIONS = (
    # a call that opens a connection or builds a credential: literals after the first argument
    'conn = mysql.connector.connect("db", "app", "{v}")',
    'r = vault_login("approle", secret_id: "{v}")',  # named for its secret, not an identifier
    'Credentials creds = new UsernamePasswordCredentials("bot", "{v}");',
    "$link = mysqli_connect('db', 'app', '{v}', 'app');",
    "EXEC sp_addlogin 'app', '{v}';",
    'ftps = FTP_TLS("files.example.com", "deploy", "{v}")',
    # a password keyword anywhere in a line, then its value
    "rclone config create box sftp host h user deploy pass {v}",
    "masterauth {v}",
    "  listen stats\n    stats auth admin password {v}",
    'conn id wlan0 wifi-sec.psk "{v}"',
    # `-p` beside `-u`, `/p:` beside `/u:`
    "ipmitool -H 10.0.0.7 -U admin -P {v} power status",
    'command: ["mysqladmin", "-uroot", "-p{v}", "status"]',
    "rdp /u:admin /p:{v} /v:host",
    # a user and its password with no scheme
    'dsn := "app:{v}@tcp(db:3306)/app"',
    "imp system/{v}@XEPDB1 file=exp.dmp",
    "bot@example.com:{v}",
    "--src-creds bob:{v}",
    "GRAFANA_AUTH=admin/{v}",
    "Login: admin / {v}",
    # a `set` verb under a secret name
    "ENV SMTP_PASSWORD {v}",
    "setx SMTP_PASSWORD {v}",
    'dotnet user-secrets set "Smtp:Password" "{v}"',
    # two arguments after a URL
    "mc alias set s3 https://s3.example.com AKIAEXAMPLEUSER {v}",
    # SQL, db2
    "SET PASSWORD FOR 'bob'@'localhost' = '{v}';",
    "db2 connect to PROD user bob using {v}",
    # a flag that takes `user:password`; `auth user:password` in a config line
    "skopeo inspect --creds bob:{v} docker://a/app",
    "redis-cli --user app:{v} ping",
    "  stats auth admin:{v}",
    # a command that hashes or stores the password it is given
    "openssl passwd -1 '{v}'",
    "smbpasswd -a bob <<< '{v}'",
    # a call named after the password it sets
    'keyring.set_password("imap", "bob", "{v}")',
    # a qualifier and a short password noun
    "adminpw {v}",
    # prose that gives the value after the noun
    "the admin password is now {v}",
    "changed the db password to {v}",
    # `login=user:password` in a config line; ftp's `user NAME PASSWORD` in a script
    "cache_peer up.example.com parent 3128 0 login=bob:{v}",
    "ftp -n host <<EOF\nuser bob {v}\nbye\nEOF",
    # a short password noun at a name's end; flags between the keyword and its value
    "bindpw {v}",
    "fetchpass = {v}",
    "rootpw --plaintext {v}",
    "d-i passwd/user-password password {v}",
    # a command named after a passphrase; a here-string into a password-on-stdin flag
    "wpa_passphrase Office {v}",
    "openconnect --passwd-on-stdin vpn.example.com <<< '{v}'",
    # `*_auth=(user, password)`; SQL Server's N'' literal; a call named after a password
    'client = Jenkins(url, basic_auth=("bob", "{v}"))',
    "CREATE LOGIN bob WITH PASSWORD=N'{v}'",
    'db.changeUserPassword("bob", "{v}")',
    # a builder's password method
    'Options::new().user("app").password("{v}")',
    # `-p` or `/p` in a command that names its user (`-l`, `user create`) or a key store
    "brute -l admin -p {v} ssh://10.0.0.5",
    "mqctl acl user create bob -p {v}",
    "signer sign /f cert.pfx /p {v} /td sha256 app.exe",
    # a user or a type between the password keyword and the last argument
    'appctl user:password admin "{v}"',
    "local-user admin password cipher {v}",
    # `user:password` under a `user` key; a domain before the user, an address after
    'user = "bob:{v}"',
    "winrm-shell 'corp/bob:{v}@10.0.0.5'",
    # what a UI test types into the password field it selected
    "cy.get('#password').type('{v}')",
    'driver.find_element(By.NAME, "passwd").send_keys("{v}")',
    "await page.locator('[name=password]').clear().fill('{v}');",
    # a login that reads its password on stdin
    "echo '{v}' | kinit bob@EXAMPLE.COM",
    "echo '{v}' | sudo -S systemctl restart app",
    # an action that sets a password takes it as its argument
    "dashctl admin reset-admin-password {v}",
    "mqctl change_password bob {v}",
    # a user and its password set under a host
    "bundle config set --global gems.example.com bob:{v}",
    # a Wi-Fi network joined with its passphrase
    'WiFi.begin("Workshop-2", "{v}");',
    # a password changed from the old one to the new, both secrets
    "ALTER ROLE app SET PASSWORD FROM 'Quartz.1187' TO '{v}';",
    # `-p` in a command that connects to a database, `-w` in one whose verb names a password
    "hiveql -u 'jdbc:hive2://db:10000/app' -n bob -p {v}",
    "keyctl add-internet-password -a bob -s relay -w {v} -U",
    # a password command's literal; a credential call without parentheses
    "relay-shell -u bob --ldap_password_cmd='echo {v}'",
    'account relay\npasswordeval "printf {v}"',
    "EXEC sp_password 'changeme', '{v}', relay",
    # a protocol's login command as a session or a monitor echoes it
    "t7 LOGIN relay {v}\nt7 OK LOGIN completed",
    '1732701234.5 [0 10.0.0.9:40112] "AUTH" "relay" "{v}"',
    # a literal piped into a command whose words say it keeps a password
    "echo -n '{v}' | walletctl write --folder Passwords relay",
    "printf '%s' '{v}' | keyring-cli set relay bob",
    # a long flag spelt with one dash is not `-p` with its value attached
    "mysqlsh --uri app@db -passwd {v}",
    # a verb that unlocks takes the password after its `-p`
    "vaultctl unlock-store -p {v} team.store",
    # Windows' slash flags: a user's, then the password's of the same prefix
    "schtasks /create /tn NightlyBackup /tr C:\\ops\\backup.cmd /sc daily /ru ACME\\svc-backup /rp {v}",
)


@pytest.mark.parametrize("template", POSITIONS)
def test_a_password_in_a_position_is_removed(template: str) -> None:
    for seed in range(6):
        value = _human(random.Random(f"{template}{seed}"))
        out = redact(template.format(v=value))
        assert value not in out and MARK in out, out


@pytest.mark.parametrize(
    "text",
    (
        "cargo login kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA",
        "const stripe = require('stripe')('kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA');",
        "vault operator unseal kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA",
        # the key a call signs or encrypts with, wherever it stands among the arguments
        'jwt.encode(claims, "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA", algorithm="HS256")',
        'crypto.createHmac("sha512", "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA")',
        's, err := t.SignedString([]byte("kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"))',
        'box = Fernet(b"kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA=")',
    ),
)
def test_a_random_key_given_to_login_or_to_a_module_is_removed(text: str) -> None:
    assert "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA" not in redact(text)


KEPT = (
    "uses: actions/checkout@v4",
    "uses: docker/build-push-action@v5",
    "FROM node:20-alpine@sha256:4f1c2b7e3a4d4e5f9a8b7c6d5e4f3a2b4f1c2b7e3a4d4e5f9a8b7c6d5e4f3a2b",
    "git clone git@github.com:org/repo2.git",
    "https://github.com/user/repo and git@github.com:user/repo.git",
    "scp build.tar.gz deploy@10.0.0.5:/srv/app/",
    "docker run -u 1000 -p 8080:80 nginx",
    "sudo -u postgres psql -p 5433 -c 'select 1'",
    "pg_dump -U app -p 5432 app > app.sql",
    'conn = psycopg2.connect(host="db-primary-01", port=5432, dbname="app2")',
    'client.connect("10.0.0.5", username="root", key_filename="id_rsa")',
    'DriverManager.getConnection("jdbc:mysql://db:3306/app?useSSL=false", props)',
    'smtplib.SMTP("smtp.gmail.com", 587)',
    'WiFi.begin("Workshop-2");',
    'new PDO("mysql:host=db;dbname=app;charset=utf8mb4", $user, $pass)',
    "The password you chose is too short.",
    "pass 2 of 3 complete",
    "ENV NODE_VERSION 20.11.1",
    "ENV PATH /usr/local/bin:$PATH",
    "npm config set registry https://registry.npmjs.org/",
    "Token Program/Token-2022",
    "auth: bob/config.yaml",
    "- Use Wallet Standard — pass `wallets={[]}` to auto-detect installed wallets",
    "console.log(require('debug')('app:server'))",
    "SET PASSWORD FOR 'app'@'%' = PASSWORD(@new);",
    "db2 connect to SAMPLE user db2inst1 using $DB2PW",
    "mc alias set local http://localhost:9000 $MINIO_ROOT_USER $MINIO_ROOT_PASSWORD",
    "rsync -av build/ deploy@web1:/srv/app/ --exclude node_modules",
    "bob@example.com:~/projects$ ls",
    "    .password(cfg.password)",
    'builder.password("${DB_PASSWORD}")',
    "user admin insecure-password ${PASS}",
    'dotnet user-secrets set "Db:Password" "$DB_PASSWORD"',
    "pulumi config set --secret dbPassword",
    'password = os.getenv("DB_PASSWORD")',
    "grep bob /etc/passwd | cut -d: -f1",
    "sudo passwd bob",
    "user www-data;",
    "bypass = true",
    "compass 2.1.0",
    'jwt.encode(claims, settings.SECRET_KEY, algorithm="HS256")',
    'hmac.new(key, b"message body", hashlib.sha256)',
    "signal.signal(signal.SIGINT, handler)",
    'set imap_pass = "`pass show mail/work`"',
    "d-i passwd/root-login boolean false",
    "user nginx nginx;",
    "  User deploy",
    'pw = keyring.get_password("imap", "bob")',
    "the password is now stored in the vault",
    "set the password to the one in .env",
    "xargs -l 1 -P 8 gzip",
    "mkdir -p out2024 && ls -l out2024",
    "the password field accepts 2fa codes",
    "signer verify /pa app.exe",
    'user = "bob:1000"',
    'user: "www-data:www-data"',
    "git clone corp/app:main@10.0.0.5",
    "cy.get('#password').type('{enter}')",
    "cy.get('#password').should('have.value', 'changeme')",
    'driver.find_element(By.ID, "password").send_keys(Keys.RETURN)',
    "echo $KRB_PASSWORD | kinit bob@EXAMPLE.COM",
    "echo build2024 | sudo tee /etc/hostname",
    "SELECT id FROM users WHERE password FROM_BASE64(x)",
    "echo build2024 | grep -c password",  # a filter looking for the word
    "ALTER LOGIN relay DISABLE;",  # SQL's statement about a login
    "t7 OK LOGIN completed",
    'password_command = "pass show relay"',  # a command that fetches it
    "--ldap_password_cmd='echo $RELAY_PW'",
    "psql -h db -p 5432 -d 'jdbc:postgresql://db/app'",  # a port
    "keyctl find-internet-password -a bob -s relay -w",  # the password asked for, not given
    "echo 'release-2024' | sed 's/passwd/pw/'",
    "250-AUTH PLAIN LOGIN CRAM-MD5",  # a server lists its mechanisms
    "myapp --reset-password true",
    "POST /reset-password HTTP/1.1",
    "git config set remote.origin.url git@github.com:org/repo2024",
    "bundle config set --local gems.example.com bob:1000",
    # an argument of a credential call named for an identifier names the account, not its secret
    'key = connect_api_key(key_id: "D383SF739", issuer_id: "6053b7fe-68a8-4acb-89be-165aa6465141")',
    'client = login_client("svc", accountId="8f14e45f-ceea-467d-a9f4-1b2c3d4e5f60")',
    # the next flag is no value of a flag that takes none; references in two more syntaxes
    "forgejo admin user create --username bob --random-password --email bob@example.com",
    'http-request set-header Authorization "Bearer %[env(API_TOKEN)]"',
    'database:\n  password: "_env:YESOD_PGPASS:"',
    # code that builds a value, not the value
    'Auth: &http.BasicAuth{Username: "bob", Password: os.Getenv("GIT_PASSWORD")},',
    # a shadow line's ageing fields after a locked account's `*`: no pgpass line's password
    "nobody:*:20055:0:99999:7:::",
    # slash flags with no password after the user's (`*` asks for it), or of other letters
    "schtasks /create /tn X /ru SYSTEM /rp * /tr a.cmd",
    "robocopy C:\\src D:\\dst /mir /r:3 /w:5 /log:copy-run-2041.txt",
    "$ sudo getent shadow daemon\ndaemon:*:19800:0:99999:7:::",
)


@pytest.mark.parametrize("text", KEPT)
def test_what_only_looks_like_a_position_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("value", ("Falcon3998!", "castle129x", "rocket-sunshine-6751", "uMuGKsysfdOFE"))
def test_password_shapes(value: str) -> None:
    assert password_shaped(value)


@pytest.mark.parametrize(
    "value", ("db-primary", "cache:6379", "example.com", "v1.2.3", "app.yaml", "summer", "bob@example.com", "a/b1")
)
def test_not_password_shapes(value: str) -> None:
    assert not password_shaped(value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("keytool -list -keystore app.jks -S Qv7#mK2!rB", "Qv7#mK2!rB"),  # symbols inside: any flag
        ("vpncli -u ops -K Tr4nsitLane88 connect", "Tr4nsitLane88"),  # cases and digits, a user named
        ("columnar -h db -U ops -w harbor7788 -c 'select 1'", "harbor7788"),  # `-w` beside a user
        ("vmctl -T ws -gu ops -gp harbor7788 run vm.vmx", "harbor7788"),  # a user's flag, the password's
        ("relay --gw-user ops --gw-pw harbor7788 --port 5432", "harbor7788"),
        ("> logon ops harbor7788", "harbor7788"),  # a login verb, its user and password at a prompt
        ('printf "harbor7788\\nharbor7788" | sudo passwd ops', "harbor7788"),  # stdin of a password command
        ("pass insert -e lab/vpn <<< 'harbor7788'", "harbor7788"),
        ("mountfs -o secret_stdin ops@nas:/d /mnt <<< 'harbor7788'", "harbor7788"),  # an option says so
        ("pass insert -m lab/vpn <<< $'harbor7788\\nharbor7788'", "harbor7788"),  # bash's `$'…'`
        ("(echo harbor7788; echo harbor7788) | smbpasswd -s -a ops", "harbor7788"),  # a secret, confirmed
        ("vaultcli add -u ops db.kdbx web/app <<< $'harbor7788\\nharbor7788'", "harbor7788"),  # typed twice
        ("realm-install -r LAB -a harbor7788 -p harbor7788 -U", "harbor7788"),  # the same value to two flags
        ("relayctl user add --new Tr4nsit!Lane --again Tr4nsit!Lane", "Tr4nsit!Lane"),
        ("echo -n 'harbor7788' | podman secret create relay_pass -", "harbor7788"),  # stdin, a secret named
        ("usermod -p $(openssl passwd -6 harbor7788) ops", "harbor7788"),  # inside a command substitution
        ('echo "harbor7788" > ~/.relay_pass', "harbor7788"),  # written to a file named after a password
        ("set-cookie: app_sess=Zk3vQ9%2FpLm7rT2xW8yB4nC6d; path=/", "Zk3vQ9%2FpLm7rT2xW8yB4nC6d"),
        ('curl --cookie "sid=Zk3vQ9pLm7rT2xW8yB4nC6d; theme=dark" https://x', "Zk3vQ9pLm7rT2xW8yB4nC6d"),
    ],
)
def test_a_one_letter_flag_argument_shaped_as_a_password_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'timestamp="$(date -u +%Y%m%dT%H%M%SZ)"',
        "mysql -u root -h db -D app_v2",
        "ssh -R 80:localhost:$WEB_PORT nokey@localhost.run",
        "grep -i -E 'rwa|real.?estate|tokeniz' catalog.json",
        "certbot -d api.$DOMAIN -m ops@example.com",
        "tar -C build2024 -x -f out.tar",
        "login admin $ADMIN_PASSWORD",
        "vmctl -gu ops -gp $GUEST_PASSWORD run vm.vmx",
        "tar -czu ops -cp build",
        "relayctl migrate --from build2024 --to build2024",
        "sort <<< $'harbor7788\\nharbor7788'",
        "grep -w harbor7788 notes.txt",
        "echo $RELAY_TOKEN | relayctl login --password-stdin",
        "(echo harbor7788; echo harbor7788) | sort",
        "echo hello2024 | grep pass",
        "echo hello2024 | tee api_token.txt",
        'echo "hello world2" > notes.txt',
        "echo $TOKEN > ~/.token",
        "Cookie: theme=dark; lang=en-US; _ga=GA1.2.1234567890.1700000000",
        "the cookie: session=expired_and_gone",
        "echo $NEW_PW | passwd --stdin ops",
    ],
)
def test_other_one_letter_flag_arguments_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "value",
    [
        "uhB^wVb^m1$$jFz2Xb7(4ZlI",
        "#btE(&$CBLekEo)dpF#!(k^l",
        "g9N7e)za*W8Y(CPKayqgG&OH",  # closed before it opens
        "LXq.>F72xTDb",  # mysqld's `>` alone
    ],
)
def test_a_generated_password_with_a_bracket_left_open_is_password_shaped(value: str) -> None:
    """`!@#$%^&*()` is a generator's symbol set: a lone bracket among them is no call's code."""
    assert password_shaped(value)
    assert value not in redact(f"Admin password: {value}\nSuccess: WordPress installed successfully.")


@pytest.mark.parametrize(
    "value", ["fn(x)", "getpass(", "Foo(Bar)!", "str(row)", "System.fetch_env!(", "ptr->Field1", "row=>Value2"]
)
def test_code_with_brackets_is_not_password_shaped(value: str) -> None:
    assert not password_shaped(value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("db.internal:5432:shop:shop:Harbor.7781Lamp", "Harbor.7781Lamp"),
        ("*:*:*:app:Xk29dLq7Pz\\:aa11", "Xk29dLq7Pz"),  # a colon escaped as pgpass writes it
    ],
)
def test_a_pgpass_lines_password_is_removed(text: str, value: str) -> None:
    assert value not in redact(text)
