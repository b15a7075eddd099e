"""Game images: one per (game, source tree, base image), built offline from the game's Dockerfile.

The build context is the game's tree at the commit plus `wheelhouse/` (its requirements as wheels for the
base image's Python). A game without a Dockerfile gets a generic one from its manifest, so any GBQA-API game
builds. Builds run with `network_mode="none"`: a build that reaches for the network fails instead of hanging.
"""

from __future__ import annotations

import json
import logging
import re
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors

from loop.contract.game import Manifest
from loop.contract.paths import file_lock, short_hash
from loop.sandbox import SandboxError
from sandboxes.base_image import BaseImage
from sandboxes.game.source_tree import COMPLETE, SourceTree
from sandboxes.game.wheelhouse import requirement_files, requirement_lines, wheelhouse_for

log = logging.getLogger(__name__)

IMAGE_REPOSITORY = "closed-loop/game"
BUILD_TIMEOUT = 900
GAME_USER = "65534:65534"
ROOT_USERS = ("root", "0", "0:0", "root:root")
USER_LINE = re.compile(r"^\s*USER\s+(\S+)\s*$", re.IGNORECASE | re.MULTILINE)


def writable_workdir(user: str) -> str:
    """Appended to every game's Dockerfile: the working folder belongs to the user the game runs as, so the
    per-container copy of it (an anonymous volume, container.py) is writable like a real deployment's."""
    chown = f'RUN d="$(pwd)"; if [ "$d" != / ]; then chown -R {user} "$d"; fi'
    return f"\nUSER root\n{chown}\nUSER {user}\n"


def game_user(dockerfile_text: str) -> str:
    """The Dockerfile's last USER when it is not root; else nobody (the container never runs as root)."""
    users = USER_LINE.findall(dockerfile_text)
    return users[-1] if users and users[-1] not in ROOT_USERS else GAME_USER


@dataclass(frozen=True)
class GameImage:
    tag: str
    built: bool  # False when an image for this tree and base was already there
    seconds: float = 0.0


def image_tag(manifest: Manifest, tree: SourceTree, base: BaseImage) -> str:
    key = short_hash(tree.tree_id, base.tag, base.python_version, dockerfile(manifest, tree))
    return f"{IMAGE_REPOSITORY}-{manifest.name}:{key}"


def manifest_requirements(manifest: Manifest) -> list[str]:
    return [name for name in (manifest.requirements, manifest.test_requirements) if name]


def generic_dockerfile(manifest: Manifest, tree: SourceTree) -> str:
    """A Dockerfile for a game that ships none: install its requirements offline, run its start command.

    Requirements are installed before the source is copied, so a one-line change reuses that layer.
    """
    install = ""
    for requirements in manifest_requirements(manifest):
        if (tree.path / requirements).is_file():
            install += (
                f"COPY wheelhouse/ /wheelhouse/\n"
                f"COPY {requirements} /app/{requirements}\n"
                f"RUN if [ -s {requirements} ]; then pip install --no-cache-dir --no-index "
                f"--find-links /wheelhouse -r {requirements}; fi\n"
            )
    return (
        "ARG BASE_IMAGE\n"
        "FROM ${BASE_IMAGE}\n"
        "WORKDIR /app\n"
        f"{install}"
        "COPY . /app\n"
        "USER 65534:65534\n"
        f"ENV HOST=0.0.0.0 {manifest.port_env}={manifest.container_port}\n"
        f"EXPOSE {manifest.container_port}\n"
        f"CMD {json.dumps(manifest.start_command)}\n"
    )


def dockerfile(manifest: Manifest, tree: SourceTree) -> str:
    """The game's own Dockerfile (or the generic one), with the writable working folder appended."""
    own = tree.path / "Dockerfile"
    text = own.read_text() if own.is_file() else generic_dockerfile(manifest, tree)
    return text.rstrip("\n") + "\n" + writable_workdir(game_user(text))


def _context(tree: SourceTree, wheels: Path, manifest: Manifest, into: Path) -> None:
    with tarfile.open(into, "w") as tar:
        for path in sorted(tree.path.iterdir()):
            if path.name not in (COMPLETE, ".git", "wheelhouse", "Dockerfile"):
                tar.add(path, arcname=path.name)
        tar.add(wheels, arcname="wheelhouse")
        data = dockerfile(manifest, tree).encode()
        info = tarfile.TarInfo("Dockerfile")
        info.size = len(data)
        info.mtime = 0
        with tempfile.TemporaryFile() as handle:
            handle.write(data)
            handle.seek(0)
            tar.addfile(info, handle)


def _stream_build(
    client: docker.DockerClient, context: Path, tag: str, base: BaseImage, labels: dict, no_cache: bool
) -> None:
    tail: list[str] = []
    with context.open("rb") as handle:
        stream = client.api.build(
            fileobj=handle,
            custom_context=True,
            tag=tag,
            buildargs={"BASE_IMAGE": base.tag},
            labels=labels,
            network_mode="none",
            pull=False,
            nocache=no_cache,
            rm=True,
            forcerm=True,
            decode=True,
            timeout=BUILD_TIMEOUT,
        )
        for chunk in stream:
            if "error" in chunk:
                raise SandboxError(
                    f"building {tag} failed: {chunk['error'].strip()}\n" + "\n".join(tail[-30:])
                )
            line = str(chunk.get("stream", "")).rstrip()
            if line:
                tail.append(line)
                log.log(
                    logging.INFO if line.startswith("Step ") else logging.DEBUG, "build %s: %s", tag, line
                )


def ensure_game_image(
    client: docker.DockerClient,
    manifest: Manifest,
    tree: SourceTree,
    base: BaseImage,
    *,
    no_cache: bool = False,
) -> GameImage:
    """The game's image for this tree, built on first use and reused after (the tag is content-addressed).

    `no_cache` builds every layer afresh (a cold build), when the tag is not there yet.
    """
    tag = image_tag(manifest, tree, base)
    try:
        client.images.get(tag)
        return GameImage(tag, built=False)
    except docker.errors.ImageNotFound:
        pass
    with file_lock(f"image-{tag.rsplit(':', 1)[1]}", machine_wide=True):
        try:
            client.images.get(tag)
            return GameImage(tag, built=False)
        except docker.errors.ImageNotFound:
            pass
        started = time.monotonic()
        lines = sorted(
            {line for path in requirement_files(tree.path, manifest) for line in requirement_lines(path)}
        )
        wheels = wheelhouse_for(lines, base.python_version)
        labels = {
            "closed-loop.game": manifest.name,
            "closed-loop.tree": tree.tree_id,
            "closed-loop.base": base.tag,
        }
        with tempfile.TemporaryDirectory(prefix="closed-loop-context-") as scratch:
            context = Path(scratch) / "context.tar"
            _context(tree, wheels, manifest, context)
            log.info("building %s from tree %s on %s", tag, tree.tree_id[:12], base.tag)
            try:
                _stream_build(client, context, tag, base, labels, no_cache)
            except docker.errors.APIError as exc:
                raise SandboxError(f"building {tag} failed: {exc}") from exc
        return GameImage(tag, built=True, seconds=round(time.monotonic() - started, 1))
