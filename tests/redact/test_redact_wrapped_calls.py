"""A call whose arguments are wrapped over lines, as formatters write a long call, is read as the
one line it makes (`redact.wrapped_calls`)."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "purple@2028"


@pytest.mark.parametrize(
    "one_line",
    [
        f"new Sequelize('shop', 'app', '{SECRET}', {{ host: 'db' }});",
        f'Connection c = DriverManager.getConnection(url, "sa", "{SECRET}");',
        f'r = requests.get(url, auth=("bob", "{SECRET}"))',
        f'auth = HTTPBasicAuth("bob", "{SECRET}")',
        f'server.login("bot@example.com", "{SECRET}")',
    ],
)
def test_a_call_wrapped_over_lines_loses_what_its_line_loses(one_line: str) -> None:
    assert SECRET not in redact(one_line)  # (the reading of the line, which the wrapped call must get)
    head, rest = one_line.split("(", 1)
    args, tail = rest.rsplit(")", 1)
    # black's and prettier's shape: an argument a line, a trailing comma, the bracket alone
    wrapped = head + "(\n" + "".join(f"    {a.strip()},\n" for a in _split_args(args)) + ")" + tail
    out = redact(wrapped)
    assert SECRET not in out
    assert out.count("\n") == wrapped.count("\n")  # the lines stay as they were
    assert out.replace(MARK, SECRET) == wrapped  # only the secret changed, where it stood


def _split_args(args: str) -> list[str]:
    """Top-level comma-separated arguments (enough for the cases above)."""
    out, depth, cur = [], 0, ""
    for c in args:
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    return [*out, cur]


def test_a_tuple_nested_in_a_wrapped_call_is_read_with_it() -> None:
    text = f'r = requests.get(\n    url,\n    auth=(\n        "bob",\n        "{SECRET}",\n    ),\n    timeout=5,\n)'
    assert redact(text) == text.replace(SECRET, MARK)


@pytest.mark.parametrize(
    "text",
    [
        'print(\n    "hello",\n    "world",\n)',
        'logger.info(\n    "user %s logged in with %s",\n    user,\n    "password",\n)',
        "const users = dict(\n    admin='Administrator',\n    bob='viewer',\n)",
        'subprocess.run(\n    ["git", "log", "--oneline"],\n    check=True,\n)',
        # a registry key's path, a call's second argument: a path, not a key
        'key = winreg.OpenKeyEx(\n    winreg.HKEY_LOCAL_MACHINE,\n    r"Software\\Microsoft\\VisualStudio\\SxS\\VC7",\n)',
    ],
)
def test_wrapped_calls_without_a_secret_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_call_past_the_bounds_or_holding_a_multi_line_string_is_not_joined() -> None:
    # (a template literal or a triple-quoted string may hold the line breaks: joining would change it)
    text = f'auth = HTTPBasicAuth(\n    `bob`,\n    "{SECRET}",\n)'
    assert redact(text) == text  # the backtick stops the join; the line alone names no login
    long = "auth = HTTPBasicAuth(\n" + "    1,\n" * 40 + f'    "bob",\n    "{SECRET}",\n)'
    assert redact(long) == long


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ('key = "Software\\\\Microsoft\\\\VisualStudio"', True),  # a registry key's path
        ('password = "Maple\\\\9656River"', False),  # one backslash in a password: not a path
        ('password = "Pa\\\\ss0rd!x9Q"', False),
    ],
)
def test_a_path_of_backslashes_is_a_path(text: str, kept: bool) -> None:
    assert (redact(text) == text) is kept


def test_lines_written_with_escapes_are_no_path() -> None:
    out = redact("openvpn --config office.ovpn --auth-user-pass <(printf 'bob\\nwinter371\\n')")
    assert "winter371" not in out


@pytest.mark.parametrize(
    "text",
    [
        f'conn = pymysql.connect("db", "app",\n                       "{SECRET}", "shop")',  # aligned with the bracket
        f'auth = ("bob",\n        "{SECRET}")',
        f'DATABASES = {{\n    "default": {{\n        "PASSWORD": (\n            "{SECRET}"\n        ),\n    }}\n}}',
    ],
)
def test_a_bracket_left_open_on_a_line_ending_in_a_comma_is_read_with_its_lines(text: str) -> None:
    assert redact(text) == text.replace(SECRET, MARK)


def test_lines_ending_in_commas_without_a_secret_are_kept() -> None:
    text = 'print("a", "b",\n      "c")\nx = [1, 2,\n     3]\nf(a, (b,\n  c), "d",\n  e)\n'
    assert redact(text) == text
