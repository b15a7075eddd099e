"""A fast first build step for Python games: changed modules must compile (no byte-code is written)."""

from __future__ import annotations

from pathlib import Path


def syntax_errors(repo_dir: Path, paths: list[str]) -> list[str]:
    """One line per changed `.py` file that does not compile; removed files are skipped."""
    problems: list[str] = []
    for relative in paths:
        path = repo_dir / relative
        if path.suffix != ".py" or not path.is_file():
            continue
        try:
            compile(path.read_bytes(), str(relative), "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as exc:
            line = getattr(exc, "lineno", None)
            problems.append(f"{relative}:{line or '?'}: {type(exc).__name__}: {getattr(exc, 'msg', exc)}")
    return problems
