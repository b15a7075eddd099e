"""The layout the README describes: every arrow between our packages points one way, and no file imports
itself back through others. Imports are read with `ast` (those inside functions too), not by running code."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("loop", "sandboxes", "repair_agents", "reports", "games", "flows")
# QA agents are plug-ins that live inside `loop/` (loop/qa_agents/<name>/) but form a part of their own
PARTS = (*PACKAGES[:-1], "qa_agents", "flows")
PLUGINS = ("sandboxes", "repair_agents", "reports", "games", "qa_agents")

# (importer, imported, why): arrows that must never exist
NEVER = [
    *(("loop", plugin, "the core defines the protocols and is handed instances") for plugin in PLUGINS),
    *(
        (part, "flows", "only the composition root knows Prefect and the CLI")
        for part in PARTS
        if part != "flows"
    ),
    ("games", "repair_agents", "games know no agent"),
    ("sandboxes", "games", "sandboxes read the manifest from the contract"),
    ("repair_agents", "games", "ground truth reaches only gold, from the composition root"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def our_modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            relative = path.relative_to(ROOT).parts
            if package == "games" and len(relative) > 2:  # the games' own programs and benchmark assets
                continue
            modules[module_name(path)] = path
    return modules


def runtime_nodes(tree: ast.AST):
    """Every node, at any depth, except under `if TYPE_CHECKING:` (type hints only, never imported)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from (n for child in node.orelse for n in [child, *runtime_nodes(child)])
            continue
        yield node
        yield from runtime_nodes(node)


def imports_of(path: Path, name: str) -> set[str]:
    """Every module of ours `path` imports at run time, at any depth of the file."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in runtime_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found if module.split(".")[0] in PACKAGES}


def import_graph() -> dict[str, set[str]]:
    modules = our_modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for target in imports_of(path, name):
            while target not in modules and "." in target:  # `from pkg import name` names a symbol
                target = target.rpartition(".")[0]
            if target in modules and target != name:
                graph[name].add(target)
    return graph


def top(module: str) -> str:
    """The part of the architecture a module belongs to: its top package, or `qa_agents` for a QA agent."""
    if module == "loop.qa_agents" or module.startswith("loop.qa_agents."):
        return "qa_agents"
    return module.split(".")[0]


def test_no_arrow_points_the_wrong_way_between_packages():
    wrong = [
        f"{importer} -> {imported} ({why})"
        for importer, targets in import_graph().items()
        for imported in targets
        for source, target, why in NEVER
        if top(importer) == source and top(imported) == target
    ]
    assert wrong == []


# The settings registry imports nothing of ours, so the contract may read its variables through it.
SETTINGS = "loop.host.settings"


def test_the_contract_imports_nothing_of_ours_outside_itself():
    outside = [
        f"{importer} -> {imported}"
        for importer, targets in import_graph().items()
        if importer.startswith("loop.contract")
        for imported in targets
        if not imported.startswith("loop.contract") and imported not in (SETTINGS, "loop.host")
    ]
    assert outside == []


def test_the_settings_registry_and_its_package_import_nothing_of_ours():
    graph = import_graph()
    assert graph.get(SETTINGS, set()) == set()
    assert graph.get("loop.host", set()) == set()


def test_prefect_is_imported_only_by_the_composition_root():
    offenders = [
        name
        for name, path in our_modules().items()
        if top(name) != "flows"
        and any(
            alias.split(".")[0] == "prefect"
            for node in ast.walk(ast.parse(path.read_text()))
            for alias in (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
        )
    ]
    assert offenders == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_between_packages():
    packages: dict[str, set[str]] = defaultdict(set)
    for importer, targets in import_graph().items():
        packages[top(importer)].update(top(t) for t in targets if top(t) != top(importer))
    assert cycles(packages) == []


def test_no_import_cycle_between_files():
    graph = import_graph()
    # a package's __init__ re-exporting its own modules is not a cycle between files
    files = {
        importer: {t for t in targets if not importer.startswith(t + ".")}
        for importer, targets in graph.items()
    }
    assert cycles(files) == []


def test_the_checker_sees_a_wrong_arrow(tmp_path):
    """The walk itself works: a core module importing a plug-in is found."""
    bad = tmp_path / "loop" / "bad.py"
    bad.parent.mkdir()
    bad.write_text("def f():\n    from sandboxes.game.process import ProcessProvider\n")
    assert "sandboxes.game.process" in imports_of(bad, "loop.bad")


def test_the_core_never_imports_a_qa_agent():
    """The judge and verification reach a QA agent's oracles by entry point (loop.replay.oracle)."""
    wrong = [
        f"{importer} -> {imported}"
        for importer, targets in import_graph().items()
        if top(importer) == "loop"
        for imported in targets
        if top(imported) == "qa_agents"
    ]
    assert wrong == []
