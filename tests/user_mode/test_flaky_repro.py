"""A repro that shows its bug on every other replay: with one replay per decision a patch that changed nothing
is verified fixed; with three the repro is named flaky, with its rate, and the bug stays open. The explorer
confirms a finding on as many replays and says how many showed it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from flows.assembly import open_run
from flows.cli import main
from games.catalogue import load_game
from loop.contract.game_client import GameClient
from loop.ledger import Ledger
from loop.qa_agents.explorer.findings import Finding, shrink_and_confirm
from loop.replay.oracle import oracle_named
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from loop.sandbox import BuildSpec, get_provider
from reports.writer import write_run_reports
from tests.fixtures.scripted_qa import ScriptedQA
from tests.user_mode.test_bug_identity import SPLINTER, crash

pytestmark = pytest.mark.slow
# a patch that leaves the bug where it is
COSMETIC = "sed -i 's/A dusty workshop/A dusty old workshop/' server.py"


def flaky_splinter(root: Path) -> Path:
    """Splinter whose `saw` answers HTTP 500 on every second use in the game's process, and only then."""
    root.mkdir(parents=True)
    shutil.copy(SPLINTER / "game.toml", root / "game.toml")
    server = (SPLINTER / "server.py").read_text()
    server = server.replace('CRASHING = {"saw", "plane", "sand"}', 'CRASHING = {"plane", "sand"}\nSAWS = [0]')
    server = server.replace(
        "            if verb in CRASHING:",
        '            SAWS[0] += verb == "saw"\n'
        '            if verb in CRASHING or (verb == "saw" and SAWS[0] % 2 == 0):',
    )
    (root / "server.py").write_text(server)
    return root


def loop_with(replays: int, tmp_path: Path) -> RunRecord:
    config = LoopConfig(
        game=str(flaky_splinter(tmp_path / "game")), qa_agent="explorer", repair_agent="command",
        agent_options={"command": COSMETIC}, backend="process", max_rounds=2, repro_replays=replays,
    )  # fmt: skip
    with open_run(config, runs_dir=tmp_path / "runs") as run:
        run.parts.qa_agent = ScriptedQA([crash("saw")], sessions=1)
        run_rounds(run)
        write_run_reports(run.run_dir)
        return RunRecord.load(run.run_dir / "run.json")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    return tmp_path


def test_one_replay_takes_a_flaky_repro_at_its_word(data: Path):
    [bug] = loop_with(1, data).bugs.values()
    assert bug.status == "verified_fixed" and bug.flaky is None  # what a single replay costs


def test_a_repro_that_disagrees_with_itself_is_flaky_and_never_a_fix(data: Path, capsys):
    record = loop_with(3, data)
    [bug] = record.bugs.values()
    assert bug.status == "open"
    assert [e.to_status for e in bug.history] == ["open", "patched", "open"]
    assert bug.flaky is not None and (bug.flaky.present, bug.flaky.replays) == (1, 3)
    [check] = record.sessions[1].verifications
    assert check.verdict == "still_open" and check.repro == bug.flaky
    label = "flaky repro: the bug showed in 1 of 3 replays (33%)"
    assert label in check.detail

    run_dir = data / "runs" / record.run_id
    assert label in (run_dir / "report.md").read_text()
    assert label in next((run_dir / "bugs").glob("*.md")).read_text()
    with Ledger() as ledger:
        [known] = ledger.bugs("splinter")
    assert known.flaky == label and known.status == "open"
    capsys.readouterr()
    assert main(["bugs", "splinter"]) == 0
    assert label in capsys.readouterr().out


def test_the_explorer_reports_a_finding_whose_confirmations_disagree_with_their_rate(data: Path):
    game = load_game(str(flaky_splinter(data / "game")))
    oracle = oracle_named("server-error")
    assert oracle is not None
    saw = ["look", "saw"]
    build = get_provider("process").start(BuildSpec(game.src_dir, game.manifest, ""))
    with build, GameClient(build.url) as client:
        assert oracle.confirm(client, saw, "saw")[0] is None  # the process's first saw: no crash
        anomaly, _ = oracle.confirm(client, saw, "saw")
        assert anomaly is not None
        oracle.confirm(client, saw, "saw")  # the third: none, so the confirmation below starts on a crash
        finding = Finding(anomaly, saw)
        report = shrink_and_confirm(finding, oracle, client, build_commit="", shrink=False, replays=4)
    assert report is not None and (report.replays, report.replays_showing) == (4, 2)
