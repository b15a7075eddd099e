"""`auto` with a model picks model agents throughout, and one answer says whether a model is configured: a
compat endpoint alone (a local llama.cpp, vLLM or Ollama server) counts."""

from __future__ import annotations

import pytest

from loop.run.choices import ChoiceError, model_configured, resolve_config
from loop.run.config import LoopConfig


def test_a_compat_endpoint_alone_counts_as_a_configured_model(no_user_llm_settings, monkeypatch, castle):
    assert not model_configured()
    monkeypatch.setenv("CLOSED_LOOP_MODEL", "compat:gemma-3-270m")
    monkeypatch.setenv("CLOSED_LOOP_COMPAT_BASE_URL", "http://127.0.0.1:18181/v1")
    assert model_configured()
    config = resolve_config(LoopConfig(), castle, has_ground_truth=True)
    assert (config.qa_agent, config.repair_agent, config.critic) == ("llm", "builtin", "both")
    user_mode = resolve_config(LoopConfig(), castle, has_ground_truth=False)
    assert user_mode.critic == "none"  # run.json records what scored the run: nothing (no ground truth)


def test_without_a_model_auto_picks_the_offline_agents(no_user_llm_settings, castle):
    benchmark = resolve_config(LoopConfig(), castle, has_ground_truth=True)
    user_mode = resolve_config(LoopConfig(), castle, has_ground_truth=False)
    assert (benchmark.qa_agent, benchmark.repair_agent, benchmark.critic) == (
        "explorer",
        "gold",
        "differential",
    )
    assert (user_mode.repair_agent, user_mode.critic) == ("revert", "none")


def test_a_harness_agent_on_a_game_without_ground_truth_is_refused_before_anything_starts(
    no_user_llm_settings, castle
):
    with pytest.raises(ChoiceError, match="gold agent applies ground-truth patches"):
        resolve_config(LoopConfig(repair_agent="gold"), castle, has_ground_truth=False)
