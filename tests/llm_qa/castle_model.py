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
    body = last_user(request)
    match = re.search(r"```json\n(.*?)\n```", body, re.DOTALL)
    return json.loads(match.group(1)) if match else []


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
            return dropped in row["state"].get("visible_items", [])
    return False


def inventory_duplicates(rows: list[dict[str, Any]]) -> bool:
    return any(
        len(set(r["state"].get("inventory", []))) != len(r["state"].get("inventory", [])) for r in rows
    )


JUDGES: dict[str, Callable[[list[dict[str, Any]]], bool]] = {
    DROPPED_TITLE: dropped_item_missing,
    DUPLICATE_TITLE: inventory_duplicates,
}


def hypothesis(title: str, **extra: Any) -> dict[str, Any]:
    return {
        "title": title,
        "observed": extra.get("observed", title),
        "expected": extra.get("expected", "the game agrees with itself"),
        "mechanic": extra.get("mechanic", "drop" if title == DROPPED_TITLE else "inventory"),
        "bug_type": "data inconsistency",
        "check": extra.get("check", title),
    }


class CastleModel:
    """The fake server's responder.

    `script` is the planner's command list (cycled); `claims` maps a command to a hypothesis title the
    reflection always claims after it ("stubborn"); otherwise reflection is honest about dropped items.
    `tool_calls` are answered, in order, before the planner's first command.
    """

    def __init__(
        self,
        script: list[str],
        *,
        claims: dict[str, str] | None = None,
        honest: bool = True,
        tool_calls: list[Any] | None = None,
    ):
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
        return reply(
            json.dumps({"thought": "keep testing", "command": command, "expected": f"{command} works"})
        )

    def answer_ReflectionReply(self, request: RecordedRequest) -> ScriptedReply:
        body = last_user(request)
        command = field(body, "command")
        claim = self.claims.get(command)
        if claim is None and self.honest and command == "look":
            claim = self._honest_drop_check(body)
        if claim is None:
            return reply(json.dumps({"matches_expectation": True, "analysis": "as expected"}))
        return reply(
            json.dumps(
                {"matches_expectation": False, "analysis": "suspicious", "hypothesis": hypothesis(claim)}
            )
        )

    def _honest_drop_check(self, body: str) -> str | None:
        """The observed look after a 'Dropped: X.' in the recent context does not name X."""
        recent, _, observed = body.partition("observed:")
        drops = re.findall(r"^Dropped: ([\w ]+)\.$", recent, re.MULTILINE)
        reply_line = observed.strip().splitlines()[1] if observed.strip() else ""
        if drops and drops[-1] not in reply_line:
            return DROPPED_TITLE
        return None

    def answer_ReplayJudgement(self, request: RecordedRequest) -> ScriptedReply:
        title = field(last_user(request), "Suspected bug")
        check = JUDGES.get(title)
        present = bool(check and check(transcript(request)))
        return reply(json.dumps({"anomaly_present": present, "reason": f"{title}: {present}"}))

    def answer_WorkingSummary(self, request: RecordedRequest) -> ScriptedReply:
        """Grows without limit on purpose: the agent, not the model, must keep memory bounded."""
        body = last_user(request)
        match = re.search(r"```json\n(.*?)\n```", body, re.DOTALL)
        summary = json.loads(match.group(1)) if match else {}
        facts = summary.get("causal_facts", [])
        places = summary.get("visited_places", [])
        for command in re.findall(r"^> (.+)$", body, re.MULTILINE):
            facts.append(f"after '{command}' the game answered as recorded at fold {len(facts)}")
        for room in re.findall(r'"name":"([^"]+)"', body):
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


def planner_requests(requests: list[RecordedRequest]) -> list[RecordedRequest]:
    return [r for r in requests if schema_name(r) == "PlannerReply"]
