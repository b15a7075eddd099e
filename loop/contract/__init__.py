"""The game contract: what a game is and how to talk to it. It imports nothing of ours outside this package.

- `game`: the manifest (game.toml), a game folder, and its materialized git repository
- `game_client`: the GBQA agent API client, the only door between a game and an agent
- `endpoint`: where a running game answers (an http URL, or a unix socket as an `http+unix://` URL)
- `models`: the shared pydantic models (bug reports, ground-truth bugs, probe results)
- `benchmark`, `probing`: the hidden ground truth of a game that ships one (scoring only)
- `paths`: where closed-loop keeps what outlives one command, and the locks that share it
"""
