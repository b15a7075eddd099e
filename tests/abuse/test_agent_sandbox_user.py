"""Both agent sandboxes run a repair agent as the agent's own host user when closed-loop is root (else as the
caller): it writes its work tree and nothing outside it, what it makes there is never root's, and the host
can remove the tree afterwards."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from loop.repair.confinement import SANDBOX_WORKDIR, open_agent_sandbox
from sandboxes.repair_tools.protocol import SANDBOX_UID
from sandboxes.unprivileged import AGENT_USER, drops_privileges

BACKENDS = ["bubblewrap", pytest.param("docker", marks=pytest.mark.docker)]
OUTSIDE = ["/planted", "/etc/planted", "/usr/planted", f"{SANDBOX_WORKDIR}/../planted"]
SCRIPT = (
    "echo uid=$(id -u) gid=$(id -g); "
    + "; ".join(f"touch {path} 2>/dev/null && echo WROTE:{path}" for path in OUTSIDE)
    + "; echo edited > notes.txt; mkdir -p made/deeper; echo new > made/deeper/new.txt"
    + "; chmod 500 made/deeper; echo done"
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_agent_runs_as_its_own_user_and_leaves_a_tree_the_host_can_remove(tmp_path: Path, backend: str):
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "notes.txt").write_text("edit me\n")
    with open_agent_sandbox(tree, backend) as sandbox:
        command = sandbox.command(["sh", "-c", SCRIPT], {})
        done = subprocess.run(command.argv, env=command.env, capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    expected = AGENT_USER.uid if drops_privileges() else os.getuid()
    inside = expected if backend == "docker" else SANDBOX_UID  # bubblewrap maps the host user to its own
    assert f"uid={inside} " in output, output
    assert "WROTE:" not in output and "done" in output, output
    assert not any(Path(path).exists() for path in OUTSIDE[:3])
    assert (tree / "notes.txt").read_text() == "edited\n"
    made = [tree / "made", tree / "made" / "deeper", tree / "made" / "deeper" / "new.txt"]
    assert {path.stat().st_uid for path in made} == {expected}  # the agent's, never root's
    shutil.rmtree(tree)
    assert not tree.exists()
