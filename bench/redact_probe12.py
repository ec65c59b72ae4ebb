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
    # added after the first changes (a second batch, scored before the changes it led to)
    ("yaml !!str", "{n}: !!str {v}"),
    ("yaml block", "{n}: |\n  {v}\nnext: 1"),
    ("ruby =>", ':{n} => "{v}",'),
    ("kwarg:", 'Client.new({n}: "{v}", timeout: 30)'),
    ("lua table", 'local cfg = {{ {n} = "{v}", port = 5432 }}'),
    ("props :", "{n}:{v}"),
    ("cmd set", 'set "{S}={v}"'),
    ("pwsh $env", '$env:{S} = "{v}"'),
    ("setx", 'setx {S} "{v}"'),
    ("inline env", "{S}={q}{v}{q} ./run.sh --verbose"),
    ("comment after", "{n}: {v}  # rotated monthly"),
    ("xml attr", '<datasource user="app" {n}="{v}" />'),
    ("builder", '.{n}("{v}")'),
    ("map.put", 'props.put("{n}", "{v}");'),
    ("environ[]", 'os.environ["{S}"] = "{v}"'),
    ("process.env", 'process.env.{S} = "{v}";'),
    ("ENV[]", 'ENV["{S}"] = "{v}"'),
    ("json in string", '"{{\\"{n}\\": \\"{v}\\"}}"'),
    ("query", "https://api.example.com/v1/items?{n}={v}&limit=10"),
    ("-Flag", "Connect-Service -Server db -{N} '{v}'"),
    ("md table", "| {n} | {v} |"),
    ("ini :", "{n} : {v}"),
    ("nginx", "{n} {v};"),
    ("go struct", '{N}: "{v}",'),
    ("rust", '{n}: String::from("{v}"),'),
    ("csharp init", 'new Options {{ {N} = "{v}" }}'),
    ("js const", "const {n} = '{v}';"),
    ("go var", 'var {n} string = "{v}"'),
    ("java final", 'private static final String {S} = "{v}";'),
    ("py dict", '{{"{n}": "{v}"}}'),
    ("dict()", 'dict({n}="{v}")'),
    ("kotlin", 'val {n}: String = "{v}"'),
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
    # (added with the third batch, before its change)
    'password = f"{settings.db_password}"',
    'auth_header = f"Bearer {token}"',
    'var conn = $"Server={host};Password={password}";',
    'query = """SELECT password_hash FROM users WHERE id = %s"""',
    'password = """{password}"""',
    "secret_key = '''$SECRET_KEY'''",
    'password = r"^(?=.*[A-Z]).{8,}$"',
    'token = f"{uuid4()}"',
    'credHelpers: { "gcr.io": "gcloud" }',
)


