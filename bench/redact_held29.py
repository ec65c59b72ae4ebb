"""Held-out redaction set 29 for `redact_unseen.py`: secrets an agent session meets in files it
reads, diffs, logs, test and tool output, and ordinary lines that look like them.

Written to the text of issue 24 by an engineer who changed no product code and never ran the
redaction on it; to be scored once, before its misses are read.

`POSITIONS_HELD29`: templates with `{v}` (a password a person chose), `{k}` (a random key with
no prefix) or `{b}` (the base64 of `bob:password`) in a secret's position; a literal brace is
doubled. `PRINTED_HELD29`: `(name, template, value_of)`, a command's output where `{v}` is the
secret `value_of` draws and `{w}` a second draw. `BENIGN_HELD29`: lines that must come back
unchanged (used as they are, not formatted).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

_AN = string.ascii_letters + string.digits
_B64 = _AN + "+/"
_B64URL = _AN + "-_"
_HEX = "0123456789abcdef"
_LOWER_AN = string.ascii_lowercase + string.digits
_CRYPT = _AN + "./"
_DICE = (
    "orbit", "maple", "tundra", "pickle", "lantern", "cobalt", "meadow", "quartz", "falcon", "velvet",
    "harbor", "cactus", "ember", "glacier", "nimbus", "saffron", "walnut", "pepper", "summit", "rivet",
)  # fmt: skip


def _rand(g: random.Random, n: int, alphabet: str = _AN) -> str:
    return "".join(g.choice(alphabet) for _ in range(n))


def _uuid(g: random.Random) -> str:
    return "-".join(_rand(g, n, _HEX) for n in (8, 4, 4, 4, 12))


def _words(g: random.Random, n: int, sep: str) -> str:
    return sep.join(g.choice(_DICE) for _ in range(n))


def _azure(g: random.Random, before: int, signature: str, after: int, pad: str, alphabet: str = _B64) -> str:
    """An Azure identifiable key: random characters with the service's signature at a fixed place."""
    return _rand(g, before, alphabet) + signature + _rand(g, after, alphabet) + pad


def _line(n: int, text: str) -> str:
    """A line as the Read tool shows it: the number right-aligned in six columns, then a tab."""
    return f"{n:>6}\t{text}"


