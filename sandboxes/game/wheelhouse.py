"""A game's Python dependencies, resolved on the host once, so builds and sandboxes never need the network.

`wheelhouse(requirements, "3.11")` downloads binary wheels for that Python into
`data/wheelhouses/<hash of requirements + python>/`; `game_venv(...)` makes a venv for the host's Python from
the same wheelhouse (the process backend). Both are cached and safe to prepare from several processes at once.
"""

from __future__ import annotations

import logging
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

from loop.contract.game import Manifest
from loop.contract.paths import data_dir, file_lock, short_hash
from loop.sandbox import SandboxError

log = logging.getLogger(__name__)

DOWNLOAD_TIMEOUT = 600
INSTALL_TIMEOUT = 600
COMPLETE = ".complete"
# bookworm has glibc 2.36; every manylinux tag up to that runs there (and in python:3.12-slim).
GLIBC_MAX_MINOR = 36


def host_python_version() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


# A requirement line a game may write: a project name, extras, version specifiers and an environment marker.
# Anything else (`-r /etc/shadow`, `--find-links URL`, `--no-binary`, `name @ URL`, a path) would have the
# host's pip, which runs as the loop's user, read files or fetch and build code the game chose.
PLAIN_REQUIREMENT = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,\s-]*\])?\s*([<>=!~]=?[^;@/\\]*)?\s*(;[^@\\]*)?$"
)


def requirement_lines(requirements: Path | None) -> list[str]:
    """The file's requirements, comments and blank lines dropped; [] for a missing or empty file. A line
    that is not a plain requirement (an option, a URL, a path) is refused with the line named."""
    if requirements is None or not requirements.is_file():
        return []
    lines = (line.split("#", 1)[0].strip() for line in requirements.read_text().splitlines())
    kept = [line for line in lines if line]
    for line in kept:
        if not PLAIN_REQUIREMENT.match(line) or "://" in line:
            raise SandboxError(
                f"{requirements.name}: {line[:80]!r} is not a plain requirement (a name, extras, versions, a "
                "marker); options, URLs and paths are not accepted"
            )
    return kept


def _platform_tags() -> list[str]:
    arch = platform.machine() or "x86_64"
    tags = [f"manylinux_2_{minor}_{arch}" for minor in range(GLIBC_MAX_MINOR, 16, -1)]
    return [*tags, f"manylinux2014_{arch}", f"manylinux_2_12_{arch}", f"manylinux2010_{arch}"]


def _run(argv: list[str], timeout: float, what: str) -> None:
    try:
        result = subprocess.run(
            argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired as exc:
        raise SandboxError(f"{what} did not finish in {timeout:.0f}s") from exc
    if result.returncode != 0:
        raise SandboxError(f"{what} failed ({result.returncode}): {(result.stderr or result.stdout)[-2000:]}")


def wheelhouse(requirements: Path | None, python_version: str) -> Path:
    """A folder of wheels that installs `requirements` with `pip install --no-index` on that Python.

    An empty folder when there are no requirements. Raises SandboxError when a requirement has no binary wheel
    for that Python or the index does not answer.
    """
    return wheelhouse_for(requirement_lines(requirements), python_version)


def wheelhouse_for(lines: list[str], python_version: str) -> Path:
    """The wheelhouse of these requirement lines for that Python."""
    key = short_hash("\n".join(sorted(lines)), python_version, platform.machine())
    target = data_dir() / "wheelhouses" / f"py{python_version}-{key}"
    if (target / COMPLETE).is_file():
        return target
    with file_lock(f"wheelhouse-{key}"):
        if (target / COMPLETE).is_file():
            return target
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        if lines:
            listed = target / "requirements.in"
            listed.write_text("\n".join(lines) + "\n")
            version = python_version.replace(".", "")
            argv = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet"]
            argv += ["-d", str(target), "-r", str(listed), "--only-binary=:all:"]
            argv += ["--python-version", python_version, "--implementation", "cp", "--abi", f"cp{version}"]
            argv += ["--abi", "abi3", "--abi", "none"]
            for tag in _platform_tags():
                argv += ["--platform", tag]
            log.info("downloading wheels for Python %s: %s", python_version, ", ".join(lines))
            _run(argv, DOWNLOAD_TIMEOUT, f"pip download for Python {python_version}")
            listed.unlink()
        (target / COMPLETE).write_text("\n".join(lines) + "\n")
    return target


def requirement_files(tree: Path, manifest: Manifest) -> list[Path]:
    """The manifest's requirements files (the game's, then its tests'), as paths in `tree`."""
    return [tree / name for name in (manifest.requirements, manifest.test_requirements) if name]


def game_venv(*requirements: Path | None) -> Path:
    """A venv for the host's Python with the game's requirements installed offline; returns its root."""
    lines = sorted({line for path in requirements for line in requirement_lines(path)})
    python = host_python_version()
    key = short_hash("\n".join(sorted(lines)), python, sys.base_prefix)
    target = data_dir() / "venvs" / key
    if (target / COMPLETE).is_file():
        return target
    wheels = wheelhouse_for(lines, python) if lines else None
    with file_lock(f"venv-{key}"):
        if (target / COMPLETE).is_file():
            return target
        shutil.rmtree(target, ignore_errors=True)
        create = [sys.executable, "-m", "venv", str(target)]
        if not lines:
            create.append("--without-pip")  # nothing to install: skip ensurepip, it is most of the cost
        log.info("creating the game venv %s", target)
        _run(create, INSTALL_TIMEOUT, "venv creation")
        if wheels is not None:
            install = [str(target / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check"]
            install += ["--quiet", "--no-index", "--find-links", str(wheels), *lines]
            _run(install, INSTALL_TIMEOUT, "offline install into the game venv")
        (target / COMPLETE).write_text("\n".join(lines) + "\n")
    return target
