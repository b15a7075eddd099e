"""One explorer session on a catalogue game, scored: on the shipped build (reports matched to the ground truth
by the differential critic) or on the build with every gold patch applied (where every report is a false
alarm). Used by bench.explorer_recall."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import cast

import git

from bench.reach import reach
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.critic.differential import DifferentialCritic
from loop.game_checks.benchmark_validation import ALL_GOLD, checkout_variant
from loop.judge.verdict import ReplayJudge
from loop.qa import QASessionResult, get_qa_agent
from loop.replay.report_replay import replay_report
from loop.sandbox import BuildSpec, get_provider
from loop.trace import read_trace

BACKEND = "process"


def _play(
    game: Game, repo_dir: Path, commit: str, steps: int, seed: int, out: Path, mode: str
) -> QASessionResult:
    provider = get_provider(BACKEND)
    agent = get_qa_agent("explorer")
    agent.prepare(game, repo_dir, mode)  # QA mode reads the docs of the build's own repository
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id=out.name)
    with (
        provider.start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        return agent.run_session(client, build_commit=commit, steps=steps, seed=seed, out_dir=out)


def _keep(out: Path, keep_dir: Path | None, label: str) -> None:
    """Copy a session's out dir (trace, reports) out of its temporary workspace, to read what it missed."""
    if keep_dir is not None and out.is_dir():
        shutil.copytree(out, keep_dir / label, dirs_exist_ok=True)


def _timing(session: QASessionResult) -> dict:
    events = read_trace(Path(session.trace_path))
    first = events[0].timestamp if events else 0.0
    return {
        "steps_used": session.steps,
        "games_started": session.games_started,
        "wall_seconds": session.wall_seconds,
        "steps_per_second": round(session.steps / session.wall_seconds, 1) if session.wall_seconds else None,
        "stopped_because": session.stopped_because,
        "report_times_seconds": [round(e.timestamp - first, 3) for e in events if e.kind == "report"],
        # findings an oracle's experiment explained away, by oracle: counted, never reported
        "explained_away": {
            k.partition(".")[2]: v for k, v in session.counts.items() if k.startswith("explained_away.")
        },
        **reach(events),
    }


def shipped_session(
    game: Game, steps: int, seed: int, keep_dir: Path | None = None, mode: str = "player"
) -> dict:
    """Play the shipped build; which ground-truth bugs the reports match, and the reports that match none."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"recall-{game.name}-") as tmp:
        work = Path(tmp)
        repo_dir, commit = materialize(game, work)
        session = _play(game, repo_dir, commit, steps, seed, work / "qa", mode)
        _keep(work / "qa", keep_dir, f"{game.name}-shipped-{seed}")
        timing = _timing(session)
        benchmark = Benchmark(game)
        matches = []
        if session.reports:
            critic = DifferentialCritic(
                get_provider(BACKEND),
                game.manifest,
                repo_dir,
                commit,
                # the critic reads anomaly_present and crashed, which the oracle's replay verdict has too
                cast(ReplayJudge, replay_report),
                work / "critic",
            )
            matches = critic.match(session.reports, benchmark)
    by_print = {m.fingerprint: m for m in matches}
    found = sorted({m.bug_id for m in matches if m.bug_id and not m.duplicate})
    reports = [
        {
            "title": r.title,
            "oracle": r.oracle,
            "repro": r.repro,
            "match": by_print[r.fingerprint].bug_id if r.fingerprint in by_print else None,
            "duplicate": by_print[r.fingerprint].duplicate if r.fingerprint in by_print else False,
        }
        for r in session.reports
    ]
    return {
        "seed": seed,
        "found": found,
        "reports": len(reports),
        "false_alarms": sum(1 for r in reports if r["match"] is None),
        "duplicates": sum(1 for r in reports if r["duplicate"]),
        "report_list": reports,
        "seconds": round(time.perf_counter() - started, 1),
        **timing,
    }


def all_gold_session(
    game: Game, steps: int, seed: int, keep_dir: Path | None = None, mode: str = "player"
) -> dict:
    """Play the build with every gold patch applied: no known bug is left, every report is a false alarm."""
    benchmark = Benchmark(game)
    with tempfile.TemporaryDirectory(prefix=f"gold-{game.name}-") as tmp:
        work = Path(tmp)
        repo_dir, commit = materialize(game, work)
        patches = [(bug.gold_patch, benchmark.gold_patch(bug)) for bug in benchmark.bugs]
        gold_dir = work / "all-gold"
        gold_commit = checkout_variant(git.Repo(repo_dir), commit, ALL_GOLD, gold_dir, patches)
        session = _play(game, gold_dir, gold_commit, steps, seed, work / "qa", mode)
        _keep(work / "qa", keep_dir, f"{game.name}-all-gold-{seed}")
        timing = _timing(session)
    return {
        "seed": seed,
        "false_alarms": len(session.reports),
        "report_list": [{"title": r.title, "oracle": r.oracle, "repro": r.repro} for r in session.reports],
        **timing,
    }
