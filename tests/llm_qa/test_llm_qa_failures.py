"""A malformed reply costs a retry, a provider failure is survived; both are counted; budgets stop cleanly."""

from __future__ import annotations

import json

import pytest

from loop.contract.game_client import GameClient
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error, reply
from loop.llm.roles import DEFAULT_MAX_WALL_S, budget_from_env
from loop.llm.session import Budget
from loop.trace import read_trace
from sandboxes.game.process import free_port

from .castle_model import DROPPED_TITLE, CastleModel

SCRIPT = ["take matches", "drop matches", "look", "inventory"]


def test_malformed_replies_and_provider_errors_are_survived_and_counted(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(SCRIPT)
    fake_llm.queue(
        error(429, "slow down", retry_after=0.01),  # retried inside the call
        error(500, "boom"),  # retried inside the call
        reply("I think we should go north."),  # not JSON: sent back with the error...
        reply('{"thought": "x"}'),  # ...still invalid...
        reply("```json\n{broken\n```"),  # ...and again: the step is retried, the session goes on
        *[error(500, "down")] * 4,  # more than max_retries: a provider error the session survives
    )
    agent = make_agent(max_retries=3)

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=len(SCRIPT), seed=0, out_dir=tmp_path / "out"
        )

    assert result.steps == len(SCRIPT) and result.stopped_because.startswith("step budget")
    assert [r.title for r in result.reports] == [DROPPED_TITLE]
    assert result.counts["malformed_replies"] == 1
    assert result.counts["provider_errors"] == 1
    assert result.counts["failed_requests"] == 6  # 429, 500 and four 500s
    assert result.counts["repaired_replies"] == 0
    errors = [e.observation for e in read_trace(result.trace_path) if e.kind == "model_error"]
    assert [e["error"] for e in errors] == ["InvalidReply", "ProviderUnavailable"]
    saved = json.loads(result.model_dump_json())
    assert saved["counts"]["malformed_replies"] == 1 and saved["tokens"] > 0


def test_a_reply_repaired_after_one_retry_costs_no_step(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(SCRIPT)
    fake_llm.queue(reply("not json at all"))
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=2, seed=0, out_dir=tmp_path / "o"
        )

    assert result.steps == 2
    assert result.counts["repaired_replies"] == 1 and result.counts.get("malformed_replies", 0) == 0


def test_a_model_that_never_answers_ends_the_session_with_a_reason_not_a_crash(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # No responder and nothing queued: the fake answers 500 to everything.
    agent = make_agent(max_retries=0)

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=50, seed=0, out_dir=tmp_path / "o"
        )

    assert result.steps == 0 and result.reports == []
    assert result.stopped_because == "model failed 6 times in a row (ProviderUnavailable)"
    assert result.counts["provider_errors"] == 7  # six plans, then the end-of-session distillation


def test_the_token_budget_stops_the_session_cleanly(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(SCRIPT)
    agent = make_agent(budget=Budget(max_tokens=6000))

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=500, seed=0, out_dir=tmp_path / "o"
        )

    assert result.stopped_because.startswith("LLM tokens budget spent")
    assert 0 < result.steps < 500
    assert agent.memory_file.is_file()  # the session's notes were still written


def test_a_game_that_is_gone_ends_the_session_with_a_reason(fake_llm: FakeLLMServer, make_agent, tmp_path):
    fake_llm.responder = CastleModel(SCRIPT)
    agent = make_agent()

    with GameClient(f"http://127.0.0.1:{free_port()}", timeout=2) as client:
        result = agent.run_session(client, build_commit="dead", steps=5, seed=0, out_dir=tmp_path / "o")

    assert result.steps == 0 and result.stopped_because.startswith("game failed: GameUnavailable")


def test_session_budgets_come_from_the_environment():
    budget = budget_from_env({"CLOSED_LOOP_LLM_MAX_TOKENS": "50000", "CLOSED_LOOP_LLM_MAX_COST_USD": "0.25"})
    assert (budget.max_tokens, budget.max_cost_usd, budget.max_wall_s) == (50000, 0.25, DEFAULT_MAX_WALL_S)
    with pytest.raises(ValueError, match="bad LLM budget"):
        budget_from_env({"CLOSED_LOOP_LLM_MAX_WALL_S": "-3"})
