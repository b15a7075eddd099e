"""The README's settings table is what `closed-loop settings --markdown` prints: every loop parameter and
every CLOSED_LOOP_* variable, none missing, none stale."""

from __future__ import annotations

from pathlib import Path

from flows.cli import main
from flows.settings_table import BEGIN, END, between_markers, render_markdown
from loop.host import settings
from loop.run.config import LoopConfig

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_settings_table_is_the_generated_one():
    held = between_markers((ROOT / "README.md").read_text())
    assert held is not None, f"the README has lost its markers {BEGIN!r} ... {END!r}"
    assert held == render_markdown(), (
        "the README's settings table is stale: put the output of `closed-loop settings --markdown` between "
        "its markers"
    )


def test_the_table_has_a_row_for_every_parameter_and_variable(capsys):
    assert main(["settings", "--markdown"]) == 0
    table = capsys.readouterr().out
    assert table == render_markdown()
    for name in LoopConfig.model_fields:
        assert f"| `{name}` |" in table
    for setting in settings.SETTINGS:
        assert f"| `{setting.name}` |" in table
    assert "CLOSED_LOOP_SERVE_LIMIT" in table and "CLOSED_LOOP_MODEL_PORT" in table


def test_settings_shows_the_shell_s_values_and_masks_keys(capsys, monkeypatch):
    monkeypatch.setenv(settings.SERVE_LIMIT.name, "4")
    monkeypatch.setenv(settings.COMPAT_API_KEY.name, "sk-canary-settings")
    monkeypatch.delenv(settings.PREFECT_PORT.name, raising=False)
    assert main(["settings"]) == 0
    out = capsys.readouterr().out
    assert "CLOSED_LOOP_SERVE_LIMIT=4\n" in out
    assert "CLOSED_LOOP_PREFECT_PORT unset (default: 4200)\n" in out
    assert "sk-canary-settings" not in out and "CLOSED_LOOP_COMPAT_API_KEY=***\n" in out
