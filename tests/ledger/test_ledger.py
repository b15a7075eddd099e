import subprocess
import sys
import textwrap

import pytest
from sqlalchemy import text

from flows.cli import main
from loop.contract.models import BugReport
from loop.critic import CriticMatch
from loop.ledger import FREE, SCHEMA_VERSION, Ledger, LedgerError, LedgerVersionError, default_url
from loop.ledger.engine import make_engine
from loop.run.lifecycle import BugStatus, IllegalTransition
from loop.run.session_metrics import loop_metrics


def report(title: str, mechanic: str = "look") -> BugReport:
    return BugReport(
        title=title, symptom=title, expected="e", observed="o", mechanic=mechanic, repro=["look"]
    )


def match(rep: BugReport, bug_id: str | None, duplicate: bool = False) -> CriticMatch:
    return CriticMatch(fingerprint=rep.fingerprint, bug_id=bug_id, score=1.0, duplicate=duplicate)


def sql(url: str, statement: str) -> list[tuple]:
    """Read (or change) the ledger's database directly, as an operator would."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            result = connection.execute(text(statement))
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def count(url: str, table: str) -> int:
    return sql(url, f"SELECT count(*) FROM {table}")[0][0]


def play_table_7(ledger: Ledger, run_id: str = "run-1") -> None:
    """CASTLE's three sessions as the loop would record them."""
    key_leak, drop, two_fragments = (
        report("key visible"),
        report("drop not shown", "drop"),
        report("2 fragments"),
    )
    noise = report("the bucket is blue")
    ledger.start_run(run_id, "castle", params={"qa": "explorer"})
    ledger.record_session(run_id, 1, "c0", steps=300)
    ledger.record_report(run_id, 1, key_leak, match(key_leak, "BUG-2"))
    ledger.record_report(run_id, 1, drop, match(drop, "BUG-3"))
    assert ledger.record_report(run_id, 1, noise, match(noise, None)) is None
    for key in ("BUG-2", "BUG-3"):
        ledger.move_bug(
            "castle", key, BugStatus.PATCHED, run_id=run_id, session=1, commit="c1", reason="patch"
        )
    ledger.record_attempt(
        f"{run_id}/1/gold",
        run_id=run_id,
        session=1,
        agent="gold",
        bug_keys=["BUG-2", "BUG-3"],
        outcome="resolved",
        commit="c1",
        diff="--- a\n+++ b\n",
    )
    ledger.record_session(run_id, 2, "c1", steps=300)
    for key in ("BUG-2", "BUG-3"):
        ledger.record_verification(
            "castle",
            key,
            run_id=run_id,
            session=2,
            commit="c1",
            verdict="verified_fixed",
            replay_fixed=True,
            probe_fixed=True,
        )
        ledger.move_bug(
            "castle",
            key,
            BugStatus.VERIFIED_FIXED,
            run_id=run_id,
            session=2,
            commit="c1",
            reason="replay and probe agree",
        )
    ledger.record_report(run_id, 2, two_fragments, match(two_fragments, "BUG-1"))
    ledger.move_bug(
        "castle", "BUG-1", BugStatus.PATCHED, run_id=run_id, session=2, commit="c2", reason="patch"
    )
    ledger.record_session(run_id, 3, "c2", steps=100)
    ledger.move_bug(
        "castle",
        "BUG-1",
        BugStatus.VERIFIED_FIXED,
        run_id=run_id,
        session=3,
        commit="c2",
        reason="replay and probe agree",
    )


def test_the_ledger_defaults_to_a_sqlite_file_under_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("CLOSED_LOOP_LEDGER_URL", raising=False)
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "somewhere"))
    assert default_url() == f"sqlite:///{tmp_path / 'somewhere' / 'ledger.sqlite'}"
    with Ledger() as ledger:
        ledger.record_build("castle", "abc")
    assert (tmp_path / "somewhere" / "ledger.sqlite").is_file()
    monkeypatch.setenv("CLOSED_LOOP_LEDGER_URL", "postgresql://db.example/closed_loop")
    assert default_url() == "postgresql://db.example/closed_loop"


