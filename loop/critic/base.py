"""One interface for every critic: which ground-truth bug (if any) does each report describe?

A critic proposes one candidate per report; `Critic.match` then validates the ids against the ground truth
and assigns one-to-one over the session: the best report of a bug matches it, a further report of the same bug
is a duplicate (not a miss, not a false positive).
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.benchmark import Benchmark
from loop.contract.game import Manifest
from loop.contract.models import BugReport
from loop.judge.verdict import ReplayJudge
from loop.plugins import Plugin, PluginKind, UnknownPlugin, plugin_class
from loop.sandbox import SandboxProvider


@dataclass(frozen=True)
class CriticContext:
    """What a critic may use to judge one session's reports: builds of the session's commit, the replay judge,
    a private work folder (no sandbox mounts it) and the run it belongs to."""

    provider: SandboxProvider
    manifest: Manifest
    repo_dir: Path
    commit: str
    judge: ReplayJudge
    work_dir: Path
    run_id: str


class CriticMatch(BaseModel):
    """A critic's decision about one report."""

    fingerprint: str
    bug_id: str | None = Field(description="matched ground-truth id; None when the report matches no bug")
    score: float = Field(ge=0.0, le=1.0)
    rationale: str = ""
    duplicate: bool = Field(default=False, description="another report of this session matched the bug first")
    critic: str = ""


class Disagreement(BaseModel):
    fingerprint: str
    title: str
    verdicts: dict[str, str | None]


class Critic(Plugin[CriticContext], abc.ABC):
    """Benchmark-mode judge of reports. Subclasses implement `candidates`; callers use `match`. Registered by
    name as a `closed_loop.critics` entry point that names the class.

    Lifecycle: the run looks the class up once, when it is assembled (an unknown name fails there); then for
    every session with reports, `from_context(CriticContext)` (by default `cls(context)`) makes a critic for
    that session's build, and `match` (which calls `candidates` once) judges the session's reports. The critic
    is dropped afterwards: it starts the builds it needs through `context.provider` and stops each before
    `candidates` returns or raises; its files go under `context.work_dir`, which the run keeps. A critic
    that cannot judge a report (its model endpoint down) should name no bug for it; an exception fails the
    run at this session's critic step (a resumed run starts it again).
    """

    name: str

    @abc.abstractmethod
    def candidates(self, reports: Sequence[BugReport], benchmark: Benchmark) -> list[CriticMatch]:
        """One proposal per report, in order; ids may be unvalidated and may repeat across reports."""

    def match(self, reports: Sequence[BugReport], benchmark: Benchmark) -> list[CriticMatch]:
        proposals = self.candidates(reports, benchmark)
        if len(proposals) != len(reports):
            raise ValueError(f"critic {self.name} judged {len(proposals)} of {len(reports)} reports")
        for proposal in proposals:
            proposal.critic = self.name
        return assign_one_to_one(proposals, {bug.id for bug in benchmark.bugs})


def critic_class(name: str) -> type[Critic]:
    """The critic called `name` (an entry point of `closed_loop.critics`); ValueError for the user."""
    try:
        return plugin_class(PluginKind.CRITIC, name, Critic)
    except UnknownPlugin as exc:
        raise ValueError(str(exc)) from None


def assign_one_to_one(proposals: Sequence[CriticMatch], known_ids: set[str]) -> list[CriticMatch]:
    """Validate ids and keep one match per ground-truth bug; the others become duplicates of it."""
    checked: list[CriticMatch] = []
    for proposal in proposals:
        if proposal.bug_id is not None and proposal.bug_id not in known_ids:
            proposal = proposal.model_copy(
                update={
                    "bug_id": None,
                    "rationale": f"{proposal.rationale} [unknown id {proposal.bug_id!r} dropped]",
                }
            )
        checked.append(proposal.model_copy(update={"duplicate": False}))
    best: dict[str, int] = {}
    for index, proposal in enumerate(checked):
        if proposal.bug_id is None:
            continue
        holder = best.get(proposal.bug_id)
        if holder is None or proposal.score > checked[holder].score:
            best[proposal.bug_id] = index
    for index, proposal in enumerate(checked):
        if proposal.bug_id is not None and best[proposal.bug_id] != index:
            proposal.duplicate = True
    return checked


def disagreements(
    reports: Sequence[BugReport], verdicts: Mapping[str, Sequence[CriticMatch]]
) -> list[Disagreement]:
    """Reports on which critics (by name) named different ground-truth bugs."""
    found = []
    for index, report in enumerate(reports):
        named = {critic: matches[index].bug_id for critic, matches in verdicts.items()}
        if len(set(named.values())) > 1:
            found.append(Disagreement(fingerprint=report.fingerprint, title=report.title, verdicts=named))
    return found


class CriticPanel(BaseModel):
    """Every critic's matches for one session (the first critic's are the ones the loop uses)."""

    primary: str
    matches: dict[str, list[CriticMatch]]
    disagreements: list[Disagreement]

    def used(self) -> list[CriticMatch]:
        return self.matches[self.primary]


def run_critics(critics: Sequence[Critic], reports: Sequence[BugReport], benchmark: Benchmark) -> CriticPanel:
    """Run several critics on the same reports; where they name different bugs, say so."""
    if not critics:
        raise ValueError("run_critics needs at least one critic")
    matches = {critic.name: critic.match(reports, benchmark) for critic in critics}
    return CriticPanel(
        primary=critics[0].name, matches=matches, disagreements=disagreements(reports, matches)
    )
