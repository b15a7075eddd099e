"""What the models see: the planner's pinned command language, state diffs, coverage and notes; the judges'
knowledge; the replay judge as a function of a claim and a replay; and no game named by any template."""

from __future__ import annotations

import re
from pathlib import Path

from games.catalogue import load_game
from loop.judge.model_judge import Claim, judge_replay, judge_report, judge_with
from loop.llm import prompting
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import tool_call
from loop.llm.roles import ModelRoles
from loop.llm.session import LLMSession
from loop.replay.transcript import play

from .castle_model import DROPPED_TITLE, DUPLICATE_TITLE, CastleModel, planner_requests, schema_name
from .test_llm_qa_memory import TOUR

GAMES = ("blitz", "castle", "colony", "crawl", "logic", "siege")
REPO = Path(__file__).resolve().parents[2]


def test_the_planner_keeps_the_command_language_diffs_coverage_and_its_notes_and_sees_each_step_once(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(TOUR)
    agent = make_agent()
    with castle_repo.running() as client:
        help_text = play(client, ["help"])[-1].message
        agent.run_session(client, build_commit=castle_repo.commit, steps=40, seed=0, out_dir=tmp_path / "o")

    planned = planner_requests(fake_llm.model_requests())
    late = planned[39].body["messages"][1]["content"]
    assert help_text in late  # pinned, though no step of the session ever sent `help`
    assert "Verbs the game accepted so far: look, take" in late
    assert re.search(r"^Not tried yet: verbs: .*\bunlock\b", late, re.MULTILINE)
    assert "changed: turn" in late and "inventory +" in "\n".join(
        p.body["messages"][1]["content"] for p in planned
    )
    assert "sent " in late.split("Your notes and findings:")[1].splitlines()[0]  # notes kept across steps
    # The current step is shown once, with its state; earlier records carry diffs, not states.
    now = late.split("Now (game")[1]
    earlier = late.split("Earlier steps, oldest first")[1].split("Now (game")[0]
    assert "state: {" in now and "state: {" not in earlier
    assert f"step {agent_steps(late)}]" not in earlier


def agent_steps(prompt: str) -> int:
    """The step number of the current step: the last record shown is the step before it."""
    numbers = [int(n) for n in re.findall(r"\[game \d+, step (\d+)\]", prompt)]
    return max(numbers) + 1


def test_qa_mode_keeps_tool_findings_and_gives_the_reflection_the_docs(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = CastleModel(
        ["look", "take matches", "look"],
        tool_calls=[tool_call("search_source", text="def _do_drop")],
    )
    agent = make_agent(mode="qa")
    with castle_repo.running() as client:
        agent.run_session(client, build_commit=castle_repo.commit, steps=3, seed=0, out_dir=tmp_path / "o")

    last = planner_requests(fake_llm.model_requests())[-1].body["messages"][1]["content"]
    assert "search_source" in last and "_do_drop" in last  # a finding from step 1, still there at step 3
    reflection = next(r for r in fake_llm.model_requests() if schema_name(r) == "ReflectionReply")
    assert "CASTLE: design" in reflection.body["messages"][0]["content"]


def test_the_replay_judge_is_a_function_of_a_claim_and_a_replay(fake_llm: FakeLLMServer, castle_repo):
    fake_llm.responder = CastleModel([])
    models = ModelRoles.configured(fake_llm.llm_config(), LLMSession())
    claim = Claim(
        title=DROPPED_TITLE,
        expected="look names the dropped matches",
        observed="the matches are not named",
        repro=["take matches", "north", "drop matches", "look"],
    )
    try:
        with castle_repo.running() as client:
            shown = judge_replay(models, claim, play(client, claim.repro), knowledge="(docs)")
            castle_repo.fix("BUG-3")
        with castle_repo.running() as client:
            fixed = judge_replay(models, claim, play(client, claim.repro), knowledge="(docs)")
        other = claim.model_copy(update={"title": DUPLICATE_TITLE})
        with castle_repo.running() as client:
            absent = judge_replay(models, other, play(client, claim.repro))
            # The same question to a bare chat model, as a loop-level judge holds one.
            alone = judge_with(models.reflection, other, play(client, claim.repro))
    finally:
        models.close()

    assert (shown.verdict, fixed.verdict, absent.verdict, alone.verdict) == (
        "present",
        "absent",
        "absent",
        "absent",
    )
    assert shown.present and shown.reason
    request = next(r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement")
    user = request.body["messages"][1]["content"]
    assert (
        "the claim is about the final command, `look`" in user
        and "Earlier commands, in order: take matches" in user
    )
    assert list(request.body["response_format"]["json_schema"]["schema"]["properties"]) == [
        "reason",
        "verdict",
    ]


def test_a_replay_the_judge_cannot_judge_stays_a_lead_and_is_not_dropped(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    script = ["take matches", "north", "drop matches", "look"]
    fake_llm.responder = CastleModel(script, judge_says="cannot judge")
    agent = make_agent()
    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / "o"
        )

    assert result.reports == [] and result.counts["hypotheses_dropped"] == 0
    notes = agent.memory_file.read_text()
    assert "replay undecided: cannot judge" in notes


def test_no_template_names_a_game_and_every_reply_schema_puts_the_verdict_last():
    texts = [p.read_text().lower() for p in (REPO / "loop/llm/prompts").glob("*.md")]
    texts += [p.read_text().lower() for p in (REPO / "repair_agents/prompts").glob("*.md")]
    names = {word.lower() for game in GAMES for word in (game, load_game(game).manifest.title)}
    assert not [name for name in names for text in texts if re.search(rf"\b{name}\b", text)]
    for name in ("reflection", "replay_judge"):
        fields = list(prompting.template(name).reply.model_json_schema()["properties"])
        assert fields[-1] == "verdict" and fields[0] in ("analysis", "reason")


def test_any_report_can_be_re_judged_on_a_new_build(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    """A report from a session, judged again on the build before and after its fix."""
    fake_llm.responder = CastleModel(["take matches", "north", "drop matches", "look"])
    agent = make_agent()
    with castle_repo.running() as client:
        [report] = agent.run_session(
            client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / "o"
        ).reports
        still = judge_report(agent.models, client, report)
    castle_repo.fix("BUG-3")
    with castle_repo.running() as client:
        fixed = judge_report(agent.models, client, report)

    assert Claim.of_report(report).evidence == "Dropped: matches."
    assert (still.verdict, fixed.verdict) == ("present", "absent")
    last = [r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement"][-1]
    assert 'Why it is a bug (quoted): "Dropped: matches."' in last.body["messages"][1]["content"]
