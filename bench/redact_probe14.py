"""Records whose name field names a secret, written in the fourteenth round before any change it
measures: the secret's name stands beside its value (`{"name": "DB_PASSWORD", "value": "…"}`), not
before it, in syntaxes the hand-written sets and the lead's probe do not hold: JSON, YAML, TOML,
code literals, XML/HTML attributes and elements, key/value and table outputs, CLI flag pairs, SQL
rows, on one line or across lines, in either order and with other fields between. Each template is
filled with passwords people chose and with random keys (all must be gone); each look-alike, in
the same shapes, names a field that is no secret or holds a masked value, a reference, an id, a
boolean, a number or a path, and must come back unchanged.

Run: `python bench/redact_probe14.py [--show] [--second]` (prints what leaked and what changed;
`--second`: 30 records and 30 look-alikes written after the round's changes, scored once).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

PERSON = ("Harbor.4417Finch", "maple-river-2291", "sunset7714", "Tulip!Garden88")
RANDOM = ("pQ7rX2vL9mK4tB8wN3yZ6cH1dF5gJ0sA", "f3Kd9_Lq2Zx8Vw1-Rt6Yb4Nm")

SECRETS = (
    # JSON objects on one line: the name field's word, the value field's word, their order
    '{{"key": "stripe_secret_key", "value": "{v}"}}',
    '[{{"variable": "REDIS_PASSWORD", "value": "{v}", "protected": true}}]',
    '{{"field": "password", "content": "{v}"}}',
    '{{"label": "Password", "type": "concealed", "value": "{v}"}}',
    '{{"title": "API Token", "value": "{v}"}}',
    '{{"name":"client_secret","value":"{v}","category":"terraform","sensitive":true}}',
    '{{"op": "add", "path": "/data/api_token", "value": "{v}"}}',
    '{{"setting": "SmtpPassword", "value": "{v}"}}',
    '{{ "name" : "ADMIN_PASSWORD" , "val" : "{v}" }}',
    '{{"value": "{v}", "name": "DB_PASSWORD"}}',
    '{{"name": "DB_PASSWORD", "type": "secure", "value": "{v}"}}',
    '{{"Name": "/prod/api/secret", "Type": "SecureString", "Value": "{v}", "Version": 3}}',
    '{{"id":"smtp.password","value":"{v}"}}',
    '{{"fieldName": "password", "fieldValue": "{v}"}}',
    '{{"parameter": "master_password", "default": "{v}"}}',
    # pretty-printed JSON and YAML blocks: one field a line
    '{{\n  "name": "JWT_SECRET",\n  "value": "{v}"\n}}',
    '{{\n  "value": "{v}",\n  "key": "api_token"\n}}',
    "- key: smtp_password\n  value: {v}",
    "- name: REGISTRY_PASSWORD\n  type: secret\n  value: {v}",
    "- value: {v}\n  name: DB_PASSWORD",
    "parameters:\n  - name: adminPassword\n    description: admin login\n    value: '{v}'",
    # YAML flow, TOML inline, code literals
    "- {{name: MYSQL_ROOT_PASSWORD, value: {v}}}",
    'env: [{{name: API_TOKEN, value: "{v}"}}]',
    '{{ name = "DB_PASSWORD", value = "{v}" }}',
    "{{ name: 'DB_PASSWORD', value: '{v}' }}",
    "{{'Key': 'ApiSecret', 'Value': '{v}'}}",
    'Parameter(name="db_password", value="{v}")',
    'corev1.EnvVar{{Name: "DB_PASSWORD", Value: "{v}"}}',
    '{{ :name => "api_token", :value => "{v}" }}',
    "['name' => 'smtp_password', 'value' => '{v}']",
    'new EnvironmentVariable {{ Name = "ClientSecret", Value = "{v}" }}',
    # HCL blocks
    'variable "db_password" {{\n  default = "{v}"\n}}',
    'setting {{\n  namespace = "aws:elasticbeanstalk:application:environment"\n  name  = "SMTP_PASSWORD"\n  value = "{v}"\n}}',
    # XML and HTML: attributes, child elements
    '<param name="password" value="{v}"/>',
    '<input type="hidden" name="api_token" value="{v}">',
    '<input value="{v}" type="password" name="pw">',
    '<Parameter Name="AdminPassword" Value="{v}" />',
    '<entry key="jdbc.password">{v}</entry>',
    '<variable name="DB_PASSWORD" value="{v}"/>',
    '<env name="APP_SECRET" value="{v}" force="true"/>',
    '<Field Name="Password">{v}</Field>',
    '<item key="password" value="{v}"/>',
    '<attribute name="userPassword">\n  <value>{v}</value>\n</attribute>',
    "<name>mysql.password</name><data>{v}</data>",
    # key/value output, tables
    "Name: db_password\nValue: {v}",
    "Parameter: /prod/smtp/password   Value: {v}",
    "KEY              VALUE\nAPI_SECRET       {v}",
    "| Name | Value |\n|---|---|\n| SMTP_PASSWORD | {v} |",
    "| Key | Type | Value |\n|---|---|---|\n| api_token | secret | {v} |",
    "name=DB_PASSWORD value={v}",
    "name,value\ndb_password,{v}",
    # CLI flag pairs
    "aws ec2 create-tags --resources i-0abc --tags Key=db_password,Value={v}",
    "aws secretsmanager put-secret-value --secret-id prod/db/password --secret-string {v}",
    "az keyvault secret set --vault-name kv1 --name DbPassword --value {v}",
    "gh secret set API_TOKEN --body {v}",
    "ansible localhost -m ini_file -a 'path=/etc/my.cnf section=client option=password value={v}'",
    "consul kv put -key app/db/password -value {v}",
    # SQL rows
    "INSERT INTO settings (name, value) VALUES ('smtp_password', '{v}');",
    "UPDATE config SET value = '{v}' WHERE key = 'api_secret';",
)

LOOKALIKES = (
    '{"key": "stripe_publishable_key_name", "value": "checkout"}',
    '[{"variable": "REDIS_HOST", "value": "cache.internal", "protected": true}]',
    '{"field": "password", "message": "must be at least 8 characters"}',
    '{"label": "Password", "type": "concealed", "value": ""}',
    '{"title": "API Token", "value": "••••••••"}',
    '{"name":"client_secret","value":null,"category":"terraform","sensitive":true}',
    '{"op": "replace", "path": "/spec/replicas", "value": 3}',
    '{"op": "remove", "path": "/spec/password"}',
    '{"setting": "PasswordMinLength", "value": "12"}',
    '{ "name" : "ADMIN_PASSWORD" , "val" : "${ADMIN_PASSWORD}" }',
    '{"value": "{{ secrets.DB_PASSWORD }}", "name": "DB_PASSWORD"}',
    '{"name": "DB_PASSWORD", "type": "secure", "valueFrom": "arn:aws:ssm:us-east-1:123456789012:parameter/db"}',
    '{"Name": "/prod/api/url", "Type": "String", "Value": "https://api.example.com", "Version": 3}',
    '{"id":"smtp.host","value":"mail.example.com"}',
    '{"parameter": "password_encryption", "default": "scram-sha-256"}',
    '{\n  "name": "JWT_SECRET",\n  "value": "***"\n}',
    '{\n  "value": "true",\n  "key": "password_reset_enabled"\n}',
    "- key: smtp_port\n  value: 587",
    "- name: REGISTRY_PASSWORD\n  type: secret\n  value: $(REGISTRY_PASSWORD)",
    "- value: /run/secrets/db_password\n  name: DB_PASSWORD_FILE",
    "parameters:\n  - name: adminPassword\n    description: admin login\n    value: ''",
    "- {name: MYSQL_DATABASE, value: wordpress}",
    "env: [{name: API_TOKEN, valueFrom: {secretKeyRef: {name: api, key: token}}}]",
    '{ name = "DB_PASSWORD", value = var.db_password }',
    "{ name: 'DB_PASSWORD', value: process.env.DB_PASSWORD }",
    "{'Key': 'Environment', 'Value': 'production'}",
    'Parameter(name="db_password", value=os.environ["DB_PASSWORD"])',
    'corev1.EnvVar{Name: "DB_HOST", Value: "postgres"}',
    '{ :name => "api_token", :value => ENV["API_TOKEN"] }',
    "['name' => 'smtp_password', 'value' => env('SMTP_PASSWORD')]",
    'new EnvironmentVariable { Name = "ClientId", Value = "3f1e2d4c-5b6a-4789-9abc-def012345678" }',
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    'setting {\n  namespace = "aws:elasticbeanstalk:application:environment"\n  name  = "SMTP_HOST"\n  value = "smtp.example.com"\n}',
    '<param name="password" value="${jdbc.password}"/>',
    '<input type="hidden" name="csrf_field" value="authenticity_token">',
    '<input value="" type="password" name="pw">',
    '<Parameter Name="AdminUser" Value="admin" />',
    '<entry key="jdbc.url">jdbc:postgresql://db:5432/app</entry>',
    '<variable name="PASSWORD_MIN_LENGTH" value="12"/>',
    '<env name="APP_ENV" value="testing" force="true"/>',
    '<Field Name="Password">Required</Field>',
    '<item key="password" value="true"/>',
    '<attribute name="userPassword">\n  <value>{SSHA}</value>\n</attribute>',
    "<name>mysql.user</name><data>app</data>",
    "Name: db_password\nValue: (sensitive)",
    "Parameter: /prod/smtp/password   Type: SecureString   Version: 3",
    "NAME          TYPE     DATA   AGE\ndb-password   Opaque   1      5d",
    "| Name | Value |\n|---|---|\n| SMTP_HOST | smtp.example.com |",
    "| Key | Type | Value |\n|---|---|---|\n| api_token | secret | <hidden> |",
    "name=DB_PASSWORD value=${DB_PASSWORD}",
    "name,value\ndb_host,db01.internal",
    "aws ec2 create-tags --resources i-0abc --tags Key=Owner,Value=platform-team",
    "aws secretsmanager put-secret-value --secret-id prod/db/password --secret-string file://secret.json",
    "az keyvault secret set --vault-name kv1 --name DbPassword --file secret.txt",
    'gh secret set API_TOKEN --body "$API_TOKEN"',
    "ansible localhost -m ini_file -a 'path=/etc/my.cnf section=client option=port value=3306'",
    "consul kv put -key app/db/password -value @password.txt",
    "INSERT INTO settings (name, value) VALUES ('password_min_length', '12');",
    "UPDATE config SET value = '30' WHERE key = 'session_timeout';",
    "aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value",
)

# A second batch, written after the round's changes and scored once: other syntaxes, other tools.
SECRETS2 = (
    "helm upgrade app ./chart --set env[0].name=DB_PASSWORD,env[0].value={v}",
    'kubectl patch deploy app --type=json -p=\'[{{"op":"add","path":"/spec/template/spec/containers/0/env/-","value":{{"name":"API_TOKEN","value":"{v}"}}}}]\'',
    '[\n  {{\n    "name": "SmtpPassword",\n    "slotSetting": false,\n    "value": "{v}"\n  }}\n]',
    "gh api -X POST /orgs/acme/settings -f name=DB_PASSWORD -f value={v}",
    '      + name  = "DB_PASSWORD"\n      + value = "{v}"',
    "<ConfigurationSetting><Name>SmtpPassword</Name><Value>{v}</Value></ConfigurationSetting>",
    '{{ "Key" : "JwtSigningSecret" , "Value" : "{v}" }}',
    'new Parameter().withName("db_password").withValue("{v}")',
    "params.push({{ Name: 'api_secret', Value: '{v}' }})",
    '&ssm.PutParameterInput{{Name: aws.String("/prod/db/password"), Value: aws.String("{v}")}}',
    '- key: DB_PASSWORD\n  value: "{v}"\n  scope: RUN_TIME\n  type: SECRET',
    '<input name="api_key" type="text" value="{v}" class="form-control">',
    "-[ RECORD 1 ]-----\nname  | smtp_password\nvalue | {v}",
    '{{ _id: ObjectId("65a1f0c2e4b0a1b2c3d4e5f6"), key: "stripe_secret", value: "{v}" }}',
    '{{\n  "key": "GITHUB_TOKEN",\n  "value": "{v}"\n}}',
    "|  Name   |  /prod/db/password  |\n|  Type   |  SecureString       |\n|  Value  |  {v}  |",
    "az appconfig kv set --name cfg --key db:password --value {v} --yes",
    '- name: set password\n  ini_file:\n    path: /etc/app.ini\n    section: auth\n    option: admin_password\n    value: "{v}"',
    "Parameters:\n  - ParameterKey: DbPassword\n    ParameterValue: {v}",
    '{{"key": "access_token", "value": "{v}", "type": "secret", "enabled": true}}',
    '[{{"key": "app/db/password", "flags": 0, "value": "{v}"}}]',
    'curl --request POST --form "key=DB_PASSWORD" --form "value={v}" https://gitlab.example.com/api/v4/projects/1/variables',
    'mutation {{ setSecret(name: "API_TOKEN", value: "{v}") {{ id }} }}',
    '{{ name = "DB_PASSWORD"; value = "{v}"; }}',
    '[name: "db_password", value: "{v}"]',
    "@{{ Name = 'SqlPassword'; Value = '{v}' }}",
    "Name                           Value\n----                           -----\nSqlPassword                    {v}",
    '{{ .name = "wifi_password", .value = "{v}" }}',
    '<meta-data android:name="com.example.API_KEY" android:value="{v}"/>',
    '- value: "{v}"\n  name: SMTP_PASSWORD',
)
LOOKALIKES2 = (
    "helm upgrade app ./chart --set env[0].name=LOG_LEVEL,env[0].value=debug",
    'kubectl patch deploy app --type=json -p=\'[{"op":"add","path":"/spec/template/spec/containers/0/env/-",'
    '"value":{"name":"API_TOKEN","valueFrom":{"secretKeyRef":{"name":"api","key":"token"}}}}]\'',
    '[\n  {\n    "name": "SmtpHost",\n    "slotSetting": false,\n    "value": "smtp.example.com"\n  }\n]',
    "gh api -X POST /orgs/acme/settings -f name=DB_PASSWORD -f value=@password.txt",
    '      + name  = "DB_PASSWORD"\n      + value = (sensitive value)',
    "<ConfigurationSetting><Name>SmtpPort</Name><Value>587</Value></ConfigurationSetting>",
    '{ "Key" : "JwtSigningSecret" , "Value" : "" }',
    'new Parameter().withName("db_password").withValue(System.getenv("DB_PASSWORD"))',
    "params.push({ Name: 'api_secret', Value: process.env.API_SECRET })",
    '&ssm.PutParameterInput{Name: aws.String("/prod/db/password"), Value: aws.String(password)}',
    '- key: DB_PASSWORD\n  value: "${db.PASSWORD}"\n  scope: RUN_TIME\n  type: SECRET',
    '<input name="api_key" type="text" value="" placeholder="Paste your API key" class="form-control">',
    "-[ RECORD 1 ]-----\nname  | smtp_port\nvalue | 587",
    '{ _id: ObjectId("65a1f0c2e4b0a1b2c3d4e5f6"), key: "stripe_mode", value: "live" }',
    '{\n  "key": "GITHUB_TOKEN",\n  "value": "***"\n}',
    "|  Name   |  /prod/db/password  |\n|  Type   |  SecureString       |\n|  Version  |  4  |",
    "az appconfig kv set --name cfg --key db:host --value db01.internal --yes",
    '- name: set port\n  ini_file:\n    path: /etc/app.ini\n    section: auth\n    option: session_timeout\n    value: "3600"',
    "Parameters:\n  - ParameterKey: DbPassword\n    UsePreviousValue: true",
    '{"key": "base_url", "value": "https://api.example.com", "type": "default", "enabled": true}',
    '[{"key": "app/db/host", "flags": 0, "value": "ZGIwMS5pbnRlcm5hbA=="}]',
    'curl --request POST --form "key=DB_PASSWORD" --form "value=$DB_PASSWORD" https://gitlab.example.com/api/v4/projects/1/variables',
    'mutation { setSecret(name: "API_TOKEN", value: $token) { id } }',
    '{ name = "DB_PASSWORD"; value = config.sops.secrets.db.path; }',
    '[name: "db_password", value: System.get_env("DB_PASSWORD")]',
    "@{ Name = 'SqlPassword'; Value = $env:SQL_PASSWORD }",
    "Name                           Value\n----                           -----\nPSVersion                      7.4.1",
    '{ .name = "wifi_ssid", .value = "HomeNet" }',
    '<meta-data android:name="com.example.API_KEY" android:value="${apiKey}"/>',
    '- value: "true"\n  name: PASSWORD_RESET_ENABLED',
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    parser.add_argument("--second", action="store_true", help="score the second batch")
    args = parser.parse_args()
    secrets, lookalikes = (SECRETS2, LOOKALIKES2) if args.second else (SECRETS, LOOKALIKES)
    report(secrets, lookalikes, PERSON + RANDOM, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
