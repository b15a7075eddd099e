"""Every CLOSED_LOOP_* environment variable is declared once, in loop/host/settings.py, and read through it:
no module names one by hand, and the registry's "read in" list is where the code really reads it."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from loop.host import settings
from loop.host.tool_install import NODE
from loop.llm.config import LLMConfig
from loop.llm.llama_cpp import LLAMA_SERVER
from loop.llm.types import ROLES

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = ROOT / "loop" / "host" / "settings.py"
PYTHON_DIRS = ("loop", "sandboxes", "repair_agents", "reports", "flows", "bench", "scripts")
OTHER_FILES = ("scripts/*.sh", "prefect.yaml", "Makefile")
DESCRIPTIVE = ("name", "default", "default_text", "meaning")
VARIABLE = re.compile(r"CLOSED_LOOP_[A-Z0-9_]*[A-Z0-9]")


def python_files() -> list[Path]:
    files = [path for folder in PYTHON_DIRS for path in (ROOT / folder).rglob("*.py")]
    files += (ROOT / "games").glob("*.py")
    return sorted(path for path in files if path != REGISTRY)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def names_a_variable(node: ast.AST) -> bool:
    """A string that is a variable's name, or an f-string that builds one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return VARIABLE.fullmatch(node.value) is not None
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        return isinstance(first, ast.Constant) and str(first.value).startswith(settings.PREFIX)
    return False


def test_no_module_names_a_closed_loop_variable_by_hand():
    offenders = [
        f"{relative(path)}:{node.lineno}"
        for path in python_files()
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if names_a_variable(node)
    ]
    assert offenders == [], "read CLOSED_LOOP_* variables through loop.host.settings"


def settings_used(path: Path) -> set[str]:
    """The settings a module reads: `settings.X` used for more than what it says of itself (its name in a
    child's environment, its default in a help text), every use of an internal one, and each member of a
    family read by name."""
    tree = ast.parse(path.read_text(), str(path))
    attributes = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute)]
    references = [
        node for node in attributes if isinstance(node.value, ast.Name) and node.value.id == "settings"
    ]
    only_named = {id(node.value) for node in attributes if node.attr in DESCRIPTIVE}
    used: set[str] = set()
    for node in references:
        found = getattr(settings, node.attr, None)
        if isinstance(found, settings.Setting) and (id(node) not in only_named or found.internal):
            used.add(found.name)
        elif callable(found) and node.attr in ("model_for_role", "tool_binary"):
            used.update(s.name for s in settings.SETTINGS if s.family == node.attr)
    return used


def test_each_setting_says_truly_where_it_is_read():
    found: dict[str, set[str]] = defaultdict(set)
    for path in python_files():
        for name in settings_used(path):
            found[name].add(relative(path))
    for pattern in OTHER_FILES:
        for path in ROOT.glob(pattern):
            for name in VARIABLE.findall(path.read_text()):
                found[name].add(relative(path))
    declared = {s.name: set(s.read_in) for s in settings.SETTINGS}
    assert set(found) - set(declared) == set(), "declare these in loop/host/settings.py"
    wrong = {name: sorted(found[name]) for name, files in declared.items() if found[name] != files}
    assert wrong == {}, "the read_in of these settings is not where they are read"


def test_the_registry_declares_every_role_and_every_installed_tool():
    for role in ROLES:
        assert settings.model_for_role(role).family == "model_for_role"
    tools = [NODE, LLAMA_SERVER]
    from repair_agents import aider, claude_code, codex, mini_swe_agent

    tools += [module.TOOL for module in (aider, claude_code, codex, mini_swe_agent)]
    for tool in tools:
        assert settings.tool_binary(tool.name).family == "tool_binary", tool.name


def test_the_registry_names_each_variable_once_with_its_meaning():
    names = [s.name for s in settings.SETTINGS]
    assert len(names) == len(set(names))
    assert all(
        VARIABLE.fullmatch(name) and s.meaning for name, s in zip(names, settings.SETTINGS, strict=True)
    )


def test_the_model_layer_defaults_are_the_registry_defaults(monkeypatch):
    for setting in settings.SETTINGS:
        monkeypatch.delenv(setting.name, raising=False)
    built, from_env = LLMConfig(), LLMConfig.from_env()
    assert (built.timeout_s, built.max_retries, built.max_output_tokens, built.stream, built.reasoning) == (
        from_env.timeout_s,
        from_env.max_retries,
        from_env.max_output_tokens,
        from_env.stream,
        from_env.reasoning,
    )


def test_an_empty_variable_counts_as_unset_and_a_bad_one_says_which():
    assert settings.RUNS.value({settings.RUNS.name: ""}) == "runs"
    assert settings.LLM_TIMEOUT.number({settings.LLM_TIMEOUT.name: "2.5"}) == 2.5
    try:
        settings.SERVE_LIMIT.integer({settings.SERVE_LIMIT.name: "two"})
    except ValueError as exc:
        assert str(exc) == "CLOSED_LOOP_SERVE_LIMIT='two' is not a whole number"
    else:
        raise AssertionError("a bad number was accepted")


def test_a_negative_count_is_refused_with_the_variable_name():
    assert settings.CHECKPOINT_EVERY.count({settings.CHECKPOINT_EVERY.name: "0"}) == 0
    for text in ("-1", "junk"):
        try:
            settings.CHECKPOINT_EVERY.count({settings.CHECKPOINT_EVERY.name: text})
        except ValueError as exc:
            assert str(exc) == f"CLOSED_LOOP_CHECKPOINT_EVERY={text!r} is not a whole number, 0 or more"
        else:
            raise AssertionError(f"{text} was accepted")
