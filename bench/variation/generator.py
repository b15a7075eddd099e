"""Generate a test game whose surface varies by seed while its mechanics and injected bugs stay the same.

`python -m bench.variation --seed N --out DIR` writes the game folder `variation-N` into DIR, in the layout of
a hold-out game: game.toml, src/ (a Python http.server game with its own unittest tests, its rules doc and
its walkthrough), benchmark/bugs.json, benchmark/gold/BUG-k.diff and benchmark/probes.py. The same seed
always writes the same bytes.

What varies by seed, each axis drawn independently (bench/variation/surface.py):
- theme and names: fantasy, space, office, kitchen or ocean, then the names of the five places, the six
  items, the creature, the door and the title from that theme's word lists;
- command verbs: for each action one or two synonyms from a pool (take/get/grab/pick up, go/walk/move/...);
- help layout: a labelled list (`LABEL: cmd, cmd`), a table, prose, `usage:` lines or a bare comma list;
- how replies write names: "quoted", [bracketed], CAPITALS, bare, <b>markup</b> or *emphasis*;
- reply wording: four phrasings of every success and refusal (narrator, terse, butler, log);
- numbers in replies as digits or as words;
- state shape: flat maps, nested maps, flat lists or nested lists of item entries;
- whether `turn` is reported at the top of each reply or inside the state;
- docs format: markdown or plain text;
- how take, drop, buy and unlock take their arguments: one (`take 3 coins`, as before), or two, both
  required, with a particle (`take 3 coins from Old Barn`, `unlock door with key`), as `key=value`
  (`take item=coins qty=3`) or as a bare number after the item (`take coins 3`): bench/variation/arguments.py.

What never varies: the mechanics (five places on one map, items with counts, a shop with listed prices and
stock, a creature with hp/max_hp that strikes back, a door needing a key, a treasure that wins), every number
of the rules (bench/variation/rules.py), the agent API, and the six injected bugs, one of each kind: crash,
numeric rule against the docs, conservation, message against state, long sequence, state-only
(bench/variation/ground_truth.py). A bug's meaning is the same on every seed; only its wording changes.

Seeds 0 to 99 are for development and tests (the tests use 0 to 4). Seeds from 1000 on are reserved for
first-contact measurement: never generate, read or tune against them before a QA agent meets them for the
first time. Seeds 100 to 999 are not assigned.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from bench.variation.docs import doc_paths
from bench.variation.ground_truth import bugs_json, probes_source
from bench.variation.patches import apply_patch, tree_diff
from bench.variation.shapes import SHAPES
from bench.variation.source import HEALTH_PATH, PORT_ENV, source_files
from bench.variation.surface import Surface, choose_surface
from bench.variation.wording import check_phrasings

BUG_NUMBERS = (1, 2, 3, 4, 5, 6)


class GenerationError(Exception):
    """The game cannot be written. The message is meant for the user."""


def game_name(seed: int) -> str:
    return f"variation-{seed}"


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def manifest(surface: Surface) -> str:
    rules_path, walkthrough_path = doc_paths(surface)
    names = surface.names
    description = (
        f"A {names.theme} text adventure on Python's http.server: five places, a shop, a {names.creature} "
        f"and a locked {names.door} between you and the {names.items['treasure'][0]}."
    )
    lines = [
        f"# Written by `python -m bench.variation --seed {surface.seed}`: change the generator, not this.",
        f"name = {_toml_string(game_name(surface.seed))}",
        f"title = {_toml_string(names.title)}",
        'genre = "text adventure"',
        f"description = {_toml_string(description)}",
        'start_command = ["python3", "server.py"]',
        f"port_env = {_toml_string(PORT_ENV)}",
        "container_port = 8000",
        f"health_path = {_toml_string(HEALTH_PATH)}",
        'requirements = ""',
        f"qa_docs = [{_toml_string(rules_path)}]",
        'protected_paths = ["tests/**", "docs/**"]',
        f"walkthrough = {_toml_string(walkthrough_path)}",
        f"won_field = {_toml_string(SHAPES[surface.state_shape].won_field)}",
        'test_command = ["python3", "-m", "unittest", "discover", "-s", "tests", "-t", "."]',
    ]
    text = "\n".join(lines) + "\n"
    tomllib.loads(text)
    return text


def gold_patches(surface: Surface) -> dict[int, str]:
    """BUG-k's patch for each k, checked to apply alone and all together, in either order."""
    shipped = source_files(surface)
    patches = {k: tree_diff(shipped, source_files(surface, frozenset({k}))) for k in BUG_NUMBERS}
    all_fixed = source_files(surface, frozenset(BUG_NUMBERS))
    for order in (BUG_NUMBERS, tuple(reversed(BUG_NUMBERS))):
        tree = shipped
        for k in order:
            if not patches[k]:
                raise GenerationError(f"seed {surface.seed}: BUG-{k}'s fix changes nothing")
            tree = apply_patch(tree, patches[k])
        if tree != all_fixed:
            raise GenerationError(f"seed {surface.seed}: the gold patches together do not fix every bug")
    return patches


def game_files(seed: int) -> dict[str, str]:
    """Every file of the game folder, by path relative to it."""
    check_phrasings()
    surface = choose_surface(seed)
    files = {f"src/{path}": text for path, text in source_files(surface).items()}
    files["game.toml"] = manifest(surface)
    files["benchmark/bugs.json"] = bugs_json(surface)
    files["benchmark/probes.py"] = probes_source(surface)
    for k, patch in gold_patches(surface).items():
        files[f"benchmark/gold/BUG-{k}.diff"] = patch
    return files


def generate(seed: int, out: Path) -> Path:
    """Write the game of `seed` into `out` (created; refused when it exists and is not empty)."""
    if seed < 0:
        raise GenerationError(f"the seed must be 0 or more, not {seed}")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise GenerationError(f"{out} exists and is not empty; give a new or empty folder")
    files = game_files(seed)
    for path, text in sorted(files.items()):
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return out
