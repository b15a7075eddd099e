"""The page every HTML view shares: one self-contained file (inline CSS, inline SVG), readable on a phone."""

from __future__ import annotations

from html import escape

CSS = """
:root { --fg: #1d2125; --muted: #5c6670; --line: #d9dee3; --bg: #ffffff; --card: #f5f7f9; --accent: #0072B2; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
       background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1rem; margin-bottom: .25rem; }
a { color: var(--accent); }
code { font-size: .9em; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr)); gap: .75rem; }
.card { background: var(--card); border-radius: .5rem; padding: .75rem 1rem; }
.card .value { display: block; font-size: 1.6rem; font-weight: 600; }
.card .label { color: var(--muted); font-size: .85rem; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 1rem; }
figure { margin: 0 auto; max-width: 560px; width: 100%; }
figure svg { width: 100%; height: auto; display: block; }
dl.config { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0; }
dl.config dt { color: var(--muted); }
dl.config dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .95rem; }
th, td { border: 1px solid var(--line); padding: .4rem .55rem; text-align: left; vertical-align: top; }
th { background: var(--card); }
details { border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .75rem; margin: .5rem 0; }
summary { cursor: pointer; font-weight: 600; }
.status { display: inline-block; border-radius: 1rem; padding: 0 .6rem; font-size: .85rem; color: #fff; }
.status-open { background: #D55E00; } .status-patched { background: #B07A00; }
.status-verified_fixed { background: #007a5a; } .status-regressed { background: #a8558c; }
.status-fixed_elsewhere { background: #2a7fb0; }
.scroll { overflow-x: auto; }
table.plain td, table.plain th { white-space: nowrap; }
@media (max-width: 700px) {
  main { padding: .6rem; }
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border: 1px solid var(--line); border-radius: .5rem; margin-bottom: .75rem;
                   padding: .25rem 0; }
  table.stack td, table.stack th[scope='row'] { display: block; border: none; padding: .2rem .6rem; }
  table.stack th[scope='row'] { background: none; }
  table.stack td::before { content: attr(data-label); display: block; font-size: .75rem; color: var(--muted);
                           text-transform: uppercase; letter-spacing: .03em; }
}
"""


def page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n"
        f"<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def table(
    rows: list[dict[str, str]],
    table_id: str = "",
    raw_columns: frozenset[str] = frozenset(),
    stack: bool = True,
) -> str:
    """`stack`: one card per row on a narrow screen (wide text); else a table that scrolls sideways (numbers).
    `raw_columns` hold trusted HTML (links)."""
    if not rows:
        return "<p class='muted'>Nothing recorded.</p>"
    columns = list(rows[0])
    ident = f" id='{escape(table_id)}'" if table_id else ""
    head = "".join(f"<th scope='col'>{escape(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = "".join(
            f"<td data-label='{escape(c)}'>{row[c] if c in raw_columns else escape(str(row[c]))}</td>"
            for c in columns
        )
        body.append(f"<tr>{cells}</tr>")
    html = f"<table class='{'stack' if stack else 'plain'}'{ident}><thead><tr>{head}</tr></thead>"
    html += f"<tbody>{''.join(body)}</tbody></table>"
    return html if stack else f"<div class='scroll'>{html}</div>"


def figure(svg: str, caption: str) -> str:
    return f"<figure role='img' aria-label='{escape(caption)}'>{svg}</figure>"


def link(href: str, text: str) -> str:
    return f"<a href='{escape(href)}'>{escape(text)}</a>"
