"""Where closed-loop keeps what outlives one command: the ledger, caches, the Prefect server's state.

One answer for every layer: `$CLOSED_LOOP_DATA`; else `data/` in the project checkout (what `make castle` and
`make test` use); else `~/.cache/closed-loop` for an installed copy.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    configured = os.environ.get("CLOSED_LOOP_DATA")
    if configured:
        path = Path(configured).expanduser()
    elif (PROJECT_ROOT / "pyproject.toml").is_file():
        path = PROJECT_ROOT / "data"
    else:
        path = Path.home() / ".cache" / "closed-loop"
    path.mkdir(parents=True, exist_ok=True)
    return path.resolve()
