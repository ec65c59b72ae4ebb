"""Hand-written held-out set 33 for `redact_unseen.py` (issue 24): secrets in the positions and
printed forms the issue names, and ordinary lines that look like them.

Written from the issue's text alone, without reading the redaction code, its tests or the other
held-out sets, and sealed: scored once before anyone reads its misses. The lines are drawn from
what an agent session meets on an everyday stack (files read with line numbers, diffs, logs, test
and CI output, JSON tool results, container inspection, REPLs, commands and their output), with a
share of the long tail (game servers, IoT, telephony, data tools, OS configuration).

In a position template `{v}` is a password a person chose, `{k}` a random key with no vendor
prefix and `{b}` the base64 of `user:password`; literal braces are doubled. A printed template is
`(name, template, value_of)`: `{v}` is the secret drawn by `value_of`, `{w}` a second draw. The
look-alike lines must come back unchanged.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

_ALNUM = string.ascii_letters + string.digits
_LOWER_ALNUM = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"
_B64 = _ALNUM + "+/"
_CRYPT = _ALNUM + "./"
_B32 = string.ascii_uppercase + "234567"


def _draw(rng: random.Random, n: int, alphabet: str = _ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _uuid(rng: random.Random) -> str:
    h = _draw(rng, 32, _HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def _azure_key(rng: random.Random, signature: str, before: int, after: int, tail: str = "") -> str:
    # Azure's identifiable keys carry a fixed four-letter signature near their end.
    return _draw(rng, before, _B64) + signature + _draw(rng, after, _B64) + tail


POSITIONS_HELD33: tuple[str, ...] = (
    # env files and shells, read with line numbers or typed at a prompt
    "     4\tREDIS_PASSWORD={v}\n     5\tREDIS_DB=2",
    "$ set -gx PGPASSWORD '{v}'; and psql -h 127.0.0.1 -U reporting warehouse",
    'PS C:\\src\\shop> $env:MSSQL_SA_PASSWORD = "{v}"',
    'C:\\deploy> set "RABBITMQ_DEFAULT_PASS={v}"',
    '    11\tEnvironment="MINIO_ROOT_PASSWORD={v}"',
    "@@ -3,4 +3,5 @@\n DJANGO_SUPERUSER_USERNAME=admin\n+DJANGO_SUPERUSER_PASSWORD={v}\n DJANGO_SUPERUSER_EMAIL=ops@shop.io",
    'C:\\> setx KEYCLOAK_ADMIN_PASSWORD "{v}"\n\nSUCCESS: Specified value was saved.',
    "% setenv ORACLE_PWD {v}",
    '$cred = New-Object System.Management.Automation.PSCredential("svc_backup", '
    '(ConvertTo-SecureString "{v}" -AsPlainText -Force))',
    "$ docker run -d --name mdb -e MARIADB_ROOT_PASSWORD={v} -p 3306:3306 mariadb:11.4",
    '     2\texport GF_SECURITY_ADMIN_PASSWORD="{v}"',
    "+ sshpass -p '{v}' ssh -o StrictHostKeyChecking=no pi@10.0.0.7 'sudo reboot'",
    # YAML
    '    14\t      RABBITMQ_DEFAULT_USER: orders\n    15\t      RABBITMQ_DEFAULT_PASS: "{v}"',
    "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/orders\n    username: orders\n    password: {v}",
    "     6\tansible_become_pass: {v}",
    "     3\tmqtt_password: {v}\n     4\tlatitude: 59.91",
    "stringData:\n  smtp-user: mailer@shop.io\n  smtp-password: {v}",
    'auth:\n  rootUser: root\n  rootPassword: "{v}"\n  databases: [catalog]',
    "        env:\n          MYSQL_DATABASE: test\n          MYSQL_ROOT_PASSWORD: {v}",
    '      access-points:\n        "CafeNet-5G":\n          password: "{v}"',
    'wifi:\n  ssid: "Workshop"\n  password: "{v}"\n  fast_connect: true',
    'output.elasticsearch:\n  hosts: ["https://es01:9200"]\n  username: "beats_writer"\n  password: "{v}"',
    "      type: postgres\n      host: warehouse.internal\n      user: dbt_ci\n      pass: {v}\n      dbname: analytics",
    "  - job_name: node\n    basic_auth:\n      username: prom\n      password: {v}",
    # JSON, plain and escaped inside tool output
    '     9\t    "Default": "Server=sql01;Database=Shop;User Id=shop;Password={v};TrustServerCertificate=True"',
    '{{"stdout": "DB_HOST=db\\nDB_PASSWORD=\\"{v}\\"\\n", "stderr": "", "exit_code": 0}}',
    '{{"http-basic": {{"repo.packagist.com": {{"username": "token", "password": "{v}"}}}}}}',
    '            "administrator_login_password": "{v}",',
    '  "sqltools.connections": [{{"driver": "MySQL", "server": "localhost", "username": "dev", "password": "{v}"}}]',
    '{{"type":"tool_result","content":"     3\\tSMTP_PASS={v}\\n     4\\tSMTP_PORT=587\\n"}}',
    '    "game_password": "{v}",',
    '            "Env": [\n                "MYSQL_USER=wp",\n                "MYSQL_PASSWORD={v}",\n'
    '                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"',
    'test> db.createUser({{ user: "reporter", pwd: "{v}", roles: [{{ role: "read", db: "shop" }}] }})',
    # TOML, INI, properties
    '[http-basic.corp]\nusername = "ci"\npassword = "{v}"',
    "    31\t[security]\n    32\tadmin_user = ops\n    33\tadmin_password = {v}",
    '[[outputs.influxdb]]\n  urls = ["http://influx:8086"]\n  username = "telegraf"\n  password = "{v}"',
    "[database]\nDB_TYPE  = mysql\nHOST     = db:3306\nUSER     = gitea\nPASSWD   = {v}",
    "    22\tspring.rabbitmq.password={v}",
    "quarkus.datasource.username=inventory\nquarkus.datasource.password={v}",
    "sonatypeUsername=release-bot\nsonatypePassword={v}",
    "mysqli.default_user = legacy\nmysqli.default_pw = {v}",
    "[ReportsDSN]\nDriver=PostgreSQL Unicode\nServername=pg01\nUsername=reports\nPassword={v}",
    '$ cat /etc/pgbouncer/userlist.txt\n"pgbouncer" "{v}"',
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="app" password="{v}";',
    "connection bridge-cloud\naddress mqtt.cloud.example:8883\nremote_username gw-17\nremote_password {v}",
    'network={{\n    ssid="Lab-IoT"\n    psk="{v}"\n}}',
    "[6001]\ntype=auth\nauth_type=userpass\npassword={v}\nusername=6001",
    "DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword={v}",
    "enable-rcon=true\nrcon.port=25575\nrcon.password={v}",
    "[ServerSettings]\nServerPassword=\nServerAdminPassword={v}",
    'hostname "Scrim #2"\nsv_lan 0\nrcon_password "{v}"',
    # XML
    "<server>\n  <id>nexus-releases</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>",
    '      <add key="ClearTextPassword" value="{v}" />',
    '<Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource" username="billing" password="{v}" '
    'url="jdbc:mariadb://db:3306/billing" maxTotal="20"/>',
    '    <string name="mqtt_password">{v}</string>',
    '<add name="Legacy" connectionString="Data Source=.\\SQLEXPRESS;Initial Catalog=Crm;User ID=crm;Password={v}" />',
    "<security>\n  <user-name>app</user-name>\n  <password>{v}</password>\n</security>",
    # HCL
    'resource "aws_db_instance" "orders" {{\n  engine   = "postgres"\n  username = "orders"\n  password = "{v}"\n}}',
    'variable "pg_admin_password" {{\n  type      = string\n  sensitive = true\n  default   = "{v}"\n}}',
    '      auth {{\n        username = "ci"\n        password = "{v}"\n      }}',
    '     3\tadmin_password = "{v}"',
    # code literals and calls
    'conn = psycopg.connect(host="db", dbname="etl", user="etl", password="{v}")',
    'db = pymysql.connect("db.internal", "etl", "{v}", "warehouse")',
    "const pool = mysql.createPool({{ host: 'db', user: 'shop', password: '{v}', database: 'shop' }});",
    'cfg := mysql.Config{{User: "ledger", Passwd: "{v}", Net: "tcp", Addr: "mysql-ledger:3306", DBName: "ledger"}}',
    'Connection c = DriverManager.getConnection("jdbc:postgresql://db/shop", "shop", "{v}");',
    'Credentials = new NetworkCredential("noreply@shop.io", "{v}"),',
    "$pdo = new PDO('pgsql:host=pg01;dbname=forum', 'forum', '{v}', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);",
    'let cred = URLCredential(user: "kiosk", password: "{v}", persistence: .forSession)',
    "    await client.connect('sensor-12', '{v}');",
    '#define WIFI_PASS "{v}"',
    '    local res, err = red:auth("{v}")\n    if not res then ngx.log(ngx.ERR, err) end',
    'config :shop, Shop.Repo,\n  username: "postgres",\n  password: "{v}",\n  hostname: "localhost"',
    'my $dbh = DBI->connect("dbi:Pg:dbname=shop;host=db", "shop", "{v}", {{ RaiseError => 1 }});',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "lab", user = "ana", password = "{v}")',
    'r = requests.get(f"{{base}}/api/export", auth=("svc-reports", "{v}"), timeout=30)',
    'auth = httpx.BasicAuth(username="ci", password="{v}")',
    '\treq.SetBasicAuth("exporter", "{v}")',
    "Net::SMTP.start('smtp.example.net', 587, 'shop.io', 'mailer', '{v}', :login) do |smtp|",
    'mqttClient.setCredentials("tracker-04", "{v}")',
    "    ftp.login('upload', '{v}')",
    # SQL
    "CREATE ROLE analyst WITH LOGIN PASSWORD '{v}' VALID UNTIL '2027-06-30';",
    "mysql> ALTER USER 'wp'@'%' IDENTIFIED BY '{v}';\nQuery OK, 0 rows affected (0.01 sec)",
    "CREATE LOGIN etl WITH PASSWORD = '{v}', CHECK_POLICY = OFF;",
    "ALTER USER loader SET PASSWORD = '{v}' MUST_CHANGE_PASSWORD = FALSE;",
    "CREATE USER grafana IDENTIFIED WITH sha256_password BY '{v}';",
    # command-line flags and positional arguments
    "$ mysqldump -u backup -p'{v}' --single-transaction shop > shop.sql",
    "$ redis-cli -h cache.internal -a {v} --no-auth-warning ping\nPONG",
    '$ sudo rabbitmqctl add_user deployer {v}\nAdding user "deployer" ...',
    "$ htpasswd -b -c /etc/nginx/.htpasswd grafana {v}\nAdding password for user grafana",
    "$ mongosh --username root --password {v} --authenticationDatabase admin",
    "$ az vm create -g rg-lab -n jump01 --image Ubuntu2204 --admin-username azureuser --admin-password '{v}'",
    "$ influx setup --username admin --password {v} --org lab --bucket metrics --force",
    "$ keytool -genkeypair -alias upload -keystore upload.jks -storepass {v} -keyalg RSA -validity 10000",
    "$ openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{v}",
    "$ smbclient //nas/backup -U backup%{v} -c 'ls'",
    "C:\\> net use Z: \\\\fs01\\share {v} /user:CORP\\svc_scan",
    "$ wp user create editor ed@shop.io --role=editor --user_pass={v}",
    '$ nmcli dev wifi connect "Office-5G" password {v}',
    "$ ipmitool -I lanplus -H 10.0.0.50 -U ADMIN -P {v} chassis power status",
    "$ flyway -url=jdbc:mysql://db/shop -user=flyway -password={v} migrate",
    "$ ansible-playbook site.yml -i inventory/prod -e ansible_password={v}",
    # connection strings and URLs
    "[2026-11-28 09:14:02,118: INFO/MainProcess] Connected to amqp://orders:{v}@rabbitmq:5672//",
    "CELERY_BROKER_URL=redis://:{v}@redis:6379/0",
    '{{"level":"error","msg":"connect failed","uri":"mongodb+srv://app:{v}@cluster0.ab1cd.mongodb.net/shop"}}',
    "jdbc:sqlserver://sql01:1433;databaseName=Shop;user=app;password={v};encrypt=true",
    '"Npgsql": "Host=pg;Port=5432;Username=app;Password={v};Database=shop"',
    "NATS_URL=nats://svc-billing:{v}@nats.internal:4222",
    "$ mosquitto_pub -L mqtt://sensor:{v}@broker.lan:1883/home/temp -m 21.5",
    "Driver={{ODBC Driver 18 for SQL Server}};Server=sql01;Database=dw;Uid=etl;Pwd={v};",
    '$ pg_dump "postgresql://backup:{v}@db.internal:5432/shop" -Fc -f shop.dump',
    "$ git clone https://ci-bot:{v}@git.corp.example/platform/infra.git",
    'psql "host=db port=5432 dbname=shop user=shop password={v} sslmode=require"',
    "index-url = https://deploy:{v}@pypi.corp.example/simple",
    # logs and test output
    "2026-11-28 10:02:11 DEBUG db.pool: connect kwargs={{'user': 'etl', 'password': '{v}', 'host': 'db'}}",
    "+ curl -sf -u admin:{v} http://localhost:9000/api/system/health",
    "E       AssertionError: login failed for ('qa-admin', '{v}')",
    # basic credentials in base64
    "> GET /artifactory/api/npm/npm/ HTTP/1.1\n> Host: repo.corp.example\n> Authorization: Basic {b}",
    "//registry.corp.example/:_auth={b}",
    '    proxy_set_header Authorization "Basic {b}";',
    '{{"name": "proxy-authorization", "value": "Basic {b}"}}',
    # bare random keys in secret positions
    "    88\tbot.run('{k}')",
    '$ curl -s -H "Authorization: Bearer {k}" https://api.internal.example/v1/orders?limit=5',
    "> X-Api-Key: {k}\n> Accept: application/json",
    '    headers = {{"X-API-Key": "{k}", "Content-Type": "application/json"}}',
    '{{"method": "POST", "url": "/v1/events", "headers": {{"authorization": "Bearer {k}"}}}}',
    "GET /v2/stats?app_id=4412&app_key={k} HTTP/1.1",
    "https://api.openweathermap.org/data/2.5/forecast?q=Oslo&units=metric&appid={k}",
    'client = SearchClient.create("LQ8K2T4ZP1", "{k}")',
    'client = Client("AC7f3c1e9a0b2d4c6e8f1a3b5c7d9e0f12", "{k}")',
    "$ mc alias set local https://minio.lan:9000 admin {k}",
    "$ aws configure set aws_secret_access_key {k} --profile staging",
    "$ ngrok config add-authtoken {k}",
    "set -gx DEEPL_AUTH_KEY {k}",
    "Environment=INFLUX_TOKEN={k}",
    "const pusher = new Pusher({{ appId: '1428841', key: 'a81f3c09d2', secret: '{k}', cluster: 'eu' }});",
    '$ curl -F "token={k}" -F "user=uQiRzpo4DXghDmr9QzzfQu27cmVRsG" -F "message=deploy done" '
    "https://api.pushover.net/1/messages.json",
    "Authorization: ApiKey {k}",
    '$ wget --header="PRIVATE-TOKEN: {k}" https://git.corp.example/api/v4/projects/42/jobs/artifacts/main/download',
    ":rubygems_api_key: {k}",
    "    12\tDD_API_KEY={k}",
)


def _sha512_crypt(rng: random.Random) -> str:
    return "$6$" + _draw(rng, 16, _CRYPT) + "$" + _draw(rng, 86, _CRYPT)


PRINTED_HELD33: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores read with the value alone on its line
    ("doppler-get-plain", "$ doppler secrets get DB_PASSWORD --plain\n{v}", lambda g: _draw(g, 24, _ALNUM + "!_")),
    (
        "infisical-get-plain",
        "$ infisical secrets get SMTP_PASSWORD --plain --env=prod\n{v}",
        lambda g: _draw(g, 20, _ALNUM + "#%"),
    ),
    ("op-read", '$ op read "op://Platform/pg-primary/password"\n{v}', lambda g: _draw(g, 32, _ALNUM + "-")),
    ("bw-get-password", '$ bw get password "NAS admin"\n{v}', lambda g: _draw(g, 18, _ALNUM + "@$")),
    (
        "pass-show-first-line",
        "$ pass show infra/ipmi/r740-01\n{v}\nuser: ADMIN\nurl: https://10.0.0.50",
        lambda g: _draw(g, 16, _ALNUM + "^*"),
    ),
    (
        "kubectl-jsonpath-b64d",
        '$ kubectl get secret grafana -n monitoring -o jsonpath="{{.data.admin-password}}" | base64 -d\n{v}',
        lambda g: _draw(g, 40),
    ),
    (
        "gcloud-secret-access",
        "$ gcloud secrets versions access latest --secret=pg-app-password\n{v}",
        lambda g: _draw(g, 28, _ALNUM + "._"),
    ),
    (
        "az-keyvault-tsv",
        "$ az keyvault secret show --vault-name kv-shop-prod --name sql-admin --query value -o tsv\n{v}",
        lambda g: _draw(g, 22, _ALNUM + "!"),
    ),
    (
        "secretsmanager-string",
        "$ aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString --output text\n"
        '{{"username":"orders","password":"{v}","host":"orders.cluster-c9x.eu-west-1.rds.amazonaws.com"}}',
        lambda g: _draw(g, 30),
    ),
    (
        "sops-extract",
        '$ sops -d --extract \'["smtp"]["password"]\' secrets.enc.yaml\n{v}',
        lambda g: _draw(g, 20, _ALNUM + "$"),
    ),
    ("terraform-output-raw", "$ terraform output -raw db_admin_password\n{v}", lambda g: _draw(g, 16, _ALNUM + "-_")),
    ("pulumi-config-get", "$ pulumi config get dbPassword\n{v}", lambda g: _draw(g, 20)),
    (
        "heroku-config-get",
        "$ heroku config:get DATABASE_URL -a shop-api\npostgres://u8f2kq1vd:{v}@ec2-52-17-9-1.eu-west-1.compute.amazonaws.com:5432/d3k",
        lambda g: _draw(g, 64, _HEX),
    ),
    (
        "laps-plaintext",
        "PS> Get-LapsADPassword -Identity SRV01 -AsPlainText | Select-Object -ExpandProperty Password\n{v}",
        lambda g: _draw(g, 14, _ALNUM + "{}#&"),
    ),
    # first-run and bootstrap credentials in a container's or installer's output
    (
        "argocd-initial-password",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login. "
        "We strongly recommend you update the password using `argocd account update-password`.",
        lambda g: _draw(g, 16, _ALNUM + "-"),
    ),
    ("nexus-admin-password", "$ docker exec nexus cat /nexus-data/admin.password\n{v}", _uuid),
    (
        "elasticsearch-first-start",
        "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {v}",
        lambda g: _draw(g, 20, _ALNUM + "*+=_-"),
    ),
    (
        "elasticsearch-reset-batch",
        "$ bin/elasticsearch-reset-password -u kibana_system -b\n"
        "Password for the [kibana_system] user successfully reset.\nNew value: {v}",
        lambda g: _draw(g, 20, _ALNUM + "*+=_-"),
    ),
    (
        "kibana-enrollment-token",
        "$ bin/elasticsearch-create-enrollment-token -s kibana\n{v}",
        lambda g: "eyJ2ZXIiOiI4LjE1LjAiLCJhZHIiOlsiMTcyLjE4LjAuMjo5MjAwIl0sImZnciI6I" + _draw(g, 120, _B64) + "=",
    ),
    (
        "mysql-random-root",
        "2026-11-28 09:01:44+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: {v}",
        lambda g: _draw(g, 32, _ALNUM + ".,:;"),
    ),
    (
        "mysql-temporary-password",
        "2026-11-28T09:01:47.112233Z 6 [Note] [MY-010454] [Server] A temporary password is generated for "
        "root@localhost: {v}",
        lambda g: _draw(g, 12, _ALNUM + "#;<>,%"),
    ),
    (
        "airflow-standalone",
        "standalone | Airflow is ready\nstandalone | Login with username: admin  password: {v}\n"
        "standalone | Airflow Standalone is for development purposes only.",
        lambda g: _draw(g, 16),
    ),
    (
        "pihole-install",
        "  [i] Web Interface password: {v}\n  [i] This can be changed using 'pihole -a -p'",
        lambda g: _draw(g, 8),
    ),
    (
        "rancher-bootstrap",
        '$ docker logs rancher 2>&1 | grep "Bootstrap Password:"\n2026/11/28 09:12:44 [INFO] Bootstrap Password: {v}',
        lambda g: _draw(g, 64, _LOWER_ALNUM),
    ),
    (
        "gitea-random-password",
        "$ docker exec -u git gitea gitea admin user create --admin --username root --random-password "
        "--email root@git.lan\ngenerated random password is '{v}'\nNew user 'root' has been successfully created!",
        lambda g: _draw(g, 20),
    ),
    (
        "openshift-kubeadmin",
        'INFO Login to the console with user: "kubeadmin", and password: "{v}"',
        lambda g: "-".join(_draw(g, 5) for _ in range(4)),
    ),
    (
        "proxmox-token-table",
        "$ pveum user token add root@pam ci --privsep 0\n┌──────────────┬──────────────────────────────────────┐\n"
        "│ key          │ value                                │\n╞══════════════╪══════════════════════════════════════╡\n"
        "│ full-tokenid │ root@pam!ci                          │\n├──────────────┼──────────────────────────────────────┤\n"
        "│ value        │ {v} │\n└──────────────┴──────────────────────────────────────┘",
        _uuid,
    ),
    (
        "minio-svcacct",
        "$ mc admin user svcacct add local admin\nAccess Key: 5QHZRM0A8K1XQ3P7YF2W\nSecret Key: {v}\nExpiration: no-expiry",
        lambda g: _draw(g, 40, _ALNUM + "+"),
    ),
    (
        "k3s-node-token",
        "$ sudo cat /var/lib/rancher/k3s/server/node-token\n{v}",
        lambda g: "K10" + _draw(g, 64, _HEX) + "::server:" + _draw(g, 32, _HEX),
    ),
    (
        "kubeadm-join-command",
        "$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.10:6443 --token {v} "
        "--discovery-token-ca-cert-hash sha256:7493facc2af876cbc657844b9af37437ecfb14e6eda06580b3ed6893913f0bc2",
        lambda g: _draw(g, 6, _LOWER_ALNUM) + "." + _draw(g, 16, _LOWER_ALNUM),
    ),
    (
        "kubeadm-certificate-key",
        '[upload-certs] Storing the certificates in Secret "kubeadm-certs" in the "kube-system" Namespace\n'
        "[upload-certs] Using certificate key:\n{v}",
        lambda g: _draw(g, 64, _HEX),
    ),
    (
        "swarm-join-token",
        "$ docker swarm join-token -q worker\n{v}",
        lambda g: "SWMTKN-1-" + _draw(g, 50, _LOWER_ALNUM) + "-" + _draw(g, 25, _LOWER_ALNUM),
    ),
    (
        "vault-generate-root-otp",
        "$ vault operator generate-root -init\nA One-Time-Password has been generated for you and is shown in the "
        "OTP field.\n\nNonce         2dbd10f1-8528-6246-09e7-82b25b8aba63\nStarted       true\nProgress      0/3\n"
        "Complete      false\nOTP           {v}\nOTP Length    28",
        lambda g: _draw(g, 28),
    ),
    ("vault-legacy-token", "$ vault token create -policy=ci -field=token\n{v}", lambda g: "s." + _draw(g, 24)),
    ("consul-keygen", "$ consul keygen\n{v}", lambda g: _draw(g, 43, _B64) + "="),
    ("wg-genkey", "$ wg genkey | tee /etc/wireguard/privatekey\n{v}", lambda g: _draw(g, 42, _B64) + "A="),
    (
        "nsc-user-seed",
        "$ nsc generate nkey --user\n{v}\nUDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4\n"
        "user key stored ~/.local/share/nats/nsc/keys/keys/U/DX/UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4.nk",
        lambda g: "SUA" + _draw(g, 55, _B32),
    ),
    # generated passwords and application secrets
    ("rails-secret", "$ bin/rails secret\n{v}", lambda g: _draw(g, 128, _HEX)),
    ("pwgen-secure", "$ pwgen -s 20 1\n{v}", lambda g: _draw(g, 20)),
    (
        "python-token-urlsafe",
        '$ python3 -c "import secrets; print(secrets.token_urlsafe(32))"\n{v}',
        lambda g: _draw(g, 43, _ALNUM + "-_"),
    ),
    ("artisan-key-show", "$ php artisan key:generate --show\n{v}", lambda g: "base64:" + _draw(g, 43, _B64) + "="),
    (
        "django-secret-key",
        '$ python manage.py shell -c "from django.core.management.utils import get_random_secret_key; '
        'print(get_random_secret_key())"\n{v}',
        lambda g: _draw(g, 50, string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)"),
    ),
    ("phx-gen-secret", "$ mix phx.gen.secret\n{v}", lambda g: _draw(g, 64, _ALNUM + "+/")),
    (
        "jupyter-token-url",
        "[I 2026-11-28 09:30:12.004 ServerApp] Jupyter Server 2.14.2 is running at:\n"
        "[I 2026-11-28 09:30:12.004 ServerApp] http://127.0.0.1:8888/lab?token={v}",
        lambda g: _draw(g, 48, _HEX),
    ),
    (
        "ecr-login-password",
        "$ aws ecr get-login-password --region eu-west-1\n{v}",
        lambda g: "eyJwYXlsb2FkIjoi" + _draw(g, 180, _B64) + "==",
    ),
    ("heroku-auth-token", "$ heroku auth:token\n ›   Warning: token will expire 11/28/2027\n{v}", _uuid),
    # REPL answers
    ("python-repl-environ", ">>> os.environ[\"DB_PASSWORD\"]\n'{v}'", lambda g: _draw(g, 18, _ALNUM + "!")),
    (
        "irb-credentials-dig",
        'irb(main):001> Rails.application.credentials.dig(:smtp, :password)\n=> "{v}"',
        lambda g: _draw(g, 22),
    ),
    ("node-repl-env", "> process.env.REDIS_PASSWORD\n'{v}'", lambda g: _draw(g, 26, _ALNUM + "-")),
    (
        "iex-get-env",
        'iex(1)> Application.get_env(:shop, Shop.Mailer)[:password]\n"{v}"',
        lambda g: _draw(g, 20, _ALNUM + "%"),
    ),
    ("ipython-settings", "In [4]: settings.EMAIL_HOST_PASSWORD\nOut[4]: '{v}'", lambda g: _draw(g, 16)),
    (
        "redis-config-get",
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"',
        lambda g: _draw(g, 32, _ALNUM + "_"),
    ),
    (
        "powershell-securestring",
        "PS> [Runtime.InteropServices.Marshal]::PtrToStringAuto([Runtime.InteropServices.Marshal]::"
        "SecureStringToBSTR($cred.Password))\n{v}",
        lambda g: _draw(g, 15, _ALNUM + "!$"),
    ),
    # Azure identifiable keys outside connection strings
    (
        "az-storage-keys-tsv",
        '$ az storage account keys list -g rg-shop -n stshopprod --query "[0].value" -o tsv\n{v}',
        lambda g: _azure_key(g, "+ASt", 76, 6, "=="),
    ),
    (
        "az-cosmos-master-key",
        "$ az cosmosdb keys list -g rg-shop -n cosmos-shop --query primaryMasterKey -o tsv\n{v}",
        lambda g: _azure_key(g, "ACDb", 76, 6, "=="),
    ),
    (
        "az-search-admin-key",
        "$ az search admin-key show --service-name srch-shop -g rg-shop --query primaryKey -o tsv\n{v}",
        lambda g: _azure_key(g, "AzSe", 42, 6),
    ),
    (
        "appsettings-search-key",
        '    12\t  "Search": {{\n    13\t    "Endpoint": "https://srch-shop.search.windows.net",\n'
        '    14\t    "QueryKey": "{v}"\n    15\t  }},',
        lambda g: _azure_key(g, "AzSe", 42, 6),
    ),
    (
        "function-key-query",
        "$ curl -s 'https://func-shop.azurewebsites.net/api/orders?code={v}'",
        lambda g: _azure_key(g, "AzFu", 46, 4, "=="),
    ),
    # password hashes
    ("getent-shadow", "$ sudo getent shadow deploy\ndeploy:{v}:19850:0:99999:7:::", _sha512_crypt),
    (
        "htpasswd-apr1-read",
        "     1\tmetrics:{v}",
        lambda g: "$apr1$" + _draw(g, 8, _CRYPT) + "$" + _draw(g, 22, _CRYPT),
    ),
    (
        "bcrypt-in-config",
        '    14\t  admin_password_hash: "{v}"',
        lambda g: "$2b$12$" + _draw(g, 53, _CRYPT),
    ),
    (
        "argon2-in-toml",
        'password_hash = "{v}"',
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _draw(g, 22, _ALNUM + "+/") + "$" + _draw(g, 43, _ALNUM + "+/"),
    ),
    (
        "yescrypt-grep",
        "$ sudo grep '^pi:' /etc/shadow\npi:{v}:19700:0:99999:7:::",
        lambda g: "$y$j9T$" + _draw(g, 22, _CRYPT) + "$" + _draw(g, 43, _CRYPT),
    ),
    (
        "mosquitto-passwd",
        "$ cat /mosquitto/config/passwd\nsensor01:{v}",
        lambda g: "$7$101$" + _draw(g, 16, _B64) + "$" + _draw(g, 86, _B64) + "==",
    ),
    (
        "pg-authid-scram",
        "shop=# SELECT rolname, rolpassword FROM pg_authid WHERE rolname = 'app';\n rolname | rolpassword\n"
        "---------+-------------\n app     | {v}\n(1 row)",
        lambda g: (
            "SCRAM-SHA-256$4096:" + _draw(g, 22, _B64) + "==$" + _draw(g, 43, _B64) + "=:" + _draw(g, 43, _B64) + "="
        ),
    ),
    (
        "mysql-native-hash",
        "mysql> SELECT user, authentication_string FROM mysql.user WHERE user = 'legacy';\n"
        "+--------+-------------------------------------------+\n| legacy | {v} |",
        lambda g: "*" + _draw(g, 40, "0123456789ABCDEF"),
    ),
)


BENIGN_HELD33: tuple[str, ...] = (
    # placeholders
    "export DB_PASSWORD=<your-db-password>",
    "     4\tREDIS_PASSWORD=changeme",
    "API_KEY=xxx",
    "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}",
    'set "PASS=%DB_PASS%"',
    "          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
    '    password: "{{ vault_db_password }}"',
    "  password = var.pg_admin_password",
    "SMTP_PASSWORD=your_smtp_password_here",
    "    12\tDD_API_KEY=<DATADOG_API_KEY>",
    "rcon.password=",
    "ServerAdminPassword=",
    '    "game_password": "",',
    "  password: null",
    "password = ''",
    "MINIO_ROOT_PASSWORD=CHANGE_ME",
    "admin_password = ********",
    '{"user": "etl", "password": "[REDACTED]", "host": "db"}',
    "Password: ****************",
    "    <password>${env.NEXUS_PASSWORD}</password>",
    '      <add key="ClearTextPassword" value="%NUGET_PASSWORD%" />',
    "spring.rabbitmq.password=${RABBITMQ_PASSWORD:}",
    "quarkus.datasource.password=${INVENTORY_DB_PASSWORD}",
    '    api_key: "{{ .Values.apiKey }}"',
    "> Authorization: Bearer <your-access-token>",
    "X-Api-Key: YOUR_API_KEY",
    'client = SearchClient.create("YourApplicationID", "YourWriteAPIKey")',
    "bot.run(TOKEN)",
    "$ ngrok config add-authtoken <token>",
    "mqttClient.setCredentials(MQTT_USER, MQTT_PASS)",
    "$ mysqldump -u backup -p shop > shop.sql\nEnter password:",
    "DBPassword=",
    "#DBPassword=",
    '; rcon_password ""',
    # references and lookups
    'auth_token = os.environ["AUTH_TOKEN"]',
    'api_key = os.getenv("OPENWEATHER_API_KEY")',
    "const secret = process.env.PUSHER_APP_SECRET;",
    'password = ENV.fetch("SMTP_PASSWORD")',
    'String pw = System.getenv("DB_PASS");',
    "$headers = @{ 'X-Api-Key' = $env:API_KEY }",
    "password=settings.DATABASES['default']['PASSWORD'],",
    'conn = psycopg.connect(host="db", dbname="etl", user="etl", password=db_password)',
    "Connection c = DriverManager.getConnection(url, user, password);",
    "\treq.SetBasicAuth(cfg.ExporterUser, cfg.ExporterPassword)",
    "          valueFrom:\n            secretKeyRef:\n              name: pg-credentials\n              key: password",
    "password_file: /run/secrets/db_password",
    "      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password",
    "$ aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value",
    '$ op read "op://Platform/pg-primary/password"',
    "export PGPASSWORD=$(vault kv get -field=password secret/pg)",
    "DB_PASSWORD=$(cat /run/secrets/db_password)",
    '"password": "${file(\\"secrets/db.txt\\")}"',
    "  password = data.aws_secretsmanager_secret_version.db.secret_string",
    "  admin_password = random_password.admin.result",
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/orders/db-Qx7LbP",
    "vault_db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "$ kubectl create secret generic pg --from-file=password=./pg.txt",
    '$ echo "$REGISTRY_TOKEN" | docker login registry.corp.example -u ci --password-stdin\nLogin Succeeded',
    "$ gh secret set NPM_TOKEN < token.txt\n✓ Set Actions secret NPM_TOKEN for acme/shop",
    "$ influx setup --username admin --org lab --bucket metrics",
    "    ftp.login(user, getpass.getpass())",
    'password = getpass.getpass("Vault password: ")',
    "read -rsp 'Password: ' PGPASSWORD && export PGPASSWORD",
    "$cred = Get-Credential -UserName svc_backup -Message 'Backup account'",
    'psql "host=db port=5432 dbname=shop user=shop sslmode=require"',
    "CELERY_BROKER_URL=redis://redis:6379/0",
    "amqp://guest@rabbitmq:5672//",
    "DATABASE_URL=postgres://${DB_USER}:${DB_PASS}@db:5432/shop",
    "jdbc:sqlserver://sql01:1433;databaseName=Shop;integratedSecurity=true;encrypt=true",
    "Server=sql01;Database=Shop;Trusted_Connection=True;",
    '  "auths": { "registry.corp.example": {} },\n  "credsStore": "desktop"',
    # empty and prompts in logs
    "Enter pass phrase for /etc/ssl/private/shop.key:",
    "Verifying - Enter Export Password:",
    "[sudo] password for deploy:",
    "Password for 'https://ci-bot@git.corp.example':",
    "mongosh --username root --authenticationDatabase admin\nEnter password: ********",
    # prose about headers, tokens and passwords
    "Send the token in the Authorization: Bearer header.",
    "The API key goes in the X-Api-Key header; requests without it get a 401.",
    "Rotate the database password every 90 days and record the change in the runbook.",
    "# The bot token lives in the TOKEN environment variable; never commit it.",
    "    21\t    # password must be at least 12 characters and not in the breached list",
    "Use `--password-stdin` instead of `-p` so the password does not land in shell history.",
    "Jupyter prints a login URL with a token when it starts; open that URL in the browser.",
    "WARNING: Using a password on the command line interface can be insecure.",
    "Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.",
    "Basic authentication sends user:password base64-encoded, so only use it over TLS.",
    "For Azure Search, use a query key in the browser and keep the admin key on the server.",
    # logs and test output that name secrets without holding one
    "2026-11-28 10:02:11 INFO auth: token refreshed for user=alice expires_in=3600",
    '2026-11-28 10:02:13 WARN password for user "app" expires in 7 days',
    'FATAL:  password authentication failed for user "shop"',
    "ERROR 1045 (28000): Access denied for user 'wp'@'172.18.0.5' (using password: YES)",
    '{"level":"warn","msg":"invalid api key","status":401,"path":"/v1/orders"}',
    "tests/test_auth.py::test_login_rejects_wrong_password PASSED                [ 42%]",
    "=== RUN   TestTokenExpiry\n--- PASS: TestTokenExpiry (0.00s)",
    "  ✓ rejects an expired bearer token (4 ms)",
    "E       assert response.status_code == 401",
    "[INFO] Bootstrap Password: set by CATTLE_BOOTSTRAP_PASSWORD",
    "WARNING! Your credentials are stored unencrypted in '/home/ci/.docker/config.json'.\nLogin Succeeded",
    "Adding password for user grafana",
    'Adding user "deployer" ...\nDone. Don\'t forget to grant the user permissions to some virtual hosts!',
    "Query OK, 0 rows affected (0.01 sec)",
    "✓ Logged in to github.com account octo-dev (keyring)",
    "Token: ****************************************",
    "[upload-certs] Skipping phase. Please see --upload-certs",
    "Unseal Progress    2/3",
    "Sealed             false",
    # settings with a secret word and a plainly non-secret value
    "password_min_length: 14",
    'PASSWORD_HASHERS = ["django.contrib.auth.hashers.ScryptPasswordHasher"]',
    'token_ttl = "15m"',
    'api_key_header = "X-Api-Key"',
    "secret_file: /etc/shop/secret.json",
    "jwt_secret_algorithm: HS256",
    "PASSWORD_RESET_TIMEOUT = 3600",
    "auth_token_enabled = true",
    "password_encryption = scram-sha-256\t\t# scram-sha-256 or md5",
    "ssl_key_file = '/etc/ssl/private/server.key'",
    "PasswordAuthentication no",
    "require_password: false",
    'tokenizer: "bert-base-uncased"',
    "max_tokens: 4096",
    "passwd:         files systemd",
    "password   required   pam_unix.so obscure yescrypt",
    "  secretName: shop-tls",
    "AUTH_TOKEN_HEADER=X-Auth-Token",
    "SECRET_KEY_LENGTH=64",
    '    storePassword=System.getenv("KEYSTORE_PASSWORD")',
    "keyAlias=upload\nstoreFile=../upload.jks",
    "token_endpoint: https://auth.example.com/oauth2/token",
    "password_policy:\n  min_length: 14\n  require_symbols: true",
    "api_key_rotation_days: 90",
    "      auth_type PASS",
    "auth_type=userpass",
    "enable-rcon=true",
    "secretsProvider: awskms://alias/pulumi-shop",
    "session_secret_rotation: weekly",
    "sasl.mechanism=SCRAM-SHA-512",
    "security.protocol=SASL_SSL",
    "keyring.backend=file",
    "credential.helper=store",
    '    <string name="password_hint">At least 8 characters</string>',
    '    "passwordRules": "minlength: 12; required: digit;",',
    "    auth_basic_user_file /etc/nginx/conf.d/metrics.htpasswd;",
    'auth_basic "Restricted";',
    'WWW-Authenticate: Basic realm="Grafana"',
    "Authorization header missing",
    # digests, lockfiles, commit hashes, uuids
    "postgres@sha256:c3fe545bebb0c45305f9699025f6c5e04f535012faa4819c62b53747ee8bdfa7",
    '        "Id": "sha256:619d8b401ba4a85e5f7ec0c0c096bcbef62a613b282fe596c4cac2e699e14fa3",',
    '      "integrity": "sha512-MFY/tzzDgbHi3rs2sEGe+yWZeAIYz5+vJLeZKoU8RinaZ7A5CfLJR8rCWYO6fARsYV/5HiJkKpPTX2YrBuxXw==",',
    'checksum = "7493facc2af876cbc657844b9af37437ecfb14e6eda06580b3ed6893913f0bc2"',
    "golang.org/x/crypto v0.29.0 h1:zInl3AretVAB5YDhaN5VQlyVLYpPj3F2uClI/rVlUs8=",
    "    --hash=sha256:c3fe545bebb0c45305f9699025f6c5e04f535012faa4819c62b53747ee8bdfa7",
    "commit a28b77520fedd50a5992204317ca4a4fea8e53ff\nAuthor: Ana Lima <ana@shop.io>",
    "163bacec3 Rotate the staging password reference to the new vault path",
    "Merge: e682300 0bb32ce",
    '{"request_id": "f7fbbcf2-1ce8-4f66-9ba1-6270bd0b539e", "status": "ok"}',
    "X-Request-Id: b58ad506-1930-4fdc-9d64-4bd48f27cbd7",
    "traceparent: 00-407a36c4674da818563c07dfcf9aa06b-c75eb1ef01cd2756-01",
    'ETag: "0bb32ceb00c8891fe5c3953e1f340f95"',
    "x-amz-request-id: 4E2B8F1C9A7D3E60",
    '  resourceVersion: "118842391"',
    "  uid: 3a3c75cd-2223-4b34-ad39-d0b210623dda",
    '    "subscriptionId": "3ee55e6c-bc17-484d-b971-2101cf0ec81e",',
    "     1\t# lockfileVersion: '9.0'",
    "  resolution: {integrity: sha512-YV/5HiJkKpPTX2YrBuxXwmhp4bitU7cUBczQShHnMliygxUxtPW5sH+p9cdaNzQzoZiwwCYT06+8Yef2eU0aaA==}",
    "Digest: sha256:7493facc2af876cbc657844b9af37437ecfb14e6eda06580b3ed6893913f0bc2",
    "Run ID: 11934872201  Attempt: 2",
    "  ERROR_CODE=0x80070005",
    # public keys, fingerprints, fixtures
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK0wmN/Cr3JXqmLW7u+g9pTh+EeZG2wQz1yB8n4oE5cX deploy@ci",
    "256 SHA256:cwOT0l1znGS1Of1xgmOkSlgYFgyWR2/ek3B6YqmJ7zs deploy@ci (ED25519)",
    "pub   rsa4096 2024-03-01 [SC]\n      5F3A9C0D7E21B46A8C0F13D9E7B2A4C6D8F01E32\nuid           [ultimate] Release Bot <release@shop.io>",
    "peer: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.2/32",
    "public key: zInl3AretVAB5YDhaN5VQlyVLYpPj3F2uClI/rVlUs8=",
    "SHA256 Fingerprint=4F:1A:9C:22:7B:E0:35:D8:6C:11:A2:9B:F4:08:3E:77:C5:D1:60:2A:9E:B3:44:0F:1C:87:5D:E2:6A:93:0B:CF",
    "UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAcwOT0l1znGS1Of1xgmOkSlgYFgyWR2/ek3B6YqmJ7zs=\n-----END PUBLIC KEY-----",
    '    PNG_FIXTURE = b"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="',
    '    assert decode("SGVsbG8sIHdvcmxkIQ==") == b"Hello, world!"',
    '  "thumbprint": "A28B77520FEDD50A5992204317CA4A4FEA8E53FF",',
    "--discovery-token-ca-cert-hash sha256:619d8b401ba4a85e5f7ec0c0c096bcbef62a613b282fe596c4cac2e699e14fa3",
    "Access Key ID: AKIAIOSFODNN7EXAMPLE",
    # long identifiers and code that only handles secrets
    "class AbstractPasswordResetTokenGeneratorConfigurationFactoryBean:",
    '    42\t    password = request.form["password"]',
    "    17\t    if not check_password_hash(user.pw_hash, password):",
    "def test_refresh_token_rotation_invalidates_previous_refresh_token_family():",
    "const apiKeyHeaderName = 'X-Api-Key';",
    '    token = jwt.encode(claims, settings.SECRET_KEY, algorithm="HS256")',
    "SECRET_KEY = get_random_secret_key()",
    "    val passwordField = findViewById<EditText>(R.id.password_field)",
    "func (s *Store) RotateAPIKey(ctx context.Context, tenantID string) (string, error) {",
    '    @Value("${spring.datasource.password}") private String dbPassword;',
    '  "scripts": { "rotate-secrets": "node scripts/rotate-secrets.mjs" },',
    "ALTER ROLE app VALID UNTIL '2027-01-01';",
    "SELECT id, email, password_hash FROM users WHERE id = $1;",
    "CREATE USER reporter IDENTIFIED WITH auth_socket;",
    "GRANT SELECT ON ALL TABLES IN SCHEMA public TO analyst;",
    "CREATE LOGIN [CORP\\svc_etl] FROM WINDOWS;",
    # diffs, CI and tool output around secrets with no secret in them
    "@@ -8,3 +8,3 @@\n-      password: changeme\n+      password: ${DB_PASSWORD}",
    "-DJANGO_SUPERUSER_PASSWORD=\n+DJANGO_SUPERUSER_PASSWORD_FILE=/run/secrets/django_admin",
    "##[group]Run docker login -u ci --password-stdin registry.corp.example\n##[endgroup]",
    "  env:\n    REGISTRY_PASSWORD: ***",
    "Masking secret values: TOKEN, DB_PASSWORD",
    '{"Name": "/prod/db/password", "Type": "SecureString", "Version": 3, "LastModifiedDate": "2026-11-20T08:00:00Z"}',
    '{"name": "projects/shop/secrets/pg-app-password", "replication": {"automatic": {}}}',
    '$ az keyvault secret list --vault-name kv-shop-prod --query "[].name" -o tsv\nsql-admin\nsmtp-password',
    "$ doppler secrets --only-names\n┌──────────────┐\n│ NAME         │\n├──────────────┤\n│ DB_PASSWORD  │\n│ SMTP_API_KEY │\n└──────────────┘",
    "$ kubectl get secret grafana -n monitoring\nNAME      TYPE     DATA   AGE\ngrafana   Opaque   3      41d",
    "  -p, --password string   Password for the registry (use --password-stdin)",
    "      --api-key string     API key; defaults to $SHOP_API_KEY",
    '            "Env": [\n                "PGDATA=/var/lib/postgresql/data",\n                "POSTGRES_PASSWORD_FILE=/run/secrets/pg",',
    '            "Healthcheck": {"Test": ["CMD-SHELL", "pg_isready -U shop"], "Interval": 10000000000},',
    "$ terraform output db_admin_password\n<sensitive>",
    "$ pulumi config\nKEY         VALUE\ndbPassword  [secret]",
    "In [5]: settings.EMAIL_HOST\nOut[5]: 'smtp.sendgrid.net'",
    '>>> os.environ.get("DB_PASSWORD") is None\nTrue',
    "> process.env.NODE_ENV\n'staging'",
    '127.0.0.1:6379> CONFIG GET maxmemory-policy\n1) "maxmemory-policy"\n2) "allkeys-lru"',
    "irb(main):002> Rails.application.credentials.config.keys\n=> [:secret_key_base, :smtp, :aws]",
    "iex(2)> Application.get_env(:shop, Shop.Mailer)[:adapter]\nSwoosh.Adapters.SMTP",
    'scala> sys.env.contains("SCHEMA_REGISTRY_PASSWORD")\nval res2: Boolean = true',
    # long-tail ecosystems, ordinary lines
    "[ServerSettings]\nMaxPlayers=70\nDifficultyOffset=1.0",
    'sv_password ""',
    "server-port=25565\nonline-mode=true",
    "wifi:\n  ssid: !secret garage_ssid\n  password: !secret garage_wifi_password",
    "mqtt:\n  broker: !secret mqtt_host\n  username: !secret mqtt_user",
    "listener 1883\nallow_anonymous false\npassword_file /mosquitto/config/passwd",
    "[6001]\ntype=aor\nmax_contacts=1",
    "[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPostUp = wg set %i private-key /etc/wireguard/privatekey",
    '    "storePassword": "${{ secrets.ANDROID_STORE_PASSWORD }}",',
    "MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}",
    "      type: postgres\n      host: warehouse.internal\n      user: dbt_ci\n      pass: \"{{ env_var('DBT_PASS') }}\"",
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${KAFKA_USER}" password="${KAFKA_PASS}";',
    '[[outputs.influxdb_v2]]\n  token = "$INFLUX_TOKEN"',
    "Environment=INFLUX_TOKEN_FILE=/etc/telegraf/token",
    "$ ipmitool -I lanplus -H 10.0.0.50 -U ADMIN -E chassis power status\nChassis Power is on",
    "$ wg show wg0 private-key\n(none)",
    "$ consul members\nNode    Address          Status  Type    Build   Protocol  DC\nc1      10.0.0.21:8301   alive   server  1.19.2  2         dc1",
    "$ docker swarm join-token worker --rotate\nSuccessfully rotated worker join token.",
    "$ vault status -format=json | jq .sealed\nfalse",
    '$ az storage account keys renew -g rg-shop -n stshopprod --key primary --query "[0].keyName" -o tsv\nkey1',
    "$ mc alias list local\nlocal\n  URL       : https://minio.lan:9000\n  AccessKey : admin\n  SecretKey : REDACTED",
    "shop=# SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname = 'app';\n rolname | rolcanlogin\n app     | t",
    "mysql> SELECT user, plugin FROM mysql.user WHERE user = 'legacy';\n| legacy | caching_sha2_password |",
    "deploy:!:19850:0:99999:7:::",
    "nobody:*:19700:0:99999:7:::",
    "pi:x:1000:1000:,,,:/home/pi:/bin/bash",
    "     1\t# metrics:<apr1 hash from `htpasswd -n metrics`>",
)
