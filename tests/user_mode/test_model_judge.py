"""Every report is judged again by what produced it: a report from the LLM QA agent (or a person) is replayed
and judged by a model; with no model, or a judge that fails, the answer is "cannot judge", never "fixed"."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport, BugType
from loop.judge.verdict import Judge, JudgeAnswer
from loop.llm import model_for
from loop.llm.fake_wire import error
from loop.run.lifecycle import BugStatus
from loop.run.record import TrackedBug
from loop.sandbox import BuildSpec, get_provider
from loop.verification.round_verification import Verdict, Verifier
from tests.llm_qa.castle_model import DROPPED_TITLE, CastleModel

pytestmark = pytest.mark.slow

LLM_REPORT = BugReport(
    title=DROPPED_TITLE,
    symptom="a dropped item is not in the room description",
    expected="`look` lists the matches that were just dropped here",
    observed="`look` does not mention the matches",
    mechanic="drop",
    bug_type=BugType.DATA_INCONSISTENCY,
    repro=["take matches", "drop matches", "look"],
    source="llm",
)


@pytest.fixture
def model(fake_llm, no_user_llm_settings, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-0000000000000000")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.openai_base_url)
    monkeypatch.setenv("CLOSED_LOOP_MODEL", "openai:gpt-4.1-mini")
    monkeypatch.setenv("CLOSED_LOOP_LLM_MAX_RETRIES", "0")
    fake_llm.responder = CastleModel([])
    return model_for("reflection")


def castle_at(tmp_path: Path, *gold: str) -> tuple[BuildSpec, Benchmark]:
    game = load_game("castle")
    benchmark = Benchmark(game)
    repo_dir, _ = materialize(game, tmp_path / "workspace")
    for bug_id in gold:  # the fix, as a repair agent would have committed it
        patch = benchmark.gold_patch(benchmark.bug(bug_id))
        subprocess.run(["git", "apply"], input=patch, text=True, cwd=repo_dir, check=True)
        subprocess.run(["git", "commit", "-qam", f"fix {bug_id}"], cwd=repo_dir, check=True)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo_dir, capture_output=True, text=True).stdout
    return BuildSpec(repo_dir, game.manifest, commit.strip(), run_id="judge"), benchmark


def judge_on(spec: BuildSpec, judge: Judge, report: BugReport = LLM_REPORT):
    with get_provider("process").start(spec) as build, GameClient(build.url) as client:
        return judge(report, client)


def test_the_model_judge_sees_an_llm_report_on_the_shipped_build_and_not_after_its_fix(tmp_path, model):
    shipped, _ = castle_at(tmp_path / "shipped")
    fixed, _ = castle_at(tmp_path / "fixed", "BUG-3")
    judge = Judge(model)

    on_shipped = judge_on(shipped, judge)
    on_fixed = judge_on(fixed, judge)

    assert (on_shipped.answer, on_shipped.judged_by) == (JudgeAnswer.PRESENT, "model")
    assert [command for command, _ in on_shipped.transcript][-1] == "look"
    assert on_fixed.answer == JudgeAnswer.ABSENT
    assert judge.model_calls == 2


def test_without_a_model_or_with_a_failing_one_the_answer_is_cannot_judge(tmp_path, model, fake_llm):
    shipped, _ = castle_at(tmp_path)
    assert judge_on(shipped, Judge(None)).answer == JudgeAnswer.CANNOT_JUDGE
    fake_llm.responder = lambda request: error(500)
    verdict = judge_on(shipped, Judge(model))
    assert verdict.answer == JudgeAnswer.CANNOT_JUDGE and "the judge failed" in verdict.detail


def test_cannot_judge_leaves_a_patched_bug_pending_never_fixed(tmp_path, model, fake_llm):
    spec, benchmark = castle_at(tmp_path, "BUG-3")
    bug = TrackedBug(fingerprint=LLM_REPORT.fingerprint, report=LLM_REPORT, status=BugStatus.PATCHED,
                     ground_truth_id="BUG-3", found_in_session=1)  # fmt: skip
    fake_llm.responder = lambda request: error(500)

    [check] = Verifier(get_provider("process"), spec, Judge(model), benchmark).run([bug], gate=False).bugs

    assert check.verdict == Verdict.CANNOT_JUDGE and check.target_status is None
    assert check.probe_fixed is True  # the probe knows, but it only scores: the bug stays pending
    assert "the judge failed" in check.detail


def test_a_wrong_fix_is_caught_by_the_replay_judge(tmp_path, model):
    spec, benchmark = castle_at(tmp_path, "BUG-2")  # a real patch, of another bug
    bug = TrackedBug(fingerprint=LLM_REPORT.fingerprint, report=LLM_REPORT, status=BugStatus.PATCHED,
                     ground_truth_id="BUG-3", found_in_session=1)  # fmt: skip

    [check] = Verifier(get_provider("process"), spec, Judge(model), benchmark).run([bug], gate=False).bugs

    assert (check.verdict, check.target_status) == (Verdict.STILL_OPEN, BugStatus.OPEN)
    assert check.probe_fixed is False and not check.false_fix
