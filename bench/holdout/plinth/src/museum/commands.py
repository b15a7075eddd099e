"""Reading a typed command (`verb key=value ...`) and answering it."""

from __future__ import annotations

from typing import Any

from museum.game import AFTER_END, ALIASES, VERBS, Museum, Refusal

HELP = """<pre>
commands:
  help:
    does: show this tree
  look:
    also: status
    does: the day, budget, reputation, each gallery's walls and the store
  catalogue:
    also: browse
    does: what the dealers offer, with price, wall size, appeal, condition and stock
  acquire:
    also: buy
    params:
      piece: the offer's name from the catalogue (e.g. amphora)
    does: buy the piece; it arrives in the store
  hang:
    also: move
    params:
      piece: the piece's number (#id)
      room: east | west | atrium
    does: hang a piece on a gallery wall, or move it from another gallery
  unhang:
    also: takedown
    params:
      piece: the piece's number
    does: take a piece down into the store
  restore:
    params:
      piece: the piece's number
    does: pay the conservators to bring a damaged piece back to good condition
  appraise:
    params:
      piece: the piece's number
    does: what a dealer would pay for the piece now
  sell:
    params:
      piece: the piece's number
    does: sell the piece back to its dealer at its appraised value
  open:
    params:
      days: 1 to 5 (default 1)
    does: open the doors; visitors come, tickets sell, reputation grows
example: hang piece=2 room=east
</pre>"""


class Parsed:
    def __init__(self, verb: str, args: dict[str, str]):
        self.verb = verb
        self.args = args


def parse(text: str) -> Parsed:
    words = text.strip().lower().split()
    if not words:
        raise Refusal("<p>Type a command; <code>help</code> lists them.</p>")
    verb = ALIASES.get(words[0], words[0])
    args: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise Refusal(f"<p>Arguments are written <code>key=value</code>; <code>{_safe(word)}</code> is not.</p>")
        args[key] = value
    return Parsed(verb, args)


def _safe(text: str) -> str:
    from html import escape

    return escape(text)


def run(museum: Museum, text: str) -> tuple[str, bool]:
    """Answer one command: (HTML message, whether it was carried out)."""
    try:
        parsed = parse(text)
        if parsed.verb == "help":
            return HELP, True
        if parsed.verb not in VERBS:
            raise Refusal(f"<p>The museum does not know <code>{_safe(parsed.verb)}</code>. Type <code>help</code>.</p>")
        if museum.over and parsed.verb not in AFTER_END:
            raise Refusal("<p>The season is over; only <code>look</code>, <code>catalogue</code> and <code>appraise</code> remain.</p>")
        handler: Any = getattr(museum, parsed.verb)
        return handler(parsed.args), True
    except Refusal as refusal:
        return str(refusal), False
