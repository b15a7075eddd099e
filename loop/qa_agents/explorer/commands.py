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
from typing import Any

from loop.qa_agents.explorer.shouted import as_help_lines
from loop.qa_agents.explorer.vocabulary import (
    apposed,
    counted_stems,
    is_counted,
    kind_tokens,
    related_tokens,
    state_tokens,
    tokens_for,
)
from loop.replay import view

DIRECTION_KINDS = ("direction", "dir", "exit", "way")
FREE_TEXT_KINDS = ("word", "text", "phrase", "password", "number", "code", "message")
ITEM_KINDS = ("item", "object")
PLACE_KINDS = ("place", "room", "location", "where")
PERSON_KINDS = ("person", "who", "someone", "somebody", "character", "npc", "suspect", "witness", "people")
NUMBER_KINDS = (
    "n", "number", "num", "amount", "count", "qty", "quantity", "x", "y", "z", "row", "col", "column",
    "level", "times", "index",
)  # fmt: skip
# A word of a quoted example command, to be varied with the names beside it in the state ('like loaf').
LIKE = "like "
# The second argument a refusal asked for ('Give what to whom?'): never a kind a help spells.
ASKED_TARGET = "asked target"
# An argument that is a record's id ('piece=<id>', 'sell <no>'): the ids the state's records carry.
ID_KINDS = ("id", "no", "#", "ref")
COMPASS = ("north", "south", "east", "west", "up", "down")
# Arguments that are a number to key in ('type <code>'): numbers, and a few the length of a keypad's code.
CODE_KINDS = ("code", "pin", "combination", "digits", "passcode")
CODES = ("1234", "0000", "9999")
# An argument that is a place on a grid ('<x,y>'): the coordinates the state shows, and their neighbours.
COORDINATE_KINDS = ("x,y", "x, y", "row,col", "coord", "coords", "coordinates", "position", "tile", "cell")
_COORDINATE = re.compile(r"(-?\d{1,3}),\s?(-?\d{1,3})")
MAX_COORDINATES = 24
# Numbers worth trying where a command takes one: ordinary, then the boundaries games get wrong.
NUMBERS = ("1", "2", "3", "5", "0", "-1", "10", "100", "999999")
# Arguments named by a unit are an amount of it ('wait <minutes>', 'pour <litres>').
UNIT_KINDS = frozenset(
    {"seconds", "minutes", "mins", "hours", "hrs", "days", "nights", "weeks", "turns", "steps", "kg", "grams",
     "litres", "liters", "metres", "meters", "miles", "coins", "pence", "crowns", "dollars"}
)  # fmt: skip
MAX_PER_TEMPLATE = 24
MAX_SIBLINGS = 8
_ARTICLE = re.compile(r"^(?:a|an|the|some) ")  # 'An empty tin' is typed 'the empty tin' in an example
# When a game has no usable help: the verbs almost every text game understands.
FALLBACK_HELP = (
    "look, status, inventory, help, go <direction>, take <item>, drop <item>, use <item>, open <thing>, "
    "examine <thing>, wait"
)
# Words that start a description, never a command.
PROSE_WORDS = frozenset({"a", "an", "the", "your", "this", "that", "these", "my", "its", "their", "to", "of"})
_RANGE = re.compile(r"(?<![\w.-])(-?\d+)\s*(?:-|–|\.\.|to)\s*(-?\d+)(?!\w|\.\d)")
MAX_RANGE_SPAN = 1000
# The step a range goes in: 'in steps of 10', '(10 L steps)', 'multiples of 5'.
_STRIDE = re.compile(
    r"\b(?:in steps of|steps of|multiples of)\s+(\d+)\b|\b(\d+)(?:\s*[a-z]{1,3})?\s+steps\b", re.I
)
_CAPITAL_PLACEHOLDER = re.compile(r"(?<![\w<\[{])[A-Z][A-Z_]+(?![\w>\]}])")
_PLACEHOLDER = re.compile(r"<[^<>]{1,40}>|\[[^\[\]]{1,40}\]|\{[^{}]{1,40}\}|\+\s*[a-z][\w-]*", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
RECORD_ID = r"[a-z][a-z-]*\d[a-z0-9-]*"  # a record's id: 'g-001', 'r12', 'c1'
_ID = re.compile(RECORD_ID)
# Commands some games type behind a sigil ('/checkin <guest>', '!roll'); '?' alone is a help.
SIGILS = "/!"
SIGIL = f"[{re.escape(SIGILS)}]"  # one sigil, in a pattern
GLUE = "\u2060"  # marks a symbol typed with no space around it ('a>b')
# A help line of two columns whose command is a key of symbols ('.   rest a turn', '>   go down').
_SYMBOL_KEY = re.compile(r"^\s*([^\w\s\[(`'\"|+*•-][^\w\s\[(`'\"|]?)\s{2,}\w")
# A command and a one-letter argument in the first column, its description after ('d x      drop item x').
_LETTER_ARGUMENT = re.compile(r"^(\s*[a-z][\w-]*)\s+([a-z])(\s{2,})(\S.*)$", re.IGNORECASE)
_CUE = re.compile(r"^\s*(?:type|say)\s+(?=[a-z])|^\s*(?:type|say|ask|enter|use)\s+(?=[?/!])", re.IGNORECASE)
_COMMAND_WORD = re.compile(SIGIL + r"?[a-z][a-z/'-]*=?|\?")
# 'Orders: <climber> <order> [args]': every command is given to someone, named first.
_ADDRESSED = re.compile(r"<([a-z][\w -]{0,20})>\s+<(?:order|command|action|cmd)s?>", re.IGNORECASE)
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
# a long description, then the command: 'Buy supplies for the pantry: /buy <supply> <amount>'
_COMMAND_AFTER = re.compile(
    r"\s*" + SIGIL + r"[a-z]|\s*[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+[<\[]", re.IGNORECASE
)
# Arguments separated by a comma ('load <parcel>, <rider>'): typed 'load p3, ada'.
_COMMA = "\u2063"
_COMMA_BETWEEN = re.compile(r"(?<=[>\]])\s*,\s*(?=[<\[])")
_HEADER_COLON = re.compile(f"(?<!{GLUE}):(?!{GLUE})")
# A symbol written against a placeholder ('#<n>', '@<name>'): typed against the argument ('#3').
_PREFIX = re.compile(r"[#@$%&~^*]{1,2}")
_NAMED_ARGUMENT = re.compile(r"(?<![\w:])([a-z][\w-]*):(?=[<\[])", re.IGNORECASE)
_COLUMNS = re.compile(r"\S\s{2,}\S")  # a command, a gap of spaces, its description
# A markdown table's row: its first cell (a '|' inside a placeholder or a code span does not end it).
_CELL_TEXT = r"((?:`[^`]*`|<[^<>]*>|\[[^\[\]]*\]|[^|])*)"
_CELL = _CELL_TEXT + r"\|"
_TABLE_ROW = re.compile(r"^\s*\|" + _CELL + "(?:" + _CELL + ")?")
# A table drawn without its outer border ('buy   | <code>  | Buys a fleece'): three cells or more, the bars
# spaced apart from them (a bar against a word joins aliases or options: 'get|take', 'bait|fuel').
_SPACED_CELL = _CELL_TEXT + r"\s\|(?=\s)"
_INNER_TABLE_ROW = re.compile(r"^\s*(?=[^|\s])" + _SPACED_CELL + _SPACED_CELL)
_TABLE_RULE = re.compile(r"^\s*[|+]?[\s:|+=-]+[|+]?\s*$")  # '|---|', '+----+----+'
# A table drawn in box characters read as one drawn in ASCII: '│ SELL <n> │' as '| SELL <n> |'.
_BOX_AS_ASCII = str.maketrans({**dict.fromkeys("│┃║", "|"), **dict.fromkeys("─━═┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╞╡╪", "-")})
# A second cell that holds arguments ('| SET | <S1|S2|S3> <GREEN|RED> | ...'): they belong to the command.
_ARGUMENT_CELL = re.compile(r"^\s*[<\[]")


@dataclass(frozen=True)
class Slot:
    """An argument: its kind as the help names it, and the options it enumerated (if any)."""

    kind: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Template:
    parts: tuple[str | Slot, ...]

    @functools.cached_property  # asked for each template at every step
    def verb(self) -> str:
        return next((p for p in self.parts if isinstance(p, str)), "")

    @functools.cached_property  # asked for each template of each state (a frozen dataclass allows it)
    def slots(self) -> list[Slot]:
        return [p for p in self.parts if isinstance(p, Slot)]


def _widens(wide: Template, narrow: Template) -> bool:
    """Is `wide` the form of `narrow` with some of its enumerated arguments left open?"""
    if wide == narrow or len(wide.parts) != len(narrow.parts):
        return False
    opened = False
    for w, n in zip(wide.parts, narrow.parts, strict=True):
        if isinstance(w, str) or isinstance(n, str):
            if w != n:
                return False
        elif n.options and not w.options:
            opened = True
        elif w != n:
            return False
    return opened


@dataclass
class Verbs:
    """The templates a game announced, in the order it announced them; `version` counts the changes (the
    explorer adds the verbs it finds in play and drops those the game answers like a nonsense word)."""

    templates: list[Template] = field(default_factory=list)
    version: int = 0
    _cached: tuple[int, set[str], set[str]] = field(
        default_factory=lambda: (-1, set(), set()), repr=False, compare=False
    )
    _retired: set[Template] = field(default_factory=set, repr=False, compare=False)
    _literal: tuple[int, frozenset[str]] = field(
        default_factory=lambda: (-1, frozenset()), repr=False, compare=False
    )

    def add(self, template: Template) -> None:
        if template.parts and template not in self.templates and template not in self._retired:
            self.templates.append(template)
            self.version += 1

    def narrow(self, usage: Template) -> None:
        """A refusal's usage line enumerates what an argument may be (`USAGE: HOLD <T1|T2|T3>`): it replaces a
        template of the same form that left that argument open (`hold <train>`, filled with every name)."""
        for template in list(self.templates):
            if _widens(template, usage):
                self.remove(template)
        self.add(usage)

    def remove(self, template: Template) -> None:
        """Drop a template for good: a help read again does not bring it back."""
        self._retired.add(template)
        if template in self.templates:
            self.templates.remove(template)
            self.version += 1

    @property
    def bare(self) -> list[str]:
        return [" ".join(str(p) for p in t.parts) for t in self.templates if not t.slots]

    @property
    def literal(self) -> frozenset[str]:
        """The commands of several words spelled out whole ('go market'), kept per version."""
        if self._literal[0] != self.version:
            self._literal = (self.version, frozenset(b for b in self.bare if " " in b))
        return self._literal[1]

    @property
    def movement(self) -> str | None:
        for template in self.templates:
            slots = template.slots
            if len(slots) == 1 and any(k in slots[0].kind for k in DIRECTION_KINDS):
                return template.verb
        return None

    @property
    def words(self) -> set[str]:
        return self._vocabulary()[0]

    @property
    def placeholders(self) -> set[str]:
        """The words of the slots' kinds ('item', 'direction'): placeholders, never a thing's name."""
        return self._vocabulary()[1]

    def _vocabulary(self) -> tuple[set[str], set[str]]:
        if self._cached[0] != self.version:  # asked after every step
            words = {w for t in self.templates for p in t.parts if isinstance(p, str) for w in p.split()}
            kinds = {w for t in self.templates for slot in t.slots for w in slot.kind.split()}
            self._cached = (self.version, words, kinds)
        return self._cached[1], self._cached[2]


def _slot(text: str) -> Slot:
    inner = text.strip("<>[]{}+ \t").lower()
    if "|" in inner or "/" in inner:
        options = tuple(o.strip() for o in re.split(r"[|/]", inner) if o.strip())
        expanded: list[str] = []
        for option in options:
            expanded.extend(range_values(option) or ([] if option in ("n", "number") else [option]))
        kinds = [o for o in options if not range_values(o) and not o.isdigit()]
        kind = "n" if any(range_values(o) or o in ("n", "number") for o in options) else "choice"
        return Slot(kind if kind == "n" or not kinds else "choice", tuple(dict.fromkeys(expanded)))
    values = range_values(inner)
    if values:
        return Slot("n", tuple(values))
    return Slot(inner)


def _named_by_word_before(parts: list[str | Slot], at: int) -> str | Slot:
    """A one-letter argument after a word is of that word's kind ('row <R>': a row); 'n', 'x' stay numbers."""
    part, before = parts[at], parts[at - 1] if at > 1 else None
    if not isinstance(part, Slot) or len(part.kind) != 1 or part.options or part.kind in NUMBER_KINDS:
        return part
    return (
        Slot(before.lower())
        if isinstance(before, str) and re.fullmatch(r"[a-z]{3,}", before.lower())
        else part
    )


def range_values(text: str) -> list[str]:
    """'1-3' -> the range and its two outside neighbours: 0 1 2 3 4 (a boundary is where bugs live)."""
    match = re.fullmatch(r"(-?\d+)\s*(?:-|\.\.|to)\s*(-?\d+)", text.strip())
    if not match:
        return []
    low, high = int(match.group(1)), int(match.group(2))
    if high < low or high - low > MAX_RANGE_SPAN:
        return []
    if high - low > 50:  # a wide range: its edges, their neighbours and its middle
        edges = [low - 1, low, low + 1, (low + high) // 2, high - 1, high, high + 1]
        return [str(n) for n in dict.fromkeys(edges)]
    return [str(n) for n in range(low - 1, high + 2)]


# An optional flag and its value ('[--room <room>]', '[--keys 1|2]', '[-n N]').
_OPTIONAL_FLAG = re.compile(r"\[\s*(--?[a-z][\w-]*)(?:[ =]([^\[\]]{1,30}))?\s*\]", re.IGNORECASE)
_FLAG = re.compile(r"--?[a-z][\w-]*", re.IGNORECASE)


# A verb in capitals and its arguments in lower case ('LEND book member', 'PAY member amount').
_SHOUTED_VERB = re.compile(r"\s*([A-Z][A-Z-]{1,})((?:\s+[a-z][a-z_-]*){1,3})\s*")
# A short code, then the command it stands for ('LE  LEND book member ..... lend a book').
_CODE_THEN_COMMAND = re.compile(
    r"^\s*([A-Z]{1,3})\s{2,}([A-Z]{2,}(?:\s[a-z][\w-]*){0,3})(?=\s{2,}|\s*\.{2,}|\s*$)"
)
_ENUMERATED_AFTER = re.compile(
    r"^(\s*\S+\s+(?:\S+\s+)*?)([a-z][\w-]*(?:\|[a-z0-9][\w-]*)+)(?=\s|$)", re.IGNORECASE
)


def _with_flags(spec: str) -> list[str]:
    """A spec with optional flags ('checkin <guest> [--room <room>] [--keys 1|2]') as the command without
    them and the command with each one alone; a flag's bare options become an argument ('--keys <1|2>')."""
    flags = _OPTIONAL_FLAG.findall(spec)
    if not flags:
        return [spec]
    required = re.sub(r"\s+", " ", _OPTIONAL_FLAG.sub(" ", spec)).strip()
    variants = [required]
    for flag, value in flags:
        value = value.strip()
        if value and not _PLACEHOLDER.fullmatch(value) and ("|" in value or value.isupper()):
            value = f"<{value.lower()}>"
        variants.append(f"{required} {flag} {value}".strip())
    return variants


def _templates(spec: str) -> list[Template]:
    """One command spec ('take/pick up + item', 'sell <food|wood> <n|all>', 'up/down') as templates. A word in
    capitals after a lower-case verb is a placeholder too ('take ITEM', 'give ITEM to NAME'), and so is a
    word in lower case after a verb in capitals ('LEND book member')."""
    variants = _with_flags(spec)
    if len(variants) > 1:
        return [t for variant in variants for t in _templates(variant)]
    shouted = _SHOUTED_VERB.fullmatch(spec)
    if shouted:
        spec = shouted.group(1) + "".join(f" <{word}>" for word in shouted.group(2).split())
    if re.match(r"\s*[a-z]", spec):  # a command spelled in lower case; prose opens with a capital
        spec = _CAPITAL_PLACEHOLDER.sub(lambda m: f"<{m.group(0).lower()}>", spec)
    # Options joined by '|' after the command's first word are an argument ('buy bait|fuel|net',
    # '<crowns>|all').
    spec = _ENUMERATED_AFTER.sub(lambda m: f"{m.group(1)}<{m.group(2)}>", spec)
    spec = re.sub(r"<([^<>|]+)>\|(\w+(?:\|\w+)*)", r"<\1|\2>", spec)
    # Aliases joined by '|' outside an argument ('get|take|grab <thing>') are aliases joined by '/'.
    spec = "".join(
        piece if _PLACEHOLDER.fullmatch(piece) else piece.replace("|", "/")
        for piece in re.split(f"({_PLACEHOLDER.pattern})", spec, flags=re.IGNORECASE)
    )
    # 'Type help <topic>', 'say hello', 'Ask ? <topic>': the command is what follows the cue.
    spec = _CUE.sub("", spec)
    spec = _glue_named(spec)  # 'item:<name>' typed 'item:sand'
    parts: list[str | Slot] = []
    bracketed: set[int] = set()  # the parts in brackets: arguments that may be left out ('refuel [units]')
    position = 0
    for match in _PLACEHOLDER.finditer(spec):
        before = spec[position : match.start()].split()
        if before and not spec[match.start() - 1].isspace() and _PREFIX.fullmatch(before[-1]):
            before[-1] = prefixed(before[-1])  # 'salt #<n>': typed 'salt #3'
        parts.extend(before)
        if match.group(0).startswith("["):
            bracketed.add(len(parts))
        parts.append(_slot(match.group(0)))
        position = match.end()
    trailing = spec[position:].split()
    # After the arguments, two or more words are a description ('sell <goods> sell from your barn').
    parts.extend(trailing if position == 0 or len(trailing) < 2 else [])
    parts = [_named_by_word_before(parts, i) for i in range(len(parts))]
    parts = [glued(", ") if p == _COMMA else p for p in parts]
    optional = 0
    while len(parts) - 1 - optional in bracketed:
        optional += 1
    words = [p for p in parts if isinstance(p, str) and GLUE not in p]
    if words and (words[0].lower() in PROSE_WORDS or "'" in words[0]):
        return []  # a description's words ('your purse', "today's prices"), not a command
    # a command may join two or more arguments with words ('sell <n> tickets for row <row>'); one argument
    # among many words is prose
    most_words = 6 if sum(isinstance(p, Slot) for p in parts) >= 2 else 3
    if not words or not isinstance(parts[0], str) or len(words) > most_words:
        return []
    if len(words) == 3 and len(parts) == 3:
        return []  # three words and no argument: prose ('ends the round'), not a command
    if not _COMMAND_WORD.fullmatch(words[0].lower()) or not all(
        _COMMAND_WORD.fullmatch(w.lower()) or _FLAG.fullmatch(w) for w in words[1:]
    ):
        return []
    first_slot = next((i for i, p in enumerate(parts) if isinstance(p, Slot)), len(parts))
    head, tail = " ".join(str(p) for p in parts[:first_slot]).lower(), parts[first_slot:]
    tail = [p.lower() if isinstance(p, str) else p for p in tail]
    sigil = head[0] if head[:1] in SIGILS and len(head) > 1 else ""
    body = head.removeprefix(sigil)
    alternatives = [sigil + a.strip().lstrip(SIGILS) for a in body.split("/") if a.strip()] or [head]
    templates = [Template((*alt.split(), *tail)) for alt in alternatives]
    # Arguments in brackets at the end may be left out: the command without them is one too; so may one in
    # brackets between others ('take [number] <item> from <place>').
    shorter = [Template(t.parts[: len(t.parts) - optional]) for t in templates if optional]
    inner = [i for i in bracketed if i < len(parts) - 1 - optional and isinstance(parts[i], Slot)]
    if inner and len(tail) > 1:
        slot = parts[inner[0]]
        shorter += [Template(tuple(p for p in t.parts if p is not slot)) for t in templates]
    return [t for t in shorter if any(isinstance(p, str) for p in t.parts)] + templates


def line_range(line: str) -> tuple[int, int] | None:
    """The one number range a help line gives ('go <floor> ... and 1-8.', '(1-10, default 1)'), if one."""
    found = _RANGE.findall(line[:240])
    if len(found) != 1:
        return None
    low, high = int(found[0][0]), int(found[0][1])
    return (low, high) if low < high <= low + MAX_RANGE_SPAN else None


def with_range(template: Template, bounds: tuple[int, int], line: str = "") -> Template:
    """A template whose argument the help line bounds: try the range and its neighbours. Of several
    arguments, the range is that of the numbers among them ('move <unit> <x> <y>, x and y from 0 to 6'), or
    of the one the word before the range names ('sort <item> <hole> ... into pigeonhole 1-4')."""
    slots = template.slots
    if bounds[1] - bounds[0] > 50 or not slots:
        return template
    if len(slots) == 1:
        bounded = [s for s in slots if not s.options]
    else:
        bounded = [s for s in slots if not s.options and s.kind in NUMBER_KINDS]
        if not bounded:
            before = re.search(rf"([a-z]+)\s+{bounds[0]}\s*(?:-|–|\.\.|to)", line.lower())
            word = before.group(1) if before else ""
            bounded = [s for s in slots if not s.options and len(s.kind) > 2 and word.endswith(s.kind)]
    if not bounded:
        return template
    values = tuple(range_values(f"{bounds[0]}-{bounds[1]}"))
    stride = _STRIDE.search(line)
    if stride is not None:  # '20 to 60 L (10 L steps)': the steps and the edges' outside neighbours
        every = int(stride.group(1) or stride.group(2))
        if 1 < every <= bounds[1] - bounds[0]:
            inside = range(bounds[0], bounds[1] + 1, every)
            values = tuple(str(n) for n in dict.fromkeys([bounds[0] - 1, *inside, bounds[1], bounds[1] + 1]))
    return Template(tuple(Slot(p.kind, values) if p in bounded else p for p in template.parts))


def _share_ranges(verbs: Verbs) -> None:
    """An argument kind one help line bounds ('<hole>', pigeonhole 1-4) has that range wherever it stands
    ('load <hole>' on a line of its own)."""
    ranged = {
        p.kind: p.options
        for t in verbs.templates
        for p in t.parts
        if isinstance(p, Slot) and p.options and p.kind not in NUMBER_KINDS and p.kind != "choice"
    }
    if ranged:
        verbs.templates = [
            Template(
                tuple(
                    Slot(p.kind, ranged[p.kind])
                    if isinstance(p, Slot) and not p.options and p.kind in ranged
                    else p
                    for p in t.parts
                )
            )
            for t in verbs.templates
        ]


def parse_help(text: str) -> Verbs:
    """Read the command templates out of a help reply, whatever its layout."""
    verbs = Verbs()
    for line in as_help_lines(text.translate(_BOX_AS_ASCII)).splitlines():
        bounds, known = line_range(line), len(verbs.templates)
        if _TABLE_RULE.match(line):
            continue
        row = _TABLE_ROW.match(line) or _INNER_TABLE_ROW.match(line)
        if row:
            first, second = row.group(1), row.group(2) or ""
            line = f"{first.strip()} {second.strip()}" if _ARGUMENT_CELL.match(second) else first
        spans = _CODE_SPAN.findall(line)
        if spans:  # commands written as code ('`move <unit> <x> <y>` | walks a unit'): those, not the prose
            for span in spans:
                _parse_sentence(span, verbs)
        if not spans or _COLUMNS.search(line.split("`", 1)[0].strip()):
            _parse_line(line, verbs)  # a command column, the code only in its description ('(see `look`)')
        if bounds is not None:
            verbs.templates[known:] = [with_range(t, bounds, line) for t in verbs.templates[known:]]
    _share_ranges(verbs)
    addressed = _ADDRESSED.search(text)
    if addressed:  # each command also given to someone by name, first ('mira take rope 2')
        someone = Slot(addressed.group(1).strip().lower())
        verbs.templates = [
            t for template in verbs.templates for t in (Template((someone, *template.parts)), template)
        ]
    return verbs


def _parse_line(line: str, verbs: Verbs) -> None:
    """One help line in prose or columns: the command, its description cut off."""
    symbol = _SYMBOL_KEY.match(line)
    if symbol:  # '>        go down a staircase': a key of symbols is the command
        verbs.add(Template((symbol.group(1),)))
        return
    coded = _CODE_THEN_COMMAND.match(line)
    if coded:  # 'LE  LEND book member': the command, and its code with the same arguments
        code, command = coded.groups()
        for spec in (command, " ".join([code, *command.split()[1:]])):
            for template in _templates(spec):
                verbs.add(template)
        return
    line = _LETTER_ARGUMENT.sub(_named_letter, line)
    line = _glue_named(line)  # no header's colon: 'qty:<n>'
    line = re.sub(r"\s+(?:-{1,2}|–|—|:)\s+[A-Z].*$", "", line)  # a description after the command
    line = re.sub(r"\s*(?:\.{3,}|…).*$", "", line)  # a description after dot leaders
    line = re.sub(r"(?<=\w)\s+/\s+(?=\w)", "/", line)  # 'save / restore': aliases spaced round '/'
    line = re.sub(r"\s{2,}\S.*$", "", line.strip())  # a description in a second column
    line = re.sub(r"^[\s*•>#-]+", "", line)
    for sentence in re.split(r"\.\s|\.$", line):
        _parse_sentence(_after_header(sentence), verbs)


def _glue_named(text: str) -> str:
    """Arguments written `name:value` ('qty:<n>') with their colon glued to the value, typed 'qty:3'."""
    return _NAMED_ARGUMENT.sub(lambda m: m.group(1) + glued(":"), text)


def _after_header(sentence: str) -> str:
    """'Moving: go <dir>': the command after a short header, or after a long description when it is one
    (a colon glued into an argument, 'qty:<n>', is no header's)."""
    colon = _HEADER_COLON.search(sentence)
    if colon is None:
        return sentence
    header, rest = sentence[: colon.start()], sentence[colon.end() :]
    return rest if len(header.split()) <= 3 or _COMMAND_AFTER.match(rest) else sentence


def _named_letter(line: re.Match[str]) -> str:
    """'d x      drop item x': the letter is an item, a placeholder ('d <item>'); else the line as it was."""
    command, letter, gap, description = line.groups()
    named = re.search(rf"\b([a-z]{{3,}}) {letter}\b", description)
    return f"{command} <{named.group(1)}>{gap}{description}" if named else line.group(0)


def _parse_sentence(sentence: str, verbs: Verbs) -> None:
    previous: list[Template] = []
    sentence = _COMMA_BETWEEN.sub(f" {_COMMA} ", sentence)  # 'load <parcel>, <rider>': one command
    for piece in re.split(r"(\([^)]*\))|[,;]|\s\|\s", sentence):  # 'go orchard | go market': two
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


@dataclass
class Shown:
    """What one state offers a template's arguments, gathered once per state: its tokens, the names replies
    gave (`heard`; `marked`: those a reply quoted, bracketed or capitalised) and the directions to try."""

    state: view.State
    directions: list[str]
    heard: tuple[str, ...] = ()
    marked: frozenset[str] = frozenset()
    tokens: list[tuple[str, str]] = field(default_factory=list)
    described: tuple[str, ...] = ()  # the things this place's descriptions named

    @functools.cached_property
    def counted(self) -> frozenset[str]:
        return counted_stems(self.state)

    @functools.cached_property
    def names_heard(self) -> list[str]:
        """The names replies gave, in the order heard."""
        return list(self.heard)

    @functools.cached_property
    def values(self) -> set[str]:
        return {t for _, t in self.tokens}

    @functools.cached_property
    def listed(self) -> list[str]:
        """The names the state keeps in lists of names (the people here, the exits), each name and role."""
        lists = [v for v in self.state.values() if isinstance(v, list) and v]
        names = [n for v in lists if all(isinstance(x, str) for x in v) for n in v[:MAX_SIBLINGS]]
        parts = [part for name in names for part in (apposed(name) or [name.lower()]) if len(part) <= 40]
        return [_ARTICLE.sub("", part) for part in parts]


def _fill(slot: Slot, shown: Shown, strict: bool = False) -> list[str]:
    kind, state, tokens = slot.kind, shown.state, shown.tokens
    if slot.options:
        numeric = any(o.lstrip("-").isdigit() for o in slot.options)
        if kind not in ("choice", "n"):
            return list(slot.options)  # the members of a kind a game listed ('Topics: night, plates')
        filled = [_option(option, shown) for option in slot.options]
        # each option as written first ('buy bait|fuel|net'), then what one stands for ('repay <credits>')
        written = [option for option, values in zip(slot.options, filled, strict=True) if option in values]
        options = [*written, *(v for values in filled for v in values)]
        return list(dict.fromkeys([*options, *(NUMBERS if kind == "n" and not numeric else ())]))
    if kind.startswith(LIKE):
        return _siblings(kind.removeprefix(LIKE), shown)
    if any(k in kind for k in DIRECTION_KINDS):
        return list(dict.fromkeys([*view.exits(state), *shown.directions]))
    if kind == ASKED_TARGET:  # a second argument a refusal asked for: where it is typed, then what is at hand
        where = [view.place(state).lower()] if view.place(state) else []
        at_hand = [i.lower() for i in view.inventory(state) + view.visible_items(state)]
        if strict:  # beside other arguments: few options, or the product never pairs the right ones
            return list(dict.fromkeys([*where, *at_hand]))[:4]
        fixtures, heard = view.fixtures(state), shown.names_heard
        return list(dict.fromkeys([*where, *at_hand, *fixtures, *heard, *tokens_for(kind, tokens)]))
    if kind in PLACE_KINDS and view.place(state):
        here = view.place(state).lower()  # a command naming where it is typed ('take coins from barn')
        if strict:
            return list(dict.fromkeys([here, *here.split()[-1:]]))
        return list(dict.fromkeys([here, *here.split()[-1:], *tokens_for(kind, tokens, strict)]))
    if kind in NUMBER_KINDS or kind in UNIT_KINDS or re.fullmatch(r"\d+", kind):
        return list(NUMBERS)
    if kind in CODE_KINDS:  # the codes the state's records carry ('lots': [{'code': 'c3ed'}]), then guesses
        return list(dict.fromkeys([*record_ids(state, keys=CODE_KINDS)[:MAX_SIBLINGS], *CODES, *NUMBERS]))
    if kind in ID_KINDS:  # 'piece=<id>': the ids the state's records carry, numbers or names, then numbers
        return list(dict.fromkeys([*record_ids(state), *kind_tokens(kind, tokens), *NUMBERS]))
    if kind in COORDINATE_KINDS:
        return coordinates(state)
    named = kind_tokens(kind, tokens)
    if not named and is_counted(kind, shown.counted):
        return list(NUMBERS)
    items = [i.lower() for i in dict.fromkeys(view.visible_items(state) + view.inventory(state))]
    if any(k in kind for k in ITEM_KINDS) and (view.has_visible_items(state) or view.has_inventory(state)):
        # The state says which items are at hand; of the names replies gave, those they marked as names
        # ([LAMP], 'rope') come after them (what a trader sells), never prose words.
        at_hand = [*named, *items, *(h for h in shown.heard if h in shown.marked)]
        if at_hand:
            return list(dict.fromkeys(at_hand))
        # Empty hands and nothing here: the item is one the state keeps in a list of records ('M1' in the
        # sack), not a place's own id.
        return list(dict.fromkeys(listed_ids(state)))
    rest = tokens_for(kind, tokens, strict)
    if kind in PERSON_KINDS:  # people go by their names: 'Jory Hext' of the state, 'Martha Pengelly' heard
        heard = [part for h in shown.heard if h in shown.marked for part in (h, *h.split()[:1])]
        named = [*named, *proper_names(state), *heard]
    # A kind the state keeps under no key of its name ('<guest>' beside a lobby of records): the ids of the
    # records it lists come before the words replies gave.
    ids = [] if named else listed_ids(state)[:MAX_SIBLINGS]
    return list(dict.fromkeys([*named, *items, *view.fixtures(state), *ids, *shown.names_heard, *rest]))


_PROPER_NAME = re.compile(r"[A-Z][a-z'-]+(?: [A-Z][a-z'-]+){1,2}")


def proper_names(value: object, depth: int = 0) -> list[str]:
    """The names of people the state keeps ('Jory Hext'), each whole, by its first word and by the key of
    the record that holds it ('jory': {'name': 'Jory Hext'})."""
    if depth > 6:
        return []
    if isinstance(value, str):
        if not _PROPER_NAME.fullmatch(value.strip()):
            return []
        name = value.strip().lower()
        return [name, name.split()[0]]
    if isinstance(value, dict):
        found = []
        for inner_key, inner in value.items():
            names = proper_names(inner, depth + 1)
            if (
                isinstance(inner, dict)
                and str(inner_key).isalpha()
                and any(isinstance(v, str) and _PROPER_NAME.fullmatch(v.strip()) for v in inner.values())
            ):
                names = [str(inner_key).lower(), *names]
            found += names
        return found
    if isinstance(value, list):
        return [n for inner in value[:50] for n in proper_names(inner, depth + 1)]
    return []


def record_ids(value: object, depth: int = 0, keys: tuple[str, ...] = ID_KINDS) -> list[str]:
    """The ids the state's records carry ('store': [{'id': 1, ...}]: '1'), in the order shown; with `keys`,
    the values under those keys instead ('auction': [{'code': '5837', ...}]: '5837')."""
    if depth > 6:
        return []
    if isinstance(value, dict):
        inside = [i for inner in value.values() for i in record_ids(inner, depth + 1, keys)]
        return _own_ids(value, keys) + inside
    if isinstance(value, list):
        return [i for inner in value[:50] for i in record_ids(inner, depth + 1, keys)]
    return []


def _own_ids(record: dict[Any, Any], keys: tuple[str, ...] = ID_KINDS) -> list[str]:
    """The ids a record carries itself ({'id': 'M1', ...}: 'm1'), not those of the records inside it."""
    return [str(v).lower() for k, v in record.items() if k.lower() in keys and isinstance(v, int | str)]


def listed_ids(value: object, depth: int = 0) -> list[str]:
    """The ids of the records the state keeps in lists ('sack': [{'id': 'M1', ...}]: 'm1')."""
    if depth > 6:
        return []
    if isinstance(value, dict):
        return [i for inner in value.values() for i in listed_ids(inner, depth + 1)]
    if isinstance(value, list):
        found: list[str] = []
        for inner in value[:50]:
            found += (_own_ids(inner) if isinstance(inner, dict) else []) + listed_ids(inner, depth + 1)
        return found
    return []


def coordinates(state: view.State) -> list[str]:
    """'x,y' for every place on a grid the state shows (keys and values like '2,3', pairs like [2, 3]), then
    those one step away: where something is, and where something could go."""
    found: list[tuple[int, int]] = []
    _grid_points(state, found, 0)
    near = [(x + dx, y + dy) for x, y in found for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))]
    return list(dict.fromkeys(f"{x},{y}" for x, y in [*found, *near]))[:MAX_COORDINATES]


