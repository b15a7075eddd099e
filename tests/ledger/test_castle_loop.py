"""Table 7 end to end on CASTLE with real builds: the differential critic, gold repairs, verification by
replay and probe, everything recorded in the ledger, the metrics computed from the ledger alone."""

import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.critic.differential import DifferentialCritic
from loop.ledger import Ledger
from loop.run.lifecycle import BugStatus
from loop.run.record import TrackedBug
from loop.run.session_metrics import loop_metrics
from loop.sandbox import BuildSpec, get_provider
from loop.verification.round_verification import Verifier
from tests.critic.conftest import commit_patch, make_report, oracle_judge
from tests.critic.test_castle import DROPPED_MATCHES, GHOST, KEY_IN_CLOSED_DRAWER

ROUTE_TO_TWO_FRAGMENTS = [
    "north", "east", "open drawer", "take small key", "west", "south", "unlock storage door", "west",
    "open toolbox", "take key fragment B", "east", "take matches", "take candlestick", "light candlestick",
    "down", "take key fragment C", "up",
]  # fmt: skip
TWO_FRAGMENTS_FORGE_THE_KEY = make_report(
    "The iron key can be forged from two fragments",
    [*ROUTE_TO_TWO_FRAGMENTS, "combine fragments"],
    "mentions",
    "you now hold the iron key",
    "combine",
)


class Loop:
    """Just enough of the loop to drive three sessions: critic, gold repair, verification, ledger."""

    def __init__(self, tmp_path, ledger: Ledger):
        self.game = load_game("castle")
        self.benchmark = Benchmark(self.game)
        self.repo_dir, self.commit = materialize(self.game, tmp_path / "workspace")
        self.ledger, self.run = ledger, "castle-table-7"
        self.provider = get_provider("process")
        self.critic = DifferentialCritic(
            self.provider, self.game.manifest, self.repo_dir, self.commit, oracle_judge, tmp_path / "variants"
        )
        self.reports = {}
        ledger.start_run(self.run, "castle", params={"qa": "hand-written", "repair": "gold"})

    def session(self, number: int, reports) -> list[str]:
        self.ledger.record_session(self.run, number, self.commit)
        self.verify(number)
        found = []
        for report, match in zip(
            reports, self.critic.with_base(self.commit).match(reports, self.benchmark), strict=True
        ):
            key = self.ledger.record_report(self.run, number, report, match)
            if key and not match.duplicate:
                self.reports[key] = report
                found.append(key)
        for key in found:
            self.commit = commit_patch(self.repo_dir, self.benchmark.gold_patch(self.benchmark.bug(key)), key)
            self.ledger.record_attempt(
                f"{self.run}/{number}/{key}",
                run_id=self.run,
                session=number,
                agent="gold",
                bug_keys=[key],
                outcome="resolved",
                commit=self.commit,
            )
            self.ledger.move_bug(
                "castle",
                key,
                BugStatus.PATCHED,
                run_id=self.run,
                session=number,
                commit=self.commit,
                reason="gold patch",
            )
        return found

    def verify(self, number: int) -> None:
        bugs = [
            TrackedBug(
                fingerprint=bug.key,
                report=self.reports[bug.key],
                status=bug.status,
                ground_truth_id=bug.key,
                found_in_session=1,
            )
            for bug in self.ledger.bugs("castle")
        ]
        spec = BuildSpec(self.repo_dir, self.game.manifest, self.commit)
        result = Verifier(self.provider, spec, oracle_judge, self.benchmark).run(bugs)
        assert result.gate.passed, result.gate.detail
        self.ledger.record_verification_round("castle", result, run_id=self.run, session=number)


@pytest.mark.slow
def test_three_castle_sessions_recorded_in_the_ledger_give_table_7(tmp_path):
    with Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite'}") as ledger:
        loop = Loop(tmp_path, ledger)
        assert loop.session(1, [KEY_IN_CLOSED_DRAWER, DROPPED_MATCHES, GHOST]) == ["BUG-2", "BUG-3"]
        assert loop.session(2, [TWO_FRAGMENTS_FORGE_THE_KEY, KEY_IN_CLOSED_DRAWER]) == ["BUG-1"]
        assert loop.session(3, []) == []
        metrics = loop_metrics(ledger.session_facts(loop.run), loop.benchmark.bugs)
        bugs = {bug.key: bug for bug in ledger.bugs("castle")}
    assert [(m.discovery_text, m.fixing_text) for m in metrics.sessions] == [
        ("2/3", "0/3"),
        ("3/3", "2/3"),
        ("3/3", "3/3"),
    ]
    assert metrics.sessions[0].false_positives == 1
    assert metrics.sessions[1].verified_fixed == ["BUG-2", "BUG-3"]
    assert metrics.sessions[2].verified_fixed == ["BUG-1"] and metrics.sessions[2].new_bugs == []
    assert all(bug.status == BugStatus.VERIFIED_FIXED for bug in bugs.values())
    assert [e.session for e in bugs["BUG-1"].events] == [2, 2, 3]
