"""The nightly on a team's own game repository: the ledger names the team's commits, and a bug verified fixed
one night is fixed on a later night's commit only when the team merged the fixes branch into it."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import git
import pytest

from flows.nightly import nightly
from loop.ledger import BugHistory, Ledger
from loop.run.record import RunRecord
from tests.user_mode.test_bug_identity import SPLINTER
from tests.user_mode.test_user_repository import commit
from tests.user_mode.test_user_repository import team_repository as splinter_history

pytestmark = pytest.mark.slow
# the welcome text's leftover traceback: the explorer sees it on the first new game; this fixes it
FIXER = "sed -i '/Traceback (most recent/d' server.py"
TRACEBACK = "Server error text in a new game's reply"


def team_repository(root: Path) -> git.Repo:
    """Splinter as a team keeps it: a repository with a history of their commits, its manifest inside."""
    repo, _ = splinter_history(root)
    shutil.copy(SPLINTER / "game.toml", root / "game.toml")
    commit(repo, "Add the manifest")
    return repo


def night(team: git.Repo, date: str, runs: Path, repair_agent: str = "command") -> RunRecord:
    game = str(team.working_dir)
    options = {"agent_options": {"command": FIXER}} if repair_agent == "command" else {}
    nightly(
        games=[game], night=date, concurrency=1, qa_agent="explorer", repair_agent=repair_agent,
        backend="process", steps=40, max_rounds=2, overrides={game: options},
    )  # fmt: skip
    return RunRecord.load(runs / f"splinter-nightly-{date}" / "run.json")


def traceback_bug() -> BugHistory:
    with Ledger() as ledger:
        return next(bug for bug in ledger.bugs("splinter") if bug.title == TRACEBACK)


@contextmanager
def ledger_warnings() -> Iterator[list[str]]:
    said: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: said.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("loop.run.ledger_sync")
    logger.addHandler(handler)
    try:
        yield said
    finally:
        logger.removeHandler(handler)


def test_a_fix_not_merged_is_not_a_fix_on_the_next_nights_commit(prefect_api, own_data: Path, tmp_path: Path):
    team = team_repository(tmp_path / "team")
    with ledger_warnings() as warnings:
        first = night(team, "20261201", own_data)
        assert first.fixes is not None and first.fixes.commits
        fixed = traceback_bug()
        assert fixed.status == "verified_fixed"
        fix = fixed.events[-1].commit
        assert fix == first.fixes.commits[0]  # the fix's commit on the fixes branch, not the agents' view

        # the team works on and never merges the fixes branch
        (tmp_path / "team" / "README.md").write_text("# Splinter\n\nOur workshop game.\n")
        tonight = commit(team, "Describe the game again")
        second = night(team, "20261202", own_data)

    assert second.origin is not None and second.origin.commit == tonight
    events = traceback_bug().events
    reopened = next(e for e in events if e.commit == tonight)
    assert (reopened.from_status, reopened.to_status) == ("verified_fixed", "open")
    assert f"does not contain its fix {fix[:10]}" in reopened.reason
    # from there, tonight's own repair and verification, in order
    assert [e.to_status for e in events[events.index(reopened) :]] == ["open", "patched", "verified_fixed"]
    assert not [w for w in warnings if "cannot go" in w], warnings


def test_a_merged_fix_stays_fixed_and_comes_back_as_a_regression_on_the_teams_commits(
    prefect_api, own_data: Path, tmp_path: Path
):
    team = team_repository(tmp_path / "team")
    with ledger_warnings() as warnings:
        first = night(team, "20261201", own_data)
        assert first.fixes is not None
        team.git.fetch(first.fixes.repo, f"{first.fixes.branch}:{first.fixes.branch}")
        team.git.merge(first.fixes.branch, "--no-edit")
        merged = team.head.commit.hexsha

        second = night(team, "20261202", own_data)
        assert second.origin is not None and second.origin.commit == merged
        bug = traceback_bug()
        assert bug.status == "verified_fixed" and bug.reports == 1  # not found again: fixed on this commit
        for event in bug.events:  # every commit the ledger names is the team's
            team.git.cat_file("-e", f"{event.commit}^{{commit}}")
        with Ledger() as ledger:  # kept for later runs: the view's patch and the fix it became
            pairs = ledger.real_commits("splinter")
        assert {view: pairs[view] for view in first.fixes.made_from} == first.fixes.made_from

        # a later change of the team's takes the fix back: a regression of the same bug, on their commit
        team.git.revert("HEAD", no_edit=True)
        third = night(team, "20261203", own_data)

    assert third.origin is not None
    regressed = next(e for e in traceback_bug().events if e.commit == third.origin.commit)
    assert (regressed.from_status, regressed.to_status) == ("verified_fixed", "regressed")
    assert "contains its fix" in regressed.reason
    assert not [w for w in warnings if "cannot go" in w], warnings


def test_a_fix_merged_after_a_night_without_it_is_the_loops_fix_not_one_made_elsewhere(
    prefect_api, own_data: Path, tmp_path: Path
):
    team = team_repository(tmp_path / "team")
    with ledger_warnings() as warnings:
        first = night(team, "20261201", own_data)
        assert first.fixes is not None
        fix = traceback_bug().events[-1].commit

        (tmp_path / "team" / "README.md").write_text("# Splinter\n\nOur workshop game.\n")
        commit(team, "Describe the game again")
        night(team, "20261202", own_data, repair_agent="noop")
        assert traceback_bug().status == "open"  # seen again on a commit without its fix, and not repaired

        team.git.fetch(first.fixes.repo, f"{first.fixes.branch}:{first.fixes.branch}")
        team.git.merge(first.fixes.branch, "--no-edit")
        third = night(team, "20261203", own_data, repair_agent="noop")

    assert third.origin is not None
    bug = traceback_bug()
    assert bug.status == "verified_fixed", [(e.to_status, e.reason) for e in bug.events]
    patched, verified = bug.events[-2:]
    assert (patched.to_status, patched.commit) == ("patched", fix)
    assert f"its fix {fix[:10]}" in patched.reason and "merged" in patched.reason
    assert verified.to_status == "verified_fixed"
    assert not any(e.to_status == "fixed_elsewhere" for e in bug.events)
    assert not [w for w in warnings if "cannot go" in w], warnings
