"""`builtin`: a small coding agent on the openai/anthropic SDKs (through loop.llm, role "repair").

It opens a repair sandbox on the work tree (docker when an engine answers, else bubblewrap), gives the model
the tools read_file, search, edit, run and finish, and loops (repair_agents.coding.agent) until the model
finishes or a budget is spent. Its transcript is JSON Lines in the attempt dir (`transcript.jsonl`).

How it ends, as the pipeline sees it:
- `finish`, or a turn/token/cost budget spent: the edits made so far go to the pipeline, which judges them
  (an empty one is `empty_patch`); the detail says which;
- its own wall time spent (it stops a margin before the pipeline's hard deadline): `agent_timeout`;
- the model endpoint down after the LLM layer's retries, or no sandbox: `infrastructure_failure`.

Options (AgentContext.options): `model` or `repair` (provider:model for role repair), `sandbox` (auto, docker,
bubblewrap), `image` (the docker sandbox's image; default the game's newest image, else the base image),
`max_turns`, `max_tokens`, `max_cost_usd` (caps when the pipeline's budget sets none; 40 turns by default).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from loop.contract.models import BugReport
from loop.limits import LimitsExceeded
from loop.llm import (
    Budget,
    LLMClient,
    LLMConfig,
    LLMSession,
    ProviderError,
    model_for,
    register_secret,
)
from loop.repair.agents import AgentContext, UnknownAgent
from loop.sandbox import SandboxError
from repair_agents.base import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace
from repair_agents.coding.agent import CodingAgent
from repair_agents.coding.tools import Toolbox
from repair_agents.coding.transcript import Transcript
from repair_agents.prompts import render
from repair_agents.task_text import task_prompt
from sandboxes.repair_tools.choose import BACKENDS, open_repair_sandbox

NAME = "builtin"
LIMIT_OPTIONS = ("max_turns", "max_tokens", "max_cost_usd")
DEFAULT_MAX_TURNS = 40
# Time kept back from the wall budget to copy the tree out and answer before the pipeline's hard stop.
MAX_WALL_MARGIN_S = 20.0
SANDBOX_EXTRA_LIFE_S = 60.0


@dataclass
class Task:
    """One attempt's job and limits, as `repair` received them."""

    workspace: RepairWorkspace
    reports: list[BugReport]
    budget: RepairBudget
    transcript: Transcript
    started: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float:
        """When the agent stops itself: a margin before the pipeline's hard stop, to copy the tree back."""
        wall = self.budget.wall_seconds
        return self.started + wall - min(MAX_WALL_MARGIN_S, 0.2 * wall)

    @property
    def max_turns(self) -> int:
        return self.budget.max_turns or DEFAULT_MAX_TURNS


