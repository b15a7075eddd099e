"""What goes wrong around the built-in agent: a protected edit, a dead endpoint, malformed tool calls."""

from __future__ import annotations

import json
import pickle
import socket
from pathlib import Path

from builtin_fixtures import agent_for, castle_bug2_report, scratch_report, workspace_for
from pydantic import SecretStr

from loop.contract.game import Game, materialize
from loop.llm import LLMConfig
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error, reply, tool_call
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget
from loop.sandbox import get_provider
from repair_agents.builtin import BuiltinAgent
from repair_agents.coding.transcript import read_transcript

WALKTHROUGH_HEAD = "# A winning route through CASTLE: all three key fragments, then the sealed door."


def test_builtin_edit_of_castles_walkthrough_is_rejected_by_the_pipeline(
    castle: Game, fake_llm: FakeLLMServer, tmp_path: Path
):
    fake_llm.queue(
        reply("", [tool_call("edit", path="docs/walkthrough.txt", old=WALKTHROUGH_HEAD, new="# shorter")]),
        reply("", [tool_call("finish", summary="simplified the walkthrough")]),
    )
    repo_dir, base = materialize(castle, tmp_path / "workspace")
    with RepairRound(
        castle, repo_dir, tmp_path / "run", "builtin-protected", 1, provider=get_provider("process")
    ) as repair_round:
        attempt = repair_round.attempt(
            agent_for(fake_llm), [castle_bug2_report()], RepairBudget(wall_seconds=60)
        )

        assert attempt.outcome == Outcome.PATCH_REJECTED_PROTECTED
        assert "docs/walkthrough.txt" in attempt.detail
        assert repair_round.head == base
        walkthrough = (repair_round.branch.worktree_dir / "docs/walkthrough.txt").read_text()
        assert walkthrough.startswith(WALKTHROUGH_HEAD)
    # The model was told which paths are protected.
    assert "tests/**, docs/**" in json.dumps(fake_llm.model_requests()[0].body)


def test_builtin_declares_infrastructure_failure_when_the_endpoint_returns_500s(
    castle: Game, fake_llm: FakeLLMServer, tmp_path: Path
):
    fake_llm.default = error(500, "upstream exploded")
    agent = agent_for(fake_llm, "anthropic", max_retries=2)
    repo_dir, base = materialize(castle, tmp_path / "workspace")
    with RepairRound(
        castle, repo_dir, tmp_path / "run", "builtin-down", 1, provider=get_provider("process")
    ) as repair_round:
        attempt = repair_round.attempt(agent, [castle_bug2_report()], RepairBudget(wall_seconds=60))

        assert attempt.outcome == Outcome.INFRASTRUCTURE_FAILURE
        assert "model endpoint failed after 3 attempt(s)" in attempt.detail
        assert repair_round.head == base
    assert len(fake_llm.model_requests()) == 3  # the first try and the LLM layer's two retries
    events = read_transcript(Path(attempt.transcript or ""))
    failure = next(e for e in events if e["event"] == "model_error")
    assert failure["status"] == 500 and failure["attempts"] == 3
    assert events[-1]["outcome"] == "infrastructure_failure"


def test_builtin_turns_malformed_tool_calls_into_error_observations(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.queue(
        reply("", [tool_call("delete_file", path="greet.py")]),
        reply("", [tool_call("read_file")]),
        reply("", [tool_call("read_file", path="../../../etc/passwd")]),
        reply("", [tool_call("edit", path="greet.py", old="Hola", new="Hello")]),
        reply("", [tool_call("edit", path="greet.py", old="name", new="who")]),
        reply("", [tool_call("edit", path="greet.py/inner.py", old="", new="x = 1\n")]),
        reply("I think I know what to do now."),
        reply("", [tool_call("edit", path="greet.py", old='"Helo, "', new='"Hello, "')]),
        reply("", [tool_call("finish", summary="fixed the spelling")]),
    )
    agent = pickle.loads(pickle.dumps(agent_for(fake_llm)))  # as the pipeline's worker gets it
    attempt = agent.repair(
        workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget(max_turns=12)
    )

    assert attempt.outcome is None and attempt.detail == "finished: fixed the spelling"
    assert (scratch_tree / "greet.py").read_text() == 'def greet(name):\n    return "Hello, " + name\n'
    answers = [r.body["messages"][-1] for r in fake_llm.model_requests()[1:]]
    assert "unknown tool 'delete_file'" in answers[0]["content"]
    assert "bad arguments for read_file: path: Field required" in answers[1]["content"]
    assert "outside the work tree" in answers[2]["content"]
    assert "`old` does not occur in greet.py" in answers[3]["content"]
    assert "`old` occurs 2 times in greet.py" in answers[4]["content"]
    assert "error: cannot write greet.py/inner.py" in answers[5]["content"]
    assert answers[6]["role"] == "user" and "call `finish`" in answers[6]["content"]
    assert answers[7]["content"] == "edited greet.py: replaced 1 occurrence"
    oks = [e["ok"] for e in read_transcript(Path(attempt.transcript or "")) if e["event"] == "tool_call"]
    assert oks == [False] * 6 + [True, True]


def test_builtin_declares_infrastructure_failure_when_nothing_listens_at_the_endpoint(
    scratch_tree: Path, tmp_path: Path
):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        config = LLMConfig(
            default_model="openai:gpt-4.1-mini",
            openai_api_key=SecretStr("sk-test-0123456789"),
            openai_base_url=f"http://127.0.0.1:{port}/v1",
            max_retries=1,
            retry_base_s=0.01,
        )
        agent = BuiltinAgent(config, sandbox="bubblewrap")
        attempt = agent.repair(
            workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget(max_turns=3)
        )

    assert attempt.outcome == Outcome.INFRASTRUCTURE_FAILURE
    assert attempt.detail.startswith("model endpoint failed after 2 attempt(s)")


def test_builtin_stops_a_model_that_never_calls_a_tool_with_a_reason(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.default = reply("<|im_start|>I will fix the greeting now.<|im_end|>")  # what a tiny model says
    agent = agent_for(fake_llm)
    attempt = agent.repair(
        workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget(max_turns=40)
    )

    assert attempt.detail.startswith("stopped: 6 unusable model replies in a row")
    assert len(fake_llm.model_requests()) == 6  # not the 40 turns the budget allowed
    events = read_transcript(Path(attempt.transcript or ""))
    assert sum(e["event"] == "format_error" for e in events) == 6
