"""report.html: self-contained, every number from run.json, readable in a real browser (phone and desktop)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from report_dom import ARTIFACTS, CHROMIUM, PageDom, chromium, expected_cards

from reports.html import render_run_html
from reports.table7 import table7_rows
from reports.writer import write_run_reports


def test_report_html_is_self_contained_and_links_only_to_files_of_the_run(castle_run_dir):
    html = write_run_reports(castle_run_dir)["report.html"].read_text()
    dom = PageDom(html)
    assert "script" not in dom.tags
    assert dom.sources == []  # no image, stylesheet or font fetched from anywhere
    assert "http://" not in html.replace("http://www.w3.org/", "") and "https://" not in html
    assert dom.tags.count("svg") == 4
    assert dom.hrefs, "the page links the patches, transcripts, traces and bug files"
    for href in dom.hrefs:
        assert not href.startswith(("/", "file:", "http")), href
        assert (castle_run_dir / href).is_file(), href


def test_report_html_shows_the_numbers_of_run_json(castle_run):
    castle_run.sessions[-1].qa_cost_usd = 1.25
    castle_run.sessions[-1].qa_tokens = 5000
    dom = PageDom(render_run_html(castle_run))
    assert dom.metrics == expected_cards(castle_run)
    assert dom.metrics["cost"] == "$2.00"
    assert dom.table_dicts("table7") == table7_rows(castle_run)


@pytest.mark.slow
def test_report_html_renders_in_headless_chromium_on_phone_and_desktop(castle_run, castle_run_dir, tmp_path):
    assert Path(CHROMIUM).exists(), "chromium is missing: run scripts/bootstrap.sh"
    page = write_run_reports(castle_run_dir)["report.html"]
    dumped = chromium(page, tmp_path / "profile", "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    dom = PageDom(dumped.stdout)
    assert dom.metrics == expected_cards(castle_run)
    assert dom.table_dicts("table7") == table7_rows(castle_run)
    agents = dom.table_dicts("agents")
    assert agents[0]["Agent"] == "gold" and agents[0]["Tokens in / out"] == "2000 / 200"
    assert agents[0]["Cost (USD)"] == "0.7500"
    by_difficulty = {row["Difficulty"]: row for row in dom.table_dicts("difficulty")}
    assert by_difficulty["easy"] == {
        "Difficulty": "easy",
        "Bugs": "2",
        "Discovered": "2",
        "Fixed (verified)": "2",
    }
    assert list(by_difficulty) == ["easy", "medium"]

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, size in (("phone", "390,2400"), ("desktop", "1280,2400")):
        shot = tmp_path / f"report-{name}.png"
        result = chromium(page, tmp_path / "profile", f"--screenshot={shot}", size=size)
        assert result.returncode == 0, result.stderr[-2000:]
        assert shot.stat().st_size > 20_000  # a blank page compresses to a few KB
        shutil.copy(shot, ARTIFACTS / shot.name)


def test_a_run_that_just_started_renders_every_view(castle_run, tmp_path):
    castle_run.sessions.clear()
    castle_run.bugs.clear()
    castle_run.status = "running"
    run_dir = tmp_path / castle_run.run_id
    run_dir.mkdir()
    castle_run.save(run_dir / "run.json")
    paths = write_run_reports(run_dir)
    assert "_No session has finished yet._" in paths["report.md"].read_text()
    dom = PageDom(paths["report.html"].read_text())
    assert dom.metrics == {"sessions": "0", "attempts": "0", "cost": "$0.00", "tokens": "0"}
    assert dom.tags.count("svg") == 0


def test_without_ground_truth_the_page_counts_confirmed_bugs_and_drops_the_difficulty_chart(castle_run):
    castle_run.ground_truth.clear()
    for session in castle_run.sessions:
        session.metrics.ground_truth_total = None
    dom = PageDom(render_run_html(castle_run))
    assert dom.metrics["confirmed"] == "3"
    assert dom.metrics["fixing"] == "3"
    assert "difficulty" not in dom.tables
    assert dom.tags.count("svg") == 3


def test_bug_titles_with_dollars_and_markup_are_shown_as_written(castle_run):
    bug = castle_run.bugs[castle_run.sessions[0].new_bugs[0]]
    bug.ground_truth_id = None
    castle_run.sessions[0].matches.clear()
    bug.report.title = "Shop sells at $5 but charges $3 <b>"
    html = render_run_html(castle_run)
    assert "<b>" not in html
    lifecycle = html[html.index("<h2>Bugs</h2>") : html.index("</figure>", html.index("<h2>Bugs</h2>"))]
    assert ">Shop sells at $5 but charges $3 &lt;b&gt;</text>" in lifecycle  # a label, not TeX
