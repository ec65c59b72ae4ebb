"""A header list given as one setting: its random values go, its names and ids stay."""

import pytest

from context_keeper.redact import MARK, redact

KEY = "7uRfKoGkL3cJjcXO8N6pJS0QWl80nSQyaf1"


@pytest.mark.parametrize(
    "text",
    [
        f"OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team={KEY}",
        f'export OTEL_EXPORTER_OTLP_TRACES_HEADERS="x-honeycomb-team={KEY},x-honeycomb-dataset=prod"',
    ],
)
def test_a_random_header_value_is_removed(text: str) -> None:
    out = redact(text)
    assert KEY not in out and MARK in out and "x-honeycomb-team=" in out


@pytest.mark.parametrize(
    "text",
    [
        "OTEL_EXPORTER_OTLP_HEADERS=x-scope-orgid=tenant-42",
        'OTEL_EXPORTER_OTLP_HEADERS="x-request-id=4bf92f3577b34da6a3ce929d0e0e4736"',
        "OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-dataset=production-traces",
    ],
)
def test_names_and_ids_in_a_header_list_are_kept(text: str) -> None:
    assert redact(text) == text
