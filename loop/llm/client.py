"""The one door to a model: `ChatModel.complete`, with retries, structured replies and accounting.

    model = model_for("planner", session=session)       # from CLOSED_LOOP_MODEL_PLANNER / CLOSED_LOOP_MODEL
    reply = model.complete([Message.system(...), Message.user(...)], response_model=Plan)
    reply.parsed  # a validated Plan

Ways a call ends, besides a reply: InvalidReply (the reply never validated; skip the step), BudgetExceeded
(stop the session), ProviderError subclasses (the provider failed after bounded retries).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel

from loop.llm.config import LLMConfig, ModelSpec
from loop.llm.context_window import ContextWindow
from loop.llm.errors import (
    ContextOverflow,
    InvalidReply,
    ProviderError,
    RequestRejected,
    StructuredOutputUnsupported,
)
from loop.llm.prices import PriceTable
from loop.llm.providers import Provider, make_provider, provider_names
from loop.llm.redaction import install_redaction, redact
from loop.llm.session import CallRecord, LLMSession
from loop.llm.structured import (
    ReplyFormatError,
    ResponseSchema,
    parse_reply,
    repair_prompt,
    schema_instruction,
)
from loop.llm.types import LLMReply, Message, ProviderReply, Role, Tool, Usage

log = logging.getLogger(__name__)
T = TypeVar("T", bound=BaseModel)
# A rejected reply is shown back to the model for correction, cut to this: a model that rambled until its
# token bound would otherwise double the next request.
REPLAYED_REPLY_CHARS = 1500


class ChatModel(Protocol):
    """What agents hold. Offline agents never get one; tests may pass any object with this method."""

    def complete(
        self,
        messages: list[Message],
        *,
        tools: list[Tool] | None = None,
        response_model: type[BaseModel] | None = None,
        max_tokens: int | None = None,
    ) -> LLMReply:
        """Ask the model. With `response_model`, `reply.parsed` is a validated instance (unless the model
        answered with tool calls). Raises InvalidReply, BudgetExceeded or a ProviderError."""
        ...


class LLMClient:
    """A ChatModel over one provider and model, accounting into a (possibly shared) session."""

    def __init__(
        self,
        provider: Provider,
        model: str,
        *,
        config: LLMConfig | None = None,
        session: LLMSession | None = None,
        prices: PriceTable | None = None,
        role: str = "default",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        install_redaction()
        self.provider = provider
        self.model = model
        self.config = config or LLMConfig()
        self.session = session or LLMSession()
        self.prices = prices or PriceTable.load(self.config.prices_file)
        self.role = role
        self._sleep = sleep
        self._window: ContextWindow | None = None

    def complete(
        self,
        messages: list[Message],
        *,
        tools: list[Tool] | None = None,
        response_model: type[T] | None = None,
        max_tokens: int | None = None,
    ) -> LLMReply:
        schema = ResponseSchema.of(response_model) if response_model else None
        conversation = list(messages)
        if schema is not None and not self.provider.native_structured:
            conversation = _with_system(conversation, schema_instruction(schema))
        bound = self.config.max_tokens_for(self.role, answer=max_tokens)
        total = LLMReply(provider=self.provider.name, model=self.model)
        for attempt in range(self.config.max_invalid_replies + 1):
            reply, record, conversation = self._send_fitted(conversation, tools, schema, bound, total)
            total.text, total.tool_calls, total.stop_reason = reply.text, reply.tool_calls, reply.stop_reason
            total.thinking = reply.thinking
            total.model = reply.model or self.model
            if response_model is None or reply.tool_calls:
                return total
            try:
                total.parsed = parse_reply(reply.text, response_model)
                return total
            except ReplyFormatError as exc:
                total.invalid_replies += 1
                record.outcome = "invalid"
                log.info("%s: invalid reply (%d): %s", self.role, attempt + 1, redact(str(exc)))
                if attempt == self.config.max_invalid_replies:
                    raise InvalidReply(
                        f"{self.role}: reply did not validate as {response_model.__name__} after "
                        f"{attempt + 1} tries: {exc}",
                        last_text=reply.text,
                        attempts=attempt + 1,
                    ) from None
                shown = reply.text[:REPLAYED_REPLY_CHARS]
                if len(reply.text) > REPLAYED_REPLY_CHARS:
                    shown += f"\n[cut: {len(reply.text) - REPLAYED_REPLY_CHARS} more characters]"
                conversation = [
                    *conversation,
                    Message.assistant(shown),
                    Message.user(repair_prompt(str(exc))),
                ]
        raise AssertionError("unreachable: the loop above returns or raises")

    def _send_fitted(
        self,
        conversation: list[Message],
        tools: list[Tool] | None,
        schema: ResponseSchema | None,
        bound: int,
        total: LLMReply,
    ) -> tuple[ProviderReply, CallRecord, list[Message]]:
        """Send `conversation` fitted to the context. A server that refuses the native schema format gets
        the schema in the prompt from then on; a context overflow is resent only smaller, once."""
        window = self.context_window()
        learnt_once = False
        for _ in range(3):  # at most: the schema fallback, one overflow correction, the request that works
            fitted, fitted_bound = window.fit(conversation, bound, tools)
            try:
                reply, record = self._request(fitted, tools, schema, fitted_bound, total)
                return reply, record, conversation
            except StructuredOutputUnsupported:
                if schema is None or not self.provider.native_structured:
                    raise
                log.warning("%s: the server refused json_schema; the schema goes in the prompt", self.role)
                self.provider.native_structured = False
                conversation = _with_system(conversation, schema_instruction(schema))
            except ContextOverflow as overflow:
                if learnt_once or not window.learn(overflow, fitted, tools):
                    raise
                learnt_once = True
        raise RequestRejected(f"{self.role}: the request could not be fitted to the model")

    def context_window(self) -> ContextWindow:
        """The model's context, from the setting or (compat) the server, looked up once per client."""
        if self._window is None:
            probe = getattr(self.provider, "context_tokens", None)
            tokens = self.config.context_tokens or (probe() if callable(probe) else None)
            self._window = ContextWindow(tokens)
        return self._window

    def _request(
        self,
        messages: list[Message],
        tools: list[Tool] | None,
        schema: ResponseSchema | None,
        max_tokens: int,
        total: LLMReply,
    ) -> tuple[ProviderReply, CallRecord]:
        """One logical request with bounded retries of retryable provider errors; accounts every attempt."""
        for attempt in range(self.config.max_retries + 1):
            self.session.check()
            started = time.monotonic()
            try:
                reply = self.provider.send(
                    self.model,
                    messages,
                    tools=tools,
                    schema=schema,
                    max_tokens=max_tokens,
                    stream=self.config.stream,
                    timeout_s=self._timeout_s(),
                    reasoning=self.config.reasoning_for(self.role),
                )
            except ProviderError as exc:
                latency = time.monotonic() - started
                total.latency_s += latency
                self._record(Usage(), latency, outcome="error", error=str(exc))
                exc.attempts = attempt + 1
                if not exc.retryable or attempt == self.config.max_retries:
                    raise
                total.retries += 1
                wait = self._backoff(exc, attempt)
                log.warning("%s: %s; retry %d in %.2fs", self.role, exc, attempt + 1, wait)
                self._sleep(wait)
                continue
            latency = time.monotonic() - started
            # a server on this machine costs nothing and has no price to warn about
            local = getattr(self.provider, "local", False)
            cost = self.prices.cost(reply.model or self.model, reply.usage, warn=not local)
            total.latency_s += latency
            total.usage = total.usage + reply.usage
            total.cost_usd += cost
            record = self._record(reply.usage, latency, cost=cost, model=reply.model)
            log.info(
                "%s %s:%s in=%d out=%d cost=$%.5f latency=%.2fs",
                self.role,
                self.provider.name,
                self.model,
                reply.usage.input_tokens,
                reply.usage.output_tokens,
                cost,
                latency,
            )
            return reply, record
        raise AssertionError("unreachable: the loop above returns or raises")

    def _timeout_s(self) -> float | None:
        """A request may not outlive the session's wall-clock budget."""
        remaining = self.session.remaining_wall_s()
        return None if remaining is None else max(0.1, min(self.config.timeout_s, remaining))

    def _backoff(self, exc: ProviderError, attempt: int) -> float:
        # Honour retry-after, but never beyond the cap: Anthropic's SDK would sleep for any value it is sent.
        hinted: float | None = getattr(exc, "retry_after", None)
        wait = hinted if hinted is not None else self.config.retry_base_s * 2**attempt
        wait = min(wait, self.config.max_retry_wait_s)
        remaining = self.session.remaining_wall_s()
        return wait if remaining is None else min(wait, remaining)

    def _record(
        self,
        usage: Usage,
        latency: float,
        *,
        cost: float = 0.0,
        model: str = "",
        outcome: Literal["ok", "invalid", "error"] = "ok",
        error: str = "",
    ) -> CallRecord:
        record = CallRecord(
            role=self.role,
            provider=self.provider.name,
            model=model or self.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            latency_s=latency,
            cost_usd=cost,
            outcome=outcome,
            error=redact(error),
        )
        self.session.record(record)
        return record

    def close(self) -> None:
        self.provider.close()


def _with_system(messages: list[Message], instruction: str) -> list[Message]:
    if messages and messages[0].role == "system":
        first = messages[0]
        return [Message.system(f"{first.content}\n\n{instruction}"), *messages[1:]]
    return [Message.system(instruction), *messages]


def model_for(
    role: Role,
    config: LLMConfig | None = None,
    *,
    session: LLMSession | None = None,
    prices: PriceTable | None = None,
) -> LLMClient:
    """The configured model for `role`. Raises RequestRejected when none is configured (check first with
    `LLMConfig.is_configured` / `any_model_configured`)."""
    config = config or LLMConfig.from_env()
    spec: ModelSpec | None = config.spec_for(role)
    if spec is not None and spec.provider not in provider_names():
        raise RequestRejected(f"unknown LLM provider {spec.provider!r}; known: {', '.join(provider_names())}")
    if spec is None or not config.has_credentials(spec.provider):
        raise RequestRejected(
            f"no model configured for role {role!r} (set CLOSED_LOOP_MODEL and a provider key)"
        )
    provider = make_provider(spec.provider, config)
    return LLMClient(provider, spec.name, config=config, session=session, prices=prices, role=role)
