"""`closed-loop games validate`: prove a game keeps the contract and, where it ships one, that its benchmark
holds both ways, on real builds.

Every game: the shipped build starts, answers its health check, keeps the API's shapes, never lets a stripped
field reach the client, answers bad requests with 4xx, wins its walkthrough, passes its own tests (run in its
sandbox). With ground truth, also: for the shipped build, each gold patch alone and all gold patches together,
the game's repository gets its own commit and directory (a git worktree), is started through a sandbox
provider, and is checked: each probe fires on the shipped build and is quiet under its own gold patch and
under all patches together; the walkthrough wins on the shipped and the fully patched build; the own tests
pass on every variant.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import git
from pydantic import BaseModel, computed_field

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, GameDefinitionError, materialize
from loop.contract.game_client import GameClient, GameError
from loop.contract.models import GroundTruthBug
from loop.game_checks.api_contract import ContractCheck, check_contract
from loop.limits import Progress
from loop.sandbox import BuildSpec, SandboxError, SandboxProvider
from loop.verification.regression_gate import play_walkthrough, run_game_tests

SHIPPED = "shipped"
ALL_GOLD = "all gold"
TESTS_TIMEOUT = 300.0
GIT_TIMEOUT = 60.0
OUTPUT_TAIL = 2000


class ProbeRun(BaseModel):
    """One probe on one variant. `present` is None when the probe could not decide (see `error`)."""

    bug_id: str
    variant: str
    present: bool | None = None
    evidence: str = ""
    error: str = ""


class VariantRun(BaseModel):
    """One build of the game: the shipped commit, one gold patch, or all of them."""

    name: str
    commit: str
    probes: list[ProbeRun] = []
    walkthrough_won: bool | None = None
    walkthrough_detail: str = ""
    tests_passed: bool | None = None
    tests_output: str = ""
    start_error: str = ""


class BugValidation(BaseModel):
    id: str
    bug_type: str
    difficulty: str
    shipped: ProbeRun
    gold: ProbeRun
    together: ProbeRun

    @computed_field
    @property
    def ok(self) -> bool:
        return self.shipped.present is True and self.gold.present is False and self.together.present is False


class ValidationReport(BaseModel):
    game: str
    backend: str
    variants: list[VariantRun]
    bugs: list[BugValidation]
    contract: list[ContractCheck] = []
    ground_truth: bool = True

    def variant(self, name: str) -> VariantRun:
        return next(v for v in self.variants if v.name == name)

    @computed_field
    @property
    def walkthrough_ok(self) -> bool:
        return all(v.walkthrough_won is not False for v in self.variants if v.name in (SHIPPED, ALL_GOLD))

    @computed_field
    @property
    def tests_ok(self) -> bool:
        return all(v.tests_passed is not False for v in self.variants) and all(
            v.start_error == "" for v in self.variants
        )

    @computed_field
    @property
    def contract_ok(self) -> bool:
        return bool(self.contract) and all(check.ok for check in self.contract)

    @computed_field
    @property
    def ok(self) -> bool:
        bugs_ok = all(bug.ok for bug in self.bugs)
        return bugs_ok and self.walkthrough_ok and self.tests_ok and self.contract_ok


def _git(repo_dir: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=repo_dir, input=stdin, capture_output=True, text=True, timeout=GIT_TIMEOUT
    )


def checkout_variant(
    repo: git.Repo, base: str, name: str, directory: Path, patches: list[tuple[str, str]]
) -> str:
    """Check `base` out into `directory` on its own branch, apply the patches, commit; return the commit."""
    branch = "validate/" + name.replace(" ", "-")
    repo.git.worktree("add", "-b", branch, str(directory), base)
    for label, patch in patches:
        applied = _git(directory, "apply", "--whitespace=nowarn", "-", stdin=patch)
        if applied.returncode != 0:
            raise GameDefinitionError(
                f"gold patch {label} does not apply to the shipped game: {applied.stderr.strip()}"
            )
    variant = git.Repo(directory)
    variant.git.add(A=True)
    variant.index.commit(f"Validate: {name}")
    return variant.head.commit.hexsha


def _run_probe(benchmark: Benchmark, bug: GroundTruthBug, client: GameClient, variant: str) -> ProbeRun:
    try:
        result = benchmark.run_probe(bug, client)
    except GameError as exc:
        return ProbeRun(bug_id=bug.id, variant=variant, error=f"{type(exc).__name__}: {exc}")
    return ProbeRun(bug_id=bug.id, variant=variant, present=result.present, evidence=result.evidence)


class GameValidation:
    """Validates one game's benchmark with one sandbox provider. `run()` does it all and cleans up."""

    def __init__(self, game: Game, provider: SandboxProvider, progress: Progress | None = None):
        self.game = game
        self.provider = provider
        self.progress = progress or (lambda line: None)
        self.benchmark = Benchmark(game) if game.benchmark_dir else None
        self.contract: list[ContractCheck] = []
        # the ignores below: self.bugs is empty when there is no benchmark
        for bug in self.bugs:
            self.benchmark.probe(bug)  # type: ignore[union-attr]  # an unknown probe: fail before any build
        self.patches = {bug.id: self.benchmark.gold_patch(bug) for bug in self.bugs}  # type: ignore[union-attr]

    @property
    def bugs(self) -> list[GroundTruthBug]:
        return self.benchmark.bugs if self.benchmark is not None else []

    def run(self, workspace: Path | None = None) -> ValidationReport:
        own_workspace = workspace is None
        root = (
            Path(tempfile.mkdtemp(prefix=f"closed-loop-validate-{self.game.name}-"))
            if workspace is None
            else workspace
        )
        try:
            return self._run(root)
        finally:
            if own_workspace:
                shutil.rmtree(root, ignore_errors=True)

    def _run(self, root: Path) -> ValidationReport:
        repo_dir, shipped_commit = materialize(self.game, root)
        repo = git.Repo(repo_dir)
        plan: list[tuple[str, Path, str, list[str]]] = [(SHIPPED, repo_dir, shipped_commit, self._bug_ids())]
        if self.benchmark is None:
            self.progress(f"{self.game.name}: no ground truth; checking the contract, walkthrough and tests")
            variants = [self._check_variant(SHIPPED, repo_dir, shipped_commit, [])]
            return ValidationReport(
                game=self.game.name, backend=self.provider.name, variants=variants, bugs=[],
                contract=self.contract, ground_truth=False,
            )  # fmt: skip
        for bug in self.benchmark.bugs:
            directory = root / "variants" / bug.id
            commit = checkout_variant(
                repo, shipped_commit, bug.id, directory, [(bug.gold_patch, self.patches[bug.id])]
            )
            plan.append((bug.id, directory, commit, [bug.id]))
        together = [(bug.gold_patch, self.patches[bug.id]) for bug in self.bugs]
        directory = root / "variants" / "all"
        try:
            commit = checkout_variant(repo, shipped_commit, ALL_GOLD, directory, together)
        except GameDefinitionError as exc:
            raise GameDefinitionError(f"the gold patches do not apply together: {exc}") from exc
        plan.append((ALL_GOLD, directory, commit, self._bug_ids()))
        self.progress(f"{self.game.name}: {len(plan)} variants in {root}")
        variants = [self._check_variant(name, path, commit, bugs) for name, path, commit, bugs in plan]
        return ValidationReport(
            game=self.game.name, backend=self.provider.name, variants=variants,
            bugs=self._bug_rows(variants), contract=self.contract,
        )  # fmt: skip

    def _bug_ids(self) -> list[str]:
        return [bug.id for bug in self.bugs]

    def _check_variant(self, name: str, repo_dir: Path, commit: str, bug_ids: list[str]) -> VariantRun:
        run = VariantRun(name=name, commit=commit)
        self.progress(f"[{name}] starting build {commit[:10]} ({self.provider.name})")
        spec = BuildSpec(
            repo_dir=repo_dir, manifest=self.game.manifest, commit=commit, run_id=f"validate-{name}"
        )
        try:
            build = self.provider.start(spec)
        except SandboxError as exc:
            run.start_error = str(exc)
            self.progress(f"[{name}] did not start: {exc}")
            return run
        try:
            if name == SHIPPED:
                self.contract = check_contract(build.url, self.game.manifest)
                for check in self.contract:
                    self.progress(f"[{name}] {check.name}: {check.verdict} ({check.detail[:160]})")
            with GameClient(build.url, strip_fields=self.game.manifest.strip_fields) as client:
                for bug_id in bug_ids:
                    assert self.benchmark is not None  # bug ids come from it
                    probe = _run_probe(self.benchmark, self.benchmark.bug(bug_id), client, name)
                    run.probes.append(probe)
                    verdict = "error" if probe.present is None else "present" if probe.present else "absent"
                    self.progress(f"[{name}] probe {bug_id}: {verdict}")
                if name in (SHIPPED, ALL_GOLD):
                    run.walkthrough_won, run.walkthrough_detail = play_walkthrough(
                        self.game, repo_dir, client
                    )
                    self.progress(
                        f"[{name}] walkthrough: {_verdict(run.walkthrough_won, 'wins', 'does not win')}"
                    )
            run.tests_passed, run.tests_output = run_game_tests(self.game, build, TESTS_TIMEOUT)
        finally:
            build.stop()
        self.progress(f"[{name}] own tests: {_verdict(run.tests_passed, 'pass', 'FAIL')}")
        return run

    def _bug_rows(self, variants: list[VariantRun]) -> list[BugValidation]:
        def outcome(variant_name: str, bug_id: str) -> ProbeRun:
            variant = next(v for v in variants if v.name == variant_name)
            found = next((p for p in variant.probes if p.bug_id == bug_id), None)
            return found or ProbeRun(
                bug_id=bug_id, variant=variant_name, error=variant.start_error or "not run"
            )

        return [
            BugValidation(
                id=bug.id,
                bug_type=bug.bug_type,
                difficulty=str(bug.difficulty),
                shipped=outcome(SHIPPED, bug.id),
                gold=outcome(bug.id, bug.id),
                together=outcome(ALL_GOLD, bug.id),
            )
            for bug in self.bugs
        ]


def _verdict(value: bool | None, yes: str, no: str) -> str:
    return "n/a" if value is None else yes if value else no


def validate_game(
    game: Game, provider: SandboxProvider, progress: Progress | None = None
) -> ValidationReport:
    """Validate `game`'s benchmark on builds started by `provider`; see the module docstring."""
    return GameValidation(game, provider, progress).run()
