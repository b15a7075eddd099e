"""A verified fix whose report quotes a huge request still gets a commit on the fixes branch."""

from __future__ import annotations

from loop.contract.models import BugReport
from loop.run.fixes_branch import commit_message
from loop.run.lifecycle import BugStatus
from loop.run.record import TrackedBug


def test_a_report_quoting_a_huge_request_makes_a_commit_message_git_accepts() -> None:
    request = "POST /api/agent/command " + "[" * 100_000 + "]" * 100_000
    report = BugReport(
        title="The API breaks on a request where the body is nested very deep",
        symptom="no answer",
        expected="a JSON reply",
        observed=f"{request} got no answer",
        mechanic="agent API",
        repro=[request],
    )
    bug = TrackedBug(
        fingerprint="652e01ecdae2", report=report, status=BugStatus.VERIFIED_FIXED, found_in_session=1
    )

    message = commit_message([bug])

    assert len(message) < 4_000  # one argument of a command line is at most 128 KiB on Linux
    assert "closed-loop bug 652e01ecdae2" in message
    assert message.startswith("Fix: The API breaks on a request where the body is nested very deep")
