"""What the fake LLM server says: the scripted replies tests write, usage, error bodies, and the OpenAI wire
formats (a chat completion or a response, whole or as the exact SSE event sequence the real service sends; the
Anthropic message is in loop.llm.fake_anthropic_wire). The SDKs validate these bodies strictly in our tests,
so a drift from the real schema fails there.
"""

from __future__ import annotations

import itertools
import json
import time
from typing import Any, Literal

from pydantic import BaseModel, Field

Protocol = Literal["chat", "responses", "messages"]

_ids = itertools.count(1)


def next_id(prefix: str) -> str:
    return f"{prefix}{next(_ids):06d}"


class FakeToolCall(BaseModel):
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    id: str = ""


class ScriptedReply(BaseModel):
    """One entry of the fake's script: a reply, or a failure the fake plays out instead.

    kind: reply (text and/or tool calls), error (an HTTP error with the protocol's error body),
    garbage (200 with a non-JSON body), truncated (200 with JSON cut short; a stream that stops mid-way),
    stream_error (a stream that breaks off with the protocol's error event; an HTTP error when not streaming).
    """

    kind: Literal["reply", "error", "garbage", "truncated", "stream_error"] = "reply"
    text: str = ""
    tool_calls: list[FakeToolCall] = Field(default_factory=list)
    thinking: str = Field(default="", description="Anthropic: a thinking block sent before the answer")
    input_tokens: int | None = None
    output_tokens: int | None = None
    status: int = 200
    retry_after: float | None = Field(default=None, description="seconds, sent as retry-after and -ms")
    message: str = ""
    delay_s: float = Field(default=0.0, ge=0.0, description="wait this long before answering")
    body: dict[str, Any] | None = Field(
        default=None, description="kind=error: this exact JSON body (a server's own error shape)"
    )


def reply(text: str = "", tool_calls: list[FakeToolCall] | None = None, **kw: Any) -> ScriptedReply:
    return ScriptedReply(text=text, tool_calls=tool_calls or [], **kw)


def tool_call(name: str, **arguments: Any) -> FakeToolCall:
    return FakeToolCall(name=name, arguments=arguments)


def error(status: int, message: str = "", retry_after: float | None = None, **kw: Any) -> ScriptedReply:
    return ScriptedReply(kind="error", status=status, message=message, retry_after=retry_after, **kw)


def garbage(**kw: Any) -> ScriptedReply:
    return ScriptedReply(kind="garbage", **kw)


def truncated(text: str = "cut short", **kw: Any) -> ScriptedReply:
    return ScriptedReply(kind="truncated", text=text, **kw)


def stream_error(status: int = 529, message: str = "Overloaded", **kw: Any) -> ScriptedReply:
    return ScriptedReply(kind="stream_error", status=status, message=message, **kw)


def context_overflow(n_prompt_tokens: int, n_ctx: int) -> ScriptedReply:
    """What llama.cpp's server answers when the prompt does not fit its context."""
    return error(
        400,
        body={
            "error": {
                "code": 400,
                "message": "the request exceeds the available context size, try increasing it",
                "type": "exceed_context_size_error",
                "n_prompt_tokens": n_prompt_tokens,
                "n_ctx": n_ctx,
            }
        },
    )


def schema_refused() -> ScriptedReply:
    """A server without structured output: 400 naming the response format (vLLM and others, older)."""
    return error(400, "response_format of type 'json_schema' is not supported by this server")


def estimate_tokens(text: str) -> int:
    return max(1, len(text) // 4)


def usage_of(script: ScriptedReply, request_body: dict[str, Any]) -> tuple[int, int]:
    inp = script.input_tokens
    if inp is None:
        inp = estimate_tokens(json.dumps(request_body.get("messages") or request_body.get("input") or ""))
    out = script.output_tokens
    if out is None:
        out = estimate_tokens(script.text + "".join(json.dumps(c.arguments) for c in script.tool_calls))
    return inp, out


def call_ids(script: ScriptedReply, prefix: str) -> list[str]:
    return [c.id or next_id(prefix) for c in script.tool_calls]


# ---- error bodies -------------------------------------------------------------------------------------

_ANTHROPIC_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def error_body(protocol: Protocol, status: int, message: str) -> dict[str, Any]:
    message = message or f"fake-llm scripted error {status}"
    if protocol == "messages":
        kind = _ANTHROPIC_ERROR_TYPES.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    kind = (
        "rate_limit_exceeded" if status == 429 else ("server_error" if status >= 500 else "invalid_request")
    )
    return {"error": {"message": message, "type": kind, "param": None, "code": kind}}


def error_event(protocol: Protocol, status: int, message: str, sequence_number: int) -> str:
    """The event a stream ends with when the service fails after the 200 was sent."""
    body = error_body(protocol, status, message)
    if protocol == "chat":
        return f"data: {json.dumps(body)}\n\n"
    if protocol == "responses":
        inner = body["error"]
        event = {"type": "error", "code": inner["code"], "message": inner["message"], "param": None}
        return f"event: error\ndata: {json.dumps({**event, 'sequence_number': sequence_number})}\n\n"
    return f"event: error\ndata: {json.dumps(body)}\n\n"


# ---- OpenAI chat completions --------------------------------------------------------------------------


def chat_completion(script: ScriptedReply, body: dict[str, Any]) -> dict[str, Any]:
    inp, out = usage_of(script, body)
    ids = call_ids(script, "call_")
    message: dict[str, Any] = {"role": "assistant", "content": script.text or None, "refusal": None}
    if script.tool_calls:
        message["tool_calls"] = [
            {"id": i, "type": "function", "function": {"name": c.name, "arguments": json.dumps(c.arguments)}}
            for i, c in zip(ids, script.tool_calls, strict=True)
        ]
    return {
        "id": next_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "fake"),
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if script.tool_calls else "stop",
            }
        ],
        "usage": {"prompt_tokens": inp, "completion_tokens": out, "total_tokens": inp + out},
    }


