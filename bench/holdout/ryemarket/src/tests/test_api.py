"""The GBQA agent API, through Panther's test client."""

import asyncio

import pytest

from ryemarket.app import app
from panther.test import APIClient


@pytest.fixture
def client():
    return APIClient(app=app)


def run(coro):
    return asyncio.run(coro)


def test_health(client):
    response = run(client.get("/api/health"))
    assert response.status_code == 200


def test_new_command_and_state(client):
    response = run(client.post("/api/agent/new"))
    assert response.status_code == 200
    game_id = response.data["game_id"]
    assert response.data["state"]["money"] == "£25.00"
    response = run(client.post("/api/agent/command", payload={"game_id": game_id, "command": "/buy 1 rye"}))
    assert response.status_code == 200
    body = response.data
    assert body["success"] is True and body["turn"] == 1 and body["game_over"] is False
    assert body["state"]["pantry"]["rye"] == 1
    response = run(client.get(f"/api/agent/state/{game_id}"))
    assert response.data["game_id"] == game_id
    assert response.data["state"]["money"] == "£23.50"


@pytest.mark.parametrize("payload", [{}, {"game_id": "x"}, {"game_id": 3, "command": "/status"}, [1, 2]])
def test_bad_requests_get_a_400(client, payload):
    response = run(client.post("/api/agent/command", payload=payload))
    assert response.status_code == 400


def test_unknown_games_get_a_404(client):
    response = run(client.post("/api/agent/command", payload={"game_id": "nope", "command": "/status"}))
    assert response.status_code == 404
    assert run(client.get("/api/agent/state/nope")).status_code == 404
