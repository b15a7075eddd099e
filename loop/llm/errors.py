"""The ways a model call can end without a usable reply. Every message is redacted before it is stored."""

from __future__ import annotations

from typing import TypedDict, Unpack

from loop.llm.redaction import redact


class LLMError(Exception):
    """Base of every error the LLM layer raises. Its text never contains an API key."""

    def __init__(self, message: str) -> None:
        super().__init__(redact(message))


class ProviderError(LLMError):
    """The provider did not answer usefully after the bounded retries."""

    retryable = False

    def __init__(self, message: str, *, status: int | None = None, attempts: int = 1) -> None:
        super().__init__(message)
        self.status = status
        self.attempts = attempts


class ErrorDetails(TypedDict, total=False):
    """What every ProviderError may carry besides its message."""

    status: int | None
    attempts: int


class RateLimited(ProviderError):
    """429 from the provider."""

    retryable = True

    def __init__(self, message: str, *, retry_after: float | None = None, **kw: Unpack[ErrorDetails]) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class ProviderUnavailable(ProviderError):
    """5xx, 529 overloaded, a timeout, a dropped connection or a stream that stopped early."""

    retryable = True

    def __init__(self, message: str, *, retry_after: float | None = None, **kw: Unpack[ErrorDetails]) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class GarbageReply(ProviderError):
    """A 200 whose body is not the protocol's JSON (an HTML error page from a proxy, a cut-off body)."""

    retryable = True


class RequestRejected(ProviderError):
    """A 4xx other than 429: bad key, unknown model, malformed request. Retrying cannot help."""


class ContextOverflow(RequestRejected):
    """The request does not fit the model's context (llama.cpp, vLLM, Ollama answer 400). Resending it
    unchanged cannot help; a smaller one can. `n_ctx`/`n_prompt_tokens`: what the server said, if it did."""

    def __init__(
        self,
        message: str,
        *,
        n_ctx: int | None = None,
        n_prompt_tokens: int | None = None,
        **kw: Unpack[ErrorDetails],
    ) -> None:
        super().__init__(message, **kw)
        self.n_ctx = n_ctx
        self.n_prompt_tokens = n_prompt_tokens


class StructuredOutputUnsupported(RequestRejected):
    """The server refused the request's native JSON-schema response format; the schema goes in the prompt."""


class InvalidReply(LLMError):
    """The model's reply did not validate against the expected model, even after showing it the error.

    The caller turns it into a skipped step; `last_text` is the final (redacted) reply for the trace.
    """

    def __init__(self, message: str, *, last_text: str = "", attempts: int = 1) -> None:
        super().__init__(message)
        self.last_text = redact(last_text)
        self.attempts = attempts


class BudgetExceeded(LLMError):
    """The session's token, cost or wall-clock budget is spent; the session stops cleanly."""

    def __init__(self, message: str, *, limit: str) -> None:
        super().__init__(message)
        self.limit = limit
