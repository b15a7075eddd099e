"""What a QA tester takes from a game's own docs: the commands they show, the routes they walk, the numbers
they promise.

Only in QA mode, and only from the files the manifest lists in `qa_docs` (plus its walkthrough, which the
game's repository shows every QA-mode agent); never ground truth. Nothing here knows a game: commands are
what docs put in code (`train <type>`, fenced blocks, `> look` lines), routes are fenced blocks and runs of
`>` lines whose every line reads as a command, and numbers are stated in a few shapes docs use for them:

- a table whose column names a cost or price (`| archer | 12 |` under `Cost (gold)`, or `15 wood, 10 coin`);
- prose in a sentence about costs or prices (`potion 6 coins`, `` `rest` costs 3 coins ``, `lamp: 5 gold`);
- a bound said with a negation (`Prices never fall below **2** and never rise above **12**`); not 'at most
  60 food', which docs qualify in the next breath ('plus 40 for every storehouse').
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from loop.contract.game import Game, GameDefinitionError
from loop.qa_agents.explorer.commands import Verbs, parse_help

MAX_DOC_CHARS = 200_000
MAX_ROUTE = 80
ROUTE_CUTS = 3
COST_WORDS = r"cost|costs|price|prices|priced|fee|charge|charges|pays"
_COST = re.compile(rf"\b(?:{COST_WORDS})\b", re.IGNORECASE)
_FENCE = re.compile(r"^\s*(```|~~~)")
_INLINE_CODE = re.compile(r"`([^`\n]{1,60})`")
_JSON_KEY = re.compile(r'"([a-z_]\w*)"\s*:', re.IGNORECASE)
_PROMPT_LINE = re.compile(r"^\s*>\s?(.*)$")
_WORD = r"[a-z][a-z-]*"
_AMOUNT = re.compile(rf"(?<![\w.])(\d+)\s+({_WORD})\b", re.IGNORECASE)
# 'potion 6 coins', 'lamp: 5 gold', '`rest` costs 3 coins', 'a sword for 15 coins'
_PROSE_PRICE = re.compile(
    rf"`?({_WORD})`?\s*(?::|-|–|—|=|\bcosts?\b|\bfor\b|\bat\b)?\s+\**(\d+)\**\s+({_WORD})\b", re.IGNORECASE
)
_NEGATION = r"(?:never|not|cannot|can't|don't|doesn't|must not|may not)"
_BELOW = re.compile(rf"\b{_NEGATION}\s+(?:\w+\s+)?(?:below|under|less than)\s+\**(\d+)\**", re.IGNORECASE)
_ABOVE = re.compile(rf"\b{_NEGATION}\s+(?:\w+\s+)?(?:above|over|more than)\s+\**(\d+)\**", re.IGNORECASE)
_SUBJECT = re.compile(rf"(?:^|[.;:]\s+|\*\*\s*)({_WORD})\s+(?:\w+\s+)?{_NEGATION}\b", re.IGNORECASE)
# Words that are never the thing a number is stated for.
NOT_THINGS = frozenset(
    {"the", "a", "an", "of", "and", "or", "to", "for", "at", "is", "are", "be", "costs", "cost", "each",
     "price", "prices", "pays", "charges", "start", "with", "by", "x", "per", "than", "only", "every"}
)  # fmt: skip


class StatedNumber(BaseModel):
    """A number a doc states: `kind` cost (a command naming `thing` takes `value` of `unit`), below (the
    fields `thing` names never go below `value`) or above (never above it)."""

    kind: str
    thing: str
    unit: str = ""
    value: float
    source: str = ""

    @property
    def subject(self) -> str:
        """How a report names the claim: enough to check it again without the doc."""
        return f"{self.kind}|{self.thing}|{self.unit}|{self.value:g}"

    @classmethod
    def from_subject(cls, subject: str) -> StatedNumber | None:
        parts = subject.split("|")
        if len(parts) != 4:
            return None
        try:
            return cls(kind=parts[0], thing=parts[1], unit=parts[2], value=float(parts[3]))
        except ValueError:
            return None


class DocKnowledge(BaseModel):
    specs: list[str] = []  # command specs shown in code ('train <soldier|archer>')
    routes: list[list[str]] = []  # command sequences the docs walk
    numbers: list[StatedNumber] = []

    def verbs(self) -> Verbs:
        return parse_help("\n".join(self.specs))

    def prefixes(self) -> list[list[str]]:
        """The new games a tester plays from the docs: each route cut at a third, two thirds and its end
        (the deeper the cut, the deeper the states the explorer starts from)."""
        cuts = (
            route[: max(1, len(route) * part // ROUTE_CUTS)]
            for route in self.routes
            for part in range(1, ROUTE_CUTS + 1)
        )
        return [list(c) for c in dict.fromkeys(tuple(c) for c in cuts)]


def read_docs(repo_dir: Path, names: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """(name, text) of each named doc inside `repo_dir`; a name outside it or unreadable is skipped."""
    root, found = repo_dir.resolve(), []
    for name in names:
        path = (root / name).resolve()
        if not path.is_relative_to(root) or ".git" in path.relative_to(root).parts or not path.is_file():
            continue
        try:
            found.append((name, path.read_text(errors="replace")[:MAX_DOC_CHARS]))
        except OSError:
            continue
    return found


def learn(docs: list[tuple[str, str]], walkthrough: list[str] | None = None) -> DocKnowledge:
    knowledge = DocKnowledge()
    for name, text in docs:
        knowledge.specs.extend(_command_specs(text))
        knowledge.routes.extend(_routes(text))
        knowledge.numbers.extend(stated_numbers(text, name))
    if walkthrough:
        knowledge.routes.append(list(walkthrough[:MAX_ROUTE]))
        knowledge.specs.extend(walkthrough[:MAX_ROUTE])
    # A single word in code that a JSON example uses as a key or a literal names a field, not a command.
    keys = {k.lower() for _, text in docs for k in _JSON_KEY.findall(text)} | {"null", "true", "false"}
    specs = (s for s in knowledge.specs if _is_command(s) and not (len(s.split()) == 1 and s.lower() in keys))
    knowledge.specs = list(dict.fromkeys(specs))
    return knowledge


def _is_command(line: str) -> bool:
    """A line that reads as something typed at the game: a few lower-case words and placeholders."""
    line = line.strip()
    if len(line.strip()) < 2 or not line.strip()[0].islower() or len(line) > 60:
        return False
    if re.search(r"[./\\\"'=:;(){},$`]|\s-\w", re.sub(r"<[^<>]*>|\[[^\[\]]*\]", "", line)):
        return False
    return bool(parse_help(line).templates)


def _blocks(text: str) -> list[list[str]]:
    """The lines of each fenced code block, and each run of `> ` lines."""
    blocks: list[list[str]] = []
    current: list[str] = []
    prompt: list[str] = []
    inside = False
    for line in text.splitlines():
        if _FENCE.match(line):
            if inside:
                blocks.append(current)
            inside, current = not inside, []
            continue
        if inside:
            current.append(line)
            continue
        quoted = _PROMPT_LINE.match(line)
        if quoted:
            prompt.append(quoted.group(1))
        elif prompt:
            blocks.append(prompt)
            prompt = []
    if prompt:
        blocks.append(prompt)
    return blocks


def _command_lines(block: list[str]) -> list[str]:
    return [
        re.sub(r"^\s*[>$]\s*", "", line).strip() for line in block if line.strip() and line.strip()[0] != "#"
    ]


def _routes(text: str) -> list[list[str]]:
    routes = []
    for block in _blocks(text):
        lines = _command_lines(block)
        if lines and all(_is_command(line) and not re.search(r"[<\[]", line) for line in lines):
            routes.append(lines[:MAX_ROUTE])
    return routes


def _command_specs(text: str) -> list[str]:
    specs = [span.strip() for span in _INLINE_CODE.findall(text)]
    for block in _blocks(text):
        specs.extend(_command_lines(block))
    return specs


def stated_numbers(text: str, source: str = "") -> list[StatedNumber]:
    """Every cost and bound the doc states, in the shapes the module's docstring lists."""
    found = _table_costs(text, source)
    for sentence in _sentences(text):
        plain = sentence.replace("**", "")
        if _COST.search(plain):
            for thing, value, unit in _PROSE_PRICE.findall(plain):
                if thing.lower() not in NOT_THINGS and unit.lower() not in NOT_THINGS:
                    found.append(StatedNumber(kind="cost", thing=thing.lower(), unit=unit.lower(),
                                              value=float(value), source=source))  # fmt: skip
        subject = _SUBJECT.search(plain)
        if subject and subject.group(1).lower() not in NOT_THINGS - {"price", "prices", "cost", "costs"}:
            thing = subject.group(1).lower()
            for kind, pattern in (("below", _BELOW), ("above", _ABOVE)):
                found.extend(
                    StatedNumber(kind=kind, thing=thing, value=float(v), source=source)
                    for v in pattern.findall(plain)
                )
    unique = {n.subject: n for n in found}
    return list(unique.values())


