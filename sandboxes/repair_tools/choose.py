"""Where a repair agent's tools act: a copy of the work tree with no network.

Two backends behind one interface, chosen by `open_repair_sandbox(backend="auto")`:
- `docker`: a hardened container of the local base image (no network, every capability dropped,
  no-new-privileges, pids/memory/CPU limits, non-root, labelled with its owner). The work tree is copied in
  with put_archive and read back into the work tree by `close()`. Its main process is a `sleep` as long as the
  attempt may live, and it is auto-removed, so a killed owner leaves nothing behind for long.
- `bubblewrap`: a process sandbox (`--unshare-all`, so no network) where the work tree is the only writable
  path and the system's /usr the only other thing visible; edits land in the work tree directly.

Lifecycle: open -> read_file / write_file / run ... -> close() (copies the result back; idempotent).
Paths are relative to the work tree; `.git` and anything outside the tree are refused with SandboxPathError.
The model is called from the host, so neither sandbox needs a network.
"""

from __future__ import annotations

import logging
from pathlib import Path

from loop.sandbox import EngineUnavailable, SandboxError
from sandboxes.repair_tools.bubblewrap import BubblewrapSandbox, bubblewrap_works
from sandboxes.repair_tools.docker import DockerSandbox, NoSandboxImage
from sandboxes.repair_tools.protocol import CommandResult, RepairSandbox, SandboxPathError, tree_path

log = logging.getLogger(__name__)

__all__ = [
    "BACKENDS",
    "BubblewrapSandbox",
    "CommandResult",
    "DockerSandbox",
    "RepairSandbox",
    "SandboxPathError",
    "open_repair_sandbox",
    "tree_path",
]

BACKENDS = ("auto", "docker", "bubblewrap")


def open_repair_sandbox(
    repo_dir: Path,
    backend: str = "auto",
    *,
    lifetime_s: float = 900.0,
    run_id: str = "adhoc",
    game: str = "",
    image: str | None = None,
) -> RepairSandbox:
    """A sandbox on `repo_dir`: docker when an engine answers (auto), else bubblewrap.

    Raises EngineUnavailable (docker asked for, no engine) or SandboxError (nothing can isolate the agent:
    there is no unsandboxed fallback).
    """
    if backend not in BACKENDS:
        raise SandboxError(f"unknown repair sandbox {backend!r} (choose from {', '.join(BACKENDS)})")
    if backend in ("auto", "docker"):
        try:
            return DockerSandbox(repo_dir, lifetime_s=lifetime_s, run_id=run_id, game=game, image=image)
        except (EngineUnavailable, NoSandboxImage) as exc:
            if backend == "docker":
                raise
            log.info("repair sandbox falls back to bubblewrap: %s", exc)
    if not bubblewrap_works():
        raise SandboxError("no repair sandbox: no Docker engine answers and bubblewrap cannot run here")
    return BubblewrapSandbox(repo_dir)
