"""Odd requests to the GBQA agent API, and what a game must answer them: a JSON reply, never a 5xx.

A probe is a typed raw request (method, path, body text) with the id of a game in it; it is what a report
of the `api-contract` oracle carries as its subject, so the judge and the critic replay exactly the request
the explorer sent. A 4xx with a JSON error is the right answer to a malformed request, not a bug.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

from loop.contract.bad_requests import bad_request_violation
from loop.contract.game_client import GameClient, GameUnavailable
from loop.replay.raw_request import GAME_ID as RAW_GAME_ID
from loop.replay.raw_request import RawRequest, send_raw

GAME_ID = "@GAME_ID@"  # where a probe puts the id of the game it plays against
NEW, COMMAND, STATE = "/api/agent/new", "/api/agent/command", "/api/agent/state/"
SHOWN_BODY = 160
DEEP = 100_000  # nesting that breaks a recursive JSON parser


class ApiProbe(BaseModel):
    """One raw request: `path` and `body` may hold GAME_ID, replaced by the id of the game it probes."""

    label: str
    family: str = "body"  # what it varies: one report per family and kind of failure is enough
    method: str = "POST"
    path: str = COMMAND
    body: str | None = None

    def as_request(self) -> RawRequest:
        """The probe as a raw request of the replay layer, the game id written <game_id>."""
        body = None if self.body is None else self.body.replace(GAME_ID, RAW_GAME_ID)
        return RawRequest(method=self.method, path=self.path.replace(GAME_ID, RAW_GAME_ID), body=body)

    def shown(self) -> str:
        """The request as a person would type it, the game id written as <game_id>."""
        body = "" if self.body is None else " " + self.body.replace(GAME_ID, "<game_id>")
        if len(body) > SHOWN_BODY:
            body = f"{body[:SHOWN_BODY]}... ({len(self.body or '')} characters)"
        return f"{self.method} {self.path.replace(GAME_ID, '<game_id>')}{body}"

    def raw_step(self) -> str:
        """The probe as a repro step (loop.replay.raw_request)."""
        return self.as_request().step()

    @classmethod
    def of_subject(cls, subject: str) -> ApiProbe | None:
        try:
            return cls.model_validate_json(subject)
        except ValidationError:
            return None


def _command(label: str, command: object, **extra: object) -> ApiProbe:
    body = json.dumps({"game_id": GAME_ID, "command": command, **extra})
    return ApiProbe(label=label, family="command", body=body)


def _game_id(label: str, game_id: object) -> ApiProbe:
    return ApiProbe(label=label, family="game_id", body=json.dumps({"game_id": game_id, "command": "look"}))


def _body(label: str, body: str | None, path: str = COMMAND, family: str = "body") -> ApiProbe:
    return ApiProbe(label=label, family=family if path == COMMAND else "new", path=path, body=body)


def _state(label: str, game_id: str) -> ApiProbe:
    return ApiProbe(label=label, family="state", method="GET", path=STATE + game_id)


def command_probe(command: str) -> ApiProbe:
    """An ordinary command sent as a raw request (how a command with a non-JSON answer is replayed)."""
    return _command(f"command {command[:40]!r}", command)


# In order: one of each family first (the command's type, the body's shape, the game id's type, the other
# endpoints), the most common breakages of each first, since a session rarely sends them all.
BODY_PROBES: tuple[ApiProbe, ...] = (
    _command("command is null", None),
    _body("the body is a JSON list", "[]"),
    _game_id("game_id is a list", [GAME_ID]),
    _body("the body is not JSON", "look"),
    _command("command is a number", 42),
    _body("the body is nested very deep", "[" * DEEP + "]" * DEEP, family="nesting"),
    _game_id("game_id is null", None),
    _command("command is 10 kB long", "look " + "x" * 10_000),
    _body("the body is JSON null", "null"),
    ApiProbe(label="command is missing", family="command", body=json.dumps({"game_id": GAME_ID})),
    _body("a new game with a JSON list body", "[]", NEW),
    _command("command has a lone surrogate", "look \ud800"),
    _game_id("game_id is an object", {"id": GAME_ID}),
    _body("the body is a JSON string", '"look"'),
    _command("command is a list", ["look"]),
    _body("the body is empty", ""),
    _command("command has a NUL and control characters", "look\u0000\t\r\n"),
    _game_id("game_id is a number", 0),
    _command("command is an object", {"verb": "look"}),
    _body("the body is cut short", '{"game_id": "' + GAME_ID + '", "command": "lo'),
    _state("the state of an unknown game", "no-such-game-0"),
    _command("command is empty", ""),
    _body("a new game with a body that is not JSON", "{", NEW),
    _command("command has unicode", "look \u00e9\u5317\U0001f5dd"),
    _game_id("game_id is unknown", "no-such-game-0"),
    _command("command is a boolean", True),
    ApiProbe(label="game_id is missing", family="game_id", body=json.dumps({"command": "look"})),
    _command("command is blank", "   "),
    _command("an extra field", "look", extra=[1, 2]),
    _state("the state of a game id with unicode", "\u00e9\u5317"),
    _state("the state of a 200-character game id", "9" * 200),
)


class ApiAnswer(BaseModel):
    status: int  # 0: the game did not answer
    text: str

    @property
    def json_object(self) -> dict[str, Any] | None:
        try:
            body = json.loads(self.text)
        except ValueError:
            return None
        return body if isinstance(body, dict) else None


def send(client: GameClient, probe: ApiProbe, game_id: str) -> ApiAnswer:
    """The game's answer to `probe`; a JSON reply without the fields the manifest hides from agents (a
    probe's answer goes into traces and reports as any observation does)."""
    try:
        status, text, _ = send_raw(client, probe.as_request(), game_id)
    except GameUnavailable as exc:
        return ApiAnswer(status=0, text=str(exc))
    return ApiAnswer(status=status, text=text)


def failure_kind(answer: ApiAnswer) -> str:
    """How an answer breaks the contract, in one word ('' when it does not)."""
    if violation(answer) is None:
        return ""
    return "silence" if answer.status == 0 else "5xx" if answer.status >= 500 else "not-json"


def violation(answer: ApiAnswer) -> str | None:
    """What breaks the contract in an answer (None: a JSON reply, success or error, is right)."""
    return bad_request_violation(answer.status, answer.text)
