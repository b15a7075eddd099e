import subprocess

import pytest

from loop.critic import assign_one_to_one, disagreements, run_critics
from loop.critic.base import Critic, CriticMatch
from loop.critic.differential import DifferentialCritic
from loop.sandbox import get_provider
from tests.critic.conftest import DRAGON, DROPPED_BOOK, DROPPED_LAMP, KEY_LEAK, SEALED_DOOR, oracle_judge


def critic_for(minigame, repo, tmp_path) -> DifferentialCritic:
    repo_dir, commit = repo
    return DifferentialCritic(
        get_provider("process"), minigame.manifest, repo_dir, commit, oracle_judge, tmp_path / "variants"
    )


@pytest.mark.slow
def test_differential_critic_matches_each_report_to_the_bug_whose_gold_patch_removes_it(
    minigame, benchmark, repo, tmp_path
):
    critic = critic_for(minigame, repo, tmp_path)
    reports = [KEY_LEAK, DROPPED_LAMP, DROPPED_BOOK, DRAGON, SEALED_DOOR]
    matches = critic.match(reports, benchmark)
    assert [(m.bug_id, m.duplicate) for m in matches] == [
        ("BUG-1", False),
        ("BUG-2", False),
        ("BUG-2", True),
        (None, False),
        (None, False),
    ]
    assert matches[0].score == 1.0 and "BUG-1" in matches[0].rationale
    assert "does not show on the base build" in matches[3].rationale
    assert "no gold patch removes the anomaly" in matches[4].rationale
    assert all(m.critic == "differential" for m in matches)


class EveryReportIsBug1(Critic):
    """A deliberately naive second critic, to show disagreements are surfaced."""

    name = "naive"

    def candidates(self, reports, benchmark):
        return [CriticMatch(fingerprint=r.fingerprint, bug_id="BUG-1", score=0.5) for r in reports]


@pytest.mark.slow
def test_when_two_critics_run_their_disagreements_are_listed(minigame, benchmark, repo, tmp_path):
    panel = run_critics(
        [critic_for(minigame, repo, tmp_path), EveryReportIsBug1()], [KEY_LEAK, DRAGON], benchmark
    )
    assert [m.bug_id for m in panel.used()] == ["BUG-1", None]
    assert [(d.title, d.verdicts) for d in panel.disagreements] == [
        (DRAGON.title, {"differential": None, "naive": "BUG-1"})
    ]


@pytest.mark.slow
def test_gold_variants_stay_out_of_the_game_repository_and_are_reused(minigame, benchmark, repo, tmp_path):
    repo_dir, commit = repo
    critic = critic_for(minigame, repo, tmp_path)
    critic.match([KEY_LEAK], benchmark)
    bug = benchmark.bug("BUG-1")
    first = critic.variants.variant(commit, bug, benchmark.gold_patch(bug))
    assert critic.variants.variant(commit, bug, benchmark.gold_patch(bug)) == first
    all_commits = subprocess.run(
        ["git", "rev-list", "--all", "--reflog"], cwd=repo_dir, capture_output=True, text=True, check=True
    ).stdout.split()
    assert all_commits == [commit], "a gold patch commit leaked into the repository agents see"
    assert "drawer_open and self.drawer" in (first[0] / "game.py").read_text()
    assert "drawer_open and self.drawer" not in (repo_dir / "game.py").read_text()


def test_one_to_one_keeps_the_best_report_and_drops_unknown_ids():
    proposals = [
        CriticMatch(fingerprint="a", bug_id="BUG-1", score=0.6),
        CriticMatch(fingerprint="b", bug_id="BUG-1", score=0.9),
        CriticMatch(fingerprint="c", bug_id="BUG-7", score=0.9, rationale="made up"),
        CriticMatch(fingerprint="d", bug_id=None, score=0.1),
    ]
    matched = assign_one_to_one(proposals, {"BUG-1", "BUG-2"})
    assert [(m.bug_id, m.duplicate) for m in matched] == [
        ("BUG-1", True),
        ("BUG-1", False),
        (None, False),
        (None, False),
    ]
    assert "unknown id 'BUG-7'" in matched[2].rationale


def test_disagreements_between_critics_are_listed():
    reports = [KEY_LEAK, DROPPED_LAMP]
    one = [
        CriticMatch(fingerprint=r.fingerprint, bug_id=b, score=1)
        for r, b in zip(reports, ["BUG-1", "BUG-2"], strict=True)
    ]
    two = [
        CriticMatch(fingerprint=r.fingerprint, bug_id=b, score=1)
        for r, b in zip(reports, ["BUG-1", None], strict=True)
    ]
    found = disagreements(reports, {"differential": one, "llm": two})
    assert [(d.title, d.verdicts) for d in found] == [
        (DROPPED_LAMP.title, {"differential": "BUG-2", "llm": None})
    ]


def test_a_gold_patch_that_no_longer_applies_is_skipped_and_leaves_no_half_made_variant(
    minigame, benchmark, repo, tmp_path
):
    from loop.critic.variants import GoldVariants, VariantError
    from tests.critic.conftest import commit_patch

    repo_dir, _ = repo
    bug = benchmark.bug("BUG-1")
    fixed = commit_patch(repo_dir, benchmark.gold_patch(bug), "fix BUG-1 by hand")
    variants = GoldVariants(repo_dir, tmp_path / "variants")
    for _ in range(2):  # the second try cleans up after the first instead of tripping over it
        with pytest.raises(VariantError):
            variants.variant(fixed, bug, benchmark.gold_patch(bug))
    assert not (tmp_path / "variants" / f"{fixed[:12]}-BUG-1").exists()
    other = benchmark.bug("BUG-2")
    path, commit = variants.variant(fixed, other, benchmark.gold_patch(other))
    assert (
        commit != fixed
        and "shown = self.items[self.room] + self.floor[self.room]" in (path / "game.py").read_text()
    )
