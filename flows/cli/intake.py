"""`closed-loop intake GAME REPORT.md`: try a human-written bug report on a fresh build; reproduced or not."""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    from loop.sandbox import provider_names

    intake = subparsers.add_parser(
        "intake", help="turn a bug report written by a person into steps, play them, say if it reproduces"
    )
    intake.add_argument("game", help="catalogue name, game folder or git URL")
    intake.add_argument("--manifest", type=Path, default=None, help="the game's game.toml, kept anywhere")
    intake.add_argument("report", type=Path, help="the bug report (markdown or plain text)")
    intake.add_argument("--attempts", type=int, default=2, help="synthesize-and-play attempts (default 2)")
    intake.add_argument(
        "--out", type=Path, default=None, help="where the verdict goes (default: runs/intake-<game>-<time>)"
    )
    intake.add_argument("--backend", default="process", choices=provider_names(), help="sandbox backend")
    intake.set_defaults(func=intake_command)


def intake_command(args: argparse.Namespace) -> int:
    """Exit 0 when reproduced, 1 when not, 2 on a user error (unknown game, no model, no report file)."""
    from games.catalogue import load_game
    from loop.contract.game import materialize
    from loop.contract.game_client import GameClient
    from loop.llm.errors import RequestRejected
    from loop.llm.roles import ModelRoles
    from loop.qa_agents.intake.report_intake import intake
    from loop.qa_agents.llm.repo_tools import RepoReader
    from loop.run.loop_run import new_run_id, runs_root
    from loop.sandbox import BuildSpec, get_provider
    from reports.bug_markdown import render_report_alone

    if not args.verbose:
        logging.getLogger("httpx").setLevel(logging.WARNING)
    report_text = args.report.read_text()
    game = load_game(args.game, args.manifest)
    try:
        models = ModelRoles.configured()
    except (RequestRejected, ValueError) as exc:
        print(f"closed-loop: error: intake needs a model: {exc}", file=sys.stderr)
        return 2
    # without --out, under the runs folder: a temp folder is removed when the command ends
    out_dir = (args.out or runs_root() / f"intake-{new_run_id(game.name)}").resolve()
    with tempfile.TemporaryDirectory(prefix=f"closed-loop-{game.name}-") as workspace:
        repo_dir, commit = materialize(game, Path(workspace))
        docs = f"{game.manifest.description}\n{RepoReader(repo_dir, game.manifest.qa_docs).docs_text()}"
        build = get_provider(args.backend).start(
            BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
        )
        try:
            with GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
                verdict = intake(
                    report_text,
                    client,
                    models,
                    game_title=game.manifest.title,
                    docs=docs,
                    walkthrough=game.walkthrough_commands(repo_dir),
                    build_commit=commit,
                    max_attempts=args.attempts,
                )
        finally:
            build.stop()
            models.close()
    out_dir.mkdir(parents=True, exist_ok=True)
    totals = models.session.totals()
    result = {
        **json.loads(verdict.model_dump_json()),
        "answer": verdict.answer,
        "tokens": totals.input_tokens + totals.output_tokens,
        "cost_usd": round(totals.cost_usd, 6),
        "counts": models.totals(),
    }
    (out_dir / "intake.json").write_text(json.dumps(result, indent=2) + "\n")
    for attempt in verdict.attempts:
        for row in attempt.transcript:
            print(f"> {row['command']}\n  {row['reply'][:300]}")
    if verdict.report is not None:
        (out_dir / f"report-01-{verdict.report.fingerprint}.md").write_text(
            render_report_alone(verdict.report)
        )
    print(f"intake: {verdict.answer}: {verdict.detail}; written to {out_dir}")
    return 0 if verdict.reproduced else 1
