"""The Brass Comet: a freight-hauling game in the asteroid belt, played through a small HTTP API."""
