"""Waiting for a started game to answer, giving up early when it has already died."""

from __future__ import annotations

import time

from loop.contract.game import Manifest
from loop.contract.game_client import GameClient, GameUnavailable
from loop.sandbox import RunningBuild, SandboxError

SLICE = 1.0


def wait_until_ready(build: RunningBuild, manifest: Manifest, timeout: float) -> None:
    """Return once `build.url` answers its health path (or `/new`); else stop the build and raise SandboxError
    with its logs."""
    try:
        _wait(build, manifest, timeout)
    except SandboxError:
        build.stop()
        raise


def _wait(build: RunningBuild, manifest: Manifest, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    with GameClient(build.url, strip_fields=manifest.strip_fields) as client:
        while True:
            if not build.is_alive():
                raise SandboxError(f"{manifest.name} exited while starting:\n{build.logs(40)}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SandboxError(
                    f"{manifest.name} did not answer {manifest.health_path or '/api/agent/new'} "
                    f"at {build.url} "
                    f"within {timeout:.0f}s:\n{build.logs(40)}"
                )
            try:
                client.wait_until_ready(min(SLICE, remaining), manifest.health_path)
                return
            except GameUnavailable:
                continue
