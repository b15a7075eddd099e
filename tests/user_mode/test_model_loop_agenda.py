"""A loop run in QA mode with a model as QA agent: the session's test agenda lands in run.json and in the
run's report.md and report.html (rules tested, how, and left). Real CASTLE build (process sandbox), the
Prefect flow, the fake model scripted (tests/user_mode/loop_model.py plus an agenda reader); no number here
is a capability."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from loop.llm.fake_wire import ScriptedReply, reply
from tests.llm_qa.test_llm_qa_agenda import DROP_RULE, MADE_UP, TURN_RULE
from tests.user_mode.loop_model import WALK, LoopModel
from tests.user_mode.test_model_loop import model_env, prefect_api, run_loop  # noqa: F401  # fixtures

pytestmark = pytest.mark.slow


class AgendaLoopModel(LoopModel):
    """LoopModel, whose planner says its first command tests R2 and its `look` tests R1."""

    def answer_AgendaRules(self, request: Any) -> ScriptedReply:
        return reply(json.dumps({"rules": [DROP_RULE, TURN_RULE, MADE_UP]}))

    def answer_PlannerReply(self, request: Any) -> ScriptedReply:
        planned = json.loads(super().answer_PlannerReply(request).text)
        tests = {WALK[0]: "R2", "look": "R1"}.get(planned["command"], "")
        return reply(json.dumps({**planned, "tests_rule": tests}))


def test_a_qa_mode_run_reports_the_rules_its_session_tested_and_left(model_env):  # noqa: F811  # a fixture
    model_env.responder = AgendaLoopModel()

    record, report = run_loop(mode="qa", max_rounds=1, repair_agent="noop", withhold_ground_truth=True)

    agenda = record.sessions[0].qa_agenda
    assert agenda is not None and agenda.dropped_quotes == 1
    assert {r.id: r.outcome for r in agenda.rules} == {"R1": "broken", "R2": "held"}
    [broken] = [r for r in agenda.rules if r.outcome == "broken"]
    assert broken.report in record.bugs and broken.commands == ["look"]
    assert "## Rules of the docs (test agenda)" in report
    assert "Session 1: 2 of 2 rules tested (1 held, 1 broken), 0 left; 1 dropped" in report
    assert f"](bugs/{broken.report[:12]}" in report  # the broken rule links its bug file
    html = (Path(os.environ["CLOSED_LOOP_RUNS"]) / record.run_id / "report.html").read_text()
    assert "Rules of the docs (test agenda)" in html and "<td data-label='Outcome'>broken</td>" in html
