"""The LLM critic against a fake model that fails in every way a real one does: 429, 500, 529, a timeout,
a body cut short, a non-JSON body, a reply that is not the verdict, and one that never recovers."""

from __future__ import annotations

import json

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.models import BugReport, BugType
from loop.critic.llm import LLMCritic
from loop.llm import LLMClient, LLMSession, make_provider
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, error, garbage, reply, truncated


def report(title: str, mechanic: str, bug_type: BugType, repro: list[str]) -> BugReport:
    return BugReport(
        title=title,
        symptom=title,
        expected="",
        observed=title,
        mechanic=mechanic,
        bug_type=bug_type,
        repro=repro,
    )


KEY_LEAK = report(
    "Bedroom shows the small key while the drawer is closed",
    "room description",
    BugType.DESCRIPTION_FLAW,
    ["go corridor", "go bedroom", "look"],
)
DROPPED = report(
    "Dropped matches missing from the room description",
    "drop",
    BugType.DATA_INCONSISTENCY,
    ["take matches", "go corridor", "drop matches", "look"],
)
TWO_FRAGMENTS = report(
    "Key combined from two fragments", "combine", BugType.LOGIC_ERROR, ["combine fragments"]
)
UNLUCKY = report("The hall clock never ticks", "clock", BugType.OTHER, ["look"])

# What the fake model does for each report before it answers: each kind of failure, in order.
FAILURES = {
    KEY_LEAK.title: [error(429, retry_after=0.01), error(500)],
    DROPPED.title: [error(529), reply("slow", delay_s=3.0)],  # the second one outlives the request timeout
    TWO_FRAGMENTS.title: [truncated(), garbage(), reply("BUG-1, I am fairly sure.")],
    UNLUCKY.title: [error(500)] * 10,  # never recovers within the retries
}
VERDICTS = {KEY_LEAK.title: "BUG-2", DROPPED.title: "BUG-3", TWO_FRAGMENTS.title: "BUG-1"}


def flaky_model(request: RecordedRequest) -> ScriptedReply:
    prompt = json.dumps(request.body)
    title = next(t for t in FAILURES if json.dumps(t)[1:-1] in prompt)
    if FAILURES[title]:
        return FAILURES[title].pop(0)
    return reply(json.dumps({"match_id": VERDICTS.get(title, ""), "score": 0.9, "rationale": "same fault"}))


@pytest.fixture
def castle_benchmark() -> Benchmark:
    return Benchmark(load_game("castle"))


def test_the_llm_critic_rides_out_every_failure_and_counts_them(castle_benchmark, monkeypatch):
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with FakeLLMServer(responder=flaky_model) as fake:
        config = fake.llm_config(timeout_s=1.0, max_retries=3, max_invalid_replies=2)
        session = LLMSession()
        model = LLMClient(make_provider("openai", config), "gpt-4.1-mini", config=config, session=session)
        try:
            critic = LLMCritic(model)
            matches = critic.match([KEY_LEAK, DROPPED, TWO_FRAGMENTS, UNLUCKY], castle_benchmark)
        finally:
            model.close()

    by_title = {m.fingerprint: m for m in matches}
    assert [by_title[r.fingerprint].bug_id for r in (KEY_LEAK, DROPPED, TWO_FRAGMENTS)] == [
        "BUG-2",
        "BUG-3",
        "BUG-1",
    ]
    unlucky = by_title[UNLUCKY.fingerprint]
    assert unlucky.bug_id is None
    assert "500" in unlucky.rationale, unlucky.rationale  # the user can see why this report stayed unmatched
    assert critic.unjudged == 1

    totals = session.totals()
    # 429 + 500, 529 + timeout, truncated + garbage, and the four tries of the one that never recovers
    assert totals.failed_requests == 10
    assert totals.invalid_replies == 1  # the prose answer, sent back to the model with its error
    assert totals.requests == 10 + 1 + 3  # and one good verdict for each of the three that recovered
