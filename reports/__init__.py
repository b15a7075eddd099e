"""Views of a run, every one rendered from runs/<run_id>/run.json alone: Table 7 (markdown and rows),
per-bug issue files, report.html, the repair-agent comparison and the nightly trend. No Prefect here:
flows/ publishes these strings and rows as artifacts."""