# Secrets in the places a mainstream project keeps them, written before the round's changes to
# these shapes: package managers' auth, CI steps, database URLs, cloud CLIs' logins. `{v}` is a
# password a person chose, `{k}` a random key without a vendor's prefix.
SHAPES = (
    "//registry.npmjs.org/:_authToken={k}",
    "//npm.pkg.github.com/:_password={v}",
    'npmAuthToken: "{k}"',
    "pnpm config set //registry.example.com/:_authToken {k}",
    "yarn config set npmAuthToken {k}",
    "[pypi]\nusername = __token__\npassword = {k}",
    "[distutils]\nindex-servers = private\n[private]\nrepository = https://pypi.example.com\nusername = ci\npassword = {v}",
    "poetry config http-basic.private ci {v}",
    "POETRY_HTTP_BASIC_PRIVATE_PASSWORD={v}",
    "UV_INDEX_PRIVATE_PASSWORD={v}",
    "pip install --index-url https://ci:{v}@pypi.example.com/simple app",
    "composer config --global http-basic.repo.example.com ci {v}",
    "composer config --global --auth github-oauth.github.com {k}",
    ":rubygems_api_key: {k}",
    "bundle config set --global gems.example.com ci:{v}",
    "cargo login {k}",
    '[registry]\ntoken = "{k}"',
    "dotnet nuget add source https://nuget.example.com/v3/index.json -n private -u ci -p {v} --store-password-in-clear-text",
    "nuget sources add -Name private -Source https://nuget.example.com -Username ci -Password {v}",
    "<server>\n  <id>private</id>\n  <username>ci</username>\n  <password>{v}</password>\n</server>",
    "mavenPassword={v}",
    "artifactory_password={v}",
    "helm repo add private https://charts.example.com --username ci --password {v}",
    "docker login -u ci -p {v} registry.example.com",
    "machine registry.example.com login ci password {v}",
    "go env -w GOPROXY=https://ci:{v}@proxy.example.com",
    "      - uses: docker/login-action@v3\n        with:\n          username: ci\n          password: {v}",
    "variables:\n  DB_PASSWORD: {v}\n  DB_HOST: db",
    "    environment:\n      POSTGRES_PASSWORD: {v}",
    "gh secret set DB_PASSWORD --body '{v}'",
    "echo '##vso[task.setvariable variable=dbPassword;issecret=true]{v}'",
    'echo "::add-mask::{v}"',
    "export DATABASE_URL=postgres://app:{v}@db.example.com:5432/app",
    'DATABASE_URL="mysql://root:{v}@127.0.0.1:3306/app"',
    "mongodb+srv://app:{v}@cluster0.example.mongodb.net/app?retryWrites=true",
    "REDIS_URL=redis://:{v}@redis:6379/0",
    "amqp://guest:{v}@rabbit:5672/",
    "jdbc:postgresql://db:5432/app?user=app&password={v}",
    "spring.datasource.url=jdbc:mysql://db/app?user=app&password={v}",
    'engine = create_engine("postgresql+psycopg2://app:{v}@db/app")',
    '"ConnectionStrings": {{ "Default": "Server=db;Database=app;User Id=sa;Password={v};" }}',
    "az login --service-principal -u 3f2a1b4c-5d6e-7f80-9a1b-2c3d4e5f6a7b -p {k} --tenant example.onmicrosoft.com",
    "aws configure set aws_secret_access_key {k}",
    "doctl auth init -t {k}",
    "vercel deploy --prod --token {k}",
    "netlify deploy --prod --auth {k}",
    "flyctl auth login --access-token {k}",
    "oc login --token={k} --server=https://api.example.com:6443",
    "kubectl config set-credentials ci --token={k}",
    "argocd login argocd.example.com --username admin --password {v}",
    "vault login {k}",
    "az acr login --name registry --username registry --password {k}",
    "cf login -a https://api.example.com -u ci -p {v}",
    "ibmcloud login --apikey {k} -r eu-de",
    "echo {k} | gh auth login --with-token",
    "glab auth login --hostname gitlab.example.com --token {k}",
    "sentry-cli login --auth-token {k}",
    "supabase login --token {k}",
    "heroku config:set SECRET_KEY_BASE={k}",
    "firebase deploy --token {k}",
    "terraform apply -var 'db_password={v}'",
    "TF_VAR_db_password={v} terraform plan",
    "ansible-playbook site.yml -e ansible_become_pass={v}",
    "sshpass -p {v} ssh deploy@web1",
    "psql postgresql://app:{v}@localhost/app",
    "mysql -h db -u root -p{v} app",
    "mongosh 'mongodb://admin:{v}@localhost:27017/admin'",
    "redis-cli -h cache -a {v} ping",
)


