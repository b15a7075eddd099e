"""The gold agent validates the harness: its patch ends `patched` and the probe goes quiet on the build."""

from __future__ import annotations

from pathlib import Path

import git
import pytest
from repair_fixtures import vault_report

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.repair.agents import AgentContext, GroundTruthKey, UnknownAgent, agent_names, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget
from loop.sandbox import BuildSpec, get_provider

BUDGET = RepairBudget(wall_seconds=60)


def probe_present(game: Game, repo_dir: Path, bug_id: str) -> bool:
    benchmark = Benchmark(game)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit="HEAD", run_id="probe")
    with get_provider("process").start(spec, ready_timeout=20.0) as build, GameClient(build.url) as client:
        return benchmark.run_probe(benchmark.bug(bug_id), client).present


def gold_agent(game: Game, matches: dict[str, str | None]):
    return create_agent("gold", AgentContext(), GroundTruthKey(Benchmark(game), matches.get))


def test_gold_and_noop_are_registered():
    assert {"gold", "noop"} <= set(agent_names())


def test_gold_fixes_the_matched_bug_and_the_probe_goes_quiet(vault: Game, repair_round: RepairRound):
    report = vault_report()
    assert probe_present(vault, repair_round.branch.worktree_dir, "BUG-1")
    gold = gold_agent(vault, {report.fingerprint: "BUG-1"})

    attempt = repair_round.attempt(gold, [report], BUDGET)

    assert attempt.outcome == Outcome.PATCHED, attempt.detail
    assert attempt.agent_note == "gold patches: BUG-1"
    assert [f.path for f in attempt.diff_stats.files] == ["rules.py"]
    assert not probe_present(vault, repair_round.branch.worktree_dir, "BUG-1")


def test_gold_never_copies_benchmark_files_into_the_repository(vault: Game, repair_round: RepairRound):
    report = vault_report()
    gold = gold_agent(vault, {report.fingerprint: "BUG-1"})
    repair_round.attempt(gold, [report], BUDGET)

    tracked = git.Repo(repair_round.branch.worktree_dir).git.ls_files().splitlines()
    shipped = sorted(str(p.relative_to(vault.src_dir)) for p in vault.src_dir.rglob("*") if p.is_file())
    assert sorted(tracked) == shipped
    assert not any(name.endswith((".diff", "bugs.json", "probes.py")) for name in tracked)


def test_gold_on_a_report_without_a_match_is_an_empty_patch(vault: Game, repair_round: RepairRound):
    gold = gold_agent(vault, {"fp": None})
    attempt = repair_round.attempt(gold, [vault_report("a false positive")], BUDGET)

    assert attempt.outcome == Outcome.EMPTY_PATCH
    assert "matched no ground-truth bug" in attempt.agent_note


def test_gold_needs_ground_truth_and_known_bug_ids(vault: Game):
    with pytest.raises(UnknownAgent, match="needs ground truth"):
        create_agent("gold", AgentContext())
    with pytest.raises(UnknownAgent, match="BUG-9"):
        GroundTruthKey(Benchmark(vault), {"abc": "BUG-9"}.get).gold_patch("abc")


def test_ground_truth_has_one_door_and_only_gold_has_the_key(vault: Game):
    key = GroundTruthKey(Benchmark(vault), {"abc": "BUG-1"}.get)
    with pytest.raises(TypeError):
        AgentContext(benchmark=Benchmark(vault))  # type: ignore[call-arg]  # no context carries ground truth
    noop = create_agent("noop", AgentContext(), key)
    assert key not in vars(noop).values()
    assert create_agent("gold", AgentContext(), key).ground_truth is key


def test_an_unknown_agent_name_lists_the_known_ones():
    with pytest.raises(UnknownAgent, match=r"choose from .*gold, .*noop"):
        create_agent("nope")
