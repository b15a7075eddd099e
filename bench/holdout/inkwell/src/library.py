"""Inkwell: the rules of the village lending library.

A game is one plain dict (the state the API hands out) plus the functions that change it. Dates are kept as
short strings ("3 Mar"), money in whole pence, books under their catalogue ids.
"""

from __future__ import annotations

import copy

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

OPENING_DAY = "24 Mar"
SEASON_ENDS = "12 Apr"

LOAN_DAYS = 7
MAX_RENEWALS = 2
ADULT_LIMIT = 3
JUNIOR_LIMIT = 2
FINE_PER_DAY = 10
FINE_CAP = 100
BLOCKING_DEBT = 100
RESERVATION_FEE = 20
HOLD_DAYS = 3
MAX_QUEUE = 3
MAX_WITHDRAWALS = 3
HARDBACK_PRICE = 60
PAPERBACK_PRICE = 30
MARKDOWN = 10
SALE_FLOOR = 10
FUND_TARGET = 600
LOANS_TARGET = 6

CATALOGUE = {
    "F101": ("The Mill on the Floss", "George Eliot", "hardback"),
    "F102": ("Cranford", "Elizabeth Gaskell", "paperback"),
    "F103": ("Lark Rise", "Flora Thompson", "paperback"),
    "F104": ("Far from the Madding Crowd", "Thomas Hardy", "hardback"),
    "F105": ("Cold Comfort Farm", "Stella Gibbons", "paperback"),
    "N201": ("The Natural History of Selborne", "Gilbert White", "hardback"),
    "N202": ("A Shepherd's Life", "W. H. Hudson", "paperback"),
    "N203": ("The Country Diary of an Edwardian Lady", "Edith Holden", "hardback"),
    "N204": ("Household Management", "Isabella Beeton", "hardback"),
    "J301": ("The Wind in the Willows", "Kenneth Grahame", "hardback"),
    "J302": ("Swallows and Amazons", "Arthur Ransome", "paperback"),
}

MEMBERS = {
    "M1": ("Agnes Pole", False),
    "M2": ("Bert Hollis", False),
    "M3": ("Cora Vine", False),
    "M4": ("Dilys Marsh", True),
}

DONATED = {
    "L1": ("Old Moore's Almanack 1961", 30),
    "L2": ("Knitting for All", 45),
    "L3": ("The Good Food Guide", 60),
    "L4": ("Road Atlas of Britain", 90),
    "L5": ("Parish Magazine, bound 1958", 30),
}


class Refused(Exception):
    """A desk command the rules do not allow: the player reads the reason."""


# --- dates and money -------------------------------------------------------------------------------------


def to_ordinal(date: str) -> int:
    day, month = date.split()
    index = MONTHS.index(month)
    return sum(MONTH_DAYS[:index]) + int(day)


def from_ordinal(ordinal: int) -> str:
    index = 0
    while ordinal > MONTH_DAYS[index]:
        ordinal -= MONTH_DAYS[index]
        index = (index + 1) % 12
    return f"{ordinal} {MONTHS[index]}"


def add_days(date: str, days: int) -> str:
    return from_ordinal(to_ordinal(date) + days)


def days_between(earlier: str, later: str) -> int:
    return to_ordinal(later) - to_ordinal(earlier)


def money(pence: int) -> str:
    if pence < 100:
        return f"{pence}p"
    return f"£{pence // 100}.{pence % 100:02d}"


def parse_money(text: str) -> int | None:
    """'40', '40p', '£1.20' or '1.2' in pence; None when it is not an amount."""
    text = text.strip().lower().replace("£", "")
    if text.endswith("p"):
        text = text[:-1]
        return int(text) if text.isdigit() else None
    if "." in text:
        pounds, _, pence = text.partition(".")
        if not pence.isdigit() or len(pence) > 2:
            return None
        return int(pounds) * 100 + int(pence.ljust(2, "0"))
    if text.isdigit():
        return int(text)
    return None


# --- a new game ------------------------------------------------------------------------------------------


def new_state() -> dict:
    return {
        "date": OPENING_DAY,
        "season_ends": SEASON_ENDS,
        "fund": 0,
        "fund_target": FUND_TARGET,
        "loans_made": 0,
        "loans_target": LOANS_TARGET,
        "withdrawn": 0,
        "books": {
            cat_id: {"title": title, "author": author, "format": fmt, "status": "on shelf"}
            for cat_id, (title, author, fmt) in CATALOGUE.items()
        },
        "members": {
            member_id: {"name": name, "junior": junior, "owes": 0, "loans": []}
            for member_id, (name, junior) in MEMBERS.items()
        },
        "loans": {},
        "reservations": {},
        "hold_shelf": {},
        "sale": {lot: {"title": title, "price": price} for lot, (title, price) in DONATED.items()},
        "sold": [],
        "won": False,
        "game_over": False,
    }


