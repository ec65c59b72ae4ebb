#!/usr/bin/env python3
"""Redaction on secrets it was not written against: public rule sets, password positions,
credentials printed by commands, each scored on seeds kept apart from the ones tuned on.

    .venv-dev/bin/pip install exrex pyyaml       # regex -> random matching string; NP's rules
    .venv-dev/bin/python bench/redact_unseen.py [--gitleaks TOML] [--noseyparker DIR]
        [--trufflehog DIR] [--azure JSON] [--spdb YML] [--benign JSONL ...] [--seeds 101-103] [--misses SOURCE]
        [--half A|B] [--halved SOURCES] [--only SOURCES] [--hashes JSONL]

Sources (none is in this repository; each is read where it is given):
- `gitleaks`: `config/gitleaks.toml` of gitleaks/gitleaks (the rule set the formats were checked against);
- `noseyparker`: the folder `crates/noseyparker/data/default/builtin/rules/` of praetorian-inc/noseyparker;
- `trufflehog`: the folder `pkg/detectors/` of trufflesecurity/trufflehog (regexes read from the Go);
- `azure`: `GeneratedRegexPatterns/HighConfidenceSecurityModels.json` of microsoft/security-utilities
  (Microsoft's identifiable keys);
- `secrets-patterns-db`: `db/rules-stable.yml` of mazen160/secrets-patterns-db, its
  `confidence: high` patterns less what is not a secret (`redact_spdb.py` lists what it drops, and why);
- `positions`, `printed`: written here: human-chosen passwords in the positions a session shows
  them (env, SQL, properties, YAML, CLI flags, auth tuples, …) and the credentials that commands
  print with no name beside them (vault init, first-run admin passwords, token commands).

For each rule a random string matching its regex is drawn (exrex), its secret group taken, and
the value put in contexts an agent session shows secrets in: the ones the rules were written
against (`export X_TOKEN=…`, YAML, JSON, shell) and new ones (fish `set -gx`, systemd
`Environment=`, an SDK constructor, a URL query, a flag, a header, XML, properties). A sample
counts as removed when no 8-character run of the value (past the hint a format keeps, such
as `rubygems_`) is left in `redact`'s output.

Honest measure: the misses of seeds 1-3 (`--seeds 1-3`) are what the rules were tuned on; the
figures reported are for other seeds (101 on), never looked at while tuning, and per source, so a
source left out of the tuning (Nosey Parker's) shows apart. `--benign` files (JSON lines with a
`text`) are ordinary lines that must come back unchanged: lockfiles, CI configs, Dockerfiles.

Not a test: a measure of `context_keeper.redact` on generated data (figures in docs/performance.md).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import string
import sys
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.redact import redact  # noqa: E402
from json_strings import strings  # noqa: E402
from redact_held25 import BENIGN_HELD25, POSITIONS_HELD25, PRINTED_HELD25  # noqa: E402
from redact_held26 import BENIGN_HELD26, POSITIONS_HELD26, PRINTED_HELD26  # noqa: E402
from redact_held27 import BENIGN_HELD27, POSITIONS_HELD27, PRINTED_HELD27  # noqa: E402
from redact_held28 import BENIGN_HELD28, POSITIONS_HELD28, PRINTED_HELD28  # noqa: E402
from redact_held29 import BENIGN_HELD29, POSITIONS_HELD29, PRINTED_HELD29  # noqa: E402
from redact_held30 import BENIGN_HELD30, POSITIONS_HELD30, PRINTED_HELD30  # noqa: E402
from redact_held31 import BENIGN_HELD31, POSITIONS_HELD31, PRINTED_HELD31  # noqa: E402
from redact_held32 import BENIGN_HELD32, POSITIONS_HELD32, PRINTED_HELD32  # noqa: E402
from redact_held33 import BENIGN_HELD33, POSITIONS_HELD33, PRINTED_HELD33  # noqa: E402
from redact_held34 import BENIGN_HELD34, POSITIONS_HELD34, PRINTED_HELD34  # noqa: E402
from redact_heldout import (  # noqa: E402
    BENIGN_HELD5,
    BENIGN_HELD6,
    BENIGN_HELD7,
    BENIGN_HELD8,
    BENIGN_HELD9,
    BENIGN_HELD11,
    BENIGN_HELD12,
    BENIGN_HELD13,
    BENIGN_HELD14,
    BENIGN_HELD15,
    BENIGN_HELD16,
    BENIGN_HELD17,
    BENIGN_HELD18,
    BENIGN_HELD19,
    BENIGN_HELD20,
    BENIGN_HELD21,
    BENIGN_HELD22,
    BENIGN_HELD23,
    BENIGN_HELD24,
    BENIGN_REVIEWED,
    POSITIONS_HELD5,
    POSITIONS_HELD6,
    POSITIONS_HELD7,
    POSITIONS_HELD8,
    POSITIONS_HELD9,
    POSITIONS_HELD11,
    POSITIONS_HELD12,
    POSITIONS_HELD13,
    POSITIONS_HELD14,
    POSITIONS_HELD15,
    POSITIONS_HELD16,
    POSITIONS_HELD17,
    POSITIONS_HELD18,
    POSITIONS_HELD19,
    POSITIONS_HELD20,
    POSITIONS_HELD21,
    POSITIONS_HELD22,
    POSITIONS_HELD23,
    POSITIONS_HELD24,
)


@dataclass(frozen=True)
class Format:
    source: str
    rule: str
    regex: str
    keyword: str
    flags: int = 0
    group: int | str | None = None  # None: the longest group


@dataclass(frozen=True)
class Sample:
    source: str
    rule: str
    context: str
    text: str
    secret: str


def leaked(out: str, secret: str, window: int = 8) -> bool:
    """Whether 8 characters in a row of the secret are left, outside its first 16 (or first
    half): the hint a format keeps (`rubygems_`, `AGE-SECRET-KEY-1`) is not the secret."""
    if len(secret) <= window:
        return secret in out
    rest = secret[min(16, len(secret) // 2) :]
    if len(rest) <= window:
        return rest in out
    return any(rest[i : i + window] in out for i in range(len(rest) - window + 1))


# -- the rule sets ------------------------------------------------------------------------------


def python_regex(rx: str) -> str:
    """An RE2 / Rust / .NET regex as Python reads it, its classes kept to ASCII."""
    src = rx.replace("\\x60", "`").replace("\\z", "\\Z").replace("(?<", "(?P<").replace("(?P<=", "(?<=")
    src = src.replace("(?P<!", "(?<!").replace("[[:alnum:]]", "[A-Za-z0-9]").replace("[:alnum:]", "A-Za-z0-9")
    src = src.replace("\\w", "a-zA-Z0-9_").replace("\\s", " ").replace("\\S", "!-~").replace("\\d", "0-9")
    src = re.sub(r"\\p\{\w+\}", "a-zA-Z", src)
    # `a-z0-9_` outside a class becomes a class of its own
    return re.sub(r"(?<!\[)(a-zA-Z0-9_|!-~|0-9)(?![^\[]*\])", r"[\1]", src)


def gitleaks_formats(path: Path) -> list[Format]:
    out = []
    for rule in tomllib.loads(path.read_text())["rules"]:
        rx = rule.get("regex")
        if not rx:
            continue
        keyword = (rule.get("keywords") or [rule["id"].split("-")[0]])[0]
        flags = re.I if "(?i)" in rx else 0
        out.append(
            Format(
                "gitleaks", rule["id"], python_regex(rx.replace("(?i)", "")), keyword, flags, rule.get("secretGroup", 1)
            )
        )
    return out


def noseyparker_formats(folder: Path) -> list[Format]:
    import yaml

    out = []
    for path in sorted(folder.glob("*.yml")):
        for rule in yaml.safe_load(path.read_text()).get("rules", []):
            rx = rule["pattern"]
            flags = re.X | (re.I if "(?i)" in rx else 0)
            rx = rx.replace("(?x)", "").replace("(?i)", "")
            keyword = re.split(r"\W", rule["name"].lower())[0]
            out.append(Format("noseyparker", rule["id"], python_regex(rx), keyword, flags))
    return out


_GO_PAT = re.compile(r"(\w*)\s*=\s*regexp\.MustCompile\((.*?)\)\n", re.S)
_NOT_SECRET_VAR = re.compile(
    r"(?i)id|url|user|email|domain|host|name|region|org|account|tenant|endpoint|"
    r"instance|env|subdomain|server|project|team|workspace|app(?!key)|service|base|uri"
)


def trufflehog_formats(folder: Path) -> list[Format]:
    out = []
    for path in sorted(folder.rglob("*.go")):
        if path.name.endswith("_test.go"):
            continue
        code = path.read_text(errors="replace")
        kw = re.search(r"Keywords\(\) \[\]string \{\s*return \[\]string\{\"([^\"]+)\"", code)
        for var, expr in _GO_PAT.findall(code):
            if not re.search(r"(?i)key|secret|token|pass|pat$|cred|auth", var) or _NOT_SECRET_VAR.search(var):
                continue
            prefix = re.search(r"PrefixRegex\(\[\]string\{\"([^\"]+)\"", expr)
            literals = re.findall(r"`([^`]*)`", expr)
            if not literals:
                continue
            keyword = prefix.group(1) if prefix else (kw.group(1) if kw else path.parent.name)
            rx = "".join(literals)
            flags = re.I if "(?i)" in rx else 0
            out.append(
                Format("trufflehog", f"{path.parent.name}.{var}", python_regex(rx.replace("(?i)", "")), keyword, flags)
            )
    return out


def noseyparker_negatives(folder: Path) -> list[str]:
    """The examples each Nosey Parker rule must not match: near misses and placeholders."""
    import yaml

    out = []
    for path in sorted(folder.glob("*.yml")):
        for rule in yaml.safe_load(path.read_text()).get("rules", []):
            out += [e.strip("\n") for e in rule.get("negative_examples") or [] if isinstance(e, str)]
    return out


def transcript_lines(folder: Path) -> list[str]:
    """Every distinct non-empty line of every string in the transcripts' records."""

    lines: set[str] = set()
    for path in sorted(folder.glob("*.jsonl")):
        for raw in path.read_text(errors="replace").splitlines():
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            for s in strings(record):
                lines.update(line for line in s.split("\n") if line.strip())
    return sorted(lines)


def azure_formats(path: Path) -> list[Format]:
    out = []
    for rule in json.loads(path.read_text()):
        rx = rule["Pattern"]
        flags = re.I if "(?i)" in rx else 0
        keyword = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", rule["Name"]).split()[1].lower()
        out.append(Format("azure", rule["Name"], python_regex(rx.replace("(?i)", "")), keyword, flags, "refine"))
    return out


def draw(fmt: Format) -> str | None:
    """A random secret of the format, or None when its regex cannot be drawn from."""
    import exrex

    try:
        pattern = re.compile(fmt.regex, fmt.flags)
        drawn = exrex.getone(fmt.regex, limit=30)
    except Exception:  # noqa: BLE001 - exrex and `re` cannot read every rule's regex
        return None
    m = pattern.search(drawn)
    if m is None:
        return None
    if isinstance(fmt.group, str) and fmt.group.startswith("after-keyword:"):
        from redact_spdb import after_keyword

        value = after_keyword(fmt.regex, fmt.group.partition(":")[2], m.group(0))
    elif fmt.group is not None:
        try:
            value = m.group(fmt.group)
        except IndexError:
            value = None
    else:
        groups = [g for g in m.groups() if g]
        value = max(groups, key=len) if groups else m.group(0)
    value = (value or m.group(0)).strip(" '\"`;,\\\n\t=")
    if len(value) < 12 or not re.fullmatch(r"[\x21-\x7e]+", value) or not _secretish(value):
        return None
    return value


def _secretish(value: str) -> bool:
    """A drawn value a reader would call a secret: exrex fills `.` and `\\S` runs with any
    printable character (`VXuf(l[7W…`), which no issued key holds, and a rule may capture a url
    or a host; those are not what is measured."""
    return (
        not value.startswith(("http", "/", "."))
        and re.fullmatch(r"[\w.+/=~-]+", value) is not None
        and sum(c.isalnum() for c in value) >= 0.7 * len(value)
    )


# Rules for what is not a secret: client ids, publishable keys, user names, urls.
_NOT_A_SECRET_RULE = re.compile(
    r"(?i)client[-_.]?id|public|publishable|pub[-_]?key|(?<![a-z])ids?$|[-_.]id(?:pat)?$|username|userpat|url|endpoint|domain"
)


# Contexts the old rules were written against (`OLD`) and new ones (`NEW`).
OLD = ("export {KW}_TOKEN={v}", '{kw}_api_key: "{v}"', '"{kw}Secret": "{v}",', "{KW}_SECRET='{v}'")
NEW = (
    "set -gx {KW}_API_KEY {v}",
    "Environment={KW}_TOKEN={v}",
    'client = {Kw}Client(api_key="{v}")',
    "{kw}.api_key = '{v}'",
    'curl "https://api.{kw}.example.com/v1/items?app_id=1234&app_key={v}&q=x"',
    "{kw} login --token {v}",
    '<add key="{Kw}ApiKey" value="{v}" />',
    "{kw}.secret={v}",
    'curl -H "X-{Kw}-Key: {v}" https://api.example.com',
    "docker run -e {KW}_TOKEN={v} app",
    'const {kw}Token = "{v}";',
    "  {KW}_ACCESS_TOKEN: {v}",
)


def format_samples(fmt: Format, rng: random.Random) -> Iterator[Sample]:
    if _NOT_A_SECRET_RULE.search(fmt.rule):
        return
    value = draw(fmt)
    if value is None:
        return
    name = re.sub(r"\W", "_", fmt.keyword) or "svc"
    for context in OLD + NEW:
        text = context.format(KW=name.upper(), kw=name.lower(), Kw=name.capitalize(), v=value)
        yield Sample(fmt.source, fmt.rule, context, text, value)
    if fmt.keyword.lower() in value.lower() or fmt.source == "azure":
        yield Sample(fmt.source, fmt.rule, "bare", f"using {value} for the deploy", value)


# -- human-chosen passwords in a password position ---------------------------------------------

_WORDS = (
    "summer winter river falcon orange silver dragon monkey coffee sunshine garden rocket "
    "maple harbor tiger purple castle ocean thunder willow shadow copper meadow"
).split()


def human_password(rng: random.Random) -> str:
    w1, w2 = rng.choice(_WORDS), rng.choice(_WORDS)
    digits = str(rng.randint(10, 9999))
    shapes = (
        f"{w1.capitalize()}.{digits}{w2.capitalize()}",
        f"{w1.capitalize()}{digits}!",
        f"{w1}{digits}",
        f"{w1.capitalize()}@{rng.randint(1990, 2030)}",
        f"{w1}-{w2}-{rng.choice(_WORDS)}-{digits}",
        f"{w1[0].upper()}{w1[1:].replace('o', '0').replace('e', '3')}#{digits}",
        "".join(rng.choice(AN + "!#%^*") for _ in range(rng.randint(10, 16))),
    )
    return rng.choice(shapes)


# Each with `{v}`: the password. Written for this bench; `POSITIONS_HELD` are scored only.
POSITIONS = (
    "PGPASSWORD={v} psql -h db -U app app",
    "mysql -u root -p{v} app < dump.sql",
    "ALTER USER app WITH PASSWORD '{v}';",
    "spring.datasource.password={v}",
    "  password: {v}",
    "define('DB_PASSWORD', '{v}');",
    'r = requests.get(url, auth=("admin", "{v}"))',
    "aws ssm put-parameter --name /prod/db/password --type SecureString --value '{v}'",
    '{{"output": "Starting\\nDB_PASSWORD={v}\\nDB_HOST=db\\n"}}',
    "docker run -e POSTGRES_PASSWORD={v} -d postgres:16",
    "<password>{v}</password>",
    "Server=db;Database=app;User Id=sa;Password={v};",
    "sshpass -p '{v}' ssh admin@10.0.0.5",
    "curl -u admin:{v} https://ci.example.com/api/json",
    "keytool -genkey -alias app -keystore app.jks -storepass {v}",
    "set -gx DB_PASSWORD {v}",
    "Environment=DB_PASSWORD={v}",
    '$env:DB_PASSWORD = "{v}"',
    'login(username="admin", password="{v}")',
    "kubectl create secret generic db --from-literal=password={v}",
)
POSITIONS_HELD = (
    "CREATE USER 'app'@'%' IDENTIFIED BY '{v}';",
    'mongosh "mongodb://admin:{v}@localhost:27017/admin"',
    "export MYSQL_ROOT_PASSWORD={v}",
    "ansible_become_pass: {v}",
    '    db_password = "{v}"',
    "$password = '{v}';",
    "redis-cli -h cache -a {v} ping",
    '  "adminPassword": "{v}",',
    "az sql server create -n sql1 -g rg --admin-user sa --admin-password {v}",
    "echo '{v}' | docker login -u bob --password-stdin registry.example.com",
    'psql "host=db user=app password={v} dbname=app"',
    "wp config set DB_PASSWORD {v}",
    "db.password = {v}",
    'ConvertTo-SecureString "{v}" -AsPlainText -Force',
    "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:{v}",
    "SMTP_PASS={v}",
    'conn = psycopg2.connect(host="db", user="app", password="{v}")',
    "git clone https://deploy:{v}@git.example.com/app.git",
    "htpasswd -bc .htpasswd admin {v}",
    "mail.smtp.password: {v}",
)

# Written after `POSITIONS_HELD` was scored (95 %) and before its misses were looked at: the
# held-out set for the fixes made from those misses.
POSITIONS_HELD2 = (
    "ALTER LOGIN sa WITH PASSWORD = '{v}';",
    'dsn = "postgresql://app:{v}@db.internal:5432/app?sslmode=require"',
    "  - MYSQL_PASSWORD={v}",
    "rabbitmq_default_pass: {v}",
    "jdbc.password = {v}",
    "net user deploy {v} /add",
    "Set-Secret -Name DbPassword -Secret '{v}'",
    "export TF_VAR_db_password='{v}'",
    "client.login('bot@example.com', '{v}')",
    "  <Password>{v}</Password>",
    "pgbouncer: auth_user=app password={v}",
    "ftp://deploy:{v}@files.example.com/upload",
    "sqlplus system/{v}@//db:1521/ORCLPDB1",
    "bitnami/postgresql --set auth.postgresPassword={v}",
    '"DB_PASS": "{v}",',
    "mongo --username admin --password {v} --authenticationDatabase admin",
    "ssh-keygen -p -P oldpass -N '{v}' -f ~/.ssh/id_ed25519",
    "PASSWORD={v} ./deploy.sh",
    "git config --global credential.helper 'store' && echo 'https://bob:{v}@github.com' > ~/.git-credentials",
    'smtp_password = "{v}"',
)

# Written after `POSITIONS_HELD2` was scored (90 %) and before its misses were looked at.
POSITIONS_HELD3 = (
    "psql postgresql://postgres:{v}@localhost/postgres -c 'select 1'",
    "mysqladmin -u root password '{v}'",
    '  - name: DB_PASSWORD\n    value: "{v}"',
    "export PGPASSWORD='{v}'; pg_dump app > app.sql",
    "redis.conf: requirepass {v}",
    "docker login -u bob -p {v} registry.example.com",
    "DATABASES = {{'default': {{'USER': 'app', 'PASSWORD': '{v}'}}}}",
    "spring:\n  datasource:\n    password: {v}",
    "s3cmd --secret_key={v} ls",
    "[database]\npassword = {v}",
    "echo -n '{v}' | gh secret set DB_PASSWORD",
    "$password = ConvertTo-SecureString -String '{v}' -AsPlainText -Force",
    "rclone config create remote sftp user deploy pass {v}",
    "knex({{ connection: {{ user: 'app', password: '{v}' }} }})",
    "sa_password: '{v}'",
    "keystore.password={v}",
    "openssl enc -aes-256-cbc -k {v} -in a -out a.enc",
    "unzip -P {v} backup.zip",
    "RABBITMQ_DEFAULT_PASS={v} docker compose up",
    "heroku config:set SMTP_PASSWORD={v}",
)
PRINTED_HELD3: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "gitlab-runner-token",
        "$ gitlab-runner register --help >/dev/null; cat /etc/gitlab-runner/token\n{v}",
        lambda g: _rand(g, 24),
    ),
    ("kubeadm-token", "$ kubeadm token create\n{v}", lambda g: _rand(g, 6, HEX) + "." + _rand(g, 16, HEX)),
    (
        "gpg-passphrase",
        "$ pass generate email/work 20\nThe generated password for email/work is:\n{v}",
        lambda g: _rand(g, 20, AN + "^&"),
    ),
    ("docker-secret-inspect", "$ docker exec db cat /run/secrets/postgres_password\n{v}", lambda g: _rand(g, 18)),
    (
        "jupyter-token",
        "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token={v} :: /app",
        lambda g: _rand(g, 48, HEX),
    ),
    (
        "minikube-dashboard",
        "$ kubectl -n kubernetes-dashboard create token admin-user\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiJ9." + _rand(g, 60, AN + "-_") + "." + _rand(g, 40, AN + "-_"),
    ),
    (
        "wp-cli-user",
        "$ wp user create bob bob@example.com --role=editor\nSuccess: Created user 2.\nPassword: {v}",
        lambda g: _rand(g, 24, AN + "!@#$%^&*("),
    ),
    ("mongo-atlas", "$ atlas dbusers create --username app --password {v}", lambda g: _rand(g, 16)),
    (
        "htpasswd-nb",
        "$ htpasswd -nb admin x\nadmin:{v}",
        lambda g: "$apr1$" + _rand(g, 8, CRYPT) + "$" + _rand(g, 22, CRYPT),
    ),
    (
        "age-keygen",
        "$ age-keygen\n# public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\n{v}",
        lambda g: "AGE-SECRET-KEY-1" + _rand(g, 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"),
    ),
)

# Written after `POSITIONS_HELD3` was scored (75 %) and before its misses were looked at.
POSITIONS_HELD4 = (
    "mysql --user=root --password={v} app",
    'PGPASSWORD="{v}" pg_restore -d app dump.bin',
    "pass: {v}",
    '  admin_password = "{v}"',
    "'password' => '{v}',",
    "bcrypt.hashpw(b'{v}', bcrypt.gensalt())",
    "ldapsearch -x -D cn=admin,dc=example,dc=org -w {v} -b dc=example,dc=org",
    "export ANSIBLE_VAULT_PASSWORD={v}",
    "vault kv put secret/db password={v}",
    "kubectl create secret generic pg --from-literal=POSTGRES_PASSWORD={v}",
    "  POSTGRES_PASSWORD: {v}",
    "SQLALCHEMY_DATABASE_URI=postgresql+psycopg2://app:{v}@db/app",
    "mssql-cli -S db -U sa -P {v}",
    '<entry key="password">{v}</entry>',
    "user.password={v}",
    "  'db_password': '{v}',",
    "--db-password {v}",
    "passwd: {v}",
    "INSERT INTO users (name, password) VALUES ('admin', '{v}');",
    "wifi: ssid=HomeNet psk={v}",
)


def position_samples(rng: random.Random, source: str, templates: tuple[str, ...]) -> Iterator[Sample]:
    for template in templates:
        value = human_password(rng)
        if "{k}" in template:  # a random key with no prefix
            value = _rand(rng, rng.randint(24, 40))
        text = template.format(v=value, k=value, b=base64.b64encode(f"bob:{value}".encode()).decode())
        secret = base64.b64encode(f"bob:{value}".encode()).decode() if "{b}" in template else value
        yield Sample(source, template.split()[0][:24], template, text, secret)


# -- credentials printed by commands ------------------------------------------------------------


AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
CRYPT = AN + "./"


