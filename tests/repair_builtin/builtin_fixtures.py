"""Scripted conversations and reports for the built-in agent's tests."""

from __future__ import annotations

from pathlib import Path

from loop.contract.models import BugReport, BugType
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply, reply, tool_call
from repair_agents.base import RepairWorkspace
from repair_agents.builtin import BuiltinAgent

DRAWER_CLOSED = "The bedside drawer is shut; a small key rattles inside it."
DRAWER_FIXED = "The bedside drawer is shut."


def castle_bug2_report() -> BugReport:
    """BUG-2 as the explorer reports it: the bedroom text names a key that cannot be taken."""
    return BugReport(
        title="The room description mentions 'small key' but it cannot be taken",
        symptom="in the bedroom, `look` mentions a small key; `take small key` fails",
        expected="an item the room description mentions is present, or the text does not mention it",
        observed="the description says the drawer rattles with a small key; take answers that it is not here",
        mechanic="room description",
        bug_type=BugType.DESCRIPTION_FLAW,
        repro=["north", "east", "take small key"],
        oracle="description-vs-interaction",
        oracle_subject="small key",
    )


def castle_bug2_fix() -> list[ScriptedReply]:
    """A model that reads castle/world.py, removes the key from the closed drawer's text and finishes."""
    return [
        reply("Let me look at the world data.", [tool_call("read_file", path="castle/world.py")]),
        reply("", [tool_call("search", pattern="rattles", path="castle")]),
        reply(
            "The closed drawer's text gives the key away.",
            [tool_call("edit", path="castle/world.py", old=DRAWER_CLOSED, new=DRAWER_FIXED)],
        ),
        reply("", [tool_call("finish", summary="the closed drawer no longer mentions the small key")]),
    ]


def agent_for(
    fake: FakeLLMServer, provider: str = "openai", sandbox: str = "bubblewrap", **config
) -> BuiltinAgent:
    model = {"openai": "openai:gpt-4.1-mini", "anthropic": "anthropic:claude-haiku-4-5"}[provider]
    values = {"max_retries": 0, **config}
    return BuiltinAgent(fake.llm_config(default_model=model, **values), sandbox=sandbox)


def workspace_for(
    tree: Path, attempt_dir: Path, protected: tuple[str, ...] = ("tests/**",)
) -> RepairWorkspace:
    attempt_dir.mkdir(parents=True, exist_ok=True)
    return RepairWorkspace(
        repo_dir=tree,
        attempt_dir=attempt_dir,
        game_name="scratch",
        run_id="t",
        round=1,
        protected_paths=("tests/**",),
    )


def scratch_report() -> BugReport:
    return BugReport(
        title="The greeting is misspelt",
        symptom="greet says Helo",
        expected="Hello, <name>",
        observed="Helo, <name>",
        mechanic="greeting",
        repro=["greet a"],
    )
