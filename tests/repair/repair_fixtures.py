"""The Vault fixture game and scripted repair agents (top-level classes: the worker pickles them)."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

from loop.contract.models import BugReport, BugType
from repair_agents.base import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace

VAULT_DIR = Path(__file__).parent / "fixtures" / "vault"


class WriteFiles(RepairAgent):
    """Writes the given files (path relative to the work tree -> new content)."""

    name = "write-files"

    def __init__(self, files: dict[str, str]):
        self.files = files

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        for relative, content in self.files.items():
            path = workspace.repo_dir / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content)
        workspace.transcript_path.write_text(f"wrote {', '.join(self.files)}\n")
        return Attempt(agent=self.name, tokens_in=120, tokens_out=30, cost_usd=0.001)


class ReplaceText(RepairAgent):
    """Replaces `old` by `new` in one file of the work tree."""

    name = "replace-text"

    def __init__(self, relative: str, old: str, new: str):
        self.relative, self.old, self.new = relative, old, new

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        path = workspace.repo_dir / self.relative
        text = path.read_text()
        assert self.old in text, f"{self.old!r} not in {self.relative}"
        path.write_text(text.replace(self.old, self.new))
        return Attempt(agent=self.name)


class Hang(RepairAgent):
    """Edits a file, starts a child process that outlives it, then hangs: the pipeline must stop both."""

    name = "hang"

    def __init__(self, pid_file: Path):
        self.pid_file = pid_file

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        (workspace.repo_dir / "rules.py").write_text("half-written edit\n")
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
        self.pid_file.write_text(str(child.pid))
        time.sleep(300)
        return Attempt(agent=self.name)


class HangOnTitle(RepairAgent):
    """Hangs on a report whose title contains `hang`; otherwise fixes the Vault's drop bug."""

    name = "hang-on-title"

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        if any("hang" in r.title for r in reports):
            time.sleep(300)
        path = workspace.repo_dir / "rules.py"
        old = 'state["inventory"].remove(noun)\n'
        new = old + '        state["items"].append(noun)\n'
        path.write_text(path.read_text().replace(old, new, 1))
        return Attempt(agent=self.name)


class Explode(RepairAgent):
    """Edits a file, then raises: an agent bug."""

    name = "explode"

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        (workspace.repo_dir / "rules.py").write_text("oops\n")
        raise RuntimeError("the agent fell over")


def vault_report(title: str = "A dropped key vanishes") -> BugReport:
    return BugReport(
        title=title,
        symptom="after `drop key` the key is neither carried nor in the room",
        expected="the key lies in the hall",
        observed="the hall is empty",
        mechanic="drop",
        bug_type=BugType.DATA_INCONSISTENCY,
        repro=["take key", "drop key", "look"],
    )


class Unpicklable(RepairAgent):
    """Holds a lambda, so it cannot reach a worker process."""

    name = "unpicklable"

    def __init__(self):
        self.callback = lambda: None

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        return Attempt(agent=self.name)


class EndpointDown(RepairAgent):
    """Starts editing, then finds its model endpoint down: not its fault, and it says so."""

    name = "endpoint-down"

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        (workspace.repo_dir / "notes.txt").write_text("partial\n")
        return Attempt(
            agent=self.name, outcome=Outcome.INFRASTRUCTURE_FAILURE, detail="model endpoint refused"
        )


class CliIgnoringBudget(RepairAgent):
    """Runs a CLI in its own session with a timeout far past its budget: the pipeline must still stop it."""

    name = "cli-ignoring-budget"

    def __init__(self, seconds: int):
        self.seconds = seconds  # unique: finds its sleep among the host's processes (see sleeping)

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        from repair_agents.cli_runner import run_cli

        run_cli(
            ["sh", "-c", f"sleep {self.seconds} & wait"],
            workspace,
            RepairBudget(wall_seconds=600),
        )
        return Attempt(agent=self.name)


def unique_sleep() -> int:
    """A sleep length no other process on the host uses, so that the test can find that sleep."""
    return random.randint(3_000_000, 9_000_000)


def sleeping(seconds: int) -> list[int]:
    """Host pids of live `sleep <seconds>` processes (a sandbox has pids of its own: look by argv)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if cmdline.read_bytes() == f"sleep\0{seconds}\0".encode():
                stat = (cmdline.parent / "stat").read_text()
                if stat.rsplit(")", 1)[1].split()[0] != "Z":
                    found.append(int(cmdline.parent.name))
        except OSError:
            continue
    return found
