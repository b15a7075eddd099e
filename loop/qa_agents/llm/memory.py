"""In-session memory: the last k steps in full, older steps folded into an abstraction-oriented summary.

The summary is rewritten at each fold (role summary: causal facts, places, items, open hypotheses) and then
clipped to a fixed number of short entries per list, so the prompt stays bounded however long the session
runs and whatever the summary model returns. When the summary model fails, the fold is done mechanically.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loop.llm.errors import BudgetExceeded, LLMError
from loop.llm.replies import WorkingSummary
from loop.replay.clipping import clip

MAX_ENTRY_CHARS = 160


@dataclass(frozen=True)
class StepRecord:
    """One played step as memory keeps it."""

    game: int
    turn: int
    command: str
    expected: str
    text: str  # the step as observations.step_text rendered it
    verdict: str = ""

    def render(self) -> str:
        lines = [f"[game {self.game}, step {self.turn}] expected: {clip(self.expected, 120)}", self.text]
        if self.verdict:
            lines.append(f"reflection: {clip(self.verdict, 120)}")
        return "\n".join(lines)


Summarizer = Callable[[WorkingSummary, list[StepRecord]], WorkingSummary]


class WorkingMemory:
    def __init__(self, summarize: Summarizer, *, window: int = 8, fold: int = 4, max_items: int = 10):
        if not 0 < fold <= window:
            raise ValueError("fold must be between 1 and the window size")
        self.summarize = summarize
        self.window, self.fold, self.max_items = window, fold, max_items
        self.recent: list[StepRecord] = []
        self.summary = WorkingSummary()
        self.folds = 0
        self.mechanical_folds = 0

    def record(self, step: StepRecord) -> None:
        self.recent.append(step)
        if len(self.recent) > self.window:
            older, self.recent = self.recent[: self.fold], self.recent[self.fold :]
            self._fold(older)

    def note_hypothesis(self, text: str) -> None:
        self.summary.open_hypotheses = self._clipped([*self.summary.open_hypotheses, text], keep="last")

    def settle_hypothesis(self, title: str) -> None:
        self.summary.open_hypotheses = [h for h in self.summary.open_hypotheses if title not in h]

    def _fold(self, older: list[StepRecord]) -> None:
        self.folds += 1
        try:
            folded = self.summarize(self.summary, older)
        except BudgetExceeded:
            raise
        except LLMError:
            self.mechanical_folds += 1
            folded = self.summary.model_copy(deep=True)
            folded.causal_facts = [
                *folded.causal_facts,
                *(f"{s.command} -> {clip(s.text.splitlines()[1], 100)}" for s in older if "\n" in s.text),
            ]
            self.summary = self._bounded(folded, keep="last")
            return
        self.summary = self._bounded(folded, keep="first")

    def _bounded(self, summary: WorkingSummary, keep: str) -> WorkingSummary:
        return WorkingSummary(
            causal_facts=self._clipped(summary.causal_facts, keep),
            visited_places=self._clipped(summary.visited_places, keep),
            items=self._clipped(summary.items, keep),
            open_hypotheses=self._clipped(summary.open_hypotheses, keep),
        )

    def _clipped(self, entries: list[str], keep: str) -> list[str]:
        unique = list(dict.fromkeys(clip(e.strip(), MAX_ENTRY_CHARS) for e in entries if e.strip()))
        return unique[: self.max_items] if keep == "first" else unique[-self.max_items :]

    def summary_text(self) -> str:
        """One line per non-empty list: the planner and reflection read it every step."""
        lines = [
            f"{name}: {'; '.join(entries)}" for name, entries in self.summary.model_dump().items() if entries
        ]
        return "\n" + "\n".join(lines) if lines else "(nothing yet)"

    def recent_text(self, skip_last: bool = False) -> str:
        """The recent records, oldest first; `skip_last` leaves out the current step (shown on its own)."""
        shown = self.recent[:-1] if skip_last else self.recent
        return "\n\n".join(step.render() for step in shown) or "(none yet)"
