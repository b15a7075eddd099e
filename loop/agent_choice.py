"""Which agents a loop uses when the user says `auto`: model-backed ones when a model is configured,
the offline ones (explorer, gold) otherwise."""

from __future__ import annotations

import logging
import os

from games.catalogue import load_game
from loop.qa import qa_agent_names
from loop.run_record import LoopConfig
from repair_agents.registry import agent_names

log = logging.getLogger(__name__)


def model_configured() -> bool:
    return bool(os.environ.get("OPENAI_API_KEY") or os.environ.get("ANTHROPIC_API_KEY"))


def resolve_config(*, qa_agent: str = "auto", repair_agent: str = "auto", **params) -> LoopConfig:
    """A LoopConfig with `auto` agents resolved; unknown agent names fail here, before anything starts."""
    game = load_game(params.get("game", "castle"))
    online = model_configured()
    if qa_agent == "auto":
        qa_agent = "llm" if online and "llm" in qa_agent_names() else "explorer"
    if repair_agent == "auto":
        if online and "builtin" in agent_names():
            repair_agent = "builtin"
        else:
            repair_agent = "gold" if game.benchmark_dir else "noop"
    if qa_agent not in qa_agent_names():
        raise ValueError(f"unknown QA agent {qa_agent!r} (choose from auto, {', '.join(qa_agent_names())})")
    if repair_agent not in agent_names():
        raise ValueError(
            f"unknown repair agent {repair_agent!r} (choose from auto, {', '.join(agent_names())})"
        )
    if params.get("critic", "differential") != "differential" and not online:
        raise ValueError(
            f"the {params['critic']!r} critic needs a model (see README: pointing closed-loop at one)"
        )
    if online and qa_agent == "explorer":
        log.info("a model is configured, but the LLM QA agent is not available here: using the explorer")
    return LoopConfig(qa_agent=qa_agent, repair_agent=repair_agent, **params)
