"""One game played command by command, recorded as steps that oracles can judge and re-judge."""

from __future__ import annotations

import functools
import html
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from loop.contract.game_client import (
    GameClient,
    GameObservation,
    GameProtocolError,
    GameServerError,
    GameUnavailable,
)
from loop.replay.raw_request import RawRequest, send_raw
from loop.replay.view import State

SHOWN_REPLY = 400


@functools.lru_cache(maxsize=4096)  # read by every oracle at every step
def as_read(text: str) -> str:
    """A reply as its player reads it: HTML character references ('&lt;name&gt;', '&euro;40') shown as the
    characters a browser would show."""
    return html.unescape(text) if "&" in text else text


@dataclass(frozen=True)
class Step:
    """One command and what came back. Step 0 of a game is the new game itself (command None)."""

    index: int
    command: str | None
    before: State
    observation: GameObservation | None
    latency_ms: float = 0.0
    error: str = ""
    status: int | None = None
    recovered: State | None = None

    @property
    def state(self) -> State:
        """The state after the step; after an error, the state the game reports next (else the one before)."""
        if self.observation is not None:
            return self.observation.state
        return self.recovered if self.recovered is not None else self.before

    @property
    def outside_api(self) -> bool:
        """The game answered, but not with an agent reply (not JSON, malformed, a 4xx): a finding, and the
        game's state is no longer known."""
        return self.observation is None and self.status is not None and 0 < self.status < 500

    @property
    def message(self) -> str:
        return as_read(self.observation.message) if self.observation is not None else self.error

    @property
    def verb(self) -> str:
        return (self.command or "").split(" ", 1)[0].lower()

    @property
    def noun(self) -> str:
        return (self.command or "").partition(" ")[2].strip()


@dataclass
class GameSession:
    """A new game on `client`; `send` plays one command. A 5xx or an answer outside the agent API is a step
    with its error; a dead game (GameUnavailable) propagates, and so does a new game that fails."""

    client: GameClient
    on_step: Callable[[str, Step], None] | None = None
    game_id: str = ""
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        started = time.perf_counter()
        new = self.client.new_game()
        self.game_id = new.game_id
        self._record(Step(0, None, {}, new.observation, (time.perf_counter() - started) * 1000))

    @property
    def state(self) -> State:
        return self.steps[-1].state

    @property
    def commands(self) -> list[str]:
        return [s.command for s in self.steps if s.command is not None]

    def send(self, command: str) -> Step:
        before = self.state
        started = time.perf_counter()
        request = RawRequest.of_step(command)
        if request is not None:
            return self._record(self._send_raw(command, request, before, started))
        try:
            observation = self.client.command(self.game_id, command)
            step = Step(len(self.steps), command, before, observation, (time.perf_counter() - started) * 1000)
        except (GameServerError, GameProtocolError) as exc:
            elapsed = (time.perf_counter() - started) * 1000
            recovered = self._state_after_error()
            step = Step(len(self.steps), command, before, None, elapsed, str(exc), exc.status, recovered)
        return self._record(step)

    def _send_raw(self, command: str, request: RawRequest, before: State, started: float) -> Step:
        """A raw request as a step: a JSON reply is an observation (the state unchanged as far as the step
        knows), a 5xx or a reply that is not JSON is an error step with its status."""
        status, text, is_json = send_raw(self.client, request, self.game_id)
        elapsed = (time.perf_counter() - started) * 1000
        if status >= 500 or not is_json:
            return Step(len(self.steps), command, before, None, elapsed, text[:SHOWN_REPLY], status,
                        self._state_after_error())  # fmt: skip
        observation = GameObservation(message=text[:SHOWN_REPLY], state=before, success=False)
        return Step(len(self.steps), command, before, observation, elapsed)

    def _state_after_error(self) -> State | None:
        try:
            return self.client.state(self.game_id)
        except (GameServerError, GameProtocolError):
            return None

    def _record(self, step: Step) -> Step:
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(self.game_id, step)
        return step


def play(
    client: GameClient, commands: list[str], on_step: Callable[[str, Step], None] | None = None
) -> list[Step]:
    """Play `commands` from a new game; stops early (with a step carrying the error) if the game dies."""
    session = GameSession(client, on_step)
    for command in commands:
        try:
            session.send(command)
        except GameUnavailable as exc:
            session.steps.append(
                Step(len(session.steps), command, session.state, None, error=str(exc), status=0)
            )
            break
    return session.steps