# A fourth batch, written after the third's change: more cloud CLIs' logins and secret stores,
# package managers' per-host credentials, database clients and URLs (67 of 72 removed at first run).
SHAPES_2 = (
    "az login -u bob@example.com -p {v}",
    'az ad sp create-for-rbac output: "password": "{k}"',
    'az storage account keys list output: "value": "{k}"',
    "az storage blob upload --account-name acct --account-key {k} -f x -c c",
    'az storage container list --connection-string "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={k};EndpointSuffix=core.windows.net"',
    "aws configure set aws_access_key_id AKIAZ3MHSXQ7N2R4TB6K && aws configure set aws_secret_access_key {k}",
    "AWS_SECRET_ACCESS_KEY={k} aws s3 ls",
    "aws ecr get-login-password | docker login --username AWS --password {k} 123.dkr.ecr.eu-west-1.amazonaws.com",
    "gcloud auth print-access-token output: ya29.{k}",
    "gcloud sql users set-password app --instance=db --password={v}",
    "gcloud sql users create app --instance=db --password '{v}'",
    "doctl registry login --access-token {k}",
    "hcloud context create prod --token {k}",
    "linode-cli configure --token {k}",
    "scw init secret-key={k}",
    "exoscale config add --secret {k}",
    "heroku login --api-key {k}",
    "HEROKU_API_KEY={k} heroku apps",
    "railway login --browserless --token {k}",
    "render login --api-key {k}",
    "fly secrets set DATABASE_PASSWORD={v}",
    'vercel env add DB_PASSWORD production <<< "{v}"',
    "netlify env:set API_SECRET {v}",
    "wrangler secret put API_KEY <<< '{k}'",
    "supabase secrets set STRIPE_KEY={k}",
    'firebase functions:config:set stripe.secret="{k}"',
    "pulumi config set --secret dbPassword {v}",
    "terraform login app.terraform.io token {k}",
    "az keyvault secret set --vault-name kv --name db-password --value '{v}'",
    "aws ssm put-parameter --name /prod/db/password --type SecureString --value '{v}'",
    'aws secretsmanager create-secret --name prod/db --secret-string \'{{"username":"app","password":"{v}"}}\'',
    'gcloud secrets create db-password --data-file=- <<< "{v}"',
    "kubectl create secret generic db --from-literal=password='{v}'",
    "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=bob --docker-password={k}",
    "helm install app ./chart --set postgresql.auth.password={v}",
    "helm upgrade app ./chart --set-string auth.rootPassword='{v}'",
    "docker run -e MYSQL_ROOT_PASSWORD={v} mysql:8",
    "docker compose run -e PGPASSWORD='{v}' db psql -h db -U app",
    "podman login quay.io -u bob -p {k}",
    "npm config set //registry.npmjs.org/:_authToken {k}",
    "npm login --auth-type=legacy ... Password: {v}",
    "yarn npm login --scope acme ... password: {v}",
    "pip config set global.index-url https://bob:{v}@pypi.example.com/simple",
    "uv publish --username __token__ --password {k}",
    "twine upload -u __token__ -p pypi-{k} dist/*",
    "gem signin ... Password: {v}",
    "mvn deploy -Dusername=ci -Dpassword={v}",
    "gradle publish -PmavenPassword={v}",
    "./gradlew publish -Dorg.gradle.project.sonatypePassword={v}",
    "dotnet nuget update source private --password {v}",
    "conan remote login artifactory ci -p {v}",
    "go env -w GONOSUMDB=example.com GOPRIVATE=example.com GOPROXY=https://bob:{k}@goproxy.example.com",
    "git clone https://oauth2:{k}@gitlab.example.com/group/app.git",
    "git remote set-url origin https://bob:{k}@github.com/acme/app.git",
    'git config --global url."https://{k}:x-oauth-basic@github.com/".insteadOf "https://github.com/"',
    "composer config -g gitlab-token.gitlab.example.com {k}",
    "bundle config set --local BUNDLE_GEMS__EXAMPLE__COM bob:{v}",
    "BUNDLE_RUBYGEMS__PKG__GITHUB__COM=bob:{k}",
    "mix hex.organization auth acme --key {k}",
    "cargo publish --token {k}",
    'psql "host=db user=app password={v} dbname=app sslmode=require"',
    "mysql --user=root --password='{v}' -e 'show databases'",
    "mongo --username admin --password '{v}' --authenticationDatabase admin",
    "redis-cli --user app --pass {v}",
    "sqlcmd -S db -U sa -P '{v}' -Q 'SELECT 1'",
    "clickhouse-client --user default --password {v}",
    "influx auth create --org acme ... Token: {k}",
    "DATABASE_URL=postgresql://app:{v}@db:5432/app?schema=public",
    'SQLALCHEMY_DATABASE_URI = "mysql+pymysql://app:{v}@db/app"',
    "spring.data.mongodb.uri=mongodb://app:{v}@mongo:27017/app",
    "jdbc:sqlserver://db:1433;databaseName=app;user=sa;password={v};",
    "Server=tcp:acme.database.windows.net,1433;Initial Catalog=app;User ID=app;Password={v};Encrypt=True;",
)

