"""Limelight: one season of The Tempest at the Limelight Theatre, run from the box office and the prompt corner.

The whole game lives in one flat dictionary whose keys are dotted paths ("seats.B.free": 12). Every rule and
number here is written down in docs/rules.md; keep the two in step.
"""

from __future__ import annotations

from limelight import words as w

TITLE = "The Tempest"
NIGHTS = 5
START_CASH = 200
TARGET = 2500

# row: (seats in the row, price of a ticket in pounds)
ROWS = {
    "A": (10, 30),
    "B": (12, 25),
    "C": (12, 20),
    "D": (14, 15),
    "E": (16, 10),
}

# Patrons who come to the box office, night by night.
QUEUES = [36, 40, 44, 48, 60]

GROUP_SIZE = 6
GROUP_DISCOUNT_PERCENT = 10
REFUND_FEE = 3

ROLES = {
    "Prospero": "the exiled duke",
    "Miranda": "his daughter",
    "Ariel": "a spirit of the air",
    "Caliban": "the island's brooding native",
}

# first name: (full name, fee a night in pounds)
ACTORS = {
    "Ada": ("Ada Quill", 45),
    "Bram": ("Bram Holt", 40),
    "Cleo": ("Cleo Marsh", 35),
    "Dev": ("Dev Okafor", 30),
    "Etta": ("Etta Lane", 25),
    "Finn": ("Finn Royle", 20),
}

REHEARSAL_COST = 40
CALLS_PER_DAY = 3
REHEARSALS_NEEDED = 2
HOUSE_COSTS = 60

TOPICS = ["tickets", "seats", "company", "rehearsals", "nights"]

HELP = {
    "tickets": (
        "Tickets (the box office sells for tonight's performance only):\n"
        "  sell <n> tickets for row <R>      e.g. 'sell 2 tickets for row B', 'book four seats in D'\n"
        f"      A party of {GROUP_SIZE} or more in one sale gets {GROUP_DISCOUNT_PERCENT}% off (rounded down to "
        "the pound).\n"
        "  refund <n> tickets for row <R>    e.g. 'refund 1 ticket for row B', 'return two seats in C'\n"
        f"      The patron gets the row price back less a £{REFUND_FEE} fee for each ticket.\n"
        "  exchange <n> tickets from row <R> to row <S>   e.g. 'move 2 from C to B', 'upgrade 1 ticket from E to A'\n"
        "      Moving to a dearer row costs the difference; moving to a cheaper one gives nothing back."
    ),
    "seats": (
        "Seats:\n"
        "  seats               the seating plan: price, free and sold seats in each row, and the queue\n"
        "                      (also 'show the seats', 'seating plan', 'how many seats are free')\n"
        "  The house has rows A to E. Only people waiting in the queue can buy; the queue is new each night."
    ),
    "company": (
        "The company:\n"
        "  company                     who is in the company, their nightly fee and their part\n"
        "                              (also 'cast list', 'show the actors')\n"
        "  cast <actor> as <role>      e.g. 'cast Ada as Prospero', 'give Miranda to Cleo', 'put Dev in as Ariel'\n"
        "      An actor already in a part leaves it for the new one. A part that is recast loses its rehearsals.\n"
        "  release <actor>             e.g. 'release Finn', 'let Bram go'; the part is left uncast.\n"
        f"  Parts: {', '.join(ROLES)}."
    ),
    "rehearsals": (
        "Rehearsals:\n"
        "  rehearse            call a rehearsal of everyone cast (also 'call a rehearsal', 'hold a rehearsal')\n"
        f"      Each call costs £{REHEARSAL_COST} and adds one rehearsal to every cast part. The rehearsal room "
        f"takes at most {CALLS_PER_DAY} calls a day.\n"
        f"  A part must have had {REHEARSALS_NEEDED} rehearsals with its present actor before it can go on."
    ),
    "nights": (
        "Nights and takings:\n"
        "  curtain up          perform tonight (also 'raise the curtain', 'perform', 'start the show')\n"
        f"      Needs every part cast and rehearsed, and at least one ticket sold. The company's fees and £{HOUSE_COSTS} "
        "of house costs are paid from the till, and the next night's box office opens.\n"
        "  takings             the takings night by night and the till (also 'accounts', 'show the money')\n"
        "  status              where the season stands (also 'look')\n"
        f"  The season is {NIGHTS} nights. Close it with £{TARGET} or more in the till to win."
    ),
}

