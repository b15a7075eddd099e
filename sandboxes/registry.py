"""Sandbox providers by name: `process`, `docker`, and `auto` (docker if an engine answers, else process)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sandboxes.base import EngineUnavailable, SandboxError, SandboxProvider
from sandboxes.process import ProcessProvider

log = logging.getLogger(__name__)


def _docker() -> SandboxProvider:
    from sandboxes.container import DockerProvider  # imports the docker SDK only when asked for

    return DockerProvider()


_PROVIDERS: dict[str, Callable[[], SandboxProvider]] = {"docker": _docker, "process": ProcessProvider}


def register(name: str, factory: Callable[[], SandboxProvider]) -> None:
    _PROVIDERS[name] = factory


def provider_names() -> list[str]:
    return ["auto", *_PROVIDERS]


def get_provider(name: str = "auto") -> SandboxProvider:
    """The provider called `name`. `auto` tries docker (fails fast when no engine answers), then process.

    Forcing `docker` raises EngineUnavailable when no engine answers.
    """
    if name == "auto":
        try:
            return _PROVIDERS["docker"]()
        except EngineUnavailable as exc:
            log.info("no container engine (%s); running games as processes", exc)
            return _PROVIDERS["process"]()
    try:
        factory = _PROVIDERS[name]
    except KeyError:
        raise SandboxError(
            f"unknown sandbox backend {name!r} (choose from {', '.join(provider_names())})"
        ) from None
    return factory()