# A third batch, written after the second batch's changes: names as projects write them (with
# prefixes, suffixes, numbers, vendors' words) in every string literal form languages have.
NAMES_AS_WRITTEN = (
    "DB_PASSWORD_PROD", "PASSWORD_1", "_password", "password2", "myAppApiKey", "x-api-key", "X-Auth-Token",
    "spring.datasource.password", "database.password", "auth.token", "npm_token", "SLACK_BOT_TOKEN",
    "stripeSecretKey", "jwtSecret", "JWT_SIGNING_KEY", "sessionSecret", "COOKIE_SECRET", "encryption_key",
    "master_key", "mysql-root-password", "mail.smtp.password", "ldap_bind_password", "keystorePassword",
    "truststore.password", "oauth_client_secret", "consumer_secret", "access_key_secret", "aws_secret_access_key",
    "private_key_passphrase", "sshPassphrase", "vault_token", "bearerToken", "refresh_token", "service_account_key",
    "license_key", "DD_API_KEY", "SENTRY_AUTH_TOKEN", "registry_password", "pg_pass", "PGPASSWORD", "MYSQL_PWD",
    "REDISCLI_AUTH", "rabbitmq_default_pass", "basic_auth_password", "github_pat",
)  # fmt: skip
LITERALS = (("", ""), ('"', '"'), ("'", "'"), ("`", "`"), ('"""', '"""'), ("'''", "'''"), ('r"', '"'),
            ("b'", "'"), ('f"', '"'), ('@"', '"'), ('$"', '"'), ('u"', '"'))  # fmt: skip
LITERAL_GLUES = ("{n} = {o}{v}{c}", "{n}: {o}{v}{c}", "{n}={o}{v}{c}", '"{n}": {o}{v}{c}', "{n} := {o}{v}{c}")


