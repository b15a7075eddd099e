"""The voyage itself: screens, numbered menus, prices and the ledger. No HTTP here."""

from __future__ import annotations

import re

PLANETS = ["Vega", "Altair", "Deneb", "Rigel"]
GOODS = ["ore", "spice", "medicine"]

# price per unit of ore, spice, medicine
PRICES = {
    "Vega": [10, 30, 50],
    "Altair": [18, 22, 70],
    "Deneb": [25, 45, 40],
    "Rigel": [14, 60, 55],
}
FUEL_PRICE = {"Vega": 2, "Altair": 3, "Deneb": 2, "Rigel": 4}
DOCK_FEE = {"Vega": 5, "Altair": 8, "Deneb": 6, "Rigel": 15}

LANES = {
    (a, b): abs(i - j) for i, a in enumerate(PLANETS) for j, b in enumerate(PLANETS) if a != b
}

SHIP_NAME = "Marlin"
TANK = 60
HOLD = 20
FUEL_PER_SECTOR = 8
START_CREDITS = 250
START_DEBT = 600
INTEREST_EVERY = 10
INTEREST_PERCENT = 10
LENDER = "Vega"

NUMBER = re.compile(r"[0-9]+")

HELP = "Type the number of an option, or its name. 0 returns to the previous screen."

DOCK_OPTIONS = ["buy goods", "sell goods", "refuel", "launch"]


