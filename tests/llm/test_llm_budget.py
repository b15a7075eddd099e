"""Accounting and budgets: a session stops cleanly at its token, cost or wall-clock limit."""

from __future__ import annotations

import pytest

from loop.llm import Budget, BudgetExceeded, LLMSession, Message, PriceTable, Usage
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply

HELLO = [Message.user("hello")]


def test_token_budget_stops_the_session_before_the_next_request(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(*[reply("step", input_tokens=400, output_tokens=100)] * 5)
    session = LLMSession(Budget(max_tokens=1200))
    model = make_model("openai", session=session)

    done = 0
    with pytest.raises(BudgetExceeded) as caught:
        for _ in range(5):
            model.complete(HELLO)
            done += 1

    assert done == 3
    assert caught.value.limit == "tokens"
    assert len(fake_llm.model_requests()) == 3
    totals = session.totals()
    assert (totals.requests, totals.input_tokens, totals.output_tokens) == (3, 1200, 300)


def test_cost_budget_is_shared_by_every_role_of_the_session(fake_llm: FakeLLMServer, make_model):
    # claude-sonnet-4-6 at $3/$15 per Mtok: each call costs 0.003 + 0.015 = $0.018.
    fake_llm.queue(*[reply("x", input_tokens=1000, output_tokens=1000)] * 4)
    session = LLMSession(Budget(max_cost_usd=0.03))
    planner = make_model("anthropic", "claude-sonnet-4-6", session=session)
    critic = make_model("openai-responses", "claude-sonnet-4-6", session=session)

    planner.complete(HELLO)
    critic.complete(HELLO)
    with pytest.raises(BudgetExceeded, match="cost budget") as caught:
        planner.complete(HELLO)

    assert caught.value.limit == "cost"
    assert session.totals().cost_usd == pytest.approx(0.036)


def test_wall_clock_budget_stops_the_session(fake_llm: FakeLLMServer, make_model):
    now = [0.0]
    session = LLMSession(Budget(max_wall_s=60), clock=lambda: now[0])
    fake_llm.queue(reply("a"), reply("b"))
    model = make_model("openai", session=session)

    model.complete(HELLO)
    now[0] = 61.0
    with pytest.raises(BudgetExceeded) as caught:
        model.complete(HELLO)

    assert caught.value.limit == "wall"
    assert fake_llm.pending == 1


def test_a_budget_is_checked_between_repair_round_trips_too(fake_llm: FakeLLMServer, make_model):
    from pydantic import BaseModel

    class Verdict(BaseModel):
        bug: bool

    fake_llm.queue(reply("not json", input_tokens=900, output_tokens=200), reply('{"bug": true}'))
    session = LLMSession(Budget(max_tokens=1000))

    with pytest.raises(BudgetExceeded):
        make_model("openai", session=session).complete(HELLO, response_model=Verdict)
    assert len(fake_llm.model_requests()) == 1


def test_price_table_reads_data_and_a_user_file_overrides_it(tmp_path):
    builtin = PriceTable.load()
    assert builtin.cost("gpt-4.1-mini", Usage(input_tokens=1_000_000, output_tokens=0)) == pytest.approx(0.40)
    assert builtin.cost("gpt-4.1-mini-2025-04-14", Usage(output_tokens=1_000_000)) == pytest.approx(1.60)
    assert builtin.cost("some-local-model", Usage(input_tokens=10, output_tokens=10)) == 0.0

    user = tmp_path / "prices.toml"
    user.write_text(
        '[models."gpt-4.1-mini"]\ninput = 1.0\noutput = 2.0\n[models."local"]\ninput = 0.5\noutput = 0.5\n'
    )
    table = PriceTable.load(user)
    assert table.cost(
        "gpt-4.1-mini", Usage(input_tokens=1_000_000, output_tokens=1_000_000)
    ) == pytest.approx(3.0)
    assert table.cost("local", Usage(input_tokens=2_000_000)) == pytest.approx(1.0)
    assert table.cost("gpt-4o", Usage(input_tokens=1_000_000)) == pytest.approx(2.50)


def test_a_named_price_file_that_is_missing_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        PriceTable.load(tmp_path / "nope.toml")


def test_a_slow_request_cannot_outlive_the_wall_clock_budget(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("far too late", delay_s=10.0))
    session = LLMSession(Budget(max_wall_s=2.0))

    with pytest.raises(BudgetExceeded) as caught:
        make_model("anthropic", "claude-sonnet-4-6", session=session, timeout_s=30).complete(HELLO)

    assert caught.value.limit == "wall"
    assert session.calls[0].outcome == "error"  # the request was cut at the budget, not at the 30 s timeout
