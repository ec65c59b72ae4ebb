"""A record whose name field names a secret lends that name to its value field, whatever holds
the record (an object, an element, a command's flags, a table's row, a few lines of one record),
in either order; a record whose name is no secret's, and values that are references,
placeholders, masks, numbers or paths, are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.named_fields import field_role, name_level
from context_keeper.redact.names import NOT_SECRET, PASSWORD

PERSON = "sunset7714"  # a person's choice: no symbol, one case
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize("value", [PERSON, KEY])
@pytest.mark.parametrize(
    "template",
    [
        '{{"name": "DB_PASSWORD", "value": "{v}"}}',
        '{{"value": "{v}", "name": "DB_PASSWORD"}}',  # the value first
        '{{"Name": "/prod/api/secret", "Type": "SecureString", "Value": "{v}", "Version": 3}}',  # fields between
        '{{"op": "add", "path": "/data/api_token", "value": "{v}"}}',  # a path's last segment
        '{{"fieldName": "password", "fieldValue": "{v}"}}',  # prefixed keys
        '{{"label": "Password", "type": "concealed", "content": "{v}"}}',
        "{{'Key': 'ApiSecret', 'Value': '{v}'}}",
        '{{ :name => "api_token", :value => "{v}" }}',
        'new EnvironmentVariable {{ Name = "ClientSecret", Value = "{v}" }}',
        'env: [{{name: API_TOKEN, value: "{v}"}}]',
        '<input value="{v}" type="password" name="pw">',  # the input's type names it
        '<entry key="jdbc.password">{v}</entry>',  # an element's text
        '<setting name="ApiSecret" serializeAs="String"><value>{v}</value></setting>',  # a child element
        "Key: db_password  Value: {v}",
        "aws ssm put-parameter --name /prod/db/password --value {v} --type SecureString",
        "aws ec2 create-tags --resources i-0abc --tags Key=db_password,Value={v}",  # fields inside a flag's argument
        "ansible all -m ini_file -a 'section=client option=password value={v}'",
        "UPDATE config SET value = '{v}' WHERE key = 'api_secret';",
        '{{\n  "op": "add",\n  "path": "/spec/password",\n  "value": "{v}"\n}}',  # one field a line
        '<attribute name="userPassword">\n  <value>{v}</value>\n</attribute>',  # the opening line names it
        "<property>\n  <name>db.password</name>\n  <description>the database's</description>\n  <value>{v}</value>",
        "id,key,value\n3,api_token,{v}",  # a CSV row under a name/value header
        "<Parameter>\n  <Value>{v}</Value>\n  <Name>DbPassword</Name>\n</Parameter>",  # the value first, over lines
        'value = "{v}"\nname  = "SMTP_PASSWORD"',
        'ssm.PutParameterInput{{Name: aws.String("/prod/db/password"), Value: aws.String("{v}")}}',  # converted
        "helm upgrade app ./chart --set env[0].name=DB_PASSWORD,env[0].value={v}",  # keys under a path
        '{{ name = "DB_PASSWORD"; value = "{v}"; }}',  # `;` between fields inside braces
        '      + name  = "DB_PASSWORD"\n      + value = "{v}"',  # a plan's added lines
        '{{"settings": {{"smtpPassword": {{"secure": true, "value": "{v}"}}, "port": {{"value": 587}}}}}}',  # its key
        'inputs:\n  vendor_api_key:\n    description: Vendor key\n    default: "{v}"',  # a key opening a mapping
        '"signingKey": {{\n  "description": "the relay",\n  "value": "{v}"\n}}',  # one opening a JSON object
        'resource "vault_item" "x" {{\n  name  = "/app/api-secret"\n  type  = "String"\n  value = "{v}"\n}}',
        "<init-param>\n  <param-name>mail/apiSecret</param-name>\n  <param-type>string</param-type>\n"
        "  <param-value>{v}</param-value>\n</init-param>",  # another name field (its type) between
        "- debconf:\n    name: postfix\n    question: postfix/sasl_password\n    value: '{v}'\n    vtype: password",
        'curl -X POST https://ci.example.com/vars --data \'{{"name":"API_TOKEN","value":"{v}"}}\'',
    ],
)
def test_a_value_field_named_by_its_record_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "DB_HOST", "value": "db01.internal"}',  # no secret's name
        '[{"name":"DB_HOST","value":"sunset7714"},{"name":"DB_PASSWORD","value":null}]',  # another record's name
        '{"name": "DB_PASSWORD", "value": "${DB_PASSWORD}"}',  # a reference
        '{"title": "API Token", "value": "••••••••"}',  # a mask
        '{"op": "remove", "path": "/spec/password"}',  # no value field
        '{"op": "replace", "path": "/spec/replicas", "value": 3}',
        '{"setting": "PasswordMinLength", "value": "12"}',  # a name that describes a secret
        '{"field": "password", "message": "must be at least 8 characters"}',  # no value field
        "- value: /run/secrets/db_password\n  name: DB_PASSWORD_FILE",
        '<input value="" type="password" name="pw">',
        "<property>\n  <name>dfs.replication</name>\n  <value>3</value>\n</property>",
        "- name: api_token\n  required: true\n- name: region\n  value: eu-west-1b2",  # the next item's
        "Name: db_password\nValue: (sensitive)",  # what a tool prints in its place
        "name,value\ndb_host,db01\npassword_min_length,12",
        "<Parameter>\n  <Value>eu-west-1b2</Value>\n  <Name>Region</Name>\n</Parameter>\n<Name>DbPassword</Name>",
        "aws secretsmanager put-secret-value --secret-id prod/db/password --secret-string file://secret.json",
        "UPDATE config SET value = '30' WHERE key = 'session_timeout';",
        # a statement's value is not named by the next statement's key
        "UPDATE config SET value = 'eu-west-1' WHERE key = 'region'; UPDATE config SET value = NULL WHERE key = 'api_secret';",
        'ssm.PutParameterInput{Name: aws.String("/prod/db/password"), Value: aws.String(os.Getenv("DB_PASSWORD"))}',
        "curl -k https://auth.example.com/oauth/token -d 'grant_type=password&username=bob'",  # a URL names nothing
        '{"location": {"value": "westeurope-2b"}, "apiSecret": {"value": "${API_SECRET}"}}',  # a key naming none
        "region:\n  description: where it runs\n  default: eu-west-1b2",
        # a record's own non-secret name, after another record's value above it
        "  <name>db.password</name>\n  <value>${DB_PASSWORD}</value>\n  <name>db.region</name>\n  <value>eu-west-1b2</value>",
        'resource "x" "y" {\n  name  = "region"\n  type  = "String"\n  value = "eu-west-1b2"\n}',
    ],
)
def test_a_record_naming_no_secret_or_holding_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text


def test_roles_are_read_from_the_keys_last_word() -> None:
    assert field_role("fieldName") == "name" and field_role("ParameterValue") == "value"
    assert field_role("android:name") == "name" and field_role("message") is None


def test_a_secrets_name_reads_as_a_passwords_but_a_hashs_does_not() -> None:
    assert name_level("client_secret") == PASSWORD  # the record sets it: any value a person chose
    assert name_level("password_hash") != PASSWORD and name_level("/spec/replicas") == NOT_SECRET


@pytest.mark.parametrize("text", ["PASSWORD=Tiger.Lily42", '{"name": "DB_PASSWORD", "value": "Tiger.Lily42"}'])
def test_two_capitalised_words_and_a_number_are_a_persons_password(text: str) -> None:
    assert "Lily42" not in redact(text)


@pytest.mark.parametrize("text", ["password_type = System.Int32", "key: Encoding.Base64", "token: Config.Items"])
def test_a_type_ending_in_a_width_is_still_a_name(text: str) -> None:
    assert redact(text) == text
