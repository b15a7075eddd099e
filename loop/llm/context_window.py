"""Keeping a request inside the model's context: prompt plus reply bound never exceed it.

Local servers have small contexts (4k-32k tokens) and answer an oversized request with HTTP 400. Before a
request is sent, `fit` trims the oldest turns between the task and the latest turn (a tool call and its
results go together), then lowers the reply bound; if even that cannot fit, the request is refused here
instead of being sent. Token counts are offline estimates (`estimate_tokens`): when the server still says
the request overflowed, `learn` takes its own numbers (n_ctx, n_prompt_tokens) so the next fit is right.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from loop.llm.errors import ContextOverflow
from loop.llm.tokens import estimate_tokens
from loop.llm.types import Message, Tool

MESSAGE_OVERHEAD_TOKENS = 8  # role markers and separators of a chat template
MARGIN = 1.1  # the estimate is within 0..+25% of real tokenizers on English; other tokenizers differ more
MIN_REPLY_TOKENS = 64  # below this a structured reply cannot be complete: refuse instead


def estimate_request(messages: list[Message], tools: list[Tool] | None = None) -> int:
    total = sum(MESSAGE_OVERHEAD_TOKENS + estimate_tokens(m.content) for m in messages)
    total += sum(estimate_tokens(json.dumps(c.arguments)) for m in messages for c in m.tool_calls)
    if tools:
        total += estimate_tokens(json.dumps([t.model_dump() for t in tools]))
    return total


def _groups(messages: list[Message]) -> list[list[int]]:
    """Indexes of droppable turns, oldest first: everything after the leading system and first user turns
    and before the last turn; an assistant turn with tool calls goes with the tool results that follow."""
    start = 0
    while start < len(messages) and messages[start].role == "system":
        start += 1
    start += 1  # the task itself stays
    end = len(messages) - 1  # the last turn stays, and so does the tool call a last tool result answers
    while end > start and messages[end].role == "tool":
        end -= 1
    if end < len(messages) - 1 and messages[end].role != "assistant":
        end += 1
    groups: list[list[int]] = []
    for index in range(start, end):
        if messages[index].role == "tool" and groups:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


@dataclass
class ContextWindow:
    tokens: int | None = None  # the model's context size; None: unknown, nothing is trimmed
    scale: float = MARGIN  # real tokens per estimated token, raised when the server says otherwise

    def size(self, messages: list[Message], tools: list[Tool] | None) -> int:
        return int(estimate_request(messages, tools) * self.scale) + 1

    def fit(
        self, messages: list[Message], max_tokens: int, tools: list[Tool] | None = None
    ) -> tuple[list[Message], int]:
        """The messages and reply bound to send. Raises ContextOverflow when nothing left can be trimmed."""
        if self.tokens is None:
            return messages, max_tokens
        kept = list(messages)
        needed = self.size(kept, tools)
        groups = _groups(kept)
        dropped: set[int] = set()
        while needed + max_tokens > self.tokens and groups:
            dropped.update(groups.pop(0))
            kept = [m for i, m in enumerate(messages) if i not in dropped]
            needed = self.size(kept, tools)
        room = self.tokens - needed
        if room >= max_tokens:
            return kept, max_tokens
        if room >= MIN_REPLY_TOKENS:
            return kept, room
        raise ContextOverflow(
            f"the request needs about {needed} prompt tokens and {MIN_REPLY_TOKENS}+ for the reply; the "
            f"model's context is {self.tokens} and nothing more can be trimmed (not sent)",
            n_ctx=self.tokens,
            n_prompt_tokens=needed,
        )

    def learn(self, overflow: ContextOverflow, sent: list[Message], tools: list[Tool] | None) -> bool:
        """Take the server's numbers from a context-overflow answer. False when there is nothing to learn
        (the same request would overflow again)."""
        learnt = False
        if overflow.n_ctx and overflow.n_ctx != self.tokens:
            self.tokens, learnt = overflow.n_ctx, True
        estimated = estimate_request(sent, tools)
        if overflow.n_prompt_tokens and estimated:
            measured = overflow.n_prompt_tokens / estimated * 1.05
            if measured > self.scale:
                self.scale, learnt = measured, True
        if not learnt and self.tokens is not None and overflow.n_prompt_tokens is None:
            self.scale *= 1.25  # the server gave no numbers: assume the estimate was low
            learnt = True
        return learnt