def _sentences(text: str) -> list[str]:
    """Prose sentences: lines outside code and tables, joined per paragraph, split at full stops. A list
    item carries the line that introduced its list ('Price list:'): it may say the numbers are prices."""
    paragraphs: list[str] = []
    current: list[str] = []
    inside, intro, in_item = False, "", False
    for line in text.splitlines():
        stripped = line.strip()
        fence = bool(_FENCE.match(line))
        item = not inside and not fence and stripped.startswith(("- ", "* "))
        if fence or inside or stripped.startswith("|") or not stripped or item:
            if current:
                paragraphs.append(" ".join(current))
                if not in_item:
                    intro = paragraphs[-1] if item and paragraphs[-1].endswith(":") else ""
            inside = inside != fence
            current, in_item = ([f"{intro} {stripped[2:]}".strip()], True) if item else ([], False)
            continue
        if not in_item:
            intro = ""
        current.append(stripped)
    if current:
        paragraphs.append(" ".join(current))
    return [s for p in paragraphs for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*`])", p)]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table_costs(text: str, source: str) -> list[StatedNumber]:
    """Costs from markdown tables: the first column names the thing, a column whose header names a cost or
    price gives the amount, with its unit in the header ('Cost (gold)') or in the cell ('10 wood')."""
    found: list[StatedNumber] = []
    lines = text.splitlines()
    for i, line in enumerate(lines[:-1]):
        if not line.lstrip().startswith("|") or not re.fullmatch(r"\|?[\s:|-]+\|?", lines[i + 1].strip()):
            continue
        header = _cells(line)
        for row in lines[i + 2 :]:
            if not row.lstrip().startswith("|"):
                break
            cells = _cells(row)
            names = re.findall(rf"\b{_WORD}\b", cells[0].replace("`", "").lower()) if cells else []
            if len(names) != 1:
                continue  # a row naming several things (or none) does not say which one a number is for
            for title, cell in zip(header[1:], cells[1:], strict=False):
                if not _COST.search(title):
                    continue
                unit = re.search(rf"\(\s*({_WORD})\s*\)", title)
                if unit and re.fullmatch(r"\**\d+\**", cell):
                    found.append(StatedNumber(kind="cost", thing=names[0], unit=unit.group(1).lower(),
                                              value=float(cell.strip("*")), source=source))  # fmt: skip
                elif not unit:
                    found.extend(
                        StatedNumber(
                            kind="cost", thing=names[0], unit=u.lower(), value=float(v), source=source
                        )
                        for v, u in _AMOUNT.findall(cell)
                    )
    return found


def doc_knowledge(game: Game, repo_dir: Path) -> DocKnowledge:
    """QA mode's reading: the manifest's `qa_docs` and its walkthrough, in the game's repository (which the
    loader made without `hidden_paths` and without ground truth)."""
    try:
        walkthrough = game.walkthrough_commands(repo_dir)
    except GameDefinitionError:
        walkthrough = []
    return learn(read_docs(repo_dir, game.manifest.qa_docs), walkthrough)
