"""The bubblewrap sandboxes of repair agents run as a host user of their own, with no capability: a file only
root may read stays unread, even where the sandbox mounts it, and the tree stays theirs to edit."""

from __future__ import annotations

import pwd
import subprocess
from pathlib import Path

import pytest

from loop.repair.confinement import open_agent_sandbox
from sandboxes.repair_tools.bubblewrap import BubblewrapSandbox

CANARY = "ROOT-ONLY-CANARY"
PROBE = "cat {secret}; cat /etc/shadow; grep ^Cap /proc/self/status; echo made > made.txt"


@pytest.fixture
def root_only(tmp_path: Path) -> Path:
    """A tool install holding a credentials file that only root may read."""
    tool = tmp_path / "tool"
    tool.mkdir()
    secret = tool / "credentials"
    secret.write_text(f"{CANARY}\n")
    secret.chmod(0o600)
    return secret


def check_unprivileged(output: str, made: Path) -> None:
    assert CANARY not in output, output
    assert "root:" not in output, output  # /etc/shadow's first line
    owner = made.stat().st_uid  # the host user the sandbox ran as
    assert owner != 0
    with pytest.raises(KeyError):
        pwd.getpwuid(owner)
    capabilities = [line.split()[1] for line in output.splitlines() if line.startswith("Cap")]
    assert len(capabilities) == 5 and all(int(value, 16) == 0 for value in capabilities), output


def test_the_agent_sandbox_cannot_read_a_root_only_file(tmp_path: Path, root_only: Path):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "notes.txt").write_text("edit me\n")
    with open_agent_sandbox(tree, "bubblewrap", tool_paths=[root_only.parent]) as sandbox:
        script = f"{PROBE.format(secret=root_only)}; echo edited > notes.txt; echo new > new.txt"
        command = sandbox.command(["sh", "-c", script], {})
        done = subprocess.run(command.argv, env=command.env, capture_output=True, text=True, timeout=60)
    check_unprivileged(done.stdout + done.stderr, tree / "made.txt")
    assert (tree / "notes.txt").read_text() == "edited\n" and (tree / "new.txt").read_text() == "new\n"


def test_the_builtin_repair_sandbox_cannot_read_a_root_only_file(tmp_path: Path):
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    secret = tree / ".git" / "credentials"  # mounted (read-only), as a repository's own files are
    secret.write_text(f"{CANARY}\n")
    secret.chmod(0o600)
    (tree / "notes.txt").write_text("edit me\n")
    script = f"{PROBE.format(secret='.git/credentials')}; echo ok > notes.txt"
    result = BubblewrapSandbox(tree).run(script, 30)
    check_unprivileged(result.output, tree / "made.txt")
    assert (tree / "notes.txt").read_text() == "ok\n"
