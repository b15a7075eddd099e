"""Checkpoints: a stored command prefix that a new game replays without asking the planner.

Depth costs game commands, not model calls: a game started from a checkpoint plays the prefix first, and the
planner takes over where it ends. A checkpoint is either the game's walkthrough without its winning command
(only where QA may read the walkthrough: QA mode, in the game's repository) or the longest prefix of a game
the agent played that reached a room nothing before it had reached. Each is kept per commit in the QA memory
with what its commands did (accepted or refused) and the room it ends in; one that no longer plays the same
way (the game changed) is dropped with a note.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from pydantic import BaseModel, Field

from loop.contract.game_client import GameClient
from loop.replay import view
from loop.replay.transcript import GameSession, Step

MAX_CHECKPOINTS = 3
MIN_REACHED_COMMANDS = 6  # a shorter prefix is cheaper to plan than to store


class Checkpoint(BaseModel):
    source: Literal["walkthrough", "reached"]
    commands: list[str] = Field(min_length=1)
    accepted: list[bool] = Field(default_factory=list, description="each command accepted when stored")
    room: str = Field(default="", description="the room the prefix ends in when stored; '' not checked")


def accepted(step: Step) -> bool:
    return step.observation is not None and step.observation.success


def from_walkthrough(walkthrough: list[str]) -> Checkpoint | None:
    """All but the winning command: a won game is over, so the planner plays on from just before it."""
    prefix = walkthrough[:-1]
    if not prefix:
        return None
    return Checkpoint(source="walkthrough", commands=prefix, accepted=[True] * len(prefix))


def reached(game: GameSession, known_rooms: set[str]) -> Checkpoint | None:
    """The game's prefix up to the last step that entered a room not in `known_rooms`; None when too short."""
    played = [s for s in game.steps if s.command is not None]
    deepest = 0
    for number, step in enumerate(played, 1):
        room = view.room_id(step.state) or ""
        if room and room not in known_rooms:
            deepest = number
            known_rooms.add(room)
    if deepest < MIN_REACHED_COMMANDS or any(s.observation is None for s in played[:deepest]):
        return None
    last = played[deepest - 1].observation
    if last is None or last.game_over:
        return None  # a new game from it would be over at once
    prefix = played[:deepest]
    return Checkpoint(
        source="reached",
        commands=[s.command or "" for s in prefix],
        accepted=[accepted(s) for s in prefix],
        room=view.room_id(prefix[-1].state) or "",
    )


def restore(
    client: GameClient, checkpoint: Checkpoint, on_step: Callable[[str, Step], None] | None = None
) -> tuple[GameSession, str]:
    """A new game with the checkpoint played; the reason it no longer replays, '' when it does."""
    game = GameSession(client, on_step=on_step)
    for number, command in enumerate(checkpoint.commands):
        step = game.send(command)
        wanted = checkpoint.accepted[number] if number < len(checkpoint.accepted) else True
        if step.observation is None or accepted(step) != wanted:
            how = "accepted" if wanted else "refused"
            return game, f"command {number + 1} `{command}` was {how} when stored, not now"
        if step.observation.game_over:
            return game, f"the game ended at command {number + 1} `{command}`"
    room = view.room_id(game.state) or ""
    if checkpoint.room and room != checkpoint.room:
        return game, f"it ends in {room or 'no room'}, not {checkpoint.room}"
    return game, ""


def longest_first(found: Iterable[Checkpoint]) -> list[Checkpoint]:
    """The order checkpoints are kept and tried in: the deepest first."""
    return sorted(found, key=lambda c: len(c.commands), reverse=True)


def keep(stored: list[Checkpoint], found: Checkpoint | None, broken: list[Checkpoint]) -> list[Checkpoint]:
    """The commit's checkpoints after a session: the broken ones out, a newly found one in, longest first."""
    kept = [c for c in stored if c not in broken]
    if found is not None and all(c.commands != found.commands for c in kept):
        kept.append(found)
    return longest_first(kept)[:MAX_CHECKPOINTS]
