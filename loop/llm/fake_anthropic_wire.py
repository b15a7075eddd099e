"""The fake LLM server's Anthropic Messages wire format: a scripted reply as a message, whole or as the SSE
event sequence the real service sends (the SDK validates both strictly in our tests)."""

from __future__ import annotations

import json
from typing import Any

from loop.llm.fake_wire import ScriptedReply, call_ids, next_id, pieces, usage_of

FAKE_SIGNATURE = "fake-signature-0000"


def _message_content(script: ScriptedReply) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if script.thinking:
        blocks.append({"type": "thinking", "thinking": script.thinking, "signature": FAKE_SIGNATURE})
    if script.text or not script.tool_calls:
        blocks.append({"type": "text", "text": script.text})
    for call_id, call in zip(call_ids(script, "toolu_"), script.tool_calls, strict=True):
        blocks.append({"type": "tool_use", "id": call_id, "name": call.name, "input": call.arguments})
    return blocks


def message(script: ScriptedReply, body: dict[str, Any]) -> dict[str, Any]:
    inp, out = usage_of(script, body)
    return {
        "id": next_id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "fake"),
        "content": _message_content(script),
        "stop_reason": "tool_use" if script.tool_calls else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": inp,
            "output_tokens": out,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }


def messages_stream(script: ScriptedReply, body: dict[str, Any]) -> list[str]:
    """message_start, ping, one start/delta.../stop per content block, message_delta, message_stop."""
    final = message(script, body)
    events: list[dict[str, Any]] = []
    start = {**final, "content": [], "stop_reason": None, "usage": {**final["usage"], "output_tokens": 1}}
    events.append({"type": "message_start", "message": start})
    events.append({"type": "ping"})
    for index, block in enumerate(final["content"]):
        if block["type"] == "text":
            events.append(
                {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}
            )
            for piece in pieces(block["text"]):
                delta = {"type": "text_delta", "text": piece}
                events.append({"type": "content_block_delta", "index": index, "delta": delta})
        elif block["type"] == "thinking":
            empty = {"type": "thinking", "thinking": "", "signature": ""}
            events.append({"type": "content_block_start", "index": index, "content_block": empty})
            for piece in pieces(block["thinking"]):
                delta = {"type": "thinking_delta", "thinking": piece}
                events.append({"type": "content_block_delta", "index": index, "delta": delta})
            delta = {"type": "signature_delta", "signature": block["signature"]}
            events.append({"type": "content_block_delta", "index": index, "delta": delta})
        else:
            opening = {**block, "input": {}}
            events.append({"type": "content_block_start", "index": index, "content_block": opening})
            for piece in pieces(json.dumps(block["input"])):
                delta = {"type": "input_json_delta", "partial_json": piece}
                events.append({"type": "content_block_delta", "index": index, "delta": delta})
        events.append({"type": "content_block_stop", "index": index})
    events.append(
        {
            "type": "message_delta",
            "delta": {"stop_reason": final["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": final["usage"]["output_tokens"]},
        }
    )
    events.append({"type": "message_stop"})
    return [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events]
