"""What a small real model does to a session, scripted on the fake: empty, over-long and endlessly repeated
commands, replies that never validate, slow replies. Each is counted, none is played, and the session ends
with a reason within its budgets instead of running on."""

from __future__ import annotations

import time

import pytest

from loop.llm import roles
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply
from loop.llm.replies import ReflectionReply
from loop.qa_agents.llm.agent import Settings
from loop.trace import read_trace

from .castle_model import CastleModel


def run(agent, client, commit, tmp_path, steps: int):
    return agent.run_session(client, build_commit=commit, steps=steps, seed=0, out_dir=tmp_path / "out")


def test_empty_and_over_long_commands_are_counted_not_played(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(["   ", "look " * 60, "take matches", "inventory"])
    agent = make_agent()

    with castle_repo.running() as client:
        result = run(agent, client, castle_repo.commit, tmp_path, steps=4)

    assert result.steps == 4 and result.stopped_because.startswith("step budget")
    assert result.counts["empty_commands"] == 2 and result.counts["long_commands"] == 2
    played = [e.command for e in read_trace(result.trace_path) if e.kind == "step" and e.command]
    assert played == ["take matches", "inventory", "take matches", "inventory"]


def test_a_model_stuck_on_one_command_ends_the_session_with_a_reason(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(["look"])
    agent = make_agent(settings=Settings(max_repeats=3, max_consecutive_failures=6))

    with castle_repo.running() as client:
        result = run(agent, client, castle_repo.commit, tmp_path, steps=50)

    assert result.steps == 3  # three looks are played; the fourth and after are refused
    assert result.counts["repeated_commands"] == 6
    assert result.stopped_because == "model failed 6 times in a row (InvalidReply)"


def test_a_session_without_one_usable_reply_stops_early_and_says_why(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.default = reply("Sure! The hall is lovely. Let me think about it.", delay_s=0.2)
    agent = make_agent(settings=Settings(max_consecutive_failures=1000))
    agent.models.first_reply_s = 2.0

    started = time.monotonic()
    with castle_repo.running() as client:
        result = run(agent, client, castle_repo.commit, tmp_path, steps=500)

    assert time.monotonic() - started < 30
    assert result.steps == 0
    assert result.stopped_because.startswith("LLM first-reply budget spent: no usable model reply in")
    assert "InvalidReply" in result.stopped_because  # the last failure is named
    assert result.counts["malformed_replies"] >= 1


def test_slow_replies_are_counted(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(roles, "SLOW_REPLY_S", 0.3)
    model = CastleModel(["take matches", "inventory"])
    fake_llm.responder = lambda request: model(request).model_copy(update={"delay_s": 0.4})
    agent = make_agent()

    with castle_repo.running() as client:
        result = run(agent, client, castle_repo.commit, tmp_path, steps=2)

    assert result.steps == 2
    assert result.counts["slow_replies"] == result.counts["requests"] > 0


def test_a_bug_verdict_with_nothing_to_name_it_is_no_hypothesis_not_a_crash():
    # seen from the real 270M model: verdict "bug", no title, observed "10"; it crashed the whole loop
    bare = ReflectionReply(analysis="", title="", observed="10", verdict="bug")
    assert bare.hypothesis() is None
    said = "coins went up after a refused buy"
    named = ReflectionReply(analysis=said, title="", observed="10", verdict="bug")
    assert named.hypothesis().title == said
