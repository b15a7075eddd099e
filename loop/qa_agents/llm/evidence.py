"""What code, not a model, decides about a suspected bug: is its quoted evidence real, which bug is it, and
how sure is the report.

- The quote a reflection gives must appear verbatim (case, spacing and markdown marks aside) in a source the
  agent holds: the docs, the game's command list, or a reply the game gave EARLIER in the same game; or, when
  code found the step's reply contradicting its state (contradictions.py), that reply or that state.
  Otherwise the hypothesis is never investigated: a planner's wrong guess cannot become a bug, and a reply
  alone cannot vouch for itself.
- Two suspicions are the same bug when the anomaly is the same: the same final command and the same game reply
  to it. The model's wording (title, mechanic) plays no part, so a reworded duplicate is recognised and a
  made-up id changes nothing (no id is asked for).
- Confidence comes from what verification established: how many judged replays of the final repro showed it,
  and where the evidence came from.
"""

from __future__ import annotations

import re

from loop.qa_agents.llm.contradictions import state_quotes
from loop.replay.transcript import Step

MIN_QUOTE_CHARS = 12
MAX_KEY_REPLY_CHARS = 240
SOURCE_WEIGHT = {
    "documentation": 0.3,
    "crash": 0.3,
    "command list": 0.25,
    "earlier reply": 0.15,
    "current reply": 0.15,
    "state": 0.15,
    "person's report": 0.2,
    "known bug": 0.2,
}


def normalized(text: str) -> str:
    text = re.sub(r"\s+", " ", text.lower()).strip()
    return text.strip(" \"'`.,;:!?")


def plain(text: str) -> str:
    """`normalized`, markdown's code, emphasis and table marks aside: a model quoting `**six** items` of the
    docs writes `six items`."""
    return normalized(text.replace("`", "").replace("*", "").replace("|", " "))


def quote_source(quote: str, sources: dict[str, str]) -> str | None:
    """The name of the first source holding `quote` verbatim (case, spacing and markdown marks aside); None
    for a quote too short or found nowhere."""
    wanted = plain(quote)
    if len(wanted) < MIN_QUOTE_CHARS:
        return None
    return next((name for name, text in sources.items() if wanted in plain(text)), None)


def evidence_source(
    quote: str,
    played: Step,
    docs: str,
    help_text: str,
    earlier_replies: list[str],
    *,
    contradicted: bool = False,
) -> str | None:
    """Where a hypothesis's quote is found verbatim; a crash (server error) needs none. None: not evidence.
    `contradicted`: code found this step's reply disagreeing with its state, so both may be quoted."""
    if played.observation is None and ((played.status or 0) >= 500 or played.outside_api):
        return "crash"
    sources = {"documentation": docs, "command list": help_text, "earlier reply": "\n".join(earlier_replies)}
    if contradicted:
        sources |= {"current reply": played.message, "state": state_quotes(played.state)}
    return quote_source(quote, sources)


def knowledge_text(docs: str, help_text: str) -> str:
    """What the judges read the game against: the design docs (QA mode) and the game's command list."""
    language = f"Command list (the game's help):\n{help_text or '(none)'}"
    return f"{docs}\n\n{language}" if docs else language


def anomaly_key(command: str, reply: str) -> str:
    """What makes two suspicions the same bug: the final command and the game's reply to it, normalized
    (numbers masked, so a turn counter in a reply does not split one bug in two). The same for every source:
    the QA agent and intake file one anomaly under one fingerprint."""
    reply_part = re.sub(r"\d+", "#", normalized(reply))[:MAX_KEY_REPLY_CHARS]
    return f"anomaly|{normalized(command)}|{reply_part}"


def confidence(agreeing: int, judged: int, source: str) -> float:
    """0.6 for every judged replay of the final repro agreeing, plus the weight of the evidence's source."""
    replayed = 0.6 * agreeing / judged if judged else 0.0
    return round(min(0.95, replayed + SOURCE_WEIGHT.get(source, 0.1)), 2)
