"""CASTLE's BUG-2 as a QA agent would report it, and the check that a real tool's edit fixed it.

The report carries only what the explorer sees; the probe (ground truth) is run here, by the test, never shown
to the tool.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport, BugType
from loop.host.tool_install import ToolSpec, find_or_install
from loop.llm.fake_server import FakeLLMServer, Responder
from loop.repair.agents import AgentContext, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Attempt, Outcome, RepairBudget
from loop.replay.report_replay import replay_report
from loop.sandbox import BuildSpec, get_provider

WORLD = "castle/world.py"
LEAKY = "The bedside drawer is shut; a small key rattles inside it."
FIXED = "The bedside drawer is shut."
INDENT = " " * 12  # of the closed_text line in world.py


def bug2_report() -> BugReport:
    """What the explorer's description-vs-interaction oracle reports for BUG-2 (see tests/explorer)."""
    return BugReport(
        title="The room description mentions 'small key' but it cannot be taken",
        symptom="in the bedroom the text says a small key rattles in the drawer, yet 'take small key' fails",
        expected="an item the room description mentions is present: 'take small key' works, or the text does "
        "not mention it",
        observed="the description says 'The bedside drawer is shut; a small key rattles inside it.'; "
        "'take small key' answers that there is no small key here",
        mechanic="room description",
        bug_type=BugType.DESCRIPTION_FLAW,
        repro=["north", "east", "take small key"],
        oracle="description-vs-interaction",
        oracle_subject="small key",
    )


def bug2_seen(game: Game, repo_dir: Path) -> tuple[bool, bool]:
    """(probe says BUG-2 is present, replaying the report shows the anomaly) on a build of `repo_dir`."""
    benchmark = Benchmark(game)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit="HEAD", run_id="adapter-probe")
    with (
        get_provider("process").start(spec, ready_timeout=30.0) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        probe = benchmark.run_probe(benchmark.bug("BUG-2"), client).present
        replay = replay_report(bug2_report(), client).anomaly_present
    return probe, replay


def ready_tool(spec: ToolSpec, game: Game, repair_round: RepairRound) -> Path:
    """The tool, installed by the adapter's own install code (cached after once); BUG-2 is there before."""
    binary = find_or_install(spec)
    assert binary.name == spec.binary and binary.exists()
    assert bug2_seen(game, repair_round.branch.worktree_dir) == (True, True)
    return binary


def assert_bug2_fixed(game: Game, repair_round: RepairRound, attempt: Attempt) -> None:
    """Patched through the pipeline, only the one line changed, and both the probe and the replay agree."""
    assert attempt.outcome == Outcome.PATCHED, (attempt.detail, attempt.agent_note)
    assert repair_round.head == attempt.commit
    assert [f.path for f in attempt.diff_stats.files] == [WORLD]
    assert f'+{INDENT}closed_text="{FIXED}",' in attempt.diff
    assert bug2_seen(game, repair_round.branch.worktree_dir) == (False, False)


def assert_task_is_the_report(text: str) -> None:
    """The tool's task carries the report and nothing of the benchmark's ground truth."""
    report = bug2_report()
    assert report.title in text and report.repro[-1] in text
    ground_truth = Benchmark(load_game("castle")).bug("BUG-2")
    for hidden in ("BUG-2", ground_truth.observed_fault, ground_truth.minimal_reproduction):
        assert hidden not in text


@dataclass
class Bug2Repair:
    """One attempt of a real tool at CASTLE's BUG-2, its model being the fake answering through `model`.

    The tool is installed by its adapter's own code and BUG-2 shown present first; the attempt is returned
    once the pipeline has patched it and both the probe and a replay of the report find the bug gone.
    """

    game: Game
    repair_round: RepairRound
    fake_llm: FakeLLMServer
    monkeypatch: pytest.MonkeyPatch

    def __call__(
        self,
        tool: ToolSpec,
        agent: str,
        model: Responder,
        *,
        api: Literal["OPENAI", "ANTHROPIC"],
        api_key: str,
        env: dict[str, str] | None = None,
        options: dict[str, str] | None = None,
        wall_seconds: float = 240,
    ) -> Attempt:
        ready_tool(tool, self.game, self.repair_round)
        self.fake_llm.responder = model
        base_url = self.fake_llm.openai_base_url if api == "OPENAI" else self.fake_llm.anthropic_base_url
        self.monkeypatch.setenv(f"{api}_BASE_URL", base_url)
        self.monkeypatch.setenv(f"{api}_API_KEY", api_key)
        for name, value in (env or {}).items():
            self.monkeypatch.setenv(name, value)
        repairer = create_agent(agent, AgentContext(options=options or {}))
        budget = RepairBudget(wall_seconds=wall_seconds)
        attempt = self.repair_round.attempt(repairer, [bug2_report()], budget)
        assert_bug2_fixed(self.game, self.repair_round, attempt)
        return attempt