def test_a_run_recorded_in_the_ledger_gives_table_7(ledger):
    from tests.ledger.test_metrics import castle_ground_truth

    play_table_7(ledger)
    metrics = loop_metrics(ledger.session_facts("run-1"), castle_ground_truth())
    assert [(m.discovery_text, m.fixing_text) for m in metrics.sessions] == [
        ("2/3", "0/3"),
        ("3/3", "2/3"),
        ("3/3", "3/3"),
    ]
    assert metrics.sessions[0].false_positives == 1
    bugs = {bug.key: bug for bug in ledger.bugs("castle")}
    assert set(bugs) == {"BUG-1", "BUG-2", "BUG-3"}
    assert [e.to_status for e in bugs["BUG-2"].events] == ["open", "patched", "verified_fixed"]
    assert bugs["BUG-2"].events[2].commit == "c1" and bugs["BUG-2"].events[2].session == 2


def test_a_resumed_run_that_records_everything_again_duplicates_nothing(ledger, ledger_url):
    play_table_7(ledger)
    play_table_7(ledger)
    counts = {
        t: count(ledger_url, t)
        for t in (
            "games",
            "builds",
            "runs",
            "sessions",
            "reports",
            "bugs",
            "bug_events",
            "attempts",
            "verifications",
        )
    }
    assert counts == {
        "games": 1,
        "builds": 3,
        "runs": 1,
        "sessions": 3,
        "reports": 4,
        "bugs": 3,
        "bug_events": 9,
        "attempts": 1,
        "verifications": 2,
    }


def test_a_second_run_knows_yesterdays_bugs_and_illegal_moves_raise(ledger):
    play_table_7(ledger, "monday")
    ledger.start_run("tuesday", "castle")
    ledger.record_session("tuesday", 1, "c3")
    with pytest.raises(IllegalTransition):
        ledger.move_bug(
            "castle", "BUG-1", BugStatus.PATCHED, run_id="tuesday", session=1, commit="c3", reason="x"
        )
    ledger.move_bug(
        "castle",
        "BUG-1",
        BugStatus.REGRESSED,
        run_id="tuesday",
        session=1,
        commit="c3",
        reason="probe fires again",
    )
    bug_1 = next(bug for bug in ledger.bugs("castle") if bug.key == "BUG-1")
    assert bug_1.status == BugStatus.REGRESSED
    assert [e.to_status for e in bug_1.events][-1] == "regressed"
    with pytest.raises(LedgerError):
        ledger.record_session("wednesday", 1, "c4")
    ledger.finish_run("monday")
    runs = ledger.runs("castle")
    assert [(r.run_id, r.sessions, r.finished_at is not None) for r in runs] == [
        ("monday", 3, True),
        ("tuesday", 1, False),
    ]
    assert runs[0].params == {"qa": "explorer"}


def test_without_ground_truth_bugs_are_keyed_by_fingerprint(ledger):
    ledger.start_run("own", "mygame", mode=FREE)
    ledger.record_session("own", 1, "c0")
    rep = report("door opens twice")
    assert ledger.record_report("own", 1, rep) == rep.fingerprint
    assert [bug.key for bug in ledger.bugs("mygame")] == [rep.fingerprint]


