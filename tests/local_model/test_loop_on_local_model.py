"""closed-loop against a real llama.cpp server with the real Gemma 3 270M, one server for the module: a short
loop on CASTLE with the server behind every role, and intake of a person's report, each finish, and what
closed-loop recorded (requests, tokens) matches what the server itself logged and counted. The model is tiny:
its findings are not a capability and are not checked. Budgets are small (a few minutes a test on 2 busy
cores): 8 QA steps, 3 repair turns, replies of at most 256 tokens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flows.local_model import served_completions, server_metrics

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


def repair_calls(run_dir: Path, record: dict) -> int:
    """The built-in repair agent's model calls, from the transcripts of the attempts run.json lists."""
    attempts = [a for session in record["sessions"] for a in session["attempts"]]
    return model_calls_in([run_dir / a["transcript_path"] for a in attempts if a["transcript_path"]])


def test_a_loop_on_castle_runs_every_role_on_the_local_model(local_model: LocalModel, tmp_path: Path):
    ledger = ServerLedger(local_model)
    runs = Path(local_model.env["CLOSED_LOOP_RUNS"])

    done = local_model.closed_loop(
        *("run", "castle", "--qa-agent", "llm", "--repair-agent", "builtin", "--agent-option", "max_turns=3"),
        *("--steps", "8", "--max-rounds", "2", "--no-ground-truth", "--backend", "process"),
        *("--run-id", "local-loop"),
        timeout=1500,
    )

    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    run_dir = runs / "local-loop"
    record = json.loads((run_dir / "run.json").read_text())
    assert record["status"] == "finished" and record["stop_reason"]
    assert record["config"]["qa_agent"] == "llm" and record["config"]["repair_agent"] == "builtin"
    sessions = record["sessions"]
    assert all(s["qa_counts"]["requests"] > 0 and s["qa_steps"] <= 8 for s in sessions)
    served = ledger.requests()
    recorded = sum(s["qa_counts"]["requests"] + s["judge_calls"] for s in sessions)
    recorded += repair_calls(run_dir, record)
    assert len(served) == recorded  # every model call of every role went to this server, and no other call
    tokens = sum(s["qa_tokens"] + s["judge_tokens"] for s in sessions)
    tokens += sum(a["tokens_in"] + a["tokens_out"] for s in sessions for a in s["attempts"])
    assert tokens == ledger.tokens()
    assert sum(s["qa_cost_usd"] for s in sessions) == 0.0
    report = local_model.closed_loop("report", "local-loop", "--md", "--runs-dir", str(runs), timeout=300)
    assert report.returncode == 0, report.stderr[-2000:]
    assert "| Session |" in report.stdout and "builtin" in report.stdout


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
