"""Memory: the planner's prompt stays bounded in a long session; what a session learns carries to the next."""

from __future__ import annotations

import json
import threading

import pytest

from loop.contract.game import materialize
from loop.llm.fake_server import FakeLLMServer
from loop.llm.tokens import estimate_tokens
from loop.qa import QASessionResult
from loop.qa_agents.llm.agent import Settings
from loop.qa_agents.llm.campaign import GameMemory

from .castle_model import DROPPED_TITLE, DUPLICATE_TITLE, CastleModel, planner_requests
from .conftest import CastleRepo

# A walk around the manor that takes, drops and looks; reflection is honest, so nothing is claimed here.
TOUR = [
    "look", "take matches", "take candlestick", "north", "east", "open drawer", "take small key", "west",
    "west", "read scroll", "east", "south", "east", "take bucket", "west", "inventory", "drop bucket",
    "look", "take bucket", "examine sealed door", "light candlestick", "down", "take key fragment c", "up",
]  # fmt: skip


def prompt_tokens(request) -> int:
    return estimate_tokens("\n".join(str(m.get("content") or "") for m in request.body["messages"]))


@pytest.mark.slow
def test_planner_prompt_at_step_300_stays_within_1_3x_of_step_30(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    model = CastleModel(TOUR)
    fake_llm.responder = model
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=300, seed=0, out_dir=tmp_path / "out"
        )

    assert result.steps == 300
    planned = planner_requests(fake_llm.model_requests())
    assert len(planned) == 300  # one planner request per step: no failures, no tools in player mode
    at_30, at_300 = prompt_tokens(planned[29]), prompt_tokens(planned[299])
    assert at_300 <= 1.3 * at_30, (at_30, at_300)
    # The fake summary model returns an ever longer summary; memory was folded and kept bounded anyway.
    assert result.counts["summary_folds"] >= 60
    assert model.seen["WorkingSummary"] == result.counts["summary_folds"]
    late_summary = planned[299].body["messages"][1]["content"]
    assert "visited_places" in late_summary and "after 'take matches'" in late_summary


