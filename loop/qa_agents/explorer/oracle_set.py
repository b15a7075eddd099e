"""The explorer's one registry of oracles: each with its rank and the experiment that could explain a finding
of it away (experiments.py). Registered under `closed_loop.oracles`, so the judge re-judges its reports by
name without importing the explorer.

Invariants rank first: they hold in any game (a 5xx or a dropped connection, a replay that differs, a new
game that starts elsewhere, a value above its own maximum or a count below zero where it never was, a thing
that appears or disappears with nothing saying so, a refusal that takes something, a total its records left
behind), so the replay on a new game is their experiment (what leaves a room is looked for again where the
room would show it).
Heuristics read a game's text or conventions; their relative order is the order their leads are followed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from loop.qa_agents.explorer import experiments
from loop.qa_agents.explorer.api_contract import ApiContractOracle
from loop.qa_agents.explorer.bounds import BoundsOracle
from loop.qa_agents.explorer.bulk_rate import BulkRateOracle
from loop.qa_agents.explorer.conservation import CountConservationOracle, ItemConservationOracle
from loop.qa_agents.explorer.determinism import DeterminismOracle
from loop.qa_agents.explorer.doc_oracle import DocNumbersOracle
from loop.qa_agents.explorer.docs import DocKnowledge
from loop.qa_agents.explorer.help_range import HelpRangeOracle
from loop.qa_agents.explorer.in_step import InStepOracle
from loop.qa_agents.explorer.metamorphic import QueryOracle
from loop.qa_agents.explorer.one_place import OnePlaceOracle
from loop.qa_agents.explorer.oracles import (
    DescriptionInteractionOracle,
    DescriptionStateOracle,
    ServerErrorOracle,
    SymmetryOracle,
    TurnCounterOracle,
)
from loop.qa_agents.explorer.over_total import OverTotalOracle
from loop.qa_agents.explorer.price_list import PriceListOracle
from loop.qa_agents.explorer.redo import RedoHistoryOracle
from loop.qa_agents.explorer.refused import RefusalTakesOracle
from loop.qa_agents.explorer.reply_units import ReplyUnitOracle
from loop.qa_agents.explorer.restart import RestartLeakOracle
from loop.qa_agents.explorer.state_oracles import (
    ArgumentEchoOracle,
    CooldownOracle,
    ReplyDeltaOracle,
    TextStateOracle,
    UndoLoadOracle,
)
from loop.qa_agents.explorer.stated_caps import StatedCapOracle
from loop.qa_agents.explorer.totals import DerivedTotalOracle
from loop.qa_agents.explorer.transfer import TransferOracle
from loop.qa_agents.explorer.typed_quantity import ExchangeOracle, TypedQuantityOracle
from loop.qa_agents.explorer.zero_entries import ZeroEntryOracle
from loop.replay.oracle import Oracle


class Rank(IntEnum):
    INVARIANT = 0
    HEURISTIC = 1


@dataclass(frozen=True)
class Registered:
    """An oracle kind (its class), its rank, its experiment, and whether the explorer judges every step with
    it (determinism, restart leaks and API probes it runs its own way)."""

    kind: type[Oracle]
    rank: Rank
    experiment: experiments.Experiment = experiments.replayed
    every_step: bool = True


REGISTRY: tuple[Registered, ...] = (
    Registered(ServerErrorOracle, Rank.INVARIANT),
    Registered(ApiContractOracle, Rank.INVARIANT, every_step=False),
    Registered(DeterminismOracle, Rank.INVARIANT, every_step=False),
    Registered(RestartLeakOracle, Rank.INVARIANT, every_step=False),
    Registered(BoundsOracle, Rank.INVARIANT),
    Registered(CountConservationOracle, Rank.INVARIANT, experiments.local_thing_stays_missing),
    Registered(TurnCounterOracle, Rank.INVARIANT),
    Registered(RefusalTakesOracle, Rank.INVARIANT),
    Registered(DerivedTotalOracle, Rank.INVARIANT),
    Registered(DescriptionStateOracle, Rank.HEURISTIC),
    Registered(DescriptionInteractionOracle, Rank.HEURISTIC, experiments.shown_when_dropped),
    Registered(ItemConservationOracle, Rank.HEURISTIC, experiments.stays_missing),
    Registered(ZeroEntryOracle, Rank.HEURISTIC),
    Registered(SymmetryOracle, Rank.HEURISTIC),
    Registered(TextStateOracle, Rank.HEURISTIC, experiments.stated_again),
    Registered(ReplyDeltaOracle, Rank.HEURISTIC, experiments.reply_number_explained),
    Registered(ReplyUnitOracle, Rank.HEURISTIC),
    Registered(TypedQuantityOracle, Rank.HEURISTIC),
    Registered(ExchangeOracle, Rank.HEURISTIC),
    Registered(TransferOracle, Rank.HEURISTIC),
    Registered(InStepOracle, Rank.HEURISTIC),
    Registered(OverTotalOracle, Rank.HEURISTIC),
    Registered(StatedCapOracle, Rank.HEURISTIC),
    Registered(OnePlaceOracle, Rank.HEURISTIC),
    Registered(PriceListOracle, Rank.HEURISTIC, experiments.price_holds),
    Registered(BulkRateOracle, Rank.HEURISTIC),
    Registered(ArgumentEchoOracle, Rank.HEURISTIC, experiments.number_is_text),
    Registered(CooldownOracle, Rank.HEURISTIC),
    Registered(UndoLoadOracle, Rank.HEURISTIC),
    Registered(RedoHistoryOracle, Rank.HEURISTIC),
    Registered(HelpRangeOracle, Rank.HEURISTIC),
    # claims only in QA mode (session_oracles); a report's subject carries its claim
    Registered(DocNumbersOracle, Rank.HEURISTIC),
    # learned per game: a query verb counts once it changed nothing several times
    Registered(QueryOracle, Rank.HEURISTIC),
)
_BY_NAME = {entry.kind.name: entry for entry in REGISTRY}


def all_oracles() -> list[Oracle]:
    """One of every oracle, for the judge (the `closed_loop.oracles` entry point)."""
    return [entry.kind() for entry in REGISTRY]


def session_oracles(docs: DocKnowledge | None = None) -> list[Oracle]:
    """The oracles the explorer judges every step with, invariants first; in QA mode doc-numbers holds the
    docs' claims."""
    made = [entry.kind() for entry in sorted(REGISTRY, key=lambda e: e.rank) if entry.every_step]
    if docs is None:
        return made
    return [DocNumbersOracle(docs.numbers) if o.name == DocNumbersOracle.name else o for o in made]


def rank_of(name: str) -> Rank:
    entry = _BY_NAME.get(name)
    return entry.rank if entry is not None else Rank.HEURISTIC


def experiment_of(name: str) -> experiments.Experiment:
    entry = _BY_NAME.get(name)
    return entry.experiment if entry is not None else experiments.replayed
