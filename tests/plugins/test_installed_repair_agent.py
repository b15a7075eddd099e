"""A team's own repair agent, in a package of its own: `pip install` it and every command and flow knows
it, with no edit to closed-loop. The test builds the package in a temporary folder and installs it into this
venv."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from flows.assembly import open_run
from loop.plugins import PluginKind, names
from loop.run.config import LoopConfig

VAULT_DIR = Path(__file__).resolve().parents[1] / "repair" / "fixtures" / "vault"
PACKAGE = "closed-loop-teamfix-agent"

AGENT_MODULE = '''
"""A third-party repair agent: it fixes by changing the text it was told to change."""

from pathlib import Path

from loop.repair.agents import AgentContext
from loop.repair.protocol import Attempt, RepairAgent


class TeamFix(RepairAgent):
    name = "teamfix"

    def __init__(self, context: AgentContext):
        self.replace = context.options.get("replace", "")
        self.by = context.options.get("by", "")

    def repair(self, workspace, reports, budget):
        changed = []
        for path in sorted(Path(workspace.repo_dir).rglob("*.py")):
            text = path.read_text()
            if self.replace and self.replace in text:
                path.write_text(text.replace(self.replace, self.by))
                changed.append(path.name)
        workspace.transcript_path.write_text(f"teamfix changed {changed} for {len(reports)} report(s)\\n")
        return Attempt(agent=self.name, detail=f"changed {changed}")


def create(context: AgentContext) -> RepairAgent:
    return TeamFix(context)
'''


def pip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@pytest.fixture(scope="module")
def installed_agent(tmp_path_factory):
    source = tmp_path_factory.mktemp("teamfix")
    (source / "teamfix_agent.py").write_text(AGENT_MODULE)
    (source / "pyproject.toml").write_text(
        textwrap.dedent(f"""
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{PACKAGE}"
        version = "1.0"

        [tool.setuptools]
        py-modules = ["teamfix_agent"]

        [project.entry-points."closed_loop.repair_agents"]
        teamfix = "teamfix_agent:create"
        """)
    )
    done = pip("install", "--no-deps", "--no-build-isolation", "--no-index", str(source))
    assert done.returncode == 0, done.stderr
    try:
        yield
    finally:
        pip("uninstall", "-y", PACKAGE)


@pytest.mark.slow
def test_an_installed_agent_is_known_to_closed_loop_repair_and_fixes_with_its_options(
    installed_agent, tmp_path
):
    assert "teamfix" in names(PluginKind.REPAIR_AGENT)
    report = {
        "title": "A dropped key vanishes",
        "symptom": "after `drop key` the key is neither carried nor in the room",
        "expected": "the key lies in the room",
        "observed": "the key is gone",
        "mechanic": "drop",
        "bug_type": "data inconsistency",
        "repro": ["take key", "drop key", "look"],
    }
    (tmp_path / "reports.json").write_text(json.dumps([report]))
    done = subprocess.run(
        [
            sys.executable, "-m", "flows.cli", "repair", str(VAULT_DIR), "--agent", "teamfix",
            "--reports", str(tmp_path / "reports.json"), "--runs-dir", str(tmp_path / "runs"),
            "--run-id", "teamfix", "--agent-option", 'replace=state["inventory"].remove(noun)',
            "--agent-option", 'by=state["inventory"].remove(noun); state["items"].append(noun)',
        ],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "=== attempt teamfix-01: patched ===" in done.stdout, done.stdout
    result = json.loads((tmp_path / "runs/teamfix/attempts/round-1/teamfix-01/result.json").read_text())
    assert result["outcome"] == "patched" and result["agent"] == "teamfix"


def test_the_flow_builds_an_installed_agent_by_its_name(installed_agent, tmp_path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    config = LoopConfig(
        game=str(VAULT_DIR), repair_agent="teamfix", backend="process", agent_options={"by": "x"}
    )
    run = open_run(config, runs_dir=tmp_path / "runs")
    assert run.config.repair_agent == "teamfix"
    assert type(run.parts.repair_agent).__name__ == "TeamFix" and run.parts.repair_agent.by == "x"