def welcome(state: dict) -> str:
    return (
        f"Inkwell Lending Library opens for the spring season on {state['date']}.\n"
        f"The roof needs mending: raise {money(FUND_TARGET)} for the roof fund and make {LOANS_TARGET} loans "
        f"before the doors close on {SEASON_ENDS}.\nType HELP (or HE) for the desk commands."
    )


# --- lookups ---------------------------------------------------------------------------------------------


def find_book(state: dict, word: str) -> tuple[str, dict]:
    cat_id = word.upper()
    book = state["books"].get(cat_id)
    if book is None:
        raise Refused(f"There is no book {word} in the catalogue. SHELF lists them.")
    return cat_id, book


def find_member(state: dict, word: str) -> tuple[str, dict]:
    key = word.upper()
    if key in state["members"]:
        return key, state["members"][key]
    for member_id, member in state["members"].items():
        if member["name"].split()[0].lower() == word.lower():
            return member_id, member
    raise Refused(f"No member called {word}. MEMBERS lists the cards.")


def first_name(member: dict) -> str:
    return member["name"].split()[0]


def describe(cat_id: str, book: dict) -> str:
    return f"{cat_id} {book['title']}"


# --- the desk commands -----------------------------------------------------------------------------------


def lend(state: dict, book_word: str, member_word: str) -> str:
    cat_id, book = find_book(state, book_word)
    member_id, member = find_member(state, member_word)
    if book["status"] == "withdrawn":
        raise Refused(f"{describe(cat_id, book)} has gone to the book sale.")
    if book["status"] == "on loan":
        borrower = state["members"][state["loans"][cat_id]["member"]]
        raise Refused(
            f"{describe(cat_id, book)} is out with {first_name(borrower)} until {state['loans'][cat_id]['due']}."
            f" RESERVE it instead."
        )
    if book["status"] == "held":
        hold = state["hold_shelf"][cat_id]
        if hold["member"] != member_id:
            waiting = state["members"][hold["member"]]
            raise Refused(f"{describe(cat_id, book)} is on the hold shelf for {first_name(waiting)}.")
    if member["owes"] >= BLOCKING_DEBT:
        raise Refused(f"{first_name(member)} owes {money(member['owes'])} in fines and cannot borrow until it is paid.")
    limit = JUNIOR_LIMIT if member["junior"] else ADULT_LIMIT
    if len(member["loans"]) > limit:
        raise Refused(f"{first_name(member)} already has {len(member['loans'])} books out; the limit is {limit}.")
    if book["status"] == "held":
        del state["hold_shelf"][cat_id]
    due = add_days(state["date"], LOAN_DAYS)
    state["loans"][cat_id] = {"member": member_id, "lent": state["date"], "due": due, "renewals": 0}
    member["loans"].append(cat_id)
    book["status"] = "on loan"
    state["loans_made"] += 1
    return f"Lent {describe(cat_id, book)} to {member['name']}. Due back {due}."


def return_book(state: dict, book_word: str) -> str:
    cat_id, book = find_book(state, book_word)
    if book["status"] != "on loan":
        raise Refused(f"{describe(cat_id, book)} is not out on loan.")
    loan = state["loans"].pop(cat_id)
    member = state["members"][loan["member"]]
    text = f"{first_name(member)} returns {describe(cat_id, book)}."
    late = days_between(loan["due"], state["date"])
    if late > 0:
        if member["junior"]:
            text += f" It is {late} day{'s' if late != 1 else ''} late; junior members pay no fines."
        else:
            fine = min(late * FINE_PER_DAY, FINE_CAP)
            member["owes"] += fine
            text += f" It is {late} day{'s' if late != 1 else ''} late: a fine of {money(fine)}."
    queue = state["reservations"].get(cat_id, [])
    if queue:
        next_id = queue.pop(0)
        if not queue:
            del state["reservations"][cat_id]
        until = add_days(state["date"], HOLD_DAYS)
        state["hold_shelf"][cat_id] = {"member": next_id, "until": until}
        book["status"] = "held"
        waiting = state["members"][next_id]
        text += f" It goes on the hold shelf for {waiting['name']} until {until}."
    else:
        member["loans"].remove(cat_id)
        book["status"] = "on shelf"
        text += " Back on the shelf."
    return text


