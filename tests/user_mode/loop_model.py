"""A scripted stand-in for every model of a whole loop on CASTLE: the LLM QA agent's planner, reflection and
summary, the loop's judge, the LLM critic and a repair agent (the built-in agent's tool calls on the OpenAI
chat wire, or Claude Code's on the Anthropic messages stream).

It is a test double, not a model. It answers by what the request shows, the way a model would read it:
reflection flags a room text that names an item `take` then cannot find, and a drop the next `look` leaves
out; the judge applies the same checks to the replayed transcript the loop sends (so whether a bug shows is
decided by the real game); the critic reads the report; the repair "model" fixes the room text for real and,
for the drop, makes an edit that changes nothing the game does (a wrong fix the judge must catch). Nothing it
produces is a capability number.
"""

from __future__ import annotations

import json
import re
from typing import Any

from loop.llm.fake_server import RecordedRequest
from loop.llm.fake_wire import ScriptedReply, error, reply, tool_call
from tests.llm_qa.castle_model import (
    DROPPED_TITLE,
    JUDGES,
    CastleModel,
    bug,
    dropped_item_missing,
    field,
    last_user,
    transcript,
)

NAMED_TITLE = "Room text names an item that cannot be taken"
# A walk that shows both: the bedroom's text names a key `take` cannot find; a drop the `look` leaves out.
WALK = ["take matches", "north", "east", "take small key", "west", "drop matches", "look", "south"]
DRAWER_SHUT = "The bedside drawer is shut; a small key rattles inside it."
DRAWER_FIXED = "The bedside drawer is shut."
DROP_LINE = '        return Reply(True, f"Dropped: {name}.")'
DROP_COMMENTED = "        # the item now lies on the floor of this room\n" + DROP_LINE


def prose(description: str) -> str:
    """A room description without its item and exit lists (what the room's text itself says)."""
    return description.split(" You see:")[0].split(" Exits:")[0]


def named_item_missing(rows: list[dict[str, Any]]) -> bool:
    """A room's text names X, and `take X` in that room answers that X is not here."""
    text = ""
    for row in rows:
        command, answer = row["command"], row["reply"]
        if "Exits:" in answer:
            text = prose(answer)
        elif command.startswith("take ") and not answer.startswith("Taken"):
            item = command.removeprefix("take ")
            if item in text:
                return True
    return False


class LoopModel(CastleModel):
    """The planner walks `WALK`; reflection and the judge read what the game answered; the critic reads the
    report; the repair agent follows a short script per report. `judge_fails_after_repair`: once a repair
    began, every judge call is answered with an error (the endpoint failing); `claude_workdir` scripts Claude
    Code's tools (the work tree as it sees it) instead of the built-in agent's."""

    def __init__(self, *, judge_fails_after_repair: bool = False, claude_workdir: str | None = None):
        super().__init__(WALK)
        self.judge_fails_after_repair = judge_fails_after_repair
        self.claude_workdir = claude_workdir
        self.repairs: list[str] = []  # the bug titles each repair conversation was about

    def __call__(self, request: RecordedRequest) -> ScriptedReply:
        if request.protocol == "messages" and not request.body.get("tools"):
            return reply("ok")  # a side request of Claude Code's (none expected with --bare), not a step
        if request.body.get("tools") and not _schema(request):
            with self.lock:
                return self.repair_turn(request)
        return super().__call__(request)

    # --- QA -------------------------------------------------------------------------------------------

    def answer_ReflectionReply(self, request: RecordedRequest) -> ScriptedReply:
        body = last_user(request)
        command = field(body, "command")
        if command.startswith("take "):
            recent = body.partition("Earlier steps of this game")[2].partition("The step to judge:")[0]
            answer = body.partition("the game answered:")[2].strip().splitlines()[0]
            rooms = [line for line in recent.splitlines() if "Exits:" in line]
            item = command.removeprefix("take ")
            if rooms and item in prose(rooms[-1]) and not answer.startswith("Taken"):
                seen = f"the room text names the {item}; `{command}` answers: {answer}"
                wanted = "what the room text names can be taken, or the text does not name it"
                claim = bug(NAMED_TITLE, prose(rooms[-1]), mechanic="room description", observed=seen,
                            expected=wanted)  # fmt: skip
                return reply(json.dumps(claim))
        return super().answer_ReflectionReply(request)

    def answer_ReplayJudgement(self, request: RecordedRequest) -> ScriptedReply:
        if self.judge_fails_after_repair and self.repairs:
            return error(503, "the judge's endpoint is overloaded")
        title = field(last_user(request), "Claimed bug")
        check = {**JUDGES, NAMED_TITLE: named_item_missing, DROPPED_TITLE: dropped_item_missing}.get(title)
        present = bool(check and check(transcript(request)))
        verdict = "present" if present else "absent"
        return reply(json.dumps({"reason": f"{title}: {verdict} in the replay", "verdict": verdict}))

    # --- the LLM critic -------------------------------------------------------------------------------

    def answer_CriticVerdict(self, request: RecordedRequest) -> ScriptedReply:
        prompt = json.dumps(request.body)
        report = prompt.split("predicted bug report:")[1].split("ground truth bug list:")[0].lower()
        if "cannot be taken" in report:
            match = ("BUG-2", 0.9, "the room text reveals the hidden key")
        elif "dropped" in report:
            match = ("BUG-3", 0.9, "the dropped item is missing from the description")
        else:
            match = ("BUG-1", 0.2, "no match")
        return reply(json.dumps(dict(zip(("match_id", "score", "rationale"), match, strict=True))))

    # --- repair ---------------------------------------------------------------------------------------

    def repair_turn(self, request: RecordedRequest) -> ScriptedReply:
        messages = request.body.get("messages", [])
        task = json.dumps(messages[:2])
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        about = NAMED_TITLE if NAMED_TITLE in task else DROPPED_TITLE
        if turn == 0:
            self.repairs.append(about)
        path, old, new = (
            ("castle/world.py", DRAWER_SHUT, DRAWER_FIXED)
            if about == NAMED_TITLE
            else ("castle/engine.py", DROP_LINE, DROP_COMMENTED)
        )
        if self.claude_workdir is not None:
            steps = [
                reply("Reading the source.", [tool_call("Read", file_path=f"{self.claude_workdir}/{path}")]),
                reply(
                    "",
                    [
                        tool_call(
                            "Edit", file_path=f"{self.claude_workdir}/{path}", old_string=old, new_string=new
                        )
                    ],
                ),  # fmt: skip
                reply("Fixed."),
            ]
        else:
            steps = [
                reply("Reading the source.", [tool_call("read_file", path=path)]),
                reply("", [tool_call("edit", path=path, old=old, new=new)]),
                reply("", [tool_call("finish", summary=f"changed {path}")]),
            ]
        return steps[min(turn, len(steps) - 1)]


def _schema(request: RecordedRequest) -> str:
    return ((request.body.get("response_format") or {}).get("json_schema") or {}).get("name", "")


def judge_calls(requests: list[RecordedRequest]) -> int:
    return sum(1 for r in requests if _schema(r) == "ReplayJudgement")


def transcript_rows(text: str) -> list[dict[str, Any]]:
    match = re.search(r"```json\n(.*?)\n```", text, re.DOTALL)
    return json.loads(match.group(1)) if match else []
