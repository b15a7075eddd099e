"""The explorer agent: run() loops on step(); step() picks a command, plays it, and lets the oracles judge.

Collaborators are passed in: the game client, the oracles, the budget and the trace. Exploration is novelty
first: untried commands in the current state, the rarest in their room first; leads the oracles ask for; then
a new game replaying the shortest known prefix to a state with untried commands. The same seed gives the same
session on a deterministic game.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter

from loop.contract.game_client import GameClient, GameProtocolError, GameUnavailable
from loop.contract.models import BugReport
from loop.limits import LimitsExceeded, Progress
from loop.qa_agents.explorer.budget import Budget, Explored
from loop.qa_agents.explorer.candidate_cache import CandidateCache
from loop.qa_agents.explorer.choice import best_command
from loop.qa_agents.explorer.commands import FALLBACK_HELP, Verbs, parse_help
from loop.qa_agents.explorer.contract_fuzz import ContractFuzzer
from loop.qa_agents.explorer.determinism import DeterminismOracle, observation_key
from loop.qa_agents.explorer.docs import DocKnowledge
from loop.qa_agents.explorer.enablers import Enablers
from loop.qa_agents.explorer.findings import (
    ExplainedAway,
    Finding,
    shrink_and_confirm,
    trace_explained,
    trace_report,
)
from loop.qa_agents.explorer.frontier import KnownState, frontier, random_walk
from loop.qa_agents.explorer.hearing import HeardNames
from loop.qa_agents.explorer.help_tree import read_help
from loop.qa_agents.explorer.memory import CommandMemory, RetryAfterWait, changed_scalars
from loop.qa_agents.explorer.menus import prompt_answers
from loop.qa_agents.explorer.oracles import (
    DROP_VERBS,
    DescriptionInteractionOracle,
    ServerErrorOracle,
    phantom_mentions,
)
from loop.qa_agents.explorer.refusal import Refusal, nonsense
from loop.qa_agents.explorer.restart import RestartLeakOracle
from loop.qa_agents.explorer.rooms import RoomMap
from loop.qa_agents.explorer.state_oracles import SAVE_VERBS, UNDO_VERBS, loads_another_games_save
from loop.qa_agents.explorer.unblock import Unblocker
from loop.qa_agents.explorer.verb_finder import VerbFinder
from loop.replay import view
from loop.replay.oracle import Oracle
from loop.replay.raw_request import shown
from loop.replay.transcript import GameSession, Step
from loop.trace import SessionTrace

# How often a command that changed the state is played again at once (runs reach edges, caps and limits),
# and the longest such run.
REPEAT_CHANCE = 0.35
MAX_RUN = 12
# Runs of one command that ended the game ('sleep' to the last day): after these, it starts no run again.
RUNS_TO_THE_END = 2
UNDO_CHANCE = 0.15
# In a game with rooms, each verb gets this many fruitless tries per room (with different arguments) before
# the room counts as explored for it; exits are always open. Without rooms the whole game is one place.
VERB_TRIES = 4


class Explorer:
    def __init__(
        self,
        client: GameClient,
        oracles: list[Oracle],
        budget: Budget,
        trace: SessionTrace,
        *,
        seed: int = 0,
        build_commit: str = "",
        max_depth: int = 40,
        progress: Progress | None = None,
        docs: DocKnowledge | None = None,
        repro_replays: int = 1,
    ):
        self.client, self.oracles, self.budget, self.trace = client, oracles, budget, trace
        self.rng = random.Random(seed)
        self.build_commit, self.max_depth, self.progress = build_commit, max_depth, progress
        self.repro_replays = repro_replays
        self.determinism = DeterminismOracle()
        self.session: GameSession | None = None
        self.games_started = 0
        self.verbs: Verbs | None = None
        self.known_items: set[str] = set()
        self.states: dict[str, KnownState] = {}
        self.ended: set[str] = set()  # the states a reply said the game was over in (its game_over field)
        self.memory = CommandMemory()
        self.route: list[str] = []  # the commands of the current game that changed its state
        self.retry = RetryAfterWait()
        self.enablers = Enablers()
        self.unblocker = Unblocker()
        self.map = RoomMap()
        self.displacements_checked: set[tuple[str, str]] = set()
        self.replies: dict[tuple[str, ...], Step] = {}
        self.leads_tried: set[tuple[str, str, str]] = set()
        self.answered: set[tuple[tuple[str, str], str]] = set()  # (question asked, answer given)
        self.no_lead_at: tuple[GameSession | None, int] = (None, 0)
        self.pending: list[str] = []
        self.plans: list[list[str]] = []
        self.findings_seen: set[str] = set()
        self.reports: list[BugReport] = []
        self.first_report_seconds: float | None = None
        self.restart = RestartLeakOracle()
        self.heard = HeardNames()
        self.last_commands: list[str] = []
        self.depth = max_depth
        self.run_length = 0
        self.runs_to_the_end: Counter[str] = Counter()
        self.random_restarts = 0
        self.candidates = CandidateCache()
        self.docs = docs  # QA mode: the docs' commands join the help's, their routes seed new games
        self.seed_plans = docs.prefixes() if docs else []
        self.fuzzer = ContractFuzzer(seed=seed, max_length=client.max_command_length)
        self.fuzz_game: GameSession | None = None
        self.game_failure = ""
        self.explained: Counter[str] = Counter()  # oracle -> findings its experiment explained away
        self.refusal = Refusal()
        self.finder = VerbFinder(self.refusal)  # words the game shows, tried as commands
        self.heading: tuple[str, int] | None = None  # the frontier state this game heads for, steps left
        self.words_here = 0  # words tried in this game (nonsense included)
        self.nonsense_rng = random.Random(
            f"nonsense {seed}"
        )  # its own: the explorer's choices stay as they were

    # --- the loop ---------------------------------------------------------------------------------

    def run(self) -> str:
        """Explore until a limit; returns why the session stopped."""
        try:
            while True:
                self.step()
        except (LimitsExceeded, Explored) as stop:
            return str(stop) or "explored every known state"
        except GameUnavailable as exc:
            self.game_failure = f"game unavailable: {exc}"
        except GameProtocolError as exc:  # a new game or a state the game answered outside the agent API
            self.game_failure = f"the game answered outside the agent API: {exc}"
        return self.game_failure

    def step(self) -> None:
        if self.fuzzer.due(self.budget) and self._fuzz():
            return
        if not self.pending:
            self.pending = self.plan()
        command = self.pending.pop(0)
        self.budget.charge()
        assert self.session is not None
        step = self.session.send(command)
        self.observe(step)
        if step.outside_api:  # judged (a crash-like finding); what state the game is in is not known
            self._leave_game()
            return
        if step.observation is not None and step.observation.game_over:
            self.pending = []  # the game has ended: what was left to play belongs to a new one
            if self.run_length:
                self.runs_to_the_end[command] += 1
            return
        self._arrive(step.state)
        self._maybe_repeat(step)

    def _arrive(self, state: view.State) -> None:
        """Count down the way to the frontier state this game heads for; at its end, a way that led
        elsewhere (a counter it skipped, chance) is forgotten with its state, else every new game would
        replay it, find nothing left where it lands, and start again."""
        if self.heading is None:
            return
        key, left = self.heading
        if left > 0:
            self.heading = (key, left - 1)
            return
        if self.memory.novelty_key(state) != key:
            self.states.pop(key, None)
        self.heading = None

    def _leave_game(self) -> None:
        """Drop the current game: the next plan starts a new one."""
        assert self.session is not None
        self.last_commands = [s.command for s in self.session.steps[1:] if s.observation and s.command]
        self.session, self.pending, self.heading = None, [], None

    def _fuzz(self) -> bool:
        """One step of API-contract fuzzing (contract_fuzz.py): a body probe on a game of its own, or an odd
        argument in this game; False when there is nothing to fuzz."""
        if self.session is None:
            return False
        last = self.session.steps[-1] if self.session.steps else None
        ended = last is not None and last.observation is not None and last.observation.game_over
        if self._is_over(self.session.state) or ended:
            self._leave_game()  # an odd command to a game that has ended tests only its ending
            return False
        if self.fuzzer.kind() == "probe":
            self.budget.charge()
            self.fuzz_game = self.fuzz_game or GameSession(self.client)
            sent = self.fuzzer.probe(self.fuzz_game, self._found)
            if sent is not None:
                game_id, steps = self.fuzz_game.game_id, self.budget.steps
                self.trace.append(
                    step=steps, game_id=game_id, command=None, latency_ms=0.0, observation=sent, kind="probe"
                )
            return sent is not None
        command = self.fuzzer.odd_command(self.memory.ever_effective, self.memory.ever_answered)
        if command is None:
            return False
        self.budget.charge()
        step = self.fuzzer.argument(self.session, command, self._found)
        if step is not None:
            self.observe(step, fuzzed=True)
        else:  # the game answered with no agent reply: its state is not known, leave it
            self._leave_game()
        return True

    def _maybe_repeat(self, step: Step) -> None:
        """Play a command that changed the state again (a run walks to an edge, a cap, a price floor), or
        take it back with the game's own undo (which must restore what it changed); retry a command
        refused for a while ('again in 2 turns') on the steps after, where a timer's edge lies."""
        self.pending = self.pending or self.retry.follow(step, self.memory.ever_effective)
        self.pending = self.pending or self._lift_block(step)
        self.pending = self.pending or self._unblocked(step)
        changed = step.observation is not None and step.observation.success
        changed = changed and changed_scalars(step.before, step.state) and self.refusal.changed(step)
        if not changed or self.pending or self.run_length >= MAX_RUN:
            self.run_length = 0
            return
        lead = self._lead(step.state)  # a suspicion comes before a run: a repeat or undo would hide it
        if lead is not None:
            self.pending = [lead]
            return
        undo = next((b for b in (self.verbs.bare if self.verbs else []) if b in UNDO_VERBS), None)
        if undo and step.verb not in UNDO_VERBS and self.rng.random() < UNDO_CHANCE:
            self.pending = [undo]
        elif self.run_length or (
            self.rng.random() < REPEAT_CHANCE and self.runs_to_the_end[step.command or ""] < RUNS_TO_THE_END
        ):
            self.run_length += 1
            self.pending = [step.command or "look"]

    def _lift_block(self, step: Step) -> list[str]:
        """A real command refused for what its reply names: something acting on that first, then it again.
        Refused is what the game flags as failed (a query such as `status` changes nothing either)."""
        if step.observation is None or step.observation.success or False not in self.refusal.successes:
            return []
        if self.refusal.changed(step) or self.refusal.refused(step):
            return []
        self.unblocker.refused(step)
        return self.enablers.follow(step, self._candidates(step.state), self.memory.ever_effective)

    def _unblocked(self, step: Step) -> list[str]:
        """A command refused earlier for a field this step changed: played again now (unblock.py)."""
        if step.observation is None or not step.observation.success or not self.refusal.changed(step):
            return []
        if view.state_key(step.before) == view.state_key(step.state):
            return []
        command = self.unblocker.due(step)
        return [command] if command is not None else []

    def _start_game(self) -> view.State:
        return GameSession(self.client).state

    def _foreign_save(self, repro: list[str]) -> bool:
        """Does the repro load a save it never made, in a game whose `save` worked ('load sack' in a game
        with no saves fills a satchel)?"""
        saves = any(c.split()[0] in SAVE_VERBS for c in self.memory.ever_effective if c.split())
        return saves and loads_another_games_save(repro)

    def _check_restart(self, start: view.State, culprit: list[str]) -> None:
        """Does this new game start where the first one did? If not, `culprit` (what was played since the
        last check) left state behind."""
        anomaly = self.restart.check(start, self._start_game, culprit)
        if anomaly is not None:
            self._found(self.restart, Finding(anomaly, list(culprit)))

    # --- choosing what to do --------------------------------------------------------------------

    def plan(self) -> list[str]:
        """The next commands to play, starting a new game first when the current one has nothing left."""
        if self.session is None:
            self._new_game()
        assert self.session is not None
        if not self._finished(self.session.state):
            state = self.session.state
            lead = self._answer() or self._lead(state)
            if lead is not None:
                return [lead]
            word = self.finder.next_try(self.budget.steps, self._known_words())
            command = word or self._choose(state)
            if command is None:
                command = word = self._word_here()
            if command is not None:
                self.words_here += word is not None
                return [command]
        seeded = self.seed_plans.pop(0) if self.seed_plans and not self.plans else None
        plan = seeded or (self.plans.pop(0) if self.plans else self._prefix_to_frontier())
        self._new_game()
        assert self.session is not None
        if self.docs and plan:  # a documented route runs long: explore past its end, not only to it
            self.depth = max(self.depth, len(plan) + self.max_depth)
        if plan is None:
            plan = self._random_prefix(self.session.state)
        if not plan:
            first = self._choose(self.session.state) or next(iter(self._candidates(self.session.state)), None)
            # nothing to play but words to try: one is due now
            first = first or self.finder.next_try(self.budget.steps, self._known_words(), due=True)
            if first is None:
                raise Explored("the game shows no command to try")
            plan = [first]
        return plan

    def _answer(self) -> str | None:
        """The game just asked a question offering answers in brackets: one not yet given to it here."""
        assert self.session is not None
        last = self.session.steps[-1]
        asked = (last.message, view.state_key(last.state))
        for answer in prompt_answers(last.message):
            if (asked, answer) not in self.answered:
                self.answered.add((asked, answer))
                return answer
        return None

    def _word_here(self) -> str | None:
        """Nothing left to play here: a word to try before a new game, unless the last step tried one."""
        assert self.session is not None
        last = self.session.steps[-1].command
        if last is not None and last == self.finder.last_word:
            return None
        return self.finder.next_try(self.budget.steps, self._known_words(), due=True)

    def _lead(self, state: view.State) -> str | None:
        """A command an oracle asks for next to settle a suspicion, each once per place (unless the oracle
        limits its own)."""
        assert self.session is not None
        asked = (self.session, len(self.session.steps))
        if self.no_lead_at[0] is asked[0] and self.no_lead_at[1] == asked[1]:
            return None  # asked already after this step (when it was played), and no oracle had one
        room = view.place(state)
        for oracle in self.oracles:
            for lead in oracle.leads(self.session.steps, self.known_items):
                if not oracle.lead_once_per_place or (oracle.name, room, lead) not in self.leads_tried:
                    self.leads_tried.add((oracle.name, room, lead))
                    return lead
        self.no_lead_at = asked
        return None

    def _random_prefix(self, state: view.State) -> list[str]:
        """Every known state is exhausted: a new seed, a longer random walk from the start to explore from."""
        self.random_restarts += 1
        self.depth = self.max_depth * (1 + self.random_restarts % 3)
        return random_walk(self.rng, self._candidates(state), self.depth)

    def _finished(self, state: view.State) -> bool:
        """Over, or as deep as a game goes (a word tried, which leads nowhere, takes no depth)."""
        played = len(self.session.commands) - self.words_here if self.session else 0
        last = self.session.steps[-1].observation if self.session else None
        return self._is_over(state) or (last is not None and last.game_over) or played >= self.depth

    def _is_over(self, state: view.State) -> bool:
        """Over, by a flag of the state or by the reply that led here (a game that says so only in its
        response's game_over: every word is refused after it, and none of that is the game's language)."""
        return _over(state) or (bool(self.ended) and self.memory.novelty_key(state) in self.ended)

    def _verbs(self) -> Verbs:
        if self.verbs is None:
            self.verbs = Verbs()
        return self.verbs

    def _known_words(self) -> set[str]:
        """The words the verbs already use, literally or as placeholders: none is a word to try."""
        return self._verbs().words | self._verbs().placeholders

    def _candidates(self, state: view.State) -> list[str]:
        heard, marked = tuple(self.heard.names), self.heard.marked
        return self.candidates.commands(self._verbs(), state, heard, marked, self.heard.described(state))

    def _untried(self, state: view.State, first_only: bool = False) -> list[str]:
        tried = self.memory.tried.get(self.memory.novelty_key(state), set())
        room, moves = view.place(state), self._moves(state)
        # A command the help spells out whole ('go market' beside 'go <place>') has tries of its own: the
        # other arguments its verb was refused with say nothing of it.
        spelled_out = self._verbs().literal
        untried = (
            c
            for c in self._candidates(state)
            if c not in tried
            and (
                not room
                or self.memory.verb_tries(room, c.split()[0]) < VERB_TRIES
                or c in moves
                or (c in spelled_out and self.memory.fruitless(room, c) < VERB_TRIES)
            )
        )
        return list(itertools.islice(untried, 1) if first_only else untried)  # one answers "is it open?"

    def _choose(self, state: view.State) -> str | None:
        room = view.place(state)
        untried = self._untried(state)
        if not untried:
            return None
        self.rng.shuffle(untried)
        last = self.session.steps[-1] if self.session and len(self.session.steps) > 1 else None
        return best_command(
            untried,
            state,
            last,
            lambda c: self.memory.staleness(room, c),
            lambda c: self.memory.verb_tries(room, c.split()[0]),
            set(self.heard.names),
            self._moves(state),
            self.heard.priced,
        )

    def _moves(self, state: view.State) -> set[str]:
        """The commands that take an exit ('east', 'go east'): always worth a try, never a noun elsewhere."""
        movement = self.verbs.movement if self.verbs else None
        exits = view.exits(state)
        return {*exits, *(f"{movement} {e}" for e in exits if movement)}

    def _prefix_to_frontier(self) -> list[str] | None:
        key = frontier(  # a state where the game is over is no place to explore from
            self.states,
            lambda state: not self._is_over(state) and bool(self._untried(state, first_only=True)),
            self.memory.room_counts,
        )
        if key is None:
            return None
        prefix = list(self.states[key].prefix)
        self.heading = (key, len(prefix))  # checked at the new game's start and after each step of the way
        return prefix

    def _new_game(self) -> None:
        if self.session is not None:
            # A command the server failed on stays out of a leak's repro: a crash would hide what it shows.
            self.last_commands = [s.command for s in self.session.steps[1:] if s.observation and s.command]
        self.session = GameSession(self.client, on_step=self._trace_step)
        self.route, self.retry, self.words_here = [], RetryAfterWait(), 0
        self.games_started += 1
        self.depth = self.depth if self.random_restarts else self.max_depth
        self._check_restart(self.session.steps[0].state, self.last_commands)
        self.observe(self.session.steps[0])
        self._arrive(self.session.state)
        if self.verbs is None:
            self._learn_language()

    def _learn_language(self) -> None:
        """The first game: how the game refuses a word it does not know (a few nonsense words), then its
        help; a help it refuses, or that lists no command, leaves the verbs to be found by trying words."""
        assert self.session is not None
        while self.refusal.wants_more():
            self.budget.charge()
            step = self.session.send(nonsense(self.nonsense_rng))
            self.words_here += 1
            self.refusal.learn(step)
            self.observe(step)
        self.budget.charge()
        reply = self.session.send("help")
        helped = (
            reply.observation is not None and reply.observation.success and not self.refusal.refused(reply)
        )
        self.verbs = read_help(reply.message) if helped else Verbs()
        self.finder.helps_read.add(reply.message)  # read whole here: the finder need not read it again
        if not self.verbs.templates:  # guesses; a bare one the game refuses like a nonsense word is dropped
            self.verbs = parse_help(FALLBACK_HELP)
            self.finder.guess(self.verbs)
        for template in self.docs.verbs().templates if self.docs else []:
            self.verbs.add(template)
        self.observe(reply)

    # --- what a step teaches ----------------------------------------------------------------------

    def observe(self, step: Step, fuzzed: bool = False) -> None:
        """What `step` teaches; a fuzzed argument (contract_fuzz.py) uses up none of its verb's tries."""
        assert self.session is not None
        quiet = step.observation is not None and view.state_key(step.before) == view.state_key(step.state)
        self.refusal.hear(step)
        if self.heard.learn(step, quiet, self._known_words() if self.verbs else set()):
            self.memory.verb_counts.clear()  # a new word: every verb deserves new tries with it
        state, prefix = step.state, self.session.commands[: step.index]
        signature, room = self.memory.novelty_key(state), view.place(step.before if step.command else state)
        if step.observation is not None and step.observation.game_over:
            self.ended.add(signature)
        self.finder.hear(step, signature not in self.states)
        if self.verbs is not None:
            version, known = self.verbs.version, set(self.verbs.templates)
            self.finder.judge(step, self.verbs)
            if self.verbs.version != version or step.index == 0 or step.verb == "help":
                self.heard.forget(self._known_words())
            if self.verbs.version != version:  # a verb's new form deserves new tries where it was spent
                self.memory.forget_verbs({t.verb.split()[0] for t in self.verbs.templates if t not in known})
        if step.command is not None:
            self.memory.record(step, room, counted=not fuzzed)
            answered = step.observation is not None and not self.refusal.weak(step)
            if answered and " " in step.command.strip() and not fuzzed:
                self.memory.ever_answered.add(step.command)
            if step.observation is not None and not fuzzed and step.verb:
                self.memory.judge_verb(step.verb, self.refusal.refused(step))
        # The way back leaves out a refused word too, though it moved a counter: it leads nowhere.
        if step.command is not None and step.observation is not None and not quiet:
            self.route.append(step.command)
        if signature not in self.states or len(self.route) < len(self.states[signature].prefix):
            # The way back here leaves out the commands that changed nothing (queries, refusals).
            self.states[signature] = KnownState(list(self.route), state)
        self._check_replay(prefix, step)
        self.map.learn(step)
        self._revisit_origin(step)
        new_items = set(view.visible_items(state) + view.inventory(state)) - self.known_items
        if new_items:
            self.known_items |= new_items
            self._rescan_for_phantoms()
        for oracle in self.oracles:
            for anomaly in oracle.judge(self.session.steps, self.known_items):
                self._found(oracle, Finding(anomaly, prefix))

    def _revisit_origin(self, step: Step) -> None:
        """After an item is dropped away from where it began, walk back there: does that room forget it?"""
        item, here = step.noun, view.room_id(step.state)
        origin = self.map.origin.get(item)
        dropped = step.verb in DROP_VERBS and step.observation is not None and step.observation.success
        if not dropped or self.pending:
            return
        if origin is None or origin == here or (item, here) in self.displacements_checked:
            return
        self.displacements_checked.add((item, here))
        self.pending = self.map.route(here, origin) or []

    def _check_replay(self, prefix: list[str], step: Step) -> None:
        recorded = self.replies.setdefault(tuple(prefix), step)
        if observation_key(recorded) != observation_key(step):
            anomaly = self.determinism.compare([recorded], [step])
            if anomaly is not None:
                self._found(self.determinism, Finding(anomaly, prefix))

    def _rescan_for_phantoms(self) -> None:
        """Items learned late may have been named earlier by a text that did not show them: go back, try."""
        for known in list(self.states.values()):
            room = view.room_id(known.state)
            for item in phantom_mentions(known.state, self.known_items):
                lead = (DescriptionInteractionOracle.name, room, f"take {item}")
                if lead not in self.leads_tried:
                    self.leads_tried.add(lead)
                    self.plans.append([*known.prefix, f"take {item}"])

    def _found(self, oracle: Oracle, finding: Finding) -> None:
        if finding.key in self.findings_seen:
            return
        self.findings_seen.add(finding.key)
        if self.budget.elapsed >= self.budget.max_seconds:
            raise LimitsExceeded(f"wall-clock budget of {self.budget.max_seconds:.0f}s spent")
        if oracle is not self.restart:
            # Before shrinking plays games: this game's own leak (a failed command stays out, as in _new_game)
            crashed = oracle.name == ServerErrorOracle.name
            self._check_restart(self._start_game(), finding.commands[: -1 if crashed else None])
        report = shrink_and_confirm(
            finding,
            oracle,
            self.client,
            build_commit=self.build_commit,
            deadline=self.budget.started + self.budget.max_seconds,
            shrink=getattr(oracle, "shrinkable", True),
            replays=self.repro_replays,
        )
        if oracle is not self.restart:
            self.restart.absorb(self._start_game)  # a leak showing now is one of shrinking's games'
        if isinstance(report, ExplainedAway):
            self.explained[oracle.name] += 1
            trace_explained(self.trace, self.budget.steps, report)
            return
        if report is None:
            return
        if oracle is not self.restart and self._foreign_save(report.repro):
            self.explained[oracle.name] += 1  # a new game loading another's save is restart-leak's to report
            return
        self.reports.append(report)
        if self.first_report_seconds is None:
            self.first_report_seconds = self.budget.elapsed
        if self.progress is not None:
            self.progress(
                f"step {self.budget.steps}: report {len(self.reports)}: {report.title} "
                f"(repro: {' / '.join(shown(step) for step in report.repro) or 'new game'})"
            )
        trace_report(self.trace, self.budget.steps, report)

    def _trace_step(self, game_id: str, step: Step) -> None:
        observation = step.observation.model_dump() if step.observation else {"error": step.error}
        self.trace.append(
            step=self.budget.steps,
            game_id=game_id,
            command=step.command,
            latency_ms=step.latency_ms,
            observation=observation,
        )


# The last word of a flag that ends a game when true ('game_over', 'playerLost', 'shift.over').
_ENDING_WORDS = frozenset({"over", "won", "lost", "gameover"})


def _over(state: view.State) -> bool:
    return any(value is True and _ends_game(str(key)) for key, value in list(state.items())[:200])


@functools.lru_cache(maxsize=1024)  # asked of every key of every known state when the frontier is sought
def _ends_game(key: str) -> bool:
    words = re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", key).lower())
    return bool(words) and words[-1] in _ENDING_WORDS
