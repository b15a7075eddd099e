import itertools
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from loop.ledger import Ledger
from sandboxes.game.process import free_port

_databases = itertools.count()


def _postgres_tools() -> bool:
    return all(shutil.which(tool) for tool in ("initdb", "pg_ctl", "runuser")) and (
        subprocess.run(["id", "postgres"], capture_output=True).returncode == 0
    )


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL cluster on a unix socket in a temp dir; yields (socket dir, port)."""
    if not _postgres_tools():
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) and a postgres user are not on this machine")
    root = Path(tempfile.mkdtemp(prefix="closed-loop-pg-"))
    shutil.chown(root, "postgres")
    port = free_port()
    as_postgres = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*as_postgres, "initdb", "-D", str(root / "data"), "-A", "trust", "-U", "postgres"],
        check=True,
        capture_output=True,
        timeout=120,
    )
    options = f"-p {port} -k {root} -c listen_addresses=''"
    subprocess.run(
        [
            *as_postgres,
            "pg_ctl",
            "-D",
            str(root / "data"),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    try:
        yield root, port
    finally:
        subprocess.run(
            [*as_postgres, "pg_ctl", "-D", str(root / "data"), "-m", "fast", "stop"],
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def ledger_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    import psycopg

    socket_dir, port = request.getfixturevalue("postgres_server")
    name = f"ledger_{next(_databases)}"
    with psycopg.connect(host=str(socket_dir), port=port, user="postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"postgresql://postgres@/{name}?host={socket_dir}&port={port}"


@pytest.fixture
def ledger(ledger_url):
    with Ledger(ledger_url) as opened:
        yield opened
