"""The map the explorer learns as it moves: which command leads where, and where each item began."""

from __future__ import annotations

from collections import deque

from loop.replay import view
from loop.replay.transcript import Step


class RoomMap:
    def __init__(self) -> None:
        self.edges: dict[str, dict[str, str]] = {}
        self.origin: dict[str, str] = {}

    def learn(self, step: Step) -> None:
        room = view.room_id(step.state)
        for item in view.visible_items(step.state):
            self.origin.setdefault(item, room)
        if step.command is None or step.observation is None or not step.observation.success:
            return
        before = view.room_id(step.before)
        if before and room and before != room:
            self.edges.setdefault(before, {})[step.command] = room

    def route(self, start: str, goal: str, max_rooms: int = 200) -> list[str] | None:
        """The shortest known command path from `start` to `goal` (breadth first), or None."""
        paths: dict[str, list[str]] = {start: []}
        queue = deque([start])
        while queue and len(paths) <= max_rooms:
            room = queue.popleft()
            if room == goal:
                return paths[room]
            for command, target in sorted(self.edges.get(room, {}).items()):
                if target not in paths:
                    paths[target] = [*paths[room], command]
                    queue.append(target)
        return None
