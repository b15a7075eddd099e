"""The explorer: a QA agent without an LLM, exploring a game's commands and judging with generic oracles."""
