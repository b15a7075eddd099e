"""The ledger: bugs, sessions, attempts and verifications of every game across runs (SQLAlchemy)."""

from loop.contract.paths import data_dir
from loop.ledger.engine import default_url
from loop.ledger.history import BugHistory, RunSummary
from loop.ledger.migrations import LATEST as SCHEMA_VERSION
from loop.ledger.migrations import LedgerVersionError
from loop.ledger.store import BENCHMARK, FREE, Ledger, LedgerError

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
