"""Local verification: a hypothesis is reported only if it replays on a fresh game; the repro is shrunk."""

from __future__ import annotations

import json

from loop.llm.fake_server import FakeLLMServer
from loop.qa_agents.llm.evidence import confidence
from loop.trace import read_trace

from .castle_model import (
    DROPPED_TITLE,
    DUPLICATE_TITLE,
    CastleModel,
    earlier_commands,
    schema_name,
    transcript,
)


def test_a_hypothesis_that_replays_is_reported_with_a_minimal_repro_and_one_that_does_not_is_dropped(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["look", "take matches", "inventory", "north", "drop matches", "look", "inventory", "south"]
    fake_llm.responder = CastleModel(script, claims={"inventory": DUPLICATE_TITLE})
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=len(script), seed=0, out_dir=tmp_path / "out"
        )

    [report] = result.reports
    assert report.title == DROPPED_TITLE
    assert report.source == "llm" and report.build_commit == castle_repo.commit
    assert report.repro == ["take matches", "drop matches", "look"]
    assert "Dropped: matches." in report.evidence
    # The duplicate-inventory claim, made after each inventory (two different replies, so two anomalies), was
    # replayed once each, judged absent and dropped; the judge saw the replay with the claim at its end.
    judged = [r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"]
    duplicate_judgements = [r for r in judged if DUPLICATE_TITLE in json.dumps(r.body)]
    assert len(duplicate_judgements) == 2
    first = duplicate_judgements[0]
    assert earlier_commands(first) == [] and [row["command"] for row in transcript(first)] == [
        "look",
        "take matches",
        "inventory",
    ]
    assert "state" in transcript(first)[-1] and "state" not in transcript(first)[0]
    assert earlier_commands(duplicate_judgements[1]) == ["look", "take matches", "inventory", "north"]
    assert result.counts["hypotheses_dropped"] == 2 and result.counts["hypotheses_confirmed"] == 1
    # Two judged replays of the final repro agreed, the evidence an earlier reply: computed, not a constant.
    assert report.confidence == confidence(2, 2, "earlier reply") == 0.75
    assert result.steps == len(script) and result.stopped_because == f"step budget of {len(script)} spent"
    kinds = [event.kind for event in read_trace(result.trace_path)]
    assert "dropped" in kinds and "report" in kinds and "replay" in kinds
    memory = json.loads(agent.memory_file.read_text())
    assert memory["commits"][castle_repo.commit]["dropped_hypotheses"] == [DUPLICATE_TITLE]
    assert [(b["title"], b["status"]) for b in memory["bugs"]] == [(DROPPED_TITLE, "open")]


def test_every_replay_starts_a_fresh_game_and_the_last_command_is_kept(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take candlestick", "north", "east", "drop candlestick", "look"]
    fake_llm.responder = CastleModel(script)
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=5, seed=0, out_dir=tmp_path / "o"
        )

    [report] = result.reports
    assert report.repro == ["take candlestick", "drop candlestick", "look"]
    for request in (r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"):
        rows = transcript(request)
        assert rows[-1]["command"] == "look" and "the claim is about the final command, `look`" in str(
            request.body
        )
    assert result.tokens > 0  # fake usage: proves accounting is wired, says nothing about a real model


def test_the_shrink_never_ends_on_a_last_command_that_fails_for_another_reason(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # A judge that says "present" to anything: only the same-ending rule keeps the shrink honest. Without
    # `take matches`, `drop matches` is refused (not held): a different outcome, not the claimed anomaly.
    script = ["take matches", "north", "drop matches"]
    fake_llm.responder = CastleModel(script, claims={"drop matches": DUPLICATE_TITLE}, judge_says="present")
    agent = make_agent()
    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=3, seed=0, out_dir=tmp_path / "o"
        )

    [report] = result.reports
    assert report.repro == ["take matches", "drop matches"]
