"""A plug-in whose entry point names something other than a class of its kind (a factory function, as plug-ins
were once written) is refused with one line that says what the entry point must name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

VAULT_DIR = Path(__file__).resolve().parents[1] / "repair" / "fixtures" / "vault"


def distribution_on_path(folder: Path) -> dict[str, str]:
    """An installed distribution as pip leaves one (a module and its dist-info), found through PYTHONPATH."""
    (folder / "factory_plugin.py").write_text("def create(context):\n    return None\n")
    info = folder / "closed_loop_factory-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: closed-loop-factory\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[closed_loop.qa_agents]\nfactory = factory_plugin:create\n\n"
        "[closed_loop.repair_agents]\nfactory = factory_plugin:create\n"
    )
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}


def closed_loop(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "flows.cli", *args], capture_output=True, text=True, timeout=120, env=env
    )


def test_an_entry_point_naming_a_function_is_one_error_naming_the_base_class(tmp_path):
    env = distribution_on_path(tmp_path)
    qa = closed_loop(env, "qa", "castle", "--agent", "factory", "--out", str(tmp_path / "qa"))
    assert qa.returncode == 2
    assert qa.stderr.strip() == (
        "closed-loop: error: QA agent 'factory' names factory_plugin:create, which is not a subclass of "
        "loop.qa.QAAgent (see docs/plugins.md)"
    )
    (tmp_path / "reports.json").write_text("[]")
    repair = closed_loop(
        env, "repair", str(VAULT_DIR), "--agent", "factory", "--reports", str(tmp_path / "reports.json")
    )
    assert repair.returncode == 2
    assert repair.stderr.strip() == (
        "closed-loop: error: repair agent 'factory' names factory_plugin:create, which is not a subclass of "
        "loop.repair.protocol.RepairAgent (see docs/plugins.md)"
    )
