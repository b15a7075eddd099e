"""Where the ledger lives and how it is opened: SQLite under the data directory by default, PostgreSQL by URL.

SQLite is made safe for two runs at once: WAL (readers never block the writer), a busy timeout (a writer
waits for the other instead of failing), and `BEGIN IMMEDIATE` (a transaction takes the write lock when it
starts, so two writers cannot both read, then both fail to upgrade their lock).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event

from loop.contract.paths import data_dir
from loop.host import settings

BUSY_TIMEOUT_SECONDS = 30.0


def default_url() -> str:
    """env CLOSED_LOOP_LEDGER_URL, else the SQLite file data/ledger.sqlite."""
    url = settings.LEDGER_URL.value()
    if url:
        return url
    return f"sqlite:///{(data_dir() / 'ledger.sqlite').resolve()}"


def _use_wal(cursor: Any) -> None:
    """Switch the file to WAL once; it stays WAL. The switch needs a lock SQLite does not wait for through
    the busy timeout, so a writer opening the file while another holds it retries within that bound."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def make_engine(url: str) -> Engine:
    if url.startswith(("postgresql://", "postgres://")):
        # to SQLAlchemy a plain postgresql:// means psycopg2; closed-loop ships psycopg 3 (extra `postgres`)
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    database = url.split("///", 1)[-1]
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_SECONDS})

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, _record: Any) -> None:
        # take transaction control from the driver so that "begin" below can say IMMEDIATE
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        _use_wal(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin_immediate(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
