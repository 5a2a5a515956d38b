"""A real PostgreSQL streaming replica of the test server, for the read-replica tests (issue 37).

:func:`start_standby` copies the primary cluster with ``pg_basebackup -R`` (which writes
``standby.signal`` and ``primary_conninfo``) into a temporary directory, and starts it with
``pg_ctl`` on ``port`` as a hot standby: it replays the primary's WAL as it streams, so the
test database created on the primary (and every row committed there) appears on it shortly
after. Run as root, the cluster belongs to the ``postgres`` user (PostgreSQL refuses to run as
root) and the commands run through ``runuser``.

The primary must accept replication connections from 127.0.0.1: ``wal_level`` ``replica``
(the default) and a ``pg_hba.conf`` line ``host replication all 127.0.0.1/32 trust`` (see
docs/deploy.md).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import psycopg

BIN = Path("/usr/lib/postgresql/15/bin")
#: Settings a hot standby must hold at least as high as its primary.
AT_LEAST_PRIMARY = (
    "max_connections",
    "max_worker_processes",
    "max_wal_senders",
    "max_prepared_transactions",
    "max_locks_per_transaction",
)


@dataclass
class Standby:
    directory: Path
    port: int

    @property
    def data(self) -> Path:
        return self.directory / "data"

    def stop(self) -> None:
        _run([str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        shutil.rmtree(self.directory, ignore_errors=True)


def _as_owner() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _run(command: list[str]) -> None:
    done = subprocess.run([*_as_owner(), *command], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} exited {done.returncode}: {done.stderr.strip()}")


def _base_backup(source: list[str], data: Path, tries: int = 3) -> None:
    """``pg_basebackup -R`` of the primary into ``data``; tried again (from an empty folder)
    when it fails, since a database that another run drops while it is copied fails the copy
    on a server that several checkouts share."""
    for attempt in range(1, tries + 1):
        try:
            _run([str(BIN / "pg_basebackup"), *source, "-D", str(data), "-R", "-X", "stream"])
            return
        except RuntimeError:
            _run(["rm", "-rf", str(data)])
            if attempt == tries:
                raise


def start_standby(host: str, port: int, user: str, standby_port: int) -> Standby:
    """A hot standby of the cluster at ``host:port`` (``user`` may replicate), on
    ``standby_port`` of 127.0.0.1."""
    with psycopg.connect(host=host, port=port, user=user, dbname="postgres") as primary:
        limits = {
            name: str(primary.execute(f"SHOW {name}").fetchone()[0])  # type: ignore[index]
            for name in AT_LEAST_PRIMARY
        }
    directory = Path(tempfile.mkdtemp(prefix="palmares-standby-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(directory, owner.pw_uid, owner.pw_gid)
    standby = Standby(directory, standby_port)
    source = ["-h", host, "-p", str(port), "-U", user, "-c", "fast"]
    _base_backup(source, standby.data)
    settings = {
        "listen_addresses": "'127.0.0.1'",
        "port": str(standby_port),
        "unix_socket_directories": f"'{directory}'",
        "hot_standby": "on",
        "hot_standby_feedback": "on",
        "fsync": "off",
        **limits,
    }
    conf = "".join(f"{name} = {value}\n" for name, value in settings.items())
    hba = "local all all trust\nhost all all 127.0.0.1/32 trust\n"
    # (Debian keeps these files out of the data directory: the copy has none)
    script = f"cat > {standby.data}/postgresql.conf && printf '{hba}' > {standby.data}/pg_hba.conf"
    subprocess.run([*_as_owner(), "sh", "-c", script], input=conf.encode(), check=True, timeout=30)
    log = directory / "log"
    _run([str(BIN / "pg_ctl"), "-D", str(standby.data), "-l", str(log), "-w", "start"])
    return standby
