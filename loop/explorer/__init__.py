"""The explorer: a QA agent without an LLM that explores a game's command space and judges it with generic oracles."""
