"""A login's slots where nothing names the login, written in the sixteenth round after its code
and scored once (not held out): a call or a command whose name says nothing of a login, a
server's address among its arguments (an option object's `port`/`hostname`, a PHP array's
`'host'`, a driver's `dialect+driver`, a host and its port, a URL of a broker or a database, a
UNC share, a variable named for the host, name/value arguments), a user, then the password. Each
template is filled with passwords people chose (all must be gone); each look-alike, in the same
shapes, holds a plain word, a page's or a build's name, a reference or a placeholder where the
password stands, or no user, and must come back unchanged.

Run: `python bench/redact_probe16.py [--show]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_score import report  # noqa: E402

PERSON = ("harbor7731", "Quartz.6620Lake", "amber-pine-river-5104", "Tr!ck9Fox")
SECRETS = (
    "db = pg.Client('orders', 'orders_app', '{v}', {{ port: 5432 }})",
    "const c = new Redshift('warehouse', 'etl', '{v}', {{ hostname: 'rs.internal' }})",
    "$conn = new Db('shop', 'shop', '{v}', ['host' => 'db'])",
    "engine = build_engine('mssql+pyodbc', 'sa', '{v}', 'sql01', 1433)",
    "cli = Amqp.new('amqp://mq.internal:5672', 'guest2', '{v}')",
    "Mongo.connect_to('mongodb://db.internal:27017', 'app', '{v}')",
    "rclone config create nas webdav url=https://nas.internal:5006 user bob pass {v}",
    "lftp -e 'mirror' sftp://files.internal admin {v}",
    "net use \\\\nas01\\backup {v} /user:svc_backup",
    "mc alias set prod https://s3.internal:9000 deployer {v}",
    'client := NewStore("redis.internal:6379", "cache", "{v}")',
    "ds = DataSource(host=cfg.host, 'report', '{v}')",
    "session = Open(DB_HOST, 'ledger', '{v}')",
    "conn <- dbConnect(drv, 'analytics', 'analyst', '{v}', 'Server', 'pg.internal')",
    'x = Ftp("ftp.example.com", 21, "upload", "{v}")',
)
LOOKALIKES = (
    "db = pg.Client('orders', 'orders_app', 'replica', {{ port: 5432 }})",
    "link = make_link('https://docs.example.com', 'guide', 'chapter12')",
    "p = path.join(base_url, 'static', 'logo2024')",
    "mc alias set prod https://s3.internal:9000 deployer $MINIO_SECRET",
    "mc alias set prod https://s3.internal:9000 deployer '<password>'",
    "render('https://example.com', 'home', 'index')",
    "git push https://github.com/org/repo.git main release2024",
    'Ftp("ftp.example.com", 21, "upload", "/srv/in")',
    "ds = DataSource(host=cfg.host, 'report', 'daily')",
    "cp s3://bucket/key local/dir backup",
    "net use \\\\nas01\\backup /persistent:yes",
    "scp -P 2222 file.tgz user@host.example.com:/tmp",
    "curl https://api.example.com/v2 -H 'Accept: json'",
    "connect(DB_HOST, 'ledger', 'ledger_ro')",
    "wget https://example.com/file.tar.gz -O file2024.tar.gz",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print the leaks and the changed look-alikes")
    args = parser.parse_args()
    report(SECRETS, tuple(t.format() for t in LOOKALIKES), PERSON, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
