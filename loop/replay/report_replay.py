"""Replay judgement: play a report's repro in a new game and let its oracle judge again.

Used by the explorer to confirm a finding before it becomes a report, and by verification and the critic to
ask whether a reported bug is still there in a later build.
"""

from __future__ import annotations

from pydantic import BaseModel

from loop.contract.game_client import GameClient, GameProtocolError, GameServerError, GameUnavailable
from loop.contract.models import BugReport
from loop.replay.oracle import Anomaly, oracle_named
from loop.replay.transcript import Step

EVIDENCE_STEPS = 4


class ReplayVerdict(BaseModel):
    anomaly_present: bool
    transcript: list[tuple[str, str]]
    detail: str
    crashed: bool = False


def transcript_of(steps: list[Step]) -> list[tuple[str, str]]:
    return [(step.command or "(new game)", step.message) for step in steps]


def evidence_of(steps: list[Step], anomaly: Anomaly) -> str:
    shown = steps[max(0, anomaly.step_index - EVIDENCE_STEPS + 1) : anomaly.step_index + 1]
    return "\n".join(f"> {command}\n{message[:400]}" for command, message in transcript_of(shown))


def replay_report(report: BugReport, client: GameClient) -> ReplayVerdict:
    """Play `report.repro` from a new game and re-apply `report.oracle` to what happens.

    A report without a known oracle cannot be judged here: the verdict says so (anomaly_present False). A game
    that crashes or answers 5xx during the replay sets `crashed`; whether that counts as the anomaly is the
    oracle's call (the server-error oracle says yes).
    """
    oracle = oracle_named(report.oracle)
    if oracle is None:
        return ReplayVerdict(
            anomaly_present=False, transcript=[], detail=f"no explorer oracle {report.oracle!r}"
        )
    try:
        anomaly, steps = oracle.confirm(client, list(report.repro), report.oracle_subject)
    except (GameServerError, GameProtocolError, GameUnavailable) as exc:
        present = oracle.name == "server-error"
        return ReplayVerdict(
            anomaly_present=present, transcript=[], detail=f"new game failed: {exc}", crashed=True
        )
    crashed = any(step.observation is None for step in steps)
    if anomaly is None:
        detail = f"{oracle.name} saw no anomaly about {report.oracle_subject!r} in {len(steps) - 1} commands"
    else:
        detail = f"{anomaly.title}: {anomaly.observed}"
    return ReplayVerdict(
        anomaly_present=anomaly is not None, transcript=transcript_of(steps), detail=detail, crashed=crashed
    )
