"""Highgrove: one season on a hill tea estate.

The estate logic knows nothing of HTTP: `Estate.order(text)` takes one order and answers
`(success, message)`; `Estate.ledger()` is the estate's books as a flat list of `key=value` lines.
"""

from __future__ import annotations

# The season: thirty days in three flushes.
SEASON_DAYS = 30
MONSOON_START = 11
MONSOON_END = 20

# Money, in rupees.
START_CASH = 100
GOAL_CASH = 1000
DAILY_WAGE = 6
PAYDAY_EVERY = 7
CHEST_COST = 5
AUCTION_EVERY = 5
CHEST_PRICE = {"first_flush": 150, "monsoon": 90, "autumn_flush": 120}

# Labour and the factory.
MAX_WORKERS = 10
PLUCK_KG = 20
PLUCK_KG_MONSOON = 30
TROUGH_KG = 100
TROUGH_KG_MONSOON = 50
DRY_RATIO = 4
CHEST_KG = 20

MAX_ORDER = 1000

HELP = (
    "HIGHGROVE ESTATE ORDERS STOP THING FIRST THEN ACTION STOP "
    "ESTATE REPORT = THE BOOKS STOP "
    "CALENDAR SHOW = SEASON AUCTIONS PAYDAYS STOP "
    "WORKER HIRE N = TAKE ON N PLUCKERS STOP "
    "WORKER DISMISS N = PAY OFF N PLUCKERS STOP "
    "LEAF PLUCK N = SEND N FREE PLUCKERS TO THE BUSHES STOP "
    "LEAF WITHER N = SPREAD N KG GREEN LEAF IN THE TROUGHS STOP "
    "LEAF ROLL N = ROLL N KG WITHERED LEAF STOP "
    "LEAF DRY N = FIRE N KG ROLLED LEAF STOP "
    "CHEST PACK N = PACK N CHESTS OF MADE TEA STOP "
    "CHEST SELL N OR CHEST SELL ALL = SELL AT AUCTION STOP "
    "DAY END = CLOSE THE DAY STOP "
    "HELP = THIS WIRE STOP"
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}S"


