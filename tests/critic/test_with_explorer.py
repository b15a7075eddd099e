"""Session 1 of Table 7 with the real QA agent: the explorer plays CASTLE, the differential critic judges its
reports with the explorer's own replay judge, the gold repair is verified by replay and probe."""

import subprocess

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.critic.differential import DifferentialCritic
from loop.judge.verdict import Judge
from loop.qa_agents.explorer.qa_agent import ExplorerQA
from loop.run.lifecycle import BugStatus
from loop.sandbox import BuildSpec, get_provider
from loop.verification.round_verification import Verdict, Verifier
from tests.critic.conftest import commit_patch, tracked_bug


@pytest.mark.slow
def test_explorer_reports_on_castle_are_matched_fixed_and_verified(tmp_path):
    game = load_game("castle")
    benchmark = Benchmark(game)
    repo_dir, commit = materialize(game, tmp_path / "workspace")
    provider = get_provider("process")
    with (
        provider.start(BuildSpec(repo_dir, game.manifest, commit)) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        session = ExplorerQA(max_seconds=60).run_session(
            client, build_commit=commit, steps=400, seed=0, out_dir=tmp_path
        )
    critic = DifferentialCritic(provider, game.manifest, repo_dir, commit, Judge(), tmp_path / "variants")
    matches = critic.match(session.reports, benchmark)
    found = {m.bug_id: report for report, m in zip(session.reports, matches, strict=True) if m.bug_id}
    assert set(found) == {"BUG-2", "BUG-3"}
    for bug_id in sorted(found):
        fixed = commit_patch(repo_dir, benchmark.gold_patch(benchmark.bug(bug_id)), f"fix {bug_id}")
    bugs = [tracked_bug(key, report, BugStatus.PATCHED, key) for key, report in found.items()]
    result = Verifier(provider, BuildSpec(repo_dir, game.manifest, fixed), Judge(), benchmark).run(bugs)
    assert sorted(result.by_verdict(Verdict.VERIFIED_FIXED)) == ["BUG-2", "BUG-3"]
    assert result.gate.passed
    assert (
        subprocess.run(["git", "status", "--porcelain"], cwd=repo_dir, capture_output=True, text=True).stdout
        == ""
    )