@pytest.mark.slow
def test_cross_session_memory_marks_a_fixed_bug_fixed_and_never_reports_it_again(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look", "south"]
    agent = make_agent()
    fake_llm.responder = CastleModel(script)
    first_commit = castle_repo.commit
    with castle_repo.running() as client:
        first = agent.run_session(client, build_commit=first_commit, steps=5, seed=0, out_dir=tmp_path / "s1")
    assert [r.title for r in first.reports] == [DROPPED_TITLE]

    fixed_commit = castle_repo.fix("BUG-3")
    assert fixed_commit != first_commit
    # A stubborn reflection claims the same bug again after every look: only the replay can say no.
    fake_llm.responder = CastleModel(script, claims={"look": DROPPED_TITLE}, honest=False)
    requests_before = len(fake_llm.model_requests())
    with castle_repo.running() as client:
        second = agent.run_session(
            client, build_commit=fixed_commit, steps=5, seed=0, out_dir=tmp_path / "s2"
        )

    assert second.reports == []
    memory = json.loads(agent.memory_file.read_text())
    [bug] = memory["bugs"]
    assert bug["status"] == "fixed" and bug["checked_commit"] == fixed_commit
    assert [(h["commit"], h["status"]) for h in bug["history"]] == [
        (first_commit, "open"),
        (fixed_commit, "fixed"),
    ]
    assert set(memory["commits"]) == {first_commit, fixed_commit} and memory["last_commit"] == fixed_commit
    # Session 2 was told at its start what session 1 left: the bug, now fixed, and the earlier build's notes.
    first_plan = planner_requests(fake_llm.model_requests()[requests_before:])[0]
    system = first_plan.body["messages"][0]["content"]
    assert f"Known bug [fixed as of {fixed_commit[:12]}]: {DROPPED_TITLE}" in system  # no id to copy
    assert f"the notes below are from {first_commit[:12]}" in system
    assert "containers" in system  # a priority target session 1's distillation left


def test_without_folding_the_same_measure_shows_the_prompt_growing(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    """The bound above is the memory's doing: with a window that never folds, the prompt grows."""
    fake_llm.responder = CastleModel(TOUR)
    agent = make_agent(settings=Settings(window=1000, fold=4))

    with castle_repo.running() as client:
        agent.run_session(client, build_commit=castle_repo.commit, steps=40, seed=0, out_dir=tmp_path / "out")

    planned = planner_requests(fake_llm.model_requests())
    assert prompt_tokens(planned[39]) > 2 * prompt_tokens(planned[9])


@pytest.mark.slow
def test_a_fixed_bug_that_comes_back_is_reported_as_a_regression_of_the_same_bug(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look"]
    agent = make_agent()
    fake_llm.responder = CastleModel(script)
    results = []
    for number, change in enumerate([None, lambda: castle_repo.fix("BUG-3"), castle_repo.revert]):
        if change is not None:
            change()
        with castle_repo.running() as client:
            results.append(
                agent.run_session(
                    client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / f"s{number}"
                )
            )

    found, after_fix, after_revert = results
    assert [r.title for r in found.reports] == [DROPPED_TITLE]
    assert after_fix.reports == []
    [regression] = after_revert.reports
    assert regression.fingerprint == found.reports[0].fingerprint  # the same bug, not a new one
    [bug] = json.loads(agent.memory_file.read_text())["bugs"]
    assert [h["status"] for h in bug["history"]] == ["open", "fixed", "regressed"]
    assert bug["status"] == "regressed"


def test_game_over_starts_a_new_game(fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path):
    walkthrough = castle_repo.game.walkthrough_commands(castle_repo.repo_dir)
    fake_llm.responder = CastleModel([*walkthrough, "look"])
    agent = make_agent()

    with castle_repo.running() as client:
        result = agent.run_session(
            client,
            build_commit=castle_repo.commit,
            steps=len(walkthrough) + 1,
            seed=0,
            out_dir=tmp_path / "o",
        )

    assert result.games_started == 2
    last_plan = planner_requests(fake_llm.model_requests())[-1]
    assert '"won":false' in last_plan.body["messages"][1]["content"].split("Now (game 2")[1]


@pytest.mark.slow
def test_a_new_run_from_the_original_commit_sees_a_known_bug_of_its_own_line_not_a_regression(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look"]
    fake_llm.responder = CastleModel(script)
    agent = make_agent()  # one memory file for the game, as for two nightly runs
    for number, change in enumerate(
        [None, lambda: castle_repo.fix("BUG-3")]
    ):  # last night: found, then fixed
        if change is not None:
            change()
        with castle_repo.running() as client:
            agent.run_session(
                client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / f"n{number}"
            )

    tonight = CastleRepo(castle_repo.game, materialize(castle_repo.game, tmp_path / "tonight")[0])
    agent.prepare(
        tonight.game, tonight.repo_dir, "player"
    )  # a new run: the original commit, a new repository
    with tonight.running() as client:
        result = agent.run_session(
            client, build_commit=tonight.commit, steps=4, seed=0, out_dir=tmp_path / "t"
        )

    [report] = result.reports  # not skipped as "already known", not filed as a new bug either
    [bug] = json.loads(agent.memory_file.read_text())["bugs"]
    assert report.fingerprint == bug["id"]
    assert "regressed" not in [h["status"] for h in bug["history"]]
    events = [json.loads(line) for line in (tmp_path / "t" / "trace.jsonl").read_text().splitlines()]
    assert not [e for e in events if e.get("kind") == "regression"]


def test_two_sessions_at_once_on_one_commit_both_keep_what_they_found(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # The second session runs whole while the first is playing: it loads the memory after the first did,
    # and saves before it. The first one's save must not erase the second one's lead and session.
    reporting = CastleModel(["take matches", "north", "drop matches", "look"])
    suspicious = CastleModel(
        ["take matches", "inventory"], claims={"inventory": DUPLICATE_TITLE}, quote="items never repeat here"
    )
    fake_llm.responder = reporting
    first, second = make_agent(), make_agent()
    ran: list[QASessionResult] = []

    with castle_repo.running() as client:

        def meanwhile(line: str) -> None:
            if not ran and "report 1" in line:
                fake_llm.responder = suspicious
                out = tmp_path / "second"
                ran.append(
                    second.run_session(client, build_commit=castle_repo.commit, steps=2, seed=0, out_dir=out)
                )
                fake_llm.responder = reporting

        first.progress = meanwhile
        first.run_session(
            client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / "first"
        )

    assert ran and ran[0].counts["leads_open"] == 1
    memory = GameMemory.load(first.memory_file, "castle")
    notes = memory.commits[castle_repo.commit]
    assert notes.sessions == 2
    assert [bug.title for bug in memory.bugs] == [DROPPED_TITLE]
    assert [lead.title for lead in notes.leads] == [DUPLICATE_TITLE]


def test_two_sessions_saving_the_memory_at_the_same_moment_both_succeed(tmp_path):
    path = tmp_path / "llm_qa" / "castle.json"
    failures: list[str] = []

    def save_often(name: str) -> None:
        memory = GameMemory.load(path, "castle")
        for number in range(100):
            memory.notes(f"{name}-{number}")
            try:
                memory.save(path)
            except OSError as exc:  # the other writer moved the shared partial file away
                failures.append(repr(exc))
                return

    writers = [threading.Thread(target=save_often, args=(name,)) for name in ("a", "b")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()

    assert failures == []
    assert len(GameMemory.load(path, "castle").commits) == 200


def test_an_unreadable_memory_file_is_moved_aside_and_the_session_starts_afresh(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    cut_short = '{"schema_version": 1, "game": "castle", "commits": {"abc": {"sessions": 1, "leads": [{"hyp'
    fake_llm.responder = CastleModel(["look"])
    agent = make_agent()
    agent.memory_file.parent.mkdir(parents=True)
    agent.memory_file.write_text(cut_short)
    said: list[str] = []
    agent.progress = said.append

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "o"
        )

    assert result.steps == 1
    aside = agent.memory_file.with_name("castle.json.unreadable")
    assert aside.read_text() == cut_short
    assert [line for line in said if "QA memory starts afresh" in line and "castle.json.unreadable" in line]
    assert GameMemory.load(agent.memory_file, "castle").commits[castle_repo.commit].sessions == 1