def _grid_points(value: object, found: list[tuple[int, int]], depth: int) -> None:
    if depth > 6 or len(found) > MAX_COORDINATES:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            _grid_points(str(key), found, depth + 1)
            _grid_points(inner, found, depth + 1)
    elif isinstance(value, list):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            found.append((value[0], value[1]))
        else:
            for inner in value[:50]:
                _grid_points(inner, found, depth + 1)
    elif isinstance(value, str):
        match = _COORDINATE.fullmatch(value.strip())
        if match:
            found.append((int(match.group(1)), int(match.group(2))))


def _siblings(word: str, shown: Shown) -> list[str]:
    """A word of an example and the names the state keeps where it keeps that word ('loaf' in a list of
    recipes and as a key of prices: the other recipes); where the state does not keep it, the names replies
    gave. A coordinate ('2,3') goes through the grid's coordinates."""
    if _COORDINATE.fullmatch(word):
        return list(dict.fromkeys([word, *coordinates(shown.state)]))[:MAX_SIBLINGS]
    paths = {path for path, token in shown.tokens if token == word}
    if paths:
        siblings = list(dict.fromkeys([word, *(token for path, token in shown.tokens if path in paths)]))
        # A record's id ('g-001') has a twin of its shape that no record carries ('g-999'): how a game
        # answers an id it does not know is where it breaks.
        unknown = re.sub(r"\d", "9", word) if _ID.fullmatch(word) else None
        if unknown and unknown not in siblings:
            siblings.insert(min(2, len(siblings)), unknown)
        return siblings[:MAX_SIBLINGS]
    if word.isdigit():  # a number the state keeps as no name ('4' sacks in 'buy:wheat,4'): a quantity
        return list(dict.fromkeys([word, *NUMBERS]))
    *head, last = word.split()
    if head and any(token == last for _, token in shown.tokens):  # 'kg flour' and 'flour' among recipes
        return [" ".join([*head, s]) for s in _siblings(last, shown)]
    # A name the state does not keep ('the desk', 'the cook' elsewhere): what is at hand, the names the
    # state lists (the people here, the exits), what this place's descriptions named, the names replies
    # gave.
    items = view.inventory(shown.state) + view.visible_items(shown.state)
    at_hand = [_ARTICLE.sub("", i.lower()) for i in items]
    others = [*at_hand, *shown.listed, *shown.described[:MAX_SIBLINGS], *shown.names_heard]
    return list(dict.fromkeys([word, *others]))[: 2 * MAX_SIBLINGS]


