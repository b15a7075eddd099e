"""`compat`: any OpenAI-compatible chat endpoint a user runs (llama.cpp's llama-server, vLLM, Ollama, ...).

What such servers offer and we use: a native `json_schema` response format (llama.cpp, vLLM and Ollama all
turn it into constrained decoding; the client falls back to the schema in the prompt when a server refuses
it), the `max_tokens` bound (every one of them reads that name), their context size (llama.cpp's `/props`,
vLLM's `max_model_len` in `/v1/models`, or CLOSED_LOOP_LLM_CONTEXT_TOKENS), OpenAI-style usage, and their
error shapes (see `providers._status_error`). A server on a loopback address is local: its tokens cost 0.
"""

from __future__ import annotations

import ipaddress
from typing import Any, cast
from urllib.parse import urlsplit

import httpx2

from loop.llm.config import LLMConfig
from loop.llm.openai_providers import OpenAIChat, openai_client

PROBE_TIMEOUT_S = 5.0


def is_loopback(base_url: str) -> bool:
    host = urlsplit(base_url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_root(base_url: str) -> str:
    """`http://host:port/v1` -> `http://host:port`: where llama.cpp serves /props and /health."""
    root = base_url.rstrip("/")
    return root[: -len("/v1")] if root.endswith("/v1") else root


def context_of(props: dict[str, Any] | None, models: dict[str, Any] | None) -> int | None:
    """The context size a server reports: llama.cpp's /props, else a model entry of /v1/models."""
    if isinstance(props, dict):
        settings = props.get("default_generation_settings")
        for where in (settings if isinstance(settings, dict) else {}, props):
            if isinstance(where.get("n_ctx"), int) and where["n_ctx"] > 0:
                return cast(int, where["n_ctx"])  # checked just above
    entries = models.get("data") if isinstance(models, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        meta = cast("dict[str, Any]", entry.get("meta") if isinstance(entry.get("meta"), dict) else {})
        for value in (entry.get("max_model_len"), meta.get("n_ctx")):
            if isinstance(value, int) and value > 0:
                return value
    return None


class CompatChat(OpenAIChat):
    max_tokens_param = "max_tokens"

    def __init__(self, config: LLMConfig, base_url: str, api_key: str) -> None:
        super().__init__(openai_client(config, base_url, api_key), name="compat", native_structured=True)
        self.base_url = base_url
        self.local = is_loopback(base_url)
        self._configured_context = config.context_tokens
        self._probed: int | None = None
        self._probe_done = False

    @classmethod
    def from_context(cls, context: LLMConfig) -> CompatChat:
        key = context.compat_api_key or context.openai_api_key
        base_url = context.compat_base_url or context.openai_base_url or ""
        return cls(context, base_url, key.get_secret_value() if key else "none")

    def context_tokens(self) -> int | None:
        """The model's context size: the setting, else what the server reports (asked once), else None."""
        if self._configured_context is not None:
            return self._configured_context
        if not self._probe_done:
            self._probe_done = True
            props = _get_json(f"{server_root(self.base_url)}/props")
            models = None if props else _get_json(f"{self.base_url.rstrip('/')}/models")
            self._probed = context_of(props, models)
        return self._probed


def _get_json(url: str) -> dict[str, Any] | None:
    """A small GET that may fail (not every server has the route): None then."""
    try:
        response = httpx2.get(url, timeout=PROBE_TIMEOUT_S)
        value = response.json() if response.status_code == 200 else None
    except (httpx2.HTTPError, ValueError):
        return None
    return value if isinstance(value, dict) else None
