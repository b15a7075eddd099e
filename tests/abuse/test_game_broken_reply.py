"""A game that answers outside the agent API (an HTML page with status 200, JSON without the API's fields) in
the middle of a loop: the reply is evidence (a crash-like finding: a report when it happens again, the step's
error in the trace; a crash record when a new game broke), the game is restarted (a new game, or the sandbox
when the agent's session ended on it), QA plays on, and the run finishes. It never ends `failed`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from flows.assembly import open_run
from games.catalogue import load_game
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds

pytestmark = pytest.mark.slow

STEPS = 150
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


def broken_castle(tmp_path: Path, case: str) -> Path:
    """CASTLE, whose server answers the requests of `case` outside the agent API."""
    path, when, answer = CASES[case]
    folder = tmp_path / "castle-broken"
    shutil.copytree(load_game("castle").src_dir, folder)
    shutil.copy(load_game("castle").root / "game.toml", folder / "game.toml")
    server = folder / "castle" / "server.py"
    text = server.read_text()
    hook = (
        "    answered = [0]\n\n"
        "    @app.before_request\n"
        "    def break_reply() -> Any:\n"
        "        import flask\n\n"
        f"        if request.path == {path!r}:\n"
        "            answered[0] += 1\n"
        f"            if {when}:\n"
        f"                return {answer}\n"
        "        return None\n\n"
        '    @app.get("/")\n'
    )
    assert text.count('    @app.get("/")\n') == 1
    server.write_text(text.replace('    @app.get("/")\n', hook))
    return folder


def loop_on(tmp_path: Path, case: str) -> tuple[RunRecord, list[dict]]:
    config = LoopConfig(
        game=str(broken_castle(tmp_path, case)),
        qa_agent="explorer",
        repair_agent="noop",
        backend="process",
        max_rounds=1,
        steps=STEPS,
    )
    run = open_run(config, runs_dir=tmp_path / "runs")
    run_rounds(run)
    record = RunRecord.load(run.run_dir / "run.json")
    trace = run.session_dir(1) / "trace.jsonl"
    return record, [json.loads(line) for line in trace.read_text().splitlines()]


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
