"""The provider protocol, the registry of providers by name, and SDK failures turned into typed errors.

The lifecycle is in `Provider`'s docstring.
"""

from __future__ import annotations

import abc
import functools
import json
from collections.abc import Callable
from typing import Any, Protocol

import anthropic
import httpx2
import openai

from loop.llm.config import LLMConfig
from loop.llm.errors import (
    ContextOverflow,
    GarbageReply,
    ProviderError,
    ProviderUnavailable,
    RateLimited,
    RequestRejected,
    StructuredOutputUnsupported,
)
from loop.llm.types import Message, ProviderReply, Reasoning, Tool
from loop.plugins import Plugin, PluginKind, UnknownPlugin, create, names


class StructuredSchema(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def schema(self) -> dict[str, Any]: ...


class Provider(Plugin[LLMConfig], abc.ABC):
    """One wire API of a model service. Registered by name as a `closed_loop.llm_providers` entry point that
    names the class.

    Lifecycle: `from_context(LLMConfig)` makes one per (config, provider name), by `make_provider`; it owns
    one SDK client with an explicit timeout and `max_retries=0` (the LLM client retries itself, so it can cap
    retry-after and count retries). `send` is called any number of times; `close()`, once, releases the
    client's connections.
    """

    name: str
    native_structured: bool
    """True when the provider holds replies to a JSON schema itself (else the schema goes in the prompt)."""

    @abc.abstractmethod
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
        """One request; `timeout_s` overrides the client's read timeout. `reasoning` is how much the model
        thinks first, asked the provider's way; `max_tokens` already has room for it.

        Raises ProviderError subclasses only (RateLimited, ProviderUnavailable, ...)."""

    @abc.abstractmethod
    def close(self) -> None: ...


def provider_names() -> list[str]:
    return names(PluginKind.LLM_PROVIDER)


def make_provider(name: str, config: LLMConfig) -> Provider:
    """The provider called `name` (an entry point of `closed_loop.llm_providers`)."""
    try:
        return create(PluginKind.LLM_PROVIDER, name, Provider, config)
    except UnknownPlugin:
        raise RequestRejected(
            f"unknown LLM provider {name!r}; known: {', '.join(provider_names())}"
        ) from None


def sdk_timeout(config: LLMConfig) -> httpx2.Timeout:
    return httpx2.Timeout(config.timeout_s, connect=config.connect_timeout_s)


def retry_after_of(headers: httpx2.Headers | None) -> float | None:
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value:
            try:
                return max(0.0, float(value) * scale)
            except ValueError:
                continue
    return None


_SDK_ERRORS = (openai.OpenAIError, anthropic.AnthropicError)


_TRANSLATED = (*_SDK_ERRORS, json.JSONDecodeError, httpx2.HTTPError)


def translates_errors(send: Callable[..., ProviderReply]) -> Callable[..., ProviderReply]:
    """Decorates a provider's `send`: every way an SDK call fails becomes a ProviderError. The SDK exception
    is neither chained nor kept as context (it holds the request, headers included): only its redacted text
    survives."""

    @functools.wraps(send)
    def translated(self: Provider, *args: Any, **kwargs: Any) -> ProviderReply:
        try:
            return send(self, *args, **kwargs)
        except _TRANSLATED as exc:
            error = _translate(self.name, exc)
        raise error from None  # raised outside the except block, so __context__ stays empty

    return translated


def _translate(provider: str, exc: Exception) -> ProviderError:
    if isinstance(exc, openai.APIStatusError | anthropic.APIStatusError):
        if exc.status_code < 400:
            # An error event inside a 200 stream (Anthropic's overloaded_error arrives this way).
            kind = RateLimited if "rate_limit" in str(exc) else ProviderUnavailable
            return kind(f"{provider}: stream broke off: {exc}")
        return _status_error(provider, exc.status_code, str(exc), exc.response.headers, exc.body)
    if isinstance(exc, openai.APITimeoutError | anthropic.APITimeoutError):
        return ProviderUnavailable(f"{provider}: request timed out")
    if isinstance(exc, openai.APIConnectionError | anthropic.APIConnectionError):
        return ProviderUnavailable(f"{provider}: connection failed: {exc} ({type(exc.__cause__).__name__})")
    if isinstance(exc, openai.APIResponseValidationError | anthropic.APIResponseValidationError):
        return GarbageReply(f"{provider}: reply does not match the API schema: {exc}")
    if isinstance(exc, json.JSONDecodeError):
        # A 200 with a non-JSON body (a proxy's HTML page, a cut-off body) surfaces as a raw JSONDecodeError.
        return GarbageReply(f"{provider}: reply body is not JSON: {exc.msg} at {exc.pos}")
    return ProviderUnavailable(f"{provider}: {type(exc).__name__}: {exc}")


_OVERFLOW_WORDS = (
    "exceed_context_size",
    "context size",
    "context length",
    "context window",
    "too many tokens",
)
_SCHEMA_WORDS = ("response_format", "json_schema", "grammar")


def _status_error(
    provider: str, status: int, text: str, headers: httpx2.Headers, body: object = None
) -> ProviderError:
    message = f"{provider}: HTTP {status}: {text}"
    lowered = text.lower()
    if status in (400, 413) and any(word in lowered for word in _OVERFLOW_WORDS):
        detail = _error_detail(body)
        return ContextOverflow(
            message,
            status=status,
            n_ctx=_int_or_none(detail.get("n_ctx")),
            n_prompt_tokens=_int_or_none(detail.get("n_prompt_tokens")),
        )
    if status in (400, 422, 500) and any(word in lowered for word in _SCHEMA_WORDS):
        # llama.cpp answers 500 when it cannot turn a schema into a grammar: still the request's fault
        return StructuredOutputUnsupported(message, status=status)
    if status == 429:
        return RateLimited(message, status=status, retry_after=retry_after_of(headers))
    if status in (408, 409) or status >= 500:
        return ProviderUnavailable(message, status=status, retry_after=retry_after_of(headers))
    return RequestRejected(message, status=status)


def _error_detail(body: object) -> dict[str, Any]:
    """The `error` object of an error body (the SDKs hand over the parsed JSON, or its `error` member)."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        return inner if isinstance(inner, dict) else body
    return {}


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and value > 0 else None


def parse_arguments(raw: str | dict[str, Any] | None, provider: str) -> dict[str, Any]:
    """Tool-call arguments arrive as a JSON string (OpenAI) or an object (Anthropic)."""
    if isinstance(raw, dict):
        return raw
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise GarbageReply(f"{provider}: tool-call arguments are not JSON: {exc.msg}") from None
    if not isinstance(value, dict):
        raise GarbageReply(f"{provider}: tool-call arguments are not a JSON object")
    return value
