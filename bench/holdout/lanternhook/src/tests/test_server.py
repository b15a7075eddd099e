"""The agent API, through a real aiohttp server."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from lanternhook.server import make_app


def with_client(scenario: Callable[[TestClient[Any, Any]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with TestClient(TestServer(make_app())) as client:
            await scenario(client)

    asyncio.run(main())


def test_new_command_and_state() -> None:
    async def scenario(client: TestClient[Any, Any]) -> None:
        new = await client.post("/api/agent/new")
        assert new.status == 200
        body = await new.json()
        game_id = body["game_id"]
        assert "Lanternhook" in body["message"]
        assert body["state"]["world"]["place"]["id"] == "quay"
        moved = await client.post("/api/agent/command", json={"game_id": game_id, "command": "north"})
        reply = await moved.json()
        assert reply["success"] is True and reply["turn"] == 1 and reply["game_over"] is False
        assert reply["state"]["world"]["place"]["id"] == "market"
        refused = await client.post("/api/agent/command", json={"game_id": game_id, "command": "fly"})
        assert (await refused.json())["success"] is False
        state = await client.get(f"/api/agent/state/{game_id}")
        assert (await state.json())["state"]["world"]["place"]["id"] == "market"

    with_client(scenario)


def test_malformed_requests_answer_json_errors() -> None:
    async def scenario(client: TestClient[Any, Any]) -> None:
        missing = await client.post("/api/agent/command", json={"command": "look"})
        assert missing.status == 400 and "error" in await missing.json()
        unknown = await client.post("/api/agent/command", json={"game_id": "nope", "command": "look"})
        assert unknown.status == 404 and "error" in await unknown.json()
        garbage = await client.post("/api/agent/command", data=b"{not json")
        assert garbage.status == 400 and "error" in await garbage.json()
        no_state = await client.get("/api/agent/state/nope")
        assert no_state.status == 404
        nowhere = await client.get("/api/agent/elsewhere")
        assert nowhere.status == 404 and "error" in await nowhere.json()

    with_client(scenario)


def test_health() -> None:
    async def scenario(client: TestClient[Any, Any]) -> None:
        health = await client.get("/healthz")
        assert health.status == 200

    with_client(scenario)
