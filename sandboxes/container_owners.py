"""Which closed-loop process owns which container: the labels every container of ours carries (a game's, a
repair tool sandbox's, an agent sandbox's), and the removal of those whose owner process is gone.

A container is this host's when its host label says so (an engine may be shared by several machines); its
owner is gone when no process of that pid is alive here. Removal is at the start of whatever makes
containers, and by `closed-loop sandbox cleanup`.
"""

from __future__ import annotations

import logging
import os
import socket

import docker
import docker.errors

from sandboxes.owners import pid_alive

log = logging.getLogger(__name__)

OWNER_PID = "closed-loop.owner-pid"
OWNER_RUN = "closed-loop.owner-run"
OWNER_HOST = "closed-loop.owner-host"


def owner_labels(run_id: str) -> dict[str, str]:
    """The labels that name this process, on this host, in the run `run_id`, as a container's owner."""
    return {OWNER_PID: str(os.getpid()), OWNER_RUN: run_id, OWNER_HOST: socket.gethostname()}


def owner_gone(labels: dict[str, str]) -> bool:
    """True for a container of this host whose owner process is no longer alive."""
    if labels.get(OWNER_HOST) != socket.gethostname():
        return False
    try:
        owner = int(labels.get(OWNER_PID, ""))
    except ValueError:
        return True
    return owner <= 0 or not pid_alive(owner)


def remove_dead_owners(client: docker.DockerClient) -> list[str]:
    """Remove every container of ours on this host whose owner is gone; return their names."""
    removed = []
    for container in client.containers.list(all=True, filters={"label": OWNER_PID}, ignore_removed=True):
        labels = container.labels or {}
        if not owner_gone(labels):
            continue
        owner = labels.get(OWNER_PID)
        log.info("removing leftover container %s (owner pid %s is gone)", container.name, owner)
        try:
            container.remove(force=True, v=True)
            removed.append(container.name)
        except docker.errors.NotFound:
            pass
        except docker.errors.APIError as exc:
            if exc.status_code != 409:  # 409: its removal is already in progress (auto-removed)
                raise
    return removed
