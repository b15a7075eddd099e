"""A game that answers outside the agent API (an HTML page with status 200, JSON without the API's fields) in
the middle of a loop: the reply is evidence (a crash-like finding: a report when it happens again, the step's
error in the trace; a crash record when a new game broke), the game is restarted (a new game, or the sandbox
when the agent's session ended on it), QA plays on, and the run finishes. It never ends `failed`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hooked_castle import STEPS, castle_with_hook
from hooked_castle import loop_on as hooked_loop

from loop.run.record import RunRecord

pytestmark = pytest.mark.slow

HTML = 'flask.Response("<html><body>Gateway hiccup</body></html>", mimetype="text/html")'
MALFORMED = 'flask.jsonify({"success": "maybe", "message": ["not", "text"], "state": "gone"})'
# A mark in the game's working folder makes "once" outlive a restart of the game.
ONCE = "answered[0] == {n} and not os.path.exists('.broke-once') and not open('.broke-once', 'w').close()"
# (request path, which requests break, the broken answer)
CASES = {
    "html-once-to-a-command": ("/api/agent/command", ONCE.format(n=40), HTML),
    "malformed-once-to-a-command": ("/api/agent/command", ONCE.format(n=40), MALFORMED),
    "html-once-to-a-new-game": ("/api/agent/new", ONCE.format(n=3), HTML),
    "html-to-every-candlestick": ("/api/agent/command", "b'candlestick' in request.get_data()", HTML),
}


def loop_on(tmp_path: Path, case: str) -> tuple[RunRecord, list[dict]]:
    path, when, answer = CASES[case]
    game = castle_with_hook(tmp_path, path, f"if {when}:\n    return {answer}")
    record, session = hooked_loop(tmp_path, game)
    return record, [json.loads(line) for line in (session / "trace.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", [c for c in CASES if "command" in c])
def test_a_command_answered_outside_the_api_once_is_in_the_trace_and_qa_plays_on(tmp_path: Path, case):
    record, events = loop_on(tmp_path, case)
    assert record.status == "finished", record.stop_reason
    session = record.sessions[0]
    assert session.qa_steps == STEPS, "QA did not play on after the broken reply"
    broken = [e for e in events if e["kind"] == "step" and "error" in e["observation"]]
    assert len(broken) == 1, broken
    error = broken[0]["observation"]["error"]
    assert "agent API" in error or "non-JSON" in error, error
    after = [e for e in events if e["kind"] == "step" and e["step"] > broken[0]["step"]]
    assert any(e["command"] is None for e in after), "no new game was started after the broken reply"


def test_a_new_game_answered_outside_the_api_is_a_crash_and_the_game_is_restarted(tmp_path: Path):
    record, events = loop_on(tmp_path, "html-once-to-a-new-game")
    assert record.status == "finished", record.stop_reason
    session = record.sessions[0]
    assert len(session.crashes) == 1, session.crashes
    crash = session.crashes[0]
    assert "outside the agent API" in crash.detail and "Gateway hiccup" in crash.detail, crash.detail
    assert crash.recovery == "restarted in place"
    assert session.qa_steps == STEPS, "QA did not play on after the restart"
    assert [e["kind"] for e in events].count("crash") == 1


def test_a_command_always_answered_outside_the_api_is_reported_as_a_crash(tmp_path: Path):
    record, _ = loop_on(tmp_path, "html-to-every-candlestick")
    assert record.status == "finished", record.stop_reason
    reports = [bug.report for bug in record.bugs.values()]
    crashes = [r for r in reports if r.bug_type == "crash" and "candlestick" in " ".join(r.repro)]
    assert crashes, [(r.title, r.observed) for r in reports]
    assert "Gateway hiccup" in crashes[0].observed
