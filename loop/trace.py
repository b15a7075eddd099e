"""The session trace: one JSON line per step, appended and flushed, never rewritten (O(1) per step)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel


class TraceEvent(BaseModel):
    timestamp: float
    step: int
    game_id: str
    command: str | None
    latency_ms: float
    observation: dict[str, Any]
    kind: str = "step"


class SessionTrace:
    """Appends events to `path` (JSONL). Use as a context manager or call close()."""

    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = path.open("a", encoding="utf-8")
        self.events = 0

    def append(
        self,
        *,
        step: int,
        game_id: str,
        command: str | None,
        latency_ms: float,
        observation: dict[str, Any],
        kind: str = "step",
    ) -> None:
        event = TraceEvent(
            timestamp=time.time(),
            step=step,
            game_id=game_id,
            command=command,
            latency_ms=round(latency_ms, 3),
            observation=observation,
            kind=kind,
        )
        self._file.write(event.model_dump_json() + "\n")
        self._file.flush()
        self.events += 1

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> SessionTrace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_trace(path: Path) -> list[TraceEvent]:
    return [TraceEvent.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]
