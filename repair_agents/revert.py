"""`revert`: takes back the commit that brought a bug in. Needs no model.

A bug the loop bisected to a culprit commit reaches the agent with that commit's message and diff
(`BugReport.came_in_with`, without the files the manifest hides). The agent applies the diff in reverse to the
work tree; where the whole reverse does not apply (later commits changed the same lines), it applies only the
culprit's changes to the files the bug's report names (title, symptom, observed, evidence, repro), if those
apply cleanly. A binary file the culprit added is removed if it is still as the culprit left it; any other
binary change is left as it is (the diff does not carry its content) and named in the note. Otherwise, and for
a bug with no culprit, it declines: it leaves the tree as it is and says why (the pipeline records
the attempt as `declined`). What it does apply goes through the same gate and verification as every other
agent's patch.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from loop.contract.models import BugReport
from loop.repair.agents import AgentContext
from repair_agents.base import Attempt, RepairAgent, RepairBudget, RepairWorkspace

NAME = "revert"
GIT_TIMEOUT = 60.0
SHORT = 10
_CUT = re.compile(r"\n\[\.\.\. cut at \d+ characters\]\s*$")


@dataclass(frozen=True)
class FileChange:
    path: str
    diff: str  # its `diff --git` section, as git shows it


@dataclass(frozen=True)
class Culprit:
    """The commit that brought a bug in, as the repair task shows it."""

    commit: str
    subject: str
    files: tuple[FileChange, ...]
    complete: bool  # False when the task cut the diff short: the last file's change is left out

    @property
    def label(self) -> str:
        return f"{self.commit[:SHORT]} {self.subject}".rstrip()


def parse_culprit(text: str) -> Culprit | None:
    """The culprit in `came_in_with` ("commit <sha>", a blank line, the message, then the diff), or None."""
    head, _, rest = text.partition("\n")
    if not head.startswith("commit ") or not head[len("commit ") :].strip():
        return None
    cut = _CUT.search(rest)
    if cut:
        rest = rest[: cut.start()]
    start = rest.find("\ndiff --git ")
    message, diff = (rest, "") if start < 0 else (rest[:start], rest[start + 1 :])
    sections = [s for s in re.split(r"(?m)^(?=diff --git )", diff) if s.startswith("diff --git ")]
    if cut and sections:
        sections.pop()  # the section the cut ran through
    files = tuple(FileChange(_path_of(s), s if s.endswith("\n") else s + "\n") for s in sections)
    subject = next((line.strip() for line in message.splitlines() if line.strip()), "")
    return Culprit(head[len("commit ") :].strip(), subject, files, complete=cut is None)


def _path_of(section: str) -> str:
    for line in section.splitlines():
        if line.startswith("+++ b/") or line.startswith("--- a/"):
            return line[6:].strip()
    first = section.splitlines()[0]
    return first.rsplit(" b/", 1)[-1].strip()


def named_files(report: BugReport, files: tuple[FileChange, ...]) -> tuple[FileChange, ...]:
    """The changes to files the report names, by path or by file name."""
    said = "\n".join(
        [report.title, report.symptom, report.expected, report.observed, report.evidence, *report.repro]
    )
    return tuple(
        f
        for f in files
        if f.path in said or re.search(rf"(?<![\w.-]){re.escape(Path(f.path).name)}(?![\w-])", said)
    )


def reverse_applies(repo_dir: Path, diff: str, *, check: bool) -> tuple[bool, str]:
    """Apply `diff` in reverse to the work tree (`check`: only say whether it would apply cleanly)."""
    command = ["git", "apply", "-R", "--whitespace=nowarn", *(["--check"] if check else [])]
    try:
        done = subprocess.run(
            command, cwd=repo_dir, input=diff, capture_output=True, text=True, timeout=GIT_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    return done.returncode == 0, (done.stderr or done.stdout).strip()


def revert_one(repo_dir: Path, report: BugReport, culprit: Culprit) -> tuple[bool, str]:
    """Revert `culprit` for `report`: the whole change, else the files the report names; (done, what)."""
    if not culprit.files:
        return False, f"declined: the task shows no change of {culprit.label} that the agents may see"
    text = tuple(f for f in culprit.files if not _binary(f))
    binary = tuple(f for f in culprit.files if _binary(f))
    whole = "".join(f.diff for f in text)
    if culprit.complete:
        ok, why = reverse_applies(repo_dir, whole, check=True) if whole else (True, "")
        reason = f"reverting {culprit.label} does not apply ({_first_line(why)})"
    else:
        ok, reason = False, f"the task shows the diff of {culprit.label} cut short: it is not reverted whole"
    if ok:
        if whole:
            reverse_applies(repo_dir, whole, check=False)
        kept = [f.path for f in binary if not _remove_added(repo_dir, f)]
        left = f" (binary {', '.join(kept)} left as it is)" if kept else ""
        return True, f"reverts {culprit.label}{left}"
    named = named_files(report, text)
    if not named:
        return False, f"declined: {reason}, and the report names none of the files it changed"
    part = "".join(f.diff for f in named)
    ok, part_why = reverse_applies(repo_dir, part, check=True)
    if not ok:
        return False, (
            f"declined: {reason}, and its change to {', '.join(f.path for f in named)} does not apply either "
            f"({_first_line(part_why)})"
        )
    reverse_applies(repo_dir, part, check=False)
    return True, f"reverts {culprit.label} in {', '.join(f.path for f in named)} only"


def _binary(change: FileChange) -> bool:
    """A binary file's change, which the task shows without its content ("Binary files ... differ")."""
    return any(line.startswith("Binary files ") for line in change.diff.splitlines())


def _remove_added(repo_dir: Path, change: FileChange) -> bool:
    """Take back a binary file the culprit added, when the work tree still has it as the culprit left it."""
    added = re.search(r"(?m)^new file mode .*\nindex 0+\.\.([0-9a-f]+)$", change.diff)
    target = repo_dir / change.path
    if added is None or not target.is_file():
        return False
    try:
        done = subprocess.run(
            ["git", "hash-object", "--", str(target)], capture_output=True, text=True, timeout=GIT_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    if done.returncode != 0 or not done.stdout.strip().startswith(added.group(1)):
        return False
    target.unlink()
    return True


def _first_line(text: str) -> str:
    return (text.strip().splitlines() or [""])[0][:200]


class RevertAgent(RepairAgent):
    name = NAME
    needs_culprit = True

    @classmethod
    def from_context(cls, context: AgentContext) -> RevertAgent:
        return cls()

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        lines: list[str] = []
        said: list[str] = []
        reverted: dict[str, str] = {}  # culprit commit -> what was done
        for report in reports:
            culprit = parse_culprit(report.came_in_with)
            if culprit is None:
                what = "declined: no culprit commit is known for this bug (it was not bisected)"
            elif culprit.commit in reverted:
                what = f"{reverted[culprit.commit]} (already, for another report of this attempt)"
            else:
                done, what = revert_one(workspace.repo_dir, report, culprit)
                if done:
                    reverted[culprit.commit] = what
                    said.append(what)
            lines.append(f"{report.fingerprint} {report.title}: {what}")
        workspace.transcript_path.write_text("\n".join(lines) + "\n")
        declined = [line for line in lines if ": declined: " in line]
        detail = "; ".join(said) if said else "reverted nothing"
        if declined:
            detail += "; " + "; ".join(declined)
        return Attempt(agent=self.name, detail=detail, declined=not said)
