"""The two-room game (tests/critic/minigame: two injected bugs, probes, gold patches), a small replay judge.

The judge stands in for the explorer's `replay_report`: it replays a report's commands in a new game and
checks the last message with the report's oracle ("mentions" or "omits" its subject).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport
from loop.judge.verdict import JudgeAnswer, ReplayVerdict
from loop.run.lifecycle import BugStatus
from loop.run.record import TrackedBug

MINIGAME = Path(__file__).parent / "minigame"


def oracle_judge(report: BugReport, client: GameClient) -> ReplayVerdict:
    """The minigame's own two oracles: the last reply `mentions` (or `omits`) the report's subject."""
    transcript: list[tuple[str, str]] = []
    try:
        game_id = client.new_game().game_id
        message = ""
        for command in report.repro:
            message = client.command(game_id, command).message
            transcript.append((command, message))
    except GameError as exc:
        return ReplayVerdict(
            answer=JudgeAnswer.ABSENT, detail=f"game failed: {exc}", crashed=True, transcript=transcript
        )
    mentioned = report.oracle_subject.lower() in message.lower()
    present = mentioned if report.oracle == "mentions" else not mentioned
    return ReplayVerdict(
        answer=JudgeAnswer.PRESENT if present else JudgeAnswer.ABSENT,
        detail=f"last message {'mentions' if mentioned else 'omits'} {report.oracle_subject!r}",
        transcript=transcript,
        judged_by=f"oracle {report.oracle}",
    )


def tracked_bug(
    key: str, report: BugReport, status: BugStatus, ground_truth_id: str | None = None
) -> TrackedBug:
    """A bug as the loop tracks it, `key` standing for its fingerprint."""
    return TrackedBug(
        fingerprint=key, report=report, status=status, ground_truth_id=ground_truth_id, found_in_session=1
    )


def make_report(title: str, repro: list[str], oracle: str, subject: str, mechanic: str) -> BugReport:
    return BugReport(
        title=title,
        symptom=title,
        expected="-",
        observed="-",
        mechanic=mechanic,
        repro=repro,
        oracle=oracle,
        oracle_subject=subject,
    )


KEY_LEAK = make_report(
    "Bedroom shows the small key while the drawer is closed",
    ["go bedroom", "look"],
    "mentions",
    "small key",
    "room description",
)
DROPPED_LAMP = make_report(
    "Dropped lamp missing from the room description",
    ["take lamp", "go bedroom", "drop lamp", "look"],
    "omits",
    "lamp",
    "drop",
)
DROPPED_BOOK = make_report(
    "Dropped book not described", ["take book", "go bedroom", "drop book", "look"], "omits", "book", "drop"
)
DRAGON = make_report("A dragon appears in the hall", ["look"], "mentions", "dragon", "room description")
SEALED_DOOR = make_report("The hall mentions a sealed door", ["look"], "mentions", "sealed door", "look")
MAGIC_WORD = make_report("The magic word does nothing", ["xyzzy"], "mentions", "nothing", "parser")


@pytest.fixture
def minigame() -> Game:
    return load_game(MINIGAME)


@pytest.fixture
def benchmark(minigame) -> Benchmark:
    return Benchmark(minigame)


@pytest.fixture
def repo(minigame, tmp_path) -> tuple[Path, str]:
    return materialize(minigame, tmp_path / "workspace")


def commit_patch(repo_dir: Path, patch: str, message: str, *, reverse: bool = False) -> str:
    flags = ["-R"] if reverse else []
    subprocess.run(["git", "apply", "--index", *flags, "-"], input=patch, text=True, cwd=repo_dir, check=True)
    subprocess.run(["git", "commit", "-qm", message], cwd=repo_dir, check=True)
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo_dir, capture_output=True, text=True, check=True
    ).stdout.strip()
