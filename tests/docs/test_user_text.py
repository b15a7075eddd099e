"""What a user reads (README.md, docs/, the command's help) names only files the repository has, links only to
pages and headings that exist, and speaks of the product: no work items, work sessions or branches of the
people who wrote it."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from flows.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
# Top folders of the repository: a backticked path starting with one of these must exist.
REPO_FOLDERS = (
    "loop",
    "sandboxes",
    "repair_agents",
    "reports",
    "flows",
    "games",
    "bench",
    "tests",
    "scripts",
    "docs",
)
RUNTIME_FOLDERS = {"tests/artifacts"}  # made by the report tests
# Pages that other pages link to before they are written; checked like any other once they exist.
PAGES_IN_THE_MAKING: set[str] = set()
INTERNAL_WORK = [
    re.compile(r"\bissues?\s*#?\s*\d+", re.IGNORECASE),
    re.compile(r"\bissue-\d+", re.IGNORECASE),
    re.compile(r"\b(?:end|start|beginning) of (?:this |the previous |the )?session\b", re.IGNORECASE),
    re.compile(r"\bsession \d+'s (?:bench|table|measurements|work|runs?)\b", re.IGNORECASE),
    re.compile(r"\bin session \d+\b", re.IGNORECASE),
    re.compile(r"\(session \d+\)", re.IGNORECASE),
    re.compile(r"\bthis branch\b|\bon branch\b", re.IGNORECASE),
    re.compile(r"\b[a-z]+-\d+-s\d+(?:-[a-z]+)*\b"),  # a work branch's name
    re.compile(r"\b(?:merged )?main (?:at|had)\b"),
    re.compile(r"\bshared(?:/| notes)"),
    re.compile(r"\bDESIGN\.md\b"),
]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def prose(text: str) -> str:
    """The text outside fenced code blocks."""
    return FENCE.sub("", text)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in prose(path.read_text()).splitlines() if line.startswith("#")}


def repo_path(token: str) -> str | None:
    """The repository file or folder a backticked token names, as a glob; None when it names none (a branch
    like `loop/<run>/fixes`, a folder closed-loop makes at run time)."""
    token = token.strip().split(":")[0].rstrip(".,;")
    parts = token.rstrip("/").split("/")
    if " " in token or len(parts) < 2 or parts[0] not in REPO_FOLDERS or token.rstrip("/") in RUNTIME_FOLDERS:
        return None
    if not token.endswith("/") and "." not in parts[-1]:
        return None
    return re.sub(r"<[^>]*>", "*", token.rstrip("/"))


def missing_paths(text: str) -> list[str]:
    missing = []
    for token in INLINE_CODE.findall(prose(text)):
        pattern = repo_path(token)
        if pattern is not None and not any(ROOT.glob(pattern)):
            missing.append(token)
    return missing


def internal_words(text: str) -> list[str]:
    return [match.group(0) for pattern in INTERNAL_WORK for match in pattern.finditer(text)]


def help_texts() -> dict[str, str]:
    """Every command's and subcommand's help, as `closed-loop ... --help` prints it."""
    texts: dict[str, str] = {}

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        texts[name] = parser.format_help()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub_parser in action.choices.items():
                    walk(sub_parser, f"{name} {sub_name}")

    walk(build_parser(), "closed-loop")
    return texts


def test_every_relative_link_reaches_a_page_and_heading_that_exist():
    broken = []
    for page in pages():
        for target in LINK.findall(prose(page.read_text())):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (page.parent / file_part).resolve() if file_part else page
            where = linked.relative_to(ROOT).as_posix() if linked.is_relative_to(ROOT) else str(linked)
            if not linked.exists():
                if where not in PAGES_IN_THE_MAKING:
                    broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_every_backticked_repository_path_exists():
    missing = {page.relative_to(ROOT).as_posix(): missing_paths(page.read_text()) for page in pages()}
    missing.update({name: missing_paths(text) for name, text in help_texts().items()})
    assert {where: paths for where, paths in missing.items() if paths} == {}


def test_no_internal_work_words():
    found = {page.relative_to(ROOT).as_posix(): internal_words(page.read_text()) for page in pages()}
    found.update({name: internal_words(text) for name, text in help_texts().items()})
    assert {where: words for where, words in found.items() if words} == {}


# The forms the check refuses, put together from parts so that this file does not read as a work log itself.
ITEM, ROUND = "issue", "session"


def test_the_checks_see_what_they_are_for():
    logged = f"as measured in {ROUND} 5's bench for {ITEM} 19 on branch {ITEM}-19-s4-docs"
    assert internal_words(logged) == [
        f"{ITEM} 19",
        f"{ITEM}-19",
        f"{ROUND} 5's bench",
        f"in {ROUND} 5",
        "on branch",
        f"{ITEM}-19-s4-docs",
    ]
    assert internal_words("session 2 verified everything pending; the branch of verified fixes") == []
    text = "`loop/no_such.py`, `games/<game>/src/`, `loop/<run>/fixes`, `runs/<run_id>/`, `bench/nothing/`"
    assert missing_paths(text) == ["loop/no_such.py", "bench/nothing/"]
    assert (
        slug("## LLM QA prompt sizes (fake model; sizes only)".lstrip("#"))
        == "llm-qa-prompt-sizes-fake-model-sizes-only"
    )
