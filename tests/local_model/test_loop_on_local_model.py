"""closed-loop against a real llama.cpp server with the real Gemma 3 270M behind every model role: a short
loop on CASTLE (LLM QA agent, built-in repair agent), intake of a person's report, and a built-in repair
attempt. Each finishes with an outcome, and what closed-loop recorded (requests, tokens) matches what the
server itself logged and counted. The model is tiny: its findings are not a capability and are not checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flows.assembly import open_run
from flows.local_model import served_completions, server_metrics
from loop.contract.models import BugReport, BugType
from loop.loop_config import LoopConfig
from loop.rounds import run_rounds
from loop.run_record import RunRecord

from .conftest import LocalModel

pytestmark = pytest.mark.slow


class ServerLedger:
    """What the server did since this was made: the generations in its log, its token counters."""

    def __init__(self, model: LocalModel):
        self.model = model
        self.lines = len(served_completions(model.log_file.read_text()))
        self.metrics = server_metrics(model.port)

    def requests(self) -> list[int]:
        return served_completions(self.model.log_file.read_text())[self.lines :]

    def tokens(self) -> int:
        now, then = server_metrics(self.model.port), self.metrics
        names = ("prompt_tokens_total", "prompt_tokens_cached_total", "tokens_predicted_total")
        return int(sum(now[n] - then[n] for n in names))


def model_calls_in(transcripts: list[Path]) -> int:
    events = [json.loads(line) for path in transcripts for line in path.read_text().splitlines() if line]
    return sum(e.get("event") in ("model_call", "model_error") for e in events)


def test_a_short_loop_on_castle_runs_on_the_local_model(
    local_model: LocalModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # The loop's own steps, in process (as the flow runs them, without Prefect's server in the way).
    for name, value in local_model.exports.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))  # the ledger and QA memory of this test
    monkeypatch.setattr("loop.llm_qa.campaign.default_data_dir", lambda: tmp_path / "data")
    ledger = ServerLedger(local_model)
    config = LoopConfig(
        game="castle",
        qa_agent="llm",
        repair_agent="builtin",
        backend="process",
        max_rounds=1,
        steps=10,
        withhold_ground_truth=True,  # user mode: the judge is the only other model user
    )
    run = open_run(config, runs_dir=tmp_path / "runs", run_id="castle-local-model")
    run_rounds(run)

    runs = tmp_path / "runs"
    record = RunRecord.load(runs / "castle-local-model" / "run.json")
    assert record.status == "finished", record.stop_reason
    qa_requests = sum(s.qa_counts.get("requests", 0) for s in record.sessions)
    attempts = [a for s in record.sessions for a in s.attempts]
    transcripts = [Path(a.transcript_path) for a in attempts if a.transcript_path]
    served = ledger.requests()
    assert qa_requests > 0
    judge_calls = sum(s.judge_calls for s in record.sessions)
    assert len(served) == qa_requests + judge_calls + model_calls_in(transcripts)  # all reached this server
    recorded_tokens = sum(s.qa_tokens + s.judge_tokens for s in record.sessions)
    recorded_tokens += sum(a.tokens_in + a.tokens_out for a in attempts)
    assert recorded_tokens == ledger.tokens()
    assert all(s.qa_cost_usd == 0.0 for s in record.sessions)

    report = local_model.closed_loop("report", "castle-local-model", "--runs-dir", str(runs), timeout=300)
    assert report.returncode == 0, report.stderr
    assert (runs / "castle-local-model" / "report.md").read_text().startswith("#")


def test_intake_of_a_persons_report_runs_on_the_local_model(local_model: LocalModel, tmp_path: Path):
    report = tmp_path / "report.md"
    report.write_text(
        "I picked up the candlestick, walked north into the corridor and dropped it there. When I typed "
        "look, the room description did not mention the candlestick at all.\n"
    )
    ledger = ServerLedger(local_model)
    out = tmp_path / "intake"

    done = local_model.closed_loop("intake", "castle", str(report), "--out", str(out), timeout=1200)

    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]  # either verdict is fine
    verdict = json.loads((out / "intake.json").read_text())
    assert verdict["answer"] in ("reproduced", "not reproduced") and verdict["detail"]
    served = ledger.requests()
    assert served
    assert len(served) == verdict["counts"]["requests"]
    assert verdict["tokens"] == ledger.tokens() and verdict["cost_usd"] == 0.0


def test_the_builtin_repair_agent_runs_on_the_local_model(local_model: LocalModel, tmp_path: Path):
    bug = BugReport(
        title="A dropped item is missing from the room description",
        symptom="after dropping an item, look does not name it",
        expected="look names the item lying in the room",
        observed="the description leaves the item out",
        mechanic="drop",
        bug_type=BugType.OTHER,
        repro=["take candlestick", "north", "drop candlestick", "look"],
    )
    reports = tmp_path / "reports.json"
    reports.write_text(json.dumps([bug.model_dump(mode="json")]))
    ledger = ServerLedger(local_model)

    done = local_model.closed_loop(
        "repair", "castle", "--agent", "builtin", "--reports", str(reports), "--agent-option", "max_turns=4",
        "--wall-seconds", "600", "--runs-dir", str(tmp_path / "runs"), "--run-id", "repair-local",
        timeout=1200,
    )  # fmt: skip

    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]
    assert "=== attempt" in done.stdout and "detail:" in done.stdout
    transcripts = list((tmp_path / "runs" / "repair-local").rglob("transcript.jsonl"))
    served = ledger.requests()
    assert transcripts and served
    assert len(served) == model_calls_in(transcripts) <= 4
