"""QA mode: the game's design docs and source, read through tools confined to the materialized repository.

Only files under the repository root are readable; `.git` and any folder named `benchmark` are refused, so the
hidden ground truth could not be read even if a game tree carried it. Every answer is capped in size.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from loop.llm.types import Tool, ToolCall
from loop.replay.clipping import clip

HIDDEN_PARTS = frozenset({".git", "benchmark", "__pycache__"})
MAX_ANSWER_CHARS = 4000
MAX_DOCS_CHARS = 6000


class ListFiles(BaseModel):
    folder: str = Field(default="", description="a folder inside the game repository; empty for its root")


class ReadFile(BaseModel):
    path: str = Field(description="a file inside the game repository")
    start_line: int = Field(default=1, ge=1)
    max_lines: int = Field(default=120, ge=1, le=400)


class SearchSource(BaseModel):
    text: str = Field(min_length=2, max_length=100, description="text to find (case-insensitive)")


class RepoReader:
    def __init__(self, repo_dir: Path, docs: list[str] | tuple[str, ...] = ()):
        self.root = repo_dir.resolve()
        self.docs = list(docs)

    def tools(self) -> list[Tool]:
        return [
            Tool.from_model("list_files", "List the files of a folder of the game's repository.", ListFiles),
            Tool.from_model("read_file", "Read lines of a file of the game's repository.", ReadFile),
            Tool.from_model(
                "search_source", "Find lines containing a text in the game's repository.", SearchSource
            ),
        ]

    def docs_text(self) -> str:
        """The manifest's QA docs, in order, capped: given to the planner up front in QA mode."""
        return clip(self.whole_docs(), MAX_DOCS_CHARS) if self.docs else "(no design docs)"

    def whole_docs(self) -> str:
        """The manifest's QA docs, in order, uncut (the test agenda is read from them, and quotes checked)."""
        parts = []
        for name in self.docs:
            try:
                parts.append(f"--- {name}\n{self._resolve(name).read_text(errors='replace')}")
            except (OSError, PermissionError) as exc:
                parts.append(f"--- {name}: unreadable ({exc})")
        return "\n".join(parts)

    def call(self, call: ToolCall) -> str:
        """Run one tool call; every failure is an answer the model reads, never an exception."""
        try:
            if call.name == "list_files":
                return self.list_files(ListFiles.model_validate(call.arguments))
            if call.name == "read_file":
                return self.read_file(ReadFile.model_validate(call.arguments))
            if call.name == "search_source":
                return self.search(SearchSource.model_validate(call.arguments))
        except ValidationError as exc:
            return f"error: bad arguments for {call.name}: {exc.errors()[0]['msg']}"
        except (OSError, PermissionError) as exc:
            return f"error: {exc}"
        return f"error: no tool named {call.name!r}"

    def _resolve(self, relative: str) -> Path:
        path = (self.root / relative).resolve()
        if path != self.root and self.root not in path.parents:
            raise PermissionError(f"{relative!r} is outside the game repository")
        if HIDDEN_PARTS & set(path.relative_to(self.root).parts):
            raise PermissionError(f"{relative!r} is not readable")
        return path

    def _visible(self, path: Path) -> bool:
        return not HIDDEN_PARTS & set(path.relative_to(self.root).parts)

    def list_files(self, args: ListFiles) -> str:
        folder = self._resolve(args.folder)
        if not folder.is_dir():
            return f"error: {args.folder!r} is not a folder"
        names = sorted(
            str(p.relative_to(self.root)) + ("/" if p.is_dir() else "")
            for p in folder.iterdir()
            if self._visible(p)
        )
        return clip("\n".join(names) or "(empty)", MAX_ANSWER_CHARS)

    def read_file(self, args: ReadFile) -> str:
        path = self._resolve(args.path)
        if not path.is_file():
            return f"error: {args.path!r} is not a file"
        lines = path.read_text(errors="replace").splitlines()
        chosen = lines[args.start_line - 1 : args.start_line - 1 + args.max_lines]
        numbered = "\n".join(f"{n}: {line}" for n, line in enumerate(chosen, args.start_line))
        return clip(f"{args.path} ({len(lines)} lines)\n{numbered}", MAX_ANSWER_CHARS)

    def search(self, args: SearchSource) -> str:
        pattern = re.compile(re.escape(args.text), re.IGNORECASE)
        hits: list[str] = []
        for path in sorted(self.root.rglob("*")):
            if len(hits) >= 40:
                break
            if not path.is_file() or not self._visible(path) or path.stat().st_size > 500_000:
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(self.root)}:{number}: {clip(line.strip(), 160)}")
                    if len(hits) >= 40:
                        break
        return clip("\n".join(hits) or "no match", MAX_ANSWER_CHARS)