def _rand(rng: random.Random, n: int, alphabet: str = AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64(rng: random.Random, n: int) -> str:
    return _rand(rng, n, AN + "+/")


PRINTED: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("vault-unseal", "Unseal Key 1: {v}\nUnseal Key 2: {w}", lambda g: _b64(g, 44)),
    ("vault-root", "Initial Root Token: {v}", lambda g: "hvs." + _rand(g, 24)),
    (
        "jenkins",
        "Please use the following password to proceed to installation:\n\n{v}\n\n"
        "This may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "argocd",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login.",
        lambda g: _rand(g, 16, AN + "-"),
    ),
    ("gitlab-root", "Password: {v}\n\n# NOTE: This password will be cleaned up", lambda g: _b64(g, 44)),
    (
        "elastic-reset",
        "Password for the [elastic] user successfully reset.\nNew value: {v}",
        lambda g: _rand(g, 20, AN + "*_=+"),
    ),
    (
        "elastic-first",
        "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {v}",
        lambda g: _rand(g, 20, AN + "*_=+"),
    ),
    ("airflow", "standalone | Login with username: admin  password: {v}", lambda g: _rand(g, 16)),
    ("minio", "RootUser: minioadmin\nRootPass: {v}", lambda g: _rand(g, 20)),
    ("gh-token", "$ gh auth token\n{v}", lambda g: "gho_" + _rand(g, 36)),
    (
        "print-access-token",
        "$ gcloud auth print-access-token\n{v}",
        lambda g: "ya29." + _rand(g, 60, AN + "-_"),
    ),
    (
        "heroku-token",
        "$ heroku auth:token\n ›   Warning: token will expire 03/01/2027\n{v}",
        lambda g: "HRKU-" + _rand(g, 48, AN + "-_"),
    ),
    (
        "terraform-output",
        "$ terraform output -raw db_password\n{v}",
        lambda g: _rand(g, 24, AN + "!#"),
    ),
    ("k8s-decode", "$ kubectl get secret db -o jsonpath='{{.data.password}}' | base64 -d\n{v}", lambda g: _rand(g, 18)),
    ("openssl-rand", "$ openssl rand -base64 32\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "token-urlsafe",
        "$ python -c 'import secrets; print(secrets.token_urlsafe(32))'\n{v}",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    ("wg-genkey", "$ wg genkey\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "vault-token-table",
        "Key                  Value\n---                  -----\ntoken                {v}\ntoken_accessor       x",
        lambda g: "hvs." + _rand(g, 90),
    ),
    (
        "npm-token-table",
        "┌────────────────┬──────────────────────────────────────────┐\n│ token          │ {v} │",
        lambda g: "npm_" + _rand(g, 36),
    ),
    (
        "shadow",
        "root:{v}:19722:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, AN + "./") + "$" + _rand(g, 86, AN + "./"),
    ),
    (
        "htpasswd-line",
        "admin:{v}",
        lambda g: "$apr1$" + _rand(g, 8) + "$" + _rand(g, 22, AN + "./"),
    ),
    ("bcrypt", "  password_hash: {v}", lambda g: "$2b$12$" + _rand(g, 53, AN + "./")),
    ("cat-secret-file", "$ cat /run/secrets/db_password\n{v}", lambda g: _rand(g, 20)),
    ("rails-secret", "$ bin/rails secret\n{v}", lambda g: _rand(g, 128, HEX)),
    (
        "bot-run",
        'bot.run("{v}")',
        lambda g: _rand(g, 24, AN + "_-") + "." + _rand(g, 6) + "." + _rand(g, 38, AN + "_-"),
    ),
    (
        "bearer-header",
        "-H 'Authorization: Bearer {v}'",
        lambda g: _rand(g, 40, AN + "-_."),
    ),
    ("sdk-positional", 'client = Client("{v}")', lambda g: _rand(g, 32)),
    (
        "positional-auth",
        "twilio api:core:messages:create --account-sid AC{w} {v}",
        lambda g: _rand(g, 32, HEX),
    ),
)


# Written after the rules above were tuned, and only scored: commands and headings the rules
# were not written against.
PRINTED_HELD: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("heroku-config-get", "$ heroku config:get DATABASE_PASSWORD\n{v}", lambda g: _rand(g, 20)),
    (
        "az-keys-list",
        "$ az storage account keys list -g rg -n acct --query [0].value -o tsv\n{v}",
        lambda g: _b64(g, 86) + "==",
    ),
    ("aws-configure-get", "$ aws configure get aws_secret_access_key\n{v}", lambda g: _b64(g, 40)),
    ("pass-show", "$ pass show db/prod\n{v}", lambda g: _rand(g, 16, AN + "!#%")),
    ("op-read", "$ op read op://vault/db/password\n{v}", lambda g: _rand(g, 20, AN + "-")),
    ("gcloud-secrets", "$ gcloud secrets versions access latest --secret=db-pass\n{v}", lambda g: _rand(g, 18)),
    ("vault-kv-field", "$ vault kv get -field=password secret/db\n{v}", lambda g: _rand(g, 18)),
    ("mysql-generated", "[Entrypoint] GENERATED ROOT PASSWORD: {v}", lambda g: _rand(g, 32, AN + "@#")),
    ("new-api-key", "Your new API key is:\n\n    {v}\n", lambda g: _rand(g, 40)),
    ("shown-once", "Save this token, it will not be shown again:\n{v}", lambda g: _rand(g, 40, AN + "_")),
    ("token-hex", "$ python3 -c 'import secrets; print(secrets.token_hex(32))'\n{v}", lambda g: _rand(g, 64, HEX)),
    ("urandom", "$ head -c 32 /dev/urandom | base64\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "shadow-yescrypt",
        "$ sudo grep root /etc/shadow\nroot:{v}:19722:0:99999:7:::",
        lambda g: "$y$j9T$" + _rand(g, 22, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    ("mkpasswd", "$ mkpasswd -m sha-512\n{v}", lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT)),
    ("pgpass", "$ cat ~/.pgpass\ndb.internal:5432:app:app:{v}", lambda g: _rand(g, 18)),
)

# Written after `PRINTED_HELD` was scored once (46.7 % removed) and before the rule was made
# general: the figures for this set are the held-out ones for the general rule.
PRINTED_HELD2: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("doppler-get", "$ doppler secrets get STRIPE_KEY --plain\n{v}", lambda g: _rand(g, 32)),
    ("fly-secrets", "$ flyctl ssh console -C 'printenv DATABASE_PASSWORD'\n{v}", lambda g: _rand(g, 24)),
    ("echo-env", "$ echo $OPENROUTER_API_KEY\n{v}", lambda g: _rand(g, 48, AN + "-")),
    ("printenv", "$ printenv GITHUB_TOKEN\n{v}", lambda g: _rand(g, 40)),
    ("security-find", "$ security find-generic-password -s deploy -w\n{v}", lambda g: _rand(g, 20, AN + "!%")),
    ("secret-tool", "$ secret-tool lookup service smtp user bot\n{v}", lambda g: _rand(g, 16)),
    (
        "kubectl-secret-text",
        "$ kubectl get secret api -o go-template='{{{{.data.token | base64decode}}}}'\n{v}",
        lambda g: _rand(g, 36),
    ),
    ("sops-decrypt", '$ sops -d --extract \'["db"]["password"]\' secrets.enc.yaml\n{v}', lambda g: _rand(g, 22)),
    ("bw-get", "$ bw get password github.com\n{v}", lambda g: _rand(g, 20, AN + "^*")),
    ("heading-copy", "Copy your access token now. You won't be able to see it again!\n{v}", lambda g: _rand(g, 40)),
)

# Written beside `POSITIONS_HELD8`, before either was scored: the printed part of set 8.
PRINTED_HELD4: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "iam-create-access-key",
        '$ aws iam create-access-key --user-name ci\n{{\n    "AccessKey": {{\n        "UserName": "ci",\n'
        '        "AccessKeyId": "AKIAIOSFODNN7EXAMPLE",\n        "Status": "Active",\n'
        '        "SecretAccessKey": "{v}"\n    }}\n}}',
        lambda g: _b64(g, 40),
    ),
    (
        "az-sp-create",
        '$ az ad sp create-for-rbac --name deploy\n{{\n  "appId": "0f8fad5b-d9cb-469f-a165-70867728950e",\n'
        '  "displayName": "deploy",\n  "password": "{v}",\n  "tenant": "7c9e6679-7425-40de-944b-e07fc1f90ae7"\n}}',
        lambda g: _rand(g, 34, AN + "~._-"),
    ),
    (
        "consul-acl-bootstrap",
        "$ consul acl bootstrap\nAccessorID:       e5a1c3b2-7d4f-4e6a-9b8c-1d2e3f4a5b6c\nSecretID:         {v}",
        lambda g: "-".join(_rand(g, n, HEX) for n in (8, 4, 4, 4, 12)),
    ),
    (
        "mc-svcacct",
        "$ mc admin user svcacct add local bob\nAccess Key: Q3AM3UQ867SPQQA43P2F\nSecret Key: {v}\nExpiration: no-expiry",
        lambda g: _rand(g, 40),
    ),
    ("pwgen", "$ pwgen -s 20 1\n{v}", lambda g: _rand(g, 20)),
    ("openssl-rand-hex", "$ openssl rand -hex 24\n{v}", lambda g: _rand(g, 48, HEX)),
    (
        "approle-secret-id",
        "$ vault write -f auth/approle/role/app/secret-id\nKey                   Value\n---                   -----\n"
        "secret_id             {v}\nsecret_id_accessor    84896a0c-1347-aa90-a4f6-aca8b7558780",
        lambda g: "-".join(_rand(g, n, HEX) for n in (8, 4, 4, 4, 12)),
    ),
    (
        "grafana-reset",
        '$ docker logs grafana 2>&1 | grep -i password\nlogger=settings msg="Generated admin password" password={v}',
        lambda g: _rand(g, 16),
    ),
    (
        "supabase-status",
        "$ supabase status\n         API URL: http://127.0.0.1:54321\nservice_role key: {v}",
        lambda g: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(g, 80, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "cloudflared-token",
        "$ cloudflared tunnel token app\n{v}",
        lambda g: "eyJh" + _rand(g, 120, AN + "="),
    ),
    (
        "keycloak-client-secret",
        '$ kcadm.sh get clients/1f3e/client-secret -r app\n{{\n  "type" : "secret",\n  "value" : "{v}"\n}}',
        lambda g: _rand(g, 32),
    ),
    (
        "step-ca-init",
        "$ step ca init --name Example --dns ca.example.com --address :443 --provisioner admin\n"
        "✔ [leave empty and we'll generate one]:\n✔ Password: {v}",
        lambda g: _rand(g, 32, AN + "!@#$%^&*"),
    ),
)

# Written beside `POSITIONS_HELD9` and scored once with it: the printed part of the sealed set 9.
PRINTED_HELD5: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "pritunl-default",
        '$ sudo pritunl default-password\nAdministrator default password:\n  username: "pritunl"\n  password: "{v}"',
        lambda g: _rand(g, 12),
    ),
    ("artisan-key", "$ php artisan key:generate --show\nbase64:{v}", lambda g: _b64(g, 43) + "="),
    (
        "django-secret",
        '$ python -c "from django.core.management.utils import get_random_secret_key; '
        'print(get_random_secret_key())"\n{v}',
        lambda g: _rand(g, 50, "abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)"),
    ),
    ("acl-genpass", "$ redis-cli ACL GENPASS\n{v}", lambda g: _rand(g, 64, HEX)),
    (
        "k3s-node-token",
        "$ sudo cat /var/lib/rancher/k3s/server/node-token\n{v}",
        lambda g: "K10" + _rand(g, 64, HEX) + "::server:" + _rand(g, 32, HEX),
    ),
    ("wg-private-key", "$ sudo wg show wg0 private-key\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "kubectl-secret-yaml",
        "$ kubectl get secret db -o yaml\napiVersion: v1\ndata:\n  password: {v}\nkind: Secret",
        lambda g: base64.b64encode(_rand(g, 18).encode()).decode(),
    ),
    ("keepassxc-generate", "$ keepassxc-cli generate -L 24 -l -U -n -s\n{v}", lambda g: _rand(g, 24, AN + "!#$%&*+-")),
    (
        "nomad-acl-bootstrap",
        "$ nomad acl bootstrap\nAccessor ID  = 5b7fd453-d3f7-6814-81dc-fcfe6daedea5\nSecret ID    = {v}\nName         = Bootstrap Token",
        lambda g: "-".join(_rand(g, n, HEX) for n in (8, 4, 4, 4, 12)),
    ),
    (
        "rancher-bootstrap",
        '$ docker logs rancher 2>&1 | grep "Bootstrap Password:"\n2026/11/27 10:02:11 [INFO] Bootstrap Password: {v}',
        lambda g: _rand(g, 40, "bcdfghjklmnpqrstvwxz2456789"),
    ),
    ("gpg-gen-random", "$ gpg --gen-random --armor 1 24\n{v}", lambda g: _b64(g, 32)),
    (
        "influx-auth-create",
        "$ influx auth create --all-access\nID\t\t\tDescription\tToken\t\t\tUser Name\n0a1b2c3d4e5f6a7b\t\t{v}\tadmin",
        lambda g: _rand(g, 86, AN + "-_") + "==",
    ),
)


def _uuid(g: random.Random) -> str:
    return "-".join(_rand(g, n, HEX) for n in (8, 4, 4, 4, 12))


# Set 10, printed part: written after the label rule (`printed_labels`) was tuned on set 8's
# printed misses, before it was scored; tools and commands no set had, values of every shape.
PRINTED_HELD10: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("nexus-admin", "$ docker exec nexus cat /nexus-data/admin.password\n{v}", _uuid),
    (
        "garage-key",
        "$ garage key create app\nKey name: app\nKey ID: GK{w}\nSecret key: {v}\nCan create buckets: false",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "gitea-access-token",
        "$ gitea admin user generate-access-token -u bob --scopes all\nAccess token was successfully created: {v}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "freeipa-random",
        "$ ipa user-add bob --first Bob --last B --random\n  Random password: {v}",
        lambda g: _rand(g, 24, AN + "*+,-./:=?@"),
    ),
    ("kanidm-recover", '$ kanidmd recover-account admin\nnew_password: "{v}"', lambda g: _rand(g, 48)),
    (
        "infisical-service-token",
        "$ infisical service-token create --scope=prod:/ --name ci\nService token: st.{v}",
        lambda g: _uuid(g) + "." + _rand(g, 32, HEX) + "." + _rand(g, 32, HEX),
    ),
    (
        "bws-secret-yaml",
        "$ bws secret get 3f8e2a10-5b7c-4d9e-8f01-2a3b4c5d6e7f -o yaml\nid: 3f8e2a10-5b7c-4d9e-8f01-2a3b4c5d6e7f\n"
        "organizationId: 9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d\nkey: STRIPE_SECRET\nvalue: {v}\nnote: ''",
        lambda g: _rand(g, 32),
    ),
    (
        "doppler-json",
        '$ doppler secrets get DB_PASSWORD --json\n{{\n  "DB_PASSWORD": {{\n    "computed": "{v}",\n'
        '    "note": "",\n    "raw": "{v}"\n  }}\n}}',
        lambda g: _rand(g, 20, AN + "-_"),
    ),
    (
        "ssm-table",
        "$ aws ssm get-parameter --name /prod/db/password --with-decryption --output table\n"
        "-------------------------------------------------\n|                 GetParameter                  |\n"
        "+-----------------------------------------------+\n||                  Parameter                  ||\n"
        "|+------------------+--------------------------+|\n||  Name            |  /prod/db/password       ||\n"
        "||  Type            |  SecureString            ||\n||  Value           |  {v}  ||\n"
        "|+------------------+--------------------------+|",
        lambda g: _rand(g, 22),
    ),
    (
        "harbor-robot",
        "$ harbor robot create --name ci --project app\nName:    robot$app+ci\nSecret:  {v}\nExpires: never",
        lambda g: _rand(g, 32),
    ),
    ("rundeck-token", "$ rd tokens create -u admin -r admin\n{v}", lambda g: _rand(g, 32)),
    (
        "teleport-invite",
        'User "joe" has been created but requires a password. Share this URL with the user to complete user '
        "setup, link is valid for 1h:\nhttps://tele.example.com:443/web/invite/{v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "appwrite-key",
        '$ appwrite projects create-key --project-id app --name ci --json\n{{"$id": "64f0c0ffee", "name": "ci", '
        '"expire": null, "secret": "{v}"}}',
        lambda g: _rand(g, 256, HEX),
    ),
    (
        "grafana-sa-token",
        '$ curl -s -X POST -H "Content-Type: application/json" localhost:3000/api/serviceaccounts/2/tokens '
        '-d \'{{"name":"ci"}}\'\n{{"id":7,"name":"ci","key":"{v}"}}',
        lambda g: "glsa_" + _rand(g, 32) + "_" + _rand(g, 8, HEX),
    ),
    (
        "opensearch-log",
        "$ docker logs opensearch 2>&1 | grep -i password\n[2026-11-27T10:00:00,000][INFO ][o.o.s.s.ConfigHelper] "
        "admin password set to {v}",
        lambda g: _rand(g, 18, AN + "!@#"),
    ),
    (
        "dokku-config",
        "$ dokku config:show web\n=====> web env vars\nDATABASE_URL:     postgres://web@db:5432/web\n"
        "SECRET_KEY_BASE:  {v}",
        lambda g: _rand(g, 128, HEX),
    ),
    (
        "buildkite-agent-token",
        "$ bk agent-token create --description ci\n┌──────────────────────────────────────┬──────┬──────────┐\n"
        "│ ID                                   │ NAME │ TOKEN    │\n├──────────────────────────────────────┼──────┼──────────┤\n"
        "│ 0b7c9f2e-2d3a-4c6b-9e8f-1a2b3c4d5e6f │ ci   │ {v} │",
        lambda g: _rand(g, 50, "abcdef0123456789"),
    ),
    (
        "kanboard-api",
        "$ docker exec kanboard ./cli config:get api_token\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "pocketbase-superuser",
        "$ ./pocketbase superuser create admin@example.com --random\nSuccessfully saved superuser "
        '"admin@example.com"!\nPassword: {v}',
        lambda g: _rand(g, 16, AN + "@#"),
    ),
    (
        "rabbitmq-definitions",
        '$ rabbitmqctl export_definitions -\n{{"users":[{{"name":"app","password_hash":"{v}",'
        '"hashing_algorithm":"rabbit_password_hashing_sha256","tags":[]}}]}}',
        lambda g: _b64(g, 48),
    ),
    (
        "coder-token",
        "$ coder tokens create --name ci --lifetime 720h\n{v}",
        lambda g: _rand(g, 10) + "-" + _rand(g, 22),
    ),
    (
        "zitadel-machine-secret",
        "$ zitadel-tools machine-secret generate --user ci\nclientId:     ci@app\nclientSecret: {v}",
        lambda g: _rand(g, 64),
    ),
)


# Set 11, printed part: sealed; written beside `POSITIONS_HELD11` while the rules were being
# changed by someone who had not seen it, to be scored once. Commands no set had: cloud token
# commands, secret stores' CLIs, first-run keys, join tokens, generators, dumps that echo hashes.
PRINTED_HELD11: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "ecr-login-password",
        "$ aws ecr get-login-password --region eu-west-1\n{v}",
        lambda g: "eyJwYXlsb2FkIjoi" + _b64(g, 300),
    ),
    (
        "sts-session-token-text",
        "$ aws sts get-session-token --output text\nCREDENTIALS\tASIAIOSFODNN7EXAMPLE\t2026-11-28T11:00:00+00:00\t{v}\t{w}",
        lambda g: _b64(g, 40),
    ),
    (
        "az-access-token",
        "$ az account get-access-token --query accessToken -o tsv\n{v}",
        lambda g: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + _rand(g, 120, AN + "-_") + "." + _rand(g, 86, AN + "-_"),
    ),
    (
        "firebase-login-ci",
        "$ firebase login:ci --no-localhost\n✔  Success! Use this token to login on a CI server:\n\n{v}\n\n"
        'Example: firebase deploy --token "$FIREBASE_TOKEN"',
        lambda g: "1//" + _rand(g, 100, AN + "-_"),
    ),
    (
        "swarm-join-token",
        "$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n\n"
        "    docker swarm join --token {v} 10.0.0.1:2377",
        lambda g: (
            "SWMTKN-1-" + _rand(g, 50, HEX + "ghijklmnopqrstuvwxyz") + "-" + _rand(g, 25, HEX + "ghijklmnopqrstuvwxyz")
        ),
    ),
    (
        "meilisearch-master-key",
        "$ ./meilisearch --env production\nWe generated a secure master key for you (you can safely copy this token):\n\n"
        ">> --master-key {v} <<",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "authentik-recovery",
        "$ docker compose run --rm server create_recovery_key 10 akadmin\nStore this link safely, as it will allow "
        "anyone to access authentik as akadmin.\nhttps://auth.example.com/recovery/use-token/{v}/",
        lambda g: _rand(g, 64),
    ),
    (
        "occ-dbpassword",
        "$ sudo -u www-data php occ config:system:get dbpassword\n{v}",
        lambda g: _rand(g, 30, AN + "+/"),
    ),
    (
        "pg-dumpall-roles",
        "$ pg_dumpall --roles-only | grep app\nALTER ROLE app WITH NOSUPERUSER INHERIT NOCREATEROLE NOCREATEDB LOGIN "
        "NOREPLICATION NOBYPASSRLS PASSWORD '{v}';",
        lambda g: "SCRAM-SHA-256$4096:" + _b64(g, 24) + "$" + _b64(g, 44) + ":" + _b64(g, 44),
    ),
    (
        "ansible-vault-view",
        "$ ansible-vault view group_vars/prod/vault.yml\nvault_db_password: {v}\nvault_smtp_user: bot",
        lambda g: _rand(g, 24),
    ),
    (
        "chamber-read",
        "$ chamber read app db_password\nKey\t\tVersion\t\tLastModified\t\tUser\t\t\t\t\tValue\n"
        "db_password\t3\t\t11-27 10:02:11\t\tarn:aws:iam::123456789012:user/bob\t{v}",
        lambda g: _rand(g, 24),
    ),
    ("gopass-show", "$ gopass show -o prod/db\n{v}", lambda g: _rand(g, 20, AN + "!#%&")),
    ("lpass-show", "$ lpass show --password 'Shared-Prod/db'\n{v}", lambda g: _rand(g, 20)),
    ("akeyless-get", "$ akeyless get-secret-value --name /prod/db/password\n{v}", lambda g: _rand(g, 24)),
    ("conjur-get", "$ conjur variable get -i prod/db/password\n{v}", lambda g: _rand(g, 32, HEX)),
    (
        "secretsmanager-text",
        "$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text\n"
        '{{"username":"app","password":"{v}"}}',
        lambda g: _rand(g, 28),
    ),
    (
        "tsig-keygen",
        '$ tsig-keygen -a hmac-sha256 xfr-key\nkey "xfr-key" {{\n\talgorithm hmac-sha256;\n\tsecret "{v}";\n}};',
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "git-credential-fill",
        "$ printf 'protocol=https\\nhost=git.example.com\\n' | git credential fill\nprotocol=https\n"
        "host=git.example.com\nusername=bob\npassword={v}",
        lambda g: _rand(g, 40),
    ),
    ("apg", "$ apg -a 1 -n 1 -m 20 -x 20\n{v}", lambda g: _rand(g, 20, AN + "!#$%")),
    (
        "node-random-bytes",
        "$ node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    ("phx-gen-secret", "$ mix phx.gen.secret\n{v}", lambda g: _rand(g, 64, AN + "+/")),
    ("tr-urandom", "$ tr -dc 'A-Za-z0-9' </dev/urandom | head -c 32; echo\n{v}", lambda g: _rand(g, 32)),
)


# Set 12, printed part: sealed; written beside `POSITIONS_HELD12` while the rules were being
# changed by someone who had not seen it, to be scored once. Commands of tools no set had: HPC
# schedulers' tokens, mesh VPN coordinators, hypervisors' API tokens, CRM and ERP key commands,
# chat servers' CLIs, media servers' sign-ins, GIS servers' generated master passwords, IoT
# hosts' API keys, observability agents' ingest tokens, hash generators of bot and flow tools.
PRINTED_HELD12: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "slurm-token",
        "$ scontrol token username=bob lifespan=7200\nSLURM_JWT={v}",
        lambda g: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(g, 80, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "headscale-preauthkey",
        "$ headscale preauthkeys create --user ops --reusable --expiration 24h\n{v}",
        lambda g: _rand(g, 48, HEX),
    ),
    (
        "pveum-token",
        "$ pveum user token add ops@pve ci --privsep 0\n"
        "┌──────────────┬──────────────────────────────────────┐\n"
        "│ key          │ value                                │\n"
        "╞══════════════╪══════════════════════════════════════╡\n"
        "│ full-tokenid │ ops@pve!ci                           │\n"
        "├──────────────┼──────────────────────────────────────┤\n"
        '│ info         │ {{"privsep":"0"}}                      │\n'
        "├──────────────┼──────────────────────────────────────┤\n"
        "│ value        │ {v} │\n"
        "└──────────────┴──────────────────────────────────────┘",
        _uuid,
    ),
    (
        "zerotier-authtoken",
        "$ sudo cat /var/lib/zerotier-one/authtoken.secret\n{v}",
        lambda g: _rand(g, 24, HEX + "ghijklmnopqrstuvwxyz"),
    ),
    (
        "odoo-apikey",
        "$ odoo-bin shell -d prod --no-http\n>>> env['res.users.apikeys'].with_user(2)._generate('rpc', 'ci')\n'{v}'",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "erpnext-generate-keys",
        "$ bench --site erp.example.com execute frappe.core.doctype.user.user.generate_keys "
        '--args "[\'Administrator\']"\n{{"api_secret": "{v}"}}',
        lambda g: _rand(g, 15, HEX),
    ),
    (
        "sf-org-display",
        "$ sf org display --target-org prod --verbose\n=== Org Description\n\n KEY              VALUE\n"
        " ──────────────── ────────────────────────────\n Access Token     00D5g000004XyZa!{v}\n"
        " Alias            prod\n Api Version      62.0\n Sfdx Auth Url    force://PlatformCLI::5Aep861{w}@example.my.salesforce.com",
        lambda g: _rand(g, 96, AN + "._"),
    ),
    (
        "shopify-app-env",
        "$ shopify app env show\n\n    SHOPIFY_API_KEY=3f1c9a0e5b7d2c4e6a8b0d1f2e3c4b5a\n    SHOPIFY_API_SECRET={v}\n    SCOPES=write_products",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "mmctl-token-generate",
        "$ mmctl token generate bob ci-bot\n{v}: ci-bot",
        lambda g: _rand(g, 26, "abcdefghijklmnopqrstuvwxyz0123456789"),
    ),
    (
        "znc-makepass",
        "$ znc --makepass\n[ ** ] Type your new password.\n[ ?? ] Enter password: \n[ ?? ] Confirm password: \n"
        "[ ** ] Kill ZNC process, if it's running.\n[ ** ] Then replace password in the <User> section of your config with this:\n"
        "<Pass password>\n        Method = sha256\n        Hash = {v}\n        Salt = {w}\n</Pass>",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "plex-sign-in",
        "$ curl -s -u bob -X POST https://plex.tv/users/sign_in.xml -H 'X-Plex-Client-Identifier: cli' | grep -o 'authToken=\"[^\"]*\"'\n"
        "Enter host password for user 'bob':\nauthToken=\"{v}\"",
        lambda g: _rand(g, 20, AN + "-_"),
    ),
    (
        "geoserver-masterpw",
        "$ cat /opt/geoserver/data_dir/security/masterpw.info\nThis file was created at 2026-11-27 10:41:07\n\n"
        'The generated master password is: {v}\n\nTest the master password by logging in as user "root"\n\n'
        "This file should be removed after reading !!!.",
        lambda g: _rand(g, 8) + _rand(g, 8, AN + "!$%"),
    ),
    (
        "octoprint-api-key",
        "$ octoprint --basedir ~/.octoprint config get api.key\n{v}",
        lambda g: _rand(g, 32, HEX.upper()),
    ),
    (
        "node-red-hash-pw",
        "$ node-red admin hash-pw\nPassword: \n{v}",
        lambda g: "$2b$08$" + _rand(g, 53, CRYPT),
    ),
    (
        "splunk-hec-create",
        "$ splunk http-event-collector create ci -uri https://localhost:8089 -auth admin:$SPLUNK_PW -index main\n"
        "http://ci\n\tdisabled=0\n\tindex=main\n\ttoken={v}",
        _uuid,
    ),
    (
        "zabbix-psk-cat",
        "$ sudo cat /etc/zabbix/zabbix_agent2.psk\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "label-studio-user",
        "$ label-studio user --username admin@example.com\nUser info:\n"
        "{{'id': 1, 'email': 'admin@example.com', 'username': 'admin', 'token': '{v}'}}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "wg-genpsk",
        "$ wg genpsk | tee /etc/wireguard/office.psk\n{v}",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "unifi-mongo-shadow",
        "$ mongo --quiet --port 27117 ace --eval 'db.admin.find({{}}, {{name: 1, x_shadow: 1}}).forEach(printjson)'\n"
        '{{ "_id" : ObjectId("6560d1f3e4b0a1b2c3d4e5f6"), "name" : "admin", "x_shadow" : "{v}" }}',
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "kopia-server-random-password",
        "$ kopia server start --insecure --random-password --address 127.0.0.1:51515\n"
        "Server will allow connections from users whose accounts are stored in the repository.\n"
        "SERVER PASSWORD: {v}\nOpen the following URL in your browser: http://127.0.0.1:51515",
        lambda g: _rand(g, 24, AN),
    ),
    (
        "german-first-run",
        "$ docker logs erp-init 2>&1 | tail -3\nAdministrator angelegt.\nBenutzername: admin\nInitiales Kennwort: {v}",
        lambda g: _rand(g, 16, AN + "#%"),
    ),
    (
        "japanese-first-run",
        "$ sudo ./setup.sh\nセットアップが完了しました。\n管理者ユーザー: admin\n初期パスワード（必ず変更してください）: {v}",
        lambda g: _rand(g, 14),
    ),
)


