"""Getting a pydantic object out of a model's text: tolerant of fences, <think> blocks and chatter."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)
_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"^\s*<(think|thinking|reasoning)>.*", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)


class ReplyFormatError(ValueError):
    """The text holds no JSON object, or the object does not validate; the message is shown to the model."""


@dataclass(frozen=True)
class ResponseSchema:
    """The JSON schema a structured reply must follow, named for the providers that want a name."""

    name: str
    schema: dict[str, Any]

    @classmethod
    def of(cls, model: type[BaseModel]) -> ResponseSchema:
        name = re.sub(r"[^A-Za-z0-9_-]", "_", model.__name__)[:64]
        return cls(name=name, schema=model.model_json_schema())


def extract_json(text: str) -> Any:
    """The first JSON object in `text`: in a ```json fence if there is one, after removing <think> blocks."""
    text = _THINK.sub("", text)
    if _UNCLOSED_THINK.match(text) and "{" not in text:
        raise ReplyFormatError("the reply ended inside a <think> block, with no JSON after it")
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        for start in (i for i, ch in enumerate(candidate) if ch == "{"):
            try:
                value, _ = decoder.raw_decode(candidate, start)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                return value
    raise ReplyFormatError("the reply holds no JSON object")


def parse_reply(text: str, model: type[T]) -> T:
    value = extract_json(text)
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise ReplyFormatError(_describe(exc)) from None


def _describe(exc: ValidationError) -> str:
    lines = [f"- {'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:10]]
    return "the JSON object does not match the schema:\n" + "\n".join(lines)


def schema_instruction(schema: ResponseSchema) -> str:
    """For providers without native structured output: the schema, stated in the system prompt."""
    return (
        "Answer with one JSON object only, no prose, that validates against this JSON schema:\n"
        + json.dumps(schema.schema, indent=None)
    )


def repair_prompt(error: str) -> str:
    return (
        f"Your previous reply could not be used: {error}\n"
        "Reply again with only the corrected JSON object, following the schema."
    )
