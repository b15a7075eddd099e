"""What the soak checks once its loops are over: nothing lost, nothing doubled, the ledger equal to the run
files, nothing left behind. Each check returns its findings (one line each); the soak reports their counts.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from pathlib import Path

from sqlalchemy import create_engine, text

from loop.contract.models import BugReport
from loop.host.temp_space import OWNED, start_time
from loop.run.record import RunRecord, SessionRecord

# Natural keys of the ledger's rows: two rows with the same key are one fact written twice.
NATURAL_KEYS = {
    "runs": "SELECT run_id FROM runs",
    "sessions": "SELECT run_pk, number FROM sessions",
    "bugs": "SELECT game_id, key FROM bugs",
    "bug_events": "SELECT bug_id, run_pk, session_number, to_status FROM bug_events",
    "reports": "SELECT session_id, fingerprint FROM reports",
    "attempts": 'SELECT run_pk, session_number, agent, bug_keys, outcome, "commit" FROM attempts',
    "verifications": "SELECT bug_id, run_pk, session_number FROM verifications",
}


def run_records(runs_root: Path) -> dict[str, tuple[Path, RunRecord]]:
    records = {}
    for path in sorted(runs_root.glob("*/run.json")):
        record = RunRecord.load(path)
        records[record.run_id] = (path.parent, record)
    return records


def unfinished_state(run_id: str, records: dict[str, tuple[Path, RunRecord]]) -> str:
    """Why a loop counts as unfinished, as its run.json says."""
    if run_id not in records:
        return "no run.json"
    record = records[run_id][1]
    return f"run.json status {record.status}: {record.stop_reason or 'no stop reason'}"


def log_tail(path: Path, lines: int = 40) -> list[str]:
    """The last lines of a loop's log (each cut to 400 characters), for a report that names a cause."""
    if not path.is_file():
        return [f"no log {path}"]
    return [line[:400] for line in path.read_text(errors="replace").splitlines()[-lines:]]


def _trace_reports(run_dir: Path, session: SessionRecord) -> list[str]:
    if not session.trace_path:
        return []
    trace = run_dir / session.trace_path
    titles = []
    for line in trace.read_text().splitlines() if trace.is_file() else []:
        if line.strip():
            event = json.loads(line)
            if event.get("kind") == "report":
                titles.append(event["observation"]["report"])
    return titles


def _saved_reports(run_dir: Path, session: SessionRecord) -> dict[str, set[str]]:
    """title -> fingerprints, from the session's reports.json (beside its trace)."""
    path = (run_dir / session.trace_path).parent / "reports.json" if session.trace_path else None
    saved: dict[str, set[str]] = {}
    if path is not None and path.is_file():
        for data in json.loads(path.read_text()):
            report = BugReport.model_validate(data)
            saved.setdefault(report.title, set()).add(report.fingerprint)
    return saved


def lost_reports(records: dict[str, tuple[Path, RunRecord]], ledger_url: str) -> list[str]:
    """Every report a QA trace shows must be in its session's reports.json, sorted by the critic in run.json,
    and in the ledger (a report row of this run, or the known bug it duplicates)."""
    engine = create_engine(ledger_url)
    with engine.connect() as connection:
        ledger_reports = {
            (run_id, number, fingerprint)
            for run_id, number, fingerprint in connection.execute(
                text(
                    "SELECT r.run_id, s.number, p.fingerprint FROM reports p "
                    "JOIN sessions s ON p.session_id = s.id JOIN runs r ON s.run_pk = r.id"
                )
            )
        }
        any_report = {fingerprint for _, _, fingerprint in ledger_reports}
        bug_keys = {key for (key,) in connection.execute(text("SELECT key FROM bugs"))}
    engine.dispose()
    lost = []
    for run_id, (run_dir, record) in records.items():
        for session in record.sessions:
            if "critic" not in session.finished_steps:
                continue  # an unfinished session is counted by `unfinished_runs`
            saved = _saved_reports(run_dir, session)
            sorted_out = {*session.new_bugs, *session.duplicates, *session.false_positives}
            # a duplicate the judge found (another fingerprint) is a report of the tracked bug it shows
            shows = {duplicate.fingerprint: duplicate.of for duplicate in session.duplicate_of}
            for title in _trace_reports(run_dir, session):
                where = f"{run_id} session {session.number}: {title!r}"
                fingerprints = saved.get(title, set())
                if not fingerprints:
                    lost.append(f"{where} is in the trace, not in reports.json")
                for fingerprint in fingerprints:
                    if fingerprint not in sorted_out:
                        lost.append(f"{where} ({fingerprint}) is not in run.json")
                    elif fingerprint in session.new_bugs:
                        if (run_id, session.number, fingerprint) not in ledger_reports:
                            lost.append(f"{where} ({fingerprint}) has no report row in the ledger")
                    elif (
                        shows.get(fingerprint, fingerprint) not in any_report
                        and session.matches.get(fingerprint) not in bug_keys
                    ):
                        lost.append(f"{where} ({fingerprint}) duplicates a bug the ledger does not know")
    return lost


def duplicated_rows(ledger_url: str) -> list[str]:
    engine = create_engine(ledger_url)
    found = []
    with engine.connect() as connection:
        for table, sql in NATURAL_KEYS.items():
            counts = Counter(tuple(row) for row in connection.execute(text(sql)))
            found += [f"{table} {key} x{n}" for key, n in counts.items() if n > 1]
    engine.dispose()
    return found


