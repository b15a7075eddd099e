"""A run killed with its whole process group while git holds a lock in the run's repository (a SIGKILLed
Prefect serve process takes the flow run and its git down together) resumes and finishes: the lock file the
killed git left does not fail the resumed run's checkout, round branch or fixes branch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from loop_driver import drive, offline_config

from flows.assembly import open_run
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]

# git runs the reference-transaction hook with the ref's lock held ("prepared"): the first update of a ref
# matching KILL_REF in the run's own repository SIGKILLs the hook's process group, which is the whole run
HOOK = """#!/bin/sh
[ "$1" = prepared ] || exit 0
case "$PWD" in */workspace/repo|*/workspace/upstream) ;; *) exit 0 ;; esac
if grep -Eq "$KILL_REF" && [ ! -e "$KILL_MARKER" ]; then
  ls "$PWD/.git/$KILL_LOCK" > "$KILL_MARKER"
  kill -KILL 0
fi
exit 0
"""


@pytest.mark.parametrize(
    ("ref", "lock", "repository"),
    [
        (r" refs/heads/loop/.*/round-1$", "refs/heads/loop/castle-mid-git/round-1.lock", "repo"),  # session 1
        (r" HEAD$", "HEAD.lock", "repo"),  # session 2's checkout of the patched commit
        # publish, once the run is finished: the fixes branch is made in the run's clone of the game's history
        (r" refs/heads/loop/.*/fixes$", "refs/heads/loop/castle-mid-git/fixes.lock", "upstream"),
    ],
)
def test_a_run_killed_while_git_holds_a_lock_resumes_and_finishes(
    tmp_path: Path, ref: str, lock: str, repository: str
):
    run_id = "castle-mid-git"
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "reference-transaction").write_text(HOOK)
    (hooks / "reference-transaction").chmod(0o755)
    marker = tmp_path / "killed-holding"
    (tmp_path / "tmp").mkdir()
    env = {
        **os.environ,
        "CLOSED_LOOP_RUNS": str(tmp_path),
        "TMPDIR": str(tmp_path / "tmp"),
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "core.hooksPath",
        "GIT_CONFIG_VALUE_0": str(hooks),
        "KILL_REF": ref,
        "KILL_LOCK": lock,
        "KILL_MARKER": str(marker),
    }
    script = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import loop_driver; "
    script += "loop_driver.drive(loop_driver.open_run(loop_driver.offline_config(), run_id=sys.argv[1]))"
    child = subprocess.run(
        [sys.executable, "-c", script, run_id],
        env=env,
        cwd=ROOT,
        capture_output=True,
        timeout=600,
        start_new_session=True,  # the hook kills the child's process group, not this test's
    )
    assert child.returncode == -9, child.stderr.decode()[-2000:]
    repo = tmp_path / run_id / "workspace" / repository
    assert (repo / ".git" / lock).is_file(), marker.read_text()  # git died holding it

    resumed = open_run(offline_config(), run_id=run_id, runs_dir=tmp_path)
    drive(resumed)

    record = RunRecord.load(tmp_path / run_id / "run.json")
    assert record.status == "finished", record.stop_reason
    assert len(record.sessions) == 2
    assert sorted(v.verdict for v in record.sessions[1].verifications) == ["verified_fixed"] * 2
    assert record.fixes is not None and len(record.fixes.fixed) == 2
    assert list((repo / ".git").rglob("*.lock")) == []
