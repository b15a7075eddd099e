"""Walkthroughs and win conditions as real games write them."""

from __future__ import annotations

from loop.contract.game import walkthrough_lines
from loop.verification.regression_gate import won_value


def test_one_command_per_line_drops_comments_and_blanks():
    assert walkthrough_lines("look\n# the key is under the mat\n\ntake key\n") == ["look", "take key"]


def test_a_markdown_list_gives_its_items_and_prefers_their_inline_code():
    text = "# Walkthrough\n\nSpoilers!\n\n1. `GRAB TORCH` -- light\n2. WALK DOWN\n- `open door` then go in\n"
    assert walkthrough_lines(text) == ["GRAB TORCH", "WALK DOWN", "open door"]


def test_a_code_block_wins_over_the_prose_and_lists_around_it():
    text = "Intro\n- not a command\n```text\n> look\n$ go east\n# comment\n```\nThe end.\n"
    assert walkthrough_lines(text) == ["look", "go east"]


def test_won_is_a_path_into_the_state_or_a_response_field():
    state = {"flags": {"game_won": True}, "won": False}
    assert won_value("flags.game_won", state, {}) is True
    assert won_value("won", state, {}) is False
    assert won_value("game_over", {"flags": {}}, {"game_over": True}) is True
    assert won_value("flags.missing", state, {"flags": 1}) is None


def test_without_a_walkthrough_the_gate_says_it_is_the_games_tests_alone():
    from pathlib import Path

    from games.catalogue import load_game
    from loop.verification.regression_gate import describe_gate

    here = Path(__file__).resolve().parent
    game = load_game(here / "games" / "relic", here / "manifests" / "relic.toml")
    tests = "the game's own tests (`python -m unittest discover -s tests`)"
    assert describe_gate(game).startswith(f"{tests} and its walkthrough (`docs/WALKTHROUGH.md`")
    bare = game.manifest.model_copy(update={"walkthrough": None})
    alone = describe_gate(type(game)(game.root, bare, game.src_dir))
    assert alone == f"{tests} alone: the game has no walkthrough"


def test_prose_bullets_between_commands_in_inline_code_are_not_sent():
    text = (
        "# Playthrough\n\n"
        "- Begin at the quay with an empty hold.\n"
        "- `buy 3 rope`\n"
        "- Rope sells best up the river, so head there next.\n"
        "- `sail north`\n"
        "- WAIT\n"
        "- Done: the debt is paid\n"
    )
    assert walkthrough_lines(text) == ["buy 3 rope", "sail north", "WAIT"]
