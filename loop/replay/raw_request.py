"""A step of a repro that is a raw HTTP request rather than a game command.

A bug in the game's HTTP layer (a null command, a list as the game id, a body nested too deep) is triggered by
a request no command can make. Such a step is written as a person would type it, the id of the game being
played written `<game_id>`: `POST /api/agent/command {"game_id": "<game_id>", "command": null}`. The bug
file, a coding agent's task and every replay read the same text.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel

from loop.contract.game_client import GameClient, strip_hidden

GAME_ID = "<game_id>"
SHOWN_CHARS = 300
_STEP = re.compile(r"^(GET|POST|PUT|PATCH|DELETE) (/\S*)(?: (.*))?$", re.DOTALL)


class RawRequest(BaseModel):
    method: str
    path: str
    body: str | None = None

    @classmethod
    def of_step(cls, step: str) -> RawRequest | None:
        """The request a repro step names, or None for an ordinary game command."""
        match = _STEP.match(step)
        if match is None:
            return None
        return cls(method=match[1], path=match[2], body=match[3])

    def step(self) -> str:
        return f"{self.method} {self.path}" + ("" if self.body is None else f" {self.body}")

    def request(self, game_id: str) -> tuple[str, str, bytes | None]:
        """Method, path and body for the game `game_id`."""
        escaped = json.dumps(game_id)[1:-1]
        body = None if self.body is None else self.body.replace(GAME_ID, escaped).encode("utf-8")
        return self.method, self.path.replace(GAME_ID, game_id), body


def send_raw(client: GameClient, request: RawRequest, game_id: str) -> tuple[int, str, bool]:
    """(status, reply text, whether the reply is JSON) of one raw request to the game `game_id`; a JSON reply
    comes back without the fields the manifest hides from agents. GameUnavailable when it does not answer."""
    status, raw = client.raw(*request.request(game_id))
    text = raw.decode("utf-8", "replace")
    try:
        decoded = json.loads(text)
    except ValueError:
        return status, text, False
    return status, json.dumps(strip_hidden(decoded, client.hidden_fields)), True


def shown(step: str) -> str:
    """A repro step short enough to read; a long raw body is cut with its length said."""
    if len(step) <= SHOWN_CHARS or RawRequest.of_step(step) is None:
        return step
    return f"{step[:SHOWN_CHARS]}... ({len(step)} characters in all; the whole request is in the JSON record)"
