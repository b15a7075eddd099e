"""The one door between an agent and a running game: the GBQA agent API over HTTP.

Only the allowed fields of a response reach the caller, so a game's internal fields (GBQA's `full_state`
carries the solution) can never leak into a prompt. Every failure is a typed error, never a crash.
"""

from __future__ import annotations

import http.client
import json
import time
from typing import Any, Self

from pydantic import BaseModel, ValidationError

from loop.contract.http_connection import KeptAliveConnection

ALLOWED_FIELDS = ("message", "state", "success", "game_over", "turn")
DEFAULT_MAX_COMMAND_LENGTH = 200


class GameError(Exception):
    """Base of everything that can go wrong talking to a game."""


class GameUnavailable(GameError):
    """The game does not answer (connection refused, timed out, dropped). A crash candidate."""


class GameServerError(GameError):
    """The game answered with a 5xx: a finding (crash candidate) and a reason to restart the sandbox."""

    def __init__(self, status: int, body: str):
        super().__init__(f"game answered HTTP {status}: {body[:300]}")
        self.status = status
        self.body = body


class GameProtocolError(GameError):
    """The answer is not the GBQA agent API (HTML instead of JSON, missing fields, a 4xx). A finding, like a
    5xx; `status` is the HTTP status it came with."""

    def __init__(self, message: str, status: int = 200):
        super().__init__(message)
        self.status = status


class GameObservation(BaseModel):
    """What an agent may see of one game response."""

    message: str = ""
    state: dict[str, Any] = {}
    success: bool = True
    game_over: bool = False
    turn: int | None = None


class NewGame(BaseModel):
    game_id: str
    observation: GameObservation


def _text(value: str) -> str:
    """A lone surrogate (legal in JSON as an escape, not in UTF-8) becomes U+FFFD, so a trace can hold it."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return value


def _strip(value: Any, hidden: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {_text(str(k)): _strip(v, hidden) for k, v in value.items() if k not in hidden}
    if isinstance(value, list):
        return [_strip(v, hidden) for v in value]
    if isinstance(value, str):
        return _text(value)
    return value


def strip_hidden(value: Any, hidden: frozenset[str]) -> Any:
    """`value` (a decoded JSON reply) without the fields the agent must never see, at any depth."""
    return _strip(value, hidden)


class GameClient:
    """A client for one running build. Thread-compatible, not thread-safe: use one per worker."""

    def __init__(
        self,
        base_url: str,
        *,
        strip_fields: tuple[str, ...] | list[str] = (),
        timeout: float = 10.0,
        max_command_length: int = DEFAULT_MAX_COMMAND_LENGTH,
        health_path: str | None = "/api/health",
    ):
        self.base_url = base_url.rstrip("/")
        self.health_path = health_path
        self.hidden_fields = frozenset(strip_fields)
        self.max_command_length = max_command_length
        self._http = KeptAliveConnection(self.base_url, timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _send(
        self, method: str, path: str, body: bytes | None = None, timeout: float | None = None
    ) -> tuple[int, bytes]:
        try:
            return self._http.request(method, path, body, timeout)
        except TimeoutError as exc:
            raise GameUnavailable(f"{method} {path} timed out: {exc}") from exc
        except (OSError, http.client.HTTPException) as exc:
            raise GameUnavailable(f"{method} {path} failed: {exc!r}") from exc

    def raw(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        """(status, body) of any request, whatever it answers: for probing the API with odd requests.
        GameUnavailable when the game does not answer."""
        return self._send(method, path, body)

    def _request(self, method: str, path: str, json_body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if json_body is None else json.dumps(json_body).encode()
        status, raw = self._send(method, path, data)
        text = raw.decode("utf-8", "replace")
        if status >= 500:
            raise GameServerError(status, text)
        if status >= 400:
            raise GameProtocolError(f"{method} {path} answered HTTP {status}: {text[:300]}", status)
        try:
            body = json.loads(raw)
        except ValueError as exc:
            raise GameProtocolError(f"{method} {path} answered non-JSON: {text[:300]!r}", status) from exc
        if not isinstance(body, dict):
            message = f"{method} {path} answered JSON that is not an object: {body!r:.300}"
            raise GameProtocolError(message, status)
        return body

    def _observation(self, body: dict[str, Any]) -> GameObservation:
        allowed = {k: body[k] for k in ALLOWED_FIELDS if k in body and k not in self.hidden_fields}
        allowed = _strip(allowed, self.hidden_fields)
        try:
            return GameObservation.model_validate(allowed)
        except ValidationError as exc:
            raise GameProtocolError(f"game response does not fit the agent API: {exc}") from exc

    def health(self) -> bool:
        """True when the game answers its health path (the manifest's) with a 200; a game without one is
        healthy when it starts a new game."""
        try:
            if self.health_path:
                return self._send("GET", self.health_path)[0] == 200
            return self._send("POST", "/api/agent/new")[0] == 200
        except GameUnavailable:
            return False

    def new_game(self) -> NewGame:
        body = self._request("POST", "/api/agent/new")
        game_id = body.get("game_id")
        if not isinstance(game_id, str | int):
            raise GameProtocolError(f"/api/agent/new gave no game_id: {str(body)[:300]}")
        return NewGame(game_id=_text(str(game_id)), observation=self._observation(body))

    def command(self, game_id: str, command: str) -> GameObservation:
        if len(command) > self.max_command_length:
            raise ValueError(f"command is {len(command)} characters, the limit is {self.max_command_length}")
        body = self._request("POST", "/api/agent/command", {"game_id": game_id, "command": command})
        return self._observation(body)

    def state(self, game_id: str) -> dict[str, Any]:
        body = self._request("GET", f"/api/agent/state/{game_id}")
        state: dict[str, Any] = _strip(body.get("state", {}), self.hidden_fields)
        return state

    def wait_until_ready(self, timeout: float = 30.0, health_path: str | None = "/api/health") -> None:
        """Poll the health path (or `/new` when the game has none) until it answers; else GameUnavailable."""
        deadline = time.monotonic() + timeout
        last_error = "no answer"
        while time.monotonic() < deadline:
            try:
                if health_path:
                    status = self._send("GET", health_path, timeout=2.0)[0]
                    if status == 200:
                        return
                    last_error = f"HTTP {status}"
                else:
                    self.new_game()
                    return
            except GameError as exc:
                last_error = str(exc)
            time.sleep(0.1)
        raise GameUnavailable(f"{self.base_url} not ready after {timeout:.0f}s: {last_error}")
