"""A refusal that names what blocks the command, and a command that may lift the block before a retry.

A game often refuses a real command by saying what stands in the way ('S1 AT RED. T1 CANNOT LEAVE', 'The
cauldron is cold', 'The gate is shut'). A command that acts on a thing the refusal names, with a word the
refusal does not say (`set s1 green`, not `set s1 red`), may change it; played before the refused command
again, the pair reaches a state random play seldom chains its way to (set a signal, then dispatch). Only
things the state shows count as named (a refusal's own words, 'cannot', 'at', name nothing).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from loop.replay import view
from loop.replay.transcript import Step

# The chains tried for one verb refused in one wording: enough to find the right lever among a few, not so
# many that a verb refused for a missing argument (a usage line naming every option) eats the session.
CHAINS_PER_REFUSAL = 2
_NAME = re.compile(r"[a-z][a-z0-9]*|[0-9]+[a-z][a-z0-9]*")
_MAX_TEXT = 600
# A command a refusal quotes ('Boat 2 has not paid: `toll 2 collect` first.'): the game names the lever.
# What a refusal says to do first: 'PICK a row first.', 'You need to enrol someone before that.'
_FIRST = re.compile(r"([a-z][a-z ]{0,40}?)\s+(?:first\b|before\b)")
_QUOTED = re.compile(r"`([^`\n]{2,60})`|'([^'\n]{2,60})'|\"([^\"\n]{2,60})\"")


def _words(text: str) -> set[str]:
    return set(_NAME.findall(text[:_MAX_TEXT].lower()))


def _state_words(state: view.State) -> set[str]:
    """The words of the state's keys and text values: the things the game keeps."""
    words: set[str] = set()
    for key, value in list(view.leaves(state).items())[:400]:
        words |= _words(key.replace(".", " ").replace("_", " "))
        if isinstance(value, str):
            words |= _words(value)
    return words


@dataclass
class Enablers:
    tried: set[tuple[str, str]] = field(default_factory=set)  # (refused command, enabler)
    chains: Counter[tuple[str, frozenset[str]]] = field(default_factory=Counter)

    def follow(self, step: Step, candidates: list[str], worked: set[str]) -> list[str]:
        """After `step`, a real command that changed nothing: nothing, or [a command acting on what its reply
        names, the command again]. `worked`: commands that changed a state before (preferred)."""
        if step.command is None or step.observation is None:
            return []
        command = step.command.lower()
        said = _words(step.message)
        key = (command.split()[0], frozenset(said - _words(command)))
        if self.chains[key] >= CHAINS_PER_REFUSAL:
            return []
        verb = command.split()[0]
        quoted = self._quoted(step, command, {c.lower().split()[0] for c in candidates if c.strip()}, worked)
        if quoted is not None:
            self.tried.add((command, quoted))
            self.chains[key] += 1
            return [quoted, step.command]
        first = self._named_first(step, command, candidates, worked)
        if first is not None:
            self.tried.add((command, first))
            self.chains[key] += 1
            return [first, step.command]
        named = (said - _words(command)) & _state_words(step.state)
        if not named:
            return []
        ranked: list[tuple[int, bool, str]] = []
        for candidate in candidates:
            words = candidate.lower().split()
            if not words or words[0] == verb or (command, candidate) in self.tried:
                continue
            arguments = set(words[1:])
            acts_on = len(arguments & named)
            if acts_on and arguments - said:
                ranked.append((acts_on, candidate in worked, candidate))
        if not ranked:
            return []
        enabler = max(ranked, key=lambda r: (r[0], r[1]))[2]
        self.tried.add((command, enabler))
        self.chains[key] += 1
        return [enabler, step.command]

    def _named_first(self, step: Step, command: str, candidates: list[str], worked: set[str]) -> str | None:
        """A command of another known verb the refusal says to do first ('PICK a row first.', 'You must enrol
        a member before throwing'): one that changed a state before, else the first not tried after it."""
        verbs = {c.lower().split()[0] for c in candidates if c.strip()} - {command.split()[0]}
        for match in _FIRST.finditer(step.message[:_MAX_TEXT].lower()):
            verb = next((w for w in _NAME.findall(match.group(1)) if w in verbs), None)
            if verb is None:
                continue
            mine = [
                c for c in candidates if c.lower().split()[:1] == [verb] and (command, c) not in self.tried
            ]
            if mine:
                return next((c for c in mine if c in worked), mine[0])
        return None

    def _quoted(self, step: Step, command: str, verbs: set[str], worked: set[str]) -> str | None:
        """A command of another known verb the refusal quotes, not yet tried before this one: one with an
        argument, or one that changed a state before ('Type 'shop' to see what it sells' names a query)."""
        for match in _QUOTED.finditer(step.message[:_MAX_TEXT]):
            quoted = " ".join(next(g for g in match.groups() if g is not None).lower().split())
            first = quoted.split()[0]
            if first not in verbs or first == command.split()[0] or (command, quoted) in self.tried:
                continue
            if " " in quoted or quoted in worked:
                return quoted
        return None
