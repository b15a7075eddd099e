"""`closed-loop compare-repair-agents catalogue --games castle` with the built-in agent on a scripted model:
it fixes the two bugs whose player's report it recognises and gives up on the third, so the leaderboard scores
it 2/3 beside gold's 3/3, and the pairwise view names the one task only gold resolves.

Only the test reads CASTLE's benchmark, to write the model's script; the model answers from the prompt alone.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.llm.fake_server import FAKE_KEY, FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply, tool_call

MODEL = "openai:gpt-4.1-mini"
FIXED = ("BUG-1", "BUG-2")
UNFIXED = "BUG-3"


def wilson_percent(resolved: int, attempts: int, z: float = 1.959964) -> tuple[float, float]:
    p = resolved / attempts
    denominator = 1 + z * z / attempts
    centre = (p + z * z / (2 * attempts)) / denominator
    margin = z * math.sqrt(p * (1 - p) / attempts + z * z / (4 * attempts * attempts)) / denominator
    return round(100 * max(0.0, centre - margin), 1), round(100 * min(1.0, centre + margin), 1)


def one_line_edit(diff: str) -> tuple[str, str, str]:
    """(path, old line, new line) of a patch that changes one line."""
    path = next(line[len("+++ b/") :] for line in diff.splitlines() if line.startswith("+++ b/"))
    (old,) = [
        line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")
    ]
    (new,) = [
        line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")
    ]
    return path, old, new


def scripts() -> dict[str, list[ScriptedReply]]:
    """What the model does for each fault a player's report names: read the file, edit it, finish."""
    benchmark = Benchmark(load_game("castle"))
    by_fault: dict[str, list[ScriptedReply]] = {}
    for bug_id in FIXED:
        bug = benchmark.bug(bug_id)
        path, old, new = one_line_edit(benchmark.gold_patch(bug))
        by_fault[bug.observed_fault] = [
            reply("Reading the code.", [tool_call("read_file", path=path)]),
            reply("This line is the fault.", [tool_call("edit", path=path, old=old, new=new)]),
            reply("", [tool_call("finish", summary=f"changed {path}")]),
        ]
    return by_fault


GIVE_UP = [
    reply("Looking around.", [tool_call("search", pattern="drop", path="castle")]),
    reply("", [tool_call("finish", summary="could not find the cause")]),
]


def responder(by_fault: dict[str, list[ScriptedReply]]):
    """Picks the script by the fault named in the conversation's first user message; the turn by how many
    replies the model has given in it."""

    def answer(request: RecordedRequest) -> ScriptedReply:
        messages = request.body["messages"]
        task = json.dumps(next(m for m in messages if m["role"] == "user"))
        turn = sum(1 for m in messages if m["role"] == "assistant")
        script = next((s for fault, s in by_fault.items() if fault in task), GIVE_UP)
        return script[min(turn, len(script) - 1)]

    return answer


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[RecordedRequest]]:
    out = tmp_path_factory.mktemp("compare") / "castle"
    home = tmp_path_factory.mktemp("home")
    buffer = io.StringIO()
    with pytest.MonkeyPatch.context() as env, FakeLLMServer(responder=responder(scripts())) as fake:
        env.setenv("HOME", str(home))
        for name in [n for n in os.environ if n.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_"))]:
            env.delenv(name)
        env.setenv("OPENAI_API_KEY", FAKE_KEY)
        env.setenv("OPENAI_BASE_URL", fake.openai_base_url)
        argv = ["compare-repair-agents", "catalogue", "--games", "castle", "--flavours", "user-report"]
        argv += ["--out", str(out)]
        argv += ["--agents", "gold,builtin", "--agent-option", f"builtin:model={MODEL}"]
        argv += ["--agent-option", "builtin:sandbox=bubblewrap"]
        with contextlib.redirect_stdout(buffer):
            code = main(argv)
        requests = list(fake.requests)
    assert code == 0, buffer.getvalue()
    return out, buffer.getvalue(), requests


@pytest.mark.slow
def test_the_leaderboard_scores_the_scripted_builtin_agent_two_of_three(compared):
    out, stdout, _ = compared
    low, high = wilson_percent(2, 3)
    assert (low, high) == (20.8, 93.9)  # the textbook interval for 2 of 3
    assert f"| builtin | {MODEL} | 2/3 | 66.7 | {low}-{high} |" in stdout
    low, high = wilson_percent(3, 3)
    assert f"| gold | - | 3/3 | 100.0 | {low}-{high} |" in stdout
    assert f"| gold | builtin | castle/{UNFIXED} | none |" in stdout

    board = json.loads((out / "leaderboard.json").read_text())
    builtin = next(row for row in board["agents"] if row["agent"] == "builtin")
    assert (builtin["resolved"], builtin["attempts"]) == (2, 3)
    results = {
        path.parent.parent.name: json.loads(path.read_text())
        for path in (out / "attempts/builtin/castle").glob("*/r1/task_result.json")
    }
    assert {bug: r["resolved"] for bug, r in results.items()} == {
        "BUG-1": True,
        "BUG-2": True,
        "BUG-3": False,
    }
    assert results[UNFIXED]["attempt"]["outcome"] == "empty_patch"


@pytest.mark.slow
def test_the_model_saw_the_players_reports_and_no_ground_truth(compared):
    _, _, requests = compared
    assert requests and {r.protocol for r in requests} == {"chat"}
    sent = json.dumps([r.body for r in requests])
    benchmark = Benchmark(load_game("castle"))
    for bug_id in (*FIXED, UNFIXED):
        bug = benchmark.bug(bug_id)
        assert bug.observed_fault in sent
        assert bug.id not in sent and bug.probe not in sent
