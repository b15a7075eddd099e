"""The GBQA agent API contract, checked on a running build of any game (no ground truth needed).

`games validate` runs these on every game: a user's manifest is right when they all pass. Each check says what
it looked at, so a failing one points at the field or the request to fix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from pydantic import BaseModel, Field

from loop.contract.bad_requests import bad_request_violation
from loop.contract.endpoint import httpx_client
from loop.contract.game import Manifest
from loop.contract.game_client import GameClient, GameError

TIMEOUT = 10.0
PROBE_COMMAND = "look"


class ContractCheck(BaseModel):
    name: str
    ok: bool
    detail: str = ""
    warning: bool = Field(default=False, description="passed, with a note on a convention not kept")

    @property
    def verdict(self) -> str:
        return "warn" if self.warning else "ok" if self.ok else "FAIL"


class ContractWarning(Exception):
    """A check that passes with a note: the game departs from a convention that nothing here relies on."""


class ContractViolation(Exception):
    """One check's failure; the message says what was expected and what came back."""


def _json(response: httpx.Response, what: str) -> dict[str, Any]:
    if response.status_code != 200:
        raise ContractViolation(f"{what} answered HTTP {response.status_code}: {response.text[:200]}")
    try:
        body = response.json()
    except ValueError as exc:
        raise ContractViolation(f"{what} answered non-JSON: {response.text[:200]!r}") from exc
    if not isinstance(body, dict):
        raise ContractViolation(f"{what} answered JSON that is not an object: {body!r:.200}")
    return body


def _fields(body: dict[str, Any], what: str, expected: dict[str, type | tuple[type, ...]]) -> str:
    wrong = [
        f"{name} ({type(body.get(name)).__name__ if name in body else 'missing'})"
        for name, kind in expected.items()
        if not isinstance(body.get(name), kind)
    ]
    if wrong:
        raise ContractViolation(f"{what}: wrong or missing fields: {', '.join(wrong)}")
    return f"{what}: {', '.join(expected)} present"


def _mentions(value: Any, names: frozenset[str]) -> set[str]:
    if isinstance(value, dict):
        found = {str(k) for k in value if k in names}
        return found.union(*(_mentions(v, names) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_mentions(v, names) for v in value))
    return set()


class ContractChecks:
    """The checks, in order, against one build's URL. `run()` returns one ContractCheck per check."""

    def __init__(self, url: str, manifest: Manifest):
        self.url, self.manifest = url, manifest
        self.http = httpx_client(url, TIMEOUT)
        self.game_id = ""

    def run(self) -> list[ContractCheck]:
        checks: list[tuple[str, Callable[[], str]]] = [
            ("health answers", self.health),
            ("new game shape", self.new_game),
            ("command shape", self.command),
            ("state shape", self.state),
            ("stripped fields never reach the client", self.stripped),
            ("bad requests get a JSON answer, not a crash", self.bad_requests),
        ]
        results = []
        try:
            for name, check in checks:
                try:
                    results.append(ContractCheck(name=name, ok=True, detail=check()))
                except ContractWarning as note:
                    results.append(ContractCheck(name=name, ok=True, detail=str(note), warning=True))
                except (ContractViolation, GameError, httpx.HTTPError) as exc:
                    results.append(ContractCheck(name=name, ok=False, detail=str(exc)))
        finally:
            self.http.close()
        return results

    def health(self) -> str:
        path = self.manifest.health_path
        if not path:
            return "no health path in the manifest: readiness polled with /api/agent/new"
        response = self.http.get(path)
        if response.status_code != 200:
            raise ContractViolation(f"GET {path} answered HTTP {response.status_code}")
        return f"GET {path}: 200"

    def new_game(self) -> str:
        body = _json(self.http.post("/api/agent/new"), "POST /api/agent/new")
        if not isinstance(body.get("game_id"), str | int):
            raise ContractViolation(f"POST /api/agent/new: no game_id in {str(body)[:200]}")
        self.game_id = str(body["game_id"])
        return _fields(body, "POST /api/agent/new", {"message": str, "state": dict})

    def command(self) -> str:
        body = _json(
            self.http.post("/api/agent/command", json={"game_id": self.game_id, "command": PROBE_COMMAND}),
            "POST /api/agent/command",
        )
        detail = _fields(body, "POST /api/agent/command", {"message": str, "state": dict})
        optional = {"success": bool, "game_over": bool, "turn": int}
        wrong = [name for name, kind in optional.items() if name in body and not isinstance(body[name], kind)]
        if wrong:  # a field the client reads must have its type when it is there
            _fields(body, "POST /api/agent/command", {name: optional[name] for name in wrong})
        missing = [name for name in optional if name not in body]
        if missing:
            defaults = "the loop reads a missing success as true, game_over as false, and counts steps itself"
            raise ContractWarning(f"{detail}; no top-level {', '.join(missing)} ({defaults})")
        return f"{detail}, {', '.join(optional)}"

    def state(self) -> str:
        body = _json(self.http.get(f"/api/agent/state/{self.game_id}"), "GET /api/agent/state/{id}")
        return _fields(body, "GET /api/agent/state/{id}", {"state": dict})

    def stripped(self) -> str:
        hidden = frozenset(self.manifest.strip_fields)
        if not hidden:
            return "the manifest strips no fields"
        raw = _json(self.http.post("/api/agent/new"), "POST /api/agent/new")
        with GameClient(self.url, strip_fields=self.manifest.strip_fields, timeout=TIMEOUT) as client:
            new = client.new_game()
            seen = client.command(new.game_id, PROBE_COMMAND).model_dump()
            seen["state"] = client.state(new.game_id)
        leaked = _mentions(seen, hidden)
        if leaked:
            raise ContractViolation(f"fields {sorted(leaked)} reached the client")
        sent = sorted(_mentions(raw, hidden))
        return f"game sends {sent or 'none of them'}; client passes none of {sorted(hidden)}"

    def bad_requests(self) -> str:
        """Malformed requests are judged by the rule the QA agents use (loop.contract.bad_requests)."""
        requests: list[tuple[str, str, str, dict[str, Any]]] = [
            ("unknown game id", "POST", "/api/agent/command", {"json": {"game_id": "none", "command": "x"}}),
            ("body not JSON", "POST", "/api/agent/command", {"content": b"not json"}),
            ("no command", "POST", "/api/agent/command", {"json": {"game_id": self.game_id}}),
            ("state of unknown id", "GET", "/api/agent/state/no-such-game", {}),
        ]
        codes, crashes = [], []
        for label, method, path, options in requests:
            try:
                response = self.http.request(method, path, **options)
                status, text = response.status_code, response.text
            except httpx.HTTPError as exc:
                status, text = 0, f"{type(exc).__name__}: {exc}"
            broken = bad_request_violation(status, text)
            if broken is not None:
                crashes.append(f"{method} {path} ({label}): {broken}")
            codes.append(str(status))
        if self.http.post("/api/agent/new").status_code != 200:
            raise ContractViolation("the game stopped answering after bad requests")
        if crashes:  # the manifest is right; the game has a bug, which QA will report with its request
            raise ContractWarning(f"a bug in the game, not in its manifest: {'; '.join(crashes)}")
        answered = f"HTTP {', '.join(codes)}; the game still answers"
        not_4xx = [c for c in codes if not c.startswith("4")]
        if not_4xx:
            raise ContractWarning(f"{answered} (4xx is the convention for a malformed request)")
        return answered


def check_contract(url: str, manifest: Manifest) -> list[ContractCheck]:
    return ContractChecks(url, manifest).run()
