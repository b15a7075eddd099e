"""The task every repair agent is given, the CLI agents and the built-in one alike.

It is written from the bug reports (title, expected, observed, steps, evidence, why an earlier patch did not
fix it) and the game's manifest (title, genre, start and test commands, design docs, walkthrough, the gate):
never from the benchmark's ground truth.
"""

from __future__ import annotations

import shlex

from loop.contract.game import Manifest
from loop.contract.models import BugReport
from loop.replay.raw_request import shown
from repair_agents.prompts import render


def task_prompt(reports: list[BugReport], game: Manifest | None = None) -> str:
    """The instruction for the tool, written for the game at hand (prompts/task.md, prompts/task_report.md):
    each report's evidence and repro, how to reproduce and test locally, the gate, the design docs as the
    authority, and for a reopened bug why the last patch did not fix it."""
    sections = []
    for number, report in enumerate(reports, 1):
        steps = "\n".join(f"  {i}. {shown(command)}" for i, command in enumerate(report.repro, 1))
        evidence = "\n".join(f"  {line}" for line in report.evidence.splitlines()) or "  (none recorded)"
        why = report.reopened_because
        reopened = f"\n- an earlier patch did not fix it: {why}" if why else ""
        if report.came_in_with:
            reopened += f"\n- it came in with this commit of the game's history:\n{report.came_in_with}"
        sections.append(
            render(
                "task_report.md",
                number=str(number),
                title=report.title,
                expected=report.expected,
                observed=report.observed,
                steps=steps or "  (a new game shows it)",
                evidence=evidence,
                reopened=reopened,
            )
        )
    game = game or Manifest(name="game", title="the game", genre="text", start_command=["(see README)"])
    return render(
        "task.md",
        game=game.title,
        genre=f"{'an' if game.genre[:1].lower() in 'aeiou' else 'a'} {game.genre}",
        description=f" {game.description}" if game.description else "",
        count="this bug" if len(reports) == 1 else f"these {len(reports)} bugs",
        design_docs=" and ".join(game.qa_docs) or "the docs in the repository",
        start_command=shlex.join(game.start_command),
        port_env=game.port_env,
        test_command=shlex.join(game.test_command) if game.test_command else "the repository's test suite",
        walkthrough=game.walkthrough or "if the game has one",
        reports="\n\n".join(sections),
    )