class Voyage:
    """One game: the ship, its hold, the ledger and the screen the player is looking at."""

    def __init__(self) -> None:
        self.planet = "Vega"
        self.fuel = TANK
        self.hold = {good: 0 for good in GOODS}
        self.hold_used = 0
        self.credits = START_CREDITS
        self.debt = START_DEBT
        self.day = 1
        self.screen = "dock"
        self.selected: str | None = None
        self.won = False
        self.turn = 0

    # ---- what the player sees ------------------------------------------------------------------

    def options(self) -> list[list[object]]:
        if self.screen == "dock":
            labels = DOCK_OPTIONS + (["repay debt"] if self.planet == LENDER else [])
            return [[n, label] for n, label in enumerate(labels, start=1)]
        if self.screen == "buy":
            return [[n, good] for n, good in enumerate(GOODS, start=1)] + [[0, "back"]]
        if self.screen == "sell":
            return [[n, good] for n, good in enumerate(GOODS, start=1)] + [[0, "back"]]
        if self.screen == "launch":
            return [[n, planet.lower()] for n, planet in enumerate(PLANETS, start=1)] + [[0, "back"]]
        return [[0, "back"]]

    def prompt(self) -> list[object]:
        """[question, lowest, highest] when the screen asks for a number, else []."""
        if self.screen in ("buy_qty", "sell_qty"):
            return ["how many?", 0, self._most(self.screen, self.selected or "")]
        if self.screen == "refuel":
            return ["how many units?", 0, TANK - self.fuel]
        if self.screen == "repay":
            return ["how much?", 0, min(self.credits, self.debt)]
        return []

    def _most(self, screen: str, good: str) -> int:
        if screen == "buy_qty":
            price = PRICES[self.planet][GOODS.index(good)]
            room = HOLD - sum(self.hold.values())
            return max(0, min(room, self.credits // price))
        return self.hold[good]

    def menu_text(self) -> str:
        if self.won:
            return "voyage complete. no options."
        header = {
            "dock": f"-- {self.planet.lower()} port, day {self.day} --",
            "buy": f"-- {self.planet.lower()} market: buy --",
            "sell": f"-- {self.planet.lower()} market: sell --",
            "launch": "-- navigation --",
        }
        if self.screen in ("buy", "sell"):
            prices = PRICES[self.planet]
            lines = []
            for n, good in enumerate(GOODS, start=1):
                extra = f"{prices[n - 1]} cr"
                if self.screen == "sell":
                    extra += f", hold {self.hold[good]}"
                lines.append(f"{n}) {good} ({extra})")
            return header[self.screen] + "\n" + "  ".join(lines) + "  0) back"
        if self.screen == "launch":
            parts = []
            for n, planet in enumerate(PLANETS, start=1):
                parts.append(f"{n}) {planet.lower()}")
            return header["launch"] + "\nwhich planet? (1-4)\n" + "  ".join(parts) + "  0) back"
        prompt = self.prompt()
        if prompt:
            question, low, high = prompt
            return f"{question} ({low}-{high})  0) back"
        items = "  ".join(f"{n}) {label}" for n, label in self.options())
        return f"{header['dock']}\n{items}"

    def state(self) -> dict[str, object]:
        return {
            "screen": self.screen,
            "options": self.options() if not self.won else [],
            "prompt": self.prompt(),
            "selected": self.selected,
            "planet": [self.planet, PLANETS.index(self.planet)],
            "ship": [SHIP_NAME, self.fuel, TANK, self.hold_used, HOLD],
            "hold": [[good, self.hold[good]] for good in GOODS],
            "market": [[good, PRICES[self.planet][i]] for i, good in enumerate(GOODS)],
            "credits": self.credits,
            "debt": self.debt,
            "day": self.day,
            "won": self.won,
        }

    def intro(self) -> str:
        return (
            f"SHIP'S COMPUTER ONLINE. {SHIP_NAME.upper()} DOCKED AT {LENDER.upper()}.\n"
            f"DEBT {self.debt} CR, PAYABLE AT {LENDER.upper()}. CREDITS {self.credits} CR.\n" + self.menu_text()
        )

    # ---- commands ---------------------------------------------------------------------------------

    def command(self, text: str) -> tuple[bool, str]:
        """Play one command; (accepted, message)."""
        self.turn += 1
        words = " ".join(text.lower().split())
        if self.won:
            return False, "VOYAGE COMPLETE. START A NEW GAME."
        if words in ("help", "?"):
            return True, HELP + "\n" + self.menu_text()
        if words == "back":
            words = "0"
        if self.prompt():
            return self._answer_number(words)
        choice = self._choice(words)
        if choice is None:
            return False, "UNKNOWN OPTION.\n" + self.menu_text()
        return self._choose(choice)

    def _choice(self, words: str) -> int | None:
        options = self.options()
        if words == "0":
            return 0
        if NUMBER.fullmatch(words):
            number = int(words)
            return number if any(n == number for n, _ in options) else None
        for number, label in options:
            label_text = str(label)
            if words == label_text or words == label_text.split()[0]:
                return int(number)
        return None

    def _choose(self, choice: int) -> tuple[bool, str]:
        if choice == 0:
            return self._back()
        if self.screen == "dock":
            return self._dock_choice(choice)
        if self.screen in ("buy", "sell"):
            good = GOODS[choice - 1]
            self.selected = good
            if self.screen == "sell" and self.hold[good] == 0:
                self.selected = None
                return False, f"NO {good.upper()} IN HOLD.\n" + self.menu_text()
            self.screen = f"{self.screen}_qty"
            if self._most(self.screen, good) == 0:
                self.screen, self.selected = "buy", None
                return False, "NO ROOM OR CREDITS FOR ANY.\n" + self.menu_text()
            return True, f"{good.upper()} SELECTED.\n" + self.menu_text()
        if self.screen == "launch":
            return self._launch(PLANETS[choice - 1])
        return False, "UNKNOWN OPTION.\n" + self.menu_text()

    def _back(self) -> tuple[bool, str]:
        previous = {"buy": "dock", "sell": "dock", "launch": "dock", "buy_qty": "buy", "sell_qty": "sell",
                    "refuel": "dock", "repay": "dock"}
        if self.screen == "dock":
            return False, "ALREADY AT PORT MENU.\n" + self.menu_text()
        self.screen = previous[self.screen]
        self.selected = None
        return True, self.menu_text()

    def _dock_choice(self, choice: int) -> tuple[bool, str]:
        label = DOCK_OPTIONS[choice - 1] if choice <= len(DOCK_OPTIONS) else "repay debt"
        if label == "buy goods":
            self.screen = "buy"
        elif label == "sell goods":
            if not any(self.hold.values()):
                return False, "HOLD EMPTY. NOTHING TO SELL.\n" + self.menu_text()
            self.screen = "sell"
        elif label == "refuel":
            if self.fuel >= TANK:
                return False, "TANK FULL.\n" + self.menu_text()
            self.screen = "refuel"
        elif label == "launch":
            self.screen = "launch"
        else:
            if self.credits == 0:
                return False, "NO CREDITS TO PAY WITH.\n" + self.menu_text()
            self.screen = "repay"
        return True, self.menu_text()

    def _answer_number(self, words: str) -> tuple[bool, str]:
        if not NUMBER.fullmatch(words):
            return False, "ENTER A NUMBER.\n" + self.menu_text()
        amount = int(words)
        if amount == 0:
            return self._back()
        if self.screen == "refuel":
            return self._refuel(amount)
        _, low, high = self.prompt()
        if amount > int(high):
            return False, "OUT OF RANGE.\n" + self.menu_text()
        if self.screen == "buy_qty":
            return self._buy(amount)
        if self.screen == "sell_qty":
            return self._sell(amount)
        return self._repay(amount)

    def _buy(self, qty: int) -> tuple[bool, str]:
        good = self.selected or ""
        cost = qty * PRICES[self.planet][GOODS.index(good)]
        self.credits -= cost
        self.hold[good] = qty
        self.hold_used += qty
        self.screen, self.selected = "dock", None
        return True, f"BOUGHT {qty} {good.upper()} FOR {cost} CR.\n" + self.menu_text()

    def _sell(self, qty: int) -> tuple[bool, str]:
        good = self.selected or ""
        paid = qty * PRICES[self.planet][GOODS.index(good)]
        self.credits += paid
        self.hold[good] -= qty
        self.screen, self.selected = "dock", None
        return True, f"SOLD {qty} {good.upper()} FOR {paid} CR.\n" + self.menu_text()

    def _refuel(self, asked: int) -> tuple[bool, str]:
        taken = min(asked, TANK - self.fuel)
        cost = taken * FUEL_PRICE[self.planet]
        if cost > self.credits:
            return False, f"INSUFFICIENT CREDITS. {taken} UNITS COST {cost} CR.\n" + self.menu_text()
        self.fuel += taken
        self.credits -= cost
        self.screen = "dock"
        return True, f"TOOK ON {asked} UNITS OF FUEL. PAID {cost} CR.\n" + self.menu_text()

    def _repay(self, amount: int) -> tuple[bool, str]:
        self.credits -= amount
        self.debt -= amount
        self.screen = "dock"
        if self.debt == 0:
            self.won = True
            return True, f"PAID {amount} CR. DEBT CLEARED. THE {SHIP_NAME.upper()} IS YOURS.\nVOYAGE COMPLETE."
        return True, f"PAID {amount} CR. DEBT NOW {self.debt} CR.\n" + self.menu_text()

    def _launch(self, target: str) -> tuple[bool, str]:
        sectors = LANES[(self.planet, target)]
        burn = sectors * FUEL_PER_SECTOR
        if burn > self.fuel:
            return False, f"INSUFFICIENT FUEL. NEED {burn}, HAVE {self.fuel}.\n" + self.menu_text()
        fee = DOCK_FEE[target]
        if fee > self.credits:
            return False, f"CANNOT COVER DOCKING FEE AT {target.upper()} ({fee} CR).\n" + self.menu_text()
        self.fuel -= burn
        lines = [f"JUMP TO {target.upper()}: {sectors} SECTOR{'S' if sectors > 1 else ''}, {burn} FUEL."]
        for _ in range(sectors):
            self.day += 1
        if self.day % INTEREST_EVERY == 0:
            interest = self.debt * INTEREST_PERCENT // 100
            self.debt += interest
            lines.append(f"DAY {self.day}. LENDER ADDS {INTEREST_PERCENT}% INTEREST: {interest} CR.")
        self.planet = target
        self.credits -= fee
        self.screen = "dock"
        lines.append(f"DOCKED AT {target.upper()}. FEE {fee} CR.")
        return True, "\n".join(lines) + "\n" + self.menu_text()
