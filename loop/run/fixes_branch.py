"""What a team reviews in the morning: every verified fix on one branch, with a pull-request description.

At the end of a run, the commits that fixed the bugs the judge verified are cherry-picked, in the order they
were made, onto `loop/<run>/fixes` from the run's base commit: one commit per fix, its message written from
the bug reports it fixes. Unverified patches never reach the branch. `runs/<run>/pull-request.md` describes
it: the reports, their steps to reproduce, the diff stats and the verification evidence (the judge's verdict,
the gate and, in benchmark mode, the probe). With `push_to`, the branch is pushed to that remote.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import tempfile
from pathlib import Path

import git

from loop.repair.diffs import PLAIN_DIFF
from loop.run.lifecycle import BugStatus
from loop.run.record import AttemptRecord, FixesBranch, RunRecord, TrackedBug, VerificationRecord

log = logging.getLogger(__name__)
PUSH_TIMEOUT_SECONDS = 120.0
PULL_REQUEST_FILE = "pull-request.md"
MESSAGE_LINE_LIMIT = 500


def fix_commit(bug: TrackedBug) -> str | None:
    """The commit whose patch the judge verified: the last move to `patched` before the bug was verified."""
    patched = [event.commit for event in bug.history if event.to_status == BugStatus.PATCHED]
    return patched[-1] if patched else None


def _clip(text: str, limit: int = MESSAGE_LINE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def commit_message(bugs: list[TrackedBug]) -> str:
    first = bugs[0].report
    subject = f"Fix: {first.title}" if len(bugs) == 1 else f"Fix {len(bugs)} bugs: {first.title} and more"
    body = []
    for bug in bugs:
        report = bug.report
        body += [
            _clip(report.title),
            f"  expected: {_clip(report.expected)}",
            f"  observed: {_clip(report.observed)}",
            f"  steps: {_clip(' ; '.join(report.repro)) or '(a new game)'}",
            f"  closed-loop bug {bug.fingerprint}",
        ]
    return subject[:72] + "\n\n" + "\n".join(body) + "\n"


def publish_fixes(record: RunRecord, repo_dir: Path, run_dir: Path, push_to: str | None) -> FixesBranch:
    """Make (or remake) the fixes branch and the pull-request description; push when asked.

    With the team's repository known (`record.origin`), the branch is made in the run's clone of it, from
    the commit the run started at, so it merges into their branch; else in the agents' view."""
    branch = f"loop/{record.run_id}/fixes"
    verified = [bug for bug in record.bugs.values() if bug.status == BugStatus.VERIFIED_FIXED]
    by_commit: dict[str, list[TrackedBug]] = {}
    skipped: dict[str, str] = {}
    for bug in verified:
        commit = fix_commit(bug)
        if commit is None:
            skipped[bug.fingerprint] = "no patch commit recorded"
            continue
        by_commit.setdefault(commit, []).append(bug)
    view = git.Repo(repo_dir)
    order = {sha: index for index, sha in enumerate(_history(view, record.head_commit))}
    fixes = sorted(by_commit, key=lambda sha: order.get(sha, len(order)))
    origin = record.origin
    if origin is not None and origin.clone:
        target, base, prefix = Path(origin.clone), origin.commit, origin.prefix
    else:
        target, base, prefix = repo_dir, record.base_commit, ""
    result = FixesBranch(branch=branch, repo=str(target), base_commit=base, skipped=skipped)
    worktree = Path(tempfile.mkdtemp(prefix="closed-loop-fixes-"))
    try:
        _release(target, branch)
        git.Repo(target).git.worktree("add", "--force", "-B", branch, str(worktree), base)
        tree = git.Repo(worktree)
        for commit in fixes:
            bugs = by_commit[commit]
            patch = view.git.diff(*PLAIN_DIFF, f"{commit}~1", commit, "--binary", "--full-index") + "\n"
            directory = [f"--directory={prefix}"] if prefix else []
            try:
                with tempfile.TemporaryFile() as stream:
                    stream.write(patch.encode("utf-8", "surrogateescape"))
                    stream.seek(0)
                    tree.git.apply("--index", *directory, "-", istream=stream)
                message = commit_message(bugs)
                with tempfile.TemporaryFile() as stream:
                    stream.write(message.encode("utf-8", "surrogateescape"))
                    stream.seek(0)
                    tree.git.commit(
                        "--allow-empty", "-F", "-", istream=stream, env=_dated_as(view.commit(commit))
                    )
            except git.GitCommandError:
                tree.git.reset("--hard")
                for bug in bugs:
                    result.skipped[bug.fingerprint] = "its patch does not apply without unverified changes"
                continue
            result.commits.append(tree.head.commit.hexsha)
            result.made_from[commit] = tree.head.commit.hexsha
            result.fixed += [bug.fingerprint for bug in bugs]
    finally:
        remove = ["git", "worktree", "remove", "--force", str(worktree)]
        subprocess.run(remove, cwd=target, capture_output=True, timeout=60)
        shutil.rmtree(worktree, ignore_errors=True)
    (run_dir / PULL_REQUEST_FILE).write_text(pull_request(record, result))
    if push_to:
        _push(target, branch, push_to, result)
    log.info("%s: %d fix(es) on %s in %s%s", record.run_id, len(result.fixed), branch, target,
             f", pushed to {push_to}" if result.pushed_to else "")  # fmt: skip
    return result


