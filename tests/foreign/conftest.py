"""The foreign games' own test suites are theirs: they run inside the games' sandboxes, not in ours."""

collect_ignore_glob = ["games/*"]
