"""doc-numbers: what the game does against the numbers its own docs state (QA mode).

- a cost: a command that names the thing (`train archer`, `rest`) and takes from the field named like the
  stated unit (`gold`) must take the stated amount (12, not 15). Only a decrease counts (`equip sword` takes
  nothing, `sell sword` pays), only without a count in the command (`buy wood 5` multiplies), and only when
  the command names one priced thing for that unit and the unit names one field (precision first);
- a bound: the fields the stated thing names (`prices` names `prices.wood.buy` and `prices.wood.sell`) never
  go below or above the stated number. When the name fits fields of several kinds, the doc may mean any one
  of them: a breach counts only when every kind is beyond the bound at once (a sale price that sits one
  below the price the doc bounds is no breach).

A report carries the claim in its subject (`cost|archer|gold|12`), so the judge and the critic check a replay
against it without the doc: a claim the docs made is what the report says the game broke.
"""

from __future__ import annotations

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.docs import StatedNumber
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step


def _value(number: float) -> str:
    return f"{number:g}"


class DocNumbersOracle(Oracle):
    name = "doc-numbers"

    def __init__(self, claims: list[StatedNumber] | None = None):
        self.claims = list(claims or [])

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if (
            not self.claims
            or step.command is None
            or step.observation is None
            or not step.observation.success
        ):
            return []
        return [*self._costs(step), *self._bounds(step)]

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        claim = StatedNumber.from_subject(subject)
        if claim is None:
            return None
        return DocNumbersOracle([claim]).first(steps, subject)

    def first(self, steps: list[Step], subject: str) -> Anomaly | None:
        for end in range(1, len(steps) + 1):
            for anomaly in self.judge(steps[:end], set()):
                if anomaly.subject == subject:
                    return anomaly
        return None

    def _costs(self, step: Step) -> list[Anomaly]:
        words = (step.command or "").lower().split()
        if any(w.lstrip("-").isdigit() for w in words):
            return []
        said = {stem(w) for w in words}
        named = [c for c in self.claims if c.kind == "cost" and {stem(w) for w in c.thing.split()} <= said]
        fields = numbers.numeric_fields(step.before)
        lookup, changed = numbers.names(fields), numbers.changed(step.before, step.state)
        found = []
        for claim in named:
            path = lookup.get(stem(claim.unit))
            if path is None or sum(stem(c.unit) == stem(claim.unit) for c in named) != 1:
                continue
            old, new = changed.get(path, (0.0, 0.0))
            if new < old and old - new != claim.value:
                paid = _value(old - new)
                found.append(
                    Anomaly(
                        self.name,
                        claim.subject,
                        step.index,
                        f"'{step.command}' takes {paid} {path}, the design doc says {claim.thing} costs "
                        f"{_value(claim.value)}",
                        f"'{step.command}' takes {_value(claim.value)} {claim.unit}, as the doc"
                        f"{f' ({claim.source})' if claim.source else ''} states for {claim.thing}",
                        f"{path} went {_value(old)} -> {_value(new)}; the reply: {step.message[:160]!r}",
                        step.verb or claim.thing,
                        BugType.DATA_INCONSISTENCY,
                    )
                )
        return found

    def _bounds(self, step: Step) -> list[Anomaly]:
        found = []
        for claim in (c for c in self.claims if c.kind in ("below", "above")):
            after = self._beyond(claim, numbers.numeric_fields(step.state))
            if not after or self._beyond(claim, numbers.numeric_fields(step.before)):
                continue  # only the step that crossed the bound
            path, value = after
            side = "below" if claim.kind == "below" else "above"
            found.append(
                Anomaly(
                    self.name,
                    claim.subject,
                    step.index,
                    f"'{step.command}' takes {path} to {_value(value)}, {side} the documented "
                    f"{'minimum' if side == 'below' else 'maximum'} of {_value(claim.value)}",
                    f"{claim.thing} never go {side} {_value(claim.value)}"
                    f"{f' ({claim.source})' if claim.source else ''}",
                    f"{path} is {_value(value)} after '{step.command}'; the reply: {step.message[:160]!r}",
                    step.verb or claim.thing,
                    BugType.BOUNDARY,
                )
            )
        return found

    @staticmethod
    def _beyond(claim: StatedNumber, fields: dict[str, float]) -> tuple[str, float] | None:
        """A field beyond the bound, when every kind of field the claim's thing names has one; else None."""
        thing = stem(claim.thing)
        kinds: dict[str, list[tuple[str, float]]] = {}
        for path, value in fields.items():
            segments = path.split(".")
            if thing in {stem(s) for s in segments}:
                kinds.setdefault(segments[-1], []).append((path, value))
        out = []
        for members in kinds.values():
            beyond = [
                (p, v) for p, v in members if (v < claim.value if claim.kind == "below" else v > claim.value)
            ]
            if not beyond:
                return None
            out.append(beyond[0])
        return out[0] if out else None
