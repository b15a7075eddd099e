"""The round order, written once: verify -> build and QA session -> critic -> bisect -> stop rule -> repair;
at the end, the verified fixes are published.

`run_rounds` drives a `LoopRun` to its stop rule through a `RoundSteps`. The plain driver (`closed-loop run`,
the tests, the bench) passes `PLAIN_STEPS`, the functions of `steps.py` themselves; the Prefect flow passes
the same functions wrapped as tasks. So what the tests exercise is what production runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loop.run import regression_range, steps
from loop.run.loop_run import LoopRun
from loop.run.progress import say_step
from loop.sandbox import RunningBuild


@dataclass(frozen=True)
class RoundSteps:
    """One callable per step of a round, each taking the run and the session number."""

    verify: Callable[[LoopRun, int], None]
    start_build: Callable[[LoopRun, int], RunningBuild]
    qa_session: Callable[[LoopRun, int, RunningBuild], None]
    criticize: Callable[[LoopRun, int], None]
    bisect: Callable[[LoopRun, int], None]
    decide_stop: Callable[[LoopRun, int], bool]
    repair: Callable[[LoopRun, int], None]
    publish: Callable[[LoopRun], None]


PLAIN_STEPS = RoundSteps(
    verify=steps.verify,
    start_build=LoopRun.start_build,
    qa_session=steps.qa_session,
    criticize=steps.criticize,
    bisect=regression_range.bisect,
    decide_stop=steps.decide_stop,
    repair=steps.repair,
    publish=steps.publish,
)


def run_rounds(
    run: LoopRun, round_steps: RoundSteps = PLAIN_STEPS, after_session: Callable[[int], None] | None = None
) -> None:
    """Every step of every session until the stop rule, then the verified fixes published. `after_session`
    is told each session's number once it is over (the tests use it to stop or inspect a run between
    sessions)."""
    _sessions(run, round_steps, after_session)
    if run.record.status == "finished":
        round_steps.publish(run)


def _sessions(run: LoopRun, round_steps: RoundSteps, after_session: Callable[[int], None] | None) -> None:
    while (number := run.next_session()) is not None:
        round_steps.verify(run, number)
        _say(run, number, "verify")
        if not run.done(number, "qa"):
            build = round_steps.start_build(run, number)
            try:
                round_steps.qa_session(run, number, build)
            finally:
                build.stop()
        _say(run, number, "qa", reports=len(run.session_reports(number)))
        round_steps.criticize(run, number)
        _say(run, number, "critic")
        round_steps.bisect(run, number)
        _say(run, number, "bisect")
        stop = round_steps.decide_stop(run, number)
        if not stop:
            round_steps.repair(run, number)
            _say(run, number, "repair")
        if after_session is not None:
            after_session(number)
        if stop:
            return


def _say(run: LoopRun, number: int, step: str, reports: int = 0) -> None:
    say_step(run.record, run.session(number), step, reports)
