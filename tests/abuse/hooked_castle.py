"""Helpers shared by the tests of games that turn hostile in the middle of a loop: CASTLE with code of the
test's own run before some of its requests, and one loop on it."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from flows.assembly import open_run
from games.catalogue import load_game
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds

STEPS = 150


def castle_with_hook(tmp_path: Path, path: str, body: str) -> Path:
    """CASTLE whose server runs `body` before each request to `path`; there `answered[0]` counts those
    requests, and `os`, `time`, `flask` and `request` are at hand. What it returns is the answer, if any."""
    folder = tmp_path / "castle-hooked"
    shutil.copytree(load_game("castle").src_dir, folder)
    shutil.copy(load_game("castle").root / "game.toml", folder / "game.toml")
    server = folder / "castle" / "server.py"
    text = server.read_text()
    hook = (
        "    answered = [0]\n\n"
        "    @app.before_request\n"
        "    def turn_hostile() -> Any:\n"
        "        import time\n\n"
        "        import flask\n\n"
        f"        if request.path == {path!r}:\n"
        "            answered[0] += 1\n"
        f"{textwrap.indent(textwrap.dedent(body).strip(), ' ' * 12)}\n"
        "        return None\n\n"
        '    @app.get("/")\n'
    )
    assert text.count('    @app.get("/")\n') == 1
    server.write_text(text.replace('    @app.get("/")\n', hook))
    return folder


def loop_on(tmp_path: Path, game: Path) -> tuple[RunRecord, Path]:
    """One round of the explorer (`STEPS` steps) and no repair on `game`, process backend: the run's record
    and its session's folder."""
    config = LoopConfig(
        game=str(game),
        qa_agent="explorer",
        repair_agent="noop",
        backend="process",
        max_rounds=1,
        steps=STEPS,
    )
    run = open_run(config, runs_dir=tmp_path / "runs")
    run_rounds(run)
    return RunRecord.load(run.run_dir / "run.json"), run.session_dir(1)
