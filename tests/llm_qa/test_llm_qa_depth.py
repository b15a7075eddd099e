"""Leads that live (a targeted retry before a drop, open leads carried on the commit) and checkpoints (a
stored prefix replayed without the planner; the game-command cap counts from it)."""

from __future__ import annotations

import json
from collections import Counter

from loop.llm.fake_server import FakeLLMServer
from loop.qa_agents.llm.agent import Settings
from loop.qa_agents.llm.campaign import GameMemory
from loop.qa_agents.llm.checkpoints import Checkpoint
from loop.trace import read_trace

from .castle_model import (
    DROPPED_TITLE,
    DUPLICATE_TITLE,
    LEAD_MARK,
    CastleModel,
    last_user,
    planner_requests,
    schema_name,
)


def test_an_absent_replay_is_retried_with_a_targeted_repro_that_confirms_it(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # The reflection claims the dropped-item bug after a `look` with nothing dropped: replaying those
    # commands cannot show it; the steps written for the suspicion can.
    targeted = ["take candlestick", "north", "drop candlestick", "look"]
    fake_llm.responder = CastleModel(
        ["take matches", "look"], claims={"look": DROPPED_TITLE}, lead_steps={DROPPED_TITLE: targeted}
    )
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=2, seed=0, out_dir=tmp_path / "out"
        )

    [report] = result.reports
    assert report.title == DROPPED_TITLE and report.repro[-2:] == ["drop candlestick", "look"]
    [written] = [r for r in fake_llm.model_requests() if schema_name(r) == "StepsToReproduce"]
    assert f"{LEAD_MARK}: take matches / look" in last_user(written)
    assert result.counts["leads_retried"] == 1 and result.counts["leads_confirmed"] == 1
    assert result.counts["leads_open"] == 0 and result.counts["hypotheses_dropped"] == 0
    events = [e.observation for e in read_trace(result.trace_path) if e.kind == "targeted"]
    assert events == [{"hypothesis": DROPPED_TITLE, "commands": targeted}]
    memory = GameMemory.load(agent.memory_file, "castle")
    assert memory.commits[castle_repo.commit].leads == []  # settled: no longer carried


def test_a_lead_without_evidence_is_carried_to_the_next_session_on_the_same_commit(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(
        ["take matches", "inventory"], claims={"inventory": DUPLICATE_TITLE}, quote="items never repeat here"
    )
    with castle_repo.running() as client:
        first = make_agent().run_session(
            client, build_commit=castle_repo.commit, steps=2, seed=0, out_dir=tmp_path / "one"
        )
        assert first.reports == [] and first.counts["leads_open"] == 1
        fake_llm.requests.clear()
        fake_llm.responder = CastleModel(["look"])
        second = make_agent().run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "two"
        )

    prompt = last_user(planner_requests(fake_llm.model_requests())[0])
    lead_line = next(line for line in prompt.splitlines() if DUPLICATE_TITLE in line)
    assert "after 'inventory'" in lead_line and "next check: find the words" in lead_line
    assert second.counts["leads_open"] == 1  # offered, not settled: still open
    memory = json.loads((tmp_path / "data" / "llm_qa" / "castle.json").read_text())
    [lead] = memory["commits"][castle_repo.commit]["leads"]
    assert lead["hypothesis"]["title"] == DUPLICATE_TITLE
    assert lead["commands"] == ["take matches", "inventory"]


def test_the_walkthrough_checkpoint_reaches_its_last_state_in_one_planner_call(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    walkthrough = castle_repo.game.walkthrough_commands(castle_repo.repo_dir)
    fake_llm.responder = CastleModel([walkthrough[-1]])
    agent = make_agent(mode="qa")

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "out"
        )

    assert len(planner_requests(fake_llm.model_requests())) <= 2
    steps = [e for e in read_trace(result.trace_path) if e.kind == "step" and e.command is not None]
    assert [e.command for e in steps] == walkthrough
    assert steps[-1].observation["success"] and steps[-1].observation["game_over"]
    assert result.counts["checkpoint_commands"] == len(walkthrough) - 1


def test_the_game_command_cap_counts_from_the_checkpoint(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    walkthrough = castle_repo.game.walkthrough_commands(castle_repo.repo_dir)
    fake_llm.responder = CastleModel(["look", "inventory"])
    agent = make_agent(mode="qa", settings=Settings(max_game_commands=3, checkpoint_every=2))

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=5, seed=0, out_dir=tmp_path / "out"
        )

    played = Counter(
        e.game_id for e in read_trace(result.trace_path) if e.kind == "step" and e.command is not None
    )
    # game 1: the checkpoint, then 3 planned commands; game 2 starts fresh (one game in two from a checkpoint)
    assert list(played.values()) == [len(walkthrough) - 1 + 3, 2]
    assert result.games_started == 2 and result.steps == 5


