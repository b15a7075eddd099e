"""Hidden probes of the two-room game: is each ground-truth bug present in this running build?"""

from loop.contract.game_client import GameClient
from loop.contract.models import ProbeResult


def probe_key_visible_in_closed_drawer(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    client.command(game_id, "go bedroom")
    look = client.command(game_id, "look")
    return ProbeResult(bug_id="BUG-1", present="small key" in look.message.lower(), evidence=look.message)


def probe_dropped_item_missing_from_description(client: GameClient) -> ProbeResult:
    # the book, not the lamp: a fix that only special-cases what a report showed must not pass
    game_id = client.new_game().game_id
    client.command(game_id, "take book")
    client.command(game_id, "go bedroom")
    client.command(game_id, "drop book")
    look = client.command(game_id, "look")
    return ProbeResult(bug_id="BUG-2", present="book" not in look.message.lower(), evidence=look.message)
