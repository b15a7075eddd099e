"""Reach that does not depend on how the help is written (tests/fixtures/games/wellyard): whatever the help's
layout (labelled lists, a table with upper-case placeholders, prose, or no help at all) and however the game
words its refusals, the explorer finds the verbs the game knows by how the game answers them, reaches the well
that only a verb named in a room text opens, and never types a help placeholder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loop.qa import QASessionResult, get_qa_agent
from loop.trace import TraceEvent, read_trace
from tests.explorer.conftest import running_fixture

STEPS = 300
PLACEHOLDERS = re.compile(r"<[a-z]+>|\[[a-z]+\]|\b(?:ITEM|DIRECTION|item|direction)\b")


def session(tmp_path: Path, style: str, seed: int = 0) -> tuple[QASessionResult, list[TraceEvent]]:
    with running_fixture("wellyard", tmp_path / "game", {"WELLYARD_HELP": style}) as (client, commit):
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=STEPS, seed=seed, out_dir=tmp_path / "qa"
        )
    return result, read_trace(result.trace_path)


def places(trace: list[TraceEvent]) -> set[str]:
    return {
        str(event.observation.get("state", {}).get("where", {}).get("id"))
        for event in trace
        if event.observation and event.kind == "step"
    }


@pytest.mark.slow
@pytest.mark.parametrize("style", ["labels", "table", "prose", "none"])
def test_explorer_enters_the_well_by_a_verb_only_a_room_text_names(tmp_path: Path, style: str):
    result, trace = session(tmp_path, style)
    assert result.steps == STEPS, result.stopped_because
    assert result.reports == [], [r.title for r in result.reports]  # a clean game
    assert {"yard", "shed", "well"} <= places(trace), places(trace)
    commands = [e.command for e in trace if e.kind == "step" and e.command]
    # Things named '[SILVER BELL]' and 'oil can' in [name, count] pairs are taken by their names.
    assert {"take silver bell", "take oil can"} & set(commands), sorted(set(commands))


@pytest.mark.slow
@pytest.mark.parametrize("style", ["labels", "table"])
def test_explorer_never_types_a_help_placeholder(tmp_path: Path, style: str):
    _, trace = session(tmp_path, style, seed=1)
    commands = {e.command for e in trace if e.kind == "step" and e.command}
    assert not {c for c in commands if PLACEHOLDERS.search(c)}, sorted(commands)
    assert any(c.startswith("take ") for c in commands), sorted(commands)