class Estate:
    def __init__(self) -> None:
        self.day = 1
        self.cash = START_CASH
        self.workers = 0
        self.plucked_today = 0
        self.wages_owed = 0
        self.green = 0
        self.withered = 0
        self.rolled = 0
        self.made_tea = 0
        self.chests = 0
        self.chests_sold = 0
        self.trough_used = 0
        self.turn = 0
        self.won = False
        self.lost = False
        self.last_word = ""

    # ----- the calendar -------------------------------------------------------------------

    def in_monsoon(self) -> bool:
        return MONSOON_START < self.day <= MONSOON_END

    def season(self) -> str:
        if self.day < MONSOON_START:
            return "first_flush"
        if self.day <= MONSOON_END:
            return "monsoon"
        return "autumn_flush"

    def is_auction_day(self) -> bool:
        return self.day % AUCTION_EVERY == 0

    def is_payday(self) -> bool:
        return self.day % PAYDAY_EVERY == 0

    def pluck_kg(self) -> int:
        return PLUCK_KG_MONSOON if self.in_monsoon() else PLUCK_KG

    def trough_capacity(self) -> int:
        return TROUGH_KG_MONSOON if self.in_monsoon() else TROUGH_KG

    def next_day_of(self, every: int) -> int:
        return ((self.day + every - 1) // every) * every

    @property
    def free_workers(self) -> int:
        return self.workers - self.plucked_today

    @property
    def game_over(self) -> bool:
        return self.won or self.lost

    # ----- the books ----------------------------------------------------------------------

    def ledger(self) -> list[str]:
        if self.won:
            status = "won"
        elif self.lost:
            status = "lost"
        else:
            status = "running"
        return [
            f"day={self.day}",
            f"season={self.season()}",
            f"status={status}",
            f"cash={self.cash}",
            f"goal_cash={GOAL_CASH}",
            f"workers={self.workers}",
            f"free_workers={self.free_workers}",
            f"wages_owed={self.wages_owed}",
            f"green_leaf_kg={self.green}",
            f"withered_leaf_kg={self.withered}",
            f"rolled_leaf_kg={self.rolled}",
            f"made_tea_kg={self.made_tea}",
            f"chests={self.chests}",
            f"chests_sold={self.chests_sold}",
            f"trough_used_kg={self.trough_used}",
            f"trough_capacity_kg={self.trough_capacity()}",
            f"auction_today={'yes' if self.is_auction_day() else 'no'}",
            f"next_auction_day={self.next_day_of(AUCTION_EVERY)}",
            f"next_payday={self.next_day_of(PAYDAY_EVERY)}",
        ]

    def welcome(self) -> str:
        return (
            "WELCOME HIGHGROVE TEA ESTATE STOP NEW MANAGER TAKES CHARGE DAY 1 OF 30 STOP "
            f"CASH {START_CASH} RUPEES STOP NO PLUCKERS ON THE LINES STOP "
            f"PROPRIETORS EXPECT {GOAL_CASH} RUPEES IN THE BANK BEFORE SEASON CLOSES STOP "
            "SEND HELP FOR ORDERS STOP"
        )

    # ----- orders -------------------------------------------------------------------------

    def order(self, text: str) -> tuple[bool, str]:
        words = text.strip().lower().split()
        if not words:
            return False, "EMPTY WIRE STOP SEND HELP FOR ORDERS STOP"
        thing, rest = words[0], words[1:]
        if thing == "help":
            return True, HELP
        if thing == "estate" and (not rest or rest[0] in ("report", "books")):
            return True, self.report()
        if thing == "calendar" and (not rest or rest[0] == "show"):
            return True, self.calendar()
        if self.game_over:
            return False, "SEASON BOOKS CLOSED STOP " + self._verdict()
        handler = self._handlers().get((thing, rest[0] if rest else ""))
        if handler is None:
            if thing in ("hire", "dismiss", "pluck", "wither", "roll", "dry", "pack", "sell", "end"):
                return False, "GARBLED WIRE STOP THING FIRST THEN ACTION STOP FOR EXAMPLE LEAF PLUCK 3 STOP"
            return False, f"UNKNOWN ORDER {text.strip().upper()[:40]} STOP SEND HELP FOR ORDERS STOP"
        self.turn += 1
        return handler(rest[1:])

    def _handlers(self):
        return {
            ("worker", "hire"): self.hire,
            ("worker", "dismiss"): self.dismiss,
            ("leaf", "pluck"): self.pluck,
            ("leaf", "wither"): self.wither,
            ("leaf", "roll"): self.roll,
            ("leaf", "dry"): self.dry,
            ("chest", "pack"): self.pack,
            ("chest", "sell"): self.sell,
            ("day", "end"): self.end_day,
        }

    @staticmethod
    def _count(args: list[str], what: str) -> int | str:
        """The number an order carries, or the refusal to wire back."""
        if not args:
            return f"HOW MANY {what} STOP"
        word = args[0]
        if not word.isdigit():
            return f"{word.upper()[:12]} IS NO NUMBER STOP"
        number = int(word)
        if number < 1:
            return "NOTHING TO DO STOP ORDER AT LEAST 1 STOP"
        if number > MAX_ORDER:
            return f"ORDER TOO LARGE STOP {MAX_ORDER} AT MOST STOP"
        return number

    def hire(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "PLUCKERS")
        if isinstance(n, str):
            return False, n
        if self.workers + n > MAX_WORKERS:
            room = MAX_WORKERS - self.workers
            return False, f"LINES HOUSE {MAX_WORKERS} PLUCKERS STOP ROOM FOR {room} MORE STOP"
        self.workers += n
        return True, (
            f"{_plural(n, 'PLUCKER')} TAKEN ON STOP {self.workers} ON THE LINES STOP "
            f"WAGE {DAILY_WAGE} RUPEES A DAY EACH STOP"
        )

    def dismiss(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "PLUCKERS")
        if isinstance(n, str):
            return False, n
        if n > self.workers:
            return False, f"ONLY {self.workers} ON THE LINES STOP"
        before = self.workers
        self.workers = before - n
        self.plucked_today = min(self.plucked_today, self.workers)
        return True, (
            f"{_plural(n, 'PLUCKER')} PAID OFF STOP {before} REMAIN ON THE LINES STOP "
            "WAGES ALREADY EARNED FALL DUE ON PAYDAY STOP"
        )

    def pluck(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "PLUCKERS")
        if isinstance(n, str):
            return False, n
        if n > self.free_workers:
            return False, f"ONLY {self.free_workers} PLUCKERS FREE TODAY STOP"
        kg = n * self.pluck_kg()
        self.plucked_today += n
        self.green += kg
        return True, (
            f"{_plural(n, 'PLUCKER')} TO THE BUSHES STOP {kg} KG GREEN LEAF BROUGHT IN STOP "
            f"{self.green} KG GREEN LEAF AT THE FACTORY STOP WITHER BEFORE NIGHTFALL STOP"
        )

    def wither(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "KG")
        if isinstance(n, str):
            return False, n
        if n > self.green:
            return False, f"ONLY {self.green} KG GREEN LEAF STOP"
        room = self.trough_capacity() - self.trough_used
        if n > room:
            return False, f"TROUGHS TAKE {self.trough_capacity()} KG A DAY STOP ROOM FOR {room} KG STOP"
        self.green -= n
        self.trough_used += n
        self.withered += n
        return True, f"{n} KG WITHERED STOP {self.withered} KG WITHERED LEAF READY TO ROLL STOP"

    def roll(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "KG")
        if isinstance(n, str):
            return False, n
        if n > self.withered:
            return False, f"ONLY {self.withered} KG WITHERED LEAF STOP"
        self.withered -= n
        self.rolled += n
        return True, f"{n} KG ROLLED STOP {self.rolled} KG ROLLED LEAF READY TO DRY STOP"

    def dry(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "KG")
        if isinstance(n, str):
            return False, n
        if n > self.rolled:
            return False, f"ONLY {self.rolled} KG ROLLED LEAF STOP"
        made = n // DRY_RATIO
        if made == 0:
            return False, f"DRYER TAKES LOTS OF {DRY_RATIO} KG STOP"
        self.rolled -= n
        self.made_tea += made
        return True, (
            f"{made * DRY_RATIO} KG FIRED STOP {made} KG MADE TEA STOP "
            f"{self.made_tea} KG MADE TEA IN THE STORE STOP"
        )

    def pack(self, args: list[str]) -> tuple[bool, str]:
        n = self._count(args, "CHESTS")
        if isinstance(n, str):
            return False, n
        need = n * CHEST_KG
        if need > self.made_tea:
            return False, f"CHEST HOLDS {CHEST_KG} KG STOP ONLY {self.made_tea} KG MADE TEA STOP"
        cost = n * CHEST_COST
        if cost > self.cash:
            return False, f"PLYWOOD COSTS {cost} RUPEES STOP ONLY {self.cash} IN HAND STOP"
        self.made_tea -= need
        self.chests += n
        self.cash -= CHEST_COST
        return True, (
            f"{_plural(n, 'CHEST')} PACKED STOP {need} KG MADE TEA NAILED DOWN STOP "
            f"PLYWOOD {cost} RUPEES STOP {self.chests} IN THE GODOWN STOP"
        )

    def sell(self, args: list[str]) -> tuple[bool, str]:
        if args[0] == "all":
            n = self.chests
            if n == 0:
                return False, "GODOWN EMPTY STOP NOTHING FOR AUCTION STOP"
        else:
            n = self._count(args, "CHESTS")
            if isinstance(n, str):
                return False, n
        if not self.is_auction_day():
            return False, (
                f"NO AUCTION TODAY STOP AUCTION EVERY {AUCTION_EVERY}TH DAY STOP "
                f"NEXT ON DAY {self.next_day_of(AUCTION_EVERY)} STOP"
            )
        if n > self.chests:
            return False, f"ONLY {self.chests} CHESTS IN THE GODOWN STOP"
        price = CHEST_PRICE[self.season()]
        self.chests -= n
        self.chests_sold += n
        self.cash += n * price
        message = (
            f"{_plural(n, 'CHEST')} KNOCKED DOWN AT {price} RUPEES STOP "
            f"{n * price} RUPEES BANKED STOP CASH {self.cash} RUPEES STOP"
        )
        if self.cash >= GOAL_CASH:
            self.won = True
            message += " " + self._verdict()
        return True, message

    def end_day(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "DAY END TAKES NO NUMBER STOP"
        parts = [f"DAY {self.day} CLOSED STOP"]
        if self.green:
            parts.append(f"{self.green} KG GREEN LEAF SPOILED UNWITHERED STOP")
            self.green = 0
        self.wages_owed += self.workers * DAILY_WAGE
        if self.is_payday():
            due = self.wages_owed
            if due > self.cash:
                self.lost = True
                parts.append(f"PAYDAY STOP WAGES {due} RUPEES STOP ONLY {self.cash} IN HAND STOP")
                parts.append(self._verdict())
                return True, " ".join(parts)
            self.cash -= due
            parts.append(f"PAYDAY STOP {due} RUPEES WAGES PAID STOP CASH {self.cash} RUPEES STOP")
        if self.day >= SEASON_DAYS:
            self.lost = True
            parts.append(self._verdict())
            return True, " ".join(parts)
        was_season = self.season()
        self.day += 1
        self.plucked_today = 0
        self.trough_used = 0
        parts.append(f"DAY {self.day} OF {SEASON_DAYS} STOP")
        if self.season() != was_season:
            if self.season() == "monsoon":
                parts.append("MONSOON BREAKS STOP BUSHES FLUSH HEAVY STOP TROUGHS SLOW IN THE DAMP STOP")
            else:
                parts.append("RAINS LIFT STOP AUTUMN FLUSH BEGINS STOP")
        if self.is_auction_day():
            parts.append("AUCTION TODAY STOP")
        if self.is_payday():
            parts.append(f"PAYDAY TONIGHT STOP {self.wages_owed + self.workers * DAILY_WAGE} RUPEES DUE STOP")
        return True, " ".join(parts)

    # ----- reports ------------------------------------------------------------------------

    def _verdict(self) -> str:
        if self.won:
            return f"PROPRIETORS DELIGHTED STOP {self.cash} RUPEES IN THE BANK STOP SEASON WON STOP"
        if self.lost and self.day >= SEASON_DAYS and self.cash < GOAL_CASH:
            return f"SEASON CLOSED WITH {self.cash} RUPEES STOP GOAL {GOAL_CASH} MISSED STOP ESTATE SOLD STOP"
        return "PLUCKERS STRIKE UNPAID STOP ESTATE SEIZED BY CREDITORS STOP SEASON LOST STOP"

    def report(self) -> str:
        return (
            f"DAY {self.day} OF {SEASON_DAYS} {self.season().replace('_', ' ').upper()} STOP "
            f"CASH {self.cash} RUPEES STOP {self.workers} PLUCKERS {self.free_workers} FREE STOP "
            f"WAGES OWED {self.wages_owed} STOP "
            f"GREEN {self.green} KG WITHERED {self.withered} KG ROLLED {self.rolled} KG STOP "
            f"MADE TEA {self.made_tea} KG STOP {self.chests} CHESTS IN GODOWN STOP "
            f"TROUGHS {self.trough_used} OF {self.trough_capacity()} KG USED STOP"
        )

    def calendar(self) -> str:
        return (
            f"FIRST FLUSH DAYS 1 TO {MONSOON_START - 1} STOP MONSOON DAYS {MONSOON_START} TO {MONSOON_END} STOP "
            f"AUTUMN FLUSH DAYS {MONSOON_END + 1} TO {SEASON_DAYS} STOP "
            f"AUCTION EVERY {AUCTION_EVERY}TH DAY NEXT DAY {self.next_day_of(AUCTION_EVERY)} STOP "
            f"PAYDAY EVERY {PAYDAY_EVERY}TH DAY NEXT DAY {self.next_day_of(PAYDAY_EVERY)} STOP "
            f"TODAY DAY {self.day} STOP"
        )
