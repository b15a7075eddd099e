"""OpenAI chat completions (`openai`, and `compat` for any OpenAI-compatible endpoint) and responses
(`openai-responses`) over the official SDK.

Reasoning goes as `reasoning_effort` (chat) or `reasoning.effort` (responses), and only when a level is set:
an OpenAI-compatible server is sent nothing unless it is configured (most local models have no such knob).
"""

from __future__ import annotations

import json
from typing import Any, Self

import openai

from loop.llm.config import LLMConfig
from loop.llm.errors import ProviderUnavailable
from loop.llm.providers import (
    Provider,
    StructuredSchema,
    parse_arguments,
    sdk_timeout,
    translates_errors,
)
from loop.llm.types import Message, ProviderReply, Reasoning, Tool, ToolCall, Usage, system_text


def openai_client(config: LLMConfig, base_url: str | None, api_key: str) -> openai.OpenAI:
    return openai.OpenAI(
        api_key=api_key,
        base_url=base_url,
        timeout=sdk_timeout(config),
        max_retries=0,
        _strict_response_validation=config.strict_response_validation,
    )


class OpenAISDKProvider(Provider):
    """A provider over one `openai.OpenAI` client, made from the config's OpenAI endpoint and key."""

    def __init__(self, client: openai.OpenAI, name: str = "openai") -> None:
        self.client = client
        self.name = name

    @classmethod
    def from_context(cls, context: LLMConfig) -> Self:
        return cls(openai_client(context, context.openai_base_url, _openai_key(context)))

    def close(self) -> None:
        self.client.close()


class OpenAIChat(OpenAISDKProvider):
    """Chat completions. With `native_structured`, replies are held to `response_format=json_schema`."""

    # the name of the reply bound: OpenAI's current one; OpenAI-compatible servers all read the older name
    max_tokens_param = "max_completion_tokens"
    local = False  # a server on this machine: its tokens cost nothing

    def __init__(self, client: openai.OpenAI, name: str = "openai", native_structured: bool = True) -> None:
        super().__init__(client, name)
        self.native_structured = native_structured

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
        params: dict[str, Any] = {
            "model": model,
            "messages": [_chat_message(m) for m in messages],
            self.max_tokens_param: max_tokens,
        }
        if reasoning != "off":
            params["reasoning_effort"] = reasoning
        if timeout_s is not None:
            params["timeout"] = timeout_s
        if tools:
            params["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in tools
            ]
        if schema is not None and self.native_structured:
            params["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema.name, "schema": schema.schema, "strict": False},
            }
        if stream:
            return self._streamed(params)
        completion = self.client.chat.completions.create(**params)
        choice = completion.choices[0]
        calls = [
            ToolCall(
                id=c.id, name=c.function.name, arguments=parse_arguments(c.function.arguments, self.name)
            )
            for c in choice.message.tool_calls or []
            if c.type == "function"
        ]
        usage = completion.usage
        return ProviderReply(
            text=choice.message.content or "",
            tool_calls=calls,
            usage=Usage(input_tokens=usage.prompt_tokens, output_tokens=usage.completion_tokens)
            if usage
            else Usage(),
            stop_reason=choice.finish_reason,
            model=completion.model,
        )

    def _streamed(self, params: dict[str, Any]) -> ProviderReply:
        text: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        usage, finish, model = Usage(), None, params["model"]
        events = self.client.chat.completions.create(
            **params, stream=True, stream_options={"include_usage": True}
        )
        with events:
            for chunk in events:
                model = chunk.model or model
                if chunk.usage is not None:
                    usage = Usage(
                        input_tokens=chunk.usage.prompt_tokens, output_tokens=chunk.usage.completion_tokens
                    )
                for choice in chunk.choices:
                    text.append(choice.delta.content or "")
                    for delta in choice.delta.tool_calls or []:
                        call = calls.setdefault(delta.index, {"id": "", "name": "", "arguments": ""})
                        call["id"] = delta.id or call["id"]
                        if delta.function is not None:
                            call["name"] += delta.function.name or ""
                            call["arguments"] += delta.function.arguments or ""
                    finish = choice.finish_reason or finish
        if finish is None:
            raise ProviderUnavailable(f"{self.name}: stream ended before a finish_reason")
        return ProviderReply(
            text="".join(text),
            tool_calls=[
                ToolCall(id=c["id"], name=c["name"], arguments=parse_arguments(c["arguments"], self.name))
                for _, c in sorted(calls.items())
            ],
            usage=usage,
            stop_reason=finish,
            model=model,
        )


def _chat_message(message: Message) -> dict[str, Any]:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    out: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        out["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
            }
            for c in message.tool_calls
        ]
    return out


class OpenAIResponses(OpenAISDKProvider):
    """The responses API (what Codex speaks). Structured replies through `text.format=json_schema`."""

    native_structured = True

    def __init__(self, client: openai.OpenAI, name: str = "openai-responses") -> None:
        super().__init__(client, name)

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
            "input": [item for m in messages if m.role != "system" for item in _response_items(m)],
            "max_output_tokens": max_tokens,
            "store": False,
        }
        if reasoning != "off":
            params["reasoning"] = {"effort": reasoning}
        if timeout_s is not None:
            params["timeout"] = timeout_s
        if system:
            params["instructions"] = system
        if tools:
            params["tools"] = [
                {"type": "function", "name": t.name, "description": t.description, "parameters": t.parameters}
                for t in tools
            ]
        if schema is not None:
            params["text"] = {
                "format": {
                    "type": "json_schema",
                    "name": schema.name,
                    "schema": schema.schema,
                    "strict": False,
                }
            }
        response = self._streamed(params) if stream else self.client.responses.create(**params)
        return self._reply(response)

    def _streamed(self, params: dict[str, Any]) -> Any:
        with self.client.responses.create(**params, stream=True) as events:
            for event in events:
                if event.type == "response.completed":
                    return event.response
                if event.type == "error":
                    raise ProviderUnavailable(f"{self.name}: stream broke off: {event.code}: {event.message}")
                if event.type in ("response.failed", "response.incomplete"):
                    raise ProviderUnavailable(f"{self.name}: stream ended with {event.type}")
        raise ProviderUnavailable(f"{self.name}: stream ended before response.completed")

    def _reply(self, response: Any) -> ProviderReply:
        text: list[str] = []
        calls: list[ToolCall] = []
        for item in response.output:
            if item.type == "message":
                text += [part.text for part in item.content if part.type == "output_text"]
            elif item.type == "function_call":
                calls.append(
                    ToolCall(
                        id=item.call_id, name=item.name, arguments=parse_arguments(item.arguments, self.name)
                    )
                )
        usage = response.usage
        return ProviderReply(
            text="".join(text),
            tool_calls=calls,
            usage=Usage(input_tokens=usage.input_tokens, output_tokens=usage.output_tokens)
            if usage
            else Usage(),
            stop_reason=response.status,
            model=response.model,
        )


def _response_items(message: Message) -> list[dict[str, Any]]:
    if message.role == "tool":
        return [{"type": "function_call_output", "call_id": message.tool_call_id, "output": message.content}]
    items: list[dict[str, Any]] = []
    if message.content or not message.tool_calls:
        items.append({"role": message.role, "content": message.content})
    items += [
        {"type": "function_call", "call_id": c.id, "name": c.name, "arguments": json.dumps(c.arguments)}
        for c in message.tool_calls
    ]
    return items


def _openai_key(config: LLMConfig) -> str:
    return config.openai_api_key.get_secret_value() if config.openai_api_key else ""
