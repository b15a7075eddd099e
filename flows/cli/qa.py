"""`closed-loop qa GAME --agent explorer`: one QA session on a fresh build of a game."""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

DEFAULT_STEPS = 600


def register(subparsers: argparse._SubParsersAction) -> None:
    from flows.parameters import positive_int
    from loop.sandbox import provider_names

    qa = subparsers.add_parser("qa", help="play a game with a QA agent and write its bug reports")
    qa.add_argument("game", help="catalogue name, game folder or git URL")
    qa.add_argument("--manifest", type=Path, default=None, help="the game's game.toml, kept anywhere")
    qa.add_argument("--agent", default="explorer", help="QA agent (default: explorer)")
    qa.add_argument(
        "--steps", type=positive_int, default=DEFAULT_STEPS, help=f"step budget (default {DEFAULT_STEPS})"
    )
    qa.add_argument("--seed", type=int, default=0, help="exploration seed (default 0)")
    qa.add_argument(
        "--out", type=Path, default=None, help="where reports and trace go (default: runs/qa-<game>-<time>)"
    )
    qa.add_argument("--backend", default="process", choices=provider_names(), help="sandbox backend")
    qa.add_argument(
        "--mode",
        default="player",
        choices=("player", "qa"),
        help="player: the game API only; qa: also the game's design docs and source (agents that read them)",
    )
    qa.set_defaults(func=qa_command)


def qa_command(args: argparse.Namespace) -> int:
    from games.catalogue import load_game
    from loop.contract.game import materialize
    from loop.contract.game_client import GameClient
    from loop.qa import get_qa_agent, write_session
    from loop.run.loop_run import new_run_id, runs_root
    from loop.sandbox import BuildSpec, get_provider
    from reports.bug_markdown import render_qa_index, render_report_alone

    if not args.verbose:
        logging.getLogger("httpx").setLevel(logging.WARNING)
    game = load_game(args.game, args.manifest)
    try:
        agent = get_qa_agent(args.agent, progress=lambda line: print(f"qa: {line}", flush=True))
    except ValueError as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    # without --out, under the runs folder: a temp folder is removed when the command ends
    out_dir = (args.out or runs_root() / f"qa-{new_run_id(game.name)}").resolve()
    with tempfile.TemporaryDirectory(prefix=f"closed-loop-{game.name}-") as workspace:
        repo_dir, commit = materialize(game, Path(workspace))
        # Agents that read the repository (QA mode) or keep memory per game are told which game this is.
        try:
            agent.prepare(game, repo_dir, args.mode)
        except ValueError as exc:
            print(f"closed-loop: error: {exc}", file=sys.stderr)
            return 2
        print(f"qa: starting {game.name} at {commit[:12]} on the {args.backend} backend", flush=True)
        build = get_provider(args.backend).start(
            BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
        )
        try:
            with GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
                print(f"qa: {args.agent} playing {build.url} for up to {args.steps} steps (seed {args.seed})")
                result = agent.run_session(
                    client, build_commit=commit, steps=args.steps, seed=args.seed, out_dir=out_dir
                )
        finally:
            build.stop()
    write_session(result, out_dir)
    written = []
    for number, report in enumerate(result.reports, 1):
        name = f"report-{number:02d}-{report.fingerprint}.md"
        (out_dir / name).write_text(render_report_alone(report))
        written.append((name, report))
    (out_dir / "index.md").write_text(render_qa_index(game.name, commit, written))
    print(
        f"qa: {len(result.reports)} report(s) in {result.steps} steps, {result.games_started} games, "
        f"{result.wall_seconds:.1f}s ({result.stopped_because}); index: {out_dir / 'index.md'}"
    )
    if result.tokens or result.counts:
        counts = ", ".join(f"{k} {v}" for k, v in result.counts.items())
        print(f"qa: model use: {result.tokens} tokens, ${result.cost_usd:.4f}; {counts}")
    return 0
