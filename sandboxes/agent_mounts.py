"""What both agent sandbox backends share: an attempt's private folders, the relay, the read-only mounts."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from sandboxes.model_relay import ModelRelay

HERE = Path(__file__).resolve().parent
PREFIX = "closed-loop-agent-"


def base_env() -> dict[str, str]:
    """The environment every sandboxed command starts from: nothing of the host's."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp/home",
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def _venv_base(path: Path) -> Path | None:
    """The interpreter prefix a venv was made from (its bin/python links there)."""
    config = path / "pyvenv.cfg"
    if not config.is_file():
        return None
    for line in config.read_text().splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "home":
            return Path(value.strip()).parent
    return None


def readonly_paths(tool_paths: Iterable[Path]) -> list[Path]:
    """Tool installs to mount read-only, with the interpreter a venv among them was made from."""
    found: list[Path] = []
    for path in tool_paths:
        path = Path(path).resolve()
        base = _venv_base(path)
        for candidate in (path, base):
            if candidate is not None and candidate not in found and not str(candidate).startswith("/usr"):
                found.append(candidate)
    return found


class SandboxFolders:
    """An attempt's private folders on the host: its /tmp, and the relay's (socket, hosts, relay scripts)."""

    def __init__(self, model_url: str | None):
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.tmp = self.root / "tmp"
        (self.tmp / "home").mkdir(parents=True)
        self.tmp.chmod(0o1777)
        (self.tmp / "home").chmod(0o777)
        self.relay_folder = self.root / "relay"
        self.relay: ModelRelay | None = None
        if model_url:
            self.relay_folder.mkdir()
            for name in ("relay.py", "model_relay.py"):
                shutil.copy(HERE / name, self.relay_folder / name)
            self.relay = ModelRelay(self.relay_folder, model_url)
            (self.relay_folder / "hosts").write_text(self.relay.hosts_file())
            (self.relay_folder / "resolv.conf").write_text("")
            self.relay_folder.chmod(0o755)

    def close(self) -> None:
        if self.relay is not None:
            self.relay.close()
        shutil.rmtree(self.root, ignore_errors=True)
