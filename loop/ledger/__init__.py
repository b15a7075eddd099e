"""The ledger: bugs, sessions, attempts and verifications of every game across runs (SQLAlchemy)."""

from loop.ledger.engine import data_dir, default_url
from loop.ledger.history import RunSummary
from loop.ledger.migrations import LATEST as SCHEMA_VERSION
from loop.ledger.migrations import LedgerVersionError
from loop.ledger.store import BENCHMARK, FREE, BugHistory, Ledger, LedgerError

__all__ = [
    "BENCHMARK",
    "FREE",
    "SCHEMA_VERSION",
    "BugHistory",
    "Ledger",
    "LedgerError",
    "LedgerVersionError",
    "RunSummary",
    "data_dir",
    "default_url",
]
