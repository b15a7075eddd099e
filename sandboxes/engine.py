"""Connecting to the Docker engine, failing fast when none answers.

The API version is never pinned: Debian's 20.10 engine refuses new versions and engines 25+ refuse old
ones, so the SDK negotiates.
"""

from __future__ import annotations

import os
from urllib.parse import urlparse

import docker
import docker.errors

from loop.sandbox import EngineUnavailable

DEFAULT_SOCKET = "/var/run/docker.sock"
PROBE_TIMEOUT = 3.0


def _local_socket_missing() -> str | None:
    """The unix socket the SDK would use, when it is plainly absent (checked without any I/O wait)."""
    host = os.environ.get("DOCKER_HOST", "")
    if not host:
        path = DEFAULT_SOCKET
    elif host.startswith("unix://"):
        path = urlparse(host).path
    else:
        return None
    return None if os.path.exists(path) else path


def connect(timeout: float = 120.0) -> docker.DockerClient:
    """A client whose calls time out after `timeout` seconds; EngineUnavailable within ~PROBE_TIMEOUT if none.

    The first ping uses a short timeout, so a missing or wedged engine is noticed quickly; the client returned
    then uses the longer `timeout` for real work (builds, stops).
    """
    missing = _local_socket_missing()
    if missing:
        raise EngineUnavailable(f"no Docker engine: {missing} does not exist (run scripts/engine.sh)")
    try:
        client = docker.from_env(timeout=int(PROBE_TIMEOUT))
        client.ping()
    except (docker.errors.DockerException, OSError) as exc:
        raise EngineUnavailable(f"the Docker engine does not answer: {exc}") from exc
    client.api.timeout = timeout
    return client


def engine_answers() -> bool:
    try:
        connect().close()
    except EngineUnavailable:
        return False
    return True
