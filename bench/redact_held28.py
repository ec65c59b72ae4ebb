"""Held-out set 28 for `redact_unseen.py`: sealed, written by an engineer who changed no product
code and never ran redaction on it, to be scored once before anyone reads its misses.

A new draw of the population "redaction that holds on secrets nobody tuned it for" describes,
weighted to the long tail an outside evaluator meets: game servers, IoT firmware consoles,
network gear, mainframe-era and analytic databases, Windows administration, mobile signing,
less common package managers and registries, message brokers, self-hosted apps' first-run
output, password hashes of many schemes, and Microsoft's identifiable keys given to SDKs.

- `POSITIONS_HELD28`: templates with `{v}` (a password a person chose), `{k}` (a random key of
  24-40 alphanumerics with no prefix) or `{b}` (the base64 of `bob:password`), each in a
  position where it is a secret;
- `PRINTED_HELD28`: `(name, template, value_of)`: a secret a command prints or a file holds with
  no name that says so (or a hash), `{v}` the scored secret, `{w}` a second draw;
- `BENIGN_HELD28`: ordinary lines in the same contexts that must come back unchanged.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
UPHEX = "0123456789ABCDEF"
CRYPT = AN + "./"
LOWER_AN = string.ascii_lowercase + string.digits


def _rand(rng: random.Random, n: int, alphabet: str = AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64(rng: random.Random, n: int) -> str:
    return _rand(rng, n, AN + "+/")


def _argon2id_salt_hash(rng: random.Random) -> str:
    return _b64(rng, 22) + "$" + _b64(rng, 43)


def _bcrypt(rng: random.Random, head: str = "$2b$12$") -> str:
    return head + _rand(rng, 53, CRYPT)


_DICEWARE = ("otter", "granite", "velvet", "harbor", "pickle", "zenith", "marble", "quiver", "sprout", "tundra")


POSITIONS_HELD28: tuple[str, ...] = (
    # shells other than bash, and process environments as tools show them
    "$env.PGPASSWORD = '{v}'",
    "setenv MAIL_PASSWORD '{v}'",
    "set E:REDIS_PASSWORD = {v}",
    "set -Ux RESTIC_PASSWORD {v}",
    'declare -x BORG_PASSPHRASE="{v}"',
    "C:\\> net use Z: \\\\nas01\\media {v} /user:ACME\\kodi /persistent:yes",
    'schtasks /create /tn "Nightly ETL" /tr C:\\etl\\run.cmd /sc daily /st 02:00 /ru ACME\\etl /rp {v}',
    'sc.exe config AcmeAgent obj= ".\\svc_agent" password= "{v}"',
    '    13\tEnvironment="MQTT_PASS={v}" "MQTT_HOST=broker.lan"',
    "$ systemctl show grafana-agent -p Environment\nEnvironment=GCLOUD_RW_API_KEY={k} HOSTNAME=edge-3",
    'environment=CELERY_BROKER_PASSWORD="{v}",C_FORCE_ROOT="false"',
    "      env: {{ NODE_ENV: 'production', SESSION_SECRET: '{k}' }},",
    "    <key>KEYCHAIN_PASSWORD</key>\n    <string>{v}</string>",
    "$ p4 set\nP4PASSWD={v} (set)\nP4PORT=ssl:perforce.acme.io:1666 (set)",
    # containers, clusters and platforms
    '            "Env": [\n                "KC_BOOTSTRAP_ADMIN_USERNAME=admin",\n                "KC_BOOTSTRAP_ADMIN_PASSWORD={v}",',
    "podman run --rm -e NEO4J_AUTH=neo4j/{v} -p 7474:7474 docker.io/library/neo4j:5",
    "helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={v} --set auth.database=shop",
    "kubectl set env deployment/payments WEBHOOK_SIGNING_SECRET={k}",
    "echo '{v}' | npx wrangler secret put DB_PASSWORD",
    "az webapp config appsettings set -g shop-rg -n shop-api --settings DB_PASSWORD='{v}' WEBSITES_PORT=8080",
    "printf '%s' '{v}' | docker secret create mysql_root_password -",
    '      - name: CLICKHOUSE_PASSWORD\n        value: "{v}"',
    '        {{"name": "SPRING_DATASOURCE_PASSWORD", "value": "{v}"}},',
    # CI systems
    "java -jar agent.jar -url https://ci.acme.io/ -secret {k} -name linux-07 -workDir /var/lib/jenkins",
    "./config.sh --url https://github.com/acme/shop --token {k} --labels gpu --unattended",
    # configuration of languages, frameworks and apps
    '     4\t  {{password, "{v}"}},',
    'config :shop, Shop.Repo, username: "shop", password: "{v}", hostname: "db", pool_size: 10',
    "mysql::db {{ 'shop': user => 'shop', password => '{v}', host => 'localhost' }}",
    "local db = {{ host = '127.0.0.1', user = 'shop', password = '{v}' }}",
    'let db = {{ host = "db", user = "shop", password = "{v}" }}',
    "$CFG->dbpass    = '{v}';",
    "MB_DB_PASS={v}",
    "LFS_JWT_SECRET = {k}",
    "  smtp_auth_password: '{v}'",
    "[admins]\nadmin = {v}",
    # message brokers
    'authorization {{\n  user: ingest\n  password: "{v}"\n}}',
    "$ cat conf/jetty-realm.properties\n# username: password [,rolename ...]\nadmin: {v}, admin",
    "mosquitto_pub -h broker.lan -p 8883 -u sensor-07 -P '{v}' -t home/garage/door -m open",
    "nats --server nats://ingest:{v}@nats.acme.internal:4222 sub 'orders.>'",
    "celery -A shop worker --broker 'amqp://shop:{v}@rabbitmq:5672/shop' -l info",
    # IoT and home networks
    "wlan.connect('HomeNet-5G', '{v}')",
    "Backlog SSID1 HomeNet; Password1 {v}; MqttUser tasmota",
    '  ap:\n    ssid: "Garage Fallback"\n    password: "{v}"',
    "nmcli device wifi connect 'Office-5G' password '{v}' ifname wlp2s0",
    # network equipment
    "rocommunity {v} 10.0.0.0/8",
    "    stats auth admin:{v}",
    "cache_peer proxy.acme.io parent 3128 0 no-query login=squid:{v}",
    # mail
    "IMAPAccount acme\nHost imap.acme.io\nUser ops@acme.io\nPass {v}",
    "ops:{{PLAIN}}{v}::::::",
    # file transfer, shares, version control
    "$ sudo tail -n 1 /etc/davfs2/secrets\nhttps://dav.acme.io/remote.php/webdav ops {v}",
    "svn checkout https://svn.acme.io/repos/shop/trunk --username ops --password '{v}' --non-interactive",
    "cvs -d :pserver:ops:{v}@cvs.acme.io:2401/cvsroot checkout shop",
    "tf workspace /new /collection:https://tfs.acme.io/tfs/Default /login:ACME\\ops,{v} shop-ws",
    # remote administration
    "ipmitool -I lanplus -H bmc-rack3-07 -U ADMIN -P '{v}' chassis power cycle",
    "racadm -r idrac-db1.acme.lan -u root -p '{v}' serveraction powerstatus",
    "xfreerdp /v:win-build01 /u:ACME\\builder /p:'{v}' /cert:ignore",
    "impacket-secretsdump 'ACME/svc_backup:{v}@10.0.4.12'",
    # databases: clients, SQL, drivers
    "sqlplus etl/{v}@//orcl.acme.lan:1521/SHOPPDB",
    "expdp system/{v}@SHOPPDB schemas=SHOP directory=DP_DIR dumpfile=shop.dmp",
    ".logon tdprod.acme.lan/etl,{v};",
    "CREATE USER MAPPING FOR etl SERVER legacy_mysql OPTIONS (username 'etl', password '{v}');",
    "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @useself = 'FALSE', @rmtuser = N'etl', @rmtpassword = N'{v}';",
    "CREATE SECRET s3_lake (TYPE S3, KEY_ID 'lake-reader', SECRET '{k}', REGION 'eu-west-1');",
    "INSERT INTO mysql_users (username, password, default_hostgroup) VALUES ('shop', '{v}', 10);",
    "conninfo='host=pg-2 user=repmgr dbname=repmgr password={v} connect_timeout=2'",
    "conn = pyodbc.connect('DRIVER={{ODBC Driver 18 for SQL Server}};SERVER=sql01;DATABASE=shop;UID=etl;PWD={v}')",
    "con = cx_Oracle.connect('shop', '{v}', 'orcl.acme.lan/SHOPPDB')",
    'conn.Open "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Shop;User ID=etl;Password={v};"',
    'df = spark.read.format("jdbc").option("url", jdbc_url).option("user", "etl").option("password", "{v}").load()',
    "      prod:\n        type: postgres\n        host: warehouse.acme.lan\n        user: dbt\n        pass: {v}",
    "liquibase --url=jdbc:postgresql://db/shop --username=etl --password='{v}' update",
    # SDKs and libraries in many languages
    'ftp = ftplib.FTP("ftp.acme.io", "edi", "{v}")',
    'let smtp = SMTPConfig(host: "smtp.acme.io", username: "noreply", password: "{v}")',
    "  static const String weatherApiKey = '{k}';",
    "client = QdrantClient(url='https://qdrant.acme.io:6333', api_key='{k}')",
    "await algoliasearch('LX3ZQ8Y1MT', '{k}').initIndex('products').replaceAllObjects(rows);",
    'client.run("{k}", log_handler=None)',
    "mc = Minio('s3.acme.io', access_key='shop-uploader', secret_key='{k}')",
    "ExecStart=/usr/local/bin/ngrok start --all --authtoken {k}",
    # provisioning, images and OS installers
    'provider "proxmox" {{\n  pm_user     = "terraform@pve"\n  pm_password = "{v}"\n}}',
    "d-i passwd/user-password password {v}\nd-i passwd/user-password-again password {v}",
    # game servers
    "mcrcon -H 127.0.0.1 -P 25575 -p '{v}' 'whitelist add alex'",
    './RustDedicated -batchmode +server.port 28015 +rcon.port 28016 +rcon.password "{v}"',
    # mobile builds
    "        storePassword '{v}'\n        keyAlias 'upload'\n        keyPassword '{v}'",
    "MATCH_PASSWORD={v} bundle exec fastlane ios beta",
    "flutter build apk --release --dart-define=PAYMENTS_API_SECRET={k}",
    # package managers and registries
    "conan remote login acme ci -p '{v}'",
    '  npmAuthIdent: "ci:{v}"',
    "//npm.acme.io/:_auth={b}",
    "  - https://conda.acme.io/t/{k}/shop-channel",
    'options(repos = c(ACME = "https://ci:{v}@cran.acme.io/"))',
    "skopeo copy docker://alpine:3.20 docker://registry.acme.io/base/alpine:3.20 --dest-creds ci:{v}",
    # headers, URL queries and bare tokens
    "http POST api.acme.io/v1/refunds order_id=8812 'Authorization:Bearer {k}'",
    '            {{"name": "X-Api-Key", "value": "{k}"}},',
    "grpcurl -H 'authorization: Bearer {k}' api.acme.io:443 shop.v1.Orders/List",
    'req.Header.Set("X-Auth-Token", "{k}")',
    "    proxy_set_header X-Api-Key {k};",
    "GET https://api.openweathermap.org/data/2.5/weather?q=Oslo&units=metric&appid={k}",
    "wss://realtime.acme.io/socket/websocket?vsn=2.0.0&token={k}",
    "Invoke-RestMethod -Uri https://api.acme.io/v2/jobs -Headers @{{ 'X-Api-Key' = '{k}' }}",
    '"auth": {{"type": "bearer", "bearer": [{{"key": "token", "value": "{k}", "type": "string"}}]}}',
    # tool output that carries a line of a file, escaped
    '{{"stdout": "Connecting...\\nexport SFTP_PASSWORD=\'{v}\'\\ndone\\n", "exit_code": 0}}',
    '{{"tool_use_id": "toolu_01", "content": "     3\\tspring.rabbitmq.password={v}\\n     4\\tspring.rabbitmq.host=mq\\n"}}',
    # the long tail: mail transports, PHP apps, JVM servers, network automation, ERP and SaaS
    # SDKs, VoIP, remote desktops, media servers, cloud SDKs of other regions
    "$ sudo cat /etc/exim4/passwd.client\n# target.mail.server.example:login:password\nsmtp.acme.io:ops@acme.io:{v}",
    "$config['des_key'] = '{k}';",
    "$cfg['blowfish_secret'] = '{k}';",
    'play.http.secret.key = "{k}"',
    "wsadmin.sh -lang jython -user wasadmin -password '{v}' -f deploy_shop.py",
    "SENTRY_OPTIONS['system.secret-key'] = '{k}'",
    "add password sw-core-* {{{v}}} {{{v}}}",
    "net_connect = ConnectHandler(device_type='cisco_ios', host='sw-core-1', username='netops', password='{v}', secret='{v}')",
    "device = get_network_driver('ios')('sw-core-1.acme.lan', 'netops', '{v}')",
    "Autologon64.exe kiosk ACME {v} /accepteula",
    "orapwd file=$ORACLE_HOME/dbs/orapwSHOP password={v} entries=10 format=12",
    "basic.auth.credentials.source=USER_INFO\nbasic.auth.user.info=sr-client:{v}",
    "s3.endpoint: https://minio.acme.lan\ns3.access-key: flink\ns3.secret-key: {k}",
    "typesense-server --data-dir=/var/lib/typesense --api-key={k} --enable-cors",
    "jdbc:as400://ibmi01;naming=system;libraries=SHOPLIB;user=ETL;password={v}",
    "sf = Salesforce(username='etl@acme.io', password='{v}', security_token=os.environ['SF_TOKEN'])",
    "zenpy_client = Zenpy(email='ops@acme.io', token='{k}', subdomain='acme')",
    "curl 'https://api.trello.com/1/members/me/boards?key=8a1f3c0d9e2b4f6a7c5d1e3b9f0a2c4d&token={k}'",
    "curl -s https://api.sparkpost.com/api/v1/transmissions -H 'Authorization: {k}' -H 'Content-Type: application/json' -d @mail.json",
    "https://rest.nexmo.com/sms/json?api_key=a1b2c3d4&api_secret={k}&to=4712345678&text=code",
    "curl -s -F 'token={k}' -F 'user=uQiRzpo4DXghDmr9QzzfQu27cmVRsG' -F 'message=backup done' https://api.pushover.net/1/messages.json",
    "curl -H 'X-Gotify-Key: {k}' https://gotify.acme.io/message -F title=deploy -F message=ok",
    "GET https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={k}&steamids=76561197960435530",
    "curl -H 'Client-Id: gp762nuuoqcoxypju8c569th9wz7q5' -H 'Authorization: OAuth {k}' https://id.twitch.tv/oauth2/validate",
    "https://api.map.baidu.com/geocoding/v3/?address=Beijing&output=json&ak={k}",
    'cred = credential.Credential("AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA", "{k}")',
    "client = AcsClient('LTAI5tQ8aB3cD4eF5gH6iJ7k', '{k}', 'cn-hangzhou')",
    "client = ovh.Client(endpoint='ovh-eu', application_key='7kbG7Bk7S9Nt7ZSV', application_secret='{k}', consumer_key=os.environ['OVH_CK'])",
    'self.client.post("/api/login", json={{"username": "load-01", "password": "{v}"}})',
    "[6001]\ntype=auth\nauth_type=userpass\nusername=6001\npassword={v}",
    "kamctl add 1001@sip.acme.io {v}",
    "b2 authorize-account 0012ab34cd56 {k}",
    "ovftool --noSSLVerify shop.ova 'vi://administrator%40vsphere.local:{v}@vcsa.acme.lan/DC1/host/Cluster1/'",
    "sudo teamviewer passwd {v}",
    '<Preferences MachineIdentifier="8f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b" PlexOnlineToken="{k}" FriendlyName="nas01"/>',
    "ControlUsername=nzbget\nControlPassword={v}",
)


def _storage_key(g: random.Random) -> str:
    return _b64(g, 76) + "+ASt" + _b64(g, 5) + g.choice("AQgw") + "=="


def _cosmos_key(g: random.Random) -> str:
    return _b64(g, 76) + "ACDb" + _b64(g, 5) + g.choice("AQgw") + "=="


def _event_hub_key(g: random.Random) -> str:
    return _b64(g, 33) + "+AEh" + _b64(g, 5) + "="


def _function_key(g: random.Random) -> str:
    return _rand(g, 44, AN + "-_") + "AzFu" + _rand(g, 5, AN + "-_") + "=="


def _search_key(g: random.Random) -> str:
    return _rand(g, 42) + "AzSe" + _rand(g, 6)


PRINTED_HELD28: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # self-hosted apps' first-run and reset output
    (
        "argocd-initial-password",
        "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login. "
        "We strongly recommend you update the password using `argocd account update-password`.",
        lambda g: _rand(g, 16, AN + "-"),
    ),
    (
        "elasticsearch-reset-password",
        "$ bin/elasticsearch-reset-password -u elastic -b\nPassword for the [elastic] user successfully reset.\n"
        "New value: {v}",
        lambda g: _rand(g, 20, AN + "*_=+-"),
    ),
    (
        "qbittorrent-temporary",
        "The WebUI administrator username is: admin\nThe WebUI administrator password was not set. "
        "A temporary password is provided for this session: {v}",
        lambda g: _rand(g, 9),
    ),
    (
        "openvpn-as-autogen",
        '2024-05-02T10:02:11+0000 [stdout#info] Auto-generated pass = "{v}". Setting in db...',
        lambda g: _rand(g, 12),
    ),
    (
        "pihole-install-summary",
        "  [i] Pi-hole blocking is enabled\n  [i] View the web interface at http://pi.hole/admin\n\n"
        "  Your Admin Webpage login password is {v}",
        lambda g: _rand(g, 8),
    ),
    (
        "wazuh-install-summary",
        "05/02/2024 10:12:40 INFO: --- Summary ---\n05/02/2024 10:12:40 INFO: You can access the web interface "
        "https://10.0.5.20:443\n    User: admin\n    Password: {v}\n05/02/2024 10:12:40 INFO: Installation finished.",
        lambda g: _rand(g, 32, AN + ".*+?"),
    ),
    (
        "bitnami-credentials-file",
        "$ sudo cat /home/bitnami/bitnami_credentials\nWelcome to the Bitnami WordPress Stack\n\n"
        "The default username and password is 'user' and '{v}'.",
        lambda g: _rand(g, 12),
    ),
    (
        "murmur-superuser-log",
        "<W>2024-05-02 10:01:12.443 1 => Password for 'SuperUser' set to '{v}'",
        lambda g: _rand(g, 12),
    ),
    (
        "teamspeak-first-run",
        "                      I M P O R T A N T\n               Server Query Admin Account created\n"
        '         loginname= "serveradmin", password= "{v}"\n         apikey= "{w}"',
        lambda g: _rand(g, 8),
    ),
    (
        "teamspeak-privilege-key",
        "      ServerAdmin privilege key created, please use it to gain\n"
        "      serveradmin rights for your virtualserver.\n\n       token={v}",
        lambda g: _rand(g, 40, AN + "+"),
    ),
    (
        "minio-startup-banner",
        "MinIO Object Storage Server\nAPI: http://172.17.0.2:9000  http://127.0.0.1:9000\n"
        "   RootUser: shopadmin\n   RootPass: {v}",
        lambda g: _rand(g, 24),
    ),
    (
        "graylog-root-sha2",
        "     9\troot_password_sha2 = {v}",
        lambda g: _rand(g, 64, HEX),
    ),
    # tokens that tools print for joining, enrolling and logging in
    (
        "influx-auth-create",
        "$ influx auth create --org acme --all-access\nID\t\t\tDescription\tToken\t\t\tUser Name\tPermissions\n"
        "0d3f7a9c1b2e4000\t\t\t{v}\tadmin\t\t[read:orgs/9a1b]",
        lambda g: _rand(g, 86, AN + "-_") + "==",
    ),
    (
        "garage-key-create",
        "$ garage key create shop-app\nKey name: shop-app\nKey ID: GK31c2f218a2e44f485b94239e\nSecret key: {v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "mc-svcacct-add",
        "$ mc admin user svcacct add acme shop-uploader\nAccess Key: {w}\nSecret Key: {v}\nExpiration: no-expiry",
        lambda g: _rand(g, 40),
    ),
    # keys and secrets generated at a prompt or REPL
    (
        "wg-showconf",
        "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = {v}\n\n[Peer]\nPublicKey = {w}",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "openvpn-static-key",
        "$ openvpn --genkey secret /dev/stdout\n#\n# 2048 bit OpenVPN static key\n#\n"
        "-----BEGIN OpenVPN Static key V1-----\n{v}\n{w}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "python-token-urlsafe",
        ">>> import secrets\n>>> secrets.token_urlsafe(32)\n'{v}'",
        lambda g: _rand(g, 43, AN + "-_"),
    ),
    (
        "node-randombytes-hex",
        "> require('crypto').randomBytes(32).toString('hex')\n'{v}'",
        lambda g: _rand(g, 64, HEX),
    ),
    ("irb-securerandom", 'irb(main):001> SecureRandom.alphanumeric(32)\n=> "{v}"', lambda g: _rand(g, 32)),
    # secret stores and configuration stores: the value alone
    ("bw-get-password", "$ bw get password 'shop prod db'\n{v}", lambda g: _rand(g, 20, AN + "!@#")),
    (
        "ps-get-secret",
        "PS C:\\> Get-Secret -Name SqlSa -Vault Local -AsPlainText\n{v}",
        lambda g: _rand(g, 16, AN + "!$"),
    ),
    ("doppler-get-plain", "$ doppler secrets get SMTP_PASSWORD --plain\n{v}", lambda g: _rand(g, 24)),
    (
        "redis-config-get",
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"',
        lambda g: _rand(g, 32),
    ),
    (
        "salt-pillar-get",
        "$ salt 'db*' pillar.get postgres:password\ndb01.acme.lan:\n    {v}",
        lambda g: _rand(g, 18, AN + "#"),
    ),
    (
        "zkcli-get",
        "[zk: zk1:2181(CONNECTED) 3] get /shop/secrets/db_password\n{v}",
        lambda g: _rand(g, 17),
    ),
    (
        "dotnet-user-secrets-list",
        "$ dotnet user-secrets list\nSmtp:Password = {v}\nConnectionStrings:Default = Server=db;Database=shop;User Id=sa;Password={w}",
        lambda g: _rand(g, 18),
    ),
    # Microsoft's identifiable keys: in CLI output, SDK constructors, headers
    (
        "az-functionapp-keys",
        "$ az functionapp keys list -g shop-rg -n shop-fn\n{{\n"
        '  "functionKeys": {{\n    "default": "{v}"\n  }},\n  "masterKey": "{w}",\n  "systemKeys": {{}}\n}}',
        _function_key,
    ),
    (
        "az-search-admin-key",
        "$ az search admin-key show --service-name shop-search -g shop-rg --query primaryKey -o tsv\n{v}",
        _search_key,
    ),
    (
        "eventhub-named-key-credential",
        'producer = EventHubProducerClient(fully_qualified_namespace="shop.servicebus.windows.net", '
        'eventhub_name="orders", credential=AzureNamedKeyCredential("send", "{v}"))',
        _event_hub_key,
    ),
    (
        "blob-service-client-credential",
        'svc = BlobServiceClient(account_url="https://shopassets.blob.core.windows.net", credential="{v}")',
        _storage_key,
    ),
    (
        "cosmos-client-key",
        'const client = new CosmosClient({{ endpoint: "https://shop.documents.azure.com:443/", key: "{v}" }});',
        _cosmos_key,
    ),
    (
        "azure-search-csharp",
        'var client = new SearchClient(new Uri(endpoint), "products", new AzureKeyCredential("{v}"));',
        _search_key,
    ),
    # vendors' keys as a second positional argument, a tuple, a header, a URL
    (
        "twilio-second-positional",
        'client = Client("AC3f9a0c1e5b7d2f4a6c8e0b2d4f6a8c0e", "{v}")',
        lambda g: _rand(g, 32, HEX),
    ),
    ("mailjet-auth-tuple", "mailjet = Client(auth=('{w}', '{v}'), version='v3.1')", lambda g: _rand(g, 32, HEX)),
    (
        "pusher-server-secret",
        'const pusher = new Pusher({{ appId: "1789023", key: "{w}", secret: "{v}", cluster: "eu" }});',
        lambda g: _rand(g, 20, HEX),
    ),
    (
        "pagerduty-token-header",
        "curl -s https://api.pagerduty.com/incidents -H 'Authorization: Token token={v}'",
        lambda g: _rand(g, 20, AN + "-_+"),
    ),
    (
        "datadog-two-headers",
        'curl -s https://api.datadoghq.eu/api/v1/monitor -H "DD-API-KEY: {w}" -H "DD-APPLICATION-KEY: {v}"',
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "apim-subscription-header",
        "curl -H 'Ocp-Apim-Subscription-Key: {v}' https://shop-apim.azure-api.net/orders/v1/list",
        lambda g: _rand(g, 32, HEX),
    ),
    ("shodan-key-query", "GET https://api.shodan.io/shodan/host/8.8.8.8?key={v}", lambda g: _rand(g, 32)),
    (
        "telegram-bot-url-path",
        'curl -s "https://api.telegram.org/bot{v}/sendMessage?chat_id=-1001234567&text=deploy+done"',
        lambda g: str(g.randint(10**9, 10**10 - 1)) + ":AA" + _rand(g, 33, AN + "-_"),
    ),
    # password hashes: system files, apps' stores, network gear, dumps
    (
        "shadow-sha512-grep",
        "$ sudo grep deploy /etc/shadow\ndeploy:{v}:19842:0:99999:7:::",
        lambda g: "$6$" + _rand(g, 16, CRYPT) + "$" + _rand(g, 86, CRYPT),
    ),
    (
        "htpasswd-apr1-read",
        "     1\tgrafana:{v}\n     2\tloki:{w}",
        lambda g: "$apr1$" + _rand(g, 8, CRYPT) + "$" + _rand(g, 22, CRYPT),
    ),
    (
        "caddy-hash-password",
        "$ caddy hash-password\nEnter password: \nConfirm password: \n{v}",
        lambda g: _bcrypt(g, "$2a$14$"),
    ),
    (
        "authelia-users-database",
        '  ops:\n    disabled: false\n    displayname: "Ops"\n    password: "$argon2id$v=19$m=65536,t=3,p=4${v}"\n    email: ops@acme.io',
        _argon2id_salt_hash,
    ),
    (
        "django-dumpdata-user",
        '{{"model": "auth.user", "pk": 1, "fields": {{"password": "{v}", "username": "admin", "is_superuser": true}}}}',
        lambda g: "pbkdf2_sha256$870000$" + _rand(g, 22) + "$" + _b64(g, 43) + "=",
    ),
    (
        "werkzeug-scrypt-sqlite",
        "sqlite> SELECT username, password_hash FROM user;\nadmin|{v}",
        lambda g: "scrypt:32768:8:1$" + _rand(g, 16) + "$" + _rand(g, 128, HEX),
    ),
    (
        "wordpress-phpass",
        "mysql> SELECT user_login, user_pass FROM wp_users;\n| admin      | {v} |",
        lambda g: "$P$B" + _rand(g, 30, CRYPT),
    ),
    (
        "grub-mkpasswd-pbkdf2",
        "$ grub-mkpasswd-pbkdf2\nEnter password: \nReenter password: \nPBKDF2 hash of your password is grub.pbkdf2.sha512.10000.{v}",
        lambda g: _rand(g, 128, UPHEX) + "." + _rand(g, 128, UPHEX),
    ),
    (
        "slappasswd-ssha",
        "$ slappasswd -h {{SSHA}}\nNew password: \nRe-enter new password: \n{{SSHA}}{v}",
        lambda g: _b64(g, 32),
    ),
    (
        "cisco-type7-password",
        "line vty 0 4\n password 7 {v}\n login",
        lambda g: f"{g.randint(0, 15):02d}" + _rand(g, 20, UPHEX),
    ),
    (
        "secretsdump-sam",
        "[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)\n"
        "Administrator:500:aad3b435b51404eeaad3b435b51404ee:{v}:::",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "mssql-sql-logins-hash",
        "1> SELECT name, password_hash FROM sys.sql_logins WHERE name = 'etl';\n2> GO\n"
        "name password_hash\n---- -------------\netl  {v}",
        lambda g: "0x0200" + _rand(g, 136, UPHEX),
    ),
    ("pgpool-pool-passwd", "$ sudo cat /etc/pgpool-II/pool_passwd\netl:{v}", lambda g: "md5" + _rand(g, 32, HEX)),
    ("jenkins-jbcrypt", "    <passwordHash>#jbcrypt:{v}</passwordHash>", lambda g: _bcrypt(g, "$2a$10$")),
    ("prometheus-web-config", "basic_auth_users:\n  prometheus: {v}", lambda g: _bcrypt(g, "$2y$10$")),
    (
        "klist-keytab-keys",
        "$ klist -k -K -e /etc/krb5.keytab\nKVNO Principal\n---- ------------------------------\n"
        "   3 host/web1.acme.lan@ACME.LAN (aes256-cts-hmac-sha1-96)  (0x{v})",
        lambda g: _rand(g, 64, HEX),
    ),
    # installers', conferencing and hosting panels' output
    (
        "openshift-install-kubeadmin",
        "INFO Install complete!\nINFO Access the OpenShift web-console here: "
        "https://console-openshift-console.apps.ocp.acme.lan\n"
        'INFO Login to the console with user: "kubeadmin", and password: "{v}"',
        lambda g: "-".join(_rand(g, 5) for _ in range(4)),
    ),
    (
        "crc-console-credentials",
        "$ crc console --credentials\nTo login as a regular user, run 'oc login -u developer -p developer "
        "https://api.crc.testing:6443'.\nTo login as an admin, run 'oc login -u kubeadmin -p {v} https://api.crc.testing:6443'",
        lambda g: "-".join(_rand(g, 5) for _ in range(4)),
    ),
    (
        "bbb-conf-secret",
        "$ sudo bbb-conf --secret\n\n    URL: https://bbb.acme.io/bigbluebutton/\n    Secret: {v}\n\n"
        "    Link to the API-Mate:",
        lambda g: _rand(g, 42),
    ),
    (
        "zulip-realm-creation-link",
        "$ ./manage.py generate_realm_creation_link\nPlease visit the following secure single-use link to register your\n"
        "new Zulip organization:\n\n    https://chat.acme.io/new/{v}",
        lambda g: _rand(g, 24, LOWER_AN),
    ),
    (
        "plesk-login-url",
        "$ plesk login\nhttps://plesk.acme.io:8443/login?secret={v}",
        lambda g: _rand(g, 44, AN + "-_"),
    ),
    (
        "openstack-token-issue",
        "$ openstack token issue -f value -c id\n{v}",
        lambda g: "gAAAAAB" + _rand(g, 176, AN + "-_"),
    ),
    (
        "zimbra-zmlocalconfig",
        "$ zmlocalconfig -s zimbra_ldap_password\nzimbra_ldap_password = {v}",
        lambda g: _rand(g, 10),
    ),
    (
        "linuxgsm-details",
        "$ ./cs2server details\nCounter-Strike 2 Server Details\n=================================\n"
        "Server name:       Acme CS2\nServer password:   NOT SET\nRCON password:     {v}\nMaxplayers:        16",
        lambda g: _rand(g, 10),
    ),
    # reversible encodings and obfuscations of passwords in JVM and .NET servers' files
    (
        "aspnet-machinekey",
        '    <machineKey validationKey="{v}" decryptionKey="{w}" validation="HMACSHA256" decryption="AES" />',
        lambda g: _rand(g, 128, UPHEX),
    ),
    (
        "websphere-xor-password",
        '<authDataEntries xmi:id="JAASAuthData_1" alias="shopCell/db2etl" userId="etl" password="{{xor}}{v}"/>',
        lambda g: _b64(g, 16),
    ),
    (
        "jetty-obf-password",
        '      <Set name="KeyStorePassword">OBF:{v}</Set>',
        lambda g: _rand(g, 36, LOWER_AN),
    ),
    (
        "pfsense-bcrypt-hash",
        "\t\t\t<name>admin</name>\n\t\t\t<bcrypt-hash>{v}</bcrypt-hash>",
        lambda g: _bcrypt(g, "$2y$10$"),
    ),
    (
        "solr-basic-auth-credentials",
        '  "authentication": {{\n    "class": "solr.BasicAuthPlugin",\n    "credentials": {{"solr": "{v} {w}"}}\n  }},',
        lambda g: _b64(g, 43) + "=",
    ),
    # what offensive-security tools print: cracked passwords, hashes and tickets
    (
        "hashcat-show",
        "$ hashcat -m 1000 --show ntlm.txt\n8846f7eaee8fb117ad06bdd830b7586c:{v}",
        lambda g: _rand(g, 12, AN + "!"),
    ),
    (
        "john-show",
        "$ john --show shadow.txt\ndeploy:{v}:19842:0:99999:7:::\n\n1 password hash cracked, 0 left",
        lambda g: _rand(g, 11, AN + "#"),
    ),
    (
        "crackmapexec-pwned",
        "SMB         10.0.4.12       445    FS01             [+] ACME\\svc_backup:{v} (Pwn3d!)",
        lambda g: _rand(g, 14, AN + "!@"),
    ),
    (
        "mimikatz-logonpasswords",
        "mimikatz # sekurlsa::logonpasswords\nAuthentication Id : 0 ; 996 (00000000:000003e4)\n"
        "         * Username : svc_sql\n         * Domain   : ACME\n         * NTLM     : {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "kerberoast-tgs",
        "$ impacket-GetUserSPNs ACME.LAN/ops -request -outputfile -\n$krb5tgs$23$*svc_sql$ACME.LAN$MSSQLSvc/sql01*${v}",
        lambda g: _rand(g, 32, HEX) + "$" + _rand(g, 400, HEX),
    ),
)

BENIGN_HELD28: tuple[str, ...] = (
    # shells and environments: references, prompts, empty values, placeholders
    "$env.PGPASSWORD = (open ~/.config/pg/pass | str trim)",
    "setenv MAIL_PASSWORD `cat ~/.mailpass`",
    "set -Ux RESTIC_PASSWORD_FILE ~/.config/restic/pass",
    "set -gx BORG_PASSCOMMAND 'pass show backup/borg'",
    'declare -x BORG_PASSPHRASE=""',
    "setx NEXUS_PASSWORD %NEXUS_PASSWORD%",
    "C:\\> net use Z: \\\\nas01\\media /user:ACME\\kodi * /persistent:yes",
    "cmdkey /add:fs01.acme.local /user:ACME\\backup /pass",
    '    13\tEnvironment="MQTT_HOST=broker.lan" "MQTT_PORT=8883"',
    "    15\tLoadCredential=mqtt_pass:/etc/credstore/mqtt_pass",
    "$ systemctl show grafana-agent -p Environment\nEnvironment=HOSTNAME=edge-3 GOMAXPROCS=2",
    "$ sudo cat /proc/41872/environ | tr '\\0' '\\n' | grep -i pass\nRABBITMQ_DEFAULT_PASS_FILE=/run/secrets/rabbit_pass",
    'environment=CELERY_BROKER_URL="%(ENV_CELERY_BROKER_URL)s",C_FORCE_ROOT="false"',
    "      env: { NODE_ENV: 'production', SESSION_SECRET: process.env.SESSION_SECRET },",
    "    <key>KEYCHAIN_PASSWORD_ITEM</key>\n    <string>com.acme.deploy.signing</string>",
    "$ p4 set\nP4PORT=ssl:perforce.acme.io:1666 (set)\nP4TICKETS=/home/ops/.p4tickets (set)",
    "read -rs -p 'DB password: ' DB_PASSWORD && export DB_PASSWORD",
    # containers, clusters and platforms
    '            "Env": [\n                "KC_BOOTSTRAP_ADMIN_USERNAME=admin",\n                "KC_HTTP_ENABLED=true",',
    "podman run --rm -e NEO4J_AUTH=none -p 7474:7474 docker.io/library/neo4j:5",
    "helm upgrade --install pg bitnami/postgresql --set auth.existingSecret=pg-auth --set auth.database=shop",
    "kubectl set env deployment/payments --from=secret/payments-webhook",
    "npx wrangler secret put DB_PASSWORD",
    "gh secret set REGISTRY_PASSWORD --repo acme/shop < /dev/stdin",
    "      - name: CLICKHOUSE_PASSWORD\n        valueFrom:\n          secretKeyRef:\n            name: clickhouse\n            key: password",
    '        {"name": "SPRING_DATASOURCE_PASSWORD", "valueFrom": "arn:aws:ssm:eu-west-1:123456789012:parameter/shop/db/password"},',
    "      + administrator_login_password = (sensitive value)",
    "      ~ administrator_login_password = (sensitive value)",
    "Changes to Outputs:\n  + db_password = (sensitive value)",
    '                "Image": "sha256:5f4d1e1b6b2f0cbd3c0d38c41e3f07a1e9a0e4b2f9c6a7d8e5f4c3b2a1908776",',
    '        "Digest": "sha256:9c1f0e3b7a4d2e8f5c6b1a0d9e8f7c6b5a4d3e2f1c0b9a8d7e6f5c4b3a2d1e0f"',
    "  tokenExpirationSeconds: 3600",
    # CI systems
    "java -jar agent.jar -url https://ci.acme.io/ -secret @/var/lib/jenkins/agent-secret -name linux-07",
    'buildkite-agent start --token "$BUILDKITE_AGENT_TOKEN" --tags queue=deploy',
    "./config.sh --url https://github.com/acme/shop --token ${{ steps.reg.outputs.token }} --unattended",
    "      DOCKER_PASSWORD: ${{ secrets.DOCKER_PASSWORD }}",
    "    password: $CI_REGISTRY_PASSWORD",
    "        password: ${{ secrets.GHCR_TOKEN }}",
    '  - echo "$REGISTRY_PASSWORD" | docker login registry.acme.io -u ci --password-stdin',
    "  password: ***",
    "[secure] SONAR_TOKEN=[secure]",
    "Masking secret: DOCKER_PASSWORD",
    # configuration of languages, frameworks and apps
    '     4\t  {password, {env, "DB_PASSWORD"}},',
    'config :shop, Shop.Repo, username: "shop", password: System.fetch_env!("DB_PASSWORD"), hostname: "db"',
    '{:dbtype "postgresql" :dbname "shop" :user "shop" :password #env DB_PASSWORD}',
    "mysql::db { 'shop': user => 'shop', password => lookup('shop::db_password'), host => 'localhost' }",
    "local db = { host = '127.0.0.1', user = 'shop', password = os.getenv('DB_PASSWORD') }",
    'let db = { host = "db", user = "shop", password = env:DB_PASSWORD as Text }',
    "$CFG->dbpass    = getenv('MOODLE_DB_PASS');",
    "$dbpasswd = '';",
    "  'passwordsalt' => '',",
    "registration_shared_secret_path: /data/registration_secret",
    "LFS_JWT_SECRET_URI = file:/etc/gitea/lfs_jwt_secret",
    "[security]\nadmin_user = admin\nadmin_password = $__env{GF_ADMIN_PASSWORD}",
    "spring.security.oauth2.client.registration.keycloak.client-secret=${KEYCLOAK_CLIENT_SECRET}",
    "jwt.secret.file=/etc/shop/jwt.key",
    "token_ttl = 15m",
    "refresh_token_lifetime: 30d",
    "max_tokens: 4096",
    "tokenizer: cl100k_base",
    "secret_key_file: /etc/superset/secret_key",
    "hash_algorithm: argon2id",
    # message brokers
    'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="etl" '
    'password="${file:/etc/kafka/creds.properties:etl.password}";',
    "authorization {\n  user: ingest\n  password: $INGEST_PASS\n}",
    "nats --server nats://nats.acme.internal:4222 --creds ~/.nkeys/ingest.creds sub 'orders.>'",
    'celery -A shop worker --broker "$CELERY_BROKER_URL" -l info',
    # IoT and home networks
    "const char* WIFI_PASS = SECRET_PASS;  // from arduino_secrets.h",
    "Backlog SSID1 HomeNet; MqttHost 192.168.1.20; MqttUser tasmota",
    '  ap:\n    ssid: "Garage Fallback"\n    password: !secret fallback_ap_password',
    "nmcli --ask device wifi connect 'Office-5G' ifname wlp2s0",
    "802-11-wireless-security.psk-flags: 1",
    "wpa_passphrase HomeNet >> /etc/wpa_supplicant/wpa_supplicant.conf",
    # network equipment
    "set system login user netops authentication ssh-ed25519 "
    '"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq7eJ0dPpYQ4v2vQ8m3nXcY0J4Kz3f1oR6sT8uW9xA1 netops@laptop"',
    "    stats auth admin:${HAPROXY_STATS_PASSWORD}",
    "cache_peer proxy.acme.io parent 3128 0 no-query login=PASSTHRU",
    "Host key fingerprint is SHA256:4nP0kB7xq2Vt5yZcR8m1s9LwE3dF6gH0jK2lM4nO6pQ",
    # mail
    'poll imap.acme.io protocol IMAP user "ops" is "ops" here ssl sslcertck',
    'IMAPAccount acme\nHost imap.acme.io\nUser ops@acme.io\nPassCmd "pass show mail/acme"',
    "passdb {\n  driver = passwd-file\n  args = scheme=ARGON2ID username_format=%u /etc/dovecot/users\n}",
    "DKIM-Signature: v=1; a=rsa-sha256; d=acme.io; s=mail; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;",
    # file transfer, shares, version control
    "smbclient //nas01/backup -A ~/.smbcredentials -c 'ls'",
    "lftp -u deploy, sftp://files.acme.io -e 'mirror -R dist /var/www; bye'",
    "$ sudo tail -n 1 /etc/davfs2/secrets\nhttps://dav.acme.io/remote.php/webdav ops",
    'aria2c --http-user=ops --http-passwd="$(pass show mirror/ops)" https://mirror.acme.io/iso/acme-os.iso',
    "aria2c --checksum=sha-256=3b1c5f0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b https://mirror.acme.io/iso/acme-os.iso",
    "commit 3f9c1a7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a",
    "rsync -avz --password-file=/etc/rsync.secret dist/ rsync://backup@nas01/www",
    # remote administration
    "ipmitool -I lanplus -H bmc-rack3-07 -U ADMIN -f /root/.ipmi_pass chassis power cycle",
    "ipmitool -I lanplus -H bmc-rack3-07 -U ADMIN -E chassis power status",
    "racadm -r idrac-db1.acme.lan -u root -p $IDRAC_PASS serveraction powerstatus",
    "xfreerdp /v:win-build01 /u:ACME\\builder /from-stdin /cert:ignore",
    "evil-winrm -i 10.0.4.12 -u svc_backup -H $NTHASH",
    "x11vnc -display :0 -rfbauth ~/.vnc/passwd -forever",
    "$cred = Import-Clixml -Path C:\\ops\\svc_sql.cred.xml",
    "$cred = Get-Credential -UserName 'ACME\\svc_sql' -Message 'SQL service account'",
    "PermitRootLogin prohibit-password",
    # databases: clients, SQL, drivers
    "sqlplus etl@//orcl.acme.lan:1521/SHOPPDB",
    "beeline -u 'jdbc:hive2://hs2.acme.lan:10000/default;principal=hive/_HOST@ACME.LAN'",
    "CREATE USER MAPPING FOR etl SERVER legacy_mysql OPTIONS (username 'etl');",
    "CREATE SUBSCRIPTION shop_sub CONNECTION 'host=pg-primary dbname=shop user=repl passfile=/var/lib/postgresql/.pgpass' PUBLICATION shop_pub;",
    "CHANGE REPLICATION SOURCE TO SOURCE_HOST='db1', SOURCE_USER='repl', SOURCE_SSL=1, SOURCE_AUTO_POSITION=1;",
    "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @useself = 'TRUE';",
    "OPEN MASTER KEY DECRYPTION BY PASSWORD = '<master key password>';",
    "CREATE USER etl IDENTIFIED WITH ssl_certificate CN 'etl.acme.lan';",
    "ALTER USER etl SET RSA_PUBLIC_KEY_FP = 'SHA256:lPhOk8P0V3e7rQw1xY2zA4bC6dE8fG0hI2jK4lM6nO8=';",
    "CREATE SECRET s3_lake (TYPE S3, PROVIDER credential_chain, REGION 'eu-west-1');",
    "conninfo='host=pg-2 user=repmgr dbname=repmgr connect_timeout=2'",
    "conn = pyodbc.connect('DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql01;DATABASE=shop;Trusted_Connection=yes')",
    "con = cx_Oracle.connect(user='shop', password=os.environ['ORA_PASSWORD'], dsn='orcl.acme.lan/SHOPPDB')",
    'conn.Open "Provider=SQLOLEDB;Data Source=SQL01;Initial Catalog=Shop;Integrated Security=SSPI;"',
    'df = spark.read.format("jdbc").option("url", jdbc_url).option("user", "etl").option("password", dbutils.secrets.get("shop", "etl")).load()',
    "snowflake.connector.connect(user='ETL', authenticator='externalbrowser', account='acme-xy12345')",
    "      prod:\n        type: postgres\n        user: dbt\n        pass: \"{{ env_var('DBT_PASSWORD') }}\"",
    "airflow connections get shop_pg -o json",
    " password_hash | character varying(255) | not null",
    "  `password_reset_token` varchar(64) DEFAULT NULL,",
    # SDKs and libraries
    'ftp = ftplib.FTP("ftp.acme.io")\nftp.login("edi", getpass.getpass())',
    'db, err := sql.Open("mysql", os.Getenv("SHOP_DSN"))',
    'val ds = HikariDataSource().apply { jdbcUrl = url; username = "shop"; password = System.getenv("DB_PASSWORD") }',
    'let smtp = SMTPConfig(host: "smtp.acme.io", username: "noreply", password: ProcessInfo.processInfo.environment["SMTP_PASS"] ?? "")',
    "  static const String weatherApiKey = String.fromEnvironment('WEATHER_API_KEY');",
    "client = QdrantClient(url='https://qdrant.acme.io:6333', api_key=os.getenv('QDRANT_API_KEY'))",
    "const index = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_SEARCH_KEY).initIndex('products');",
    "client.run(os.environ['DISCORD_TOKEN'], log_handler=None)",
    "mc = Minio('s3.acme.io', credentials=IamAwsProvider())",
    "ExecStart=/usr/local/bin/ngrok start --all --config /etc/ngrok.yml",
    'svc = BlobServiceClient(account_url="https://shopassets.blob.core.windows.net", credential=credential)',
    'const client = new CosmosClient({ endpoint: "https://shop.documents.azure.com:443/", aadCredentials: new DefaultAzureCredential() });',
    "client = Client(os.environ['TWILIO_ACCOUNT_SID'], os.environ['TWILIO_AUTH_TOKEN'])",
    "token = jwt.encode(payload, private_key, algorithm='RS256')",
    "assert verify_password('wrong', user.password_hash) is False",
    "self.assertEqual(resp.headers['WWW-Authenticate'], 'Bearer realm=\"api\"')",
    # provisioning, images and OS installers
    '  config.ssh.private_key_path = "~/.vagrant.d/insecure_private_key"',
    '  "winrm_password": "{{user `winrm_password`}}",',
    'web1 ansible_host=10.0.1.5 ansible_user=deploy ansible_become_pass="{{ vault_become_pass }}"',
    'provider "proxmox" {\n  pm_user     = "terraform@pve"\n  pm_password = var.pm_password\n}',
    "rootpw --lock",
    "rootpw --iscrypted $ROOTPW_HASH_FROM_VAULT",
    "        <Password>\n          <Value></Value>\n          <PlainText>true</PlainText>\n        </Password>",
    # game servers
    "mcrcon -H 127.0.0.1 -P 25575 'list'",
    "ServerAdminPassword=<set me>",
    '<property name="ServerPassword" value=""/>',
    # mobile builds
    "        storePassword System.getenv('STORE_PASSWORD')\n        keyAlias 'upload'\n        keyPassword System.getenv('KEY_PASSWORD')",
    "apksigner verify --print-certs app-release.apk\nSigner #1 certificate SHA-256 digest: 9b0f6f7c7d1a5e2c4b3a8d6f0e1c2b3a4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a",
    "MATCH_PASSWORD=${{ secrets.MATCH_PASSWORD }} bundle exec fastlane ios beta",
    "keytool -list -v -keystore release.jks -storepass:env STORE_PASS",
    # package managers, lockfiles and registries
    "dotnet nuget add source https://nuget.acme.io/v3/index.json -n acme -u ci -p %NUGET_PAT%",
    "bundle config set --global gems.acme.io ci:$GEMS_ACME_PASSWORD",
    "//npm.acme.io/:_authToken=${NPM_TOKEN}",
    'cargo login --registry acme < "$CARGO_REGISTRY_TOKEN_FILE"',
    "  - https://conda.acme.io/t/<TOKEN>/shop-channel",
    "skopeo copy docker://alpine:3.20 docker://registry.acme.io/base/alpine:3.20 --dest-authfile /run/containers/auth.json",
    "  resolution: {integrity: sha512-dBVuXR082gk3jsFp7Rd/JI4kytwGHecnCoTtXFb7DB6CNHp4rg5k1bhg0nWdLGLnOV71lmDzGQaLMy8kvfvTPBg==}",
    'checksum = "4c7e1a2b9d0f3e6c5b8a7d4f1e0c9b2a5d8f3e6c1b4a7d0e9f2c5b8a1d4e7f0c"',
    "github.com/golang-jwt/jwt/v5 v5.2.1 h1:OuVbFODueb089Lh128TAcimifWaLhJwVflnrgM17wHk=",
    "password-hash 0.5.0 (registry+https://github.com/rust-lang/crates.io-index)",
    "+ secret_key_base (0.1.2)",
    # headers, URL queries and token prose
    'http POST api.acme.io/v1/refunds order_id=8812 "Authorization:Bearer $API_TOKEN"',
    '< WWW-Authenticate: Bearer error="invalid_token", error_description="The access token expired"',
    '            {"name": "X-Api-Key", "value": "{{apiKey}}"},',
    'grpcurl -H "authorization: Bearer $(gcloud auth print-identity-token)" api.acme.io:443 shop.v1.Orders/List',
    'req.Header.Set("X-Auth-Token", cfg.Token)',
    "    proxy_set_header X-Api-Key $http_x_api_key;",
    "GET https://api.openweathermap.org/data/2.5/weather?q=Oslo&units=metric&appid=YOUR_API_KEY",
    "wss://realtime.acme.io/socket/websocket?vsn=2.0.0",
    "Invoke-RestMethod -Uri https://api.acme.io/v2/jobs -Headers @{ 'X-Api-Key' = $env:ACME_API_KEY }",
    '"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{access_token}}", "type": "string"}]}',
    "@token = {{login.response.body.$.access_token}}",
    "    Authorization: Basic <base64 of user:password>",
    "Send the key in the X-Api-Key header; requests without it get 401.",
    "Pass the token as `Authorization: Bearer <token>`; tokens expire after an hour.",
    "The bot token is read from DISCORD_TOKEN at start-up.",
    "Rotate the webhook signing secret from Settings > Webhooks.",
    "curl -H 'Ocp-Apim-Subscription-Key: {subscription-key}' https://shop-apim.azure-api.net/orders/v1/list",
    'curl -s https://api.pagerduty.com/incidents -H "Authorization: Token token=$PD_TOKEN"',
    'curl -s "https://api.telegram.org/bot$TELEGRAM_TOKEN/getMe"',
    # printed output that is not a secret
    '$ argocd admin initial-password -n argocd\nsecrets "argocd-initial-admin-secret" not found',
    "2024/05/02 09:14:11 [INFO] Bootstrap Password: (set via CATTLE_BOOTSTRAP_PASSWORD)",
    "standalone | Login with username: admin  password: (see standalone_admin_password.txt)",
    "  [i] Web Interface password: unchanged",
    "  Your Admin Webpage login password is not set",
    "MinIO Object Storage Server\nAPI: http://172.17.0.2:9000  http://127.0.0.1:9000\n   RootUser: minioadmin",
    "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/ :: /home/ana/notebooks",
    "$ headscale preauthkeys list --user ops\nID | Key      | Reusable | Ephemeral | Used  | Expiration\n"
    "1  | ******** | true     | false     | false | 2024-05-03",
    "$ wg pubkey < /etc/wireguard/private.key\nHIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=",
    "PublicKey = TrMvSoP4jYQlY6RIzBgbssQqY3vxI2Pi+y71lOWWXX0=",
    ">>> import secrets\n>>> secrets.compare_digest(a, b)\nTrue",
    ">>> hashlib.sha256(b'hello').hexdigest()\n'2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'",
    'irb(main):002> SecureRandom.uuid\n=> "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b"',
    ">>> uuid.uuid4()\nUUID('1b4e28ba-2fa1-41d2-883f-0016d3cca427')",
    '$ security find-generic-password -s shop-signing\nkeychain: "/Users/ops/Library/Keychains/login.keychain-db"\n    "acct"<blob>="deploy"',
    "PS C:\\> Get-SecretInfo -Vault Local\nName  Type     VaultName\n----  ----     ---------\nSqlSa String   Local",
    "$ gcloud secrets versions list smtp-password\nNAME  STATE    CREATED\n3     enabled  2024-05-01T09:00:00",
    "$ doppler secrets --only-names\n│ NAME          │\n│ SMTP_PASSWORD │",
    "$ consul kv get -keys shop/prod/\nshop/prod/smtp_host\nshop/prod/smtp_password",
    "$ terraform output rds_master_password\nrds_master_password = <sensitive>",
    "$ kubectl get secret grafana -n monitoring\nNAME      TYPE     DATA   AGE\ngrafana   Opaque   3      41d",
    "$ az keyvault secret list --vault-name shop-kv --query '[].name' -o tsv\ndb-password\nsmtp-password",
    "$ klist\nTicket cache: FILE:/tmp/krb5cc_1000\nDefault principal: ops@ACME.LAN",
    "$ sudo passwd -S deploy\ndeploy P 2024-05-01 0 99999 7 -1",
    "$ sudo chage -l deploy\nLast password change\t\t\t\t\t: May 01, 2024",
    "$ getent passwd deploy\ndeploy:x:1001:1001:Deploy user:/home/deploy:/bin/bash",
    "root:*:19842:0:99999:7:::",
    "nobody:!:19842::::::",
    "$ htpasswd -v /etc/nginx/.htpasswd grafana\nPassword for user grafana correct.",
    "$ caddy hash-password --help",
    "[*] Target system bootKey: (redacted by operator)",
    "Administrator:500:aad3b435b51404eeaad3b435b51404ee:<nthash>:::",
    "$ openssl dgst -sha256 release.tar.gz\nSHA2-256(release.tar.gz)= 8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92",
    "$ gpg --fingerprint ops@acme.io\n      4E2C 6A8F 1B3D 5C7E 9F0A  2B4C 6D8E 0F1A 3B5C 7D9E",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s ops@laptop (ED25519)",
    '  fixture: "SGVsbG8sIFdvcmxkIQ=="',
    "com.acme.shop.payments.internal.PasswordResetTokenRepositoryImpl",
    'shop_api_webhook_signing_secret_rotation_total{status="ok"} 14',
    "PASSED tests/test_auth.py::test_password_reset_token_expires_after_one_hour",
    "FAILED tests/test_auth.py::test_bearer_token_rejected_when_revoked - AssertionError: 200 != 401",
    "    def test_api_key_header_is_case_insensitive(self):",
    "2024-05-02T10:14:03Z INFO  auth: token refreshed for client shop-web (expires_in=3600)",
    "2024-05-02T10:14:05Z WARN  auth: invalid password for user ops from 10.0.3.4",
    'level=info msg="secret synced" name=db-creds namespace=shop',
    # look-alikes of the long tail's contexts
    "$config['des_key'] = 'rcmail-!24ByteDESkey*Str';",
    "$cfg['blowfish_secret'] = '';",
    "play.http.secret.key = ${?APPLICATION_SECRET}",
    "net_connect = ConnectHandler(device_type='cisco_ios', host='sw-core-1', username='netops', password=getpass())",
    "basic.auth.credentials.source=SASL_INHERIT",
    "s3.secret-key: ${S3_SECRET_KEY}",
    "curl 'https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY'",
    "curl 'https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=IBM&apikey=demo'",
    "steamcmd +force_install_dir /srv/cs2 +login anonymous +app_update 730 validate +quit",
    '<Preferences MachineIdentifier="8f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b" FriendlyName="nas01" PublishServerOnPlexOnlineKey="0"/>',
    "ControlUsername=nzbget\nControlPassword=",
    "$ ./cs2server details\nServer password:   NOT SET\nRCON password:     NOT SET",
    "$ crc console --credentials\nTo login as a regular user, run 'oc login -u developer -p developer https://api.crc.testing:6443'.",
    "postgres:\n    password: ENC[AES256_GCM,data:Tr7o=,iv:1=,tag:k=,type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n62313365396662343061393464336163383764373764613633653634306231386433626436623361",
    "SMB         10.0.4.12       445    FS01             [-] ACME\\svc_backup:<password> STATUS_LOGON_FAILURE",
    "$ hashcat -m 1000 --show ntlm.txt\n$ echo $?\n0",
    '    <machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />',
)
