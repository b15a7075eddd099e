"""What code decides about a suspicion, whatever the model says: evidence, sameness, confidence.

The fake model is scripted as a gullible one: it calls every refusal and every unmet expectation a bug, with
its own guess or the refusal itself as "evidence". None of that may reach a replay; a real bug with a real
quote still becomes a report; a reworded duplicate is the same bug; a made-up id changes nothing.
"""

from __future__ import annotations

from loop.llm.fake_server import FakeLLMServer
from loop.trace import read_trace

from .castle_model import DROPPED_TITLE, CastleModel, schema_name

# Refusals (no exit, an item not here, a door that needs a key) and a real bug (drop, then look).
SCRIPT = ["west", "take lamp", "unlock sealed door", "take matches", "north", "drop matches", "look"]


def run(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path, model: CastleModel, name: str, steps: int
):
    fake_llm.responder = model
    agent = make_agent()
    with castle_repo.running() as client:
        return agent, agent.run_session(
            client, build_commit=castle_repo.commit, steps=steps, seed=0, out_dir=tmp_path / name
        )


def judged_titles(fake_llm: FakeLLMServer) -> list[str]:
    requests = [r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"]
    return [str(r.body["messages"][1]["content"]).splitlines()[0] for r in requests]


def test_a_gullible_model_s_refusals_and_wrong_guesses_never_reach_a_replay_and_the_real_bug_is_reported(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    model = CastleModel(SCRIPT, gullible=True)
    _, result = run(fake_llm, make_agent, castle_repo, tmp_path, model, "g", len(SCRIPT))

    events = list(read_trace(result.trace_path))
    unsupported = [e.observation["title"] for e in events if e.kind == "unsupported"]
    # Every step but the real bug was called a bug by the model, and stopped by the evidence check.
    assert len(unsupported) == len(SCRIPT) - 1
    assert {"Refused: west", "Refused: take lamp", "Refused: unlock sealed door"} <= set(unsupported)
    # Only the real bug was ever replayed and judged.
    assert judged_titles(fake_llm) and all(
        t == f"Claimed bug: {DROPPED_TITLE}" for t in judged_titles(fake_llm)
    )
    [report] = result.reports
    assert report.title == DROPPED_TITLE and report.repro == ["take matches", "drop matches", "look"]
    assert 'why it is a bug: "Dropped: matches."' in report.evidence
    # The reflection was told the guards and given the game's command list to judge against.
    reflection = next(r for r in fake_llm.model_requests() if schema_name(r) == "ReflectionReply")
    system = reflection.body["messages"][0]["content"]
    assert "A failed or refused command alone is not evidence" in system and "Verbs: look" in system


def test_a_reworded_duplicate_is_the_same_bug_and_is_never_replayed_again(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # The same anomaly twice in one session, then again in a second session: each time with a new title.
    script = ["take matches", "north", "drop matches", "look", "look"]
    agent, first = run(fake_llm, make_agent, castle_repo, tmp_path, CastleModel(script, reword=True), "a", 5)
    judged_in_first = len(judged_titles(fake_llm))
    fake_llm.responder = CastleModel(script, reword=True)
    fake_llm.responder.claimed = 5  # every claim of the second session is worded anew
    with castle_repo.running() as client:
        second = agent.run_session(
            client, build_commit=castle_repo.commit, steps=5, seed=0, out_dir=tmp_path / "b"
        )

    [report] = first.reports
    assert second.reports == []
    kinds = [e.kind for e in read_trace(first.trace_path)]
    assert kinds.count("duplicate") == 1 and kinds.count("report") == 1
    second_events = list(read_trace(second.trace_path))
    known = [e for e in second_events if e.kind == "known"]
    assert len(known) == 2 and all("seen again" in e.observation["hypothesis"] for e in known)
    assert known[0].observation["known"] == report.fingerprint
    assert len(judged_titles(fake_llm)) == judged_in_first  # nothing replayed in the second session


def test_a_made_up_id_in_the_reply_changes_nothing(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look"]
    _, plain = run(fake_llm, make_agent, castle_repo, tmp_path, CastleModel(script), "p", 4)
    castle_repo_b = tmp_path / "b"
    made_up = CastleModel(script, extra={"same_as": "0123456789ab", "id": "deadbeef0000"})
    fake_llm.responder = made_up
    agent = make_agent()
    agent.data_dir = castle_repo_b  # a memory of its own: the first run's bug is not known here
    with castle_repo.running() as client:
        tagged = agent.run_session(
            client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / "t"
        )

    [a], [b] = plain.reports, tagged.reports
    assert (a.title, a.repro, a.fingerprint, a.confidence) == (b.title, b.repro, b.fingerprint, b.confidence)
    assert "0123456789ab" not in b.model_dump_json() and "deadbeef0000" not in b.model_dump_json()
