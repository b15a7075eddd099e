"""On CASTLE, the gold agent fixes every ground-truth bug it is given: the harness is proven end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_fixtures import WriteFiles

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport, BugType
from loop.repair.agents import AgentContext, GroundTruthKey, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget
from loop.sandbox import BuildSpec, get_provider


def finding(number: int) -> BugReport:
    """A stand-in for a QA report; gold only needs its fingerprint to find the critic's match."""
    return BugReport(
        title=f"castle finding {number}",
        symptom="something is off",
        expected="consistent behaviour",
        observed="inconsistent behaviour",
        mechanic="any",
        bug_type=BugType.OTHER,
        repro=["look"],
    )


def present_bugs(game: Game, repo_dir: Path) -> set[str]:
    benchmark = Benchmark(game)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit="HEAD", run_id="probe")
    build = get_provider("process").start(spec, ready_timeout=30.0)
    with build, GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
        return {bug.id for bug in benchmark.bugs if benchmark.run_probe(bug, client).present}


@pytest.mark.slow
@pytest.mark.parametrize("per_report", [True, False], ids=["one-report-per-attempt", "all-reports-in-one"])
def test_gold_fixes_every_castle_bug_it_is_given(castle: Game, tmp_path: Path, per_report: bool):
    benchmark = Benchmark(castle)
    reports = [finding(n) for n, _ in enumerate(benchmark.bugs, start=1)]
    matches = {report.fingerprint: bug.id for report, bug in zip(reports, benchmark.bugs, strict=True)}
    gold = create_agent("gold", AgentContext(), GroundTruthKey(benchmark, matches.get))
    repo_dir, _ = materialize(castle, tmp_path / "workspace")

    with RepairRound(
        castle, repo_dir, tmp_path / "run", "castle-gold", 1, provider=get_provider("process")
    ) as repair_round:
        assert present_bugs(castle, repair_round.branch.worktree_dir) == {bug.id for bug in benchmark.bugs}
        attempts = repair_round.run(gold, reports, RepairBudget(wall_seconds=120), per_report=per_report)

        assert [a.outcome for a in attempts] == [Outcome.PATCHED] * len(attempts), [
            a.detail for a in attempts
        ]
        assert len(attempts) == (len(reports) if per_report else 1)
        assert all(a.gate and a.gate.tests_passed and a.gate.walkthrough_won for a in attempts)
        assert repair_round.head == attempts[-1].commit
        assert present_bugs(castle, repair_round.branch.worktree_dir) == set()


@pytest.mark.parametrize("path", ["docs/walkthrough.txt", "tests/test_engine.py"])
def test_an_edit_to_castles_walkthrough_or_tests_is_rejected(castle: Game, tmp_path: Path, path: str):
    repo_dir, commit = materialize(castle, tmp_path / "workspace")
    original = (repo_dir / path).read_text()
    with RepairRound(
        castle, repo_dir, tmp_path / "run", "castle-protected", 1, provider=get_provider("process")
    ) as repair_round:
        agent = WriteFiles({path: "look\n"})
        attempt = repair_round.attempt(agent, [finding(1)], RepairBudget(wall_seconds=60))

        assert attempt.outcome == Outcome.PATCH_REJECTED_PROTECTED
        assert repair_round.head == commit
        assert (repair_round.branch.worktree_dir / path).read_text() == original


def test_a_syntax_error_in_castle_is_a_build_failure_and_reverted(castle: Game, tmp_path: Path):
    repo_dir, commit = materialize(castle, tmp_path / "workspace")
    with RepairRound(
        castle, repo_dir, tmp_path / "run", "castle-broken", 1, provider=get_provider("process")
    ) as repair_round:
        agent = WriteFiles({"castle/engine.py": "class Castle(:\n"})
        attempt = repair_round.attempt(agent, [finding(1)], RepairBudget(wall_seconds=60))

        assert attempt.outcome == Outcome.BUILD_FAILED
        assert repair_round.head == commit
        assert "class Castle:" in (repair_round.branch.worktree_dir / "castle/engine.py").read_text()
