"""The signalbox: a single line of four stations, three signalled blocks and a morning timetable."""

from __future__ import annotations

import re

STATIONS = ["ALDERTON", "BRAMLEY", "CRESTON", "ELMWOOD"]
BLOCKS = ["B1", "B2", "B3"]  # block Bn lies between STATIONS[n-1] and STATIONS[n]
SIGNALS = {"S1": "B1", "S2": "B2", "S3": "B3"}
BLOCK_MINUTES = 10
SHIFT_START = 6 * 60
SHIFT_END = 8 * 60
MAX_ADVANCE = 60
POINTS_ON_TIME = 20
POINTS_SLIGHTLY_LATE = 10
SLIGHTLY_LATE_LIMIT = 5

TIMETABLE = [
    # train, origin, destination, departs, due, passengers
    ("T1", "ALDERTON", "ELMWOOD", "06:00", "06:30", 140),
    ("T2", "ELMWOOD", "ALDERTON", "06:30", "07:05", 90),
    ("T3", "BRAMLEY", "CRESTON", "06:10", "06:35", 60),
]


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def minutes_of(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


class Train:
    def __init__(self, name: str, origin: str, dest: str, departs: str, due: str, pax: int):
        self.name = name
        self.origin = origin
        self.dest = dest
        self.departs = minutes_of(departs)
        self.due = minutes_of(due)
        self.pax = pax
        self.booked = pax
        self.at = origin
        self.status = "WAITING"
        self.heading: str | None = None
        self.block_left = 0
        self.held = False
        self.departed_at: int | None = None
        self.arrived_at: int | None = None

    def delay(self, clock: int) -> int:
        if self.arrived_at is not None:
            return max(0, self.arrived_at - self.due)
        if self.departed_at is not None:
            return max(0, self.departed_at - self.departs)
        return max(0, clock - self.due)

    def direction(self) -> int:
        """+1 toward ELMWOOD, -1 toward ALDERTON."""
        goal = STATIONS.index(self.heading)
        if self.at in BLOCKS:
            return 1 if goal > BLOCKS.index(self.at) else -1
        return 1 if goal > STATIONS.index(self.at) else -1


class Railway:
    """One dispatcher's shift. Every change goes through `command`."""

    def __init__(self) -> None:
        self.clock = SHIFT_START
        self.score = 0
        self.delivered = 0
        self.turn = 0
        self.over = False
        self.won = False
        self.incident: str | None = None
        self.trains = {row[0]: Train(*row) for row in TIMETABLE}
        self.signals = {name: "RED" for name in SIGNALS}
        self.panel = dict(self.signals)
        self.blocks: dict[str, str | None] = {name: None for name in BLOCKS}
        self.log: list[str] = []

    # ---- what the player sees -------------------------------------------------------------------

    def state(self) -> dict:
        state: dict = {"clock": hhmm(self.clock), "score": self.score, "won": self.won}
        state["shift.over"] = self.over
        state["shift.ends"] = hhmm(SHIFT_END)
        state["shift.incident"] = self.incident
        for name, train in self.trains.items():
            prefix = f"train.{name}"
            state[f"{prefix}.at"] = train.at
            state[f"{prefix}.status"] = train.status
            state[f"{prefix}.heading"] = train.heading
            state[f"{prefix}.dest"] = train.dest
            state[f"{prefix}.departs"] = hhmm(train.departs)
            state[f"{prefix}.due"] = hhmm(train.due)
            state[f"{prefix}.delay"] = train.delay(self.clock)
            state[f"{prefix}.pax"] = train.pax
            state[f"{prefix}.minutes_to_next"] = train.block_left
        for name in SIGNALS:
            state[f"signal.{name}"] = self.signals[name]
        for name in BLOCKS:
            state[f"block.{name}"] = self.blocks[name] or "CLEAR"
        state["pax.delivered"] = self.delivered
        state["trains.arrived"] = sum(1 for t in self.trains.values() if t.status == "ARRIVED")
        return state

    def intro(self) -> str:
        return (
            f"{hhmm(self.clock)} SIGNALBOX SHIFT OPENS. LINE ALDERTON-B1-BRAMLEY-B2-CRESTON-B3-ELMWOOD. "
            "ALL SIGNALS RED. TYPE HELP."
        )

    # ---- commands ---------------------------------------------------------------------------------

    def command(self, text: str) -> tuple[str, bool]:
        self.turn += 1
        words = text.strip().upper().split()
        if not words:
            return self._refuse("NO COMMAND. TYPE HELP.")
        verb, args = words[0], words[1:]
        if verb in ("HELP", "?"):
            return help_table(), True
        if verb == "STATUS":
            return self._status(), True
        if verb == "TIMETABLE":
            return self._timetable(), True
        if self.over:
            return self._refuse(f"{hhmm(self.clock)} SHIFT IS OVER. NO FURTHER MOVES.")
        handlers = {"SET": self._set, "DISPATCH": self._dispatch, "HOLD": self._hold, "ADVANCE": self._advance}
        handler = handlers.get(verb)
        if handler is None:
            return self._refuse(f"UNKNOWN COMMAND {verb}. TYPE HELP.")
        return handler(args)

    def _refuse(self, line: str) -> tuple[str, bool]:
        return f"?? {line}", False

    def _stamp(self, line: str) -> str:
        entry = f"{hhmm(self.clock)} {line}"
        self.log.append(entry)
        return entry

    def _set(self, args: list[str]) -> tuple[str, bool]:
        if len(args) != 2 or args[0] not in SIGNALS or args[1] not in ("GREEN", "RED"):
            return self._refuse("USAGE: SET <S1|S2|S3> <GREEN|RED>")
        name, aspect = args
        self.signals[name] = aspect
        self.panel[name] = aspect
        return self._stamp(f"{name} SET {aspect}"), True

    def _dispatch(self, args: list[str]) -> tuple[str, bool]:
        if len(args) != 3 or args[1] != "TO":
            return self._refuse("USAGE: DISPATCH <T1|T2|T3> TO <STATION>")
        name, _, target = args
        train = self.trains.get(name)
        if train is None:
            return self._refuse(f"NO TRAIN {name}")
        if target not in STATIONS:
            return self._refuse(f"NO STATION {target}. STATIONS: {' '.join(STATIONS)}")
        if train.status == "ARRIVED":
            return self._refuse(f"{name} HAS TERMINATED AT {train.at}")
        if train.status == "RUNNING":
            return self._refuse(f"{name} IS ALREADY RUNNING IN {train.at}")
        if target == train.at:
            return self._refuse(f"{name} IS ALREADY AT {target}")
        if train.departed_at is None and self.clock < train.departs:
            return self._refuse(f"{name} NOT DUE TO DEPART UNTIL {hhmm(train.departs)}")
        here = STATIONS.index(train.at)
        step = 1 if STATIONS.index(target) > here else -1
        block = BLOCKS[here if step == 1 else here - 1]
        signal = _signal_for(block)
        if self.signals[signal] != "GREEN":
            return self._refuse(f"{signal} AT RED. {name} CANNOT LEAVE {train.at}")
        train.heading = target
        train.held = False
        if train.departed_at is None:
            train.departed_at = self.clock
        line = self._stamp(f"{name} DEPARTS {train.at} FOR {target}")
        lines = [line]
        self._enter_block(train, block, lines)
        return "\n".join(lines), True

    def _hold(self, args: list[str]) -> tuple[str, bool]:
        if len(args) != 1 or args[0] not in self.trains:
            return self._refuse("USAGE: HOLD <T1|T2|T3>")
        train = self.trains[args[0]]
        if train.status == "ARRIVED":
            return self._refuse(f"{train.name} HAS TERMINATED AT {train.at}")
        step = train.direction()
        if train.status != "RUNNING":
            return self._refuse(f"{train.name} IS STANDING AT {train.at}")
        block_index = BLOCKS.index(train.at)
        next_station = STATIONS[block_index + 1 if step == 1 else block_index]
        train.held = True
        return self._stamp(f"{train.name} TO HOLD AT {next_station}"), True

    def _advance(self, args: list[str]) -> tuple[str, bool]:
        if len(args) != 1 or not re.fullmatch(r"\d+", args[0]):
            return self._refuse(f"USAGE: ADVANCE <1-{MAX_ADVANCE}>  (MINUTES)")
        minutes = int(args[0])
        if not 1 <= minutes <= MAX_ADVANCE:
            return self._refuse(f"ADVANCE TAKES 1 TO {MAX_ADVANCE} MINUTES")
        lines: list[str] = []
        for _ in range(minutes):
            self.clock += 1
            self._tick(lines)
            if self.over:
                break
            if self.clock >= SHIFT_END:
                self.over = True
                lines.append(self._stamp(f"SHIFT ENDS. {self._arrived_count()} OF 3 TRAINS TERMINATED."))
                break
        if not lines:
            lines.append(f"{hhmm(self.clock)} LINE QUIET")
        return "\n".join(lines), True

    # ---- movement ---------------------------------------------------------------------------------

    def _tick(self, lines: list[str]) -> None:
        for train in self.trains.values():
            if train.status != "RUNNING":
                continue
            train.block_left -= 1
            if train.block_left > 0:
                continue
            block = train.at
            step = train.direction()
            station = STATIONS[BLOCKS.index(block) + 1 if step == 1 else BLOCKS.index(block)]
            if station == train.heading:
                self.blocks[block] = None
                self._stop(train, station, lines)
            elif train.held:
                self._stop(train, station, lines)
            else:
                self.blocks[block] = None
                train.at = station
                lines.append(self._stamp(f"{train.name} PASSES {station}"))
                here = STATIONS.index(station)
                onward = BLOCKS[here if step == 1 else here - 1]
                signal = _signal_for(onward)
                if self.signals[signal] != "GREEN":
                    self._incident(f"{train.name} PASSES {signal} AT DANGER", lines)
                    return
                self._enter_block(train, onward, lines)
            if self.over:
                return

    def _stop(self, train: Train, station: str, lines: list[str]) -> None:
        train.at = station
        train.block_left = 0
        train.held = False
        if station == train.dest:
            train.status = "ARRIVED"
            train.heading = None
            train.arrived_at = self.clock
            late = max(0, self.clock - train.due)
            points = _points(late)
            self.score += points
            self.delivered += train.pax
            train.pax = 0
            timing = "ON TIME" if late == 0 else f"{late} MIN LATE"
            lines.append(self._stamp(f"{train.name} ARRIVES {station} {timing} +{points} PTS"))
            if all(t.status == "ARRIVED" for t in self.trains.values()):
                self.over = True
                self.won = True
                lines.append(self._stamp(f"ALL TRAINS TERMINATED. SHIFT COMPLETE. SCORE {self.score}"))
        else:
            train.status = "STANDING"
            train.heading = None
            train.pax = 0
            lines.append(self._stamp(f"{train.name} STOPS AT {station}"))

    def _enter_block(self, train: Train, block: str, lines: list[str]) -> None:
        signal = _signal_for(block)
        self.signals[signal] = "RED"
        other = self.blocks[block]
        train.at = block
        train.status = "RUNNING"
        train.block_left = BLOCK_MINUTES
        if other is not None:
            self._incident(f"{train.name} ENTERS {block} OCCUPIED BY {other}. COLLISION", lines)
            return
        self.blocks[block] = train.name

    def _incident(self, what: str, lines: list[str]) -> None:
        self.over = True
        self.incident = what
        lines.append(self._stamp(f"{what}. SHIFT ENDED"))

    def _arrived_count(self) -> int:
        return sum(1 for t in self.trains.values() if t.status == "ARRIVED")

    # ---- read-only reports ------------------------------------------------------------------------

    def _status(self) -> str:
        rows = [f"{hhmm(self.clock)} STATUS  SCORE {self.score}"]
        for name, train in self.trains.items():
            where = train.at
            if train.status == "RUNNING":
                where = f"{train.at} FOR {train.heading} ({train.block_left} MIN TO NEXT STATION)"
            rows.append(f"  {name} {train.status:<8} {where}")
        rows.append("  " + "  ".join(f"{name} {self.panel[name]}" for name in SIGNALS))
        rows.append("  " + "  ".join(f"{name} {self.blocks[name] or 'CLEAR'}" for name in BLOCKS))
        return "\n".join(rows)

    def _timetable(self) -> str:
        rows = ["TRAIN  FROM      TO        DEPARTS  DUE    PAX"]
        for train in self.trains.values():
            rows.append(
                f"{train.name:<6} {train.origin:<9} {train.dest:<9} {hhmm(train.departs):<8} "
                f"{hhmm(train.due):<6} {train.booked}"
            )
        return "\n".join(rows)


def _signal_for(block: str) -> str:
    return next(name for name, guarded in SIGNALS.items() if guarded == block)


def _points(late: int) -> int:
    if late == 0:
        return POINTS_ON_TIME
    if late < SLIGHTLY_LATE_LIMIT:
        return POINTS_SLIGHTLY_LATE
    return 0


HELP_ROWS = [
    ("HELP", "", "THIS TABLE"),
    ("STATUS", "", "TRAINS, SIGNALS AND BLOCKS NOW"),
    ("TIMETABLE", "", "THE SHIFT'S TRAINS, TIMES AND PASSENGERS"),
    ("SET", "<S1|S2|S3> <GREEN|RED>", "SET A SIGNAL ASPECT"),
    ("DISPATCH", "<TRAIN> TO <STATION>", "START A STANDING TRAIN TOWARD A STATION"),
    ("HOLD", "<TRAIN>", "STOP A RUNNING TRAIN AT THE NEXT STATION"),
    ("ADVANCE", f"<1-{MAX_ADVANCE}>", "RUN THE CLOCK ON BY MINUTES"),
]


def help_table() -> str:
    headers = ("COMMAND", "ARGUMENTS", "EFFECT")
    widths = [max(len(row[i]) for row in [headers, *HELP_ROWS]) for i in range(3)]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"

    def row(cells: tuple[str, str, str]) -> str:
        return "|" + "|".join(f" {cell:<{w}} " for cell, w in zip(cells, widths)) + "|"

    return "\n".join([rule, row(headers), rule, *(row(r) for r in HELP_ROWS), rule])
