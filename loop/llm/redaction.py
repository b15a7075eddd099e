"""Keeping API keys out of logs, traces, reports and exceptions.

Known secrets (the configured keys) are replaced exactly; anything shaped like a key or a bearer token is
replaced by pattern, so a key the layer never saw (echoed back in a provider's error body) is caught too.
"""

from __future__ import annotations

import logging
import re
import threading

MASK = "[REDACTED]"
_MIN_SECRET_LEN = 8
_PATTERNS = [
    re.compile(r"sk-[A-Za-z0-9_\-]{8,}"),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._\-~+/=]{8,}"),
    re.compile(r"(?i)((?:x-api-key|api[_-]?key|authorization)[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._\-~+/=]{8,}"),
]
_secrets: set[str] = set()
_lock = threading.Lock()


def register_secret(value: str | None) -> None:
    """Remember a secret so that every later `redact` removes it, whatever its shape."""
    if value and len(value) >= _MIN_SECRET_LEN:
        with _lock:
            _secrets.add(value)


def redact(text: str) -> str:
    with _lock:
        secrets = sorted(_secrets, key=len, reverse=True)
    for secret in secrets:
        text = text.replace(secret, MASK)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: (m.group(1) if m.groups() else "") + MASK, text)
    return text


class RedactingFilter(logging.Filter):
    """Rewrites a record's message (with its arguments merged in) and its exception text, redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        record.msg = redact(message)
        record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


_FILTER = RedactingFilter()
_installed = False


def install_redaction() -> None:
    """Redact every log record of the process when it is created (whatever logger or handler it goes to),
    and put the filter on the root handlers as well. Idempotent."""
    global _installed
    with _lock:
        if not _installed:
            previous = logging.getLogRecordFactory()

            def redacted_record(*args: object, **kwargs: object) -> logging.LogRecord:
                record = previous(*args, **kwargs)
                _FILTER.filter(record)
                return record

            logging.setLogRecordFactory(redacted_record)
            _installed = True
    for handler in logging.getLogger().handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
