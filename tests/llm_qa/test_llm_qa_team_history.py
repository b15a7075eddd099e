"""The memory across nights on a team's own repository: it names the team's commits, not the one-commit views
the agent played, so two nights on the same commit share their notes, and a fix counts on a later night only
when the team merged it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import git
import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.commit_origins import CommitOrigins
from loop.contract.game import Game, materialize
from loop.contract.origin import clone_history, find_origin
from loop.llm.fake_server import FakeLLMServer

from .castle_model import DROPPED_TITLE, CastleModel, planner_requests
from .conftest import CastleRepo

SCRIPT = ["take matches", "north", "drop matches", "look"]


def team_castle(root: Path) -> tuple[Game, git.Repo]:
    """CASTLE's source as a team keeps it: a repository of its own, with a commit of theirs."""
    castle = load_game("castle")
    shutil.copytree(castle.src_dir, root, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".venv"))
    repo = git.Repo.init(root, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "team")
        config.set_value("user", "email", "team@example.invalid")
    repo.git.add(A=True)
    repo.index.commit("The manor as we have it")
    return Game(root=root, manifest=castle.manifest, src_dir=root), repo


def fix_bug_3(repo_dir: Path) -> str:
    """BUG-3's fix (the gold patch) committed where `repo_dir`'s HEAD is."""
    benchmark = Benchmark(load_game("castle"))
    patch = repo_dir.parent / f"{repo_dir.name}-fix.diff"
    patch.write_text(benchmark.gold_patch(benchmark.bug("BUG-3")))
    repo = git.Repo(repo_dir)
    repo.git.apply(str(patch))
    repo.git.add(A=True)
    repo.index.commit("Fix: dropped matches")
    return repo.head.commit.hexsha


def night(game: Game, workspace: Path, earlier: dict[str, str]) -> tuple[CastleRepo, CommitOrigins]:
    """What a loop run makes of the team's HEAD: the agents' view, the run's clone, and their commits."""
    origin = find_origin(game.src_dir)
    assert origin is not None
    repo_dir, commit = materialize(game, workspace, origin)
    clone = clone_history(origin, workspace / "upstream")
    origins = CommitOrigins(repo_dir, Path(clone.clone), {commit: origin.commit}, earlier)
    return CastleRepo(game, repo_dir), origins


@pytest.mark.slow
def test_nights_on_a_teams_repository_remember_its_commits_and_its_merges(
    fake_llm: FakeLLMServer, make_agent, tmp_path: Path
):
    game, team = team_castle(tmp_path / "team")
    start = team.head.commit.hexsha
    fake_llm.responder = CastleModel(SCRIPT)

    def play(view: CastleRepo, origins: CommitOrigins, name: str):
        agent = make_agent()  # one agent per run, one memory file for the game
        agent.prepare(game, view.repo_dir, "player")
        agent.know_origins(origins)
        with view.running() as client:
            out_dir = tmp_path / name
            return agent.run_session(client, build_commit=view.commit, steps=4, seed=0, out_dir=out_dir)

    def memory() -> dict:
        return json.loads((tmp_path / "data" / "llm_qa" / "castle.json").read_text())

    # night 1: found on the team's commit, fixed in the view; the fixes branch holds the fix, unmerged
    view, origins = night(game, tmp_path / "n1", {})
    assert view.commit != start
    [found] = play(view, origins, "n1").reports
    fixed_in_view = fix_bug_3(view.repo_dir)
    assert play(view, origins, "n1-fixed").reports == []
    team.git.checkout("-b", "loop/night-1/fixes")
    on_fixes_branch = fix_bug_3(Path(team.working_dir))
    team.git.checkout("main")
    pairs = {**origins.mapping, fixed_in_view: on_fixes_branch}  # what the ledger keeps from night 1
    [bug] = memory()["bugs"]
    assert bug["found_commit"] == start and set(memory()["commits"]) == {start, fixed_in_view}

    # night 2 on the same commit of the team's: the same notes, and the bug is still theirs, reported again
    requests_before = len(fake_llm.model_requests())
    view, origins = night(game, tmp_path / "n2", pairs)
    [again] = play(view, origins, "n2").reports
    assert again.fingerprint == found.fingerprint
    system = planner_requests(fake_llm.model_requests()[requests_before:])[0].body["messages"][0]["content"]
    assert "Sessions on this build so far: 1." in system
    assert memory()["commits"][start]["sessions"] == 2
    assert "regressed" not in [h["status"] for h in memory()["bugs"][0]["history"]]

    # night 3: the team merged the fixes branch, then a change of theirs took the fix back: a regression
    team.git.merge("loop/night-1/fixes", "--no-edit")
    team.git.revert("HEAD", no_edit=True)
    view, origins = night(game, tmp_path / "n3", pairs)
    [regression] = play(view, origins, "n3").reports
    assert regression.fingerprint == found.fingerprint
    [bug] = memory()["bugs"]
    assert bug["status"] == "regressed" and bug["checked_commit"] == team.head.commit.hexsha
    events = [json.loads(line) for line in (tmp_path / "n3" / "trace.jsonl").read_text().splitlines()]
    assert [e for e in events if e.get("kind") == "regression"]
    assert found.title == DROPPED_TITLE
