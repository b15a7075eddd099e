"""What the agent sandbox costs per attempt, for each agent kind: open (its folders, the relay, a container),
one run of the agent's own program through it (`--version` for a CLI, a shell command for `command` and the
built-in agent), close; against the same program as a plain host subprocess measured in the same run.

    .venv/bin/python -m bench.agent_sandbox_costs [--repeats 3] [--backends bubblewrap,docker] [--smoke]

CLIs not installed in the data dir's tool cache are left out (the adapter tests install them).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.result import BenchResult, emit, metric
from bench.sandbox_timing import Phases, median_phases, plain_run_s, sandbox_bench_args
from loop.host.tool_install import installed, node_env, tool_homes
from loop.repair.confinement import open_agent_sandbox
from repair_agents import aider, claude_code, codex, mini_swe_agent

MODEL_URL = "http://127.0.0.1:9/v1"  # the relay is set up; the program calls no model
Program = tuple[list[str], tuple[Path, ...], dict[str, str]]


def programs() -> dict[str, Program]:
    found: dict[str, Program] = {
        "command": (["sh", "-c", "grep -rn drawer castle | head -n 5"], (), {}),
        "builtin": (["sh", "-c", "ls castle"], (), {}),
    }
    for module in (claude_code, codex, aider, mini_swe_agent):
        binary = installed(module.TOOL)
        if binary is not None:
            env = node_env() if module.TOOL.kind == "npm" else {}
            found[module.NAME] = ([str(binary), "--version"], tool_homes(binary), env)
    return found


def sandboxed(backend: str, tree: Path, program: Program) -> Phases:
    """(open, run, close) seconds of one attempt's sandbox running the program once."""
    argv, tools, env = program
    began = time.perf_counter()
    opened = open_agent_sandbox(tree, backend, model_url=MODEL_URL, tool_paths=tools, lifetime_s=120)
    sandbox = opened.__enter__()
    ready = time.perf_counter()
    command = sandbox.command(argv, env)
    subprocess.run(command.argv, env=command.env, capture_output=True, timeout=120)
    ran = time.perf_counter()
    opened.__exit__(None, None, None)
    return ready - began, ran - ready, time.perf_counter() - ran


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = sandbox_bench_args(__doc__, 3, argv)
    repeats = args.repeats
    result = BenchResult(bench="agent_sandbox_costs", smoke=args.smoke, params={"repeats": repeats})
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        (tree / "castle").mkdir(parents=True)
        (tree / "castle" / "world.py").write_text('closed_text = "The bedside drawer is shut."\n')
        for kind, program in programs().items():
            baseline = plain_run_s(program[0], tree, repeats, env={"PATH": "/usr/bin:/bin", **program[2]})
            result.details[kind] = {"plain_s": round(baseline, 4)}
            for backend in args.backends:
                phases = median_phases(lambda: sandboxed(backend, tree, program), repeats)  # noqa: B023
                opened, ran, closed = phases["open_s"], phases["run_s"], phases["close_s"]
                result.details[kind][backend] = {"open_s": opened, "run_s": ran, "close_s": closed}
                result.metrics.append(
                    metric(
                        f"{kind} in the {backend} agent sandbox: open + run + close",
                        opened + ran + closed,
                        "s",
                        baseline,
                        "the same program as a plain subprocess (s)",
                        note=f"open {opened:.2f} s, run {ran:.2f} s, close {closed:.2f} s",
                    )
                )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