def renew(state: dict, book_word: str) -> str:
    cat_id, book = find_book(state, book_word)
    if book["status"] != "on loan":
        raise Refused(f"{describe(cat_id, book)} is not out on loan.")
    loan = state["loans"][cat_id]
    member = state["members"][loan["member"]]
    due = loan["due"]
    if days_between(due, state["date"]) > 0:
        raise Refused(f"{describe(cat_id, book)} was due on {due}: an overdue book must come back first.")
    if state["reservations"].get(cat_id):
        raise Refused(f"{describe(cat_id, book)} is reserved by another member and cannot be renewed.")
    if loan["renewals"] >= MAX_RENEWALS:
        raise Refused(f"{describe(cat_id, book)} has been renewed {MAX_RENEWALS} times already.")
    loan["due"] = add_days(due, LOAN_DAYS)
    loan["renewals"] += 1
    return f"Renewed {describe(cat_id, book)} for {first_name(member)}: now due back {due}."


def reserve(state: dict, book_word: str, member_word: str) -> str:
    cat_id, book = find_book(state, book_word)
    member_id, member = find_member(state, member_word)
    if book["status"] == "withdrawn":
        raise Refused(f"{describe(cat_id, book)} has gone to the book sale.")
    if book["status"] == "on shelf":
        raise Refused(f"{describe(cat_id, book)} is on the shelf: LEND it instead.")
    if book["status"] == "on loan" and state["loans"][cat_id]["member"] == member_id:
        raise Refused(f"{first_name(member)} has {describe(cat_id, book)} out already.")
    hold = state["hold_shelf"].get(cat_id)
    if hold and hold["member"] == member_id:
        raise Refused(f"{describe(cat_id, book)} is already waiting on the hold shelf for {first_name(member)}.")
    queue = state["reservations"].setdefault(cat_id, [])
    if member_id in queue:
        raise Refused(f"{first_name(member)} has already reserved {describe(cat_id, book)}.")
    if len(queue) >= MAX_QUEUE:
        raise Refused(f"{describe(cat_id, book)} already has {MAX_QUEUE} reservations.")
    queue.append(member_id)
    state["fund"] += RESERVATION_FEE
    return (
        f"Reserved {describe(cat_id, book)} for {member['name']} (number {len(queue)} in the queue). "
        f"The {money(RESERVATION_FEE)} fee goes to the roof fund."
    )


def pay(state: dict, member_word: str, amount_word: str) -> str:
    member_id, member = find_member(state, member_word)
    amount = parse_money(amount_word)
    if amount is None or amount <= 0:
        raise Refused(f"{amount_word} is not an amount of money (try 40p or £1.20).")
    if member["owes"] == 0:
        raise Refused(f"{first_name(member)} owes nothing.")
    taken = min(amount, member["owes"])
    member["owes"] -= taken
    state["fund"] += amount
    text = f"{first_name(member)} pays {money(taken)} in fines"
    if amount > taken:
        text += f" and gets {money(amount - taken)} change"
    owing = f"still owes {money(member['owes'])}" if member["owes"] else "owes nothing now"
    return f"{text}; {first_name(member)} {owing}."


def sell(state: dict, lot_word: str) -> str:
    lot_id = lot_word.upper()
    lot = state["sale"].get(lot_id)
    if lot is None:
        raise Refused(f"There is no lot {lot_word} on the sale table. SALE lists them.")
    del state["sale"][lot_id]
    state["sold"].append({"lot": lot_id, "title": lot["title"], "price": lot["price"], "date": state["date"]})
    state["fund"] += lot["price"]
    return f"Sold {lot_id} {lot['title']} for {money(lot['price'])}. The roof fund holds {money(state['fund'])}."


def withdraw(state: dict, book_word: str) -> str:
    cat_id, book = find_book(state, book_word)
    if book["status"] == "withdrawn":
        raise Refused(f"{describe(cat_id, book)} is already on the sale table.")
    if book["status"] != "on shelf":
        raise Refused(f"{describe(cat_id, book)} is {book['status']}; only a book on the shelf can be withdrawn.")
    if state["reservations"].get(cat_id):
        raise Refused(f"{describe(cat_id, book)} has reservations waiting.")
    if state["withdrawn"] >= MAX_WITHDRAWALS:
        raise Refused(f"The committee allows only {MAX_WITHDRAWALS} withdrawals a season.")
    lot_id = f"L{len(state['sold']) + len(state['sale']) + 1}"
    while lot_id in state["sale"] or any(sold["lot"] == lot_id for sold in state["sold"]):
        lot_id = f"L{int(lot_id[1:]) + 1}"
    price = HARDBACK_PRICE if book["format"] == "hardback" else PAPERBACK_PRICE
    state["sale"][lot_id] = {"title": book["title"], "price": price}
    book["status"] = "withdrawn"
    state["withdrawn"] += 1
    return f"Withdrew {describe(cat_id, book)} from the catalogue; it is lot {lot_id} at {money(price)}."


