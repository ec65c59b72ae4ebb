"""A login's slots where nothing names the login (`redact.login_slots`): a call or a command
whose arguments hold a server's address, the literal after a user's is its password. And what
stands in the same places and is no secret: names, versions, a sentence after a URL."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.login_slots import redact_call_slots, redact_command_slots

_VALUES = ("meadow6941", "Cedar.5182Heron", "juniper-fjord-4471", "Ember#Grove61")

SECRETS = (
    # an option object's `host` beside the user
    "const db = new Store('orders', 'orders_rw', '{v}', {{ host: 'db', dialect: 'postgres' }});",
    # a keyword argument naming the port
    'engine = make_engine("shop", "app", "{v}", port=5432)',
    # a driver's `dialect+driver` name, then a host and its port after the password
    'url = URL.create("mysql+pymysql", "shop", "{v}", "db.internal", 3306, "shop")',
    # a variable named for the host
    "const pool = new Store(process.env.PGHOST, 'app', '{v}')",
    'db = open_store(cfg.dbHost, "shop", "{v}")',
    # a URL among the arguments
    'Registry("https://registry.example.com", "deploy", "{v}")',
    # a name/value pair of arguments naming the server
    "conn = database('app', 'app', '{v}', 'Vendor', 'PostgreSQL', 'Server', 'db')",
    # a directive named for a connection with a user at a host: a plain word and digits too
    "SQLConnectInfo shop@db.internal shop {v}",
    # a command: an address, a user, the password
    "mc alias set store http://minio.internal:9000 admin '{v}'",
    "tool remote add ftp://files.example.com bob {v} --passive",
    # a console's `CONNECT`, its address, a user and the password
    "orientdb> CONNECT remote:db/app root {v}",
    # a host given by its flag, then a user flag and the password after the user
    "sapctl -nr 00 -host sap01 -user sidadm {v} -function GetProcessList",
    # the password before the user's flag
    "net use Z: \\\\fs01\\team {v} /user:bob",
)

KEPT = (
    # no address among the arguments: a name and a version
    "register('orders', 'orders_rw', 'release2024')",
    # an address, but the literal after the user is a plain word
    "Client('https://api.example.com', 'app', 'production')",
    # a variable whose name only ends in an address's letters
    "x = build(report, 'shop', 'release2024')",
    # a user flag then the command's next argument, no host given
    "docker exec -u root container2 sh",
    "tool -host db -u root container2",
    # a client's short user flag, then its database's name, words and a number
    "mysql --host db.internal -u root shop2024",
    "mysqldump --host=db -u admin inventory_2023",
    # a sentence after a verb that connects
    "Then connect to it with psql2024",
    "Then connect to staging2024",
    "connect staging build2024",
    # a page's name after a variable named for a URL: words and a number need a server's address
    'u = urljoin(api_url, "users", "page100")',
    # a sentence after a URL
    "curl https://files.example.com/a.tgz -o out2024.tgz",
    "Open http://localhost:8080 and login",
    # a host and a port, the pair a module's name and a path
    'mount("files.internal", 2049, "nfs", "/srv/exports")',
    # a placeholder where the password stands
    "mc alias set store http://minio.internal:9000 admin '<password>'",
    # a path or a string built from a host: the host names a place, not a login
    'os.path.join(host, "app", "backup2024")',
    'filepath.Join(cfg.DBHost, "data", "winter2020")',
    'String.format("%s/%s/%s", host, "app", "release2024")',
    'path = build_url(host, "users", "Profile123")',
    # a message written of its arguments, or a page requested by its path
    'logger.info("%s connected to %s", "alice", "report2024!", host)',
    'socket.emit("server", "node1", "build2024", port)',
    # a name/value pair whose value is the user: no server named
    'translate("host", "label", "Hostname1")',
    # an address's key inside a prompt's words, not an argument's key
    'ask("Enter host:", "bob", "Default2024")',
)


@pytest.mark.parametrize("template", SECRETS)
@pytest.mark.parametrize("value", _VALUES)
def test_the_password_after_the_user_is_removed(template: str, value: str) -> None:
    text = template.format(v=value)
    out = redact(text)
    assert value not in out
    assert MARK in out


@pytest.mark.parametrize("text", KEPT)
def test_what_is_no_login_is_kept(text: str) -> None:
    assert redact(text) == text


# What this reading must not take, though an older one still reads some of it otherwise.
NOT_READ = (
    'u = URL("https://example.com:8443/api", "v1", "Users2024")',
    'logger.warning("retry %s %s", host, "admin", "Attempt#3")',
    'http.get("http://localhost:3000", "users", "page2024")',
    # a web URL with a path names a page or a repository, not a server
    "git clone https://github.com/alice/repo alice Feature-2024",
    "open https://example.com/docs users Release2024",
    "scp file.txt https://files.internal:8080/drop alice Report2024",
    # any scheme's URL with a path names what a command fetches, clones or plays
    "git clone ssh://git@github.com/org/repo.git repo Release2024",
    "ffmpeg -i rtsp://cam.local:554/stream output Video_2024",
    "wget ftp://ftp.example.com/pub/file.tgz archive Data2024",
)


@pytest.mark.parametrize("text", NOT_READ)
def test_no_login_is_read_in_messages_requests_and_pages(text: str) -> None:
    assert redact_command_slots(redact_call_slots(text)) == text


class _Counted(str):
    """A text that counts the characters its backward searches read."""

    read = 0

    def rfind(self, sub: str, start: int | None = 0, end: int | None = None) -> int:  # type: ignore[override]
        lo, hi = start or 0, len(self) if end is None else end
        _Counted.read += max(0, hi - lo)
        return str.rfind(self, sub, lo, hi)


@pytest.mark.parametrize("unit", ["\\\\", "http://", "a://b"])
def test_a_long_line_of_addresses_is_read_back_a_bounded_span_per_address(unit: str) -> None:
    # a line of markers and no blank: each marker reads back only as far as a scheme goes
    text = _Counted(unit * 4000)
    _Counted.read = 0
    assert redact_command_slots(text) == text
    assert _Counted.read <= 64 * text.count(unit[-2:]) + len(text)
