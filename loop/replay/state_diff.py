"""What one command changed in the game's state, computed (never asked of a model), as one short line.

The state is flattened to dotted paths; a list of plain values is compared as a multiset (`inventory +lamp`),
anything else as a value (`room.id hall -> corridor`). Bounded: a model reads this every step.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from loop.replay.clipping import clip

MAX_DIFF_CHARS = 400
MAX_VALUE_CHARS = 60


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        flat: dict[str, Any] = {}
        for key, inner in value.items():
            flat.update(_flat(inner, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix or "state": value}


def _plain(values: list[Any]) -> bool:
    return all(isinstance(v, str | int | float | bool) or v is None for v in values)


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"), sort_keys=True)
    return clip(text, MAX_VALUE_CHARS)


def state_diff(before: dict[str, Any], after: dict[str, Any], limit: int = MAX_DIFF_CHARS) -> str:
    """`key old -> new; list +added -removed; key (new) value; key (gone)`, or 'no change'."""
    old, new = _flat(before), _flat(after)
    parts: list[str] = []
    for path in sorted(old.keys() | new.keys()):
        if path not in new:
            parts.append(f"{path} (gone)")
        elif path not in old:
            parts.append(f"{path} (new) {_show(new[path])}")
        elif old[path] != new[path]:
            a, b = old[path], new[path]
            if isinstance(a, list) and isinstance(b, list) and _plain(a) and _plain(b):
                gained, lost = (
                    Counter(map(_show, b)) - Counter(map(_show, a)),
                    Counter(map(_show, a)) - Counter(map(_show, b)),
                )
                changes = [f"+{v}" for v in gained.elements()] + [f"-{v}" for v in lost.elements()]
                parts.append(f"{path} {' '.join(changes) or 'reordered'}")
            elif isinstance(a, str) and isinstance(b, str) and max(len(a), len(b)) > MAX_VALUE_CHARS:
                parts.append(f"{path} changed")  # a long text: the reply or the state shows the new one
            else:
                parts.append(f"{path} {_show(a)} -> {_show(b)}")
    return clip("; ".join(parts), limit) if parts else "no change"
