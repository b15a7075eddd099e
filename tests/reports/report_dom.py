"""Read a rendered page's DOM (metric cards, tables by id, links, what would reach the network), and render
pages in headless Chromium."""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser
from pathlib import Path

from loop.run.record import RunRecord


class PageDom(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.metrics: dict[str, str] = {}
        self.tables: dict[str, list[list[str]]] = {}
        self.hrefs: list[str] = []
        self.sources: list[str] = []
        self.tags: list[str] = []
        self._metric: str | None = None
        self._table: str | None = None
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if a.get("data-metric"):
            self._metric = a["data-metric"]
            self.metrics[self._metric] = ""
        if tag == "table":
            self._table = a.get("id") or f"table-{len(self.tables)}"
            self.tables[self._table] = []
        elif tag == "tr" and self._table:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table:
            self._cell = []
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])
        for attr in ("src", "srcset", "data"):
            if a.get(attr):
                self.sources.append(a[attr])
        if tag == "link" and a.get("href"):
            self.sources.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._metric = None
        if tag in ("td", "th") and self._cell is not None and self._table:
            self.tables[self._table][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        if tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._metric:
            self.metrics[self._metric] += data
        if self._cell is not None:
            self._cell.append(data)

    def table_dicts(self, table_id: str) -> list[dict[str, str]]:
        header, *rows = self.tables[table_id]
        return [dict(zip(header, row, strict=True)) for row in rows]


CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def chromium(page: Path, profile: Path, *mode: str, size: str = "1280,2400") -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            f"--user-data-dir={profile}",
            f"--window-size={size}",
            *mode,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def expected_cards(run: RunRecord) -> dict[str, str]:
    m = run.sessions[-1].metrics
    attempts = [a for s in run.sessions for a in s.attempts]
    cost = sum(a.cost_usd for a in attempts) + sum(s.qa_cost_usd for s in run.sessions)
    tokens = sum(a.tokens_in + a.tokens_out for a in attempts) + sum(s.qa_tokens for s in run.sessions)
    return {
        "discovery": f"{m.discovered}/{m.ground_truth_total}",
        "fixing": f"{m.fixed_verified}/{m.ground_truth_total}",
        "sessions": str(len(run.sessions)),
        "attempts": str(len(attempts)),
        "cost": f"${cost:.2f}",
        "tokens": f"{tokens:,}",
    }
