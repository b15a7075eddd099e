"""The loop's parameters, declared once. The Prefect flow's parameters, the `closed-loop run` flags and the
deployments' parameters are all made from this model (flows/parameters.py), so adding a parameter is one
field here plus its use.

A field's `json_schema_extra` may say how the command line spells it: `positional` (the game), `flag`
(another flag name than `--field-name`), or `plugin` (the entry-point group whose names, and `auto`, are the
choices).
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, Field

AUTO: Final = "auto"


class LoopConfig(BaseModel):
    """The parameters of one loop run. In run.json `auto` choices are stored resolved."""

    game: str = Field(
        default="castle",
        description="a catalogue game's name, a game folder with a game.toml, or a git URL",
        json_schema_extra={"positional": True},
    )
    manifest: str | None = Field(
        default=None,
        description="the game's manifest (game.toml) when it is kept outside the game's folder",
    )
    ref: str | None = Field(
        default=None,
        description="the commit, branch or tag of the game's repository to start from (default: its HEAD)",
    )
    qa_agent: str = Field(
        default=AUTO,
        description="explorer, llm or an installed QA agent; auto: llm when a model is configured",
    )
    repair_agent: str = Field(
        default=AUTO,
        description="gold, noop, builtin, claude-code, codex, aider, mini-swe-agent, command or an installed "
        "agent; auto: builtin when a model is configured, else gold (benchmark games) or noop",
    )
    critic: Literal["auto", "differential", "llm", "both", "none"] = Field(
        default=AUTO,
        description="who scores reports against the ground truth (benchmark mode); llm and both need a "
        "model; auto: none in user mode (nothing to score against), else both when a model is configured, "
        "else differential",
    )
    withhold_ground_truth: bool = Field(
        default=False,
        description="run in user mode on a game that ships ground truth: nothing scores or sees it",
        json_schema_extra={"flag": "--no-ground-truth"},
    )
    max_rounds: int = Field(default=3, ge=1, le=50, description="sessions at most (QA, then repair)")
    steps: int = Field(default=600, ge=1, le=100_000, description="QA step budget per session")
    mode: Literal["player", "qa"] = Field(
        default="player", description="player: the game's API only; qa: also its docs and source"
    )
    backend: str = Field(
        default=AUTO,
        description="sandbox backend: docker, process, or auto",
        json_schema_extra={"plugin": "closed_loop.sandboxes"},
    )
    seed: int = Field(default=0, description="the explorer's random seed")
    agent_options: dict[str, str] = Field(
        default_factory=dict,
        description="settings of the repair agent, KEY=VALUE (e.g. max_turns=20, command=...)",
        json_schema_extra={"flag": "--agent-option"},
    )
    reports_per_attempt: Literal["all", "one"] = Field(
        default="all", description="give the repair agent every open report at once, or one per attempt"
    )
    repair_timeout_s: float = Field(default=900.0, gt=0, description="wall-clock limit of one repair attempt")
    repro_replays: int = Field(
        default=1,
        ge=1,
        le=20,
        description="replays of a bug's repro behind every present/absent decision (verify, the regression "
        "corpus, bisect); a repro that disagrees with itself is marked flaky and never counts as fixed",
    )
    bisect_builds: int = Field(
        default=10,
        ge=0,
        le=100,
        description="builds one regression bisection may cost (0: no bisection); it runs for a bug first "
        "seen on a commit of the team's repository when an earlier night's commit is known",
    )
    bisect_timeout_s: float = Field(default=1800.0, gt=0, description="wall-clock limit of one bisection")
    push_to: str | None = Field(
        default=None,
        description="a git remote (URL or path) to push the branch of verified fixes to when the run ends",
    )
