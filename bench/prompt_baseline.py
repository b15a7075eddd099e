"""The prompts the LLM QA agent sent before they were rewritten, rendered next to a live session from the same
moments.

bench/baseline_prompts/*.md are the earlier templates, kept verbatim. `BaselinePrompts.attach(session)` wraps
the session's calls so that, whenever the agent asks a model, the earlier agent's prompt for the same moment
is rendered too: the same steps, the same summary, the same replays; only what the earlier code put around
them differs (full states in every record, the current step twice, the whole replay with every state,
known-bug ids). Both are counted with the LLM layer's token estimate: the ratio compares the prompts.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loop.llm.prompting import Template, template, template_file
from loop.llm.tokens import estimate_tokens
from loop.llm.types import Role
from loop.qa_agents.llm.agent import LLMQASession
from loop.replay.observations import step_text, transcript_json

BASELINE_DIR = Path(__file__).resolve().parent / "baseline_prompts"


def baseline(name: str) -> Template:
    return template_file(BASELINE_DIR / f"{name}.md")


def tokens(*texts: str) -> int:
    return estimate_tokens("\n".join(texts))


def messages_tokens(messages: list[Any]) -> int:
    return tokens(*(str(m.content or "") for m in messages))


@dataclass
class OldRecord:
    game: int
    turn: int
    expected: str
    text: str
    verdict: str

    def render(self) -> str:
        lines = [f"[game {self.game}, step {self.turn}] expected: {self.expected[:200]}", self.text]
        return "\n".join([*lines, f"reflection: {self.verdict[:200]}"] if self.verdict else lines)


@dataclass
class BaselinePrompts:
    """Per kind of call (planner, reflection, judge, summary): (step, new tokens, baseline tokens)."""

    calls: dict[str, list[tuple[int, int, int]]] = field(default_factory=lambda: defaultdict(list))
    help_in_planner: list[tuple[bool, bool]] = field(default_factory=list)  # (new, baseline)
    recent: list[OldRecord] = field(default_factory=list)

    replayed: tuple[Any, Any] | None = None
    last_fold: list[OldRecord] = field(default_factory=list)

    def attach(self, session: LLMQASession) -> None:
        self._wrap_record(session)
        self._wrap_ask(session)
        self._wrap_judge(session)

    def _wrap_record(self, session: LLMQASession) -> None:
        record = session.memory.record

        def recorded(step: Any) -> None:
            played = session.game.steps[-1] if session.game else None
            old = step_text(played) if played is not None else step.text
            verdict = step.verdict.split(": ", 1)[-1]
            self.recent.append(OldRecord(step.game, step.turn, step.expected, old, verdict))
            window, fold = session.settings.window, session.settings.fold
            if len(self.recent) > window:
                older, self.recent = self.recent[:fold], self.recent[fold:]
                self.last_fold = older
            record(step)

        session.memory.record = recorded  # type: ignore[method-assign]  # wrapped to watch it

    def _wrap_ask(self, session: LLMQASession) -> None:
        ask = session.models.ask

        def asked(role: Role, messages: list[Any], reply_model: type, tools: Any = None) -> Any:
            kind = reply_model.__name__
            new = messages_tokens(messages)
            old = self._baseline(session, kind, messages)
            if old is not None:
                self.calls[kind].append((session.steps, new, old))
            if kind == "PlannerReply":
                text = "\n".join(str(m.content or "") for m in messages)
                probe = session.language.help_text[:60]
                self.help_in_planner.append((bool(probe) and probe in text, self._old_help_shown(probe)))
            return ask(role, messages, reply_model, tools)

        session.models.ask = asked  # type: ignore[method-assign]  # wrapped to watch it

    def _old_help_shown(self, probe: str) -> bool:
        return bool(probe) and any(probe in r.text for r in self.recent)

    def _baseline(self, session: LLMQASession, kind: str, messages: list[Any]) -> int | None:
        summary = json.dumps(session.memory.summary.model_dump(), indent=1)
        if kind == "PlannerReply" and len(messages) == 2 and session.game is not None:
            system = baseline("planner").render(
                game_title=session.game_title,
                mode="player exploring mode",
                mode_notes="You see only what the game answers.",
                campaign=session.campaign.briefing(session.build_commit),
            )
            settled = [*session.confirmed.values(), *session.dropped.values()][-8:]
            user = baseline("planner_step").render(
                summary=summary
                if session.memory.summary.model_dump(exclude_defaults=True)
                else "(nothing yet)",
                settled="; ".join(settled) or "none",
                recent="\n\n".join(r.render() for r in self.recent) or "(none yet)",
                game_number=session.games_started,
                turn=len(session.game.commands),
                steps_left=session.max_steps - session.steps,
                current=step_text(session.game.steps[-1]),
            )
            return tokens(system, user)
        if kind == "ReflectionReply" and session.game is not None:
            bugs = session.campaign.bugs
            known = [{"id": b.id, "title": b.title, "mechanic": b.mechanic, "status": b.status} for b in bugs]
            expected = re.search(r"^planner expected: (.*)$", str(messages[-1].content), re.MULTILINE)
            system = baseline("reflection").render(known_bugs=json.dumps(known) if known else "none")
            user = baseline("reflection_step").render(
                recent="\n\n".join(r.render() for r in self.recent[-3:]) or "(none)",
                command=session.game.steps[-1].command or "",
                expected=expected.group(1) if expected else "",
                observed=step_text(session.game.steps[-1]),
            )
            return tokens(system, user)
        if kind == "WorkingSummary":
            system = template("summary").render(max_items=session.settings.max_summary_items)
            user = template("summary_step").render(
                summary=session.memory.summary.model_dump_json(indent=1),
                steps="\n\n".join(r.render() for r in self.last_fold),
            )
            return tokens(system, user)
        if kind == "ReplayJudgement" and self.replayed is not None:
            claim, steps = self.replayed
            system = baseline("replay_judge").render()
            user = baseline("replay_judge_step").render(
                title=claim.title,
                observed=claim.observed,
                expected=claim.expected,
                check=claim.observed,
                transcript=transcript_json(steps),
            )
            return tokens(system, user)
        return None

    def _wrap_judge(self, session: LLMQASession) -> None:
        """The judge's claim and replay, kept for the baseline judge prompt of the same replay."""
        judge = session.verifier.judge

        def judged(claim: Any, steps: Any) -> Any:
            self.replayed = (claim, steps)
            return judge(claim, steps)

        session.verifier.judge = judged
