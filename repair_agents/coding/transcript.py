"""The built-in agent's transcript: JSON Lines, one event per model call or tool call, written as it happens.

Each line is flushed at once, so an attempt the pipeline kills still leaves what happened up to then. Every
line is redacted (no API key reaches the file).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from loop.llm import redact


class Transcript:
    def __init__(self, path: Path):
        self.path = path
        self._file = path.open("a", encoding="utf-8")
        self._started = time.monotonic()

    def event(self, kind: str, **fields: Any) -> None:
        record = {"event": kind, "t": round(time.monotonic() - self._started, 3), **fields}
        self._file.write(redact(json.dumps(record, default=str)) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Transcript:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_transcript(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
