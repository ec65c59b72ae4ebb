"""Secrets a command prints, written in the seventeenth round before the readings they test
and scored once (not held out), by kind:

- a link that does something for whoever opens it: a URL whose path names what the link does
  (`invite`, `reset`, `recovery`, `magic`, `activate`, `verify`, `confirm`, `join`, `signup`,
  `onboarding`, a `token`) and then carries a random token, printed by a tool for its user to
  open or share (an invitation, a password reset, a recovery, a magic sign-in link);
- a link a sign-in sentence sends its user to (`To authenticate, visit:`), whose path ends in
  a random code.

- a generated password whose alphabet holds `/` among its symbols (mysqld's, a secrets
  manager's random password, a password manager's generator), printed under a label or after a
  sentence that names it: a path has no `$`, `?`, `%` or `!` beside capitals and digits.

- the secret a failing test prints when it checks that the secret is kept out of an output
  (`expect(out).not_to include(password)`, `assertNotIn(self.password, out)`): the literal the
  runner prints after the negation (`not to include "…"`, `Expected substring: not "…"`,
  `unexpectedly found in`, `does not contain "…"`) where the test's expression or name names a secret.

- a password's hash under a `hash`/`digest` key inside a block named for the password (ZNC's
  `<Pass password>`, YAML's `password:`, TOML's `[password]`, JSON's `"password": {`, HCL's
  `password {`): the hash is cracked offline, as `password_hash = …` is; an algorithm's name
  or a flag under the same key stays.

- a log record of a credential's event (`msg="credential rotated"`, `op=reset-password`,
  `"event":"password.reset"`): the field that carries the new value under a name that says
  nothing of it (`data=`, `temp=`, `value=`, `new=`) holds the credential.

Each template is filled with random tokens of several shapes (all must be gone); each look-alike,
in the same shapes, holds a commit's or an image's digest, a page's slug, a number, a uuid an
API names a record by, or no token, and must come back unchanged.

Run: `python bench/redact_probe17_printed.py [--show]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

TOKENS = (
    "7f3a9c2e4b1d8f6a0c5e7b9d2f4a6c8e",
    "Qm9_xR2vLp7TzK4wN8sYd3Hj6FcB1gUe0aZo5iM-tXq",
    "kT4wZ8qR2mV7nX9p",
    "x3k9m2p7q8w4z",
)
SECRETS = (
    # a link whose path names what it does, then the token
    "$ rails runner 'puts User.last.invite_url'\nhttps://app.example.com/invitations/accept/{v}",
    "Password reset link (valid 24h): https://id.example.com/reset-password/{v}",
    "$ php artisan user:magic-link bob@example.com\nhttp://localhost:8000/auth/magic/{v}",
    "Open this link to set your password: https://forum.example.com/u/activate-account/{v}",
    "$ ./gitea admin user create --username bob --email bob@example.com --must-change-password\n"
    "Invite sent: https://git.example.com/user/activate/{v}",
    "  confirm_url: https://shop.example.com/account/confirm/{v}/",
    "verify: http://localhost:9999/auth/v1/verify/{v}?type=signup",
    '{{"recovery_link":"https://sso.example.com/recovery/link/{v}"}}',
    "Share with the new member: https://chat.example.com/join/{v}",
    "$ zulip-manage generate_realm_creation_link\nhttps://chat.example.com/new/{v}",
    "Your onboarding link: https://hr.example.com/onboarding/{v}",
    # a sign-in sentence, then the link it sends its user to
    "$ sudo netbird up\n\nPlease do the SSO login in your browser.\nIf your browser didn't open, visit:\n\n"
    "    https://login.example.com/activate/{v}\n",
    "To sign in, open this page in a browser:\n\n  https://auth.example.com/d/{v}\n",
    "$ headscale-client up\nTo authenticate, visit:\n\thttps://hs.example.com/register/{v}\n",
)
SLASHED = ("t$cY/Zn7?sQ%", "Kq9/x#Lm2&Vp", "r/7Tz!wQ^3bN", "8G%u/Ye4*pLs")
SLASHED_SECRETS = (
    "2026-11-28T04:10:00.118000Z 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: {v}",
    "Generated password for user 'admin': {v}",
    "$ keepassxc-cli show -s vault.kdbx prod/db\nTitle: db\nUserName: app\nPassword: {v}",
    "The generated password is: {v}",
    '{{"username": "svc", "password": "{v}"}}',
    "$ aws secretsmanager get-random-password --password-length 12 --query RandomPassword --output text\n{v}",
)
SLASHED_LOOKALIKES = (
    "Password file: /etc/app/pass",
    "Password: stored in vault/kv/prod",
    "Token: refs/heads/main",
    "Password: api/v1?retry=3",
    "Secret: %APPDATA%/Keys2",
    "password: $HOME/.pgpass",
    "Token: src/Auth2.ts?raw",
    "Password: ~/Secrets/Db2!.txt",
)
MASKED = ("YOsIixXpeBk2X3DL", "p9IDtu2G+xxf18F5hjvx", "Tr!ck9Fox-2291", "s3cr3t.Harbor7731")
MASKED_SECRETS = (
    "  1) Settings#to_s hides the token\n     Failure/Error: expect(settings.to_s).not_to include(api_token)\n"
    '       expected "db:5432 app/{v}" not to include "{v}"',
    'expect(received).not.toContain(expected) // indexOf\n\nExpected substring: not "{v}"\n'
    'Received string:        "GET /orders {v}"\n\n  12 |   const out = redactHeaders(req);\n> 13 |   expect(out).not.toContain(secret);',
    ">       assert password not in out\nE       AssertionError: assert '{v}' not in 'app@db {v}'",
    '  File "tests/test_log.py", line 31, in test_masks\n    self.assertNotIn(self.password, out)\n'
    "AssertionError: '{v}' unexpectedly found in 'app {v} db'",
    "1) LoggerTest::testLogMasksPassword\nFailed asserting that 'login ok app:{v}' does not contain \"{v}\".",
    "  1) redact\n       removes the api key:\n     AssertionError: expected 'GET /v1 ({v})' to not include '{v}'",
)
MASKED_LOOKALIKES = (
    "  1) Report#to_s hides internals\n     Failure/Error: expect(report.to_s).not_to include(debug_flag)\n"
    '       expected "rows=3 debugMode2=on" not to include "debugMode2=on"',
    ">       assert banner not in out\nE       AssertionError: assert 'Welcome2024!' not in 'Welcome2024! user'",
    'Expected substring: not "v2.3.1-rc4"\nReceived string: "release v2.3.1-rc4"\n> 13 |   expect(out).not.toContain(version);',
    "  1) redact\n       removes the api key:\n     AssertionError: expected 'x-api-key: [REDACTED]' to not include 'x-api-key'",
    "1) LoggerTest::testLogMasksPassword\nFailed asserting that 'login ok pw=****' does not contain \"password\".",
    "AssertionError: 'ERROR' unexpectedly found in 'ERROR: password for app@db rejected'",
)
HASHES = (
    "9672f0c37d8dabfb0046161f5c27911fbd179c2c03664276d287fcf02abb1d5b",
    "5f4dcc3b5aa765d61d8327deb882cf99",
    "$2b$12$KIXQ4Q7z0lS1Hq7q2Yl5Fu0YxU2m7lH3mZcQmJ9Qd2aQ5n8Zr1e7W",
)
HASH_SECRETS = (
    "<Pass password>\n        Method = sha256\n        Hash = {v}\n        Salt = 6a01\n</Pass>",
    "admin:\n  password:\n    hash: {v}\n    algorithm: sha256",
    '[password]\nalgorithm = "sha256"\nhash = "{v}"',
    '{{\n  "password": {{\n    "algo": "md5",\n    "digest": "{v}"\n  }}\n}}',
    'password {{\n  hash = "{v}"\n}}',
)
HASH_LOOKALIKES = (
    "<Pass password>\n        Method = sha256\n        Hash = sha256\n</Pass>",
    "admin:\n  password:\n    hash: bcrypt\n    min_length: 12",
    '[password]\nhash = "argon2id"',
    "metadata:\n  annotations:\n    checksum/secret: 9672f0c37d8dabfb0046161f5c27911fbd179c2c03664276d287fcf02abb1d5b",
    "release:\n  commit:\n    hash: 9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
    'password_policy {{\n  hash = "sha512"\n}}'.format(),
)
EVENT_VALUES = ("l7hiyRrXX7EoVUOIOxV4ETpJ14w29VRD", "BXCdVSnjnwlA", "Quartz.6620Lake", "x7#Kp2!qLm9v")
EVENT_SECRETS = (
    'ts=2026-11-27T10:46:00Z level=info msg="credential rotated" name=partner-api kind=static version=8 data={v}',
    "2026-11-27T10:46:40Z AUDIT user=admin op=reset-password target=bob@example.com temp={v} status=ok",
    '{{"level":"info","event":"password.reset","user":"bob","temp":"{v}"}}',
    "INFO credentials.rotate: secret rotated for svc=billing new={v}",
    "time=10:40:02 event=token_issued client=ci value={v} ttl=3600",
    "[auth] password changed user=42 new_value={v}",
)
EVENT_LOOKALIKES = (
    'ts=2026-11-27T10:46:00Z level=info msg="credential rotated" name=partner-api version=8 data=ok',
    'msg="password reset requested" user=bob request_id=4bf92f3577b34da6a3ce929d0e0e4736 status=sent',
    "op=reset-password target=bob temp=false status=ok",
    'msg="token issued" value=3600 unit=s',
    '{"event":"password.reset","user":"bob","data":"sent"}',
    'msg="key rotated" data=/etc/keys/2024-11.pem',
    "time=10:40:02 event=token_issued client=ci value=$TOKEN ttl=3600",
    'msg="cache refreshed" data=Qm9xR2vLp7TzK4wN8sYd3Hj6 rows=12',
)
LOOKALIKES = (
    "https://github.com/org/repo/commit/9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
    "https://github.com/org/repo/blob/4e1d2c3b5a69788796a5b4c3d2e1f0a9b8c7d6e5/src/reset/index.ts",
    "Docs: https://docs.example.com/guides/reset/password-reset-flow",
    "https://example.com/invite/friends",
    "https://app.example.com/users/8f14e45f-ceea-467f-a0e6-7e5b2f9a1c3d/reset",
    "https://zoom.us/j/85012345678",
    "POST /api/v1/invites/42/accept",
    "https://example.com/verify/email",
    "https://ci.example.com/job/reset-db/1234/console",
    "https://registry.npmjs.org/join/-/join-1.2.3.tgz",
    "https://hub.docker.com/layers/library/nginx/latest/images/sha256-4c0fdaa8b6341bfdeca5f18f7837462c80cff90527ee35ef185571e1c327beac",
    "https://example.com/recovery/use-token/<token>/",
    "https://app.example.com/invitations/accept/{{token}}",
    "https://app.example.com/reset-password/${{TOKEN}}",
    "To authenticate, visit:\n\n\thttps://github.com/login/device\n",
    "To sign in, open this page in a browser:\n\n  https://microsoft.com/devicelogin\n",
    "If your browser didn't open, visit:\n    https://docs.example.com/getting-started/install-v2\n",
    "https://pkg.go.dev/golang.org/x/crypto@v0.31.0/ssh/agent",
    "https://confirm.example.com/assets/app-3f9a2c1e.js",
    "https://example.com/activate/2024-11-28",
    "- [DOMI Token](https://etherscan.io/token/0x45c2f8c9b4c0bdc76200448cc26c48ab6ffef83f)",
    "https://api.example.com/v1/tokens/9f2c1e7a4b3d5f6e/metadata",
    "$ ./print-docs-link.sh\nhttps://docs.example.com/guides/getting-started",
    "$ gh release view v2.1.0 --json url  # link\nhttps://github.com/org/repo/releases/tag/v2.1.0",
    "$ git log -1 --format=%H -- reset.go\nhttps://github.com/org/repo/commit/9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    args = parser.parse_args()
    report(SECRETS, tuple(t.format() for t in LOOKALIKES), TOKENS, args.show)
    report(SLASHED_SECRETS, SLASHED_LOOKALIKES, SLASHED, args.show)
    report(MASKED_SECRETS, MASKED_LOOKALIKES, MASKED, args.show)
    report(HASH_SECRETS, HASH_LOOKALIKES, HASHES, args.show)
    report(EVENT_SECRETS, EVENT_LOOKALIKES, EVENT_VALUES, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
