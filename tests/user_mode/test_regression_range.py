"""A team's repository, night after night: a bug first seen on tonight's commit is bisected over the team's
commits since last night's, and the commit that brought it in is named on the bug, in the report, the ledger
and `closed-loop bugs`; a run killed during the bisection resumes it without building again what it tested."""

from __future__ import annotations

import contextlib
import json
import math
from pathlib import Path
from typing import Any

import git
import pytest

from flows.assembly import open_run
from flows.cli import main
from loop.ledger import Ledger
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from loop.sandbox import BuildSpec, RunningBuild, SandboxProvider
from reports.writer import write_run_reports
from tests.fixtures.scripted_qa import ScriptedQA
from tests.user_mode.test_bug_identity import SPLINTER, crash
from tests.user_mode.test_user_repository import commit

pytestmark = pytest.mark.slow
SAW = crash("saw")
SECRET = "SECRET_NOTES.md"
# fixes the saw, and keeps what it was told (stdin) where the patch shows it
FIXER = "cat > TASK.json && sed -i 's/^CRASHING = .*/CRASHING = set()/' server.py"


def server(crashing: str) -> str:
    return (SPLINTER / "server.py").read_text().replace('CRASHING = {"saw", "plane", "sand"}', crashing)


def team_history(root: Path) -> tuple[git.Repo, list[str]]:
    """Commits 1 and 2 of the team's history (the game works); 3 to 6 come later."""
    repo = git.Repo.init(root, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "team")
        config.set_value("user", "email", "team@example.invalid")
    (root / "game.toml").write_text((SPLINTER / "game.toml").read_text() + f'hidden_paths = ["{SECRET}"]\n')
    (root / "README.md").write_text("# Splinter\n")
    first = commit(repo, "Start the workshop")
    (root / "server.py").write_text(server("CRASHING = set()"))
    return repo, [first, commit(repo, "Add the server")]


def later_commits(repo: git.Repo, root: Path) -> list[str]:
    (root / "README.md").write_text("# Splinter\n\nA workshop game.\n")
    made = [commit(repo, "Describe the game")]
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    (root / SECRET).write_text("the admin password is hunter2\n")
    made.append(commit(repo, "Sharpen the saw"))  # commit 4: the saw now answers HTTP 500
    (root / "NOTES.md").write_text("Tools: saw, plane, sand.\n")
    made.append(commit(repo, "List the tools"))
    (root / "README.md").write_text("# Splinter\n\nA workshop game with tools.\n")
    made.append(commit(repo, "Mention the tools"))
    return made


class CountingProvider:
    """The run's sandbox provider, noting every commit it starts; `kill_at`: the start that raises instead,
    as a run killed there would stop."""

    def __init__(self, provider: SandboxProvider, kill_at: int | None = None):
        self.provider, self.kill_at, self.started = provider, kill_at, []  # type: list[str]

    def start(self, spec: BuildSpec, **options: Any) -> RunningBuild:
        self.started.append(spec.commit)
        if len(self.started) == self.kill_at:
            raise KeyboardInterrupt
        return self.provider.start(spec, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.provider, name)


def night(
    game: Path,
    reports: list,
    run_id: str,
    runs: Path,
    kill_at: int | None = None,
    fixer: str | None = None,
    agent: str | None = None,
) -> CountingProvider:
    """One nightly run on the game's current commit; `fixer` repairs with the command agent, `agent` with
    the agent of that name (else nothing is repaired)."""
    repair: dict[str, Any] = {}
    if fixer:
        repair = {"repair_agent": "command", "agent_options": {"command": fixer}, "max_rounds": 2}
    elif agent:
        repair = {"repair_agent": agent, "max_rounds": 2}
    config = LoopConfig(
        **{"game": str(game), "qa_agent": "explorer", "repair_agent": "noop", "backend": "process",
           "max_rounds": 1, **repair}
    )  # fmt: skip
    with open_run(config, run_id=run_id, runs_dir=runs) as run:
        run.parts.qa_agent = ScriptedQA(reports, sessions=1)
        run.provider = counting = CountingProvider(run.provider, kill_at)
        with contextlib.suppress(KeyboardInterrupt):  # the kill
            run_rounds(run)
        write_run_reports(run.run_dir)
    return counting


