"""Probes for Limelight's ground-truth bugs: each plays the agent API and says whether its bug shows."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

COMPANY = ["cast Cleo as Prospero", "cast Dev as Miranda", "cast Etta as Ariel", "cast Finn as Caliban"]


def _new(client: GameClient) -> tuple[str, dict]:
    game = client.new_game()
    return game.game_id, game.observation.state


def probe_bug_1(client: GameClient) -> ProbeResult:
    """A sale of exactly six tickets must get the 10% group rate."""
    game_id, state = _new(client)
    before = state["box.cash"]
    after = play_setup(client, game_id, ["sell 6 tickets for row D"]).state["box.cash"]
    paid = after - before
    if paid not in (81, 90):
        raise ProbeInconclusive(f"six D tickets took £{paid}, neither the group rate nor full price")
    return ProbeResult(
        bug_id="BUG-1", present=paid == 90, evidence=f"6 tickets at £15 in row D took £{paid} (rule: £81)"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An exchange must give the seats back to the row the patrons left: free + sold = seats in the row."""
    game_id, _ = _new(client)
    state = play_setup(
        client, game_id, ["sell 3 tickets for row E", "exchange 2 tickets from row E to row A"]
    ).state
    free, sold, size = state["seats.E.free"], state["seats.E.sold"], state["seats.E.capacity"]
    return ProbeResult(
        bug_id="BUG-2",
        present=free + sold != size,
        evidence=f"after moving 2 of 3 patrons out of row E: free {free} + sold {sold} vs {size} seats",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Releasing an actor who has no part must be refused, not crash the server."""
    game_id, _ = _new(client)
    play_setup(client, game_id, ["status"])
    try:
        observation = client.command(game_id, "release Finn")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-3", present=True, evidence=f"'release Finn' in a new game: {exc}"[:300]
        )
    return ProbeResult(
        bug_id="BUG-3", present=False, evidence=f"'release Finn' answered: {observation.message[:200]}"
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A refund's message must name the money that actually leaves the till."""
    game_id, _ = _new(client)
    before = play_setup(client, game_id, ["sell 2 tickets for row B"]).state["box.cash"]
    observation = play_setup(client, game_id, ["refund 2 tickets for row B"])
    paid_back = before - observation.state["box.cash"]
    if paid_back != 44:
        raise ProbeInconclusive(f"refunding 2 B tickets took £{paid_back} from the till, not £44")
    present = "£44" not in observation.message
    return ProbeResult(
        bug_id="BUG-4",
        present=present,
        evidence=f"till fell by £{paid_back}; message: {observation.message[:200]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The rehearsal room's three calls a day start again after a performance."""
    game_id, _ = _new(client)
    setup = [*COMPANY, "rehearse", "rehearse", "rehearse", "sell 10 tickets for row A", "curtain up"]
    state = play_setup(client, game_id, setup).state
    if state["night.current"] != 2:
        raise ProbeInconclusive("the first night did not roll over to the second")
    observation = client.command(game_id, "rehearse")
    return ProbeResult(
        bug_id="BUG-5",
        present=not observation.success,
        evidence=(
            f"night 2, first rehearsal call (night.calls was {state['night.calls']}): "
            f"{observation.message[:200]}"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """An actor who loses a part to another must be free again in the state."""
    game_id, _ = _new(client)
    state = play_setup(client, game_id, ["cast Ada as Miranda", "cast Bram as Miranda"]).state
    if state["cast.Miranda"] != "Bram":
        raise ProbeInconclusive(f"Miranda went to {state['cast.Miranda']!r}, not Bram")
    stale = state["actors.Ada.role"]
    return ProbeResult(
        bug_id="BUG-6",
        present=stale != "",
        evidence=f"after Bram took Miranda from Ada: actors.Ada.role = {stale!r}",
    )
