"""Credentials a command prints (no name beside them: the command or the heading before them
says what they are), labels such as vault's, passwords given as a call's second argument,
secret stores' value flags, a value under the name on the line before (Kubernetes env); and
what only looks like those, kept."""

from __future__ import annotations

import random
import string

import pytest

from context_keeper.redact import MARK, redact

AN = string.ascii_letters + string.digits


def _value(seed: str, n: int = 24, alphabet: str = AN) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


PRINTED = (
    "$ argocd admin initial-password -n argocd\n{v}\n\n This password must be only used for first time login.",
    "Please use the following password to proceed to installation:\n\n{v}\n\nThis may also be found at: /x",
    "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {v}",
    "Password for the [elastic] user successfully reset.\nNew value: {v}",
    "$ gh auth token\n{v}",
    "$ openssl rand -base64 32\n{v}",
    "$ terraform output -raw db_password\n{v}",
    "$ cat /run/secrets/db_password\n{v}",
    "$ kubectl get secret db -o jsonpath='{{.data.password}}' | base64 -d\n{v}",
    "Unseal Key 1: {v}\nUnseal Key 2: {v}",
    "Initial Root Token: {v}",
    'r = requests.get(url, auth=("admin", "{v}"))',
    'smtp.login("me@example.com", "{v}")',
    "aws ssm put-parameter --name /prod/db/password --type SecureString --value '{v}'",
    "aws secretsmanager create-secret --name db --secret-string {v}",
    "standalone | Login with username: admin  password: {v}",
    "$ heroku config:get DATABASE_PASSWORD\n{v}",
    "dev@box:~/app$ aws configure get aws_secret_access_key\n{v}",
    "$ head -c 32 /dev/urandom | base64\n{v}",
    'ConvertTo-SecureString "{v}" -AsPlainText -Force',
    "Copy your access token now. You won't be able to see it again!\n{v}",
    "net user deploy {v} /add",
    "ssh-keygen -p -P oldpass -N '{v}' -f ~/.ssh/id_ed25519",
    "echo -n '{v}' | gh secret set DB_PASSWORD",
    "openssl enc -aes-256-cbc -k {v} -in a -out a.enc",
    '  - name: DB_PASSWORD\n    value: "{v}"',
    "- name: api_token\n  value: {v}",
    # a remote shell's status line before what the command printed
    '$ kubectl exec deploy/api -- printenv API_TOKEN\nDefaulted container "api" out of: api, proxy\n{v}',
    "$ ssh ops@db1 'printenv PGPASSWORD'\nWarning: Permanently added 'db1' (ED25519) to the list of known hosts.\n{v}",
)


@pytest.mark.parametrize(
    "command",
    [
        '$ python -c "from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())"',
        "$ gpg --gen-random --armor 1 30",
        # a password generator, a runtime's random bytes
        "$ apg -a 1 -n 1 -m 24 -x 24",
        "$ makepasswd --chars 24",
        "$ node -e \"console.log(require('crypto').randomBytes(24).toString('base64'))\"",
        "$ php -r 'echo bin2hex(random_bytes(24));'",
    ],
)
def test_a_generated_secret_goes_whatever_its_alphabet(command: str) -> None:
    value = _value(command, 50, AN + "!@#$%^&*(-_=+)")  # brackets too, as Django's alphabet
    out = redact(f"{command}\n{value}")
    assert out == f"{command}\n{MARK}"


def test_users_and_passwords_a_login_command_prints_lose_their_passwords() -> None:
    text = (
        "$ tshark -r cap.pcap -Y http.authbasic -T fields -e http.authbasic\nbob:Heron.4412Cedar\nops:amber-cedar-7710"
    )
    out = redact(text)
    assert out.endswith("\nbob:[REDACTED]\nops:[REDACTED]"), out


def test_pairs_printed_by_other_commands_are_kept() -> None:
    text = "$ grep -rc TODO src\nsrc:main2024"
    assert redact(text) == text


def test_code_after_a_generator_is_kept() -> None:
    text = "$ openssl rand -hex 4\nprint(foo_bar(baz))"
    assert redact(text) == text


def test_a_printed_password_of_letters_alone_goes() -> None:
    value = _value("letters", 20, string.ascii_letters)
    assert redact(f"$ op read op://vault/db/password\n{value}") == "$ op read op://vault/db/password\n" + MARK


@pytest.mark.parametrize("template", PRINTED)
def test_a_printed_credential_goes(template: str) -> None:
    value = _value(template)
    out = redact(template.format(v=value))
    assert value not in out and MARK in out, out


