"""A loop run that uses the LLM layer: the LLM QA agent in QA mode (it reads the design docs and the source)
on a CASTLE copy with a ground-truth canary, against a fake model that also fails in every way a real one
does. The run finishes with the failures counted in run.json, and no prompt the model was sent holds the
canary."""

from __future__ import annotations

import itertools
import json
import uuid
from pathlib import Path

import pytest

from flows.assembly import open_run
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, error, garbage, reply, truncated
from loop.run.record import RunRecord
from tests.abuse.test_ground_truth_canary import plant_canary
from tests.faults.loop_driver import drive, offline_config
from tests.llm_qa.castle_model import CastleModel

pytestmark = pytest.mark.slow

FAILURES = [
    error(429, retry_after=0.01),
    error(500),
    error(529),
    reply("slow", delay_s=3.0),  # outlives CLOSED_LOOP_LLM_TIMEOUT
    truncated(),
    garbage(),
]


class FlakyModel:
    """Every third request fails, each kind of failure in turn; the others go to the scripted CASTLE model."""

    def __init__(self, model: CastleModel):
        self.model, self.count, self.failures = model, itertools.count(1), itertools.cycle(FAILURES)
        self.failed = 0

    def __call__(self, request: RecordedRequest) -> ScriptedReply:
        if next(self.count) % 3 == 0 and self.failed < 2 * len(FAILURES):
            self.failed += 1
            return next(self.failures)
        return self.model(request)


def test_an_llm_run_survives_model_failures_and_no_prompt_holds_the_ground_truth(tmp_path: Path, monkeypatch):
    canary = f"CANARY-{uuid.uuid4().hex}"
    game = plant_canary(tmp_path / "catalogue", canary)
    monkeypatch.setattr(
        "loop.qa_agents.llm.campaign.default_data_dir", lambda: tmp_path / "data"
    )  # own QA memory
    with FakeLLMServer() as fake:
        flaky = FlakyModel(CastleModel(["take matches", "north", "drop matches", "look"] * 2))
        fake.responder = flaky
        for name, value in {
            "OPENAI_API_KEY": "sk-fake-0000000000000000",
            "OPENAI_BASE_URL": fake.openai_base_url,
            "CLOSED_LOOP_MODEL": "openai:gpt-4.1-mini",
            "CLOSED_LOOP_LLM_TIMEOUT": "1",
            "CLOSED_LOOP_LLM_MAX_RETRIES": "3",
        }.items():
            monkeypatch.setenv(name, value)
        # the LLM critic is GBQA's: its own prompt holds the ground truth by design, so it is left out here
        config = offline_config(
            game=str(game), qa_agent="llm", critic="differential", mode="qa", steps=8, max_rounds=1
        )
        run = open_run(config, runs_dir=tmp_path / "runs")
        drive(run)
        prompts = [json.dumps(request.body) for request in fake.model_requests()]

    record = RunRecord.load(run.run_dir / "run.json")
    assert record.status == "finished", record.stop_reason
    session = record.sessions[0]
    assert session.qa_steps == 8
    assert flaky.failed > 0 and session.qa_counts["failed_requests"] >= flaky.failed, session.qa_counts
    assert session.qa_tokens > 0
    assert run.session_reports(1), "the LLM agent confirmed no report"

    assert any("CASTLE" in prompt for prompt in prompts)  # QA mode: the design docs went into the prompts
    leaked = [i for i, prompt in enumerate(prompts) if canary in prompt]
    assert not leaked, f"the ground-truth canary reached {len(leaked)} prompt(s)"
