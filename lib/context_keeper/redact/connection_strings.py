"""Where a value ends inside what holds it: a connection string's `;`, not a space or an
XML-escaped quote; a string, a URL query or a driver's `;k=v` list around `NAME=value`.

`Password=P@ss w0rd;Database=app` (ADO.NET, ODBC, JDBC's properties) gives a password with
spaces; a connection string inside an XML attribute quotes it as `Password=&quot;…&quot;`,
whose `;` would otherwise end the value after `&quot`, leaving the password itself behind.
"""

from __future__ import annotations

from .names import PASSWORD
from .patterns import LazyPattern

_ESCAPED_END = LazyPattern(r"\\[nrt\"']|[\"'`]")


def connection_string_end(text: str, start: int, vend: int, level: int, sep: str) -> int:
    """`Password=P@ss w0rd;` in a connection string runs to the `;`, spaces included; one in XML's
    quotes (`Password=&quot;…&quot;`) to the closing `&quot;`."""
    if (
        level == PASSWORD
        and text.startswith("&quot;", vend - 5)
        and (close := text.find("&quot;", vend, vend + 200)) > vend + 1
    ):
        return close + 6 if "\n" not in text[vend:close] else vend
    if level != PASSWORD or sep != "=" or text[vend : vend + 1] != " " or ";" not in text[max(0, start - 200) : start]:
        return vend
    semi = text.find(";", vend, vend + 100)
    if semi == -1 or "\n" in text[vend:semi] or "=" in text[vend:semi]:
        return vend
    return semi


def value_in_string(value: str, opening: str, env_style: bool) -> str:
    """Where a value that runs to a space ends inside a string around it."""
    if opening in ('"', "'"):
        return value.split(opening, 1)[0]  # `-e "NAME=value"`: the string ends the value
    if opening in ("?", "&", ";"):
        return value.split("&" if opening != ";" else ";", 1)[0]  # a URL query's or a driver's `;k=v` list's next item
    if env_style and value[:1] not in "\"'`\\":  # (empty: a value cut at its name again)
        return _ESCAPED_END.split(value, 1)[0] or value  # `"…\nDB_PASSWORD=value\n"` in JSON: the escape ends it
    return value
