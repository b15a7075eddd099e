"""What `auto` picks, and which choices a game allows: the loop's policy, in one place.

With a model configured (an API key, or a compat endpoint such as a local llama.cpp server), `auto` picks the
model-backed agents; otherwise the offline ones (the explorer, and `gold` where the game ships ground truth,
else `revert`, which repairs only bugs bisected to a culprit commit).
"""

from __future__ import annotations

import logging
from functools import cache

from loop.contract.game import Game
from loop.judge.verdict import Judge
from loop.llm.client import model_for
from loop.llm.config import any_model_configured
from loop.qa import qa_agent_names
from loop.repair.agents import agent_names, needs_ground_truth, needs_model
from loop.run.config import AUTO, LoopConfig

log = logging.getLogger(__name__)

QA_ONLY_NOTICE = (
    "no model is configured, so this run is QA only: bugs are found and replayed, and only a bug bisected to "
    "the commit that brought it in is repaired, by reverting that commit (the revert agent). To repair "
    "more, set ANTHROPIC_API_KEY or OPENAI_API_KEY, start a local model with `closed-loop model up`, "
    "or bring your own fixer with --repair-agent command --agent-option command='<your command>'"
)
CRITICS = {"differential": ["differential"], "llm": ["llm"], "both": ["differential", "llm"], "none": []}


class ChoiceError(ValueError):
    """A choice the game or the machine cannot honour. The message is meant for the user."""


def model_configured() -> bool:
    """Is a model configured for the agents? The one answer every `auto` uses."""
    return any_model_configured()


@cache
def _say_qa_only() -> None:
    """Once per process: the CLI checks the choices before the flow does it again."""
    log.warning(QA_ONLY_NOTICE)


def resolve_config(config: LoopConfig, game: Game, *, has_ground_truth: bool) -> LoopConfig:
    """`config` with `auto` agents resolved; unknown agents and impossible choices fail here, before anything
    starts (a harness agent on a game without ground truth, a model critic without a model)."""
    online = model_configured()
    qa_agent, repair_agent = config.qa_agent, config.repair_agent
    if qa_agent == AUTO:
        qa_agent = "llm" if online and "llm" in qa_agent_names() else "explorer"
    if repair_agent == AUTO:
        if online and "builtin" in agent_names():
            repair_agent = "builtin"
        else:
            repair_agent = "gold" if has_ground_truth else "revert"
            if repair_agent == "revert":
                _say_qa_only()
    if qa_agent not in qa_agent_names():
        raise ChoiceError(f"unknown QA agent {qa_agent!r} (choose from auto, {', '.join(qa_agent_names())})")
    if repair_agent not in agent_names():
        raise ChoiceError(
            f"unknown repair agent {repair_agent!r} (choose from auto, {', '.join(agent_names())})"
        )
    if needs_model(repair_agent) and not online:
        raise ChoiceError(
            f"the {repair_agent} repair agent needs a model: set ANTHROPIC_API_KEY or OPENAI_API_KEY, start "
            "a local one with `closed-loop model up`, or choose another repair agent "
            "(noop, or command with --agent-option command=...)"
        )
    if needs_ground_truth(repair_agent) and not has_ground_truth:
        raise ChoiceError(
            f"the {repair_agent} agent applies ground-truth patches, and {game.name} has no ground truth "
            "here (no benchmark/bugs.json, or it was withheld): choose another repair agent"
        )
    critic = config.critic
    if critic == AUTO:
        critic = "none" if not has_ground_truth else "both" if online else "differential"
    if critic in ("llm", "both") and not online:
        raise ChoiceError(f"the {critic!r} critic needs a model (see README: pointing closed-loop at one)")
    if online and qa_agent == "explorer" and config.qa_agent == AUTO:
        log.info("a model is configured, but the LLM QA agent is not available here: using the explorer")
    return config.model_copy(update={"qa_agent": qa_agent, "repair_agent": repair_agent, "critic": critic})


def critic_names(config: LoopConfig) -> list[str]:
    return CRITICS[config.critic]


def make_judge() -> Judge:
    """The loop's judge: explorer oracles always; a model for every other report when one is configured."""
    return Judge(model_for("reflection") if model_configured() else None)
