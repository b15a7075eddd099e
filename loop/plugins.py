"""Plug-ins by kind and name, found through Python entry points; the built-ins register the same way.

A team's own QA agent, critic, repair agent or sandbox backend is a package with an entry point in one of
these groups (see pyproject.toml for the built-ins): `pip install` it and its name is known to every command
and flow, with no edit here.
"""

from __future__ import annotations

from enum import StrEnum
from importlib.metadata import EntryPoint, entry_points


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
    """No plug-in of that kind and name is installed. The message is meant for the user."""


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


def load(kind: PluginKind, name: str) -> object:
    """The object the entry point names (a class or a factory); raises UnknownPlugin."""
    return entry_point(kind, name).load()


def is_builtin(kind: PluginKind, name: str) -> bool:
    """True for a plug-in shipped by closed-loop itself (not by a package a user installed)."""
    dist = entry_point(kind, name).dist
    return dist is not None and dist.name == OWN_DISTRIBUTION
