"""The history benchmark walks a generated history of CASTLE night by night with the offline explorer and the
`revert` agent, and scores it afterwards: the culprit of every bisected bug against the commit the bug truly
arrived in, the builds per bisection, and how many bisected bugs the revert turned into verified fixes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_castle_history_is_walked_and_its_culprits_scored_against_the_arrivals(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, "-m", "bench.history", "--smoke", "--games", "castle", "--bug-ids", "BUG-3"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["bench"] == "history" and result["measured"]["commit"]
    metrics = {m["name"]: m["value"] for m in result["metrics"]}
    for name in ("nights_from_arrival_to_report", "culprit_accuracy", "builds_per_bisection",
                 "revert_fixing_rate"):  # fmt: skip
        assert name in metrics
    castle = result["details"]["games"]["castle"]
    [arrival] = castle["arrivals"]
    assert arrival["bug_id"] == "BUG-3" and arrival["night"] == 2
    assert castle["bisected"], "the drop bug was not reported and bisected"
    for found in castle["bisected"]:
        assert found["right_culprit"] == (found["culprit"] == arrival["commit"])
    right = sum(found["right_culprit"] for found in castle["bisected"])
    assert metrics["culprit_accuracy"] == right / len(castle["bisected"])
    fixed_right = sum(f["fixed_by_revert"] and f["right_culprit"] for f in castle["bisected"])
    assert metrics["revert_fixing_rate"] == fixed_right / len(castle["bisected"])
    assert metrics["fixes_of_a_wrong_culprit"] == sum(
        f["fixed_by_revert"] and not f["right_culprit"] for f in castle["bisected"]
    )


@pytest.mark.slow
def test_a_bug_brought_in_flaky_is_labelled_flaky_and_never_fixed_on_a_clean_replay_it_did_not_earn():
    done = subprocess.run(
        [sys.executable, "-m", "bench.history", "--smoke", "--games", "castle", "--bug-ids", "BUG-3",
         "--flaky", "BUG-3", "--repro-replays", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    flaky = result["details"]["games"]["castle"]["flaky"]
    assert flaky["bug_id"] == "BUG-3" and flaky["reports"], "the flaky drop bug was never reported"
    for report in flaky["reports"]:
        assert report["labelled_flaky"] and report["flaky_decisions"] >= 1
        assert report["fixed_on_too_few_clean_replays"] == 0
        assert not report["false_fix"]
        for decision in report["decisions"]:
            if decision["verdict"] == "verified_fixed":
                assert (decision["present"], decision["replays"]) == (0, 3)
    metrics = {m["name"]: m["value"] for m in result["metrics"]}
    assert metrics["flaky_bug_false_fixes"] == 0 and metrics["flaky_bug_labelled_flaky"] >= 1
