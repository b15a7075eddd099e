"""Modes: player mode sees only the API; QA mode also reads the game's docs and source, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loop.llm import prompting
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import tool_call
from loop.llm.types import ToolCall
from loop.qa_agents.llm.repo_tools import RepoReader
from loop.trace import read_trace

from .castle_model import CastleModel, planner_requests

BENCHMARK = Path(__file__).resolve().parents[2] / "games" / "castle" / "benchmark"


def hidden_phrases() -> list[str]:
    """Text only the hidden ground truth holds: it must reach no request."""
    bugs = json.loads((BENCHMARK / "bugs.json").read_text())
    return [bug["observed_fault"] for bug in bugs] + ["probe_bug_1"]


def test_qa_mode_gives_the_planner_the_design_docs_and_source_reading_tools(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(
        ["look", "take matches"],
        tool_calls=[
            tool_call("read_file", path="castle/engine.py", start_line=220, max_lines=15),
            tool_call("read_file", path="../../castle/benchmark/bugs.json"),
        ],
    )
    agent = make_agent(mode="qa")

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=2, seed=0, out_dir=tmp_path / "o"
        )

    assert result.steps == 2
    planned = planner_requests(fake_llm.model_requests())
    system = planned[0].body["messages"][0]["content"]
    assert "quality assurance mode" in system and "CASTLE: design" in system  # docs/design.md, from qa_docs
    assert {t["function"]["name"] for t in planned[0].body["tools"]} == {
        "list_files",
        "read_file",
        "search_source",
    }
    tool_answers = [m["content"] for r in planned for m in r.body["messages"] if m["role"] == "tool"]
    assert any("def _do_drop" in answer for answer in tool_answers)
    assert any("outside the game repository" in answer for answer in tool_answers)
    everything = json.dumps([r.body for r in fake_llm.model_requests()])
    assert not [phrase for phrase in hidden_phrases() if phrase in everything]
    assert [e.observation["tool"] for e in read_trace(result.trace_path) if e.kind == "tool"] == [
        "read_file",
        "read_file",
    ]


def test_player_mode_offers_no_tools_and_no_docs(fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path):
    fake_llm.responder = CastleModel(["look"])
    agent = make_agent(mode="player")

    with castle_repo.running() as client:
        agent.run_session(client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "o")

    [planned] = planner_requests(fake_llm.model_requests())
    assert "tools" not in planned.body
    assert "player exploring mode" in planned.body["messages"][0]["content"]
    assert "CASTLE: design" not in json.dumps(planned.body)


@pytest.fixture
def repo_with_secrets(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "game.py").write_text("def drop():\n    return 'dropped'\n")
    (repo / "benchmark").mkdir()
    (repo / "benchmark" / "bugs.json").write_text('{"secret": "ground truth"}')
    (repo / ".git").mkdir()
    (repo / ".git" / "config").write_text("[core]")
    (tmp_path / "outside.txt").write_text("not yours")
    return repo


@pytest.mark.parametrize(
    ("name", "arguments", "refusal"),
    [
        ("read_file", {"path": "../outside.txt"}, "outside the game repository"),
        ("read_file", {"path": "benchmark/bugs.json"}, "not readable"),
        ("read_file", {"path": ".git/config"}, "not readable"),
        ("list_files", {"folder": "benchmark"}, "not readable"),
        ("read_file", {"path": "src/game.py", "max_lines": 100000}, "bad arguments"),
        ("rm_rf", {}, "no tool named"),
    ],
)
def test_repo_tools_refuse_anything_outside_the_visible_tree(repo_with_secrets, name, arguments, refusal):
    answer = RepoReader(repo_with_secrets).call(ToolCall(id="1", name=name, arguments=arguments))
    assert refusal in answer and "ground truth" not in answer


def test_repo_tools_list_read_and_search_the_visible_tree(repo_with_secrets):
    reader = RepoReader(repo_with_secrets)
    listing = reader.call(ToolCall(id="1", name="list_files", arguments={}))
    assert listing.splitlines() == ["src/"]
    assert "2:     return 'dropped'" in reader.call(
        ToolCall(id="2", name="read_file", arguments={"path": "src/game.py"})
    )
    hits = reader.call(ToolCall(id="3", name="search_source", arguments={"text": "secret"}))
    assert hits == "no match"  # benchmark/ is never searched


def test_every_prompt_template_names_its_role_and_a_reply_model_with_a_schema():
    names = prompting.template_names()
    assert {"planner", "reflection", "replay_judge", "summary", "distill", "intake_steps"} <= set(names)
    for name in names:
        template = prompting.template(name)
        assert template.role in {"planner", "reflection", "summary"}
        assert template.reply.model_json_schema()["properties"]
    with pytest.raises(KeyError, match="no value for"):
        prompting.template("replay_judge_step").render(title="t")
