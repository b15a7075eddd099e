"""The game client is the one door between an agent and a game: hidden fields never pass it, and every way a
game can misbehave becomes a typed error. A tiny stdlib HTTP server plays the misbehaving game."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from loop.contract.game_client import GameClient, GameProtocolError, GameServerError, GameUnavailable
from sandboxes.game.process import free_port

CANARY = "CANARY-7f3e9b-do-not-leak"


class FakeGame(ThreadingHTTPServer):
    """Answers every request with the reply set for its path: (status, content type, body, delay seconds)."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), FakeGameHandler)
        self.replies: dict[str, tuple[int, str, str, float]] = {}
        self.requests: list[tuple[str, str, bytes]] = []

    def reply(
        self,
        path: str,
        body: object,
        status: int = 200,
        content_type: str = "application/json",
        delay: float = 0.0,
    ) -> None:
        text = body if isinstance(body, str) else json.dumps(body)
        self.replies[path] = (status, content_type, text, delay)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class FakeGameHandler(BaseHTTPRequestHandler):
    server: FakeGame

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.server.requests.append((self.command, self.path, self.rfile.read(length)))
        status, content_type, text, delay = self.server.replies.get(
            self.path, (404, "application/json", '{"error": "not found"}', 0.0)
        )
        time.sleep(delay)
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _answer

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def fake_game() -> Iterator[FakeGame]:
    server = FakeGame()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def leaky_state() -> dict:
    return {"room": {"id": "hall", "debug_secret": CANARY}, "inventory": [], "turn": 1}


def test_canary_in_hidden_fields_never_reaches_the_caller(fake_game: FakeGame) -> None:
    fake_game.reply(
        "/api/agent/new",
        {
            "game_id": "g1",
            "message": "hello",
            "state": leaky_state(),
            "full_state": {"password": CANARY},
            "debug_secret": CANARY,
        },
    )
    fake_game.reply(
        "/api/agent/command",
        {
            "success": True,
            "message": "ok",
            "state": leaky_state(),
            "game_over": False,
            "turn": 1,
            "full_state": CANARY,
        },
    )
    fake_game.reply("/api/agent/state/g1", {"game_id": "g1", "state": leaky_state(), "full_state": CANARY})
    with GameClient(fake_game.url, strip_fields=["full_state", "debug_secret"]) as client:
        game = client.new_game()
        observation = client.command(game.game_id, "look")
        state = client.state(game.game_id)
    returned = json.dumps([game.model_dump(), observation.model_dump(), state])
    assert CANARY not in returned
    assert game.observation.state["room"] == {"id": "hall"}, "the rest of the state still arrives"
    assert observation.message == "ok" and observation.turn == 1


def test_fields_outside_the_agent_api_are_dropped_even_unlisted(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/new", {"game_id": "g1", "message": "hi", "state": {}, "full_state": CANARY})
    with GameClient(fake_game.url) as client:
        assert CANARY not in client.new_game().model_dump_json()


def test_html_answer_is_a_protocol_error(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/new", "<html><body>Welcome</body></html>", content_type="text/html")
    with GameClient(fake_game.url) as client, pytest.raises(GameProtocolError, match="non-JSON"):
        client.new_game()


def test_html_error_page_4xx_is_a_protocol_error(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/command", "<h1>Bad Request</h1>", status=400, content_type="text/html")
    with GameClient(fake_game.url) as client, pytest.raises(GameProtocolError, match="HTTP 400"):
        client.command("g1", "look")


def test_5xx_is_a_server_error_with_status_and_body(fake_game: FakeGame) -> None:
    fake_game.reply(
        "/api/agent/command", "<h1>Internal Server Error</h1>", status=500, content_type="text/html"
    )
    with GameClient(fake_game.url) as client, pytest.raises(GameServerError) as caught:
        client.command("g1", "look")
    assert caught.value.status == 500
    assert "Internal Server Error" in caught.value.body


def test_answer_without_game_id_is_a_protocol_error(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/new", {"message": "no id here"})
    with GameClient(fake_game.url) as client, pytest.raises(GameProtocolError, match="game_id"):
        client.new_game()


def test_command_over_the_length_limit_is_refused_before_sending(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/command", {"success": True, "message": "ok", "state": {}})
    with GameClient(fake_game.url, max_command_length=200) as client:
        with pytest.raises(ValueError, match="limit is 200"):
            client.command("g1", "x" * 201)
        assert fake_game.requests == []
        assert client.command("g1", "x" * 200).success is True
    assert len(fake_game.requests) == 1


def test_slow_game_times_out_as_unavailable(fake_game: FakeGame) -> None:
    fake_game.reply("/api/agent/command", {"success": True, "message": "late", "state": {}}, delay=1.0)
    with GameClient(fake_game.url, timeout=0.2) as client, pytest.raises(GameUnavailable, match="timed out"):
        client.command("g1", "look")


def test_no_game_listening_is_unavailable() -> None:
    with GameClient(f"http://127.0.0.1:{free_port()}", timeout=1.0) as client:
        with pytest.raises(GameUnavailable):
            client.new_game()
        assert client.health() is False
        with pytest.raises(GameUnavailable, match="not ready"):
            client.wait_until_ready(timeout=0.3)


def test_in_game_refusal_is_not_an_error(fake_game: FakeGame) -> None:
    fake_game.reply(
        "/api/agent/command", {"success": False, "message": "You can't go that way.", "state": {}}
    )
    with GameClient(fake_game.url) as client:
        observation = client.command("g1", "go up")
    assert observation.success is False
    assert observation.message == "You can't go that way."
