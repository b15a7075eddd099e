"""Text cut to fit a prompt: every text a model sees is bounded."""


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
