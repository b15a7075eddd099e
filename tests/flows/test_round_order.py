"""The round order exists once: the Prefect flow runs the plain driver's steps, each wrapped as a task."""

from __future__ import annotations

from dataclasses import fields
from types import SimpleNamespace

from flows import closed_loop as flow_module
from flows import driver
from loop.run.config import LoopConfig
from loop.run.rounds import PLAIN_STEPS, RoundSteps


def test_every_task_of_the_flow_wraps_the_step_the_plain_driver_runs():
    for step in fields(RoundSteps):
        assert getattr(flow_module.TASK_STEPS, step.name).fn is getattr(PLAIN_STEPS, step.name), step.name


def test_the_flow_drives_its_run_with_the_one_round_order(monkeypatch):
    driven = []
    monkeypatch.setattr(driver, "run_rounds", lambda run, steps: driven.append((run, steps)))
    run = SimpleNamespace(
        run_id="r",
        game=SimpleNamespace(name="castle"),
        config=LoopConfig(),
        provider=SimpleNamespace(name="p"),
        record=SimpleNamespace(stop_reason="done"),
        close=lambda: None,
    )
    monkeypatch.setattr(driver, "open_run", lambda config, run_id: run)
    monkeypatch.setattr(flow_module, "write_reports", lambda run: "report.md")
    monkeypatch.setattr(flow_module, "get_run_logger", lambda: __import__("logging").getLogger("test"))

    assert flow_module.closed_loop.fn(**{"game": "castle", "run_id": None}) == "report.md"
    assert driven == [(run, flow_module.TASK_STEPS)]
