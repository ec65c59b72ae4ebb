"""Hand-written held-out set 30 for `redact_unseen.py`: secrets nobody tuned the redaction for.

Written to the text of the issue "Redaction that holds on secrets nobody tuned it for" by an
engineer who changed no product code and never ran the redaction on it; it is scored once, before
its misses are read. Three parts, drawn from a developer's everyday stack (web apps, cloud CLIs,
CI, databases, containers, package managers) with a share of the long tail (IoT, game servers,
mobile signing, data tools, brokers, OS configuration):

- `POSITIONS_HELD30`: templates with `{v}` (a password a person chose), `{k}` (a random key with
  no prefix) or `{b}` (the base64 of `bob:password`) in a secret position of one syntax, inside
  the text an agent meets (a file read with line numbers, a diff, a log, a tool's JSON result);
- `PRINTED_HELD30`: `(name, template, value_of)` triples: a secret a command prints with no name
  beside it, a password hash, or a vendor's format without a public rule; `{v}` is the secret,
  `{w}` a second draw of the same kind;
- `BENIGN_HELD30`: ordinary lines of the same contexts that look like secrets and must come back
  unchanged (placeholders, references, empty values, prose, digests, identifiers, public keys,
  settings whose name holds a secret word and whose value is plainly not one).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

AN = string.ascii_letters + string.digits
LOWER_DIGITS = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = AN + "+/"
CRYPT = AN + "./"


def _rand(rng: random.Random, n: int, alphabet: str = AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _uuid(rng: random.Random) -> str:
    return "-".join(_rand(rng, n, HEX) for n in (8, 4, 4, 4, 12))


def _words(rng: random.Random, n: int, sep: str) -> str:
    pool = "anchor bramble cobalt drizzle ember fjord glacier hollow indigo juniper kettle lantern".split()
    return sep.join(rng.choice(pool) for _ in range(n))


def _azure_key(rng: random.Random, before: int, signature: str, after: int, tail: str) -> str:
    # Microsoft's identifiable keys: random base64 around a fixed service signature, then a
    # checksum character and padding.
    return _rand(rng, before, B64) + signature + _rand(rng, after, B64) + rng.choice("AQgw") + tail


# -- secrets in a named position ----------------------------------------------------------------

POSITIONS_HELD30 = (
    # environment and shells
    "$ export REDIS_PASSWORD='{v}'\n$ docker compose up -d cache",
    "set -gx PGPASSWORD '{v}'",
    'PS C:\\src\\shop> $env:SQLCMDPASSWORD = "{v}"',
    'C:\\> set "NEO4J_PASSWORD={v}"',
    '     9\tEnvironment="MQTT_PASSWORD={v}"',
    "     4\tMINIO_ROOT_PASSWORD={v}",
    "docker run -d --name arango -e ARANGO_ROOT_PASSWORD={v} -p 8529:8529 arangodb:3.11",
    'setenv SMTP_PASS "{v}"',
    "$securePw = ConvertTo-SecureString '{v}' -AsPlainText -Force",
    "    17\tENV KEYCLOAK_ADMIN_PASSWORD={v}",
    'export TF_VAR_db_password="{v}"',
    "2024-05-02T10:11:09.1182734Z + export ARTIFACTORY_PASSWORD={v}",
    "$ FASTLANE_PASSWORD='{v}' bundle exec fastlane ios release",
    # YAML
    "    environment:\n      - RABBITMQ_DEFAULT_USER=telemetry\n      - RABBITMQ_DEFAULT_PASS={v}",
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb\nstringData:\n  mariadb-password: "{v}"',
    "auth:\n  username: app\n  rootPassword: {v}",
    'ansible_become_pass: "{v}"',
    "spring:\n  datasource:\n    url: jdbc:mysql://db:3306/orders\n    username: orders\n    password: {v}",
    "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: {v}",
    '      access-points:\n        "HomeNet":\n          password: "{v}"',
    "mqtt_password: {v}",
    'wifi:\n  ssid: "Garage"\n  password: "{v}"',
    '    12\t  smtp_pass: "{v}"',
    "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://localhost:1883\n  user: z2m\n  password: {v}",
    'dw:\n  outputs:\n    prod:\n      type: snowflake\n      user: DBT_PROD\n      password: "{v}"',
    'variables:\n  REGISTRY_USER: ci-bot\n  REGISTRY_PASSWORD: "{v}"',
    "    docker:\n      - image: acme/ci-base:2024.05\n        auth:\n          username: ci\n          password: {v}",
    # JSON and tool results
    '{{"username": "admin", "password": "{v}", "remember": true}}',
    '  "ConnectionStrings": {{\n    "Default": "Server=sql01;Database=Shop;User Id=shop;Password={v};"\n  }},',
    '{{"stdout": "DB_HOST=db\\nDB_PASSWORD={v}\\nDB_PORT=5432\\n", "stderr": "", "exit_code": 0}}',
    '            "Env": [\n                "PATH=/usr/local/sbin:/usr/local/bin",\n'
    '                "MONGO_INITDB_ROOT_PASSWORD={v}"\n            ],',
    '    "sqltools.connections": [{{"driver": "MySQL", "server": "localhost", "username": "root", "password": "{v}"}}]',
    '{{"http-basic": {{"repo.packagist.com": {{"username": "token", "password": "{k}"}}}}}}',
    '"params": "{{\\"user\\":\\"ops\\",\\"pass\\":\\"{v}\\"}}"',
    '    "game_password": "{v}",',
    '{{"tool_use_id": "toolu_01", "content": "     3\\tSMTP_PASSWORD={v}\\n     4\\tSMTP_PORT=587"}}',
    # TOML
    '[database]\nhost = "db.internal"\nuser = "app"\npassword = "{v}"',
    '[[outputs.influxdb]]\n  urls = ["http://influx:8086"]\n  username = "telegraf"\n  password = "{v}"',
    '[connections.snowflake]\naccount = "xy12345"\nuser = "ANALYST"\npassword = "{v}"',
    '[mail]\nsmtp_host = "smtp.fastmail.com"\nsmtp_user = "alerts@acme.io"\nsmtp_password = "{v}"',
    # INI and plain config files
    '[client]\nuser=backup\npassword="{v}"',
    "admin_passwd = {v}",
    "[6001]\ntype=auth\nauth_type=userpass\npassword={v}\nusername=6001",
    "[pypi-internal]\nrepository = https://pypi.acme.io/\nusername = ci\npassword = {v}",
    "$ cat ~/.pgpass\ndb.acme.io:5432:*:report:{v}",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\npassword={v}",
    'network={{\n    ssid="Office"\n    psk="{v}"\n}}',
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}",
    "[nas]\ntype = sftp\nhost = nas.local\nuser = bob\npass = {v}",
    "rcon.password={v}",
    'rcon_password "{v}"',
    "remote_username bridge01\nremote_password {v}",
    "# Secrets for authentication using CHAP\n# client    server    secret    IP addresses\nbob    *    {v}    *",
    "$ cat /etc/openvpn/auth.txt\nvpnuser\n{v}",
    'set superusers="root"\npassword root {v}',
    'Acquire::http::Proxy "http://bob:{v}@proxy.corp:3128/";',
    "[global]\nindex-url = https://ci:{v}@pypi.acme.io/simple/",
    # properties
    "spring.mail.password={v}",
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="{v}";',
    "artifactoryPassword={v}",
    "flyway.password={v}",
    "storePassword={v}\nkeyPassword={v}\nkeyAlias=upload\nstoreFile=../upload.jks",
    "quarkus.mongodb.credentials.password={v}",
    # XML
    "<server>\n  <id>nexus-releases</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>",
    '      <add key="Username" value="ci" />\n      <add key="ClearTextPassword" value="{v}" />',
    '<add name="Shop" connectionString="Data Source=sql01;Initial Catalog=Shop;User ID=web;Password={v}" />',
    '<Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource" username="shop" password="{v}" '
    'driverClassName="org.postgresql.Driver"/>',
    "<Host>ftp.acme.io</Host>\n<User>deploy</User>\n<Pass>{v}</Pass>",
    "<security>\n    <user-name>sa</user-name>\n    <password>{v}</password>\n</security>",
    # HCL
    'resource "aws_db_instance" "main" {{\n  engine   = "postgres"\n  username = "dbadmin"\n  password = "{v}"\n}}',
    'db_admin_password = "{v}"',
    'provider "grafana" {{\n  url  = "https://grafana.acme.io"\n  auth = "admin:{v}"\n}}',
    '  ssh_username = "packer"\n  ssh_password = "{v}"',
    'authorization {{\n  user: svc_orders\n  password: "{v}"\n}}',
    # code literals
    'conn = psycopg2.connect(host="db", user="etl", password="{v}", dbname="dw")',
    'resp = requests.get(url, auth=("admin", "{v}"), timeout=10)',
    "const pool = mysql.createPool({{ host: 'db', user: 'app', password: '{v}', database: 'shop' }});",
    'db, err := sql.Open("mysql", "app:{v}@tcp(127.0.0.1:3306)/shop?parseTime=true")',
    'Connection c = DriverManager.getConnection("jdbc:oracle:thin:@db:1521/ORCL", "hr", "{v}");',
    'var creds = new NetworkCredential("svc_print", "{v}", "CORP");',
    'Sidekiq.configure_server {{ |c| c.redis = {{ url: "redis://:{v}@cache:6379/0" }} }}',
    "$pdo = new PDO('pgsql:host=db;dbname=shop', 'shop', '{v}');",
    'let (client, conn) = tokio_postgres::connect("host=localhost user=postgres password={v}", NoTls).await?;',
    'private const val SMTP_PASSWORD = "{v}"',
    'KeychainWrapper.standard.set("{v}", forKey: "mqttPassword")',
    'config :shop, Shop.Repo,\n  username: "postgres",\n  password: "{v}",\n  hostname: "localhost"',
    "final conn = PostgreSQLConnection('db', 5432, 'shop', username: 'app', password: '{v}');",
    'my $dbh = DBI->connect("dbi:Pg:dbname=shop;host=db", "app", "{v}", {{ RaiseError => 1 }});',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", user = "analyst", password = "{v}")',
    'local conn = assert(env:connect("gamedb", "gameserver", "{v}", "db", 3306))',
    '#define WIFI_PASSWORD "{v}"',
    '    14\tconst char* password = "{v}";',
    'signingConfigs {{\n    release {{\n        storePassword "{v}"\n        keyAlias "upload"\n    }}\n}}',
    'SQLALCHEMY_DATABASE_URI = "mysql://superset:{v}@db/superset"',
    "@@ -3,6 +3,7 @@\n [mail]\n host = smtp.acme.io\n port = 587\n+password = {v}\n user = alerts",
    # SQL
    "CREATE USER 'grafana'@'%' IDENTIFIED BY '{v}';",
    "CREATE ROLE replicator WITH LOGIN REPLICATION PASSWORD '{v}';",
    "CREATE LOGIN etl_user WITH PASSWORD = '{v}', CHECK_POLICY = OFF;",
    'ALTER USER hr IDENTIFIED BY "{v}" ACCOUNT UNLOCK;',
    "CREATE USER loader PASSWORD = '{v}' DEFAULT_ROLE = LOADER MUST_CHANGE_PASSWORD = FALSE;",
    "CREATE USER reader IDENTIFIED WITH plaintext_password BY '{v}';",
    "CREATE ROLE analytics WITH PASSWORD = '{v}' AND LOGIN = true;",
    "UPDATE wp_users SET user_pass = MD5('{v}') WHERE user_login = 'admin';",
    # CLI flags and positional arguments
    "mongosh \"mongodb://db:27017\" -u root -p '{v}' --authenticationDatabase admin",
    "redis-cli -h cache.acme.io -a {v} --no-auth-warning ping",
    "sshpass -p '{v}' ssh deploy@10.0.3.4 'systemctl restart shop'",
    "htpasswd -b -c /etc/nginx/.htpasswd admin {v}",
    "rabbitmqctl add_user telemetry {v}",
    "influx setup --username admin --password {v} --org acme --bucket metrics --force",
    "mosquitto_pub -h broker.local -u sensor01 -P '{v}' -t home/garage/door -m open",
    "C:\\> net user backupadmin {v} /add",
    "az vm create -g rg-dev -n vm1 --image Ubuntu2204 --admin-username azureuser --admin-password '{v}'",
    "keytool -importkeystore -srckeystore app.p12 -srcstoretype PKCS12 -srcstorepass {v} -destkeystore app.jks",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{v}",
    "wget --user=ci --password='{v}' https://repo.acme.io/builds/latest.tar.gz",
    "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password={v}",
    "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={v} -n data",
    'gh secret set DB_PASSWORD --repo acme/shop --body "{v}"',
    'dotnet user-secrets set "Smtp:Password" "{v}"',
    "ipmitool -I lanplus -H 10.0.0.20 -U ADMIN -P {v} chassis power status",
    "iwctl --passphrase '{v}' station wlan0 connect HomeNet",
    'sqlcmd -S sql01 -U sa -P "{v}" -Q "SELECT @@VERSION"',
    'ldapsearch -x -H ldap://ldap.acme.io -D "cn=admin,dc=acme,dc=io" -w {v} -b "dc=acme,dc=io" uid=bob',
    "uv publish --index acme --username ci --password '{v}'",
    "az acr login --name acmeregistry --username acmeregistry --password {v}",
    './valheim_server.x86_64 -name "Vikings" -port 2456 -world "Midgard" -password "{v}"',
    "airflow connections add pg_dw --conn-uri 'postgres://airflow:{v}@dw.internal:5432/dw'",
    # connection strings and URLs
    "BROKER_URL=amqp://telemetry:{v}@rabbit.internal:5672/iot",
    "REDIS_URL=rediss://default:{v}@eu1-cache.upstash.io:6379",
    "Server=tcp:shop.database.windows.net,1433;User ID=sqladmin;Password={v};Encrypt=True;",
    "mqtt://sensor01:{v}@broker.local:1883",
    "jdbc:postgresql://db:5432/shop?user=shop&password={v}&ssl=true",
    "git clone https://deploy:{v}@gitea.acme.io/ops/infra.git",
    "2024-05-02T10:11:12.3456789Z + curl -sf -u admin:{v} http://localhost:8081/service/rest/v1/status",
    # logs, tests and REPLs with the name beside the value
    "2024-06-01 12:00:03,114 DEBUG [db] connecting host=db user=app password={v} sslmode=prefer",
    ">>> settings.EMAIL_HOST_PASSWORD\n'{v}'",
    'irb(main):001> ENV["SMTP_PASSWORD"]\n=> "{v}"',
    "E       AssertionError: assert client.login(username='admin', password='{v}') is True",
    # random keys with no prefix in secret positions
    'mg = Mailgun(api_key="{k}", domain="mg.acme.io")',
    'const serverClient = StreamChat.getInstance("k8s9mq2xz4", "{k}");',
    "bot.run('{k}')",
    'curl -s -H "Authorization: Bearer {k}" https://api.acme.io/v1/orders?limit=5',
    "> GET /v2/devices HTTP/1.1\n> Host: api.fleet.io\n> X-Api-Key: {k}\n> Accept: */*",
    "https://api.openweathermap.org/data/2.5/weather?q=Oslo&units=metric&appid={k}",
    "GET /3/movie/550?api_key={k}&language=en-US HTTP/1.1",
    'client = Client("AC8f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c", "{k}")',
    'session.headers.update({{"X-Cisco-Meraki-API-Key": "{k}"}})',
    '  "apiKey": "{k}",',
    "datadog_api_key: {k}",
    'bot = telebot.TeleBot("{k}", parse_mode="HTML")',
    "Ocp-Apim-Subscription-Key: {k}",
    '$ curl --header "PRIVATE-TOKEN: {k}" https://gitlab.acme.io/api/v4/projects',
    "dotnet nuget push Shop.Core.1.4.2.nupkg -k {k} -s https://nuget.acme.io/v3/index.json",
    'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.io"\n    npmAuthToken: {k}',
    "pusher = pusher.Pusher(app_id='1712345', key='9c2e4b1a7d', secret='{k}', cluster='eu')",
    'libhoney.init(writekey="{k}", dataset="shop-api")',
    # basic credentials in base64
    "Authorization: Basic {b}",
    '{{\n  "auths": {{\n    "registry.acme.io": {{\n      "auth": "{b}"\n    }}\n  }}\n}}',
    "//npm.acme.io/:_auth={b}",
)


# -- secrets printed with no name beside them ---------------------------------------------------

PRINTED_HELD30: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores' reads
    ("doppler-get-plain", "$ doppler secrets get SMTP_PASSWORD --plain\n{v}", lambda g: _rand(g, 24, AN + "!$")),
    ("op-read", '$ op read "op://Engineering/Postgres Prod/password"\n{v}', lambda g: _rand(g, 20, AN + "-")),
    (
        "az-keyvault-secret-tsv",
        "$ az keyvault secret show --vault-name kv-shop-prod --name sql-admin --query value -o tsv\n{v}",
        lambda g: _rand(g, 22, AN + "#@"),
    ),
    (
        "gcloud-secret-access",
        "$ gcloud secrets versions access latest --secret=stripe-webhook\n{v}",
        lambda g: _rand(g, 32),
    ),
    (
        "argocd-initial-admin",
        '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{{.data.password}}" | base64 -d\n{v}',
        lambda g: _rand(g, 16, AN + "-"),
    ),
    (
        "sops-extract",
        '$ sops -d --extract \'["db"]["password"]\' secrets/prod.enc.yaml\n{v}',
        lambda g: _rand(g, 26),
    ),
    ("pass-show", "$ pass show infra/routers/edge01\n{v}\nuser: admin\nurl: https://10.0.0.1", lambda g: _rand(g, 18)),
    ("bw-get-password", '$ bw get password "AWS root"\n{v}', lambda g: _rand(g, 24, AN + "^*!")),
    ("infisical-get", "$ infisical secrets get JWT_SIGNING_KEY --plain --silent\n{v}", lambda g: _rand(g, 48)),
    (
        "secretsmanager-text",
        "$ aws secretsmanager get-secret-value --secret-id prod/redis/auth --query SecretString --output text\n{v}",
        lambda g: _rand(g, 30),
    ),
    ("macos-keychain-w", '$ security find-generic-password -s "office-wifi" -w\n{v}', lambda g: _rand(g, 14, AN + "!")),
    ("pwsh-get-secret", "PS> Get-Secret -Name SqlSa -AsPlainText\n{v}", lambda g: _rand(g, 20, AN + "$%")),
    ("conjur-variable-get", "$ conjur variable get -i prod/billing/db-password\n{v}", lambda g: _rand(g, 28)),
    ("etcdctl-value-only", "$ etcdctl get /config/billing/api_secret --print-value-only\n{v}", lambda g: _rand(g, 40)),
    ("consul-kv-get", "$ consul kv get service/notify/twilio_auth\n{v}", lambda g: _rand(g, 32, HEX)),
    (
        "grafana-admin-secret",
        "$ kubectl -n monitoring get secret grafana -o jsonpath='{{.data.admin-password}}' | base64 --decode\n{v}",
        lambda g: _rand(g, 40),
    ),
    ("nexus-admin-kubectl", "$ kubectl -n nexus exec deploy/nexus -- cat /nexus-data/admin.password\n{v}", _uuid),
    (
        "ssm-json-value",
        '$ aws ssm get-parameter --name /shop/prod/jwt --with-decryption\n{{\n    "Parameter": {{\n'
        '        "Name": "/shop/prod/jwt",\n        "Type": "SecureString",\n        "Value": "{v}",\n'
        '        "Version": 3\n    }}\n}}',
        lambda g: _rand(g, 44),
    ),
    # vault-like init and unseal output
    (
        "bao-init-yaml",
        "$ bao operator init -key-shares=2 -key-threshold=2 -format=yaml\nunseal_keys_b64:\n- {v}\n- {w}\n"
        "unseal_shares: 2\nunseal_threshold: 2",
        lambda g: _rand(g, 43, B64) + "=",
    ),
    (
        "vault-approle-login-field",
        '$ vault write -field=token auth/approle/login role_id="$ROLE_ID" secret_id="$SECRET_ID"\n{v}',
        lambda g: "hvs." + _rand(g, 24),
    ),
    # first-run admin passwords in a container's log
    (
        "elasticsearch-first-run",
        "es01  | ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n"
        "es01  |   {v}",
        lambda g: _rand(g, 20, AN + "_*=-"),
    ),
    (
        "nifi-generated",
        "nifi  | Generated Username [3f1c2b7e-9d8a-4c6b-8e0f-1a2b3c4d5e6f]\nnifi  | Generated Password [{v}]",
        lambda g: _rand(g, 16),
    ),
    (
        "rancher-bootstrap",
        "$ docker logs rancher 2>&1 | grep 'Bootstrap Password:'\n2024/05/02 10:12:44 [INFO] Bootstrap Password: {v}",
        lambda g: _rand(g, 64, LOWER_DIGITS),
    ),
    (
        "mysql-generated-root",
        "mysql-1  | [Entrypoint] GENERATED ROOT PASSWORD: {v}",
        lambda g: _rand(g, 32, AN + "@#&"),
    ),
    (
        "wazuh-install-summary",
        "INFO: --- Summary ---\nINFO: You can access the web interface https://10.0.0.7:443\n    User: admin\n    Password: {v}",
        lambda g: _rand(g, 12),
    ),
    (
        "jupyter-token-url",
        "    Or copy and paste one of these URLs:\n        http://127.0.0.1:8888/lab?token={v}",
        lambda g: _rand(g, 48, HEX),
    ),
    (
        "kibana-enrollment",
        "$ bin/elasticsearch-create-enrollment-token -s kibana\n{v}",
        lambda g: "eyJ2ZXIiOiI4LjEzLjAiLCJhZHIiOlsiMTcyLjE4LjAuMjo5MjAwIl0s" + _rand(g, 120, B64) + "=",
    ),
    # tokens a CLI shows or creates
    (
        "az-sql-access-token",
        "$ az account get-access-token --resource https://database.windows.net --query accessToken -o tsv\n{v}",
        lambda g: (
            "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIs"
            + _rand(g, 60)
            + "."
            + _rand(g, 400, AN + "-_")
            + "."
            + _rand(g, 342, AN + "-_")
        ),
    ),
    (
        "codeartifact-token",
        "$ aws codeartifact get-authorization-token --domain acme --query authorizationToken --output text\n{v}",
        lambda g: "eyJwYXlsb2FkIjoi" + _rand(g, 300, B64) + "==",
    ),
    ("oc-whoami-t", "$ oc whoami -t\n{v}", lambda g: "sha256~" + _rand(g, 43, AN + "-_")),
    (
        "kubectl-create-token",
        "$ kubectl create token ci-deployer -n ci --duration=1h\n{v}",
        lambda g: (
            "eyJhbGciOiJSUzI1NiIsImtpZCI6Ik"
            + _rand(g, 40, AN + "-_")
            + "."
            + _rand(g, 300, AN + "-_")
            + "."
            + _rand(g, 342, AN + "-_")
        ),
    ),
    ("heroku-auth-token", "$ heroku auth:token\n ›   Warning: token will expire 2025-05-02\n{v}", _uuid),
    (
        "consul-acl-bootstrap",
        "$ consul acl bootstrap\nAccessorID:       {w}\nSecretID:         {v}\n"
        "Description:      Bootstrap Token (Global Management)",
        _uuid,
    ),
    (
        "teleport-user-invite",
        '$ tctl users add alice --roles=editor\nUser "alice" has been created but requires a password. Share this URL '
        "with the user to complete user setup, link is valid for 1h:\nhttps://teleport.acme.io:443/web/invite/{v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "gitea-runner-token",
        "$ docker exec -u git gitea gitea actions generate-runner-token\n{v}",
        lambda g: _rand(g, 40),
    ),
    (
        "k0s-token-create",
        "$ k0s token create --role=worker --expiry=2h\n{v}",
        lambda g: "H4sIAAAAAAAC/" + _rand(g, 400, B64),
    ),
    (
        "cf-oauth-token",
        "$ cf oauth-token\nbearer {v}",
        lambda g: "eyJhbGciOiJSUzI1NiIsImprdSI6" + _rand(g, 60, AN) + "." + _rand(g, 200, AN + "-_"),
    ),
    (
        "pulumi-config-secret",
        "$ pulumi config get dbPassword --show-secrets\n{v}",
        lambda g: _rand(g, 20, AN + "!"),
    ),
    # generated passwords and keys
    ("pwgen-sy", "$ pwgen -sy 20 1\n{v}", lambda g: _rand(g, 20, AN + "!#%&*+-=?@^_")),
    ("xkcdpass", "$ xkcdpass -n 5 -d -\n{v}", lambda g: _words(g, 5, "-")),
    ("urandom-base64", "$ head -c 24 /dev/urandom | base64\n{v}", lambda g: _rand(g, 32, B64)),
    (
        "pwsh-generate-password",
        "PS> Add-Type -AssemblyName System.Web; [System.Web.Security.Membership]::GeneratePassword(20, 4)\n{v}",
        lambda g: _rand(g, 20, AN + "!@#$%^&*()"),
    ),
    ("rails-secret", "$ bin/rails secret\n{v}", lambda g: _rand(g, 128, HEX)),
    ("phx-gen-secret", "$ mix phx.gen.secret\n{v}", lambda g: _rand(g, 64, AN + "+/")),
    ("wg-genkey", "$ wg genkey | tee /etc/wireguard/wg0.key\n{v}", lambda g: _rand(g, 43, B64) + "="),
    ("keepassxc-generate", "$ keepassxc-cli generate -L 24 -lUns\n{v}", lambda g: _rand(g, 24, AN + "%&/()=")),
    # REPL and debugger answers
    ("node-repl-env", "> process.env.JWT_SECRET\n'{v}'", lambda g: _rand(g, 48, AN)),
    ("iex-secret-key-base", 'iex(1)> System.get_env("SECRET_KEY_BASE")\n"{v}"', lambda g: _rand(g, 64, AN + "+/")),
    ("pdb-print-attr", "(Pdb) p self._client_secret\n'{v}'", lambda g: _rand(g, 40, AN + "~._-")),
    (
        "redis-config-get",
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"',
        lambda g: _rand(g, 24),
    ),
    (
        "psql-current-setting",
        "dw=> SELECT current_setting('app.jwt_secret');\n current_setting\n------------------\n {v}\n(1 row)",
        lambda g: _rand(g, 40),
    ),
    ("jshell-getenv", 'jshell> System.getenv("SMTP_PASS")\n$1 ==> "{v}"', lambda g: _rand(g, 22)),
    # password hashes
    (
        "shadow-sha512",
        "$ sudo grep deploy /etc/shadow\ndeploy:{v}:19845:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "shadow-yescrypt",
        "     1\troot:{v}:19720:0:99999:7:::",
        lambda g: "$y$j9T$" + _rand(g, 22, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    (
        "ingress-auth-apr1",
        "$ kubectl get secret ingress-auth -o jsonpath='{{.data.auth}}' | base64 -d\nadmin:{v}",
        lambda g: "$apr1$" + _rand(g, 8, CRYPT) + "$" + _rand(g, 22, CRYPT),
    ),
    (
        "authelia-argon2",
        'users:\n  bob:\n    displayname: Bob\n    password: "{v}"\n    email: bob@acme.io',
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _rand(g, 22, B64) + "$" + _rand(g, 43, B64),
    ),
    (
        "mosquitto-passwd",
        "$ cat /mosquitto/config/passwd\nsensor01:{v}",
        lambda g: "$7$101$" + _rand(g, 16, B64) + "$" + _rand(g, 86, B64) + "==",
    ),
    (
        "haproxy-userlist-sha256",
        "userlist stats_users\n    user ops password {v}",
        lambda g: "$5$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    (
        "django-pbkdf2-row",
        " id |  username |                          password\n----+-----------+---------------\n  1 | admin     | {v}",
        lambda g: "pbkdf2_sha256$600000$" + _rand(g, 22) + "$" + _rand(g, 43, B64) + "=",
    ),
    (
        "traefik-label-bcrypt",
        '      - "traefik.http.middlewares.auth.basicauth.users=admin:{v}"',
        lambda g: "$$2y$$05$$" + _rand(g, 53, CRYPT),
    ),
    (
        "bcrypt-in-yaml",
        "admin:\n  username: root\n  password_hash: '{v}'",
        lambda g: "$2b$12$" + _rand(g, 53, CRYPT),
    ),
    # vendors' formats without a public rule
    (
        "azure-storage-keys-tsv",
        "$ az storage account keys list -g rg-shop -n shopdata --query '[0].value' -o tsv\n{v}",
        lambda g: _azure_key(g, 76, "+ASt", 5, "=="),
    ),
    (
        "azure-cosmos-key",
        "$ az cosmosdb keys list -g rg-shop -n cosmos-shop --query primaryMasterKey -o tsv\n{v}",
        lambda g: _azure_key(g, 76, "ACDb", 5, "=="),
    ),
    (
        "azure-function-key",
        "$ az functionapp keys list -g rg-shop -n fn-shop --query functionKeys.default -o tsv\n{v}",
        lambda g: _azure_key(g, 44, "AzFu", 5, "=="),
    ),
    (
        "azure-search-admin-key",
        "$ az search admin-key show --service-name srch-shop -g rg-shop --query primaryKey -o tsv\n{v}",
        lambda g: _rand(g, 42) + "AzSe" + g.choice("ABCD") + _rand(g, 5),
    ),
    (
        "azure-servicebus-in-sdk",
        'client = ServiceBusClient(fully_qualified_namespace="sb-shop.servicebus.windows.net", '
        'credential=AzureNamedKeyCredential("RootManageSharedAccessKey", "{v}"))',
        lambda g: _rand(g, 33, B64) + "+ASb" + _rand(g, 5, B64) + g.choice("AEIMQUYcgkosw") + "=",
    ),
    (
        "azure-acr-password-tsv",
        "$ az acr credential show -n acmeregistry --query 'passwords[0].value' -o tsv\n{v}",
        lambda g: _rand(g, 42) + "+ACR" + g.choice("ABCD") + _rand(g, 5),
    ),
    (
        "eventhub-key-in-json",
        '{{\n  "keyName": "send",\n  "primaryKey": "{v}",\n  "secondaryKey": "{w}"\n}}',
        lambda g: _rand(g, 33, B64) + "+AEh" + _rand(g, 5, B64) + g.choice("AEIMQUYcgkosw") + "=",
    ),
    (
        "onesignal-query-app-key",
        "GET https://onesignal.com/api/v1/notifications?app_id=5eb5a37e-b458-11e3-ac11-000c2940e62c&rest_api_key={v}",
        lambda g: _rand(g, 48, LOWER_DIGITS),
    ),
    (
        "geocoder-second-positional",
        "client = Geocoder('https://api.acme-maps.io', '{v}')",
        lambda g: _rand(g, 32, HEX),
    ),
)


# -- look-alikes: must come back unchanged ------------------------------------------------------

BENIGN_HELD30 = (
    # placeholders in secret positions
    "export REDIS_PASSWORD='<your-redis-password>'",
    "set -gx PGPASSWORD changeme",
    '$env:SQLCMDPASSWORD = "<sa password here>"',
    'set "NEO4J_PASSWORD=%NEO4J_PASSWORD%"',
    'Environment="MQTT_PASSWORD=${MQTT_PASSWORD}"',
    "     4\tMINIO_ROOT_PASSWORD=xxx",
    "      - RABBITMQ_DEFAULT_PASS=${RABBITMQ_PASS:?set it in .env}",
    "          POSTGRES_PASSWORD: ${{ secrets.PG_PASSWORD }}",
    '  password: "{{ vault_db_password }}"',
    "    password: !secret mqtt_password",
    "REGISTRY_PASSWORD: $CI_REGISTRY_PASSWORD",
    "    <password>${env.MAVEN_REPO_PASS}</password>",
    '      <add key="ClearTextPassword" value="%NUGET_PASSWORD%" />',
    "spring.mail.password=${MAIL_PASSWORD:}",
    "quarkus.datasource.password=${QUARKUS_DB_PASS:}",
    'password = "REPLACE_ME"',
    "db_admin_password = var.db_admin_password",
    "  password = random_password.aurora_master.result",
    '  auth = "admin:${var.grafana_admin_password}"',
    "rcon.password=",
    'rcon_password ""',
    "psk=<wifi passphrase>",
    "Password=$(SqlAdminPassword)",
    "docker login -u ci -p $REGISTRY_TOKEN registry.acme.io",
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.acme.io/v1/orders',
    "curl -H 'X-Api-Key: <YOUR_API_KEY>' https://api.fleet.io/v2/devices",
    "https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid={API_KEY}",
    "bot.run(os.environ['DISCORD_TOKEN'])",
    'mg = Mailgun(api_key=settings.MAILGUN_KEY, domain="mg.acme.io")',
    "const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_SEARCH_KEY);",
    'sshpass -p "$SSH_PASS" ssh deploy@10.0.3.4',
    "mongosh \"$MONGO_URI\" --quiet --eval 'db.stats()'",
    'redis-cli -h cache.acme.io -a "$(cat /run/secrets/redis_password)" ping',
    'kubectl create secret generic db-creds --from-literal=password="$(openssl rand -hex 16)"',
    "helm upgrade --install pg bitnami/postgresql --set auth.existingSecret=pg-auth",
    "htpasswd -B -c /etc/nginx/.htpasswd admin",
    "gh secret set DB_PASSWORD < ./db_password.txt",
    "CREATE USER 'grafana'@'%' IDENTIFIED BY '<password>';",
    "ALTER ROLE app WITH PASSWORD NULL;",
    "CREATE USER reader IDENTIFIED WITH sha256_password BY '...';",
    "ORDERS_DB_URL=postgres://orders:${ORDERS_DB_PASS}@orders-db:5432/orders",
    "amqp://${RABBIT_USER}:${RABBIT_PASS}@rabbit.internal:5672/iot",
    "mqtt://USERNAME:PASSWORD@broker.local:1883",
    "Server=tcp:shop.database.windows.net,1433;Authentication=Active Directory Default;Encrypt=True;",
    "jdbc:postgresql://db:5432/shop?user=shop&password=&ssl=true",
    "git clone https://gitea.acme.io/ops/infra.git",
    '{"username": "admin", "password": "", "remember": false}',
    '  "apiKey": "YOUR_API_KEY_HERE",',
    "datadog_api_key: ${DD_API_KEY}",
    "Ocp-Apim-Subscription-Key: {{subscription-key}}",
    "//npm.acme.io/:_authToken=${NPM_TOKEN}",
    "Authorization: Basic <base64 of user:password>",
    '        "auth": ""',
    "storePassword=System.getenv('ANDROID_STORE_PASSWORD')",
    '        storePassword System.getenv("STORE_PASSWORD")',
    "#define WIFI_PASSWORD SECRET_WIFI_PASS",
    "const char* password = WIFI_PASS;",
    "conn = psycopg2.connect(dsn=os.environ['DW_DSN'])",
    'resp = requests.get(url, auth=(user, getpass.getpass("Password: ")), timeout=10)',
    "password = keyring.get_password('smtp.acme.io', 'alerts')",
    'password: System.get_env("DB_PASSWORD"),',
    '$pdo = new PDO($dsn, $user, getenv("DB_PASSWORD"));',
    'let password = ProcessInfo.processInfo.environment["DB_PASSWORD"] ?? ""',
    "val smtpPassword = BuildConfig.SMTP_PASSWORD",
    "api_key = None",
    "password: null",
    "<password></password>",
    "REDIS_PASSWORD=",
    "export PGPASSFILE=$HOME/.pgpass",
    "          valueFrom:\n            secretKeyRef:\n              name: mariadb\n              key: mariadb-password",
    "password_file: /run/secrets/db_password",
    "      password_command: pass show infra/smtp",
    '  "password": "env:SMTP_PASSWORD",',
    "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="${KAFKA_USER}" password="${KAFKA_PASS}";',
    # settings whose name holds a secret word and whose value is plainly not a secret
    "password_min_length: 12",
    "token_ttl: 3600s",
    'PASSWORD_HASHERS = ["django.contrib.auth.hashers.ScryptPasswordHasher"]',
    "secret_key_file: /etc/shop/secret.key",
    "api_key_header: X-Api-Key",
    "jwt_algorithm: HS256",
    "PASSWORD_RESET_TIMEOUT = 60 * 60 * 24",
    "require_password: true",
    '  "tokenExpiry": "15m",',
    '  "passwordPolicy": "strong",',
    'auth_token_cache_dir = "/var/cache/shop/tokens"',
    "spring.security.oauth2.client.registration.github.client-name=GitHub",
    "    secretName: tls-shop-acme-io",
    'shared_credentials_files = ["~/.aws/credentials"]',
    "sasl.mechanism=SCRAM-SHA-512",
    'PASSWORD_FIELD = "password"',
    "  password_encoder: bcrypt",
    "    14\t  tokenHeader: Authorization",
    "max_password_age_days = 90",
    'secret_rotation_schedule = "rate(30 days)"',
    "keystore.password.file=/etc/kafka/secrets/keystore_creds",
    "ssl_passphrase_dialog = builtin",
    "rcon.port=25575",
    "enable-rcon=true",
    "auth_pass_length 8",
    "PermitEmptyPasswords no",
    "PasswordAuthentication no",
    "password_encryption = md5   # legacy clients still connect",
    "auth-user-pass /etc/openvpn/auth.txt",
    "key-mgmt=wpa-psk",
    "storeFile=../upload.jks",
    "keyAlias=upload",
    "apiKeyPrefix: Bearer",
    "token_endpoint_auth_method: private_key_jwt",
    '    "secretKeyRef": {"name": "pg", "key": "password"},',
    "vault_address: https://vault.ops.acme.io",
    "export VAULT_TOKEN_PATH=~/.vault-token",
    "ANSIBLE_VAULT_PASSWORD_FILE=~/.ansible/vault_pass.txt",
    "AWS_SHARED_CREDENTIALS_FILE=/home/ci/.aws/credentials",
    "GOOGLE_APPLICATION_CREDENTIALS=/var/run/secrets/gcp/sa.json",
    "NODE_AUTH_TOKEN_FILE=.npmrc",
    "    password_reset_url: /accounts/password/reset/",
    "  X-Api-Key-Header-Name: X-Api-Key",
    "use_token_auth = false",
    "SECRET_KEY_FALLBACKS = []",
    # prose about headers, tokens and passwords
    "Send the token in the Authorization: Bearer header.",
    "Set the X-Api-Key header to the key shown on the dashboard.",
    "The password must be at least 12 characters long and contain a digit.",
    "# Rotate the admin password every 90 days; see docs/runbook.md.",
    "Run `vault operator init` once to get the unseal keys and the root token.",
    "To get the initial admin password, read /var/jenkins_home/secrets/initialAdminPassword.",
    "Use `az storage account keys list` to print the account keys.",
    "The API key goes in the `appid` query parameter.",
    "Passwords are hashed with argon2id before they are stored.",
    "Pass the bot token as the first argument of bot.run().",
    # log, test and CI lines around authentication
    'psql: error: connection to server at "db" (10.0.0.5), port 5432 failed: FATAL:  password authentication '
    'failed for user "app"',
    "mariadb: Deprecated program name. It will be removed in a future release, use '/usr/bin/mariadb' instead",
    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
    "Login Succeeded",
    "Password:",
    "Enter passphrase for key '/home/bob/.ssh/id_ed25519':",
    "Warning: Permanently added 'github.com' (ED25519) to the list of known hosts.",
    "2024-06-01 12:00:03,114 INFO [auth] login ok user=admin method=password ip=10.0.4.17",
    "2024-06-01 12:00:04,502 WARN [auth] invalid token for client_id=shop-web",
    "(node:4127) Warning: NODE_TLS_REJECT_UNAUTHORIZED is set to 0",
    "PASSED tests/test_auth.py::test_login_rejects_wrong_password",
    "FAILED tests/test_tokens.py::test_refresh_token_expires - AssertionError: assert 401 == 200",
    "E       KeyError: 'DB_PASSWORD'",
    "##[warning]Secret DB_PASSWORD is not set; skipping integration tests",
    "2024-05-02T10:11:12.3456789Z ##[group]Run docker/login-action@v3",
    "2024-05-02T10:11:12.9911822Z   password: ***",
    "Error: Process completed with exit code 1.",
    "[INFO] Downloading from nexus: https://nexus.acme.io/repository/maven-public/org/postgresql/postgresql/"
    "42.7.3/postgresql-42.7.3.pom",
    "rabbitmq  | 2024-06-01 12:00:01.118 [info] <0.794.0> accepting AMQP connection 172.18.0.5:41022",
    'es01  | {"@timestamp":"2024-06-01T12:00:05.001Z", "log.level": "INFO", "message":"started"}',
    "mysql-1  | [Entrypoint] Initializing database",
    "pihole  |   [i] Web interface password is set via FTLCONF_webserver_api_password",
    "Unseal Key 1: <redacted>",
    "Error response from daemon: unauthorized: authentication required",
    'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm="https://auth.docker.io/token"',
    "< HTTP/2 200\n< content-type: application/json\n< x-request-id: 7f3c9a2e41b84d0c",
    # digests, lockfiles, hashes and ids
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    '      "integrity": "sha512-yA6ZC8J1mU3ar2I2mElz0wW9M7R5tUQ4Gf8cT5N7t6d9Wm4J8Z9mXgqE0bFQ3LhJw3Q7c1b2a4Vw'
    'Yk7sP0e1Gw==",',
    "golang.org/x/crypto v0.23.0 h1:dIJU/v2J8Mdglj/8rJ6UUOM3Zc9zLZxVZwwxMooUSAI=",
    'checksum = "4c7e8d0f52e4b5d6f3a8c9b1e0d2f4a6b8c0e2d4f6a8b0c2e4d6f8a0b2c4e6d8"',
    "    --hash=sha256:3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a",
    "image: ghcr.io/acme/shop-api@sha256:0d4e2c1b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d",
    '        "Image": "sha256:5a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f",',
    '        "Id": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",',
    "commit 3f2a9c1e7b5d4f6a8c0e2b4d6f8a0c2e4b6d8f0a",
    "Merge: a1b2c3d e4f5a6b",
    "3f2a9c1 fix(auth): reject empty passwords",
    "index 83db48f..bf269f4 100644",
    '  "lineage": "8a7b6c5d-4e3f-2a1b-0c9d-8e7f6a5b4c3d",',
    "x-amz-request-id: 9B1E0C7D2A4F6B83",
    "traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    'etag: W/"5e15153d-4b2a7c9f1e0d3a68"',
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/redis/auth-AbCdEf",
    "projects/acme-shop/secrets/stripe-webhook/versions/7",
    "https://kv-shop-prod.vault.azure.net/secrets/sql-admin/3f1c2b7e9d8a4c6b8e0f1a2b3c4d5e6f",
    "op://Engineering/Postgres Prod/password",
    "shop-api-7d9f8b6c5d-x2k4p   1/1     Running   0          3d4h",
    "CONTAINER ID   IMAGE          COMMAND                  CREATED       STATUS\n"
    '4b1e0c9d8a7f   redis:7.2      "docker-entrypoint.s…"   2 hours ago   Up 2 hours',
    'const FIXTURE_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhf'
    'DwAChwGA60e6kgAAAABJRU5ErkJggg==";',
    '    5\t  body: \'eyJldmVudCI6Im9yZGVyLmNyZWF0ZWQiLCJpZCI6NDJ9\'  # {"event":"order.created","id":42}',
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq6k3aJ1b5z9sT0pWm2rXyQ8vN4cLd7eF0gH1iJ2kLm bob@laptop",
    "256 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s github.com (ED25519)",
    "pub   rsa4096 2023-01-10 [SC]\n      9F3A2B1C0D8E7F6A5B4C3D2E1F0A9B8C7D6E5F4A",
    "SHA1 Fingerprint=3F:2A:9C:1E:7B:5D:4F:6A:8C:0E:2B:4D:6F:8A:0C:2E:4B:6D:8F:0A",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE2b8sYk1pQ7mZ4vT0xW3nR6jL9cHdF5gA\n"
    "-----END PUBLIC KEY-----",
    "vapid_public_key: BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
    "client_id: 0oa1b2c3d4e5f6g7h8i9",
    "     7\t  firebase_app_id: 1:123456789012:android:3f2a9c1e7b5d4f6a",
    "HONEYCOMB_DATASET=shop-api",
    "AbstractSingletonProxyFactoryBeanConfigurationProviderRegistry",
    "test_password_reset_token_is_invalidated_after_successful_password_change",
    "io.acme.shop.security.authentication.token.RefreshTokenRotationService",
    '    12\t@pytest.mark.parametrize("password", ["", " ", "a" * 129])',
    '    "resolved": "https://registry.npmjs.org/bcryptjs/-/bcryptjs-2.4.3.tgz",',
    "bcrypt==4.1.3 \\\n    --hash=sha256:48429c83292b57bf4af6ab75809f8f4daf52aa5d480632e53707805cc1ce9b74",
    'argon2-cffi = "^23.1.0"',
    "uuid: 6f1c2b7e-9d8a-4c6b-8e0f-1a2b3c4d5e6f",
    '{"id": "b7c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e", "status": "paid", "total": 4200}',
    "Accessor ID  = 3f1c2b7e-9d8a-4c6b-8e0f-1a2b3c4d5e6f",
    "unseal_threshold: 2",
    "Sealed          false\nTotal Shares    5\nThreshold       3\nVersion         1.16.2",
    "Key             Value\n---             -----\ntoken_accessor  <none>",
    "$ pwgen --help | head -1\nUsage: pwgen [ OPTIONS ] [ pw_length ] [ num_pw ]",
    # ordinary lines of the same files, commands and outputs
    "     1\t# Local development settings; real values live in the secret store.",
    "     2\tREDIS_HOST=localhost",
    "     3\tREDIS_PORT=6379",
    "    11\t  image: postgres:16-alpine",
    '    13\t  healthcheck:\n    14\t    test: ["CMD", "pg_isready", "-U", "app"]',
    "spring:\n  datasource:\n    url: jdbc:mysql://db:3306/orders\n    username: orders",
    '[database]\nhost = "db.internal"\nport = 5432\nuser = "app"',
    "[client]\nuser=backup\nhost=db.internal\nport=3306",
    "[inet_http_server]\nport=127.0.0.1:9001",
    'network={\n    ssid="Office"\n    key_mgmt=WPA-PSK\n}',
    "server.port=25565\nmax-players=20\nmotd=A Minecraft Server",
    'hostname "Acme Community #1"\nsv_lan 0\nmaxplayers 24',
    "<server>\n  <id>nexus-releases</id>\n  <username>deploy</username>\n</server>",
    '<Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource" maxTotal="20"/>',
    'resource "aws_db_instance" "main" {\n  engine         = "postgres"\n  instance_class = "db.t4g.micro"\n}',
    'provider "grafana" {\n  url = "https://grafana.acme.io"\n}',
    'config :shop, Shop.Repo,\n  hostname: "localhost",\n  pool_size: 10',
    'db, err := sql.Open("pgx", os.Getenv("ORDERS_DSN"))',
    "const pool = mysql.createPool(config.db);",
    "@@ -3,6 +3,7 @@\n [mail]\n host = smtp.acme.io\n port = 587\n+starttls = true\n user = alerts",
    "-    image: redis:7.0\n+    image: redis:7.2",
    "CREATE USER 'grafana'@'%' IDENTIFIED WITH auth_socket;",
    "GRANT SELECT ON shop.* TO 'grafana'@'%';",
    "CREATE ROLE analytics WITH LOGIN = true;",
    'rabbitmqctl set_permissions -p iot telemetry ".*" ".*" ".*"',
    "ipmitool -I lanplus -H 10.0.0.20 -U ADMIN -E chassis power status",
    "az vm create -g rg-dev -n vm1 --image Ubuntu2204 --admin-username azureuser --generate-ssh-keys",
    "keytool -list -v -keystore app.jks",
    "openssl x509 -in cert.pem -noout -fingerprint -sha256",
    'ldapsearch -x -H ldap://ldap.acme.io -b "dc=acme,dc=io" uid=bob',
    "$ vault status -format=json | jq .sealed\nfalse",
    "$ gcloud secrets list --format='value(name)'\nstripe-webhook\nsmtp-password",
    "$ aws secretsmanager describe-secret --secret-id prod/redis/auth --query RotationEnabled\ntrue",
    "$ doppler secrets download --no-file --format env-no-quotes | cut -d= -f1\nSMTP_PASSWORD\nJWT_SIGNING_KEY",
    "$ kubectl get secrets -n argocd\nNAME                          TYPE     DATA   AGE\n"
    "argocd-initial-admin-secret   Opaque   1      12d",
    "$ op item list --vault Engineering --format=json | jq length\n42",
    "$ pass ls infra\ninfra\n└── routers\n    └── edge01",
    "$ tctl tokens ls\nToken Type Labels Expiry Time (UTC)\n----- ---- ------ -----------------",
    ">>> settings.EMAIL_HOST\n'smtp.fastmail.com'",
    ">>> len(settings.SECRET_KEY)\n50",
    'irb(main):002> ENV.key?("SMTP_PASSWORD")\n=> true',
    "> process.env.NODE_ENV\n'development'",
    "(Pdb) p self._client_id\n'shop-web'",
    '127.0.0.1:6379> CONFIG GET maxmemory\n1) "maxmemory"\n2) "0"',
    "dw=> SHOW password_encryption;\n password_encryption\n---------------------\n scram-sha-256\n(1 row)",
    '{"tool_use_id": "toolu_02", "content": "     1\\t[mail]\\n     2\\thost = smtp.acme.io"}',
    '{"stdout": "Login Succeeded\\n", "stderr": "", "exit_code": 0}',
    '            "Env": [\n                "PATH=/usr/local/sbin:/usr/local/bin",\n'
    '                "GOSU_VERSION=1.17"\n            ],',
    '            "Labels": {\n                "traefik.http.routers.shop.rule": "Host(`shop.acme.io`)"\n            },',
    '      - "traefik.http.routers.shop.middlewares=auth@docker"',
    "GET /3/movie/550?language=en-US&append_to_response=credits HTTP/1.1",
    "GET https://onesignal.com/api/v1/notifications?app_id=5eb5a37e-b458-11e3-ac11-000c2940e62c&limit=50",
    "> GET /v2/devices HTTP/1.1\n> Host: api.fleet.io\n> Accept: */*",
    "https://maps.acme.io/tiles/{z}/{x}/{y}.png?style=streets-v12",
    "deploy:!:19845:0:99999:7:::",
    "daemon:*:19720:0:99999:7:::",
    "mysql:x:999:999::/var/lib/mysql:/bin/false",
    "$ az storage account list --query '[].name' -o tsv\nshopdata\nshoplogs",
    "$ az acr credential show -n acmeregistry --query username -o tsv\nacmeregistry",
    "microk8s join 192.168.1.10:25000/<token>/<cert-hash>",
    "kubeadm join 10.0.0.10:6443 --token <token> --discovery-token-ca-cert-hash sha256:<hash>",
    "Successfully added user telemetry",
    'Created role "replicator"',
    "CREATE ROLE",
    "Query OK, 0 rows affected (0.01 sec)",
    "Added new user backupadmin.\nThe command completed successfully.",
    "Secret DB_PASSWORD set for acme/shop",
    "Successfully saved Smtp:Password to the secret store.",
    "Setting MAIL_PASSWORD and restarting ⬢ shop-prod... done, v142",
)
