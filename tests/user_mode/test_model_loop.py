"""Whole loops with a model behind every agent, through the Prefect flow on real CASTLE builds (process
sandbox): the LLM QA agent finds bugs, the model judge replays them, the LLM critic scores them (benchmark
mode) and a repair agent patches them. The fake model (tests/user_mode/loop_model.py) reads what the game
answered; no number here is a capability claim."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.closed_loop import closed_loop
from loop.host.tool_install import find_or_install, tool_homes
from loop.ledger import Ledger
from loop.llm.fake_server import FakeLLMServer
from loop.qa_agents.llm.campaign import memory_path
from loop.repair.confinement import SANDBOX_WORKDIR
from loop.run.record import RunRecord, TrackedBug
from repair_agents import claude_code
from reports.table7 import table7_rows
from tests.llm_qa.castle_model import DROPPED_TITLE
from tests.user_mode.loop_model import NAMED_TITLE, WALK, LoopModel, judge_calls

pytestmark = pytest.mark.slow
CLAUDE = "claude-sonnet-4-6"


@pytest.fixture(scope="module")
def prefect_api():
    with prefect_test_harness(server_startup_timeout=120):
        yield


@pytest.fixture
def model_env(prefect_api, fake_llm: FakeLLMServer, no_user_llm_settings, tmp_path: Path, monkeypatch):
    """A model configured as a user would (a key and a base URL), runs and data of the test's own."""
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-0000000000000000")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.openai_base_url)
    monkeypatch.setenv("CLOSED_LOOP_MODEL", "openai:gpt-4.1-mini")
    monkeypatch.setenv("CLOSED_LOOP_LLM_MAX_RETRIES", "0")
    return fake_llm


def run_loop(**params) -> tuple[RunRecord, str]:
    """The flow with `auto` everywhere but what the test names: a model is configured, so model agents."""
    settings = dict(
        game="castle",
        backend="process",
        max_rounds=2,
        steps=len(WALK),
        reports_per_attempt="one",
        agent_options={"sandbox": "bubblewrap", "max_turns": "6"},
    )
    report_md = Path(closed_loop(**{**settings, **params}))
    return RunRecord.load(report_md.with_name("run.json")), report_md.read_text()


def assert_the_judge_caught_the_wrong_fix(record: RunRecord) -> tuple[TrackedBug, TrackedBug]:
    """The room text's real fix is verified by its replay; the drop's edit was patched, replayed, judged
    still there and reopened."""
    bugs = by_title(record)
    assert set(bugs) == {NAMED_TITLE, DROPPED_TITLE}, list(bugs)
    named, dropped = bugs[NAMED_TITLE], bugs[DROPPED_TITLE]
    first, second = record.sessions
    assert sorted(a.outcome for a in first.attempts) == ["patched", "patched"], first.attempts
    verdicts = {v.fingerprint: v for v in second.verifications}
    assert verdicts[named.fingerprint].verdict == "verified_fixed" and named.status == "verified_fixed"
    caught = verdicts[dropped.fingerprint]
    assert (caught.verdict, caught.judge) == ("still_open", "present")
    assert caught.detail.startswith("replay (model): judge: ")
    assert ("patched", "open") in moves(dropped) and dropped.status == "open", moves(dropped)
    return named, dropped


def by_title(record: RunRecord) -> dict[str, TrackedBug]:
    return {bug.report.title: bug for bug in record.bugs.values()}


def moves(bug: TrackedBug) -> list[tuple[str, str]]:
    return [(str(e.from_status), str(e.to_status)) for e in bug.history]


def test_model_agents_on_castle_with_ground_truth_score_right_and_the_judge_catches_a_wrong_fix(model_env):
    model = LoopModel()
    model_env.responder = model

    record, report = run_loop(critic="llm")

    assert record.status == "finished", record.stop_reason
    assert (record.config.qa_agent, record.config.repair_agent) == ("llm", "builtin")  # auto, with a model
    named, dropped = assert_the_judge_caught_the_wrong_fix(record)
    assert (named.ground_truth_id, dropped.ground_truth_id) == ("BUG-2", "BUG-3")  # the critic's score
    assert sorted(model.repairs) == sorted([NAMED_TITLE, DROPPED_TITLE])
    # the probes only score: they agree with the judge here, so no false fix is counted
    second = record.sessions[1]
    probes = {v.fingerprint: (v.probe_fixed, v.false_fix) for v in second.verifications}
    assert probes == {named.fingerprint: (True, False), dropped.fingerprint: (False, False)}
    assert judge_calls(model_env.model_requests()) >= 2

    # Table 7: session 1 found two of three, fixed none; session 2 verified one fix, the other failed
    rows = table7_rows(record)
    assert [r["Discovery / fixing"] for r in rows[:2]] == ["2/3, 0/3", "2/3, 1/3"]
    assert [r["Confirmed / fixed / regressed"] for r in rows[:2]] == ["2, 0, 0", "2, 1, 0"]
    assert "fix failed" in rows[1]["Verification / session result"]
    assert (second.metrics.discovered, second.metrics.fixed_verified, second.metrics.ground_truth_total) == (
        2,
        1,
        3,
    )
    for row in rows:
        assert row["Discovery / fixing"] in report and row["Verification / session result"] in report