@pytest.mark.parametrize(
    "text",
    [
        "$ cat README.md\nInstall with pip.\n",
        "$ cat secrets.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: db-credentials",
        "credentials:\n  username: admin\n  region: eu-west-1",
        "def login(username: str, password: str) -> Token:\n    return issue(username)",
        "The token endpoint returned:\n\n  200 OK\n",
        "Password requirements:\n  minimum_length_of_twelve\n",
        "$ openssl rand -base64 32 > key.bin\n$ ls\nkey.bin",
        "aws ssm put-parameter --name /app/region --type String --value eu-west-1",
        'auth=("user", "password")',
        'label = t("login", "Log in")',
        "Token usage:\n  input: 12345678\n  output: 2345",
        "# Destroy the keys on exit\n        self.destroy_keys()",
        "## Token refresh\n```typescript",
        "$ openssl rsa -in key.pem -pubout\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx",
        "$ grep -rn token src/\nsrc/auth.py:12:    token = issue(user)",
        "$ kubectl get secret db -o name\nsecret/db",
        "$ echo $MONGO_URL_WITH_KEY\nmongodb://mongo:27017/app?replicaSet=rs0",
        # (one case: a draw of both cases is taken wherever it stands, `random_tokens`)
        "The token expired.\n9bjw9gfbxo2pvpu7mhkjfgkdtoql4trv34wbxxna",
        "net user deploy * /add",
        'ssh-keygen -t ed25519 -N "" -f deploy_key',
        "ALCHEMY_API_KEY set:",
        "env:\n  - name: LOG_LEVEL\n    value: debug\n  - name: API_KEY\n    valueFrom:\n      secretKeyRef: {name: x}",
        "- name: DB_PASSWORD\n  value: ${DB_PASSWORD}",
        "- key: RAILS_MASTER_KEY\n  sync: false",
        "$ vault kv get -field=password secret/db\nPermissionDenied",
        "$ apg --help\nusage: apg [-a algorithm] [-r file]",
        "$ node -e \"require('crypto').randomBytes(8)\"\nundefined",
    ],
)
def test_what_only_looks_printed_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_string_a_repl_echoes_after_a_call_about_a_secret_goes() -> None:
    key = "320129f6103b3b33ef469add5e8d292162a81366"
    out = redact(f">>> env['res.users.apikeys']._generate('rpc', 'ci')\n'{key}'")
    assert key not in out and out.endswith(f"'{MARK}'")
    out = redact(f'irb(main):001:0> SecureRandom.hex(20)\n=> "{key}"')
    assert key not in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            '(gdb) print relay->passwd\n$2 = 0x7ffd2a10 "Heron.4412Cedar!"',
            "Heron.4412Cedar!",
        ),  # a pointer, then the string
        (
            '(lldb) p relay.authToken\n(NSString *) $1 = 0x6000 "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"',
            "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA",
        ),
        (
            "> config.relay.secretKey\n'kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA'",
            "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA",
        ),  # Node's `>`
        ("In [7]: cfg.RELAY_TOKEN\nOut[7]: 'kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA'", "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"),
    ],
)
def test_what_a_repl_or_a_debugger_prints_of_a_secret_expression_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "> see the relay token docs\nkX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA",  # a quote in prose, not a prompt
        "(gdb) p relay->passwd_len\n$2 = 16",
    ],
)
def test_what_a_debugger_prints_that_is_no_secret_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("words", ["orbit-lemon-cedar-harbor-violet", "OrbitLemonCedarHarbor"])
def test_the_words_a_passphrase_generator_prints_go(words: str) -> None:
    out = redact(f"$ diceware -n 4\n{words}")
    assert words not in out and out.endswith(MARK)
    assert redact(f"$ ls\n{words}") == f"$ ls\n{words}"  # words another command prints stay


def test_a_box_drawn_after_a_command_about_a_secret_stays() -> None:
    text = "$ gh auth token list\n┌────────────┬────────┐\n│ name       │ scopes │"
    assert redact(text) == text


def test_a_credential_printed_in_a_banner_goes_and_the_banner_stays() -> None:
    key = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"
    text = f"#############\n#  Your API token:   #\n#  {key}  #\n#############"
    assert redact(text) == f"#############\n#  Your API token:   #\n#  {MARK}  #\n#############"
    assert redact(f"* Your API token: *\n* {key} *") == f"* Your API token: *\n* {MARK} *"
    assert redact("# Title #\nsome text #\n") == "# Title #\nsome text #\n"


def test_what_cat_prints_of_a_pre_shared_key_file_goes() -> None:
    key = "041376938c6cd38ac57fc26e5cdc796d1ba8ce0e503d7e834ef5afa44290bb43"
    assert key not in redact(f"$ sudo cat /etc/zabbix/zabbix_agent2.psk\n{key}")


