"""The base image every game's Dockerfile builds FROM (`ARG BASE_IMAGE`), made once per machine.

Order of preference: `$CLOSED_LOOP_BASE_IMAGE`; our own local image when already built; `python:3.12-slim`
when present or pullable; else a Debian bookworm root filesystem written by mmdebstrap and imported, with a
venv at /opt/venv first on PATH so `python` and `pip` behave as in the official image. bookworm ships Python
3.11, the host's Python here, so one wheelhouse serves both the docker and the process backend.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors
import requests

from loop.contract.paths import data_dir, file_lock, short_hash
from loop.sandbox import SandboxError

log = logging.getLogger(__name__)

SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
LOCAL_REPOSITORY = "closed-loop/python-base"
PULLED_IMAGE = "python:3.12-slim"
RECIPE_LABEL = "closed-loop.base-recipe"
PYTHON_LABEL = "closed-loop.python"
MMDEBSTRAP_TIMEOUT = 900
PULL_TIMEOUT = 300

# What goes into the image; its hash is the image's label, so changing the recipe rebuilds once.
PACKAGES = ["python3", "python3-venv", "passwd", "adduser"]
PACKAGE_NAME = re.compile(r"[a-z0-9][a-z0-9+.-]+")
TRIM = [
    "/usr/share/doc/*",
    "/usr/share/man/*",
    "/usr/share/info/*",
    "/usr/share/locale/*",
    "/var/lib/apt/lists/*",
    "/var/cache/apt/*",
    "/var/log/*",
    "/etc/resolv.conf",
    "/etc/hostname",
]
ENV = {
    "PATH": "/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "VIRTUAL_ENV": "/opt/venv",
    "LANG": "C.UTF-8",
    "PYTHONUNBUFFERED": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}
RECIPE = short_hash(SUITE, ",".join(PACKAGES), ",".join(TRIM), repr(sorted(ENV.items())), "v1")


@dataclass(frozen=True)
class BaseImage:
    tag: str
    python_version: str  # "3.11": the wheelhouse for this image must match it
    built: bool = False  # True when this call built or pulled it
    seconds: float = 0.0
    size_bytes: int = 0


def _python_of(image: docker.models.images.Image) -> str | None:
    labels = image.labels or {}
    if labels.get(PYTHON_LABEL):
        return labels[PYTHON_LABEL]
    for item in image.attrs.get("Config", {}).get("Env") or []:
        if item.startswith("PYTHON_VERSION="):
            return ".".join(item.split("=", 1)[1].split(".")[:2])
    return None


def _describe(image: docker.models.images.Image, tag: str, started: float | None = None) -> BaseImage:
    python = _python_of(image)
    if python is None:
        raise SandboxError(
            f"base image {tag} says nothing of its Python (label {PYTHON_LABEL} or PYTHON_VERSION)"
        )
    seconds = time.monotonic() - started if started is not None else 0.0
    return BaseImage(tag, python, started is not None, round(seconds, 1), int(image.attrs.get("Size", 0)))


def _existing(client: docker.DockerClient, tag: str) -> docker.models.images.Image | None:
    try:
        return client.images.get(tag)
    except docker.errors.ImageNotFound:
        return None


def _local_tag(extra: tuple[str, ...] = ()) -> str:
    """The local base's tag; a game that needs Debian packages (`system_packages`) gets its own variant."""
    suffix = f"-with-{short_hash(*sorted(extra), length=12)}" if extra else ""
    return f"{LOCAL_REPOSITORY}:{SUITE}-{RECIPE}{suffix}"


