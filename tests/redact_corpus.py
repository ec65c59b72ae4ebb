"""The redaction corpus: ordinary developer lines that must come through unchanged, and
secrets in realistic contexts that must not.

Secrets are generated with a seeded RNG in each format's documented alphabet and length
(never real credentials), then placed in the places they turn up in a coding session: env
files, shell commands, JSON, YAML, logs, URLs, source code. Used by tests/redact/test_redact_corpus.py
and bench/redact.py.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass

AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = AN + "+/"
B64URL = AN + "-_"
UPPER_AN = string.ascii_uppercase + string.digits
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


@dataclass(frozen=True)
class Case:
    kind: str
    text: str
    secret: str  # the part that must not survive (the kept hint, e.g. `ghp_`, is not in it)


def leaked(out: str, secret: str, window: int = 8) -> bool:
    """Whether `out` still holds `secret` or a long part of it (`window` chars or more)."""
    if len(secret) <= window:
        return secret in out
    return any(secret[i : i + window] in out for i in range(len(secret) - window + 1))


# -- ordinary lines --------------------------------------------------------------------------

ORDINARY: tuple[str, ...] = (
    # test runners and compilers
    "============================= test session starts ==============================",
    "platform linux -- Python 3.12.3, pytest-8.2.0, pluggy-1.5.0",
    "collected 214 items / 2 deselected / 212 selected",
    "tests/test_auth.py::test_token_refresh PASSED                              [ 12%]",
    "tests/test_auth.py::test_password_reset_sends_email FAILED                 [ 13%]",
    "FAILED tests/test_api.py::test_api_key_rotation - AssertionError: assert 401 == 200",
    "FAILED tests/session/test_session.py::test_secret_key_required - KeyError: 'SECRET_KEY'",
    "E       KeyError: 'query'",
    "E       KeyError: 'token'",
    "E       KeyError: 'api_key'",
    "KeyError: 'password'",
    "    raise KeyError(key) from None",
    "E       AssertionError: assert 'expired' == 'valid'",
    "E       TypeError: login() missing 1 required positional argument: 'password'",
    "E       AttributeError: 'Settings' object has no attribute 'secret_key'",
    "django.core.exceptions.ImproperlyConfigured: The SECRET_KEY setting must not be empty.",
    "jwt.exceptions.ExpiredSignatureError: Signature has expired",
    "psycopg2.OperationalError: FATAL:  password authentication failed for user \"app\"",
    "  File \"/home/dev/app/auth/tokens.py\", line 42, in verify_token",
    "    payload = jwt.decode(token, settings.SECRET_KEY, algorithms=[\"HS256\"])",
    "==================== 3 failed, 209 passed, 2 skipped in 14.31s ====================",
    "src/auth/token.rs:42:9: error[E0308]: mismatched types",
    "   --> src/auth.rs:10:5",
    "expected `&str`, found `String`",
    "error[E0425]: cannot find value `api_key` in this scope",
    "test auth::tests::rejects_expired_token ... ok",
    "cargo test -p engine auth::",
    "--- FAIL: TestTokenExpiry (0.00s)",
    "    token_test.go:31: got token \"\", want non-empty",
    "ok  \tgithub.com/acme/api/internal/auth\t0.412s",
    "src/lib/auth.ts(14,7): error TS2322: Type 'string | undefined' is not assignable to type 'string'.",
    "src/hooks/useAuth.ts:27:11 - error TS2339: Property 'accessToken' does not exist on type 'Session'.",
    " ✓ src/auth/token.test.ts (12 tests) 38ms",
    " FAIL  src/api/client.test.ts > attaches the bearer token",
    "app/models/user.rb:12:in `authenticate': undefined method `password_digest' for nil:NilClass (NoMethodError)",
    "lib/context_keeper/redact.py:3: error: Incompatible return value type (got \"None\", expected \"str\")",
    "Found 2 errors in 1 file (checked 41 source files)",
    "auth/service.py:88:5: F841 local variable 'token' is assigned to but never used",
    "  12:7  error  'password' is assigned a value but never used  no-unused-vars",
    "warning: unused variable: `secret`",
    "[INFO] BUILD SUCCESS",
    "[ERROR] Failed to execute goal on project auth-service: Could not resolve dependencies",
    "npm ERR! code E401",
    "npm ERR! Unable to authenticate, your authentication token seems to be invalid.",
    "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
    "added 312 packages, and audited 313 packages in 9s",
    "Successfully installed PyJWT-2.8.0 cryptography-42.0.5 passlib-1.7.4",
    # type hints and declarations in several languages
    "def login(username: str, password: str) -> Token:",
    "    api_key: str | None = None",
    "    secret_key: SecretStr = Field(..., alias=\"SECRET_KEY\")",
    "    token: Optional[str] = None",
    "def verify(token: str, *, leeway: int = 0) -> dict[str, Any]:",
    "async def get_current_user(token: str = Depends(oauth2_scheme)) -> User:",
    "  apiKey: string;",
    "  token?: string | null;",
    "  private readonly secret: string,",
    "export type Credentials = { username: string; password: string };",
    "const token = await getToken();",
    "const apiKey = process.env.OPENAI_API_KEY;",
    "const { data: session } = useSession();",
    "    password: z.string().min(12),",
    "pub token: String,",
    "fn verify(token: &str, key: &DecodingKey) -> Result<Claims, Error> {",
    "    let api_key = std::env::var(\"API_KEY\").expect(\"API_KEY must be set\");",
    "func Login(ctx context.Context, user, password string) (*Session, error) {",
    "\tPassword string `json:\"password\"`",
    "\ttoken, err := auth.NewToken(userID, time.Hour)",
    "    private String password;",
    "    String token = request.getHeader(\"X-Auth-Token\");",
    "val apiKey: String = BuildConfig.API_KEY",
    "let token: String? = nil",
    "public string ApiKey { get; set; }",
    "    private string $password;",
    "    api_key = os.environ[\"OPENAI_API_KEY\"]",
    "    password = os.getenv(\"DB_PASSWORD\")",
    "    token = request.headers.get(\"Authorization\", \"\").removeprefix(\"Bearer \")",
    "    headers = {\"Authorization\": f\"Bearer {token}\"}",
    "    headers[\"Authorization\"] = \"Bearer \" + token",
    "    client = OpenAI(api_key=api_key)",
    "    conn = psycopg2.connect(host=host, user=user, password=password)",
    "    return self.token",
    "    if token is None or token.expired:",
    "    password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    "    secret = settings.secret_key",
    "    creds = service_account.Credentials.from_service_account_file(path)",
    "  token=token,",
    "  auth=auth,",
    "    login(user=user, password=pw)",
    "    for key, value in sorted(params.items()):",
    "    cache_key = f\"user:{user_id}:profile\"",
    "sort_key=lambda item: item.name",
    "primary_key=True, index=True",
    "max_tokens=4096, temperature=0.2",
    "  input_tokens: 1523, output_tokens: 311, cache_read_input_tokens: 90112",
    "    let mut tokens = tokenizer.encode(text)?;",
    "    if (keyCode === 13) submit();",
    "<input type=\"password\" name=\"password\" autocomplete=\"current-password\">",
    "<li key={item.id}>{item.name}</li>",
    # config keys and config files
    "token_ttl: 15m",
    "auth_mode: oauth",
    "secretName: db-credentials",
    "existingSecret: my-release-postgresql",
    "      secretKeyRef:",
    "          key: DB_PASSWORD",
    "        name: api-secrets",
    "password_min_length: 12",
    "jwt_expiry_seconds: 3600",
    "auth_enabled = true",
    "token_endpoint: https://auth.example.com/oauth2/token",
    "api_key_header: X-API-Key",
    "session_cookie_secure = True",
    "SESSION_COOKIE_HTTPONLY=True",
    "AUTH_TOKEN_TTL=900",
    "PASSWORD_HASHERS = [\"django.contrib.auth.hashers.Argon2PasswordHasher\"]",
    "SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]",
    "      - name: API_KEY",
    "        valueFrom:",
    "  token: ${{ secrets.GITHUB_TOKEN }}",
    "          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "    password: ${DB_PASSWORD}",
    "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-}",
    "  DATABASE_URL: postgres://app@db:5432/app",
    "  REDIS_URL: redis://redis:6379/0",
    "secrets: inherit",
    "permissions:\n  id-token: write\n  contents: read",
    "  api_key: \"{{ vault_api_key }}\"",
    "password: \"{{ .Values.auth.password }}\"",
    "spring.datasource.password=${DB_PASSWORD}",
    "imagePullSecrets:\n  - name: regcred",
    "kind: Secret",
    "type: kubernetes.io/dockerconfigjson",
    "credentials: 'include',",
    "  \"token_type\": \"Bearer\",",
    "  \"expires_in\": 3600,",
    "{\"error\": \"invalid_token\", \"error_description\": \"The access token expired\"}",
    "{\"password\": [\"This field may not be blank.\"]}",
    "{\"password\": \"This password is too common.\"}",
    "  \"integrity\": \"sha512-Dn4e3UQjUb2U8l5z0A3NMwxgTdsBoeJZaxDdMH5d9NUxGmhCWa+zfwmH0HASFWFcR4GkP5HY0G3Zux0VXfRgxA==\",",
    "  \"resolved\": \"https://registry.npmjs.org/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz\",",
    "golang.org/x/crypto v0.21.0 h1:X31++rzVUdKhX5sWmSOFZxx8UW/ldWx55cbf08iNAMA=",
    "[tool.poetry.dependencies]",
    "keyring = \"^24.3\"",
    "[auth]\nprovider = \"github\"\nallowed_orgs = [\"acme\"]",
    # commit subjects and git output
    "auth: fix token refresh race",
    "fix(auth): rotate api key on expiry",
    "feat: add password reset flow",
    "token: handle expired refresh tokens",
    "secrets: move staging config to vault",
    "password: require 12 characters",
    "chore(deps): bump jsonwebtoken from 8.5.1 to 9.0.0",
    "Merge pull request #482 from acme/fix-token-refresh",
    "Revert \"auth: drop legacy session tokens\"",
    "commit 3f786850e387550fdab836ed7e6dc881de23001b",
    "Author: Jane Doe <jane@example.com>",
    "a1b2c3d (HEAD -> main, origin/main) auth: validate audience claim",
    " src/auth/token.py | 42 +++++++++++++++++++++-----",
    " 3 files changed, 58 insertions(+), 17 deletions(-)",
    "Switched to a new branch 'fix/api-key-header'",
    "To github.com:acme/api.git\n   9fceb02..a1b2c3d  main -> main",
    "On branch feature/secret-rotation",
    "diff --git a/config/secrets.example.env b/config/secrets.example.env",
    "index 83db48f..bf269f4 100644",
    # log lines
    "WARNING:auth:token expired",
    "INFO:auth.middleware:Token validated for user_id=42",
    "DEBUG [auth] token=*** user=bob",
    "2024-05-01T12:00:03.214Z INFO  auth token refresh ok in 38ms",
    "level=info msg=\"token refreshed\" user=42 expires_in=3600",
    "level=warn msg=\"invalid api key\" key_id=ak_01HV3 status=401",
    "[auth] password reset requested for bob@example.com",
    "127.0.0.1 - - [01/May/2024:12:00:03 +0000] \"POST /api/v1/auth/token HTTP/1.1\" 200 512",
    "Authorization: [FILTERED]",
    "Authorization: Bearer ***",
    "api_key=[REDACTED] user=alice",
    "password=******** (masked)",
    "token=<redacted>",
    "Token: expired",
    "the token was expired; fix the password reset flow",
    "ERROR: Missing required env var: STRIPE_SECRET_KEY",
    "Error: Cannot find module 'jsonwebtoken'",
    "Traceback (most recent call last):",
    "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.github.com/user",
    "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
    "An error occurred (ExpiredToken) when calling the GetCallerIdentity operation: The security token included in the request is expired",
    "Permission denied (publickey).",
    "Host key verification failed.",
    "ssh: connect to host 10.0.0.5 port 22: Connection refused",
    "remote: Invalid username or password.",
    "fatal: Authentication failed for 'https://github.com/acme/api.git/'",
    # shell commands with placeholders and env references
    "export OPENAI_API_KEY=\"sk-...\"",
    "export ANTHROPIC_API_KEY=<your-key>",
    "export GITHUB_TOKEN=$(gh auth token)",
    "export API_KEY=YOUR_API_KEY",
    "curl -H \"Authorization: Bearer $TOKEN\" https://api.github.com/user",
    "curl -H \"Authorization: token ${GITHUB_TOKEN}\" https://api.github.com/repos/acme/api",
    "curl -u \"$USER:$PASS\" https://jenkins.example.com/api/json",
    "curl -u admin https://jenkins.example.com/api/json",
    "docker login -u \"$DOCKER_USER\" -p \"$DOCKER_PASS\" registry.example.com",
    "echo \"$CR_PAT\" | docker login ghcr.io -u acme --password-stdin",
    "mysql -u root -p",
    "mysql -u root -p$MYSQL_ROOT_PASSWORD app < dump.sql",
    "PGPASSWORD=$DB_PASS psql -h db -U app -d app",
    "psql -h localhost -p 5432 -U postgres",
    "redis-cli -h localhost -p 6379 ping",
    "redis-cli -a \"$REDIS_PASSWORD\" ping",
    "sshpass -p \"$SSH_PASS\" ssh deploy@10.0.0.5",
    "ssh -p 2222 deploy@10.0.0.5",
    "docker run -p 8080:80 -e API_KEY=$API_KEY nginx:1.25",
    "docker compose -p myproj up -d",
    "gh secret set API_KEY < key.txt",
    "gh auth login --with-token < token.txt",
    "aws configure set region us-east-1",
    "aws configure get aws_access_key_id",
    "vault login -method=oidc",
    "vault kv get -field=password secret/app/db",
    "npm config set registry https://npm.pkg.github.com",
    "twine upload dist/*",
    "read -s PASSWORD",
    "ssh-keygen -t ed25519 -C \"jane@example.com\" -f ~/.ssh/id_ed25519",
    "ssh-add ~/.ssh/id_ed25519",
    "openssl req -new -newkey rsa:2048 -nodes -keyout server.key -out server.csr",
    "openssl rand -hex 32",
    "kubectl create secret generic db-creds --from-env-file=.env.production",
    "kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d",
    "helm install app ./chart --set auth.existingSecret=app-secrets",
    "python manage.py changepassword admin",
    "pytest tests/test_auth.py -k 'token and not expired' -q",
    "grep -rn \"api_key\" src/ --include=*.py",
    "rg 'password|secret|token' -g '!*.lock'",
    "API_KEY= python app.py",
    "SECRET_KEY=changeme ./manage.py runserver",
    "TOKEN=xxx ./deploy.sh staging",
    "DB_PASSWORD=<password> docker compose up",
    "export AWS_PROFILE=staging",
    "source .venv/bin/activate && pip install -e '.[dev]'",
    "git clone git@github.com:acme/api.git",
    "git push origin fix/token-refresh",
    "cat ~/.netrc",
    "chmod 600 ~/.ssh/id_rsa",
    # URLs without credentials
    "https://github.com/acme/api/pull/482",
    "https://api.example.com/v1/tokens?limit=10&cursor=eyJpZCI6NDJ9",
    "https://example.com/reset-password?email=bob%40example.com",
    "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234567890-abc.apps.googleusercontent.com&response_type=code&scope=openid%20email",
    "http://localhost:3000/auth/callback?state=xyz&code_challenge_method=S256",
    "postgres://localhost:5432/app",
    "mongodb://mongo:27017/app?replicaSet=rs0",
    "https://user@bitbucket.org/acme/api.git",
    "ssh://git@github.com:22/acme/api.git",
    "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens",
    "https://platform.openai.com/api-keys",
    "https://console.anthropic.com/settings/keys",
    "See https://12factor.net/config for why secrets belong in the environment.",
    "postgres://user:password@localhost:5432/app",
    "mongodb+srv://<username>:<password>@cluster0.mongodb.net/test",
    "redis://:${REDIS_PASSWORD}@redis:6379/0",
    "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_test",
    # ids, digests, hashes
    "session b3445fea-82de-4faa-bf75-29dba206bde4 resumed",
    "/home/dev/.claude/projects/-home-dev-project/b3445fea-82de-4faa-bf75-29dba206bde4.jsonl",
    "nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",
    "Digest: sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "REPOSITORY   TAG       IMAGE ID       CREATED        SIZE",
    "acme/api     latest    4f2a9c1e8b7d   2 hours ago    187MB",
    "msg_01XFDUDYJgAACzvnptvVoYEL req_011CSHoEeqs5C35K2UUqR7Fy",
    "toolu_01A09q90qw90lq917835lq9",
    "01HV3K8Z2Q9YF7W6N4T5R3P1M0 created",
    "ETag: W/\"5e-1b2c3d4e5f6a7b8c9d0e\"",
    "X-Request-Id: 9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0",
    "Content-MD5: rL0Y20zC+Fzt72VPzMSk2A==",
    "fingerprint SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s",
    "gpg: key 4AEE18F83AFDEB23: public key \"GitHub (web-flow commit signing) <noreply@github.com>\" imported",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl jane@example.com",
    "Your identification has been saved in /home/dev/.ssh/id_ed25519",
    "The key fingerprint is: SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU jane@example.com",
    "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
    "pk_live_51H8xQ2LkdIwHu7ixfEFVJQ0H6g2L8x8K0Z5m4n3b2v1c0x9z8y7w6v5u4t3s2r1q0p",
    # prose
    "I chose a fake clock because sleeping is flaky.",
    "We decided to keep the API key in the environment rather than in settings.py.",
    "The token is refreshed five minutes before it expires.",
    "Rotate the key after every deploy; the old key stays valid for an hour.",
    "Use a password manager for the staging credentials, not the wiki.",
    "The secret is stored in Vault under secret/app/db.",
    "Bearer tokens go in the Authorization header.",
    "Bearer of bad news: the build is red again.",
    "Basic authentication is disabled on the public API.",
    "Primary key: id",
    "author=Jane authority=none",
    "Edit lib/context_keeper/redact.py: 3 lines changed",
    "Note: the password field is optional when SSO is enabled.",
    "TODO(auth): remove the legacy token path once mobile 4.2 ships",
    "| token | string | The API token sent in the header |",
    "- [x] rotate the GitHub token",
)
def ordinary_lines() -> list[str]:
    return list(ORDINARY)


# -- secrets ---------------------------------------------------------------------------------


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def s(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def digits(self, n: int) -> str:
        return str(self.rng.randint(1, 9)) + self.s(string.digits, n - 1)

    def password(self, alphabet: str = AN + "!#%^*-_+=.~@") -> str:
        """A random password: letters, digits and symbols from `alphabet`, 10-22 chars."""
        while True:
            pw = self.s(alphabet, self.rng.randint(10, 22))
            if (any(c.isdigit() for c in pw) and any(c.isalpha() for c in pw)
                    and pw[0] not in "-$@~+=.%" and not pw.startswith("#")):
                return pw

    def human_password(self) -> str:
        """The kind people pick: a word, digits, a symbol (`Summer2024!`, `Tr0ub4dor&3`)."""
        word = self.rng.choice(["Summer", "Winter", "Dragon", "Monkey", "Sunshine", "Falcon", "Tr0ub4dor", "Purple", "Orange"])
        return word + self.digits(self.rng.randint(2, 4)) + self.rng.choice("!#%*&?")

    def choice(self, items):  # type: ignore[no-untyped-def]
        return self.rng.choice(items)


# (kind, env name, maker returning (hint, body)). The body is what must disappear.
def _formats(g: _Gen) -> list[tuple[str, str, tuple[str, str]]]:
    return [
        ("aws-access-key-id", "AWS_ACCESS_KEY_ID", ("AKIA", g.s(BASE32, 16))),
        ("aws-sts-key-id", "AWS_ACCESS_KEY_ID", ("ASIA", g.s(BASE32, 16))),
        ("github-pat", "GITHUB_TOKEN", ("ghp_", g.s(AN, 36))),
        ("github-oauth", "GH_TOKEN", ("gho_", g.s(AN, 36))),
        ("github-app", "GITHUB_TOKEN", ("ghs_", g.s(AN, 36))),
        ("github-fine-grained", "GITHUB_PAT", ("github_pat_", g.s(AN, 22) + "_" + g.s(AN, 59))),
        ("gitlab-pat", "GITLAB_TOKEN", ("glpat-", g.s(B64URL, 20))),
        ("gitlab-trigger", "CI_TRIGGER_TOKEN", ("glptt-", g.s(HEX, 40))),
        ("gitlab-runner", "RUNNER_TOKEN", ("glrt-", g.s(B64URL, 20))),
        ("slack-bot", "SLACK_BOT_TOKEN", ("xoxb-", f"{g.digits(12)}-{g.digits(13)}-{g.s(AN, 24)}")),
        ("slack-user", "SLACK_TOKEN", ("xoxp-", f"{g.digits(12)}-{g.digits(12)}-{g.digits(13)}-{g.s(HEX, 32)}")),
        ("slack-app", "SLACK_APP_TOKEN", ("xapp-", f"1-A{g.s(UPPER_AN, 10)}-{g.digits(13)}-{g.s(HEX, 64)}")),
        ("stripe-live", "STRIPE_SECRET_KEY", ("sk_live_", g.s(AN, 99))),
        ("stripe-test", "STRIPE_API_KEY", ("sk_test_", g.s(AN, 24))),
        ("stripe-restricted", "STRIPE_KEY", ("rk_live_", g.s(AN, 24))),
        ("stripe-webhook", "STRIPE_WEBHOOK_SECRET", ("whsec_", g.s(AN, 32))),
        ("openai-project", "OPENAI_API_KEY", ("sk-proj-", g.s(B64URL, 74) + "T3BlbkFJ" + g.s(B64URL, 74))),
        ("openai-legacy", "OPENAI_API_KEY", ("sk-", g.s(AN, 20) + "T3BlbkFJ" + g.s(AN, 20))),
        ("openai-svcacct", "OPENAI_API_KEY", ("sk-svcacct-", g.s(B64URL, 58) + "T3BlbkFJ" + g.s(B64URL, 58))),
        ("anthropic", "ANTHROPIC_API_KEY", ("sk-ant-", "api03-" + g.s(B64URL, 93) + "AA")),
        ("anthropic-oauth", "CLAUDE_CODE_OAUTH_TOKEN", ("sk-ant-", "oat01-" + g.s(B64URL, 93) + "AA")),
        ("openrouter", "OPENROUTER_API_KEY", ("sk-or-v1-", g.s(HEX, 64))),
        ("deepseek", "DEEPSEEK_API_KEY", ("sk-", g.s(HEX, 32))),
        ("google-api", "GOOGLE_API_KEY", ("AIza", g.s(B64URL, 35))),
        ("google-oauth", "GOOGLE_ACCESS_TOKEN", ("ya29.", "a0" + g.s(B64URL, 150))),
        ("google-client-secret", "GOOGLE_CLIENT_SECRET", ("GOCSPX-", g.s(B64URL, 28))),
        ("google-refresh", "GOOGLE_REFRESH_TOKEN", ("1//0", g.s(B64URL, 100))),
        ("sendgrid", "SENDGRID_API_KEY", ("SG.", g.s(B64URL, 22) + "." + g.s(B64URL, 43))),
        ("twilio-api-key", "TWILIO_API_KEY", ("SK", g.s(HEX, 32))),
        ("huggingface", "HF_TOKEN", ("hf_", g.s(string.ascii_letters, 34))),
        ("docker-pat", "DOCKERHUB_TOKEN", ("dckr_pat_", g.s(B64URL, 27))),
        ("pypi", "PYPI_TOKEN", ("pypi-", "AgEIcHlwaS5vcmc" + g.s(B64URL, 150))),
        ("npm", "NPM_TOKEN", ("npm_", g.s(AN, 36))),
        ("vault", "VAULT_TOKEN", ("hvs.", "CAESI" + g.s(B64URL, 90))),
        ("vault-batch", "VAULT_TOKEN", ("hvb.", "AAAAAQ" + g.s(B64URL, 140))),
        ("digitalocean", "DIGITALOCEAN_TOKEN", ("dop_v1_", g.s(HEX, 64))),
        ("tailscale", "TS_AUTHKEY", ("tskey-", f"auth-k{g.s(AN, 11)}CNTRL-{g.s(AN, 32)}")),
        ("tailscale-api", "TAILSCALE_API_KEY", ("tskey-", f"api-k{g.s(AN, 11)}CNTRL-{g.s(AN, 32)}")),
        ("shopify", "SHOPIFY_ACCESS_TOKEN", ("shpat_", g.s(HEX, 32))),
        ("atlassian", "JIRA_API_TOKEN", ("ATATT3", "xFfGF0" + g.s(B64URL, 180))),
        ("linear", "LINEAR_API_KEY", ("lin_api_", g.s(AN, 40))),
        ("notion", "NOTION_TOKEN", ("ntn_", g.digits(11) + g.s(AN, 35))),
        ("postman", "POSTMAN_API_KEY", ("PMAK-", g.s(HEX, 24) + "-" + g.s(HEX, 34))),
        ("grafana-sa", "GRAFANA_TOKEN", ("glsa_", g.s(AN, 32) + "_" + g.s(HEX, 8))),
        ("sentry-user", "SENTRY_AUTH_TOKEN", ("sntryu_", g.s(HEX, 64))),
        ("databricks", "DATABRICKS_TOKEN", ("dapi", g.s(HEX, 32))),
        ("pulumi", "PULUMI_ACCESS_TOKEN", ("pul-", g.s(HEX, 40))),
        ("newrelic", "NEW_RELIC_API_KEY", ("NRAK-", g.s(UPPER_AN, 27))),
        ("mailgun", "MAILGUN_API_KEY", ("key-", g.s(HEX, 32))),
        ("heroku", "HEROKU_API_KEY", ("HRKU-", "AA" + g.s(B64URL, 58))),
        ("square", "SQUARE_ACCESS_TOKEN", ("EAAA", g.s(AN, 60))),
        ("doppler", "DOPPLER_TOKEN", ("dp.st.", g.s(AN, 43))),
        ("planetscale", "PLANETSCALE_TOKEN", ("pscale_tkn_", g.s(B64URL, 43))),
        ("groq", "GROQ_API_KEY", ("gsk_", g.s(AN, 52))),
        ("replicate", "REPLICATE_API_TOKEN", ("r8_", g.s(AN, 37))),
        ("perplexity", "PERPLEXITY_API_KEY", ("pplx-", g.s(AN, 48))),
        ("xai", "XAI_API_KEY", ("xai-", g.s(AN, 80))),
        ("fly", "FLY_API_TOKEN", ("fm2_", g.s(B64, 200))),
        ("age", "SOPS_AGE_KEY", ("AGE-SECRET-KEY-1", g.s(BECH32, 58))),
        ("azure-ad-secret", "AZURE_CLIENT_SECRET", ("", g.s(AN, 3) + str(g.rng.randint(0, 9)) + "Q~" + g.s(AN + "_~.-", 34))),
        ("telegram", "TELEGRAM_BOT_TOKEN", ("", g.digits(10) + ":AA" + g.s(B64URL, 33))),
        ("jwt", "ID_TOKEN", ("", "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJ" + g.s(B64URL, 120) + "." + g.s(B64URL, 86))),
        ("aws-session-token", "AWS_SESSION_TOKEN", ("IQoJb3JpZ2luX", "2VjE" + g.s(B64, 300))),
        ("mailchimp", "MAILCHIMP_API_KEY", ("", g.s(HEX, 32) + "-us" + str(g.rng.randint(1, 21)))),
        ("discord-bot", "DISCORD_BOT_TOKEN", ("", "M" + g.s(B64URL, 25) + "." + g.s(B64URL, 6) + "." + g.s(B64URL, 38))),
    ]


# Formats with no prefix: only a secret because of the name they stand under.
def _unprefixed(g: _Gen) -> list[tuple[str, str, str]]:
    return [
        ("aws-secret-access-key", "AWS_SECRET_ACCESS_KEY", g.s(B64, 40)),
        ("datadog-api-key", "DD_API_KEY", g.s(HEX, 32)),
        ("datadog-app-key", "DATADOG_APP_KEY", g.s(HEX, 40)),
        ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", g.s(B64URL, 40)),
        ("twilio-auth-token", "TWILIO_AUTH_TOKEN", g.s(HEX, 32)),
        ("github-oauth-secret", "GITHUB_CLIENT_SECRET", g.s(HEX, 40)),
        ("azure-openai-key", "AZURE_OPENAI_API_KEY", g.s(HEX, 32)),
        ("mistral-key", "MISTRAL_API_KEY", g.s(AN, 32)),
        ("cohere-key", "COHERE_API_KEY", g.s(AN, 40)),
        ("heroku-uuid-key", "HEROKU_API_KEY", f"{g.s(HEX, 8)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 12)}"),
        ("django-secret", "DJANGO_SECRET_KEY", g.s(string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)", 50).replace("'", "").replace('"', "")),
        ("rails-secret-key-base", "SECRET_KEY_BASE", g.s(HEX, 128)),
        ("jwt-secret", "JWT_SECRET", g.s(B64, 44)),
        ("session-secret", "SESSION_SECRET", g.s(AN, 32)),
        ("encryption-key", "ENCRYPTION_KEY", g.s(B64, 43) + "="),
        ("vault-legacy", "VAULT_TOKEN", "s." + g.s(AN, 24)),
        ("algolia-admin", "ALGOLIA_ADMIN_API_KEY", g.s(HEX, 32)),
        ("pinecone", "PINECONE_API_KEY", f"{g.s(HEX, 8)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 12)}"),
        ("okta", "OKTA_API_TOKEN", "00" + g.s(B64URL, 40)),
        ("webhook-secret", "WEBHOOK_SECRET", g.s(HEX, 64)),
    ]


def _token_contexts(name: str, tok: str) -> list[str]:
    low = name.lower()
    return [
        f"export {name}={tok}",
        f"{name}={tok}",
        f"{name}=\"{tok}\"",
        f"  {low}: {tok}",
        f"  \"{low}\": \"{tok}\",",
        f"{low} = \"{tok}\"",
        f"docker run --rm -e {name}={tok} acme/worker:1.4",
        f"$ {name}='{tok}' npm run deploy",
        f"os.environ[\"{name}\"] = \"{tok}\"",
        f"      - {name}={tok}",
        f"    env:\n      {name}: {tok}",
        f"[default]\n{low} = {tok}",
    ]


def _bare_contexts(tok: str) -> list[str]:
    return [
        f"curl -sS -H \"Authorization: Bearer {tok}\" https://api.example.com/v1/me",
        f"Error: 401 Unauthorized (token {tok} was revoked)",
        f"2024-05-01 12:00:03 DEBUG Using credentials {tok} for upload",
        f"git remote set-url origin https://x-access-token:{tok}@github.com/acme/api.git",
        f"client = Client(api_key=\"{tok}\")",
        f"> here is my key: {tok}",
        f"echo {tok} | gh auth login --with-token",
        f"  Authorization: token {tok}",
        f"fetch(url, {{ headers: {{ 'X-Api-Key': '{tok}' }} }})",
        f"{{\"auth\": {{\"token\": \"{tok}\"}}}}",
    ]


def _password_cases(g: _Gen) -> list[tuple[str, str, str]]:
    """(kind, text, password): the password contexts of the issue, each with a fresh value."""
    shell = AN + "-_.+=@%^~"  # safe unquoted in a shell
    url = AN + "-_.~"  # unreserved in URLs
    cases: list[tuple[str, str, str]] = []

    def add(kind: str, template: str, alphabet: str = shell, human: bool = False) -> None:
        pw = g.human_password() if human else g.password(alphabet)
        cases.append((kind, template.replace("@PW@", pw), pw))

    add("pgpassword", "PGPASSWORD=@PW@ psql -h db.internal -U app -d app -c 'select 1'")
    add("db-pass", "DB_PASS=@PW@")
    add("db-password-env", "DATABASE_PASSWORD=@PW@", human=True)
    add("mysql-p", "mysql -u root -p@PW@ -h 127.0.0.1 app < dump.sql")
    add("mysql-p-quoted", "mysqldump -uroot -p'@PW@' --single-transaction app > app.sql", AN + "!#%^*-_+=.~@")
    add("mysql-pwd", "MYSQL_PWD=@PW@ mysql -u app app")
    add("redis-cli", "redis-cli -h cache.internal -p 6379 -a @PW@ ping")
    add("rediscli-auth", "REDISCLI_AUTH=@PW@ redis-cli -h cache.internal ping")
    add("sshpass", "sshpass -p '@PW@' ssh deploy@10.0.0.5 uptime", AN + "!#%^*-_+=.~@")
    add("sshpass-env", "SSHPASS=@PW@ sshpass -e ssh deploy@10.0.0.5")
    add("curl-u", "curl -u admin:@PW@ https://jenkins.example.com/api/json")
    add("curl-user", "curl --user \"ci-bot:@PW@\" -X POST https://nexus.example.com/service/rest/v1/components", AN + "!#%^*-_+=.~@")
    add("wget", "wget --user=bob --password=@PW@ https://files.example.com/release.tar.gz")
    add("sql-create-user", "psql -c \"CREATE USER app WITH PASSWORD '@PW@';\"")
    add("sql-alter-user", "ALTER USER 'app'@'%' IDENTIFIED BY '@PW@';")
    add("sql-set-password", "SET PASSWORD FOR 'app'@'localhost' = PASSWORD('@PW@');")
    add("netrc", "machine api.example.com login deploy password @PW@")
    add("netrc-lines", "machine github.com\n  login jane\n  password @PW@")
    add("xml-password", "    <password>@PW@</password>", AN + "!#%^*-_+=.~@")
    add("xml-nuget", "    <add key=\"ClearTextPassword\" value=\"@PW@\" />")
    add("xml-property", "<property name=\"hibernate.connection.password\" value=\"@PW@\"/>")
    add("php-define", "define('DB_PASSWORD', '@PW@');")
    add("php-array", "    'password' => '@PW@',")
    add("php-env", "$password = getenv('DB_PASSWORD') ?: '@PW@';")
    add("ruby-hash", "  password: '@PW@',")
    add("ruby-assign", "config.password = \"@PW@\"")
    add("ldapsearch", "ldapsearch -x -H ldap://ldap.example.org -D \"cn=admin,dc=example,dc=org\" -w @PW@ -b dc=example,dc=org")
    add("docker-login", "docker login -u deploy -p @PW@ registry.example.com")
    add("docker-password-stdin", "echo '@PW@' | docker login ghcr.io -u jane --password-stdin", AN + "!#%^*-_+=.~@")
    add("helm-login", "helm registry login registry.example.com -u bob --password @PW@")
    add("az-login", "az login --service-principal -u 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b -p @PW@ --tenant example.onmicrosoft.com")
    add("vault-userpass", "vault login -method=userpass username=bob password=@PW@")
    add("gh-secret-set", "gh secret set DEPLOY_PASSWORD --body \"@PW@\"")
    add("gh-secret-set-b", "gh secret set SMTP_PASSWORD -b @PW@")
    add("kubectl-literal", "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=@PW@")
    add("fly-secrets", "fly secrets set DB_PASSWORD=@PW@ SMTP_PASSWORD=@PW@")
    add("openssl-pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:@PW@")
    add("keytool", "keytool -importkeystore -srckeystore app.jks -srcstorepass @PW@ -destkeystore app.p12")
    add("sqlcmd", "sqlcmd -S localhost,1433 -U sa -P '@PW@' -Q \"SELECT 1\"", AN + "!#%^*-_+=.~@")
    add("htpasswd", "htpasswd -bc /etc/nginx/.htpasswd admin @PW@")
    add("mongosh", "mongosh \"mongodb://db.internal:27017\" -u admin -p @PW@ --authenticationDatabase admin")
    add("smbclient", "smbclient //fs.internal/share -U bob%@PW@ -c 'ls'")
    add("rabbitmqctl", "rabbitmqctl add_user deploy @PW@")
    add("conn-string-sqlserver", "Server=tcp:sql.example.net,1433;Database=app;User ID=sa;Password=@PW@;Encrypt=true;")
    add("conn-string-npgsql", "Host=db;Port=5432;Database=app;Username=app;Password=@PW@")
    add("url-postgres", "DATABASE_URL=postgres://app:@PW@@db.example.com:5432/app", url)
    add("url-mongodb", "mongodb+srv://admin:@PW@@cluster0.abcde.mongodb.net/test?retryWrites=true", url)
    add("url-amqp", "amqp://deploy:@PW@@rabbit.internal:5672/", url)
    add("url-redis", "REDIS_URL=redis://:@PW@@cache.internal:6379/0", url)
    add("url-git", "git clone https://jane:@PW@@git.example.com/acme/api.git", url)
    add("go-mysql-dsn", "db, err := sql.Open(\"mysql\", \"app:@PW@@tcp(127.0.0.1:3306)/app\")", url)
    add("jdbc-query", "jdbc:postgresql://db:5432/app?user=app&password=@PW@", url)
    add("spring-properties", "spring.datasource.password=@PW@")
    add("yaml-password", "  password: @PW@")
    add("yaml-password-quoted", "  password: \"@PW@\"", human=True)
    add("json-password", "{\"username\": \"admin\", \"password\": \"@PW@\"}")
    add("dotenv", "SMTP_PASSWORD=@PW@")
    add("compose", "      MYSQL_ROOT_PASSWORD: \"@PW@\"")
    add("toml", "password = \"@PW@\"")
    add("ini", "password = @PW@")
    add("python-kwarg", "conn = psycopg2.connect(host=\"db\", user=\"app\", password=\"@PW@\")")
    add("js-object", "const client = new Client({ user: 'app', password: '@PW@' })")
    add("ansible-extra-vars", "ansible-playbook site.yml -e \"ansible_become_password=@PW@\"")
    add("helm-set", "helm upgrade app ./chart --set auth.rootPassword=@PW@")
    add("terraform-var", "terraform apply -var 'db_password=@PW@'")
    add("git-credential", "protocol=https\nhost=github.com\nusername=jane\npassword=@PW@")
    add("prose-is", "the staging db password is @PW@", human=True)
    add("log-password", "DEBUG connecting with user=app password=@PW@ host=db")
    add("pgpass", "db.internal:5432:app:app:@PW@")
    add("ssh-keygen-passphrase", "ssh-keygen -t ed25519 -N '@PW@' -f deploy_key", AN + "!#%^*-_+=.~@")
    add("zip", "zip -P @PW@ backup.zip dump.sql")
    add("chpasswd", "echo 'deploy:@PW@' | chpasswd", AN + "!#%^*-_+=.~@")
    add("npmrc-password", "//npm.example.com/:_password=@PW@")
    return cases


def secret_cases(seed: int = 1) -> list[Case]:
    """The secret corpus: every format in a few contexts, then the password contexts."""
    g = _Gen(seed)
    cases: list[Case] = []
    for kind, name, (hint, body) in _formats(g):
        tok = hint + body
        named = g.rng.sample(_token_contexts(name, tok), 2)
        bare = g.rng.sample(_bare_contexts(tok), 2)
        for text in named + bare:
            cases.append(Case(kind, text, body))
    for kind, name, value in _unprefixed(g):
        for text in g.rng.sample(_token_contexts(name, value), 3):
            cases.append(Case(kind, text, value))
    for kind, text, pw in _password_cases(g):
        cases.append(Case(kind, text, pw))
    cases.extend(_blocks_and_urls(g))
    return cases


def _b64_lines(g: _Gen, n: int, width: int = 64) -> list[str]:
    return [g.s(B64, width) for _ in range(n)]


def _blocks_and_urls(g: _Gen) -> list[Case]:
    cases: list[Case] = []
    for kind, header, first in (
        ("rsa-private-key", "RSA PRIVATE KEY", "MIIEpAIBAAKCAQEA"),
        ("pkcs8-private-key", "PRIVATE KEY", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"),
        ("ec-private-key", "EC PRIVATE KEY", "MHcCAQEEI"),
        ("openssh-private-key", "OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB"),
        ("encrypted-private-key", "ENCRYPTED PRIVATE KEY", "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI"),
    ):
        lines = _b64_lines(g, 6)
        body = "\n".join(lines)
        block = f"-----BEGIN {header}-----\n{first}{body}\n-----END {header}-----"
        cases.append(Case(kind, f"$ cat deploy.key\n{block}\n$ ", body))
        escaped = block.replace("\n", "\\n")
        cases.append(Case(kind + "-json", f"  \"private_key\": \"{escaped}\\n\",", body))
    lines = _b64_lines(g, 8)
    pgp = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGX" + "\n".join(lines) + "\n=" + g.s(B64, 4) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    cases.append(Case("pgp-private-key", pgp, "\n".join(lines)))
    age = "AGE-SECRET-KEY-1" + g.s(BECH32, 58)
    cases.append(Case("age-key-file", f"# created: 2024-05-01T12:00:03Z\n# public key: age1{g.s(BECH32.lower(), 58)}\n{age}", age[16:]))
    putty = _b64_lines(g, 3)
    cases.append(Case("putty-key", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n"
                      f"{g.s(B64, 64)}\n{g.s(B64, 20)}\nPrivate-Lines: 3\n" + "\n".join(putty) + f"\nPrivate-MAC: {g.s(HEX, 64)}",
                      "\n".join(putty)))
    slack = f"T{g.s(UPPER_AN, 8)}/B{g.s(UPPER_AN, 10)}/{g.s(AN, 24)}"
    cases.append(Case("slack-webhook", f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deployed\"}}' https://hooks.slack.com/services/{slack}", slack))
    cases.append(Case("slack-webhook-env", f"SLACK_WEBHOOK_URL=https://hooks.slack.com/services/{slack}", slack))
    discord = g.s(B64URL, 68)
    cases.append(Case("discord-webhook", f"DISCORD_WEBHOOK=https://discord.com/api/webhooks/{g.digits(19)}/{discord}", discord))
    tg = g.digits(10) + ":AA" + g.s(B64URL, 33)
    cases.append(Case("telegram-url", f"curl -s https://api.telegram.org/bot{tg}/sendMessage -d chat_id=42 -d text=ok", tg))
    sig = g.s(B64, 43).replace("+", "%2B").replace("/", "%2F") + "%3D"
    cases.append(Case("azure-sas", f"https://acme.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-05-02T00:00:00Z&st=2024-05-01T00:00:00Z&spr=https&sig={sig}", sig))
    account_key = g.s(B64, 86) + "=="
    cases.append(Case("azure-conn-string", f"AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={account_key};EndpointSuffix=core.windows.net", account_key))
    sb = g.s(B64, 43) + "="
    cases.append(Case("azure-servicebus", f"Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={sb}", sb))
    amz = g.s(HEX, 64)
    cases.append(Case("s3-presigned", f"https://acme.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20240501T120003Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={amz}", amz))
    okta = "00" + g.s(B64URL, 40)
    cases.append(Case("okta-ssws", f"curl -H \"Authorization: SSWS {okta}\" https://acme.okta.com/api/v1/users", okta))
    fly = "fm2_" + g.s(B64, 120)
    cases.append(Case("fly-header", f"Authorization: FlyV1 {fly}", fly[4:]))
    basic = g.s(B64, 28) + "="
    cases.append(Case("basic-auth-header", f"curl -H 'Authorization: Basic {basic}' https://registry.example.com/v2/", basic))
    dockercfg = g.s(B64, 40) + "=="
    cases.append(Case("docker-config-auth", f"{{\"auths\": {{\"ghcr.io\": {{\"auth\": \"{dockercfg}\"}}}}}}", dockercfg))
    npm_auth = g.s(B64, 32) + "="
    cases.append(Case("npmrc-auth", f"//registry.npmjs.org/:_auth={npm_auth}", npm_auth))
    npm_tok = g.s(AN, 36)
    cases.append(Case("npm-config-set", f"npm config set //registry.npmjs.org/:_authToken npm_{npm_tok}", npm_tok))
    aws_secret = g.s(B64, 40)
    cases.append(Case("aws-configure-set", f"aws configure set aws_secret_access_key {aws_secret} --profile ci", aws_secret))
    ghpw = g.password()
    cases.append(Case("poetry-http-basic", f"poetry config http-basic.internal deploy {ghpw}", ghpw))
    vault = "hvs." + g.s(B64URL, 95)
    cases.append(Case("vault-login", f"vault login {vault}", vault[4:]))
    pypi = "pypi-AgEIcHlwaS5vcmc" + g.s(B64URL, 120)
    cases.append(Case("twine-upload", f"twine upload -u __token__ -p {pypi} dist/*", pypi[5:]))
    sentry_key = g.s(HEX, 32)
    cases.append(Case("sentry-dsn", f"SENTRY_DSN=https://{sentry_key}@o123456.ingest.sentry.io/4505", sentry_key))
    teams = f"{g.s(HEX, 8)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 12)}@{g.s(HEX, 8)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 4)}-{g.s(HEX, 12)}/IncomingWebhook/{g.s(HEX, 32)}"
    cases.append(Case("teams-webhook", f"TEAMS_WEBHOOK=https://acme.webhook.office.com/webhookb2/{teams}", teams))
    b64pem = "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ" + g.s(B64, 200)
    cases.append(Case("k8s-secret-tls-key", f"  tls.key: {b64pem}", b64pem))
    return cases