def test_user_mode_decides_by_the_judge_alone_and_a_second_run_sees_no_false_regression_or_known_bug(
    model_env, tmp_path: Path
):
    """CASTLE with its ground truth withheld, twice on the same data directory (two nights): the first run
    verifies the fix the judge no longer sees and reopens the other; the second starts again from the
    game's original commit, where both bugs are back (its own line), and then its judge fails."""
    model_env.responder = LoopModel()
    first, first_report = run_loop(withhold_ground_truth=True)

    assert first.status == "finished" and first.ground_truth_withheld and first.ground_truth == []
    night_1 = by_title(first)
    assert set(night_1) == {NAMED_TITLE, DROPPED_TITLE}
    assert all(bug.ground_truth_id is None for bug in night_1.values())
    assert night_1[NAMED_TITLE].status == "verified_fixed"
    assert ("patched", "open") in moves(night_1[DROPPED_TITLE]) and night_1[DROPPED_TITLE].status == "open"
    rows = table7_rows(first)
    assert [r["Confirmed / fixed / regressed"] for r in rows[:2]] == ["2, 0, 0", "2, 1, 0"]
    assert {r["Discovery / fixing"] for r in rows} == {"-"}  # no ground-truth rates in user mode
    assert "fix failed" in rows[1]["Verification / session result"]
    assert rows[1]["Confirmed / fixed / regressed"] in first_report
    assert "critic: none (user mode" in first_report  # nothing scored this run

    # night 2: the judge answers until the repair starts, then its endpoint fails
    model = LoopModel(judge_fails_after_repair=True)
    model_env.responder = model
    second, second_report = run_loop(withhold_ground_truth=True)

    assert second.status == "finished" and second.base_commit != first.base_commit
    night_2 = by_title(second)
    # both bugs reported again under the same fingerprints (neither skipped as known, nor new, nor regressed)
    assert {t: b.fingerprint for t, b in night_2.items()} == {t: b.fingerprint for t, b in night_1.items()}
    assert all(b.found_in_session == 1 for b in night_2.values())
    assert not [e for b in night_2.values() for e in b.history if e.to_status == "regressed"]
    assert all(s.metrics.regressions == 0 for s in second.sessions)
    # ... though the ledger and the LLM QA's memory knew the room text's bug as fixed (on the other line)
    fixed_last_night = night_1[NAMED_TITLE].fingerprint
    assert second.ledger_baseline[fixed_last_night] == "verified_fixed"
    with Ledger() as ledger:
        events = [str(e.to_status) for bug in ledger.bugs("castle") for e in bug.events]
    assert "regressed" not in events
    memory = {b["id"]: b for b in json.loads(memory_path("castle", tmp_path / "data").read_text())["bugs"]}
    assert "fixed" in [h["status"] for h in memory[fixed_last_night]["history"]]
    assert not [h for b in memory.values() for h in b["history"] if h["status"] == "regressed"]

    # with the judge failing, no patched bug counts as fixed: each stays pending with the reason shown
    assert sorted(model.repairs) == sorted([NAMED_TITLE, DROPPED_TITLE])
    pending = second.sessions[1].verifications
    assert [v.verdict for v in pending] == ["cannot_judge", "cannot_judge"]
    assert all("the judge failed" in v.detail for v in pending)
    assert {b.status for b in night_2.values()} == {"patched"}
    assert second.sessions[1].metrics.fixes_verified == 0 and second.fixes is None
    assert "pending, cannot judge" in second_report and "the judge failed" in second_report


@pytest.fixture(scope="module")
def claude_homes() -> tuple[Path, ...]:
    """Claude Code and its Node.js, installed by the adapter's install code into the data dir's tool cache."""
    return tool_homes(find_or_install(claude_code.TOOL))


def link_tools(homes: tuple[Path, ...], data: Path) -> None:
    """The cached installs in the run's own data dir, hard-linked where the file system allows (a tool
    cache that is a symlink to another data dir would show the repair sandbox more than the tool)."""
    for home in homes:
        shutil.copytree(home, data / "tools" / home.name, symlinks=True, copy_function=link_or_copy)


def link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def test_claude_code_as_the_repair_agent_of_the_same_loop(model_env, claude_homes, tmp_path, monkeypatch):
    link_tools(claude_homes, tmp_path / "data")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", model_env.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake-key")
    model = LoopModel(claude_workdir=SANDBOX_WORKDIR)
    model_env.responder = model

    record, report = run_loop(
        critic="llm", repair_agent="claude-code", agent_options={"model": CLAUDE, "max_turns": "6"}
    )

    assert record.status == "finished", record.stop_reason
    assert_the_judge_caught_the_wrong_fix(record)
    assert {a.agent for a in record.sessions[0].attempts} == {"claude-code"}
    assert sorted(model.repairs) == sorted([NAMED_TITLE, DROPPED_TITLE])
    # Claude Code streamed its turns to the fake's messages endpoint, with the model it was given
    turns = [r for r in model_env.model_requests() if r.protocol == "messages" and r.body.get("tools")]
    assert len(turns) == 6 and all(r.stream and r.body["model"] == CLAUDE for r in turns)
    assert table7_rows(record)[1]["Confirmed / fixed / regressed"] == "2, 1, 0"
    assert "claude-code" in report
