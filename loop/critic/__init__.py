"""Critics: match QA reports to a game's ground-truth bugs (benchmark mode)."""

from loop.critic.base import Critic, CriticMatch, Disagreement, assign_one_to_one, disagreements

__all__ = ["Critic", "CriticMatch", "Disagreement", "assign_one_to_one", "disagreements"]