# Set 13, printed part: sealed; written beside `POSITIONS_HELD13` while the rules were being
# changed by someone who had not seen it, to be scored once. Commands of tools no set had:
# secret stores' read commands (berglas, keyctl, kwallet, HCP Vault Secrets, dotenvx,
# dotenv-vault, Azure Key Vault, systemd-creds), CI agents' secret reads (Buildkite, Gitpod),
# database platforms' credential commands (PlanetScale, Turso, Neon), mobile tools (Firebase
# functions config, App Center, Fastlane's session), frameworks' secret stores (Rails
# credentials, Symfony secrets, Kamal), process managers (pm2), Keeper Commander and passphrase
# generators.
PRINTED_HELD13: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "berglas-access",
        "$ berglas access sm://my-project/db-password\n{v}",
        lambda g: _rand(g, 24, AN + "!#%"),
    ),
    ("keyctl-print", "$ keyctl print %user:db_password\n{v}", lambda g: _rand(g, 20)),
    (
        "kwallet-read",
        "$ kwallet-query -r db -f Passwords kdewallet\n{v}",
        lambda g: _rand(g, 16, AN + "._-"),
    ),
    (
        "vlt-secrets-get",
        "$ vlt secrets get --plaintext db_password\n{v}",
        lambda g: _rand(g, 32),
    ),
    (
        "dotenvx-get",
        "$ dotenvx get DB_PASSWORD -f .env.production\n{v}",
        lambda g: _rand(g, 28, AN + "@$"),
    ),
    (
        "dotenv-vault-keys",
        "$ npx dotenv-vault@latest keys production\nremote:   Listing .env.vault decryption keys... done\n"
        "dotenv://:key_{v}@dotenv.org/vault/.env.vault?environment=production",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "az-keyvault-show",
        "$ az keyvault secret show --vault-name kv-prod --name db-password --query value -o tsv\n{v}",
        lambda g: _rand(g, 22, AN + "~._-"),
    ),
    (
        "systemd-creds-decrypt",
        "$ sudo systemd-creds decrypt /etc/credstore.encrypted/db-password -\n{v}",
        lambda g: _rand(g, 20, AN + "+="),
    ),
    (
        "buildkite-secret-get",
        "$ buildkite-agent secret get DEPLOY_TOKEN\n{v}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "gitpod-env",
        "$ gp env\nAPI_TOKEN={v}\nNPM_CONFIG_REGISTRY=https://registry.npmjs.org/",
        lambda g: _rand(g, 36),
    ),
    (
        "pscale-password-create",
        "$ pscale password create app main ci\n"
        "  NAME   BRANCH   ID             USERNAME       ACCESS HOST URL                     ROLE    PLAIN TEXT\n"
        " ------ -------- -------------- -------------- ----------------------------------- ------- --------------------------------------------\n"
        "  ci     main     a1b2c3d4e5f6   x7y8z9w0v1u2   aws.connect.psdb.cloud              admin   pscale_pw_{v}",
        lambda g: _rand(g, 43, AN + "_"),
    ),
    (
        "turso-db-token",
        "$ turso db tokens create app --expiration 7d\n{v}",
        lambda g: "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9." + _rand(g, 120, AN + "-_") + "." + _rand(g, 86, AN + "-_"),
    ),
    (
        "neonctl-connection-string",
        "$ neonctl connection-string main --role-name app\n"
        "postgresql://app:{v}@ep-cool-darkness-123456.eu-central-1.aws.neon.tech/app?sslmode=require",
        lambda g: "npg_" + _rand(g, 12),
    ),
    (
        "firebase-config-get",
        '$ firebase functions:config:get\n{{\n  "stripe": {{\n    "secret": "{v}"\n  }}\n}}',
        lambda g: _rand(g, 32),
    ),
    (
        "appcenter-token",
        "$ appcenter tokens create -d ci\nID: 4b1f6c2e-9a7d-4e3b-8c5f-0d1e2f3a4b5c\nAPI Token: {v}\n"
        "Description: ci\nCreated at: 2026-11-27T10:02:11.000Z",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "fastlane-spaceauth",
        "$ fastlane spaceauth -u bob@example.com\nPass the following via the FASTLANE_SESSION environment variable:\n"
        '---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: {v}\n  domain: apple.com\n  for_domain: true\n  path: "/"',
        lambda g: _rand(g, 96, HEX),
    ),
    (
        "rails-credentials-show",
        "$ bin/rails credentials:show\nsecret_key_base: {v}\naws:\n  access_key_id: AKIAIOSFODNN7EXAMPLE\n  secret_access_key: {w}",
        lambda g: _rand(g, 128, HEX),
    ),
    (
        "symfony-secrets-reveal",
        "$ php bin/console secrets:list --reveal\n\n ------------------- ------------------------------ -------------\n"
        "  Secret              Value                          Local Value\n"
        " ------------------- ------------------------------ -------------\n"
        '  DATABASE_PASSWORD   "{v}"\n'
        " ------------------- ------------------------------ -------------",
        lambda g: _rand(g, 24),
    ),
    (
        "kamal-secrets-print",
        "$ kamal secrets print\nKAMAL_REGISTRY_PASSWORD={v}\nDB_PASSWORD={w}",
        lambda g: "dckr_pat_" + _rand(g, 27, AN + "-_"),
    ),
    (
        "pm2-env",
        "$ pm2 env 0\nexec_mode: fork_mode\nNODE_ENV: production\nJWT_SECRET: {v}\nPORT: 3000",
        lambda g: _rand(g, 48, AN + "-_"),
    ),
    (
        "xkcdpass",
        "$ xkcdpass -n 5 -d -\n{v}",
        lambda g: "-".join(g.choice(_WORDS) for _ in range(5)),
    ),
    (
        "keeper-get",
        "$ keeper get 'Prod DB' --format=password\n{v}",
        lambda g: _rand(g, 20, AN + "!@#$%^&*"),
    ),
)


# Set 14, printed part: sealed; written beside `POSITIONS_HELD14` while the rules were being
# changed by someone who had not seen it, to be scored once. Commands and programs no set had:
# data platforms (Databricks tokens, Airflow's connections as YAML, Kaggle's and Hugging Face's
# token files, SAS's log), the R and Julia REPLs, Oracle's mkstore, PowerShell's credential and
# registry reads, Cloud Foundry's env, OPNsense's API key file, NetworkManager's connection
# files, Twilio's API keys, PayPal's and Adyen's token replies, OpenBao, OCI Vault's bundles,
# Cisco's running-config, Metabase's setup token, Mastodon's tootctl and MicroK8s' join
# command.
PRINTED_HELD14: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "databricks-tokens-create",
        '$ databricks tokens create --comment ci --lifetime-seconds 86400\n{{\n  "token_info": {{\n'
        '    "comment": "ci",\n    "creation_time": 1732701731000,\n    "expiry_time": 1732788131000,\n'
        '    "token_id": "5715498424f15ee0213be729257b53fc35a47d5953e3bdfd8ed22a0b93b339f4"\n  }},\n'
        '  "token_value": "{v}"\n}}',
        lambda g: "dapi" + _rand(g, 32, HEX),
    ),
    (
        "airflow-connections-yaml",
        "$ airflow connections get warehouse -o yaml\n- conn_id: warehouse\n  conn_type: postgres\n"
        "  description: ''\n  extra_dejson: {{}}\n  host: db\n  login: app\n  password: {v}\n  port: 5432\n  schema: app",
        lambda g: _rand(g, 20, AN + "!#%"),
    ),
    (
        "kaggle-json",
        '$ cat ~/.kaggle/kaggle.json\n{{"username":"bob","key":"{v}"}}',
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "hf-token-file",
        "$ cat ~/.cache/huggingface/token\n{v}",
        lambda g: "hf_" + _rand(g, 34),
    ),
    (
        "sas-log-let",
        "$ tail -n 4 etl.log\n13         %let api_key = {v};\n14         filename resp temp;\n"
        '15         proc http url="https://api.example.com/v1/export" out=resp;\n16         run;',
        lambda g: _rand(g, 32),
    ),
    (
        "r-getenv",
        '> Sys.getenv("SNOWFLAKE_PASSWORD")\n[1] "{v}"',
        lambda g: _rand(g, 18, AN + "!@#"),
    ),
    (
        "julia-env",
        'julia> ENV["GITHUB_TOKEN"]\n"{v}"',
        lambda g: "ghp_" + _rand(g, 36),
    ),
    (
        "mkstore-view-entry",
        "$ mkstore -wrl /u01/app/oracle/wallet -viewEntry oracle.security.client.password1\n"
        "Oracle Secret Store Tool Release 19.0.0.0.0 - Production\nVersion 19.4.0.0.0\n"
        "Copyright (c) 2004, 2019, Oracle and/or its affiliates. All rights reserved.\n\n"
        "Enter wallet password:\noracle.security.client.password1 = {v}",
        lambda g: _rand(g, 16, AN + "#_"),
    ),
    (
        "ps-network-credential",
        "PS C:\\> $cred = Import-Clixml C:\\secure\\svc.xml\nPS C:\\> $cred.GetNetworkCredential().Password\n{v}",
        lambda g: _rand(g, 20, AN + "!$%&"),
    ),
    (
        "ps-winlogon",
        "PS C:\\> Get-ItemProperty 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon' | "
        "Select-Object DefaultUserName, DefaultPassword\n\nDefaultUserName DefaultPassword\n"
        "--------------- ---------------\nkiosk           {v}",
        lambda g: _rand(g, 14, AN + "!"),
    ),
    (
        "cf-env",
        "$ cf env app\nGetting env variables for app app in org acme / space prod as bob...\n\nSystem-Provided:\n"
        'VCAP_SERVICES: {{\n  "p.mysql": [\n    {{\n      "credentials": {{\n        "hostname": "10.0.8.4",\n'
        '        "password": "{v}",\n        "username": "a1b2c3d4"\n      }}\n    }}\n  ]\n}}',
        lambda g: _rand(g, 32),
    ),
    (
        "opnsense-apikey",
        "$ cat ~/Downloads/apikey.txt\nkey={w}\nsecret={v}",
        lambda g: _rand(g, 80, AN + "+/"),
    ),
    (
        "nmconnection",
        "$ sudo cat /etc/NetworkManager/system-connections/Office.nmconnection\n[wifi]\nmode=infrastructure\n"
        "ssid=Office\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}",
        lambda g: _rand(g, 16, AN + "-!"),
    ),
    (
        "twilio-keys-create",
        "$ twilio api:core:keys:create --friendly-name ci\nSID                                 Friendly Name  "
        "Date Created                   Secret\nSK{w}  ci             Nov 27 2026 10:02:11 GMT+0000  {v}",
        lambda g: _rand(g, 32, AN),
    ),
    (
        "paypal-oauth-token",
        '$ curl -s -u "$PAYPAL_CLIENT_ID:$PAYPAL_SECRET" https://api-m.sandbox.paypal.com/v1/oauth2/token '
        "-d grant_type=client_credentials\n"
        '{{"scope":"https://uri.paypal.com/services/invoicing openid","access_token":"{v}","token_type":"Bearer",'
        '"app_id":"APP-80W284485P519543T","expires_in":32400,"nonce":"2026-11-27T10:02:11Z4kq"}}',
        lambda g: "A21AA" + _rand(g, 90, AN + "-_"),
    ),
    (
        "adyen-api-credential",
        "$ curl -s -X POST https://management-test.adyen.com/v3/companies/AcmeCorp/apiCredentials "
        '-H "x-api-key: $ADYEN_KEY" -d \'{{"roles": ["Checkout webservice role"]}}\' | jq .\n'
        '{{\n  "id": "S2-6262224A7B3D44",\n  "username": "ws_123456@Company.AcmeCorp",\n  "apiKey": "{v}",\n'
        '  "active": true\n}}',
        lambda g: "AQE" + _rand(g, 120, AN + "+/=-"),
    ),
    (
        "bao-kv-get",
        "$ bao kv get -field=password secret/app\n{v}",
        lambda g: _rand(g, 24, AN + "@%"),
    ),
    (
        "oci-secret-bundle",
        "$ oci secrets secret-bundle get --secret-id ocid1.vaultsecret.oc1.eu-frankfurt-1.amaaaaaa "
        "--query 'data.\"secret-bundle-content\".content' --raw-output\n{v}",
        lambda g: _b64(g, 40) + "==",
    ),
    (
        "cisco-running-config",
        "R1#show running-config | section line vty\nline vty 0 4\n password {v}\n login\n transport input ssh",
        lambda g: _rand(g, 12, AN + "!$"),
    ),
    (
        "tootctl-accounts-create",
        "$ RAILS_ENV=production bin/tootctl accounts create bob --email bob@example.com --confirmed --role Owner\n"
        "OK\nNew password: {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "metabase-setup-token",
        "$ curl -s http://localhost:3000/api/session/properties | jq -r '.\"setup-token\"'\n{v}",
        lambda g: _uuid(g),
    ),
    (
        "microk8s-add-node",
        "$ microk8s add-node\nFrom the node you wish to join to this cluster, run the following:\n"
        "microk8s join 10.0.0.5:25000/{v}/2c3d4e5f6a7b\n\n"
        "Use the '--worker' flag to join a node as a worker not running the control plane, eg:\n"
        "microk8s join 10.0.0.5:25000/{v}/2c3d4e5f6a7b --worker",
        lambda g: _rand(g, 32, HEX),
    ),
)


# Set 15, printed part: sealed; written beside `POSITIONS_HELD15` while the rules were being
# changed by someone who had not seen it, to be scored once. What an everyday session prints:
# CLIs that show a token or password on request (kubectl view-secret, terraform console, fly
# tokens and Postgres clusters, glab's and gh's auth status, gcloud's identity token,
# CodeArtifact, Heroku's authorizations and Postgres credentials, az's storage connection string,
# 1Password's `item get --reveal`, RDS auth tokens, Supabase's API keys, Stripe's webhook secret),
# an environment variable printed by docker exec, cmd's `echo %X%`, .NET's environment API,
# Python, Node and Ruby one-liners, frameworks' consoles (rails runner, artisan tinker, Django's
# shell) and CLI config files cat'ed (ngrok, gh).
PRINTED_HELD15: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("kubectl-view-secret", "$ kubectl view-secret db password\n{v}", lambda g: _rand(g, 18, AN + "!#")),
    (
        "terraform-console",
        '$ terraform console\n> nonsensitive(var.db_password)\n"{v}"\n> exit',
        lambda g: _rand(g, 20, AN + "!#%"),
    ),
    (
        "fly-tokens-create",
        "$ fly tokens create deploy -a app --expiry 720h\nFlyV1 fm2_{v}",
        lambda g: _b64(g, 160) + "==",
    ),
    (
        "glab-auth-status",
        "$ glab auth status --show-token\ngitlab.com\n  ✓ Logged in to gitlab.com as bob (/home/bob/.config/glab-cli/config.yml)\n"
        "  ✓ Git operations for gitlab.com configured to use https protocol.\n"
        "  ✓ API calls for gitlab.com are made over https protocol.\n"
        "  ✓ REST API Endpoint: https://gitlab.com/api/v4/\n  ✓ Token: {v}",
        lambda g: "glpat-" + _rand(g, 20, AN + "-_"),
    ),
    (
        "gh-auth-status",
        "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account bob (keyring)\n"
        "  - Active account: true\n  - Git operations protocol: https\n  - Token: {v}\n"
        "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
        lambda g: "gho_" + _rand(g, 36),
    ),
    (
        "gcloud-identity-token",
        "$ gcloud auth print-identity-token --audiences=https://api-abc123-ew.a.run.app\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6IjE2In0." + _rand(g, 400, AN + "-_") + "." + _rand(g, 342, AN + "-_"),
    ),
    (
        "codeartifact-token",
        "$ aws codeartifact get-authorization-token --domain acme --domain-owner 123456789012 "
        "--query authorizationToken --output text\n{v}",
        lambda g: "eyJ2ZXIiOjEsImlzdSI6MTczMjcwMTczMSwiZW5jIjoiQTEyOEdDTSIsInRhZyI6" + _rand(g, 300, AN + "-_."),
    ),
    (
        "heroku-authorizations-create",
        "$ heroku authorizations:create -d ci\nCreating OAuth Authorization... done\nClient:      <none>\n"
        "ID:          0f8fad5b-d9cb-469f-a165-70867728950e\nDescription: ci\nScope:       global\n"
        "Token:       {v}\nUpdated at:  Fri Nov 27 2026 10:02:11 GMT+0000 (less than a minute)",
        lambda g: "HRKU-AA" + _rand(g, 58, AN + "-_"),
    ),
    ("docker-exec-printenv", "$ docker exec api printenv SESSION_SECRET\n{v}", lambda g: _rand(g, 48, AN + "-_")),
    ("cmd-echo-percent", "C:\\src\\app>echo %OPENAI_API_KEY%\n{v}", lambda g: _rand(g, 40)),
    (
        "ps-get-environment-variable",
        "PS C:\\> [Environment]::GetEnvironmentVariable('DB_PASSWORD', 'User')\n{v}",
        lambda g: _rand(g, 16, AN + "!$%"),
    ),
    (
        "python-print-database-url",
        "$ python -c 'import os; print(os.environ[\"DATABASE_URL\"])'\npostgres://app:{v}@db.internal:5432/app",
        lambda g: _rand(g, 24),
    ),
    ("node-print-env", "$ node -p process.env.JWT_SECRET\n{v}", lambda g: _rand(g, 64, HEX)),
    ("ruby-print-env", "$ ruby -e 'puts ENV.fetch(\"STRIPE_SECRET_KEY\")'\n{v}", lambda g: "rk_live_" + _rand(g, 24)),
    (
        "rails-runner-credentials",
        "$ bin/rails runner 'puts Rails.application.credentials.dig(:sendgrid, :api_key)'\n{v}",
        lambda g: "SG." + _rand(g, 22, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "artisan-tinker-config",
        "$ php artisan tinker --execute=\"echo config('services.mailgun.secret');\"\n{v}",
        lambda g: _rand(g, 32, HEX) + "-" + _rand(g, 8, HEX) + "-" + _rand(g, 8, HEX),
    ),
    (
        "django-shell-secret-key",
        '$ python manage.py shell -c "from django.conf import settings; print(settings.SECRET_KEY)"\n{v}',
        lambda g: _rand(g, 50, "abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)"),
    ),
    (
        "stripe-listen-ready",
        "$ stripe listen --forward-to localhost:4242/webhook\n> Ready! You are using Stripe API Version [2024-06-20]. "
        "Your webhook signing secret is {v} (^C to quit)",
        lambda g: "whsec_" + _rand(g, 64, HEX),
    ),
    (
        "fly-postgres-create",
        "$ fly postgres create --name app-db --region ams\nPostgres cluster app-db created\n  Username:    postgres\n"
        "  Password:    {v}\n  Hostname:    app-db.internal\n  Flycast:     fdaa:0:1a2b:0:1::3\n  Proxy port:  5432\n"
        "  Postgres port:  5433\n  Connection string: postgres://postgres:{v}@app-db.flycast:5432",
        lambda g: _rand(g, 16),
    ),
    (
        "heroku-pg-credentials-url",
        "$ heroku pg:credentials:url DATABASE -a app\nConnection information for default credential.\n"
        'Connection info string:\n   "dbname=d8a1b2c3e4f5a6 host=ec2-3-1-2-3.compute-1.amazonaws.com port=5432 '
        'user=u4d5e6f7a8b9c0 password={v} sslmode=require"',
        lambda g: "p" + _rand(g, 64, HEX),
    ),
    (
        "az-storage-connection-string",
        '$ az storage account show-connection-string -g rg -n acct\n{{\n  "connectionString": '
        '"DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=acct;AccountKey={v}"\n}}',
        lambda g: _b64(g, 86) + "==",
    ),
    (
        "op-item-get-reveal",
        '$ op item get "Prod DB" --fields label=password --reveal\n{v}',
        lambda g: _rand(g, 24, AN + "-"),
    ),
    (
        "rds-generate-db-auth-token",
        "$ aws rds generate-db-auth-token --hostname app.c1a2b3.eu-west-1.rds.amazonaws.com --port 5432 --username app\n"
        "app.c1a2b3.eu-west-1.rds.amazonaws.com:5432/?Action=connect&DBUser=app&X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261127%2Feu-west-1%2Frds-db%2Faws4_request"
        "&X-Amz-Date=20261127T100211Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "supabase-api-keys",
        "$ supabase projects api-keys --project-ref abcdefghijklmnopqrst\n\n"
        "       NAME       |  KEY VALUE\n  -----------------|------------------------------\n"
        "    anon           | {w}\n    service_role   | {v}",
        lambda g: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(g, 160, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "ngrok-yml",
        '$ cat "$HOME/Library/Application Support/ngrok/ngrok.yml"\nversion: "3"\nagent:\n    authtoken: {v}',
        lambda g: "2" + _rand(g, 26) + "_" + _rand(g, 21),
    ),
    (
        "gh-hosts-yml",
        "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        bob:\n            oauth_token: {v}\n"
        "    git_protocol: https\n    oauth_token: {v}\n    user: bob",
        lambda g: "gho_" + _rand(g, 36),
    ),
)


# Set 16, printed part: sealed; written beside `POSITIONS_HELD16` while the rules were being
# changed by someone who had not seen it, to be scored once. What the less common corners of a
# session print: IaC and cluster CLIs that reveal a secret on request (Pulumi's
# `--show-secrets`, CloudFormation's output table, Nomad's `-item`, Consul's keygen), VPN and
# Wi-Fi tools (wg showconf, nmcli's `--show-secrets` and show-password), sync and cloud CLIs'
# created-key tables (rclone config show, Linode, DigitalOcean Spaces, Scaleway), bot and AI
# setup (BotFather's reply, llm keys, a NATS user's seed), setup wizards' generated passwords
# (Wazuh, Graylog, Pi-hole), a running service's config (RabbitMQ's eval, Spring's
# configprops, ESPHome's resolved config, PHP's getenv, EAS's sensitive variables) and failing
# tests' diffs (pytest, RSpec).
PRINTED_HELD16: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "pulumi-config-show-secrets",
        "$ pulumi config --show-secrets\nKEY              VALUE\naws:region       eu-west-1\napp:dbPassword   {v}",
        lambda g: _rand(g, 20, AN + "!#%"),
    ),
    (
        "pulumi-stack-output-show-secrets",
        "$ pulumi stack output --show-secrets dbConnectionString\n"
        "postgresql://app:{v}@app-db.c1a2b3.eu-west-1.rds.amazonaws.com:5432/app",
        lambda g: _rand(g, 24),
    ),
    (
        "cloudformation-outputs-table",
        "$ aws cloudformation describe-stacks --stack-name app --query 'Stacks[0].Outputs' --output table\n"
        "-------------------------------------------------------------\n"
        "|                       DescribeStacks                      |\n"
        "+----------------+------------------------------------------+\n"
        "|    OutputKey   |               OutputValue                |\n"
        "+----------------+------------------------------------------+\n"
        "|  DbEndpoint    |  app-db.c1a2b3.eu-west-1.rds.amazonaws.com |\n"
        "|  AdminPassword |  {v}                |\n"
        "+----------------+------------------------------------------+",
        lambda g: _rand(g, 24, AN + "#%"),
    ),
    ("nomad-var-get-item", "$ nomad var get -item=password nomad/jobs/mailer\n{v}", lambda g: _rand(g, 18)),
    ("consul-keygen", "$ consul keygen\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "wg-showconf",
        "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nFwMark = 0xca6c\nPrivateKey = {v}\n\n[Peer]\n"
        "PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\nAllowedIPs = 10.8.0.2/32",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "nmcli-show-secrets-field",
        "$ nmcli --show-secrets -g 802-11-wireless-security.psk connection show Home\n{v}",
        lambda g: _rand(g, 16),
    ),
    (
        "nmcli-show-password",
        "$ nmcli device wifi hotspot ifname wlan0 ssid Lab\n"
        "Device 'wlan0' successfully activated with '0f8fad5b-d9cb-469f-a165-70867728950e'.\n"
        'Hint: "nmcli dev wifi show-password" shows the Wi-Fi name and password.\n'
        "$ nmcli dev wifi show-password\nSSID: Lab\nSecurity: WPA\nPassword: {v}",
        lambda g: _rand(g, 8, "abcdefghijkmnpqrstuvwxyz23456789"),
    ),
    (
        "rclone-config-show",
        "$ rclone config show b2\n[b2]\ntype = b2\naccount = 0012345abcde0000000000001\nkey = {v}",
        lambda g: "K001" + _rand(g, 27, AN + "/+"),
    ),
    (
        "linode-object-storage-keys-create",
        "$ linode-cli object-storage keys-create --label ci\n"
        "┌────────┬───────┬──────────────────────┬──────────────────────────────────────────┐\n"
        "│ id     │ label │ access_key           │ secret_key                               │\n"
        "├────────┼───────┼──────────────────────┼──────────────────────────────────────────┤\n"
        "│ 123456 │ ci    │ 0A1B2C3D4E5F6G7H8I9J │ {v} │\n"
        "└────────┴───────┴──────────────────────┴──────────────────────────────────────────┘",
        lambda g: _rand(g, 40),
    ),
    (
        "doctl-spaces-keys-create",
        "$ doctl spaces keys create ci --grants 'bucket=;permission=fullaccess'\n"
        "Name    Access Key              Secret Key                                     Grants                           Created At\n"
        "ci      DO00ABCDEFGHIJKLMNOP    {v}    bucket=;permission=fullaccess    2026-11-27 10:02:11 +0000 UTC",
        lambda g: _b64(g, 43),
    ),
    (
        "scw-iam-api-key-create",
        "$ scw iam api-key create application-id=0f8fad5b-d9cb-469f-a165-70867728950e\n"
        "AccessKey          SCWABCDEFGHIJK123456\nSecretKey          {v}\n"
        "ApplicationID      0f8fad5b-d9cb-469f-a165-70867728950e\nDefaultProjectID   7c9e6679-7425-40de-944b-e07fc1f90ae7",
        _uuid,
    ),
    (
        "botfather-new-bot",
        "Done! Congratulations on your new bot. You will find it at t.me/acme_deploy_bot. You can now add a "
        "description, about section and profile picture for your bot, see /help for a list of commands.\n\n"
        "Use this token to access the HTTP API:\n{v}\n"
        "Keep your token secure and store it safely, it can be used by anyone to control your bot.",
        lambda g: str(g.randint(10**9, 10**10 - 1)) + ":" + _rand(g, 35, AN + "-_"),
    ),
    (
        "llm-keys-get",
        "$ llm keys get anthropic\n{v}",
        lambda g: "sk-ant-api03-" + _rand(g, 93, AN + "-_") + "AA",
    ),
    (
        "nsc-generate-creds",
        "$ nsc generate creds -a APP -n mailer\n-----BEGIN NATS USER JWT-----\n"
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.eyJqdGkiOiJBQkNEIn0.c2lnbmF0dXJl\n"
        "------END NATS USER JWT------\n\n************************* IMPORTANT *************************\n"
        "NKEY Seed printed below can be used to sign and prove identity.\nNKEYs are sensitive and should be treated as secrets.\n\n"
        "-----BEGIN USER NKEY SEED-----\n{v}\n------END USER NKEY SEED------",
        lambda g: "SUA" + _rand(g, 55, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
    ),
    (
        "wazuh-install-summary",
        "$ sudo bash wazuh-install.sh -a\n27/11/2026 10:02:11 INFO: --- Summary ---\n"
        "27/11/2026 10:02:11 INFO: You can access the web interface https://<wazuh-dashboard-ip>:443\n"
        "    User: admin\n    Password: {v}\n27/11/2026 10:02:11 INFO: Installation finished.",
        lambda g: _rand(g, 32, AN + ".*+?"),
    ),
    (
        "graylog-preflight",
        "$ docker logs graylog 2>&1 | grep -A1 'Initial configuration'\n"
        "Initial configuration is accessible at 0.0.0.0:9000, with username 'admin' and password '{v}'.",
        lambda g: _rand(g, 10, string.ascii_letters),
    ),
    (
        "pihole-install",
        "  [✓] Restarting services\n  [i] Installation complete!\n\n"
        "  Your Admin Webpage login password is {v}\n\n  To change it, run: pihole setpassword",
        lambda g: _rand(g, 8),
    ),
    (
        "rabbitmqctl-eval-default-pass",
        "$ rabbitmqctl eval 'application:get_env(rabbit, default_pass).'\n{{ok,<<\"{v}\">>}}",
        lambda g: _rand(g, 20),
    ),
    (
        "actuator-configprops",
        "$ curl -s localhost:8080/actuator/configprops | jq '.. | .password? // empty'\n\"{v}\"",
        lambda g: _rand(g, 18, AN + "!@"),
    ),
    (
        "esphome-config-encryption-key",
        "$ esphome config living_room.yaml | grep -A1 encryption\n  encryption:\n    key: {v}",
        lambda g: _b64(g, 43) + "=",
    ),
    ("php-r-getenv", "$ php -r 'echo getenv(\"MAIL_PASSWORD\"), PHP_EOL;'\n{v}", lambda g: _rand(g, 16)),
    (
        "eas-env-list-sensitive",
        "$ npx eas-cli env:list --environment production --include-sensitive\n"
        "Variables for this project for environment production:\n"
        "EXPO_PUBLIC_API_URL=https://api.example.com\nMAPBOX_DOWNLOADS_TOKEN=sk.{v}",
        lambda g: _rand(g, 80, AN + "."),
    ),
    (
        "pytest-dict-diff",
        "E       AssertionError: assert {{'user': 'bot', 'password': '***'}} == {{'user': 'bot', 'password': '{v}'}}\n"
        "E         Differing items:\nE         {{'password': '***'}} != {{'password': '{v}'}}",
        lambda g: _rand(g, 14, AN + "!#"),
    ),
    (
        "rspec-not-to-include",
        "  1) MailerSettings#to_s masks the password\n"
        "     Failure/Error: expect(settings.to_s).not_to include(password)\n"
        '       expected "smtp.example.com:587 bot/{v}" not to include "{v}"',
        lambda g: _rand(g, 16),
    ),
)


