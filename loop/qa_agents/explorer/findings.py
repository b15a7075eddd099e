"""From a confirmed anomaly to a BugReport: shrink the trigger, confirm on a fresh game, fill the fields."""

from __future__ import annotations

import time
from dataclasses import dataclass

from loop.contract.game_client import GameClient, GameProtocolError, GameServerError, GameUnavailable
from loop.contract.models import BugReport
from loop.qa_agents.explorer.experiments import Trial
from loop.qa_agents.explorer.oracle_set import experiment_of
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.report_replay import evidence_of
from loop.replay.shrink import ddmin
from loop.replay.transcript import Step
from loop.trace import SessionTrace


def fingerprint_key(oracle: str, subject: str) -> str:
    return f"{oracle}|{subject}".lower()


@dataclass(frozen=True)
class Finding:
    """An anomaly seen during exploration, with the commands from a new game that led to it."""

    anomaly: Anomaly
    commands: list[str]

    @property
    def key(self) -> str:
        return fingerprint_key(self.anomaly.oracle, self.anomaly.subject)


@dataclass(frozen=True)
class ExplainedAway:
    """A finding that showed again but that its oracle's experiment explained away: counted, not reported."""

    oracle: str
    subject: str
    why: str


def explained(
    oracle: Oracle, client: GameClient, commands: list[str], anomaly: Anomaly, steps: list[Step]
) -> str | None:
    """Why the oracle's experiment explains the finding away, or None (a game that fails during the
    experiment explains nothing)."""
    try:
        return experiment_of(oracle.name)(Trial(client, commands, anomaly, steps))
    except (GameServerError, GameProtocolError, GameUnavailable):
        return None


def shrink_and_confirm(
    finding: Finding,
    oracle: Oracle,
    client: GameClient,
    *,
    build_commit: str,
    max_tests: int = 120,
    deadline: float | None = None,
    shrink: bool = True,
    replays: int = 1,
) -> BugReport | ExplainedAway | None:
    """Replay the finding on a fresh game and run its oracle's experiment, shrink its commands by ddmin, then
    replay the minimum `replays` times, each on a fresh game, and run the experiment again.

    None when the anomaly shows on none of those replays (a flake is not a report); a report whose replays
    disagree says how many showed it (`replays_showing` of `replays`); ExplainedAway when the experiment
    explains it either time. Past `deadline` (time.monotonic) shrinking stops where it is, so a session's
    wall-clock budget also bounds its shrinking.
    """
    subject = finding.anomaly.subject
    trigger = finding.commands[: finding.anomaly.step_index]

    def still_fails(commands: list[str]) -> bool:
        return oracle.confirm(client, commands, subject)[0] is not None

    def still_fails_in_time(commands: list[str]) -> bool:
        return (deadline is None or time.monotonic() < deadline) and still_fails(commands)

    anomaly, steps = oracle.confirm(client, trigger, subject)
    if anomaly is None:
        return None  # not reproducible from a new game: no shrinking budget spent on it
    why = explained(oracle, client, trigger, anomaly, steps)
    if why is not None:
        return ExplainedAway(oracle.name, subject, why)
    repro = ddmin(trigger, still_fails_in_time, max_tests) if shrink else trigger
    confirmed = [oracle.confirm(client, repro, subject) for _ in range(replays)]
    shown = [(anomaly, steps) for anomaly, steps in confirmed if anomaly is not None]
    if not shown:
        return None
    anomaly, steps = shown[0]
    assert anomaly is not None  # kept above
    why = explained(oracle, client, repro, anomaly, steps)
    if why is not None:
        return ExplainedAway(oracle.name, subject, why)
    return BugReport(
        title=anomaly.title,
        symptom=anomaly.observed if len(anomaly.observed) <= 200 else anomaly.observed[:197] + "...",
        expected=anomaly.expected,
        observed=anomaly.observed,
        mechanic=anomaly.mechanic,
        bug_type=anomaly.bug_type,
        repro=oracle.report_steps(repro, subject),
        evidence=evidence_of(steps, anomaly),
        confidence=0.9 if oracle.name != "determinism" else 0.7,
        build_commit=build_commit,
        source="explorer",
        oracle=oracle.name,
        oracle_subject=subject,
        fingerprint_key=finding.key,
        replays=replays,
        replays_showing=len(shown),
    )


def trace_report(trace: SessionTrace, step: int, report: BugReport) -> None:
    """A report in the session's trace, at the step it was made."""
    observation = {"report": report.title, "oracle": report.oracle, "repro": report.repro}
    trace.append(step=step, game_id="", command=None, latency_ms=0.0, observation=observation, kind="report")


def trace_explained(trace: SessionTrace, step: int, finding: ExplainedAway) -> None:
    """A finding its experiment explained away, in the session's trace (it is counted, never reported)."""
    observation = {"explained_away": finding.subject, "oracle": finding.oracle, "why": finding.why}
    trace.append(
        step=step, game_id="", command=None, latency_ms=0.0, observation=observation, kind="explained"
    )
