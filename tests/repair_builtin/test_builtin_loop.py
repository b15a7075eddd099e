"""The agent's loop with a stand-in model: tool-call arguments that are not JSON are the model's slip, told
back to it; any other garbage from the endpoint ends the run as the endpoint's failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from loop.llm import GarbageReply, LLMReply, Message, ToolCall
from repair_agents.coding.agent import CodingAgent
from repair_agents.coding.tools import Toolbox
from repair_agents.coding.transcript import Transcript, read_transcript
from sandboxes.repair_tools.choose import BubblewrapSandbox


class ScriptedModel:
    """A ChatModel that raises or answers from a list, and keeps what it was sent."""

    def __init__(self, *steps: LLMReply | Exception):
        self.steps = list(steps)
        self.sent: list[list[Message]] = []

    def complete(self, messages, *, tools=None, response_model=None, max_tokens=None) -> LLMReply:
        self.sent.append(list(messages))
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        return step


FINISH = LLMReply(tool_calls=[ToolCall(id="c1", name="finish", arguments={"summary": "done"})])


def run_loop(model: ScriptedModel, tree: Path, transcript_path: Path) -> str:
    with Transcript(transcript_path) as transcript:
        agent = CodingAgent(model, Toolbox(BubblewrapSandbox(tree)), transcript, max_turns=5)
        return agent.run("system", "task")


def test_tool_call_arguments_that_are_not_json_are_told_back_to_the_model(scratch_tree: Path, tmp_path: Path):
    model = ScriptedModel(GarbageReply("openai: tool-call arguments are not JSON: Expecting value"), FINISH)

    assert run_loop(model, scratch_tree, tmp_path / "t.jsonl") == "done"
    told = model.sent[1][-1]
    assert told.role == "user" and "tool-call arguments are not JSON" in told.content
    events = read_transcript(tmp_path / "t.jsonl")
    assert [e["event"] for e in events] == ["format_error", "model_call", "tool_call"]


def test_other_garbage_from_the_endpoint_ends_the_run(scratch_tree: Path, tmp_path: Path):
    model = ScriptedModel(GarbageReply("openai: the reply is not JSON (an HTML page?)"), FINISH)

    with pytest.raises(GarbageReply):
        run_loop(model, scratch_tree, tmp_path / "t.jsonl")
    assert [e["event"] for e in read_transcript(tmp_path / "t.jsonl")] == ["model_error"]
