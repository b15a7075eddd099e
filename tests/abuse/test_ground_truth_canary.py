"""The ground truth never leaks: a unique canary planted in a copy of CASTLE's bugs.json, probes.py and gold
patches is, after a whole loop (explorer + gold, process backend), nowhere an agent, a reader of the run or a
game container can see it: not in the run's files, the game repository and its history, the attempt work
trees, the trees and logs of the games, the ledger, or (docker backend) the container's filesystem."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
import uuid
from pathlib import Path

import git
import pytest

from flows.assembly import open_run
from games.catalogue import load_game
from loop.contract.paths import data_dir
from loop.run.record import RunRecord
from loop.sandbox import BuildSpec
from tests.faults.loop_driver import drive, offline_config

pytestmark = pytest.mark.slow

CASTLE = Path(__file__).parents[2] / "games" / "castle"


def plant_canary(root: Path, canary: str) -> Path:
    """A copy of CASTLE with the canary in every hidden benchmark file; returns the game folder."""
    game = root / "castle"
    shutil.copytree(CASTLE, game, ignore=shutil.ignore_patterns("__pycache__"))
    bugs_path = game / "benchmark" / "bugs.json"
    bugs = json.loads(bugs_path.read_text())
    for bug in bugs:
        bug["observed_fault"] += f" ({canary})"
        bug["minimal_reproduction"] += f" ({canary})"
    bugs_path.write_text(json.dumps(bugs, indent=1))
    probes = game / "benchmark" / "probes.py"
    probes.write_text(probes.read_text() + f'\n# {canary}\nPROBE_NOTE = "{canary}"\n')
    for patch in (game / "benchmark" / "gold").glob("*.diff"):
        # text before the first `diff --git` is a patch's description: git apply ignores it, a leak would not
        patch.write_text(f"Gold fix, do not show to agents: {canary}\n\n{patch.read_text()}")
    return game


def files_containing(folder: Path, canary: bytes, skip: Path | None = None) -> list[str]:
    found = []
    for path in folder.rglob("*"):
        if skip is not None and path.is_relative_to(skip):
            continue
        if path.is_file() and not path.is_symlink() and canary in path.read_bytes():
            found.append(str(path))
    return found


def repository_text(repo_dir: Path) -> str:
    """Everything git keeps: every commit's message and patch on every ref, and the ref names."""
    repo = git.Repo(repo_dir)
    return "\n".join(
        [
            repo.git.log("--all", "--patch", "--format=%H%n%B", "--binary"),
            repo.git.show_ref(),
            repo.git.worktree("list"),
        ]
    )


@pytest.fixture(scope="module")
def canary_run(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("canary")
    canary = f"CANARY-{uuid.uuid4().hex}"
    game = plant_canary(root / "catalogue", canary)
    mp = pytest.MonkeyPatch()
    mp.setenv("CLOSED_LOOP_LEDGER_URL", f"sqlite:///{root / 'ledger.sqlite'}")
    try:
        run = open_run(offline_config(game=str(game), max_rounds=2), runs_dir=root / "runs")
        drive(run)
        yield canary, game, run, root
    finally:
        mp.undo()


def test_the_planted_benchmark_is_the_one_the_loop_used(canary_run):
    canary, game, run, _ = canary_run
    record = RunRecord.load(run.run_dir / "run.json")
    # the gold agent fixed real bugs with the planted patches, and the differential critic matched them
    assert sorted(bug.ground_truth_id for bug in record.bugs.values()) == ["BUG-2", "BUG-3"]
    assert all(bug.status == "verified_fixed" for bug in record.bugs.values())
    assert canary.encode() in (game / "benchmark" / "bugs.json").read_bytes()


def test_the_canary_is_nowhere_in_the_run_the_repository_the_games_or_the_ledger(canary_run):
    canary, _, run, root = canary_run
    needle = canary.encode()
    # the whole run folder: the differential critic's gold builds live outside it, in a private folder
    leaks = files_containing(run.run_dir, needle)
    leaks += [f"{run.repo_dir} (git history)"] if canary in repository_text(run.repo_dir) else []
    for folder in ("trees", "logs"):
        if (data_dir() / folder).is_dir():
            leaks += files_containing(data_dir() / folder, needle)
    leaks += files_containing(root, needle, skip=root / "catalogue")  # the ledger and anything else
    assert not leaks, f"the ground-truth canary leaked into: {sorted(set(leaks))}"
    # what the scan covered: reports, traces, attempt evidence and the repository an agent works in
    assert list(run.run_dir.glob("sessions/session-1/trace.jsonl"))
    assert list(run.run_dir.glob("attempts/round-1/gold-*/transcript.log"))
    assert (run.repo_dir / "castle" / "engine.py").is_file()


@pytest.mark.docker
def test_the_canary_is_not_in_a_game_containers_filesystem(canary_run, docker_engine):
    canary, game, run, _ = canary_run
    record = RunRecord.load(run.run_dir / "run.json")
    manifest = load_game(str(game)).manifest
    from sandboxes.game.docker import DockerProvider

    provider = DockerProvider()
    for commit in (record.base_commit, record.head_commit):
        with provider.start(BuildSpec(run.repo_dir, manifest, commit, run_id=run.run_id)) as build:
            exported = subprocess.run(
                ["docker", "export", build.container.name], capture_output=True, timeout=300, check=True
            ).stdout
        with tarfile.open(fileobj=io.BytesIO(exported)) as tar:
            assert any(m.name.endswith("castle/engine.py") for m in tar.getmembers())
        assert canary.encode() not in exported, f"the canary is inside the container of {commit[:10]}"
