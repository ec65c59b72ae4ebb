"""Hand-written held-out set 25 for `redact_unseen.py`: a sealed, independent draw of the secrets
an agent session meets and of the ordinary lines that look like them.

Written to the text of the issue alone ("redaction that holds on secrets nobody tuned it for"),
by someone who changed no product code and never ran the redaction on it; scored once before its
misses are read. The contexts are the ones a session shows: files read with line numbers, diffs,
logs, test and CI output, JSON tool results, `docker inspect`, REPL answers, commands and their
output. The ecosystems are the long tail: game servers, IoT firmware and brokers, telephony,
mobile signing, data tools, OS and network configuration, smaller clouds and secret stores.

- `POSITIONS_HELD25`: templates; `{v}` is a password a person chose, `{k}` a random key with no
  prefix, `{b}` the base64 of `bob:password` (literal braces doubled).
- `PRINTED_HELD25`: `(name, template, value_of)`; `{v}` is the secret a command prints (drawn by
  `value_of`), `{w}` a second draw; password hashes, generated and bootstrap secrets, vendors'
  and Microsoft's identifiable formats where no rule names them.
- `BENIGN_HELD25`: ordinary lines in the same contexts that must come back unchanged.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

AN = string.ascii_letters + string.digits
LOWER_DIGITS = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
CRYPT = AN + "./"
B64URL = AN + "-_"


def _rand(rng: random.Random, n: int, alphabet: str = AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64(rng: random.Random, n: int) -> str:
    return _rand(rng, n, AN + "+/")


def _uuid(rng: random.Random) -> str:
    h = _rand(rng, 32, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def _jwt(rng: random.Random) -> str:
    return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rand(rng, 120, B64URL) + "." + _rand(rng, 43, B64URL)


_PASSPHRASE_WORDS = (
    "lantern pebble orbit saddle quiver nectar walrus ember tundra velvet gravel mosaic "
    "cobalt fjord hazel juniper kettle lagoon marble nimbus"
).split()


def _passphrase(rng: random.Random) -> str:
    return "-".join(rng.choice(_PASSPHRASE_WORDS) for _ in range(5))


POSITIONS_HELD25 = (
    # environment files and shells: read with line numbers, diffed, exported, printed
    "     4\tMEILI_ENV=production\n     5\tMEILI_MASTER_KEY={k}",
    "    12\tPAPERLESS_DBPASS={v}\n    13\tPAPERLESS_DBHOST=db",
    "diff --git a/compose/.env b/compose/.env\n@@ -2,3 +2,3 @@\n SEAFILE_ADMIN_EMAIL=ops@acme.io\n"
    "-SEAFILE_ADMIN_PASSWORD=\n+SEAFILE_ADMIN_PASSWORD={v}",
    "set -gx TYPESENSE_API_KEY {k}",
    "set -Ux WIKIJS_DB_PASS '{v}'",
    "PS C:\\build> $env:PROGET_API_KEY = '{k}'",
    "PS> [Environment]::SetEnvironmentVariable('SEQ_ADMIN_PASSWORD', '{v}', 'Machine')",
    "C:\\inetpub> set UMBRACO_DB_PASSWORD={v}",
    '[Service]\nEnvironment="VAULTWARDEN_ADMIN_TOKEN={k}"\nExecStart=/usr/bin/vaultwarden',
    "[Service]\nUser=www-data\nEnvironment=NEXTCLOUD_ADMIN_PASSWORD={v}",
    "readonly JIRA_DB_PASSWORD='{v}'",
    "setenv ZABBIX_DB_PASSWORD {v}",
    '$env.ARANGO_ROOT_PASSWORD = "{v}"',
    "KOPIA_PASSWORD={v} kopia snapshot create /srv/data",
    "$ docker run -d --name graph -e NEO4J_AUTH=neo4j/{v} -p 7474:7474 -p 7687:7687 neo4j:5",
    "$ docker exec -it pgadmin env | grep DEFAULT\nPGADMIN_DEFAULT_EMAIL=ops@acme.io\nPGADMIN_DEFAULT_PASSWORD={v}",
    "    21\t      - COUCHDB_USER=admin\n    22\t      - COUCHDB_PASSWORD={v}",
    "$ heroku config:set MAILGUN_SMTP_PASSWORD={v} -a acme-shop",
    "$ fly secrets set DIRECTUS_ADMIN_PASSWORD={v} -a acme-cms",
    "$ gh secret set SFTP_DEPLOY_PASSWORD --body '{v}' --repo acme/site",
    # configuration languages
    "    33\tmqtt:\n    34\t  base_topic: zigbee2mqtt\n    35\t  user: z2m\n    36\t  password: '{v}'",
    'esphome:\n  name: greenhouse-01\nota:\n  - platform: esphome\n    password: "{v}"',
    "mongodb:\n  architecture: replicaset\n  auth:\n    rootUser: root\n    rootPassword: {v}",
    "clients:\n  - url: https://logs.acme.io/loki/api/v1/push\n    basic_auth:\n      username: promtail\n      password: {v}",
    '  wifis:\n    wlp2s0:\n      access-points:\n        "AcmeOffice":\n          password: "{v}"',
    "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: acme/api\n      username: acmeci\n"
    "      password: {v}",
    "variables:\n  - name: sqlAdminPassword\n    value: '{v}'",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-infra\n  labels:\n"
    "    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.acme.io/ops/infra.git\n"
    "  username: argocd\n  password: {v}",
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ldap-bind\nstringData:\n  LDAP_BIND_PASSWORD: "{v}"',
    '    14\t  "game_password": "{v}",\n    15\t  "require_user_verification": true,',
    '{{\n    "name": "staging",\n    "host": "web01.acme.io",\n    "protocol": "sftp",\n    "username": "deploy",\n'
    '    "password": "{v}",\n    "remotePath": "/var/www/site"\n}}',
    '      "communicator": "winrm",\n      "winrm_username": "Administrator",\n      "winrm_password": "{v}",',
    '{{"type":"tool_result","content":"     9\\tquarkus.datasource.password={v}\\n    10\\tquarkus.hibernate-orm.log.sql=false"}}',
    '{{"output": "{{\\"username\\": \\"svc-ci\\", \\"password\\": \\"{v}\\"}}", "exit_code": 0}}',
    '[[outputs.mqtt]]\n  servers = ["tcp://broker.acme.io:1883"]\n  topic_prefix = "telegraf"\n  username = "telegraf"\n'
    '  password = "{v}"',
    '  setup: {{\n    admin_username: "ops"\n    admin_password: "{v}"\n    site_name: "Acme Forum"\n  }}',
    '[mysqldump]\nuser=backup\npassword="{v}"\nsingle-transaction',
    "mysqli.default_user = shop\nmysqli.default_pw = {v}",
    "[options]\nadmin_passwd = {v}\ndb_host = db\ndb_port = 5432",
    '"shop" "{v}"\n"metabase" "md5d41d8cd98f00b204e9800998ecf8427e"',
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=ops\npassword={v}",
    "[auth]\nacme.prefix = hg.acme.io\nacme.username = ci\nacme.password = {v}",
    'Director {{\n  Name = backup-dir\n  Password = "{v}"\n}}',
    "%prod.quarkus.datasource.username=shop\n%prod.quarkus.datasource.password={v}",
    "    31\trcon.password={v}\n    32\trcon.port=25575",
    "RELEASE_STORE_FILE=upload.jks\nRELEASE_STORE_PASSWORD={v}\nRELEASE_KEY_ALIAS=upload",
    'slick.dbs.default.db.password = "{v}"',
    '<datasource jndi-name="java:/ShopDS" pool-name="ShopDS">\n  <security user-name="sa" password="{v}"/>\n</datasource>',
    "<Server><Host>ftp.acme.io</Host><Port>21</Port><User>deploy</User><Pass>{v}</Pass></Server>",
    '<add name="ShopDb" connectionString="Data Source=sql01;Initial Catalog=Shop;User Id=shop_app;Password={v};" '
    'providerName="System.Data.SqlClient" />',
    '<target xsi:type="Mail" name="ops" smtpServer="smtp.acme.io" smtpUserName="alerts" smtpPassword="{v}" />',
    "<icecast>\n  <authentication>\n    <source-password>{v}</source-password>\n  </authentication>\n</icecast>",
    'resource "mongodbatlas_database_user" "app" {{\n  username           = "app"\n  password           = "{v}"\n'
    '  auth_database_name = "admin"\n}}',
    '     3\tvsphere_user     = "administrator@vsphere.local"\n     4\tvsphere_password = "{v}"',
    '      env {{\n        GOTIFY_DEFAULTUSER_NAME = "ops"\n        GOTIFY_DEFAULTUSER_PASS = "{v}"\n      }}',
    'services.grafana.settings.security.admin_password = "{v}";',
    "mysql::db {{ 'mediawiki':\n  user     => 'wiki',\n  password => '{v}',\n  host     => 'localhost',\n}}",
    "default['acme']['smtp']['password'] = '{v}'",
    "mysql.host: localhost\nmysql.user: root\nmysql.pass: '{v}'",
    "$ ansible-playbook site.yml -i inventories/prod -e 'ansible_become_pass={v}'",
    '  config.vm.communicator = "winrm"\n  config.winrm.password = "{v}"',
    "listen stats\n  bind :8404\n  stats enable\n  stats auth admin:{v}",
    "connection cloud-bridge\naddress mqtt.acme.io:8883\nremote_username edge01\nremote_password {v}",
    "[6001]\ntype=auth\nauth_type=userpass\nusername=6001\npassword={v}",
    "$ sudo cat /etc/openvpn/client/acme.auth\nvpn-ops\n{v}",
    'carol : EAP "{v}"',
    'poll imap.acme.io protocol IMAP user "reports" password "{v}" is ops here',
    "$ sudo cat /etc/rsyncd.secrets\nbackup:{v}",
    "interface=wlan0\nssid=AcmeGuest\nwpa=2\nwpa_passphrase={v}",
    "sentinel monitor shop-redis 10.0.4.11 6379 2\nsentinel auth-pass shop-redis {v}",
    "[murmur]\nport=64738\nserverpassword={v}",
    # game servers
    '$ ./valheim_server.x86_64 -name "Acme Friday" -port 2456 -world Dedicated -password "{v}" -public 0',
    "$ ./srcds_run -game csgo -console +map de_dust2 +rcon_password {v}",
    "$ steamcmd +force_install_dir /srv/palworld +login acmebuilds {v} +app_update 2394010 validate +quit",
    # code literals
    '    private val keystorePassword = "{v}"',
    'let config = MQTTConfiguration(userName: "ios-app", password: "{v}")',
    "const String kSmtpPassword = '{v}';",
    '{{emqx_auth_mnesia, [{{user, <<"edge">>}}, {{password, <<"{v}">>}}]}}.',
    '  , connectPassword = "{v}"',
    'con <- DBI::dbConnect(RMariaDB::MariaDB(), user = "analyst", password = "{v}", dbname = "sales")',
    'local ok, err = red:auth("{v}")',
    "my $dbh = DBI->connect('dbi:Pg:dbname=shop;host=db', 'shop', '{v}', {{ RaiseError => 1 }});",
    "$cfg['Servers'][$i]['password'] = '{v}';",
    'var creds = new NetworkCredential("svc_print", "{v}", "ACME");',
    "wlan.connect('AcmeOffice', '{v}')",
    '#define OTA_PASSWORD "{v}"',
    'ftp = ftplib.FTP_TLS("ftp.acme.io", "deploy", "{v}")',
    "  auth: {{ user: 'noreply@acme.io', pass: '{v}' }},",
    '[SAMKeychain setPassword:@"{v}" forService:@"io.acme.sync" account:@"sync"];',
    'conn.Open "Provider=SQLOLEDB;Data Source=sql01;User ID=report;Password={v};"',
    # SQL and database shells
    "CREATE LOGIN etl_loader WITH PASSWORD = '{v}', CHECK_POLICY = OFF;",
    'SQL> ALTER USER hr IDENTIFIED BY "{v}" ACCOUNT UNLOCK;\n\nUser altered.',
    "cqlsh> CREATE ROLE analytics WITH PASSWORD = '{v}' AND LOGIN = true;",
    "> CREATE USER \"telegraf\" WITH PASSWORD '{v}'",
    'shop> db.createUser({{ user: "reporting", pwd: "{v}", roles: [{{ role: "read", db: "shop" }}] }})',
    '127.0.0.1:6379> CONFIG SET requirepass "{v}"\nOK',
    "DEFINE USER ops ON ROOT PASSWORD '{v}' ROLES OWNER;",
    "mysql> SET PASSWORD FOR 'wp'@'localhost' = '{v}';\nQuery OK, 0 rows affected (0.01 sec)",
    "SQL> CREATE USER etl PASSWORD '{v}';",
    # command-line flags and positional arguments
    '$ mongosh "mongodb://db01:27017/admin" -u root -p {v} --quiet',
    "$ smbclient //fs01/finance -U ops%{v} -c 'ls'",
    "$ xfreerdp /v:rdp01.acme.local /u:ops /p:{v} /cert:ignore",
    "$ ipmitool -I lanplus -H bmc-r12 -U ADMIN -P {v} chassis power status\nChassis Power is on",
    "$ mosquitto_sub -h broker.acme.io -u dashboard -P {v} -t 'plant/+/temp' -v",
    "$ influx setup --username admin --password {v} --org acme --bucket metrics --retention 30d --force",
    "$ lftp -u deploy,{v} sftp://web01.acme.io -e 'mirror -R dist /var/www; quit'",
    "$ ldapsearch -x -H ldap://dc01 -D 'cn=reader,dc=acme,dc=io' -w {v} -b 'dc=acme,dc=io' '(uid=ops)'",
    "$ nmcli dev wifi connect AcmeOffice password {v}",
    "$ keytool -importkeystore -srckeystore upload.p12 -srcstoretype PKCS12 -srcstorepass {v} -destkeystore upload.jks",
    "$ 7z a -p{v} -mhe=on db-dump.7z db-dump.sql",
    '$ rabbitmqctl add_user shop {v}\nAdding user "shop" ...',
    "C:\\> net user svc_backup {v} /add /expires:never\nThe command completed successfully.",
    '$ sqlcmd -S sql01 -U sa -P {v} -Q "SELECT @@VERSION"',
    "$ nats sub 'orders.>' --server nats://nats.acme.io:4222 --user shop --password {v}",
    "$ az vm create -g rg-shop -n jump01 --image Ubuntu2204 --admin-username ops --admin-password '{v}'",
    '$ pg_dump "host=db01 port=5432 dbname=shop user=backup password={v}" -Fc -f shop.dump',
    "$ openssl pkcs12 -in client.p12 -nodes -password pass:{v} -out client.pem",
    "$ svn checkout https://svn.acme.io/repos/legacy --username ci --password {v} --non-interactive",
    "$ rclone config create nas sftp host nas.local user backup pass {v} --obscure",
    "$ mc alias set edge https://s3.edge.acme.io edgeadmin {v}",
    # connection strings and URLs
    "jdbc:sqlserver://sql01:1433;databaseName=Shop;user=app;password={v};encrypt=true",
    "CELERY_BROKER_URL=amqp://shop:{v}@rabbitmq:5672/shop",
    "NATS_URL=nats://orders:{v}@nats.acme.io:4222",
    "  broker_url: mqtts://edge01:{v}@mqtt.acme.io:8883",
    "Driver={{ODBC Driver 18 for SQL Server}};Server=sql01;Database=Shop;UID=report;PWD={v};",
    "CLICKHOUSE_DSN=clickhouse://default:{v}@ch01:9000/analytics?secure=false",
    "sqlalchemy.url = mssql+pyodbc://etl:{v}@shopdsn",
    "DATABASE_URL=ecto://postgres:{v}@localhost/shop_dev",
    "SMTP_URL=smtp://alerts%40acme.io:{v}@smtp.acme.io:587",
    '[remote "origin"]\n\turl = https://ci-bot:{v}@git.acme.io/shop/api.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*',
    "$ curl -T index.html ftp://deploy:{v}@ftp.acme.io/public_html/",
    '  "ConnectionStrings": {{\n    "Default": "Host=pg01;Port=5432;Database=shop;Username=shop;Password={v};SSL Mode=Require"\n  }},',
    # auth tuples and pairs
    'resp = httpx.get(url, auth=httpx.DigestAuth("admin", "{v}"))',
    'session.auth = HTTPBasicAuth("grafana-sync", "{v}")',
    'req.SetBasicAuth("prom", "{v}")',
    "$ http -a admin:{v} POST :8080/api/reload",
    "$ curl -s --user 'elastic:{v}' https://es01:9200/_cluster/health",
    "> GET /service/rest/v1/status HTTP/1.1\n> Host: nexus.acme.io\n> Authorization: Basic {b}\n> Accept: */*",
    # logs, test output, docker inspect, REPLs
    '        "Env": [\n            "KC_DB_USERNAME=keycloak",\n            "KC_DB_PASSWORD={v}",\n'
    '            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"',
    "2024-05-03T10:12:44.1234567Z + sshpass -p '{v}' scp dist.tar.gz deploy@web01:/srv/releases/",
    "[Pipeline] sh\n+ mvn -B deploy -Dnexus.password={v} -DskipTests",
    "dsn = 'postgresql://ci:{v}@localhost:5432/shop_test'\n\n    def test_migrations(dsn):\n>       conn = psycopg.connect(dsn)",
    'Started POST "/users/sign_in" for 10.0.3.7 at 2024-05-03 10:12:44 +0000\n'
    '  Parameters: {{"user"=>{{"email"=>"ops@acme.io", "password"=>"{v}"}}, "commit"=>"Log in"}}',
    '10.0.3.7 - - [03/May/2024:10:12:44 +0000] "GET /login.php?user=ops&password={v} HTTP/1.1" 302 0',
    "irb(main):001> ENV['SMTP_PASSWORD'] = '{v}'",
    ">>> conn = pymssql.connect(server='sql01', user='etl', password='{v}', database='Shop')",
    # random keys with no prefix where a token goes
    "$ curl -v https://api.acme.io/v2/orders\n> GET /v2/orders HTTP/2\n> authorization: Bearer {k}\n> user-agent: curl/8.5.0",
    'curl -H "X-Api-Key: {k}" https://ingest.acme.io/v1/events',
    "curl -H 'PRIVATE-TOKEN: {k}' https://git.acme.io/api/v4/projects",
    'curl -s -H "X-Auth-Token: {k}" https://compute.acme.io:8774/v2.1/servers',
    "GET https://api.acme.io/shipping/v1/rates\nOcp-Apim-Subscription-Key: {k}",
    'headers = {{"X-RapidAPI-Key": "{k}", "X-RapidAPI-Host": "weatherapi-com.p.rapidapi.com"}}',
    "$ http GET :8000/api/orders/ 'Authorization: Token {k}'",
    "https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=IBM&apikey={k}",
    "wss://stream.acme.io/v1/ticks?access_token={k}",
    "client = Typesense::Client.new(api_key: '{k}', nodes: [{{ host: 'search.acme.io', port: 443, protocol: 'https' }}])",
    "client = MeiliSearch::Client.new('https://search.acme.io', '{k}')",
    'pc = Pinecone(api_key="{k}")',
    'cloudinary.config(cloud_name="acme", api_key="484939211567831", api_secret="{k}")',
    'bot = lightbulb.BotApp("{k}")',
    "$ ngrok config add-authtoken {k}\nAuthtoken saved to configuration file: /home/ops/.config/ngrok/ngrok.yml",
    "$ cachix authtoken {k}",
    "$ vercel deploy --prod --token {k}",
)


# Each `(name, template, value_of)`: `{v}` the secret the command prints, `{w}` a second draw.
PRINTED_HELD25: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores: the value alone on a line
    (
        "infisical-secrets-get-plain",
        "$ infisical secrets get REDIS_PASSWORD --env=prod --plain\n{v}",
        lambda g: _rand(g, 32),
    ),
    ("bw-get-password", "$ bw get password 'nas admin'\n{v}", lambda g: _rand(g, 18, AN + "*&")),
    ("pass-show-head", "$ pass show infra/routers/edge01 | head -1\n{v}", lambda g: _rand(g, 22, AN + ".,")),
    (
        "kubectl-jsonpath-harbor",
        "$ kubectl -n harbor get secret harbor-core -o jsonpath='{{.data.HARBOR_ADMIN_PASSWORD}}' | base64 -d\n{v}",
        lambda g: _rand(g, 16),
    ),
    (
        "keeper-notation",
        "$ ksm secret notation keeper://3kT9m2pQ/field/password\n{v}",
        lambda g: _rand(g, 20, AN + "@"),
    ),
    (
        "etcdctl-value-only",
        "$ etcdctl get /config/shop/db/password --print-value-only\n{v}",
        lambda g: _rand(g, 24),
    ),
    ("consul-kv-get", "$ consul kv get shop/prod/smtp_password\n{v}", lambda g: _rand(g, 21, AN + "+=")),
    ("redis-get-quoted", '$ redis-cli -h cache GET app:signing_secret\n"{v}"', lambda g: _rand(g, 48, HEX)),
    # first-run, bootstrap and init output
    (
        "code-server-config",
        "$ cat ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:8080\nauth: password\npassword: {v}\ncert: false",
        lambda g: _rand(g, 24, HEX),
    ),
    (
        "awx-admin-go-template",
        "$ kubectl -n awx get secret awx-admin-password -o go-template='{{{{.data.password | base64decode}}}}'\n{v}",
        lambda g: _rand(g, 32),
    ),
    (
        "bitnami-credentials-file",
        "$ sudo cat /home/bitnami/bitnami_credentials\nWelcome to the Bitnami WordPress Stack\n\n"
        "The default username and password is 'user' and '{v}'.",
        lambda g: _rand(g, 12),
    ),
    (
        "pihole-random-password-log",
        "$ docker logs pihole | grep random\n  Assigning random password: {v}",
        lambda g: _rand(g, 8),
    ),
    (
        "ci-review-db-provisioned",
        "Run ./scripts/provision-review.sh 482\n  created database review_pr_482\n  created role review_pr_482 with "
        "password {v}",
        lambda g: _rand(g, 24),
    ),
    # first-run secrets of services that generate their own
    (
        "erlang-cookie-cat",
        "$ sudo cat /var/lib/rabbitmq/.erlang.cookie; echo\n{v}",
        lambda g: _rand(g, 20, string.ascii_uppercase),
    ),
    (
        "livebook-startup-url",
        "[Livebook] Application running at http://localhost:8080/?token={v}",
        lambda g: _rand(g, 32, "abcdefghijklmnopqrstuvwxyz234567"),
    ),
    (
        "digitalocean-one-click-password",
        '$ sudo cat /root/.digitalocean_password\nroot_mysql_pass="{v}"',
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "murmur-superuser-first-start",
        "<W>2024-05-03 10:12:44.123 1 => Password for 'SuperUser' set to '{v}'",
        lambda g: _rand(g, 12),
    ),
    (
        "teamspeak-first-start",
        "ts3server  | ------------------------------------------------------------------\n"
        "ts3server  |                       I M P O R T A N T\n"
        'ts3server  |          loginname= "serveradmin", password= "{v}"\n'
        "ts3server  |       token={w}",
        lambda g: _rand(g, 8),
    ),
    (
        "debian-cnf-grep",
        "$ sudo grep password /etc/mysql/debian.cnf\npassword = {v}\npassword = {v}",
        lambda g: _rand(g, 16),
    ),
    ("bw-generate", "$ bw generate -ulns --length 24\n{v}", lambda g: _rand(g, 24, AN + "!@#$%^&*")),
    (
        "pgpool-pool-passwd",
        "$ sudo cat /etc/pgpool2/pool_passwd\nshop:{v}",
        lambda g: "AES" + _b64(g, 24) + "==",
    ),
    (
        "palworld-settings-grep",
        '$ grep -o \'AdminPassword="[^"]*"\' Pal/Saved/Config/LinuxServer/PalWorldSettings.ini\nAdminPassword="{v}"',
        lambda g: _rand(g, 14),
    ),
    # tokens that CLIs display
    (
        "particle-token-create",
        "$ particle token create --never-expires\nNew access token never expires\n    {v}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "linode-token-create",
        "$ linode-cli profile token-create --label ci --text --no-headers --format token\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "ibmcloud-api-key-create",
        "$ ibmcloud iam api-key-create ci-key -d 'ci' --output json | jq -r .apikey\n{v}",
        lambda g: _rand(g, 44, B64URL),
    ),
    (
        "hex-user-key-generate",
        "$ mix hex.user key generate --key-name ci --permission api:write\nGenerated key: {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    # generated passwords and keys
    ("pwgen-secure-symbols", "$ pwgen -sy 24 1\n{v}", lambda g: _rand(g, 24, AN + "!#%&*?")),
    ("urandom-base64", "$ head -c 48 /dev/urandom | base64\n{v}", lambda g: _b64(g, 64)),
    (
        "powershell-generate-password",
        "PS> [System.Web.Security.Membership]::GeneratePassword(20, 4)\n{v}",
        lambda g: _rand(g, 20, AN + "!@#$%^&*()"),
    ),
    # REPL and debugger answers
    (
        "django-shell-setting",
        ">>> settings.EMAIL_HOST_PASSWORD\n'{v}'",
        lambda g: _rand(g, 16, "abcdefghijklmnopqrstuvwxyz"),
    ),
    ("iex-get-env", 'iex(1)> System.get_env("SMTP_PASS")\n"{v}"', lambda g: _rand(g, 20)),
    ("deno-repl-env", '> Deno.env.get("BUNNY_STORAGE_PASSWORD")\n"{v}"', lambda g: _uuid(g) + "-" + _rand(g, 4, HEX)),
    ("julia-env-pgpassword", 'julia> ENV["PGPASSWORD"]\n"{v}"', lambda g: _rand(g, 18)),
    ("r-sys-getenv", '> Sys.getenv("SNOWFLAKE_PWD")\n[1] "{v}"', lambda g: _rand(g, 22, AN + "!")),
    ("gdb-print-string", '(gdb) p cfg->mqtt_pass\n$1 = 0x5555555592a0 "{v}"', lambda g: _rand(g, 14)),
    ("jshell-getenv", 'jshell> System.getenv("KEYSTORE_PASS")\n$1 ==> "{v}"', lambda g: _rand(g, 18, AN + "$")),
    ("pdb-print-attr", "(Pdb) p self.api_secret\n'{v}'", lambda g: _rand(g, 40)),
    ("php-laravel-app-key", "php > echo getenv('APP_KEY');\nbase64:{v}", lambda g: _b64(g, 43) + "="),
    (
        "pytest-rotation-failure",
        "FAILED tests/test_client.py::test_token_rotates - AssertionError: expected a new token, got '{v}'",
        lambda g: _rand(g, 40),
    ),
    # password hashes
    (
        "getent-shadow-sha512",
        "$ sudo getent shadow deploy\ndeploy:{v}:19800:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "htpasswd-apr1-cat",
        "$ cat /etc/nginx/.htpasswd\nadmin:{v}",
        lambda g: "$apr1$" + _rand(g, 8, CRYPT) + "$" + _rand(g, 22, CRYPT),
    ),
    (
        "doveadm-blf-crypt",
        "$ doveadm pw -s BLF-CRYPT\nEnter new password: \nRetype new password: \n{{BLF-CRYPT}}{v}",
        lambda g: "$2y$05$" + _rand(g, 53, CRYPT),
    ),
    (
        "slappasswd-interactive",
        "$ slappasswd\nNew password: \nRe-enter new password: \n{{SSHA}}{v}",
        lambda g: _b64(g, 32),
    ),
    (
        "caddy-hash-password",
        "$ caddy hash-password\nEnter password: \nConfirm password: \n{v}",
        lambda g: "$2a$14$" + _rand(g, 53, CRYPT),
    ),
    (
        "grub-mkpasswd-pbkdf2",
        "$ grub-mkpasswd-pbkdf2\nEnter password: \nReenter password: \nPBKDF2 hash of your password is {v}",
        lambda g: (
            "grub.pbkdf2.sha512.10000." + _rand(g, 128, "0123456789ABCDEF") + "." + _rand(g, 128, "0123456789ABCDEF")
        ),
    ),
    (
        "django-user-password-hash",
        '$ python manage.py shell -c "from django.contrib.auth.models import User; '
        "print(User.objects.get(username='admin').password)\"\n{v}",
        lambda g: "pbkdf2_sha256$870000$" + _rand(g, 22) + "$" + _b64(g, 43) + "=",
    ),
    (
        "rabbitmq-definitions-user-object",
        '    {{\n      "name": "shop",\n      "password_hash": "{v}",\n      "hashing_algorithm": '
        '"rabbit_password_hashing_sha256",\n      "tags": ["management"]\n    }}',
        lambda g: _b64(g, 48),
    ),
    (
        "authelia-users-argon2",
        '     5\t  ops:\n     6\t    displayname: "Ops"\n     7\t    password: "{v}"',
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _b64(g, 22) + "$" + _b64(g, 43),
    ),
    (
        "mkpasswd-yescrypt",
        "$ mkpasswd -m yescrypt\nPassword: \n{v}",
        lambda g: "$y$j9T$" + _rand(g, 22, CRYPT) + "$" + _rand(g, 43, CRYPT),
    ),
    # Microsoft's identifiable keys outside connection strings; vendors' formats with no rule
    (
        "azure-named-key-credential-storage",
        'credential = AzureNamedKeyCredential("acmeshopdata", "{v}")',
        lambda g: _b64(g, 76) + "+ASt" + _b64(g, 5) + "Q==",
    ),
    (
        "cosmos-client-credential",
        'client = CosmosClient("https://acme-shop.documents.azure.com:443/", credential="{v}")',
        lambda g: _b64(g, 76) + "ACDb" + _b64(g, 5) + "w==",
    ),
    (
        "search-client-key-credential",
        'search = SearchClient(endpoint, "products", AzureKeyCredential("{v}"))',
        lambda g: _rand(g, 42) + "AzSe" + _rand(g, 6),
    ),
    (
        "function-key-url-query",
        '$ curl -s "https://acme-fn.azurewebsites.net/api/orders?code={v}"',
        lambda g: _rand(g, 44, B64URL) + "AzFu" + _rand(g, 5, B64URL) + "A==",
    ),
    (
        "azure-redis-cli-a",
        "$ redis-cli -h acme.redis.cache.windows.net -p 6380 --tls -a {v} PING\nPONG",
        lambda g: _b64(g, 33) + "AzCaB" + _b64(g, 5) + "=",
    ),
    (
        "eventhub-named-key-credential",
        'producer = EventHubProducerClient(fully_qualified_namespace="acme.servicebus.windows.net", '
        'eventhub_name="clicks", credential=AzureNamedKeyCredential("send", "{v}"))',
        lambda g: _b64(g, 33) + "+AEhA" + _b64(g, 5) + "=",
    ),
    (
        "apim-key-curl-header",
        '$ curl https://api.acme.io/orders/v1/ -H "Ocp-Apim-Subscription-Key: {v}"',
        lambda g: _b64(g, 76) + "APIM" + _b64(g, 5) + "g==",
    ),
    (
        "text-analytics-key-credential",
        'client = TextAnalyticsClient(endpoint="https://acme-lang.cognitiveservices.azure.com/", '
        'credential=AzureKeyCredential("{v}"))',
        lambda g: _rand(g, 52) + "JQQJ99AB" + _rand(g, 12) + "AAABACOG" + _rand(g, 4),
    ),
    (
        "servicebus-key-second-positional",
        "$ ./sbsend.sh acme-shop.servicebus.windows.net {v} orders < order.json",
        lambda g: _b64(g, 33) + "+ASbA" + _b64(g, 5) + "=",
    ),
    (
        "pusher-secret-kwarg",
        "pusher_client = pusher.Pusher(app_id='1789012', key='a1b2c3d4e5f6a7b8c9d0', secret='{v}', cluster='eu')",
        lambda g: _rand(g, 20, HEX),
    ),
    (
        "tmdb-url-query",
        "$ curl 'https://api.themoviedb.org/3/movie/550?api_key={v}&language=en-US'",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "newsapi-url-query",
        "GET https://newsapi.org/v2/top-headlines?country=no&apiKey={v} 200 OK",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "etherscan-url-query",
        "https://api.etherscan.io/api?module=account&action=balance&address=0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe"
        "&tag=latest&apikey={v}",
        lambda g: _rand(g, 34, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    ),
    (
        "twilio-client-second-positional",
        'client = Client("AC3f1b2c4d5e6f708192a3b4c5d6e7f809", "{v}")',
        lambda g: _rand(g, 32, HEX),
    ),
    ("apprise-pushover-url", "$ apprise -vv -b 'deploy done' 'pover://{w}@{v}'", lambda g: _rand(g, 30, LOWER_DIGITS)),
    (
        "sentry-cli-auth-token-flag",
        "$ sentry-cli --auth-token {v} releases new shop@1.4.2",
        lambda g: _rand(g, 64, HEX),
    ),
)


BENIGN_HELD25 = (
    # the positions' syntaxes with a placeholder, a reference, a lookup or nothing in place of the value
    "     4\tMEILI_ENV=development\n     5\tMEILI_MASTER_KEY=",
    "    12\tPAPERLESS_DBPASS=${PAPERLESS_DBPASS:?set it in .env.local}\n    13\tPAPERLESS_DBHOST=db",
    "diff --git a/compose/.env b/compose/.env\n@@ -2,3 +2,3 @@\n SEAFILE_ADMIN_EMAIL=ops@acme.io\n"
    "-SEAFILE_ADMIN_PASSWORD=changeme\n+SEAFILE_ADMIN_PASSWORD=",
    "set -gx TYPESENSE_API_KEY (op read op://Dev/typesense/credential)",
    "set -Ux WIKIJS_DB_PASS_FILE ~/.config/wikijs/db-pass",
    "PS C:\\build> $env:PROGET_API_KEY = $env:PROGET_API_KEY_FROM_PIPELINE",
    "PS> [Environment]::SetEnvironmentVariable('SEQ_ADMIN_PASSWORD', $null, 'Machine')",
    "C:\\inetpub> set UMBRACO_DB_PASSWORD=%UMBRACO_DB_PASSWORD_VAULT%",
    "[Service]\nEnvironmentFile=/etc/vaultwarden/env\nExecStart=/usr/bin/vaultwarden",
    "[Service]\nUser=www-data\nLoadCredential=nextcloud-admin:/etc/credstore/nextcloud-admin",
    'readonly JIRA_DB_PASSWORD="$(systemd-creds cat jira-db)"',
    "setenv ZABBIX_DB_PASSWORD `cat /etc/zabbix/.dbpass`",
    "$env.ARANGO_ROOT_PASSWORD = (open ~/.config/arango/root | str trim)",
    "KOPIA_PASSWORD_FILE=/etc/kopia/repo-pass kopia snapshot create /srv/data",
    "$ docker run -d --name graph -e NEO4J_AUTH=none -p 7474:7474 -p 7687:7687 neo4j:5",
    "$ docker exec -it pgadmin env | grep DEFAULT\nPGADMIN_DEFAULT_EMAIL=ops@acme.io\nPGADMIN_DEFAULT_PASSWORD_FILE=/run/secrets/pgadmin",
    "    21\t      - COUCHDB_USER=admin\n    22\t      - COUCHDB_PASSWORD=${COUCHDB_PASSWORD}",
    "$ heroku config:unset MAILGUN_SMTP_PASSWORD -a acme-shop",
    "$ fly secrets list -a acme-cms\nNAME                    DIGEST                  CREATED AT\nDIRECTUS_ADMIN_PASSWORD 8c1f0e6a4b2d9e37        2h ago",
    "$ gh secret set SFTP_DEPLOY_PASSWORD --repo acme/site < /dev/stdin",
    "$ gh secret list --repo acme/site\nSFTP_DEPLOY_PASSWORD  Updated 2024-05-03",
    "    33\tmqtt:\n    34\t  base_topic: zigbee2mqtt\n    35\t  user: '!secret mqtt_user'\n    36\t  password: '!secret mqtt_password'",
    "esphome:\n  name: greenhouse-01\nota:\n  - platform: esphome\n    password: !secret ota_password",
    "mongodb:\n  architecture: replicaset\n  auth:\n    rootUser: root\n    existingSecret: mongodb-root",
    "clients:\n  - url: https://logs.acme.io/loki/api/v1/push\n    basic_auth:\n      username: promtail\n"
    "      password_file: /etc/promtail/loki-pass",
    '  wifis:\n    wlp2s0:\n      access-points:\n        "AcmeOffice":\n          auth:\n            key-management: eap\n'
    "            method: peap",
    "steps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: acme/api\n      username: acmeci\n"
    "      password:\n        from_secret: docker_password",
    "variables:\n  - group: shop-prod-secrets\n  - name: sqlAdminLogin\n    value: sqladmin",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-infra\nstringData:\n  url: https://git.acme.io/ops/infra.git\n"
    "  sshPrivateKeySecret: repo-infra-key",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ldap-bind\ntype: Opaque\ndata: {}",
    '    14\t  "game_password": "",\n    15\t  "require_user_verification": true,',
    '{\n    "name": "staging",\n    "host": "web01.acme.io",\n    "protocol": "sftp",\n    "username": "deploy",\n'
    '    "privateKeyPath": "~/.ssh/id_ed25519",\n    "remotePath": "/var/www/site"\n}',
    '      "communicator": "winrm",\n      "winrm_username": "Administrator",\n      "winrm_password": "{{ user `winrm_password` }}",',
    '{"type":"tool_result","content":"     9\\tquarkus.datasource.password=${DB_PASSWORD}\\n    10\\tquarkus.hibernate-orm.log.sql=false"}',
    '{"output": "{\\"username\\": \\"svc-ci\\", \\"password\\": null}", "exit_code": 0}',
    '[[outputs.mqtt]]\n  servers = ["tcp://broker.acme.io:1883"]\n  topic_prefix = "telegraf"\n  username = "telegraf"\n'
    '  password = "${MQTT_PASSWORD}"',
    '  setup: {\n    admin_username: "ops"\n    admin_password: "${LEMMY_ADMIN_PASSWORD}"\n    site_name: "Acme Forum"\n  }',
    "[mysqldump]\nuser=backup\nquick\nsingle-transaction\nmax_allowed_packet=64M",
    "mysqli.default_user =\nmysqli.default_pw =",
    "[options]\nadmin_passwd = False\nlist_db = False\ndb_host = db",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=ops\npassword=%(ENV_SUPERVISOR_PASSWORD)s",
    "[auth]\nacme.prefix = hg.acme.io\nacme.username = ci\nacme.schemes = https",
    'Director {\n  Name = backup-dir\n  Password = "@/etc/bacula/dir-password"\n}',
    "%prod.quarkus.datasource.username=shop\n%prod.quarkus.datasource.password=${QUARKUS_DATASOURCE_PASSWORD}",
    "sasl.mechanism=SCRAM-SHA-512\nsecurity.protocol=SASL_SSL\nsasl.jaas.config=${file:/etc/kafka/secrets.properties:jaas}",
    "    31\trcon.password=\n    32\trcon.port=25575\n    33\tenable-rcon=false",
    "RELEASE_STORE_FILE=upload.jks\nRELEASE_STORE_PASSWORD=\nRELEASE_KEY_ALIAS=upload",
    "slick.dbs.default.db.password = ${?DB_PASSWORD}",
    '<simpleAuthenticationUser username="admin" password="${activemq.password}" groups="admins,everyone"/>',
    '<datasource jndi-name="java:/ShopDS" pool-name="ShopDS">\n  <security>\n    <credential-reference store="vault" '
    'alias="shop-ds"/>\n  </security>\n</datasource>',
    '<Server><Host>ftp.acme.io</Host><Port>21</Port><User>deploy</User><Pass encoding="crypt"/></Server>',
    '<add name="ShopDb" connectionString="Data Source=sql01;Initial Catalog=Shop;Integrated Security=SSPI;" '
    'providerName="System.Data.SqlClient" />',
    '<target xsi:type="Mail" name="ops" smtpServer="smtp.acme.io" smtpUserName="alerts" smtpPassword="${environment:SMTP_PASS}" />',
    "<icecast>\n  <authentication>\n    <source-password>hackme</source-password>\n  </authentication>\n</icecast>",
    'resource "mongodbatlas_database_user" "app" {\n  username           = "app"\n  password           = var.atlas_app_password\n'
    '  auth_database_name = "admin"\n}',
    '     3\tvsphere_user     = "administrator@vsphere.local"\n     4\tvsphere_password = ""',
    '      template {\n        data        = "GOTIFY_DEFAULTUSER_PASS={{ with secret \\"kv/gotify\\" }}{{ .Data.data.pass }}{{ end }}"\n'
    '        destination = "secrets/env"\n        env         = true\n      }',
    'services.grafana.settings.security.admin_password = "$__file{/run/agenix/grafana-admin}";',
    "mysql::db { 'mediawiki':\n  user     => 'wiki',\n  password => lookup('mediawiki::db_password'),\n  host     => 'localhost',\n}",
    "default['acme']['smtp']['password'] = data_bag_item('smtp', 'noreply')['password']",
    "mysql.host: localhost\nmysql.user: root\nmysql.pass: {{ salt['vault'].read_secret('mysql/root')['pass'] }}",
    "$ ansible-playbook site.yml -i inventories/prod --ask-become-pass",
    '  config.vm.communicator = "winrm"\n  config.winrm.password = ENV.fetch("WINRM_PASSWORD")',
    "listen stats\n  bind :8404\n  stats enable\n  stats uri /stats\n  stats refresh 10s",
    "connection cloud-bridge\naddress mqtt.acme.io:8883\nbridge_certfile /etc/mosquitto/certs/edge01.crt\nbridge_keyfile /etc/mosquitto/certs/edge01.key",
    "[6001]\ntype=aor\nmax_contacts=1\nremove_existing=yes",
    "$ sudo cat /etc/openvpn/client/acme.conf | grep auth\nauth-user-pass /etc/openvpn/client/acme.auth\nauth SHA256",
    "carol@strongswan.org : ECDSA carolKey.pem",
    'poll imap.acme.io protocol IMAP user "reports" passwordfile "/etc/fetchmail/reports.pass" is ops here',
    "$ ls -l /etc/rsyncd.secrets\n-rw------- 1 root root 23 May  3 10:12 /etc/rsyncd.secrets",
    "interface=wlan0\nssid=AcmeGuest\nwpa=2\nwpa_key_mgmt=WPA-PSK\nrsn_pairwise=CCMP",
    "sentinel monitor shop-redis 10.0.4.11 6379 2\nsentinel down-after-milliseconds shop-redis 5000",
    "[murmur]\nport=64738\nserverpassword=\nusers=100",
    '$ ./valheim_server.x86_64 -name "Acme Friday" -port 2456 -world Dedicated -password "$SERVER_PASS" -public 0',
    "$ ./srcds_run -game csgo -console +map de_dust2 +exec server.cfg",
    "$ steamcmd +force_install_dir /srv/palworld +login anonymous +app_update 2394010 validate +quit",
    '    private val keystorePassword = System.getenv("KEYSTORE_PASSWORD") ?: error("KEYSTORE_PASSWORD unset")',
    'let config = MQTTConfiguration(userName: "ios-app", password: Keychain.shared["mqtt-password"])',
    "const String kSmtpPassword = String.fromEnvironment('SMTP_PASSWORD');",
    '  , connectPassword = ""',
    'con <- DBI::dbConnect(RMariaDB::MariaDB(), user = "analyst", password = keyring::key_get("sales-db"), dbname = "sales")',
    'local ok, err = red:auth(os.getenv("REDIS_PASSWORD"))',
    "my $dbh = DBI->connect('dbi:Pg:dbname=shop;host=db', 'shop', $ENV{SHOP_DB_PASS}, { RaiseError => 1 });",
    "$cfg['Servers'][$i]['password'] = '';\n$cfg['Servers'][$i]['auth_type'] = 'cookie';",
    "var creds = CredentialCache.DefaultNetworkCredentials;",
    '        return new PasswordAuthentication(props.getProperty("mail.user"), props.getProperty("mail.pass").toCharArray());',
    "wlan.connect(secrets['ssid'], secrets['password'])",
    '#define OTA_PASSWORD_HASH_ALGO "sha256"\n#define OTA_PORT 3232',
    'ftp = ftplib.FTP_TLS("ftp.acme.io")\nftp.login(user, getpass.getpass())',
    "  auth: { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS },",
    'conn.Open "Provider=SQLOLEDB;Data Source=sql01;Integrated Security=SSPI;"',
    "CREATE LOGIN [ACME\\etl_loader] FROM WINDOWS WITH DEFAULT_DATABASE = Shop;",
    "SQL> ALTER USER hr ACCOUNT UNLOCK;\n\nUser altered.",
    "cqlsh> CREATE ROLE analytics WITH LOGIN = true AND SUPERUSER = false;",
    "ALTER USER loader SET RSA_PUBLIC_KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAy8Dbv8prpJ/0kKhlGeJY';",
    "> SHOW USERS\nuser     admin\n----     -----\ntelegraf false",
    'shop> db.createUser({ user: "reporting", pwd: passwordPrompt(), roles: [{ role: "read", db: "shop" }] })',
    '127.0.0.1:6379> CONFIG GET maxmemory-policy\n1) "maxmemory-policy"\n2) "allkeys-lru"',
    "mysql> SELECT user, host, plugin FROM mysql.user WHERE user = 'wp';",
    '$ mongosh "mongodb://db01:27017/admin" -u root -p --quiet\nEnter password: ',
    "$ smbclient //fs01/finance -A ~/.smbcredentials -c 'ls'",
    "$ xfreerdp /v:rdp01.acme.local /u:ops /from-stdin /cert:ignore",
    "$ ipmitool -I lanplus -H bmc-r12 -U ADMIN -E chassis power status\nChassis Power is on",
    "$ mosquitto_sub -h broker.acme.io --cafile ca.crt --cert dash.crt --key dash.key -t 'plant/+/temp' -v",
    "$ influx setup --username admin --org acme --bucket metrics --retention 30d",
    "$ lftp -u deploy, sftp://web01.acme.io -e 'mirror -R dist /var/www; quit'",
    "$ ldapsearch -x -H ldap://dc01 -D 'cn=reader,dc=acme,dc=io' -y /etc/ldap/reader.pass -b 'dc=acme,dc=io' '(uid=ops)'",
    "$ nmcli dev wifi connect AcmeOffice --ask",
    "$ keytool -list -v -keystore upload.jks -storepass:env STORE_PASS",
    "$ 7z a -p -mhe=on db-dump.7z db-dump.sql",
    "$ rabbitmqctl list_users\nListing users ...\nuser\ttags\nshop\t[management]\nguest\t[administrator]",
    "C:\\> net user svc_backup /active:no\nThe command completed successfully.",
    '$ sqlcmd -S sql01 -E -Q "SELECT @@VERSION"',
    "$ nats sub 'orders.>' --server nats://nats.acme.io:4222 --creds ~/.nkeys/shop.creds",
    "$ az vm create -g rg-shop -n jump01 --image Ubuntu2204 --admin-username ops --generate-ssh-keys",
    '$ pg_dump "host=db01 port=5432 dbname=shop user=backup sslmode=verify-full" -Fc -f shop.dump',
    "$ openssl pkcs12 -in client.p12 -nodes -password env:P12_PASS -out client.pem",
    "$ rclone config create nas sftp host nas.local user backup key_file ~/.ssh/nas_ed25519",
    "$ mc alias set edge https://s3.edge.acme.io $MC_ACCESS_KEY $MC_SECRET_KEY",
    "jdbc:sqlserver://sql01:1433;databaseName=Shop;integratedSecurity=true;encrypt=true",
    "CELERY_BROKER_URL=amqp://guest:guest@localhost:5672//",
    "NATS_URL=nats://nats.acme.io:4222",
    "  broker_url: mqtts://mqtt.acme.io:8883",
    "Driver={ODBC Driver 18 for SQL Server};Server=sql01;Database=Shop;Trusted_Connection=yes;",
    "CLICKHOUSE_DSN=clickhouse://default:@ch01:9000/analytics?secure=false",
    "sqlalchemy.url = mssql+pyodbc://@shopdsn",
    "DATABASE_URL=ecto://postgres:postgres@localhost/shop_dev",
    "SMTP_URL=smtp://smtp.acme.io:587",
    '[remote "origin"]\n\turl = https://git.acme.io/shop/api.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*',
    "$ curl --netrc -T index.html ftp://ftp.acme.io/public_html/",
    '  "ConnectionStrings": {\n    "Default": "Host=pg01;Port=5432;Database=shop;Username=shop;Password=<from key vault>;SSL Mode=Require"\n  },',
    "resp = httpx.get(url, auth=httpx.DigestAuth(user, getpass.getpass()))",
    'session.auth = HTTPBasicAuth(os.environ["GRAFANA_USER"], os.environ["GRAFANA_PASS"])',
    "req.SetBasicAuth(cfg.User, cfg.Password)",
    "$ http -a admin POST :8080/api/reload\nhttp: password for admin@localhost:8080:",
    "$ curl -s --user 'elastic:$ELASTIC_PASSWORD' https://es01:9200/_cluster/health",
    "> GET /service/rest/v1/status HTTP/1.1\n> Host: nexus.acme.io\n> User-Agent: curl/8.5.0\n> Accept: */*",
    '        "Env": [\n            "KC_DB_USERNAME=keycloak",\n            "KC_DB_PASSWORD_FILE=/run/secrets/kc_db",\n'
    '            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"',
    "2024-05-03T10:12:44.1234567Z + scp -i /home/runner/.ssh/deploy_key dist.tar.gz deploy@web01:/srv/releases/",
    "[Pipeline] sh\n+ mvn -B deploy -s ****/settings.xml -DskipTests",
    "dsn = 'postgresql://ci@localhost:5432/shop_test'\n\n    def test_migrations(dsn):\n>       conn = psycopg.connect(dsn)",
    'Started POST "/users/sign_in" for 10.0.3.7 at 2024-05-03 10:12:44 +0000\n'
    '  Parameters: {"user"=>{"email"=>"ops@acme.io", "password"=>"[FILTERED]"}, "commit"=>"Log in"}',
    '10.0.3.7 - - [03/May/2024:10:12:44 +0000] "GET /login.php?user=ops&next=%2Fdashboard HTTP/1.1" 200 5120',
    "irb(main):001> ENV.fetch('SMTP_PASSWORD', nil)\n=> nil",
    ">>> conn = pymssql.connect(server='sql01', user='etl', password=os.environ['MSSQL_PASS'], database='Shop')",
    # prose, headers and tokens named but not given
    "Send the key in the `X-Api-Key` header; requests without it get a 401.",
    "$ curl -v https://api.acme.io/v2/orders\n> GET /v2/orders HTTP/2\n> authorization: Bearer $ACME_TOKEN\n> user-agent: curl/8.5.0",
    'curl -H "X-Api-Key: <your ingest key>" https://ingest.acme.io/v1/events',
    'curl -H "PRIVATE-TOKEN: $GITLAB_TOKEN" https://git.acme.io/api/v4/projects',
    'curl -s -H "X-Auth-Token: $(openstack token issue -f value -c id)" https://compute.acme.io:8774/v2.1/servers',
    "GET https://api.acme.io/shipping/v1/rates\nOcp-Apim-Subscription-Key: {{apimKey}}",
    'headers = {"X-RapidAPI-Key": os.environ["RAPIDAPI_KEY"], "X-RapidAPI-Host": "weatherapi-com.p.rapidapi.com"}',
    "$ http GET :8000/api/orders/ 'Authorization: Token ${DRF_TOKEN}'",
    "https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=IBM&apikey=demo",
    "wss://stream.acme.io/v1/ticks?access_token=YOUR_ACCESS_TOKEN",
    "client = Typesense::Client.new(api_key: ENV.fetch('TYPESENSE_API_KEY'), nodes: [{ host: 'search.acme.io', port: 443 }])",
    "client = MeiliSearch::Client.new('https://search.acme.io', ENV['MEILI_MASTER_KEY'])",
    'pc = Pinecone(api_key=os.environ.get("PINECONE_API_KEY"))',
    "cloudinary.config(cloudinary_url=os.environ['CLOUDINARY_URL'])",
    'bot = lightbulb.BotApp(os.environ["DISCORD_TOKEN"])',
    "$ ngrok config add-authtoken $NGROK_AUTHTOKEN",
    "$ cachix use acme-shop\nConfigured https://acme-shop.cachix.org binary cache in /etc/nix/nix.conf",
    "$ vercel deploy --prod --token xxx",
    "The bot reads its token from BOT_TOKEN at start-up; pass it with `--env-file`, never on the command line.",
    "Authorization: Bearer <token>",
    "Clients authenticate with `Authorization: Bearer` and a token from `POST /oauth/token`.",
    "Set `X-Auth-Token` to the id that `openstack token issue` prints; it expires after one hour.",
    "The Ocp-Apim-Subscription-Key header is required on every call to the gateway.",
    "# Rotate the Meilisearch master key with `meilisearch --master-key` and restart every client.",
    "Use an app password (Settings > Security > App passwords), not your account password.",
    "Forgot password? Enter your e-mail address and we will send you a reset link.",
    "WARNING: Using a password on the command line interface can be insecure.",
    "Password for user etl: ",
    "sudo: a password is required",
    "ERROR 1045 (28000): Access denied for user 'shop'@'10.0.3.7' (using password: YES)",
    'FATAL:  password authentication failed for user "etl"',
    "Login Succeeded",
    'Error response from daemon: Get "https://registry.acme.io/v2/": unauthorized: incorrect username or password',
    "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.",
    "remote: HTTP Basic: Access denied. The provided password or token is incorrect.",
    "[WARN] rcon: authentication failed from 10.0.3.7 (bad password)",
    # settings whose name holds a secret word and whose value is not a secret
    "PASSWORD_MIN_LENGTH=12",
    "password_hash_algorithm: argon2id",
    "TOKEN_TTL=15m",
    "api_key_header: X-Api-Key",
    "SECRET_KEY_FILE=/run/secrets/django_secret_key",
    'jwt_secret_path = "/etc/acme/jwt.pem"',
    "auth_token_required: false",
    "smtp_password_env: SMTP_PASS",
    "PASSWORD_RESET_TIMEOUT=259200",
    "vault_token_renew_interval: 30m",
    "  tokenSecretRef:\n    name: cloudflare-api-token\n    key: api-token",
    "          valueFrom:\n            secretKeyRef:\n              name: shop-db\n              key: password",
    "ssl_password_file /etc/nginx/ssl/passphrases;",
    "security.password.encoder=bcrypt",
    "    <passwordEncoding>sha256</passwordEncoding>",
    'keyPassword = System.getenv("KEY_PASSWORD")',
    "spring.datasource.password=${DB_PASSWORD:}",
    "OAUTH_TOKEN_URL=https://auth.acme.io/oauth/token",
    "GITHUB_TOKEN_SCOPES=repo,read:org",
    "API_KEY_ROTATION_DAYS=90",
    "session_secret_bytes = 64",
    "credential_process = /usr/local/bin/aws-vault exec shop --json",
    "password_store: keychain",
    "     8\tSECRET_BACKEND=vault\n     9\tSECRET_MOUNT=kv",
    "token_endpoint_auth_method: client_secret_basic",
    "rcon.password.required=true",
    '    "passwordless": true,',
    "KEYSTORE_TYPE=PKCS12",
    "[security]\nadmin_user = admin\ndisable_initial_admin_creation = true",
    # digests, hashes, ids, fixtures, public keys and fingerprints
    "sha256:6c3c624b58dbbcd3c0dd82b4c53f04194d1247c6eebdaab7c610cf7d66709b3b",
    "Digest: sha256:0a41a1414c53b9d3e4d1bc4e4a5c4b3f8c2d9e1f7a6b5c4d3e2f1a0b9c8d7e6f",
    "integrity sha512-Pn3Yy6Zn9dXWeRy8PkSFAhCqEwQGOa7MN5yyXYx1nK2pM1a6y+u7JdXz2r8nJjUHQ5AJh5Wq7Vb0wGy0tK+7Rg==",
    '      "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXGl0HvBGPa6+F3zWDpm1FP8w1Jqg==",',
    "go.sum: golang.org/x/crypto v0.23.0 h1:dIJU/v2J8Mdglj/8rJ6UUOM3Zc9zLZxVZwwxMooUSAI=",
    "commit 3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39\nAuthor: Ops <ops@acme.io>\nDate:   Fri May 3 10:12:44 2024 +0000",
    "Merge: 1a2b3c4 5d6e7f8",
    "HEAD is now at 9e4c2b7 nats: reconnect with jitter",
    "request_id=7b1f3c2e-9a4d-4e8b-b6c1-2d3e4f5a6b7c status=200 duration_ms=41",
    '"correlationId": "c0ffee00-1234-4abc-8def-0123456789ab",',
    "X-Request-Id: 01HX4Q2M7Z9K3T5V8B1N6C0D2F",
    "Trace ID: 4bf92f3577b34da6a3ce929d0e0e4736",
    "  subscription: 8f14e45f-ceea-467f-a8f9-2c3b7d9e1a60\n  tenant: 72f988bf-86f1-41af-91ab-2d7cd011db47",
    'ETag: W/"5e8f1b2c3d4a6b7c"',
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@laptop",
    "256 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 github.com (ED25519)",
    "Key fingerprint = 4AEE 18F8 3AFD EB23 B79D  8A6F 4F4A 4C2B 0F6E 8D1A",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----",
    "RSA key fingerprint is SHA256:3f9KxV2mQ7pL0eR8tY1uI4oP6aS5dF9gH2jK3lZ8xC0.",
    "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMjNuG5N87uRgg6CLrbo5wAdT"
    "/y6v0mKV0U2w0WZ2YB/++Tpockg=",
    '    fixture = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")',
    "  avatar: data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    '    33\t  expected_body: "eyJldmVudCI6Im9yZGVyLmNyZWF0ZWQiLCJpZCI6NDJ9"',
    "pkg:npm/%40acme/shop-client@2.4.1?checksum=sha256:a3f5c9e1b7d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4",
    "Successfully built 8c2e4a7f1b3d\nSuccessfully tagged acme/api:1.4.2",
    "image: ghcr.io/acme/worker@sha256:9b2e7c4f1a8d3e6b0c5f2a9d4e7b1c8f3a6d0e5b2c9f4a7d1e8b3c6f0a5d2e9b",
    '"md5": "9e107d9d372bb6826bd81d3542a419d6",',
    "crc32c=AAAAAA== md5=1B2M2Y8AsgTpgAj9bCbV2w==",
    "AccountKey length check: expected 88 characters, got 0",
    # long identifiers and names
    "com.acme.shop.infrastructure.persistence.jpa.repositories.OrderLineItemRepositoryImpl",
    "AbstractSingletonProxyFactoryBeanDefinitionRegistryPostProcessorAdapter",
    "arn:aws:iam::123456789012:role/service-role/AmazonSageMaker-ExecutionRole-20240503T101244",
    "/subscriptions/8f14e45f-ceea-467f-a8f9-2c3b7d9e1a60/resourceGroups/rg-shop/providers/Microsoft.KeyVault/vaults/kv-shop-prod",
    "projects/acme-shop/secrets/mailer-smtp/versions/7",
    "kv-shop-prod.vault.azure.net/secrets/sql-admin/3e1f0c2b7a6d4e58b9c0a1f2e3d4c5b6",
    "i-0a1b2c3d4e5f67890 sg-0f1e2d3c4b5a69788 subnet-0123456789abcdef0",
    "acme-shop-prod-eu-west-1-terraform-state-lock-table",
    "test_password_reset_email_contains_single_use_link_and_expires_after_three_days PASSED",
    "tests/test_tokens.py::test_refresh_token_rotation_invalidates_previous_token PASSED [ 42%]",
    "FAILED tests/test_auth.py::test_login_rejects_wrong_password - assert 401 == 200",
    "org.apache.kafka.common.security.scram.ScramLoginModule",
    'android:name="com.google.firebase.messaging.default_notification_channel_id"',
    "bundleIdentifier: io.acme.shop.NotificationServiceExtension",
    # commands and output that read secrets without showing them
    "$ kubectl get secret grafana -n monitoring -o jsonpath='{.data}' | jq 'keys'\n[\n  \"admin-password\",\n  \"admin-user\"\n]",
    "$ vault kv metadata get kv/shop/smtp\n======= Metadata =======\nKey                Value\n---                -----\ncurrent_version    4",
    "$ aws secretsmanager describe-secret --secret-id prod/shop/smtp --query 'RotationEnabled'\ntrue",
    "$ doppler secrets --only-names -p shop -c prd\nSMTP_PASSWORD\nREDIS_PASSWORD\nSTRIPE_KEY",
    "$ op item get 'nas admin' --fields label=username\nops",
    "$ az keyvault secret list --vault-name kv-shop-prod --query '[].name' -o tsv\nsql-admin\nsmtp-password",
    "$ bw list items --search nas | jq -r '.[].name'\nnas admin\nnas backup",
    "$ pass ls infra/routers\ninfra/routers\n├── edge01\n└── edge02",
    "$ gcloud secrets versions list mailer-smtp\nNAME  STATE    CREATED\n7     enabled  2024-05-03T10:12:44",
    "$ docker logs rancher 2>&1 | grep -c 'Bootstrap Password'\n0",
    '$ argocd account update-password --account admin --current-password "$OLD" --new-password "$NEW"',
    "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/ :: /home/ops/notebooks",
    "$ cat ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:8080\nauth: none\ncert: false",
    "$ nomad acl token self\nAccessor ID  = 3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b\nSecret ID    = <hidden>\nName         = ci",
    "$ mc admin user svcacct list edge ops\n   Access Key        | Expiry\nQ3AM3UQ867SPQQA43P2F | no-expiry",
    "$ pwgen --help | head -1\nUsage: pwgen [ OPTIONS ] [ pw_length ] [ num_pw ]",
    "$ openssl rand -help 2>&1 | head -2\nUsage: rand [options] num",
    ">>> settings.EMAIL_HOST\n'smtp.acme.io'",
    'iex(2)> System.get_env("MIX_ENV")\n"prod"',
    "irb(main):003> Rails.application.credentials.config.keys\n=> [:secret_key_base, :aws, :stripe]",
    "> process.env.NODE_ENV\n'production'",
    'julia> haskey(ENV, "PGPASSWORD")\ntrue',
    '> Sys.getenv("SNOWFLAKE_ACCOUNT")\n[1] "acme-eu1"',
    "(gdb) p cfg->mqtt_port\n$2 = 8883",
    "(Pdb) p self.api_secret is None\nFalse",
    "php > echo getenv('APP_ENV');\nproduction",
    "$ sudo getent shadow deploy\ndeploy:!:19800:0:99999:7:::",
    "$ sudo getent shadow nobody\nnobody:*:19800:0:99999:7:::",
    "$ cat /etc/nginx/.htpasswd | cut -d: -f1\nadmin\nreports",
    "$ caddy hash-password --help | head -1\nConvenient way to hash a plaintext password.",
    "$ mosquitto_passwd -D /etc/mosquitto/passwd sensor",
    "$ grep -c '^password_pbkdf2' /etc/grub.d/40_custom\n1",
    "shop=# SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname = 'app';\n rolname | rolcanlogin\n---------+------------\n app     | t",
    '"hashing_algorithm": "rabbit_password_hashing_sha256",',
    "     7\t    password_hash_algorithm: argon2id\n     8\t    password_hash_iterations: 3",
    "$ az storage account show -g rg-shop -n acmeshopdata --query allowSharedKeyAccess\nfalse",
    'credential = DefaultAzureCredential()\nclient = CosmosClient("https://acme-shop.documents.azure.com:443/", credential=credential)',
    'search = SearchClient(endpoint, "products", AzureKeyCredential(os.environ["SEARCH_API_KEY"]))',
    '$ curl -s "https://acme-fn.azurewebsites.net/api/orders?code=<function key>"',
    "$ redis-cli -h acme.redis.cache.windows.net -p 6380 --tls --askpass PING\nPlease input password: \nPONG",
    "pusher_client = pusher.Pusher(app_id=os.environ['PUSHER_APP_ID'], key=os.environ['PUSHER_KEY'], "
    "secret=os.environ['PUSHER_SECRET'], cluster='eu')",
    "$ curl 'https://api.themoviedb.org/3/movie/550?api_key=$TMDB_KEY&language=en-US'",
    'client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])',
    "$ sentry-cli releases new shop@1.4.2\nCreated release shop@1.4.2",
    "RCON password is set in server.properties (rcon.password); leave it empty to disable RCON.",
    "Set the OTA password with `ota: password: !secret ota_password` in the device's YAML.",
)
