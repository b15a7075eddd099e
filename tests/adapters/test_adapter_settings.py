"""What each adapter hands its tool, checked without running it: the task is the report and nothing else,
the key never appears in argv (the transcript keeps argv), the endpoint is always explicit, retries are
ours."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest
from castle_bug2 import bug2_report
from pydantic import SecretStr

from games.catalogue import load_game
from loop.repair.protocol import RepairWorkspace
from repair_agents.aider import AiderAgent
from repair_agents.claude_code import ClaudeCodeAgent
from repair_agents.cli_agent import Endpoint, relevant_files, task_prompt
from repair_agents.codex import CodexAgent, provider_config
from repair_agents.mini_swe_agent import MiniSweAgent

KEY = "sk-very-secret-key"
ENDPOINT = Endpoint("gpt-4.1-mini", "http://127.0.0.1:9/v1", SecretStr(KEY), max_retries=1)


@pytest.fixture
def workspace(tmp_path: Path) -> RepairWorkspace:
    (tmp_path / "repo").mkdir()
    (tmp_path / "attempt").mkdir()
    return RepairWorkspace(tmp_path / "repo", tmp_path / "attempt", "castle", "run-1", 1)


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
    argv = AiderAgent(Path("/opt/tool"), ENDPOINT).argv(workspace.attempt_dir, "task", files)
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
    argvs = {
        "claude": claude.argv("task"),
        "codex": CodexAgent(binary, ENDPOINT).argv(workspace, "task"),
        "aider": aider.argv(workspace.attempt_dir, "task"),
        "mini": mini.argv(workspace.attempt_dir / "traj.json", "task"),
    }
    assert all(KEY not in " ".join(argv) for argv in argvs.values())

    claude_env = claude.env(workspace)
    assert claude_env["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:9" and claude_env["ANTHROPIC_API_KEY"] == KEY
    assert claude_env["CLAUDE_CODE_MAX_RETRIES"] == "1"
    assert Path(claude_env["HOME"]).is_relative_to(workspace.attempt_dir)
    for env in (aider.env(workspace.attempt_dir), mini.env(workspace)):
        assert env["OPENAI_API_KEY"] == KEY
        assert env["OPENAI_BASE_URL"] == env["OPENAI_API_BASE"] == ENDPOINT.base_url
    assert "model.model_kwargs.api_base=http://127.0.0.1:9/v1" in argvs["mini"]
    assert argvs["aider"][argvs["aider"].index("--openai-api-base") + 1] == ENDPOINT.base_url
    # Aider's history files go to the attempt dir, not the repository.
    history = [argvs["aider"][i + 1] for i, a in enumerate(argvs["aider"]) if a.endswith("-history-file")]
    assert len(history) == 3 and all(Path(h).parent == workspace.attempt_dir for h in history)


def test_codex_gets_a_responses_provider_with_our_retries():
    config = tomllib.loads(provider_config("http://127.0.0.1:9/v1", 2))
    provider = config["model_providers"][config["model_provider"]]
    assert provider["base_url"] == "http://127.0.0.1:9/v1" and provider["wire_api"] == "responses"
    assert provider["env_key"] == "CLOSED_LOOP_CODEX_API_KEY"
    assert provider["request_max_retries"] == provider["stream_max_retries"] == 2
