"""QA mode's test agenda: the docs become rules with checked quotes, once per commit; the planner is shown the
untested ones and says which one a command tests; the session result and the run's reports show what was
tested, how, and what was left. The model is scripted (a test double); the game is real CASTLE."""

from __future__ import annotations

import json
from typing import Any

from loop.contract.agenda import TestAgenda
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply, reply
from loop.qa import QASessionResult
from loop.run.config import LoopConfig
from loop.run.record import RunRecord, SessionRecord
from reports.html import render_run_html
from reports.writer import render_report_markdown

from .castle_model import DROPPED_TITLE, CastleModel, last_user, planner_requests, schema_name

DROP_RULE = {
    "rule": "a dropped item is named in the room's description at once",
    "quote": "puts it back on the floor of the current room, where it is visible and named",
}
TURN_RULE = {
    "rule": "every command counts one turn",
    "quote": "Every command, accepted or refused, counts one turn.",
}
EXIT_RULE = {
    "rule": "every exit can be walked back",
    "quote": "Every exit leads to a room whose reverse exit",
}
MADE_UP = {
    "rule": "the player can fly over the moat",
    "quote": "The player may fly over the moat at any time",
}
RULES = [DROP_RULE, TURN_RULE, EXIT_RULE, MADE_UP]
# command -> the agenda id the planner says it tests ("R9" is on no agenda)
PLAN = [("take matches", "R2"), ("north", "R9"), ("drop matches", ""), ("look", "R1")]


class AgendaModel(CastleModel):
    """CastleModel's planner, reflection and judge, plus an agenda reader that answers `rules` for any part
    of the docs, and a planner that names the rule each scripted command tests."""

    def __init__(self, plan: list[tuple[str, str]], rules: list[dict[str, str]], **options: Any):
        super().__init__([command for command, _ in plan], **options)
        self.tests = [rule for _, rule in plan]
        self.rules = rules

    def answer_AgendaRules(self, request: Any) -> ScriptedReply:
        return reply(json.dumps({"rules": self.rules}))

    def answer_PlannerReply(self, request: Any) -> ScriptedReply:
        planned = json.loads(super().answer_PlannerReply(request).text)
        tests = self.tests[(self.seen["PlannerReply"] - 1) % len(self.tests)]
        return reply(json.dumps({**planned, "tests_rule": tests}))


def agenda_requests(fake: FakeLLMServer) -> list[Any]:
    return [r for r in fake.model_requests() if schema_name(r) == "AgendaRules"]


def run_record(agenda: TestAgenda) -> RunRecord:
    session = SessionRecord(number=1, commit="c0ffee", qa_agenda=agenda)
    return RunRecord(
        run_id="run-1", config=LoopConfig(game="castle"), repo_dir="/x", base_commit="c0ffee",
        head_commit="c0ffee", sessions=[session],
    )  # fmt: skip


def test_a_model_following_the_agenda_leaves_the_rules_tested_and_left_in_the_result_and_the_report(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = AgendaModel(PLAN, RULES)
    agent = make_agent(mode="qa")

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=4, seed=0, out_dir=tmp_path / "o"
        )

    [report] = result.reports
    assert report.title == DROPPED_TITLE
    agenda = result.agenda
    assert agenda is not None
    assert [(r.id, r.rule) for r in agenda.rules] == [
        ("R1", DROP_RULE["rule"]),
        ("R2", TURN_RULE["rule"]),
        ("R3", EXIT_RULE["rule"]),
    ]  # the made-up quote is not in the docs: its rule is dropped and counted
    assert agenda.dropped_quotes == 1 and result.counts["agenda_dropped_quotes"] == 1
    tested = {r.id: (r.outcome, r.commands, r.report) for r in agenda.tested}
    assert tested == {
        "R1": ("broken", ["look"], report.fingerprint),
        "R2": ("held", ["take matches"], ""),
    }
    assert [r.id for r in agenda.left] == ["R3"]
    assert result.counts["agenda_unknown_rule_ids"] == 1  # "R9"

    planned = [last_user(r) for r in planner_requests(fake_llm.model_requests())]
    assert f"- R2: {TURN_RULE['rule']}" in planned[0] and f"- R3: {EXIT_RULE['rule']}" in planned[0]
    assert "- R2:" not in planned[1] and "- R3:" in planned[1]  # tested, no longer offered
    assert not [text for text in planned if "fly over the moat" in text]
    system = [
        r.body["messages"][0]["content"]
        for r in fake_llm.model_requests()
        if schema_name(r) == "ReflectionReply"
    ]
    assert f'in the docs\' words: "{TURN_RULE["quote"]}"' in system[0]  # "take matches" tests R2
    assert "in the docs' words" not in system[1]  # "north" named no rule on the agenda

    markdown = render_report_markdown(run_record(agenda))
    assert "Session 1: 2 of 3 rules tested (1 held, 1 broken), 1 left; 1 dropped" in markdown
    assert f"| R1: {DROP_RULE['rule']} | broken | look | {report.fingerprint[:12]} |" in markdown
    assert f"| R3: {EXIT_RULE['rule']} | untested | - | - |" in markdown
    html = render_run_html(run_record(agenda))
    assert "Rules of the docs (test agenda)" in html and "<td data-label='Outcome'>untested</td>" in html


