"""`closed-loop model up|down|status`: a local llama.cpp server with a small open model, in the background."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from flows.parameters import positive_int
from loop.host import settings


def register(subparsers: argparse._SubParsersAction) -> None:
    model = subparsers.add_parser("model", help="run a local model server (llama.cpp) for closed-loop")
    actions = model.add_subparsers(dest="model_command", required=True, metavar="ACTION")

    up = actions.add_parser(
        "up",
        help="install and start llama-server in the background; print the settings to eval",
        description='Start a local model server and print its settings: eval "$(closed-loop model up)"',
    )
    up.add_argument("--gguf", type=Path, default=None, help="your GGUF model (default: Gemma 3 270M)")
    up.add_argument(
        "--port",
        type=positive_int,
        default=None,
        help=f"loopback port (default: ${settings.MODEL_PORT.name}, else {settings.MODEL_PORT.default})",
    )
    up.add_argument("--ctx", type=positive_int, default=None, help="context size in tokens (default 8192)")
    up.add_argument("--threads", type=positive_int, default=None, help="CPU threads (default: half)")
    up.add_argument("--timeout", type=float, default=None, help="seconds to wait for health (default 180)")
    up.set_defaults(func=up_command)

    down = actions.add_parser("down", help="stop the local model server")
    down.set_defaults(func=down_command)

    status = actions.add_parser("status", help="what model server runs, and the settings that reach it")
    status.set_defaults(func=status_command)


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)  # stdout carries only the export lines


def up_command(args: argparse.Namespace) -> int:
    from flows.local_model import DEFAULT_CONTEXT_TOKENS, READY_TIMEOUT_S, exports, up

    server = up(
        args.gguf,
        args.port,
        args.ctx or DEFAULT_CONTEXT_TOKENS,
        progress=_progress,
        timeout=args.timeout or READY_TIMEOUT_S,
        threads=args.threads,
    )
    print(exports(server))
    return 0


def down_command(args: argparse.Namespace) -> int:
    from flows.local_model import down

    down(_progress)
    return 0


def status_command(args: argparse.Namespace) -> int:
    from flows.local_model import status

    state = status()
    print(json.dumps(state, indent=2))
    return 0 if state.get("healthy") else 1
