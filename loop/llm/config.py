"""Which model answers which role, and how to reach it: from the environment or given explicitly.

Environment: the provider keys and base URLs (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `ANTHROPIC_API_KEY`,
`ANTHROPIC_BASE_URL`) and the model settings of `loop.host.settings` (CLOSED_LOOP_MODEL, one per role,
provider `compat`, timeouts, retries, token bounds, reasoning levels, the price file). Without
CLOSED_LOOP_MODEL, a key alone picks a default model of that provider.

Reasoning is off unless set (CLOSED_LOOP_LLM_REASONING), for every role or per role: a small local model gains
nothing from it. When on, each provider gets it its own way (see the providers' `send`), and the role's reply
cap grows by the level's thinking budget, so the answer keeps the room it had.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, Field, SecretStr

from loop.host import settings
from loop.llm.redaction import register_secret
from loop.llm.types import REASONING_LEVELS, ROLES, Reasoning, Role

DEFAULT_MODELS = {"openai": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-6"}
# What one reply of each role needs: a planner step or a verdict is a short JSON object, a summary a longer
# one, a repair turn may carry a file's new text. A bound that fits keeps a rambling model from spending
# minutes on a reply that is cut off anyway.
ROLE_MAX_OUTPUT_TOKENS: dict[str, int] = {
    "planner": 256,
    "reflection": 512,
    "summary": 1024,
    "critic": 512,
    "repair": 4096,
}
# Tokens one reply may spend thinking at each level: Anthropic's thinking budget, and the room added to the
# reply cap for OpenAI's reasoning effort (reasoning tokens count against the same cap there).
REASONING_TOKENS: dict[Reasoning, int] = {"off": 0, "low": 2048, "medium": 8192, "high": 24576}


def parse_reasoning(text: str) -> tuple[Reasoning, dict[Role, Reasoning]]:
    """`high` (every role), `planner:high,reflection:medium` (those roles, the others off), or both mixed
    (`low,planner:high`). ValueError for an unknown level or role."""
    every: Reasoning = "off"
    per_role: dict[Role, Reasoning] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        role, _, level = part.rpartition(":")
        if level not in REASONING_LEVELS:
            raise ValueError(f"reasoning level {level!r} is not one of {', '.join(REASONING_LEVELS)}")
        if not role:
            every = level
        elif role in ROLES:
            per_role[role] = level
        else:
            raise ValueError(f"reasoning for {role!r}: no such role ({', '.join(ROLES)})")
    return every, per_role


class ModelSpec(BaseModel):
    provider: str
    name: str

    @classmethod
    def parse(cls, text: str) -> ModelSpec:
        """`provider:model`; a bare model name means provider `openai`."""
        provider, sep, name = text.strip().partition(":")
        if not sep:
            provider, name = "openai", provider
        if not provider or not name:
            raise ValueError(f"model spec {text!r} is not provider:model")
        return cls(provider=provider, name=name)

    def __str__(self) -> str:
        return f"{self.provider}:{self.name}"


class LLMConfig(BaseModel):
    default_model: str | None = None
    models: dict[Role, str] = Field(default_factory=dict, description="role -> provider:model")
    openai_api_key: SecretStr | None = None
    openai_base_url: str | None = None
    anthropic_api_key: SecretStr | None = None
    anthropic_base_url: str | None = None
    compat_base_url: str | None = None
    compat_api_key: SecretStr | None = None
    timeout_s: float = Field(default=120.0, gt=0, description="read timeout of one HTTP request")
    connect_timeout_s: float = Field(default=10.0, gt=0)
    max_retries: int = Field(default=3, ge=0, description="retries of 429/5xx/timeouts/garbage per call")
    retry_base_s: float = Field(default=1.0, ge=0, description="first backoff; doubles each retry")
    max_retry_wait_s: float = Field(default=30.0, ge=0, description="cap on backoff and on retry-after")
    max_invalid_replies: int = Field(default=2, ge=0, description="replies sent back with their error")
    max_output_tokens: int = Field(default=4096, gt=0, description="ceiling on one reply, every role")
    role_max_output_tokens: dict[str, int] = Field(default_factory=lambda: dict(ROLE_MAX_OUTPUT_TOKENS))
    reasoning: Reasoning = Field(
        default="off", description="every role's reasoning level, unless its own is set"
    )
    role_reasoning: dict[str, Reasoning] = Field(default_factory=dict, description="role -> reasoning level")
    context_tokens: int | None = Field(
        default=None, gt=0, description="the model's context size; compat reads it from the server if unset"
    )
    stream: bool = Field(default=False, description="stream replies (same result, earlier first byte)")
    prices_file: Path | None = None
    strict_response_validation: bool = Field(
        default=False, description="make the SDKs reject replies that drift from the API schema (tests)"
    )

    def model_post_init(self, __context: object) -> None:
        for key in (self.openai_api_key, self.anthropic_api_key, self.compat_api_key):
            if key is not None:
                register_secret(key.get_secret_value())

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> LLMConfig:
        env = os.environ if env is None else env

        def secret(name: str) -> SecretStr | None:
            return SecretStr(env[name]) if env.get(name) else None

        prices, compat_key = settings.PRICES.value(env), settings.COMPAT_API_KEY.value(env)
        reasoning, role_reasoning = parse_reasoning(settings.LLM_REASONING.value(env) or "")
        values: dict[str, object] = {
            "default_model": settings.MODEL.value(env),
            "models": {
                r: settings.model_for_role(r).value(env)
                for r in ROLES
                if settings.model_for_role(r).is_set(env)
            },
            "openai_api_key": secret("OPENAI_API_KEY"),
            "openai_base_url": env.get("OPENAI_BASE_URL") or None,
            "anthropic_api_key": secret("ANTHROPIC_API_KEY"),
            "anthropic_base_url": env.get("ANTHROPIC_BASE_URL") or None,
            "compat_base_url": settings.COMPAT_BASE_URL.value(env),
            "compat_api_key": SecretStr(compat_key) if compat_key else None,
            "timeout_s": settings.LLM_TIMEOUT.number(env),
            "max_retries": settings.LLM_MAX_RETRIES.integer(env),
            "context_tokens": (
                settings.LLM_CONTEXT_TOKENS.integer(env) if settings.LLM_CONTEXT_TOKENS.is_set(env) else None
            ),
            "max_output_tokens": settings.LLM_MAX_OUTPUT_TOKENS.integer(env),
            "stream": settings.LLM_STREAM.switch(env),
            "reasoning": reasoning,
            "role_reasoning": role_reasoning,
            "prices_file": Path(prices) if prices else None,
        }
        values.update(overrides)
        return cls.model_validate(values)

    def max_tokens_for(self, role: str, answer: int | None = None) -> int:
        """One reply's token bound for `role`: the answer's (`answer`, else the role's own default, never
        above the ceiling) plus the thinking budget of the role's reasoning level."""
        if answer is None:
            answer = min(
                self.role_max_output_tokens.get(role, self.max_output_tokens), self.max_output_tokens
            )
        return answer + REASONING_TOKENS[self.reasoning_for(role)]

    def reasoning_for(self, role: str) -> Reasoning:
        return self.role_reasoning.get(role, self.reasoning)

    def spec_for(self, role: Role) -> ModelSpec | None:
        """The model for `role`: its own, else the default, else the default of a provider with a key."""
        text = self.models.get(role) or self.default_model
        if text:
            return ModelSpec.parse(text)
        if self.openai_api_key:
            return ModelSpec(provider="openai", name=DEFAULT_MODELS["openai"])
        if self.anthropic_api_key:
            return ModelSpec(provider="anthropic", name=DEFAULT_MODELS["anthropic"])
        return None

    def has_credentials(self, provider: str) -> bool:
        if provider in ("openai", "openai-responses"):
            return self.openai_api_key is not None
        if provider == "anthropic":
            return self.anthropic_api_key is not None
        if provider == "compat":
            return bool(self.compat_base_url or self.openai_base_url)
        return False

    def is_configured(self, role: Role | None = None) -> bool:
        """True when `role` (or any role) has a model whose provider can be reached."""
        for each in (role,) if role else ROLES:
            spec = self.spec_for(each)
            if spec is not None and self.has_credentials(spec.provider):
                return True
        return False


def any_model_configured(env: Mapping[str, str] | None = None) -> bool:
    """Does the environment name a reachable model? The flows pick offline agents when it does not."""
    return LLMConfig.from_env(env).is_configured()
