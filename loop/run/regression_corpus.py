"""The regression corpus: every bug the ledger had as verified fixed when the run started is replayed on the
run's first build, in the verify step. One whose repro shows it again comes back as a finding of that session:
the critic keeps it under its own id, the ledger reopens it (regressed, when the commit contains its fix), and
the bisect step looks for the commit that brought it back, from the commit its fix was verified on."""

from __future__ import annotations

import logging

from loop.contract.models import BugReport
from loop.judge.verdict import JudgeAnswer
from loop.ledger import Ledger
from loop.run.lifecycle import BugStatus
from loop.run.loop_run import LoopRun
from loop.verification.round_verification import Verifier

log = logging.getLogger(__name__)
SOURCE = "regression-corpus"


def replay_corpus(run: LoopRun, number: int) -> list[BugReport]:
    """Session 1: the corpus replayed on the session's build (`repro_replays` times each); the reports of the
    bugs that came back, as findings. What each replay decided is kept on the session."""
    session = run.session(number)
    if number != 1:
        return []
    fixed = {key for key, status in run.record.ledger_baseline.items() if status == BugStatus.VERIFIED_FIXED}
    if not fixed:
        return []
    with Ledger() as ledger:
        corpus = {key: r for key, r in ledger.fixed_reports(run.game.name).items() if key in fixed}
    back: list[BugReport] = []
    verifier = Verifier(
        run.provider, run.spec(session.commit), run.parts.judge, replays=run.config.repro_replays
    )
    try:
        for key, report in sorted(corpus.items()):
            judged = verifier.decide(report)
            answer = str(judged.answer)
            if judged.stability.flaky:
                answer = f"{answer} ({judged.stability.label()})"
            session.corpus[key] = answer
            if judged.answer == JudgeAnswer.PRESENT:
                log.info("session %d: %s is back on %s (%s)", number, key, session.commit[:10], report.title)
                back.append(report.model_copy(update={"build_commit": session.commit, "source": SOURCE}))
    finally:
        verifier.close()
    return back