def _option(option: str, shown: Shown) -> list[str]:
    """What one enumerated option stands for: itself when the state shows it as a name or it is a number;
    the names under a key like it when it names a kind ('inspect <car|engine>' and 'cars': [...]), itself
    and numbers when the state counts it ('repay <credits|all>' and 'credits': 240); else itself."""
    if option in shown.values or re.search(r"\d", option):
        return [option]  # a value the state shows, a number or an id ('s1') is typed as written
    named = kind_tokens(option, shown.tokens)
    if named:
        return named
    # a thing the state counts: itself ('buy bait'), or a number of it ('repay <credits|all>': 'repay 5')
    return [option, *NUMBERS] if is_counted(option, shown.counted) else [option]


def candidate_commands(
    verbs: Verbs,
    state: view.State,
    heard: tuple[str, ...] = (),
    marked: frozenset[str] = frozenset(),
    described: tuple[str, ...] = (),
) -> list[str]:
    """Every command worth trying in `state`, in a stable order (the explorer shuffles by its own seed).
    `heard`: names replies gave ("shield 12 coins"), for slots the state cannot fill; `marked`: those of
    them a reply marked as names (quoted, bracketed, in capitals); `described`: the things the descriptions
    of this place named, for an example's names the state does not keep ('search the desk')."""
    directions = [w for w in verbs.bare if w in COMPASS] or list(COMPASS)
    commands: list[str] = []
    movement = verbs.movement
    if movement is None:
        commands.extend(e for e in view.exits(state))
    # Templates share slot kinds and argument words: each is filled, and each word's relatives found, once
    # per state (walking the state for every slot of every template was most of a step's own time).
    shown = Shown(state, directions, heard, marked, state_tokens(state), described)
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
                    fills[(part, strict)] = _fill(part, shown, strict)
                options = fills[(part, strict)][:per_slot]
            if not options:
                filled = []
                break
            filled = [
                _then(f, o)
                for f in filled
                for o in (
                    _with_related(f, options, state, per_slot, related)
                    if len(options) > 1 and not _NUMBER.fullmatch(options[0])
                    else options
                )
            ]
        if len(template.slots) < 2:
            commands.extend(filled[:MAX_PER_TEMPLATE])
            continue
        commands.extend(_one_change_each(template, fills, per_slot))
        commands.extend(_spread(filled))
    return list(dict.fromkeys(c.replace(GLUE, "") for c in commands if 0 < len(c) <= 200))


