"""The command language a game shows: templates read from its `help` reply, filled from the state.

Help texts come in many styles: 'Verbs: look, take <item>, go <direction> (or n/s)', one command a line
('take/pick up + item - Pick up an item'), sections ('Movement: north, south'), enumerations
('build <house|mill>'), ranges ('save <1-3>'), optional arguments ('[n]'). Every style becomes a Template: a
sequence of literal words and slots. Slots are filled from what the game shows: exits, items, the words and
numbers of its state, and the options the help text itself enumerated.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from loop.qa_agents.explorer.vocabulary import related_tokens, state_tokens, tokens_for
from loop.replay import view

DIRECTION_KINDS = ("direction", "dir", "exit", "way")
FREE_TEXT_KINDS = ("word", "text", "phrase", "password", "number", "code", "message")
ITEM_KINDS = ("item", "object")
NUMBER_KINDS = ("n", "number", "num", "amount", "count", "qty", "quantity", "x", "level", "times", "index")
COMPASS = ("north", "south", "east", "west", "up", "down")
# Numbers worth trying where a command takes one: ordinary, then the boundaries games get wrong.
NUMBERS = ("1", "2", "3", "5", "0", "-1", "10", "100", "999999")
MAX_PER_TEMPLATE = 24
# When a game has no usable help: the verbs almost every text game understands.
FALLBACK_HELP = (
    "look, status, inventory, help, go <direction>, take <item>, drop <item>, use <item>, open <thing>, "
    "examine <thing>, wait"
)
# Words that start a description, never a command.
PROSE_WORDS = frozenset({"a", "an", "the", "your", "this", "that", "these", "my", "its", "their", "to", "of"})
_RANGE = re.compile(r"(?<![\w.-])(-?\d+)\s*(?:-|–|\.\.|to)\s*(-?\d+)(?!\w|\.\d)")
MAX_RANGE_SPAN = 1000
_PLACEHOLDER = re.compile(r"<[^<>]{1,40}>|\[[^\[\]]{1,40}\]|\{[^{}]{1,40}\}|\+\s*[a-z][\w-]*", re.IGNORECASE)


@dataclass(frozen=True)
class Slot:
    """An argument: its kind as the help names it, and the options it enumerated (if any)."""

    kind: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Template:
    parts: tuple[str | Slot, ...]

    @property
    def verb(self) -> str:
        return next((p for p in self.parts if isinstance(p, str)), "")

    @functools.cached_property  # asked for each template of each state (a frozen dataclass allows it)
    def slots(self) -> list[Slot]:
        return [p for p in self.parts if isinstance(p, Slot)]


@dataclass
class Verbs:
    """The templates a game announced, in the order it announced them."""

    templates: list[Template] = field(default_factory=list)

    def add(self, template: Template) -> None:
        if template.parts and template not in self.templates:
            self.templates.append(template)

    @property
    def bare(self) -> list[str]:
        return [" ".join(str(p) for p in t.parts) for t in self.templates if not t.slots]

    @property
    def movement(self) -> str | None:
        for template in self.templates:
            slots = template.slots
            if len(slots) == 1 and any(k in slots[0].kind for k in DIRECTION_KINDS):
                return template.verb
        return None

    @property
    def words(self) -> set[str]:
        return {w for t in self.templates for p in t.parts if isinstance(p, str) for w in p.split()}


def _slot(text: str) -> Slot:
    inner = text.strip("<>[]{}+ \t").lower()
    if "|" in inner or "/" in inner:
        options = tuple(o.strip() for o in re.split(r"[|/]", inner) if o.strip())
        expanded: list[str] = []
        for option in options:
            expanded.extend(_range(option) or ([] if option in ("n", "number") else [option]))
        kinds = [o for o in options if not _range(o) and not o.isdigit()]
        kind = "n" if any(_range(o) or o in ("n", "number") for o in options) else "choice"
        return Slot(kind if kind == "n" or not kinds else "choice", tuple(dict.fromkeys(expanded)))
    values = _range(inner)
    if values:
        return Slot("n", tuple(values))
    return Slot(inner)


def _range(text: str) -> list[str]:
    """'1-3' -> the range and its two outside neighbours: 0 1 2 3 4 (a boundary is where bugs live)."""
    match = re.fullmatch(r"(-?\d+)\s*(?:-|\.\.|to)\s*(-?\d+)", text.strip())
    if not match:
        return []
    low, high = int(match.group(1)), int(match.group(2))
    if high < low or high - low > 50:
        return []
    return [str(n) for n in range(low - 1, high + 2)]


def _templates(spec: str) -> list[Template]:
    """One command spec ('take/pick up + item', 'sell <food|wood> <n|all>', 'up/down') as templates."""
    parts: list[str | Slot] = []
    position = 0
    for match in _PLACEHOLDER.finditer(spec):
        parts.extend(spec[position : match.start()].split())
        parts.append(_slot(match.group(0)))
        position = match.end()
    trailing = spec[position:].split()
    # After the arguments, two or more words are a description ('sell <goods> sell from your barn').
    parts.extend(trailing if position == 0 or len(trailing) < 2 else [])
    words = [p for p in parts if isinstance(p, str)]
    if words and (words[0].lower() in PROSE_WORDS or "'" in words[0]):
        return []  # a description's words ('your purse', "today's prices"), not a command
    if not words or not isinstance(parts[0], str) or len(words) > 3:
        return []
    if len(words) == 3 and len(parts) == 3:
        return []  # three words and no argument: prose ('ends the round'), not a command
    if not all(re.fullmatch(r"[a-z][a-z/'-]*", w.lower()) for w in words):
        return []
    lead = [p for p in parts if isinstance(p, str)]
    first_slot = next((i for i, p in enumerate(parts) if isinstance(p, Slot)), len(parts))
    head, tail = " ".join(str(p) for p in parts[:first_slot]).lower(), parts[first_slot:]
    tail = [p.lower() if isinstance(p, str) else p for p in tail]
    alternatives = [a.strip() for a in head.split("/") if a.strip()] if "/" in head else [head]
    if len(lead) > 3:
        return []
    return [Template((*alt.split(), *tail)) for alt in alternatives]


def line_range(line: str) -> tuple[int, int] | None:
    """The one number range a help line gives ('go <floor> ... and 1-8.', '(1-10, default 1)'), if one."""
    found = _RANGE.findall(line[:240])
    if len(found) != 1:
        return None
    low, high = int(found[0][0]), int(found[0][1])
    return (low, high) if low < high <= low + MAX_RANGE_SPAN else None


def _with_range(template: Template, bounds: tuple[int, int]) -> Template:
    """A one-argument template whose argument the help line bounds: try the range and its neighbours."""
    slots = template.slots
    if len(slots) != 1 or slots[0].options or bounds[1] - bounds[0] > 50:
        return template
    values = tuple(_range(f"{bounds[0]}-{bounds[1]}"))
    return Template(tuple(Slot(p.kind, values) if isinstance(p, Slot) else p for p in template.parts))


def parse_help(text: str) -> Verbs:
    """Read the command templates out of a help reply, whatever its layout."""
    verbs = Verbs()
    for line in text.splitlines():
        bounds, known = line_range(line), len(verbs.templates)
        line = re.sub(r"\s+(?:-{1,2}|–|—|:)\s+[A-Z].*$", "", line)  # a description after the command
        line = re.sub(r"\s*(?:\.{3,}|…).*$", "", line)  # a description after dot leaders
        line = re.sub(r"(?<=\w)\s+/\s+(?=\w)", "/", line)  # 'save / restore': aliases spaced round '/'
        line = re.sub(r"\s{2,}\S.*$", "", line.strip())  # a description in a second column
        line = re.sub(r"^[\s*•>#-]+", "", line)
        for sentence in re.split(r"\.\s|\.$", line):
            header, colon, rest = sentence.partition(":")
            if colon and len(header.split()) <= 3:
                sentence = rest
            _parse_sentence(sentence, verbs)
        if bounds is not None:
            verbs.templates[known:] = [_with_range(t, bounds) for t in verbs.templates[known:]]
    return verbs


def _parse_sentence(sentence: str, verbs: Verbs) -> None:
    previous: list[Template] = []
    for piece in re.split(r"(\([^)]*\))|[,;]", sentence):
        if not piece or not piece.strip():
            continue
        piece = piece.strip(" .\t'\"`*")
        if piece.startswith("(") or (piece.endswith(")") and "(" not in piece):
            inner = piece.strip("() ")
            inner = re.sub(r"^or\s+", "", inner)
            if re.fullmatch(r"[a-z]{1,3}", inner) and previous:
                for template in previous:  # 'examine <thing> (x)': an alias with the same arguments
                    verbs.add(Template((inner, *template.parts[len(template.verb.split()) :])))
                continue
            for alias in re.split(r",|\bor\b", inner):
                for template in _templates(alias.strip()):
                    verbs.add(template)
            continue
        previous = _templates(re.sub(r"^or\s+", "", piece))
        for template in previous:
            verbs.add(template)


def fallback_verbs() -> Verbs:
    return parse_help(FALLBACK_HELP)


def _fill(
    slot: Slot,
    state: view.State,
    directions: list[str],
    strict: bool = False,
    heard: tuple[str, ...] = (),
    tokens: list[tuple[str, str]] | None = None,
) -> list[str]:
    kind = slot.kind
    if slot.options:
        numeric = any(o.lstrip("-").isdigit() for o in slot.options)
        return list(dict.fromkeys([*slot.options, *(NUMBERS if kind == "n" and not numeric else ())]))
    if any(k in kind for k in DIRECTION_KINDS):
        return list(dict.fromkeys([*view.exits(state), *directions]))
    if kind in NUMBER_KINDS or re.fullmatch(r"\d+", kind):
        return list(NUMBERS)
    items = list(dict.fromkeys(view.visible_items(state) + view.inventory(state)))
    if any(k in kind for k in ITEM_KINDS) and (view.has_visible_items(state) or view.has_inventory(state)):
        return items  # the state says which items are at hand: other words are not items
    tokens = state_tokens(state) if tokens is None else tokens
    return list(dict.fromkeys([*items, *view.fixtures(state), *heard, *tokens_for(kind, tokens, strict)]))


def candidate_commands(verbs: Verbs, state: view.State, heard: tuple[str, ...] = ()) -> list[str]:
    """Every command worth trying in `state`, in a stable order (the explorer shuffles by its own seed).
    `heard`: names replies gave a number to ("shield 12 coins"), for slots the state cannot fill."""
    directions = [w for w in verbs.bare if w in COMPASS] or list(COMPASS)
    commands: list[str] = []
    movement = verbs.movement
    if movement is None:
        commands.extend(e for e in view.exits(state))
    # Templates share slot kinds and argument words: each is filled, and each word's relatives found, once
    # per state (walking the state for every slot of every template was most of a step's own time).
    tokens = state_tokens(state)
    fills: dict[tuple[Slot, bool], list[str]] = {}
    related: dict[str, list[str]] = {}
    for template in verbs.templates:
        filled: list[str] = [""]
        per_slot = MAX_PER_TEMPLATE if len(template.slots) < 2 else 10
        for part in template.parts:
            if isinstance(part, str):
                options = [part]
            else:
                strict = per_slot < MAX_PER_TEMPLATE
                if (part, strict) not in fills:
                    fills[(part, strict)] = _fill(part, state, directions, strict, heard, tokens)
                options = fills[(part, strict)][:per_slot]
            if not options:
                filled = []
                break
            filled = [
                f"{f} {o}".strip()
                for f in filled
                for o in _with_related(f, options, state, per_slot, related)
            ]
        commands.extend(filled[:MAX_PER_TEMPLATE] if len(template.slots) < 2 else _spread(filled))
    return list(dict.fromkeys(c for c in commands if 0 < len(c) <= 200))


def _with_related(
    before: str, options: list[str], state: view.State, limit: int, known: dict[str, list[str]] | None = None
) -> list[str]:
    """A later argument's options: first the words related to the argument before it, then the rest.
    `known`: the relatives already found in this state, by word."""
    words = before.split()
    if len(words) < 2 or not options:
        return options
    known = {} if known is None else known
    if words[-1] not in known:
        known[words[-1]] = related_tokens(state, words[-1])
    return list(dict.fromkeys([*known[words[-1]][: limit // 2], *options]))[: len(options)]


def _spread(commands: list[str]) -> list[str]:
    """An even sample of a long product list, so a two-argument command is not only its first argument."""
    if len(commands) <= MAX_PER_TEMPLATE:
        return commands
    step = len(commands) / MAX_PER_TEMPLATE
    return [commands[int(i * step)] for i in range(MAX_PER_TEMPLATE)]
