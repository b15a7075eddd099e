"""The LLM QA agent: run() loops on step(); step() plans one command, plays it, reflects, and verifies.

ReAct with a step-level expectation (role planner), reflection that decides "is this a bug?" (role
reflection), and local verification: a hypothesis is investigated only when its quoted evidence is found
verbatim in the docs, the command list, an earlier reply, or the step's own reply and state when code found
them disagreeing (evidence.py, contradictions.py: those disagreements are also the planner's leads), and
becomes a report only
after its commands, replayed on a fresh game, show the anomaly again to the replay judge; the repro is the
replayed sequence, shrunk while the replay still shows it. Which bug a suspicion is, is decided by code from
the anomaly (final command and reply), never by the model's words. A hypothesis that does not replay is a
lead, retried once with steps written for it, then dropped for this build (leads.py); new games may start
from a checkpoint (checkpoints.py). Memory, the models with their budget, the verifier and the repository
tools are collaborators passed in.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from loop.contract.commit_origins import CommitOrigins
from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport
from loop.host import settings
from loop.judge.model_judge import Claim, Judged, judge_replay
from loop.limits import LimitsExceeded, Progress
from loop.llm import prompting
from loop.llm.errors import BudgetExceeded, InvalidReply, ProviderError
from loop.llm.replies import Hypothesis, PlannerReply, ReflectionReply, WorkingSummary
from loop.llm.roles import ModelRoles
from loop.llm.types import Message
from loop.qa_agents.llm import checkpoints, leads
from loop.qa_agents.llm.agenda import SessionAgenda
from loop.qa_agents.llm.campaign import BugStatus, Descends, GameMemory, KnownBug, RunMarks
from loop.qa_agents.llm.command_language import CommandLanguage
from loop.qa_agents.llm.contradictions import contradictions
from loop.qa_agents.llm.evidence import anomaly_key, confidence, evidence_source, knowledge_text
from loop.qa_agents.llm.hypothesis_replay import Confirmed, LocalVerifier, UndecidedReplay
from loop.qa_agents.llm.memory import StepRecord, WorkingMemory
from loop.qa_agents.llm.repo_tools import RepoReader
from loop.qa_agents.llm.session_events import SessionEvents
from loop.replay import view
from loop.replay.clipping import clip
from loop.replay.observations import step_brief
from loop.replay.transcript import GameSession, Step
from loop.trace import SessionTrace


@dataclass(frozen=True)
class Settings:
    mode: str = "player"  # player | qa
    window: int = 8
    fold: int = 4
    max_summary_items: int = 10
    max_game_commands: int = 80
    max_tool_rounds: int = 3
    max_consecutive_failures: int = 6  # model failures and unplayable commands, in a row
    max_repeats: int = 3  # the same command this many times in a row is played; once more is refused
    max_shrink_replays: int = 16
    max_settled_shown: int = 8
    max_notes: int = 8
    reflection_context: int = field(default_factory=lambda: settings.REFLECTION_STEPS.count())
    max_contradictions_shown: int = 4
    max_suspicions: int = 4  # leads shown to the planner
    checkpoint_every: int = field(default_factory=lambda: settings.CHECKPOINT_EVERY.count())
    max_agenda_shown: int = 5  # QA mode: untested rules of the docs in the planner's prompt


class LLMQASession:
    def __init__(
        self,
        client: GameClient,
        models: ModelRoles,
        campaign: GameMemory,
        trace: SessionTrace,
        *,
        build_commit: str,
        max_steps: int,
        game_title: str,
        reader: RepoReader | None = None,
        settings: Settings | None = None,
        progress: Progress | None = None,
        origins: CommitOrigins | None = None,
        this_run: RunMarks | None = None,
        walkthrough: list[str] | tuple[str, ...] = (),
    ):
        self.client, self.models, self.campaign, self.trace = client, models, campaign, trace
        self.events = SessionEvents(trace, lambda: (self.steps, self.game.game_id if self.game else ""))
        origins = origins or CommitOrigins(view=None)
        self.descends: Descends = origins.descends
        self.build_commit, self.max_steps, self.game_title = build_commit, max_steps, game_title
        self.commit = origins.named(build_commit)  # what the memory names: the game's real commit
        self.this_run = this_run or RunMarks()
        self.reader, self.settings, self.progress = reader, settings or Settings(), progress
        s = self.settings
        self.memory = WorkingMemory(
            self._summarize, window=s.window, fold=s.fold, max_items=s.max_summary_items
        )
        self.verifier = LocalVerifier(
            client, self._judge, max_shrink_replays=s.max_shrink_replays, on_replay=self.events.replay
        )
        self.game: GameSession | None = None
        self.games_started = 0
        self.steps = 0
        self.failures_in_a_row = 0
        self.reports: list[BugReport] = []
        self.confirmed: dict[str, str] = {}  # anomaly key -> title
        self.dropped: dict[str, str] = {}
        self.language = CommandLanguage()
        self.notes: list[str] = []  # the planner's notes and its tool findings, kept across steps
        self.leads: list[str] = []
        self.contradictions: list[str] = []  # this game's replies that disagree with its state, newest last
        self._depth_state(walkthrough)
        self.visited: dict[str, None] = {}
        self.started = time.monotonic()
        self.first_report_seconds: float | None = None
        self.game_failure = ""
        self._system = ""
        self.agenda: SessionAgenda | None = None  # QA mode: the docs' rules and what this session tested

    # --- the loop ---------------------------------------------------------------------------------

    def run(self) -> str:
        """Play until a limit; returns why the session stopped."""
        try:
            self.language = CommandLanguage.asked(self.client)
            self.recheck_known_bugs()
            self._system = prompting.planner_system(
                self.game_title,
                self.reader.docs_text() if self.reader else None,
                self.campaign.briefing(self.commit),
            )  # after the re-check, so the briefing says what it found
            if self.reader is not None:
                self.agenda = SessionAgenda.for_commit(
                    self.campaign,
                    self.commit,
                    self.reader,
                    self.models,
                    self.game_title,
                    max_shown=self.settings.max_agenda_shown,
                    on_event=self.events.note,
                )
            while True:
                self.step()
        except LimitsExceeded as stop:
            return str(stop)
        except BudgetExceeded as exc:
            return f"LLM {exc.limit} budget spent: {exc}"
        except GameError as exc:  # a dead game is a finding for the loop, not a crash of the session
            self.game_failure = f"game failed: {type(exc).__name__}: {exc}"
            return self.game_failure

    def step(self) -> None:
        if self.steps >= self.max_steps:
            raise LimitsExceeded(f"step budget of {self.max_steps} spent")
        if self.game is None or self._game_finished() or self.game.steps[-1].outside_api:
            self.new_game()
        try:
            plan = self.plan()
        except (InvalidReply, ProviderError) as exc:
            return self._model_failed("planner", exc)
        assert self.game is not None
        command = self._playable(plan)
        if command is None:
            return None
        rule = self.agenda.chosen(plan) if self.agenda is not None else None
        self._succeeded()
        played = self.game.send(command)
        self.steps += 1
        self.language.learn(played)
        self.visited[view.room_id(played.state) or "?"] = None
        self._keep_note(plan.note)
        found = contradictions(played)
        if found:
            self.events.note("contradiction", played.command, {"found": found})
            turn = len(self.game.commands)
            self.contradictions = [*self.contradictions, *(f"turn {turn}: {c}" for c in found)]
        try:
            reflection = self.reflect(plan, played, found)
        except (InvalidReply, ProviderError) as exc:
            self._model_failed("reflection", exc)
            reflection = None
        hypothesis = reflection.hypothesis() if reflection is not None else None
        source = self._evidence_source(hypothesis, played, bool(found)) if hypothesis is not None else None
        analysis = reflection.analysis if reflection is not None else ""
        verdict = "" if reflection is None else f"{reflection.verdict}: {analysis}"
        if hypothesis is not None and source is None:
            verdict = f"not pursued (no evidence found in the sources): {analysis}"
        self.memory.record(
            StepRecord(
                self.games_started, self.steps, plan.command, plan.expected, step_brief(played), verdict
            )
        )
        if hypothesis is not None and source is None:
            self.events.note("unsupported", plan.command, hypothesis.model_dump(mode="json"))
            self._keep_suspicion(hypothesis, plan.command)
        elif hypothesis is not None and source is not None:
            self.investigate(hypothesis, played, source)
        if rule is not None and self.agenda is not None:
            key = anomaly_key(played.command or "", played.message)
            bugs = self.campaign.bugs
            outcome = self.agenda.settle(rule, command, reflection, hypothesis, key, self.reports, bugs)
            self.events.note("rule", command, {"rule": rule.id, "outcome": outcome})

    def _playable(self, plan: PlannerReply) -> str | None:
        """The planner's command, ready to play; None for junk (empty, longer than the game takes, the same
        command once too often), which is counted, shown to the planner, and costs a model failure."""
        assert self.game is not None
        command = " ".join(plan.command.split())
        limit = self.client.max_command_length
        recent = self.game.commands[-self.settings.max_repeats :]
        if not command:
            kind, why = "empty_commands", "the command was empty"
        elif len(command) > limit:
            kind, why = "long_commands", f"the command has {len(command)} characters; the game takes {limit}"
        elif len(recent) == self.settings.max_repeats and all(c == command for c in recent):
            kind, why = "repeated_commands", f"already played {len(recent)} times in a row; try another"
        else:
            return command
        self.models.counts[kind] += 1
        shown = clip(command, 80) or "(empty)"
        self.memory.record(
            StepRecord(self.games_started, self.steps, shown, plan.expected, f"> {shown}\nnot played: {why}")
        )
        self._model_failed("planner", InvalidReply(f"unplayable command: {why}", last_text=plan.command))
        return None

    # --- asking the models ------------------------------------------------------------------------

    def plan(self) -> PlannerReply:
        assert self.game is not None
        settled = [*self.confirmed.values(), *self.dropped.values()][-self.settings.max_settled_shown :]
        current = self.game.steps[-1]
        user = prompting.template("planner_step").render(
            commands=self.language.text(),
            untried=self.language.untried(current.state),
            summary=self.memory.summary_text(),
            notes="; ".join(self.notes) or "none",
            settled="; ".join(clip(t, 100) for t in settled) or "none",
            contradictions="\n".join(
                f"- {c}" for c in self.contradictions[-self.settings.max_contradictions_shown :]
            )
            or "none",
            suspicions="\n".join(lead.shown() for lead in self.open_leads.values()) or "none",
            agenda=self.agenda.prompt_text() if self.agenda is not None else "",
            recent=self.memory.recent_text(skip_last=True),
            game_number=self.games_started,
            turn=len(self.game.commands),
            steps_left=self.max_steps - self.steps,
            current=step_brief(current, with_state=True),
        )
        messages = [Message.system(self._system), Message.user(user)]
        tools = self.reader.tools() if self.reader is not None else None
        for round_ in range(self.settings.max_tool_rounds + 1):
            offer = tools if round_ < self.settings.max_tool_rounds else None
            reply = self.models.ask("planner", messages, PlannerReply, tools=offer)
            if not reply.tool_calls:
                if not isinstance(reply.parsed, PlannerReply):
                    raise InvalidReply("planner answered without a command", last_text=reply.text)
                self.events.note("plan", None, reply.parsed.model_dump())
                return reply.parsed
            assert self.reader is not None
            messages = [*messages, Message.assistant(reply.text, reply.tool_calls, reply.thinking)]
            for call in reply.tool_calls:
                answer = self.reader.call(call)
                self._keep_note(f"{call.name} {clip(str(call.arguments), 80)}: {clip(answer, 200)}")
                self.events.note(
                    "tool", None, {"tool": call.name, "arguments": call.arguments, "chars": len(answer)}
                )
                messages.append(Message.tool(call.id, answer))
        raise InvalidReply("planner kept calling tools and gave no command")

    def reflect(self, plan: PlannerReply, played: Step, found: list[str]) -> ReflectionReply:
        assert self.game is not None
        shown = self.settings.reflection_context
        earlier = self.game.steps[:-1][-shown:] if shown > 0 else []
        messages, reply_model = prompting.conversation(
            "reflection",
            "reflection_step",
            knowledge=self._knowledge() + (self.agenda.under_test() if self.agenda is not None else ""),
            summary=self.memory.summary_text(),
            recent="\n".join(step_brief(s) for s in earlier) or "(none)",
            command=plan.command,
            expected=plan.expected,
            observed=step_brief(played, with_state=True).split("\n", 1)[1],
            contradictions="\n".join(f"- {c}" for c in found) or "none",
        )
        reflection: ReflectionReply = self.models.ask("reflection", messages, reply_model).parsed
        self._succeeded()
        self.events.note("reflection", plan.command, reflection.model_dump(mode="json"))
        return reflection

    def _judge(self, claim: Claim, steps: list[Step]) -> Judged:
        judged = judge_replay(self.models, claim, steps, knowledge=self._knowledge())
        self.events.note(
            "judgement", None, {"claim": claim.title, "verdict": judged.verdict, "reason": judged.reason}
        )
        return judged

    def _summarize(self, summary: WorkingSummary, older: list[StepRecord]) -> WorkingSummary:
        messages, reply_model = prompting.conversation(
            "summary",
            "summary_step",
            max_items=self.settings.max_summary_items,
            summary=summary.model_dump_json(indent=1),
            steps="\n\n".join(r.render() for r in older),
        )
        summary_reply: WorkingSummary = self.models.ask("summary", messages, reply_model).parsed
        return summary_reply

    # --- verification -----------------------------------------------------------------------------

    def investigate(self, hypothesis: Hypothesis, played: Step, source: str) -> None:
        """Replay the current game's commands on a fresh game; report only what shows again."""
        assert self.game is not None
        key = anomaly_key(played.command or "", played.message)
        if key in self.confirmed or key in self.dropped:
            self.events.note("duplicate", played.command, {"hypothesis": hypothesis.title, "key": key})
            return
        known = next((b for b in self.campaign.bugs if b.key == key), None)
        if known is not None and known.status != "fixed" and self._checked_here(known):
            self.events.note("known", played.command, {"hypothesis": hypothesis.title, "known": known.id})
            return
        self.memory.note_hypothesis(f"{hypothesis.title}: {hypothesis.observed}")
        self.events.note(
            "hypothesis", played.command, {**hypothesis.model_dump(mode="json"), "source": source}
        )
        try:
            confirmed = self.verifier.confirm(hypothesis, list(self.game.commands))
        except UndecidedReplay as exc:
            self.leads.append(f"{hypothesis.title} (replay undecided: {clip(str(exc), 80)})")
            return
        self.memory.settle_hypothesis(hypothesis.title)
        if confirmed is None:
            self._keep_lead(leads.not_replayed(hypothesis, self.game.commands, "the replay did not show it"))
            try:
                confirmed = self._targeted_retry(hypothesis, list(self.game.commands))
            except UndecidedReplay:
                return  # still open
            if confirmed is not None:
                key = anomaly_key(confirmed.steps[-1].command or "", confirmed.steps[-1].message)
        if confirmed is None:
            self._settle_lead(hypothesis.title, "dropped")
            self.dropped[key] = hypothesis.title
            self.events.note(
                "dropped", None, {"hypothesis": hypothesis.title, "commands": self.game.commands}
            )
            self._say(f"step {self.steps}: dropped (did not replay): {hypothesis.title}")
            return
        words = known.hypothesis() if known else hypothesis
        sure = confidence(confirmed.agreeing, confirmed.judged, source)
        report = confirmed.report(
            words,
            build_commit=self.build_commit,
            source="llm",
            key=known.key if known else key,
            confidence=sure,
        )
        self.confirmed[key] = hypothesis.title
        self._settle_lead(hypothesis.title, "confirmed")
        self._add_report(report, hypothesis.evidence, regression=known is not None)

    def recheck_known_bugs(self) -> None:
        """On a build not yet checked, replay every known bug: fixed ones are marked, regressions reported,
        and a bug still open on this line reported once a run (the run's loop tracks only what it is told)."""
        for known in [b for b in self.campaign.bugs if not self._checked_here(b)][:20]:
            hypothesis = known.hypothesis()
            try:
                present, steps = self.verifier.shows(hypothesis, known.repro)
            except UndecidedReplay as exc:
                self.leads.append(f"re-check of {known.title} undecided: {clip(str(exc), 80)}")
                continue
            here = known.status_on(self.commit, self.descends)
            self.events.note(
                "recheck", None, {"bug": known.id, "present": present, "was": here or "other line"}
            )
            if not present:
                self._set_status(known, "fixed")
                self._say(f"known bug no longer shows, marked fixed: {known.title}")
            elif here in ("fixed", None) or known.id not in self.this_run.reported:
                # fixed on this line: a regression; known only from another line, or from an earlier run of
                # this one: a known bug of this line, reported under its fingerprint so the loop tracks it
                self._add_report(self._known_report(known, steps), known.check, regression=here == "fixed")
            else:
                self._set_status(known, known.status)

    def _checked_here(self, known: KnownBug) -> bool:
        return known.checked_commit == self.commit and known.id in self.this_run.checked

    def _set_status(self, known: KnownBug, status: BugStatus) -> None:
        known.set_status(status, self.commit)
        self.this_run.checked.add(known.id)

    def _known_report(self, known: KnownBug, steps: list[Step]) -> BugReport:
        replayed = Confirmed(list(known.repro), steps, 1)
        return replayed.report(
            known.hypothesis(),
            build_commit=self.build_commit,
            source="llm",
            key=known.key,
            confidence=confidence(1, 1, "known bug"),
        )

    def _add_report(self, report: BugReport, check: str, *, regression: bool) -> None:
        known = self.campaign.remember_report(report, check, self.commit, self.descends)
        self.this_run.checked.add(known.id)
        self.this_run.reported.add(known.id)
        self.reports.append(report)
        if self.first_report_seconds is None:
            self.first_report_seconds = time.monotonic() - self.started
        kind = "regression" if regression and known.status == "regressed" else "report"
        self.events.note(
            kind, None, {"title": report.title, "repro": report.repro, "fingerprint": report.fingerprint}
        )
        repro = " / ".join(report.repro)
        self._say(f"step {self.steps}: {kind} {len(self.reports)}: {report.title} (repro: {repro})")

    # --- small parts ------------------------------------------------------------------------------

    def new_game(self) -> None:
        self.note_reached()
        restored = self._from_checkpoint()
        self.game = restored or GameSession(self.client, on_step=self.events.step)
        self.game_base = len(self.game.commands)
        self.games_started += 1
        self.contradictions = []
        started = f"(new game from a checkpoint: {self.game_base} commands replayed)" if restored else ""
        brief = step_brief(self.game.steps[-1])
        self.memory.record(
            StepRecord(self.games_started, self.steps, started or "(new game)", "a new game", brief)
        )

    def _game_finished(self) -> bool:
        assert self.game is not None
        last = self.game.steps[-1]
        over = last.observation is not None and last.observation.game_over
        return over or len(self.game.commands) - self.game_base >= self.settings.max_game_commands

    def _model_failed(self, role: str, exc: Exception) -> None:
        self.failures_in_a_row += 1
        self.events.note(
            "model_error", None, {"role": role, "error": type(exc).__name__, "detail": clip(str(exc), 300)}
        )
        if self.failures_in_a_row >= self.settings.max_consecutive_failures:
            raise LimitsExceeded(
                f"model failed {self.failures_in_a_row} times in a row ({type(exc).__name__})"
            )

    def _succeeded(self) -> None:
        self.failures_in_a_row = 0

    def _knowledge(self) -> str:
        return knowledge_text(self.reader.docs_text() if self.reader else "", self.language.help_text)

    def _evidence_source(self, hypothesis: Hypothesis, played: Step, contradicted: bool) -> str | None:
        assert self.game is not None
        docs = self.reader.whole_docs() if self.reader is not None else ""
        earlier = [s.message for s in self.game.steps[:-1]]
        return evidence_source(
            hypothesis.evidence,
            played,
            docs,
            self.language.help_text,
            earlier,
            contradicted=contradicted,
        )

    def _keep_suspicion(self, hypothesis: Hypothesis, command: str) -> None:
        """A bug claimed without evidence stays a lead for the planner (newest kept), not a report."""
        assert self.game is not None
        self._keep_lead(leads.unsupported(hypothesis, list(self.game.commands)))

    def _keep_note(self, note: str) -> None:
        note = clip(note.strip(), 200)
        if note and note not in self.notes:
            self.notes = [*self.notes, note][-self.settings.max_notes :]

    def _say(self, line: str) -> None:
        if self.progress is not None:
            self.progress(line)

    # --- leads and checkpoints (leads.py, checkpoints.py) --------------------------------------------

    def _depth_state(self, walkthrough: list[str] | tuple[str, ...]) -> None:
        stored = self.campaign.commits.get(self.commit)
        carried = stored.leads if stored is not None else []
        self.open_leads: dict[str, leads.Lead] = {}
        for lead in carried[-self.settings.max_suspicions :]:
            self.open_leads[lead.title] = lead.model_copy(deep=True)
        self.session_leads: dict[str, leads.Lead] = dict(self.open_leads)
        self.lead_retries = 0
        self.walkthrough = list(walkthrough)
        kept = list(stored.checkpoints) if stored is not None else []
        from_walkthrough = checkpoints.from_walkthrough(self.walkthrough)
        if stored is not None and stored.walkthrough_broken:
            from_walkthrough = None  # it did not replay on this commit: not tried again
        if from_walkthrough is not None and all(c.commands != from_walkthrough.commands for c in kept):
            kept.append(from_walkthrough)
        self.checkpoints = checkpoints.longest_first(kept)
        self.broken_checkpoints: list[checkpoints.Checkpoint] = []
        self.walkthrough_broken = ""  # why the walkthrough's checkpoint did not replay, '' when it did
        self.found_checkpoint: checkpoints.Checkpoint | None = None
        self.known_rooms: set[str] = set()
        self.game_base = 0  # commands the current game's checkpoint played: the command cap counts after them
        self.checkpoint_commands = 0

    def _keep_lead(self, lead: leads.Lead) -> None:
        self.open_leads.pop(lead.title, None)
        self.open_leads[lead.title] = lead
        self.session_leads[lead.title] = lead
        while len(self.open_leads) > self.settings.max_suspicions:
            del self.open_leads[next(iter(self.open_leads))]
        self.events.note(
            "lead", None, {"title": lead.title, "next_check": lead.next_check, "outcome": "open"}
        )

    def _settle_lead(self, title: str, outcome: leads.LeadOutcome) -> None:
        self.open_leads.pop(title, None)
        lead = self.session_leads.get(title)
        if lead is not None:
            lead.outcome = outcome
            self.events.note("lead", None, {"title": title, "outcome": outcome})

    def _targeted_retry(self, hypothesis: Hypothesis, commands: list[str]) -> Confirmed | None:
        """An absent replay, tried once more with steps written for the suspicion; None: still absent."""
        written = leads.targeted_steps(
            self.models,
            hypothesis,
            commands,
            game_title=self.game_title,
            docs=self.reader.docs_text() if self.reader else "",
            walkthrough=self.walkthrough,
            max_command_length=self.client.max_command_length,
        )
        self.events.note("targeted", None, {"hypothesis": hypothesis.title, "commands": written or []})
        if written is None or written == commands:
            return None  # nothing new to replay
        self.lead_retries += 1
        return self.verifier.confirm(hypothesis, written)

    def _from_checkpoint(self) -> GameSession | None:
        """Every `checkpoint_every`-th new game starts from the deepest checkpoint that still replays."""
        every = self.settings.checkpoint_every
        if every <= 0 or self.games_started % every:
            return None
        while self.checkpoints:
            checkpoint = self.checkpoints[0]
            game, broken = checkpoints.restore(self.client, checkpoint, self.events.step)
            self.checkpoint_commands += len(game.commands)
            about = {"source": checkpoint.source, "commands": len(checkpoint.commands)}
            if not broken:
                self.events.note("checkpoint", None, about)
                return game
            self.checkpoints.pop(0)
            self.broken_checkpoints.append(checkpoint)
            if checkpoint.source == "walkthrough":
                self.walkthrough_broken = broken
            self.events.note("checkpoint_dropped", None, {**about, "why": broken})
            self._say(f"checkpoint dropped ({checkpoint.source}, {about['commands']} commands): {broken}")
        return None

    def note_reached(self) -> None:
        """The current game's prefix that reached a room no earlier game had, kept when the longest so far."""
        if self.game is None:
            return
        found = checkpoints.reached(self.game, self.known_rooms)
        longest = max([len(c.commands) for c in self.checkpoints], default=0)
        best = len(self.found_checkpoint.commands) if self.found_checkpoint else longest
        if found is not None and len(found.commands) > best:
            self.found_checkpoint = found

    def depth_counts(self) -> dict[str, int]:
        outcomes = [lead.outcome for lead in self.session_leads.values()]
        return {
            "leads_open": outcomes.count("open"),
            "leads_confirmed": outcomes.count("confirmed"),
            "leads_dropped": outcomes.count("dropped"),
            "leads_retried": self.lead_retries,
            "checkpoint_commands": self.checkpoint_commands,
            "checkpoints_dropped": len(self.broken_checkpoints),
        }