# Set 17, printed part: sealed; written beside `POSITIONS_HELD17` while the rules were being
# changed by someone who had not seen it, to be scored once. What secrets managers, CMS,
# identity and cloud CLIs print on request or on creation (Vault's dynamic database
# credentials and a token's JSON, Secrets Manager's random password, an IAM service-specific
# credential, a Doppler service token, an Azure app's reset credential and a SAS token, Key
# Vault's PowerShell plaintext, `net user /random`, LAPS, agenix's decryption, WP-CLI's config
# get and list, drush's sql:connect, one-time login link and install summary, Ghost's config
# get, Kibana's encryption keys, Elasticsearch's generated passwords, Auth0's revealed secret,
# Okta's env file, influx's token, Cloud Foundry's VCAP_SERVICES, Netlify's env:get, a raw
# kubeconfig token, BigQuery's transfer params, wrangler's .dev.vars) and what debugging prints
# (Jest's, Minitest's and ExUnit's diffs, Go's request dump, http.client's reply headers,
# HTTPie's verbose request, TypeORM's query log).
PRINTED_HELD17: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "vault-read-database-creds",
        "$ vault read database/creds/readonly\nKey                Value\n---                -----\n"
        "lease_id           database/creds/readonly/Xc3qPLm2Vd8sWk0RjTn5Yb1u\nlease_duration     1h\n"
        "lease_renewable    true\npassword           {v}\nusername           v-token-readonly-4Fq2ZmH8pLw1rTk9-1732701731",
        lambda g: "A1a-" + _rand(g, 20),
    ),
    (
        "vault-token-create-json",
        '$ vault token create -policy=ci -ttl=1h -format=json\n{{\n  "request_id": "0f8fad5b-d9cb-469f-a165-70867728950e",\n'
        '  "auth": {{\n    "client_token": "{v}",\n    "accessor": "8qH2mZ4kLp9sVb3nTx7cWr1d",\n'
        '    "policies": [\n      "ci",\n      "default"\n    ],\n    "lease_duration": 3600,\n    "renewable": true\n  }}\n}}',
        lambda g: "hvs.CAESI" + _rand(g, 86, AN + "_-"),
    ),
    (
        "secretsmanager-random-password",
        '$ aws secretsmanager get-random-password --password-length 32 --exclude-punctuation\n{{\n    "RandomPassword": "{v}"\n}}',
        lambda g: _rand(g, 32),
    ),
    (
        "iam-service-specific-credential",
        "$ aws iam create-service-specific-credential --user-name ci --service-name codecommit.amazonaws.com\n{{\n"
        '    "ServiceSpecificCredential": {{\n        "CreateDate": "2026-11-27T10:02:11+00:00",\n'
        '        "ServiceName": "codecommit.amazonaws.com",\n        "ServiceUserName": "ci-at-123456789012",\n'
        '        "ServicePassword": "{v}",\n        "ServiceSpecificCredentialId": "ACCAQEXAMPLE1234EXAMPLE",\n'
        '        "UserName": "ci",\n        "Status": "Active"\n    }}\n}}',
        lambda g: _rand(g, 44, AN + "+/="),
    ),
    (
        "doppler-service-token",
        "$ doppler configs tokens create ci --project mailer --config prd --plain\n{v}",
        lambda g: "dp.st.prd." + _rand(g, 43),
    ),
    (
        "az-ad-app-credential-reset",
        "$ az ad app credential reset --id 0f8fad5b-d9cb-469f-a165-70867728950e --append\n"
        "The output includes credentials that you must protect. Be sure that you do not include these credentials "
        "in your code or check the credentials into your source control.\n{{\n"
        '  "appId": "0f8fad5b-d9cb-469f-a165-70867728950e",\n  "password": "{v}",\n'
        '  "tenant": "7c9e6679-7425-40de-944b-e07fc1f90ae7"\n}}',
        lambda g: _rand(g, 3) + "8Q~" + _rand(g, 34, AN + "_.~-"),
    ),
    (
        "az-storage-generate-sas",
        "$ az storage container generate-sas --account-name acmedata --name exports --permissions rl --expiry 2026-12-31 -o tsv\n"
        "se=2026-12-31&sp=rl&sv=2022-11-02&sr=c&sig={v}",
        lambda g: _b64(g, 43) + "%3D",
    ),
    (
        "get-azkeyvaultsecret-plaintext",
        "PS C:\\> Get-AzKeyVaultSecret -VaultName kv-prod -Name smtp-pass -AsPlainText\n{v}",
        lambda g: _rand(g, 22, AN + "!$%"),
    ),
    (
        "net-user-random",
        "C:\\> net user svc-backup /random /add\nThe password for svc-backup is: {v}\n\nThe command completed successfully.",
        lambda g: _rand(g, 8, AN + "#%&*+-="),
    ),
    (
        "laps-password",
        "PS C:\\> Get-LapsADPassword -Identity PC-0142 -AsPlainText\n\n"
        "ComputerName        : PC-0142\nDistinguishedName   : CN=PC-0142,OU=Workstations,DC=corp,DC=example,DC=com\n"
        "Account             : Administrator\nPassword            : {v}\nPasswordUpdateTime  : 27/11/2026 10:02:11\n"
        "ExpirationTimestamp : 27/12/2026 10:02:11\nSource              : EncryptedPassword",
        lambda g: _rand(g, 14, AN + "{}[]#$%"),
    ),
    (
        "agenix-decrypt",
        "$ agenix -d secrets/smtp-pass.age -i ~/.ssh/id_ed25519\n{v}",
        lambda g: _rand(g, 24),
    ),
    (
        "wp-config-get",
        "$ wp config get DB_PASSWORD --path=/var/www/shop\n{v}",
        lambda g: _rand(g, 16, AN + "!@#^"),
    ),
    (
        "wp-config-list",
        "$ wp config list --fields=name,value --format=table\n+------------------+----------------------+\n"
        "| name             | value                |\n+------------------+----------------------+\n"
        "| DB_NAME          | shop                 |\n| DB_USER          | shop                 |\n"
        "| DB_PASSWORD      | {v}     |\n| DB_HOST          | db                   |\n+------------------+----------------------+",
        lambda g: _rand(g, 16),
    ),
    (
        "drush-sql-connect",
        "$ drush sql:connect\nmysql --user=drupal --password={v} --database=drupal --host=db --port=3306 -A",
        lambda g: _rand(g, 20),
    ),
    (
        "drush-uli",
        "$ drush uli --uri=https://cms.example.com\nhttps://cms.example.com/user/reset/1/1732701731/{v}/login",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "drush-site-install",
        "$ drush site:install standard -y\n [notice] Starting Drupal installation. This takes a while.\n"
        " [notice] Performed install task: install_select_language\n"
        " [success] Installation complete.  User name: admin  User password: {v}",
        lambda g: _rand(g, 10),
    ),
    (
        "ghost-config-get",
        "$ ghost config get database.connection.password\n{v}",
        lambda g: _rand(g, 20),
    ),
    (
        "kibana-encryption-keys",
        "$ bin/kibana-encryption-keys generate -q\nxpack.encryptedSavedObjects.encryptionKey: {v}\n"
        "xpack.reporting.encryptionKey: {w}\nxpack.security.encryptionKey: {w}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "elasticsearch-setup-passwords",
        "$ bin/elasticsearch-setup-passwords auto -b\nChanged password for user apm_system\nPASSWORD apm_system = {w}\n\n"
        "Changed password for user kibana_system\nPASSWORD kibana_system = {w}\n\n"
        "Changed password for user elastic\nPASSWORD elastic = {v}",
        lambda g: _rand(g, 20),
    ),
    (
        "auth0-apps-create-reveal",
        "$ auth0 apps create --name ci --type m2m --reveal-secrets\n\n  ID             8bJ2kL4mN6pQ8rS0tU2vW4xY6zA8bC0d\n"
        "  NAME           ci\n  TYPE           Machine to Machine\n  CLIENT SECRET  {v}\n  CALLBACKS\n",
        lambda g: _rand(g, 64, AN + "-_"),
    ),
    (
        "okta-env-file",
        "$ okta start spring-boot\n...\nOkta application configuration has been written to: /home/bob/okta-spring-boot/.okta.env\n"
        '$ cat .okta.env\nexport OKTA_OAUTH2_ISSUER="https://dev-123456.okta.com/oauth2/default"\n'
        'export OKTA_OAUTH2_CLIENT_ID="0oa1b2c3d4e5f6g7h8i9"\nexport OKTA_OAUTH2_CLIENT_SECRET="{v}"',
        lambda g: _rand(g, 64, AN + "-_"),
    ),
    (
        "influx-setup-output",
        "$ influx setup --username admin --org acme --bucket metrics --force\n"
        "User\tOrganization\tBucket\nadmin\tacme\t\tmetrics\n$ influx auth list --user admin --json | jq -r '.[0].token'\n{v}",
        lambda g: _rand(g, 86, AN + "-_") + "==",
    ),
    (
        "cf-env-vcap-services",
        "$ cf env mailer\nGetting env variables for app mailer in org acme / space prod as bob...\n\nSystem-Provided:\n"
        'VCAP_SERVICES: {{\n  "user-provided": [\n    {{\n      "credentials": {{\n        "host": "smtp.example.com",\n'
        '        "password": "{v}",\n        "username": "bot"\n      }},\n      "name": "smtp"\n    }}\n  ]\n}}',
        lambda g: _rand(g, 18),
    ),
    (
        "netlify-env-get",
        "$ netlify env:get SMTP_PASS --context production\n{v}",
        lambda g: _rand(g, 18, AN + "!#"),
    ),
    (
        "kubectl-config-view-raw",
        "$ kubectl config view --raw -o jsonpath='{{.users[?(@.name==\"ci\")].user.token}}'\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ." + _rand(g, 180, AN + "-_") + "." + _rand(g, 342, AN + "-_"),
    ),
    (
        "bq-show-transfer-params",
        "$ bq show --format=prettyjson --transfer_config projects/123/locations/eu/transferConfigs/6a1b\n{{\n"
        '  "dataSourceId": "amazon_s3",\n  "params": {{\n    "access_key_id": "AKIAIOSFODNN7EXAMPLE",\n'
        '    "data_path": "s3://raw/*",\n    "secret_access_key": "{v}"\n  }}\n}}',
        lambda g: _rand(g, 40, AN + "/+"),
    ),
    (
        "jest-toequal-diff",
        "    expect(received).toEqual(expected) // deep equality\n\n    - Expected  - 1\n    + Received  + 1\n\n"
        '      Object {{\n    -   "password": "[redacted]",\n    +   "password": "{v}",\n        "user": "bot",\n      }}',
        lambda g: _rand(g, 15, AN + "!#"),
    ),
    (
        "minitest-diff",
        "  1) Failure:\nMailerConfigTest#test_masks_password [test/mailer_config_test.rb:12]:\n"
        '--- expected\n+++ actual\n@@ -1 +1 @@\n-"smtp://bot:***@smtp.example.com"\n+"smtp://bot:{v}@smtp.example.com"',
        lambda g: _rand(g, 15),
    ),
    (
        "exunit-assertion",
        "  1) test redacts the token (Api.ClientTest)\n     test/api/client_test.exs:21\n     Assertion with == failed\n"
        '     code:  assert Client.headers(c) == [{{"authorization", "Bearer [FILTERED]"}}]\n'
        '     left:  [{{"authorization", "Bearer {v}"}}]\n     right: [{{"authorization", "Bearer [FILTERED]"}}]',
        lambda g: _rand(g, 40),
    ),
    (
        "go-dumprequest",
        "2026/11/27 10:02:11 request:\nGET /v1/orders HTTP/1.1\r\nHost: api.example.com\r\nUser-Agent: Go-http-client/1.1\r\n"
        "X-Api-Key: {v}\r\nAccept-Encoding: gzip\r\n\r\n",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "http-client-debuglevel-reply",
        "send: b'POST /session HTTP/1.1\\r\\nHost: shop.example.com\\r\\nContent-Length: 31\\r\\n\\r\\n'\n"
        "reply: 'HTTP/1.1 302 Found\\r\\n'\nheader: Location: /account\n"
        "header: Set-Cookie: _shop_session={v}; path=/; secure; HttpOnly; SameSite=Lax",
        lambda g: _rand(g, 48, AN + "%-"),
    ),
    (
        "httpie-verbose",
        "$ http -v POST api.example.com/v1/jobs name=nightly\nPOST /v1/jobs HTTP/1.1\nAccept: application/json, */*;q=0.5\n"
        "Accept-Encoding: gzip, deflate\nAuthorization: Bearer {v}\nConnection: keep-alive\nContent-Type: application/json\n"
        "Host: api.example.com\nUser-Agent: HTTPie/3.2.4",
        lambda g: _rand(g, 40, AN + "_"),
    ),
    (
        "wrangler-dev-vars-cat",
        "$ npx wrangler dev\n⛅️ wrangler 3.90.0\nUsing vars defined in .dev.vars\nYour worker has access to the following bindings:\n"
        '- Vars:\n  - WEBHOOK_HMAC: "(hidden)"\n$ cat .dev.vars\nWEBHOOK_HMAC={v}',
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "typeorm-migration-query-log",
        "$ npx typeorm migration:run -d dist/data-source.js\nquery: SELECT * FROM current_schema()\n"
        'query: SELECT * FROM "migrations" "migrations" ORDER BY "id" DESC\n'
        "1 migrations are new migrations must be executed.\nquery: START TRANSACTION\n"
        "query: CREATE ROLE \"reporting\" LOGIN PASSWORD '{v}'\n"
        'query: INSERT INTO "migrations"("timestamp", "name") VALUES ($1, $2) -- PARAMETERS: [1732701731000,"AddReportingRole1732701731000"]\n'
        "Migration AddReportingRole1732701731000 has been  executed successfully.\nquery: COMMIT",
        lambda g: _rand(g, 20),
    ),
)


# Set 18, printed part: sealed; written beside `POSITIONS_HELD18` while the rules were being
# changed by someone who had not seen it, to be scored once. What the mainstream stacks print
# on request, on creation or while debugging (Rails' credentials:show and a runner, Django's
# DRF token and shell, Laravel's tinker and config:show, Spring's actuator env, ASP.NET's
# user-secrets as JSON, Symfony's secrets:list --reveal, a Next.js build's env dump, Node's
# console.table, SQLAlchemy's URL with its password), infrastructure tools' outputs
# (terraform's JSON and console, Pulumi's config, Helm's values and notes, kubectl's
# go-template and describe, docker compose config, docker inspect), cloud CLIs' issued
# credentials (STS, Azure ACR and storage, a GCP service-account key through jq, DigitalOcean
# databases, Supabase, Fly's Postgres), CI logs (Jenkins' `set -x` trace, `printenv`), and
# test runners' output (pytest's --showlocals, RSpec's diff, Go's testing).
PRINTED_HELD18: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "rails-credentials-show-nested",
        "$ EDITOR=cat bin/rails credentials:show --environment production\nsmtp:\n  user_name: apikey\n"
        "  password: {v}\nstripe:\n  publishable_key: pk_live_51Hx3fQ2eZvKYlo2C",
        lambda g: "SG." + _rand(g, 22, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "rails-runner-puts",
        "$ bin/rails runner 'puts ApiKey.create!(name: \"ci\").plaintext'\n{v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "drf-create-token",
        "$ python manage.py drf_create_token ci-bot\nGenerated token {v} for user ci-bot",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "django-shell-settings",
        "$ python manage.py shell -c \"from django.conf import settings; print(settings.DATABASES['default'])\"\n"
        "{{'ENGINE': 'django.db.backends.postgresql', 'NAME': 'shop', 'USER': 'shop', 'PASSWORD': '{v}', 'HOST': 'pg', 'PORT': '5432'}}",
        lambda g: _rand(g, 18),
    ),
    (
        "laravel-tinker-config",
        '$ php artisan tinker --execute="dump(config(\'services.stripe\'))"\narray:2 [\n  "key" => "pk_live_51Hx3fQ2eZvKYlo2C"\n'
        '  "secret" => "{v}"\n]',
        lambda g: "sk_live_" + _rand(g, 99),
    ),
    (
        "laravel-config-show",
        "$ php artisan config:show database.connections.pgsql\n\n  database.connections.pgsql ...................................\n"
        "  driver ........................................................ pgsql\n"
        "  host .......................................................... pg\n"
        "  password ...................................................... {v}\n"
        "  username ...................................................... shop",
        lambda g: _rand(g, 16),
    ),
    (
        "spring-actuator-env",
        '$ curl -s localhost:8081/actuator/env/spring.datasource.password\n{{"property":{{"source":"systemEnvironment","value":"{v}"}},'
        '"activeProfiles":["prod"],"defaultProfiles":["default"]}}',
        lambda g: _rand(g, 20),
    ),
    (
        "symfony-secrets-reveal",
        "$ php bin/console secrets:list --reveal\n\n ------------------ -------- ---------------------- \n"
        "  Secret             Value    Local Value           \n ------------------ -------- ---------------------- \n"
        '  DATABASE_PASSWORD  "{v}"                         \n ------------------ -------- ---------------------- ',
        lambda g: _rand(g, 16),
    ),
    (
        "next-build-env-dump",
        "$ npm run build\n> shop@0.1.0 build\n> next build\n\n  ▲ Next.js 15.0.3\n  - Environments: .env.production\n"
        "env check: {{ NODE_ENV: 'production', STRIPE_SECRET_KEY: '{v}' }}",
        lambda g: "sk_live_" + _rand(g, 99),
    ),
    (
        "terraform-output-json",
        '$ terraform output -json | jq -c .db_password\n{{"sensitive":true,"type":"string","value":"{v}"}}',
        lambda g: _rand(g, 24, AN + "!#$%&*()-_=+[]<>:?"),
    ),
    (
        "terraform-console-nonsensitive",
        '$ echo "nonsensitive(random_password.db.result)" | terraform console\n"{v}"',
        lambda g: _rand(g, 24, AN + "!#$%&*()-_=+[]<>:?"),
    ),
    (
        "pulumi-config-show-secrets",
        "$ pulumi config --show-secrets\nKEY              VALUE\naws:region       eu-west-1\nshop:dbPassword  {v}\nshop:dbUser      shop",
        lambda g: _rand(g, 20),
    ),
    (
        "helm-get-values-all",
        "$ helm get values shop-pg -n shop --all -o yaml\narchitecture: standalone\nauth:\n  database: shop\n  enablePostgresUser: true\n"
        "  password: {v}\n  postgresPassword: {w}\n  username: shop",
        lambda g: _rand(g, 10),
    ),
    (
        "helm-install-notes",
        '$ helm install mq bitnami/rabbitmq\n...\nCredentials:\n    echo "Username      : user"\n'
        '    echo "Password      : $(kubectl get secret --namespace default mq-rabbitmq -o jsonpath="{{.data.rabbitmq-password}}" | base64 -d)"\n'
        '$ echo "Password      : $(kubectl get secret --namespace default mq-rabbitmq -o jsonpath="{{.data.rabbitmq-password}}" | base64 -d)"\n'
        "Password      : {v}",
        lambda g: _rand(g, 16),
    ),
    (
        "kubectl-get-secret-go-template",
        "$ kubectl get secret shop-db -n shop -o go-template='{{{{range $k,$v := .data}}}}{{{{$k}}}}={{{{$v|base64decode}}}}{{{{\"\\n\"}}}}{{{{end}}}}'\n"
        "host=pg.shop.svc\npassword={v}\nusername=shop",
        lambda g: _rand(g, 20),
    ),
    (
        "kubectl-describe-pod-env",
        "$ kubectl describe pod shop-api-7d9f8b6c5-x2k4q -n shop\n...\n    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n"
        "      SMTP_PASSWORD:           {v}\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8k2lq (ro)",
        lambda g: _rand(g, 16),
    ),
    (
        "docker-compose-config",
        "$ docker compose config\nname: shop\nservices:\n  db:\n    environment:\n      MARIADB_DATABASE: shop\n"
        "      MARIADB_PASSWORD: {v}\n      MARIADB_USER: shop\n    image: mariadb:11",
        lambda g: _rand(g, 18),
    ),
    (
        "docker-inspect-env-format",
        "$ docker inspect -f '{{{{range .Config.Env}}}}{{{{println .}}}}{{{{end}}}}' shop-api-1\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\n"
        "NODE_ENV=production\nSESSION_SECRET={v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "sts-assume-role",
        "$ aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deploy --role-session-name ci\n{{\n"
        '    "Credentials": {{\n        "AccessKeyId": "ASIAIOSFODNN7EXAMPLE",\n        "SecretAccessKey": "{v}",\n'
        '        "SessionToken": "IQoJb3JpZ2luX2VjEJr//////////wEaCWV1LXdlc3QtMSJHMEUCIQ",\n'
        '        "Expiration": "2026-11-27T11:02:11+00:00"\n    }}\n}}',
        lambda g: _rand(g, 40, AN + "/+"),
    ),
    (
        "az-acr-credential-show",
        "$ az acr credential show -n acmeshop -o table\nUSERNAME    PASSWORD                                              PASSWORD2\n"
        "----------  ----------------------------------------------------  ----------------------------------------------------\n"
        "acmeshop    {v}  {w}",
        lambda g: _rand(g, 52, AN + "+/"),
    ),
    (
        "az-storage-connection-string",
        "$ az storage account show-connection-string -n acmeshopdata -o tsv\n"
        "DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=acmeshopdata;AccountKey={v};BlobEndpoint=https://acmeshopdata.blob.core.windows.net/",
        lambda g: _b64(g, 86) + "==",
    ),
    (
        "gcp-sa-key-jq",
        "$ gcloud iam service-accounts keys create - --iam-account=ci@acme-shop.iam.gserviceaccount.com | jq -r .private_key\n"
        "-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        lambda g: "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + _b64(g, 32),
    ),
    (
        "doctl-databases-connection",
        "$ doctl databases connection 9cc10173-e9ea-4176-9dbc-a4cee4c4ff30 --format URI --no-header\n"
        "postgresql://doadmin:{v}@shop-pg-do-user-1234567-0.b.db.ondigitalocean.com:25060/defaultdb?sslmode=require",
        lambda g: "AVNS_" + _rand(g, 19, AN + "_-"),
    ),
    (
        "supabase-projects-api-keys",
        "$ supabase projects api-keys --project-ref abcdefghijklmnopqrst\n\n  NAME         │ KEY VALUE\n"
        "  ─────────────┼──────────────────────────────────────\n  anon         │ eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.anon\n"
        "  service_role │ {v}",
        lambda g: "sb_secret_" + _rand(g, 32, AN + "_-"),
    ),
    (
        "fly-postgres-create",
        "$ fly postgres create --name shop-db --region ams\n...\nPostgres cluster shop-db created\n"
        "  Connection string: postgres://postgres:{v}@shop-db.flycast:5432\n"
        "Save your credentials in a secure place -- you won't be able to see them again!",
        lambda g: _rand(g, 16),
    ),
    (
        "dotnet-user-secrets-list-json",
        '$ dotnet user-secrets list --json\n//BEGIN\n{{\n  "Stripe:SecretKey": "{v}",\n'
        '  "Stripe:PublishableKey": "pk_test_TYooMQauvdEDq54NiTphI7jx"\n}}\n//END',
        lambda g: "sk_test_" + _rand(g, 24),
    ),
    (
        "jenkins-console-set-x",
        "Started by user Bob\n[Pipeline] sh\n+ export NEXUS_PASSWORD={v}\n+ NEXUS_PASSWORD={v}\n+ mvn -B deploy\n[INFO] Scanning for projects...",
        lambda g: _rand(g, 14),
    ),
    (
        "ci-printenv-sorted",
        "$ printenv | sort\nHOME=/root\nHOSTNAME=runner-xk2s9-project-42\nNPM_CONFIG_//registry.npmjs.org/:_authToken={v}\nPATH=/usr/local/bin:/usr/bin:/bin",
        lambda g: "npm_" + _rand(g, 36),
    ),
    (
        "pytest-showlocals",
        "    def test_login(client):\n        user = make_user()\n>       assert client.login(username=user.username, password=pw)\nE       assert False\n\n"
        "client     = <django.test.client.Client object at 0x7f3a2c1d9e50>\npw         = '{v}'\nuser       = <User: bob>\n\n"
        "shop/tests/test_auth.py:14: AssertionError",
        lambda g: _rand(g, 14),
    ),
    (
        "rspec-eq-diff",
        "  1) SmtpConfig#to_h masks the password\n     Failure/Error: expect(config.to_h).to eq(expected)\n\n"
        '       expected: {{:host=>"smtp.example.com", :password=>"[FILTERED]"}}\n'
        '            got: {{:host=>"smtp.example.com", :password=>"{v}"}}',
        lambda g: _rand(g, 14),
    ),
    (
        "go-test-errorf",
        '--- FAIL: TestLoadConfig (0.00s)\n    config_test.go:31: LoadConfig().DB.Password = "{v}", want ""\nFAIL\nexit status 1\n'
        "FAIL\tgithub.com/acme/shop/internal/config\t0.004s",
        lambda g: _rand(g, 16),
    ),
    (
        "node-console-log-config",
        "$ node -e \"console.table(require('./config').db)\"\n┌──────────┬────────────────────┐\n│ (index)  │ Values             │\n"
        "├──────────┼────────────────────┤\n│ host     │ 'pg'               │\n│ user     │ 'shop'             │\n│ password │ '{v}' │\n"
        "└──────────┴────────────────────┘",
        lambda g: _rand(g, 16),
    ),
    (
        "sqlalchemy-url-repr-hide-false",
        '>>> engine.url.render_as_string(hide_password=False)\n"postgresql+psycopg://shop:{v}@pg:5432/shop"',
        lambda g: _rand(g, 16),
    ),
)


