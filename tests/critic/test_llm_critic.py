import json

import pytest

from loop.critic import run_critics
from loop.critic.differential import DifferentialCritic
from loop.critic.llm import LLMCritic
from loop.llm import LLMClient, LLMSession, make_provider
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply
from loop.sandbox import get_provider
from tests.critic.conftest import DRAGON, DROPPED_BOOK, DROPPED_LAMP, KEY_LEAK, SEALED_DOOR, oracle_judge


def verdict(match_id: str, score: float, rationale: str = "") -> str:
    return json.dumps({"match_id": match_id, "score": score, "rationale": rationale})


def model_on(fake: FakeLLMServer, **overrides) -> LLMClient:
    config = fake.llm_config(**overrides)
    return LLMClient(
        make_provider("openai", config), "gpt-4.1-mini", config=config, session=LLMSession(), role="critic"
    )


def critic_reply(request):
    """A stand-in model that reads the report in the prompt the way a reader would."""
    prompt = json.dumps(request.body)
    report = prompt.split("predicted bug report:")[1].split("ground truth bug list:")[0]
    if "small key" in report:
        return reply(verdict("BUG-1", 0.9, "same hidden-key leak in the bedroom description"))
    if "lamp" in report:
        return reply(verdict("BUG-2", 0.8, "dropped item missing from the description"))
    if "book" in report:
        return reply(verdict("BUG-2", 0.95, "dropped item missing from the description"))
    if "dragon" in report:
        return reply(verdict("BUG-9", 0.9, "made-up id"))
    return reply(verdict("BUG-1", 0.3, "weak: both are descriptions"))


@pytest.fixture
def llm_model():
    with FakeLLMServer() as fake:
        fake.responder = critic_reply
        client = model_on(fake)
        yield fake, client
        client.close()


def test_llm_critic_matches_by_meaning_validates_ids_and_applies_the_threshold(llm_model, benchmark):
    fake, model = llm_model
    critic = LLMCritic(model, threshold=0.6)
    reports = [KEY_LEAK, DROPPED_LAMP, DROPPED_BOOK, DRAGON, SEALED_DOOR]
    matches = critic.match(reports, benchmark)
    assert [(m.bug_id, m.duplicate) for m in matches] == [
        ("BUG-1", False),
        ("BUG-2", True),
        ("BUG-2", False),
        (None, False),
        (None, False),
    ]
    assert "unknown id 'BUG-9'" in matches[3].rationale
    assert "score 0.30 < threshold 0.6: BUG-1 not matched" in matches[4].rationale
    assert critic.tokens > 0 and len(fake.requests) == 5
    # the ground truth reached the critic's prompt, and only the fields GBQA's critic reads
    sent = json.dumps(fake.requests[0].body)
    assert "observed_fault" in sent and "gold_patch" not in sent and "probe_" not in sent


def test_an_unusable_critic_reply_leaves_the_report_unmatched(benchmark):
    with FakeLLMServer(default=reply("I think it is BUG-1, probably.")) as fake:
        model = model_on(fake, max_invalid_replies=1)
        matches = LLMCritic(model).match([KEY_LEAK], benchmark)
        model.close()
    assert matches[0].bug_id is None and "unusable" in matches[0].rationale


@pytest.mark.slow
def test_differential_and_llm_critics_run_together_and_their_disagreements_are_listed(
    minigame, benchmark, repo, tmp_path
):
    repo_dir, commit = repo
    differential = DifferentialCritic(
        get_provider("process"), minigame.manifest, repo_dir, commit, oracle_judge, tmp_path / "variants"
    )
    with FakeLLMServer(
        default=reply(verdict("BUG-1", 0.7, "both are about what a room description says"))
    ) as fake:
        model = model_on(fake)
        panel = run_critics([differential, LLMCritic(model)], [KEY_LEAK, SEALED_DOOR], benchmark)
        model.close()
    assert [m.bug_id for m in panel.used()] == ["BUG-1", None]
    assert [(d.title, d.verdicts) for d in panel.disagreements] == [
        (SEALED_DOOR.title, {"differential": None, "llm": "BUG-1"})
    ]