def test_a_checkpoint_that_no_longer_replays_is_dropped_with_a_note(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    agent = make_agent()
    memory = GameMemory(game="castle")
    broken = Checkpoint(source="reached", commands=["take matches", "take unicorn"], accepted=[True, True])
    memory.notes(castle_repo.commit).checkpoints = [broken]
    memory.save(agent.memory_file)
    fake_llm.responder = CastleModel(["look"])

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "out"
        )

    [note] = [e.observation for e in read_trace(result.trace_path) if e.kind == "checkpoint_dropped"]
    assert "`take unicorn` was accepted when stored, not now" in note["why"]
    assert result.counts["checkpoints_dropped"] == 1
    assert broken not in GameMemory.load(agent.memory_file, "castle").commits[castle_repo.commit].checkpoints


def test_the_prefix_that_reached_new_rooms_is_stored_and_starts_the_next_session(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    tour = ["take matches", "take candlestick", "north", "east", "open drawer", "take small key", "west"]
    tour += ["west", "read scroll"]  # the last new room (the one west of the corridor) at the 8th command
    fake_llm.responder = CastleModel(tour)
    with castle_repo.running() as client:
        make_agent().run_session(
            client, build_commit=castle_repo.commit, steps=len(tour), seed=0, out_dir=tmp_path / "one"
        )
        [stored] = GameMemory.load(make_agent().memory_file, "castle").commits[castle_repo.commit].checkpoints
        assert stored.source == "reached" and stored.commands == tour[:8]
        fake_llm.requests.clear()
        fake_llm.responder = CastleModel(["look"])
        second = make_agent().run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "two"
        )

    events = list(read_trace(second.trace_path))
    [start] = [e.observation for e in events if e.kind == "checkpoint"]
    assert start == {"source": "reached", "commands": 8}
    assert [e.command for e in events if e.kind == "step" and e.command] == [*tour[:8], "look"]
    assert len(planner_requests(fake_llm.model_requests())) == 1


def test_a_targeted_repro_with_a_command_longer_than_the_game_takes_drops_the_lead_and_plays_on(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    too_long = ["take candlestick", "north", "drop candlestick " + "very " * 60, "look"]
    fake_llm.responder = CastleModel(
        ["take matches", "look", "inventory"],
        claims={"look": DROPPED_TITLE},
        lead_steps={DROPPED_TITLE: too_long},
    )
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=3, seed=0, out_dir=tmp_path / "out"
        )

    assert result.steps == 3 and result.stopped_because == "step budget of 3 spent"
    assert (
        result.reports == [] and result.counts["leads_dropped"] == 1 and result.counts["leads_retried"] == 0
    )
    events = [e.observation for e in read_trace(result.trace_path) if e.kind == "targeted"]
    assert events == [{"hypothesis": DROPPED_TITLE, "commands": []}]


def test_no_earlier_steps_in_the_reflection_when_reflection_steps_is_zero(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(["take matches", "north", "south"], honest=False)
    agent = make_agent(settings=Settings(reflection_context=0))

    with castle_repo.running() as client:
        agent.run_session(client, build_commit=castle_repo.commit, steps=3, seed=0, out_dir=tmp_path / "out")

    [*_, last] = [last_user(r) for r in fake_llm.model_requests() if schema_name(r) == "ReflectionReply"]
    earlier = last.partition("Earlier steps of this game")[2].partition("The step to judge:")[0]
    assert "> take matches" not in earlier and "> north" not in earlier


def test_a_walkthrough_that_no_longer_replays_is_not_tried_again_on_the_same_commit(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    walkthrough_file = castle_repo.repo_dir / "docs" / "walkthrough.txt"
    commands = castle_repo.game.walkthrough_commands(castle_repo.repo_dir)
    walkthrough_file.write_text("\n".join([commands[0], "take unicorn", *commands[1:]]) + "\n")
    fake_llm.responder = CastleModel(["look"])

    with castle_repo.running() as client:
        first = make_agent(mode="qa").run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "one"
        )
        second = make_agent(mode="qa").run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "two"
        )

    assert first.counts["checkpoints_dropped"] == 1
    assert second.counts["checkpoints_dropped"] == 0 and second.counts["checkpoint_commands"] == 0
    notes = GameMemory.load(tmp_path / "data" / "llm_qa" / "castle.json", "castle").commits[
        castle_repo.commit
    ]
    assert "`take unicorn` was accepted when stored, not now" in notes.walkthrough_broken
