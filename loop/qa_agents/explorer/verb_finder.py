"""Verbs found by trying words: every word a game shows (its help, its replies, the keys and values of its
state) may be a command, whatever the help's layout, and the game says which are: a word it answers unlike a
nonsense word (refusal.py) is a verb. The help's own layout only ranks the words, never decides what exists.

Words are tried one at a time, as bare commands, in rank order: first the words that open a clause or follow
'say'/'type' in the help and the opening text, and what those put in quotes; then the same in other replies;
then the rest, state keys before state values. While tries keep finding verbs the explorer tries a word every
step; each fruitless try spaces the next ones out, so a game whose help said everything costs little. A verb
found this way becomes templates: itself (when it worked bare), itself with an argument (filled from the
names the game shows), itself with each word the texts put after it ('climb out', 'take all'), and any usage
line ('usage: mix <a> <b>') a reply gave for it. A bare command the help listed that the game answers like a
nonsense word ('Goods: ore, grain' read as commands) is dropped.
"""

from __future__ import annotations

import functools
import heapq
import re
from dataclasses import dataclass, field

from loop.qa_agents.explorer import argument_forms, numeric_arguments, option_lists
from loop.qa_agents.explorer.commands import SIGIL, Slot, Template, Verbs, parse_help
from loop.qa_agents.explorer.examples import (
    as_quoted,
    clause_examples,
    example_templates,
    listed_examples,
    parenthesized_examples,
)
from loop.qa_agents.explorer.help_topics import HelpTopics
from loop.qa_agents.explorer.help_tree import read_help
from loop.qa_agents.explorer.menus import answer_templates
from loop.qa_agents.explorer.notation import cued_notations, is_notation, notation_template
from loop.qa_agents.explorer.refusal import Refusal, echoes, reply_words, similar
from loop.qa_agents.explorer.step_facts import ok
from loop.replay.transcript import Step