def _run_file_totals(record: RunRecord) -> dict[str, int]:
    keyed = {fp for fp, bug in record.bugs.items() if (bug.ground_truth_id if record.ground_truth else fp)}
    return {
        "sessions": len(record.sessions),
        "qa_steps": sum(s.qa_steps for s in record.sessions),
        "reports": sum(len(s.new_bugs) for s in record.sessions),
        "attempts": sum(len(s.attempts) for s in record.sessions),
        "verifications": sum(1 for s in record.sessions for v in s.verifications if v.fingerprint in keyed),
    }


LEDGER_TOTALS = {
    "sessions": "SELECT r.run_id, count(*) FROM sessions s JOIN runs r ON s.run_pk = r.id GROUP BY r.run_id",
    "qa_steps": "SELECT r.run_id, sum(s.steps) FROM sessions s JOIN runs r ON s.run_pk = r.id "
    "GROUP BY r.run_id",
    "reports": "SELECT r.run_id, count(*) FROM reports p JOIN sessions s ON p.session_id = s.id "
    "JOIN runs r ON s.run_pk = r.id GROUP BY r.run_id",
    "attempts": "SELECT r.run_id, count(*) FROM attempts a JOIN runs r ON a.run_pk = r.id GROUP BY r.run_id",
    "verifications": "SELECT r.run_id, count(*) FROM verifications v JOIN runs r ON v.run_pk = r.id "
    "GROUP BY r.run_id",
}


def ledger_mismatches(records: dict[str, tuple[Path, RunRecord]], ledger_url: str) -> list[str]:
    """The ledger's totals (sessions, QA steps, reports, attempts, verifications), run by run and summed,
    against the same numbers added up from the run files."""
    engine = create_engine(ledger_url)
    with engine.connect() as connection:
        ledger = {
            name: {run_id: int(n or 0) for run_id, n in connection.execute(text(sql))}
            for name, sql in LEDGER_TOTALS.items()
        }
        ledger_runs = {run_id for (run_id,) in connection.execute(text("SELECT run_id FROM runs"))}
    engine.dispose()
    found = [f"run {run_id} is in the ledger, not in the run files" for run_id in ledger_runs - set(records)]
    found += [f"run {run_id} is in the run files, not in the ledger" for run_id in set(records) - ledger_runs]
    sums: Counter[str] = Counter()
    for run_id, (_, record) in records.items():
        for name, value in _run_file_totals(record).items():
            sums[name] += value
            if ledger[name].get(run_id, 0) != value:
                found.append(f"{run_id} {name}: ledger {ledger[name].get(run_id, 0)}, run.json {value}")
    for name, total in sums.items():
        if sum(ledger[name].values()) != total:
            found.append(f"total {name}: ledger {sum(ledger[name].values())}, run files {total}")
    return found


def processes_with(env_key: str, env_value: str) -> list[str]:
    """Live processes (but this one) whose environment has `env_key=env_value`: what the soak started."""
    needle = f"{env_key}={env_value}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in environ and state != "Z":
            found.append(f"pid {entry.name}: {command[:160]}")
    return found


def game_processes_left(data: Path) -> list[str]:
    """Game processes (process backend) still running: their environment is made from scratch, so only the
    owner records under `<data>/processes` name them."""
    found = []
    for path in (data / "processes").glob("*.json"):
        try:
            entry = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if entry.get("started") and start_time(int(entry["game_pid"])) == entry["started"]:
            found.append(f"game {entry.get('game')} pid {entry['game_pid']} (owner {entry.get('owner_pid')})")
    return found


def containers_of(run_ids: set[str]) -> list[str]:
    """Containers (running or not) labelled with one of the soak's run ids."""
    from loop.sandbox import EngineUnavailable

    try:
        from sandboxes.container_owners import OWNER_RUN
        from sandboxes.engine import connect

        client = connect()
    except (EngineUnavailable, ImportError):
        return []
    found = []
    for container in client.containers.list(all=True, filters={"label": OWNER_RUN}, ignore_removed=True):
        if (container.labels or {}).get(OWNER_RUN) in run_ids:
            found.append(f"container {container.name} ({container.status})")
    client.close()
    return found


def temp_leftovers(tmp_dir: Path) -> list[str]:
    """What is left in a TMPDIR, but the machine-wide lock folder (kept on purpose: loop/contract/paths) and
    the root-owned staging folder the unprivileged sandboxes mount through (kept on purpose: it is shared)."""
    if not tmp_dir.is_dir():
        return []
    return [
        f"temp {p}"
        for p in sorted(tmp_dir.iterdir())
        if not p.name.startswith(("closed-loop-locks-", "closed-loop-stage")) and not _owner_alive(p.name)
    ]


def _owner_alive(name: str) -> bool:
    """A command's own temp folder while the command runs (loop/host/temp_space.py) is not left behind."""
    owner = OWNED.fullmatch(name)
    return owner is not None and start_time(int(owner[1])) == owner[2]


def disk_bytes(path: Path) -> int:
    """Bytes under `path`, not following symlinks (the shared caches linked in are not the soak's)."""
    total = 0
    for root, dirs, files in os.walk(path):
        for name in files:
            with contextlib.suppress(OSError):  # a file removed while we walk
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(root, d))]
    return total
