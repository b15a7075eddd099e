"""Command lines: a verb followed by `--option value` pairs (`--option=value` works too)."""

from __future__ import annotations

MAX_LINE = 200


class CommandError(Exception):
    """A command line that cannot be read."""


def parse(line: str) -> tuple[str, dict[str, str]]:
    """`admit --boat 3 --chamber 2` -> ("admit", {"boat": "3", "chamber": "2"})."""
    if len(line) > MAX_LINE:
        raise CommandError(f"That line is {len(line)} characters long; the keeper reads at most {MAX_LINE}.")
    words = line.split()
    if not words:
        raise CommandError("Say something. Type 'help' for the manual.")
    verb = words[0].lower()
    if verb.startswith("-"):
        raise CommandError(f"A command starts with its name, not an option ('{words[0]}'). Type 'help'.")
    options: dict[str, str] = {}
    rest = words[1:]
    i = 0
    while i < len(rest):
        word = rest[i]
        if not word.startswith("--") or word == "--":
            raise CommandError(
                f"{verb}: unexpected '{word}'. Options are written --name value, e.g. 'help --command {verb}'."
            )
        name = word[2:]
        if "=" in name:
            name, value = name.split("=", 1)
            i += 1
        elif i + 1 < len(rest) and not rest[i + 1].startswith("--"):
            value = rest[i + 1]
            i += 2
        else:
            raise CommandError(f"{verb}: option --{name} needs a value.")
        name = name.lower()
        if not name:
            raise CommandError(f"{verb}: an option needs a name after '--'.")
        if name in options:
            raise CommandError(f"{verb}: --{name} given twice.")
        if value == "":
            raise CommandError(f"{verb}: option --{name} needs a value.")
        options[name] = value
    return verb, options
