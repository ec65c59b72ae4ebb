"""Sealed held-out set 27 for `redact_unseen.py`: an outside evaluator's draw of the secrets
the redaction is asked to hold on without having been tuned for them, and the ordinary lines
beside them that must come back unchanged.

Written from the description of the population alone (human-chosen passwords in the password
positions of many syntaxes; credentials that commands print with no name beside them; formats
no public rule set names; bare random keys in secret positions) by someone who changed no
product code and ran no redaction on it; scored once, before any of its misses are read.
Lines close to an earlier hand-written set's (by string similarity alone) were left out, so
that the set adds new cases rather than repeating them.

- `POSITIONS_HELD27`: templates with `{v}` (a password a person chose), `{k}` (a random key of
  24-40 letters and digits with no prefix) or `{b}` (the base64 of `bob:` and the password);
  a literal brace is doubled.
- `PRINTED_HELD27`: `(name, template, value_of)`: a command's or a log's text with `{v}` (the
  secret, drawn by `value_of`) and at times `{w}` (a second draw of it).
- `BENIGN_HELD27`: ordinary lines from the same files, logs and outputs (placeholders,
  references, empty values, prose, digests, ids, public keys, settings whose name holds a
  secret word and whose value is plainly not a secret); each must come back unchanged.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
LOWER_AN = string.ascii_lowercase + string.digits
CRYPT = AN + "./"
B64 = AN + "+/"
B64URL = AN + "-_"
WORDS = (
    "harbor", "lantern", "copper", "meadow", "quartz", "falcon", "juniper", "orbit", "pepper", "tundra",
    "walnut", "saffron", "glacier", "velvet", "cobalt", "marble", "thistle", "canyon", "ember", "willow",
)  # fmt: skip


def _rand(rng: random.Random, n: int, alphabet: str = AN) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64(rng: random.Random, n: int) -> str:
    return _rand(rng, n, B64)


def _words(rng: random.Random, n: int, sep: str) -> str:
    return sep.join(rng.choice(WORDS) for _ in range(n))


def _chosen(rng: random.Random) -> str:
    """A password a person picked: a word, digits and a sign."""
    return rng.choice(WORDS).capitalize() + str(rng.randint(10, 9999)) + rng.choice("!#.@%")


def _jwt(rng: random.Random) -> str:
    return (
        "eyJhbGciOiJSUzI1NiIsImtpZCI6I"
        + _rand(rng, 40, B64URL)
        + ".eyJ"
        + _rand(rng, 180, B64URL)
        + "."
        + _rand(rng, 342, B64URL)
    )


def _crypt6(rng: random.Random) -> str:
    return "$6$" + _rand(rng, 16, CRYPT) + "$" + _rand(rng, 86, CRYPT)


POSITIONS_HELD27 = (
    # environment: shells, service managers, containers
    "     4\texport ARTEMIS_PASSWORD='{v}'\n     5\texport ARTEMIS_USER=admin",
    "set -Ux BORG_PASSPHRASE '{v}'",
    "PS C:\\etl> $env:SQLCMDPASSWORD = '{v}'",
    "C:\\inetpub\\shop> set UMBRACO_DB_PASSWORD={v}",
    "typeset -x LDAP_BIND_PW='{v}'",
    "setenv OPENLDAP_ROOTPW '{v}'",
    "$env.SURREAL_PASS = '{v}'",
    "     1\tuse flake\n     2\texport TF_VAR_admin_password={v}\n     3\tdotenv_if_exists .env.local",
    '[program:worker]\ncommand=/srv/shop/bin/worker\nenvironment=BROKER_USER="celery",BROKER_PASS="{v}"',
    "docker run -d --name couchdb -e COUCHDB_USER=admin -e COUCHDB_PASSWORD={v} -p 5984:5984 couchdb:3.3",
    "    environment:\n      - DISABLE_SECURITY_PLUGIN=false\n      - OPENSEARCH_INITIAL_ADMIN_PASSWORD={v}",
    "        env:\n        - name: NEO4J_AUTH\n          value: neo4j/{v}",
    "net use Z: \\\\nas01\\backup {v} /user:ACME\\svc_backup /persistent:no",
    '[Service]\nUser=meili\nEnvironment="MEILI_ENV=production"\nEnvironment="MEILI_MASTER_KEY={k}"',
    '        "Env": [\n            "PGADMIN_DEFAULT_EMAIL=ops@acme.io",\n            "PGADMIN_DEFAULT_PASSWORD={v}",\n'
    '            "PATH=/venv/bin:/usr/local/sbin:/usr/local/bin"\n        ],',
    "[www]\nenv[DB_HOST] = 127.0.0.1\nenv[DB_PASSWORD] = {v}",
    # YAML
    "     1\tmqtt_password: {v}\n     2\tlatitude_home: 52.3731",
    'wifi:\n  ssid: "Greenhouse-IoT"\n  password: "{v}"\n\nota:\n  - platform: esphome',
    "spring:\n  datasource:\n    url: jdbc:mariadb://db:3306/shop\n    username: shop\n    password: {v}",
    "    basic_auth:\n      username: prometheus\n      password: '{v}'",
    "    jsonData:\n      sslmode: require\n    secureJsonData:\n      password: {v}",
    '      access-points:\n        "Warehouse-5G":\n          password: "{v}"',
    "      type: postgres\n      host: warehouse.acme.internal\n      user: dbt_svc\n      password: {v}\n      dbname: analytics",
    "- name: repo\n  type: git\n  source:\n    uri: https://git.acme.io/shop/api.git\n    username: ci\n    password: {v}",
    'auth:\n  enabled: true\n  rootUser: root\n  rootPassword: "{v}"',
    "  vars:\n    ansible_connection: winrm\n    ansible_user: Administrator\n    ansible_winrm_password: {v}",
    "variables:\n  - name: sqlAdminPassword\n    value: '{v}'\n  - name: buildConfiguration\n    value: Release",
    "clouds:\n  ovh:\n    auth:\n      auth_url: https://auth.cloud.ovh.net/v3\n      username: user-Rk2Jd\n      password: {v}",
    "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://localhost\n  user: z2m\n  password: {v}",
    "bind-addr: 127.0.0.1:8080\nauth: password\npassword: {v}\ncert: false",
    "host_config:\n  chat.acme.io:\n    sql_type: pgsql\n    sql_username: ejabberd\n    sql_password: {v}",
    # JSON, and JSON escaped inside a tool's result
    '{{\n    "name": "staging",\n    "host": "web02.acme.io",\n    "protocol": "sftp",\n    "username": "deploy",\n'
    '    "password": "{v}"\n}}',
    '  "config": {{\n    "connector.class": "io.debezium.connector.mysql.MySqlConnector",\n    "database.user": "debezium",\n'
    '    "database.password": "{v}",',
    '  "game_password": "{v}",\n  "require_user_verification": true,',
    '{{"tool_use_id": "toolu_01Xk", "content": "     4\\tSFTPGO_DEFAULT_ADMIN_PASSWORD={v}\\n     5\\tSFTPGO_HTTPD__BINDINGS__0__PORT=8080\\n"}}',
    '{{\n    "Name": "prod/shop/mysql",\n    "SecretString": "{{\\"username\\":\\"shop\\",\\"password\\":\\"{v}\\"}}",\n'
    '    "VersionStages": [\n        "AWSCURRENT"\n    ]\n}}',
    '      "environment": {{\n        "RABBITMQ_DEFAULT_USER": "shop",\n        "RABBITMQ_DEFAULT_PASS": "{v}"\n      }},',
    '            "env": {{\n                "FLASK_DEBUG": "1",\n                "MAIL_PASSWORD": "{v}"\n            }}',
    '          "attributes": {{\n            "administrator_login": "psqladmin",\n'
    '            "administrator_login_password": "{v}",',
    '{{"jsonrpc":"2.0","id":7,"result":{{"content":[{{"type":"text","text":"DSN: mysql://etl:{v}@10.0.2.14:3306/dw"}}]}}}}',
    # TOML
    '[[outputs.influxdb]]\n  urls = ["http://influx:8086"]\n  database = "telegraf"\n  username = "telegraf"\n'
    '  password = "{v}"',
    '[pools.shop.users.0]\nusername = "shop"\npassword = "{v}"\npool_size = 20',
    'metadata_dir = "/var/lib/garage/meta"\nrpc_bind_addr = "[::]:3901"\nrpc_secret = "{k}"',
    # INI, conf and the files daemons read
    "[ShopDSN]\nDriver = ODBC Driver 18 for SQL Server\nServer = sql01.acme.local\nUID = report\nPWD = {v}",
    "[database]\nDB_TYPE  = postgres\nHOST     = 127.0.0.1:5432\nUSER     = gitea\nPASSWD   = `{v}`",
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}",
    "launch=gmysql\ngmysql-host=127.0.0.1\ngmysql-user=pdns\ngmysql-password={v}",
    "[domain/acme.local]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=acme,dc=local\nldap_default_authtok = {v}",
    "binddn cn=nslcd,ou=svc,dc=acme,dc=local\nbindpw {v}",
    "protocol=dyndns2\nlogin=acme-home\npassword='{v}'\nhome.acme.io",
    "[/Script/Pal.PalGameWorldSettings]\n"
    'OptionSettings=(Difficulty=None,ServerName="Acme Pals",AdminPassword="{v}",ServerPassword="")',
    "[monuser]\n  password = {v}\n  upsmon primary",
    "Username  jdoe\nDomain    ACME\nPassword  {v}\nProxy     10.0.0.1:3128",
    '     1\t"shop" "{v}"',
    "# client\tserver\tsecret\t\t\tIP addresses\nvpnuser\t*\t{v}\t*",
    'https://dav.box.acme.io/remote.php/dav/files/bob bob "{v}"',
    "bob:{{PLAIN}}{v}:1000:1000::/home/bob",
    'AuthInfo:smtp.acme.io "U:relay" "I:relay" "P:{v}" "M:PLAIN"',
    'hostname "Acme LAN"\nrcon_password "{v}"\nsv_password ""',
    "enable-rcon=true\nrcon.port=25575\nrcon.password={v}",
    "world=/srv/terraria/Worlds/acme.wld\nmaxplayers=8\npassword={v}",
    '\t<property name="ServerPassword"\t\t\tvalue="{v}" />',
    '[remote "nas"]\n    url = webdavs://nas.acme.io/dvc\n    user = bob\n    password = {v}',
    # properties
    "changeLogFile=db/changelog.xml\nurl=jdbc:postgresql://pg:5432/shop\nusername=liquibase\npassword={v}",
    "hibernate.connection.username=app\nhibernate.connection.password={v}",
    "storePassword={v}\nkeyAlias=upload\nstoreFile=/home/ci/upload-keystore.jks",
    "quarkus.datasource.username=shop\nquarkus.datasource.password={v}",
    "spark.hadoop.fs.s3a.access.key    minio-etl\nspark.hadoop.fs.s3a.secret.key    {k}",
    # XML
    '    <acme-feed>\n      <add key="Username" value="ci" />\n      <add key="ClearTextPassword" value="{v}" />\n'
    "    </acme-feed>",
    '<credential-reference clear-text="{v}"/>',
    '<SMTP name="Mail" subject="[shop] error" to="ops@acme.io" smtpHost="smtp.acme.io" smtpUsername="alerts" '
    'smtpPassword="{v}"/>',
    '    <string name="mqtt_password">{v}</string>',
    # HCL
    'provider "grafana" {{\n  url  = "https://grafana.acme.io"\n  auth = "admin:{v}"\n}}',
    '      env {{\n        MINIO_ROOT_USER     = "admin"\n        MINIO_ROOT_PASSWORD = "{v}"\n      }}',
    '  postgresql {{\n    connection_url = "postgresql://{{{{username}}}}:{{{{password}}}}@pg:5432/shop"\n'
    '    username       = "vault"\n    password       = "{v}"\n  }}',
    # code literals and defines
    'let creds = Credentials::new("alerts".to_owned(), "{v}".to_owned());',
    '{{emqx_bridge, [{{username, <<"bridge">>}}, {{password, <<"{v}">>}}]}}.',
    'client.Credentials = new NetworkCredential("alerts@acme.io", "{v}");',
    "sh \"sshpass -p '{v}' scp build.tar.gz deploy@web01:/srv/releases\"",
    'WiFi.begin("Greenhouse", "{v}");',
    "wlan.connect('Greenhouse-IoT', '{v}')",
    'return new PasswordAuthentication("alerts@acme.io", "{v}");',
    'await client.access({{ host: "ftp.acme.io", user: "deploy", password: "{v}", secure: true }});',
    'r = requests.get(f"{{base}}/api/v2/hosts/", auth=("awx", "{v}"), timeout=30)',
    "client = httpx.Client(auth=httpx.DigestAuth('camera', '{v}'))",
    '     1\t#define SECRET_SSID "Greenhouse"\n     2\t#define SECRET_PASS "{v}"',
    'static const char *mqtt_pass = "{v}";',
    # SQL and database shells
    'ALTER USER etl IDENTIFIED BY "{v}" ACCOUNT UNLOCK;',
    "CREATE USER loader IDENTIFIED WITH sha256_password BY '{v}' SETTINGS max_memory_usage = 10000000000;",
    "cassandra@cqlsh> CREATE ROLE reporter WITH PASSWORD = '{v}' AND LOGIN = true;",
    "127.0.0.1:6379> CONFIG SET masterauth {v}",
    "test> db.createUser({{ user: 'reporting', pwd: '{v}', roles: [{{ role: 'read', db: 'shop' }}] }})",
    "diff --git a/db/seeds.sql b/db/seeds.sql\n@@ -12,0 +13 @@\n"
    "+UPDATE integrations SET api_secret = '{k}' WHERE name = 'shipstation';",
    # command lines: flags and positional arguments
    "redis-cli -h cache.acme.internal -a '{v}' --no-auth-warning INFO replication",
    "mongosh \"mongodb://db01:27017/admin\" -u root -p '{v}'",
    "smbclient //fs01/scans -U 'ACME\\scanner%{v}' -c 'ls'",
    "wget --user=mirror --password='{v}' -r -np https://files.acme.io/releases/",
    "htpasswd -b -B /etc/nginx/.htpasswd grafana {v}",
    "influx setup --username admin --password '{v}' --org acme --bucket metrics --force",
    "mosquitto_pub -h broker.acme.io -u sensor01 -P '{v}' -t greenhouse/temp -m 21.5",
    "xfreerdp /v:jump01.acme.local /u:ops /p:'{v}' /cert:ignore",
    "lftp -u deploy,'{v}' sftp://web01.acme.io -e 'mirror -R dist /srv/www; bye'",
    "keytool -importkeystore -srckeystore old.jks -srcstorepass '{v}' -destkeystore new.p12 -deststoretype PKCS12",
    "zip -P '{v}' -r invoices-2026.zip invoices/",
    "7z a -p'{v}' -mhe=on backup.7z /srv/data",
    "composer config --global http-basic.repo.acme.io ci '{v}'",
    "conan remote login acme ci -p '{v}'",
    "az vm create -g rg-lab -n win01 --image Win2022Datacenter --admin-username labadmin --admin-password '{v}'",
    "linode-cli linodes create --type g6-nanode-1 --region eu-central --image linode/debian12 --root_pass '{v}'",
    "ShooterGameServer TheIsland?listen?SessionName=Acme?ServerAdminPassword={v}?MaxPlayers=20 -server -log",
    './srcds_run -game csgo +map de_dust2 +rcon_password "{v}" +sv_lan 0',
    "$ ./deploy.sh\n+ docker login -u ci -p {v} registry.acme.io\n"
    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
    "[Pipeline] sh\n+ curl -sf -u admin:{v} --upload-file dist/app.tgz https://nexus.acme.io/repository/raw/app.tgz",
    'psql "host=pg.acme.internal port=5432 dbname=shop user=report password={v} sslmode=require"',
    "hg clone https://bob:{v}@hg.acme.io/firmware",
    "svn checkout https://svn.acme.io/repos/cad --username bob --password '{v}' --non-interactive",
    'sc.exe config AcmeAgent obj= "ACME\\svc_agent" password= "{v}"',
    "schtasks /Create /TN Backup /TR C:\\ops\\backup.cmd /SC DAILY /RU ACME\\svc_backup /RP {v}",
    "x11vnc -storepasswd '{v}' ~/.vnc/passwd",
    "usermod --password \"$(openssl passwd -6 '{v}')\" kiosk",
    "echo 'ops:{v}' | sudo chpasswd",
    # connection strings and URLs
    "nats sub -s nats://ingest:{v}@nats.acme.io:4222 'sensors.>'",
    "MQTT_URL=mqtts://gateway:{v}@mqtt.acme.io:8883",
    "ORACLE_DSN=shop/{v}@//ora01.acme.local:1521/SHOPPDB",
    "smb://ACME;scanner:{v}@fs01/scans",
    "lftp ftp://upload:{v}@ftp.partner.example/incoming/",
    "sentinel auth-pass shop-master {v}",
    "DATABASE_URL=cockroachdb://shop:{v}@crdb.acme.io:26257/shop?sslmode=verify-full",
    "REDIS_URL=rediss://:{v}@cache.acme.io:6380/0",
    'pg_dump "postgresql://backup:{v}@pg-replica:5432/shop" -Fc -f shop.dump',
    # random keys with no prefix in secret positions
    "http GET https://api.acme.io/v1/orders 'Authorization:Bearer {k}'",
    'headers = {{"X-API-KEY": "{k}", "Accept": "application/json"}}',
    "GET /api/dcim/devices/ HTTP/1.1\nHost: netbox.acme.io\nAuthorization: Token {k}\nAccept: application/json",
    "curl 'https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid={k}&units=metric'",
    "https://api.acme-geo.io/v1/geocode?text=Main%20St&api_key={k}",
    "const client = algoliasearch('L2K7QD0XZ9', '{k}');",
    "meili = meilisearch.Client('http://127.0.0.1:7700', '{k}')",
    "const pusher = new Pusher({{ appId: '1761234', key: 'e2a4f0c18b3d', secret: '{k}', cluster: 'eu' }});",
    "ts = typesense.Client({{'nodes': [{{'host': 'ts.acme.io', 'port': '443', 'protocol': 'https'}}], 'api_key': '{k}'}})",
    "jupyter lab --ServerApp.token={k} --no-browser --port 8888",
    'curl -s --form-string "token={k}" --form-string "user=ops" --form-string "message=backup done" '
    "https://api.pushover.net/1/messages.json",
    "openstack --os-token {k} server list",
    "aliyun configure set --profile prod --mode AK --access-key-id LTAI5tQxWm --access-key-secret {k}",
    "* Connected to registry.acme.io (10.0.1.5) port 443\n> GET /v2/_catalog HTTP/1.1\n> Authorization: Basic {b}",
    "//npm.acme.io/:_auth={b}\n//npm.acme.io/:always-auth=true",
    '{{\n  "auths": {{\n    "registry.acme.io": {{\n      "auth": "{b}"\n    }}\n  }}\n}}',
)

PRINTED_HELD27: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    # secret stores read back: the value alone on its line
    ("berglas-access", "$ berglas access sm://acme-shop/webhook-signing-secret\n{v}", lambda g: _rand(g, 32)),
    (
        "keepassxc-show-attr",
        "$ keepassxc-cli show -s -a Password ~/ops.kdbx Infra/ipmi\nEnter password to unlock /home/ops/ops.kdbx: \n{v}",
        _chosen,
    ),
    (
        "gpg-decrypt-store",
        "$ gpg -q --decrypt ~/.password-store/hosting/ovh.gpg\n{v}\nuser: ops@acme.io\nurl: https://www.ovh.com/manager",
        _chosen,
    ),
    (
        "ansible-vault-view",
        "$ ansible-vault view files/ldap_bind_pw.txt --vault-password-file ~/.vault_pass\n{v}",
        lambda g: _rand(g, 26),
    ),
    ("oc-extract", "$ oc extract secret/pg-app --keys=password --to=-\n# password\n{v}", lambda g: _rand(g, 24)),
    ("yc-lockbox-payload", "$ yc lockbox payload get --name shop-db --key password\n{v}", lambda g: _rand(g, 20)),
    ("kubectl-view-secret", "$ kubectl view-secret -n monitoring grafana admin-password\n{v}", lambda g: _rand(g, 40)),
    (
        "az-keyvault-download",
        "$ az keyvault secret download --vault-name kv-shop --name sql-admin --file /dev/stdout\n{v}",
        lambda g: _rand(g, 24, AN + "!$"),
    ),
    ("pwsh-get-secret", "PS> Get-Secret -Name SqlSaPassword -Vault Ops -AsPlainText\n{v}", _chosen),
    ("podman-cat-file", "$ podman exec keycloak sh -c 'cat $KC_DB_PASSWORD_FILE'\n{v}", lambda g: _rand(g, 30)),
    (
        "sqlite-settings-value",
        "$ sqlite3 /var/lib/shop/app.db \"SELECT value FROM settings WHERE key='smtp_password'\"\n{v}",
        _chosen,
    ),
    # vaults, clusters and meshes: keys and tokens they hand out at set-up
    (
        "vault-generate-root-decode",
        "$ vault operator generate-root -decode=$ENCODED -otp=$OTP\n{v}",
        lambda g: "hvs." + _rand(g, 24),
    ),
    (
        "vault-approle-login-field",
        "$ vault write -field=token auth/approle/login role_id=$ROLE_ID secret_id=$SECRET_ID\n{v}",
        lambda g: "hvs.CAESI" + _rand(g, 80, B64URL),
    ),
    (
        "bao-recovery-keys",
        "Recovery Key 1: {v}\nRecovery Key 2: {w}\n\nSuccess! Vault is initialized",
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "kubeadm-certificate-key",
        '[upload-certs] Storing the certificates in Secret "kubeadm-certs" in the "kube-system" Namespace\n'
        "[upload-certs] Using certificate key:\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    (
        "k0s-token-create",
        "$ k0s token create --role=worker --expiry=100h\n{v}",
        lambda g: "H4sIAAAAAAAC/" + _b64(g, 300),
    ),
    (
        "headscale-apikey",
        "$ headscale apikeys create --expiration 90d\n{v}",
        lambda g: _rand(g, 10) + "." + _rand(g, 32, B64URL),
    ),
    (
        "kubeadm-join-command",
        "$ kubeadm token create --print-join-command\nkubeadm join 10.0.0.10:6443 --token {v} "
        "--discovery-token-ca-cert-hash sha256:2df07201b3a89599a4cc136b08b903b8092f0436710664e9fc61d2a384a8f94c",
        lambda g: _rand(g, 6, LOWER_AN) + "." + _rand(g, 16, LOWER_AN),
    ),
    (
        "vault-init-json",
        '$ vault operator init -key-shares=3 -key-threshold=2 -format=json\n{{\n  "unseal_keys_b64": [\n'
        '    "{v}",\n    "{w}"\n  ],\n  "unseal_shares": 3,\n  "unseal_threshold": 2,',
        lambda g: _b64(g, 43) + "=",
    ),
    (
        "zabbix-psk-tee",
        "$ openssl rand -hex 32 | sudo tee /etc/zabbix/zabbix_agent2.psk\n{v}",
        lambda g: _rand(g, 64, HEX),
    ),
    # first-run output: an application's generated admin credential in its log
    (
        "openshift-kubeadmin",
        'INFO Login to the console with user: "kubeadmin", and password: "{v}"',
        lambda g: "-".join(_rand(g, 5) for _ in range(4)),
    ),
    (
        "qbittorrent-temporary",
        "qbittorrent  | The WebUI administrator username is: admin\nqbittorrent  | The WebUI administrator password "
        "was not set. A temporary password is provided for this session: {v}",
        lambda g: _rand(g, 9),
    ),
    (
        "graylog-preflight",
        "graylog-1  | Initial configuration is accessible at 0.0.0.0:9000, with username 'admin' and password '{v}'.",
        lambda g: _rand(g, 10),
    ),
    ("pihole-random", "pihole  |   [i] Assigning random password: {v}", lambda g: _rand(g, 8)),
    (
        "teamspeak-serveradmin",
        "teamspeak_1  | ------------------------------------------------------------------\n"
        "teamspeak_1  |                       I M P O R T A N T\n"
        'teamspeak_1  |  loginname= "serveradmin", password= "{v}"\n'
        'teamspeak_1  |  apikey= "{w}"',
        lambda g: _rand(g, 8, AN + "+"),
    ),
    (
        "kasm-install-creds",
        "Kasm UI Login Credentials\n\n------------------------------------\n  username: admin@kasm.local\n"
        "  password: {v}\n------------------------------------",
        lambda g: _rand(g, 20),
    ),
    (
        "nextcloud-aio-passphrase",
        "nextcloud-aio-mastercontainer  | Initial password: {v}",
        lambda g: _words(g, 8, " "),
    ),
    (
        "wazuh-install",
        "27/11/2026 10:02:51 INFO: --- Summary ---\n27/11/2026 10:02:51 INFO: You can access the web interface "
        "https://10.0.0.40:443\n    User: admin\n    Password: {v}",
        lambda g: _rand(g, 32, AN + "*.+?"),
    ),
    (
        "jupyter-token-url",
        "    To access the server, open this file in a browser:\n    Or copy and paste one of these URLs:\n"
        "        http://127.0.0.1:8888/lab?token={v}",
        lambda g: _rand(g, 48, HEX),
    ),
    (
        "nifi-single-user",
        "nifi  | Generated Username [c719a237-4940-4ccb-8622-bfb13dfc26ff]\nnifi  | Generated Password [{v}]",
        lambda g: _rand(g, 32),
    ),
    (
        "wp-user-create",
        "$ wp user create editor editor@acme.io --role=editor\nSuccess: Created user 3.\nPassword: {v}",
        lambda g: _rand(g, 24, AN + "!@#$%^&*()"),
    ),
    (
        "drush-site-install",
        "$ drush site:install standard -y\n [success] Installation complete.  User name: admin  User password: {v}",
        lambda g: _rand(g, 10),
    ),
    (
        "elastic-enrollment-token",
        "$ bin/elasticsearch-create-enrollment-token -s kibana\n{v}",
        lambda g: "eyJ2ZXIiOiI4LjE0LjAiLCJhZHIiOlsi" + _b64(g, 160) + "==",
    ),
    (
        "gcloud-reset-windows-password",
        "$ gcloud compute reset-windows-password win01 --zone europe-west1-b --user ops\n"
        "ip_address: 34.76.18.20\npassword:   {v}\nusername:   ops",
        lambda g: _rand(g, 15, AN + "!#%&()*+,-.:;<=>?@[]^_{{|}}~"),
    ),
    (
        "ec2-get-password-data",
        "$ aws ec2 get-password-data --instance-id i-0b7c2e5d91f3a4c86 --priv-launch-key ~/.ssh/lab.pem "
        "--query PasswordData --output text\n{v}",
        lambda g: _rand(g, 32, AN + "!$%&()*;=?@"),
    ),
    (
        "hcloud-root-password",
        "$ hcloud server create --name build01 --type cx22 --image debian-12\n"
        " ✓ Waiting for create_server      100% 12s (server: 51237419)\nServer 51237419 created\n"
        "IPv4: 168.119.41.7\nRoot password: {v}",
        lambda g: _rand(g, 20),
    ),
    # CLIs that show a token or a key when asked
    (
        "sts-secret-text",
        "$ aws sts get-session-token --query Credentials.SecretAccessKey --output text\n{v}",
        lambda g: _b64(g, 40),
    ),
    (
        "gitea-access-token",
        "$ gitea admin user generate-access-token --username ci --token-name deploy --scopes write:repository\n"
        "Access token was successfully created: {v}",
        lambda g: _rand(g, 40, HEX),
    ),
    (
        "influx-auth-create-jq",
        "$ influx auth create --org acme --all-access --json | jq -r .token\n{v}",
        lambda g: _rand(g, 86, B64URL) + "==",
    ),
    ("ibmcloud-oauth-tokens", "$ ibmcloud iam oauth-tokens\nIAM token:  Bearer {v}", _jwt),
    (
        "acr-expose-token",
        "$ az acr login -n acmeregistry --expose-token --query accessToken -o tsv\n{v}",
        _jwt,
    ),
    (
        "docker-credential-get",
        "$ echo https://index.docker.io/v1/ | docker-credential-secretservice get\n"
        '{{"ServerURL":"https://index.docker.io/v1/","Username":"acmeci","Secret":"{v}"}}',
        lambda g: _rand(g, 36, B64URL),
    ),
    (
        "mc-svcacct-add",
        "$ mc admin user svcacct add acme ci-bot\nAccess Key: {w}\nSecret Key: {v}\nExpiration: no-expiry",
        lambda g: _rand(g, 40),
    ),
    (
        "influxdb3-admin-token",
        "$ influxdb3 create token --admin\n\nNew token created successfully!\n\nToken: {v}\n"
        "HTTP Requests Header: Authorization: Bearer <token>",
        lambda g: "apiv3_" + _rand(g, 86, B64URL),
    ),
    (
        "ngrok-add-authtoken",
        "$ ngrok config add-authtoken {v}\nAuthtoken saved to configuration file: /home/bob/.config/ngrok/ngrok.yml",
        lambda g: "2" + _rand(g, 26) + "_" + _rand(g, 21),
    ),
    (
        "cachix-authtoken",
        "$ cachix authtoken {v}\nConfigured private read access credentials in /home/ci/.config/cachix/cachix.dhall",
        _jwt,
    ),
    (
        "mc-alias-set",
        "$ mc alias set acme https://s3.acme.io ci-bot {v}\nAdded `acme` successfully.",
        lambda g: _rand(g, 40),
    ),
    ("rclone-obscure", "$ rclone obscure '{w}'\n{v}", lambda g: _rand(g, 40, B64URL)),
    # generators
    ("php-random-bytes", "$ php -r 'echo bin2hex(random_bytes(24)), PHP_EOL;'\n{v}", lambda g: _rand(g, 48, HEX)),
    ("bw-generate", "$ bw generate -ulns --length 24\n{v}", lambda g: _rand(g, 24, AN + "!@#$%^&*")),
    (
        "node-randombytes",
        "> require('crypto').randomBytes(32).toString('base64url')\n'{v}'",
        lambda g: _rand(g, 43, B64URL),
    ),
    ("irb-securerandom", 'irb(main):001> SecureRandom.urlsafe_base64(32)\n=> "{v}"', lambda g: _rand(g, 43, B64URL)),
    # REPL answers
    ("python-os-environ", ">>> os.environ['SNOWFLAKE_PASSWORD']\n'{v}'", _chosen),
    ("r-sys-getenv", '> Sys.getenv("REDSHIFT_PASSWORD")\n[1] "{v}"', _chosen),
    ("julia-env", 'julia> ENV["PGPASSWORD"]\n"{v}"', _chosen),
    ("redis-config-get", '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{v}"', lambda g: _rand(g, 32)),
    (
        "django-shell-settings",
        ">>> from django.conf import settings\n>>> settings.EMAIL_HOST_PASSWORD\n'{v}'",
        lambda g: _rand(g, 16, string.ascii_lowercase),
    ),
    ("pwsh-network-credential", "PS> $cred.GetNetworkCredential().Password\n{v}", _chosen),
    ("ghci-lookup-env", 'ghci> lookupEnv "SMTP_PASS"\nJust "{v}"', _chosen),
    ("node-process-env", "> process.env.MONGO_PASSWORD\n'{v}'", lambda g: _rand(g, 20)),
    ("tinker-config", "> config('database.connections.mysql.password')\n= \"{v}\"", _chosen),
    ("clojure-getenv", 'user=> (System/getenv "DB_PASS")\n"{v}"', _chosen),
    ("python-keyring", ">>> keyring.get_password('nexus.acme.io', 'ci')\n'{v}'", lambda g: _rand(g, 24)),
    # password hashes
    (
        "dovecot-ssha512",
        "bob:{v}:1000:1000::/home/bob::userdb_mail=maildir:~/Maildir",
        lambda g: "{SSHA512}" + _b64(g, 88),
    ),
    (
        "jupyter-hashed-password",
        "c.PasswordIdentityProvider.hashed_password = '{v}'",
        lambda g: "argon2:$argon2id$v=19$m=10240,t=10,p=8$" + _b64(g, 22) + "$" + _b64(g, 43),
    ),
    (
        "werkzeug-scrypt-row",
        '$ sqlite3 instance/app.db "SELECT username, password_hash FROM user LIMIT 1"\nadmin|{v}',
        lambda g: "scrypt:32768:8:1$" + _rand(g, 16) + "$" + _rand(g, 128, HEX),
    ),
    (
        "ldif-userpassword",
        "$ ldapsearch -LLL -x -D cn=admin,dc=acme,dc=io -W uid=bob userPassword\nEnter LDAP Password: \n"
        "dn: uid=bob,ou=people,dc=acme,dc=io\nuserPassword:: {v}",
        lambda g: "e1NTSEF9" + _b64(g, 40),
    ),
    (
        "aspnet-identity-hash",
        '$ sqlcmd -Q "SELECT TOP 1 UserName, PasswordHash FROM AspNetUsers" -h -1\nadmin@acme.io   {v}',
        lambda g: "AQAAAAIAAYagAAAAE" + _b64(g, 65) + "==",
    ),
    ("junos-encrypted-password", 'set system root-authentication encrypted-password "{v}"', _crypt6),
    ("squid-sha-htpasswd", "$ cat /etc/squid/passwords\nproxyuser:{v}", lambda g: "{SHA}" + _b64(g, 27) + "="),
    (
        "authelia-users-argon2",
        'users:\n  bob:\n    disabled: false\n    displayname: "Bob"\n    password: "{v}"',
        lambda g: "$argon2id$v=19$m=65536,t=3,p=4$" + _b64(g, 22) + "$" + _b64(g, 43),
    ),
    # Microsoft's identifiable keys outside a connection string
    (
        "az-servicebus-key-tsv",
        "$ az servicebus namespace authorization-rule keys list -g rg-shop --namespace-name acme-sb "
        "-n RootManageSharedAccessKey --query primaryKey -o tsv\n{v}",
        lambda g: _b64(g, 33) + "+ASb" + _b64(g, 5) + g.choice("AEIMQUYcgkosw048") + "=",
    ),
    (
        "eventhub-named-key-credential",
        'credential = AzureNamedKeyCredential("send-policy", "{v}")',
        lambda g: _b64(g, 33) + "+AEh" + _b64(g, 5) + g.choice("AEIMQUYcgkosw048") + "=",
    ),
    (
        "function-key-query",
        "curl -s 'https://acme-fn.azurewebsites.net/api/ingest?code={v}' -d @event.json",
        lambda g: _rand(g, 44, B64URL) + "AzFu" + _rand(g, 5, B64URL) + g.choice("AQgw") + "==",
    ),
    (
        "search-api-key-header",
        "curl -s 'https://acme-search.search.windows.net/indexes/products/docs?search=*&api-version=2024-07-01' "
        "-H 'api-key: {v}'",
        lambda g: _rand(g, 42) + "AzSe" + g.choice("ABCD") + _rand(g, 5),
    ),
    (
        "acr-credential-show",
        "$ az acr credential show -n acmeregistry --query 'passwords[0].value' -o tsv\n{v}",
        lambda g: _b64(g, 42) + "+ACR" + g.choice("ABCD") + _b64(g, 5),
    ),
    (
        "cosmos-client-credential",
        "client = CosmosClient(url, credential='{v}')",
        lambda g: _b64(g, 76) + "ACDb" + _b64(g, 5) + g.choice("AQgw") + "==",
    ),
    (
        "azure-devops-pat-sdk",
        "credentials = BasicAuthentication('', '{v}')\nconnection = Connection(base_url=ORG_URL, creds=credentials)",
        lambda g: (
            _rand(g, 52)
            + "JQQJ9"
            + g.choice("9DH")
            + _rand(g, 1)
            + g.choice("ABCDEFGHIJKL")
            + _rand(g, 16)
            + "AZDO"
            + _rand(g, 4)
        ),
    ),
    (
        "apim-subscription-header",
        "GET /orders/v1/list HTTP/1.1\nHost: api.acme.io\nOcp-Apim-Subscription-Key: {v}",
        lambda g: _rand(g, 32, HEX),
    ),
    (
        "urllib3-debug-bearer",
        "send: b'GET /v2/items HTTP/1.1\\r\\nHost: api.acme.io\\r\\nAuthorization: Bearer {v}\\r\\n\\r\\n'",
        lambda g: _rand(g, 40, AN + "-_."),
    ),
)

BENIGN_HELD27 = (
    # the positions' syntaxes with a placeholder in place of the value
    "     4\texport ARTEMIS_PASSWORD='<set-me>'\n     5\texport ARTEMIS_USER=admin",
    "set -Ux BORG_PASSPHRASE '<your passphrase>'",
    "PS C:\\etl> $env:SQLCMDPASSWORD = '<password>'",
    "C:\\inetpub\\shop> set UMBRACO_DB_PASSWORD=%UMBRACO_DB_PASSWORD%",
    "docker run -d --name couchdb -e COUCHDB_USER=admin -e COUCHDB_PASSWORD=changeme -p 5984:5984 couchdb:3.3",
    'wifi:\n  ssid: "Greenhouse-IoT"\n  password: !secret wifi_password',
    "spring:\n  datasource:\n    url: jdbc:mariadb://db:3306/shop\n    username: shop\n    password: ${DB_PASSWORD}",
    "    basic_auth:\n      username: prometheus\n      password_file: /etc/prometheus/secrets/remote-write-pass",
    "  smtp_auth_password: 'xxx'",
    "    secureJsonData:\n      password: $__file{/run/secrets/pg_reader}",
    "          password: ${{ secrets.HARBOR_ROBOT_SECRET }}",
    "variables:\n  MSSQL_SA_PASSWORD: $MSSQL_SA_PASSWORD",
    "  - name: sqlAdminPassword\n    value: $(sqlAdminPassword)",
    '    ansible_winrm_password: "{{ vault_winrm_password }}"',
    'stringData:\n  redis-password: ""',
    "      password: ((git-ci-password))",
    '    "Shop": "Host=pg;Port=5432;Username=shop;Password=;Database=shop"',
    '    "database.password": "${file:/opt/kafka/secrets/mysql.properties:password}",',
    '            "env": {\n                "MAIL_PASSWORD": "${env:MAIL_PASSWORD}"\n            }',
    '  password = "$INFLUX_PASSWORD"',
    '[registries.acme]\ncredential-provider = ["cargo:token-from-stdout", "acme-token-helper"]',
    "[mysqldump]\nuser=dump\npassword=\nsingle-transaction",
    "PWD = %PWD_FROM_VAULT%",
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1",
    'rcon_password ""',
    "rcon.password=",
    "password=${DVC_NAS_PASSWORD}",
    "signing.password=${env.SIGNING_PASSWORD}",
    '      <add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />',
    '<credential-reference store="credstore" alias="ds-password"/>',
    '    <add key="SmtpPassword" value="" />',
    'smtpPassword="${sys:smtp.password}"',
    '<param name="env.ARTIFACTORY_PASSWORD" value="%vault:kv/ci!/artifactory_password%" />',
    'provider "grafana" {\n  url  = "https://grafana.acme.io"\n  auth = var.grafana_auth\n}',
    '      template {\n        data        = "MINIO_ROOT_PASSWORD={{ with nomadVar \\"nomad/jobs/minio\\" }}{{ .root_password }}{{ end }}"\n'
    '        destination = "secrets/minio.env"\n        env         = true\n      }',
    'vsphere_password = data.vault_generic_secret.vsphere.data["password"]',
    'db, err := sql.Open("mysql", fmt.Sprintf("shop:%s@tcp(db:3306)/shop", os.Getenv("DB_PASSWORD")))',
    "let creds = Credentials::new(cfg.smtp_user.clone(), cfg.smtp_password.clone());",
    'config :shop, Shop.Repo,\n  username: "shop",\n  password: System.fetch_env!("DB_PASSWORD")',
    "client.Credentials = new NetworkCredential(_opts.User, _opts.Password);",
    "$pdo = new PDO($dsn, getenv('DB_USER'), getenv('DB_PASS'));",
    "WiFi.begin(SECRET_SSID, SECRET_PASS);",
    "auth = aiohttp.BasicAuth(os.environ['SCRAPER_USER'], os.environ['SCRAPER_PASS'])",
    '  ENV["MATCH_PASSWORD"] ||= ENV.fetch("CI_MATCH_PASSWORD")',
    'CONFIG_ESP_WIFI_PASSWORD=""',
    "CREATE ROLE grafana_reader WITH LOGIN PASSWORD NULL;",
    "ALTER USER etl IDENTIFIED EXTERNALLY;",
    "CREATE LOGIN [ACME\\reporting] FROM WINDOWS WITH DEFAULT_DATABASE = [Shop];",
    "CREATE USER loader IDENTIFIED WITH ssl_certificate CN 'loader.acme.io';",
    "> DESC USER dbt_svc;\n| RSA_PUBLIC_KEY_FP | SHA256:p7hMJwfkM0bt/eA9HmvIHZN0vpKEDDI/n0RRqs3lCVI | null | RSA public key fingerprint |",
    "redis-cli -h cache.acme.internal --askpass INFO replication",
    'mongosh "mongodb://db01:27017/admin" -u root -p',
    "rabbitmqctl add_user shop_worker --pre-hashed-password",
    'influx setup --username admin --password "$INFLUX_ADMIN_PW" --org acme --bucket metrics --force',
    'mosquitto_pub -h broker.acme.io -u sensor01 -P "$MQTT_PASS" -t greenhouse/temp -m 21.5',
    "nmcli --ask dev wifi connect Warehouse-5G",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASS",
    "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout file:/run/secrets/p12",
    "keytool -list -keystore new.p12 -storepass:env STOREPASS",
    "7z a -p -mhe=on backup.7z /srv/data",
    "az vm create -g rg-lab -n win01 --image Win2022Datacenter --admin-username labadmin --admin-password $ADMIN_PW",
    "aws rds create-db-instance --db-instance-identifier shop --engine postgres --manage-master-user-password",
    'airflow connections add shop_pg --conn-uri "$SHOP_PG_URI"',
    'echo "$DOCKER_PASSWORD" | docker login -u ci --password-stdin registry.acme.io',
    "+ docker login -u ci -p **** registry.acme.io",
    "[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PASS\n[Pipeline] sh\n"
    "+ curl -sf -u admin:**** --upload-file dist/app.tgz https://nexus.acme.io/repository/raw/app.tgz",
    'psql "host=pg.acme.internal port=5432 dbname=shop user=report sslmode=require passfile=/etc/pg/report.pass"',
    "svn checkout https://svn.acme.io/repos/cad --username bob --non-interactive",
    "helm repo add acme https://charts.acme.io --username ci --password-stdin < /run/secrets/charts",
    "schtasks /Create /TN Backup /TR C:\\ops\\backup.cmd /SC DAILY /RU SYSTEM",
    "CELERY_BROKER_URL=amqp://celery:${RABBIT_PASS}@rabbit:5672/shop",
    "nats sub -s nats://nats.acme.io:4222 --creds ~/.nkeys/ingest.creds 'sensors.>'",
    "ORACLE_DSN=/@SHOPPDB_WALLET",
    "jdbc:sqlserver://sql01:1433;databaseName=Shop;integratedSecurity=true;authenticationScheme=JavaKerberos",
    'headers = {"X-API-KEY": os.environ["ACME_API_KEY"], "Accept": "application/json"}',
    "Authorization: Token {{netbox_token}}",
    "updater = Updater(os.environ['BOT_TOKEN'], use_context=True)",
    "https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid=YOUR_API_KEY&units=metric",
    "const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_SEARCH_KEY);",
    "jupyter lab --IdentityProvider.token='' --no-browser --port 8888",
    "openstack --os-cloud ovh server list",
    "//npm.acme.io/:_authToken=${NPM_TOKEN}",
    '{\n  "auths": {},\n  "credsStore": "desktop"\n}',
    # prose about credentials, headers and tokens
    "Send the key in the X-Api-Key header; requests without it get a 401.",
    "     12\t    Pass the token as `Authorization: Bearer <token>`; the gateway strips it before proxying.",
    "The WebUI prints a temporary password on first start; set a permanent one under Tools > Options > WebUI.",
    "Run `vault operator init` once; it prints five unseal keys and an initial root token. Store them apart.",
    "# Never commit the rcon password: the server reads it from RCON_PASSWORD at start.",
    "## Rotating the SMTP password\n\nUpdate the secret in Key Vault, then restart the mailer pods.",
    'Error: authentication failed for user "report": password authentication failed',
    "Login failed for user 'reporting'. Reason: Password did not match that for the login provided. [CLIENT: 10.0.4.7]",
    "redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled.",
    "WARN  [o.a.k.c.NetworkClient] [Consumer clientId=etl-1] Bootstrap broker kafka:9093 disconnected (SASL authentication failed)",
    "warning: The admin password will be generated and printed to the log on first start.",
    "401 Unauthorized: the API key is missing or invalid (see docs/auth.md#api-keys)",
    "Use `--password-stdin` instead of `-p`: the password would otherwise land in the shell history.",
    "The bootstrap token expires after 24h; create a new one with `kubeadm token create`.",
    # settings named after a secret whose value is not one
    "password_hash_algorithm: argon2id",
    "token_ttl: 15m",
    "auth.password.file=/etc/acme/password.properties",
    "secret_key_base_file: /run/secrets/secret_key_base",
    "ENABLE_PASSWORD_RESET=false",
    "session_secret_rotation_days = 30",
    "  password_required: true",
    "token_endpoint_auth_method: client_secret_basic",
    "KC_SPI_PASSWORD_HASHING_PBKDF2_SHA512_ITERATIONS=210000",
    "    tokenRefreshInterval: 300s",
    '"secretName": "shop-tls",',
    "      secretKeyRef:\n        name: shop-db\n        key: password",
    "  credentials_file: ~/.config/gcloud/application_default_credentials.json",
    "AUTH_TOKEN_HEADER=X-Auth-Token",
    "vault_password_file = ./scripts/vault-pass-from-keychain.sh",
    "MAX_API_KEYS_PER_USER=5",
    "secret.key.algorithm=AES/GCM/NoPadding",
    "password.policy=length(12) and upperCase(1) and digits(1)",
    'auth_method = "password"',
    "api_token_expiry_days: 90",
    "passwd: files systemd",
    "shadow: files",
    "PasswordAuthentication no\nKbdInteractiveAuthentication no",
    "rcon.port=25575",
    "storeFile=/home/ci/upload-keystore.jks",
    "TOKEN_LENGTH=32",
    "min_password_entropy_bits=60",
    # digests, ids, lockfile integrity, public keys and fingerprints
    '"integrity": "sha512-Yimbt5oUhMGbDEmxLahp9JMLdPsZC2ENfFqbHqJyoeJayEPjI9WaPRpPwrUNt+hasdv5lHtOVtCUIzYoviYmNg==",',
    "  resolution: {integrity: sha512-x+sk3X3Yl60Qr6rzjlYE93yrrVS10yHxBefi3+xfpXIFKPoCtuDTdwOtDk2mPIQBo4UFN/y6GzOF37mV+FZ5OA==}",
    '<script src="https://cdn.acme.io/app.js" integrity="sha384-4hesTRX+P/qJgMqUCNMZo1FNk7NHXMa7r5XaOKBVTo0jeLsOFHx2dhrJaVU88rps" '
    'crossorigin="anonymous"></script>',
    "github.com/nats-io/nats.go v1.37.0 h1:8NcofDQMFWfl67YEUu2lGjbYJaaOQTNs9O27j+Q1qrU=",
    "github.com/eclipse/paho.mqtt.golang v1.5.0/go.mod h1:6wgPO6kVkYSm+YC6d09wUmjbU988VmVjonECMB0jH4U=",
    'checksum = "9ee112c10fa816529d51620143f52fda4bf697737b62b7369da00643fa06f675"',
    '    sha256 = "a41e280982c8b74a622597f49b3fb9239b2b893c0c490b4ba370499686de3153";',
    "FROM eclipse-mosquitto:2.0.18@sha256:ee444fa169eb54a477920933d41a6470a39754eb777ea65678b2d6df3b59b845",
    '            "Image": "sha256:257106d3b5fd11d934aab579486a1b0f7138fa31ea29f8a225a69ee812ab1b28",',
    "ee444fa169eb54a477920933d41a6470a39754eb777ea65678b2d6df3b59b845  influxdb2-2.7.10_linux_amd64.tar.gz",
    "--hash=sha256:075d623e368425906fbe6145d740c7c79f60f488518c9483d69c0e6a84530f53 \\",
    "commit 8273d506df6de28c1575a7d6628db2d5d3ee6245\nAuthor: Ops Bot <ops@acme.io>\nDate:   Fri Nov 27 16:02:11 2026 +0000",
    "b6528c6536461b2140e302e4c818b0058a42334e refs/heads/main",
    "Merge: cfee607 03d2359",
    "    - uses: actions/checkout@0e6f070cc10732dcb090ec6e7455eaddff1876e5 # v4.2.2",
    '  "revision": "d93e8e75549086b02ecd1a30dea274fa5b792b51",',
    "request_id=897678fe-6a0c-4f18-85a0-ba3c0208ae75 status=200 duration_ms=41",
    '"tenantId": "911809ab-85b9-4ee4-a8fe-8d7d3938b850",',
    'subscription_id = "cd5f5af7-4686-40bd-9e88-ae235054c5b0"',
    "  clientId: 042b3f20-1f61-4264-aa79-ae1b0fea669e",
    "Accessor                     84143926-e99b-4067-904b-663af7f178b0",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMLH193D4ap4pBIsLswEScbWezW7HyaRNeHgKI9rq3Ey deploy@ci",
    "git.acme.io ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIP2O4fluXlRSvGIr6qQygqBPjI6Uy+s8JsVivrk+zepT",
    "256 SHA256:iSTSdCHDmLUFhy3ZRv+p/hA65GADsTTDVSGt/IQGai8 ops@laptop (ED25519)",
    "The ECDSA key fingerprint is SHA256:dUDiflc6An8SP1D7vh2K8oG2sASSrDy3ExvuzAd1Hro.",
    "[Peer]\nPublicKey = qU+04ShOD1AoChju8VY2jQHaLU0I4o3gm6Sf5FTkOSo=\nAllowedIPs = 10.8.0.2/32",
    "$ wg show wg0 public-key\nqU+04ShOD1AoChju8VY2jQHaLU0I4o3gm6Sf5FTkOSo=",
    'gpg: using RSA key 6AD741B3C25ACEF12BBC9420745D85E5651C37FA\ngpg: Good signature from "Acme Release <release@acme.io>"',
    "pub   ed25519 2025-03-01 [SC]\n      C2C22F6908084FC34CF4E5C24A8A75BD7880CBE9",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAqU+04ShOD1AoChju8VY2jQHaLU0I4o3gm6Sf5FTkOSo=\n-----END PUBLIC KEY-----",
    "SHA256 Fingerprint=03:F4:C8:84:17:EF:C7:6A:32:76:FE:90:B9:CD:B9:D2:67:31:49:A0:B1:A7:C3:9E:C3:E4:E5:00:EF:31:47:E3",
    "  ca_cert_hash: sha256:9a3b8dedfe53a4ce363948b18db9f098c554dd4b16aa1f8e937e61a2c1d7c260",
    '    "payload": "eyJpZCI6IDQyLCAibmFtZSI6ICJ3aWRnZXQiLCAicXR5IjogM30=",',
    "  body_b64: aGVsbG8gZnJvbSB0aGUgZml4dHVyZSBsb2FkZXIK",
    'PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAA="',
    'etag: "7a4462c64b46600b6a1a45e27b623869"',
    "X-Request-Id: e97fdd21-a6b4-430c-a941-b3a81d09b114",
    "Content-MD5: ekRixktGYAtqGkXie2I4aQ==",
    "    traceparent: 00-a7f6770c24338f87bfa302748b910735-27f96e685840f5cf-01",
    "container_id=78e18c4570d32a9014c87c20134ed51399afe25a734420a73cc89dc4199176a5",
    '"ImageID": "sha256:e6bf8cb8f3699d291087a8d9c7147d218f8cbbced4b00c70eb6f7781dad8b287",',
    "layer d3c8ce0731c2: Pull complete",
    "Digest: sha256:d3c8ce0731c2cd5009b105f03423cac3f90a19bf2c2713b98e9c3759a24e1321",
    "ocid1.vaultsecret.oc1.eu-frankfurt-1.amaaaaaa4xqpbcqaz6rtkm2zgibdpvlzo5f7tyan3amkz2cdexample",
    # long identifiers
    "ShopOrderFulfillmentNotificationDispatcherServiceImpl.java:214",
    "test_password_reset_token_is_invalidated_after_successful_password_change PASSED",
    "org.apache.kafka.common.security.scram.ScramLoginModule",
    "AbstractPasswordEncoderConfigurationPropertiesBeanPostProcessor",
    "spring-boot-starter-oauth2-authorization-server-3.4.1.jar",
    "tests/integration/test_secret_store_roundtrip_with_rotation.py::test_rotates_before_expiry PASSED",
    "k8s.io/client-go/tools/clientcmd/api/latest.Codec",
    "APIKeyAuthenticationMiddlewareFactoryTests",
    # what those commands print when they print no secret
    "$ vault status\nKey                Value\n---                -----\nSeal Type          shamir\nInitialized        true\n"
    "Sealed             false\nTotal Shares       5\nThreshold          3",
    "$ kubectl get secret -n monitoring\nNAME                   TYPE     DATA   AGE\ngrafana                Opaque   3      41d",
    "$ kubeadm token list -o jsonpath='{.expires}{\"\\n\"}'\n2026-11-29T09:10:02Z",
    "$ docker secret ls\nID                          NAME          CREATED       UPDATED\nq4b2k8d0w1n5v7x9z3m6p2r8t   smtp_pass   3 days ago    3 days ago",
    "$ op item get 'Shop DB' --fields label=password\n[use 'op item get qz4xk --reveal' to reveal]",
    "$ consul kv get -keys shop/config/\nshop/config/smtp_host\nshop/config/smtp_password\nshop/config/smtp_port",
    "$ pass ls hosting\nhosting\n├── ovh\n└── hetzner",
    "$ glab variable list\nKEY                 PROTECTED  MASKED  SCOPE\nDEPLOY_PASSWORD     true       true    *",
    "$ heroku config\n=== shop-prod Config Vars\nDATABASE_URL:  [hidden]\nLOG_LEVEL:     info",
    "$ ansible-vault view files/ldap_bind_pw.txt\nERROR! Attempting to decrypt but no vault secrets found",
    '$ kubectl create token ci-deployer -n ci\nerror: failed to create token: serviceaccounts "ci-deployer" not found',
    "$ influx auth list --json | jq length\n4",
    "$ openssl rand -hex 24 | wc -c\n49",
    "$ pwgen --help | head -1\nUsage: pwgen [ OPTIONS ] [ pw_length ] [ num_pw ]",
    "$ headscale preauthkeys list --user ops\nID | Key      | Reusable | Ephemeral | Used  | Expiration\n"
    "1  | ******** | true     | false     | false | 2026-11-29",
    "$ tctl tokens ls\nToken Type Labels Expiry Time (UTC)\n----- ---- ------ -----------------\n(no tokens)",
    "$ docker logs rancher 2>&1 | grep -c 'Bootstrap Password'\n0",
    "graylog-1  | Graylog server up and running.",
    "pihole  |   [i] Password already set in config file",
    "nextcloud-aio-mastercontainer  | Initial login: visit https://10.0.0.40:8080 and use the passphrase shown there.",
    "kasm_proxy  | 2026/11/27 10:02:51 [notice] 1#1: start worker processes",
    "qbittorrent  | WebUI will be started shortly after internal preparations. Please wait...",
    "teamspeak_1  | 2026-11-27 10:02:51.113|INFO    |VirtualServer |1  |listening on 0.0.0.0:9987, :::9987",
    "nifi  | NiFi running with PID 214.",
    "    To access the server, open this file in a browser:\n        file:///home/bob/.local/share/jupyter/runtime/jpserver-4721-open.html",
    "$ gitea admin user list\nID   Username Email          IsActive IsAdmin 2FA\n1    ops      ops@acme.io    true     true    false",
    "Success: Updated user 3.",
    " [success] Password reset for admin.",
    "$ elasticsearch-reset-password -u elastic --help | head -1\nResets the password of users in the native realm and built-in users.",
    "$ aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin "
    "123456789012.dkr.ecr.eu-west-1.amazonaws.com\nLogin Succeeded",
    "$ oc whoami\nsystem:serviceaccount:ci:deployer",
    "$ cf target\nAPI endpoint:   https://api.cf.acme.io\nuser:           ci@acme.io\norg:            shop",
    "$ ibmcloud iam api-keys\nName            Description   Date\nci-deployer                   2026-10-02 08:14",
    "$ ngrok config check\nValid configuration file at /home/bob/.config/ngrok/ngrok.yml",
    "$ mc alias list acme\nacme\n  URL       : https://s3.acme.io\n  AccessKey : ci-bot\n  SecretKey : REDACTED\n  API       : s3v4",
    "$ consul keyring -list\n==> Gathering installed encryption keys...\n\nWAN:\n  ** (1/1)",
    "$ microk8s status --wait-ready\nmicrok8s is running\nhigh-availability: no",
    "Recovery Seal Type       shamir",
    "[upload-certs] Skipping phase. Please see --upload-certs",
    # REPL answers with no secret in them
    ">>> os.environ.get('SNOWFLAKE_PASSWORD') is None\nTrue",
    ">>> settings.EMAIL_HOST\n'smtp.acme.io'",
    "iex(2)> Application.get_env(:shop, Shop.Mailer)[:adapter]\nSwoosh.Adapters.SMTP",
    '> Sys.getenv("REDSHIFT_HOST")\n[1] "rs.acme.internal"',
    'julia> haskey(ENV, "PGPASSWORD")\nfalse',
    '127.0.0.1:6379> CONFIG GET maxmemory-policy\n1) "maxmemory-policy"\n2) "allkeys-lru"',
    "127.0.0.1:6379> AUTH\n(error) ERR wrong number of arguments for 'auth' command",
    "PS> $cred.UserName\nACME\\svc_sql",
    "PS> Get-SecretInfo -Vault Ops | Select-Object Name\n\nName\n----\nSqlSaPassword\nSmtpPassword",
    "> process.env.MONGO_HOST\n'mongo.acme.internal'",
    "> require('crypto').createHash('sha256').update('fixture').digest('hex').length\n64",
    'irb(main):002> SecureRandom.uuid\n=> "695e4e07-9d88-4f87-8455-cbeae3c17a9f"',
    "> config('database.connections.mysql.host')\n= \"db\"",
    'user=> (System/getenv "DB_HOST")\n"pg.acme.internal"',
    ">>> keyring.get_keyring()\n<keyring.backends.SecretService.Keyring object at 0x7f3a2c1e5d50>",
    'ghci> lookupEnv "SMTP_PASS"\nNothing',
    # shadow, htpasswd and hash listings with no hash in them
    "$ sudo getent shadow kiosk\nkiosk:!:20054:0:99999:7:::",
    "daemon:*:19722:0:99999:7:::",
    "nobody:!*:19722::::::",
    "$ sudo cat /etc/mosquitto/passwd\n# empty: anonymous access is off and no users are defined yet",
    "username netops privilege 15 secret 9 <hash from vault>",
    'set system login user ops authentication ssh-ed25519 "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbzHwk1mnf6d1ASzHAHXPzmElXAku6BkogQNu8TeXAc ops"',
    "password_hash_format: $argon2id$v=19$m=<memory>,t=<iterations>,p=<parallelism>$<salt>$<hash>",
    # Azure and cloud references with no key in them
    "AZURE_STORAGE_ACCOUNT=acmeshopdata\nAZURE_STORAGE_AUTH_MODE=login",
    "credential = DefaultAzureCredential()\nclient = CosmosClient(url, credential=credential)",
    "curl -s 'https://acme-fn.azurewebsites.net/api/health'",
    "-H 'api-key: <query key from the portal>'",
    "Endpoint=sb://acme-sb.servicebus.windows.net/;Authentication=Managed Identity",
    "$ az acr credential show -n acmeregistry\n(BadRequest) Admin user is disabled.",
    "$ az servicebus namespace authorization-rule list -g rg-shop --namespace-name acme-sb --query '[].name' -o tsv\n"
    "RootManageSharedAccessKey\nsend-policy",
    # game servers, IoT and devices
    '     1\t#define SECRET_SSID "Greenhouse"\n     2\t#define MQTT_PORT 8883',
    'static const char *mqtt_host = "broker.acme.io";',
    "const MQTT_KEEPALIVE_SECS: u16 = 30;",
    "wlan.connect(secrets['ssid'], secrets['password'])",
    './valheim_server.x86_64 -name "Acme" -port 2456 -world Dedicated -public 0',
    "maxplayers=8\nsecure=1\nlanguage=en-US",
    '\t<property name="ServerPasswordRequired"\t\tvalue="false" />',
    '  "require_user_verification": true,\n  "max_upload_in_kilobytes_per_second": 0,',
    "sv_password_protected 0",
    "[wifi]\nssid=Warehouse-5G\nmode=infrastructure",
    "[monuser]\n  upsmon secondary\n  actions = SET",
)
