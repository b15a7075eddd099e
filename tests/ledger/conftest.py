import pytest

from loop.ledger import Ledger


@pytest.fixture
def ledger_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'ledger.sqlite'}"


@pytest.fixture
def ledger(ledger_url):
    with Ledger(ledger_url) as opened:
        yield opened
