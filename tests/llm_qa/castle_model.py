"""A scripted stand-in for the models, answering by request content (which prompt, what the game showed).

It is a test double, not a model: the planner follows a fixed command script; reflection and the judge apply
small, explicit checks to the text the agent sent (the judge reads the replay transcript the agent recorded,
so whether a hypothesis replays is decided by the real game). Numbers it produces are never capabilities.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Callable
from typing import Any

from loop.llm.fake_server import RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply

DROPPED_TITLE = "Dropped item missing from the room description"
DUPLICATE_TITLE = "Inventory lists an item twice"
LEAD_MARK = "Commands played from a new game before it was seen, in order"


def schema_name(request: RecordedRequest) -> str:
    """Which reply the agent asked for: the json_schema name (OpenAI chat), else '' (a tool round trip)."""
    return ((request.body.get("response_format") or {}).get("json_schema") or {}).get("name", "")


def last_user(request: RecordedRequest) -> str:
    users = [m for m in request.body.get("messages", []) if m["role"] == "user"]
    return str(users[-1]["content"]) if users else ""


def field(text: str, name: str) -> str:
    match = re.search(rf"^{name}: (.*)$", text, re.MULTILINE)
    return match.group(1).strip() if match else ""


def transcript(request: RecordedRequest) -> list[dict[str, Any]]:
    """The replay's last steps in full, as the judge prompt shows them (earlier ones are commands only)."""
    body = last_user(request)
    match = re.search(r"```json\n(.*?)\n```", body, re.DOTALL)
    return json.loads(match.group(1)) if match else []


def earlier_commands(request: RecordedRequest) -> list[str]:
    line = field(last_user(request), "Earlier commands, in order")
    return [] if line in ("", "(none)") else line.split(" / ")


# --- checks a judge applies to a replay transcript ---------------------------------------------------


def dropped_item_missing(rows: list[dict[str, Any]]) -> bool:
    """After a successful `drop X`, a later `look` in the same room does not name X while X lies there."""
    dropped: str | None = None
    for row in rows:
        command, answer = row["command"], row["reply"]
        if command.startswith("drop ") and answer.startswith("Dropped:"):
            dropped = command.removeprefix("drop ")
        elif command.removeprefix("go ") in ("north", "south", "east", "west", "up", "down"):
            dropped = None  # another room: what lies here was not dropped here
        elif command == "look" and dropped and dropped not in answer:
            return dropped in row.get("state", {}).get("visible_items", [])
    return False


def inventory_duplicates(rows: list[dict[str, Any]]) -> bool:
    return any(
        len(set(r.get("state", {}).get("inventory", []))) != len(r.get("state", {}).get("inventory", []))
        for r in rows
    )


JUDGES: dict[str, Callable[[list[dict[str, Any]]], bool]] = {
    DROPPED_TITLE: dropped_item_missing,
    DUPLICATE_TITLE: inventory_duplicates,
}


def bug(title: str, evidence: str, **extra: Any) -> dict[str, Any]:
    """A reflection that says "bug", its fields in the schema's order (the verdict last)."""
    return {
        "analysis": extra.get("analysis", "suspicious"),
        "evidence": evidence,
        "title": title,
        "observed": extra.get("observed", title),
        "expected": extra.get("expected", "the game agrees with itself"),
        "mechanic": extra.get("mechanic", "drop" if title == DROPPED_TITLE else "inventory"),
        "bug_type": "data inconsistency",
        **{k: v for k, v in extra.items() if k not in ("analysis", "observed", "expected", "mechanic")},
        "verdict": "bug",
    }


NOT_A_BUG = {"analysis": "as expected", "verdict": "not a bug"}


def earlier_replies(body: str) -> list[str]:
    """The first reply line after each command in the reflection's earlier steps."""
    earlier = body.partition("Earlier steps of this game")[2].partition("The step to judge:")[0]
    return re.findall(r"^> .+\n(.+)$", earlier, re.MULTILINE)


