"""The plug-ins of docs/plugins.md, as the page writes them, installed with pip: every command and flow knows
them by name with no edit to closed-loop, the QA agent plays CASTLE and the repair agent's patch is kept."""

from __future__ import annotations

import importlib.util
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from docs_examples import example_files
from pydantic import SecretStr

from flows.assembly import open_run
from loop.plugins import PluginKind, names
from loop.run.config import LoopConfig
from repair_agents.cli_agent import CliRepairAgent, ToolCall
from repair_agents.endpoint import Endpoint

VAULT_DIR = Path(__file__).resolve().parents[1] / "repair" / "fixtures" / "vault"
DROP_BUG = 'state["inventory"].remove(noun)'  # the vault's drop forgets to put the item in the room
DROP_FIX = 'state["inventory"].remove(noun); state["items"].append(noun)'


def closed_loop(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "flows.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_each_example_plug_in_is_a_whole_package_of_under_60_lines():
    files = example_files()
    for package in ("closed-loop-dropcheck", "closed-loop-rewrite"):
        lines = sum(len(text.splitlines()) for path, text in files.items() if path.startswith(f"{package}/"))
        assert 0 < lines < 60, (package, lines)


@pytest.mark.slow
def test_the_docs_qa_agent_plays_castle_in_closed_loop_qa_and_reports_the_dropped_item(
    docs_examples, tmp_path
):
    assert "dropcheck" in names(PluginKind.QA_AGENT)
    out = tmp_path / "qa"
    done = closed_loop("qa", "castle", "--agent", "dropcheck", "--backend", "process", "--steps", "30",
                       "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "qa: dropcheck playing" in done.stdout
    reports = json.loads((out / "reports.json").read_text())
    # CASTLE's BUG-3: an item dropped in the hall is missing from the room's description
    assert "`candlestick` is missing from the room after a drop" in [r["title"] for r in reports]
    assert all(r["source"] == "dropcheck" and r["repro"][-1] == "look" for r in reports)
    session = json.loads((out / "session.json").read_text())
    assert 0 < session["steps"] <= 30
    assert len((out / "trace.jsonl").read_text().splitlines()) == session["steps"]


@pytest.mark.slow
def test_the_docs_repair_agent_patches_the_vault_in_closed_loop_repair(docs_examples, tmp_path):
    assert "rewrite" in names(PluginKind.REPAIR_AGENT)
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
    done = closed_loop(
        "repair", str(VAULT_DIR), "--agent", "rewrite", "--reports", str(tmp_path / "reports.json"),
        "--runs-dir", str(tmp_path / "runs"), "--run-id", "rewrite",
        "--agent-option", f"replace={DROP_BUG}", "--agent-option", f"by={DROP_FIX}",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "=== attempt rewrite-01: patched ===" in done.stdout, done.stdout
    result = json.loads((tmp_path / "runs/rewrite/attempts/round-1/rewrite-01/result.json").read_text())
    assert result["outcome"] == "patched" and result["agent"] == "rewrite"
    assert result["agent_note"] == "rewrote rules.py"


def test_the_docs_repair_agent_is_made_by_name_for_a_loop_and_says_what_option_it_misses(
    docs_examples, tmp_path, monkeypatch
):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    options = {"replace": "a", "by": "b"}
    config = LoopConfig(game=str(VAULT_DIR), repair_agent="rewrite", backend="process", agent_options=options)
    run = open_run(config, runs_dir=tmp_path / "runs")
    assert type(run.parts.repair_agent).__name__ == "Rewrite" and run.parts.repair_agent.new == "b"
    (tmp_path / "reports.json").write_text("[]")
    reports = str(tmp_path / "reports.json")
    done = closed_loop("repair", str(VAULT_DIR), "--agent", "rewrite", "--reports", reports)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "closed-loop: error: the rewrite agent needs the option replace=<text> (and by=<text>)"
    )


def test_the_docs_cli_adapter_sketch_states_only_what_differs(tmp_path):
    (tmp_path / "fixbot.py").write_text(example_files()["fixbot.py"])
    spec = importlib.util.spec_from_file_location("fixbot", tmp_path / "fixbot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert issubclass(module.FixBot, CliRepairAgent) and not inspect.isabstract(module.FixBot)
    endpoint = Endpoint("gpt-4.1-mini", "http://127.0.0.1:9/v1", SecretStr("sk-test"))
    agent = module.FixBot(tmp_path / "bin" / "fixbot", endpoint)
    argv = agent.command(ToolCall(workspace=None, reports=[], task="fix it", base_url=endpoint.base_url))
    assert argv[-1] == "fix it" and "sk-test" not in " ".join(argv)
