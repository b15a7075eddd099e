"""The built-in coding agent's loop: `run()` loops on `step()`; `step()` is `query()` then `observe()`.

The ways a run ends are exceptions: Submitted (the model called `finish`), LimitsExceeded (turns, tokens,
cost or wall time), and the LLM layer's ProviderError (the endpoint is down after its retries). FormatError
(a reply without a tool call, tool-call arguments that are not JSON) and a tool call that fails are shown to
the model as an observation, and the run goes on.
"""

from __future__ import annotations

import time

from loop.limits import LimitsExceeded
from loop.llm import (
    BudgetExceeded,
    ChatModel,
    GarbageReply,
    LLMReply,
    Message,
    ProviderError,
    ToolCall,
)
from repair_agents.coding.tools import Submitted, Toolbox, ToolFailed, tool_specs
from repair_agents.coding.transcript import Transcript

MAX_OBSERVATION_CHARS = 16_000
TRANSCRIPT_OUTPUT_CHARS = 4_000
NO_TOOL_CALL = "Use one of the tools to work on the repository; call `finish` when the fix is in place."
MAX_FORMAT_ERRORS_IN_A_ROW = 6  # a model that cannot produce one usable turn in six will not in sixty


class FormatError(Exception):
    """The model's reply cannot be acted on; the message tells it why, and the run goes on."""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n[cut: {len(text) - limit} more characters]"


class CodingAgent:
    def __init__(
        self,
        model: ChatModel,
        toolbox: Toolbox,
        transcript: Transcript,
        *,
        max_turns: int,
        max_format_errors: int = MAX_FORMAT_ERRORS_IN_A_ROW,
    ):
        self.model = model
        self.max_format_errors = max_format_errors
        self.format_errors_in_a_row = 0
        self.toolbox = toolbox
        self.transcript = transcript
        self.max_turns = max_turns
        self.tools = tool_specs()
        self.messages: list[Message] = []
        self.turns = 0

    def run(self, system: str, task: str) -> str:
        """Work until the model calls `finish`; return its summary. Raises LimitsExceeded or ProviderError."""
        self.messages = [Message.system(system), Message.user(task)]
        while True:
            try:
                self.step()
            except Submitted as done:
                return str(done)

    def step(self) -> None:
        if self.turns >= self.max_turns:
            raise LimitsExceeded(f"turn budget spent: {self.turns} of {self.max_turns} model calls", "turns")
        try:
            self.observe(self.query())
            self.format_errors_in_a_row = 0
        except FormatError as exc:
            self.format_errors_in_a_row += 1
            self.transcript.event("format_error", turn=self.turns, error=str(exc))
            if self.format_errors_in_a_row >= self.max_format_errors:
                raise LimitsExceeded(
                    f"{self.format_errors_in_a_row} unusable model replies in a row: {exc}", "failures"
                ) from None
            self.messages.append(Message.user(str(exc)))

    def query(self) -> LLMReply:
        self.turns += 1
        started = time.monotonic()
        try:
            reply = self.model.complete(self.messages, tools=self.tools)
        except BudgetExceeded as exc:
            raise LimitsExceeded(str(exc), exc.limit) from None
        except ProviderError as exc:
            # Garbage in the tool-call arguments is the model's slip; any other garbage is the endpoint's.
            if isinstance(exc, GarbageReply) and "tool-call arguments" in str(exc):
                raise FormatError(f"Your last reply could not be used ({exc}). {NO_TOOL_CALL}") from None
            self.transcript.event(
                "model_error",
                turn=self.turns,
                error=str(exc),
                status=exc.status,
                attempts=exc.attempts,
                seconds=round(time.monotonic() - started, 3),
            )
            raise
        self.transcript.event(
            "model_call",
            turn=self.turns,
            model=reply.model,
            text=reply.text,
            tool_calls=[call.model_dump() for call in reply.tool_calls],
            input_tokens=reply.usage.input_tokens,
            output_tokens=reply.usage.output_tokens,
            cost_usd=reply.cost_usd,
            latency_s=round(reply.latency_s, 3),
            retries=reply.retries,
        )
        self.messages.append(Message.assistant(reply.text, reply.tool_calls, reply.thinking))
        return reply

    def observe(self, reply: LLMReply) -> None:
        if not reply.tool_calls:
            raise FormatError(NO_TOOL_CALL)
        for call in reply.tool_calls:
            started = time.monotonic()
            try:
                output, ok = self.toolbox.call(call), True
            except ToolFailed as exc:
                output, ok = f"error: {exc}", False
            except Submitted as done:
                self._record_tool(call, True, f"finished: {done}", started)
                raise
            self._record_tool(call, ok, output, started)
            self.messages.append(Message.tool(call.id, _cut(output, MAX_OBSERVATION_CHARS)))

    def _record_tool(self, call: ToolCall, ok: bool, output: str, started: float) -> None:
        self.transcript.event(
            "tool_call",
            turn=self.turns,
            id=call.id,
            name=call.name,
            arguments=call.arguments,
            ok=ok,
            output=_cut(output, TRANSCRIPT_OUTPUT_CHARS),
            seconds=round(time.monotonic() - started, 3),
        )
