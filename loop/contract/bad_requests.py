"""What a game must answer to a malformed request: any JSON reply (an error with a 4xx status is the
convention, a 200 with `success: false` is accepted), never a 5xx, a dropped connection, a page that is not
JSON, or exception text. `games validate` and the QA agents judge a bad request by this one rule."""

from __future__ import annotations

import json

TRACEBACK_MARKERS = ("Traceback (most recent call last)", "Internal Server Error")
SHOWN = 200


def bad_request_violation(status: int, text: str) -> str | None:
    """How an answer to a malformed request breaks the contract (None when it does not). Status 0: the game
    did not answer."""
    if status == 0:
        return f"no answer ({text[:SHOWN]})"
    if status >= 500:
        return f"HTTP {status}: {text[:SHOWN]!r}"
    try:
        json.loads(text)
    except ValueError:
        return f"a reply that is not JSON (HTTP {status}): {text[:SHOWN]!r}"
    if any(marker in text for marker in TRACEBACK_MARKERS):
        return f"exception text in the reply (HTTP {status}): {text[:SHOWN]!r}"
    return None
