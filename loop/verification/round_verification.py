"""Verification of a round: did the patched bugs go away on the new build, and did verified ones stay away?

For each patched bug the judge replays its report (judge/verdict.py): `absent` verifies the fix, `present`
sends the bug back to open, `cannot_judge` leaves it pending with the reason. Every verified bug is re-checked
the same way: `present` again means it has regressed. Only the judge decides. In benchmark mode the hidden
probe of the bug's ground-truth match runs beside it as a score: "the loop says fixed, the probe says not" is
counted as a false fix and shown, never corrected. A replay that crashes the game is a finding (a crash report
comes back), and the build is restarted for the next bug. The regression gate runs the game's own tests and
the winning walkthrough on the new commit.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, Manifest
from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport, BugType
from loop.judge.verdict import JudgeAnswer, ReplayJudge, ReplayVerdict
from loop.run.lifecycle import BugStatus
from loop.run.record import ReproStability, TrackedBug
from loop.sandbox import BuildSpec, RunningBuild, SandboxProvider
from loop.verification.regression_gate import GateResult, play_walkthrough, run_game_tests
from loop.verification.repeated_judgement import Judgement, judge_repeatedly

log = logging.getLogger(__name__)
GATE_TIMEOUT_SECONDS = 600.0
WALKTHROUGH_MAX_COMMANDS = 2000


class Verdict(StrEnum):
    VERIFIED_FIXED = "verified_fixed"
    STILL_OPEN = "still_open"
    CANNOT_JUDGE = "cannot_judge"  # the judge could not answer: the bug stays pending, never counted fixed
    CRASHED = "crashed"  # the replay crashed the game: a finding
    STILL_FIXED = "still_fixed"
    REGRESSED = "regressed"


@dataclass
class BugVerification:
    key: str
    verdict: Verdict
    replay_fixed: bool
    probe_fixed: bool | None
    detail: str
    transcript: Any = None
    finding: BugReport | None = None
    regression_check: bool = False  # the bug was verified_fixed already; this checked that it stayed so
    judge: JudgeAnswer | None = None
    stability: ReproStability | None = None

    @property
    def false_fix(self) -> bool:
        """The loop says fixed (or still fixed) and the ground-truth probe says the bug is there."""
        return self.verdict in (Verdict.VERIFIED_FIXED, Verdict.STILL_FIXED) and self.probe_fixed is False

    @property
    def target_status(self) -> BugStatus | None:
        """The lifecycle move this verdict calls for (None: status stays)."""
        if self.regression_check:
            return BugStatus.REGRESSED if self.verdict == Verdict.REGRESSED else None
        return {
            Verdict.VERIFIED_FIXED: BugStatus.VERIFIED_FIXED,
            Verdict.STILL_OPEN: BugStatus.OPEN,
            Verdict.CRASHED: BugStatus.OPEN,
            Verdict.REGRESSED: BugStatus.REGRESSED,
        }.get(self.verdict)

    @property
    def reason(self) -> str:
        return f"{self.verdict}: {self.detail}"


@dataclass
class VerificationRound:
    commit: str
    bugs: list[BugVerification] = field(default_factory=list)
    gate: GateResult | None = None

    @property
    def findings(self) -> list[BugReport]:
        return [check.finding for check in self.bugs if check.finding is not None]

    def by_verdict(self, verdict: Verdict) -> list[str]:
        return [check.key for check in self.bugs if check.verdict == verdict]


class Verifier:
    """Verifies one build (`spec`): starts it, restarts it after a crash, stops it when done."""

    def __init__(
        self,
        provider: SandboxProvider,
        spec: BuildSpec,
        judge: ReplayJudge,
        benchmark: Benchmark | None = None,
        *,
        ready_timeout: float = 60.0,
        replays: int = 1,
    ):
        self.provider, self.spec, self.judge, self.benchmark = provider, spec, judge, benchmark
        self.replays = replays  # of each repro, behind each decision (loop.verification.repeated_judgement)
        self.ready_timeout = ready_timeout
        self._build: RunningBuild | None = None

    @property
    def manifest(self) -> Manifest:
        return self.spec.manifest

    @contextmanager
    def _client(self) -> Iterator[GameClient]:
        if self._build is None or not self._build.is_alive():
            if self._build is not None:
                self._build.stop()
            self._build = self.provider.start(self.spec, ready_timeout=self.ready_timeout)
        with GameClient(self._build.url, strip_fields=self.manifest.strip_fields) as client:
            yield client

    def close(self) -> None:
        if self._build is not None:
            self._build.stop()
            self._build = None

    def run(self, bugs: Sequence[TrackedBug], *, gate: bool = True) -> VerificationRound:
        """Verify patched bugs, re-check verified ones for regressions, then run the regression gate."""
        result = VerificationRound(commit=self.spec.commit)
        try:
            for bug in bugs:
                if bug.status == BugStatus.PATCHED:
                    result.bugs.append(self._check(bug, regression=False))
                elif bug.status == BugStatus.VERIFIED_FIXED:
                    result.bugs.append(self._check(bug, regression=True))
            if gate:
                result.gate = self.gate()
        finally:
            self.close()
        return result

    def decide(self, report: BugReport) -> Judgement:
        """The present/absent decision on this build, on `replays` replays of the report's repro. Raises
        SandboxError when the build does not start."""
        return judge_repeatedly(self.judge, report, self._client, self.replays, on_crash=self.close)

    def _check(self, bug: TrackedBug, *, regression: bool) -> BugVerification:
        key = bug.fingerprint
        judged = self.decide(bug.report)
        replay, stability = judged.verdict, judged.stability
        if judged.crash is not None:
            # a crash is a new finding; neither this bug's anomaly nor its absence was seen
            log.info("replay of %s crashed the game on %s", key, self.spec.commit[:10])
            return BugVerification(
                key,
                Verdict.CRASHED,
                False,
                None,
                f"the replay crashed the game: {replay.detail}",
                replay.transcript,
                _crash_finding(bug, replay),
                regression_check=regression,
                judge=replay.answer,
                stability=stability,
            )
        answer = judged.answer
        probe_fixed, probe_detail = self._probe(bug)
        detail = f"replay ({replay.judged_by or 'judge'}): {replay.detail or answer}"
        if stability.flaky:
            detail = f"{stability.label()}, so not fixed; {detail}"
        if probe_fixed is not None:
            detail += f"; probe (score only): {probe_detail}"
        if answer == JudgeAnswer.CANNOT_JUDGE:
            verdict = Verdict.CANNOT_JUDGE
        elif regression:
            verdict = Verdict.REGRESSED if answer == JudgeAnswer.PRESENT else Verdict.STILL_FIXED
        else:
            verdict = Verdict.STILL_OPEN if answer == JudgeAnswer.PRESENT else Verdict.VERIFIED_FIXED
        return BugVerification(
            key,
            verdict,
            answer == JudgeAnswer.ABSENT,
            probe_fixed,
            detail,
            replay.transcript,
            regression_check=regression,
            judge=answer,
            stability=stability,
        )

    def _probe(self, bug: TrackedBug) -> tuple[bool | None, str]:
        """The hidden probe of the bug's ground-truth match, as a score beside the judge's decision."""
        if self.benchmark is None or bug.ground_truth_id is None:
            return None, "no probe (no ground truth)"
        ground_truth = self.benchmark.bug(bug.ground_truth_id)
        try:
            with self._client() as client:
                result = self.benchmark.run_probe(ground_truth, client)
        except GameError as exc:  # includes a probe's "inconclusive": absence was not shown
            if self._build is not None and not self._build.is_alive():
                self.close()
            return False, f"the probe could not finish ({exc}): not counted as fixed"
        if result.present:
            return False, f"{ground_truth.id} still fires: {result.evidence[:200]}"
        return True, f"{ground_truth.id} quiet"

    def gate(self) -> GateResult:
        """The game's own tests in the repository, and the walkthrough must still win."""
        game = Game(self.spec.repo_dir, self.manifest, self.spec.repo_dir)
        with self._client() as client:
            won, walkthrough_detail = play_walkthrough(game, self.spec.repo_dir, client)
        assert self._build is not None  # _client() started it
        tests_passed, tests_detail = run_game_tests(game, self._build, GATE_TIMEOUT_SECONDS)
        return GateResult(
            tests_passed=tests_passed, tests_detail=tests_detail, walkthrough_won=won,
            walkthrough_detail=walkthrough_detail,
        )  # fmt: skip


def _crash_finding(bug: TrackedBug, replay: ReplayVerdict) -> BugReport:
    return BugReport(
        title=f"Game crashes replaying: {bug.report.title}"[:200],
        symptom="the game stopped answering (or answered 5xx) while the report's steps were replayed",
        expected="the game answers every command",
        observed=replay.detail or "the game crashed",
        mechanic=bug.report.mechanic,
        bug_type=BugType.CRASH,
        repro=list(bug.report.repro),
        evidence=str(replay.transcript)[-1000:] if replay.transcript else "",
        confidence=1.0,
        build_commit=bug.report.build_commit,
        source="verification",
        fingerprint_key=f"crash|{bug.report.fingerprint}",
    )