POSITIONS_HELD29: tuple[str, ...] = (
    # environment files and shells
    _line(12, "KEYCLOAK_ADMIN=admin") + "\n" + _line(13, "KEYCLOAK_ADMIN_PASSWORD={v}"),
    _line(4, "DOCKER_INFLUXDB_INIT_USERNAME=ops") + "\n" + _line(5, "DOCKER_INFLUXDB_INIT_PASSWORD={v}"),
    'export WORDPRESS_DB_PASSWORD="{v}"',
    'set -gx HARBOR_ADMIN_PASSWORD "{v}"',
    'PS C:\\src\\shop> $env:NEO4J_AUTH = "neo4j/{v}"',
    "C:\\dev\\shop>set MSSQL_SA_PASSWORD={v}",
    "[Service]\nUser=minio\nEnvironment=MINIO_ROOT_USER=admin\nEnvironment=MINIO_ROOT_PASSWORD={v}",
    'Environment="NEXTCLOUD_ADMIN_PASSWORD={v}"',
    "docker run -d --name arango -e ARANGO_ROOT_PASSWORD={v} -p 8529:8529 arangodb:3.11",
    "$ podman run --rm -e RABBITMQ_DEFAULT_USER=shop -e RABBITMQ_DEFAULT_PASS='{v}' rabbitmq:3.13-management",
    "+ export SFTP_PASSWORD={v}\n+ ./upload.sh build/release.zip",
    "diff --git a/.env.example b/.env\n--- a/.env.example\n+++ b/.env\n@@ -6,2 +6,2 @@\n"
    " MAIL_USERNAME=noreply@acme.io\n-MAIL_PASSWORD=\n+MAIL_PASSWORD={v}",
    # YAML
    "spring:\n  rabbitmq:\n    host: mq.internal\n    username: orders\n    password: {v}",
    _line(18, "auth:") + "\n" + _line(19, "  rootUser: root") + "\n" + _line(20, '  rootPassword: "{v}"'),
    "mysql_root_password: '{v}'\nmysql_databases:\n  - name: shop",
    'network:\n  wifis:\n    wlan0:\n      access-points:\n        "Workshop-5G":\n          password: "{v}"',
    "mqtt_password: {v}\nlatitude_home: 59.91",
    'wifi:\n  ssid: "Greenhouse"\n  password: "{v}"\n\nota:\n  platform: esphome',
    "services:\n  mysql:\n    image: mysql:8.4\n    env:\n      MYSQL_ROOT_PASSWORD: {v}",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: redis-auth\ntype: Opaque\nstringData:\n  redis-password: {v}",
    "datasources:\n  - name: Warehouse\n    type: postgres\n    user: grafana_ro\n    secureJsonData:\n"
    "      password: '{v}'",
    "production:\n  adapter: postgresql\n  database: shop_production\n  username: shop\n  password: <%= ENV.fetch('X', '{v}') %>",
    "- name: Create replication user\n  community.postgresql.postgresql_user:\n    name: replicator\n"
    '    password: "{v}"\n    role_attr_flags: REPLICATION',
    "pipelines:\n  default:\n    - step:\n        script:\n          - export NEXUS_PASS={v}\n          - ./gradlew publish",
    "steps:\n- script: sqlcmd -S $(SqlServer) -U deploy -P {v} -i migrate.sql\n  displayName: Migrate",
    # JSON
    '{{\n  "host": "files.acme.io",\n  "protocol": "sftp",\n  "username": "deploy",\n  "password": "{v}",\n'
    '  "remotePath": "/var/www/shop"\n}}',
    '{{"http-basic": {{"repo.packagist.com": {{"username": "token", "password": "{v}"}}}}}}',
    '  "ConnectionStrings": {{\n    "Default": "Server=sql01;Database=Shop;User Id=shop;Password={v};'
    'TrustServerCertificate=True"\n  }},',
    _line(9, '    "smtp": {{')
    + "\n"
    + _line(10, '      "user": "alerts@acme.io",')
    + "\n"
    + _line(11, '      "pass": "{v}"'),
    '{{"stdout": "Loaded .env\\nexport REDIS_PASSWORD={v}\\nStarting worker\\n", "stderr": "", "exit_code": 0}}',
    '{{"type": "tool_result", "content": "{{\\"db\\": {{\\"user\\": \\"etl\\", \\"password\\": \\"{v}\\"}}}}"}}',
    '$ docker inspect -f "{{{{json .Config.Env}}}}" shop-db\n["MARIADB_USER=shop","MARIADB_PASSWORD={v}",'
    '"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]',
    '        "Env": [\n            "PGADMIN_DEFAULT_EMAIL=ops@acme.io",\n'
    '            "PGADMIN_DEFAULT_PASSWORD={v}",\n            "PYTHONPATH=/pgadmin4"\n        ],',
    # TOML, INI, properties
    '[[outputs.influxdb]]\n  urls = ["http://influx:8086"]\n  database = "metrics"\n  username = "telegraf"\n'
    '  password = "{v}"',
    '[sinks.search]\ntype = "elasticsearch"\nauth.strategy = "basic"\nauth.user = "vector"\nauth.password = "{v}"',
    "[database]\nDB_TYPE  = postgres\nHOST     = db:5432\nNAME     = gitea\nUSER     = gitea\nPASSWD   = `{v}`",
    '[mysqldump]\nuser=backup\npassword="{v}"\nsingle-transaction',
    "[ShopDSN]\nDriver=PostgreSQL Unicode\nServername=db.internal\nDatabase=shop\nUsername=report\nPassword={v}",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\npassword={v}",
    "[security]\nadmin_user = admin\nadmin_password = {v}",
    "spring.mail.host=smtp.acme.io\nspring.mail.username=noreply\nspring.mail.password={v}",
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders" '
    'password="{v}";',
    "ossrhUsername=acme-release\nossrhPassword={v}",
    "signing.keyId=24875D73\nsigning.password={v}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
    # XML
    '<property name="hibernate.connection.username">shop</property>\n'
    '<property name="hibernate.connection.password">{v}</property>',
    '<Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource" username="shop" password="{v}" '
    'url="jdbc:postgresql://db/shop"/>',
    '<bean id="ldapContext" class="org.springframework.ldap.core.support.LdapContextSource">\n'
    '  <property name="userDn" value="cn=svc-portal,ou=svc,dc=acme,dc=local"/>\n'
    '  <property name="password" value="{v}"/>',
    # HCL
    'db_admin_password = "{v}"\nregion            = "eu-central-1"',
    'source "proxmox-iso" "debian" {{\n  username     = "root@pam"\n  password     = "{v}"\n'
    '  ssh_username = "packer"\n}}',
    # code literals
    'client.connect("10.0.0.5", username="pi", password="{v}")',
    'cache = redis.Redis(host="cache", port=6379, db=0, password="{v}")',
    'auth := smtp.PlainAuth("", "alerts@acme.io", "{v}", "smtp.acme.io")',
    'Connection conn = DriverManager.getConnection("jdbc:oracle:thin:@db:1521/ORCLPDB1", "hr", "{v}");',
    'var factory = new ConnectionFactory {{ HostName = "mq", UserName = "orders", Password = "{v}" }};',
    'const pool = new Pool({{ user: "shop", host: "db", database: "shop", password: "{v}", port: 5432 }});',
    'const transport = nodemailer.createTransport({{ host: "smtp.acme.io", port: 587, auth: {{ user: "noreply", '
    'pass: "{v}" }} }});',
    'Net::SSH.start("build01.acme.io", "deploy", password: "{v}") do |ssh|',
    '$pdo = new PDO("mysql:host=db;dbname=shop;charset=utf8mb4", "shop", "{v}");',
    'let opts = OptsBuilder::new().ip_or_hostname(Some("db")).user(Some("shop")).pass(Some("{v}"));',
    'val ds = HikariDataSource().apply {{ jdbcUrl = url; username = "shop"; password = "{v}" }}',
    'let credential = URLCredential(user: "ios-ci", password: "{v}", persistence: .forSession)',
    'config :shop, Shop.Repo,\n  username: "postgres",\n  password: "{v}",\n  hostname: "localhost"',
    'my $dbh = DBI->connect("dbi:Pg:dbname=shop;host=db", "shop", "{v}", {{ RaiseError => 1 }});',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", host = "dw.internal", user = "analyst", password = "{v}")',
    '#define WIFI_SSID "Greenhouse"\n#define WIFI_PASS "{v}"',
    'const char* mqtt_password = "{v}";',
    '$cred = New-Object PSCredential("ACME\\svc_sql", (ConvertTo-SecureString "{v}" -AsPlainText -Force))',
    # SQL
    "CREATE LOGIN etl_reader WITH PASSWORD = '{v}', CHECK_POLICY = OFF;",
    "ALTER ROLE replicator WITH LOGIN REPLICATION PASSWORD '{v}';",
    "CREATE USER 'exporter'@'%' IDENTIFIED BY '{v}' WITH MAX_USER_CONNECTIONS 3;",
    "CREATE USER metabase IDENTIFIED WITH sha256_password BY '{v}';",
    "ALTER USER dbt_runner SET PASSWORD = '{v}' MUST_CHANGE_PASSWORD = FALSE;",
    "cqlsh> CREATE ROLE reporting WITH PASSWORD = '{v}' AND LOGIN = true;",
    'SQL> ALTER USER app_owner IDENTIFIED BY "{v}" ACCOUNT UNLOCK;',
    'db.createUser({{ user: "reports", pwd: "{v}", roles: [{{ role: "read", db: "shop" }}] }})',
    # command lines: flags and positional arguments
    'mongosh "mongodb://db:27017/shop" -u admin -p {v} --authenticationDatabase admin',
    "redis-cli -h cache.internal -a {v} --no-auth-warning INFO replication",
    'sqlcmd -S tcp:sql01,1433 -U sa -P "{v}" -Q "SELECT @@VERSION"',
    "rabbitmqctl add_user orders {v}",
    "sudo htpasswd -b /etc/nginx/.htpasswd grafana {v}",
    "C:\\> net user svc_backup {v} /add /passwordchg:no",
    "smbclient //nas.local/media -U ops%{v} -c 'ls'",
    "wget --user=ci --password={v} https://artifacts.acme.io/shop/release-4.2.tar.gz",
    "sshpass -p '{v}' ssh -o StrictHostKeyChecking=no pi@10.0.0.5 'sudo reboot'",
    "helm repo add acme https://charts.acme.io --username ci --password {v}",
    "az vm create -g rg-lab -n win-build --image Win2022Datacenter --admin-username azureuser --admin-password '{v}'",
    "openssl pkcs12 -export -in tls.crt -inkey tls.key -out shop.p12 -passout pass:{v}",
    "keytool -genkeypair -alias release -keyalg RSA -keystore release.jks -storepass {v} -validity 9125",
    "mosquitto_pub -h broker.local -u sensor01 -P {v} -t greenhouse/temp -m 21.5",
    "lftp -u deploy,{v} sftp://files.acme.io -e 'mirror -R dist /var/www; quit'",
    "mc alias set local http://localhost:9000 admin {v}",
    "rclone copy ./backup :ftp:backups --ftp-host=nas.local --ftp-user=backup --ftp-pass={v}",
    "$ psql \"host=dw.internal port=5432 user=etl password={v} dbname=dw sslmode=require\" -c '\\dt'",
    "+ curl -fsS -u deploy:{v} -T build/app.apk https://nexus.acme.io/repository/mobile/app-4.2.apk",
    # connection strings and URLs
    "CELERY_BROKER_URL=amqp://orders:{v}@rabbit:5672/orders",
    "DATABASE_URL=mysql2://rails:{v}@db.internal/shop_production?pool=10",
    'cache_url = "redis://:{v}@cache.internal:6379/0"',
    "MONGO_URI=mongodb+srv://shop-app:{v}@cluster0.x7kq2.mongodb.net/shop?retryWrites=true",
    '"ConnectionString": "Data Source=sql01;Initial Catalog=Warehouse;User ID=etl;Password={v};"',
    "jdbc:sqlserver://sql01:1433;databaseName=shop;user=shop;password={v};encrypt=true",
    'nc, err := nats.Connect("nats://orders:{v}@nats.internal:4222")',
    "EMAIL_URL=smtp+tls://noreply%40acme.io:{v}@smtp.acme.io:587",
    "$ git clone https://ci-bot:{v}@git.acme.io/shop/api.git\nCloning into 'api'...",
    # auth pairs
    'r = requests.get(url, auth=HTTPBasicAuth("jenkins", "{v}"), timeout=10)',
    'async with aiohttp.ClientSession(auth=aiohttp.BasicAuth("svc-report", "{v}")) as s:',
    'given().auth().preemptive().basic("admin", "{v}").when().get("/api/health")',
    'const res = await axios.get(url, {{ auth: {{ username: "admin", password: "{v}" }} }});',
    # bare random tokens in a secret's position
    'bot.run("{k}")',
    'app = ApplicationBuilder().token("{k}").build()',
    'curl -s -H "Authorization: Bearer {k}" https://api.acme.io/v1/orders?status=open',
    'curl -H "X-Api-Key: {k}" -H "Content-Type: application/json" -d @event.json https://ingest.acme.io/v2/events',
    "GET /api/v4/projects/42/pipelines HTTP/1.1\nHost: git.acme.io\nPRIVATE-TOKEN: {k}",
    'http GET https://shop.acme.io/api/orders/ "Authorization:Token {k}"',
    'Invoke-RestMethod -Uri $uri -Headers @{{ "X-Api-Key" = "{k}" }} -Method Get',
    'const res = await fetch(url, {{ headers: {{ "x-api-key": "{k}", accept: "application/json" }} }});',
    'headers = {{"apikey": "{k}", "Accept": "application/json"}}',
    "> POST /v1/messages HTTP/2\n> Host: notify.acme.io\n> authorization: Bearer {k}\n> content-length: 211",
    # keys given to SDK constructors and functions, in URLs, as a second positional argument
    'client = Client(account_sid, "{k}")',
    'search = SearchClient.create("LTX4MB9QZ2", "{k}")',
    'client = meilisearch.Client("http://search:7700", "{k}")',
    'qdrant = QdrantClient(url="https://vectors.acme.io:6333", api_key="{k}")',
    'es = Elasticsearch("https://es.internal:9200", api_key="{k}")',
    'pusher = Pusher(app_id="1712345", key="f3a9c2b61d0e4e7a", secret="{k}", cluster="eu")',
    'const typesense = new Typesense.Client({{ nodes: [{{ host: "ts.internal", port: 8108, protocol: "http" }}], '
    'apiKey: "{k}" }});',
    "https://api.openweathermap.org/data/2.5/weather?q=Bergen&units=metric&appid={k}",
    "curl 'https://api.themoviedb.org/3/movie/550?api_key={k}&language=en-US'",
    "wss://stream.acme.io/v1/ticker?symbols=BTC,ETH&token={k}",
    "nuget push Acme.Core.4.2.0.nupkg {k} -Source https://nuget.acme.io/v3/index.json",
    "pm2 link {k} q8w2e4r6t1y3u5i",
    # base64 of user:password
    'curl -H "Authorization: Basic {b}" https://registry.acme.io/v2/_catalog',
    '{{\n  "auths": {{\n    "registry.acme.io": {{\n      "auth": "{b}"\n    }}\n  }}\n}}',
    "//nexus.acme.io/repository/npm-private/:_auth={b}",
)

