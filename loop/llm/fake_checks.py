"""What the fake LLM server refuses, as the real services do: reasoning parameters out of their range.

Each check returns the error message of a 400 (in the protocol's error body), or None for a request the real
service would take. Only what our clients could get wrong is checked; the rest of a request passes.
"""

from __future__ import annotations

from typing import Any

from loop.llm.fake_wire import Protocol

OPENAI_EFFORTS = ("minimal", "low", "medium", "high")
MIN_THINKING_TOKENS = 1024
THINKING_BLOCKS = ("thinking", "redacted_thinking")


def request_problem(protocol: Protocol, body: dict[str, Any]) -> str | None:
    if protocol == "messages":
        return _thinking_problem(body)
    if protocol == "chat":
        return _effort_problem(body.get("reasoning_effort"), "reasoning_effort")
    effort = body.get("reasoning")
    if effort is None:
        return None
    if not isinstance(effort, dict):
        return "reasoning: must be an object"
    return _effort_problem(effort.get("effort"), "reasoning.effort")


def _effort_problem(effort: object, name: str) -> str | None:
    if effort is None or effort in OPENAI_EFFORTS:
        return None
    return f"{name}: {effort!r} is not one of {', '.join(OPENAI_EFFORTS)}"


def _thinking_problem(body: dict[str, Any]) -> str | None:
    thinking = body.get("thinking")
    if thinking is None or thinking == {"type": "disabled"}:
        return None
    if isinstance(thinking, dict) and thinking.get("type") == "adaptive":
        return None  # the model decides whether and how long to think (Claude Code sends this): no budget
    if not isinstance(thinking, dict) or thinking.get("type") != "enabled":
        return "thinking: type must be enabled, adaptive or disabled"
    budget, max_tokens = thinking.get("budget_tokens"), body.get("max_tokens")
    if not isinstance(budget, int) or budget < MIN_THINKING_TOKENS:
        return f"thinking.budget_tokens: must be an integer of at least {MIN_THINKING_TOKENS}"
    if not isinstance(max_tokens, int) or budget >= max_tokens:
        return "max_tokens must be greater than thinking.budget_tokens"
    for name in ("temperature", "top_k"):
        if name in body and body[name] != 1:
            return f"{name} may not be set with thinking enabled"
    last = next((m for m in reversed(body.get("messages") or []) if m.get("role") == "assistant"), None)
    content = last.get("content") if last else None
    if not isinstance(content, list) or not any(b.get("type") == "tool_use" for b in content):
        return None
    if content[0].get("type") not in THINKING_BLOCKS:
        return (
            "messages: with thinking enabled, an assistant turn with tool_use must start with a thinking "
            "block (send back the thinking blocks of the previous reply)"
        )
    return None
