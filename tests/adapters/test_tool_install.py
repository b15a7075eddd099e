"""The shared tool cache: one install however many runs ask at once, a failed install leaves nothing behind,
a user's binary wins, and an agent whose tool cannot be installed is a clear error. A fake `npm` beside a
fake Node.js (CLOSED_LOOP_NODE_BIN) stands in for the registry (the real installs: the adapter tests)."""

from __future__ import annotations

import shutil
import stat
import threading
from pathlib import Path

import pytest

from loop.host.tool_install import MARKER, ToolInstallError, ToolSpec, find_or_install, installed, tool_home
from loop.repair.agents import AgentContext, UnknownAgent, create_agent

SPEC = ToolSpec("demo", "1.2.3", "npm", "@demo/cli", "demo")
FAKE_NPM = """#!/bin/sh
# npm install --prefix DIR ... PACKAGE@VERSION, as far as the cache cares
echo "$@" >> "{calls}"
sleep 0.5
[ -f "{fail}" ] && {{ echo "npm ERR! 404 Not Found" >&2; exit 1; }}
mkdir -p "$3/node_modules/.bin"
printf '#!/bin/sh\\necho demo\\n' > "$3/node_modules/.bin/demo"
chmod +x "$3/node_modules/.bin/demo"
"""


def executable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def fake_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    files = {"calls": tmp_path / "npm-calls.txt", "fail": tmp_path / "npm-should-fail"}
    executable(bin_dir / "npm", FAKE_NPM.format(**files))
    # Our own Node.js (normally installed from PyPI) is this folder: its npm is the fake.
    monkeypatch.setenv("CLOSED_LOOP_NODE_BIN", str(executable(bin_dir / "node", "#!/bin/sh\n")))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    return files


def npm_calls(files: dict[str, Path]) -> list[str]:
    return files["calls"].read_text().splitlines() if files["calls"].exists() else []


def test_concurrent_runs_share_one_install(fake_npm: dict[str, Path], tmp_path: Path):
    found: list[Path] = []
    threads = [threading.Thread(target=lambda: found.append(find_or_install(SPEC))) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert len(npm_calls(fake_npm)) == 1
    assert npm_calls(fake_npm)[0].endswith("@demo/cli@1.2.3")
    expected = tmp_path / "data" / "tools" / "cli-1.2.3" / "node_modules" / ".bin" / "demo"
    assert found == [expected] * 3
    assert installed(SPEC) == expected and (tool_home(SPEC) / MARKER).is_file()
    assert find_or_install(SPEC) == expected and len(npm_calls(fake_npm)) == 1  # cached


def test_a_failed_install_raises_and_is_redone_next_time(fake_npm: dict[str, Path]):
    fake_npm["fail"].write_text("")
    with pytest.raises(ToolInstallError, match="404 Not Found"):
        find_or_install(SPEC)
    assert installed(SPEC) is None

    fake_npm["fail"].unlink()
    assert find_or_install(SPEC).is_file()
    assert len(npm_calls(fake_npm)) == 2


def test_the_users_binary_wins_and_is_checked(fake_npm: dict[str, Path], tmp_path: Path, monkeypatch):
    mine = executable(tmp_path / "my-demo", "#!/bin/sh\n")
    monkeypatch.setenv("CLOSED_LOOP_DEMO_BIN", str(mine))
    assert find_or_install(SPEC) == mine
    monkeypatch.setenv("CLOSED_LOOP_DEMO_BIN", str(tmp_path / "missing"))
    with pytest.raises(ToolInstallError, match="CLOSED_LOOP_DEMO_BIN"):
        find_or_install(SPEC)
    assert npm_calls(fake_npm) == []


def test_a_python_tool_refuses_an_interpreter_it_does_not_support(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv(
        "CLOSED_LOOP_TOOL_PYTHON", str(executable(tmp_path / "python3.13", "#!/bin/sh\necho 3.13\n"))
    )
    spec = ToolSpec("old-tool", "0.1", "pip", "old-tool", "old-tool", max_python=(3, 13))
    with pytest.raises(ToolInstallError, match="needs Python below 3.13"):
        find_or_install(spec)


def test_an_agent_whose_tool_cannot_be_installed_is_a_clear_error(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    # a Node.js without npm beside it
    monkeypatch.setenv("CLOSED_LOOP_NODE_BIN", str(executable(tmp_path / "node", "#!/bin/sh\n")))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake")
    with pytest.raises(UnknownAgent, match="cannot install codex: our Node.js in .* ships no npm"):
        create_agent("codex", AgentContext(options={"model": "gpt-4.1-mini"}))


def test_an_agent_without_a_key_or_model_says_what_to_set(monkeypatch):
    with pytest.raises(UnknownAgent, match="ANTHROPIC_API_KEY"):
        create_agent("claude-code", AgentContext(options={"model": "claude-sonnet-4-6"}))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake")
    monkeypatch.setenv("CLOSED_LOOP_MODEL_REPAIR", "anthropic:claude-sonnet-4-6")
    with pytest.raises(UnknownAgent, match="no openai model for the repair role"):
        create_agent("aider", AgentContext())


def test_a_key_alone_picks_the_providers_default_model(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CLOSED_LOOP_AIDER_BIN", str(executable(tmp_path / "aider", "#!/bin/sh\n")))
    agent = create_agent("aider", AgentContext())
    assert agent.endpoint.model == "gpt-4.1-mini"
    assert agent.endpoint.base_url == "http://127.0.0.1:9/v1"
    assert agent.binary == tmp_path / "aider"


def test_a_cache_copied_elsewhere_is_installed_again_where_it_now_is(
    fake_npm: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    first = find_or_install(SPEC)
    home = tool_home(SPEC)
    executable(home / "bin-python", "#!/bin/sh\n")  # a script pointing at its install, as a venv's do
    executable(first, f"#!{home}/bin-python\necho demo\n")
    moved = tmp_path / "moved-data"
    shutil.copytree(tmp_path / "data", moved, symlinks=True)
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(moved))

    assert installed(SPEC) is None  # its script still names the old copy's interpreter
    again = find_or_install(SPEC)

    assert again.is_relative_to(moved) and len(npm_calls(fake_npm)) == 2
    assert again.read_text().startswith("#!/bin/sh\n")  # the fresh install's own script
