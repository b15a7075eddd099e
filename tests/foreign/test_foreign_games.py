"""Games written by other teams, in their own habits, run unchanged through every command a user runs.

Each game lives in `tests/foreign/games/<name>/` as its authors wrote it; its manifest is kept apart, in
`tests/foreign/manifests/<name>.toml`. The commands run as a user runs them: real subprocesses of
`closed-loop`, real sandboxes in both backends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"
MANIFESTS = HERE / "manifests"
CLI = [sys.executable, "-m", "flows.cli"]
FOREIGN = ["relic", "quarry", "ember"]
BACKENDS = [
    pytest.param("process", marks=pytest.mark.slow),
    pytest.param("docker", marks=[pytest.mark.slow, pytest.mark.docker]),
]


def closed_loop(
    *args: str, timeout: float = 900, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd)


def game_args(name: str) -> list[str]:
    return [str(GAMES / name), "--manifest", str(MANIFESTS / f"{name}.toml")]


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def sandbox_up_serves(name: str, backend: str) -> None:
    process = subprocess.Popen(
        [*CLI, "sandbox", "up", *game_args(name), "--backend", backend, "--seconds", "8"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()  # type: ignore[union-attr]
        assert first.startswith(f"{name} ({backend}) at http://127.0.0.1:"), first + process.stderr.read()  # type: ignore[union-attr]
        url = first.split(" at ")[1].strip()
        created = httpx.post(f"{url}/api/agent/new", timeout=10)
        assert created.status_code == 200 and created.json()["game_id"]
        answer = httpx.post(
            f"{url}/api/agent/command",
            json={"game_id": created.json()["game_id"], "command": "help"},
            timeout=10,
        )
        assert answer.status_code == 200 and answer.json()["message"]
        # The game is still alive after writing its logs and saves into its own folder.
        assert process.wait(timeout=60) == 0, process.stderr.read()  # type: ignore[union-attr]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", FOREIGN)
def test_a_foreign_game_runs_through_every_command(name: str, backend: str, tmp_path: Path) -> None:
    before = files_of(GAMES / name)

    sandbox_up_serves(name, backend)

    validated = closed_loop("games", "validate", *game_args(name), "--backend", backend)
    assert validated.returncode == 0, validated.stdout[-3000:] + validated.stderr[-2000:]
    assert f"{name}: valid (backend {backend})" in validated.stdout
    assert "contract (6 checks):" in validated.stdout and "FAIL" not in validated.stdout
    assert "walkthrough: wins" in validated.stdout and "own tests: pass" in validated.stdout
    assert "no ground truth" in validated.stdout

    qa_out = tmp_path / "qa"
    qa = closed_loop(
        "qa",
        *game_args(name),
        "--agent",
        "explorer",
        "--steps",
        "60",
        "--backend",
        backend,
        "--out",
        str(qa_out),
    )
    assert qa.returncode == 0, qa.stdout[-3000:] + qa.stderr[-2000:]
    assert "report(s) in" in qa.stdout
    assert isinstance(json.loads((qa_out / "reports.json").read_text()), list)

    runs = tmp_path / "runs"
    started = time.monotonic()
    run = subprocess.run(
        [*CLI, "run", *game_args(name), "--qa-agent", "explorer", "--repair-agent", "noop"]
        + ["--max-rounds", "2", "--steps", "60", "--backend", backend],
        capture_output=True,
        text=True,
        timeout=900,
        env={
            **os.environ,
            "CLOSED_LOOP_RUNS": str(runs),
            # Two shared cores: the run's own ephemeral Prefect API may take longer than its default 20 s.
            "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "180",
        },
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (run_dir,) = runs.iterdir()
    record = json.loads((run_dir / "run.json").read_text())
    assert record["config"]["manifest"] == str(MANIFESTS / f"{name}.toml")
    assert 1 <= len(record["sessions"]) <= 2
    assert (run_dir / "report.md").is_file(), f"no report after {time.monotonic() - started:.0f}s"
    assert "- Regression gate: the game's own tests (" in (run_dir / "report.md").read_text()

    # Everything the game wrote went into its sandbox's copy: the folder its authors keep is untouched.
    assert files_of(GAMES / name) == before


def test_hidden_paths_stay_out_of_the_repository_agents_see(tmp_path: Path) -> None:
    from games.catalogue import load_game
    from loop.contract.game import materialize

    game = load_game(GAMES / "relic", MANIFESTS / "relic.toml")
    repo_dir, _ = materialize(game, tmp_path)
    assert (repo_dir / "relic_world.py").is_file() and (repo_dir / "docs" / "WALKTHROUGH.md").is_file()
    assert not (repo_dir / "KNOWN_ISSUES.md").exists()
    tracked = subprocess.run(["git", "ls-files"], cwd=repo_dir, capture_output=True, text=True).stdout
    assert "KNOWN_ISSUES" not in tracked
    assert game.benchmark_dir is None  # a folder of the game's own is never taken for ground truth


def test_a_manifest_that_shows_a_hidden_doc_is_refused(tmp_path: Path) -> None:
    manifest = tmp_path / "relic.toml"
    text = (
        (MANIFESTS / "relic.toml")
        .read_text()
        .replace('qa_docs = ["README.md"]', 'qa_docs = ["KNOWN_ISSUES.md"]')
    )
    manifest.write_text(text)
    result = closed_loop("games", "validate", str(GAMES / "relic"), "--manifest", str(manifest), timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith("closed-loop: error:") and "hidden_paths" in result.stderr


def test_every_command_that_takes_a_game_takes_a_manifest() -> None:
    for command in (["sandbox", "up"], ["games", "validate"], ["qa"], ["intake"], ["repair"], ["run"]):
        shown = closed_loop(*command, "--help", timeout=60)
        assert shown.returncode == 0 and "--manifest" in shown.stdout, command


def test_a_catalogue_game_with_a_manifest_of_ones_own_keeps_its_benchmark_out_of_the_repository(tmp_path):
    from games.catalogue import load_game
    from loop.contract.game import materialize

    castle = load_game("castle")
    manifest = tmp_path / "castle.toml"
    manifest.write_text((castle.root / "game.toml").read_text().replace('title = "CASTLE"', 'title = "Mine"'))
    game = load_game("castle", manifest)
    assert game.manifest.title == "Mine" and game.src_dir == castle.src_dir
    repo_dir, _ = materialize(game, tmp_path / "workspace")
    assert not (repo_dir / "benchmark").exists() and not (repo_dir / "game.toml").exists()