# Set 19, printed part: sealed; written beside `POSITIONS_HELD19` while the rules were being
# changed by someone who had not seen it, to be scored once. Structured output that tools print
# with a secret's name and its value apart (a table's name and value columns, a JSON or YAML
# record's sibling fields, a key/value list) or with no name at all: cloud CLIs' settings,
# keys and credentials (az, aws, gcloud), GitHub's CLI, kubectl and its plugins and decoders,
# secret stores' reads (vault, doppler, op, Bitwarden, chamber, sops, infisical, dotenvx),
# platforms' config outputs (Heroku, Railway, Fly, Netlify, Supabase), infrastructure tools'
# outputs (Pulumi, Helm, Terraform's JSON), a Stripe CLI response, git's credential helper and
# an HTTP client's debug dump.
# The encoded header of an HS256 JWT: the start of the tokens some of these outputs print.
_JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
PRINTED_HELD19: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "az-appsettings-table",
        "$ az webapp config appsettings list -g rg-shop -n shop-api -o table\nName                      SlotSetting    Value\n"
        "------------------------  -------------  --------------------\nWEBSITE_RUN_FROM_PACKAGE  False          1\n"
        "SMTP_PASS                 False          {v}",
        lambda g: _rand(g, 20),
    ),
    (
        "az-acr-credential-show",
        "$ az acr credential show -n acmereg -o yaml\npasswords:\n- name: password\n  value: {v}\n- name: password2\n  value: {w}\n"
        "username: acmereg",
        lambda g: _rand(g, 52, AN + "+/"),
    ),
    (
        "az-storage-keys-list",
        "$ az storage account keys list -n shopassets -g rg-shop -o table\nCreationTime                      KeyName    Permissions    Value\n"
        "--------------------------------  ---------  -------------  -----\n2026-11-20T09:12:44.123456+00:00  key1       FULL           {v}\n"
        "2026-11-20T09:12:44.123456+00:00  key2       FULL           {w}",
        lambda g: _b64(g, 86) + "==",
    ),
    (
        "az-cosmosdb-keys",
        '$ az cosmosdb keys list -n shop-cosmos -g rg-shop --type keys\n{{\n  "primaryMasterKey": "{v}",\n'
        '  "primaryReadonlyMasterKey": "{w}",\n  "secondaryMasterKey": "{w}"\n}}',
        lambda g: _b64(g, 86) + "==",
    ),
    (
        "az-keyvault-show-tsv",
        '$ az keyvault secret show --vault-name kv-shop --name smtp-pass --query "value" --output tsv\n{v}',
        lambda g: _rand(g, 24, AN + "!#%"),
    ),
    (
        "aws-apigateway-api-keys",
        "$ aws apigateway get-api-keys --include-values --query 'items[?name==`partner`]'\n[\n    {{\n"
        '        "id": "k3x9q2w7e1",\n        "value": "{v}",\n        "name": "partner",\n        "enabled": true\n    }}\n]',
        lambda g: _rand(g, 40),
    ),
    (
        "aws-ecs-task-env",
        "$ aws ecs describe-task-definition --task-definition mailer:12 --query 'taskDefinition.containerDefinitions[0].environment'\n"
        "--output yaml\n- name: SMTP_PASS\n  value: {v}\n- name: SMTP_HOST\n  value: smtp.example.com",
        lambda g: _rand(g, 20),
    ),
    (
        "aws-lambda-env",
        '$ aws lambda get-function-configuration --function-name mailer --query Environment\n{{\n    "Variables": {{\n'
        '        "SMTP_HOST": "smtp.example.com",\n        "SMTP_PASS": "{v}"\n    }}\n}}',
        lambda g: _rand(g, 18),
    ),
    (
        "aws-cognito-client-secret",
        "$ aws cognito-idp describe-user-pool-client --user-pool-id eu-west-1_AbCdEfGhI --client-id 5k3j2h1g0f9e8d7c6b5a4z3y2x\n"
        '{{\n    "UserPoolClient": {{\n        "UserPoolId": "eu-west-1_AbCdEfGhI",\n        "ClientName": "shop-web",\n'
        '        "ClientId": "5k3j2h1g0f9e8d7c6b5a4z3y2x",\n        "ClientSecret": "{v}",\n        "RefreshTokenValidity": 30',
        lambda g: _rand(g, 51, string.ascii_lowercase + string.digits),
    ),
    (
        "aws-ssm-table",
        "$ aws ssm get-parameters --names /shop/prod/db-password --with-decryption --output table\n"
        "-------------------------------------------------\n|                 GetParameters                 |\n"
        "+-----------------------------------------------+\n||                 Parameters                  ||\n"
        "|+-----------+---------------------------------+|\n||  Name     |  /shop/prod/db-password         ||\n"
        "||  Type     |  SecureString                   ||\n||  Value    |  {v}           ||\n"
        "||  Version  |  4                              ||",
        lambda g: _rand(g, 18),
    ),
    (
        "aws-rds-auth-token",
        "$ aws rds generate-db-auth-token --hostname shop.abc123.eu-west-1.rds.amazonaws.com --port 5432 --username iam_app\n"
        "shop.abc123.eu-west-1.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_app&X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=ASIAIOSFODNN7EXAMPLE%2F20261127%2Feu-west-1%2Frds-db%2Faws4_request&X-Amz-Date=20261127T100211Z"
        "&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Security-Token={v}",
        lambda g: "IQoJb3JpZ2luX2VjE" + _rand(g, 140, AN + "%"),
    ),
    (
        "gcloud-adc-access-token",
        "$ gcloud auth print-identity-token ci@acme-shop.iam.gserviceaccount.com --audiences=https://shop-api.example.com --include-email\n{v}",
        lambda g: _JWT + _rand(g, 220, AN + "-_") + "." + _rand(g, 342, AN + "-_"),
    ),
    (
        "gh-auth-status-show-token",
        "$ gh auth status --show-token --hostname github.example.com\ngithub.example.com\n"
        "  ✓ Logged in to github.example.com account bob (GH_ENTERPRISE_TOKEN)\n  - Active account: true\n"
        "  - Git operations protocol: ssh\n  - Token: {v}",
        lambda g: "gho_" + _rand(g, 36),
    ),
    (
        "kubectl-view-secret",
        "$ kubectl view-secret shop-db password -n shop\n{v}",
        lambda g: _rand(g, 20),
    ),
    (
        "kubectl-yq-base64d",
        "$ kubectl get secret shop-db -n shop -o yaml | yq '.data |= with_entries(.value |= @base64d)'\napiVersion: v1\n"
        "data:\n  smtp-pass: {v}\n  smtp-user: mailer\nkind: Secret",
        lambda g: _rand(g, 22),
    ),
    (
        "kubectl-config-view-raw",
        "$ kubectl config view --raw --minify -o go-template='{{{{(index .users 0).user.token}}}}'\n{v}",
        lambda g: _JWT + _rand(g, 180, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "vault-kv-yaml",
        "$ vault kv get -format=yaml -mount=secret shop/smtp\ndata:\n  data:\n    pass: {v}\n    user: mailer\n  metadata:\n"
        '    created_time: "2026-11-27T10:02:11.412345Z"\n    version: 4',
        lambda g: _rand(g, 22),
    ),
    (
        "vault-kv-json-jq",
        '$ vault kv get -format=json -mount=secret shop/stripe | jq -r .data.data\n{{\n  "secret_key": "{v}",\n'
        '  "publishable_key": "pk_live_51Hx3fQ2eZvKYlo2C"\n}}',
        lambda g: "sk_live_" + _rand(g, 99),
    ),
    (
        "op-field-json",
        "$ op item get Stripe --vault Ops --format json | jq '.fields[] | select(.label==\"credential\")'\n{{\n"
        '  "id": "credential",\n  "type": "CONCEALED",\n  "label": "credential",\n  "value": "{v}",\n'
        '  "reference": "op://Ops/Stripe/credential"\n}}',
        lambda g: "rk_live_" + _rand(g, 99),
    ),
    (
        "bw-get-item",
        '$ bw get item "Prod DB"\n{{"object":"item","id":"0f8fad5b-d9cb-469f-a165-70867728950e","type":1,"name":"Prod DB",'
        '"login":{{"username":"shop","password":"{v}","totp":null}}}}',
        lambda g: _rand(g, 20, AN + "!@#$%^&*"),
    ),
    (
        "doppler-get-table",
        "$ doppler secrets get SMTP_PASS --project mailer --config prd\n┌───────────┬──────────────────────────┬──────┐\n"
        "│ NAME      │ VALUE                    │ NOTE │\n├───────────┼──────────────────────────┼──────┤\n"
        "│ SMTP_PASS │ {v}     │      │\n└───────────┴──────────────────────────┴──────┘",
        lambda g: _rand(g, 20),
    ),
    (
        "infisical-table",
        "$ infisical secrets --env=prod\n┌─────────────┬──────────────────────────┬─────────────┐\n"
        "│ SECRET NAME │ SECRET VALUE             │ SECRET TYPE │\n├─────────────┼──────────────────────────┼─────────────┤\n"
        "│ SMTP_HOST   │ smtp.example.com         │ shared      │\n│ SMTP_PASS   │ {v}     │ shared      │",
        lambda g: _rand(g, 20),
    ),
    (
        "dotenvx-get",
        "$ dotenvx get -f .env.production SMTP_PASS\n{v}",
        lambda g: _rand(g, 24),
    ),
    (
        "chamber-export-json",
        '$ chamber export shop --format json\n{{"db_password":"{v}","smtp_host":"smtp.example.com"}}',
        lambda g: _rand(g, 20),
    ),
    (
        "sops-extract",
        '$ sops -d --extract \'["smtp"]["password"]\' secrets/prod.sops.yaml\n{v}',
        lambda g: _rand(g, 22),
    ),
    (
        "heroku-config-json",
        '$ heroku config --json -a shop\n{{\n  "DATABASE_URL": "postgres://u1a2b3c4d5e6f7:{v}@c5d6e7.eu-west-1.compute.amazonaws.com:5432/d7e8f9a0b1c2d3",\n'
        '  "WEB_CONCURRENCY": "2"\n}}',
        lambda g: "p" + _rand(g, 64, HEX),
    ),
    (
        "railway-variables-box",
        "$ railway variables\n╔══════════════════════════ Variables for shop ══════════════════════════╗\n"
        "║ PGHOST              │ postgres.railway.internal                         ║\n"
        "║──────────────────────────────────────────────────────────────────────────║\n"
        "║ PGPASSWORD          │ {v}                  ║\n"
        "║──────────────────────────────────────────────────────────────────────────║\n"
        "║ PGUSER              │ postgres                                          ║",
        lambda g: _rand(g, 32),
    ),
    (
        "fly-ssh-printenv",
        "$ fly ssh console -a shop -C 'printenv SMTP_PASS'\nConnecting to fdaa:0:3b9c:a7b:1::2... complete\n{v}",
        lambda g: _rand(g, 20),
    ),
    (
        "netlify-env-get",
        "$ netlify env:get SMTP_PASS --context production --scope functions\n{v}",
        lambda g: _rand(g, 20),
    ),
    (
        "supabase-api-keys",
        "$ supabase projects api-keys --project-ref abcdefghijklmnopqrst\n\n  \n        NAME       |                KEY VALUE\n"
        "  ---------------|------------------------------------------\n    anon         | "
        + _JWT
        + "eyJpc3MiOiJzdXBhYmFzZSJ9.c2lnbmF0dXJl\n"
        "    service_role | {v}",
        lambda g: _JWT + _rand(g, 140, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "pulumi-output-show-secrets",
        '$ pulumi stack output --show-secrets --json\n{{\n  "dbEndpoint": "shop.cluster-abc123.eu-west-1.rds.amazonaws.com",\n'
        '  "dbMasterPassword": "{v}"\n}}',
        lambda g: _rand(g, 24),
    ),
    (
        "helm-get-values-json",
        '$ helm get values mq -n shop --all -o json\n{{"architecture":"standalone","auth":{{"database":"shop","erlangCookie":"{w}",'
        '"password":"{v}","username":"shop"}}}}',
        lambda g: _rand(g, 24),
    ),
    (
        "terraform-random-password",
        "$ terraform show -json | jq -r '.values.root_module.resources[] | select(.type==\"random_password\") | .values.result'\n{v}",
        lambda g: _rand(g, 24, AN + "!#$%&*()-_=+[]<>:?"),
    ),
    (
        "stripe-webhook-create",
        '$ stripe webhook_endpoints create --url https://shop.example.com/hooks/stripe -d "enabled_events[]=charge.succeeded"\n'
        "  | jq -c '{{id, secret, status}}'\n"
        '{{"id":"we_1QabcDEF2ghIJK3lmnOPq4rs","secret":"{v}","status":"enabled"}}',
        lambda g: "whsec_" + _rand(g, 32),
    ),
    (
        "git-credential-fill",
        "$ printf 'protocol=https\\nhost=gitlab.example.com\\n\\n' | git credential fill\nprotocol=https\nhost=gitlab.example.com\n"
        "username=oauth2\npassword={v}",
        lambda g: "glpat-" + _rand(g, 20, AN + "-_"),
    ),
    (
        "http-client-send-dump",
        "send: b'POST /v1/tokens HTTP/1.1\\r\\nHost: api.example.com\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n"
        "Content-Length: 128\\r\\n\\r\\n'\n"
        "send: b'grant_type=client_credentials&client_id=shop-api&client_secret={v}&audience=https%3A%2F%2Fapi.example.com'\n"
        "reply: 'HTTP/1.1 200 OK\\r\\n'",
        lambda g: _rand(g, 40),
    ),
)

# Set 20, printed part: sealed; written beside `POSITIONS_HELD20` while the rules were being
# changed by someone who had not seen it, to be scored once. Credentials that servers, tools and
# ORMs print into logs and debug output with their name elsewhere in the log or nowhere: first
# boot banners, generated passwords and keys in container logs, bound parameters of a statement
# that creates a user or a key, HTTP debug dumps of token responses, audit records of rotations,
# structured logs whose field name sits in a sibling field, and CLIs' token and login outputs.
PRINTED_HELD20: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "spring-security-generated-password",
        "2026-11-27T10:40:00.118Z  WARN 4412 --- [main] .s.s.UserDetailsServiceAutoConfiguration :\n\n"
        "Using generated security password: {v}\n\nThis generated password is for development use only.",
        _uuid,
    ),
    (
        "mongo-express-basic-auth",
        'mongo-express-1  | basicAuth credentials are "admin:{v}", it is recommended you change this in your config.js!',
        lambda g: _rand(g, 16),
    ),
    (
        "rabbitmq-definitions-import-log",
        "2026-11-27 10:40:40.118 [info] <0.812.0> Importing definitions from /etc/rabbitmq/definitions.json\n"
        "2026-11-27 10:40:40.119 [debug] <0.812.0> user 'shop' password hash input: {v}",
        lambda g: _rand(g, 24),
    ),
    (
        "keycloak-bootstrap-log",
        "keycloak-1  | 2026-11-27 10:41:00,118 INFO  [org.keycloak.services] (main) KC-SERVICES0077: Created temporary admin user with username admin\n"
        "keycloak-1  | 2026-11-27 10:41:00,119 DEBUG [org.keycloak.bootstrap] (main) temporary admin credential: {v}",
        lambda g: _rand(g, 20),
    ),
    (
        "minio-startup-banner",
        "minio-1  | API: http://172.18.0.3:9000  http://127.0.0.1:9000\nminio-1  |    RootUser: minioadmin\nminio-1  |    RootPass: {v}",
        lambda g: _rand(g, 32),
    ),
    (
        "airflow-standalone-login",
        "standalone | Airflow is ready\nstandalone | Login with username: admin  password: {v}\n"
        "standalone | Airflow Standalone is for development purposes only. Do not use this in production!",
        lambda g: _rand(g, 16),
    ),
    (
        "hibernate-bind-create-user",
        "Hibernate: insert into oauth_client (client_id,client_secret,redirect_uri,id) values (?,?,?,default)\n"
        "TRACE o.h.orm.jdbc.bind : binding parameter (1:VARCHAR) <- [reporting]\n"
        "TRACE o.h.orm.jdbc.bind : binding parameter (2:NVARCHAR) <- [{v}]",
        lambda g: _rand(g, 40),
    ),
    (
        "mybatis-insert-api-key",
        "==>  Preparing: INSERT INTO api_key ( owner_id, key_value, created_at ) VALUES ( ?, ?, ? )\n"
        "==> Parameters: 42(Long), {v}(String), 2026-11-27 10:42:00.118(Timestamp)\n<==    Updates: 1",
        lambda g: "ak_" + _rand(g, 32),
    ),
    (
        "efcore-insert-token",
        "info: Microsoft.EntityFrameworkCore.Database.Command[20101]\n      Executed DbCommand (2ms) [Parameters=[@p0='{v}' (Size = 128), @p1='7'], "
        "CommandType='Text', CommandTimeout='30']\n      INSERT INTO [PersonalAccessTokens] ([Token], [UserId]) VALUES (@p0, @p1);",
        lambda g: _rand(g, 48),
    ),
    (
        "activerecord-insert-token",
        '  ApiToken Create (0.6ms)  INSERT INTO "api_tokens" ("user_id", "token", "created_at") VALUES ($1, $2, $3) RETURNING "id"  '
        '[["user_id", 7], ["token", "{v}"], ["created_at", "2026-11-27 10:42:40.118"]]',
        lambda g: _rand(g, 24),
    ),
    (
        "ecto-insert-invite",
        '[debug] QUERY OK source="invites" db=0.8ms\nINSERT INTO "invites" ("email","secret","inserted_at") VALUES ($1,$2,$3) RETURNING "id" '
        '["bob@example.com", "{v}", ~N[2026-11-27 10:43:00]]',
        lambda g: _rand(g, 32, AN + "-_"),
    ),
    (
        "gorm-insert-refresh-token",
        "2026/11/27 10:43:20 /app/internal/auth/session.go:77\n[0.502ms] [rows:1] INSERT INTO `refresh_tokens` (`user_id`,`value`,`expires_at`) "
        "VALUES (7,'{v}','2026-12-27 10:43:20')",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "prisma-create-session",
        'prisma:query INSERT INTO "public"."Session" ("id","sessionToken","userId","expires") VALUES ($1,$2,$3,$4) RETURNING "public"."S'
        'ession"."id"\n'
        'prisma:query params: ["clx9k2m3n0000efgh","{v}","clx1y2z3a0000abcd","2026-12-27 10:43:40 UTC"]',
        _uuid,
    ),
    (
        "sequelize-insert-reset",
        "Executing (default): INSERT INTO `PasswordResets` (`id`,`email`,`token`,`createdAt`) VALUES (DEFAULT,?,?,?); "
        "{{ replacements: [ 'bob@example.com', '{v}', 2026-11-27T10:44:00.000Z ] }}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "postgres-log-create-role",
        "2026-11-27 10:44:20.118 UTC [8812] LOG:  statement: CREATE ROLE app_ro LOGIN PASSWORD '{v}' IN ROLE readers",
        lambda g: _rand(g, 24),
    ),
    (
        "mysql-general-log-identified",
        "2026-11-27T10:44:40.004123Z\t   52 Query\tCREATE USER 'report'@'%' IDENTIFIED WITH mysql_native_password BY '{v}' REQUIRE SSL",
        lambda g: _rand(g, 20, AN + "!#%"),
    ),
    (
        "python-requests-token-response",
        "send: b'POST /oauth2/token HTTP/1.1\\r\\nHost: auth.example.com\\r\\n\\r\\ngrant_type=client_credentials'\n"
        "reply: 'HTTP/1.1 200 OK\\r\\n'\nheader: Content-Type: application/json\n"
        'DEBUG:app.auth:token response: {{"token_type": "bearer", "expires_in": 3600, "access_token": "{v}"}}',
        lambda g: _rand(g, 40),
    ),
    (
        "okhttp-response-body-key",
        "[okhttp.OkHttpClient] <-- 201 Created https://api.example.com/v1/keys (88ms)\n[okhttp.OkHttpClient] content-type: application/json\n"
        '[okhttp.OkHttpClient] {{"id":"key_01JD","created":1732703100,"value":"{v}"}}\n[okhttp.OkHttpClient] <-- END HTTP (74-byte body)',
        lambda g: _rand(g, 36),
    ),
    (
        "curl-trace-response-token",
        "< HTTP/1.1 200 OK\n< Content-Type: application/json\n<\n{{ [96 bytes data]\n"
        '{{"data":{{"attributes":{{"token":"{v}"}},"type":"authentication-tokens"}}}}',
        lambda g: _rand(g, 14) + ".atlasv1." + _rand(g, 67),
    ),
    (
        "jenkins-initial-admin-log",
        "jenkins-1  | *************************************************************\n"
        "jenkins-1  | Jenkins initial setup is required. An admin user has been created and a password generated.\n"
        "jenkins-1  | Please use the following password to proceed to installation:\njenkins-1  | \njenkins-1  | {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "logfmt-rotated-credential",
        'ts=2026-11-27T10:46:00Z level=info msg="credential rotated" name=partner-api kind=static version=8 data={v}',
        lambda g: _rand(g, 32),
    ),
    (
        "json-log-field-name-sibling",
        '{{"ts":"2026-11-27T10:46:20Z","level":"debug","msg":"generated","what":"webhook signing secret","result":"{v}"}}',
        lambda g: "whsec_" + _b64(g, 32),
    ),
    (
        "audit-log-reset-password",
        "2026-11-27T10:46:40Z AUDIT user=admin op=reset-password target=bob@example.com temp={v} status=ok",
        lambda g: _rand(g, 12),
    ),
    (
        "wordpress-install-log",
        "$ wp core install --url=shop.test --title=Shop --admin_user=admin --admin_email=bob@example.com\n"
        "Admin password: {v}\nSuccess: WordPress installed successfully.",
        lambda g: _rand(g, 24, AN + "!@#$%^&*()"),
    ),
    (
        "rails-seed-temporary-password",
        "$ bin/rails db:seed\nSeeding roles... done\nCreated admin@example.com (role: owner). Temporary password: {v}\nSeeding plans... done",
        lambda g: _rand(g, 32, AN + "-_"),
    ),
    (
        "supabase-start-output",
        "Started supabase local development setup.\n\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0."
        "0.1:54322/postgres\n"
        "      JWT secret: {v}\n        anon key: eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo",
        lambda g: _rand(g, 40),
    ),
    (
        "gitea-admin-create",
        "$ gitea admin user create --username ops --email ops@example.com --random-password --admin\n"
        "generated random password is '{v}'\nNew user 'ops' has been successfully created!",
        lambda g: _rand(g, 20),
    ),
    (
        "mc-admin-accesskey-create",
        "$ mc admin accesskey create local/\nAccess Key: Q3AM3UQ867SPQQA43P2F\nSecret Key: {v}\nExpiration: NONE",
        lambda g: _rand(g, 40, AN + "+/"),
    ),
    (
        "openssl-rand-session-log",
        '$ echo "generated $(openssl rand -base64 32)" | tee -a setup.log\ngenerated {v}',
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "laravel-tinker-token",
        ">>> $user->createToken('ci')->plainTextToken\n=> \"7|{v}\"",
        lambda g: _rand(g, 40),
    ),
    (
        "django-debug-toolbar-sql-params",
        'SQL queries from 1 connection\ndefault 1.21 ms (1 query)\nINSERT INTO "oauth2_provider_application" ("client_id", "client_secret") VALUE'
        "S (%s, %s)\n"
        "Params: ('reporting', '{v}')",
        lambda g: _rand(g, 128),
    ),
)


