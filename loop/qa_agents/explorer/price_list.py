"""The listed-price oracle: a price a query listed ('shield 12 coins') is what a command naming that thing
then takes, and what a refusal quotes; the list is read again in a later game where it was read before, so a
purchase is checked against its own game's list and its repro holds the list.

A list holds where it was read: a command is checked against the last list read in its own place (prices and
distances differ from place to place), and a command with a quantity ('buy rope 3') may take the price
that many times.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.step_facts import as_said, ok, quiet
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

LISTED = re.compile(r"\b([a-z][a-z-]+)\s+\(?(\d+)\s+([a-z]+)\b", re.IGNORECASE)
QUOTED = re.compile(r"\b(\d+)\s*([a-z]+)\b", re.IGNORECASE)  # '14 coins', '5g'
QUANTITY = re.compile(r"(?<![\w-])(\d+)(?![\w-])")


class PriceListOracle(Oracle):
    """A price a query listed ('shield 12 coins') is what a command naming that thing then takes."""

    name = "listed-price"
    lead_once_per_place = False  # it limits its own leads: the price list once per game, where it was read

    def __init__(self) -> None:
        self.listing_at: dict[str, str] = {}  # place -> the query that listed prices there
        self.asked_in: Step | None = None  # the game (its first step) the list was last asked for again in

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """In a place where a price list was read in an earlier game, read it again in this one: a purchase
        is checked against a list of its own game, so its repro holds the list."""
        query = self.listing_at.get(view.place(steps[-1].state))
        if query is None or steps[0] is self.asked_in or any(s.command == query for s in steps):
            return []
        self.asked_in = steps[0]
        return [query]

    @staticmethod
    def listed(steps: list[Step]) -> dict[tuple[str, str], set[float]]:
        """The prices the queries among `steps` list (a reply that changed the state is not a query's)."""
        prices: dict[tuple[str, str], set[float]] = {}
        for step in steps:
            for key, listed in _listing(step)[1].items():
                prices.setdefault(key, set()).update(listed)
        return prices

    @staticmethod
    def prices_in(step: Step) -> dict[tuple[str, str], set[float]]:
        """(thing, field) -> the prices a reply lists for it, in the units of that field."""
        prices: dict[tuple[str, str], set[float]] = {}
        lookup = numbers.names(numbers.numeric_fields(step.state))
        for thing, number, unit in LISTED.findall(step.message):
            path = lookup.get(stem(unit))
            if path is not None:
                prices.setdefault((stem(thing), path), set()).add(float(number))
        return prices

    @staticmethod
    def listed_here(steps: list[Step]) -> dict[tuple[str, str], set[float]]:
        """Each thing's price as last listed in the place the last step started in."""
        here = view.place(steps[-1].before)
        prices: dict[tuple[str, str], set[float]] = {}
        for step in steps[:-1]:
            place, listed = _listing(step)
            if listed and place == here:
                prices.update(listed)
        return prices

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or step.observation is None:
            return []
        if ok(step) and quiet(step) and self.listed([step]):
            self.listing_at[view.place(step.before)] = step.command
        prices = self.listed_here(steps)
        if not ok(step) or quiet(step):
            return self._quoted(step, prices)
        words = {stem(w) for w in step.command.lower().split()[1:]}
        quantity = QUANTITY.search(step.command)
        times = int(quantity.group(1)) if quantity else 1
        for path, (old, new) in numbers.changed(step.before, step.state).items():
            cost = -numbers.delta(old, new)
            if quantity and cost == times:
                continue  # the command named the amount it pays ('bet 100', 'tip 5'): no price to hold to
            for thing in words:
                listed = prices.get((thing, path))
                taken = {cost, cost / max(times, 1)}  # the price, or the price times the quantity
                if new < old and listed and len(listed) == 1 and not taken & listed:
                    price, paid = as_said(next(iter(listed))), as_said(cost)
                    went = f"{path} went {as_said(old)} -> {as_said(new)}"
                    return [
                        Anomaly(
                            self.name,
                            f"{step.verb} {thing}",
                            step.index,
                            f"'{step.command}' takes {paid} {path}, the listed price is {price}",
                            f"'{step.command}' takes the listed {price} {path}",
                            f"{went}; the reply: {step.message[:160]!r}",
                            step.verb,
                            BugType.DATA_INCONSISTENCY,
                        )
                    ]
        return []

    def _quoted(self, step: Step, prices: dict[tuple[str, str], set[float]]) -> list[Anomaly]:
        """A command naming one listed thing that changed nothing ('The shield costs 14 coins; you have 12')
        must not quote it at another price. Allowed: the listed price, the counter's value and the shortfall
        between them. A command with a number in it (a quantity) may quote a total: not checked."""
        assert step.command is not None
        if re.search(r"\d", step.command) or not prices:
            return []
        fields = numbers.numeric_fields(step.state)
        lookup = numbers.names(fields)
        text, wares = step.message[:2000], {listed for listed, _ in prices}
        for thing in {stem(w) for w in step.command.lower().split()[1:]}:
            # a number the reply lists next to another listed thing's name is its price, not a quote
            others = {
                (number, stem(unit))
                for name, number, unit in LISTED.findall(text)
                if stem(name) != thing and stem(name) in wares
            }
            for number, unit in QUOTED.findall(text):
                path = lookup.get(stem(unit))
                listed = prices.get((thing, path or ""))
                if path is None or not listed or len(listed) != 1 or (number, stem(unit)) in others:
                    continue
                price, have = next(iter(listed)), fields[path]
                if float(number) in {price, have, abs(price - have)}:
                    continue
                return [
                    Anomaly(
                        self.name,
                        f"{step.verb} {thing}",
                        step.index,
                        f"'{step.command}' is quoted {number} {path}, the listed price is {as_said(price)}",
                        f"the reply to '{step.command}' quotes the listed {as_said(price)} {path}",
                        f"the reply: {step.message[:200]!r}",
                        step.verb,
                        BugType.DATA_INCONSISTENCY,
                    )
                ]
        return []


@per_state
def _listing(step: Step) -> tuple[str, dict[tuple[str, str], set[float]]]:
    """Where a step started and the prices it lists if it is a query (a step is read at every later one)."""
    if step.observation is None or step.command is None or not quiet(step):
        return "", {}
    return view.place(step.before), PriceListOracle.prices_in(step)