def test_a_bug_first_seen_tonight_is_bisected_to_the_commit_that_brought_it_in(
    tmp_path: Path, runs: Path, capsys
):
    team, commits = team_history(tmp_path / "team")
    night(tmp_path / "team", [], "splinter-night-1", runs)
    commits += later_commits(team, tmp_path / "team")
    night(tmp_path / "team", [SAW], "splinter-night-2", runs, fixer=FIXER)

    record = RunRecord.load(runs / "splinter-night-2" / "run.json")
    assert record.origin is not None and record.origin.commit == commits[5]
    assert record.earlier_commit == commits[1]
    [bug] = record.bugs.values()
    found = bug.bisection
    assert found is not None and found.status == "culprit"
    assert found.culprit == commits[3]
    assert (found.base, found.commits) == (commits[1], commits[2:])
    assert found.tested == {commits[1]: "absent", commits[3]: "present", commits[2]: "absent"}
    assert found.builds <= math.ceil(math.log2(len(found.commits))) + 1
    assert found.replays == found.builds  # one replay per decision by default

    said = f"brought in by {commits[3][:10]}"
    assert said in (runs / "splinter-night-2" / "report.md").read_text()
    assert said in next((runs / "splinter-night-2" / "bugs").glob("*.md")).read_text()
    assert said in (runs / "splinter-night-2" / "report.html").read_text()
    with Ledger() as ledger:
        [known] = ledger.bugs("splinter")
    assert known.culprit == commits[3] and known.regression is not None and said in known.regression
    capsys.readouterr()
    assert main(["bugs", "splinter"]) == 0
    assert f"culprit {commits[3]}" in capsys.readouterr().out

    # the repair agent was shown the commit that brought the bug in, and nothing the manifest hides
    [attempt] = record.sessions[0].attempts
    assert attempt.patch_path is not None and bug.status == "verified_fixed"
    [told] = json.loads(patched_file(runs / "splinter-night-2" / attempt.patch_path, "TASK.json"))
    assert told["came_in_with"].startswith(f"commit {commits[3]}\n\nSharpen the saw")
    assert '+CRASHING = {"saw"}' in told["came_in_with"]
    assert "hunter2" not in told["came_in_with"] and SECRET not in told["came_in_with"]


def patched_file(patch: Path, name: str) -> str:
    """The content of a file the patch adds."""
    added = patch.read_text().split(f"+++ b/{name}\n", 1)[1].split("\ndiff --git", 1)[0]
    return "\n".join(line[1:] for line in added.splitlines() if line.startswith("+"))


def test_a_run_killed_while_bisecting_resumes_without_building_again(tmp_path: Path, runs: Path):
    team, commits = team_history(tmp_path / "team")
    night(tmp_path / "team", [], "splinter-night-1", runs)
    commits += later_commits(team, tmp_path / "team")
    # starts: tonight's QA build, the base, the middle commit, then the kill
    killed = night(tmp_path / "team", [SAW], "splinter-night-2", runs, kill_at=4)
    assert killed.started[1:3] == [commits[1], commits[3]]
    halfway = RunRecord.load(runs / "splinter-night-2" / "run.json")
    [bug] = halfway.bugs.values()
    assert bug.bisection is not None and bug.bisection.status == "running" and bug.bisection.builds == 2

    resumed = night(tmp_path / "team", [SAW], "splinter-night-2", runs)
    assert resumed.started == [commits[2]]  # QA was done; only the untested commit is built
    [bug] = RunRecord.load(runs / "splinter-night-2" / "run.json").bugs.values()
    assert bug.bisection is not None and bug.bisection.culprit == commits[3] and bug.bisection.builds == 3


