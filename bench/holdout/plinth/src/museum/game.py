"""One museum: its galleries, its pieces, the dealers' stock and the days it has been open."""

from __future__ import annotations

from html import escape
from typing import Any

from museum import rules


class Refusal(Exception):
    """A command the museum cannot carry out; the message is shown to the player."""


def _p(text: str) -> str:
    return f"<p>{text}</p>"


def _money(amount: float) -> str:
    return f"&euro;{amount:,.2f}"


class Museum:
    def __init__(self) -> None:
        self.day = 1
        self.budget = rules.START_BUDGET
        self.reputation = 0
        self.won = False
        self.over = False
        self.visitors_last_day = 0
        self.visitors_total = 0
        self.grant_paid = False
        self.next_piece_id = 1
        self.pieces: list[dict[str, Any]] = []
        self.rooms: list[dict[str, Any]] = [
            {"id": rid, "name": name, "space": space, "free": space, "pieces": []}
            for rid, (name, space) in rules.ROOMS.items()
        ]
        self.stock: dict[str, int] = {slug: 1 for slug in rules.OFFERS}

    # ----- state -----------------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        dealers = []
        for did, dname in rules.DEALERS.items():
            offers = [
                {"offer": slug, "name": o[0], "price": o[2], "size": o[3], "appeal": o[4], "left": self.stock[slug]}
                for slug, o in rules.OFFERS.items()
                if o[1] == did
            ]
            dealers.append({"id": did, "name": dname, "stock": offers})
        return {
            "day": self.day,
            "budget": round(self.budget, 2),
            "reputation": self.reputation,
            "status": {"won": self.won, "over": self.over, "goal": rules.REPUTATION_GOAL, "last_day": rules.LAST_DAY},
            "visitors": {"last_day": self.visitors_last_day, "total": self.visitors_total},
            "grant_paid": self.grant_paid,
            "rooms": [dict(r, pieces=list(r["pieces"])) for r in self.rooms],
            "pieces": [dict(p) for p in self.pieces],
            "dealers": dealers,
        }

    # ----- lookups ----------------------------------------------------------------------------------------

    def _room(self, room_id: str) -> dict[str, Any]:
        for room in self.rooms:
            if room["id"] == room_id:
                return room
        names = ", ".join(r["id"] for r in self.rooms)
        raise Refusal(_p(f"There is no gallery called <em>{escape(room_id)}</em>. Galleries: {names}."))

    def _room_name(self, room_id: str) -> str:
        return escape(self._room(room_id)["name"])

    def _piece(self, args: dict[str, str]) -> dict[str, Any]:
        raw = args.get("piece")
        if raw is None:
            raise Refusal(_p("Say which piece: <code>piece=&lt;id&gt;</code>."))
        try:
            pid = int(raw)
        except ValueError:
            raise Refusal(_p(f"<code>piece={escape(raw)}</code> is not a piece number of the collection.")) from None
        for piece in self.pieces:
            if piece["id"] == pid:
                return piece
        raise Refusal(_p(f"The collection has no piece number {pid}."))

    def _value(self, piece: dict[str, Any]) -> float:
        price = rules.OFFERS[piece["offer"]][2]
        return round(price * rules.CONDITION_FACTOR[piece["condition"]], 2)

    # ----- commands ---------------------------------------------------------------------------------------

    def look(self, args: dict[str, str]) -> str:
        lines = [
            _p(
                f"<strong>Day {self.day}</strong> of {rules.LAST_DAY}. Budget {_money(self.budget)}. "
                f"Reputation {self.reputation} of {rules.REPUTATION_GOAL}."
            )
        ]
        items = []
        for room in self.rooms:
            hung = [p for p in self.pieces if p["room"] == room["id"]]
            names = ", ".join(f"#{p['id']} <em>{escape(p['name'])}</em> ({p['condition']})" for p in hung) or "bare walls"
            items.append(f"<li>{escape(room['name'])} ({room['free']} of {room['space']} free): {names}</li>")
        stored = [p for p in self.pieces if p["room"] is None]
        store = ", ".join(f"#{p['id']} <em>{escape(p['name'])}</em> ({p['condition']})" for p in stored) or "empty"
        items.append(f"<li>Store: {store}</li>")
        lines.append("<ul>" + "".join(items) + "</ul>")
        if self.won:
            lines.append(_p("The board has named this the museum of the year. <strong>You have won.</strong>"))
        elif self.over:
            lines.append(_p("The board's review has come and gone. The museum is closed to you."))
        return "".join(lines)

    def catalogue(self, args: dict[str, str]) -> str:
        parts = []
        for did, dname in rules.DEALERS.items():
            rows = []
            for slug, (name, owner, price, size, appeal, cond) in rules.OFFERS.items():
                if owner != did:
                    continue
                left = self.stock[slug]
                rows.append(
                    f"<li><code>{slug}</code>: <em>{escape(name)}</em>, {_money(price)}, wall size {size}, "
                    f"appeal {appeal}, {cond}, {left} in stock</li>"
                )
            parts.append(f"<h3>{escape(dname)}</h3><ul>{''.join(rows)}</ul>")
        return "".join(parts)

    def acquire(self, args: dict[str, str]) -> str:
        slug = args.get("piece")
        if not slug:
            raise Refusal(_p("Say which piece to buy: <code>acquire piece=&lt;name&gt;</code>."))
        if slug not in rules.OFFERS:
            raise Refusal(_p(f"No dealer offers a piece called <em>{escape(slug)}</em>. Try <code>catalogue</code>."))
        name, dealer, price, size, appeal, cond = rules.OFFERS[slug]
        if self.stock[slug] < 1:
            raise Refusal(_p(f"{escape(rules.DEALERS[dealer])} has no <em>{escape(name)}</em> left."))
        if self.budget < price:
            raise Refusal(_p(f"The <em>{escape(name)}</em> costs {_money(price)}; the budget is {_money(self.budget)}."))
        self.stock[slug] -= 1
        self.budget -= price
        piece = {
            "id": self.next_piece_id,
            "name": name,
            "offer": slug,
            "dealer": dealer,
            "room": None,
            "condition": cond,
            "size": size,
            "appeal": appeal,
        }
        self.next_piece_id += 1
        self.pieces.append(piece)
        return _p(
            f"You buy the <em>{escape(name)}</em> from {escape(rules.DEALERS[dealer])} for {_money(price)}. "
            f"It is piece #{piece['id']}, in the store ({cond})."
        )

    def hang(self, args: dict[str, str]) -> str:
        piece = self._piece(args)
        room_id = args.get("room")
        if not room_id:
            raise Refusal(_p("Say where: <code>hang piece=&lt;id&gt; room=&lt;gallery&gt;</code>."))
        room = self._room(room_id)
        if piece["room"] == room["id"]:
            raise Refusal(_p(f"The <em>{escape(piece['name'])}</em> already hangs in the {self._room_name(room_id)}."))
        if room["free"] < piece["size"]:
            raise Refusal(
                _p(
                    f"The {escape(room['name'])} has {room['free']} wall space free; the "
                    f"<em>{escape(piece['name'])}</em> needs {piece['size']}."
                )
            )
        moved_from = piece["room"]
        if moved_from is not None:
            old = self._room(moved_from)
            old["free"] += piece["size"]
        room["free"] -= piece["size"]
        room["pieces"].append(piece["id"])
        piece["room"] = room["id"]
        if moved_from is not None:
            return _p(
                f"The <em>{escape(piece['name'])}</em> moves from the {self._room_name(moved_from)} "
                f"to the {self._room_name(room['id'])}."
            )
        return _p(f"The <em>{escape(piece['name'])}</em> now hangs in the {self._room_name(room['id'])}.")

    def _take_down(self, piece: dict[str, Any]) -> None:
        room = self._room(piece["room"])
        room["free"] += piece["size"]
        room["pieces"].remove(piece["id"])
        piece["room"] = None

    def unhang(self, args: dict[str, str]) -> str:
        piece = self._piece(args)
        if piece["room"] is None:
            raise Refusal(_p(f"The <em>{escape(piece['name'])}</em> is already in the store."))
        where = self._room_name(piece["room"])
        self._take_down(piece)
        return _p(f"The <em>{escape(piece['name'])}</em> comes down from the {where} and goes to the store.")

    def restore(self, args: dict[str, str]) -> str:
        piece = self._piece(args)
        cond = piece["condition"]
        if cond == "good":
            raise Refusal(_p(f"The <em>{escape(piece['name'])}</em> is already in good condition."))
        cost = rules.RESTORE_COST.get(cond, rules.RESTORE_COST_OTHER)
        if self.budget < cost:
            raise Refusal(_p(f"Restoring a {cond} piece costs {_money(cost)}; the budget is {_money(self.budget)}."))
        self.budget -= cost
        piece["condition"] = "faded" if cond == "cracked" else "good"
        return _p(
            f"The conservators work on the <em>{escape(piece['name'])}</em> for {_money(cost)}. "
            f"It is back in good condition."
        )

    def appraise(self, args: dict[str, str]) -> str:
        piece = self._piece(args)
        return _p(
            f"The appraiser values the <em>{escape(piece['name'])}</em> ({piece['condition']}) at "
            f"{_money(self._value(piece))}."
        )

    def sell(self, args: dict[str, str]) -> str:
        piece = self._piece(args)
        value = self._value(piece)
        if piece["room"] is not None:
            room = self._room(piece["room"])
            room["pieces"].remove(piece["id"])
            piece["room"] = None
        self.pieces.remove(piece)
        self.stock[piece["offer"]] += 1
        self.budget += value
        dealer = rules.DEALERS[piece["dealer"]]
        return _p(f"{escape(dealer)} buys the <em>{escape(piece['name'])}</em> back for {_money(value)}.")

    def open(self, args: dict[str, str]) -> str:
        raw = args.get("days", "1")
        try:
            days = int(raw)
        except ValueError:
            raise Refusal(_p(f"<code>days={escape(raw)}</code> is not a number of days.")) from None
        if days > rules.MAX_DAYS_PER_OPENING:
            raise Refusal(_p(f"The museum opens for at most {rules.MAX_DAYS_PER_OPENING} days at a time."))
        days = min(days, rules.LAST_DAY - self.day + 1)
        lines = []
        came = 0
        opened = 0
        before = self.visitors_total
        for _ in range(days):
            hung = [p for p in self.pieces if p["room"] is not None]
            visitors = rules.BASE_VISITORS
            gain = 0
            for p in hung:
                if p["condition"] == "good":
                    visitors += p["appeal"] * rules.VISITORS_PER_APPEAL_GOOD
                    gain += p["appeal"]
                else:
                    visitors += p["appeal"] * rules.VISITORS_PER_APPEAL_DAMAGED
                    gain += p["appeal"] // 2
            income = visitors * rules.TICKET_PRICE
            self.budget += income - rules.UPKEEP_PER_DAY
            self.reputation += gain
            self.visitors_last_day = visitors
            self.visitors_total += visitors
            came += visitors
            opened += 1
            lines.append(
                f"<li>Day {self.day}: {visitors} visitors, tickets {_money(income)}, upkeep "
                f"{_money(rules.UPKEEP_PER_DAY)}, reputation +{gain}</li>"
            )
            if before < rules.GRANT_AT_VISITORS <= self.visitors_total:
                self.budget += rules.GRANT_AMOUNT
                self.grant_paid = True
                lines.append(f"<li>A patron sends a grant of {_money(rules.GRANT_AMOUNT)}.</li>")
            if self.day % rules.DRAFT_EVERY == 0:
                for p in hung:
                    if p["room"] == "atrium" and p["condition"] == "good":
                        p["condition"] = "faded"
                        lines.append(f"<li>The atrium draught fades the <em>{escape(p['name'])}</em>.</li>")
            self.day += 1
            if self.reputation >= rules.REPUTATION_GOAL:
                self.won = True
                self.over = True
                break
        if not self.won and self.day > rules.LAST_DAY:
            self.over = True
        out = [_p(f"The doors open for {opened} day(s), {came // opened} visitors a day on average."), "<ul>" + "".join(lines) + "</ul>"]
        out.append(_p(f"Budget {_money(self.budget)}, reputation {self.reputation} of {rules.REPUTATION_GOAL}."))
        if self.won:
            out.append(_p("The board names this the museum of the year. <strong>You have won.</strong>"))
        elif self.over:
            out.append(_p("Day 15 has closed and the board's review finds the museum wanting. <strong>The game is over.</strong>"))
        return "".join(out)


VERBS = ("look", "catalogue", "acquire", "hang", "unhang", "restore", "appraise", "sell", "open")
ALIASES = {"status": "look", "l": "look", "browse": "catalogue", "buy": "acquire", "move": "hang", "takedown": "unhang"}
AFTER_END = ("look", "catalogue", "appraise")
