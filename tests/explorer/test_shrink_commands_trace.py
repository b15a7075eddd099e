"""ddmin, help parsing and the append-only trace, on their own."""

from __future__ import annotations

from loop.qa_agents.explorer.commands import candidate_commands, parse_help
from loop.replay.shrink import ddmin
from loop.replay.view import mentions
from loop.trace import SessionTrace, read_trace


def test_ddmin_keeps_only_the_commands_the_failure_needs():
    commands = ["look", "take cup", "go north", "inventory", "drop cup", "look", "go south"]
    calls: list[list[str]] = []

    def fails(candidate: list[str]) -> bool:
        calls.append(candidate)
        return "take cup" in candidate and "drop cup" in candidate[candidate.index("take cup") :]

    assert ddmin(commands, fails) == ["take cup", "drop cup"]
    assert len(calls) == len({tuple(c) for c in calls})  # no replay paid twice


def test_ddmin_stops_at_its_test_budget():
    commands = [f"c{i}" for i in range(64)]
    calls = []
    result = ddmin(commands, lambda c: calls.append(c) or "c63" in c and "c0" in c, max_tests=5)
    assert len(calls) == 5 and "c63" in result and "c0" in result


def test_help_gives_bare_commands_and_verbs_with_nouns():
    verbs = parse_help(
        "Verbs: look, go <direction> (or n/s), take <item>, open <thing>, say <word>, inventory (i)."
    )
    assert verbs.bare == ["look", "n", "s", "inventory", "i"]
    assert verbs.movement == "go"
    here = {"room": {"exits": ["north"]}, "visible_items": ["cup"], "fixtures": ["box"], "inventory": []}
    commands = candidate_commands(verbs, here)
    assert commands[:2] == ["look", "go north"]  # the exits the state shows, then every compass direction
    assert {"go south", "n", "take cup", "open cup", "open box", "inventory", "i"} <= set(commands)
    assert "take box" not in commands  # the state says which items are at hand: a fixture is not one


def test_help_in_other_styles_gives_aliases_placeholders_and_options():
    verbs = parse_help(
        "Available commands:\n"
        "  look/l - Look around\n"
        "  take/pick up + item - Pick up an item\n"
        "Trade:\n"
        "  sell <food|wood> <n|all>   Sell goods\n"
        "  save [1-3] - Save the game"
    )
    here = {"inventory": ["rope"], "visible_items": ["lamp"]}
    commands = set(candidate_commands(verbs, here))
    assert {"look", "l", "take lamp", "pick up lamp", "pick up rope"} <= commands
    assert {"sell food 1", "sell wood all", "save 0", "save 3", "save 4"} <= commands
    assert not any(c.startswith(("available", "trade", "pick up an")) for c in commands)


def test_mentions_matches_whole_words_only():
    assert mentions("A brass Key lies here.", "key")
    assert not mentions("A keyhole.", "key")
    assert mentions("an old\nrusty lamp", "rusty lamp")


def test_trace_appends_one_line_per_event_and_never_rewrites(tmp_path):
    path = tmp_path / "trace.jsonl"
    with SessionTrace(path) as trace:
        trace.append(step=1, game_id="g", command="look", latency_ms=1.5, observation={"message": "hi"})
        first = path.read_bytes()
        trace.append(step=2, game_id="g", command="take cup", latency_ms=2.0, observation={"message": "ok"})
        assert path.read_bytes().startswith(first)
    events = read_trace(path)
    assert [e.command for e in events] == ["look", "take cup"] and events[0].observation == {"message": "hi"}


def test_replay_of_a_report_without_an_explorer_oracle_says_it_cannot_judge():
    from loop.contract.game_client import GameClient
    from loop.contract.models import BugReport
    from loop.replay.report_replay import replay_report

    report = BugReport(
        title="t", symptom="s", expected="e", observed="o", mechanic="m", repro=["look"], oracle=None
    )
    with GameClient("http://127.0.0.1:9", timeout=1) as client:
        verdict = replay_report(report, client)
    assert not verdict.anomaly_present and "no explorer oracle" in verdict.detail and verdict.transcript == []
