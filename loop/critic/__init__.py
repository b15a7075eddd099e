"""Critics: match QA reports to a game's ground-truth bugs (benchmark mode)."""

from loop.critic.base import (
    Critic,
    CriticMatch,
    CriticPanel,
    Disagreement,
    assign_one_to_one,
    disagreements,
    run_critics,
)

__all__ = [
    "Critic",
    "CriticMatch",
    "CriticPanel",
    "Disagreement",
    "assign_one_to_one",
    "disagreements",
    "run_critics",
]
