"""Real CASTLE builds (process sandbox) and the LLM QA agent wired to the fake LLM server."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import git
import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.llm.fake_server import FakeLLMServer
from loop.llm.roles import ModelRoles
from loop.llm.session import Budget, LLMSession
from loop.qa_agents.llm.agent import Settings
from loop.qa_agents.llm.qa_agent import LLMQA
from loop.sandbox import BuildSpec, get_provider


@pytest.fixture(autouse=True)
def _no_user_llm_settings(no_user_llm_settings: None) -> None:
    """Every test here runs without the machine's model settings (tests/conftest.py)."""


@dataclass
class CastleRepo:
    game: Game
    repo_dir: Path

    @property
    def commit(self) -> str:
        return git.Repo(self.repo_dir).head.commit.hexsha

    def fix(self, bug_id: str) -> str:
        """Apply the bug's gold patch as a new commit (the harness does this, never an agent)."""
        benchmark = Benchmark(self.game)
        patch = self.repo_dir / "fix.diff"
        patch.write_text(benchmark.gold_patch(benchmark.bug(bug_id)))
        repo = git.Repo(self.repo_dir)
        repo.git.apply(str(patch))
        patch.unlink()
        repo.git.add(A=True)
        repo.index.commit(f"Fix {bug_id}")
        return self.commit

    def revert(self) -> str:
        """Undo the last commit with a new one (a fix that a later change takes back)."""
        git.Repo(self.repo_dir).git.revert("HEAD", no_edit=True)
        return self.commit

    @contextmanager
    def running(self) -> Iterator[GameClient]:
        spec = BuildSpec(repo_dir=self.repo_dir, manifest=self.game.manifest, commit=self.commit)
        with (
            get_provider("process").start(spec, ready_timeout=30) as build,
            GameClient(build.url, strip_fields=self.game.manifest.strip_fields) as client,
        ):
            yield client


@pytest.fixture
def castle_repo(tmp_path: Path) -> CastleRepo:
    game = load_game("castle")
    repo_dir, _ = materialize(game, tmp_path / "castle")
    return CastleRepo(game, repo_dir)


MakeAgent = Callable[..., LLMQA]


@pytest.fixture
def make_agent(fake_llm: FakeLLMServer, castle_repo: CastleRepo, tmp_path: Path) -> Iterator[MakeAgent]:
    """make_agent(mode=, budget=, settings=, **config) -> an LLMQA on CASTLE talking to `fake_llm`."""
    made: list[ModelRoles] = []

    def make(
        mode: str = "player", budget: Budget | None = None, settings: Settings | None = None, **config: object
    ) -> LLMQA:
        models = ModelRoles.configured(fake_llm.llm_config(**config), LLMSession(budget))
        made.append(models)
        agent = LLMQA(models=models, data_dir=tmp_path / "data", settings=settings)
        agent.prepare(castle_repo.game, castle_repo.repo_dir, mode)
        return agent

    yield make
    for models in made:
        models.close()
