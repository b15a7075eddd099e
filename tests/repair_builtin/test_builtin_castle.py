"""The built-in agent fixes CASTLE's BUG-2 through the repair pipeline; replay and the probe agree it is gone.

Only the test reads CASTLE's benchmark (the probe); the agent sees the report and the work tree, nothing else.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builtin_fixtures import DRAWER_CLOSED, agent_for, castle_bug2_fix, castle_bug2_report

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.llm.fake_server import FakeLLMServer
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget
from loop.replay.report_replay import replay_report
from loop.sandbox import BuildSpec, get_provider
from repair_agents.coding.transcript import read_transcript

pytestmark = pytest.mark.slow


def bug2_seen(game: Game, repo_dir: Path, commit: str) -> tuple[bool, bool]:
    """(replay shows the report's anomaly, the BUG-2 probe fires) on a build of `commit`."""
    benchmark = Benchmark(game)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit, run_id="builtin-verify")
    with (
        get_provider("process").start(spec, ready_timeout=30.0) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        replayed = replay_report(castle_bug2_report(), client).anomaly_present
        probed = benchmark.run_probe(benchmark.bug("BUG-2"), client).present
    return replayed, probed


@pytest.mark.parametrize(
    ("provider", "sandbox", "protocol"),
    [("anthropic", "docker", "messages"), ("openai", "bubblewrap", "chat")],
    ids=["anthropic-in-docker", "openai-in-bubblewrap"],
)
def test_builtin_agent_fixes_castle_bug2_and_the_fix_verifies(
    castle: Game, fake_llm: FakeLLMServer, tmp_path: Path, provider: str, sandbox: str, protocol: str
):
    repo_dir, base = materialize(castle, tmp_path / "workspace")
    report = castle_bug2_report()
    fake_llm.queue(*castle_bug2_fix())
    agent = agent_for(fake_llm, provider, sandbox)

    with RepairRound(
        castle, repo_dir, tmp_path / "run", "builtin-castle", 1, provider=get_provider("process")
    ) as repair_round:
        assert bug2_seen(castle, repair_round.branch.worktree_dir, base) == (True, True)
        attempt = repair_round.attempt(agent, [report], RepairBudget(wall_seconds=120, max_turns=10))

        assert attempt.outcome == Outcome.PATCHED, attempt.detail
        assert attempt.gate and attempt.gate.tests_passed and attempt.gate.walkthrough_won
        assert [f.path for f in attempt.diff_stats.files] == ["castle/world.py"]
        assert f'-            closed_text="{DRAWER_CLOSED}",' in attempt.diff
        assert repair_round.head == attempt.commit
        assert attempt.agent_note.startswith("finished: the closed drawer no longer mentions")
        assert attempt.tokens_in > 0 and attempt.tokens_out > 0 and attempt.cost_usd > 0
        assert bug2_seen(castle, repair_round.branch.worktree_dir, attempt.commit or "") == (False, False)

    requests = fake_llm.model_requests()
    assert [r.protocol for r in requests] == [protocol] * 4
    # The model saw the real file, read inside the sandbox, as the answer to its read_file call.
    assert DRAWER_CLOSED in json.dumps(requests[1].body)
    assert "BUG-2" not in json.dumps([r.body for r in requests])  # no ground truth in any prompt

    events = read_transcript(Path(attempt.transcript or ""))
    assert [e["event"] for e in events] == ["start", "sandbox"] + ["model_call", "tool_call"] * 4 + ["end"]
    assert events[1]["backend"] == sandbox
    assert [e["name"] for e in events if e["event"] == "tool_call"] == [
        "read_file",
        "search",
        "edit",
        "finish",
    ]
    calls = [e for e in events if e["event"] == "model_call"]
    assert sum(e["input_tokens"] for e in calls) == attempt.tokens_in
    assert sum(e["output_tokens"] for e in calls) == attempt.tokens_out
    assert sum(e["cost_usd"] for e in calls) == pytest.approx(attempt.cost_usd, abs=1e-6)
