"""Probes are rerun on one build by every verification: their verdict must not depend on what ran before.

Three of the new games leak state across new games on the shipped build, so this is a real risk: a probe that
only works on a fresh server would turn "present" into an error the second time round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec
from sandboxes.game.process import ProcessProvider

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", ["crawl", "blitz", "logic"])
def test_every_probe_fires_on_shipped_in_any_order_and_again(name: str, tmp_path: Path) -> None:
    game = load_game(name)
    benchmark = Benchmark(game)
    repo_dir, commit = materialize(game, tmp_path)
    build = ProcessProvider().start(BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit))
    try:
        with GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
            for order in (benchmark.bugs, list(reversed(benchmark.bugs)), benchmark.bugs):
                for bug in order:
                    result = benchmark.run_probe(bug, client)
                    assert result.present, f"{bug.id}: {result.evidence}"
    finally:
        build.stop()
