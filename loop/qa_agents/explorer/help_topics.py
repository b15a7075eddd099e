"""Explanations a game gives command by command ('help sell', 'explain take-in', 'man brew').

A text names a verb that explains commands either by a placeholder for the command ('try explain <command>',
'help [topic]') or by pointing to a known verb's explanation ('sell: unexpected argument. See help sell.').
Such a verb is then asked about each verb the help listed or the tries found, each once, and its answers are
read as a help. A verb whose answers repeat the help, a refusal or each other is asked no more.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from loop.qa_agents.explorer.commands import Verbs
from loop.qa_agents.explorer.help_range import HELP_VERBS
from loop.replay.transcript import Step

# A verb that explains a command named after it: 'try explain <command>', 'help [topic]', 'man VERB'.
_TOPIC_VERB = re.compile(
    r"\b([a-z][a-z-]{1,15})\s+(?:<(?:command|cmd|topic|verb|action)s?>|\[(?:command|cmd|topic|verb|action)s?\]"
    r"|(?-i:COMMAND|CMD|TOPIC|VERB))(?![\w-])",
    re.IGNORECASE,
)
# A text pointing to the explanation of a command it names: 'See help sell.', 'man brew'.
_POINTED = re.compile(r"\b(help|man|explain|usage|info|describe)\s+([a-z][a-z-]*)\b")
_VERB_WORD = re.compile(r"[a-z][a-z-]+")
MAX_TOPICS = 48  # explanations asked for, per session
SAME_TOPIC_REPLIES = 3  # explanations that repeat the help or each other before the verb is asked no more


@functools.lru_cache(maxsize=2048)
def _named(text: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The verbs a text names before a placeholder for a command, and the (verb, subject) pairs it points to.
    Cached: most replies are heard many times in a session."""
    by_placeholder = tuple(m.group(1).lower() for m in _TOPIC_VERB.finditer(text))
    pointed = tuple((m.group(1), m.group(2)) for m in _POINTED.finditer(text.lower()))
    return by_placeholder, pointed


@dataclass
class HelpTopics:
    """The verbs that explain commands, the verbs to ask about, and what was asked and heard."""

    function_words: frozenset[str]  # words that are no verb ('the', 'with')
    cues: frozenset[str]  # words before a placeholder that are no verb that explains ('type <command>')
    verbs: list[str] = field(default_factory=list)  # verbs that explain the command named after them
    subjects: list[str] = field(default_factory=list)  # the verbs whose explanation to ask for
    asked: set[str] = field(default_factory=set)
    _subjects_version: int = -1
    _replies: dict[str, set[str]] = field(default_factory=dict)
    _repeats: dict[str, int] = field(default_factory=dict)

    def explains(self, step: Step) -> bool:
        """Is `step` a help: 'help', or a verb that explains the command named after it ('explain brew')?"""
        return step.verb in HELP_VERBS or step.verb in self.verbs

    def next(self) -> str | None:
        """The explanation of a known verb not asked for yet ('help sell'), from each verb that gives one."""
        if len(self.asked) >= MAX_TOPICS:
            return None
        for topic_verb in self.verbs:
            for verb in self.subjects:
                command = f"{topic_verb} {verb}"
                if command not in self.asked:
                    self.asked.add(command)
                    return command
        return None

    def hear(self, step: Step, repeats_help: Callable[[Step], bool]) -> None:
        """An answer to an explanation asked for. One the verb gave already, to another topic, or one that
        `repeats_help` (the help itself, a refusal) says it explains nothing by topic: after
        SAME_TOPIC_REPLIES of them, the verb is asked no more."""
        if step.command is None or step.command not in self.asked:
            return
        topic_verb = step.command.split()[0]
        text = " ".join(step.message.split())
        heard = self._replies.setdefault(topic_verb, set())
        if text in heard or repeats_help(step):
            self._repeats[topic_verb] = self._repeats.get(topic_verb, 0) + 1
            if self._repeats[topic_verb] >= SAME_TOPIC_REPLIES and topic_verb in self.verbs:
                self.verbs.remove(topic_verb)
        heard.add(text)

    def learn(self, message: str, verbs: Verbs, is_guess: Callable[[str], bool]) -> None:
        """The verbs a text names as explaining commands; then, while there are any, the verbs to ask about:
        those of the help and those found (`is_guess` tells a verb only guessed)."""
        by_placeholder, pointed = _named(message)
        named = [*by_placeholder, *(verb for verb, subject in pointed if subject in verbs.words)]
        for verb in named:
            dropped = self._repeats.get(verb, 0) >= SAME_TOPIC_REPLIES
            no_verb = verb in self.function_words or verb in self.cues
            if not no_verb and verb not in self.verbs and not dropped:
                self.verbs.append(verb)
        if not self.verbs or verbs.version == self._subjects_version:
            return
        self._subjects_version = verbs.version
        for template in verbs.templates:
            verb = str(template.parts[0])
            if (
                _VERB_WORD.fullmatch(verb)
                and verb not in self.function_words
                and verb not in HELP_VERBS
                and verb not in self.verbs
                and not is_guess(verb)
                and verb not in self.subjects
            ):
                self.subjects.append(verb)
