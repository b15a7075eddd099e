"""What each adapter hands its tool, checked without running it: the task is the report and nothing else,
the key never appears in argv (the transcript keeps argv), the endpoint is always explicit, retries are
ours."""

from __future__ import annotations

import shlex
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from castle_bug2 import bug2_report
from pydantic import SecretStr

from games.catalogue import load_game
from loop.repair.confinement import SANDBOX_WORKDIR, open_agent_sandbox
from loop.repair.protocol import RepairWorkspace
from repair_agents.aider import AiderAgent
from repair_agents.claude_code import ClaudeCodeAgent
from repair_agents.cli_agent import Endpoint, relevant_files, task_prompt
from repair_agents.codex import CodexAgent, provider_config
from repair_agents.mini_swe_agent import MiniSweAgent

KEY = "sk-very-secret-key"
ENDPOINT = Endpoint("gpt-4.1-mini", "http://127.0.0.1:9/v1", SecretStr(KEY), max_retries=1)


@pytest.fixture(params=["bubblewrap", pytest.param("docker", marks=pytest.mark.docker)])
def workspace(tmp_path: Path, request, monkeypatch) -> Iterator[RepairWorkspace]:
    """A workspace with its repair sandbox open, the model at ENDPOINT behind the relay."""
    node = tmp_path / "node-bin" / "node"
    node.parent.mkdir()
    node.write_text("#!/bin/sh\n")
    node.chmod(0o755)
    monkeypatch.setenv("CLOSED_LOOP_NODE_BIN", str(node))
    (tmp_path / "repo").mkdir()
    (tmp_path / "attempt").mkdir()
    with open_agent_sandbox(tmp_path / "repo", request.param, model_url=ENDPOINT.base_url) as sandbox:
        yield RepairWorkspace(tmp_path / "repo", tmp_path / "attempt", "castle", "run-1", 1, sandbox=sandbox)


def test_the_task_is_written_for_the_game_from_the_reports_and_the_manifest_only():
    report = bug2_report().model_copy(
        update={"evidence": "> take small key\nTRACE-EXCERPT", "oracle_subject": "ORACLE-SUBJECT"}
    )
    reopened = bug2_report().model_copy(
        update={"title": "Second bug", "reopened_because": "still present after patch 1a2b: replay shows it"}
    )
    manifest = load_game("castle").manifest
    task = task_prompt([report.model_copy(update={"build_commit": "abc1234"}), reopened], manifest)
    for shown in (report.title, report.expected, report.observed, "3. take small key", "TRACE-EXCERPT"):
        assert shown in task
    assert "Second bug" in task and "these 2 bugs" in task
    assert "an earlier patch did not fix it: still present after patch 1a2b" in task
    # The game at hand, how to run and test it, the gate and the authority: from its manifest.
    assert f"{manifest.title}, an {manifest.genre} game" in task
    assert shlex.join(manifest.start_command) in task and shlex.join(manifest.test_command or []) in task
    assert f"the walkthrough ({manifest.walkthrough}) still" in task and "the design docs win" in task
    for hidden in ("ORACLE-SUBJECT", "abc1234", report.fingerprint, "description-vs", "BUG-"):
        assert hidden not in task
    assert task.count(report.observed) == 2 and report.symptom not in task  # once per bug, no symptom


def test_aider_gets_the_files_the_reports_point_at_and_claude_may_run_the_tests(workspace: RepairWorkspace):
    repo = load_game("castle").src_dir
    files = relevant_files(repo, [bug2_report()])
    assert files and all((repo / name).is_file() and "tests" not in name for name in files)
    argv = AiderAgent(Path("/opt/tool"), ENDPOINT).argv(
        "/tmp/aider-history", ENDPOINT.base_url, "task", files
    )
    assert [argv[i + 1] for i, a in enumerate(argv) if a == "--file"] == files
    anthropic = Endpoint("claude-sonnet-4-6", "http://127.0.0.1:9", SecretStr(KEY), max_retries=1)
    claude = ClaudeCodeAgent(Path("/opt/tool"), anthropic, 5).argv("task")
    assert "Bash" in claude[claude.index("--allowedTools") + 1]


