"""A fake LLM service on 127.0.0.1: OpenAI chat completions, OpenAI responses and Anthropic messages.

A real threaded HTTP server (stdlib), so the official SDKs and the coding-agent CLIs talk to it over real
sockets. Requests with reasoning parameters the real service would refuse get its 400 (fake_checks). Replies
come from a queue of `ScriptedReply` or from a callable `(RecordedRequest) -> ScriptedReply`;
every request is recorded. Use it as a context manager:

    with FakeLLMServer() as fake:
        fake.queue(reply("hello"), error(429, retry_after=0.01))
        client = openai.OpenAI(base_url=fake.openai_base_url, api_key="k")
        ...
        fake.requests[-1].body
"""

from __future__ import annotations

import collections
import json
import socket
import threading
import time
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, SecretStr, TypeAdapter

from loop.llm.config import LLMConfig
from loop.llm.fake_anthropic_wire import message, messages_stream
from loop.llm.fake_checks import request_problem
from loop.llm.fake_wire import (
    Protocol,
    ScriptedReply,
    chat_completion,
    chat_stream,
    error_body,
    error_event,
    estimate_tokens,
    response,
    responses_stream,
)
from loop.llm.redaction import MASK

RENDER = {"chat": chat_completion, "responses": response, "messages": message}
RENDER_STREAM = {"chat": chat_stream, "responses": responses_stream, "messages": messages_stream}
ROUTES: dict[str, Protocol] = {
    "/v1/chat/completions": "chat",
    "/chat/completions": "chat",
    "/v1/responses": "responses",
    "/responses": "responses",
    "/v1/messages": "messages",
}
MAX_BODY_BYTES = 32 * 1024 * 1024
# Recorded requests end up in test logs and --record files: keys are masked before they are stored.
FAKE_KEY = "sk-fake-0000000000000000"
SECRET_HEADERS = {"authorization", "x-api-key", "api-key"}


class RecordedRequest(BaseModel):
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] = Field(default_factory=dict)
    protocol: Protocol | None = None

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))


Responder = Callable[[RecordedRequest], ScriptedReply]