class CastleModel:
    """The fake server's responder.

    `script` is the planner's command list (cycled); `claims` maps a command to a hypothesis title the
    reflection always claims after it ("stubborn", quoting an earlier reply as its evidence); otherwise
    reflection is honest about dropped items. `gullible` flags every refusal and every reply that is not the
    planner's expectation as a bug too, with its "evidence" taken from the expectation or the reply itself
    (what a weak model does). `reword` changes the title of each new claim; `extra` adds fields to every bug
    reply (a made-up id, say); `judge_says` fixes the judge's verdict. `tool_calls` are answered, in order,
    before the planner's first command. `quote` replaces a claim's evidence: "current reply" quotes the first
    line of the reply being judged, any other text is quoted as it is. `lead_steps` maps a suspicion's title
    to the steps the step writer gives when the agent asks for a targeted reproduction of it; any other
    suspicion gets back the commands the agent saw (nothing new to try).
    """

    def __init__(
        self,
        script: list[str],
        *,
        claims: dict[str, str] | None = None,
        honest: bool = True,
        gullible: bool = False,
        reword: bool = False,
        extra: dict[str, Any] | None = None,
        judge_says: str | None = None,
        tool_calls: list[Any] | None = None,
        quote: str | None = None,
        lead_steps: dict[str, list[str]] | None = None,
    ):
        self.lead_steps = dict(lead_steps or {})
        self.judge_says, self.quote = judge_says, quote
        self.gullible, self.reword, self.extra = gullible, reword, dict(extra or {})
        self.claimed = 0
        self.commands = itertools.cycle(script)
        self.claims = claims or {}
        self.honest = honest
        self.tool_calls = list(tool_calls or [])
        self.lock = threading.Lock()
        self.seen: dict[str, int] = {}

    def __call__(self, request: RecordedRequest) -> ScriptedReply:
        kind = schema_name(request)
        with self.lock:
            self.seen[kind] = self.seen.get(kind, 0) + 1
            return getattr(self, f"answer_{kind}", self.answer_unknown)(request)

    def answer_unknown(self, request: RecordedRequest) -> ScriptedReply:
        return reply("I do not know this prompt")

    def answer_PlannerReply(self, request: RecordedRequest) -> ScriptedReply:
        if self.tool_calls and request.body.get("tools"):
            return reply(tool_calls=[self.tool_calls.pop(0)])
        command = next(self.commands)
        plan = {"thought": "keep testing", "command": command, "expected": f"{command} works"}
        note = f"sent {command[:60]} at request {self.seen['PlannerReply']}"
        return reply(json.dumps({**plan, "note": note}))

    def answer_ReflectionReply(self, request: RecordedRequest) -> ScriptedReply:
        body = last_user(request)
        command = field(body, "command")
        claim = self.claims.get(command)
        evidence = next(iter(earlier_replies(body)[-1:]), "")
        if claim is None and self.honest and command == "look":
            claim, evidence = self._honest_drop_check(body)
        if claim is not None and self.quote is not None:
            observed = body.partition("the game answered:")[2].strip().splitlines()
            evidence = observed[0] if self.quote == "current reply" and observed else self.quote
        if claim is not None:
            self.claimed += 1
            title = f"{claim} (seen again, {self.claimed})" if self.reword and self.claimed > 1 else claim
            return reply(json.dumps(bug(title, evidence, **self.extra)))
        if self.gullible:
            return self._gullible(body)
        return reply(json.dumps(NOT_A_BUG))

    def _honest_drop_check(self, body: str) -> tuple[str | None, str]:
        """The observed look after a 'Dropped: X.' in the recent context does not name X."""
        recent, _, observed = body.partition("the game answered:")
        drops = re.findall(r"^(Dropped: ([\w ]+)\.)$", recent, re.MULTILINE)
        reply_line = observed.strip().splitlines()[0] if observed.strip() else ""
        if drops and drops[-1][1] not in reply_line:
            return DROPPED_TITLE, drops[-1][0]
        return None, ""

    def _gullible(self, body: str) -> ScriptedReply:
        """Every refusal and every unmet expectation is "a bug", the evidence being the guess or the reply."""
        expected = field(body, "planner expected")
        answer = body.partition("the game answered:")[2].strip().splitlines()[0]
        if answer.startswith("(refused)"):
            return reply(json.dumps(bug(f"Refused: {field(body, 'command')}", answer, **self.extra)))
        if expected not in answer:
            return reply(json.dumps(bug(f"Unexpected: {field(body, 'command')}", expected, **self.extra)))
        return reply(json.dumps(NOT_A_BUG))

    def answer_ReplayJudgement(self, request: RecordedRequest) -> ScriptedReply:
        title = re.sub(r" \(seen again, \d+\)$", "", field(last_user(request), "Claimed bug"))
        check = JUDGES.get(title)
        present = bool(check and check(transcript(request)))
        verdict = self.judge_says or ("present" if present else "absent")
        return reply(json.dumps({"reason": f"{title}: {verdict}", "verdict": verdict}))

    def answer_WorkingSummary(self, request: RecordedRequest) -> ScriptedReply:
        """Grows without limit on purpose: the agent, not the model, must keep memory bounded."""
        body = last_user(request)
        match = re.search(r"```json\n(.*?)\n```", body, re.DOTALL)
        summary = json.loads(match.group(1)) if match else {}
        facts = summary.get("causal_facts", [])
        places = summary.get("visited_places", [])
        for command in re.findall(r"^> (.+)$", body, re.MULTILINE):
            facts.append(f"after '{command}' the game answered as recorded at fold {len(facts)}")
        for room in re.findall(r"room\.name \S+ -> ([^;\n]+)", body):
            places.append(room)
        return reply(json.dumps({**summary, "causal_facts": facts, "visited_places": places}))

    def answer_SessionDistillation(self, request: RecordedRequest) -> ScriptedReply:
        return reply(
            json.dumps(
                {
                    "explored_regions": ["the hall and the corridor"],
                    "unresolved_leads": ["does dropping in the dark behave?"],
                    "priority_targets": ["containers"],
                }
            )
        )

    def answer_StepsToReproduce(self, request: RecordedRequest) -> ScriptedReply:
        """Step synthesis for the two intake reports the tests use, keyed by what the report talks about."""
        if LEAD_MARK in last_user(request):
            return self._lead_steps(last_user(request))
        report = last_user(request).lower()
        if "candlestick" in report and "drop" in report:
            steps = {
                "commands": ["take candlestick", "north", "drop candlestick", "look"],
                "title": DROPPED_TITLE,
                "expected": "look names the candlestick lying in the corridor",
                "anomaly": "the candlestick is not named in the corridor's description",
                "mechanic": "drop",
                "bug_type": "data inconsistency",
            }
        else:
            steps = {
                "commands": ["take matches", "take candlestick", "inventory"],
                "title": DUPLICATE_TITLE,
                "expected": "each item once in the inventory",
                "anomaly": "the matches are listed twice",
                "mechanic": "inventory",
                "bug_type": "data inconsistency",
            }
        return reply(json.dumps(steps))

    def _lead_steps(self, body: str) -> ScriptedReply:
        title = body.partition("The bug report:\n")[2].splitlines()[0]
        seen = field(body, LEAD_MARK).split(" / ")
        steps = {
            "commands": self.lead_steps.get(title, seen),
            "title": title,
            "expected": field(body, "Expected"),
            "anomaly": field(body, "Observed"),
        }
        return reply(json.dumps(steps))


def planner_requests(requests: list[RecordedRequest]) -> list[RecordedRequest]:
    return [r for r in requests if schema_name(r) == "PlannerReply"]
