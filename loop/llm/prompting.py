"""Prompt templates kept as data (prompts/*.md), each naming the role it is sent to and the reply it expects.

A template file starts with a front matter block:

    ---
    role: planner
    reply: PlannerReply
    ---
    text with $placeholders

`reply` names a model in loop.llm.replies; its JSON schema is what the model is held to. Rendering is
strict: a placeholder without a value is an error, so a template and its caller cannot drift apart silently.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from loop.llm import replies
from loop.llm.types import Message

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"


@dataclass(frozen=True)
class Template:
    name: str
    role: str
    reply: type[BaseModel]
    text: string.Template

    @property
    def placeholders(self) -> set[str]:
        return {
            named or braced
            for _, named, braced, _ in string.Template.pattern.findall(self.text.template)
            if named or braced
        }

    def render(self, **values: object) -> str:
        missing = self.placeholders - values.keys()
        if missing:
            raise KeyError(f"prompt {self.name}: no value for {', '.join(sorted(missing))}")
        return self.text.substitute({k: str(v) for k, v in values.items()})


@functools.cache
def template(name: str) -> Template:
    return template_file(PROMPTS_DIR / f"{name}.md")


def template_file(path: Path) -> Template:
    """A template file anywhere (the bench reads the earlier prompts it measures against this way)."""
    name = path.stem
    raw = path.read_text()
    _, front, body = raw.split("---\n", 2)
    meta = dict(line.split(":", 1) for line in front.strip().splitlines())
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    reply = getattr(replies, meta["reply"])
    return Template(name=name, role=meta["role"], reply=reply, text=string.Template(body.strip() + "\n"))


def template_names() -> list[str]:
    return sorted(p.stem for p in PROMPTS_DIR.glob("*.md"))


def conversation(system: str, user: str, **values: object) -> tuple[list[Message], type[BaseModel]]:
    """The system and user turns of one request, and the reply model both templates expect."""
    first, second = template(system), template(user)
    if first.reply is not second.reply:
        raise ValueError(f"prompts {system} and {user} expect different replies")
    system_values = {k: v for k, v in values.items() if k in first.placeholders}
    user_values = {k: v for k, v in values.items() if k in second.placeholders}
    return [
        Message.system(first.render(**system_values)),
        Message.user(second.render(**user_values)),
    ], first.reply


def planner_system(game_title: str, docs: str | None, campaign_briefing: str) -> str:
    """The planner's system prompt: QA mode when the design docs are given, else player mode."""
    if docs is not None:
        mode = "quality assurance mode"
        notes = (
            "You have the game's design docs below and tools to read its source (list_files, read_file, "
            "search_source). Use them to find rules worth testing; the running game is what counts.\n\n"
            f"Design docs:\n{docs}"
        )
    else:
        mode = "player exploring mode"
        notes = "You see only what the game answers; its command list is pinned in every step below."
    return template("planner").render(
        game_title=game_title, mode=mode, mode_notes=notes, campaign=campaign_briefing
    )
