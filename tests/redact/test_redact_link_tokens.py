"""The token of a link that acts for whoever opens it (an invitation, a reset, a recovery, a
sign-in a CLI waits on) is removed; a digest, a slug, a number, a contract's address, a
placeholder and a link with no token are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

HEX = "7f3a9c2e4b1d8f6a0c5e7b9d2f4a6c8e"
URLSAFE = "Qm9_xR2vLp7TzK4wN8sYd3Hj6FcB1gUe0aZo5iM-tXq"
SHORT = "x3k9m2p7q8w4z"


@pytest.mark.parametrize("token", [HEX, URLSAFE, SHORT])
@pytest.mark.parametrize(
    "template",
    [
        "Password reset link (valid 24h): https://id.example.com/reset-password/{t}",
        "https://cms.example.com/user/reset/1/1732701731/{t}/login",
        "https://auth.example.com/recovery/use-token/{t}/",
        '{{"recovery_link":"https://sso.example.com/recovery/link/{t}"}}',
        "verify: http://localhost:9999/auth/v1/verify/{t}?type=signup",
        "Share with the new member: https://chat.example.com/join/{t}",
    ],
)
def test_the_token_after_a_path_word_naming_the_links_act_is_removed(template: str, token: str) -> None:
    out = redact(template.format(t=token))
    assert token not in out and MARK in out


@pytest.mark.parametrize("token", [HEX, SHORT])
@pytest.mark.parametrize(
    "text",
    [
        "$ sudo tailscale up\n\nTo authenticate, visit:\n\n\thttps://login.example.com/a/{t}\n",
        "Please do the SSO login in your browser.\nIf your browser didn't open, visit:\n    https://sso.example.com/x/{t}",
        "$ zulip-manage generate_realm_creation_link\nhttps://chat.example.com/new/{t}",
    ],
)
def test_the_code_of_a_link_a_sign_in_or_a_link_command_prints_is_removed(text: str, token: str) -> None:
    out = redact(text.format(t=token))
    assert token not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "https://github.com/org/repo/commit/9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
        "https://github.com/org/repo/blob/4e1d2c3b5a69788796a5b4c3d2e1f0a9b8c7d6e5/src/reset/index.ts",
        "Docs: https://docs.example.com/guides/reset/password-reset-flow",
        "https://app.example.com/users/8f14e45f-ceea-467f-a0e6-7e5b2f9a1c3d/reset",
        "POST /api/v1/invites/42/accept",
        "https://example.com/activate/2024-11-28",
        "- [DOMI Token](https://etherscan.io/token/0x45c2f8c9b4c0bdc76200448cc26c48ab6ffef83f)",
        "https://etherscan.io/address/0x45c2f8c9b4c0bdc76200448cc26c48ab6ffef83f#join",
        "https://app.example.com/invitations/accept/{{token}}",
        "https://example.com/recovery/use-token/<token>/",
        "To authenticate, visit:\n\n\thttps://github.com/login/device\n",
        "If your browser didn't open, visit:\n    https://docs.example.com/getting-started/install-v2\n",
        "$ git log -1 --format=%H -- reset.go\nhttps://github.com/org/repo/commit/9f2c1e7a4b3d5f6e8a0c1b2d3e4f5a6b7c8d9e0f",
        "$ ./print-docs-link.sh\nhttps://docs.example.com/guides/getting-started",
    ],
)
def test_digests_slugs_numbers_addresses_and_placeholders_in_links_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "https://shop.example.com/join/newsletter2024promo",
        "https://deploys.example.com/acme/onboarding-app/8Xk9mP2qR7tLwAbC",
        "$ gh gist create reset_db\nhttps://gist.example.com/bob/3f9a8b7c6d5e4f3a2b1c",
        "To authenticate, visit\nhttps://docs.example.com/en/latest/Guide2Auth",
    ],
)
def test_a_slug_a_things_name_and_a_files_name_are_no_acts_token(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "https://app.example.com/invite/8Xk9mP2qR7tLwAbC",
        "https://app.example.com/accept-invite/8Xk9mP2qR7tLwAbC",
        "$ php artisan user:invite bob\nhttps://app.example.com/i/8Xk9mP2qR7tLwAbC",
        "To authenticate, visit\nhttps://login.example.com/device/Xk9mP2qR",
    ],
)
def test_an_acts_random_token_is_still_removed(text: str) -> None:
    assert "8Xk9mP2qR7tLwAbC" not in redact(text) and "Xk9mP2qR" not in redact(text)
