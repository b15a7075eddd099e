"""Every setting in one table: the loop's parameters (`LoopConfig`, each both a `closed-loop run` flag and a
flow parameter) and the `CLOSED_LOOP_*` environment variables (`loop.host.settings`). `closed-loop settings
--markdown` prints it; the README holds the same table between the markers below, and a test keeps them equal.
"""

from __future__ import annotations

import json
from typing import Any

from flows.parameters import RUN_ID_HELP, default_of, loop_flag
from loop.host import settings
from loop.run.config import LoopConfig

BEGIN = "<!-- settings table: `closed-loop settings --markdown` prints it -->"
END = "<!-- end of settings table -->"
HEADER = (
    "| CLI flag | flow parameter | environment variable | default | meaning | read in |",
    "|---|---|---|---|---|---|",
)


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _shown(value: Any) -> str:
    if value is None or value == {}:
        return "unset"
    return _code(value if isinstance(value, str) else json.dumps(value))


def loop_rows() -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for name, field in LoopConfig.model_fields.items():
        flag = loop_flag(name, field)
        shown_flag = f"closed-loop run {flag}" if flag else "closed-loop run GAME"
        rows.append(
            (
                _code(shown_flag),
                _code(name),
                "",
                _shown(default_of(field)),
                field.description or "",
                "`loop/run/config.py`",
            )
        )
    rows.append(("`closed-loop run --run-id`", "`run_id`", "", "unset", RUN_ID_HELP, "`flows/parameters.py`"))
    return rows


def environment_rows() -> list[tuple[str, ...]]:
    return [
        (
            setting.flag,
            "",
            _code(setting.name),
            setting.default_text,
            setting.meaning,
            ", ".join(_code(path) for path in setting.read_in),
        )
        for setting in settings.SETTINGS
    ]


def render_markdown() -> str:
    lines = [*HEADER]
    for row in loop_rows() + environment_rows():
        lines.append("| " + " | ".join(_cell(cell) for cell in row) + " |")
    return "\n".join(lines) + "\n"


def render_values() -> str:
    """The environment variables as this process sees them (secrets masked)."""
    lines = []
    for setting in settings.SETTINGS:
        if setting.internal:
            continue
        if setting.is_set():
            lines.append(f"{setting.name}={'***' if setting.secret else setting.value()}")
        elif setting.default is None and not setting.shown_default:
            lines.append(f"{setting.name} unset")
        else:
            lines.append(f"{setting.name} unset (default: {setting.default_text.replace('`', '')})")
    return "\n".join(lines) + "\n"


def between_markers(text: str) -> str | None:
    """The table a document holds between BEGIN and END, or None when it has no such markers."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return None
    return text[start + len(BEGIN) : end].strip("\n") + "\n"