def chat_stream(script: ScriptedReply, body: dict[str, Any]) -> list[str]:
    """SSE `data:` payloads, ending with [DONE]; a usage chunk when stream_options.include_usage."""
    inp, out = usage_of(script, body)
    base = {
        "id": next_id("chatcmpl-"),
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": body.get("model", "fake"),
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return json.dumps({**base, "choices": [choice]})

    events = [chunk({"role": "assistant", "content": "", "refusal": None})]
    events += [chunk({"content": piece}) for piece in pieces(script.text)]
    for index, (call_id, call) in enumerate(zip(call_ids(script, "call_"), script.tool_calls, strict=True)):
        head = {
            "index": index,
            "id": call_id,
            "type": "function",
            "function": {"name": call.name, "arguments": ""},
        }
        events.append(chunk({"tool_calls": [head]}))
        for piece in pieces(json.dumps(call.arguments)):
            events.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
    events.append(chunk({}, "tool_calls" if script.tool_calls else "stop"))
    if (body.get("stream_options") or {}).get("include_usage"):
        usage = {"prompt_tokens": inp, "completion_tokens": out, "total_tokens": inp + out}
        events.append(json.dumps({**base, "choices": [], "usage": usage}))
    return [f"data: {e}\n\n" for e in events] + ["data: [DONE]\n\n"]


def pieces(text: str, size: int = 8) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


# ---- OpenAI responses ---------------------------------------------------------------------------------


def _response_output(script: ScriptedReply) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    if script.text or not script.tool_calls:
        items.append(
            {
                "id": next_id("msg_"),
                "type": "message",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": script.text, "annotations": [], "logprobs": []}],
            }
        )
    for call_id, call in zip(call_ids(script, "call_"), script.tool_calls, strict=True):
        items.append(
            {
                "id": next_id("fc_"),
                "type": "function_call",
                "status": "completed",
                "call_id": call_id,
                "name": call.name,
                "arguments": json.dumps(call.arguments),
            }
        )
    return items


def response_object(
    script: ScriptedReply, body: dict[str, Any], output: list[dict[str, Any]], status: str = "completed"
) -> dict[str, Any]:
    inp, out = usage_of(script, body)
    done = status == "completed"
    return {
        "id": next_id("resp_"),
        "object": "response",
        "created_at": int(time.time()),
        "status": status,
        "model": body.get("model", "fake"),
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": body.get("tool_choice", "auto"),
        "tools": body.get("tools", []),
        "error": None,
        "incomplete_details": None,
        "instructions": body.get("instructions"),
        "metadata": {},
        "temperature": 1.0,
        "top_p": 1.0,
        "usage": {
            "input_tokens": inp,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": out,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": inp + out,
        }
        if done
        else None,
    }


def response(script: ScriptedReply, body: dict[str, Any]) -> dict[str, Any]:
    return response_object(script, body, _response_output(script))


def responses_stream(script: ScriptedReply, body: dict[str, Any]) -> list[str]:
    """The event sequence of a streamed response: created, in_progress, items with their deltas, completed."""
    final = response(script, body)
    seq = itertools.count()
    events: list[dict[str, Any]] = []

    def emit(kind: str, **fields: Any) -> None:
        events.append({"type": kind, "sequence_number": next(seq), **fields})

    started = {**final, "status": "in_progress", "output": [], "usage": None}
    emit("response.created", response=started)
    emit("response.in_progress", response=started)
    for index, item in enumerate(final["output"]):
        if item["type"] == "message":
            text = item["content"][0]["text"]
            emit(
                "response.output_item.added",
                output_index=index,
                item={**item, "status": "in_progress", "content": []},
            )
            empty = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
            where = {"item_id": item["id"], "output_index": index, "content_index": 0}
            emit("response.content_part.added", **where, part=empty)
            for piece in pieces(text):
                emit("response.output_text.delta", **where, delta=piece, logprobs=[])
            emit("response.output_text.done", **where, text=text, logprobs=[])
            emit("response.content_part.done", **where, part=item["content"][0])
        else:
            emit(
                "response.output_item.added",
                output_index=index,
                item={**item, "status": "in_progress", "arguments": ""},
            )
            for piece in pieces(item["arguments"]):
                emit(
                    "response.function_call_arguments.delta",
                    item_id=item["id"],
                    output_index=index,
                    delta=piece,
                )
            emit(
                "response.function_call_arguments.done",
                item_id=item["id"],
                output_index=index,
                name=item["name"],
                arguments=item["arguments"],
            )
        emit("response.output_item.done", output_index=index, item=item)
    emit("response.completed", response=final)
    return [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events]
