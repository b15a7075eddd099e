"""API keys are secrets: with canary keys in the environment, a whole loop run and an LLM critic pass over its
reports (through the fake model, which echoes the key back in a 401 the way real services do) leave the
canary in no file of the run, the repository, the games' trees and logs, the ledger, the run's log at DEBUG,
the critic's verdicts, or the environment of a game process or container."""

from __future__ import annotations

import json
import logging
import secrets
import subprocess
from pathlib import Path

import pytest

from flows.assembly import open_run
from loop.contract.benchmark import Benchmark
from loop.contract.paths import data_dir
from loop.critic.llm import LLMCritic
from loop.llm import LLMSession, model_for
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error, reply
from loop.sandbox import BuildSpec, get_provider
from tests.abuse.test_ground_truth_canary import files_containing, repository_text
from tests.faults.loop_driver import drive, offline_config

pytestmark = pytest.mark.slow

CANARY = "canary" + secrets.token_hex(16)  # no sk- prefix: only the registered-secret redaction can catch it


@pytest.fixture(scope="module")
def keyed_run(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("secret")
    log_path = root / "run.log"
    handler = logging.FileHandler(log_path)
    handler.setLevel(logging.DEBUG)
    logger = logging.getLogger()
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)  # the SDKs log requests, headers and retries at DEBUG
    mp = pytest.MonkeyPatch()
    with FakeLLMServer() as fake:
        for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CLOSED_LOOP_COMPAT_API_KEY"):
            mp.setenv(name, CANARY)
        mp.setenv("OPENAI_BASE_URL", fake.openai_base_url)
        mp.setenv("ANTHROPIC_BASE_URL", fake.anthropic_base_url)
        mp.setenv("CLOSED_LOOP_MODEL", "openai:gpt-4.1-mini")
        mp.setenv("CLOSED_LOOP_LLM_MAX_RETRIES", "1")
        mp.setenv("CLOSED_LOOP_LEDGER_URL", f"sqlite:///{root / 'ledger.sqlite'}")
        try:
            run = open_run(offline_config(max_rounds=2), runs_dir=root / "runs")
            drive(run)
            fake.queue(error(401, f"Incorrect API key provided: {CANARY}. Find your key at ..."))
            fake.responder = lambda request: reply(json.dumps({"match_id": "BUG-2", "score": 0.9}))
            critic = LLMCritic(model_for("critic", session=LLMSession()))
            matches = critic.match(run.session_reports(1), Benchmark(run.game))
            yield run, root, log_path, matches, fake
        finally:
            mp.undo()
            logger.removeHandler(handler)
            logger.setLevel(old_level)
            handler.close()


def test_the_llm_layer_really_ran_with_the_canary_key(keyed_run):
    _, _, log_path, matches, fake = keyed_run
    assert len(fake.model_requests()) == len(matches)  # a 401 (never retried), then a verdict per report
    assert any("401" in m.rationale for m in matches)  # the key-echoing reply reached the critic
    assert log_path.stat().st_size > 0


def test_the_key_is_in_no_artifact_log_or_verdict(keyed_run):
    run, root, log_path, matches, _ = keyed_run
    needle = CANARY.encode()
    leaks = files_containing(root, needle)  # run.json, reports, traces, attempts, the ledger, the log
    leaks += [f"{run.repo_dir} (git history)"] if CANARY in repository_text(run.repo_dir) else []
    for folder in ("trees", "logs"):
        if (data_dir() / folder).is_dir():
            leaks += files_containing(data_dir() / folder, needle)
    leaks += [f"verdict of {m.fingerprint}" for m in matches if CANARY in m.model_dump_json()]
    assert not leaks, f"the API key leaked into: {sorted(set(leaks))}"


def test_a_game_process_never_gets_the_key(keyed_run, monkeypatch):
    run, *_ = keyed_run
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", CANARY)
    spec = BuildSpec(run.repo_dir, run.game.manifest, run.record.head_commit, run_id=run.run_id)
    with get_provider("process").start(spec) as build:
        environ = Path(f"/proc/{build.process.pid}/environ").read_bytes()
    assert b"PORT=" in environ  # the game's own settings are there
    assert CANARY.encode() not in environ


@pytest.mark.docker
def test_a_game_container_never_gets_the_key(keyed_run, docker_engine, monkeypatch):
    run, *_ = keyed_run
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", CANARY)
    spec = BuildSpec(run.repo_dir, run.game.manifest, run.record.head_commit, run_id=run.run_id)
    with get_provider("docker").start(spec) as build:
        inspected = subprocess.run(
            ["docker", "inspect", build.container.name],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout
    assert '"Env"' in inspected
    assert CANARY not in inspected