def literal_leaks(rng: random.Random) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Each name as written in each literal form and glue: the leaked texts and the count, by form."""
    leaks: dict[str, list[str]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    for n in NAMES_AS_WRITTEN:
        for o, c in LITERALS:
            for glue in LITERAL_GLUES:
                v = _password(rng)
                text = glue.format(n=n, o=o, v=v, c=c)
                counts[o or "bare"] += 1
                if v in redact(text):
                    leaks[o or "bare"].append(text)
    return leaks, counts


# A fifth batch, written after the round's last change and scored once, not read for a change:
# mainstream files' secrets (`{v}` a password, `{k}` a random key) and their look-alikes.
# First and only run: 29/30 removed (left: a random key as `Client::new`'s second argument),
# 30/30 kept; main's code the same.
LAST_SECRETS = (
    "spring:\n  datasource:\n    password: {v}",
    'const pool = new Pool({{ user: "app", password: "{v}", host: "db" }});',
    'DATABASES = {{"default": {{"ENGINE": "django.db.backends.postgresql", "PASSWORD": "{v}"}}}}',
    'config.action_mailer.smtp_settings = {{ user_name: "bot", password: "{v}" }}',
    '$db = new mysqli("localhost", "app", "{v}", "shop");',
    "services:\n  redis:\n    command: redis-server --requirepass {v}",
    "ENV RABBITMQ_DEFAULT_PASS={v}",
    "  - name: Publish\n    run: npm publish\n    env:\n      NODE_AUTH_TOKEN: {k}",
    '      - run: echo "${{{{ secrets.X }}}}" && curl -H "PRIVATE-TOKEN: {k}" https://gitlab.example.com/api/v4/projects',
    "script:\n  - docker login -u gitlab-ci-token -p {k} registry.example.com",
    'pipeline {{ environment {{ SONAR_TOKEN = "{k}" }} }}',
    '[[tool.poetry.source]]\nname = "private"\nurl = "https://ci:{v}@pypi.example.com/simple"',
    "registry=https://npm.example.com/\n//npm.example.com/:_auth={k}",
    "always-auth=true\n_password={k}",
    '<add key="ClearTextPassword" value="{v}" />',
    'gcloud auth activate-service-account ci@p.iam.gserviceaccount.com --key-file=- <<< \'{{"private_key_id": "{k}"}}\'',
    "az login --service-principal --username 3f2a1b4c-5d6e-7f80-9a1b-2c3d4e5f6a7b --password {k} --tenant t",
    "aws configure set default.aws_secret_access_key {k}",
    'export AZURE_CLIENT_SECRET="{k}"',
    "ARM_CLIENT_SECRET={k} terraform apply",
    "kubectl create secret generic api --from-literal=API_KEY={k}",
    'conn = psycopg2.connect(host="db", user="app", password="{v}", dbname="app")',
    'mongoose.connect("mongodb://app:{v}@mongo:27017/app")',
    'Redis.new(url: "redis://:{v}@cache:6379/1")',
    'val ds = HikariDataSource().apply {{ username = "app"; password = "{v}" }}',
    'db, _ := sql.Open("mysql", "app:{v}@tcp(db:3306)/app")',
    'let client = Client::new("https://api.example.com", "{k}");',
    'stripe.api_key = "{v}"',
    'openai.api_key = "{k}"',
    'app.config["SECRET_KEY"] = "{v}"',
)
LAST_LOOKALIKES = (
    "spring:\n  datasource:\n    password: ${DB_PASSWORD}",
    'const pool = new Pool({ user: "app", password: process.env.PGPASSWORD });',
    '"PASSWORD": os.environ.get("DB_PASSWORD", ""),',
    'config.action_mailer.smtp_settings = { user_name: ENV["SMTP_USER"], password: ENV["SMTP_PASS"] }',
    'password_validators: [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"}]',
    "      NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "    env:\n      GITHUB_TOKEN: ${{ github.token }}",
    "permissions:\n  id-token: write\n  contents: read",
    "token_url: https://oauth2.googleapis.com/token",
    "auth_type: service_account",
    "password_reset_timeout: 3d",
    "SESSION_COOKIE_SECURE = True",
    'JWT_ALGORITHM = "RS256"',
    'API_KEY_HEADER = "X-API-Key"',
    "secretName: postgres-credentials",
    "key: tls.crt",
    "keyFile: /etc/ssl/private/tls.key",
    "password_encoder: bcrypt",
    "spring.security.oauth2.client.registration.github.client-secret=${GITHUB_CLIENT_SECRET}",
    'auth: { strategy: "jwt" }',
    "credentials: include",
    'fetch(url, { credentials: "same-origin" })',
    "token_type_hint: refresh_token",
    "secret_ref: projects/acme/secrets/db-password/versions/latest",
    'PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]',
    "max_token_length: 4096",
    "api_key_id: 3f2a1b4c",
    "tokenizer: cl100k_base",
    'key_vault_name = "kv-prod-weu"',
    'password = getpass.getpass("DB password: ")',
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
                    text = template.encode().decode("unicode_escape").format(q=q, v=value, **fields)
                    leaked = value in redact(text)
                    for axis, key in (("glue", glue), ("style", style), ("kind", kind)):
                        secrets[axis][key][0] += 1
                        secrets[axis][key][1] += leaked
                    if leaked and len(shown[("s", glue)]) < args.limit:
                        shown[("s", glue)].append(text)
                kind, value = rng.choice(NOT_SECRETS)
                text = (
                    template.encode()
                    .decode("unicode_escape")
                    .format(q="" if q and q in value else q, v=value, **fields)
                )
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
    shape_leaks = []
    for template in SHAPES + SHAPES_2:
        v, k = _password(rng), _random_key(rng)
        text = template.encode().decode("unicode_escape").format(v=v, k=k)
        if v in redact(text) or k in redact(text):
            shape_leaks.append(text)
    if args.show in ("secrets", "both"):
        for text in shape_leaks:
            print(f"  leaked [shape]: {text!r} -> {redact(text)!r}")
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
    print(f"mainstream shapes removed {len(SHAPES) + len(SHAPES_2) - len(shape_leaks)} / {len(SHAPES) + len(SHAPES_2)}")
    leaks, counts = literal_leaks(rng)
    for form, n in counts.items():
        print(
            f"literal {form:>4}: {1 - len(leaks[form]) / n:6.1%} of {n} {leaks[form][:2] if args.show != 'none' else ''}"
        )
    v, k = "Lantern.7731Orchid", "pQ7rX2vL9mK4tB8wN3yZ6cH1dF5gJ0sA"
    last = [t.format(v=v, k=k) for t in LAST_SECRETS]
    last_left = [t for t in last if v in redact(t) or k in redact(t)]
    last_changed = [t for t in LAST_LOOKALIKES if redact(t) != t]
    print(
        f"last batch: secrets removed {len(last) - len(last_left)} / {len(last)}, look-alikes kept "
        f"{len(LAST_LOOKALIKES) - len(last_changed)} / {len(LAST_LOOKALIKES)}"
    )
    kept = len(LOOKALIKES) - len(lookalikes_changed)
    print(f"config look-alikes unchanged {kept} / {len(LOOKALIKES)}")
    print(f"secrets removed {(sn - sl) / sn:.1%} of {sn}; look-alikes unchanged {(bn - bc) / bn:.1%} of {bn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
