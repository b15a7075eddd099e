from reports.table7 import render_table7, table7_rows


def test_table7_rows_read_like_the_papers_castle_trajectory(castle_run):
    rows = table7_rows(castle_run)
    assert [r["Session"] for r in rows] == ["1", "2", "3", "Total"]
    one, two, three, total = rows
    assert one["QA findings"] == "new: BUG-2, BUG-3"
    assert one["Repair outcome"] == "patch for BUG-2, BUG-3 (gold (harness check), patched)"
    assert one["Verification / session result"] == "pending verification"
    assert one["Confirmed / fixed / regressed"] == "2, 0, 0"
    assert one["Discovery / fixing"] == "2/3, 0/3"
    assert two["QA findings"] == "verified BUG-2, BUG-3; new: BUG-1"
    assert two["Repair outcome"] == "patch for BUG-1 (gold (harness check), patched)"
    assert two["Verification / session result"] == "BUG-2, BUG-3 confirmed fixed"
    assert two["Discovery / fixing"] == "3/3, 2/3"
    assert three["QA findings"] == "verification only, nothing new"
    assert three["Repair outcome"] == "-"
    assert three["Verification / session result"] == "BUG-1 confirmed fixed"
    assert three["Discovery / fixing"] == "3/3, 3/3"
    assert total["QA findings"] == "found BUG-1, BUG-2, BUG-3 in 3 sessions"
    assert total["Repair outcome"] == "2 attempts (gold (harness check)), 2 patched"
    assert total["Verification / session result"] == "BUG-1, BUG-2, BUG-3 confirmed fixed"
    assert total["Confirmed / fixed / regressed"] == "3, 3, 0"
    assert total["Discovery / fixing"] == "3/3 (100%), 3/3 (100%)"


def test_table7_markdown_has_header_and_one_line_per_row(castle_run):
    lines = render_table7(castle_run).splitlines()
    assert lines[0] == (
        "| Session | QA findings | Repair outcome | Verification / session result "
        "| Confirmed / fixed / regressed | Discovery / fixing |"
    )
    assert lines[2] == (
        "| 1 | new: BUG-2, BUG-3 | patch for BUG-2, BUG-3 (gold (harness check), patched) "
        "| pending verification | 2, 0, 0 | 2/3, 0/3 |"
    )
    assert lines[-1].startswith("| Total | found BUG-1, BUG-2, BUG-3")
    assert len(lines) == 6


def test_failed_fix_and_unmatched_reports_are_named_by_verdict_and_title(castle_run):
    session = castle_run.sessions[2]
    session.verifications[0].verdict = "still_open"
    session.verifications[0].detail = "combine fragments still succeeds with two"
    castle_run.bugs[session.verifications[0].fingerprint].status = "open"
    castle_run.bugs[session.verifications[0].fingerprint].ground_truth_id = None
    castle_run.sessions[1].matches.clear()
    session.metrics.fixed_verified = 2
    rows = table7_rows(castle_run)
    title = "Two key fragments are enough to combine the key"
    assert rows[2]["Verification / session result"] == (
        f"fix failed: {title} (combine fragments still succeeds with two)"
    )
    assert rows[1]["QA findings"] == f"verified BUG-2, BUG-3; new: {title}"
    assert rows[3]["Verification / session result"] == f"BUG-2, BUG-3 confirmed fixed; open: {title}"
    assert rows[3]["Discovery / fixing"] == "3/3 (100%), 2/3 (67%)"


def test_without_ground_truth_only_the_user_mode_columns_have_numbers(castle_run):
    for session in castle_run.sessions:
        session.metrics.ground_truth_total = None
    row = table7_rows(castle_run)[1]
    assert (row["Confirmed / fixed / regressed"], row["Discovery / fixing"]) == ("3, 2, 0", "-")


def test_a_false_fix_and_a_verdict_the_judge_could_not_give_are_shown(castle_run):
    session = castle_run.sessions[1]
    session.verifications[0].false_fix = True
    session.verifications[1].verdict = "cannot_judge"
    session.verifications[1].detail = "no model configured"
    cell = table7_rows(castle_run)[1]["Verification / session result"]
    assert "false fix (the probe still fires): BUG-2" in cell
    assert "pending, cannot judge: BUG-3 (no model configured)" in cell


def test_game_crashes_during_qa_are_shown_as_crash_candidates(castle_run):
    from loop.run.record import CrashRecord

    castle_run.sessions[0].crashes = [
        CrashRecord(after_step=12, detail="game died", recovery="restarted in place")
    ]
    assert "game crashed 1 time (crash candidates)" in table7_rows(castle_run)[0]["QA findings"]


def test_a_pipe_in_a_title_does_not_break_the_markdown_table(castle_run):
    bug = castle_run.bugs[castle_run.sessions[0].new_bugs[0]]
    bug.ground_truth_id = None
    castle_run.sessions[0].matches.clear()
    bug.report.title = "look | inventory disagree"
    line = render_table7(castle_run).splitlines()[2]
    assert "look \\| inventory disagree" in line
    assert line.count(" | ") == 5