# Ranks: a lower one is tried first.
OPENING, HELP_WORD, REPLY_OPENING, REPLY_WORD, STATE_KEY, STATE_VALUE = range(6)
MAX_WORDS = 600  # words kept to try, per session
MAX_FOLLOWERS = 6  # words after a verb kept as its arguments
MISSES_PER_GAP = 3  # every this many fruitless tries in a row, twice as many steps between tries
MAX_GAP = 64
# Tries start 4 steps apart, as if 6 had failed: a game whose help listed its commands loses little to them;
# a verb found makes them every step again (and a state with nothing left to play takes one at once).
START_MISSES = 6
MAX_TEXT = 4000
SAME_REPLY = 2  # other words given the very same reply, which quotes none of them: a refusal
RECHECKS = 3  # plays with arguments of a verb found by trying, all refused like nonsense: no verb after all
# The same for a verb guessed where the help gave none ('take <item>'), with more plays: a guess is a verb
# many games have, and its first arguments may be names no command takes.
GUESS_RECHECKS = 5
MAX_WORD_LENGTH = 40  # the longest word (or quoted command) tried as a command
MAX_TEXTS = 2000  # distinct replies and new states whose words are heard, per session
# Cues that the next word is a command: 'say wares', 'type help'.
CUES = frozenset({"say", "type", "enter", "try"})
ARTICLES = frozenset({"a", "an", "the", "your", "my", "his", "her", "its", "their", "some", "this", "that"})
# Words after a verb that make a command of it ('climb out', 'pick up', 'take all') though they name nothing.
PARTICLES = frozenset(
    {"up", "down", "out", "in", "on", "off", "at", "all", "over", "around", "back", "away", "into", "through"}
)
VERB_PARTICLES = frozenset({"up", "down", "out", "off", "away", "back", "over", "around"})
FUNCTION_WORDS = frozenset({
    "a", "an", "the", "and", "or", "but", "if", "then", "than", "so", "of", "to", "in", "on", "at", "by",
    "for", "with", "from", "into", "onto", "as", "is", "are", "was", "were", "be", "been", "am", "it", "its",
    "it's",
    "you", "your", "you're", "yours", "i", "me", "my", "we", "us", "our", "he", "she", "him", "her", "his",
    "they", "them", "their", "this", "that", "these", "those", "there", "here", "what", "which", "who",
    "whom", "whose", "when", "where", "why", "how", "not", "no", "nor", "do", "does", "did", "done", "can",
    "cannot", "can't", "could", "will", "would", "shall", "should", "may", "might", "must", "has", "have",
    "had", "just", "only", "also", "too", "very", "any", "some", "each", "every", "all", "both", "either",
    "neither", "one", "ones", "own", "same", "other", "such", "more", "most", "less", "least", "much",
    "many", "few", "yet", "still", "again", "ever", "never", "once", "now", "until", "while", "about",
    "above", "below", "after", "before", "over", "under", "up", "down", "out", "off", "per", "via", "e.g",
    "eg", "etc", "don't", "doesn't", "isn't", "aren't", "won't", "there's", "let", "lets",
})  # fmt: skip
_TAG = re.compile(r"</?[a-z][a-z0-9]{0,9}\s*/?>", re.IGNORECASE)
# Markup, told from a placeholder ('<unit>') by its tag name.
_MARKUP = re.compile(
    r"</?(b|i|u|em|strong|code|tt|pre|br|p|span|div|font|small|big|kbd|samp|var|mark)\s*/?>", re.IGNORECASE
)
# Code in markup ('<code>acquire piece=<name></code>'): read as a code span, a command as typed.
_CODE_MARKUP = re.compile(r"<(code|kbd|tt|samp)>([^`\n]{1,80}?)</\1>", re.IGNORECASE)
_SPAN = re.compile(r"(?<!\w)(?:`([^`\n]{1,40})`|'([^'\n]{1,40})'|\"([^\"\n]{1,40})\")(?!\w)")
_CLAUSE = re.compile(r"[.,;:!?()\[\]|\n]+|\s(?:and|or|then|but)\s", re.IGNORECASE)
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_COMMAND = re.compile(SIGIL + r"?[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}")
# A command behind a sigil in running text ('Type /help', '!roll to play'), not a path's part ('/api/x').
_SIGIL_COMMAND = re.compile(r"(?<![\w/.:])" + SIGIL + r"[a-z][a-z-]*(?![\w/:-]|\.\w)")
_ASKED_KIND = re.compile(r"\b(?:what|which)\s+([a-z]+)\s*\?")
# 'Name a card or a hand slot!': the kind a reply asks the player to give.
_NAMED_KIND = re.compile(r"\b(?:name|choose|pick|give|enter|type)\s+(?:a|an|the)\s+([a-z]+)")
# A reply that asks for something: it ends with a question, or a sentence of it asks what or which ('Play
# what? Name a card!').
_ASKS = re.compile(r"\?\s*$|\b(?:what|which|whom?|how many)\b[^.!?]{0,30}\?", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"<[a-z0-9][\w |,-]{0,40}>|\[[a-z][\w|-]{0,30}\]", re.IGNORECASE)
# Any quoted span, in straight or curly quotes.
_QUOTES = re.compile(r"[\"“”‘’'`]([^\"“”‘’'`\n]{1,80})[\"“”‘’'`]")


def _read_whole(step: Step) -> Template | None:
    """A refusal quoting all the words typed after the verb as one name ('take lobster pot into your satchel':
    'There is no "lobster pot into your satchel" here'): the game reads the rest of a line as one argument,
    so the verb with one argument is a form of it."""
    assert step.command is not None
    verb, _, tail = step.command.strip().lower().partition(" ")
    if len(tail.split()) < 3:
        return None
    quoted = {" ".join(q.split()) for q in _QUOTES.findall(step.message[:MAX_TEXT].lower())}
    return Template((verb, Slot("thing"))) if " ".join(tail.split()) in quoted else None


@dataclass(frozen=True)
class TextWords:
    """What one text offers: (word, opens a clause) in order, quoted commands, and (word, next word) pairs."""

    words: tuple[tuple[str, bool], ...]
    quoted: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]


