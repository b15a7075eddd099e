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
The fake service for tests lives in loop.llm.fake_server (FakeLLMServer) and loop.llm.fake_wire (reply, ...).
"""

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
from loop.llm.providers import make_provider, provider_names, register_provider
from loop.llm.redact import install_redaction, redact, register_secret
from loop.llm.session import Budget, CallRecord, LLMSession
from loop.llm.structured import extract_json, parse_reply
from loop.llm.types import ROLES, LLMReply, Message, Role, Tool, ToolCall, Usage

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
    "extract_json",
    "install_redaction",
    "make_provider",
    "model_for",
    "parse_reply",
    "provider_names",
    "redact",
    "register_provider",
    "register_secret",
]
