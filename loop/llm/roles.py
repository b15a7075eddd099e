"""The models an LLM QA session talks to, one per role, with the session's budget and failure counts.

Every call goes through `ask`, so the counts a session reports (malformed replies, provider failures) are
kept in one place. The typed errors of the LLM layer pass through: the agent decides what each one costs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, ValidationError

from loop.host import settings
from loop.llm.config import LLMConfig
from loop.llm.errors import BudgetExceeded, InvalidReply, ProviderError
from loop.llm.session import Budget, LLMSession
from loop.llm.types import LLMReply, Message, Role, Tool

if TYPE_CHECKING:  # the client pulls in both SDKs (seconds); listing QA agents must not pay for that
    from loop.llm.client import ChatModel


BUDGET_SETTINGS = {
    "max_tokens": settings.LLM_MAX_TOKENS,
    "max_cost_usd": settings.LLM_MAX_COST_USD,
    "max_wall_s": settings.LLM_MAX_WALL_S,
}
# A model-backed session ends by itself: after an hour of wall time, and after 5 minutes without one usable
# reply (an endpoint that only times out, or a model that never produces valid output, is not worth more).
DEFAULT_MAX_WALL_S = settings.LLM_MAX_WALL_S.number({})
DEFAULT_FIRST_REPLY_S = settings.LLM_FIRST_REPLY_S.number({})
SLOW_REPLY_S = 30.0  # a reply slower than this is counted (slow_replies): the run report shows the model lags


def budget_from_env(env: Mapping[str, str] | None = None) -> Budget:
    """A session budget from the environment; tokens and cost are unlimited unless set, wall time is an hour.
    Bad values raise ValueError."""
    values = {
        field: setting.value(env)
        for field, setting in BUDGET_SETTINGS.items()
        if setting.value(env) is not None
    }
    try:
        return Budget.model_validate(values)
    except ValidationError as exc:
        raise ValueError(f"bad LLM budget in the environment: {exc.errors()[0]['msg']} ({values})") from None


@dataclass
class ModelRoles:
    planner: ChatModel
    reflection: ChatModel
    summary: ChatModel
    session: LLMSession
    counts: Counter[str] = field(default_factory=Counter)
    first_reply_s: float = DEFAULT_FIRST_REPLY_S  # no usable reply by then: the session stops
    usable_replies: int = 0
    last_error: str = ""

    @classmethod
    def configured(cls, config: LLMConfig | None = None, session: LLMSession | None = None) -> ModelRoles:
        """The models the environment (or `config`) names for each role, sharing one session budget."""
        from loop.llm.client import model_for

        config = config or LLMConfig.from_env()
        session = session or LLMSession(budget_from_env())
        models = {
            role: model_for(role, config, session=session) for role in ("planner", "reflection", "summary")
        }
        first_reply_s = settings.LLM_FIRST_REPLY_S.number()
        return cls(session=session, first_reply_s=first_reply_s, **models)  # type: ignore[arg-type]  # a key per role field

    def ask(
        self,
        role: Role,
        messages: list[Message],
        reply_model: type[BaseModel],
        tools: list[Tool] | None = None,
    ) -> LLMReply:
        model: ChatModel = getattr(self, role)
        self._check_first_reply()
        try:
            reply = model.complete(messages, tools=tools, response_model=reply_model)
        except InvalidReply as exc:
            self.counts["malformed_replies"] += 1
            self.last_error = f"{type(exc).__name__}: {exc}"
            raise
        except ProviderError as exc:
            self.counts["provider_errors"] += 1
            self.counts["provider_retries"] += max(0, exc.attempts - 1)
            self.last_error = f"{type(exc).__name__}: {exc}"
            raise
        self.counts["repaired_replies"] += reply.invalid_replies
        self.counts["provider_retries"] += reply.retries
        if reply.latency_s > SLOW_REPLY_S:
            self.counts["slow_replies"] += 1
        if not tools and not isinstance(reply.parsed, reply_model):
            # A tool call nobody offered: as unusable as prose, and must not reach the agent as None.
            self.counts["malformed_replies"] += 1
            self.last_error = f"{role} answered with tool calls"
            raise InvalidReply(f"{role}: answered with tool calls instead of {reply_model.__name__}")
        self.usable_replies += 1
        return reply

    def _check_first_reply(self) -> None:
        """Stop a session that has had no usable reply for `first_reply_s`: it is not going to get one."""
        elapsed = self.session.elapsed_s()
        if self.usable_replies == 0 and elapsed >= self.first_reply_s:
            requests, last = self.session.totals().requests, self.last_error[:300]
            raise BudgetExceeded(
                f"no usable model reply in {elapsed:.0f}s ({requests} requests); last: {last}",
                limit="first-reply",
            )

    def totals(self) -> dict[str, int]:
        """Counts for the session result: requests and every kind of failure survived."""
        totals = self.session.totals()
        return {
            "requests": totals.requests,
            "failed_requests": totals.failed_requests,
            **{k: v for k, v in sorted(self.counts.items())},
        }

    def close(self) -> None:
        for model in (self.planner, self.reflection, self.summary):
            close = getattr(model, "close", None)
            if close is not None:
                close()
