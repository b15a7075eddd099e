import pytest

from loop.run.lifecycle import BugLifecycle, BugStatus, IllegalTransition, LifecycleEvent


def test_a_bug_goes_open_patched_verified_and_regresses_then_patched_again():
    bug = BugLifecycle.opened(1, "c1", "reported by explorer")
    bug.move(BugStatus.PATCHED, 1, "c2", "gold patch")
    bug.move(BugStatus.VERIFIED_FIXED, 2, "c2", "replay and probe agree")
    bug.move(BugStatus.REGRESSED, 3, "c3", "probe fires again")
    bug.move(BugStatus.PATCHED, 3, "c4", "second patch")
    assert bug.status == BugStatus.PATCHED
    assert [(e.from_status, e.to_status, e.session, e.commit) for e in bug.events] == [
        (None, "open", 1, "c1"),
        ("open", "patched", 1, "c2"),
        ("patched", "verified_fixed", 2, "c2"),
        ("verified_fixed", "regressed", 3, "c3"),
        ("regressed", "patched", 3, "c4"),
    ]


def test_a_failed_fix_sends_the_bug_back_to_open():
    bug = BugLifecycle.opened(1, "c1", "found")
    bug.move(BugStatus.PATCHED, 1, "c2", "patch")
    event = bug.move(BugStatus.OPEN, 2, "c2", "replay still shows the anomaly")
    assert bug.status == BugStatus.OPEN
    assert event.reason == "replay still shows the anomaly"


def test_a_verified_bug_seen_on_a_commit_without_its_fix_is_open_there():
    bug = BugLifecycle.opened(1, "c1", "found")
    bug.move(BugStatus.PATCHED, 1, "f1", "patch")
    bug.move(BugStatus.VERIFIED_FIXED, 2, "f1", "replay no longer shows it")
    bug.move(BugStatus.OPEN, 1, "c2", "reported on c2, which does not contain its fix f1")
    assert bug.status == BugStatus.OPEN
    bug.move(BugStatus.PATCHED, 1, "f2", "patched again on this line")
    assert bug.status == BugStatus.PATCHED


@pytest.mark.parametrize(
    ("path", "illegal"),
    [
        ([], BugStatus.VERIFIED_FIXED),
        ([], BugStatus.REGRESSED),
        ([BugStatus.PATCHED], BugStatus.REGRESSED),
        ([BugStatus.PATCHED, BugStatus.VERIFIED_FIXED, BugStatus.OPEN], BugStatus.VERIFIED_FIXED),
        ([BugStatus.PATCHED, BugStatus.VERIFIED_FIXED], BugStatus.PATCHED),
    ],
)
def test_illegal_transitions_raise_and_leave_the_status_unchanged(path, illegal):
    bug = BugLifecycle.opened(1, "c1", "found")
    for status in path:
        bug.move(status, 1, "c", "step")
    before = list(bug.events)
    with pytest.raises(IllegalTransition):
        bug.move(illegal, 2, "c", "not allowed")
    assert bug.events == before


def test_a_stored_history_is_replayed_and_a_corrupt_one_is_refused():
    events = [
        LifecycleEvent(from_status=None, to_status=BugStatus.OPEN, session=1, commit="c1", reason="found"),
        LifecycleEvent(
            from_status=BugStatus.OPEN, to_status=BugStatus.PATCHED, session=1, commit="c2", reason="patch"
        ),
    ]
    assert BugLifecycle.replay(events).status == BugStatus.PATCHED
    skipping = [
        events[0],
        LifecycleEvent(
            from_status=BugStatus.PATCHED,
            to_status=BugStatus.VERIFIED_FIXED,
            session=2,
            commit="c2",
            reason="skip",
        ),
    ]
    with pytest.raises(IllegalTransition):
        BugLifecycle.replay(skipping)