PRINTED_HELD29: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores and deploy platforms: the value alone on a line
    (
        "az-keyvault-show-tsv",
        "$ az keyvault secret show --vault-name kv-shop-prod --name sql-admin --query value -o tsv\n{v}",
        lambda g: _rand(g, 22, _AN + "!$"),
    ),
    (
        "gcloud-secrets-access",
        "$ gcloud secrets versions access latest --secret=redis-auth --project=shop-prod\n{v}",
        lambda g: _rand(g, 32),
    ),
    (
        "aws-secretsmanager-text",
        "$ aws secretsmanager get-secret-value --secret-id prod/shop/smtp --query SecretString --output text\n{v}",
        lambda g: _rand(g, 24, _AN + "#%"),
    ),
    (
        "kubectl-jsonpath-b64d",
        "$ kubectl get secret grafana -n monitoring -o jsonpath='{{.data.admin-password}}' | base64 -d; echo\n{v}",
        lambda g: _rand(g, 40),
    ),
    (
        "doppler-get-plain",
        "$ doppler secrets get SMTP_PASSWORD --plain -p shop -c prd\n{v}",
        lambda g: _rand(g, 20, _AN + "*"),
    ),
    (
        "infisical-get-plain",
        "$ infisical secrets get DB_PASSWORD --plain --env=prod\n{v}",
        lambda g: _rand(g, 28, _AN + "-_"),
    ),
    (
        "pass-show-multiline",
        "$ pass show infra/unifi-controller\n{v}\nurl: https://unifi.home:8443\nuser: admin",
        lambda g: _rand(g, 18, _AN + "&@"),
    ),
    ("bitwarden-get-password", "$ bw get password 'Synology NAS'\n{v}", lambda g: _rand(g, 16, _AN + "!")),
    (
        "sops-extract",
        '$ sops -d --extract \'["postgres"]["password"]\' secrets/prod.enc.yaml\n{v}',
        lambda g: _rand(g, 26),
    ),
    ("macos-keychain-w", "$ security find-generic-password -s jenkins-api -a ci -w\n{v}", lambda g: _rand(g, 34, _HEX)),
    ("run-secrets-cat", "$ docker exec shop-db cat /run/secrets/db_root_password\n{v}", lambda g: _rand(g, 24)),
    ("heroku-config-get", "$ heroku config:get REDIS_PASSWORD -a shop-api\n{v}", lambda g: "p" + _rand(g, 64, _HEX)),
    ("netlify-env-get", "$ netlify env:get SMTP_PASS --context production\n{v}", lambda g: _rand(g, 20)),
    (
        "terraform-output-raw",
        "$ terraform output -raw db_password\n{v}",
        lambda g: _rand(g, 16, _AN + "!#$%&*()-_=+[]"),
    ),
    ("pulumi-config-get", "$ pulumi config get rabbitPassword --stack prod\n{v}", lambda g: _rand(g, 24, _AN + "-_")),
    (
        "ansible-vault-view",
        "$ ansible-vault view group_vars/prod/vault.yml --vault-password-file ~/.vault_pass\n---\n"
        "vault_db_user: shop\nvault_db_password: {v}",
        lambda g: _rand(g, 20, _AN + "@"),
    ),
    # first-run and bootstrap output
    (
        "elastic-first-run",
        "✅ Elasticsearch security features have been automatically configured!\n\n"
        "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {v}",
        lambda g: _rand(g, 20, _AN + "-_*=+"),
    ),
    (
        "elastic-reset-password",
        "$ bin/elasticsearch-reset-password -u kibana_system -a -b\n"
        "Password for the [kibana_system] user successfully reset.\nNew value: {v}",
        lambda g: _rand(g, 20, _AN + "-_*=+"),
    ),
    (
        "elastic-enrollment-token",
        "$ bin/elasticsearch-create-enrollment-token -s kibana\n{v}",
        lambda g: "eyJ2ZXIiOiI4LjEzLjAiLCJhZHIiOlsiMTcyLjE4LjAuMjo5MjAwIl0sImZnciI6I" + _rand(g, 150, _B64) + "=",
    ),
    ("nexus-admin-password", "$ docker exec nexus cat /nexus-data/admin.password\n{v}", _uuid),
    (
        "jenkins-initial-file",
        "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n{v}",
        lambda g: _rand(g, 32, _HEX),
    ),
    (
        "argocd-initial-password",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login. "
        "We strongly recommend you update the password using `argocd account update-password`.",
        lambda g: _rand(g, 16, _AN + "-"),
    ),
    (
        "rancher-bootstrap-log",
        '$ docker logs rancher 2>&1 | grep "Bootstrap Password:"\n2024/03/11 09:14:02 [INFO] Bootstrap Password: {v}',
        lambda g: _rand(g, 64, "bcdfghjklmnpqrstvwxz2456789"),
    ),
    (
        "gitea-random-password",
        "$ gitea admin user create --username ops --email ops@acme.io --random-password --must-change-password\n"
        "generated random password is '{v}'\nNew user 'ops' has been successfully created!",
        lambda g: _rand(g, 16, _AN + "_"),
    ),
    (
        "mastodon-tootctl-create",
        "$ RAILS_ENV=production bin/tootctl accounts create ops --email ops@acme.io --confirmed --role Owner\n"
        "OK\nNew password: {v}",
        lambda g: _rand(g, 32, _HEX),
    ),
    (
        "microk8s-add-node",
        "From the node you wish to join to this cluster, run the following:\n"
        "microk8s join 192.168.1.20:25000/{v}/3f1c2a9b7d6e\n\nUse the '--worker' flag to join a node as a worker",
        lambda g: _rand(g, 32, _HEX),
    ),
    (
        "kubeadm-join-command",
        "$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.10:6443 --token {v} "
        "--discovery-token-ca-cert-hash sha256:6e3c1b7f0a9d2e4c5b8a7f6e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c",
        lambda g: _rand(g, 6, _LOWER_AN) + "." + _rand(g, 16, _LOWER_AN),
    ),
    (
        "swarm-join-token-q",
        "$ docker swarm join-token -q worker\n{v}",
        lambda g: "SWMTKN-1-" + _rand(g, 50, _LOWER_AN) + "-" + _rand(g, 25, _LOWER_AN),
    ),
    (
        "consul-acl-bootstrap",
        "$ consul acl bootstrap\nAccessorID:       {w}\nSecretID:         {v}\nDescription:      Bootstrap Token "
        "(Global Management)\nLocal:            false",
        _uuid,
    ),
    (
        "nomad-acl-bootstrap",
        "$ nomad acl bootstrap\nAccessor ID  = {w}\nSecret ID    = {v}\nName         = Bootstrap Token\nType         = management",
        _uuid,
    ),
    (
        "openbao-init-json",
        '$ bao operator init -key-shares=1 -key-threshold=1 -format=json | jq -r ".unseal_keys_hex[0]"\n{v}',
        lambda g: _rand(g, 64, _HEX),
    ),
    (
        "vault-rekey-key",
        "Key 1: {v}\nKey 2: {w}\n\nOperation nonce: 8f1c2e4a-77d0-4b1e-9c3a-5d6e7f8a9b0c",
        lambda g: _rand(g, 43, _B64) + "=",
    ),
    (
        "gitlab-runner-reg-token",
        "$ sudo gitlab-rails runner 'puts Gitlab::CurrentSettings.runners_registration_token'\n{v}",
        lambda g: _rand(g, 20, _AN + "-_"),
    ),
    # tokens a CLI shows
    (
        "glab-show-token",
        "$ glab auth status --show-token\ngit.acme.io\n  ✓ Logged in to git.acme.io as ops\n  ✓ Token: {v}",
        lambda g: _rand(g, 20, _AN + "-_"),
    ),
    ("oc-whoami-t", "$ oc whoami -t\n{v}", lambda g: "sha256~" + _rand(g, 43, _B64URL)),
    (
        "kubectl-create-token",
        "$ kubectl create token ci-deployer -n ci --duration=1h\n{v}",
        lambda g: (
            "eyJhbGciOiJSUzI1NiIsImtpZCI6I"
            + _rand(g, 60, _B64URL)
            + "."
            + _rand(g, 300, _B64URL)
            + "."
            + _rand(g, 342, _B64URL)
        ),
    ),
    (
        "ecr-login-password",
        "$ aws ecr get-login-password --region eu-west-1\n{v}",
        lambda g: "eyJwYXlsb2FkIjoi" + _rand(g, 400, _B64) + "==",
    ),
    (
        "influx-auth-create-jq",
        "$ influx auth create --org acme --all-access --json | jq -r .token\n{v}",
        lambda g: _rand(g, 86, _B64URL) + "==",
    ),
    (
        "jupyter-server-list",
        "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token={v} :: /home/dev/notebooks",
        lambda g: _rand(g, 48, _HEX),
    ),
    (
        "minio-svcacct-add",
        "$ mc admin user svcacct add local ci-uploader\nAccess Key: {w}\nSecret Key: {v}\nExpiration: no-expiry",
        lambda g: _rand(g, 40),
    ),
    (
        "acr-expose-token",
        "$ az acr login --name shopacr --expose-token --output tsv --query accessToken\n{v}",
        lambda g: (
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6I"
            + _rand(g, 40, _B64URL)
            + "."
            + _rand(g, 400, _B64URL)
            + "."
            + _rand(g, 342, _B64URL)
        ),
    ),
    # generated secrets and REPL answers
    ("pwgen-secure", "$ pwgen -s -y 24 1\n{v}", lambda g: _rand(g, 24, _AN + "!#%&*+-=?@^_")),
    ("openssl-rand-hex", "$ openssl rand -hex 32\n{v}", lambda g: _rand(g, 64, _HEX)),
    (
        "python-token-urlsafe",
        "$ python3 -c 'import secrets; print(secrets.token_urlsafe(32))'\n{v}",
        lambda g: _rand(g, 43, _B64URL),
    ),
    ("urandom-base64", "$ head -c 24 /dev/urandom | base64\n{v}", lambda g: _rand(g, 32, _B64)),
    ("xkcdpass", "$ xkcdpass -n 5 -d -\n{v}", lambda g: _words(g, 5, "-")),
    (
        "powershell-membership",
        "PS> Add-Type -AssemblyName System.Web; [System.Web.Security.Membership]::GeneratePassword(20, 4)\n{v}",
        lambda g: _rand(g, 20, _AN + "!@#$%^&*()[]{}|;:"),
    ),
    (
        "fernet-generate",
        ">>> from cryptography.fernet import Fernet\n>>> Fernet.generate_key()\nb'{v}'",
        lambda g: _rand(g, 43, _B64URL) + "=",
    ),
    (
        "iex-strong-rand",
        'iex(1)> :crypto.strong_rand_bytes(32) |> Base.encode64()\n"{v}"',
        lambda g: _rand(g, 43, _B64) + "=",
    ),
    ("irb-securerandom", 'irb(main):002> SecureRandom.hex(32)\n=> "{v}"', lambda g: _rand(g, 64, _HEX)),
    ("node-randombytes", "> crypto.randomBytes(32).toString('base64url')\n'{v}'", lambda g: _rand(g, 43, _B64URL)),
    ("rails-secret", "$ bin/rails secret\n{v}", lambda g: _rand(g, 128, _HEX)),
    ("artisan-key-show", "$ php artisan key:generate --show\nbase64:{v}", lambda g: _rand(g, 43, _B64) + "="),
    ("phx-gen-secret", "$ mix phx.gen.secret\n{v}", lambda g: _rand(g, 64, _B64)),
    (
        "django-secret-key",
        "$ python -c 'from django.core.management.utils import get_random_secret_key; "
        "print(get_random_secret_key())'\n{v}",
        lambda g: _rand(g, 50, string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"),
    ),
    ("wg-genkey", "$ umask 077 && wg genkey | tee /etc/wireguard/wg0.key\n{v}", lambda g: _rand(g, 43, _B64) + "="),
    (
        "python-repl-settings",
        ">>> from django.conf import settings\n>>> settings.EMAIL_HOST_PASSWORD\n'{v}'",
        lambda g: _rand(g, 16, string.ascii_lowercase),
    ),
    # password hashes
    (
        "shadow-sha512",
        "$ sudo grep '^deploy:' /etc/shadow\ndeploy:{v}:19800:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, _CRYPT) + "$" + _rand(g, 86, _CRYPT),
    ),
    (
        "shadow-yescrypt",
        "$ sudo getent shadow ops\nops:{v}:19912:0:99999:7:::",
        lambda g: "$y$j9T$" + _rand(g, 22, _CRYPT) + "$" + _rand(g, 43, _CRYPT),
    ),
    (
        "htpasswd-apr1",
        "$ cat /etc/nginx/.htpasswd\ngrafana:{v}",
        lambda g: "$apr1$" + _rand(g, 8, _CRYPT) + "$" + _rand(g, 22, _CRYPT),
    ),
    (
        "traefik-basicauth-yaml",
        _line(14, "    basicAuth:") + "\n" + _line(15, "      users:") + "\n" + _line(16, '        - "ops:{v}"'),
        lambda g: "$2y$05$" + _rand(g, 53, _CRYPT),
    ),
    (
        "authelia-argon2",
        'users:\n  jdoe:\n    disabled: false\n    displayname: "Jane Doe"\n    password: "{v}"\n'
        "    email: jane@acme.io",
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _rand(g, 22, _B64) + "$" + _rand(g, 43, _B64),
    ),
    (
        "pg-authid-scram",
        "shop=# SELECT rolname, rolpassword FROM pg_authid WHERE rolname = 'app';\n rolname | rolpassword\n"
        "---------+-------------\n app     | {v}\n(1 row)",
        lambda g: (
            "SCRAM-SHA-256$4096:" + _rand(g, 22, _B64) + "==$" + _rand(g, 43, _B64) + "=:" + _rand(g, 43, _B64) + "="
        ),
    ),
    (
        "mysql-native-hash",
        "mysql> SELECT user, authentication_string FROM mysql.user WHERE user = 'shop';\n"
        "+------+-------------------------------------------+\n| shop | {v} |\n"
        "+------+-------------------------------------------+",
        lambda g: "*" + _rand(g, 40, "0123456789ABCDEF"),
    ),
    (
        "django-pbkdf2-row",
        "$ sqlite3 db.sqlite3 'select username, password from auth_user'\nadmin|{v}",
        lambda g: "pbkdf2_sha256$600000$" + _rand(g, 22) + "$" + _rand(g, 43, _B64) + "=",
    ),
    (
        "slapcat-ssha",
        "$ sudo slapcat -b dc=acme,dc=local | grep -A1 'uid=ops'\ndn: uid=ops,ou=people,dc=acme,dc=local\n"
        "userPassword:: {v}",
        lambda g: "e1NTSEF9" + _rand(g, 32, _B64),
    ),
    # Azure identifiable keys, outside connection strings
    (
        "az-storage-keys-tsv",
        "$ az storage account keys list -g rg-shop -n shopassets --query '[0].value' -o tsv\n{v}",
        lambda g: _azure(g, 76, "+ASt", 6, "=="),
    ),
    (
        "az-cosmos-keys",
        "$ az cosmosdb keys list -g rg-shop -n shop-cosmos --query primaryMasterKey -o tsv\n{v}",
        lambda g: _azure(g, 76, "ACDb", 6, "=="),
    ),
    (
        "az-servicebus-key-json",
        _line(21, '  "ServiceBus": {{')
        + "\n"
        + _line(22, '    "Namespace": "sb-shop-prod.servicebus.windows.net",')
        + "\n"
        + _line(23, '    "SharedAccessKey": "{v}"'),
        lambda g: _azure(g, 33, "+ASb", 6, "="),
    ),
    (
        "az-search-admin-key",
        "$ az search admin-key show --service-name shop-search -g rg-shop --query primaryKey -o tsv\n{v}",
        lambda g: _azure(g, 42, "AzSe", 6, "", _AN),
    ),
    (
        "az-functionapp-key",
        "$ az functionapp keys list -g rg-shop -n shop-fn --query functionKeys.default -o tsv\n{v}",
        lambda g: _azure(g, 44, "AzFu", 6, "==", _B64URL),
    ),
    (
        "az-eventhub-sdk",
        'credential = AzureNamedKeyCredential("RootManageSharedAccessKey", "{v}")\n'
        'producer = EventHubProducerClient("evh-shop.servicebus.windows.net", "telemetry", credential)',
        lambda g: _azure(g, 33, "+AEh", 6, "="),
    ),
    (
        "az-iothub-device-key",
        "$ az iot hub device-identity show -n iot-greenhouse -d sensor-07 --query "
        "authentication.symmetricKey.primaryKey -o tsv\n{v}",
        lambda g: _azure(g, 32, "AIoT", 7, "="),
    ),
)