def _one_change_each(
    template: Template, fills: dict[tuple[Slot, bool], list[str]], per_slot: int
) -> list[str]:
    """An example with several names ('give 2 coins to the cook'): the example as quoted and each of its
    names or numbers changed alone ('... to the butler'), before any two change at once (the product is
    sampled, and a sample seldom keeps all but one argument as the example had them)."""
    if not any(p.kind.startswith(LIKE) for p in template.slots):
        return []
    options = [fills.get((p, True), [])[:per_slot] if isinstance(p, Slot) else [p] for p in template.parts]
    if not all(options):
        return []
    base = [o[0] for o in options]
    commands = [_joined(base)]
    for index, choices in enumerate(options):
        commands += [_joined([*base[:index], choice, *base[index + 1 :]]) for choice in choices[1:]]
    return commands


def prefixed(symbols: str) -> str:
    """A symbol typed right before an argument, with a space before it ('#' in 'carry #3')."""
    return f"{symbols}{GLUE}"


def glued(symbols: str) -> str:
    """A notation's symbols ('>' in 'a>b'), typed with no space on either side."""
    return f"{GLUE}{symbols}{GLUE}"


def _joined(words: list[str]) -> str:
    return functools.reduce(_then, words, "")


def _then(typed: str, word: str) -> str:
    """A command typed so far and its next word: apart by a space, a key's value right after its key
    ('room=' 'east': 'room=east')."""
    if typed.endswith(("=", GLUE)) or word.startswith(GLUE):
        return f"{typed}{word}"
    return f"{typed} {word}".strip()


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