def load_script(path: Path) -> list[ScriptedReply]:
    """A script file is a JSON list of replies, or JSON Lines with one reply per line."""
    text = path.read_text()
    if text.lstrip().startswith("["):
        return TypeAdapter(list[ScriptedReply]).validate_json(text)
    return [ScriptedReply.model_validate_json(line) for line in text.splitlines() if line.strip()]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    fake: FakeLLMServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Without this, Nagle plus delayed ACK stalls every other keep-alive call by about 40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, int(self.server.fake.nodelay))

    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (its timeout fired during a scripted delay): nothing left to tell it.
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        return

    def do_HEAD(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in ("/v1/models", "/models"):
            self._record(body={})
            self._send_json(200, self.server.fake.models_listing("anthropic-version" in self.headers))
        elif path in ("/", "/health"):
            self._send_json(200, {"status": "ok"})
        elif path == "/props" and self.server.fake.props is not None:
            self._record(body={})  # llama.cpp's server settings, n_ctx among them
            self._send_json(200, self.server.fake.props)
        else:
            self._send_json(404, {"error": {"message": f"no route {path}", "type": "not_found"}})

    def do_POST(self) -> None:
        path = self.path.split("?")[0]
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            self.close_connection = True  # the unread body would corrupt the next request on this connection
            self._send_json(413, {"error": {"message": "request body too large", "type": "invalid_request"}})
            return
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._send_json(
                400, {"error": {"message": "request body is not JSON", "type": "invalid_request"}}
            )
            return
        protocol = ROUTES.get(path)
        recorded = self._record(body=body, protocol=protocol)
        if path == "/v1/messages/count_tokens":
            # Claude Code asks for counts now and then; they never consume a scripted reply.
            self._send_json(200, {"input_tokens": estimate_tokens(json.dumps(body.get("messages", [])))})
            return
        if protocol is None:
            self._send_json(404, {"error": {"message": f"no route {path}", "type": "not_found"}})
            return
        problem = request_problem(protocol, body)
        if problem is not None:
            self._send_json(400, error_body(protocol, 400, problem))
            return
        script = self.server.fake.next_reply(recorded)
        if script.delay_s:
            time.sleep(script.delay_s)
        self._play(protocol, script, body)

    def _record(self, body: dict[str, Any], protocol: Protocol | None = None) -> RecordedRequest:
        headers = {name.lower(): value for name, value in self.headers.items()}
        for name in SECRET_HEADERS & headers.keys():
            scheme, _, _ = headers[name].rpartition(" ")
            headers[name] = f"{scheme} {MASK}".strip()
        recorded = RecordedRequest(
            method=self.command,
            path=self.path,
            headers=headers,
            body=body,
            protocol=protocol,
        )
        self.server.fake.record(recorded)
        return recorded

    def _play(self, protocol: Protocol, script: ScriptedReply, body: dict[str, Any]) -> None:
        streaming = bool(body.get("stream"))
        if script.kind == "error" or (script.kind == "stream_error" and not streaming):
            headers = {}
            if script.retry_after is not None:
                headers = {
                    "retry-after": str(max(0, round(script.retry_after))),
                    "retry-after-ms": str(int(script.retry_after * 1000)),
                }
            body = script.body or error_body(protocol, script.status, script.message)
            self._send_json(script.status, body, headers)
        elif script.kind == "garbage":
            self._send_bytes(200, b"<html><body>502 Bad Gateway</body></html>", "application/json")
        elif script.kind == "truncated" and not streaming:
            whole = json.dumps(RENDER[protocol](script, body)).encode()
            self._send_bytes(200, whole[: len(whole) // 2], "application/json")
        elif streaming:
            events = RENDER_STREAM[protocol](script, body)
            if script.kind in ("truncated", "stream_error"):
                events = events[: max(1, len(events) // 2)]
            if script.kind == "stream_error":
                events.append(error_event(protocol, script.status, script.message, len(events)))
            self._send_stream(events)
        else:
            self._send_json(200, RENDER[protocol](script, body))

    def _send_json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        self._send_bytes(status, json.dumps(payload).encode(), "application/json", headers)

    def _send_bytes(
        self, status: int, data: bytes, content_type: str, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("x-request-id", f"req_fake_{id(data):x}")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _send_stream(self, events: Iterable[str]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for event in events:
            data = event.encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class FakeLLMServer:
    """The fake service. `queue()` replies in order, or set `responder`; `default` answers an empty queue.

    With neither a queued reply nor a default, the fake answers 500 "queue empty" so a test that sends more
    requests than it scripted fails loudly.
    """

    def __init__(
        self,
        replies: Iterable[ScriptedReply] = (),
        *,
        responder: Responder | None = None,
        default: ScriptedReply | None = None,
        port: int = 0,
        models: Iterable[str] = ("fake-model",),
        on_request: Callable[[RecordedRequest], None] | None = None,
        nodelay: bool = True,
        props: dict[str, Any] | None = None,
    ) -> None:
        self._lock = threading.Lock()
        self._queue: collections.deque[ScriptedReply] = collections.deque(replies)
        self.responder = responder
        self.default = default
        self.models = list(models)
        self.requests: list[RecordedRequest] = []
        self.on_request = on_request
        self.nodelay = nodelay  # off only to measure what it saves (bench/fake_llm_latency.py)
        self.props = props  # set: GET /props answers it, as llama.cpp does (its n_ctx among the settings)
        self._port = port
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle
    def start(self) -> FakeLLMServer:
        server = _Server(("127.0.0.1", self._port), _Handler)
        server.fake = self
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-llm", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---- addresses
    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("fake LLM server is not running")
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        return f"{self.url}/v1"

    @property
    def anthropic_base_url(self) -> str:
        return self.url

    def llm_config(self, key: str = FAKE_KEY, **overrides: Any) -> LLMConfig:
        """An LLMConfig aimed at this fake: both providers keyed, strict schema validation, fast retries."""
        values: dict[str, Any] = {
            "default_model": "openai:gpt-4.1-mini",
            "openai_api_key": SecretStr(key),
            "openai_base_url": self.openai_base_url,
            "anthropic_api_key": SecretStr(key),
            "anthropic_base_url": self.anthropic_base_url,
            "strict_response_validation": True,
            "timeout_s": 5.0,
            "retry_base_s": 0.01,
            "max_retry_wait_s": 0.05,
        }
        values.update(overrides)
        return LLMConfig.model_validate(values)

    # ---- script
    def queue(self, *replies: ScriptedReply) -> None:
        with self._lock:
            self._queue.extend(replies)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)
        if self.on_request is not None:
            self.on_request(request)

    def model_requests(self) -> list[RecordedRequest]:
        """The requests that asked for a reply (not HEAD probes or model listings)."""
        with self._lock:
            return [r for r in self.requests if r.protocol is not None]

    def next_reply(self, request: RecordedRequest) -> ScriptedReply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if self.responder is not None:
            return self.responder(request)
        if self.default is not None:
            return self.default
        return ScriptedReply(kind="error", status=500, message="fake-llm: reply queue is empty")

    def models_listing(self, anthropic: bool) -> dict[str, Any]:
        created = 1_700_000_000
        data: list[dict[str, Any]]
        if anthropic:
            data = [
                {
                    "type": "model",
                    "id": m,
                    "display_name": m,
                    "created_at": "2025-01-01T00:00:00Z",
                    "lifecycle": "active",
                }
                for m in self.models
            ]
            first, last = (self.models[0], self.models[-1]) if self.models else (None, None)
            return {"data": data, "has_more": False, "first_id": first, "last_id": last}
        data = [{"id": m, "object": "model", "created": created, "owned_by": "fake-llm"} for m in self.models]
        return {"object": "list", "data": data}
