"""Intake: a tester's report becomes steps, played on a fresh CASTLE, answered with a transcript."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply
from loop.llm.roles import ModelRoles
from loop.llm.session import LLMSession
from loop.qa_agents.intake.report_intake import intake
from loop.qa_agents.llm.evidence import confidence
from loop.qa_agents.llm.repo_tools import RepoReader

from .castle_model import CastleModel, last_user, schema_name

BUG_3_REPORT = """\
# Dropped things vanish from the room text

I was carrying the candlestick from the hall. In the corridor I dropped it to free my hands, then typed
`look` to check. The room description did not mention the candlestick at all, although `take candlestick`
still worked afterwards. I expected the corridor's description to list it under "You see".
"""

MADE_UP_REPORT = """\
# Matches counted twice

After I picked up the matches and then the candlestick in the hall, my inventory listed the matches twice.
"""


@pytest.fixture
def models(fake_llm: FakeLLMServer):
    fake_llm.responder = CastleModel([])
    roles = ModelRoles.configured(fake_llm.llm_config(), LLMSession())
    yield roles
    roles.close()


def docs_of(castle_repo) -> str:
    return RepoReader(castle_repo.repo_dir, castle_repo.game.manifest.qa_docs).docs_text()


def test_intake_reproduces_a_human_report_of_the_dropped_item_bug(fake_llm, models, castle_repo):
    with castle_repo.running() as client:
        verdict = intake(
            BUG_3_REPORT,
            client,
            models,
            game_title="CASTLE",
            docs=docs_of(castle_repo),
            walkthrough=castle_repo.game.walkthrough_commands(castle_repo.repo_dir),
            build_commit="abc",
        )

    assert verdict.reproduced and verdict.answer == "reproduced"
    report = verdict.report
    assert report is not None and report.source == "intake" and report.build_commit == "abc"
    assert report.repro == ["take candlestick", "north", "drop candlestick", "look"]
    [attempt] = verdict.attempts
    assert [row["command"] for row in attempt.transcript][-2:] == ["drop candlestick", "look"]
    assert "candlestick" not in attempt.transcript[-1]["reply"]
    synthesis = next(r for r in fake_llm.model_requests() if schema_name(r) == "StepsToReproduce")
    assert "CASTLE: design" in synthesis.body["messages"][0]["content"]  # the game's docs as knowledge
    assert "I dropped it to free my hands" in synthesis.body["messages"][1]["content"]
    assert "A walkthrough that wins the game" in synthesis.body["messages"][0]["content"]
    # The judge reads the person's own words, not the synthesizer's paraphrase.
    judged = next(r for r in fake_llm.model_requests() if schema_name(r) == "ReplayJudgement")
    assert "I dropped it to free my hands" in judged.body["messages"][1]["content"]
    assert report.confidence == confidence(2, 2, "person's report")


def test_intake_answers_not_reproduced_for_a_made_up_report(fake_llm, models, castle_repo):
    with castle_repo.running() as client:
        verdict = intake(MADE_UP_REPORT, client, models, game_title="CASTLE", docs=docs_of(castle_repo))

    assert not verdict.reproduced and verdict.report is None
    assert len(verdict.attempts) == 2  # the synthesizer saw the first transcript and tried once more
    assert verdict.attempts[0].transcript[-1]["state"]["inventory"] == ["matches", "candlestick"]
    second = [r for r in fake_llm.model_requests() if schema_name(r) == "StepsToReproduce"][1]
    feedback = second.body["messages"][1]["content"]
    assert "the anomaly did not show" in feedback
    # Every command of the first try comes back with the game's reply, not a clipped JSON dump.
    for command in ("take matches", "take candlestick", "inventory"):
        assert f"> {command}\n" in feedback
    assert '"state"' not in feedback


def test_intake_on_the_patched_game_no_longer_reproduces_the_dropped_item_bug(fake_llm, models, castle_repo):
    castle_repo.fix("BUG-3")
    with castle_repo.running() as client:
        verdict = intake(BUG_3_REPORT, client, models, game_title="CASTLE", docs=docs_of(castle_repo))

    assert not verdict.reproduced
    assert "candlestick" in verdict.attempts[0].transcript[-1]["reply"]


def run_cli(fake: FakeLLMServer, *args: str, data_dir: Path) -> subprocess.CompletedProcess:
    env = {
        **{
            k: v for k, v in os.environ.items() if not k.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_"))
        },
        "CLOSED_LOOP_MODEL": "openai:gpt-4.1-mini",
        "OPENAI_API_KEY": "sk-fake-0000000000000000",
        "OPENAI_BASE_URL": fake.openai_base_url,
        "CLOSED_LOOP_LLM_TIMEOUT": "10",
        "CLOSED_LOOP_DATA": str(data_dir),
    }
    return subprocess.run(
        [sys.executable, "-m", "flows.cli", *args], capture_output=True, text=True, timeout=300, env=env
    )


@pytest.mark.slow
def test_intake_command_answers_reproduced_and_not_reproduced_with_transcripts(
    fake_llm: FakeLLMServer, tmp_path
):
    fake_llm.responder = CastleModel([])
    (tmp_path / "bug3.md").write_text(BUG_3_REPORT)
    (tmp_path / "madeup.md").write_text(MADE_UP_REPORT)

    found = run_cli(
        fake_llm,
        "intake",
        "castle",
        str(tmp_path / "bug3.md"),
        "--out",
        str(tmp_path / "a"),
        data_dir=tmp_path,
    )
    made_up = run_cli(
        fake_llm,
        "intake",
        "castle",
        str(tmp_path / "madeup.md"),
        "--out",
        str(tmp_path / "b"),
        data_dir=tmp_path,
    )

    assert found.returncode == 0, found.stderr
    assert "intake: reproduced" in found.stdout and "> drop candlestick" in found.stdout
    saved = json.loads((tmp_path / "a" / "intake.json").read_text())
    assert saved["answer"] == "reproduced" and saved["report"]["source"] == "intake"
    assert saved["tokens"] > 0 and saved["counts"]["requests"] == 2
    assert len(list((tmp_path / "a").glob("report-01-*.md"))) == 1
    assert made_up.returncode == 1, made_up.stderr
    assert "intake: not reproduced" in made_up.stdout and "> inventory" in made_up.stdout
    assert json.loads((tmp_path / "b" / "intake.json").read_text())["report"] is None


def test_intake_command_without_a_model_is_a_one_line_error(tmp_path):
    (tmp_path / "r.md").write_text(BUG_3_REPORT)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_"))}
    done = subprocess.run(
        [sys.executable, "-m", "flows.cli", "intake", "castle", str(tmp_path / "r.md")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "needs a model" in done.stderr


class LongWinded(CastleModel):
    """Writes one command longer than the game takes, then, told so, the real steps."""

    def answer_StepsToReproduce(self, request):
        if "longer than the game takes" in last_user(request):
            return super().answer_StepsToReproduce(request)
        written = json.loads(super().answer_StepsToReproduce(request).text)  # the real steps' fields
        written["commands"] = ["take candlestick", "north", "drop " + "candlestick " * 30]
        return reply(json.dumps(written))


def test_intake_tells_the_writer_a_step_is_too_long_and_tries_again(fake_llm, models, castle_repo):
    fake_llm.responder = LongWinded([])
    with castle_repo.running() as client:
        verdict = intake(BUG_3_REPORT, client, models, game_title="CASTLE", docs=docs_of(castle_repo))

    first, second = verdict.attempts
    assert "step 3 is 365 characters, longer than the game takes (200)" in first.reason
    assert [row["command"] for row in first.transcript][1:] == ["take candlestick", "north"]
    assert verdict.reproduced and second.steps.commands[-1] == "look"
