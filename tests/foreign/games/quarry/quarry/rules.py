"""Quarry: dig three gems out of a hillside and sell them at the market."""
from __future__ import annotations

from dataclasses import dataclass, field

HELP = (
    "You can: dig, look, go market, go hill, sell, status. "
    "Dig on the hill to find gems (three are buried); sell them at the market for coin. "
    "Earn 30 coin to buy your way out."
)


@dataclass
class Quarry:
    spot: str = "hill"
    buried: int = 3
    pack: list[str] = field(default_factory=list)
    coin: int = 0
    turn: int = 0
    done: bool = False

    def snapshot(self) -> dict:
        return {
            "location": {"name": self.spot, "exits": ["market"] if self.spot == "hill" else ["hill"]},
            "inventory": {"gems": len(self.pack), "coin": self.coin},
            "hill": {"gems_left": self.buried},
        }

    def do(self, line: str) -> tuple[bool, str]:
        self.turn += 1
        words = line.lower().split()
        if self.done:
            return False, "You already bought your way out."
        if not words:
            return False, "Nothing happens."
        if words[0] in ("help", "?"):
            return True, HELP
        if words[0] == "look":
            return True, f"You are at the {self.spot}."
        if words[0] == "status":
            return True, f"{len(self.pack)} gems, {self.coin} coin."
        if words[0] == "go" and len(words) == 2 and words[1] in ("hill", "market"):
            self.spot = words[1]
            return True, f"You walk to the {self.spot}."
        if words[0] == "dig":
            if self.spot != "hill":
                return False, "The market's cobbles are too hard to dig."
            if self.buried == 0:
                return False, "Only dirt."
            self.buried -= 1
            self.pack.append("gem")
            return True, "You find a gem!"
        if words[0] == "sell":
            if self.spot != "market" or not self.pack:
                return False, "Nobody buys that here."
            self.coin += 10 * len(self.pack)
            self.pack.clear()
            if self.coin >= 30:
                self.done = True
                return True, "The merchant hands you the deed. You are free!"
            return True, f"You now have {self.coin} coin."
        return False, "Hm? (try help)"
