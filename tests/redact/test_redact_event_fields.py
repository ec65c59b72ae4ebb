"""The new value a log record of a credential's event carries under a role's name (`data=`,
`temp=`, `value=`, `new=`) is removed; the same fields in a record of another event, or
holding a word, a number, a flag, a path or a reference, are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "value", ["l7hiyRrXX7EoVUOIOxV4ETpJ14w29VRD", "BXCdVSnjnwlA", "Quartz.6620Lake", "x7#Kp2!qLm9v"]
)
@pytest.mark.parametrize(
    "template",
    [
        'ts=2026-11-27T10:46:00Z level=info msg="credential rotated" name=partner-api version=8 data={v}',
        "2026-11-27T10:46:40Z AUDIT user=admin op=reset-password target=bob@example.com temp={v} status=ok",
        '{{"level":"info","event":"password.reset","user":"bob","temp":"{v}"}}',
        "INFO credentials.rotate: secret rotated for svc=billing new={v}",
        "time=10:40:02 event=token_issued client=ci value={v} ttl=3600",
    ],
)
def test_the_value_field_of_a_credentials_event_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'ts=2026-11-27T10:46:00Z level=info msg="credential rotated" name=partner-api version=8 data=ok',
        "op=reset-password target=bob temp=false status=ok",
        'msg="token issued" value=3600 unit=s',
        '{"event":"password.reset","user":"bob","data":"sent"}',
        'msg="key rotated" data=/etc/keys/2024-11.pem',
        "time=10:40:02 event=token_issued client=ci value=$TOKEN ttl=3600",
        'msg="cache refreshed" data=Qm9xR2vLp7TzK4wN8sYd3Hj6 rows=12',
        "llm: 1234 tokens generated, value=Qm9xR2vLp7TzK4wN8sYd3Hj6",
    ],
)
def test_the_same_fields_of_another_event_or_holding_no_secret_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Updated token budget: value=Tokens4096",
        "DEBUG: secret created data=ConfigMap2024",
        "Generating token... result=Success2024",
    ],
)
def test_a_word_and_a_number_in_a_field_any_record_carries_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "op=reset-password target=bob temp=Success2024",
        'msg="password reset" new=ConfigMap2024',
        'msg="password reset" data=Success2024!',
    ],
)
def test_a_word_and_a_number_in_a_secrets_role_field_is_removed(text: str) -> None:
    out = redact(text)
    assert "Success2024" not in out and "ConfigMap2024" not in out
