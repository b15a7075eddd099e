"""The restart oracle: every new game starts in the same state, whatever earlier games on the server did.

The first two new games of a session teach the pristine start and which keys vary by themselves (ids,
seeds). A later new game whose start differs in another key, twice in a row, leaks state across restart: the
game played just before it is the repro. Shrinking cannot run against a server the leak has already changed
(a new game there is polluted whatever one plays), so the repro is that whole game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from loop.contract.game_client import GameClient
from loop.contract.models import BugType
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step, play


class RestartLeakOracle(Oracle):
    name = "restart-leak"
    shrinkable = False

    def __init__(self) -> None:
        self.pristine: view.State | None = None
        self.volatile: set[str] = set()
        self.seen: set[str] = set()  # leaked keys already reported (or not to be): each is told once

    def learn(self, first: view.State, second: view.State) -> None:
        """Two new games in a row, nothing played between: the start, and the keys that vary anyway."""
        self.pristine = first
        self.volatile = view.changed_keys(first, second)

    def leaked(self, start: view.State, again: view.State) -> list[str]:
        """Keys where two consecutive new games agree with each other but not with the pristine start."""
        if self.pristine is None:
            return []
        keys = view.changed_keys(self.pristine, start) - self.volatile - view.changed_keys(start, again)
        return sorted(keys)

    def check(
        self, start: view.State, new_start: Callable[[], view.State], culprit: list[str]
    ) -> Anomaly | None:
        """Judge a new game's start; `new_start` starts one more game (only when this one looks off, so a
        game's own count of new games is not disturbed in the usual case)."""
        if self.pristine is None:
            self.learn(start, new_start())
            return None
        if not set(self.leaked(start, start)) - self.seen:
            return None
        new = [k for k in self.leaked(start, new_start()) if k not in self.seen]
        self.seen.update(new)
        return self.anomaly(new, self.pristine, start, len(culprit)) if new else None

    def absorb(self, new_start: Callable[[], view.State]) -> None:
        """Games no one can name as the culprit were played (shrinking's): a leak that shows now is set
        aside, not reported, because on a server already changed every replay starts polluted."""
        if self.pristine is None:
            return
        start = new_start()
        if set(self.leaked(start, start)) - self.seen:
            self.seen.update(self.leaked(start, new_start()))

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        return []  # one game alone shows no leak: the explorer compares new games (see check)

    def anomaly(self, keys: list[str], reference: view.State, start: view.State, index: int) -> Anomaly:
        shown = "; ".join(f"{k}: {reference.get(k)!r} -> {start.get(k)!r}" for k in keys)
        return Anomaly(
            self.name,
            ",".join(keys),
            index,
            f"A new game starts with state left by an earlier game ({', '.join(keys)})",
            f"every new game starts the same: {', '.join(f'{k}={reference.get(k)!r}' for k in keys)}",
            f"after the commands of an earlier game, a new game starts with {shown[:300]}",
            "new game",
            BugType.STATE_LEAK,
        )

    def confirm(
        self, client: GameClient, commands: list[str], subject: str
    ) -> tuple[Anomaly | None, list[Step]]:
        reference = play(client, [])[0].state if self.pristine is None else self.pristine
        steps = play(client, commands)
        if any(step.observation is None for step in steps):
            # the game failed on the replay (it did not in the session: leaked state changed its course), so
            # the repro would not replay on a fresh server either
            return None, steps
        volatile = (
            self.volatile if self.pristine is not None else view.changed_keys(reference, steps[0].state)
        )
        start = play(client, [])[0]
        steps.append(dataclasses.replace(start, index=len(steps)))
        keys = subject.split(",")
        leaked = view.changed_keys(reference, start.state) - volatile
        if not all(key in leaked for key in keys):
            return None, steps
        return self.anomaly(keys, reference, start.state, len(steps) - 1), steps
