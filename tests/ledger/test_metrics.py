from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.models import GroundTruthBug
from loop.run.lifecycle import BugLifecycle, BugStatus
from loop.run.session_metrics import ReportFacts, SessionFacts, loop_metrics


def castle_ground_truth() -> list[GroundTruthBug]:
    """CASTLE's three bugs from its benchmark (GBQA's Table 6)."""
    return Benchmark(load_game("castle")).bugs


def scripted_castle_history() -> list[SessionFacts]:
    """Table 7's trajectory, driven through the lifecycle the loop uses."""
    bugs: dict[str, BugLifecycle] = {}
    history = []
    # session 1: finds BUG-2 and BUG-3 (BUG-3 reported twice), plus a false report; patches both
    s1 = SessionFacts(1, steps=300, tokens=1000, cost_usd=0.5, wall_seconds=60)
    s1.reports = [
        ReportFacts("fp-b2", "BUG-2"),
        ReportFacts("fp-b3", "BUG-3"),
        ReportFacts("fp-b3b", "BUG-3"),
        ReportFacts("fp-noise", None),
    ]
    for bug_id in ("BUG-2", "BUG-3"):
        bugs[bug_id] = BugLifecycle.opened(1, "c0", "reported")
        bugs[bug_id].move(BugStatus.PATCHED, 1, "c1", "patch")
        s1.patched.add(bug_id)
    history.append(s1)
    # session 2: verifies both, finds BUG-1, patches it
    s2 = SessionFacts(2, steps=300, tokens=2000, cost_usd=1.0, wall_seconds=70)
    for bug_id in ("BUG-2", "BUG-3"):
        bugs[bug_id].move(BugStatus.VERIFIED_FIXED, 2, "c1", "replay and probe agree")
        s2.verified_fixed.add(bug_id)
    s2.reports = [ReportFacts("fp-b1", "BUG-1")]
    bugs["BUG-1"] = BugLifecycle.opened(2, "c1", "reported")
    bugs["BUG-1"].move(BugStatus.PATCHED, 2, "c2", "patch")
    s2.patched.add("BUG-1")
    history.append(s2)
    # session 3: verification only
    s3 = SessionFacts(3, steps=120, tokens=500, cost_usd=0.25, wall_seconds=30)
    bugs["BUG-1"].move(BugStatus.VERIFIED_FIXED, 3, "c2", "replay and probe agree")
    s3.verified_fixed.add("BUG-1")
    history.append(s3)
    assert all(bug.status == BugStatus.VERIFIED_FIXED for bug in bugs.values())
    return history


def test_scripted_castle_history_reproduces_table_7():
    metrics = loop_metrics(scripted_castle_history(), castle_ground_truth())
    rows = [(m.discovery_text, m.fixing_text) for m in metrics.sessions]
    assert rows == [("2/3", "0/3"), ("3/3", "2/3"), ("3/3", "3/3")]
    s1, s2, s3 = metrics.sessions
    assert s1.new_bugs == ["BUG-2", "BUG-3"] and s1.duplicates == 1 and s1.false_positives == 1
    assert s1.patched == ["BUG-2", "BUG-3"]
    assert s2.new_bugs == ["BUG-1"] and s2.verified_fixed == ["BUG-2", "BUG-3"]
    assert s3.new_bugs == [] and s3.new_reports == 0 and s3.verified_fixed == ["BUG-1"]
    assert s1.per_difficulty["easy"].model_dump() == {"total": 2, "discovered": 1, "fixed": 0}
    assert s1.per_difficulty["medium"].model_dump() == {"total": 1, "discovered": 1, "fixed": 0}
    assert s3.per_difficulty["easy"].model_dump() == {"total": 2, "discovered": 2, "fixed": 2}
    total = metrics.total
    assert (total.discovery_rate, total.fixing_rate) == (1.0, 1.0)
    assert (total.steps, total.tokens, total.cost_usd, total.wall_seconds) == (720, 3500, 1.75, 160)
    assert total.false_positives == 1 and total.duplicates == 1
    assert (s2.ground_truth_total, s2.discovered, s2.fixed_verified) == (3, 3, 2)
    assert s2.per_difficulty["medium"].model_dump() == {"total": 1, "discovered": 1, "fixed": 1}


def test_a_regression_lowers_the_fixing_rate_of_later_sessions():
    history = scripted_castle_history()
    history.append(SessionFacts(4, regressed={"BUG-2"}))
    last = loop_metrics(history, castle_ground_truth()).sessions[-1]
    assert (last.discovery_text, last.fixing_text) == ("3/3", "2/3")
    assert last.regressed == ["BUG-2"]


def test_without_ground_truth_rates_are_over_confirmed_unique_bugs():
    history = [
        SessionFacts(
            1, reports=[ReportFacts("aaa"), ReportFacts("bbb"), ReportFacts("aaa")], patched={"aaa", "bbb"}
        ),
        SessionFacts(2, reports=[ReportFacts("ccc")], verified_fixed={"aaa"}),
    ]
    s1, s2 = loop_metrics(history, None).sessions
    assert (s1.discovered, s1.duplicates, s1.false_positives, s1.discovery_rate) == (2, 1, None, None)
    assert (s2.discovered, s2.fixed_verified, s2.fixing_text) == (3, 1, "1/3")
    assert s2.fixing_rate == 1 / 3
