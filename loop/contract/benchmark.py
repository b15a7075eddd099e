"""Hidden benchmark assets of a game: ground truth, probes, gold patches. Never shown to an agent.

Only the critic, verification and the `gold` repair agent read these, and only on the host.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from pydantic import TypeAdapter, ValidationError

from loop.contract.game import Game, GameDefinitionError
from loop.contract.game_client import GameClient
from loop.contract.models import GroundTruthBug, ProbeResult

Probe = Callable[[GameClient], ProbeResult]


class Benchmark:
    """The ground truth of one game, loaded from its `benchmark/` folder."""

    def __init__(self, game: Game):
        if game.benchmark_dir is None:
            raise GameDefinitionError(f"{game.name} has no benchmark/bugs.json: it has no ground truth")
        self.game = game
        self.dir: Path = game.benchmark_dir
        try:
            self.bugs: list[GroundTruthBug] = TypeAdapter(list[GroundTruthBug]).validate_json(
                (self.dir / "bugs.json").read_bytes()
            )
        except (ValidationError, json.JSONDecodeError) as exc:
            raise GameDefinitionError(f"{self.dir / 'bugs.json'}: not valid ground truth: {exc}") from exc
        self._probes: ModuleType | None = None

    def bug(self, bug_id: str) -> GroundTruthBug:
        for bug in self.bugs:
            if bug.id == bug_id:
                return bug
        raise KeyError(f"{self.game.name} has no ground-truth bug {bug_id!r}")

    def _probe_module(self) -> ModuleType:
        if self._probes is None:
            path = self.dir / "probes.py"
            spec = importlib.util.spec_from_file_location(f"closed_loop_probes_{self.game.name}", path)
            if spec is None or spec.loader is None or not path.is_file():
                raise GameDefinitionError(f"{self.game.name}: no probes at {path}")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self._probes = module
        return self._probes

    def probe(self, bug: GroundTruthBug) -> Probe:
        function: Probe | None = getattr(self._probe_module(), bug.probe, None)
        if not callable(function):
            raise GameDefinitionError(
                f"{self.game.name}: {bug.id} names probe {bug.probe!r}, not in probes.py"
            )
        return function

    def run_probe(self, bug: GroundTruthBug, client: GameClient) -> ProbeResult:
        result = self.probe(bug)(client)
        if not isinstance(result, ProbeResult):
            raise GameDefinitionError(f"probe {bug.probe} returned {type(result).__name__}, not ProbeResult")
        return result

    def gold_patch(self, bug: GroundTruthBug) -> str:
        path = self.dir / bug.gold_patch
        if not path.is_file():
            raise GameDefinitionError(f"{self.game.name}: gold patch for {bug.id} missing at {path}")
        return path.read_text()