@functools.lru_cache(maxsize=2048)
def text_words(text: str) -> TextWords:
    text = _TAG.sub(" ", text[:MAX_TEXT]).lower()
    quoted = []
    for match in _SPAN.finditer(text):
        span = " ".join(next(g for g in match.groups() if g is not None).split())
        if _COMMAND.fullmatch(span) or is_notation(span):
            quoted.append(span)
    quoted += _SIGIL_COMMAND.findall(text) + cued_notations(text)
    words: list[tuple[str, bool]] = []
    pairs: list[tuple[str, str]] = []
    unquoted = _SPAN.sub(lambda m: f" {next(g for g in m.groups() if g is not None)} ", text)
    for clause in _CLAUSE.split(unquoted):
        tokens = _WORD.findall(clause)
        opening = True
        for i, word in enumerate(tokens):
            cued = i > 0 and tokens[i - 1] in CUES
            words.append((word, opening or cued))
            if cued and tokens[i + 1 : i + 2] and tokens[i + 1] in VERB_PARTICLES:
                quoted.append(f"{word} {tokens[i + 1]}")  # 'type pick up followed by ...': a two-word verb
            opening = False
            after = [t for t in tokens[i + 1 : i + 3] if t not in ARTICLES][:1]
            if (
                word not in FUNCTION_WORDS
                and after
                and (after[0] not in FUNCTION_WORDS or after[0] in PARTICLES)
            ):
                pairs.append((word, after[0]))
    return TextWords(tuple(words), tuple(dict.fromkeys(quoted)), tuple(dict.fromkeys(pairs)))


def asked_kind(message: str) -> str:
    """The kind of argument a reply asks for ('TYPE WHAT CODE?': a code, 'Which direction?', 'How many?':
    a number); a thing when it names none."""
    text = message[:MAX_TEXT].lower()
    if argument_forms.HOW_MANY.search(text):
        return "number"
    asked = _ASKED_KIND.search(text) or _NAMED_KIND.search(text)
    return asked.group(1) if asked and asked.group(1) not in FUNCTION_WORDS else "thing"


@functools.lru_cache(maxsize=2048)
def usage_templates(text: str) -> tuple[Template, ...]:
    """The templates a reply spells with placeholders ('usage: refuel <engine> [units]'), markup left out."""
    text = _CODE_MARKUP.sub(lambda m: f"`{m.group(2)}`", text[:MAX_TEXT])
    lines = [line for line in _without_markup(text).splitlines() if _PLACEHOLDER.search(line)]
    return tuple(t for t in parse_help("\n".join(lines)).templates if t.slots) if lines else ()


def _without_markup(text: str) -> str:
    """The text without its markup tags. An opening tag that is never closed is a placeholder ('It was
    written: buy <code>.'), not markup."""
    closed = {name.lower() for name in re.findall(r"</([a-z]+)\s*>", text, re.IGNORECASE)}

    def tag(match: re.Match[str]) -> str:
        name = match.group(1).lower()
        markup = match.group(0).startswith("</") or match.group(0).endswith("/>") or name == "br"
        return " " if markup or name in closed else match.group(0)

    return _MARKUP.sub(tag, text)


def _words(texts: list[str]) -> list[str]:
    found = (w for text in texts for w in _WORD.findall(text.lower()))
    return [w for w in found if w not in FUNCTION_WORDS and len(w) > 1]