def test_a_string_a_dump_prints_under_a_secret_key_goes() -> None:
    # PHP's `var_dump`: the key, `=>`, and on the next line the value's type before it
    key = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"
    text = (
        f'object(Relay)#1 (2) {{\n  ["relayToken":protected]=>\n  string(32) "{key}"\n  ["tokenTtl"]=>\n  int(3600)\n}}'
    )
    out = redact(text)
    assert key not in out and f'string(32) "{MARK}"' in out
    kept = 'array(2) {\n  ["user"]=>\n  string(5) "relay"\n  ["password_hint"]=>\n  string(8) "your pet"\n}'
    assert redact(kept) == kept


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("PS C:\\work> $env:RELAY_API_KEY\nkX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA", "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"),
        ("PS C:\\> $c.GetNetworkCredential().Password\ntQ7#vR2!pZ", "tQ7#vR2!pZ"),  # PowerShell's prompt
        ('Sys.getenv("RELAY_PASSWORD")\n[1] "Heron.4412Cedar"', "Heron.4412Cedar"),  # R's result, no prompt
        ('julia> ENV["RELAY_TOKEN"]\n"kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"', "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"),
    ],
)
def test_what_an_expression_reading_a_secret_variable_prints_goes(text: str, value: str) -> None:
    assert value not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        'os.getenv("RELAY_API_KEY")\nsys.exit(main(argv))',  # code on the next line
        'ENV["RELAY_TOKEN"]\nend',
        'token = os.getenv("RELAY_TOKEN")\nrelay_client_v2',  # an assignment prints nothing
        "PS C:\\work> $env:PATH\nC:\\Windows\\system32",  # no secret named
    ],
)
def test_what_follows_an_expression_that_prints_no_secret_stays(text: str) -> None:
    assert redact(text) == text


def test_r_s_prompt_before_an_environment_read_is_seen_through() -> None:
    assert "kbtAqbP8Gwsq4wrRMD" not in redact('> Sys.getenv("RELAY_PASSWORD")\n[1] "kbtAqbP8Gwsq4wrRMD"')
    assert redact('> Sys.getenv("HOME")\n[1] "/home/bob"') == '> Sys.getenv("HOME")\n[1] "/home/bob"'


def test_a_column_found_by_the_dash_rule_under_its_title_loses_its_secret() -> None:
    text = (
        "PS C:\\> Get-ItemProperty $key | Select-Object DefaultUserName, DefaultPassword\n\n"
        "DefaultUserName DefaultPassword\n--------------- ---------------\nadmin           Cedar.4412Heron\n"
    )
    out = redact(text)
    assert "Cedar.4412Heron" not in out
    assert "admin" in out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (  # a random run of a secret's own alphabet (brackets, `=`, `#`) after a command reading it
            '$ python manage.py shell -c "from django.conf import settings; print(settings.SECRET_KEY)"\n'
            "5kvwd29#(f&p^4lv_%!i*f%kf=8iby3i045&4r1mlnat(x!glule",
            "5kvwd29#(f&p^4lv_%!i*f%kf=8iby3i045&4r1mlnat(x!glule",
        ),
        ("C:\\Users\\bob>echo %DB_PASSWORD%\nShadow.8294Sunshine", "Shadow.8294Sunshine"),  # cmd's prompt
        (  # a console's `> ` before a call that reads a secret-named variable
            '$ terraform console\n> nonsensitive(var.db_password)\n"Shadow.8294Sunshine"',
            "Shadow.8294Sunshine",
        ),
        (  # a call given a secret's name, PsySH's `= "…"` result
            "$ php artisan tinker\n> config('database.connections.mysql.password')\n= \"Shadow.8294Sunshine\"",
            "Shadow.8294Sunshine",
        ),
        ("tinker> env('DB_PASSWORD')\n= \"Shadow.8294Sunshine\"", "Shadow.8294Sunshine"),
    ],
)
def test_what_a_shell_or_a_console_prints_of_a_secret_read_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "C:\\src>dir\n Volume in drive C has no label.",  # cmd's prompt before a command about no secret
        "> config('app.name')\n= \"Laravel\"",  # a console's call about no secret
        "$ cat secrets.py\nimport os\nSECRET_KEY = os.environ['SECRET_KEY']",  # code, a reference
        "$ grep -r token_cache src\nsrc/cache.py:def token_cache(ttl=60):",
    ],
)
def test_what_a_prompt_shows_that_is_no_secret_stays(text: str) -> None:
    assert redact(text) == text


def test_a_read_prints_one_value_and_no_placeholder() -> None:
    text = ">>> settings.SECRET_KEY\n'django-insecure-change-me'\nuid=bob,ou=people,dc=example,dc=org"
    assert redact(text) == text  # a placeholder's words, then a line of other output


def test_a_read_auth_file_its_user_then_its_password() -> None:
    text = "$ cat /etc/openvpn/client/office.auth\nbob\nMaple.9656River"
    assert redact(text) == "$ cat /etc/openvpn/client/office.auth\nbob\n" + MARK
    for kept in ("$ cat /etc/openvpn/client/office.auth\nbob\nriver", "$ cat auth_notes.txt\nhello\nworld"):
        assert redact(kept) == kept


def test_a_lower_case_token_on_the_first_line_is_no_user() -> None:
    assert redact("$ kubeadm token create\nabc123.0123456789abcdef") == "$ kubeadm token create\n" + MARK