BENIGN_HELD29: tuple[str, ...] = (
    # the positions' syntaxes with a placeholder, a reference, a lookup or nothing in place of the value
    _line(12, "KEYCLOAK_ADMIN=admin") + "\n" + _line(13, "KEYCLOAK_ADMIN_PASSWORD=${KC_ADMIN_PASSWORD}"),
    _line(5, "DOCKER_INFLUXDB_INIT_PASSWORD=<choose-a-password>"),
    'export WORDPRESS_DB_PASSWORD="$(cat /run/secrets/wp_db_password)"',
    "set -gx HARBOR_ADMIN_PASSWORD (op read op://Infra/harbor/password)",
    'PS C:\\src\\shop> $env:NEO4J_AUTH = "neo4j/$($secret.Password)"',
    "C:\\dev\\shop>set MSSQL_SA_PASSWORD=%SA_PASSWORD%",
    "Environment=MINIO_ROOT_PASSWORD_FILE=/etc/minio/root-password",
    "docker run -d --name arango -e ARANGO_ROOT_PASSWORD -p 8529:8529 arangodb:3.11",
    "$ podman run --rm --secret rabbit_pass,type=env,target=RABBITMQ_DEFAULT_PASS rabbitmq:3.13-management",
    "+ export SFTP_PASSWORD=***\n+ ./upload.sh build/release.zip",
    "diff --git a/.env.example b/.env.example\n@@ -6,2 +6,2 @@\n MAIL_USERNAME=\n-MAIL_PASSWORD=secret\n+MAIL_PASSWORD=",
    "spring:\n  rabbitmq:\n    username: ${RABBIT_USER:guest}\n    password: ${RABBIT_PASSWORD}",
    _line(19, "  rootUser: root")
    + "\n"
    + _line(20, '  rootPassword: ""')
    + "\n"
    + _line(21, '  existingSecret: "mongodb-auth"'),
    'mysql_root_password: "{{ vault_mysql_root_password }}"',
    "wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password",
    'stringData:\n  redis-password: ""  # filled in by the external-secrets operator',
    "    secureJsonData:\n      password: $__file{/etc/secrets/warehouse-password}",
    "  password: <%= ENV['SHOP_DATABASE_PASSWORD'] %>",
    "    password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/pg:replicator') }}\"",
    "          - export NEXUS_PASS=$NEXUS_PASS_SECURED",
    "- script: sqlcmd -S $(SqlServer) -U deploy -P $(SqlDeployPassword) -i migrate.sql",
    '{\n  "host": "files.acme.io",\n  "protocol": "sftp",\n  "username": "deploy",\n  "privateKeyPath": "~/.ssh/id_ed25519",\n  "password": null\n}',
    '{"http-basic": {"repo.packagist.com": {"username": "token", "password": "%COMPOSER_TOKEN%"}}}',
    '    "Default": "Server=sql01;Database=Shop;Integrated Security=SSPI;TrustServerCertificate=True"',
    _line(11, '      "pass": process.env.SMTP_PASS'),
    '{"stdout": "Loaded .env\\nREDIS_PASSWORD is set (hidden)\\nStarting worker\\n", "stderr": "", "exit_code": 0}',
    '{"type": "tool_result", "content": "{\\"db\\": {\\"user\\": \\"etl\\", \\"password\\": \\"<redacted>\\"}}"}',
    '$ docker inspect -f "{{json .Config.Env}}" shop-db\n["MARIADB_USER=shop","MARIADB_PASSWORD_FILE=/run/secrets/db",'
    '"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]',
    '        "Env": [\n            "PGADMIN_DEFAULT_EMAIL=ops@acme.io",\n            "PGADMIN_CONFIG_ENHANCED_COOKIE_PROTECTION=True"\n        ],',
    '  password = "${INFLUX_PASSWORD}"',
    "[mysqldump]\nuser=backup\n# password comes from ~/.mylogin.cnf (mysql_config_editor)",
    "Password=\nPasswordFile=/etc/odbc/report.pass",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\npassword={SHA}%(ENV_SUPERVISOR_PASSWORD_SHA)s",
    "[security]\nadmin_password = $__env{GF_ADMIN_PASSWORD}",
    "spring.mail.password=${MAIL_PASSWORD:}",
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders" '
    'password="${file:/etc/kafka/secrets.properties:orders.password}";',
    '<property name="hibernate.connection.password">${db.password}</property>',
    '<Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource" username="${db.user}" '
    'password="${db.password}" url="jdbc:postgresql://db/shop"/>',
    '  <property name="password" value="#{environment[\'LDAP_BIND_PASSWORD\']}"/>',
    "db_admin_password = var.db_admin_password",
    '  password     = "{{ env `PROXMOX_PASSWORD` }}"',
    '  password     = data.vault_kv_secret_v2.proxmox.data["password"]',
    'client.connect("10.0.0.5", username="pi", key_filename=os.path.expanduser("~/.ssh/id_ed25519"))',
    'cache = redis.Redis(host="cache", port=6379, db=0, password=settings.REDIS_PASSWORD)',
    'Connection conn = DriverManager.getConnection(url, props.getProperty("db.user"), props.getProperty("db.password"));',
    'var factory = new ConnectionFactory { HostName = "mq", UserName = opts.User, Password = opts.Password };',
    "auth: { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS },",
    'Net::SSH.start(host, user, keys: ["~/.ssh/deploy_ed25519"], non_interactive: true) do |ssh|',
    '$pdo = new PDO($dsn, getenv("DB_USER"), getenv("DB_PASSWORD"));',
    "let opts = OptsBuilder::new().user(Some(&cfg.user)).pass(Some(&cfg.password));",
    "val ds = HikariDataSource().apply { jdbcUrl = url; username = env.user; password = env.password }",
    "let credential = URLCredential(user: user, password: keychain.password(for: user), persistence: .forSession)",
    '  password: System.get_env("DATABASE_PASSWORD"),',
    "my $dbh = DBI->connect($dsn, $ENV{PGUSER}, $ENV{PGPASSWORD}, { RaiseError => 1 });",
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", password = Sys.getenv("DW_PASSWORD"))',
    "#define WIFI_PASS SECRET_WIFI_PASS  // from arduino_secrets.h",
    "const char* mqtt_password = MQTT_PASSWORD;  // set in platformio.ini build_flags",
    '$cred = Get-StoredCredential -Target "sql-svc"',
    # SQL and command lines without a value, or with a lookup
    "CREATE LOGIN [ACME\\svc_etl] FROM WINDOWS WITH DEFAULT_DATABASE = [Warehouse];",
    "ALTER ROLE replicator WITH LOGIN REPLICATION PASSWORD NULL;",
    "CREATE USER 'exporter'@'%' IDENTIFIED WITH auth_socket;",
    "ALTER USER dbt_runner SET RSA_PUBLIC_KEY_FP = 'SHA256:6Yn3x0v0a2kM8qvF1h4r0k7mB3cJ9wQ2pL5sT8uV1xY=';",
    "SELECT usename, passwd IS NOT NULL AS has_password FROM pg_shadow;",
    'db.createUser({ user: "reports", pwd: passwordPrompt(), roles: [{ role: "read", db: "shop" }] })',
    'mongosh "mongodb://db:27017/shop" -u admin -p --authenticationDatabase admin',
    "redis-cli -h cache.internal --askpass INFO replication",
    'rabbitmqctl change_password orders "$RABBIT_PASSWORD"',
    "sudo htpasswd -B /etc/nginx/.htpasswd grafana",
    "C:\\> net user svc_backup * /add",
    "smbclient //nas.local/media -A ~/.smbcredentials -c 'ls'",
    "wget --user=ci --ask-password https://artifacts.acme.io/shop/release-4.2.tar.gz",
    "sshpass -f ~/.pi_pass ssh pi@10.0.0.5 'uptime'",
    "helm repo add acme https://charts.acme.io --username ci --password-stdin < ~/.config/helm/acme.pass",
    "az vm create -g rg-lab -n linux-build --image Ubuntu2204 --admin-username azureuser --generate-ssh-keys",
    "openssl pkcs12 -export -in tls.crt -inkey tls.key -out shop.p12 -passout env:P12_PASS",
    "keytool -list -v -keystore release.jks -storepass:file ~/.keystore-pass",
    "mosquitto_pub -h broker.local --cafile ca.crt --cert sensor01.crt --key sensor01.key -t greenhouse/temp -m 21.5",
    'mc alias set local http://localhost:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"',
    'rclone copy ./backup nas:backups --password-command "pass show rclone/config"',
    '$ psql "host=dw.internal port=5432 user=etl dbname=dw sslmode=verify-full sslrootcert=/etc/ssl/dw-ca.pem"',
    "+ curl -fsS --netrc-file /tmp/netrc -T build/app.apk https://nexus.acme.io/repository/mobile/app-4.2.apk",
    "CELERY_BROKER_URL=amqp://orders@rabbit:5672/orders",
    "DATABASE_URL=postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:5432/${PGDATABASE}",
    "MONGO_URI=mongodb+srv://<username>:<password>@cluster0.x7kq2.mongodb.net/?retryWrites=true",
    '"ConnectionString": "Data Source=sql01;Initial Catalog=Warehouse;Authentication=Active Directory Default;"',
    "jdbc:sqlserver://sql01:1433;databaseName=shop;integratedSecurity=true;encrypt=true",
    'nc, err := nats.Connect("nats://nats.internal:4222", nats.UserCredentials("/etc/nats/orders.creds"))',
    "remote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled.",
    "r = requests.get(url, auth=HTTPBasicAuth(user, getpass.getpass()), timeout=10)",
    'given().auth().oauth2(tokenFrom(env)).when().get("/api/health")',
    # prose about headers and tokens
    "Send the key in the X-Api-Key header; requests without it get a 401.",
    "Pass your token as `Authorization: Bearer <token>` on every request to /v1.",
    "> Authentication: send it in the Authorization: Bearer header, never in the query string.",
    "The PRIVATE-TOKEN header takes a personal access token with the read_api scope.",
    "    Raises AuthError: if the Authorization header is missing or the bearer token has expired.",
    "FAILED tests/test_auth.py::test_rejects_bad_token - AssertionError: expected 401 for 'Authorization: Bearer invalid', got 200",
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.acme.io/v1/orders',
    'curl -H "X-Api-Key: ${INGEST_KEY}" -d @event.json https://ingest.acme.io/v2/events',
    'Invoke-RestMethod -Uri $uri -Headers @{ "X-Api-Key" = $env:INGEST_KEY }',
    'headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}',
    "> authorization: Bearer [REDACTED]\n> content-length: 211",
    'bot.run(os.environ["DISCORD_TOKEN"])',
    "app = ApplicationBuilder().token(settings.telegram_token).build()",
    'client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])',
    'search = SearchClient.create("LTX4MB9QZ2", process.env.ALGOLIA_ADMIN_KEY)',
    'qdrant = QdrantClient(url="http://localhost:6333")',
    "https://api.openweathermap.org/data/2.5/weather?q=Bergen&units=metric&appid={API_KEY}",
    "https://maps.acme.io/geocode?address=Karl+Johans+gate+1&key=YOUR_API_KEY",
    "nuget push Acme.Core.4.2.0.nupkg -ApiKey %NUGET_API_KEY% -Source https://nuget.acme.io/v3/index.json",
    'curl -H "Authorization: Basic $(printf %s "$USER:$PASS" | base64)" https://registry.acme.io/v2/_catalog',
    '{\n  "auths": {\n    "registry.acme.io": {}\n  },\n  "credsStore": "desktop"\n}',
    "//nexus.acme.io/repository/npm-private/:_authToken=${NPM_TOKEN}",
    # settings whose name holds a secret word and whose value is plainly not a secret
    "password_min_length: 12",
    "PASSWORD_RESET_TIMEOUT=259200",
    "token_ttl: 15m",
    "SESSION_SECRET_FILE=/run/secrets/session_secret",
    'jwt_algorithm = "RS256"',
    "api_key_header: X-Api-Key",
    'auth_header_name = "Authorization"',
    "password_hash_algorithm: argon2id",
    "enable_password_login = false",
    "secret_rotation_days: 90",
    "TOKEN_REFRESH_INTERVAL=PT10M",
    "client_secret_path: /etc/oauth/client_secret.json",
    "spring.datasource.hikari.password-required=true",
    "ssl_key_password_env: KEYSTORE_PASSWORD",
    "    max_password_age: 365d",
    "keystore.type=PKCS12\nkeystore.path=/etc/app/keystore.p12",
    "github_token_scopes: repo,read:org",
    'secret_store_backend = "aws-ssm"',
    "password_policy:\n  require_uppercase: true\n  require_digit: true\n  min_length: 14",
    _line(31, "    password = forms.CharField(widget=forms.PasswordInput, min_length=10)"),
    _line(8, "  token_endpoint: https://login.acme.io/oauth2/v2.0/token"),
    _line(44, 'export const API_KEY_PREFIX = "acme_live_";'),
    'private static final String PASSWORD_FIELD = "password";',
    'PASSWORD = "password"  # the form field\'s name',
    "aws secretsmanager get-secret-value --secret-id prod/shop/smtp --query ARN --output text",
    "gcloud secrets versions list redis-auth --project=shop-prod",
    "kubectl get secret grafana -n monitoring -o jsonpath='{.data}' | jq 'keys'",
    "kubectl create secret generic pg --from-file=password=./pg.pass --dry-run=client -o yaml",
    "vault kv get -field=password kv/shop/smtp > /dev/null && echo ok",
    # empty values and masked output
    'DB_PASSWORD=""',
    "  password: ''",
    "smtp_password =",
    '"api_key": ""',
    "Secret ID    = <hidden>",
    "Initial Root Token: ****************",
    "  ✓ Token: *******************",
    "Run `argocd admin initial-password -n argocd` to print the initial password.",
    "Password for the elastic user: see the output of the first start, or reset it with bin/elasticsearch-reset-password.",
    "[INFO] Bootstrap Password: (set via CATTLE_BOOTSTRAP_PASSWORD)",
    "Enter password for user etl:",
    "Password: \nsu: Authentication failure",
    "fatal: could not read Password for 'https://ci-bot@git.acme.io': terminal prompts disabled",
    'psql: error: connection to server at "db" (10.0.0.4), port 5432 failed: FATAL:  password authentication failed for user "etl"',
    "ERROR 1045 (28000): Access denied for user 'shop'@'10.0.0.7' (using password: YES)",
    "2024-03-11T09:14:02Z WARN  auth: token expired for client_id=shop-web, refreshing",
    # digests, integrity strings, ids and hashes
    "sha256:6e3c1b7f0a9d2e4c5b8a7f6e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c",
    '  "integrity": "sha512-kP1YFvM2Ar7tQ3B0gL1sb0RqgGn6U4x7k4VqzYqR5vS7sPq+9lJ1m2nO3pQ4rS5tU6vW7xY8zA9bC0dE1fG2hA=="',
    '"resolved": "https://registry.npmjs.org/nanoid/-/nanoid-3.3.7.tgz",\n'
    '"integrity": "sha512-eSRppjcPIatRIMC1U6UngP8XFcz8MQWGQdt1MTBQ7NaAmvXDfvNxbvWV3x2y6CdEUciCSsDHDQZbhYaB8QEo2g=="',
    "github.com/jackc/pgx/v5 v5.5.4 h1:Xp2aQS8uXButQdnCMWNmvx6UysWQQC+u1EoizjguY+8=",
    'name = "serde"\nversion = "1.0.197"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n'
    'checksum = "3fb1c873e1b9b056a4dc4c0c198b24c3ffa059243875552b2bd0933b1aee4ce2"',
    "    --hash=sha256:0a7b1b7f3c9c2e5d4f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0",
    "  checksum: 7a1b6c2d9e0f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2",
    "Digest: sha256:3c1f08b6c2e5a1d0f9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6",
    "commit 9f4c2e1a7b3d5f6e8a0c2b4d6f8e0a1c3b5d7f9e\nAuthor: Ops Bot <ops@acme.io>",
    "HEAD is now at 5e8d2c1 auth: rotate the session secret on password change",
    "request_id=7f3a9c2e-4b1d-4e8a-9c6f-2d1e0b9a8c7d status=401 path=/api/token",
    '"id": "0b6d3f1e-9a2c-4c7b-8e5d-1f3a2b4c6d8e",',
    '  subscription_id = "4f7b2a1c-8d3e-4b6a-9c5f-0e1d2c3b4a59"',
    '  tenant_id       = "9c2e1f4a-7b3d-4e6c-8a5f-1d0b2c3e4f6a"',
    "ClientId: 6a1f3c9e-2b7d-4e8a-b5c0-9d3e1f2a4b6c",
    "Container ID: 3f2b1a9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
    "X-Request-Id: 01HR9ZQ3V8K4M2N6P8R0T2W4Y6",
    "Session ID: 6f1d8e2a-3c9b-4a7e-8d5f-0b2c4e6a8d1f (expires in 15 minutes)",
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/shop/smtp-Ab12Cd",
    "/subscriptions/4f7b2a1c-8d3e-4b6a-9c5f-0e1d2c3b4a59/resourceGroups/rg-shop/providers/Microsoft.KeyVault/vaults/kv-shop-prod",
    "projects/shop-prod/secrets/redis-auth/versions/7",
    "kv-shop-prod.vault.azure.net/secrets/sql-admin/1c9f3a7e2b4d4e6f8a0b2c4d6e8f0a1b",
    # base64 fixture data, public keys and fingerprints
    '    avatar_png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")',
    'FIXTURE_GZIP = "H4sIAAAAAAAAA6tWSkksSVSyUlAqS8wpTVWqBQBSUPt9EgAAAA=="',
    "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    "      content: SGVsbG8sIHdvcmxkIQo=  # the greeting fixture",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@build01",
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMj"
    "NuG5N87uRgg6CLrbo5wAdT/y6v0mKV0U2w0WZ2YB/++Tpockg= root@nas",
    "256 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s ops@build01 (ED25519)",
    "Key fingerprint = 4E2C 6E87 9329 8E5F 3A7B  B0D2 C8F1 9A61 24875D73",
    "Server key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8.",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----",
    "$ wg pubkey < /etc/wireguard/wg0.key\nxTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "[Peer]\nPublicKey = HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.acme.io:51820",
    "SHA256 Fingerprint=5C:8F:2A:91:3D:E4:7B:06:C1:9A:24:F8:6E:0D:B3:57:A9:12:C4:8E:F0:3B:6D:27:95:E1:4A:0C:88:B2:7F:13",
    "pub   rsa4096 2023-05-02 [SC]\n      4E2C6E8793298E5F3A7BB0D2C8F19A6124875D73\nuid           [ultimate] Acme Release <release@acme.io>",
    "VAPID_PUBLIC_KEY=BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
    # long identifiers
    "AbstractSingletonProxyFactoryBeanConfigurationPropertiesBindingPostProcessorRegistrar",
    "test_password_reset_token_is_invalidated_after_successful_password_change_for_inactive_users PASSED",
    "tests/integration/test_keycloak_admin_password_rotation_with_cached_session_tokens.py::test_rotate PASSED [ 42%]",
    "ERROR in ./src/features/auth/components/PasswordStrengthMeterWithZxcvbnFallback.tsx",
    "com.acme.shop.security.token.RefreshTokenRotationFailureAnalyzerAutoConfiguration",
    "arn:aws:iam::123456789012:role/GitHubActionsDeployRoleForShopApiProductionEnvironment",
    "projects/shop-prod/locations/europe-west1/keyRings/shop/cryptoKeys/database-column-encryption-key",
    # hashes shown as the names of files or as examples, not a stored credential
    "$ sha256sum release-4.2.tar.gz\n0a3f7c1e9b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a  release-4.2.tar.gz",
    "$ md5sum backup.sql.gz\n9e107d9d372bb6826bd81d3542a419d6  backup.sql.gz",
    "bcrypt cost factor: 12 (about 250 ms per hash on the build machine)",
    "The hash format is $argon2id$v=19$m=...,t=...,p=...$salt$hash; see docs/auth.md.",
    "shadow entries look like `user:$6$salt$hash:...`; a `!` or `*` in the second field means the account is locked.",
    "deploy:!:19800:0:99999:7:::",
    # placeholders everywhere
    "API_KEY=<your key>",
    "STRIPE_SECRET_KEY=sk_test_xxx",
    "ADMIN_PASSWORD=changeme",
    "password: CHANGE_ME",
    'token = "REPLACE_WITH_YOUR_TOKEN"',
    "export OPENAI_API_KEY=...",
    'db_password = "********"',
    "SMTP_PASSWORD=your-smtp-password",
    "  api_key: ${{ secrets.INGEST_API_KEY }}",
    "  password: {{ .Values.auth.password | quote }}",
    '          value: "{{ .Values.postgresql.auth.password }}"',
    "set DB_PASS=%DB_PASS%",
    'password = "{{ env "DB_PASSWORD" }}"',
    "ES_PASSWORD=$(kubectl get secret es-es-elastic-user -o go-template='{{.data.elastic | base64decode}}')",
    "GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx",
    "redis://:password@localhost:6379/0  # example from the README",
    "postgresql://user:password@localhost:5432/dbname",
    "--password <PASSWORD>    Password for the admin user (or set ADMIN_PASSWORD)",
    '  -p, --password string   registry password (default "")',
    "Usage: nuget push <package> [<api key>] -Source <source>",
    # tool output an agent meets, with words around secrets but none in them
    "✔ Secret DB_PASSWORD updated in environment prod (version 14)",
    "Successfully rotated key1 for storage account shopassets.",
    "Unseal Progress    2/3\nSealed             true",
    "Sealed          false\nTotal Shares    5\nThreshold       3\nVersion         1.15.4",
    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
    "token: created (expires 2024-04-10T09:14:02Z, scopes: read_registry)",
    "Your token has been saved to /home/dev/.config/ngrok/ngrok.yml",
    "Password changed successfully for user 'ops'.",
    "Certificate fingerprint (SHA-256): 3A:5F:9C:21:8E:4B:D7:06:1F:C2:A8:93:5E:7D:0B:64:F1:29:8C:3E:A5:D0:47:B2:6C:18:E9:53:0F:7A:BD:24",
    'ok: [db1] => {\n    "changed": false,\n    "msg": "Password for user replicator is unchanged"\n}',
    "##[warning]The secret 'NEXUS_PASS' is not set; skipping the publish step.",
    "  ✗ Token: none (run glab auth login)",
    "jupyter_server | [I 09:14:02.123 ServerApp] http://127.0.0.1:8888/lab?token=...",
)