def test_the_agenda_is_read_once_per_commit_and_kept_in_the_qa_memory(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    fake_llm.responder = AgendaModel(PLAN, RULES)
    sessions = []
    for number in range(2):
        agent = make_agent(mode="qa")
        with castle_repo.running() as client:
            sessions.append(
                agent.run_session(
                    client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / f"o{number}"
                )
            )
        if number == 0:
            assert len(agenda_requests(fake_llm)) == 1

    assert len(agenda_requests(fake_llm)) == 1  # the second session asked for none
    first, second = (s.agenda for s in sessions)
    assert first is not None and second is not None
    assert [r.quote for r in second.rules] == [r.quote for r in first.rules]
    assert second.dropped_quotes == 1
    assert [r.outcome for r in first.rules] == ["untested", "held", "untested"]
    assert [r.outcome for r in second.rules] == ["untested"] * 3  # its own tests: "north" named R9
    memory = json.loads((tmp_path / "data" / "llm_qa" / "castle.json").read_text())
    [kept] = [notes["agenda"] for notes in memory["commits"].values()]
    assert {r["outcome"] for r in kept["rules"]} == {"untested"}


def test_long_docs_are_read_whole_in_parts(fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path):
    design = castle_repo.repo_dir / "docs" / "design.md"
    late_rule = "Reading the sundial at noon always answers with the hour of twelve."
    design.write_text(design.read_text() + "\n" + "Background prose of the manor.\n" * 300 + late_rule + "\n")
    late = {"rule": "the sundial shows twelve at noon", "quote": late_rule}
    fake_llm.responder = AgendaModel([("look", "")], [late])
    agent = make_agent(mode="qa")

    with castle_repo.running() as client:
        result = agent.run_session(
            client, build_commit=castle_repo.commit, steps=1, seed=0, out_dir=tmp_path / "o"
        )

    parts = agenda_requests(fake_llm)
    assert len(parts) >= 2
    assert late_rule in last_user(parts[-1]) and late_rule not in last_user(parts[0])
    assert result.agenda is not None and [r.quote for r in result.agenda.rules] == [late_rule]


def one_qa_session(make_agent: Any, castle_repo: Any, tmp_path: Any, steps: int = 1) -> QASessionResult:
    with castle_repo.running() as client:
        result: QASessionResult = make_agent(mode="qa").run_session(
            client, build_commit=castle_repo.commit, steps=steps, seed=0, out_dir=tmp_path / "o"
        )
    return result


def test_a_rule_id_given_as_a_number_null_or_with_its_words_costs_no_command(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # A small model's `tests_rule`: a bare number, null, the id followed by the rule's words, "none". The
    # command is what matters; none of these may turn the planner's reply into a failure.
    plan: list[tuple[str, Any]] = [
        ("take matches", 2),
        ("north", None),
        ("look", "r3 (every exit can be walked back)"),
        ("south", "none"),
    ]
    fake_llm.responder = AgendaModel(plan, RULES)
    result = one_qa_session(make_agent, castle_repo, tmp_path, steps=4)

    assert result.steps == 4 and result.counts.get("repaired_replies", 0) == 0
    assert result.counts.get("agenda_unknown_rule_ids", 0) == 0  # "none" names no rule
    assert result.agenda is not None
    tested = {r.id: (r.outcome, r.commands) for r in result.agenda.tested}
    assert tested == {"R2": ("held", ["take matches"]), "R3": ("held", ["look"])}


class EveryLineARule(AgendaModel):
    """An agenda reader that makes a rule of every line of the part it is shown, however many."""

    def answer_AgendaRules(self, request: Any) -> ScriptedReply:
        lines = [line for line in last_user(request).splitlines() if line.startswith("The bell ")]
        return reply(json.dumps({"rules": [{"rule": line, "quote": line} for line in lines]}))


def test_huge_docs_cost_a_bounded_number_of_agenda_requests(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    design = castle_repo.repo_dir / "docs" / "design.md"
    bells = "".join(f"The bell of tower {n} rings {n} times at dusk.\n" for n in range(20_000))
    design.write_text(design.read_text() + bells)  # about 900,000 characters, over a hundred rules a part
    fake_llm.responder = EveryLineARule([("look", "")], [])
    result = one_qa_session(make_agent, castle_repo, tmp_path)

    assert result.agenda is not None and len(result.agenda.rules) == 40
    assert len(agenda_requests(fake_llm)) <= 3  # 25 a part are kept: the 40 are there after two or three
    assert result.agenda.docs_chars < len(bells) // 10


def test_docs_of_prose_only_are_read_in_at_most_ten_parts(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    design = castle_repo.repo_dir / "docs" / "design.md"
    design.write_text(design.read_text() + "Background prose of the manor.\n" * 30_000)
    fake_llm.responder = AgendaModel([("look", "")], [])
    result = one_qa_session(make_agent, castle_repo, tmp_path)

    assert len(agenda_requests(fake_llm)) == 10 and result.agenda is not None and result.agenda.rules == []


def test_a_quote_without_the_docs_markdown_marks_is_found(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # The docs say "at most **six** items" and "`take` moves ..."; a model quotes the words, not the marks.
    limit = {"rule": "the player carries at most six items", "quote": "The player carries at most six items."}
    take = {"rule": "take moves an item", "quote": "take moves a visible item into the inventory"}
    row = {"rule": "the hall leads north", "quote": "Hall | north corridor, east kitchen"}
    fake_llm.responder = AgendaModel([("look", "")], [limit, take, row, MADE_UP])
    result = one_qa_session(make_agent, castle_repo, tmp_path)

    assert result.agenda is not None
    assert [r.quote for r in result.agenda.rules] == [limit["quote"], take["quote"], row["quote"]]
    assert result.agenda.dropped_quotes == 1  # the made-up one still is


def test_a_rule_quoting_a_whole_section_keeps_a_short_quote_of_the_docs(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    # A model that "quotes" all of the docs, over several lines, for one rule: the words are the docs', but
    # the reflection of every step testing it would read the docs twice.
    design = (castle_repo.repo_dir / "docs" / "design.md").read_text()
    whole = {"rule": "the game\nfollows its design", "quote": design}
    fake_llm.responder = AgendaModel([("look", "R1")], [whole])
    result = one_qa_session(make_agent, castle_repo, tmp_path)

    assert result.agenda is not None
    [rule] = result.agenda.rules
    assert rule.rule == "the game follows its design" and rule.outcome == "held"
    assert len(rule.quote) <= 300 and " ".join(design.split()).startswith(rule.quote.removesuffix("..."))
    [reflection] = [r for r in fake_llm.model_requests() if schema_name(r) == "ReflectionReply"]
    text = "\n".join(str(m["content"]) for m in reflection.body["messages"])
    last_line = [line for line in design.splitlines() if line.strip()][-1].strip()
    assert text.count(last_line) == 1  # the docs once; the rule's quote does not bring them again


def test_an_agenda_reply_with_broken_entries_keeps_the_good_ones(
    fake_llm: FakeLLMServer, make_agent, castle_repo, tmp_path
):
    broken: list[Any] = [{"rule": "no quote at all"}, {"rule": 7, "quote": None}, "just a sentence", None]
    fake_llm.responder = AgendaModel([("take matches", "R1")], [*broken, TURN_RULE])

    result = one_qa_session(make_agent, castle_repo, tmp_path)

    assert result.agenda is not None and [r.quote for r in result.agenda.rules] == [TURN_RULE["quote"]]
    assert result.counts.get("repaired_replies", 0) == 0 and result.agenda.rules[0].outcome == "held"