def _state_words(state: object, keys: list[str], values: list[str], depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(state, dict):
        for key, value in state.items():
            keys.append(str(key))
            _state_words(value, keys, values, depth + 1)
    elif isinstance(state, list):
        for value in state[:50]:
            _state_words(value, keys, values, depth + 1)
    elif isinstance(state, str) and len(state) <= 60:
        values.append(state)


@dataclass
class VerbFinder:
    """The words to try as commands, what the tries found, and when to try the next one."""

    refusal: Refusal
    rank: dict[str, int] = field(default_factory=dict)  # word or quoted command -> best rank heard
    queue: list[tuple[int, int, str]] = field(default_factory=list)
    tried: set[str] = field(default_factory=set)
    found: set[str] = field(default_factory=set)  # words the game answered unlike a nonsense word
    judged: set[str] = field(default_factory=set)  # commands played once: a bare one listed may not exist
    followers: dict[str, list[str]] = field(default_factory=dict)
    # a word found -> its reply, if it quoted the word; a reply that quoted none -> the words given it
    echoed: dict[str, frozenset[str]] = field(default_factory=dict)
    replied: dict[str, list[str]] = field(default_factory=dict)
    added: dict[str, list[Template]] = field(default_factory=dict)  # a word found -> the templates it gave
    # a verb found or guessed -> [argument plays, refused like nonsense, done]
    uses: dict[str, list[int]] = field(default_factory=dict)
    guessed: dict[str, list[Template]] = field(default_factory=dict)  # a verb guessed -> its templates
    examples: dict[str, list[Template]] = field(default_factory=dict)  # an example as quoted -> its templates
    unsettled: list[str] = field(default_factory=list)  # examples as quoted, not played yet
    helps_read: set[str] = field(default_factory=set)  # the help replies read whole
    topics: HelpTopics = field(default_factory=lambda: HelpTopics(FUNCTION_WORDS, CUES))
    follower_words: set[str] = field(default_factory=set)  # words known only as a found verb's argument
    trying: str | None = None
    misses: int = START_MISSES
    last_try: int = -(10**9)
    last_word: str = ""
    _heard: set[tuple[str, bool]] = field(default_factory=set)
    _values: set[str] = field(default_factory=set)  # the words of the state's values
    _states: int = 0

    # --- hearing words -----------------------------------------------------------------------------

    def _offer(self, word: str, rank: int) -> None:
        if len(word) > MAX_WORD_LENGTH:
            return  # a hostile reply's megabyte of one letter is no command
        if word in self.tried or (word not in self.rank and len(self.rank) >= MAX_WORDS):
            return
        if word in self._values:
            rank = max(rank, STATE_VALUE)  # a name the state gives (an item, a place) is seldom a verb
        if rank < self.rank.get(word, rank + 1):
            self.rank[word] = rank
            heapq.heappush(self.queue, (rank, len(self.rank), word))

    def hear(self, step: Step, new_state: bool) -> None:
        """The words of a step's reply (each text once) and, when `new_state`, of its state."""
        if new_state and step.observation is not None and self._states < MAX_TEXTS:
            self._states += 1
            keys: list[str] = []
            values: list[str] = []
            _state_words(step.state, keys, values)
            found = [
                (rank, w) for rank, texts in ((STATE_VALUE, values), (STATE_KEY, keys)) for w in _words(texts)
            ]
            self._values.update(w for rank, w in found if rank == STATE_VALUE)
            for rank, word in found:
                self._offer(word, rank)
        # The help opens the game's words; a topic's explanation ('help sell') gives its templates directly.
        opening = step.command is None or (self.topics.explains(step) and not step.noun)
        if (
            step.observation is not None
            and (step.message, opening) not in self._heard
            and len(self._heard) < MAX_TEXTS
        ):
            self._heard.add((step.message, opening))
            self._hear_text(text_words(step.message), opening, set((step.command or "").lower().split()))

    def _hear_text(self, text: TextWords, opening: bool, played: set[str]) -> None:
        """The words of a reply, but those of the command it answers (a refusal quotes what was typed)."""
        for command in (c for c in text.quoted if not played & set(c.split())):
            self._offer(command, OPENING if opening else REPLY_OPENING)
            if " " in command:
                self._offer(command.split()[0], OPENING if opening else REPLY_OPENING)
        for word, starts in text.words:
            if word not in FUNCTION_WORDS and len(word) > 1 and word not in played:
                base = (
                    (OPENING if starts else HELP_WORD) if opening else REPLY_OPENING if starts else REPLY_WORD
                )
                self._offer(word, base)
        for word, after in text.pairs:
            known = self.followers.setdefault(word, [])
            if after not in known and len(known) < MAX_FOLLOWERS:
                known.append(after)

    # --- trying them -------------------------------------------------------------------------------

    def next_try(self, steps: int, known: set[str], due: bool = False) -> str | None:
        """The next word to try as a command, when one is due at step `steps` (or `due` anyway: nothing else
        is left to play); `known`: the verbs' words."""
        if self.refusal.learned and self.unsettled:
            return self.unsettled.pop(0)  # an example given in passing, played as quoted to settle it
        topic = self.topics.next() if self.refusal.learned else None
        if topic is not None:
            return topic
        gap = min(MAX_GAP, 2 ** (self.misses // MISSES_PER_GAP))
        if not self.refusal.learned or (steps - self.last_try < gap and not due):
            return None
        while self.queue:
            rank, _, word = heapq.heappop(self.queue)
            if word in self.tried or rank != self.rank.get(word):
                continue
            self.tried.add(word)
            if word in known and word not in self.follower_words:
                continue  # the help gave it already: it is played anyway
            self.trying = self.last_word = word
            self.last_try = steps
            return word
        return None

    def _only_guessed(self, verb: str) -> bool:
        return verb in self.guessed and verb not in self.found

    def _repeats_help(self, step: Step) -> bool:
        return step.message in self.helps_read or self.refusal.refused(step)

    def judge(self, step: Step, verbs: Verbs) -> None:
        """What `step` says of the verbs: a tried word found or not, a listed bare command that does not
        exist, a usage line for a verb."""
        command = step.command
        if command is None or step.observation is None:
            return
        if command == self.trying:
            self.trying = None
            if self.refusal.refused(step) or self._another_wording(step, verbs):
                self.misses += 1
            else:
                self.misses = 0
                self._accept(command, step, verbs)
        elif command not in self.judged:
            self.judged.add(command)
            if command in self.examples and self.refusal.refused(step):
                for template in self.examples.pop(command):
                    verbs.remove(template)
            bare = Template(tuple(command.split()))
            if bare in verbs.templates and self.refusal.refused(step):
                verbs.remove(bare)
            elif bare in verbs.templates and self._asks_for_argument(step, verbs):
                self._accept(command, step, verbs)
            elif (step.verb in self.added or step.verb in self.guessed) and " " in command:
                self._recheck(step, verbs)
        self.topics.learn(step.message[:MAX_TEXT], verbs, self._only_guessed)
        self.topics.hear(step, self._repeats_help)
        reads_help = self.topics.explains(step)
        if reads_help and ok(step) and step.message not in self.helps_read:
            # A help reached another way than 'help' ('/help', '? orders'): read whole, as the first one.
            self.helps_read.add(step.message)
            for template in read_help(step.message[:MAX_TEXT]).templates:
                verbs.add(template)
        for template in usage_templates(step.message):
            if template.verb.endswith("=") and not ok(step) and step.verb in self.found:
                template = Template((step.verb, *template.parts))  # 'hang': 'Say which piece: piece=<id>'
            if template.verb == step.verb and not ok(step):
                verbs.narrow(template)  # its own refusal says what the arguments may be
            elif template.verb in self.found or template.verb == step.verb or reads_help:
                verbs.add(template)  # a help topic's usage line ('help build': 'build <building> at <x,y>')
        for template in answer_templates(step.message):
            verbs.add(template)
        for template in listed_examples(step.message) if reads_help else ():
            self._add_example(template, verbs)
        for template in parenthesized_examples(step.message) if reads_help else ():
            self._add_example(template, verbs)
        for template in clause_examples(step.message) if reads_help else ():
            self._add_example(template, verbs)
        for template in example_templates(step.message):
            verb = template.verb
            if reads_help or verb in self.found or verb == step.verb or verb in verbs.words:
                verbs.add(template)
        if not ok(step) and (step.verb in self.found or any(t.verb == step.verb for t in verbs.templates)):
            for template in argument_forms.forms(step, verbs):
                verbs.add(template)
            whole = _read_whole(step)
            if whole is not None and whole not in verbs.templates:
                verbs.add(whole)
        explains_a_verb = reads_help and step.noun in {t.verb for t in verbs.templates}
        for template in option_lists.narrowed(step, verbs) if not explains_a_verb else ():
            verbs.narrow(template)  # 'inspect <ticket>: open the case' explains; it lists no tickets
        for template, numbered in numeric_arguments.numbered(step, verbs):
            verbs.remove(template)
            verbs.add(numbered)
        for template, numbered in option_lists.numbered(step, verbs):
            verbs.remove(template)
            verbs.add(numbered)

    def _add_example(self, template: Template, verbs: Verbs) -> None:
        """An example a help gives in passing: where its first word is no verb known yet, a guess, dropped
        once the game refuses it, as quoted, like a nonsense word ('(hours of the shift in brackets)' is no
        command; its variations prove nothing: a game may refuse a wrong argument so too)."""
        quoted, verb = as_quoted(template), template.verb
        if quoted and verb not in self.found and not any(t.verb == verb for t in verbs.templates):
            if quoted not in self.examples:
                self.unsettled.append(quoted)
            self.examples.setdefault(quoted, []).append(template)
        verbs.add(template)

    def _asks_for_argument(self, step: Step, verbs: Verbs) -> bool:
        """A one-word command the help listed bare, refused unlike a nonsense word with a question and
        changing nothing ('Drop what?'): the verb exists and asks for an argument the help did not spell."""
        assert step.command is not None
        if " " in step.command or ok(step) or self.refusal.changed(step):
            return False
        if not _ASKS.search(step.message[:MAX_TEXT]):
            return False  # 'There is no shop here.': the verb is refused here, it asks for nothing
        return not any(t.verb == step.command and t.slots for t in verbs.templates)

    def _another_wording(self, step: Step, verbs: Verbs) -> bool:
        """A refusal worded in a way the nonsense words did not draw out, told by what it does not depend on:
        a word answered in the same words as another one, quoting each ('Nothing here answers to 'x''), or
        in the very same reply as SAME_REPLY other words ('Not down here.' in a room that refuses all
        words alike), changing nothing either time. Learn its wording; drop what those words gave."""
        assert step.command is not None
        if not self.refusal.weak(step) or argument_forms.names_arguments(step.message):
            return False  # synonyms asking for the same arguments ('Toss needs item= and qty=.') are verbs
        wording = reply_words(step.message, step.command)
        if echoes(step.message, step.command):
            same = [word for word, other in self.echoed.items() if similar(wording, other)]
            self.echoed[step.command] = wording
        else:
            text = " ".join(step.message.split()).lower()
            same = self.replied.setdefault(text, [])
            same.append(step.command)
            same = same[:-1] if len(same) >= SAME_REPLY + 1 else []
        if not same:
            return False
        self.refusal.add_wording(wording)
        for word in same:
            self.found.discard(word)
            for template in self.added.pop(word, []):
                verbs.remove(template)
        return True

    def _recheck(self, step: Step, verbs: Verbs) -> None:
        """A verb found by trying it, played with arguments: refused like a nonsense word every time it was,
        RECHECKS times, it was no verb (its bare reply differed by chance: a monster struck that turn). A
        guessed verb: refused so GUESS_RECHECKS times and never once done (other replies may be the end of
        the game or a busy turn), it is none of this game's."""
        refused = self.refusal.refused(step)
        done = not refused and (ok(step) or self.refusal.changed(step))
        tally = self.uses.setdefault(step.verb, [0, 0, 0])
        tally[0] += 1
        tally[1] += refused
        tally[2] += done
        found = step.verb in self.added
        if (tally[0] == tally[1] == RECHECKS) if found else (tally[1] >= GUESS_RECHECKS and not tally[2]):
            self.found.discard(step.verb)
            for template in self.added.pop(step.verb, []) + self.guessed.pop(step.verb, []):
                verbs.remove(template)

    def guess(self, verbs: Verbs) -> None:
        """`verbs` are guesses (the help gave none): those with arguments are judged by their plays."""
        for template in verbs.templates:
            if template.slots:
                self.guessed.setdefault(template.verb, []).append(template)

    def _accept(self, command: str, step: Step, verbs: Verbs) -> None:
        words = command.split()
        self.found.add(words[0])
        worked = step.observation is not None and step.observation.success
        made = [Template(tuple(words))] if worked or self.refusal.changed(step) else []
        if is_notation(command):  # 'a>b' the game knows: any two tracks ('h>c'), refused here or not
            made = [notation_template(command)]
        elif len(words) == 1:
            # A verb that worked bare takes no argument, or not one it needs; one that did not asks for one.
            usage = [t for t in usage_templates(step.message) if t.verb == command]
            made += usage or ([] if worked else [Template((command, Slot(asked_kind(step.message))))])
            made += [Template((command, after)) for after in self.followers.get(command, [])]
            self.follower_words.update(self.followers.get(command, []))  # 'buy throw': 'throw' is no verb yet
        for template in made:
            if template not in verbs.templates:
                verbs.add(template)
                self.added.setdefault(command, []).append(template)
