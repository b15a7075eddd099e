"""The loop's parameters as the flow, the command line and the deployments spell them, all made from
`loop.run.config.LoopConfig` (the one declaration) plus `run_id`, which names a run to resume."""

from __future__ import annotations

import argparse
import inspect
import typing
from collections.abc import Callable
from typing import Any, Literal, cast

from pydantic.fields import FieldInfo

from loop.plugins import PluginKind, names
from loop.run.config import AUTO, LoopConfig
from loop.run.run_id import check_run_id

RUN_ID_HELP = "resume this run (a killed run continues at its last finished step)"


def default_of(field: FieldInfo) -> Any:
    return field.get_default(call_default_factory=True)


def with_loop_parameters(function: Callable[..., Any]) -> Callable[..., Any]:
    """Give `function(**params)` the signature of LoopConfig's fields plus `run_id`, so Prefect shows,
    validates and documents exactly those parameters."""
    parameters = [
        inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=default_of(field), annotation=field.annotation
        )
        for name, field in LoopConfig.model_fields.items()
    ]
    parameters.append(
        inspect.Parameter("run_id", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str | None)
    )
    function.__signature__ = inspect.Signature(parameters, return_annotation=str)  # type: ignore[attr-defined]  # inspect reads it
    function.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": str}
    return function


def split_run_id(params: dict[str, Any]) -> tuple[LoopConfig, str | None]:
    """The flow's keyword arguments as a LoopConfig and the run id (None for a new run); a run id that is
    not a safe folder name raises RunIdError (a ValueError) before anything starts."""
    values = dict(params)
    run_id = values.pop("run_id", None)
    return LoopConfig(**values), None if run_id is None else check_run_id(run_id)


def _at_least_one(field: FieldInfo) -> bool:
    return field.annotation is int and any(getattr(rule, "ge", None) == 1 for rule in field.metadata)


def positive_int(text: str) -> int:
    """A whole number of at least 1 (a step budget, a round count)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {text!r}")
    return key.strip(), value


def loop_flag(name: str, field: FieldInfo) -> str | None:
    """The `closed-loop run` flag of a LoopConfig field; None for the positional game."""
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    if extra.get("positional"):
        return None
    return str(extra.get("flag") or "--" + name.replace("_", "-"))


def add_loop_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per LoopConfig field (`--max-rounds`, ...; the game is positional), plus `--run-id`."""
    for name, field in LoopConfig.model_fields.items():
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        help_text = field.description or ""
        annotation = field.annotation
        flag = loop_flag(name, field)
        if flag is None:  # None when not given: a resume names no game (see `game_named`)
            parser.add_argument(name, nargs="?", default=None, help=help_text)
            continue
        if typing.get_origin(annotation) is dict:
            parser.add_argument(
                flag, dest=name, action="append", type=_key_value, metavar="KEY=VALUE", help=help_text
            )
        elif annotation is bool:
            parser.add_argument(flag, dest=name, action="store_true", help=help_text)
        elif typing.get_origin(annotation) is Literal or extra.get("plugin"):
            choices = (
                list(typing.get_args(annotation))
                if typing.get_origin(annotation) is Literal
                else [AUTO, *names(PluginKind(str(extra["plugin"])))]
            )
            parser.add_argument(flag, dest=name, choices=choices, default=default_of(field), help=help_text)
        else:
            # positive_int, int, float or str: each parses the flag's text
            kind = cast(
                "Callable[[str], Any]",
                positive_int if _at_least_one(field) else annotation if annotation in (int, float) else str,
            )
            parser.add_argument(flag, dest=name, type=kind, default=default_of(field), help=help_text)
    parser.add_argument("--run-id", help=RUN_ID_HELP)


def loop_params_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The flow's keyword arguments from parsed flags (KEY=VALUE lists become dicts)."""
    params: dict[str, Any] = {}
    for name, field in LoopConfig.model_fields.items():
        value = getattr(args, name)
        if value is None and loop_flag(name, field) is None:
            value = default_of(field)
        if typing.get_origin(field.annotation) is dict:
            value = dict(value or [])
        params[name] = value
    params["run_id"] = args.run_id
    return params


def game_named(args: argparse.Namespace) -> bool:
    """Whether the command line named the game (a resume needs none: the run recorded it)."""
    return any(
        getattr(args, name) is not None
        for name, field in LoopConfig.model_fields.items()
        if loop_flag(name, field) is None
    )


__all__ = [
    "add_loop_flags",
    "game_named",
    "loop_flag",
    "loop_params_from_args",
    "split_run_id",
    "with_loop_parameters",
]
