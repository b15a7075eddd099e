from report_dom import PageDom

from reports.trend import TrendPoint, render_trend_html, render_trend_markdown, trend_point


def nightly_runs(castle_run):
    """Three nights of CASTLE: all open, one fixed, one fixed and one regressed."""
    runs = []
    for night, statuses in enumerate(
        [
            ("open", "open", "patched"),
            ("verified_fixed", "open", "patched"),
            ("verified_fixed", "regressed", "open"),
        ],
        start=20,
    ):
        run = castle_run.model_copy(deep=True)
        run.run_id = f"castle-nightly-{night}"
        run.finished_at = f"2026-11-{night}T03:00:00+00:00"
        for bug, status in zip(run.bugs.values(), statuses, strict=True):
            bug.status = status
        runs.append(run)
    return runs


def test_trend_point_counts_where_a_run_left_its_game(castle_run):
    point = trend_point(nightly_runs(castle_run)[2])
    assert point == TrendPoint(
        date="2026-11-22", game="castle", open=1, found=3, fixed=1, regressed=1, run_id="castle-nightly-22"
    )


def test_trend_markdown_has_one_table_per_game_in_date_order(castle_run):
    ledger_rows = [
        TrendPoint(date="2026-11-21", game="vault", open=2, found=2, fixed=0, regressed=0),
        TrendPoint(date="2026-11-20", game="vault", open=3, found=3, fixed=0, regressed=0),
    ]
    text = render_trend_markdown([*reversed(nightly_runs(castle_run)), *ledger_rows])
    castle, vault = text.split("## castle\n")[1].split("## vault\n")
    assert castle.splitlines()[3:6] == [
        "| 2026-11-20 | castle-nightly-20 | 3 | 3 | 0 | 0 |",
        "| 2026-11-21 | castle-nightly-21 | 2 | 3 | 1 | 0 |",
        "| 2026-11-22 | castle-nightly-22 | 1 | 3 | 1 | 1 |",
    ]
    assert [line.split(" | ")[0] for line in vault.splitlines()[3:5]] == ["| 2026-11-20", "| 2026-11-21"]


def test_trend_html_draws_one_chart_per_game(castle_run):
    ledger_rows = [TrendPoint(date="2026-11-21", game="vault", open=2, found=2)]
    dom = PageDom(render_trend_html([*nightly_runs(castle_run), *ledger_rows]))
    assert dom.tags.count("svg") == 2
    assert dom.table_dicts("trend-castle")[-1]["Regressed"] == "1"
    assert dom.table_dicts("trend-vault")[0]["Open"] == "2"
