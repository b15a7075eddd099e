from castle_history import FP, REPORTS
from report_dom import PageDom

from flows.cli import main
from loop.run.agent_comparison import BugVerdict, ComparedBug, ComparisonRecord
from loop.run.record import AttemptRecord
from reports.comparison_view import (
    agent_rows,
    matrix_rows,
    render_comparison_html,
    render_comparison_markdown,
)


def comparison() -> ComparisonRecord:
    """gold fixes all three; aider fixes BUG-2, leaves BUG-3 unverified and breaks the walkthrough on BUG-1;
    noop patches nothing."""

    def attempt(agent: str, gt: str, outcome: str, tokens: int, cost: float, lines: int) -> AttemptRecord:
        return AttemptRecord(
            agent=agent,
            fingerprints=[FP[gt]],
            outcome=outcome,
            commit="e5" * 20 if lines else None,
            files_changed=1 if lines else 0,
            lines_added=lines,
            lines_removed=lines // 2,
            tokens_in=tokens,
            tokens_out=tokens // 4,
            cost_usd=cost,
            wall_seconds=10.0,
        )

    verdicts = {
        "gold": {"BUG-1": "verified_fixed", "BUG-2": "verified_fixed", "BUG-3": "verified_fixed"},
        "aider": {"BUG-1": "regression", "BUG-2": "verified_fixed", "BUG-3": "patched_unverified"},
        "noop": {"BUG-1": "no_patch", "BUG-2": "no_patch", "BUG-3": "no_patch"},
    }
    attempts = {
        "gold": [attempt("gold", g, "patched", 0, 0.0, 4) for g in ("BUG-1", "BUG-2", "BUG-3")],
        "aider": [attempt("aider", g, "patched", 1000, 0.1, 6) for g in ("BUG-1", "BUG-2", "BUG-3")],
        "noop": [attempt("noop", g, "empty_patch", 0, 0.0, 0) for g in ("BUG-1", "BUG-2", "BUG-3")],
    }
    return ComparisonRecord(
        comparison_id="compare-castle-1",
        game="castle",
        commit="a1" * 20,
        agents=["gold", "aider", "noop"],
        bugs=[ComparedBug(fingerprint=FP[g], title=r.title, ground_truth_id=g) for g, r in REPORTS.items()],
        attempts=attempts,
        verdicts=[
            BugVerdict(
                agent=agent,
                fingerprint=FP[gt],
                verdict=v,
                detail="walkthrough fails" if v == "regression" else "",
            )
            for agent, per_bug in verdicts.items()
            for gt, v in per_bug.items()
        ],
    )


def test_matrix_has_one_row_per_bug_and_one_column_per_agent():
    assert matrix_rows(comparison()) == [
        {"Bug": "BUG-1", "gold": "fixed", "aider": "regression", "noop": "no patch"},
        {"Bug": "BUG-2", "gold": "fixed", "aider": "fixed", "noop": "no patch"},
        {"Bug": "BUG-3", "gold": "fixed", "aider": "patched, unverified", "noop": "no patch"},
    ]


def test_per_agent_row_has_fix_rate_cost_tokens_time_and_patch_size():
    rows = {row["Agent"]: row for row in agent_rows(comparison())}
    assert rows["gold"]["Fix rate"] == "3/3 (100%)"
    assert rows["aider"] == {
        "Agent": "aider",
        "Fix rate": "1/3 (33%)",
        "Regressions": "1",
        "Cost (USD)": "0.3000",
        "Tokens in / out": "3000 / 750",
        "Wall time (s)": "30.0",
        "Patch size": "3 files, +18/-9",
    }
    assert rows["noop"]["Fix rate"] == "0/3 (0%)"


def test_markdown_and_html_show_the_same_matrix():
    record = comparison()
    markdown = render_comparison_markdown(record)
    assert "| Bug | gold | aider | noop |" in markdown
    assert "| BUG-3 | fixed | patched, unverified | no patch |" in markdown
    dom = PageDom(render_comparison_html(record))
    assert dom.tables["matrix"][1] == ["BUG-1", "fixed", "regression", "no patch"]
    assert dom.table_dicts("compare-agents") == agent_rows(record)
    assert "script" not in dom.tags and dom.sources == []


def test_comparison_json_round_trips_and_the_report_command_renders_it(tmp_path, capsys, monkeypatch):
    record = comparison()
    folder = tmp_path / "runs" / record.comparison_id
    folder.mkdir(parents=True)
    record.save(folder / "comparison.json")
    assert ComparisonRecord.load(folder / "comparison.json") == record
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLOSED_LOOP_RUNS", raising=False)
    assert main(["report", record.comparison_id]) == 0
    printed = capsys.readouterr().out.split()
    assert printed == ["runs/compare-castle-1/comparison.md", "runs/compare-castle-1/comparison.html"]
    assert "| BUG-1 | fixed | regression | no patch |" in (folder / "comparison.md").read_text()
