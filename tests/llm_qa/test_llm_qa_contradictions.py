"""A reply that disagrees with the game's own state is found by code, offered to the planner as a lead, and
may then be quoted as evidence; a quote found nowhere, or a reply quoted where none was found, is not (the
claim stays a suspicion the planner sees)."""

from __future__ import annotations

import json

from loop.contract.game_client import GameObservation
from loop.llm.fake_server import FakeLLMServer
from loop.qa_agents.llm.contradictions import contradictions
from loop.qa_agents.llm.evidence import confidence
from loop.replay.transcript import Step
from loop.trace import read_trace

from .castle_model import DROPPED_TITLE, CastleModel, planner_requests, schema_name

HALL = {"room": {"id": "hall", "description": "A cold hall."}, "visible_items": ["lamp"], "inventory": []}


def played(command: str, reply: str, state: dict, before: dict | None = None) -> Step:
    return Step(1, command, before or HALL, GameObservation(message=reply, state=state))


def test_a_reply_that_takes_an_item_the_inventory_never_gets_is_a_contradiction():
    [found] = contradictions(played("take lamp", "You take the lamp.", HALL))

    assert '"You take the lamp."' in found and "inventory has no lamp" in found


def test_a_dropped_item_still_held_and_a_number_the_state_disagrees_with_are_contradictions():
    holding = {**HALL, "visible_items": [], "inventory": ["lamp"], "score": 15}

    found = contradictions(played("drop lamp", "Dropped: lamp. Score: 10.", holding, before=holding))

    assert len(found) == 2
    assert "inventory still has lamp" in found[0]
    assert found[1] == "the reply gives score as 10 but the state's score is 15"


def test_a_reply_that_agrees_with_its_state_or_refuses_gives_no_lead():
    taken = {**HALL, "visible_items": [], "inventory": ["lamp"], "score": 10}

    assert contradictions(played("take lamp", "You take the lamp. Score: 10.", taken)) == []
    assert contradictions(played("take lamp", "You can't reach the lamp.", HALL)) == []
    assert contradictions(played("look", "A cold hall. A lamp lies here.", HALL)) == []


def run(fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path, script: list[str], model: CastleModel):
    fake_llm.responder = model
    agent = make_agent()
    with castle_repo.running() as client:
        return agent.run_session(
            client, build_commit=castle_repo.commit, steps=len(script), seed=0, out_dir=tmp_path / "out"
        )


def test_a_suspicion_quoting_the_reply_that_contradicts_the_state_is_replayed_and_reported(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # CASTLE's look repeats a room description that a drop did not refresh: only the state shows the item.
    script = ["take matches", "drop matches", "look", "inventory"]
    model = CastleModel(script, claims={"look": DROPPED_TITLE}, honest=False, quote="current reply")

    result = run(fake_llm, make_agent, castle_repo, tmp_path, script, model)

    [report] = result.reports
    assert report.title == DROPPED_TITLE
    assert report.repro[-2:] == ["drop matches", "look"]
    assert report.confidence == confidence(2, 2, "current reply")
    lead = (
        "the state shows matches here (visible items) but the room description in the reply does not name it"
    )
    assert lead in str(planner_requests(fake_llm.model_requests())[-1].body)
    events = read_trace(result.trace_path)
    assert [e.command for e in events if e.kind == "contradiction"] == ["look"]
    [hypothesis] = [e for e in events if e.kind == "hypothesis"]
    assert hypothesis.observation["source"] == "current reply"


def test_a_quote_found_nowhere_or_a_reply_vouching_for_itself_is_not_pursued(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "inventory", "look"]
    claims = {"inventory": "Inventory is wrong", "look": "The hall is wrong"}
    model = CastleModel(script, claims=claims, honest=False, quote="current reply")

    result = run(fake_llm, make_agent, castle_repo, tmp_path, script, model)

    # no contradiction in either step: the replies may not be quoted, nothing is replayed or reported
    assert result.reports == []
    assert not [r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"]
    unsupported = [e for e in read_trace(result.trace_path) if e.kind == "unsupported"]
    assert [e.command for e in unsupported] == ["inventory", "look"]
    # a claim without evidence stays a lead for the planner, not a report
    last_plan = json.dumps(planner_requests(fake_llm.model_requests())[-1].body)
    assert "Suspected bugs still without evidence" in last_plan
    assert "- Inventory is wrong: after 'inventory'" in last_plan


def test_a_made_up_quote_is_not_pursued_even_where_the_reply_contradicts_the_state(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look"]
    model = CastleModel(
        script, claims={"look": DROPPED_TITLE}, honest=False, quote="The matches glow on the corridor floor."
    )

    result = run(fake_llm, make_agent, castle_repo, tmp_path, script, model)

    assert result.reports == []
    assert not [r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"]
    assert [e.command for e in read_trace(result.trace_path) if e.kind == "unsupported"] == ["look"]