class BuiltinAgent(RepairAgent):
    """Picklable: it holds settings only; the model client and the sandbox are made inside `repair`."""

    name = NAME
    needs_model = True

    def __init__(
        self,
        config: LLMConfig,
        *,
        sandbox: str = "auto",
        image: str | None = None,
        limits: RepairBudget | None = None,
    ):
        self.config = config
        self.sandbox = sandbox
        self.image = image
        self.limits = limits  # the agent's own caps on turns, tokens and cost, for budgets that set none

    @classmethod
    def from_context(cls, context: AgentContext) -> BuiltinAgent:
        """The agent with the configured repair model (environment, or option `model`); raises UnknownAgent
        when no model is configured or an option is wrong."""
        options = context.options
        sandbox = options.get("sandbox", "auto")
        if sandbox not in BACKENDS:
            choices = ", ".join(BACKENDS)
            raise UnknownAgent(f"the builtin agent's sandbox must be one of {choices}, not {sandbox!r}")
        overrides: dict[str, Any] = {}
        # `model`, or `repair` as the loop's models-by-role mapping names it.
        model = options.get("model") or options.get("repair")
        if model:
            overrides["models"] = {"repair": model}
        try:
            config = LLMConfig.from_env(**overrides)
            spec = config.spec_for("repair")
        except ValueError as exc:
            raise UnknownAgent(f"the builtin agent's model: {exc}") from None
        if spec is None or not config.has_credentials(spec.provider):
            raise UnknownAgent(
                "the builtin agent needs a model: set CLOSED_LOOP_MODEL (or CLOSED_LOOP_MODEL_REPAIR, or "
                "option model=provider:name) and the provider's key"
            )
        try:
            limits = RepairBudget.model_validate(
                {name: options[name] for name in LIMIT_OPTIONS if name in options}
            )
        except ValidationError as exc:
            raise UnknownAgent(f"the builtin agent's limits: {exc.errors()[0]['msg']}") from None
        return cls(config, sandbox=sandbox, image=options.get("image") or None, limits=limits)

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        budget = self._capped(budget)
        path = workspace.attempt_dir / "transcript.jsonl"
        with Transcript(path) as transcript:
            transcript.event(
                "start",
                agent=self.name,
                model=str(self.config.spec_for("repair")),
                sandbox=self.sandbox,
                reports=[r.fingerprint for r in reports],
                budget=budget.model_dump(),
            )
            attempt = self._attempt(Task(workspace, reports, budget, transcript))
            transcript.event(
                "end",
                outcome=str(attempt.outcome or ""),
                detail=attempt.detail,
                tokens_in=attempt.tokens_in,
                tokens_out=attempt.tokens_out,
                cost_usd=attempt.cost_usd,
            )
        return attempt.model_copy(update={"transcript": str(path)})

    def _capped(self, budget: RepairBudget) -> RepairBudget:
        if self.limits is None:
            return budget
        caps = {
            name: getattr(self.limits, name)
            for name in ("max_turns", "max_tokens", "max_cost_usd")
            if getattr(budget, name) is None
        }
        return budget.model_copy(update=caps)

    def _attempt(self, task: Task) -> Attempt:
        for key in (self.config.openai_api_key, self.config.anthropic_api_key, self.config.compat_api_key):
            if key is not None:  # unpickling skips the config's own registration in the worker
                register_secret(key.get_secret_value())
        budget = task.budget
        session = LLMSession(
            Budget(
                max_tokens=budget.max_tokens,
                max_cost_usd=budget.max_cost_usd,
                max_wall_s=max(1.0, task.deadline - time.monotonic()),
            )
        )
        try:
            model = model_for("repair", self.config, session=session)
        except ProviderError as exc:
            return self._ended(session, Outcome.INFRASTRUCTURE_FAILURE, f"no model: {exc}")
        try:
            outcome, detail = self._work(model, task)
        except SandboxError as exc:
            outcome, detail = Outcome.INFRASTRUCTURE_FAILURE, f"repair sandbox: {exc}"
        finally:
            model.close()
        return self._ended(session, outcome, detail)

    def _work(self, model: LLMClient, task: Task) -> tuple[Outcome | None, str]:
        """Run the loop in a sandbox on the work tree; leaving the sandbox brings its tree back."""
        workspace = task.workspace
        system = self.system_prompt(workspace, task.max_turns)
        request = self.task(workspace, task.reports)
        with open_repair_sandbox(
            workspace.repo_dir,
            self.sandbox,
            lifetime_s=task.budget.wall_seconds + SANDBOX_EXTRA_LIFE_S,
            run_id=workspace.run_id,
            game=workspace.game_name,
            image=self.image,
        ) as sandbox:
            task.transcript.event("sandbox", backend=sandbox.backend, image=sandbox.image)
            toolbox = Toolbox(sandbox, task.deadline)
            agent = CodingAgent(model, toolbox, task.transcript, max_turns=task.max_turns)
            try:
                return None, f"finished: {agent.run(system, request)}"
            except LimitsExceeded as stop:
                return (Outcome.AGENT_TIMEOUT if stop.limit == "wall" else None), f"stopped: {stop}"
            except ProviderError as exc:
                failed = f"model endpoint failed after {exc.attempts} attempt(s): {exc}"
                return Outcome.INFRASTRUCTURE_FAILURE, failed

    def _ended(self, session: LLMSession, outcome: Outcome | None, detail: str) -> Attempt:
        totals = session.totals()
        return Attempt(
            agent=self.name,
            outcome=outcome,
            detail=detail,
            tokens_in=totals.input_tokens,
            tokens_out=totals.output_tokens,
            cost_usd=round(totals.cost_usd, 6),
        )

    def system_prompt(self, workspace: RepairWorkspace, max_turns: int) -> str:
        protected = ", ".join(workspace.protected_paths) or "(none)"
        return render("builtin_system.md", protected_paths=protected, max_turns=str(max_turns))

    def task(self, workspace: RepairWorkspace, reports: list[BugReport]) -> str:
        """The CLI agents' task: the reports, how to start and test the game, the gate, why a patch failed."""
        return task_prompt(reports, workspace.manifest)