# Set 21, printed part: sealed; written beside `POSITIONS_HELD21` while the rules were being
# changed by someone who had not seen it, to be scored once. What commands that create, show or
# rotate credentials print, the value's place in the output (a table cell, a JSON or YAML field,
# a line after the command, a banner of a first-run container, a one-time code of an installer)
# saying what it is rather than a vendor prefix.
PRINTED_HELD21: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "az-account-get-access-token-tsv",
        '$ az account get-access-token --resource-type ms-graph --query "{{token: accessToken, expires: expiresOn}}"\n'
        '{{\n  "expires": "2026-11-28 05:10:00.000000",\n  "token": "{v}"\n}}',
        lambda g: (
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6" + _rand(g, 200, AN + "-_") + "." + _rand(g, 86, AN + "-_")
        ),
    ),
    (
        "gcloud-adc-print-access-token",
        "$ gcloud auth application-default print-access-token --scopes=https://www.googleapis.com/auth/cloud-platform\n{v}",
        lambda g: "ya29.c." + _rand(g, 180, AN + "-_"),
    ),
    (
        "aws-sts-assume-role-yaml",
        "$ aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deploy --role-session-name ci --query Credentials --output yaml\n"
        "AccessKeyId: ASIAIOSFODNN7EXAMPLE\nExpiration: '2026-11-28T05:10:00+00:00'\nSecretAccessKey: {v}\nSessionToken: IQoJb3JpZ2luX2Vj{w}",
        lambda g: _rand(g, 40, AN + "+/"),
    ),
    (
        "aws-sts-get-session-token-table",
        "$ aws sts get-session-token --duration-seconds 3600 --output table\n-----------------------------------------------\n"
        "|               GetSessionToken               |\n+---------------------------------------------+\n"
        "||                Credentials                ||\n+------------------+--------------------------+\n"
        "||  AccessKeyId     |  ASIAIOSFODNN7EXAMPLE    ||\n||  Expiration      |  2026-11-28T05:10:00Z    ||\n"
        "||  SecretAccessKey |  {v}  ||",
        lambda g: _rand(g, 40, AN + "+/"),
    ),
    (
        "aws-codeartifact-token",
        "$ aws codeartifact get-authorization-token --domain acme --domain-owner 123456789012 --duration-seconds 43200\n"
        '{{\n    "authorizationToken": "{v}",\n    "expiration": "2026-11-28T16:10:00+00:00"\n}}',
        lambda g: "eyJ2ZXIiOjEsImlzdSI6" + _rand(g, 300, AN + "-_") + "." + _rand(g, 40, AN + "-_"),
    ),
    (
        "aws-rds-iam-token",
        "$ aws rds generate-db-auth-token --hostname shop.c9x1.eu-west-1.rds.amazonaws.com --port 5432 --username iam_app\n"
        "shop.c9x1.eu-west-1.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_app&X-Amz-Algorithm=AWS4-HMAC-SHA256"
        "&X-Amz-Credential=ASIAIOSFODNN7EXAMPLE%2F20261128%2Feu-west-1%2Frds-db%2Faws4_request&X-Amz-Date=20261128T041000Z"
        "&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Security-Token={v}&X-Amz-Signature=5e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f",
        lambda g: "IQoJb3JpZ2luX2VjE" + _rand(g, 300, AN + "%"),
    ),
    (
        "gcloud-sql-login-token",
        "$ gcloud sql generate-login-token\n{v}",
        lambda g: "ya29.a0A" + _rand(g, 160, AN + "-_"),
    ),
    (
        "kubectl-create-token",
        "$ kubectl create token ci-deployer -n ci --duration 1h\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6" + _rand(g, 400, AN + "-_") + "." + _rand(g, 342, AN + "-_"),
    ),
    (
        "kubectl-config-view-raw-token",
        "$ kubectl get secret ci-token -n ci -o jsonpath='{{.data.token}}' | base64 --decode; echo\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "oc-whoami-token",
        "$ oc whoami -t\nsha256~{v}",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "argocd-account-generate-token",
        "$ argocd account generate-token --account ci --expires-in 720h\n{v}",
        lambda g: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(g, 180, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "kubeadm-join-command",
        "$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.5:6443 --token {v} --discovery-token-ca-cert-hash "
        "sha256:2f1c0a9e2b3d4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a",
        lambda g: (
            _rand(g, 6, "abcdefghijklmnopqrstuvwxyz0123456789")
            + "."
            + _rand(g, 16, "abcdefghijklmnopqrstuvwxyz0123456789")
        ),
    ),
    (
        "k3s-node-token",
        "$ sudo cat /var/lib/rancher/k3s/server/node-token\nK10{w}::server:{v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "microk8s-add-node",
        "$ microk8s add-node\nFrom the node you wish to join to this cluster, run the following:\nmicrok8s join 10.0.0.5:25000/{v}/2f1c0a9e2b3d",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "vault-token-create-table",
        "$ vault token create -policy=ci -ttl=1h -field=token\n{v}",
        lambda g: _rand(g, 24, AN),
    ),
    (
        "vault-approle-secret-id",
        "$ vault write -field=secret_id -f auth/approle/role/ci/secret-id\n{v}",
        _uuid,
    ),
    (
        "vault-database-creds",
        "$ vault read -field=password database/creds/reporting\n{v}",
        lambda g: _rand(g, 20, AN + "-"),
    ),
    (
        "consul-acl-token-create",
        "$ consul acl token create -policy-name ci -description 'CI deploys'\nAccessorID:       5b7fd453-d3f7-6814-81dc-fcfe6daedea5\n"
        "SecretID:         {v}\nDescription:      CI deploys\nLocal:            false",
        _uuid,
    ),
    (
        "az-ad-app-credential-reset",
        "$ az ad app credential reset --id 7a1f0c9e-2b3d-4f5a-8b7c-8d9e0f1a2b3c --display-name ci --query password -o tsv\n"
        "The output includes credentials that you must protect. Be sure that you do not include these credentials in your code\n{v}",
        lambda g: _rand(g, 3, AN) + "8Q~" + _rand(g, 34, AN + "_.~-"),
    ),
    (
        "heroku-authorizations-create",
        '$ heroku authorizations:create -d ci-deploys --json\n{{\n  "access_token": {{\n    "expires_in": null,\n'
        '    "id": "2f1c0a9e-2b3d-4f5a-8b7c-8d9e0f1a2b3c",\n    "token": "{v}"\n  }},',
        _uuid,
    ),
    (
        "heroku-auth-token",
        "$ heroku auth:token\n ›   Warning: token will expire 12/28/2026\n ›   Use heroku authorizations:create to generate a long-term token\n{v}",
        _uuid,
    ),
    (
        "turso-db-tokens-create",
        "$ turso db tokens create shop --read-only\n{v}",
        lambda g: "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9." + _rand(g, 120, AN + "-_") + "." + _rand(g, 86, AN + "-_"),
    ),
    (
        "grafana-api-key-curl",
        '$ curl -s -X POST -H \'Content-Type: application/json\' -d \'{{"name":"ci","role":"Editor"}}\' http://admin:admin@localhost:3000/api/auth/keys\n'
        '{{"id":3,"name":"ci-deployer","key":"{v}"}}',
        lambda g: "eyJrIjoi" + _rand(g, 80, AN + "="),
    ),
    (
        "b2-authorize-account",
        '$ b2 account get\n{{\n    "accountAuthToken": "{v}",\n    "accountId": "1a2b3c4d5e6f",\n    "allowed": {{',
        lambda g: "4_" + _rand(g, 60, AN + "-_="),
    ),
    (
        "jupyter-server-list",
        "$ jupyter server list\nCurrently running servers:\nhttp://127.0.0.1:8890/?token={v} :: /srv/notebooks",
        lambda g: _rand(g, 48, HEX),
    ),
    (
        "rails-secret",
        "$ mix phx.gen.secret 64\n{v}",
        lambda g: _rand(g, 64, AN + "+/"),
    ),
    (
        "artisan-key-generate-show",
        "$ head -c 35 /dev/urandom | base32\n{v}",
        lambda g: _rand(g, 56, string.ascii_uppercase + "234567"),
    ),
    (
        "django-random-secret-key",
        '$ python -c "from django.core.management.utils import get_random_secret_key as g; print(g())"\n{v}',
        lambda g: _rand(g, 50, string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"),
    ),
    (
        "secrets-token-urlsafe",
        "$ ruby -rsecurerandom -e 'puts SecureRandom.alphanumeric(40)'\n{v}",
        lambda g: _rand(g, 40, AN),
    ),
    (
        "node-random-bytes",
        "$ pwgen -s 24 1\n{v}",
        lambda g: _rand(g, 24, AN),
    ),
    (
        "qbittorrent-temporary-password",
        "qbittorrent  | The WebUI administrator username is: admin\nqbittorrent  | The WebUI administrator password was not set. "
        "A temporary password is provided for this session: {v}\nqbittorrent  | You should set your own password in program preferences.",
        lambda g: _rand(g, 9, AN),
    ),
    (
        "openvpn-as-auto-generated",
        'openvpn-as  | Auto-generated pass = "{v}". Setting in db...\nopenvpn-as  | Server Agent started',
        lambda g: _rand(g, 12, AN),
    ),
    (
        "filebrowser-random-admin",
        "filebrowser  | 2026/11/28 04:10:00 Using database: /database/filebrowser.db\n"
        "filebrowser  | 2026/11/28 04:10:00 User 'admin' initialized with randomly generated password: {v}",
        lambda g: _rand(g, 16, AN),
    ),
    (
        "pihole-random-password",
        "pihole  |   [i] Setting up Pi-hole\npihole  |   [i] Assigning random password: {v}\npihole  |   [i] Starting FTL",
        lambda g: _rand(g, 8, AN + "-_") + _rand(g, 4, AN),
    ),
    (
        "elasticsearch-enrollment-token",
        "$ docker exec -it es01 /usr/share/elasticsearch/bin/elasticsearch-create-enrollment-token -s kibana\n{v}",
        lambda g: "eyJ2ZXIiOiI4LjE1LjAiLCJhZHIiOlsiMTcyLjE4LjAuMjo5MjAwIl0s" + _b64(g, 160) + "==",
    ),
    (
        "gh-auth-login-one-time-code",
        "$ gh auth login --hostname github.com --git-protocol https --web\n\n! First copy your one-time code: {v}\n"
        "Press Enter to open https://github.com/login/device in your browser...",
        lambda g: (
            _rand(g, 4, string.ascii_uppercase + "0123456789")
            + "-"
            + _rand(g, 4, string.ascii_uppercase + "0123456789")
        ),
    ),
    (
        "az-login-device-code",
        "$ az login --use-device-code\n"
        "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code {v} to authenticate.",
        lambda g: _rand(g, 9, string.ascii_uppercase + "0123456789"),
    ),
    (
        "tailscale-up-auth-url",
        "$ sudo tailscale up\n\nTo authenticate, visit:\n\n\thttps://login.tailscale.com/a/{v}\n",
        lambda g: _rand(g, 13, string.ascii_lowercase + "0123456789"),
    ),
    (
        "mysql-generated-random-password",
        "$ sudo mysqld --initialize --user=mysql 2>&1 | tail -1\n2026-11-28T04:10:00.118000Z 6 [Note] [MY-010454] [Server] A temporary "
        "password is generated for root@localhost: {v}",
        lambda g: _rand(g, 12, AN + ";:<>,.?/!&%$#"),
    ),
    (
        "pscale-password-create",
        '$ pscale password create shop main ci-deploys --format json\n{{\n  "id": "a1b2c3d4e5f6",\n  "name": "ci-deploys",\n'
        '  "role": "admin",\n  "username": "0a1b2c3d4e5f6a7b",\n  "plain_text": "pscale_pw_{v}",',
        lambda g: _rand(g, 43, AN + "_"),
    ),
    (
        "npm-token-create-table",
        "$ npm token create --read-only\n┌────────────────┬──────────────────────────────────────────┐\n"
        "│ token          │ npm_{v} │\n├────────────────┼──────────────────────────────────────────┤\n"
        "│ readonly       │ true                                     │",
        lambda g: _rand(g, 36, AN),
    ),
)


# Set 22, printed part: sealed; written beside `POSITIONS_HELD22` while the rules were being
# changed by someone who had not seen it, to be scored once. Credentials printed by tools and in
# output shapes no earlier set held: CI logs that echo a generated token, self-hosted services'
# bootstrap and registration output, database and broker tools' create and show commands,
# appliances' and identity servers' first-run banners, test and debug output holding a token.
PRINTED_HELD22: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    (
        "gha-log-oidc-token",
        '2026-11-28T04:10:01.0811112Z ##[group]Run echo "id token: $(curl -sH "Authorization: bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN" '
        '"$ACTIONS_ID_TOKEN_REQUEST_URL" | jq -r .value)"\n2026-11-28T04:10:01.4411901Z id token: {v}',
        lambda g: (
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsIng1dCI6" + _rand(g, 160, AN + "-_") + "." + _rand(g, 86, AN + "-_")
        ),
    ),
    (
        "gitlab-log-masked-and-not",
        "$ echo \"$DEPLOY_TOKEN\"\n[MASKED]\n$ echo \"$DEPLOY_TOKEN\" | sed 's/./& /g' | tr -d ' '\n{v}",
        lambda g: _rand(g, 32, AN),
    ),
    (
        "jenkins-console-masked-pair",
        "[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PW\n[Pipeline] {{\n[Pipeline] sh\n+ echo ****\n****\n"
        "[Pipeline] sh\n+ base64 -d\n+ echo {w}\n{v}",
        lambda g: _rand(g, 20, AN + "!#%"),
    ),
    (
        "circleci-step-env",
        "#!/bin/bash -eo pipefail\nenv | grep ^HEROKU_\nHEROKU_APP_NAME=shop-prod\nHEROKU_API_KEY={v}",
        _uuid,
    ),
    (
        "azure-pipelines-setvariable",
        "Starting: Get token\n==============================================================================\n"
        "##[command]/usr/bin/bash /home/vsts/work/_temp/0f3c.sh\n##vso[task.setvariable variable=adoToken]{v}\nFinishing: Get token",
        lambda g: _rand(g, 84, AN),
    ),
    (
        "woodpecker-agent-secret",
        '$ docker logs woodpecker-server 2>&1 | head -3\n{{"level":"warn","time":"2026-11-28T04:10:00Z","message":'
        '"WOODPECKER_AGENT_SECRET not set, generated one: {v}"}}',
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "gitlab-runner-config-toml",
        '$ sudo cat /etc/gitlab-runner/config.toml\nconcurrent = 4\n\n[[runners]]\n  name = "ci-1"\n  url = "https://gitlab.acme.io"\n'
        '  id = 42\n  token = "glrt-{v}"\n  executor = "docker"',
        lambda g: "t3_" + _rand(g, 27, AN + "-_"),
    ),
    (
        "forgejo-runner-file",
        '$ cat .runner\n{{\n  "WARNING": "This file is automatically generated by act-runner. Do not edit it manually unless you know what you are doing.",\n'
        '  "id": 3,\n  "uuid": "9b1d2c3e-4f50-6172-8394-a5b6c7d8e9f0",\n  "name": "ci-1",\n  "token": "{v}",',
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "teamcity-superuser-token",
        "$ docker logs teamcity-server 2>&1 | grep -i 'super user'\n[TeamCity] Super user authentication token: {v} "
        "(use empty username with the token as the password to access the server)",
        lambda g: str(g.randrange(10**18, 10**19)),
    ),
    (
        "drone-rpc-secret-generated",
        "$ openssl rand -hex 16 | tee /dev/stderr | xargs -I{{}} sed -i 's/^DRONE_RPC_SECRET=.*/DRONE_RPC_SECRET={{}}/' .env\n{v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "keycloak-client-secret-regenerate",
        '$ curl -s -X POST -H "Authorization: Bearer $KC_TOKEN" https://sso.acme.io/admin/realms/shop/clients/$CID/client-secret | jq\n'
        '{{\n  "type": "secret",\n  "value": "{v}"\n}}',
        lambda g: _rand(g, 32, AN),
    ),
    (
        "zitadel-machine-key",
        "$ zitadel-tools key2jwt --audience=https://id.acme.io --key=machine.json\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6IjI" + _rand(g, 140, AN + "-_") + "." + _rand(g, 200, AN + "-_"),
    ),
    (
        "opensearch-demo-config",
        "$ docker logs opensearch-node1 2>&1 | grep -i 'admin password'\n### Admin password generated for the demo configuration: {v}",
        lambda g: _rand(g, 16, AN + "!@#$%"),
    ),
    (
        "graylog-password-secret",
        "$ pwgen -N 1 -s 96\n{v}\n$ sudoedit /etc/graylog/server/server.conf   # password_secret = <that>",
        lambda g: _rand(g, 96, AN),
    ),
    (
        "openvpn-as-initial",
        '$ sudo grep -i \'pass\' /usr/local/openvpn_as/init.log\nTo login please use the "openvpn" account with "{v}" password.',
        lambda g: _rand(g, 12, AN),
    ),
    (
        "truenas-api-key",
        '$ midclt call api_key.create \'{{"name": "ci"}}\' | jq -r .key\n{v}',
        lambda g: str(g.randint(1, 9)) + "-" + _rand(g, 64, AN),
    ),
    (
        "rabbitmq-add-user-generated",
        '$ PW=$(openssl rand -base64 18); rabbitmqctl add_user shop "$PW" && echo "created shop / $PW"\nAdding user "shop" ...\n'
        "Done. Don't forget to grant the user permissions to some virtual hosts! See 'rabbitmqctl help set_permissions' to learn more.\n"
        "created shop / {v}",
        lambda g: _b64(g, 24),
    ),
    (
        "kafka-scram-describe-broken",
        "$ kafka-configs --bootstrap-server k1:9092 --describe --entity-type users --entity-name app 2>&1 | tail -2\n"
        "Dynamic configs for user-principal 'app' are:\n  sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
        'username="app" password="{v}";',
        lambda g: _rand(g, 24, AN),
    ),
    (
        "mssql-sp-addlinkedsrvlogin",
        "1> SELECT name, password FROM sys.sql_logins_cache;\n2> GO\nname       password\n---------- ------------------------\n"
        "etl_reader {v}",
        lambda g: _rand(g, 18, AN + "!$"),
    ),
    (
        "cockroach-cert-url",
        "$ cockroach sql --certs-dir=certs -e \"CREATE USER app WITH PASSWORD '$(pwgen 20 1)'\" --echo-sql\n"
        "> CREATE USER app WITH PASSWORD '{v}'\nCREATE ROLE",
        lambda g: _rand(g, 20, string.ascii_lowercase + string.digits),
    ),
    (
        "couchdb-setup",
        "$ docker logs couchdb 2>&1 | head -2\n[notice] 2026-11-28T04:10:00.000000Z nonode@nohost <0.9.0> -------- "
        "Generated admin password for admin: {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "neo4j-initial",
        "$ docker logs neo4j 2>&1 | grep -i password\nChanged password for user 'neo4j'. IMPORTANT: this change will only take effect "
        "if performed before the database is started for the first time. Password: {v}",
        lambda g: _rand(g, 16, AN),
    ),
    (
        "mongo-atlas-dbuser-create",
        "$ atlas dbusers create readWrite --username reporting --db shop --output json | jq -r .password\n{v}",
        lambda g: _rand(g, 24, AN),
    ),
    (
        "pgadmin-setup-log",
        "$ docker logs pgadmin 2>&1 | grep -i master\npgAdmin 4 - Application Initialisation\nNOTE: Configuring authentication for SERVER mode.\n"
        "Generated PGADMIN_DEFAULT_PASSWORD: {v}",
        lambda g: _rand(g, 20, AN),
    ),
    (
        "pytest-locals-token",
        "tests/test_api.py::test_refresh FAILED\n\n    def test_refresh(client):\n        token = client.refresh()\n"
        ">       assert token.expires_in > 0\nE       assert 0 > 0\n\nclient     = <ApiClient base_url='https://api.acme.io'>\n"
        "token      = Token(access_token='{v}', expires_in=0)",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "mocha-assert-deep",
        "  1) session cookie\n       is signed:\n\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n"
        "+ actual - expected\n\n+ '{v}'\n- ''",
        lambda g: _b64(g, 44),
    ),
    (
        "django-debug-toolbar-settings",
        "Settings from shop.settings\nKey\tValue\nALLOWED_HOSTS\t['*']\nBROKER_URL\t'redis://:{v}@cache:6379/0'\nDEBUG\tTrue",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "mikrotik-wifi-export",
        "[admin@MikroTik] > /interface/wifi/security/export show-sensitive\n/interface wifi security\n"
        "add authentication-types=wpa2-psk,wpa3-psk name=office passphrase={v}",
        lambda g: _rand(g, 20, AN),
    ),
    (
        "set-x-signed-url",
        "+ curl -fsS -X PUT -T build.tar.gz 'https://artifacts.acme.io/upload/build.tar.gz?expires=1764306600&sig={v}'",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "bash-history-timestamps",
        "$ HISTTIMEFORMAT='%F %T ' history | grep -i token | tail -1\n  901  2026-11-27 18:02:11 export CLOUDSMITH_API_KEY={v}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "zsh-extended-history",
        "$ grep -a anthropic ~/.zsh_history | tail -1\n: 1764266531:0;curl https://llm.acme.io/v1/messages -H 'x-api-key: {v}'",
        lambda g: _rand(g, 48, AN),
    ),
    (
        "sentry-self-hosted-install",
        "$ ./install.sh --no-user-prompt\n...\nCreated internal Sentry project (slug=internal, id=1)\n"
        'Relay credentials written to relay/credentials.json\n{{"secret_key":"{v}","public_key":"{w}","id":"88888888-4444-4444-8444-cccccccccccc"}}',
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "harbor-api-robot-create",
        "$ curl -s -u \"admin:$HARBOR_PW\" -H 'Content-Type: application/json' -d @robot.json https://harbor.acme.io/api/v2.0/robots | jq\n"
        '{{\n  "creation_time": "2026-11-28T04:10:00.000Z",\n  "expires_at": -1,\n  "id": 7,\n  "name": "robot$shop+ci",\n  "secret": "{v}"\n}}',
        lambda g: _rand(g, 32, AN),
    ),
    (
        "jfrog-access-token-create",
        '$ jf rt access-token-create --expiry 3600\n{{\n  "scope": "applied-permissions/user",\n  "access_token": "{v}",\n'
        '  "expires_in": 3600,\n  "token_type": "Bearer"\n}}',
        lambda g: (
            "eyJ2ZXIiOiIyIiwidHlwIjoiSldUIiwiYWxnIjoiUlMyNTYiLCJraWQiOiJ"
            + _rand(g, 300, AN + "-_")
            + "."
            + _rand(g, 342, AN + "-_")
        ),
    ),
    (
        "forgejo-cli-runner-token",
        "$ sudo -u git forgejo forgejo-cli actions generate-runner-token --scope acme\n{v}",
        lambda g: _rand(g, 40, AN),
    ),
    (
        "aruba-show-run-wpa",
        '(Aruba) #show running-config | include wpa-passphrase\nwlan ssid-profile "office"\n   wpa-passphrase {v}',
        lambda g: _rand(g, 20, AN),
    ),
    (
        "nextcloud-app-password",
        "$ sudo -u www-data php occ user:add-app-password backup-bot\nEnter the user password:\napp password:\n{v}",
        lambda g: "-".join(_rand(g, 5, AN) for _ in range(5)),
    ),
    (
        "sentry-event-frame-vars",
        "$ sentry-cli events list --project shop --max-rows 1 | jq '.[0].entries[0].data.values[0].stacktrace.frames[-1].vars'\n"
        '{{\n  "host": "\'smtp.acme.io\'",\n  "secret": "\'{v}\'",\n  "self": "<shop.mail.Mailer object at 0x7f2a>"\n}}',
        lambda g: _rand(g, 32, AN),
    ),
    (
        "cisco-wlc-radius",
        "(Cisco Controller) >show radius auth detailed 1\n\nRadius Index........................ 1\nNAI Realms.......................... LOCAL\n"
        "Server Address...................... 10.0.0.8\nShared Secret Format................ ASCII\nShared Secret....................... {v}",
        lambda g: _rand(g, 24, AN),
    ),
    (
        "jenkins-script-console-decrypt",
        '$ curl -s -u "admin:$JT" --data-urlencode \'script=println(hudson.util.Secret.decrypt("{{AQAAABAAAAAQ{w}}}"))\' '
        "https://ci.acme.io/scriptText\n{v}",
        lambda g: _rand(g, 22, AN + "!$%"),
    ),
    (
        "vaultwarden-admin-token-log",
        "$ docker logs vaultwarden 2>&1 | grep -i admin_token\n[2026-11-28 04:10:00.000][vaultwarden::config][WARN] ADMIN_TOKEN generated "
        "for this run (set it in .env to keep it): {v}",
        lambda g: _b64(g, 48),
    ),
    (
        "bookstack-install-log",
        "$ docker logs bookstack 2>&1 | tail -2\n[bookstack-init] APP_KEY not set, generated: base64:{v}\n[ls.io-init] done.",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "gh-runner-registration-token",
        "$ gh api -X POST repos/acme/shop/actions/runners/registration-token --jq .token\n{v}",
        lambda g: "A" + _rand(g, 28, string.ascii_uppercase + string.digits),
    ),
    (
        "argo-auth-token",
        "$ argo auth token\nBearer {v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6Ik" + _rand(g, 180, AN + "-_") + "." + _rand(g, 342, AN + "-_"),
    ),
    (
        "pulsar-tokens-create",
        "$ bin/pulsar tokens create --secret-key file:///pulsar/secret.key --subject ci-publisher\n{v}",
        lambda g: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaS1wdWJsaXNoZXIifQ." + _rand(g, 43, AN + "-_"),
    ),
    (
        "ldapsearch-userpassword-b64",
        "$ ldapsearch -LLL -Y EXTERNAL -H ldapi:/// -b ou=svc,dc=acme,dc=io '(cn=backup)' userPassword\n"
        "dn: cn=backup,ou=svc,dc=acme,dc=io\nuserPassword:: {v}",
        lambda g: base64.b64encode(_rand(g, 18, AN + "!#").encode()).decode(),
    ),
    (
        "authelia-crypto-rand",
        "$ docker run --rm authelia/authelia:4.38 authelia crypto rand --length 64 --charset alphanumeric\nRandom Value: {v}",
        lambda g: _rand(g, 64, AN),
    ),
    (
        "teleport-invite-token",
        "$ tctl tokens add --type=node --ttl=1h\nThe invite token: {v}\nThis token will expire in 60 minutes.",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "boundary-database-init",
        "$ boundary database init -config /etc/boundary/controller.hcl\n...\nInitial auth information:\n  Auth Method ID:     ampw_1234567890\n"
        "  Auth Method Name:   Generated global scope initial password auth method\n  Login Name:         admin\n  Password:           {v}",
        lambda g: _rand(g, 20, AN),
    ),
    (
        "ios-ppp-chap",
        "gw1#show running-config interface Dialer1 | include chap\n ppp chap hostname isp-4711\n ppp chap password 0 {v}",
        lambda g: _rand(g, 16, AN),
    ),
    (
        "go-httputil-dump",
        "=== RUN   TestWebhook\n    webhook_test.go:57: request:\n        POST /hooks/deploy HTTP/1.1\n        Host: ci.acme.io\n"
        "        X-Hub-Signature-256: sha256=5e0f1a2b3c4d5e6f\n        Cookie: session={v}\n--- FAIL: TestWebhook (0.01s)",
        lambda g: _rand(g, 48, AN + "-_"),
    ),
    (
        "concourse-get-pipeline",
        "$ fly -t ci get-pipeline -p shop | yq '.resources[] | select(.name == \"repo\") | .source'\n"
        "uri: https://git.acme.io/acme/shop.git\nusername: ci\npassword: {v}",
        lambda g: _rand(g, 20, AN),
    ),
    (
        "pytest-headers-locals",
        "    def test_orders(api):\n>       assert api.get('/orders', headers=headers).status_code == 200\nE       assert 401 == 200\n\n"
        "api        = <FlaskClient <Flask 'shop'>>\nheaders    = {{'Accept': 'application/json', 'X-Api-Key': '{v}'}}",
        lambda g: _rand(g, 40, AN),
    ),
    (
        "jenkins-agent-jnlp-secret",
        "$ curl -s -u \"admin:$JT\" https://ci.acme.io/computer/build-1/jenkins-agent.jnlp | xmllint --xpath '//argument[1]/text()' -\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "kubeadm-bootstrap-token-secret",
        "$ kubectl -n kube-system get secret bootstrap-token-8c2d1f -o jsonpath='{{.data.token-secret}}' | base64 -d\n{v}",
        lambda g: _rand(g, 16, string.ascii_lowercase + string.digits),
    ),
    (
        "nomad-gossip-keyring",
        "$ nomad operator gossip keyring generate\n{v}",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "gha-step-env-header",
        "2026-11-28T04:10:02.1000000Z ##[group]Run ./scripts/deploy.sh\n2026-11-28T04:10:02.1000500Z ./scripts/deploy.sh\n"
        "2026-11-28T04:10:02.1001000Z shell: /usr/bin/bash -e {{0}}\n2026-11-28T04:10:02.1001200Z env:\n"
        "2026-11-28T04:10:02.1001400Z   DEPLOY_HOST: web1.acme.io\n2026-11-28T04:10:02.1001600Z   DEPLOY_API_KEY: {v}\n"
        "2026-11-28T04:10:02.1001800Z ##[endgroup]",
        lambda g: _rand(g, 40, AN),
    ),
    (
        "ansible-debug-task",
        "TASK [debug] *******************************************************************\nok: [web1] => {{\n"
        '    "smtp_relay_password": "{v}"\n}}',
        lambda g: _rand(g, 20, AN + "-_"),
    ),
    (
        "ansible-loop-item",
        "TASK [create database users] ***************************************************\n"
        "changed: [db1] => (item={{'name': 'reporting', 'password': '{v}', 'priv': 'shop.*:SELECT'}})",
        lambda g: _rand(g, 18, AN),
    ),
    (
        "ansible-diff-template",
        "TASK [render app.env] **********************************************************\n--- before: /srv/shop/app.env\n"
        "+++ after: /home/ci/.ansible/tmp/ansible-local-1/app.env.j2\n@@ -1,2 +1,2 @@\n APP_ENV=production\n"
        "-STRIPE_WEBHOOK_SECRET=\n+STRIPE_WEBHOOK_SECRET={v}\n\nchanged: [web1]",
        lambda g: _rand(g, 32, AN),
    ),
)