def test_a_ledger_from_a_newer_closed_loop_is_refused(ledger_url):
    with Ledger(ledger_url):
        pass
    assert sql(ledger_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    sql(ledger_url, f"UPDATE schema_version SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(LedgerVersionError):
        Ledger(ledger_url)


def test_a_first_version_ledger_is_upgraded_in_place_and_keeps_its_bugs(ledger_url):
    with Ledger(ledger_url) as ledger:
        play_table_7(ledger)
    sql(ledger_url, "DROP TABLE real_commits")
    for column in ("culprit", "regression", "flaky"):
        sql(ledger_url, f"ALTER TABLE bugs DROP COLUMN {column}")
    sql(ledger_url, "UPDATE schema_version SET version = 1")
    with Ledger(ledger_url) as ledger:
        bugs = ledger.bugs("castle")
        assert [bug.key for bug in bugs] == ["BUG-2", "BUG-3", "BUG-1"]
        assert {(bug.culprit, bug.regression, bug.flaky) for bug in bugs} == {(None, None, None)}
        assert ledger.real_commits("castle") == {}
    assert sql(ledger_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)] == [(3,)]


def test_a_runs_view_commits_are_restated_as_the_real_ones_everywhere(ledger, ledger_url):
    play_table_7(ledger)  # commits c0, c1, c2 of the agents' view
    real = {"c0": "team-start", "c1": "fix-on-branch"}
    for _ in range(2):  # a resumed run restates again: nothing changes
        ledger.restate_commits("run-1", real)
        bug_2 = next(bug for bug in ledger.bugs("castle") if bug.key == "BUG-2")
        assert [e.commit for e in bug_2.events] == ["team-start", "fix-on-branch", "fix-on-branch"]
        assert sql(ledger_url, 'SELECT DISTINCT "commit" FROM verifications') == [("fix-on-branch",)]
        assert sql(ledger_url, 'SELECT DISTINCT "commit" FROM attempts') == [("fix-on-branch",)]
        builds = 'SELECT s.number, b."commit" FROM sessions s JOIN builds b ON b.id = s.build_id ORDER BY 1'
        assert sql(ledger_url, builds) == [(1, "team-start"), (2, "fix-on-branch"), (3, "c2")]
        assert sorted(row[0] for row in sql(ledger_url, 'SELECT "commit" FROM builds')) == [
            "c2", "fix-on-branch", "team-start"
        ]  # fmt: skip
    assert ledger.real_commits("castle") == real  # kept for later runs


def test_bugs_command_lists_status_and_history(ledger, ledger_url, capsys):
    play_table_7(ledger)
    assert main(["bugs", "castle", "--ledger", ledger_url]) == 0
    out = capsys.readouterr().out
    assert "BUG-2" in out and "verified_fixed" in out
    assert "session 2 @ c1: verified_fixed - replay and probe agree" in out
    assert main(["bugs", "nogame", "--ledger", ledger_url]) == 0
    assert "no bugs recorded for nogame" in capsys.readouterr().out


def test_bugs_command_says_so_in_one_line_when_there_is_no_ledger(tmp_path, capsys):
    assert main(["bugs", "castle", "--ledger", f"sqlite:///{tmp_path / 'none.sqlite'}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ledger at" in err
    assert not (tmp_path / "none.sqlite").exists()
    assert main(["bugs", "castle", "--ledger", "not a url"]) == 2
    assert "cannot read the ledger" in capsys.readouterr().err


WRITER = textwrap.dedent(
    """
    import sys
    from loop.ledger import Ledger
    from loop.critic import CriticMatch
    from loop.run.lifecycle import BugStatus
    from loop.contract.models import BugReport

    url, name, sessions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ledger = Ledger(url)
    ledger.start_run(name, "castle", mode="free")
    for number in range(1, sessions + 1):
        ledger.record_session(name, number, f"{name}-c{number}", steps=number)
        for title in (f"{name} bug {number}", "shared bug"):
            rep = BugReport(title=title, symptom="s", expected="e", observed="o", mechanic="m", repro=["x"])
            key = ledger.record_report(name, number, rep)
            if number == 1 and title != "shared bug":
                ledger.move_bug("castle", key, BugStatus.PATCHED, run_id=name, session=1, commit="c",
                                reason="p")
        ledger.record_attempt(f"{name}/{number}", run_id=name, session=number, agent="noop", bug_keys=[],
                              outcome="empty patch")
    """
)


@pytest.mark.slow
def test_two_concurrent_writers_in_two_processes_lose_nothing(ledger_url):
    sessions = 30
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, ledger_url, name, str(sessions)], stderr=subprocess.PIPE
        )
        for name in ("alpha", "beta")
    ]
    for writer in writers:
        _, err = writer.communicate(timeout=900)  # a bound, not a speed check: a loaded machine is slow
        assert writer.returncode == 0, err.decode()
    assert count(ledger_url, "runs") == 2
    assert count(ledger_url, "sessions") == 2 * sessions
    assert count(ledger_url, "reports") == 2 * 2 * sessions
    assert count(ledger_url, "attempts") == 2 * sessions
    # every run's own bugs plus one shared bug, found by both runs but stored once
    assert count(ledger_url, "bugs") == 2 * sessions + 1
    assert sql(ledger_url, "SELECT count(*) FROM bugs WHERE title = 'shared bug'") == [(1,)]
    assert sql(ledger_url, "SELECT count(*) FROM bug_events WHERE to_status = 'patched'") == [(2,)]
    if ledger_url.startswith("sqlite"):
        assert sql(ledger_url, "PRAGMA journal_mode") == [("wal",)]
