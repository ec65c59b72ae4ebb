"""Every string inside a decoded JSON value, depth first: what the redaction benches read out of
transcript records as the text a hook would meet."""

from __future__ import annotations

from collections.abc import Iterator


def strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
