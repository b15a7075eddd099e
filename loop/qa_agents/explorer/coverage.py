"""The coverage report at the end of an explorer session (it lands in QASessionResult.counts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loop.replay import view

if TYPE_CHECKING:
    from loop.qa_agents.explorer.agent import Explorer


def coverage(explorer: Explorer) -> dict[str, int]:
    """How much of the game the session saw: distinct states and places, and of the commands it could
    build in the states it saw, how many it played there."""
    tried = sum(len(commands) for commands in explorer.memory.tried.values())
    open_commands = sum(len(explorer._untried(known.state)) for known in list(explorer.states.values())[:200])
    templates = explorer.verbs.templates if explorer.verbs else []
    verbs_played = {command.split()[0] for (_, command) in explorer.memory.room_counts}
    counts = {
        "states_seen": len(explorer.states),
        "places_seen": len({view.place(known.state) for known in explorer.states.values()}),
        "commands_tried_in_states": tried,
        "commands_left_untried": open_commands,
        "templates_learned": len(templates),
        "templates_played": sum(1 for t in templates if t.verb in verbs_played),
        "random_restarts": explorer.random_restarts,
        "explained_away": sum(explorer.explained.values()),
        **{f"explained_away.{oracle}": n for oracle, n in sorted(explorer.explained.items())},
    }
    if explorer.progress is not None:
        explorer.progress("coverage: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in counts.items()))
    return counts
