"""A game written in GBQA's habits validates: a markdown walkthrough with numbered steps in a fence and a map
drawn in another, a turn counter kept inside the state (no top-level `turn`), and bad requests answered with
JSON errors under status 200. Such departures from convention are warnings, never a failure."""

from __future__ import annotations

import pytest

from loop.contract.game import walkthrough_lines
from tests.foreign.test_foreign_games import GAMES, closed_loop, game_args

COMPASS_WALK = ["look", "take lantern", "go east", "go south", "take key", "go east", "unlock gate", "go out"]


def test_numbered_steps_in_a_fence_are_the_commands_and_a_map_fence_is_not():
    assert walkthrough_lines((GAMES / "compass" / "docs" / "WALKTHROUGH.md").read_text()) == COMPASS_WALK


def test_a_transcript_fence_gives_only_the_typed_lines():
    text = "```\n> look\nA dusty hall.\n> go north\nYou climb.\n```\n"
    assert walkthrough_lines(text) == ["look", "go north"]


@pytest.mark.slow
def test_a_game_with_its_turn_and_end_inside_the_state_validates_with_a_warning():
    done = closed_loop("games", "validate", *game_args("compass"), "--backend", "process")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    lines = done.stdout.splitlines()
    warned = [line for line in lines if line.startswith("  warn command shape:")]
    assert warned and "no top-level game_over, turn" in warned[0], lines
    assert "walkthrough: wins  ok" in lines
    assert "compass: valid (backend process)" in lines
