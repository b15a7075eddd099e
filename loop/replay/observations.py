"""How game steps are shown to a model: short, bounded, the same everywhere (planner, reflection, judge)."""

from __future__ import annotations

import json
from typing import Any

from loop.replay.clipping import clip
from loop.replay.state_diff import state_diff
from loop.replay.transcript import Step

MAX_MESSAGE_CHARS = 500
MAX_STATE_CHARS = 900


def state_text(state: dict[str, Any], limit: int = MAX_STATE_CHARS) -> str:
    return clip(json.dumps(state, separators=(",", ":"), sort_keys=True), limit)


def step_text(step: Step, *, with_state: bool = True) -> str:
    """One step as a few lines: the command, the game's reply (or error) and, optionally, the state after."""
    reply = step.message if step.observation is not None else f"ERROR: {step.error}"
    if step.observation is not None and not step.observation.success:
        reply = f"(refused) {reply}"
    lines = [f"> {step.command or '(new game)'}", clip(reply, MAX_MESSAGE_CHARS)]
    if with_state:
        lines.append(f"state: {state_text(step.state)}")
    return "\n".join(lines)


def transcript_json(steps: list[Step]) -> str:
    """A replay transcript for a judge: every step's command, reply and state after it."""
    rows = [
        {
            "command": step.command or "(new game)",
            "reply": clip(step.message, MAX_MESSAGE_CHARS),
            "error": step.observation is None,
            "state": step.state,
        }
        for step in steps
    ]
    return json.dumps(rows, indent=1, sort_keys=True)


def step_brief(step: Step, *, with_state: bool = False) -> str:
    """A step as a model reads it: command, reply, what the command changed (and the state after)."""

    lines = [step_text(step, with_state=False)]
    if step.command is not None:
        lines.append(f"changed: {state_diff(step.before, step.state)}")
    if with_state:
        lines.append(f"state: {state_text(without_reply_text(step.state, step.message))}")
    return "\n".join(lines)


REPLY_SHOWN = "(in the reply above)"


def without_reply_text(value: Any, reply: str) -> Any:
    """The state with every long text that the reply already shows word for word replaced by a marker."""
    if isinstance(value, dict):
        return {k: without_reply_text(v, reply) for k, v in value.items()}
    if isinstance(value, list):
        return [without_reply_text(v, reply) for v in value]
    if isinstance(value, str) and len(value) > 40 and value in reply:
        return REPLY_SHOWN
    return value
