"""The `command` agent: the CLI-adapter pattern (a real subprocess in the work tree, under the budget)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from repair_fixtures import CliIgnoringBudget, sleeping, unique_sleep, vault_report

from loop.repair.agents import AgentContext, UnknownAgent, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget

FIX = (
    "import json, sys, pathlib; reports = json.load(sys.stdin); print('fixing', reports[0]['title']); "
    "p = pathlib.Path('rules.py'); old = 'state[\"inventory\"].remove(noun)\\n'; "
    "p.write_text(p.read_text().replace(old, old + '        state[\"items\"].append(noun)\\n', 1))"
)


def command_agent(command: str):
    return create_agent("command", AgentContext(options={"command": command}))


def test_a_command_that_fixes_the_bug_is_patched_with_its_output_as_transcript(repair_round: RepairRound):
    agent = command_agent(f"python3 -c {shlex.quote(FIX)}")  # the sandbox's python, not ours
    attempt = repair_round.attempt(agent, [vault_report()], RepairBudget(wall_seconds=60))

    assert attempt.outcome == Outcome.PATCHED, attempt.detail
    transcript = Path(attempt.transcript or "").read_text()
    assert "fixing A dropped key vanishes" in transcript and "[exit 0]" in transcript


@pytest.mark.slow
def test_a_command_past_its_budget_is_stopped_as_agent_timeout(repair_round: RepairRound):
    seconds = unique_sleep()
    agent = command_agent(f"echo edit > rules.py; sleep {seconds} & wait")
    attempt = repair_round.attempt(agent, [vault_report()], RepairBudget(wall_seconds=2))

    assert attempt.outcome == Outcome.AGENT_TIMEOUT
    assert "def play" in (repair_round.branch.worktree_dir / "rules.py").read_text()
    assert sleeping(seconds) == [], "the command's child outlived its attempt"


def test_a_command_that_fails_is_an_agent_crash(repair_round: RepairRound):
    attempt = repair_round.attempt(command_agent("echo cannot; exit 3"), [vault_report()], RepairBudget())

    assert attempt.outcome == Outcome.AGENT_CRASH
    assert attempt.detail == "command exited 3: cannot"


def test_the_command_agent_needs_a_command():
    with pytest.raises(UnknownAgent, match="command="):
        create_agent("command")


@pytest.mark.slow
def test_a_cli_in_its_own_session_is_stopped_when_the_pipeline_stops_its_agent(repair_round: RepairRound):
    seconds = unique_sleep()
    attempt = repair_round.attempt(CliIgnoringBudget(seconds), [vault_report()], RepairBudget(wall_seconds=2))

    assert attempt.outcome == Outcome.AGENT_TIMEOUT
    assert sleeping(seconds) == [], "the CLI outlived its attempt"
