"""Ordinary lines that stand where a secret might and hold none, kept by the kind of value they
are, and the secrets of the same shapes that stay found: a login pair whose secret part is a
reference (a variable of capitals, a command's or an expression's output, an interpolation), a
login's address after a password file's name, a token's prefix on a filler, a log's next field
(an address, a measure) after a secret's word given as a field's value, a name a controller made
(a pod's, a job's)."""

import pytest

from context_keeper.redact import MARK, redact

REFERENCE_PAIRS = [
    "NEO4J_AUTH: neo4j/${{ secrets.NEO4J_PASSWORD }}",
    "set NEO4J_AUTH=neo4j/%NEO4J_PASSWORD%",
    'PS C:\\src\\shop> $env:NEO4J_AUTH = "neo4j/$($secret.Password)"',
    "NEO4J_AUTH=neo4j/$NEO4J_PASSWORD",
    "NEO4J_AUTH=neo4j/$(cat /run/secrets/neo4j)",
    '$env:NEO4J_AUTH = "neo4j/$env:NEO4J_PASSWORD"',
    "const auth = `neo4j/${process.env.NEO4J_PASSWORD}`;",
    "  auth: \"admin:#{ENV.fetch('ADMIN_PASS')}\"",
    'RABBITMQ_CREDS: "guest:{{ rabbit_password }}"',
    '--creds "deploy:$(vault kv get -field=pw kv/deploy)"',
    '$env:SQL_AUTH = "sa:$($cred.GetNetworkCredential().Password)"',
]
LOGIN_ADDRESSES = [
    "sshpass -f ~/.pi_pass ssh pi@10.0.0.5 'uptime'",
    "cat ~/.db_pass pi@10.0.0.5",
    "sshpass -f ~/.pi_password ssh -p 22 pi@10.0.0.5",
    "the pass pi@10.0.0.5",
    "sshpass -f ~/.pw rsync -a dist/ deploy@10.0.0.9:/srv/www/",
    "password_file: ~/.vnc/passwd  # vncviewer admin@192.168.1.40",
    "PASSWORD_FILE=/run/secrets/pw ssh-copy-id ubuntu@172.16.0.4",
    "sshpass -f pass.txt ssh -o StrictHostKeyChecking=no root@192.168.56.10 reboot",
    "ansible all -i 'admin@10.1.2.3,' --vault-password-file ~/.vault_pass -m ping",
    "password file ~/.pgpass then psql postgres@10.0.0.12",
    "pw=$(cat ~/.pw) ssh git@10.0.0.2",
    "password via file, target ec2-user@10.20.30.40",
]
PREFIXED_FILLERS = [
    "STRIPE_SECRET_KEY=sk_test_xxx",
    "GITHUB_TOKEN=ghp_xxx",
    'OPENAI_API_KEY="sk-proj-xxx"',
    "SLACK_BOT_TOKEN=xoxb-000",
    '  api_key: "glpat-***"',
    '"token": "npm_###"',
    "export HF_TOKEN=hf_XXX",
    "set -gx ANTHROPIC_API_KEY sk-ant-api03-xxx",
]
NEXT_FIELDS = [
    "2024-06-01 12:00:03,114 INFO [auth] login ok user=admin method=password ip=10.0.4.17",
    "level=info msg=ok method=password remote=10.2.3.4:5123 took=12ms",
    "sshd[811]: auth_method=password user=deploy src=10.0.0.5 port=51234",
    'audit: type=USER_AUTH acct="deploy" auth=password addr=10.0.0.5 res=success',
    "pam: method=password host=10.0.0.5 tries=3",
    "auth method=password peer=10.1.1.9:443 rtt=4ms",
    '{"auth":"password","client_ip":"10.0.4.17","latency":"12ms"}',
    "openvpn: auth=password remote=203.0.113.7:1194 mtu=1500",
    "mysqld: user=app plugin=password host=10.0.0.8 conn_time=0.4s",
    "vault: login method=password addr=10.0.0.3:8200 ttl=768h",
    "sshd: Accepted password for deploy from 10.0.0.5 port=51234 ssh2",
    "level=info auth=password ping=12ms",
]
GENERATED_NAMES = [
    "shop-api-7d9f8b6c5d-x2k4p   1/1     Running   0          3d4h",
    "pod/checkout-web-5c8d9f7b46-qz7xl condition met",
    "kubectl logs -f payments-worker-6b7f9c8d4-m2n8r -c app",
    "Successfully assigned default/shop-api-7d9f8b6c5d-x2k4p to node-2",
    "token: shop-api-7d9f8b6c5d-x2k4p",
    "job.batch/db-backup-28401234 created; pod db-backup-28401234-q8zvm",
    "docker logs k8s_app_orders-api-77c9d5b8f-hx4k2_default_1a2b",
    "pod payments-worker-6b7f9c8d4-m2n8r token refreshed",
    "api_token rotated for web-frontend-5f6d7c8b9-tq2xz",
    "secret mounted in shop-api-7d9f8b6c5d-x2k4p",
    "password reset job cleanup-28401234-q8zvm completed",
]
SECRETS = [
    "NEO4J_AUTH=neo4j/${{Hunter2",
    "NEO4J_AUTH=neo4j/%abc%def1",
    "export NEO4J_AUTH=neo4j/S3cretPass!",
    '$env:NEO4J_AUTH = "neo4j/Hunter2x!"',
    "NEO4J_AUTH=neo4j/$ecret1",
    "NEO4J_AUTH=neo4j/$Hunter2",
    "NEO4J_AUTH=neo4j/Pa$$w0rd",
    '--creds "deploy:$ABC123def"',
    'RABBITMQ_CREDS: "guest:Winter-Lamp!2024"',
    "password: Summer@2024",
    "password: P@ssw0rd",
    "password: Admin@10.0.0.5",
    "sshpass -p Hunter2x ssh pi@10.0.0.5",
    "DB_PASSWORD=hunter2@Home",
    "STRIPE_SECRET_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "GITHUB_TOKEN=ghp_xxxR8nK2pQ7vLm4Zt9Yw3Bc6Hj1Df5Gs0",
    "OPENAI_API_KEY=sk-proj-xxxA9bC8dE7fG6hI5jK4lM3nO2pQ1rS",
    "SLACK_BOT_TOKEN=xoxb-0001-2345-aB3dE5fG7hJ9kL1mN3pQ5rS7",
    "password=pw_xxx1",
    "password: abc_xxxPass9!",
    "login user=admin password=Hunter2x! ip=10.0.4.17",
    "password pw=12345678",
    "password ip=Hunter2x!",
    "auth method=password password=Tr0ub4dor&3 addr=10.0.0.3",
    "PGPASSWORD=Hunter2x! psql -h 10.0.0.5",
    "API_TOKEN=shop-api-7D9f8B6c5d-X2k4p",
    "token: shop-api-ae9f8b6c5d-x2k4p",
    "api_key: live-7d9f8b6c5d-x2k4p9Qa7Zb",
    "POD_TOKEN=shop-api-7d9f8b6c5d-x2k4pq9",
    "API_SECRET=shop-web-7d9f8b6c5d-X2K4P",
    "token: shop-api-7d9f8b6c5d-x2k4p-Qz9mR8vL2pT6",
    "HEROKU_API_KEY=5f2b9c1e-7a3d-4e8f-9b6c-1d2e3f4a5b6c",
    "api_key: 0c8f1e2d-3b4a-4c5d-8e9f-a0b1c2d3e4f5",
]


@pytest.mark.parametrize("text", REFERENCE_PAIRS + LOGIN_ADDRESSES + PREFIXED_FILLERS + NEXT_FIELDS + GENERATED_NAMES)
def test_a_stand_in_of_its_kind_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("text", SECRETS)
def test_a_secret_of_the_same_shape_is_taken(text: str) -> None:
    assert MARK in redact(text)
