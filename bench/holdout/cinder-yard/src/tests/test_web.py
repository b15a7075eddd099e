"""The HTTP API, through Starlette's test client."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cinderyard.web import build_app


@pytest.fixture
def client():
    with TestClient(build_app()) as c:
        yield c


def test_health(client):
    assert client.get("/healthz").json()["status"] == "ok"


def test_new_command_state(client):
    new = client.post("/api/agent/new").json()
    game_id = new["game_id"]
    assert new["state"]["clock"]["minute"] == 0
    reply = client.post("/api/agent/command", json={"game_id": game_id, "command": "move otter to south"})
    assert reply.status_code == 200
    body = reply.json()
    assert body["success"] is True
    assert body["turn"] == 1
    assert body["game_over"] is False
    assert body["state"]["clock"]["minute"] == 6
    state = client.get(f"/api/agent/state/{game_id}").json()
    assert state["game_id"] == game_id
    assert state["state"] == body["state"]


def test_an_in_game_refusal_is_still_http_200(client):
    game_id = client.post("/api/agent/new").json()["game_id"]
    reply = client.post("/api/agent/command", json={"game_id": game_id, "command": "fly away"})
    assert reply.status_code == 200
    assert reply.json()["success"] is False


def test_games_are_independent(client):
    first = client.post("/api/agent/new").json()["game_id"]
    second = client.post("/api/agent/new").json()["game_id"]
    assert first != second
    client.post("/api/agent/command", json={"game_id": first, "command": "move otter to south"})
    assert client.get(f"/api/agent/state/{second}").json()["state"]["clock"]["minute"] == 0


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[1, 2]", b'{"command": "look"}', b'{"game_id": "x", "command": "look"}', b'{"game_id": null}'],
)
def test_bad_requests_get_a_json_4xx(client, body):
    reply = client.post("/api/agent/command", content=body)
    assert 400 <= reply.status_code < 500
    assert reply.json()["success"] is False


def test_unknown_paths_and_methods_answer_json(client):
    assert client.get("/api/agent/state/nope").status_code == 404
    assert client.get("/nowhere").json()["success"] is False
    assert client.get("/api/agent/command").status_code == 405


def test_odd_characters_in_a_call_are_refused_politely(client):
    game_id = client.post("/api/agent/new").json()["game_id"]
    body = '{"game_id": "%s", "command": "\\ud800 look"}' % game_id
    reply = client.post("/api/agent/command", content=body.encode())
    assert reply.status_code == 200
    assert reply.json()["success"] is False