def close_day(state: dict) -> str:
    closing = state["date"]
    lines = [f"The library closes on {closing}."]
    if closing == state["season_ends"]:
        state["game_over"] = True
        lines.append(
            f"The season is over. The roof fund holds {money(state['fund'])} of {money(FUND_TARGET)}, "
            f"with {state['loans_made']} loans made. The parish council will have to think again."
        )
        return "\n".join(lines)
    state["date"] = add_days(closing, 1)
    for lot in state["sale"].values():
        if lot["price"] > SALE_FLOOR:
            lot["price"] -= MARKDOWN
    for cat_id in sorted(state["hold_shelf"]):
        hold = state["hold_shelf"][cat_id]
        if days_between(hold["until"], state["date"]) <= 0:
            continue
        book = state["books"][cat_id]
        lapsed = state["members"][hold["member"]]
        queue = state["reservations"].get(cat_id, [])
        if queue:
            next_id = queue.pop(0)
            if not queue:
                del state["reservations"][cat_id]
            hold["member"] = next_id
            hold["until"] = add_days(state["date"], HOLD_DAYS)
            lines.append(
                f"{first_name(lapsed)} never collected {describe(cat_id, book)}; it is held for "
                f"{state['members'][next_id]['name']} until {hold['until']}."
            )
        else:
            del state["hold_shelf"][cat_id]
            book["status"] = "on shelf"
            lines.append(f"{first_name(lapsed)} never collected {describe(cat_id, book)}; it goes back on the shelf.")
    overdue = [cat_id for cat_id, loan in state["loans"].items() if days_between(loan["due"], state["date"]) > 0]
    lines.append(f"Good morning: it is {state['date']}.")
    if state["sale"]:
        lines.append(f"Sale prices drop by {money(MARKDOWN)}, to no less than {money(SALE_FLOOR)}.")
    if overdue:
        lines.append("Overdue: " + ", ".join(sorted(overdue)) + ".")
    return "\n".join(lines)


# --- reports ---------------------------------------------------------------------------------------------


def status(state: dict) -> str:
    return (
        f"Today is {state['date']}; the season ends on {state['season_ends']}.\n"
        f"Roof fund: {money(state['fund'])} of {money(FUND_TARGET)}. "
        f"Loans made: {state['loans_made']} of {LOANS_TARGET}. Books out: {len(state['loans'])}. "
        f"Withdrawals: {state['withdrawn']} of {MAX_WITHDRAWALS}."
    )


def shelf(state: dict) -> str:
    lines = ["Catalogue:"]
    for cat_id, book in state["books"].items():
        if book["status"] == "withdrawn":
            continue
        where = book["status"]
        if where == "on loan":
            where = f"on loan, due {state['loans'][cat_id]['due']}"
        elif where == "held":
            hold = state["hold_shelf"][cat_id]
            where = f"held for {first_name(state['members'][hold['member']])} until {hold['until']}"
        lines.append(f"  {cat_id}  {book['title']} ({book['author']}, {book['format']}) - {where}")
    return "\n".join(lines)


def members_list(state: dict) -> str:
    lines = ["Members:"]
    for member_id, member in state["members"].items():
        kind = "junior" if member["junior"] else "adult"
        owes = f", owes {money(member['owes'])}" if member["owes"] else ""
        lines.append(f"  {member_id}  {member['name']} ({kind}, {len(member['loans'])} out{owes})")
    return "\n".join(lines)


def card(state: dict, member_word: str) -> str:
    member_id, member = find_member(state, member_word)
    kind = "junior" if member["junior"] else "adult"
    limit = JUNIOR_LIMIT if member["junior"] else ADULT_LIMIT
    lines = [f"{member_id} {member['name']} - {kind} card, up to {limit} books, owes {money(member['owes'])}."]
    out = [(cat_id, loan) for cat_id, loan in state["loans"].items() if loan["member"] == member_id]
    for cat_id, loan in out:
        lines.append(f"  out: {describe(cat_id, state['books'][cat_id])}, due {loan['due']}")
    for cat_id, queue in state["reservations"].items():
        if member_id in queue:
            lines.append(f"  reserved: {describe(cat_id, state['books'][cat_id])}")
    for cat_id, hold in state["hold_shelf"].items():
        if hold["member"] == member_id:
            lines.append(f"  waiting: {describe(cat_id, state['books'][cat_id])} until {hold['until']}")
    if len(lines) == 1:
        lines.append("  nothing out, nothing reserved.")
    return "\n".join(lines)


