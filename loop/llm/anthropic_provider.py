"""Anthropic messages (`anthropic`) over the official SDK.

Structured replies go through `output_config.format`; reasoning through extended thinking (`thinking` with a
budget below `max_tokens`). Thinking blocks never reach the answer's text: they are kept apart and sent back
with the next turn of a tool loop, as the API requires.
"""

from __future__ import annotations

from typing import Any

import anthropic

from loop.llm.config import REASONING_TOKENS, LLMConfig
from loop.llm.errors import ProviderUnavailable
from loop.llm.providers import (
    Provider,
    StructuredSchema,
    parse_arguments,
    sdk_timeout,
    translates_errors,
)
from loop.llm.types import Message, ProviderReply, Reasoning, Tool, ToolCall, Usage, system_text

MIN_THINKING_TOKENS = 1024  # the API's floor for budget_tokens
MIN_ANSWER_TOKENS = 256  # what thinking always leaves to the answer (a planner's whole reply)
THINKING_BLOCKS = ("thinking", "redacted_thinking")


def thinking_budget(reasoning: Reasoning, max_tokens: int) -> int | None:
    """The level's budget, cut to leave the answer room when the reply bound was squeezed to fit the
    context; None when it is off or no longer reaches the API's floor."""
    budget = min(REASONING_TOKENS[reasoning], max_tokens - MIN_ANSWER_TOKENS)
    return budget if budget >= MIN_THINKING_TOKENS else None


class AnthropicMessages(Provider):
    name = "anthropic"
    native_structured = True

    def __init__(self, client: anthropic.Anthropic) -> None:
        self.client = client

    @classmethod
    def from_context(cls, context: LLMConfig) -> AnthropicMessages:
        key = context.anthropic_api_key.get_secret_value() if context.anthropic_api_key else ""
        client = anthropic.Anthropic(
            api_key=key,
            base_url=context.anthropic_base_url,
            timeout=sdk_timeout(context),
            max_retries=0,
            _strict_response_validation=context.strict_response_validation,
        )
        return cls(client)

    @translates_errors
    def send(
        self,
        model: str,
        messages: list[Message],
        *,
        tools: list[Tool] | None,
        schema: StructuredSchema | None,
        max_tokens: int,
        stream: bool,
        timeout_s: float | None = None,
        reasoning: Reasoning = "off",
    ) -> ProviderReply:
        system = system_text(messages)
        params: dict[str, Any] = {
            "model": model,
            "messages": _turns(messages),
            "max_tokens": max_tokens,
        }
        if timeout_s is not None:
            params["timeout"] = timeout_s
        if system:
            params["system"] = system
        if tools:
            params["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
            ]
        if schema is not None:
            params["output_config"] = {"format": {"type": "json_schema", "schema": schema.schema}}
        budget = thinking_budget(reasoning, max_tokens)
        if budget is not None:
            params["thinking"] = {"type": "enabled", "budget_tokens": budget}
        if stream:
            return self._streamed(params)
        message = self.client.messages.create(**params)
        text = "".join(b.text for b in message.content if b.type == "text")
        calls = [
            ToolCall(id=b.id, name=b.name, arguments=dict(b.input))
            for b in message.content
            if b.type == "tool_use"
        ]
        return ProviderReply(
            text=text,
            tool_calls=calls,
            usage=Usage(input_tokens=message.usage.input_tokens, output_tokens=message.usage.output_tokens),
            stop_reason=message.stop_reason,
            model=message.model,
            thinking=[b.model_dump(mode="json") for b in message.content if b.type in THINKING_BLOCKS],
        )

    def _streamed(self, params: dict[str, Any]) -> ProviderReply:
        blocks: dict[int, dict[str, Any]] = {}
        usage, stop_reason, model, finished = Usage(), None, params["model"], False
        with self.client.messages.create(**params, stream=True) as events:
            for event in events:
                if event.type == "message_start":
                    model = event.message.model
                    usage = Usage(input_tokens=event.message.usage.input_tokens)
                elif event.type == "content_block_start":
                    block = event.content_block
                    if block.type == "tool_use":
                        blocks[event.index] = {
                            "type": "tool_use",
                            "id": block.id,
                            "name": block.name,
                            "json": "",
                        }
                    elif block.type in ("text", *THINKING_BLOCKS):
                        blocks[event.index] = block.model_dump(mode="json")
                elif event.type == "content_block_delta" and event.index in blocks:
                    if event.delta.type == "text_delta":
                        blocks[event.index]["text"] += event.delta.text
                    elif event.delta.type == "input_json_delta":
                        blocks[event.index]["json"] += event.delta.partial_json
                    elif event.delta.type == "thinking_delta":
                        blocks[event.index]["thinking"] += event.delta.thinking
                    elif event.delta.type == "signature_delta":
                        blocks[event.index]["signature"] = event.delta.signature
                elif event.type == "message_delta":
                    stop_reason = event.delta.stop_reason or stop_reason
                    usage = Usage(input_tokens=usage.input_tokens, output_tokens=event.usage.output_tokens)
                elif event.type == "message_stop":
                    finished = True
        if not finished:
            raise ProviderUnavailable(f"{self.name}: stream ended before message_stop")
        ordered = [blocks[i] for i in sorted(blocks)]
        return ProviderReply(
            text="".join(b["text"] for b in ordered if b["type"] == "text"),
            tool_calls=[
                ToolCall(id=b["id"], name=b["name"], arguments=parse_arguments(b["json"], self.name))
                for b in ordered
                if b["type"] == "tool_use"
            ],
            usage=usage,
            stop_reason=stop_reason,
            model=model,
            thinking=[b for b in ordered if b["type"] in THINKING_BLOCKS],
        )

    def close(self) -> None:
        self.client.close()


def _turns(messages: list[Message]) -> list[dict[str, Any]]:
    """Anthropic has no tool role: tool results are user turns of tool_result blocks, merged when adjacent."""
    turns: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "system":
            continue
        if m.role == "tool":
            block = {"type": "tool_result", "tool_use_id": m.tool_call_id, "content": m.content}
            if turns and turns[-1]["role"] == "user" and isinstance(turns[-1]["content"], list):
                turns[-1]["content"].append(block)
            else:
                turns.append({"role": "user", "content": [block]})
        elif m.role == "assistant" and (m.tool_calls or m.thinking):
            content: list[dict[str, Any]] = list(m.thinking)
            content += [{"type": "text", "text": m.content}] if m.content else []
            content += [
                {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in m.tool_calls
            ]
            turns.append({"role": "assistant", "content": content})
        else:
            turns.append({"role": m.role, "content": m.content})
    return turns
