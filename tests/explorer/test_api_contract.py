"""API-contract fuzzing on the real toy game: odd bodies and odd arguments that break a game are reported with
a repro the judge replays; the clean game answers every probe with JSON and gets no report."""

from __future__ import annotations

import pytest

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.qa import get_qa_agent
from loop.qa_agents.explorer.api_contract import ApiContractOracle
from loop.qa_agents.explorer.api_probes import BODY_PROBES, GAME_ID, ApiProbe, send, violation
from loop.replay.report_replay import replay_report

from .conftest import running_toybox

pytestmark = pytest.mark.slow


def session(client, commit, out_dir, steps: int = 600):
    return get_qa_agent("explorer").run_session(
        client, build_commit=commit, steps=steps, seed=0, out_dir=out_dir
    )


def test_a_body_that_drops_the_connection_is_reported_and_replays_only_where_it_breaks(tmp_path):
    with running_toybox(tmp_path / "fragile", "fragile") as (client, commit):
        result = session(client, commit, tmp_path / "out")
        contract = [r for r in result.reports if r.oracle == "api-contract"]
        assert len(contract) >= 1, [r.title for r in result.reports]
        report = contract[0]
        probe = ApiProbe.of_subject(report.oracle_subject)
        assert probe is not None and probe.label in report.title
        assert probe.shown() in report.observed and "no answer" in report.observed
        assert report.repro == [probe.raw_step()] and report.bug_type == "crash"
        assert replay_report(report, client).anomaly_present
    with running_toybox(tmp_path / "clean") as (client, _):
        verdict = replay_report(report, client)
        assert not verdict.anomaly_present and not verdict.crashed, verdict.detail


def test_the_clean_game_answers_every_probe_with_json(clean_toybox):
    client, _ = clean_toybox
    game_id = client.new_game().game_id
    answers = {probe.label: send(client, probe, game_id) for probe in BODY_PROBES}
    assert {label: violation(answer) for label, answer in answers.items() if violation(answer)} == {}
    refused = answers["the body is a JSON list"]
    assert refused.status == 404 and refused.json_object == {"error": "unknown game"}  # a 4xx: right
    assert ApiContractOracle().check(BODY_PROBES[1], refused, 0) is None


def test_an_odd_argument_that_crashes_the_game_is_a_server_error_with_a_command_repro(tmp_path):
    with running_toybox(tmp_path / "longword", "longword") as (client, commit):
        result = session(client, commit, tmp_path / "out")
        crashes = [r for r in result.reports if r.oracle == "server-error"]
        assert len(crashes) == 1, [r.title for r in result.reports]
        crash: BugReport = crashes[0]
        assert max(len(word) for word in crash.repro[-1].split()) > 64
        assert len(crash.repro) <= 3  # e.g. 'go east', 'take <long word>'
        assert replay_report(crash, client).anomaly_present
    with running_toybox(tmp_path / "clean") as (client, _):
        assert not replay_report(crash, client).anomaly_present


def test_a_probe_answer_never_carries_a_hidden_field(clean_toybox):
    client, _ = clean_toybox
    with GameClient(client.base_url, strip_fields=["inventory"]) as hiding:  # as a manifest's strip_fields
        look = ApiProbe(label="a look", body=f'{{"game_id": "{GAME_ID}", "command": "look"}}')
        answer = send(hiding, look, hiding.new_game().game_id)
        assert answer.status == 200 and "room" in answer.json_object["state"]
        assert "inventory" not in answer.text
