"""What the agent sandbox costs per attempt, for each agent kind: open (folders, relay, container), one run of
the agent's own program (its `--version`, through the relay setup), close; against the same program as a plain
host subprocess measured in the same run. Prints JSON with the ratios.

    .venv/bin/python -m bench.agent_sandbox_costs [--repeats 3] [--backends bubblewrap,docker]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from loop.repair.confinement import open_agent_sandbox
from repair_agents import aider, claude_code, codex, mini_swe_agent
from repair_agents.tool_install import installed, node_env, tool_homes

MODEL_URL = "http://127.0.0.1:9/v1"  # the relay is set up; nothing is called


def programs() -> dict[str, tuple[list[str], tuple[Path, ...], dict[str, str]]]:
    found = {
        "command": (["sh", "-c", "true"], (), {}),
        "builtin": (["sh", "-c", "ls castle >/dev/null"], (), {}),
    }
    for module in (claude_code, codex, aider, mini_swe_agent):
        binary = installed(module.TOOL)
        if binary is not None:
            env = node_env() if module.TOOL.kind == "npm" else {}
            found[module.NAME] = ([str(binary), "--version"], tool_homes(binary), env)
    return found


def once(backend: str, tree: Path, argv: list[str], tools: tuple[Path, ...], env: dict[str, str]) -> float:
    started = time.perf_counter()
    with open_agent_sandbox(tree, backend, model_url=MODEL_URL, tool_paths=tools, lifetime_s=120) as sandbox:
        command = sandbox.command(argv, env)
        subprocess.run(command.argv, env=command.env, capture_output=True, timeout=120)
    return time.perf_counter() - started


def plain(tree: Path, argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=tree, env={"PATH": "/usr/bin:/bin", **env}, capture_output=True, timeout=120)
    return time.perf_counter() - started


def main() -> int:
    args = argparse.ArgumentParser()
    args.add_argument("--repeats", type=int, default=3)
    args.add_argument("--backends", default="bubblewrap,docker")
    options = args.parse_args()
    tree = Path(tempfile.mkdtemp()) / "tree"
    (tree / "castle").mkdir(parents=True)
    (tree / "castle" / "world.py").write_text("x = 1\n")
    results: dict[str, dict[str, float]] = {}
    for kind, (argv, tools, env) in programs().items():
        base = statistics.median(plain(tree, argv, env) for _ in range(options.repeats))
        row = {"plain_subprocess_s": round(base, 4)}
        for backend in options.backends.split(","):
            try:
                cost = statistics.median(
                    once(backend, tree, argv, tools, env) for _ in range(options.repeats)
                )
            except Exception as exc:  # noqa: BLE001 -- a backend missing here is reported, not fatal
                row[f"{backend}_error"] = str(exc)[:200]
                continue
            row[f"{backend}_s"] = round(cost, 4)
            row[f"{backend}_ratio"] = round(cost / base, 2) if base else 0.0
        results[kind] = row
    print(json.dumps({"bench": "agent_sandbox_costs", "per_attempt": results}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
