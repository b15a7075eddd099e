"""Plug-ins by kind and name, found through Python entry points; the built-ins register the same way.

A team's own QA agent, critic, repair agent, sandbox backend, repair sandbox or LLM provider is a package with
an entry point in one of these groups (see pyproject.toml for the built-ins): `pip install` it and its name is
known to every command and flow, with no edit here.

Every kind is made the same way: the entry point names a class that derives from the kind's base (`QAAgent`,
`Critic`, `RepairAgent`, `SandboxProvider`, `OpenSandbox`, `Provider`), and the registry calls its
`from_context` with the one context object of that kind (its settings: `QAContext`, `CriticContext`,
`AgentContext`, `SandboxContext`, `AgentSandboxRequest`, `LLMConfig`). By default `from_context(context)` is
`cls(context)`, so a plug-in's `__init__` takes that context; docs/plugins.md shows whole ones.
"""

from __future__ import annotations

from enum import StrEnum
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Generic, Self, TypeVar

ContextT = TypeVar("ContextT")
PluginT = TypeVar("PluginT", bound="Plugin[Any]")


class PluginKind(StrEnum):
    QA_AGENT = "closed_loop.qa_agents"
    CRITIC = "closed_loop.critics"
    REPAIR_AGENT = "closed_loop.repair_agents"
    SANDBOX = "closed_loop.sandboxes"
    REPAIR_SANDBOX = "closed_loop.repair_sandboxes"
    LLM_PROVIDER = "closed_loop.llm_providers"

    @property
    def label(self) -> str:
        return {"QA_AGENT": "QA agent", "SANDBOX": "sandbox backend", "REPAIR_SANDBOX": "repair sandbox"}.get(
            self.name, self.name.lower().replace("_", " ")
        )


OWN_DISTRIBUTION = "closed-loop"


class UnknownPlugin(LookupError):
    """No plug-in of that kind and name is installed, or its entry point names no class of the kind. The
    message is meant for the user."""


class Plugin(Generic[ContextT]):
    """The base of every kind's base class: how the registry makes an instance."""

    @classmethod
    def from_context(cls, context: ContextT) -> Self:
        """The instance for `context`, the kind's settings. By default `cls(context)`; a class whose
        constructor takes something else (a built-in that resolves a tool or a model first) overrides this.

        Raises the kind's own error, with a message for the user, when the settings will not do."""
        return cls(context)  # type: ignore[call-arg]  # object() takes none; a plug-in's class does


def _entry_points(kind: PluginKind) -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=str(kind))}


def names(kind: PluginKind) -> list[str]:
    return sorted(_entry_points(kind))


def entry_point(kind: PluginKind, name: str) -> EntryPoint:
    found = _entry_points(kind)
    if name not in found:
        raise UnknownPlugin(
            f"unknown {kind.label} {name!r} (choose from {', '.join(sorted(found)) or 'none'})"
        )
    return found[name]


def plugin_class(kind: PluginKind, name: str, base: type[PluginT]) -> type[PluginT]:
    """The class the entry point names; raises UnknownPlugin when there is none by that name, or when the
    entry point names something other than a subclass of `base`."""
    point = entry_point(kind, name)
    found = point.load()
    if not (isinstance(found, type) and issubclass(found, base)):
        raise UnknownPlugin(
            f"{kind.label} {name!r} names {point.value}, which is not a subclass of {base.__module__}."
            f"{base.__qualname__} (see docs/plugins.md)"
        )
    return found


def create(kind: PluginKind, name: str, base: type[PluginT], context: object) -> PluginT:
    """The plug-in `name` of `kind`, made from the kind's `context`; UnknownPlugin as `plugin_class`."""
    return plugin_class(kind, name, base).from_context(context)


def is_builtin(kind: PluginKind, name: str) -> bool:
    """True for a plug-in shipped by closed-loop itself (not by a package a user installed)."""
    dist = entry_point(kind, name).dist
    return dist is not None and dist.name == OWN_DISTRIBUTION