def test_a_fixed_bug_that_comes_back_is_reopened_with_the_commit_that_brought_it_back(
    tmp_path: Path, runs: Path
):
    root = tmp_path / "team"
    team, commits = team_history(root)
    commits += later_commits(team, root)
    night(root, [SAW], "splinter-night-1", runs, fixer=FIXER)
    first = RunRecord.load(runs / "splinter-night-1" / "run.json")
    assert first.fixes is not None and first.fixes.commits
    team.git.fetch(first.fixes.repo, f"{first.fixes.branch}:{first.fixes.branch}")
    team.git.merge(first.fixes.branch, "--no-edit")

    night(root, [], "splinter-night-2", runs)  # QA finds nothing; the corpus replays the saw: still fixed
    [(key, answer)] = RunRecord.load(runs / "splinter-night-2" / "run.json").sessions[0].corpus.items()
    assert (key, answer) == (SAW.fingerprint, "absent")

    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    brought_back = commit(team, "Put the old saw back")
    (root / "README.md").write_text("# Splinter\n\nA workshop game, old tools included.\n")
    tonight = commit(team, "Mention the old tools")
    night(root, [], "splinter-night-3", runs)  # QA finds nothing again: the corpus does

    record = RunRecord.load(runs / "splinter-night-3" / "run.json")
    assert record.sessions[0].corpus == {SAW.fingerprint: "present"}
    [bug] = record.bugs.values()
    assert bug.fingerprint == SAW.fingerprint and bug.report.source == "regression-corpus"
    assert bug.bisection is not None and bug.bisection.base == first.fixes.commits[-1]
    assert bug.bisection.culprit == brought_back
    with Ledger() as ledger:
        [known] = ledger.bugs("splinter")
    back = next(e for e in known.events if e.commit == tonight)
    assert (back.from_status, back.to_status) == ("verified_fixed", "regressed")
    assert known.culprit == brought_back


def test_an_open_bug_the_team_fixed_is_closed_as_fixed_by_their_commit_not_by_the_loop(
    tmp_path: Path, runs: Path, capsys
):
    root = tmp_path / "team"
    team, commits = team_history(root)
    commits += later_commits(team, root)
    night(root, [SAW], "splinter-night-1", runs)  # reported, not repaired: open
    (root / "server.py").write_text(server("CRASHING = set()"))
    fix = commit(team, "Fix the saw")
    (root / "README.md").write_text("# Splinter\n\nA workshop game whose saw works.\n")
    tonight = commit(team, "Say so")
    night(root, [], "splinter-night-2", runs)

    record = RunRecord.load(runs / "splinter-night-2" / "run.json")
    assert record.sessions[0].corpus == {SAW.fingerprint: "absent"}  # on both of its replays
    [bug] = record.bugs.values()
    assert bug.status == "fixed_elsewhere" and bug.gone_on == tonight
    assert bug.bisection is not None and bug.bisection.kind == "fix"
    assert (bug.bisection.base, bug.bisection.culprit) == (commits[5], fix)
    with Ledger() as ledger:
        [known] = ledger.bugs("splinter")
    assert known.status == "fixed_elsewhere" and "verified_fixed" not in [e.to_status for e in known.events]
    closed = known.events[-1]
    assert closed.commit == tonight and f"fixed by {fix[:10]}" in closed.reason
    capsys.readouterr()
    assert main(["bugs", "splinter"]) == 0
    listed = capsys.readouterr().out
    assert f"fixed_elsewhere - gone from {tonight[:10]} without a fix of the loop's" in listed

    # the team's change takes their fix back: the corpus finds it, regressed from where it was gone
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    back = commit(team, "Restore the old saw")
    night(root, [], "splinter-night-3", runs)
    [bug] = RunRecord.load(runs / "splinter-night-3" / "run.json").bugs.values()
    assert bug.bisection is not None and bug.bisection.kind == "regression" and bug.bisection.culprit == back
    with Ledger() as ledger:
        [known] = ledger.bugs("splinter")
    assert (known.events[-1].from_status, known.events[-1].to_status) == ("fixed_elsewhere", "regressed")
    assert known.culprit == back


def test_a_commit_that_does_not_build_leaves_a_range_and_says_why_it_was_skipped(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = team_history(root)
    night(root, [], "splinter-night-1", runs)
    (root / "server.py").write_text(server("CRASHING = set("))
    commits.append(commit(team, "Start sharpening the saw"))
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    commits.append(commit(team, "Sharpen the saw"))
    (root / "README.md").write_text("# Splinter\n\nA workshop game.\n")
    commits.append(commit(team, "Describe the game"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    record = RunRecord.load(runs / "splinter-night-2" / "run.json")
    [bug] = record.bugs.values()
    found = bug.bisection
    assert found is not None and found.status == "range" and found.culprit is None
    assert (found.last_absent, found.first_present) == (commits[1], commits[3])
    skipped = found.tested[commits[2]]
    assert skipped.startswith("skipped: the build did not start: splinter exited while starting: SyntaxError")
    assert record.sessions[0].attempts == []  # no culprit: nothing for revert to take back
