"""The commands worth trying in a state, made once per state: the explorer asks for them again and again (to
choose a step, and for every known state when it looks for the frontier), and making them walks the state
for every argument slot of every template."""

from __future__ import annotations

from loop.qa_agents.explorer.commands import Verbs, candidate_commands
from loop.replay import view

MAX_ENTRIES = 4096


class CandidateCache:
    """`candidate_commands` memoized on the whole state (clock included) and the words heard so far; emptied
    when the verbs change. The lists it returns are shared: callers must not change them."""

    def __init__(self) -> None:
        self._verbs: Verbs | None = None
        self._version = -1
        self._entries: dict[tuple[str, tuple[str, ...], int, tuple[str, ...]], list[str]] = {}

    def commands(
        self,
        verbs: Verbs,
        state: view.State,
        heard: tuple[str, ...],
        marked: frozenset[str] = frozenset(),
        described: tuple[str, ...] = (),
    ) -> list[str]:
        if verbs is not self._verbs or verbs.version != self._version or len(self._entries) >= MAX_ENTRIES:
            self._verbs, self._version = verbs, verbs.version
            self._entries.clear()
        # Equal reprs of JSON values are equal values, in the same key order (which the commands follow).
        key = (repr(state), heard, len(marked), described)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = candidate_commands(verbs, state, heard, marked, described)
        return found
