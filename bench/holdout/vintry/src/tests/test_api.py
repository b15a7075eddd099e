"""The HTTP API, through Connexion's test client."""

from __future__ import annotations

import pytest

from vintry.app import app


@pytest.fixture
def client():
    with app.test_client() as test_client:
        yield test_client


def new_game(client) -> str:
    response = client.post("/api/agent/new")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"game_id", "message", "state"}
    return body["game_id"]


def test_health(client) -> None:
    assert client.get("/api/health").status_code == 200


def test_new_command_state(client) -> None:
    game_id = new_game(client)
    response = client.post("/api/agent/command", json={"game_id": game_id, "command": "PICK ROW 1 WITH CREW 1"})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"success", "message", "state", "game_over", "turn"}
    assert body["success"] is True
    assert body["turn"] == 1
    assert body["state"]["crush_pad_kg"] == 60
    state = client.get(f"/api/agent/state/{game_id}").json()
    assert state["game_id"] == game_id
    assert state["state"] == body["state"]


def test_refused_command_is_still_an_answer(client) -> None:
    game_id = new_game(client)
    body = client.post("/api/agent/command", json={"game_id": game_id, "command": "juggle"}).json()
    assert body["success"] is False
    assert body["game_over"] is False


def test_unknown_game(client) -> None:
    response = client.post("/api/agent/command", json={"game_id": "nope", "command": "LOOK"})
    assert response.status_code == 404
    assert client.get("/api/agent/state/nope").status_code == 404


def test_bad_requests(client) -> None:
    assert client.post("/api/agent/command", json={"command": "LOOK"}).status_code == 400
    assert client.post("/api/agent/command", json={"game_id": "x"}).status_code == 400
    response = client.post(
        "/api/agent/command", content=b"not json", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