def _release(target: Path, branch: str) -> None:
    """Remove a work tree that still has the fixes branch checked out: only this step checks it out, for the
    moment it writes it, so such a work tree is what a run killed while publishing left behind (git would
    refuse to reset the branch under it)."""
    subprocess.run(["git", "worktree", "prune"], cwd=target, capture_output=True, timeout=60)
    listing = subprocess.run(
        ["git", "worktree", "list", "--porcelain"], cwd=target, capture_output=True, text=True, timeout=60
    ).stdout
    for entry in listing.split("\n\n"):
        fields = dict(line.partition(" ")[::2] for line in entry.splitlines())
        if fields.get("branch") == f"refs/heads/{branch}" and fields.get("worktree"):
            remove = ["git", "worktree", "remove", "--force", "--force", fields["worktree"]]
            subprocess.run(remove, cwd=target, capture_output=True, timeout=60)
            shutil.rmtree(fields["worktree"], ignore_errors=True)
    subprocess.run(["git", "worktree", "prune"], cwd=target, capture_output=True, timeout=60)


def _dated_as(patch: git.Commit) -> dict[str, str]:
    """The patch's own dates: remade on a resumed run, the branch gets the same commits (the ids the ledger
    and the QA memory name)."""
    when = f"{patch.committed_date} +0000"
    return {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}


def _history(repo: git.Repo, head: str) -> list[str]:
    return list(reversed(repo.git.rev_list(head).split()))


def _push(repo_dir: Path, branch: str, remote: str, result: FixesBranch) -> None:
    try:
        subprocess.run(
            ["git", "push", "--force", remote, f"{branch}:{branch}"],
            cwd=repo_dir, capture_output=True, text=True, check=True, timeout=PUSH_TIMEOUT_SECONDS,
        )  # fmt: skip
        result.pushed_to = remote
    except subprocess.CalledProcessError as exc:
        result.push_error = (exc.stderr or exc.stdout or str(exc)).strip()[-500:]
    except subprocess.TimeoutExpired:
        result.push_error = f"git push did not finish in {PUSH_TIMEOUT_SECONDS:.0f}s"
    if result.push_error:
        log.warning("pushing %s to %s failed: %s", branch, remote, result.push_error)


def pull_request(record: RunRecord, fixes: FixesBranch) -> str:
    """The description a reviewer reads: what was wrong, how to see it, what changed, how it was verified."""
    lines = [
        f"# closed-loop: {len(fixes.fixed)} verified fix(es) from run {record.run_id}",
        "",
        f"Branch `{fixes.branch}` from `{(fixes.base_commit or record.base_commit)[:10]}` of "
        f"{_where(record)}. Every commit "
        "fixes a bug a QA session reported, a repair agent patched behind the regression gate (the "
        "game's own tests and its walkthrough), and a later session's replay no longer shows.",
        "",
    ]
    for fingerprint in fixes.fixed:
        bug = record.bugs[fingerprint]
        report = bug.report
        attempt = _attempt_of(record, bug)
        steps = "\n".join(f"{i}. `{command}`" for i, command in enumerate(report.repro, 1)) or "(a new game)"
        lines += [
            f"## {report.title}",
            "",
            f"- Bug `{fingerprint}` ({report.bug_type.value}, found by the {report.source} QA agent in "
            f"session {bug.found_in_session})",
            f"- Expected: {report.expected}",
            f"- Observed: {report.observed}",
            "",
            "Steps to reproduce, from a new game:",
            "",
            steps,
            "",
        ]
        if attempt is not None:
            lines.append(
                f"- Patch: {attempt.agent}, {attempt.files_changed} file(s), +{attempt.lines_added} "
                f"-{attempt.lines_removed}; regression gate passed"
            )
            if attempt.agent_note:
                lines.append(f"- The agent says: {attempt.agent_note}")
        for verification in _verifications_of(record, fingerprint):
            probe = (
                ""
                if verification.probe_fixed is None
                else f"; probe {'quiet' if verification.probe_fixed else 'still fires (false fix)'}"
            )
            lines.append(f"- Verified: {verification.verdict} ({verification.judge or 'judge'}){probe}")
        lines.append("")
    if fixes.skipped:
        lines += ["## Not on this branch", ""]
        lines += [f"- `{fp}`: {why}" for fp, why in fixes.skipped.items()]
        lines.append("")
    unverified = [b for b in record.bugs.values() if b.status != BugStatus.VERIFIED_FIXED]
    if unverified:
        lines += ["## Still open or unverified (not on this branch)", ""]
        lines += [f"- `{b.fingerprint}` {b.report.title}: {b.status}" for b in unverified]
        lines.append("")
    return "\n".join(lines)


def _where(record: RunRecord) -> str:
    if record.origin is not None:
        return record.origin.repo
    return (
        f"the run's own import of {record.config.game} (its folder was not a clean git checkout, so this "
        "branch shares no history with it: apply the commits' patches by hand)"
    )


def _attempt_of(record: RunRecord, bug: TrackedBug) -> AttemptRecord | None:
    commit = fix_commit(bug)
    return next(
        (
            a
            for s in record.sessions
            for a in s.attempts
            if a.commit == commit and bug.fingerprint in a.fingerprints
        ),
        None,
    )


def _verifications_of(record: RunRecord, fingerprint: str) -> list[VerificationRecord]:
    return [v for s in record.sessions for v in s.verifications if v.fingerprint == fingerprint]
