"""A grid of secret positions, written in the twelfth round before any change it measures: a
name that holds a secret word, in every case style, joined to its value by the glue of many
syntaxes, with and without quotes; the value a password a person chose or a random key (each
must be gone), or a value that is plainly not a secret (a reference, a placeholder, a lookup, a
flag, a number, a path, an algorithm, a type: each line must come back unchanged). The grid is
the product, so a syntax is measured with every name and every value, not by one example.

Run: `python bench/redact_probe12.py [--show secrets|lookalikes|both]` (prints the failures
grouped by glue, then the counts by glue, by name style and by value kind).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.redact import redact  # noqa: E402

# (style, words): the name's words joined in the style. Each word list names a secret.
NAMES = (
    ("password",),
    ("db", "password"),
    ("smtp", "pass"),
    ("admin", "pwd"),
    ("root", "passwd"),
    ("api", "key"),
    ("client", "secret"),
    ("auth", "token"),
    ("access", "token"),
    ("secret", "key"),
    ("private", "key", "passphrase"),
    ("webhook", "secret"),
    ("registry", "auth", "token"),
    ("app", "credential"),
    ("signing", "key"),
)


def styled(words: tuple[str, ...], style: str) -> str:
    if style == "snake":
        return "_".join(words)
    if style == "SCREAMING":
        return "_".join(words).upper()
    if style == "camel":
        return words[0] + "".join(w.title() for w in words[1:])
    if style == "Pascal":
        return "".join(w.title() for w in words)
    if style == "kebab":
        return "-".join(words)
    if style == "dotted":
        return "app." + ".".join(words)
    raise ValueError(style)


STYLES = ("snake", "SCREAMING", "camel", "Pascal", "kebab", "dotted")

# (glue, template): `{n}` the name, `{q}` a quote or none, `{v}` the value.
GLUES = (
    ("=", "{n}={q}{v}{q}"),
    (" = ", "{n} = {q}{v}{q}"),
    (": ", "{n}: {q}{v}{q}"),
    ("json", '"{n}": "{v}",'),
    ("=>", "'{n}' => {q}{v}{q},"),
    ("->", "{n} -> {q}{v}{q}"),
    (":=", "{n} := {q}{v}{q}"),
    ("<-", "{n} <- {q}{v}{q}"),
    ("setter(", "config.set{N}({q}{v}{q});"),
    ("call(name, v)", 'conf.set("{n}", {q}{v}{q})'),
    ("kwarg", "client = Client({n}={q}{v}{q}, timeout=30)"),
    ("TO", "SET {n} TO {q}{v}{q};"),
    ("AS", "DEFINE {n} AS {q}{v}{q}"),
    ("<tag>", "<{n}>{v}</{n}>"),
    ("attr", '<add key="{n}" value="{v}" />'),
    ("space", "{n} {q}{v}{q}"),
    ("tab", "{n}\t{v}"),
    ("--flag v", "deploy --{k} {q}{v}{q} --region eu-west-1"),
    ("--flag=v", "deploy --{k}={q}{v}{q}"),
    ("export", "export {S}={q}{v}{q}"),
    ("[key] =", "$config['{n}'] = {q}{v}{q};"),
    ("conn;", "Server=db.internal;Database=app;{n}={v};"),
    ("toml table", "[auth]\n{n} = {q}{v}{q}"),
    ("yaml nested", "prod:\n  {n}: {q}{v}{q}\n  host: db"),
    ("ini spaced", "{n}    {q}{v}{q}"),
    ("env -e", "docker run -e {S}={q}{v}{q} app:latest"),
    ("hash map", "%{{{n}: {q}{v}{q}}}"),
    ("tuple", '("{n}", {q}{v}{q}),'),
)
QUOTES = ("", '"', "'")


def _password(rng: random.Random) -> str:
    words = ("harbor", "willow", "falcon", "copper", "meadow", "rocket", "maple", "thunder")
    shape = rng.randrange(4)
    w = rng.choice(words)
    n = rng.randrange(1000, 9999)
    if shape == 0:
        return f"{w.title()}{n}!"
    if shape == 1:
        return f"{w}-{rng.choice(words)}-{rng.choice(words)}-{n}"
    if shape == 2:
        return f"{w}{n}"
    return f"{w.title()}.{n}{rng.choice(words).title()}"


def _random_key(rng: random.Random) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(rng.choice(alphabet) for _ in range(rng.choice((24, 32, 40))))


# (kind, value): what a secret's name may hold that is plainly not a secret.
NOT_SECRETS = (
    ("env lookup", "${DB_PASSWORD}"),
    ("env lookup", "$API_TOKEN"),
    ("env lookup", "%SMTP_PASS%"),
    ("template", "{{ .Values.auth.password }}"),
    ("template", "${{ secrets.NPM_TOKEN }}"),
    ("template", "#{vault.secret}"),
    ("placeholder", "<your-password>"),
    ("placeholder", "your-api-key-here"),
    ("placeholder", "changeme"),
    ("placeholder", "********"),
    ("placeholder", "xxxxxxxxxxxx"),
    ("placeholder", "REPLACE_ME"),
    ("empty", ""),
    ("boolean", "true"),
    ("boolean", "false"),
    ("none", "null"),
    ("number", "3600"),
    ("number", "32"),
    ("duration", "15m"),
    ("duration", "24h"),
    ("path", "/run/secrets/db_password"),
    ("path", "./certs/client.key"),
    ("file", "credentials.json"),
    ("file", "id_ed25519.pub"),
    ("algorithm", "HS256"),
    ("algorithm", "aes-256-gcm"),
    ("algorithm", "bcrypt"),
    ("header", "X-Api-Key"),
    ("header", "Authorization"),
    ("type", "String"),
    ("type", "SecretStr"),
    ("call", "getenv('DB_PASSWORD')"),
    ("call", "read_secret()"),
    ("reference", "vault:secret/data/db#password"),
    ("reference", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf"),
    ("reference", "op://Private/postgres/password"),
    ("reference", "secretKeyRef"),
    ("mode", "required"),
    ("mode", "optional"),
    ("mode", "hidden"),
)


# Look-alikes in mainstream configs and code, written before any change: a key named with a
# secret word whose value is plainly not a secret. Each must come back unchanged.
LOOKALIKES = (
    "password_min_length: 12",
    "PASSWORD_RESET_TIMEOUT=259200",
    "token_ttl = 3600",
    "jwt_expiration: 24h",
    "token_type: Bearer",
    "api_key_header: X-API-Key",
    "auth_header_name = 'Authorization'",
    "password_hasher: argon2id",
    "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']",
    "jwt_algorithm: HS256",
    "signing_algorithm = 'RS256'",
    "secret_name: db-credentials",
    "  secretName: tls-cert-prod",
    "      secretKeyRef:\n        name: app-secrets\n        key: db-password",
    "password_file: /run/secrets/postgres_password",
    "POSTGRES_PASSWORD_FILE=/run/secrets/db_password",
    "ssl_key_file = /etc/ssl/private/server.key",
    "private_key_path: ~/.ssh/id_ed25519",
    "credentials_file: ~/.aws/credentials",
    'GOOGLE_APPLICATION_CREDENTIALS="/var/secrets/google/key.json"',
    "auth_enabled: true",
    "REQUIRE_AUTH=false",
    "auth: none",
    "auth_method = scram-sha-256",
    "auth_mechanism: SCRAM-SHA-256",
    'authType: "oauth2"',
    "token_endpoint: https://auth.example.com/oauth/token",
    "TOKEN_URL=https://login.microsoftonline.com/common/oauth2/v2.0/token",
    "secret_store: vault",
    "secrets_backend = airflow.providers.hashicorp.secrets.vault.VaultBackend",
    "password_policy: strong",
    "api_key_env: OPENAI_API_KEY",
    "token_env_var = 'GITHUB_TOKEN'",
    "password: ${DB_PASSWORD:?must be set}",
    "api_key: ${OPENAI_API_KEY:-}",
    'token = os.getenv("SLACK_BOT_TOKEN", "")',
    "password = config('DB_PASSWORD', default='')",
    "api_key: !ENV ${API_KEY}",
    "apiKey: process.env.STRIPE_SECRET_KEY,",
    "secret: {{ .Values.auth.existingSecret }}",
    "  password: !Ref DbPasswordParam",
    '  MasterUserPassword: !Sub "{{resolve:secretsmanager:${DbSecret}:SecretString:password}}"',
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "  token: ${{ github.token }}",
    "NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}",
    "password_confirmation: string",
    "  password String @db.VarChar(255)",
    "password = models.CharField(max_length=128)",
    "api_key: Optional[str] = None",
    "token_bucket_capacity = 100",
    "max_tokens: 4096",
    "key_size: 2048",
    "keyAlgorithm: RSA",
    "passwordless: true",
    "password_auth: disabled",
    "PasswordAuthentication no",
    "secret_rotation_days = 90",
    "credential_process = aws-vault export --format=json prod",
    'credHelpers: { "gcr.io": "gcloud" }',
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", choices=("secrets", "lookalikes", "both", "none"), default="none")
    ap.add_argument("--limit", type=int, default=4, help="failures shown per glue")
    args = ap.parse_args()
    rng = random.Random(12)
    secrets: dict[str, dict[str, list[int]]] = {k: defaultdict(lambda: [0, 0]) for k in ("glue", "style", "kind")}
    benign: dict[str, dict[str, list[int]]] = {k: defaultdict(lambda: [0, 0]) for k in ("glue", "style", "kind")}
    shown: dict[tuple[str, str], list[str]] = defaultdict(list)
    for glue, template in GLUES:
        for words in NAMES:
            for style in STYLES:
                n = styled(words, style)
                fields = {
                    "n": n,
                    "N": styled(words, "Pascal"),
                    "k": styled(words, "kebab"),
                    "S": styled(words, "SCREAMING"),
                }
                q = rng.choice(QUOTES) if "{q}" in template else ""
                for kind, value in (("password", _password(rng)), ("random key", _random_key(rng))):
                    text = template.format(q=q, v=value, **fields)
                    leaked = value in redact(text)
                    for axis, key in (("glue", glue), ("style", style), ("kind", kind)):
                        secrets[axis][key][0] += 1
                        secrets[axis][key][1] += leaked
                    if leaked and len(shown[("s", glue)]) < args.limit:
                        shown[("s", glue)].append(text)
                kind, value = rng.choice(NOT_SECRETS)
                text = template.format(q="" if q and q in value else q, v=value, **fields)
                out = redact(text)
                changed = out != text
                for axis, key in (("glue", glue), ("style", style), ("kind", kind)):
                    benign[axis][key][0] += 1
                    benign[axis][key][1] += changed
                if changed and len(shown[("b", glue)]) < args.limit:
                    shown[("b", glue)].append(f"{text!r} -> {out!r}")
    lookalikes_changed = [(t, redact(t)) for t in (x.encode().decode("unicode_escape") for x in LOOKALIKES)]
    lookalikes_changed = [(t, o) for t, o in lookalikes_changed if o != t]
    if args.show in ("lookalikes", "both"):
        for t, o in lookalikes_changed:
            print(f"  changed [config]: {t!r} -> {o!r}")
    if args.show in ("secrets", "both"):
        for (side, glue), texts in shown.items():
            if side == "s":
                for t in texts:
                    print(f"  leaked [{glue}]: {t!r}")
    if args.show in ("lookalikes", "both"):
        for (side, glue), texts in shown.items():
            if side == "b":
                for t in texts:
                    print(f"  changed [{glue}]: {t}")
    for axis in ("glue", "style", "kind"):
        print(f"-- by {axis}: secrets removed | look-alikes unchanged")
        keys = list(dict.fromkeys([*secrets[axis], *benign[axis]]))
        for key in keys:
            sn, sl = secrets[axis].get(key, [0, 0])
            bn, bc = benign[axis].get(key, [0, 0])
            s = f"{(sn - sl) / sn:6.1%} of {sn}" if sn else "      -"
            b = f"{(bn - bc) / bn:6.1%} of {bn}" if bn else "      -"
            print(f"{key:>16} | {s} | {b}")
    sn = sum(v[0] for v in secrets["glue"].values())
    sl = sum(v[1] for v in secrets["glue"].values())
    bn = sum(v[0] for v in benign["glue"].values())
    bc = sum(v[1] for v in benign["glue"].values())
    kept = len(LOOKALIKES) - len(lookalikes_changed)
    print(f"config look-alikes unchanged {kept} / {len(LOOKALIKES)}")
    print(f"secrets removed {(sn - sl) / sn:.1%} of {sn}; look-alikes unchanged {(bn - bc) / bn:.1%} of {bn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
