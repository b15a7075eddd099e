"""Where a repair agent's processes run: the sandbox the pipeline opens for every attempt and hands the agent.

Whatever an agent runs (a CLI's whole process tree, a team's `command`) starts through `AgentSandbox.command`:
the work tree is the only writable path and the only project path it sees, the tool's own install is mounted
read-only, `/tmp` is private to the attempt, and the one network endpoint it can reach is the model the agent
was configured with, through a relay the loop runs. The backends are plug-ins (entry points of
`closed_loop.repair_sandboxes`: `bubblewrap`, `docker`); `auto` takes docker when an engine answers.
"""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from loop.contract.paths import PROJECT_ROOT, data_dir
from loop.host import settings
from loop.plugins import Plugin, PluginKind, UnknownPlugin, create
from loop.sandbox import EngineUnavailable, SandboxError

BACKENDS = ("auto", "docker", "bubblewrap")
# Where the work tree is inside, in every backend: no prefix of a host path a sandbox mounts.
SANDBOX_WORKDIR = "/closed-loop/work"


@dataclass(frozen=True)
class SandboxedCommand:
    """What the host starts: the wrapped argv and its environment (secrets travel here, never in argv)."""

    argv: list[str]
    env: dict[str, str]


@dataclass(frozen=True)
class AgentSandbox(abc.ABC):
    """One attempt's sandbox, as the agent sees it. Picklable: it travels to the agent's worker process."""

    backend: str
    repo_dir: Path  # the work tree on the host
    workdir: str  # the work tree inside
    host_tmp: Path  # the host folder that is the sandbox's private /tmp (the agent's home and leftovers)
    model_url: str | None = None  # the model endpoint's address inside (the relay); None: no network at all
    tool_paths: tuple[Path, ...] = field(default=())

    def inside(self, host_path: Path) -> str:
        """The path inside the sandbox of a host path within the work tree or the private /tmp."""
        host_path = Path(host_path)
        for root, mounted in ((self.repo_dir, self.workdir), (self.host_tmp, "/tmp")):
            if host_path == root or root in host_path.parents:
                return str(Path(mounted) / host_path.relative_to(root))
        if any(host_path == tool or tool in host_path.parents for tool in self.tool_paths):
            return str(host_path)  # tool installs are mounted where they are
        raise SandboxError(f"{host_path} is not visible inside the repair sandbox")

    @abc.abstractmethod
    def command(self, argv: Sequence[str], env: dict[str, str]) -> SandboxedCommand:
        """`argv` (paths as the sandbox sees them) run in the work tree with `env`, nothing of the host's."""


@dataclass(frozen=True)
class AgentSandboxRequest:
    """What a repair sandbox backend is opened with: the work tree, the one model address it may reach (None:
    no network at all), the checked tool installs to mount read-only, how long it may live at the most, and
    the run it belongs to (its label, for the cleanup of leftovers)."""

    repo_dir: Path
    model_url: str | None
    tool_paths: tuple[Path, ...]
    lifetime_s: float
    run_id: str


class OpenSandbox(Plugin[AgentSandboxRequest], abc.ABC):
    """The host side of an open repair sandbox: the relay and the container live as long as it does.
    Registered by name as a `closed_loop.repair_sandboxes` entry point that names the class.

    Lifecycle: `from_context(AgentSandboxRequest)` opens it (EngineUnavailable when the backend cannot run
    here, so `auto` tries the next; SandboxError when it fails otherwise, with nothing left open); the
    pipeline hands `sandbox` to the agent for one attempt, then calls `close()` once, however the attempt
    ended, which removes the container, the relay and the private /tmp. After a crash of its owner a sandbox
    still ends: it lives `lifetime_s` at the most (or dies with its parent), and the next sandbox opened
    removes the private folders of dead owners.
    """

    sandbox: AgentSandbox

    @abc.abstractmethod
    def close(self) -> None:
        """Remove everything the sandbox holds; never raises."""


def backend_choice(backend: str | None = None) -> str:
    chosen = backend or str(settings.REPAIR_SANDBOX.value())
    if chosen not in BACKENDS:
        raise SandboxError(f"unknown repair sandbox {chosen!r} (choose from {', '.join(BACKENDS)})")
    return chosen


def check_tool_paths(tool_paths: Sequence[Path], repo_dir: Path) -> tuple[Path, ...]:
    """The tool installs an agent asks to have mounted, refused when one would show what the sandbox hides:
    the checkout (its `games/`, `runs/`), the data dir beyond its tool cache, the home or the work tree's
    surroundings (a folder that holds any of them)."""
    data = data_dir()
    hidden = [PROJECT_ROOT, data, Path.home(), Path(repo_dir).resolve().parent]
    checked = []
    for path in (Path(p).resolve() for p in tool_paths):
        inside_project = path.is_relative_to(PROJECT_ROOT) or path.is_relative_to(data)
        if any(h.is_relative_to(path) for h in hidden) or (
            inside_project and not path.is_relative_to(data / "tools")
        ):
            raise SandboxError(f"tool path {path} would show what the repair sandbox hides")
        checked.append(path)
    return tuple(checked)


@contextlib.contextmanager
def open_agent_sandbox(
    repo_dir: Path,
    backend: str | None = None,
    *,
    model_url: str | None = None,
    tool_paths: Sequence[Path] = (),
    lifetime_s: float = 900.0,
    run_id: str = "adhoc",
) -> Iterator[AgentSandbox]:
    """A sandbox on `repo_dir` for one attempt; docker when an engine answers (auto), else bubblewrap.

    Raises SandboxError when nothing can confine the agent: there is no unsandboxed fallback."""
    chosen = backend_choice(backend)
    tool_paths = check_tool_paths(tool_paths, repo_dir)
    names = ("docker", "bubblewrap") if chosen == "auto" else (chosen,)
    request = AgentSandboxRequest(Path(repo_dir), model_url, tuple(tool_paths), lifetime_s, run_id)
    opened: OpenSandbox | None = None
    for name in names:
        try:
            opened = create(PluginKind.REPAIR_SANDBOX, name, OpenSandbox, request)
            break
        except UnknownPlugin as exc:
            raise SandboxError(str(exc)) from None
        except EngineUnavailable:
            if chosen != "auto":
                raise
    if opened is None:
        raise SandboxError("no repair sandbox: no Docker engine answers and bubblewrap cannot run here")
    try:
        yield opened.sandbox
    finally:
        opened.close()
