"""Seeded variation games (bench/variation): each validates with its six probes flipping, the same seed writes
the same bytes, every surface axis differs somewhere across seeds 0-4 and shows in what the game answers,
and the ground truth never enters the game's source tree."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.variation.generator import game_files, generate
from bench.variation.rules import Commands
from bench.variation.shapes import SHAPES
from bench.variation.surface import VERB_POOLS, Surface, choose_surface
from bench.variation.themes import THEMES

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(5)
AXES = [field.name for field in dataclasses.fields(Surface) if field.name != "seed"]
NAME_FORMS = {
    "quoted": '"{}"',
    "bracketed": "[{}]",
    "capitals": "{}",
    "bare": "{}",
    "markup": "<b>{}</b>",
    "emphasis": "*{}*",
}
HELP_MARKS = {"labelled": "MOVE: ", "table": " | what it does", "prose": "To go north", "usage": "usage: "}
PLAY = """
import json, sys
import engine
game = engine.Game()
seen = [{"message": game.intro(), "success": True, "state": game.state()}]
for command in sys.argv[1:]:
    reply = game.handle(command)
    seen.append({"message": reply.message, "success": reply.success, "state": game.state()})
print(json.dumps(seen))
"""


def closed_loop() -> str:
    beside = Path(sys.executable).parent / "closed-loop"
    found = str(beside) if beside.is_file() else shutil.which("closed-loop")
    assert found, "the closed-loop command is not installed"
    return found


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "bench.variation", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)


def tree(folder: Path) -> dict[str, bytes]:
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in files}


def play(folder: Path, commands: list[str]) -> list[dict[str, Any]]:
    """What the generated engine answers to `commands` from a new game: the intro first, then each reply."""
    command = [sys.executable, "-c", PLAY, *commands]
    done = subprocess.run(command, cwd=folder / "src", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen: list[dict[str, Any]] = json.loads(done.stdout)
    return seen


def dig(state: dict[str, Any], dotted: str) -> Any:
    value: Any = state
    for part in dotted.split("."):
        value = value[part]
    return value


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_a_generated_game_validates_with_every_probe_flipping(seed: int, tmp_path: Path) -> None:
    folder = generate(seed, tmp_path / f"variation-{seed}")
    done = subprocess.run(
        [closed_loop(), "games", "validate", str(folder), "--backend", "process"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = done.stdout
    assert f"variation-{seed}: valid (backend process)" in output, output + done.stderr[-3000:]
    rows = re.findall(r"^BUG-\d+ .*$", output, re.MULTILINE)
    assert len(rows) == 6, output
    for row in rows:
        assert row.endswith("present  absent   absent   ok"), row
    assert "walkthrough: shipped wins, all gold wins  ok" in output


def test_the_same_seed_writes_the_same_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    written = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"hash-{hash_seed}"
        done = cli("--seed", "3", "--out", str(out), env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert done.returncode == 0, done.stderr
        written.append(tree(out))
    assert written[0] == written[1]
    assert written[0] == {path: text.encode() for path, text in game_files(3).items()}


def test_an_existing_folder_with_files_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    done = cli("--seed", "1", "--out", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.startswith("closed-loop: error: ")
    assert len(done.stderr.strip().splitlines()) == 1
    assert tree(tmp_path) == {"keep.txt": b"mine"}


def test_every_surface_axis_differs_between_two_of_seeds_0_to_4() -> None:
    surfaces = [choose_surface(seed) for seed in SEEDS]
    for axis in AXES:
        values = {repr(getattr(surface, axis)) for surface in surfaces}
        assert len(values) > 1, f"{axis} is {values.pop()} on every seed 0-4"


def test_each_game_shows_its_surface_in_what_it_answers(tmp_path: Path) -> None:
    unknown_replies = set()
    for seed in SEEDS:
        surface = choose_surface(seed)
        folder = generate(seed, tmp_path / str(seed))
        coins = surface.names.items["coin"][1]
        one_argument = f"{surface.verb('take')} {coins}"
        commands = ["help", Commands(surface).take_coins, one_argument, "xyzzy"]
        intro, helped, took, took_one, unknown = play(folder, commands)
        if surface.arguments != "single":  # both arguments are needed: the reply says what is missing
            assert not took_one["success"]
            assert took_one["message"].startswith(surface.verb("take").capitalize()), took_one["message"]
        start = surface.names.places["start"][0]
        shown = NAME_FORMS[surface.name_style].format(start)
        assert (shown.upper() if surface.name_style == "capitals" else shown) in intro["message"]
        for verbs in surface.verbs.values():
            for verb in verbs:
                assert verb in helped["message"]
        if surface.help_layout == "bare":
            assert "\n" not in helped["message"]
        else:
            assert HELP_MARKS[surface.help_layout] in helped["message"]
        assert took["success"]
        assert ("three" if surface.numbers == "words" else "3") in took["message"]
        shape = SHAPES[surface.state_shape]
        assert dig(took["state"], shape.won_field) is False
        if surface.turn == "state":
            assert dig(took["state"], shape.turn_field) == 2
        else:
            assert '"turn":' not in json.dumps(took["state"])
        assert not unknown["success"]
        unknown_replies.add(unknown["message"])
        rules = "docs/rules.md" if surface.docs == "markdown" else "docs/RULES.txt"
        assert (folder / "src" / rules).is_file()
    assert len(unknown_replies) > 1


def test_the_ground_truth_stays_out_of_the_source_tree() -> None:
    for seed in SEEDS:
        files = game_files(seed)
        assert {"benchmark/bugs.json", "benchmark/probes.py"} <= set(files)
        assert sorted(path for path in files if path.startswith("benchmark/gold/")) == [
            f"benchmark/gold/BUG-{k}.diff" for k in range(1, 7)
        ]
        for path, text in files.items():
            if path.startswith("src/"):
                assert not path.endswith(("bugs.json", ".diff", "probes.py")), path
                assert not re.search(r"\bbugs?\b|BUG-\d|\bprobes?\b|\bgold\b", text, re.IGNORECASE), path


def test_no_name_in_any_theme_reads_as_a_command_word() -> None:
    reserved = {word for pool in VERB_POOLS.values() for verb in pool for word in verb.split()}
    reserved |= {"north", "south", "east", "west", "n", "s", "e", "w", "all", "door", "with", "using", "help"}
    reserved |= {"the", "a", "an", "some", "of", "at", "to"}
    reserved |= {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
    for name, theme in THEMES.items():
        words = [word for nouns in theme.items.values() for noun in nouns for word in noun]
        assert all(" " not in word for word in [*words, *theme.doors]), name
        assert not set(words) & reserved, (name, set(words) & reserved)
        assert not set(theme.doors) & (reserved - {"door"}), (name, theme.doors)
        by_role = [{word for noun in nouns for word in noun} for nouns in theme.items.values()]
        by_role.append(set(theme.doors))
        for i, role in enumerate(by_role):
            for other in by_role[i + 1 :]:
                assert not role & other, (name, role & other)
