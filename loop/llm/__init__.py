"""The LLM layer: the only way closed-loop talks to a model.

Public surface:
  LLMConfig, ModelSpec, any_model_configured     configuration (environment or explicit)
  model_for(role, config, session=...) -> LLMClient (a ChatModel)
  ChatModel.complete(messages, tools=, response_model=, max_tokens=) -> LLMReply
  Message, Tool, ToolCall, Usage, LLMReply       the provider-neutral types
  LLMSession, Budget, CallRecord                 accounting and budgets
  LLMError > ProviderError (RateLimited, ProviderUnavailable, GarbageReply, RequestRejected),
             InvalidReply, BudgetExceeded
  redact, register_secret, install_redaction     keeping keys out of everything written
  estimate_tokens(text)                          offline token estimate for sizing prompts
The fake service for tests lives in loop.llm.fake_server (FakeLLMServer) and loop.llm.fake_wire (reply,
...) and loop.llm.fake_anthropic_wire.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loop.llm.client import ChatModel, LLMClient, model_for
    from loop.llm.config import LLMConfig, ModelSpec, any_model_configured
    from loop.llm.errors import (
        BudgetExceeded,
        GarbageReply,
        InvalidReply,
        LLMError,
        ProviderError,
        ProviderUnavailable,
        RateLimited,
        RequestRejected,
    )
    from loop.llm.prices import PriceTable
    from loop.llm.providers import make_provider, provider_names
    from loop.llm.redaction import install_redaction, redact, register_secret
    from loop.llm.session import Budget, CallRecord, LLMSession
    from loop.llm.structured import extract_json, parse_reply
    from loop.llm.tokens import estimate_tokens
    from loop.llm.types import ROLES, LLMReply, Message, Role, Tool, ToolCall, Usage

# Imported on first use, so that `loop.llm.fake_server` (and tests that only need the fake) do not pay for
# importing both SDKs (several seconds on a busy machine).
_EXPORTS = {
    "ChatModel": "loop.llm.client",
    "LLMClient": "loop.llm.client",
    "model_for": "loop.llm.client",
    "LLMConfig": "loop.llm.config",
    "ModelSpec": "loop.llm.config",
    "any_model_configured": "loop.llm.config",
    "BudgetExceeded": "loop.llm.errors",
    "GarbageReply": "loop.llm.errors",
    "InvalidReply": "loop.llm.errors",
    "LLMError": "loop.llm.errors",
    "ProviderError": "loop.llm.errors",
    "ProviderUnavailable": "loop.llm.errors",
    "RateLimited": "loop.llm.errors",
    "RequestRejected": "loop.llm.errors",
    "PriceTable": "loop.llm.prices",
    "make_provider": "loop.llm.providers",
    "provider_names": "loop.llm.providers",
    "install_redaction": "loop.llm.redaction",
    "redact": "loop.llm.redaction",
    "register_secret": "loop.llm.redaction",
    "Budget": "loop.llm.session",
    "CallRecord": "loop.llm.session",
    "LLMSession": "loop.llm.session",
    "extract_json": "loop.llm.structured",
    "parse_reply": "loop.llm.structured",
    "estimate_tokens": "loop.llm.tokens",
    "ROLES": "loop.llm.types",
    "LLMReply": "loop.llm.types",
    "Message": "loop.llm.types",
    "Role": "loop.llm.types",
    "Tool": "loop.llm.types",
    "ToolCall": "loop.llm.types",
    "Usage": "loop.llm.types",
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'loop.llm' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


__all__ = [
    "ROLES",
    "Budget",
    "BudgetExceeded",
    "CallRecord",
    "ChatModel",
    "GarbageReply",
    "InvalidReply",
    "LLMClient",
    "LLMConfig",
    "LLMError",
    "LLMReply",
    "LLMSession",
    "Message",
    "ModelSpec",
    "PriceTable",
    "ProviderError",
    "ProviderUnavailable",
    "RateLimited",
    "RequestRejected",
    "Role",
    "Tool",
    "ToolCall",
    "Usage",
    "any_model_configured",
    "estimate_tokens",
    "extract_json",
    "install_redaction",
    "make_provider",
    "model_for",
    "parse_reply",
    "provider_names",
    "redact",
    "register_secret",
]
