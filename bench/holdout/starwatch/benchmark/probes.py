"""Probes for Starwatch's ground-truth bugs. Each plays through the agent API only."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _money(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    return sign * int(text.lstrip("-").lstrip("$").replace(",", ""))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """forecast/<night> past the season's last night answers a 5xx instead of a refusal."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["forecast/10"])
    try:
        observation = client.command(game_id, "forecast/11")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"forecast/11 crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"forecast/11 answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An order of exactly 12 plates must be billed at the $40 box price: $480."""
    game_id = client.new_game().game_id
    before = _money(client.state(game_id)["grant"]["budget"])
    observation = play_setup(client, game_id, ["buy/plates/12"])
    after = _money(observation.state["grant"]["budget"])
    charged = before - after
    return ProbeResult(
        bug_id="BUG-2",
        present=charged != 12 * 40,
        evidence=f"12 plates charged ${charged:,} (rules: $480); reply: {observation.message[:160]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """An exposure refused because the target would set must not use up a plate."""
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["wait/100"]).state["plates"]["unexposed"]
    observation = client.command(game_id, "observe/m13/90")
    if observation.success:
        raise ProbeInconclusive("the exposure past m13's setting time was accepted")
    if "sets" not in observation.message:
        raise ProbeInconclusive(f"refused for another reason: {observation.message[:160]}")
    after = client.state(game_id)["plates"]["unexposed"]
    return ProbeResult(
        bug_id="BUG-3",
        present=after != before,
        evidence=f"unexposed plates {before} before the refused exposure, {after} after",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The dawn reply must give the conditions of the night that begins, as the state does."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["night/end"])
    night = observation.state["night"]
    if night["number"] != 2:
        raise ProbeInconclusive(f"night/end did not start night 2: {night}")
    tail = observation.message.split("Night 2", 1)[-1]
    expected = f"{night['sky']}, seeing {night['seeing']}"
    return ProbeResult(
        bug_id="BUG-4",
        present=expected not in tail,
        evidence=f"state: {expected}; reply: {observation.message[-160:]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """After dawn the telescope is parked: the first exposure of a night includes the 10-minute slew."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["observe/m31/40", "night/end"])
    parked = client.state(game_id)["telescope"]["pointing"]
    observation = play_setup(client, game_id, ["observe/m31/40"])
    clock = observation.state["night"]["clock"]
    return ProbeResult(
        bug_id="BUG-5",
        present=clock != "20:50",
        evidence=f"pointing after dawn {parked!r}; after a 40-minute exposure the clock reads {clock} "
        f"(rules: 20:50 with the slew)",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """paper.progress is the data points as a percentage of the 60 needed."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["observe/m42/20", "develop/1", "measure/1"])
    paper = observation.state["paper"]
    expected = f"{min(100, paper['points'] * 100 // 60)}%"
    if paper["points"] == 0:
        raise ProbeInconclusive("the measured plate gave no data points")
    return ProbeResult(
        bug_id="BUG-6",
        present=paper["progress"] != expected,
        evidence=f"{paper['points']} data points of 60, progress {paper['progress']} (expected {expected})",
    )