def loans_list(state: dict) -> str:
    if not state["loans"]:
        return "No books are out on loan."
    lines = ["On loan:"]
    for cat_id, loan in state["loans"].items():
        who = state["members"][loan["member"]]["name"]
        late = days_between(loan["due"], state["date"])
        flag = f"  OVERDUE {late} day{'s' if late != 1 else ''}" if late > 0 else ""
        lines.append(f"  {cat_id}  {state['books'][cat_id]['title']} - {who}, due {loan['due']}{flag}")
    return "\n".join(lines)


def sale_list(state: dict) -> str:
    if not state["sale"]:
        return "The sale table is empty."
    lines = ["Book sale table:"]
    for lot_id, lot in state["sale"].items():
        lines.append(f"  {lot_id}  {lot['title']} - {money(lot['price'])}")
    return "\n".join(lines)


# --- the command line ------------------------------------------------------------------------------------

COMMANDS = [
    # (code, word, arguments, help, function, changes the state)
    ("HE", "HELP", "", "this list", None, False),
    ("ST", "STATUS", "", "today's date, the roof fund and the season", status, False),
    ("SH", "SHELF", "", "the catalogue and where each book is", shelf, False),
    ("ME", "MEMBERS", "", "the members' cards", members_list, False),
    ("CA", "CARD", "member", "one member's card: loans, reservations, fines", card, False),
    ("LO", "LOANS", "", "books out on loan and their due dates", loans_list, False),
    ("LE", "LEND", "book member", "lend a book to a member", lend, True),
    ("RT", "RETURN", "book", "take a book back at the desk", return_book, True),
    ("RN", "RENEW", "book", "renew a loan for another week", renew, True),
    ("RS", "RESERVE", "book member", "reserve a book that is out", reserve, True),
    ("PY", "PAY", "member amount", "take a fine payment (40p, £1.20)", pay, True),
    ("SA", "SALE", "", "the book sale table", sale_list, False),
    ("SL", "SELL", "lot", "sell a lot from the sale table", sell, True),
    ("WD", "WITHDRAW", "book", "withdraw a book to the sale table", withdraw, True),
    ("CL", "CLOSE", "", "close the library for the day", close_day, True),
]


def help_text() -> str:
    lines = ["Inkwell desk commands (the code or the full word; ids like F101, M2, L3):"]
    for code, word, args, text, _, _ in COMMANDS:
        left = f"{code:<3} {word} {args}".rstrip()
        lines.append(f"  {left} {'.' * max(3, 30 - len(left))} {text}")
    return "\n".join(lines)


def lookup(word: str):
    word = word.upper()
    if word == "?":
        word = "HELP"
    for entry in COMMANDS:
        if word in (entry[0], entry[1]):
            return entry
    return None


class Game:
    """One game at the desk: its state, and the commands played on it."""

    def __init__(self) -> None:
        self.state = new_state()
        self.turn = 0

    def snapshot(self) -> dict:
        return copy.deepcopy(self.state)

    def play(self, line: str) -> tuple[bool, str]:
        self.turn += 1
        words = line.split()
        if not words:
            return False, "Say something at the desk: HELP lists the commands."
        entry = lookup(words[0])
        if entry is None:
            return False, f"The desk does not know {words[0]!r}. HELP lists the commands."
        code, word, args, _, function, changes = entry
        if word == "HELP":
            return True, help_text()
        wanted = len(args.split())
        given = words[1:]
        if len(given) < wanted:
            return False, f"Usage: {word} {args}".rstrip() + f" (or {code} {args})".rstrip() + "."
        if changes and self.state["game_over"]:
            return False, "The season is over; the library is shut. STATUS shows how it went."
        try:
            text = function(self.state, *given[:wanted]) if wanted else function(self.state)
        except Refused as refusal:
            return False, str(refusal)
        if changes and not self.state["game_over"] and self.won():
            self.state["won"] = True
            self.state["game_over"] = True
            text += (
                f"\nThe roof fund holds {money(self.state['fund'])} and {self.state['loans_made']} loans have been "
                "made: the parish council will mend the roof. You win!"
            )
        return True, text

    def won(self) -> bool:
        return self.state["fund"] >= FUND_TARGET and self.state["loans_made"] >= LOANS_TARGET
