"""What goes into a model call and what comes back, independent of the provider."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Role = Literal["planner", "reflection", "summary", "critic", "repair"]
ROLES: tuple[Role, ...] = ("planner", "reflection", "summary", "critic", "repair")
Reasoning = Literal["off", "low", "medium", "high"]
REASONING_LEVELS: tuple[Reasoning, ...] = ("off", "low", "medium", "high")


class ToolCall(BaseModel):
    id: str
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Message(BaseModel):
    """One turn. `tool` messages answer the assistant's tool call with the same `tool_call_id`. `thinking`
    holds an assistant turn's reasoning blocks as the provider sent them (Anthropic's, signed): a tool loop
    with extended thinking must send them back unchanged."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    thinking: list[dict[str, Any]] = Field(default_factory=list)

    @classmethod
    def system(cls, content: str) -> Message:
        return cls(role="system", content=content)

    @classmethod
    def user(cls, content: str) -> Message:
        return cls(role="user", content=content)

    @classmethod
    def assistant(
        cls,
        content: str,
        tool_calls: list[ToolCall] | None = None,
        thinking: list[dict[str, Any]] | None = None,
    ) -> Message:
        return cls(role="assistant", content=content, tool_calls=tool_calls or [], thinking=thinking or [])

    @classmethod
    def tool(cls, tool_call_id: str, content: str) -> Message:
        return cls(role="tool", content=content, tool_call_id=tool_call_id)


def system_text(messages: list[Message]) -> str:
    """The system turns joined, for APIs that take the system prompt apart from the conversation."""
    return "\n\n".join(m.content for m in messages if m.role == "system")


class Tool(BaseModel):
    """A function the model may call; `parameters` is a JSON schema of its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})

    @classmethod
    def from_model(cls, name: str, description: str, arguments: type[BaseModel]) -> Tool:
        return cls(name=name, description=description, parameters=arguments.model_json_schema())


class Usage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class ProviderReply(BaseModel):
    """One provider round trip, before accounting."""

    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    stop_reason: str | None = None
    model: str = ""
    thinking: list[dict[str, Any]] = Field(
        default_factory=list, description="reasoning blocks, not the answer"
    )


class LLMReply(BaseModel):
    """What `ChatModel.complete` returns: the reply plus what it cost (summed over retries and repairs)."""

    text: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    thinking: list[dict[str, Any]] = Field(
        default_factory=list, description="the reasoning blocks to send back with a tool loop's next turn"
    )
    parsed: Any = Field(default=None, description="the validated response_model instance, when one was asked")
    usage: Usage = Field(default_factory=Usage)
    latency_s: float = 0.0
    cost_usd: float = 0.0
    retries: int = Field(default=0, description="provider errors retried (429, 5xx, timeouts, garbage)")
    invalid_replies: int = Field(default=0, description="replies that failed validation and were sent back")
    provider: str = ""
    model: str = ""
    stop_reason: str | None = None