CLOSED_ACTIONS = {"help", "status", "seats", "company", "takings"}


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


class Game:
    """One season at the Limelight. `handle` takes what the player typed and answers (success, message)."""

    def __init__(self) -> None:
        s: dict[str, object] = {
            "show.title": TITLE,
            "night.current": 1,
            "night.last": NIGHTS,
            "night.calls": 0,
            "box.cash": START_CASH,
            "box.queue": QUEUES[0],
        }
        for row, (size, price) in ROWS.items():
            s[f"seats.{row}.price"] = price
            s[f"seats.{row}.capacity"] = size
            s[f"seats.{row}.free"] = size
            s[f"seats.{row}.sold"] = 0
        for role in ROLES:
            s[f"cast.{role}"] = ""
            s[f"rehearsals.{role}"] = 0
        for name, (_, fee) in ACTORS.items():
            s[f"actors.{name}.fee"] = fee
            s[f"actors.{name}.role"] = ""
        s["takings.tonight"] = 0
        for night in range(1, NIGHTS + 1):
            s[f"takings.night.{night}"] = 0
        s["takings.total"] = 0
        s["season.target"] = TARGET
        s["season.over"] = False
        s["won"] = False
        s["game.turn"] = 0
        self.state = s

    # -- helpers -----------------------------------------------------------------------------------------

    def _int(self, key: str) -> int:
        value = self.state[key]
        assert isinstance(value, int)
        return value

    def _add(self, key: str, amount: int) -> None:
        self.state[key] = self._int(key) + amount

    def _take_seats(self, row: str, count: int) -> None:
        self._add(f"seats.{row}.free", -count)
        self._add(f"seats.{row}.sold", count)

    def _return_seats(self, row: str, count: int) -> None:
        self._add(f"seats.{row}.free", count)
        self._add(f"seats.{row}.sold", -count)

    def _row_words(self, found: list[tuple[str, str]]) -> str:
        return " and ".join(row for row, _ in found)

    def _cast_roles(self) -> list[str]:
        return [role for role in ROLES if self.state[f"cast.{role}"]]

    def _wages(self) -> int:
        return sum(self._int(f"actors.{self.state[f'cast.{role}']}.fee") for role in self._cast_roles())

    def _open_box_office(self, night: int) -> None:
        """Ready the house for `night`: every seat back on sale and a new queue at the window."""
        self.state["night.current"] = night
        for row, (size, _) in ROWS.items():
            self.state[f"seats.{row}.free"] = size
            self.state[f"seats.{row}.sold"] = 0
        self.state["box.queue"] = QUEUES[night - 1]
        self.state["takings.tonight"] = 0

    # -- the command loop --------------------------------------------------------------------------------

    def handle(self, command: str) -> tuple[bool, str]:
        self._add("game.turn", 1)
        said = w.tokens(command)
        if not said:
            return False, "The stage manager waits for you to say something. Type 'help' for the topics."
        action = w.action_of(said)
        if action is None:
            return False, f"The stage manager doesn't follow '{command.strip()[:60]}'. Type 'help' for the topics."
        if self.state["season.over"] and action not in CLOSED_ACTIONS:
            return False, "The season has closed and the set is struck. You can still read the takings and the plan."
        handler = getattr(self, f"do_{action}")
        result: tuple[bool, str] = handler(said)
        return result

    # -- help and looking --------------------------------------------------------------------------------

    def do_help(self, said: list[str]) -> tuple[bool, str]:
        asked = w.names_in(said, TOPICS)
        aliases = {"ticket": "tickets", "sell": "tickets", "refund": "tickets", "exchange": "tickets",
                   "seat": "seats", "plan": "seats", "queue": "seats", "cast": "company", "actors": "company",
                   "rehearse": "rehearsals", "rehearsal": "rehearsals", "night": "nights",
                   "curtain": "nights", "takings": "nights", "season": "nights"}
        if not asked:
            asked = [aliases[word] for word in said if word in aliases]
        if asked:
            return True, HELP[asked[0]]
        other = [word for word in said if word not in ("help", "me", "with", "on", "about", "please", "commands")]
        if other:
            return False, f"There's no help topic '{' '.join(other)}'. Topics: {', '.join(TOPICS)}."
        return True, (
            f"Help topics: {', '.join(TOPICS)}.\n"
            "Type 'help <topic>' for the commands of a topic, e.g. 'help tickets'."
        )

    def do_status(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        night = self._int("night.current")
        if s["season.over"]:
            verdict = "won" if s["won"] else "lost"
            head = f"The season of {TITLE} is over ({verdict}). The till holds £{s['box.cash']}."
        else:
            head = (f"Night {night} of {NIGHTS} of {TITLE}. The till holds £{s['box.cash']}; "
                    f"{plural(self._int('box.queue'), 'patron')} waiting at the box office, "
                    f"{plural(sum(self._int(f'seats.{r}.sold') for r in ROWS), 'ticket')} sold for tonight.")
        parts = []
        for role in ROLES:
            actor = s[f"cast.{role}"]
            if actor:
                parts.append(f"{role}: {actor} ({plural(self._int(f'rehearsals.{role}'), 'rehearsal')})")
            else:
                parts.append(f"{role}: uncast")
        return True, head + "\n" + "; ".join(parts) + f".\nGoal: £{TARGET} in the till when the season closes."

    def do_seats(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        lines = [f"Seating plan for night {s['night.current']}:"]
        for row in ROWS:
            lines.append(
                f"  Row {row}  £{s[f'seats.{row}.price']:>2}  {s[f'seats.{row}.free']:>2} free, "
                f"{s[f'seats.{row}.sold']:>2} sold (of {s[f'seats.{row}.capacity']})"
            )
        lines.append(f"{plural(self._int('box.queue'), 'patron')} waiting at the box office.")
        return True, "\n".join(lines)

    def do_company(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        lines = ["The company:"]
        for name, (full, fee) in ACTORS.items():
            role = s[f"actors.{name}.role"]
            lines.append(f"  {full:<11} £{fee} a night   {('playing ' + str(role)) if role else 'free'}")
        lines.append("The parts:")
        for role, about in ROLES.items():
            actor = s[f"cast.{role}"] or "uncast"
            lines.append(f"  {role} ({about}): {actor}, {plural(self._int(f'rehearsals.{role}'), 'rehearsal')}")
        return True, "\n".join(lines)

    def do_takings(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        played = self._int("night.current") - (0 if s["season.over"] else 1)
        nights = [f"night {n}: £{s[f'takings.night.{n}']}" for n in range(1, played + 1)]
        lines = ["Takings " + ("; ".join(nights) if nights else "so far: none, the season hasn't opened") + "."]
        lines.append(f"Season total £{s['takings.total']}.")
        if not s["season.over"]:
            lines.append(f"Tonight's box office so far: £{s['takings.tonight']}.")
        lines.append(f"The till holds £{s['box.cash']}; the goal is £{TARGET} when the season closes.")
        return True, "\n".join(lines)

    # -- the box office ----------------------------------------------------------------------------------

    def _count_and_row(self, said: list[str], verb: str) -> tuple[int, str] | str:
        rows = w.rows_of(said, "".join(ROWS))
        count = w.count_of(said)
        if not rows:
            return f"Which row? The house has rows A to E, e.g. '{verb} 2 tickets for row B'."
        if len(rows) > 1:
            return f"One row at a time, please: you named rows {self._row_words(rows)}."
        row = rows[0][0]
        if count is None:
            return f"How many tickets? e.g. '{verb} 2 tickets for row {row}'."
        if count < 1:
            return "At least one ticket, please."
        return count, row

    def do_sell(self, said: list[str]) -> tuple[bool, str]:
        asked = self._count_and_row(said, "sell")
        if isinstance(asked, str):
            return False, asked
        count, row = asked
        s = self.state
        free = self._int(f"seats.{row}.free")
        queue = self._int("box.queue")
        if count > free:
            return False, f"Row {row} has only {plural(free, 'free seat')} tonight."
        if count > queue:
            return False, f"Only {plural(queue, 'patron is', 'patrons are')} waiting at the box office."
        price = self._int(f"seats.{row}.price")
        total = price * count
        discount = 0
        if count > GROUP_SIZE:
            discount = total * GROUP_DISCOUNT_PERCENT // 100
        total -= discount
        self._take_seats(row, count)
        self._add("box.queue", -count)
        self._add("box.cash", total)
        self._add("takings.tonight", total)
        message = f"Sold {plural(count, 'ticket')} in row {row} for £{total}"
        if discount:
            message += f" (group rate: £{discount} off)"
        message += f". {plural(self._int(f'seats.{row}.free'), 'seat')} left in row {row}."
        if not s["box.queue"]:
            message += " The queue is gone."
        return True, message

    def do_refund(self, said: list[str]) -> tuple[bool, str]:
        asked = self._count_and_row(said, "refund")
        if isinstance(asked, str):
            return False, asked
        count, row = asked
        sold = self._int(f"seats.{row}.sold")
        if not sold:
            return False, f"Nobody holds a ticket for row {row} tonight."
        if count > sold:
            return False, f"Only {plural(sold, 'ticket has', 'tickets have')} been sold in row {row} tonight."
        refund = self._int(f"seats.{row}.price") - REFUND_FEE
        paid_back = refund * count
        self._return_seats(row, count)
        self._add("box.cash", -paid_back)
        self._add("takings.tonight", -paid_back)
        return True, (
            f"Refunded {plural(count, 'ticket')} in row {row}: £{refund} back to the patron "
            f"(£{REFUND_FEE} a ticket stays in the till). The seats are back on sale."
        )

    def do_exchange(self, said: list[str]) -> tuple[bool, str]:
        rows = w.rows_of(said, "".join(ROWS))
        count = w.count_of(said)
        source = next((row for row, before in rows if before == "from"), None)
        target = next((row for row, before in rows if before in ("to", "into")), None)
        rest = [row for row, _ in rows if row not in (source, target)]
        source = source or (rest.pop(0) if rest else None)
        target = target or (rest.pop(0) if rest else None)
        if source is None or target is None:
            return False, "From which row to which? e.g. 'exchange 2 tickets from row C to row B'."
        if source == target:
            return False, f"Those tickets are already in row {source}."
        if count is None:
            return False, f"How many tickets? e.g. 'exchange 2 tickets from row {source} to row {target}'."
        if count < 1:
            return False, "At least one ticket, please."
        sold = self._int(f"seats.{source}.sold")
        free = self._int(f"seats.{target}.free")
        if count > sold:
            return False, f"Only {plural(sold, 'ticket has', 'tickets have')} been sold in row {source} tonight."
        if count > free:
            return False, f"Row {target} has only {plural(free, 'free seat')} tonight."
        difference = (self._int(f"seats.{target}.price") - self._int(f"seats.{source}.price")) * count
        self._add(f"seats.{source}.free", count)
        self._take_seats(target, count)
        message = f"Moved {plural(count, 'patron')} from row {source} to row {target}."
        if difference > 0:
            self._add("box.cash", difference)
            self._add("takings.tonight", difference)
            message += f" They pay £{difference} for the better seats."
        elif difference < 0:
            message += " The seats are cheaper, but there's no money back on an exchange."
        return True, message

    # -- the company -------------------------------------------------------------------------------------

    def do_cast(self, said: list[str]) -> tuple[bool, str]:
        actors = w.names_in(said, list(ACTORS))
        roles = w.names_in(said, list(ROLES))
        if not actors and not roles:
            return self.do_company(said)
        if not actors:
            return False, f"Who should play {roles[0]}? The company: {', '.join(ACTORS)}."
        if not roles:
            return False, f"Cast {actors[0]} as what? The parts: {', '.join(ROLES)}."
        if len(actors) > 1 or len(roles) > 1:
            return False, "One actor and one part at a time, please, e.g. 'cast Ada as Prospero'."
        s = self.state
        actor, role = actors[0], roles[0]
        holder = s[f"cast.{role}"]
        if holder == actor:
            return False, f"{actor} is already playing {role}."
        notes = []
        previous = s[f"actors.{actor}.role"]
        if previous:
            if s[f"cast.{previous}"] == actor:
                s[f"cast.{previous}"] = ""
                s[f"rehearsals.{previous}"] = 0
            notes.append(f"{actor} leaves {previous}, which now needs casting.")
        if holder:
            notes.append(f"{holder} hands {role} over.")
        s[f"cast.{role}"] = actor
        s[f"actors.{actor}.role"] = role
        s[f"rehearsals.{role}"] = 0
        full, fee = ACTORS[actor]
        message = f"{full} is cast as {role}, {ROLES[role]}, at £{fee} a night."
        if notes:
            message += " " + " ".join(notes)
        message += f" {role} needs {plural(REHEARSALS_NEEDED, 'rehearsal')} before it can go on."
        return True, message

    def do_release(self, said: list[str]) -> tuple[bool, str]:
        actors = w.names_in(said, list(ACTORS))
        if not actors:
            return False, f"Release whom? The company: {', '.join(ACTORS)}."
        s = self.state
        actor = actors[0]
        role = str(s[f"actors.{actor}.role"])
        about = ROLES[role]
        if s[f"cast.{role}"] == actor:
            s[f"cast.{role}"] = ""
            s[f"rehearsals.{role}"] = 0
        s[f"actors.{actor}.role"] = ""
        return True, f"{ACTORS[actor][0]} is released from {role} ({about}). The part needs casting again."

    def do_rehearse(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        if self._int("night.calls") >= CALLS_PER_DAY:
            return False, (f"The rehearsal room has had its {CALLS_PER_DAY} calls today. "
                           "It's free again after tonight's performance.")
        cast = self._cast_roles()
        if not cast:
            return False, "There's nobody cast to rehearse. Cast the parts first (see 'help company')."
        if self._int("box.cash") < REHEARSAL_COST:
            return False, f"A rehearsal costs £{REHEARSAL_COST} and the till holds only £{s['box.cash']}."
        self._add("box.cash", -REHEARSAL_COST)
        self._add("night.calls", 1)
        for role in cast:
            self._add(f"rehearsals.{role}", 1)
        done = ", ".join(f"{role} ({self._int(f'rehearsals.{role}')})" for role in cast)
        message = f"Rehearsal called (£{REHEARSAL_COST}). Rehearsed: {done}."
        uncast = [role for role in ROLES if role not in cast]
        if uncast:
            message += f" Still uncast: {', '.join(uncast)}."
        left = CALLS_PER_DAY - self._int("night.calls")
        message += f" {plural(left, 'call')} left in the room today."
        return True, message

    # -- the performance ---------------------------------------------------------------------------------

    def do_curtain(self, said: list[str]) -> tuple[bool, str]:
        s = self.state
        uncast = [role for role in ROLES if not s[f"cast.{role}"]]
        if uncast:
            return False, f"The curtain can't go up: {', '.join(uncast)} {'is' if len(uncast) == 1 else 'are'} uncast."
        unready = [role for role in ROLES if self._int(f"rehearsals.{role}") < REHEARSALS_NEEDED]
        if unready:
            return False, (f"The curtain can't go up: {', '.join(unready)} "
                           f"{'has' if len(unready) == 1 else 'have'} had fewer than "
                           f"{REHEARSALS_NEEDED} rehearsals.")
        house = sum(self._int(f"seats.{row}.sold") for row in ROWS)
        if not house:
            return False, "Not one ticket sold: the house manager won't open to an empty house."
        wages = self._wages()
        costs = wages + HOUSE_COSTS
        if self._int("box.cash") < costs:
            return False, (f"Tonight's fees and house costs come to £{costs} but the till holds only "
                           f"£{s['box.cash']}. Sell more tickets first.")
        night = self._int("night.current")
        takings = self._int("takings.tonight")
        self._add("box.cash", -costs)
        s[f"takings.night.{night}"] = takings
        self._add("takings.total", takings)
        message = (f"Curtain up on night {night}! {plural(house, 'patron')} in the house for a fine "
                   f"performance of {TITLE}. Tonight's takings £{takings}; fees £{wages} and house costs £{HOUSE_COSTS} paid. "
                   f"The till holds £{s['box.cash']}.")
        if night == NIGHTS:
            s["season.over"] = True
            s["takings.tonight"] = 0
            s["box.queue"] = 0
            if self._int("box.cash") >= TARGET:
                s["won"] = True
                message += (f"\nThe season closes with £{s['box.cash']} in the till, past the £{TARGET} goal. "
                            "The board renews your contract. You win!")
            else:
                message += (f"\nThe season closes with £{s['box.cash']} in the till, short of the £{TARGET} goal. "
                            "The board will look for a new manager.")
            return True, message
        self._open_box_office(night + 1)
        message += f"\nThe box office opens for night {night + 1}: {plural(self._int('box.queue'), 'patron')} in the queue."
        return True, message
