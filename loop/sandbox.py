"""One interface for every way a build can run: `SandboxProvider` (a backend, a plug-in) and the
`RunningBuild` it starts. The lifecycle is in `SandboxProvider`'s docstring."""

from __future__ import annotations

import abc
import atexit
import logging
import os
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from loop.contract.game import Manifest
from loop.plugins import Plugin, PluginKind, UnknownPlugin, create, names

log = logging.getLogger(__name__)


class SandboxError(Exception):
    """A build that could not be built or started. The message is meant for the user."""


def failure_line(failure: Exception) -> str:
    """One line: what failed and the last line of the log that follows it (where a program says why it
    stopped), for places that keep a reason on one line."""
    lines = [line.strip() for line in str(failure).splitlines() if line.strip()]
    return " ".join(lines[:1] + lines[-1:]) if len(lines) > 1 else "".join(lines)


class EngineUnavailable(SandboxError):
    """The backend's engine (e.g. the Docker daemon) does not answer."""


@dataclass
class BuildSpec:
    """What to run: a game's repository at one commit."""

    repo_dir: Path
    manifest: Manifest
    commit: str
    run_id: str = "adhoc"
    env: dict[str, str] = field(default_factory=dict)


# A game named `openai` or `closed-loop` must not receive OPENAI_API_KEY or closed-loop's own settings.
SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)", re.IGNORECASE)


def game_settings(manifest: Manifest, environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The host's environment variables a game may see: only those named after it (`TOYBOX_BUGS` for toybox).

    Everything else (API keys above all) stays out of the sandbox: a patched game could echo it to an agent.
    """
    prefix = manifest.name.upper().replace("-", "_") + "_"
    source = os.environ if environ is None else environ
    return {
        key: value
        for key, value in source.items()
        if key.startswith(prefix) and not key.startswith("CLOSED_LOOP_") and not SECRET_NAME.search(key)
    }


@dataclass(frozen=True)
class CommandResult:
    """A command run inside a build's sandbox: its exit code (None when it timed out) and its output."""

    exit_code: int | None
    output: str


def run_bounded(argv: list[str], cwd: Path, env: Mapping[str, str], timeout: float) -> CommandResult:
    """Run `argv` to completion or `timeout`; the output is stdout and stderr together."""
    try:
        done = subprocess.run(
            argv, cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, errors="replace", timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return CommandResult(None, output)
    except OSError as exc:
        return CommandResult(127, f"cannot run {argv[0]}: {exc}")
    return CommandResult(done.returncode, done.stdout)


class RunningBuild(abc.ABC):
    """A started game. `url` answers the GBQA agent API until `stop()`."""

    url: str
    backend: str

    @abc.abstractmethod
    def stop(self) -> None:
        """Stop the game and release its resources. Idempotent; never raises for an already-dead game."""

    @abc.abstractmethod
    def logs(self, tail: int = 200) -> str:
        """The game's recent output, for diagnosis."""

    @abc.abstractmethod
    def is_alive(self) -> bool:
        """False once the game process or container has exited."""

    def run_command(self, argv: list[str], timeout: float) -> CommandResult:
        """Run `argv` in the game's own environment (its venv or its container), in its tree at this build's
        commit; `python` means the game's Python. Used for the game's own tests."""
        raise SandboxError(
            f"{self.backend} builds cannot run commands; the game's tests need a backend that can"
        )

    def restart(self) -> None:
        """Bring a crashed game back on the same URL when the backend can; otherwise raise SandboxError."""
        raise SandboxError(f"{self.backend} builds cannot be restarted in place; start a new one")

    def __enter__(self) -> RunningBuild:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@dataclass(frozen=True)
class SandboxContext:
    """What a sandbox backend is made with. `cleanup_at_start`: remove what dead owners left behind first
    (off for a command that counts what it removes itself)."""

    cleanup_at_start: bool = True


class SandboxProvider(Plugin[SandboxContext], abc.ABC):
    """A backend that runs builds. Registered by name as a `closed_loop.sandboxes` entry point that names the
    class.

    Lifecycle:
    1. `from_context(SandboxContext)` (by default `cls(context)`), once per command or run. It raises
       EngineUnavailable when the backend's engine does not answer (so `auto` can fall back at once), and
       with `cleanup_at_start` first removes what dead owners left behind.
    2. `start(spec)`, any number of times: builds (or reuses) what the commit needs and starts it, returning a
       `RunningBuild` once the game answers its health check; SandboxError (the game's logs in its message)
       when the build fails or the game never gets ready, with nothing left running.
    3. `RunningBuild.stop()` (or leaving its `with` block) stops the game and frees everything it held; it is
       idempotent. A build started through `track` is stopped at interpreter exit if its owner forgets.
    4. `cleanup_leftovers()`, at any time and from any process: removes what crashed owners left behind
       (containers, processes, work folders labelled with an owner that is gone), and never what a live
       owner still runs. This is the cleanup that holds after a crash (`closed-loop sandbox cleanup`).
    """

    name: str

    @abc.abstractmethod
    def start(self, spec: BuildSpec, *, ready_timeout: float = 60.0) -> RunningBuild:
        """Build (or reuse) and start `spec`; return once the game answers its health check.

        Raises SandboxError when the build fails or the game never becomes ready (its logs in the message).
        """

    def cleanup_leftovers(self) -> int:
        """Remove what dead owners left behind; return how many things were removed."""
        return 0


_STARTED: set[RunningBuild] = set()


def track(build: RunningBuild) -> None:
    """Remember a started build until `untrack`, so it is stopped even if its owner forgets to."""
    _STARTED.add(build)


def untrack(build: RunningBuild) -> None:
    _STARTED.discard(build)


@atexit.register
def stop_started_builds() -> None:
    """Stop every build of this process that is still running (called at interpreter exit)."""
    for build in list(_STARTED):
        build.stop()


def provider_names() -> list[str]:
    return ["auto", *names(PluginKind.SANDBOX)]


def get_provider(name: str = "auto", context: SandboxContext | None = None) -> SandboxProvider:
    """The provider called `name`. `auto` tries docker (fails fast when no engine answers), then process.

    Forcing `docker` raises EngineUnavailable when no engine answers.
    """
    context = context or SandboxContext()
    if name == "auto":
        try:
            return _make_provider("docker", context)
        except EngineUnavailable as exc:
            log.info("no container engine (%s); running games as processes", exc)
            return _make_provider("process", context)
    return _make_provider(name, context)


def _make_provider(name: str, context: SandboxContext) -> SandboxProvider:
    try:
        return create(PluginKind.SANDBOX, name, SandboxProvider, context)
    except UnknownPlugin as exc:
        raise SandboxError(str(exc)) from None
