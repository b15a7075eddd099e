"""The differential critic (no LLM): a report belongs to the ground-truth bug whose gold patch removes its
anomaly.

Each report is replayed with the replay judge on the base build; one that does not reproduce there matches
nothing. Then every gold patch is applied to the base commit in its own build, and each reproducing report is
replayed on it: the bugs whose patch makes the anomaly go away are the report's candidates. One candidate is
a match with score 1; several share the score (the first, in ground-truth order, is named) and the rationale
lists them. Builds are started once per variant and shared by all of the session's reports.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from loop.contract.benchmark import Benchmark
from loop.contract.game import Manifest
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.critic.base import Critic, CriticContext, CriticMatch
from loop.critic.variants import GoldVariants, VariantError
from loop.host.disk_space import disk_full
from loop.judge.verdict import ReplayJudge
from loop.sandbox import BuildSpec, SandboxProvider

log = logging.getLogger(__name__)


class DifferentialCritic(Critic):
    name = "differential"

    def __init__(
        self,
        provider: SandboxProvider,
        manifest: Manifest,
        repo_dir: Path,
        base_commit: str,
        judge: ReplayJudge,
        workdir: Path,
        *,
        run_id: str = "critic",
        ready_timeout: float = 60.0,
    ):
        self.provider, self.manifest, self.judge = provider, manifest, judge
        self.base_commit, self.run_id, self.ready_timeout = base_commit, run_id, ready_timeout
        self.variants = GoldVariants(repo_dir, workdir)
        self.skipped: dict[str, str] = {}  # ground-truth id -> why its variant could not be built

    @classmethod
    def from_context(cls, context: CriticContext) -> DifferentialCritic:
        return cls(
            context.provider,
            context.manifest,
            context.repo_dir,
            context.commit,
            context.judge,
            context.work_dir,
            run_id=context.run_id,
        )

    def with_base(self, base_commit: str) -> DifferentialCritic:
        """The same critic (and variant cache) for another session's build."""
        self.base_commit = base_commit
        return self

    def _anomalies(self, checkout: Path, commit: str, reports: Sequence[BugReport]) -> list[bool]:
        """For each report: does its anomaly (or a crash) show on this build?"""
        spec = BuildSpec(checkout, self.manifest, commit, run_id=self.run_id)
        shown = []
        build = self.provider.start(spec, ready_timeout=self.ready_timeout)
        try:
            for report in reports:
                if not build.is_alive():  # an earlier replay crashed it
                    build.stop()
                    build = self.provider.start(spec, ready_timeout=self.ready_timeout)
                with GameClient(build.url, strip_fields=self.manifest.strip_fields) as client:
                    verdict = self.judge(report, client)
                shown.append(verdict.anomaly_present or verdict.crashed)
        finally:
            build.stop()
        return shown

    def candidates(self, reports: Sequence[BugReport], benchmark: Benchmark) -> list[CriticMatch]:
        self.skipped = {}
        if not reports:
            return []
        base = self.variants.checkout(self.base_commit)
        on_base = self._anomalies(base, self.base_commit, reports)
        reproducing = [report for report, shown in zip(reports, on_base, strict=True) if shown]
        removed_by: dict[str, list[str]] = {report.fingerprint: [] for report in reproducing}
        if reproducing:
            for bug in benchmark.bugs:
                try:
                    checkout, commit = self.variants.variant(self.base_commit, bug, benchmark.gold_patch(bug))
                except VariantError as exc:
                    if disk_full(exc):  # the machine's, not the bug's: a verdict without it would be wrong
                        raise
                    log.warning("no %s variant of %s: %s", bug.id, self.base_commit[:10], exc)
                    self.skipped[bug.id] = str(exc)
                    continue
                for report, shown in zip(
                    reproducing, self._anomalies(checkout, commit, reproducing), strict=True
                ):
                    if not shown:
                        removed_by[report.fingerprint].append(bug.id)
        return [
            self._decide(report, shown, removed_by.get(report.fingerprint, []))
            for report, shown in zip(reports, on_base, strict=True)
        ]

    def _decide(self, report: BugReport, reproduces: bool, removers: list[str]) -> CriticMatch:
        if not reproduces:
            return CriticMatch(
                fingerprint=report.fingerprint,
                bug_id=None,
                score=0.0,
                rationale=f"the anomaly does not show on the base build {self.base_commit[:10]}",
            )
        if not removers:
            skipped = f" (no variant for {', '.join(sorted(self.skipped))})" if self.skipped else ""
            return CriticMatch(
                fingerprint=report.fingerprint,
                bug_id=None,
                score=0.0,
                rationale=f"no gold patch removes the anomaly{skipped}",
            )
        rationale = f"the gold patch of {removers[0]} removes the anomaly"
        if len(removers) > 1:
            rationale = f"the gold patches of {', '.join(removers)} each remove the anomaly; naming the first"
        return CriticMatch(
            fingerprint=report.fingerprint, bug_id=removers[0], score=1.0 / len(removers), rationale=rationale
        )
