"""Schema versions: a one-row `schema_version` table and numbered migrations, applied in one transaction.

Why not alembic: the schema ships inside the package and is upgraded by whichever run opens the ledger first;
a dozen lines of versioned DDL need no alembic.ini, env.py or script directory, and work the same on SQLite
and PostgreSQL. A fresh database gets the current tables and the latest version (alembic's "create_all + stamp
head"); an older one runs each migration above its version in order; a newer one is refused.

To change the schema: change `schema.py`, add `MIGRATIONS[n]` doing the same change in DDL, and bump nothing
else (`LATEST` follows the table).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Engine, Integer, inspect, text

from loop.ledger.schema import Base, RealCommitRow


def _add_real_commits(connection: Connection) -> None:
    Base.metadata.tables[RealCommitRow.__tablename__].create(connection)


def _add_bug_history_columns(connection: Connection) -> None:
    for column, kind in (("culprit", "VARCHAR(64)"), ("regression", "TEXT"), ("flaky", "TEXT")):
        connection.execute(text(f"ALTER TABLE bugs ADD COLUMN {column} {kind}"))


#: version -> migration bringing the schema from version-1 to version. Version 1 is the first schema.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {2: _add_real_commits, 3: _add_bug_history_columns}
LATEST = max(MIGRATIONS, default=1)
MIGRATION_LOCK_KEY = 0x636C6F6F70  # "cloop": any constant shared by every closed-loop


class LedgerVersionError(Exception):
    """The ledger was written by a newer closed-loop than this one."""


def _current_version(connection: Connection) -> int | None:
    if not inspect(connection).has_table("schema_version"):
        return None
    return connection.execute(text("SELECT version FROM schema_version")).scalar_one_or_none()


def upgrade(engine: Engine) -> int:
    """Bring the schema to LATEST; return the version found before (0 for a fresh database)."""
    with engine.begin() as connection:
        # two runs opening a fresh ledger at once must not both create it: SQLite's BEGIN IMMEDIATE already
        # serializes them; PostgreSQL needs a lock held until this transaction ends
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        found = _current_version(connection)
        if found is None:
            Base.metadata.create_all(connection)
            connection.execute(text(f"CREATE TABLE schema_version (version {Integer().compile()} NOT NULL)"))
            connection.execute(text("INSERT INTO schema_version (version) VALUES (:v)"), {"v": LATEST})
            return 0
        if found > LATEST:
            raise LedgerVersionError(
                f"the ledger is at schema version {found}, this closed-loop knows up to {LATEST}: "
                "upgrade closed-loop"
            )
        for version in range(found + 1, LATEST + 1):
            MIGRATIONS[version](connection)
        if found != LATEST:
            connection.execute(text("UPDATE schema_version SET version = :v"), {"v": LATEST})
        return found
