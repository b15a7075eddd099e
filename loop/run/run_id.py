"""What a run id may be: a folder name under the runs folder and a part of a git branch name, nothing more.

A run id comes from the command line, a Prefect flow's parameters or the nightly's `night`: it is checked
here, before anything is made of it.
"""

from __future__ import annotations

import re

RUN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
RULE = "1 to 128 letters, digits, '.', '_' or '-', starting with a letter or a digit"


class RunIdError(ValueError):
    """A run id that could name a folder outside the runs folder or a bad branch. One line for the user."""


def check_run_id(run_id: str) -> str:
    """`run_id` when it is safe as a folder name and inside a branch name (`loop/<run id>/fixes`)."""
    if not isinstance(run_id, str) or not RUN_ID.fullmatch(run_id):
        raise RunIdError(f"run id {run_id!r} is not allowed: {RULE}")
    if ".." in run_id or run_id.endswith((".", ".lock")):
        raise RunIdError(f"run id {run_id!r} is not allowed: no '..', and no '.' or '.lock' at its end")
    return run_id
