"""The LLM critic: GBQA's semantic comparison of a report with the ground-truth list.

The model compares the reported symptom, the violated expectation, the reproduction condition and the affected
mechanic with every ground-truth bug, and names at most one with a score; a match counts only when the id is
non-empty and the score reaches the threshold (GBQA's released evaluator). The ground truth goes only into
this evaluator's own prompt, through its own model client: never into an agent's prompt or trace.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.benchmark import Benchmark
from loop.contract.models import BugReport
from loop.critic.base import Critic, CriticContext, CriticMatch
from loop.llm import ChatModel, InvalidReply, Message, ProviderError, model_for

DEFAULT_THRESHOLD = 0.6
MAX_REPLY_TOKENS = 600

PROMPTS = Path(__file__).parent  # the prompt templates ship next to this module (package data *.txt)


class CriticVerdict(BaseModel):
    """The model's reply (GBQA's critic template)."""

    match_id: str = ""
    score: float = Field(ge=0.0, le=1.0)
    rationale: str = ""


def _report_view(report: BugReport) -> str:
    fields = report.model_dump(
        mode="json", include={"title", "symptom", "expected", "observed", "mechanic", "bug_type", "repro"}
    )
    fields["evidence"] = report.evidence[:800]
    return json.dumps(fields, indent=1)


class LLMCritic(Critic):
    name = "llm"

    def __init__(self, model: ChatModel, *, threshold: float = DEFAULT_THRESHOLD):
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"match threshold must be within 0..1, not {threshold}")
        self.model = model
        self.threshold = threshold
        self.tokens = 0
        self.cost_usd = 0.0
        self.unjudged = 0  # reports left unmatched because the model endpoint kept failing
        self._user_template = (PROMPTS / "llm_critic_user.txt").read_text()

    @classmethod
    def from_context(cls, context: CriticContext) -> LLMCritic:
        """The critic on the model the environment configures for the `critic` role."""
        return cls(model_for("critic"))

    def candidates(self, reports: Sequence[BugReport], benchmark: Benchmark) -> list[CriticMatch]:
        ground_truth = json.dumps(
            [bug.model_dump(mode="json", exclude={"probe", "gold_patch"}) for bug in benchmark.bugs], indent=1
        )
        system = Message.system(
            (PROMPTS / "llm_critic_system.txt").read_text().replace("{threshold}", str(self.threshold))
        )
        return [self._judge(report, system, ground_truth) for report in reports]

    def _judge(self, report: BugReport, system: Message, ground_truth: str) -> CriticMatch:
        prompt = self._user_template.format(
            report=_report_view(report), ground_truth=ground_truth, threshold=self.threshold
        )
        try:
            reply = self.model.complete(
                [system, Message.user(prompt)], response_model=CriticVerdict, max_tokens=MAX_REPLY_TOKENS
            )
        except InvalidReply as exc:  # one unusable reply leaves this report unmatched; the session goes on
            return CriticMatch(
                fingerprint=report.fingerprint,
                bug_id=None,
                score=0.0,
                rationale=f"the critic's reply was unusable: {exc}",
            )
        except ProviderError as exc:  # the endpoint failed past its retries: this report stays unjudged
            self.unjudged += 1
            return CriticMatch(
                fingerprint=report.fingerprint,
                bug_id=None,
                score=0.0,
                rationale=f"the critic's model failed after {exc.attempts} tries: {exc}",
            )
        self.tokens += reply.usage.total_tokens
        self.cost_usd += reply.cost_usd
        verdict: CriticVerdict | None = reply.parsed
        if verdict is None:  # e.g. the model answered with a tool call although it was given no tools
            return CriticMatch(
                fingerprint=report.fingerprint, bug_id=None, score=0.0, rationale="the critic gave no verdict"
            )
        bug_id = verdict.match_id.strip() or None
        rationale = verdict.rationale
        if bug_id is not None and verdict.score < self.threshold:
            rationale = (
                f"{rationale} [score {verdict.score:.2f} < threshold {self.threshold}: {bug_id} not matched]"
            )
            bug_id = None
        return CriticMatch(
            fingerprint=report.fingerprint, bug_id=bug_id, score=verdict.score, rationale=rationale
        )
