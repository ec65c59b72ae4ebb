"""Held-out redaction set 32 for `redact_unseen.py`: secrets in the positions and printed forms
the redaction issue describes, drawn toward what reaches the model through an agent's tools
(files read with the Read tool's line numbers, diffs, command output, CI logs, JSON tool
results with escaped strings, REPL answers), with about a third from less common ecosystems.

`POSITIONS_HELD32` are templates with `{v}` (a password a person chose), `{k}` (a random key
with no prefix) or `{b}` (the base64 of `bob:password`). `PRINTED_HELD32` are
`(name, template, value_of)`: the template prints `{v}` (and maybe a second draw `{w}`) and
`value_of` draws a value of the shape the command prints. `BENIGN_HELD32` are ordinary lines
from the same contexts that must come back unchanged.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

_AN = string.ascii_letters + string.digits
_LOWER_AN = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"
_CRYPT = _AN + "./"
_URLSAFE = _AN + "-_"


def _draw(rng: random.Random, n: int, alphabet: str = _AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _base64(rng: random.Random, n: int) -> str:
    return _draw(rng, n, _AN + "+/")


def _uuid(rng: random.Random) -> str:
    h = _draw(rng, 32, _HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def _jwt(rng: random.Random) -> str:
    return "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + _draw(rng, 120, _URLSAFE) + "." + _draw(rng, 86, _URLSAFE)


POSITIONS_HELD32 = (
    # env files, shells and service units, as read or run
    "     4\tREDIS_PASSWORD={v}\n     5\tREDIS_DB=0",
    "     1\tAPP_ENV=production\n     2\tMAIL_MAILER=smtp\n     3\tMAIL_USERNAME=noreply@acme.io\n     4\tMAIL_PASSWORD={v}",
    "set -gx MAILGUN_SMTP_PASSWORD '{v}'",
    "$env:SQLCMDPASSWORD = '{v}'; sqlcmd -S tcp:db01,1433 -U sa -Q \"SELECT 1\"",
    "C:\\src\\erp> set ORACLE_PWD={v}",
    'Environment="KEYCLOAK_ADMIN_PASSWORD={v}"',
    '    12\texport NEXUS_PASSWORD="{v}"',
    "setenv LDAP_BIND_PW {v}",
    '$env.ARTIFACTORY_PASSWORD = "{v}"',
    "     2\tRESTIC_REPOSITORY=s3:s3.eu-central-1.wasabisys.com/acme-backups\n     3\tRESTIC_PASSWORD={v}",
    "export BORG_PASSPHRASE='{v}'",
    "+ENV RABBITMQ_DEFAULT_PASS={v}",
    "$ docker run -d -e MSSQL_SA_PASSWORD='{v}' -e ACCEPT_EULA=Y -p 1433:1433 mcr.microsoft.com/mssql/server:2022-latest",
    "$ FASTLANE_PASSWORD='{v}' bundle exec fastlane ios beta",
    "     7\tMB_DB_PASS={v}",
    # YAML
    "    18\t  datasource:\n    19\t    url: jdbc:postgresql://db:5432/orders\n    20\t    username: orders\n    21\t    password: {v}",
    "+      MINIO_ROOT_PASSWORD: {v}",
    '     9\tansible_become_password: "{v}"',
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n  smtp-password: {v}",
    "     3\tmqtt_password: {v}\n     4\tlatitude_home: 59.91",
    '      access-points:\n        "Office-5G":\n          password: "{v}"',
    "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: {v}",
    "    12\tauth:\n    13\t  rootPassword: {v}\n    14\t  replicaSetKey: rs0",
    "    datasources:\n      - name: Loki\n        basicAuth: true\n        basicAuthUser: grafana\n"
    "        secureJsonData:\n          basicAuthPassword: {v}",
    'wifi:\n  ssid: "Shed"\n  password: "{v}"',
    "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://localhost:1883\n  user: z2m\n  password: {v}",
    '    dev:\n      type: snowflake\n      account: ab12345.eu-west-1\n      user: DBT_SVC\n      password: "{v}"',
    "chpasswd:\n  list: |\n    ubuntu:{v}\n  expire: false",
    # JSON, and JSON escaped inside tool results
    '     7\t  "Smtp": {{\n     8\t    "Host": "smtp.office365.com",\n     9\t    "Password": "{v}"\n    10\t  }}',
    '"sqltools.connections": [{{ "driver": "MySQL", "server": "localhost", "username": "root", "password": "{v}" }}]',
    '{{"stdout": "DB_HOST=db\\nDB_PASS={v}\\nDB_PORT=5432\\n", "stderr": "", "exit_code": 0}}',
    '{{"type": "tool_result", "content": "{{\\"user\\": \\"svc_etl\\", \\"password\\": \\"{v}\\"}}"}}',
    '{{"tool_use_id": "toolu_01AbC", "content": "    3\\tPOSTGRES_PASSWORD={v}\\n    4\\tPOSTGRES_DB=app\\n"}}',
    '  "scripts": {{\n    "db:seed": "PGPASSWORD={v} psql -h localhost -U app -f seed.sql"\n  }},',
    'db.createUser({{user: "reporting", pwd: "{v}", roles: [{{role: "read", db: "sales"}}]}})',
    '            "Env": [\n                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n'
    '                "MARIADB_ROOT_PASSWORD={v}",\n                "MARIADB_DATABASE=wordpress"\n            ],',
    # TOML, INI, properties
    '    11\t[database]\n    12\tuser = "app"\n    13\tpassword = "{v}"',
    '[[outputs.influxdb]]\n  urls = ["http://influx:8086"]\n  database = "telegraf"\n  username = "telegraf"\n  password = "{v}"',
    '[context.production.environment]\n  ADMIN_PASSWORD = "{v}"',
    "[MSSQL]\nDriver=ODBC Driver 18 for SQL Server\nServer=db01\nUID=report\nPWD={v}",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\npassword={v}",
    '"app" "{v}"\n"stats" "md5c3b1f09ac1b1e0a7d9e0b1c1a1e5f3d2"',
    "[ftpbox]\ntype = ftp\nhost = ftp.acme.io\nuser = ops\npass = {v}",
    "[options]\naddons_path = /opt/odoo/addons\nadmin_passwd = {v}\ndb_host = db",
    "[6001]\ntype=auth\nauth_type=userpass\nusername=6001\npassword={v}",
    "interface=wlan0\nssid=HomeLab\nwpa=2\nwpa_passphrase={v}",
    "    22\tspring.mail.password={v}",
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="svc-orders" '
    'password="{v}";',
    "signing.keyId=24875D73\nsigning.password={v}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
    "flyway.url=jdbc:postgresql://localhost:5432/app\nflyway.user=app\nflyway.password={v}",
    "storeFile=release.jks\nstorePassword={v}\nkeyAlias=upload",
    "     8\trcon.port=25575\n     9\trcon.password={v}",
    'keystore/release_user="upload"\nkeystore/release_password="{v}"',
    # XML
    "<server>\n  <id>nexus-releases</id>\n  <username>deploy</username>\n  <password>{v}</password>\n</server>",
    '<packageSourceCredentials>\n  <acme>\n    <add key="Username" value="ci" />\n'
    '    <add key="ClearTextPassword" value="{v}" />\n  </acme>\n</packageSourceCredentials>',
    '    <add key="SmtpPassword" value="{v}" />',
    '<property name="hibernate.connection.password">{v}</property>',
    '<Resource name="jdbc/App" auth="Container" type="javax.sql.DataSource" username="app" password="{v}" '
    'url="jdbc:mysql://db:3306/app"/>',
    "<AdministratorPassword>\n  <Value>{v}</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>",
    # HCL and other infra configs
    '+  administrator_login_password = "{v}"',
    'provider "proxmox" {{\n  pm_api_url  = "https://pve01:8006/api2/json"\n  pm_user     = "terraform@pve"\n'
    '  pm_password = "{v}"\n}}',
    '  communicator   = "winrm"\n  winrm_username = "Administrator"\n  winrm_password = "{v}"',
    'authorization {{\n  user: orders\n  password: "{v}"\n}}',
    'slick.dbs.default.db.password = "{v}"',
    "rootpw --plaintext {v}",
    "/user add name=backup group=read password={v}",
    "username admin privilege 15 secret 0 {v}",
    'rcon_password "{v}"',
    # code
    'conn = pymssql.connect(server="db01", user="sa", password="{v}", database="erp")',
    '\tcfg := mysql.Config{{User: "app", Passwd: "{v}", Net: "tcp", Addr: "db:3306", DBName: "app"}}',
    '    ds.setPassword("{v}");',
    '    Credentials = new NetworkCredential("noreply@acme.io", "{v}"),',
    "  config.action_mailer.smtp_settings = {{ address: 'smtp.zoho.eu', user_name: 'ops', password: '{v}' }}",
    "$pdo = new PDO('pgsql:host=db;dbname=shop', 'shop', '{v}');",
    'private const val KEYSTORE_PASSWORD = "{v}"',
    'let credential = URLCredential(user: "admin", password: "{v}", persistence: .forSession)',
    'config :my_app, MyApp.Repo, username: "postgres", password: "{v}", hostname: "localhost"',
    "final conn = PostgreSQLConnection('db', 5432, 'app', username: 'app', password: '{v}');",
    'local ok, err = red:auth("{v}")',
    'my $dbh = DBI->connect("DBI:mysql:database=inv;host=db", "inv", "{v}", {{ RaiseError => 1 }});',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", host = "dw.acme.io", user = "analyst", password = "{v}")',
    '#define WIFI_SSID "Greenhouse"\n#define WIFI_PASS "{v}"',
    'static const char *mqtt_pass = "{v}";',
    "const transporter = nodemailer.createTransport({{ host: 'smtp.zoho.eu', port: 465, "
    "auth: {{ user: 'ops@acme.io', pass: '{v}' }} }});",
    "define( 'DB_PASSWORD', '{v}' );",
    "    13\t        'USER': 'shop',\n    14\t        'PASSWORD': '{v}',\n    15\t        'HOST': 'db',",
    "    sh \"sshpass -p '{v}' scp build.tar ops@10.0.3.4:/srv/releases\"",
    'resp = requests.get(url, auth=("admin", "{v}"), timeout=10)',
    'es = Elasticsearch("https://es01:9200", basic_auth=("elastic", "{v}"), verify_certs=False)',
    "await page.authenticate({{ username: 'qa', password: '{v}' }});",
    ">>> db = MySQLdb.connect(host='db', user='root', passwd='{v}', db='legacy')",
    "E       AssertionError: login failed for user 'qa' with password '{v}'",
    # SQL
    "CREATE ROLE grafana_reader WITH LOGIN PASSWORD '{v}';",
    "ALTER LOGIN sa WITH PASSWORD = '{v}';",
    "CREATE USER 'exporter'@'localhost' IDENTIFIED BY '{v}' WITH MAX_USER_CONNECTIONS 3;",
    "SQL> ALTER USER hr IDENTIFIED BY {v} ACCOUNT UNLOCK;",
    "CREATE USER etl IDENTIFIED WITH sha256_password BY '{v}';",
    "alter user dbt_svc set password = '{v}';",
    "cqlsh> CREATE ROLE app WITH PASSWORD = '{v}' AND LOGIN = true;",
    "neo4j@system> ALTER USER reader SET PASSWORD '{v}' CHANGE NOT REQUIRED;",
    # CLI flags and positional arguments
    "$ redis-cli -h cache.internal -a '{v}' --no-auth-warning INFO keyspace",
    "$ mongosh \"mongodb://db1:27017/admin\" -u root -p '{v}' --eval 'db.stats()'",
    "$ influx setup --username admin --password {v} --org acme --bucket metrics --force",
    "$ rabbitmqctl add_user metrics {v}",
    "$ htpasswd -b -c /etc/nginx/.htpasswd admin {v}",
    "$ sqlcmd -S localhost -U sa -P '{v}' -Q 'SELECT @@VERSION'",
    "$ helm registry login harbor.acme.io --username robot --password {v}",
    "$ curl -u deploy:{v} -T app.war https://nexus.acme.io/repository/releases/app.war",
    "$ wget --user=ftp --password='{v}' ftp://files.acme.io/dump.sql.gz",
    "$ kcadm.sh config credentials --server http://localhost:8080 --realm master --user admin --password {v}",
    "$ openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:{v}",
    "$ keytool -importcert -alias ca -file ca.crt -keystore truststore.jks -storepass {v} -noprompt",
    "$ zip -P {v} -r backup.zip exports/",
    "$ mysqladmin -u root password '{v}'",
    '$ hdbsql -n hana01:30015 -u SYSTEM -p {v} "SELECT * FROM M_DATABASE"',
    "C:\\> net user backupsvc {v} /add",
    "PS> Set-LocalUser -Name svc -Password (ConvertTo-SecureString '{v}' -AsPlainText -Force)",
    '$ dotnet user-secrets set "Smtp:Password" "{v}"',
    "$ fly secrets set SMTP_PASSWORD={v} -a acme-mailer",
    "$ gh secret set DB_PASSWORD --body '{v}'",
    "$ kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='{v}'",
    "$ airflow connections add pg_dw --conn-type postgres --conn-host dw --conn-login etl --conn-password '{v}'",
    "$ artemis create /var/lib/broker --user admin --password {v} --require-login",
    "$ snmpwalk -v3 -l authPriv -u monitor -a SHA -A {v} -x AES -X {v} 10.0.0.1",
    '$ ./valheim_server.x86_64 -name "Vikings" -port 2456 -world "Midgard" -password "{v}" -public 0',
    "2024-06-02T09:14:07.5512Z + mvn deploy -Drepo.username=ci -Drepo.password={v} -DskipTests",
    # connection strings and URLs
    "     6\tCELERY_BROKER_URL=amqp://celery:{v}@rabbit:5672//",
    "Server=tcp:acme.database.windows.net,1433;Initial Catalog=shop;User ID=shop;Password={v};Encrypt=True;",
    "     3\tNATS_URL=nats://orders:{v}@nats.internal:4222",
    'DATABASE_URL="sqlserver://db:1433;database=app;user=sa;password={v};trustServerCertificate=true"',
    "jdbc:oracle:thin:scott/{v}@//ora01:1521/ORCLPDB1",
    "$ lftp ftp://backup:{v}@192.168.10.5/nightly/",
    "[2024-05-01 10:02:11] INFO  Connecting to mongodb+srv://app:{v}@cluster0.x1y2z.mongodb.net/prod?retryWrites=true",
    "[global]\nindex-url = https://ci:{v}@pypi.acme.io/simple/",
    # random keys with no prefix in secret positions
    "client.run('{k}')",
    "$ curl -sS -H 'Authorization: Bearer {k}' https://api.internal.acme.io/v2/orders",
    "$ http GET :8000/api/items X-Api-Key:{k}",
    "fetch(`${{API}}/v1/search`, {{ headers: {{ 'x-api-key': '{k}' }} }})",
    '        .header("Authorization", "Token {k}")',
    "     8\tWEBHOOK_SECRET={k}",
    '  -H "X-Auth-Token: {k}" \\',
    'requests.post(url, headers={{"X-API-KEY": "{k}"}}, json=payload)',
    "const pusher = new Pusher({{ appId: '1634', key: 'a1b2c3d4e5', secret: '{k}', cluster: 'eu' }});",
    'client = Client(account_sid, "{k}")',
    "GET https://api.nal.usda.gov/fdc/v1/foods/search?api_key={k}&query=apple 200 OK",
    "$ curl 'https://api.trello.com/1/members/me/boards?key=0f1e2d3c4b5a69788796a5b4c3d2e1f0&token={k}'",
    "wss://stream.acme.io/feed?access_token={k}",
    'c.ServerApp.token = "{k}"',
    '[registries.acme]\ntoken = "{k}"',
    "$ git clone https://oauth2:{k}@gitlab.acme.io/group/app.git",
    'const mg = mailgun.client({{ username: "api", key: "{k}" }});',
    "[ERROR] POST https://hooks.acme.io/ingest?apikey={k} -> 503 Service Unavailable",
    # basic credentials in base64
    '$ curl -H "Authorization: Basic {b}" https://registry.acme.io/v2/_catalog',
    '     5\t{{"auths": {{"ghcr.io": {{"auth": "{b}"}}}}}}',
    "//npm.acme.io/:_auth={b}",
    '    proxy_set_header Authorization "Basic {b}";',
    "DEBUG urllib3: headers={{'Authorization': 'Basic {b}', 'Accept': '*/*'}}",
)


def _azure_storage_key(rng: random.Random) -> str:
    return _base64(rng, 76) + "+ASt" + _base64(rng, 6) + "=="


def _bcrypt(rng: random.Random) -> str:
    return "$2y$10$" + _draw(rng, 53, _CRYPT)


PRINTED_HELD32: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores: the value alone on its line
    ("op-read", "$ op read 'op://Infra/pg-prod/password'\n{v}", lambda g: _draw(g, 24, _AN + "-")),
    ("bw-get-password", "$ bw get password 'smtp relay'\n{v}", lambda g: _draw(g, 18, _AN + "!@#$")),
    (
        "pass-show-multiline",
        "$ pass show infra/routers/edge01\n{v}\nuser: admin\nurl: https://10.0.0.1",
        lambda g: _draw(g, 20, _AN + "%&"),
    ),
    (
        "secretsmanager-text",
        "$ aws secretsmanager get-secret-value --secret-id prod/orders/webhook --query SecretString --output text\n{v}",
        lambda g: _draw(g, 32),
    ),
    (
        "gcloud-secret-access",
        "$ gcloud secrets versions access latest --secret=smtp-relay\n{v}",
        lambda g: _draw(g, 26),
    ),
    (
        "keyvault-secret-tsv",
        "$ az keyvault secret show --vault-name kv-acme-prod --name sql-admin --query value -o tsv\n{v}",
        lambda g: _draw(g, 22, _AN + "!?"),
    ),
    (
        "kubectl-jsonpath-b64d",
        "$ kubectl get secret grafana -n monitoring -o jsonpath='{{.data.admin-password}}' | base64 -d\n{v}",
        lambda g: _draw(g, 40),
    ),
    ("doppler-plain", "$ doppler secrets get SMTP_PASS --plain\n{v}", lambda g: _draw(g, 20, _AN + "_")),
    (
        "sops-extract",
        '$ sops -d --extract \'["db"]["password"]\' secrets.enc.yaml\n{v}',
        lambda g: _draw(g, 16, _AN + "#"),
    ),
    ("age-decrypt", "$ age -d -i ~/.config/age/key.txt db.pass.age\n{v}", lambda g: _draw(g, 28)),
    ("keychain-w", "$ security find-generic-password -s 'acme-vpn' -a bob -w\n{v}", lambda g: _draw(g, 14, _AN + "!")),
    ("docker-secret-cat", "$ cat /run/secrets/db_password\n{v}", lambda g: _draw(g, 30)),
    ("kubectl-printenv", "$ kubectl exec deploy/api -- printenv REDIS_PASSWORD\n{v}", lambda g: _draw(g, 32, _HEX)),
    (
        "etcdctl-value-only",
        "$ etcdctl get /config/payments/api_secret --print-value-only\n{v}",
        lambda g: _draw(g, 40, _URLSAFE),
    ),
    ("consul-kv-get", "$ consul kv get service/billing/signing_secret\n{v}", lambda g: _draw(g, 48, _HEX)),
    ("ps-get-secret", "PS> Get-Secret -Name SqlAdmin -AsPlainText\n{v}", lambda g: _draw(g, 16, _AN + "$%")),
    (
        "laps-password",
        "PS> (Get-LAPSADPassword -Identity WS-042 -AsPlainText).Password\n{v}",
        lambda g: _draw(g, 20, _AN + "{}[]#&"),
    ),
    (
        "nmcli-psk",
        "$ nmcli -s -g 802-11-wireless-security.psk connection show Office\n{v}",
        lambda g: _draw(g, 14, _AN + "!"),
    ),
    (
        "netsh-key-content",
        'PS> netsh wlan show profile name="Office" key=clear | findstr Key\n    Key Content            : {v}',
        lambda g: _draw(g, 12),
    ),
    ("factorio-rconpw", "$ cat /opt/factorio/config/rconpw\n{v}", lambda g: _draw(g, 15, _LOWER_AN)),
    ("pgpass-printed", "postgres=# \\! cat ~/.pgpass\ndb.acme.io:5432:*:app:{v}", lambda g: _draw(g, 20, _AN + "!")),
    # Azure identifiable keys printed by the CLI
    (
        "az-storage-keys",
        "$ az storage account keys list -g rg-data -n acmedata --query '[0].value' -o tsv\n{v}",
        _azure_storage_key,
    ),
    (
        "az-cosmos-keys",
        "$ az cosmosdb keys list -n acme-cosmos -g rg-data --query primaryMasterKey -o tsv\n{v}",
        lambda g: _base64(g, 76) + "ACDb" + _base64(g, 6) + "==",
    ),
    (
        "az-servicebus-key",
        "$ az servicebus namespace authorization-rule keys list -g rg-msg --namespace-name acme-bus "
        "--name RootManageSharedAccessKey --query primaryKey -o tsv\n{v}",
        lambda g: _base64(g, 33) + "+ASb" + _base64(g, 6) + "=",
    ),
    (
        "az-function-key",
        "$ az functionapp keys list -g rg-fn -n acme-fn --query functionKeys.default -o tsv\n{v}",
        lambda g: _draw(g, 44, _URLSAFE) + "AzFu" + _draw(g, 5, _URLSAFE) + "A==",
    ),
    (
        "az-cognitive-key",
        "$ az cognitiveservices account keys list -g rg-ai -n acme-lang --query key1 -o tsv\n{v}",
        lambda g: _draw(g, 52) + "JQQJ99BFACOG" + _draw(g, 20),
    ),
    # vault-style init, bootstrap and join tokens
    (
        "openbao-init",
        "$ bao operator init -key-shares=3 -key-threshold=2\nUnseal Key 1: {v}\nUnseal Key 2: {w}\n\n"
        "Vault initialized with 3 key shares and a key threshold of 2.",
        lambda g: _base64(g, 43) + "=",
    ),
    (
        "kubeadm-join",
        "$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.10:6443 --token {v} "
        "--discovery-token-ca-cert-hash sha256:6f1c0e2d9b8a7f6e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918070ff",
        lambda g: _draw(g, 6, _LOWER_AN) + "." + _draw(g, 16, _LOWER_AN),
    ),
    (
        "swarm-join-token",
        "$ docker swarm join-token -q worker\n{v}",
        lambda g: "SWMTKN-1-" + _draw(g, 50, _LOWER_AN) + "-" + _draw(g, 25, _LOWER_AN),
    ),
    (
        "microk8s-add-node",
        "$ microk8s add-node\nFrom the node you wish to join to this cluster, run the following:\n"
        "microk8s join 10.0.0.5:25000/{v}/3a9c1f2e7b4d",
        lambda g: _draw(g, 32, _HEX),
    ),
    (
        "headscale-preauthkey",
        "$ headscale preauthkeys create --user ops --expiration 24h\n{v}",
        lambda g: _draw(g, 48, _HEX),
    ),
    (
        "nomad-acl-bootstrap",
        "$ nomad acl bootstrap\nAccessor ID  = 1f6d2c9e-0b7a-4c1d-9e8f-3a2b1c0d9e8f\nSecret ID    = {v}\n"
        "Name         = Bootstrap Token\nType         = management",
        _uuid,
    ),
    (
        "teamspeak-privilege-key",
        "      ServerAdmin privilege key created, please use it to gain\n      serveradmin rights for your "
        "virtualserver. please\n      also check the doc/privilegekey_guide.txt for details.\n\n       token={v}",
        lambda g: _draw(g, 40, _AN + "+"),
    ),
    # first-run admin passwords in a container's log
    ("nexus-admin-password", "$ docker exec nexus cat /nexus-data/admin.password\n{v}", _uuid),
    (
        "argocd-initial-password",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login. "
        "We strongly recommend you update the password using `argocd account update-password`.",
        lambda g: _draw(g, 16, _AN + "-"),
    ),
    (
        "elasticsearch-first-start",
        "✅ Elasticsearch security features have been automatically configured!\n\n"
        "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {v}\n",
        lambda g: _draw(g, 20, _AN + "_-=*+"),
    ),
    (
        "mysql-generated-root",
        "$ docker logs mysql8 2>&1 | grep GENERATED\n"
        "2024-05-03 10:11:12+00:00 [Note] [Entrypoint] GENERATED ROOT PASSWORD: {v}",
        lambda g: _draw(g, 32, _AN + ".:<>"),
    ),
    (
        "rancher-bootstrap",
        '$ docker logs rancher 2>&1 | grep "Bootstrap Password:"\n2024/05/03 10:12:13 [INFO] Bootstrap Password: {v}',
        lambda g: _draw(g, 54, _LOWER_AN),
    ),
    (
        "airflow-standalone",
        "standalone | Airflow is ready\nstandalone | Login with username: admin  password: {v}\n"
        "standalone | Airflow Standalone is for development purposes only. Do not use this in production!",
        lambda g: _draw(g, 16),
    ),
    (
        "wazuh-summary",
        "INFO: --- Summary ---\nINFO: You can access the web interface https://<wazuh-dashboard-ip>:443\n"
        "    User: admin\n    Password: {v}\nINFO: Installation finished.",
        lambda g: _draw(g, 32, _AN + "*?+."),
    ),
    (
        "pihole-install",
        "  [i] Web Interface password: {v}\n  [i] This can be changed using 'pihole -a -p'",
        lambda g: _draw(g, 8),
    ),
    (
        "jupyter-url-token",
        "    Or copy and paste one of these URLs:\n        http://127.0.0.1:8888/lab?token={v}",
        lambda g: _draw(g, 48, _HEX),
    ),
    # CLI display and create output
    (
        "az-access-token",
        "$ az account get-access-token --resource https://database.windows.net --query accessToken -o tsv\n{v}",
        _jwt,
    ),
    (
        "ecr-login-password",
        "$ aws ecr get-login-password --region eu-west-1\n{v}",
        lambda g: "eyJwYXlsb2FkIjoi" + _draw(g, 400, _AN + "+/") + "==",
    ),
    ("k8s-create-token", "$ kubectl -n kubernetes-dashboard create token admin-user\n{v}", _jwt),
    (
        "openstack-token-issue",
        "$ openstack token issue -f value -c id\n{v}",
        lambda g: "gAAAAA" + _draw(g, 180, _URLSAFE),
    ),
    (
        "gitea-random-password",
        "$ gitea admin user create --username ci --email ci@acme.io --random-password\n"
        "generated random password is '{v}'\nNew user 'ci' has been successfully created!",
        lambda g: _draw(g, 20),
    ),
    (
        "gitea-access-token",
        "$ gitea admin user generate-access-token --username ci --scopes write:repository\n"
        "Access token was successfully created: {v}",
        lambda g: _draw(g, 40, _HEX),
    ),
    (
        "wp-cli-user-create",
        "$ wp user create editor ed@acme.io --role=editor\nSuccess: Created user 3.\nPassword: {v}",
        lambda g: _draw(g, 24, _AN + "!@#$%^&*()"),
    ),
    ("artisan-key-show", "$ php artisan key:generate --show\nbase64:{v}", lambda g: _base64(g, 43) + "="),
    ("rails-secret", "$ bin/rails secret\n{v}", lambda g: _draw(g, 128, _HEX)),
    (
        "python-token-urlsafe",
        "$ python3 -c 'import secrets; print(secrets.token_urlsafe(32))'\n{v}",
        lambda g: _draw(g, 43, _URLSAFE),
    ),
    ("openssl-rand", "$ openssl rand -base64 32\n{v}", lambda g: _base64(g, 43) + "="),
    ("pwgen", "$ pwgen -s 20 1\n{v}", lambda g: _draw(g, 20)),
    ("keepassxc-generate", "$ keepassxc-cli generate -L 24 -lUns\n{v}", lambda g: _draw(g, 24, _AN + "~!@%^&*-_")),
    (
        "terraform-output-raw",
        "#!/bin/bash -eo pipefail\nterraform output -raw db_admin_password\n{v}",
        lambda g: _draw(g, 24),
    ),
    ("pulumi-show-secrets", "$ pulumi stack output dbPassword --show-secrets\n{v}", lambda g: _draw(g, 20, _AN + "!-")),
    (
        "firebase-login-ci",
        "$ firebase login:ci\n✔  Success! Use this token to login on a CI server:\n\n{v}\n\n"
        'Example: firebase deploy --token "$FIREBASE_TOKEN"',
        lambda g: "1//0" + _draw(g, 99, _URLSAFE),
    ),
    (
        "particle-token-create",
        "$ particle token create\n? Using account ops@acme.io\nNew access token expires on Fri Aug 02 2024\n    {v}",
        lambda g: _draw(g, 40, _HEX),
    ),
    (
        "influx-auth-create-jq",
        "$ influx auth create --all-access --json | jq -r .token\n{v}",
        lambda g: _draw(g, 86, _URLSAFE) + "==",
    ),
    (
        "jfrog-reference-token",
        "$ jf rt access-token-create --expiry 3600 | jq -r .reference_token\n{v}",
        lambda g: "cmVmdGtuOjAxOj" + _draw(g, 50),
    ),
    (
        "codeartifact-token",
        "$ aws codeartifact get-authorization-token --domain acme --query authorizationToken --output text\n{v}",
        lambda g: "eyJ2ZXIiOjEsImlzdSI6" + _draw(g, 300, _URLSAFE) + "." + _draw(g, 40, _URLSAFE),
    ),
    (
        "confluent-api-key",
        "$ confluent api-key create --resource lkc-12345\n+------------+------------------------------------------------------------------+\n"
        "| API Key    | SFBMQ4XK2NV7RDL3                                                 |\n| API Secret | {v} |",
        lambda g: _draw(g, 64, _AN + "+/"),
    ),
    ("nk-gen-user", "$ nk -gen user\n{v}", lambda g: "SU" + _draw(g, 56, string.ascii_uppercase + "234567")),
    ("wg-genkey", "$ wg genkey | tee /etc/wireguard/wg0.key\n{v}", lambda g: _base64(g, 43) + "="),
    ("syncthing-apikey", "$ syncthing cli config gui apikey get\n{v}", lambda g: _draw(g, 32)),
    (
        "radarr-apikey-grep",
        "$ grep -oP '(?<=<ApiKey>)[^<]+' ~/.config/Radarr/config.xml\n{v}",
        lambda g: _draw(g, 32, _HEX),
    ),
    # REPL answers
    (
        ">>> settings.SECRET_KEY",
        ">>> from django.conf import settings\n>>> settings.SECRET_KEY\n'{v}'",
        lambda g: _draw(g, 50, _AN + "!@#%^&*(-_=+)"),
    ),
    (
        "irb-credentials",
        'irb(main):001> Rails.application.credentials.dig(:aws, :secret_access_key)\n=> "{v}"',
        lambda g: _base64(g, 40),
    ),
    (
        "iex-mailer-password",
        'iex(1)> Application.get_env(:my_app, MyApp.Mailer)[:password]\n"{v}"',
        lambda g: _draw(g, 18, _AN + "!"),
    ),
    ("node-repl-env", "> process.env.SESSION_SECRET\n'{v}'", lambda g: _draw(g, 64, _HEX)),
    (
        "spark-shell-s3a",
        'scala> spark.conf.get("spark.hadoop.fs.s3a.secret.key")\nres3: String = {v}',
        lambda g: _base64(g, 40),
    ),
    (
        "redis-config-get",
        'redis> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"',
        lambda g: _draw(g, 24, _AN + "!"),
    ),
    # password hashes
    ("htpasswd-cat", "$ cat /etc/nginx/.htpasswd\nadmin:{v}\nops:{w}", _bcrypt),
    (
        "shadow-grep",
        "$ sudo grep deploy /etc/shadow\ndeploy:{v}:19800:0:99999:7:::",
        lambda g: "$6$" + _draw(g, 16, _CRYPT) + "$" + _draw(g, 86, _CRYPT),
    ),
    (
        "getent-shadow-yescrypt",
        "$ sudo getent shadow root\nroot:{v}:19500:0:99999:7:::",
        lambda g: "$y$j9T$" + _draw(g, 22, _CRYPT) + "$" + _draw(g, 43, _CRYPT),
    ),
    (
        "argon2-config",
        '     3\tauth:\n     4\t  admin_password_hash: "{v}"\n     5\t  session_ttl: 12h',
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _base64(g, 22) + "$" + _base64(g, 43),
    ),
    ("adguard-users", "users:\n  - name: admin\n    password: {v}\nauth_attempts: 5", _bcrypt),
    (
        "traefik-basicauth-label",
        '      - "traefik.http.middlewares.auth.basicauth.users=admin:{v}"',
        lambda g: "$$apr1$$" + _draw(g, 8, _CRYPT) + "$$" + _draw(g, 22, _CRYPT),
    ),
    (
        "pg-authid-scram",
        "postgres=# SELECT rolname, rolpassword FROM pg_authid WHERE rolname = 'app';\n rolname | rolpassword\n"
        "---------+-------------\n app     | {v}\n(1 row)",
        lambda g: "SCRAM-SHA-256$4096:" + _base64(g, 22) + "==$" + _base64(g, 43) + "=:" + _base64(g, 43) + "=",
    ),
    (
        "mysql-native-hash",
        "mysql> SELECT user, authentication_string FROM mysql.user WHERE user = 'app';\n"
        "+------+-------------------------------------------+\n| app  | {v} |",
        lambda g: "*" + _draw(g, 40, "0123456789ABCDEF"),
    ),
    (
        "django-user-password",
        ">>> User.objects.get(username='admin').password\n'{v}'",
        lambda g: "pbkdf2_sha256$600000$" + _draw(g, 22) + "$" + _base64(g, 43) + "=",
    ),
)


BENIGN_HELD32 = (
    # placeholders in password positions
    "     4\tREDIS_PASSWORD=<your-redis-password>\n     5\tREDIS_DB=0",
    "     4\tMAIL_PASSWORD=changeme",
    "set -gx MAILGUN_SMTP_PASSWORD ''",
    "$env:SQLCMDPASSWORD = $env:SA_PASSWORD",
    "C:\\src\\erp> set ORACLE_PWD=%ORACLE_PWD%",
    'Environment="KEYCLOAK_ADMIN_PASSWORD=${KC_ADMIN_PASSWORD}"',
    "EnvironmentFile=/etc/keycloak/keycloak.env",
    '    12\texport NEXUS_PASSWORD="$(pass show nexus/deploy)"',
    "setenv LDAP_BIND_PW `cat ~/.ldap_pw`",
    "     3\tRESTIC_PASSWORD_FILE=/etc/restic/password",
    "export BORG_PASSCOMMAND='pass show backup/borg'",
    "+ENV RABBITMQ_DEFAULT_PASS_FILE=/run/secrets/rabbitmq_pass",
    "$ docker run -d -e MSSQL_SA_PASSWORD -e ACCEPT_EULA=Y mcr.microsoft.com/mssql/server:2022-latest",
    "     7\tMB_DB_PASS=",
    "    21\t    password: ${DB_PASSWORD}",
    "+      MINIO_ROOT_PASSWORD: ${MINIO_ROOT_PASSWORD:?set it in .env}",
    '     9\tansible_become_password: "{{ vault_become_password }}"',
    "     3\tmqtt_password: !secret mqtt_password",
    "          POSTGRES_PASSWORD: ${{ secrets.CI_POSTGRES_PASSWORD }}",
    '    13\t  rootPassword: ""\n    14\t  existingSecret: mongodb-auth',
    "          basicAuthPassword: $__file{/etc/secrets/loki_password}",
    "  password: !secret wifi_password",
    "  password: ${MQTT_PASSWORD}",
    "      password: \"{{ env_var('SNOWFLAKE_PASSWORD') }}\"",
    '     9\t    "Password": ""',
    '     9\t    "Password": "<set in user-secrets>"',
    '{"stdout": "DB_HOST=db\\nDB_PASS=\\nDB_PORT=5432\\n", "stderr": "", "exit_code": 0}',
    '{"type": "tool_result", "content": "{\\"user\\": \\"svc_etl\\", \\"password\\": \\"${ETL_PASSWORD}\\"}"}',
    '    "db:seed": "PGPASSWORD=$DB_PASSWORD psql -h localhost -U app -f seed.sql"',
    'db.createUser({user: "reporting", pwd: passwordPrompt(), roles: [{role: "read", db: "sales"}]})',
    '                "MARIADB_ROOT_PASSWORD_FILE=/run/secrets/db_root",',
    '    13\tpassword = "xxx"',
    '  password = "$INFLUX_PASSWORD"',
    "PWD=%ODBC_PASSWORD%",
    "password=%(ENV_SUPERVISOR_PASSWORD)s",
    "pass = ",
    "admin_passwd = False",
    "wpa_passphrase=YOUR_WIFI_PASSWORD",
    "    22\tspring.mail.password=${SMTP_PASSWORD}",
    'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${KAFKA_USER}" '
    'password="${KAFKA_PASSWORD}";',
    "signing.password=",
    'storePassword=System.getenv("ANDROID_STORE_PASSWORD")',
    "     9\trcon.password=",
    "  <password>${env.NEXUS_PASSWORD}</password>",
    '    <add key="ClearTextPassword" value="%NUGET_PASSWORD%" />',
    '    <add key="SmtpPassword" value="" />',
    '<property name="hibernate.connection.password">${db.password}</property>',
    "  <Value>*SENSITIVE*DATA*DELETED*</Value>",
    "+  administrator_login_password = random_password.sql_admin.result",
    "  pm_password = var.pm_password",
    '  winrm_password = "{{ user `winrm_password` }}"',
    "slick.dbs.default.db.password = ${?DB_PASSWORD}",
    "rootpw --lock",
    'rcon_password ""',
    'conn = pymssql.connect(server="db01", user="sa", password=os.environ["MSSQL_PASSWORD"], database="erp")',
    '\tcfg := mysql.Config{User: "app", Passwd: os.Getenv("DB_PASS"), Net: "tcp", Addr: "db:3306"}',
    '    ds.setPassword(System.getenv("DB_PASSWORD"));',
    '    Credentials = new NetworkCredential(smtpUser, configuration["Smtp:Password"]),',
    "  config.action_mailer.smtp_settings = { user_name: 'ops', password: Rails.application.credentials.smtp_password }",
    "$pdo = new PDO($dsn, getenv('DB_USER'), getenv('DB_PASS'));",
    'private const val KEYSTORE_PASSWORD_ENV = "KEYSTORE_PASSWORD"',
    'config :my_app, MyApp.Repo, username: "postgres", password: System.fetch_env!("DB_PASSWORD")',
    'local ok, err = red:auth(os.getenv("REDIS_PASSWORD"))',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", user = "analyst", password = Sys.getenv("DW_PASSWORD"))',
    '#define WIFI_PASS ""   // fill in before flashing',
    "static const char *mqtt_pass = CONFIG_MQTT_PASSWORD;",
    "define( 'DB_PASSWORD', 'password_here' );",
    "    14\t        'PASSWORD': env('DATABASE_PASSWORD'),",
    "    withCredentials([usernamePassword(credentialsId: 'deploy-ssh', passwordVariable: 'PASS', usernameVariable: 'USER')]) {",
    "resp = requests.get(url, auth=(user, password), timeout=10)",
    'es = Elasticsearch("https://es01:9200", basic_auth=("elastic", os.environ["ELASTIC_PASSWORD"]))',
    "await page.authenticate({ username: process.env.QA_USER, password: process.env.QA_PASS });",
    "E       AssertionError: login failed for user 'qa' with password '<redacted>'",
    "CREATE ROLE grafana_reader WITH LOGIN PASSWORD NULL;",
    "ALTER LOGIN sa WITH PASSWORD = N'$(SA_PASSWORD)';",
    "CREATE USER 'exporter'@'localhost' IDENTIFIED WITH auth_socket;",
    "alter user dbt_svc set rsa_public_key_fp = 'SHA256:Xb1mG4q0cE2Jm8p9vY7uT6rS5qP4oN3mL2kJ1iH0gF8=';",
    "$ redis-cli -h cache.internal --askpass INFO keyspace",
    "$ mongosh \"mongodb://db1:27017/admin\" -u root -p --eval 'db.stats()'",
    '$ influx setup --username admin --password "$INFLUX_ADMIN_PASSWORD" --org acme --bucket metrics --force',
    "$ htpasswd -B -c /etc/nginx/.htpasswd admin",
    "$ sqlcmd -S localhost -U sa -P \"$SA_PASSWORD\" -Q 'SELECT @@VERSION'",
    '$ echo "$HARBOR_ROBOT_SECRET" | helm registry login harbor.acme.io --username robot --password-stdin',
    '$ curl -u "deploy:${NEXUS_PASSWORD}" -T app.war https://nexus.acme.io/repository/releases/app.war',
    "$ openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
    "$ keytool -list -keystore truststore.jks -storepass:file .storepass",
    "C:\\> net user backupsvc * /add",
    "$ gh secret set DB_PASSWORD < db_password.txt",
    "$ kubectl create secret generic db-creds --from-file=password=./db_password.txt",
    '$ airflow connections add pg_dw --conn-uri "$DW_CONN_URI"',
    "$ fly secrets list -a acme-mailer\nNAME          \tDIGEST          \tCREATED AT\nSMTP_PASSWORD \t3f2a9c1b7d4e6f80\t2m ago",
    "2024-06-02T09:14:07.5512Z + mvn deploy -Drepo.username=ci -Drepo.password=*** -DskipTests",
    "     6\tCELERY_BROKER_URL=amqp://celery:${RABBITMQ_PASSWORD}@rabbit:5672//",
    "Server=tcp:acme.database.windows.net,1433;Initial Catalog=shop;Authentication=Active Directory Default;",
    "     3\tNATS_URL=nats://nats.internal:4222",
    "jdbc:oracle:thin:@//ora01:1521/ORCLPDB1",
    "[2024-05-01 10:02:11] INFO  Connecting to mongodb+srv://app:****@cluster0.x1y2z.mongodb.net/prod",
    "index-url = https://pypi.acme.io/simple/",
    "postgres://user:password@localhost:5432/dbname",
    # references and lookups
    "client.run(os.environ['DISCORD_TOKEN'])",
    '$ curl -sS -H "Authorization: Bearer $(gcloud auth print-identity-token)" https://api.internal.acme.io/v2/orders',
    "$ http GET :8000/api/items X-Api-Key:$API_KEY",
    "fetch(`${API}/v1/search`, { headers: { 'x-api-key': import.meta.env.VITE_SEARCH_KEY } })",
    '        .header("Authorization", "Token " + token)',
    "     8\tWEBHOOK_SECRET=${WEBHOOK_SECRET}",
    '  -H "X-Auth-Token: ${OS_TOKEN}" \\',
    'requests.post(url, headers={"X-API-KEY": settings.PARTNER_API_KEY}, json=payload)',
    "const pusher = new Pusher({ appId: process.env.PUSHER_APP_ID, key: process.env.PUSHER_KEY, secret: process.env.PUSHER_SECRET });",
    "client = Client(account_sid, auth_token)",
    "c.ServerApp.token = ''",
    '[registries.acme]\nindex = "sparse+https://cargo.acme.io/index/"',
    "$ git clone https://gitlab.acme.io/group/app.git",
    'const mg = mailgun.client({ username: "api", key: process.env.MAILGUN_API_KEY });',
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/db:password') }}\"",
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "valueFrom:\n  secretKeyRef:\n    name: db-creds\n    key: password",
    "DB_PASSWORD: op://Infra/pg-prod/password",
    "api_key = keyring.get_password('acme-api', 'ci')",
    "SMTP_PASSWORD=@Microsoft.KeyVault(SecretUri=https://kv-acme.vault.azure.net/secrets/smtp/)",
    "password: ((db_password))",
    'password = "${file("/run/secrets/db")}"',
    "$ aws secretsmanager get-secret-value --secret-id prod/orders/webhook --query SecretString --output text",
    "$ op read 'op://Infra/pg-prod/password'",
    "$ kubectl get secret grafana -n monitoring -o jsonpath='{.data.admin-password}' | base64 -d",
    "$ vault kv get -field=password kv/shop/smtp",
    # prose about headers, tokens and passwords
    "Send the token in the Authorization: Bearer header.",
    "The API expects an X-Api-Key header on every request; requests without it get 401.",
    "# Set MAIL_PASSWORD in .env before running `php artisan queue:work`.",
    'Error: authentication failed: password authentication failed for user "app"',
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
    "Warning: Using a password on the command line interface can be insecure.",
    "Enter password for new role:",
    "Password:",
    "INFO  Rotated secret 'smtp-relay' to version 7",
    "The bootstrap password is printed once in the container log; change it after the first login.",
    "remote: HTTP Basic: Access denied. The provided password or token is incorrect.",
    "fatal: Authentication failed for 'https://git.acme.io/group/app.git/'",
    "Use `az storage account keys list` to read the account key, or better, use a managed identity.",
    "401 Unauthorized: missing or invalid bearer token",
    "// the token is read from the keychain at startup; never hard-code it here",
    "- name: Rotate the API key\n  run: ./scripts/rotate-key.sh --env prod",
    "Your password must be at least 12 characters and contain a digit.",
    "[WARN] JWT expired at 2024-05-03T10:00:00Z, refreshing",
    "vault: Unseal Progress 1/3",
    "Sealed: false  Key Shares: 5  Key Threshold: 3",
    # digests, integrity strings, ids, hashes of commits
    "sha256:3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a",
    '      "integrity": "sha512-Xo8Bq3Zr6ZkV7nJ0wG1t7Vx2bHqN0oJ4X1yYp2sYQ3w5xJv8W2cQ1d4n6kJ3tZ9mG5aB7eF0hL2pR4uS6wC8g==",',
    '  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#679591c564c3bffaae8454cf0b3df370c3d6911c"',
    "pydantic-core==2.18.2 \\\n    --hash=sha256:f0f7d1f4a8e3c2b1a09f8e7d6c5b4a3928170f6e5d4c3b2a1908f7e6d5c4b3a2",
    'checksum = "a1b2c3d4e5f60718293a4b5c6d7e8f9001122334455667788990aabbccddeeff"',
    "github.com/gin-gonic/gin v1.9.1 h1:4idEAncQnU5cB7BeOkPtxjfCSye0AAm1R0RVIqJ+Jmg=",
    "commit 9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c\nAuthor: Bob <bob@acme.io>",
    "Merge: 1a2b3c4 5d6e7f8",
    '{"id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "status": "active"}',
    "RequestId: 3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "Digest: sha256:7d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
    "Status: Downloaded newer image for ghcr.io/acme/api@sha256:0f9e8d7c6b5a49382716f5e4d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a0",
    "x-amz-request-id: 4442587FB7D0A2F9",
    'ETag: "33a64df551425fcc55e4d42a148795d9f25f89d4"',
    "--discovery-token-ca-cert-hash sha256:6f1c0e2d9b8a7f6e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918070ff",
    "  spec:\n    containers:\n      - image: nginx@sha256:a3b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff",
    "cache-key: node-modules-Linux-8e1f2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6",
    "Run ID: 9012345678  Attempt: 2  SHA: 4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f",
    "Trace-Id: 0af7651916cd43dd8448eb211c80319c",
    '    "sessionId": "01HXZ3K8Q9R2T4V6W8Y0A2C4E6",',
    # base64 fixture data, public keys, fingerprints
    '    b"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="',
    '     5\tSAMPLE_PDF_B64 = "JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFIvRmlsdGVyIC9GbGF0ZURlY29kZT4+"',
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHx4Hk0eYk3pQ9r8Jm2vL7cT1sW5nB6aZ0dF3gE2hI4j bob@laptop",
    "256 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 github.com (ED25519)",
    "$ wg pubkey < /etc/wireguard/wg0.key\nxTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    'gpg: key 4AEE18F83AFDEB23: public key "GitHub (web-flow commit signing) <noreply@github.com>" imported',
    "Key fingerprint = 5C3A 2F1E 0D9B 8A76 5432 10FE DCBA 9876 5432 10FE",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8hN0zLjJ1r5nQn0tYk3bA1r9f3U2\n-----END PUBLIC KEY-----",
    "SHA1 Fingerprint=3B:7A:9C:1D:2E:4F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D",
    '    "x5t": "NjVBRjY5MDlCMUIwNzU4RTA2QzZFMDQ4QzQ2MDAyQjVDNjk1RTM2Qg",',
    '  "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZC'
    "iFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0"
    "zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCu"
    'r-kEgU8awapJzKnqDKgw",',
    "NSC_OPERATOR_PUBLIC_KEY=OD2Q5QYJ7L5ZLXE5L2R2QKX4VZ3LQG6XY4F3T2O7Z5L3WQ5XWQK4A2C7",
    # long identifiers
    "     3\tclass AbstractSingletonProxyFactoryBeanConfigurationPropertiesValidator:",
    "test_password_reset_token_is_invalidated_after_successful_password_change PASSED",
    "tests/integration/test_api_key_rotation_with_multiple_concurrent_clients.py::test_rotate_twice FAILED",
    "com.acme.payments.infrastructure.persistence.jpa.PaymentAuthorizationTokenRepositoryImpl",
    "arn:aws:iam::123456789012:role/service-role/AmazonSageMakerExecutionRoleForNotebookInstances",
    "projects/acme-prod-342118/secrets/stripe-webhook-signing-secret/versions/latest",
    "/subscriptions/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/resourceGroups/rg-data/providers/Microsoft.Storage/storageAccounts/acmedata",
    "ocid1.instance.oc1.eu-frankfurt-1.antheljsq5v4xhyaqkmn7rq2xzyoq3ya4f6w2v7pbgw5yx3b2l6c4t7dnm2a",
    "     9\t  - name: ghcr.io/acme/platform/internal-tools/secrets-rotation-controller:v2.14.0-rc.3",
    "kube-system   coredns-5d78c9869d-4xq7z   1/1   Running   0   3d",
    # settings named for a secret whose value is plainly not one
    "     5\tPASSWORD_MIN_LENGTH=12",
    "     6\tPASSWORD_HASHER=argon2id",
    "     7\tTOKEN_TTL=15m",
    "     8\tAPI_KEY_HEADER=X-Api-Key",
    "     9\tSECRET_KEY_FILE=/run/secrets/django_secret_key",
    "    10\tJWT_ALGORITHM=RS256",
    "    11\tSESSION_SECRET_ROTATION_DAYS=30",
    "  password_file: /etc/pgbouncer/userlist.txt",
    "  auth_type: scram-sha-256",
    "  token_endpoint: https://login.acme.io/oauth2/token",
    "  require_password: true",
    '  "passwordPolicy": "length(12) and digits(1) and notUsername",',
    '  "tokenExpiry": 3600,',
    '  "apiKeyRequired": false,',
    '  "secretName": "db-creds",',
    "password_encryption = scram-sha-256",
    "PasswordAuthentication no",
    "ChallengeResponseAuthentication no",
    "auth_basic_user_file /etc/nginx/.htpasswd;",
    "secret_key_base_dummy=1",
    "spring.datasource.hikari.password-refresh-interval=PT5M",
    "sasl.mechanism=SCRAM-SHA-512",
    "ssl.truststore.password.type=PKCS12",
    '<add key="PasswordFormat" value="Hashed" />',
    "<maxPasswordAge>90</maxPasswordAge>",
    'token_ttl = "1h"',
    "password_length = 24",
    "random_password.sql_admin: Creation complete after 0s [id=none]",
    "  + administrator_login_password = (sensitive value)",
    "  ~ password = (sensitive value)",
    "Outputs:\n\ndb_admin_password = <sensitive>",
    "  secret_ref: kv/data/shop/smtp",
    "api_key_env: OPENWEATHER_API_KEY",
    'keystore/release_password=""',
    "rcon.port=25575",
    "TLSPSKFile=/etc/zabbix/zabbix_agentd.psk",
    "credentials_path = ~/.config/gcloud/application_default_credentials.json",
    "Authorization header name: X-Auth-Token",
    "vault_token_renew_increment: 768h",
    "docker_secret: db_password",
    "     7\t  Password policy: 3 of 4 classes, 90-day expiry",
    "Secret ID    = <sensitive>",
    '     3\t  admin_password_hash: ""',
    "users:\n  - name: admin\n    password: $ADGUARD_ADMIN_HASH",
    "  token_reviewer_jwt_path: /var/run/secrets/kubernetes.io/serviceaccount/token",
    "  key_vault_reference: true",
    "  session_key_algorithm: aes-256-gcm",
    '     4\t    "PasswordResetTokenLifespan": "02:00:00"',
    "unix_socket_password_prompt = yes",
    "webhook_secret_header = X-Hub-Signature-256",
)
