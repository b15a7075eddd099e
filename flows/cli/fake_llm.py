"""`closed-loop fake-llm`: a fake OpenAI/Anthropic service on 127.0.0.1, to drive agents with no model."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import TextIO

from loop.llm.fake_server import FakeLLMServer, RecordedRequest, load_script
from loop.llm.fake_wire import ScriptedReply


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "fake-llm",
        help="serve a fake LLM (OpenAI chat/responses, Anthropic messages) on 127.0.0.1",
        description="Serves /v1/chat/completions, /v1/responses and /v1/messages (streaming or not) from a "
        "script of replies. Point OPENAI_BASE_URL at http://127.0.0.1:PORT/v1 and ANTHROPIC_BASE_URL at "
        "http://127.0.0.1:PORT. Stops on Ctrl-C or SIGTERM.",
    )
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--script", type=Path, help="JSON list or JSON Lines of replies, played in order")
    parser.add_argument(
        "--default-text", default="OK", help="reply once the script is used up ('' to answer 500 instead)"
    )
    parser.add_argument("--record", type=Path, help="append every request as JSON Lines (keys masked)")
    parser.set_defaults(func=serve_command)


def serve_command(args: argparse.Namespace) -> int:
    replies = load_script(args.script) if args.script else []
    default = ScriptedReply(text=args.default_text) if args.default_text else None
    record_file: TextIO | None = args.record.open("a") if args.record else None
    lock = threading.Lock()

    def on_request(request: RecordedRequest) -> None:
        if record_file is not None:
            with lock:
                record_file.write(request.model_dump_json() + "\n")
                record_file.flush()

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    fake = FakeLLMServer(replies, default=default, port=args.port, on_request=on_request)
    try:
        fake.start()
    except OSError as exc:
        print(f"closed-loop: error: cannot listen on 127.0.0.1:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        banner = {"url": fake.url, "openai_base_url": fake.openai_base_url, "scripted": len(replies)}
        print(json.dumps(banner), flush=True)
        while not stop.wait(0.5):
            pass
    finally:
        fake.stop()
        if record_file is not None:
            record_file.close()
    return 0
