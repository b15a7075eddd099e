"""The model a coding-agent CLI is told to use, and where it reaches it.

The endpoint comes from the LLM configuration (`loop.llm.config`): the repair role's model of the API the tool
speaks, or a `compat` server of the user's own, which serves every tool. Inside the repair sandbox the tool
reaches it through the relay, the only address it can reach.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pydantic import SecretStr

from loop.host import settings
from loop.llm.config import LLMConfig
from loop.repair.agents import AgentContext, UnknownAgent
from loop.repair.protocol import RepairWorkspace

LOCAL_API_KEY = "local"  # a server started without a key takes any; the tools refuse to run without one
DEFAULT_BASE_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}


@dataclass(frozen=True)
class Endpoint:
    """A model and where to reach it, as one tool must be told (picklable: it travels to the worker)."""

    model: str
    base_url: str
    api_key: SecretStr
    max_retries: int = 3  # of a failed model call, for the tools that let us say
    # CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS, for the tools that let us say: a small local model that never ends
    # its turn otherwise writes until the context is full (minutes per reply)
    max_output_tokens: int | None = None


def through_relay(endpoint: Endpoint, workspace: RepairWorkspace) -> Endpoint:
    """The endpoint as the tool reaches it from its sandbox: the relay's address, the only one it reaches."""
    if workspace.sandbox is None or workspace.sandbox.model_url is None:
        return endpoint
    return replace(endpoint, base_url=workspace.sandbox.model_url)


def endpoint_for(context: AgentContext, provider: str) -> Endpoint:
    """The repair role's model of `provider` ("openai" or "anthropic"); option `model` overrides the name.
    A `compat` repair model (a server of the user's own, e.g. `closed-loop model up`) serves every tool:
    llama.cpp answers OpenAI chat and responses under `/v1` and Anthropic messages at its root."""
    config = LLMConfig.from_env()
    spec = config.spec_for("repair")
    if spec is not None and spec.provider == "compat" and config.has_credentials("compat"):
        return _compat_endpoint(config, context.options.get("model") or spec.name, provider)
    model = context.options.get("model") or (spec.name if spec and spec.provider.startswith(provider) else "")
    if provider == "anthropic":
        key, base_url = config.anthropic_api_key, config.anthropic_base_url
    else:
        key, base_url = config.openai_api_key, config.openai_base_url
    if key is None:
        raise UnknownAgent(f"this agent calls the {provider} API: set {provider.upper()}_API_KEY")
    if not model:
        raise UnknownAgent(
            f"no {provider} model for the repair role: set {settings.MODEL_REPAIR.name}={provider}:<model> "
            "or give the option model=<name>"
        )
    # Always explicit: a tool must never fall back on a base URL left in the environment it inherits.
    base_url = base_url or DEFAULT_BASE_URLS[provider]
    return Endpoint(model, base_url, key, config.max_retries, reply_bound())


def reply_bound() -> int | None:
    """The user's ceiling on one reply (CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS), else None: each tool's own."""
    return LLMConfig.from_env().max_output_tokens if settings.LLM_MAX_OUTPUT_TOKENS.is_set() else None


def _compat_endpoint(config: LLMConfig, model: str, provider: str) -> Endpoint:
    from loop.llm.compat_provider import server_root  # imports the SDKs: only when a tool needs it

    base_url = (config.compat_base_url or config.openai_base_url or "").rstrip("/")
    if provider == "anthropic":
        base_url = server_root(base_url)  # the Anthropic clients add /v1/messages themselves
    key = config.compat_api_key or config.openai_api_key or SecretStr(LOCAL_API_KEY)
    return Endpoint(model, base_url, key, config.max_retries, reply_bound())