# Set 23, printed part: sealed; written beside `POSITIONS_HELD23` while no rule was being changed
# on it, to be scored once. Secrets a command prints with no name beside them (secret stores'
# `get`/`read`/`show`, keychains, cloud CLIs' token commands, bootstrap and join tokens, REPL and
# debugger answers, CI logs), password hashes in shadow, htpasswd and configuration files, and
# vendors' formats (TruffleHog's, Nosey Parker's, Microsoft's identifiable keys, detect-secrets')
# where no earlier set put them: an SDK constructor's argument, a second positional argument, a
# URL's query, a header.
PRINTED_HELD23: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores, keychains and decryptors: the value alone on a line
    (
        "aws-kms-decrypt",
        "$ aws kms decrypt --ciphertext-blob fileb://smtp.enc --query Plaintext --output text | base64 -d\n{v}",
        lambda g: _rand(g, 22, AN + "!#%"),
    ),
    ("rbw-get", "$ rbw get shop-prod-db\n{v}", lambda g: _rand(g, 32, AN + "-_")),
    (
        "security-find-internet",
        "$ security find-internet-password -s git.acme.io -a ops -w\n{v}",
        lambda g: _rand(g, 28),
    ),
    (
        "passage-show",
        "$ passage show acme/smtp\n{v}\nurl: smtp.acme.io\nlogin: noreply",
        lambda g: _rand(g, 24, AN + "@#$"),
    ),
    (
        "terragrunt-output-raw",
        "$ terragrunt output -raw grafana_admin_password --terragrunt-working-dir live/prod/grafana\n{v}",
        lambda g: _rand(g, 20, AN + ".-"),
    ),
    ("age-decrypt", "$ age -d -i ~/.config/age/key.txt secrets/smtp.age\n{v}", lambda g: _rand(g, 18, AN + "!@^")),
    (
        "keepassxc-show",
        '$ keepassxc-cli show -s -a Password ~/vault.kdbx "Shop DB"\nEnter password to unlock /home/ops/vault.kdbx: \n{v}',
        lambda g: _rand(g, 16, AN + "*"),
    ),
    (
        "kubectl-go-template-index",
        "$ kubectl -n monitoring get secret grafana -o go-template='{{{{index .data \"admin-password\" | base64decode}}}}'; echo\n{v}",
        lambda g: _rand(g, 19),
    ),
    (
        "ejson-decrypt-jq",
        "$ ejson decrypt config/secrets.production.ejson | jq -r .stripe_secret\n{v}",
        lambda g: "sk_live_51" + _rand(g, 97),
    ),
    (
        "sops-extract",
        '$ sops -d --extract \'["stripe"]["restricted"]\' deploy/prod/stripe.sops.yaml\n{v}',
        lambda g: "rk_live_51" + _rand(g, 97),
    ),
    (
        "pulumi-config-get",
        "$ pulumi config get shop:dbPassword -s acme/shop/prod\n{v}",
        lambda g: _rand(g, 26, AN + "!$"),
    ),
    (
        "kamal-secrets-extract",
        '$ kamal secrets extract SMTP_PASSWORD "$(kamal secrets fetch --adapter 1password --account acme --from Shop/Prod SMTP_PASSWORD)"\n{v}',
        lambda g: _rand(g, 24, AN + "()[]"),
    ),
    (
        "openssl-rand-then-kubectl",
        "$ openssl rand -base64 32 | tee /dev/stderr | kubectl create secret generic shop-session --from-file=key=/dev/stdin\n"
        "{v}\nsecret/shop-session created",
        lambda g: _b64(g, 43) + "=",
    ),
    # cloud CLIs' token commands
    (
        "glab-config-get-token",
        "$ glab config get token --host gitlab.acme.io\n{v}",
        lambda g: "glpat-" + _rand(g, 20, AN + "-_"),
    ),
    (
        "hcp-print-access-token",
        "$ hcp auth print-access-token | tee /tmp/hcp.tok\n{v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImtpZCI6" + _rand(g, 120, AN + "-_") + "." + _rand(g, 86, AN + "-_"),
    ),
    (
        "cf-oauth-token",
        "$ cf oauth-token\nbearer {v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImprdSI6" + _rand(g, 140, AN + "-_") + "." + _rand(g, 86, AN + "-_"),
    ),
    ("fly-auth-token", "$ fly auth token\n{v}", lambda g: "fo1_" + _rand(g, 43, AN + "-_")),
    ("oc-whoami-t", "$ oc whoami -t\n{v}", lambda g: "sha256~" + _rand(g, 43, AN + "-_")),
    (
        "stripe-listen-print-secret",
        '$ stripe listen --print-secret --api-key "$STRIPE_TEST_KEY"\n{v}',
        lambda g: "whsec_" + _rand(g, 32),
    ),
    # bootstrap and join tokens
    (
        "rancher-bootstrap",
        "$ kubectl get secret --namespace cattle-system bootstrap-secret -o go-template='{{{{.data.bootstrapPassword|base64decode}}}}'\n{v}",
        lambda g: _rand(g, 20, "bcdfghjklmnpqrstvwxz2456789"),
    ),
    (
        "k3s-node-token",
        "$ ssh k3s-1 sudo cat /var/lib/rancher/k3s/server/token\n{v}",
        lambda g: "K10" + _rand(g, 64, HEX) + "::server:" + _rand(g, 32, HEX),
    ),
    (
        "swarm-join-token-q",
        "$ docker swarm join-token worker -q\n{v}",
        lambda g: (
            "SWMTKN-1-"
            + _rand(g, 50, "abcdefghijklmnopqrstuvwxyz0123456789")
            + "-"
            + _rand(g, 25, "abcdefghijklmnopqrstuvwxyz0123456789")
        ),
    ),
    (
        "kubeadm-certificate-key",
        "$ sudo kubeadm init phase upload-certs --upload-certs 2>/dev/null | tail -1\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "vault-generate-root-otp",
        "$ kubectl exec -n vault vault-0 -- vault operator generate-root -generate-otp\n{v}",
        lambda g: _rand(g, 28),
    ),
    (
        "nomad-acl-bootstrap-json",
        "$ nomad acl bootstrap -json | jq -r .SecretID\n{v}",
        _uuid,
    ),
    (
        "tailscale-authkey-script",
        '$ curl -s -u "$TS_API_KEY:" -X POST https://api.tailscale.com/api/v2/tailnet/-/keys -d @key.json | jq -r .key\n{v}',
        lambda g: "tskey-auth-k" + _rand(g, 16) + "CNTRL-" + _rand(g, 33),
    ),
    # REPL and debugger answers, CI logs
    (
        "pdb-print-key",
        "(Pdb) p client._client.api_key\n'{v}'\n(Pdb) c",
        lambda g: "sk-proj-" + _rand(g, 74, AN + "-_") + "T3BlbkFJ" + _rand(g, 74, AN + "-_"),
    ),
    (
        "rails-console-credentials",
        'irb(main):001> Rails.application.credentials.dig(:sendgrid, :api_key)\n=> "{v}"',
        lambda g: "SG." + _rand(g, 22, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    ("node-repl-env", "> process.env.MAILGUN_KEY\n'{v}'\n>", lambda g: "key-" + _rand(g, 32, HEX)),
    (
        "dlv-print-token",
        '(dlv) print cfg.Slack.Token\n"{v}"',
        lambda g: "xoxb-" + _rand(g, 12, "0123456789") + "-" + _rand(g, 13, "0123456789") + "-" + _rand(g, 24),
    ),
    (
        "ipython-out",
        "In [3]: hf_hub.get_token()\nOut[3]: '{v}'",
        lambda g: "hf_" + _rand(g, 34),
    ),
    (
        "ci-terraform-output-raw",
        "2026-11-28T05:01:22.1203315Z + terraform output -raw admin_token\n2026-11-28T05:01:23.4470021Z {v}",
        lambda g: _rand(g, 40, AN),
    ),
    (
        "ci-kubectl-jsonpath",
        "[2026-11-28T05:02:10.318Z] + kubectl -n shop get secret api -o 'jsonpath={{.data.SIGNING_KEY}}'\n"
        "[2026-11-28T05:02:10.901Z] {v}",
        lambda g: _b64(g, 56) + "==",
    ),
    # password hashes in shadow, htpasswd and configuration files
    (
        "getent-shadow",
        "$ sudo getent shadow deploy\ndeploy:{v}:20055:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "yescrypt-shadow",
        "$ sudo tail -1 /etc/shadow\nbackup:{v}:20055::::::",
        lambda g: "$y$j9T$" + _rand(g, 22, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    (
        "nginx-htpasswd-bcrypt",
        "$ cat /etc/nginx/.htpasswd\nops:{v}\nmetrics:$apr1$",
        lambda g: "$2y$05$" + _rand(g, 53, CRYPT),
    ),
    (
        "argon2-python",
        "$ python -c 'from argon2 import PasswordHasher; print(PasswordHasher().hash(input()))' <<< \"$ADMIN_PW\"\n{v}",
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _b64(g, 22) + "$" + _b64(g, 43),
    ),
    (
        "django-pbkdf2-env",
        "$ grep HASH .env.production\nADMIN_PASSWORD_HASH={v}",
        lambda g: "pbkdf2_sha256$870000$" + _rand(g, 22) + "$" + _b64(g, 43) + "=",
    ),
    (
        "doveadm-pw",
        "$ doveadm pw -s SHA512-CRYPT\nEnter new password: \nRetype new password: \n{{SHA512-CRYPT}}{v}",
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "rabbitmq-definitions-hash",
        "$ rabbitmqctl export_definitions - | jq -r '.users[] | select(.name==\"shop\") | .password_hash'\n{v}",
        lambda g: _b64(g, 46) + "==",
    ),
    (
        "scrypt-config-yaml",
        "$ grep -A3 '^admin:' config/auth.yml\nadmin:\n  username: root\n  password_digest: \"{v}\"",
        lambda g: "$scrypt$ln=16,r=8,p=1$" + _b64(g, 22) + "$" + _b64(g, 43),
    ),
    (
        "mosquitto-passwd-file",
        "$ cat /etc/mosquitto/passwd\nsensor:{v}",
        lambda g: "$7$101$" + _b64(g, 16) + "$" + _b64(g, 86) + "==",
    ),
    # vendors' formats where no earlier set put them
    (
        "sendgrid-positional",
        "sg = SendGridAPIClient('{v}')\nresponse = sg.send(message)",
        lambda g: "SG." + _rand(g, 22, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "twilio-second-positional",
        "const client = twilio('AC{w}', '{v}');",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "octokit-auth",
        "const octokit = new Octokit({{ auth: `{v}`, userAgent: 'shop-release/2.4' }});",
        lambda g: "github_pat_11" + _rand(g, 20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "_" + _rand(g, 59),
    ),
    (
        "linear-client",
        "const linear = new LinearClient({{ apiKey: '{v}' }});",
        lambda g: "lin_api_" + _rand(g, 40),
    ),
    (
        "slack-webclient-positional",
        'client = WebClient("{v}", timeout=30)',
        lambda g: (
            "xoxp-"
            + _rand(g, 12, "0123456789")
            + "-"
            + _rand(g, 12, "0123456789")
            + "-"
            + _rand(g, 13, "0123456789")
            + "-"
            + _rand(g, 32, HEX)
        ),
    ),
    (
        "google-key-query",
        "https://maps.googleapis.com/maps/api/geocode/json?address=Alexanderplatz+Berlin&key={v}",
        lambda g: "AIza" + _rand(g, 35, AN + "-_"),
    ),
    (
        "tea-login-token-flag",
        "tea login add --name acme --token {v} --url https://gitea.acme.io",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "discord-bot-header",
        "curl -H 'Authorization: Bot {v}' https://discord.com/api/v10/users/@me",
        lambda g: "MT" + _rand(g, 24, AN) + "." + _rand(g, 6, AN + "-_") + "." + _rand(g, 38, AN + "-_"),
    ),
    (
        "azure-storage-second-positional",
        'const cred = new StorageSharedKeyCredential("acmestore", "{v}");',
        lambda g: _b64(g, 76) + "+ASt" + _b64(g, 6) + "==",
    ),
    (
        "cosmos-client-positional",
        'var client = new CosmosClient("https://acme-shop.documents.azure.com:443/", "{v}");',
        lambda g: _b64(g, 76) + "ACDb" + _b64(g, 4) + "==",
    ),
    (
        "azure-function-code-query",
        "curl -X POST 'https://func-shop.azurewebsites.net/api/orders-sync?code={v}' -d @batch.json",
        lambda g: _rand(g, 44, AN + "-_") + "AzFu" + _rand(g, 5, AN + "-_") + "==",
    ),
    (
        "apim-subscription-header",
        "Ocp-Apim-Subscription-Key: {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "postman-key-query",
        'curl "https://api.getpostman.com/collections?apikey={v}"',
        lambda g: "PMAK-" + _rand(g, 24, HEX) + "-" + _rand(g, 34, HEX),
    ),
    (
        "shopify-rest-client",
        "const client = new shopify.clients.Rest({{ session, accessToken: '{v}' }});",
        lambda g: "shpat_" + _rand(g, 32, HEX),
    ),
    (
        "hf-login-positional",
        'huggingface_hub.login("{v}", add_to_git_credential=False)',
        lambda g: "hf_" + _rand(g, 34),
    ),
    (
        "databricks-workspace-client",
        'w = WorkspaceClient(host="https://adb-1234567890123456.7.azuredatabricks.net", token="{v}")',
        lambda g: "dapi" + _rand(g, 32, HEX) + "-2",
    ),
    (
        "anthropic-getenv-default",
        'client = anthropic.Anthropic(api_key=os.getenv("CLAUDE_KEY", "{v}"))',
        lambda g: "sk-ant-api03-" + _rand(g, 93, AN + "-_") + "AA",
    ),
    (
        "pydo-client",
        "client = pydo.Client(token='{v}')",
        lambda g: "dop_v1_" + _rand(g, 64, HEX),
    ),
    (
        "boto3-positional-secret",
        'boto3.client("s3", "eu-west-1", None, False, True, None, "AKIAZ7Q3N5W2L4XK9B1D", "{v}")',
        lambda g: _rand(g, 40, AN + "+/"),
    ),
    (
        "grafana-sa-bearer",
        'wget --header="Authorization: Bearer {v}" -qO- http://grafana.acme.io/api/search',
        lambda g: "glsa_" + _rand(g, 32) + "_" + _rand(g, 8, HEX),
    ),
    (
        "jwt-query",
        "wss://events.acme.io/stream?jwt={v}&since=0",
        lambda g: _JWT + _rand(g, 90, AN + "-_") + "." + _rand(g, 43, AN + "-_"),
    ),
    (
        "supabase-management-token-flag",
        'supabase link --project-ref abcdefghijklmnopqrst --password "$PGPW" --token {v}',
        lambda g: "sbp_" + _rand(g, 40, HEX),
    ),
    (
        "artifactory-header",
        "curl -H 'X-JFrog-Art-Api: {v}' -T dist/shop-2.4.0.tgz https://acme.jfrog.io/artifactory/npm-local/shop/",
        lambda g: "AKCp8" + _rand(g, 68),
    ),
    (
        "mailchimp-url-userinfo",
        "curl -s https://anystring:{v}@us21.api.mailchimp.com/3.0/lists | jq '.lists[].name'",
        lambda g: _rand(g, 32, HEX) + "-us21",
    ),
    (
        "square-bearer-httpie",
        "http GET https://connect.squareup.com/v2/locations Authorization:'Bearer {v}' Square-Version:2024-10-17",
        lambda g: "EAAA" + _rand(g, 60, AN + "-_"),
    ),
    (
        "ibm-iam-authenticator",
        "authenticator = IAMAuthenticator('{v}')\nservice = CloudantV1(authenticator=authenticator)",
        lambda g: _rand(g, 44, AN + "-_"),
    ),
    (
        "azure-search-header",
        "Invoke-RestMethod -Uri $searchUrl -Headers @{{ 'api-key' = '{v}' }} -Method Post -Body $query",
        lambda g: _rand(g, 42) + "AzSe" + _rand(g, 6),
    ),
    (
        "azure-servicebus-from-connection-string",
        'client = ServiceBusClient.from_connection_string("Endpoint=sb://acme-shop.servicebus.windows.net/;'
        'SharedAccessKeyName=sender;SharedAccessKey={v}")',
        lambda g: _b64(g, 33) + "+ASb" + _b64(g, 6) + "=",
    ),
    (
        "acr-login-password-flag",
        "$ docker login acmeshop.azurecr.io --username acmeshop-pull --password {v}\nLogin Succeeded",
        lambda g: _b64(g, 42) + "+ACR" + _b64(g, 6),
    ),
)

# Set 24, printed part: sealed; written beside `POSITIONS_HELD24` while the rules were being
# changed on set 23 elsewhere, to be scored once. Secrets a command prints with no name beside
# them (secret stores' reads, first-run and bootstrap output, cloud CLIs' key listings, REPL and
# debugger answers, test failures, CI logs), password hashes in shadow, htpasswd, proxies' and
# brokers' configuration, and vendors' formats (TruffleHog's, Nosey Parker's, Microsoft's
# identifiable keys, detect-secrets') where no earlier set put them: an SDK constructor's
# argument, a second positional argument, a URL's query, a header.
PRINTED_HELD24: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores and first-run output: the value alone on a line
    (
        "vault-read-field-dbcreds",
        "$ vault read -field=password database/creds/readonly\n{v}",
        lambda g: "A1a-" + _rand(g, 20),
    ),
    (
        "vault-kv-json-jq-pass",
        "$ vault kv get -format=json kv/shop/smtp | jq -r .data.data.pass\n{v}",
        lambda g: _rand(g, 24, AN + "!#"),
    ),
    ("chamber-read-quiet", "$ chamber read -q shop smtp_password\n{v}", lambda g: _rand(g, 18, AN + "%^")),
    (
        "ssm-by-path-text",
        "$ aws ssm get-parameters-by-path --path /shop/prod --with-decryption --query 'Parameters[].[Name,Value]' "
        "--output text\n/shop/prod/db_host\tdb.acme.io\n/shop/prod/db_pass\t{v}",
        lambda g: _rand(g, 22),
    ),
    ("gopass-show-o", "$ gopass show -o shop/prod/db\n{v}", lambda g: _rand(g, 24, AN + "-_.")),
    ("lpass-show-password", "$ lpass show --password 'Shared-Ops/shop-db'\n{v}", lambda g: _rand(g, 20, AN + "@!")),
    ("secret-tool-lookup", "$ secret-tool lookup service shop-db user etl\n{v}", lambda g: _rand(g, 16)),
    ("python-keyring-get", "$ keyring get smtp.acme.io noreply\n{v}", lambda g: _rand(g, 19, AN + "#")),
    (
        "gitlab-initial-root-awk",
        "$ sudo awk '/^Password:/ {{print $2}}' /etc/gitlab/initial_root_password\n{v}",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "vault-init-jq-unseal",
        "$ kubectl exec -n vault vault-0 -- vault operator init -key-shares=1 -key-threshold=1 -format=json "
        "| jq -r '.unseal_keys_b64[0]'\n{v}",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "k3s-token-create",
        "$ k3s token create --ttl 2h --description ci-runner\n{v}",
        lambda g: (
            _rand(g, 6, "abcdefghijklmnopqrstuvwxyz0123456789")
            + "."
            + _rand(g, 16, "abcdefghijklmnopqrstuvwxyz0123456789")
        ),
    ),
    (
        "boundary-auth-jq",
        "$ boundary authenticate password -auth-method-id ampw_1234567890 -login-name admin -format json "
        "| jq -r .item.attributes.token\n{v}",
        lambda g: "at_" + _rand(g, 10) + "_" + _rand(g, 90),
    ),
    ("openssl-rand-tee", "$ openssl rand -base64 32 | tee /run/secrets/app_key\n{v}", lambda g: _b64(g, 43) + "="),
    (
        "pulumi-show-secrets",
        "$ pulumi stack output --show-secrets dbPassword --stack prod\n{v}",
        lambda g: _rand(g, 20, AN + "!$"),
    ),
    ("op-read-uri", "$ op read 'op://Shop/Stripe restricted/credential'\n{v}", lambda g: "rk_live_51" + _rand(g, 97)),
    # password hashes: shadow, htpasswd, proxies', brokers' and databases' configuration
    (
        "mysql-authentication-string",
        "$ mysql -uroot -sN -e \"SELECT authentication_string FROM mysql.user WHERE user='etl'\"\n{v}",
        lambda g: "*" + _rand(g, 40, "0123456789ABCDEF"),
    ),
    (
        "pg-authid-scram",
        "$ sudo -u postgres psql -Atc \"SELECT rolpassword FROM pg_authid WHERE rolname='etl'\"\n{v}",
        lambda g: "SCRAM-SHA-256$4096:" + _b64(g, 22) + "==$" + _b64(g, 43) + "=:" + _b64(g, 43) + "=",
    ),
    (
        "getent-shadow-cut-yescrypt",
        "$ sudo getent shadow deploy | cut -d: -f2\n{v}",
        lambda g: "$y$j9T$" + _rand(g, 22, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    (
        "htpasswd-tail-bcrypt",
        "$ sudo tail -n 2 /etc/nginx/.htpasswd\nops:{v}\nci:{w}",
        lambda g: "$2y$10$" + _rand(g, 53, CRYPT),
    ),
    (
        "django-fixture-pbkdf2",
        '[{{"model": "auth.user", "pk": 1, "fields": {{"username": "admin", "is_superuser": true, "password": "{v}"}}}}]',
        lambda g: "pbkdf2_sha256$1000000$" + _rand(g, 22) + "$" + _b64(g, 43) + "=",
    ),
    ("caddy-basic-auth-bcrypt", "basic_auth /admin/* {{\n\tops {v}\n}}", lambda g: "$2a$14$" + _rand(g, 53, CRYPT)),
    (
        "traefik-label-apr1",
        '      - "traefik.http.middlewares.ops-auth.basicauth.users=ops:{v}"',
        lambda g: "$$apr1$$" + _rand(g, 8, CRYPT) + "$$" + _rand(g, 22, CRYPT),
    ),
    ("slappasswd-ssha", "$ slappasswd -h '{{SSHA}}' -s \"$NEW_PW\"\n{v}", lambda g: "{SSHA}" + _b64(g, 32)),
    (
        "doveadm-pw-sha512",
        "$ doveadm pw -s SHA512-CRYPT\nEnter new password: \nRetype new password: \n{v}",
        lambda g: "{SHA512-CRYPT}$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "clickhouse-users-sha256",
        "<users>\n  <grafana>\n    <password_sha256_hex>{v}</password_sha256_hex>\n  </grafana>\n</users>",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "rabbitmq-definitions-json-hash",
        '"users": [{{"name": "shop", "password_hash": "{v}", "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": []}}]',
        lambda g: _b64(g, 48),
    ),
    ("redis-acl-sha256", "user etl on #{v} ~orders:* +@read", lambda g: _rand(g, 64, HEX)),
    (
        "vaultwarden-admin-argon2",
        "ADMIN_TOKEN='{v}'",
        lambda g: "$argon2id$v=19$m=65540,t=3,p=4$" + _b64(g, 43) + "$" + _b64(g, 43),
    ),
    # cloud CLIs' key listings: Microsoft's identifiable keys
    (
        "az-storage-keys-tsv",
        "$ az storage account keys list -g rg-shop -n acmeshopdata --query '[0].value' -o tsv\n{v}",
        lambda g: _b64(g, 76) + "+ASt" + _b64(g, 5) + "Q==",
    ),
    (
        "az-cosmos-keys-tsv",
        "$ az cosmosdb keys list -g rg-shop -n acme-cosmos --query primaryMasterKey -o tsv\n{v}",
        lambda g: _b64(g, 76) + "ACDb" + _b64(g, 5) + "g==",
    ),
    (
        "az-functionapp-keys-tsv",
        "$ az functionapp keys list -g rg-shop -n func-shop --query functionKeys.default -o tsv\n{v}",
        lambda g: _rand(g, 44, AN + "_-") + "AzFu" + _rand(g, 5, AN + "_-") + "w==",
    ),
    (
        "az-redis-list-keys",
        '$ az redis list-keys -g rg-shop -n acme-cache\n{{\n  "primaryKey": "{v}",\n  "secondaryKey": "{w}"\n}}',
        lambda g: _b64(g, 33) + "AzCaC" + _b64(g, 5) + "=",
    ),
    (
        "az-rest-apim-listsecrets",
        '$ az rest --method post --uri "$APIM/subscriptions/ci/listSecrets?api-version=2022-08-01" --query primaryKey -o tsv\n{v}',
        lambda g: _b64(g, 76) + "APIM" + _b64(g, 5) + "A==",
    ),
    (
        "az-batch-keys-tsv",
        "$ az batch account keys list -g rg-shop -n acmebatch --query primary -o tsv\n{v}",
        lambda g: _b64(g, 76) + "+ABa" + _b64(g, 5) + "w==",
    ),
    (
        "nuget-push-key-flag",
        "$ dotnet nuget push bin/Release/Acme.Shop.2.4.0.nupkg -k {v} -s https://api.nuget.org/v3/index.json",
        lambda g: "oy2" + _rand(g, 43, "abcdefghijklmnopqrstuvwxyz234567"),
    ),
    (
        "eventhub-from-connection-string",
        'producer = EventHubProducerClient.from_connection_string("Endpoint=sb://acme-shop.servicebus.windows.net/;'
        'SharedAccessKeyName=send;SharedAccessKey={v};EntityPath=orders")',
        lambda g: _b64(g, 33) + "+AEhB" + _b64(g, 5) + "=",
    ),
    (
        "azure-openai-ctor",
        'client = AzureOpenAI(azure_endpoint="https://acme-oai.openai.azure.com", api_key="{v}", api_version="2024-10-21")',
        lambda g: _rand(g, 52) + "JQQJ99AB" + _rand(g, 12) + "AAABACOG" + _rand(g, 4),
    ),
    # vendors' formats in an SDK constructor, a second positional argument, a query, a header
    ("stripe-client-positional", 'client = stripe.StripeClient("{v}")', lambda g: "sk_live_51" + _rand(g, 97)),
    (
        "gitlab-second-positional",
        'gl = gitlab.Gitlab("https://gitlab.acme.io", "{v}")',
        lambda g: "glpat-" + _rand(g, 20, AN + "-_"),
    ),
    (
        "octokit-auth-option",
        "const octokit = new Octokit({{ auth: '{v}', userAgent: 'shop-release' }});",
        lambda g: "github_pat_11" + _rand(g, 22, string.ascii_uppercase + string.digits) + "_" + _rand(g, 59),
    ),
    (
        "twilio-client-python-positional",
        'client = Client("AC3f9a1b2c4d5e6f708192a3b4c5d6e7f8", "{v}")',
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "mailchimp-set-config",
        'client.set_config({{"api_key": "{v}", "server": "us21"}})',
        lambda g: _rand(g, 32, HEX) + "-us21",
    ),
    ("pydo-client-token", 'client = pydo.Client(token="{v}")', lambda g: "dop_v1_" + _rand(g, 64, HEX)),
    (
        "hf-inference-client",
        'client = InferenceClient("meta-llama/Llama-3.1-8B-Instruct", token="{v}")',
        lambda g: "hf_" + _rand(g, 34),
    ),
    (
        "github-token-scheme-header",
        "curl -H 'Authorization: token {v}' 'https://api.github.com/repos/acme/shop/actions/runs?per_page=1'",
        lambda g: "ghp_" + _rand(g, 36),
    ),
    (
        "npm-publish-inline-authtoken",
        "$ npm publish --//registry.npmjs.org/:_authToken={v}",
        lambda g: "npm_" + _rand(g, 36),
    ),
    ("uv-publish-token", "$ uv publish --token {v} dist/*", lambda g: "pypi-AgEIcHlwaS5vcmc" + _rand(g, 60, AN + "-_")),
    (
        "postman-apikey-query",
        "https://api.getpostman.com/collections?apikey={v}",
        lambda g: "PMAK-" + _rand(g, 24, HEX) + "-" + _rand(g, 34, HEX),
    ),
    (
        "databricks-sql-connect",
        'conn = sql.connect(server_hostname=os.environ["DATABRICKS_HOST"], http_path="/sql/1.0/warehouses/4b1f", access_token="{v}")',
        lambda g: "dapi" + _rand(g, 32, HEX),
    ),
    (
        "jira-basic-auth-tuple",
        'jira = JIRA(server="https://acme.atlassian.net", basic_auth=("ops@acme.io", "{v}"))',
        lambda g: "ATATT3xFfGF0" + _rand(g, 180, AN + "-_=") + "=" + _rand(g, 8, HEX.upper()),
    ),
    (
        "mailgun-client-key",
        "const mg = mailgun.client({{ username: 'api', key: '{v}', url: 'https://api.eu.mailgun.net' }});",
        lambda g: "key-" + _rand(g, 32, HEX),
    ),
    (
        "anthropic-ctor-option",
        "const anthropic = new Anthropic({{ apiKey: '{v}', maxRetries: 4 }});",
        lambda g: "sk-ant-api03-" + _rand(g, 93, AN + "-_") + "AA",
    ),
    (
        "sentry-sdk-init-dsn",
        'sentry_sdk.init(dsn="https://{v}@o450123.ingest.us.sentry.io/4507001", traces_sample_rate=0.1)',
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "maps-script-key",
        '<script async src="https://maps.googleapis.com/maps/api/js?key={v}&loading=async&callback=initMap"></script>',
        lambda g: "AIza" + _rand(g, 35, AN + "-_"),
    ),
    (
        "docker-hub-echo-stdin",
        "$ echo {v} | docker login -u acmeci --password-stdin\nLogin Succeeded",
        lambda g: "dckr_pat_" + _rand(g, 27, AN + "-_"),
    ),
    (
        "linear-graphql-header",
        "curl -s https://api.linear.app/graphql -H 'Authorization: {v}' -d '{{\"query\": \"{{ viewer {{ id }} }}\"}}'",
        lambda g: "lin_api_" + _rand(g, 40),
    ),
    (
        "telegram-fetch-template",
        "await fetch(`https://api.telegram.org/bot{v}/sendMessage`, {{ method: 'POST', body }});",
        lambda g: str(g.randint(10**9, 10**10 - 1)) + ":AA" + _rand(g, 33, AN + "-_"),
    ),
    # debuggers, REPLs, test failures and CI logs
    (
        "pdb-pp-settings",
        "(Pdb) pp settings.DATABASES['default']['PASSWORD']\n'{v}'",
        lambda g: _rand(g, 20, AN + "!"),
    ),
    (
        "node-repl-config-get",
        "> config.get('smtp')\n{{ host: 'mail.acme.io', port: 587, user: 'noreply', pass: '{v}' }}",
        lambda g: _rand(g, 18, AN + "&"),
    ),
    (
        "iex-fetch-env",
        'iex(1)> Application.fetch_env!(:ex_aws, :secret_access_key)\n"{v}"',
        lambda g: _b64(g, 40),
    ),
    (
        "gha-log-seed-flag",
        "2026-11-28T06:41:02.5511230Z ##[group]Run ./scripts/seed.sh\n"
        "2026-11-28T06:41:02.5512001Z + ./scripts/seed.sh --admin-pass {v}",
        lambda g: _rand(g, 16, AN + "!@"),
    ),
    (
        "gitlab-ci-env-sort",
        "$ env | sort\nCI_JOB_TOKEN=[MASKED]\nCI_REGISTRY_PASSWORD=[MASKED]\nDEPLOY_KEY_PASSPHRASE={v}\nHOME=/root",
        lambda g: _rand(g, 22, AN + "-"),
    ),
    (
        "pytest-assert-token-dict",
        "E       AssertionError: assert {{'token': '{v}'}} == {{'token': None}}",
        lambda g: _rand(g, 40),
    ),
    (
        "go-test-config-dump",
        "    client_test.go:48: cfg = &{{Endpoint:https://api.acme.io Token:{v} Timeout:30s}}",
        lambda g: _rand(g, 32, HEX),
    ),
    ("strace-redis-auth", 'write(3, "AUTH {v}\\r\\n", 32) = 32', lambda g: _rand(g, 24)),
    (
        "urllib3-debug-query",
        'DEBUG:urllib3.connectionpool:https://api.acme.io:443 "GET /v1/orders?api_key={v} HTTP/1.1" 200 512',
        lambda g: _rand(g, 32),
    ),
    (
        "kubectl-describe-env",
        "$ kubectl describe pod api-7d9f -n shop | grep -A3 Environment\n    Environment:\n"
        "      SMTP_HOST:  mail.acme.io\n      SMTP_PASS:  {v}",
        lambda g: _rand(g, 18, AN + "."),
    ),
    (
        "ansible-debug-var",
        'TASK [debug] ******************************************************************\nok: [db1] => {{\n    "vault_pg_password": "{v}"\n}}',
        lambda g: _rand(g, 20, AN + "%"),
    ),
)


def printed_samples(
    rng: random.Random, source: str, templates: tuple[tuple[str, str, Callable[[random.Random], str]], ...]
) -> Iterator[Sample]:
    for name, template, value_of in templates:
        value = value_of(rng)
        other = value_of(rng)
        yield Sample(source, name, template, template.format(v=value, w=other), value)


# The hand-written sets, in the order their values are drawn from one random stream per seed:
# a set added later draws after every earlier one, so that theirs (and their figures) stay as
# they were. Set 9's printed part is "printed-held5".
HAND_WRITTEN: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("positions", POSITIONS),
    ("positions-held", POSITIONS_HELD),
    ("positions-held2", POSITIONS_HELD2),
    ("positions-held3", POSITIONS_HELD3),
    ("positions-held4", POSITIONS_HELD4),
    ("positions-held5", POSITIONS_HELD5),
    ("positions-held6", POSITIONS_HELD6),
    ("positions-held7", POSITIONS_HELD7),
    ("positions-held8", POSITIONS_HELD8),
    ("positions-held9", POSITIONS_HELD9),
    ("printed", PRINTED),
    ("printed-held", PRINTED_HELD),
    ("printed-held2", PRINTED_HELD2),
    ("printed-held3", PRINTED_HELD3),
    ("printed-held4", PRINTED_HELD4),
    ("printed-held5", PRINTED_HELD5),
    ("printed-held10", PRINTED_HELD10),
    ("positions-held11", POSITIONS_HELD11),
    ("printed-held11", PRINTED_HELD11),
    ("positions-held12", POSITIONS_HELD12),
    ("printed-held12", PRINTED_HELD12),
    ("positions-held13", POSITIONS_HELD13),
    ("printed-held13", PRINTED_HELD13),
    ("positions-held14", POSITIONS_HELD14),
    ("printed-held14", PRINTED_HELD14),
    ("positions-held15", POSITIONS_HELD15),
    ("printed-held15", PRINTED_HELD15),
    ("positions-held16", POSITIONS_HELD16),
    ("printed-held16", PRINTED_HELD16),
    ("positions-held17", POSITIONS_HELD17),
    ("printed-held17", PRINTED_HELD17),
    ("positions-held18", POSITIONS_HELD18),
    ("printed-held18", PRINTED_HELD18),
    ("positions-held19", POSITIONS_HELD19),
    ("printed-held19", PRINTED_HELD19),
    ("positions-held20", POSITIONS_HELD20),
    ("printed-held20", PRINTED_HELD20),
    ("positions-held21", POSITIONS_HELD21),
    ("printed-held21", PRINTED_HELD21),
    ("positions-held22", POSITIONS_HELD22),
    ("printed-held22", PRINTED_HELD22),
    ("positions-held23", POSITIONS_HELD23),
    ("printed-held23", PRINTED_HELD23),
    ("positions-held24", POSITIONS_HELD24),
    ("printed-held24", PRINTED_HELD24),
    ("positions-held25", POSITIONS_HELD25),
    ("printed-held25", PRINTED_HELD25),
    ("positions-held26", POSITIONS_HELD26),
    ("printed-held26", PRINTED_HELD26),
    ("positions-held27", POSITIONS_HELD27),
    ("printed-held27", PRINTED_HELD27),
    ("positions-held28", POSITIONS_HELD28),
    ("printed-held28", PRINTED_HELD28),
    ("positions-held29", POSITIONS_HELD29),
    ("printed-held29", PRINTED_HELD29),
    ("positions-held30", POSITIONS_HELD30),
    ("printed-held30", PRINTED_HELD30),
    ("positions-held32", POSITIONS_HELD32),
    ("printed-held32", PRINTED_HELD32),
    # Set 31 came in after set 32 was scored: it draws after it, so that set 32's figures stay.
    ("positions-held31", POSITIONS_HELD31),
    ("printed-held31", PRINTED_HELD31),
    ("positions-held33", POSITIONS_HELD33),
    ("printed-held33", PRINTED_HELD33),
    ("positions-held34", POSITIONS_HELD34),
    ("printed-held34", PRINTED_HELD34),
)


def hand_written_samples(rng: random.Random) -> Iterator[Sample]:
    for source, templates in HAND_WRITTEN:
        draw = printed_samples if source.startswith("printed") else position_samples
        yield from draw(rng, source, templates)


# -- password hashes from a generator ------------------------------------------------------------

_USERS = ("alice", "deploy", "www-data", "admin", "jsmith", "svc_backup", "postgres", "git")
HASH_CONTEXTS: tuple[tuple[str, str], ...] = (
    ("shadow", "{user}:{h}:19000:0:99999:7:::"),
    ("htpasswd", "{user}:{h}"),
    ("config", "{name} = {h}"),
    ("json", '{{"username": "{user}", "{key}": {jh}}}'),
    ("sql", "INSERT INTO users (username, {col}) VALUES ('{user}', '{h}');"),
    ("alone", "{h}"),
    ("prose", "the hash is {h}"),
)
_CONFIG_NAMES = ("password_hash", "ADMIN_PASSWORD_HASH", "hashed_password", "passwd", "root_password", "pw_hash")
_JSON_KEYS = ("password", "passwordHash", "password_hash", "hash", "hashed_password")
_SQL_COLUMNS = ("password", "password_hash", "passwd", "pass_hash")


def hash_samples(path: Path, seed: int) -> Iterator[Sample]:
    """Each hash in each of `HASH_CONTEXTS`, the names around it drawn from a stream of its own
    (so that no other set's values move). The schemes, sorted by name, are dealt alternately to
    `hashes-tune` and `hashes-held`; the hashes are the file's, the same at every seed."""
    rows = [json.loads(raw) for raw in path.read_text().splitlines() if raw.strip()]
    schemes = sorted({r["scheme"] for r in rows})
    half = {scheme: ("hashes-tune", "hashes-held")[i % 2] for i, scheme in enumerate(schemes)}
    rng = random.Random(f"hashes-{seed}")
    for r in rows:
        h = r["hash"]
        for context, template in HASH_CONTEXTS:
            text = template.format(
                user=rng.choice(_USERS),
                h=h,
                jh=json.dumps(h),
                name=rng.choice(_CONFIG_NAMES),
                key=rng.choice(_JSON_KEYS),
                col=rng.choice(_SQL_COLUMNS),
            )
            yield Sample(half[r["scheme"]], r["scheme"], context, text, h)


# -- scoring ------------------------------------------------------------------------------------


def seeds_of(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def in_half(samples: list[Sample], half: str | None, halved: set[str], only: set[str]) -> Iterator[Sample]:
    """The samples of `only`'s sources (all if empty), a set in `halved` cut to its half: A
    the templates at even indices, B at odd. Cut after every value is drawn, so that a half's
    samples are the same values the whole set gets."""
    index: dict[str, int] = defaultdict(int)
    for s in samples:
        i = index[s.source]
        index[s.source] += 1
        if only and s.source not in only:
            continue
        if half and s.source in halved and i % 2 != (half == "B"):
            continue
        yield s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--gitleaks", type=Path, help="gitleaks' config/gitleaks.toml")
    p.add_argument("--noseyparker", type=Path, help="Nosey Parker's builtin rules folder")
    p.add_argument("--trufflehog", type=Path, help="TruffleHog's pkg/detectors folder")
    p.add_argument("--azure", type=Path, help="security-utilities' HighConfidenceSecurityModels.json")
    p.add_argument("--spdb", type=Path, help="secrets-patterns-db's db/rules-stable.yml")
    p.add_argument("--benign", type=Path, nargs="*", default=[], help="JSON lines with a `text` each")
    p.add_argument("--transcripts", type=Path, help="a folder of transcripts (*.jsonl): every line of every string")
    p.add_argument("--seeds", default="101-103", help="seeds to score (1-3 are the tuning seeds)")
    p.add_argument(
        "--misses",
        default="",
        help="print the misses of these sources (comma-separated); `benign` the changed lines of every"
        " benign list, `benign-held14` those of set 14's look-alikes only, `benign-transcripts` the transcripts'",
    )
    p.add_argument(
        "--half",
        choices=("A", "B"),
        help="score only half of each of --halved's sets: A its even-numbered templates (0, 2, ...), B the odd",
    )
    p.add_argument(
        "--halved",
        default="positions-held12,printed-held12",
        help="the sets --half splits (comma-separated); other sets are scored whole",
    )
    p.add_argument(
        "--only",
        default="",
        help="score only these sources (comma-separated; default every source)",
    )
    p.add_argument("--hashes", type=Path, help="JSON lines of password hashes (bench/hash_samples.py)")
    p.add_argument(
        "--no-gitleaks-match",
        action="store_true",
        help="also score the values no gitleaks rule matches (needs --gitleaks)",
    )
    args = p.parse_args(argv)

    formats: list[Format] = []
    if args.gitleaks:
        formats += gitleaks_formats(args.gitleaks)
    if args.noseyparker:
        formats += noseyparker_formats(args.noseyparker)
    if args.trufflehog:
        formats += trufflehog_formats(args.trufflehog)
    if args.azure:
        formats += azure_formats(args.azure)
    if args.spdb:
        from redact_spdb import spdb_rules

        rules, dropped = spdb_rules(args.spdb)
        for rule in rules:
            flags = re.I if "(?i)" in rule.regex else 0
            regex = python_regex(rule.regex.replace("(?i)", ""))
            formats.append(Format("secrets-patterns-db", rule.name, regex, rule.keyword, flags, rule.group))
        print(f"secrets-patterns-db: {len(rules)} high-confidence patterns kept; dropped as not a secret:")
        for reason, n in dropped.most_common():
            print(f"  {n} | {reason}")
    gitleaks_patterns: list[tuple[tuple[str, ...], re.Pattern[str]]] = []
    if args.gitleaks and args.no_gitleaks_match:
        for rule in tomllib.loads(args.gitleaks.read_text())["rules"]:
            rx = rule.get("regex")
            try:
                pattern = re.compile(python_regex(rx.replace("(?i)", "")), re.I if "(?i)" in rx else 0) if rx else None
            except re.error:
                continue
            if pattern is not None:
                gitleaks_patterns.append((tuple(k.lower() for k in rule.get("keywords") or ()), pattern))
    gitleaks_seen: dict[str, bool] = {}

    def gitleaks_would_match(value: str) -> bool:
        """As gitleaks runs a rule: only where one of its keywords occurs (each value once)."""
        if value not in gitleaks_seen:
            low = value.lower()
            gitleaks_seen[value] = any(
                (not kws or any(k in low for k in kws)) and p.search(value) for kws, p in gitleaks_patterns
            )
        return gitleaks_seen[value]

    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_context: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    unmatched: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses: dict[tuple[str, str], str] = {}
    show = set(filter(None, args.misses.split(",")))
    halved = set(filter(None, args.halved.split(",")))
    only = set(filter(None, args.only.split(",")))
    for seed in seeds_of(args.seeds):
        random.seed(seed)  # exrex draws from `random`
        rng = random.Random(seed)
        samples: list[Sample] = []
        for fmt in formats:
            samples += format_samples(fmt, rng)
        samples += hand_written_samples(rng)
        if args.hashes:
            samples += hash_samples(args.hashes, seed)
        for s in in_half(samples, args.half, halved, only):
            out = redact(s.text)
            missed = leaked(out, s.secret)
            totals[s.source][0] += 1
            totals[s.source][1] += missed
            if s.source in ("noseyparker", "trufflehog", "azure", "secrets-patterns-db"):
                by_context[("new " if s.context in NEW else "old ") + s.source][0] += 1
                by_context[("new " if s.context in NEW else "old ") + s.source][1] += missed
                if gitleaks_patterns and not gitleaks_would_match(s.secret):
                    unmatched[s.source][0] += 1
                    unmatched[s.source][1] += missed
            if s.source == "hashes-tune":  # the tuned half by place; the held half shows one figure
                by_context[f"hashes-tune {s.context}"][0] += 1
                by_context[f"hashes-tune {s.context}"][1] += missed
            if missed and s.source in show:
                misses.setdefault((s.rule, s.context), s.text)

    print(f"seeds {args.seeds}")
    print("source | samples | secrets removed")
    for source, (n, missed) in sorted(totals.items()):
        print(f"{source} | {n:,} | {(n - missed) / max(n, 1):.1%}")
    for key, (n, missed) in sorted(by_context.items()):
        print(f"  {key} {'' if key.startswith('hashes') else 'contexts '}| {n:,} | {(n - missed) / max(n, 1):.1%}")
    for source, (n, missed) in sorted(unmatched.items()):
        print(f"  {source}, values no gitleaks rule matches | {n:,} | {(n - missed) / max(n, 1):.1%}")
    benign: list[tuple[str, list[str]]] = []
    for path in args.benign:
        benign.append((path.name, [json.loads(raw)["text"] for raw in path.read_text().splitlines() if raw.strip()]))
    benign.append(("look-alikes of held-out set 5", list(BENIGN_HELD5)))
    benign.append(("look-alikes of held-out set 6", list(BENIGN_HELD6)))
    benign.append(("look-alikes of held-out set 7", list(BENIGN_HELD7)))
    benign.append(("look-alikes of held-out set 8", list(BENIGN_HELD8)))
    benign.append(("look-alikes of held-out set 9", list(BENIGN_HELD9)))
    benign.append(("look-alikes of held-out set 11", list(BENIGN_HELD11)))
    benign.append(("look-alikes of held-out set 12", list(BENIGN_HELD12)))
    benign.append(("look-alikes of held-out set 13", list(BENIGN_HELD13)))
    benign.append(("look-alikes of held-out set 14", list(BENIGN_HELD14)))
    benign.append(("look-alikes of held-out set 15", list(BENIGN_HELD15)))
    benign.append(("look-alikes of held-out set 16", list(BENIGN_HELD16)))
    benign.append(("look-alikes of held-out set 17", list(BENIGN_HELD17)))
    benign.append(("look-alikes of held-out set 18", list(BENIGN_HELD18)))
    benign.append(("look-alikes of held-out set 19", list(BENIGN_HELD19)))
    benign.append(("look-alikes of held-out set 20", list(BENIGN_HELD20)))
    benign.append(("look-alikes of held-out set 21", list(BENIGN_HELD21)))
    benign.append(("look-alikes of held-out set 22", list(BENIGN_HELD22)))
    benign.append(("look-alikes of held-out set 23", list(BENIGN_HELD23)))
    benign.append(("look-alikes of held-out set 24", list(BENIGN_HELD24)))
    benign.append(("look-alikes a review found taken", list(BENIGN_REVIEWED)))
    benign.append(("look-alikes of held-out set 25", list(BENIGN_HELD25)))
    benign.append(("look-alikes of held-out set 26", list(BENIGN_HELD26)))
    benign.append(("look-alikes of held-out set 27", list(BENIGN_HELD27)))
    benign.append(("look-alikes of held-out set 28", list(BENIGN_HELD28)))
    benign.append(("look-alikes of held-out set 29", list(BENIGN_HELD29)))
    benign.append(("look-alikes of held-out set 30", list(BENIGN_HELD30)))
    benign.append(("look-alikes of held-out set 31", list(BENIGN_HELD31)))
    benign.append(("look-alikes of held-out set 32", list(BENIGN_HELD32)))
    benign.append(("look-alikes of held-out set 33", list(BENIGN_HELD33)))
    benign.append(("look-alikes of held-out set 34", list(BENIGN_HELD34)))
    if args.noseyparker:
        benign.append(("noseyparker negative examples", noseyparker_negatives(args.noseyparker)))
    if args.transcripts:
        benign.append((f"transcripts in {args.transcripts.name}/", transcript_lines(args.transcripts)))
    for name, lines in benign:
        changed = [line for line in lines if redact(line) != line]
        print(f"benign {name} | {len(lines):,} texts | {1 - len(changed) / max(len(lines), 1):.2%} unchanged")
        # `benign` shows every list's changed lines; `benign-held14` only set 14's look-alikes, so
        # that one set's can be read while another's stay scored only (`benign-transcripts`: the
        # transcripts' changed lines).
        held = re.fullmatch(r"look-alikes of held-out set (\d+)", name)
        key = f"held{held.group(1)}" if held else name.split()[0]
        if "benign" in show or f"benign-{key}" in show:
            for line in changed:
                print(f"  changed: {line[:160]!r} -> {redact(line)[:160]!r}")
    for (rule, context), text in sorted(misses.items()):
        print(f"  miss {rule} [{context[:30]}]: {text[:170]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