def _package_names(extra: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    names = tuple(sorted(set(extra)))
    bad = [name for name in names if not PACKAGE_NAME.fullmatch(name)]
    if bad:
        raise SandboxError(f"not a Debian package name in system_packages: {', '.join(bad)}")
    return names


def find_base_image(client: docker.DockerClient, configured: str | None = None) -> BaseImage | None:
    """The base image already on this engine, without building or pulling anything."""
    for tag in [configured] if configured else [_local_tag(), PULLED_IMAGE]:
        image = _existing(client, tag)
        if image is not None:
            return _describe(image, tag)
    return None


def _try_pull(client: docker.DockerClient) -> BaseImage | None:
    started = time.monotonic()
    repository, tag = PULLED_IMAGE.split(":")
    try:
        image = client.images.pull(repository, tag=tag)
    except (docker.errors.DockerException, requests.exceptions.RequestException) as exc:
        log.info("cannot pull %s (%s); building a local base image instead", PULLED_IMAGE, str(exc)[:200])
        return None
    return _describe(image, PULLED_IMAGE, started)


def _python_in(rootfs_tar: Path) -> str:
    # The suite decides the Python version; read it back from the tarball rather than trusting a table.
    listing = subprocess.run(
        ["tar", "-tf", str(rootfs_tar), "./usr/bin/"], capture_output=True, text=True, timeout=120
    )
    names = listing.stdout.split()
    found = {
        n.rsplit("python", 1)[1] for n in names if n.startswith("./usr/bin/python3.") and n[-1].isdigit()
    }
    versions = sorted(found, key=lambda v: tuple(int(part) for part in v.split(".")))
    if not versions:
        raise SandboxError(f"{rootfs_tar} holds no /usr/bin/python3.X")
    return versions[-1]


def _mmdebstrap(target: Path, extra: tuple[str, ...] = ()) -> None:
    if shutil.which("mmdebstrap") is None:
        raise SandboxError(
            "mmdebstrap is not installed (run scripts/bootstrap.sh, or apt-get install mmdebstrap)"
        )
    trim = " ".join(f'"$1"{path}' for path in TRIM)
    argv = [
        "mmdebstrap",
        "--variant=apt",
        "--mode=root",
        "--format=tar",
        f"--include={','.join([*PACKAGES, *extra])}",
        "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr",
        "--dpkgopt=path-exclude=/usr/share/doc/*",
        "--dpkgopt=path-exclude=/usr/share/man/*",
        "--dpkgopt=path-exclude=/usr/share/locale/*",
        '--customize-hook=chroot "$1" python3 -m venv /opt/venv',
        f"--customize-hook=rm -rf {trim}",
        SUITE,
        str(target),
        MIRROR,
    ]
    log.info("mmdebstrap: writing a %s root filesystem (takes one to three minutes)", SUITE)
    try:
        result = subprocess.run(
            argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=MMDEBSTRAP_TIMEOUT
        )
    except subprocess.TimeoutExpired as exc:
        raise SandboxError(f"mmdebstrap did not finish in {MMDEBSTRAP_TIMEOUT}s") from exc
    if result.returncode != 0:
        raise SandboxError(f"mmdebstrap failed ({result.returncode}): {result.stderr[-2000:]}")


def _build_local(client: docker.DockerClient, extra: tuple[str, ...] = ()) -> BaseImage:
    started = time.monotonic()
    tag = _local_tag(extra)
    work = data_dir() / "base-image"
    work.mkdir(exist_ok=True)
    tarball = work / f"{tag.split(':')[1]}.tar"
    partial = tarball.with_suffix(".tar.partial")
    if not tarball.is_file():
        partial.unlink(missing_ok=True)
        if extra:
            log.info("a base image with %s for a game that needs them", ", ".join(extra))
        _mmdebstrap(partial, extra)
        partial.rename(tarball)
    python = _python_in(tarball)
    changes = [f"ENV {key}={value}" for key, value in ENV.items()]
    changes += [f"LABEL {RECIPE_LABEL}={RECIPE} {PYTHON_LABEL}={python}", 'CMD ["python"]']
    repository, version = tag.split(":")
    log.info("importing %s (%d MB tarball) as %s", tarball.name, tarball.stat().st_size // 2**20, tag)
    client.api.import_image(src=str(tarball), repository=repository, tag=version, changes=changes)
    image = client.images.get(tag)
    tarball.unlink()  # the image holds it now; the tarball would only fill the disk
    return _describe(image, tag, started)


def ensure_base_image(
    client: docker.DockerClient,
    *,
    configured: str | None = None,
    allow_pull: bool = True,
    system_packages: list[str] | tuple[str, ...] = (),
) -> BaseImage:
    """The base image, built or pulled on first use and reused after. Safe to call from several processes.

    `system_packages` (a game's Debian packages, e.g. nodejs) give a local variant with them installed at
    build time, since game builds have no network; a configured or pulled base cannot take them.
    """
    extra = _package_names(system_packages)
    if extra:
        if configured:
            raise SandboxError(
                f"the game needs Debian packages ({', '.join(extra)}), which closed-loop installs only into "
                f"its own local base image; unset CLOSED_LOOP_BASE_IMAGE ({configured})"
            )
        return _ensure_variant(client, extra)
    found = find_base_image(client, configured)
    if found is not None:
        return found
    if configured:
        raise SandboxError(f"base image {configured} is not on this engine (docker pull or docker load it)")
    with file_lock("base-image", machine_wide=True):
        found = find_base_image(client)  # a peer may have built it while we waited for the lock
        if found is not None:
            return found
        pulled = _try_pull(client) if allow_pull else None
        return pulled or _build_local(client)


def _ensure_variant(client: docker.DockerClient, extra: tuple[str, ...]) -> BaseImage:
    tag = _local_tag(extra)
    image = _existing(client, tag)
    if image is not None:
        return _describe(image, tag)
    with file_lock(f"base-image-{tag.rsplit('-', 1)[1]}", machine_wide=True):
        image = _existing(client, tag)
        return _describe(image, tag) if image is not None else _build_local(client, extra)