def test_no_adapter_puts_the_key_in_argv_and_every_one_names_the_endpoint(workspace: RepairWorkspace):
    binary = Path("/opt/tool")
    anthropic = Endpoint("claude-sonnet-4-6", "http://127.0.0.1:9", SecretStr(KEY), max_retries=1)
    claude = ClaudeCodeAgent(binary, anthropic, 5)
    aider = AiderAgent(binary, ENDPOINT)
    mini = MiniSweAgent(binary, ENDPOINT, 5)
    sandbox = workspace.sandbox
    # the relay inside listens above 1024: port 9 becomes 10009, the host name stays
    assert sandbox is not None and sandbox.model_url == "http://127.0.0.1:10009/v1"
    relay_url = sandbox.model_url
    argvs = {
        "claude": claude.argv("task"),
        "codex": CodexAgent(binary, ENDPOINT).argv(workspace, "task"),
        "aider": aider.argv("/tmp/aider-history", relay_url, "task"),
        "mini": mini.argv("/tmp/mini/traj.json", relay_url, "task"),
    }
    assert argvs["codex"][argvs["codex"].index("-C") + 1] == SANDBOX_WORKDIR
    envs = {
        "claude": claude.env(workspace),
        "aider": aider.env(workspace, relay_url),
        "mini": mini.env("/tmp/mini/config", relay_url),
    }
    for name, argv in argvs.items():
        # neither the tool's argv nor what the host starts (bwrap or docker exec) carries the key
        started = sandbox.command(argv, envs.get(name, {}))
        assert KEY not in " ".join(argv) and KEY not in " ".join(started.argv), name

    claude_env = envs["claude"]
    assert claude_env["ANTHROPIC_BASE_URL"] == relay_url and claude_env["ANTHROPIC_API_KEY"] == KEY
    assert claude_env["CLAUDE_CODE_MAX_RETRIES"] == "1"
    assert claude_env["HOME"].startswith("/tmp/") and (sandbox.host_tmp / "claude-home" / ".claude").is_dir()
    for env in (envs["aider"], envs["mini"]):
        assert env["OPENAI_API_KEY"] == KEY
        assert env["OPENAI_BASE_URL"] == env["OPENAI_API_BASE"] == relay_url
    assert f"model.model_kwargs.api_base={relay_url}" in argvs["mini"]
    assert argvs["aider"][argvs["aider"].index("--openai-api-base") + 1] == relay_url
    # Aider's history files go to the sandbox's private /tmp (the adapter copies them to the attempt dir).
    history = [argvs["aider"][i + 1] for i, a in enumerate(argvs["aider"]) if a.endswith("-history-file")]
    assert len(history) == 3 and all(Path(h).parent == Path("/tmp/aider-history") for h in history)


def test_a_model_on_a_privileged_port_is_reached_by_its_name_on_a_port_above():
    from sandboxes.agent.model_relay import inside_address

    assert inside_address("https://api.anthropic.com") == (
        "https://api.anthropic.com:10443",
        "api.anthropic.com",
        10443,
        443,
    )
    assert inside_address("http://127.0.0.1:8123/v1")[0] == "http://127.0.0.1:8123/v1"


def test_codex_gets_a_responses_provider_with_our_retries():
    config = tomllib.loads(provider_config("http://127.0.0.1:9/v1", 2))
    provider = config["model_providers"][config["model_provider"]]
    assert provider["base_url"] == "http://127.0.0.1:9/v1" and provider["wire_api"] == "responses"
    assert provider["env_key"] == "CLOSED_LOOP_CODEX_API_KEY"
    assert provider["request_max_retries"] == provider["stream_max_retries"] == 2
