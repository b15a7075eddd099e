"""The game's command language and the session's coverage, kept by code and pinned in every planner prompt.

The language is the game's own `help` reply (asked once, on a fresh game of its own, so the session's game is
untouched) plus the verbs the game has accepted so far. Coverage is which of those verbs were never sent and
which exits of the current place were never taken: the planner's "not tried yet".
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient
from loop.replay import view
from loop.replay.clipping import clip
from loop.replay.transcript import Step, play

MAX_HELP_CHARS = 1200
MAX_LISTED = 12
LEADING_WORD = re.compile(r"^[\s\-*•>]*([a-z][a-z_-]{1,20})\b")


def help_verbs(help_text: str) -> list[str]:
    """The first word of each line, or of each comma-separated entry, of a help text (a leading 'Label:'
    dropped): how command lists are written, whatever the game."""
    entries = (e for line in help_text.lower().splitlines() for e in re.split(r"[,;]", line))
    verbs = (LEADING_WORD.match(re.sub(r"^[^:<]{0,24}:\s*(?=\S)", "", e)) for e in entries)
    return list(dict.fromkeys(m.group(1) for m in verbs if m))


class CommandLanguage:
    def __init__(self, help_text: str = ""):
        self.help_text = clip(help_text.strip(), MAX_HELP_CHARS)
        self.listed = help_verbs(self.help_text)
        self.accepted: dict[str, None] = {}
        self.sent: set[str] = set()
        self.exits_taken: set[tuple[str, str]] = set()

    @classmethod
    def asked(cls, client: GameClient) -> CommandLanguage:
        """The language from the game's own `help` reply, on a fresh game of its own."""
        last = play(client, ["help"])[-1]
        accepted = last.observation is not None and last.observation.success
        return cls(last.message if accepted else "")

    def learn(self, step: Step) -> None:
        if step.command is None:
            return
        self.sent.add(step.verb)
        self.sent.add(step.command.strip().lower())
        if step.observation is not None and step.observation.success:
            self.accepted[step.verb] = None
            if view.room_id(step.before) != view.room_id(step.state):
                self.exits_taken.add((view.room_id(step.before), step.command.strip().lower()))

    def text(self) -> str:
        accepted = ", ".join(list(self.accepted)[-MAX_LISTED * 2 :])
        learned = f"Verbs the game accepted so far: {accepted or 'none yet'}."
        if not self.help_text:
            return f"(no help text) {learned}"
        return f"\n{self.help_text}\n{learned}"

    def untried(self, state: dict[str, Any]) -> str:
        verbs = [v for v in self.listed if v not in self.sent][:MAX_LISTED]
        room = view.room_id(state)
        exits = [
            e
            for e in view.exits(state)
            if (room, e.lower()) not in self.exits_taken and (room, f"go {e}".lower()) not in self.exits_taken
        ]
        parts = [f"verbs: {', '.join(verbs) or 'all listed verbs tried'}"]
        if exits:
            parts.append(f"exits from here: {', '.join(exits[:MAX_LISTED])}")
        return "; ".join(parts)
