"""What the people of Lanternhook say when questioned, depending on what the notebook already holds.

`answer` returns the phrasings of one answer (the narrator picks one) and the clue it gives, if any.
"""

from __future__ import annotations

Answer = tuple[tuple[str, ...], str | None]


def _quill(clues: set[str]) -> Answer:
    if "Quill's alibi" not in clues:
        return (
            (
                "'Silas? God rest him. I was at vespers all evening, sir, the Reverend will tell you so. "
                "Now, are you buying, or only asking?'",
                "He smooths his apron. 'Vespers, the whole evening long. Ask Reverend Hale. A sad business, "
                "a very sad business.'",
            ),
            "Quill's alibi",
        )
    if "broken alibi" in clues:
        return (
            (
                "He wipes his hands on his apron, again and again. 'Vespers, I said. Ask anyone.' His eyes "
                "go to the door.",
                "'The Reverend is an old man,' he says too quickly. 'He forgets who sits where.'",
            ),
            None,
        )
    if "page of dues" in clues:
        return (
            (
                "'A page of figures? Any clerk in the county writes a cramped hand.' He laughs, and it "
                "does not quite work.",
                "'I keep a good many books, sir. Scraps of paper prove nothing.'",
            ),
            None,
        )
    return (
        (
            "'I have told you: I was at vespers.' He turns back to his shelves.",
            "'Vespers,' he repeats, patiently, as if to a child.",
        ),
        None,
    )


def _hale(clues: set[str]) -> Answer:
    if "Quill's alibi" in clues:
        return (
            (
                "'Jory Quill, at vespers?' The old man frowns. 'No. I remember thinking it strange: his pew "
                "stood empty all evening, the first time in twenty years.'",
                "He shakes his head slowly. 'Jory was not at vespers. His pew was empty; I prayed for him, "
                "for I thought him ill.'",
            ),
            "broken alibi",
        )
    return (
        (
            "'Silas was a careful man, and a troubled one this last week. Something about the harbour accounts "
            "not tallying. He would not tell me more.'",
            "'Poor Silas. He sat in that pew on Sunday looking like a man with a stone in his shoe. Money, I "
            "think. It usually is.'",
        ),
        None,
    )


def _maud(clues: set[str]) -> Answer:
    if "missing pages" in clues:
        options: tuple[str, ...] = (
            "'Silas sat at that very table on Tuesday, swearing the harbour dues were short, and that "
            "he'd have it out with whoever kept the book.'",
            "'Pages gone from his ledger? Then it was true, what he said on Tuesday: the dues were short, "
            "and somebody had been at the book.'",
        )
        clue: str | None = "quarrel over dues"
    else:
        options = (
            "'You'll want to ask about Ned Carrow, everyone does. He owed Silas money, that boy, and "
            "everyone heard them shouting at the quay last week.'",
            "She polishes a glass. 'Ned Carrow owed the harbourmaster more than he'll earn this year. I'm "
            "only saying.'",
        )
        clue = "Ned's debts"
    if "chandler's brand" in clues:
        brand = " She glances at your notebook. 'A Q on a hook? That's Quill's iron, sure as sin.'"
        options = tuple(option + brand for option in options)
    return options, clue


def _ned(clues: set[str]) -> Answer:
    if "missing pages" in clues:
        return (
            (
                "'The harbour book? I can't read more than my own name. Jory Quill keeps the figures for the "
                "harbour, always has.'",
                "He shrugs. 'Ask Quill. He does the harbour's sums, not me.'",
            ),
            "Quill keeps the books",
        )
    return (
        (
            "'I was here on the pier, mending, till the lamp went out. I owed him, aye. I never hurt him.'",
            "He does not look up from the net. 'I'd paid him half. Why would I kill a man I owed the rest?'",
        ),
        None,
    )


ANSWERS = {
    "Jory Quill": _quill,
    "Reverend Amos Hale": _hale,
    "Maud Trevelyan": _maud,
    "Ned Carrow": _ned,
}


def answer(person: str, clues: set[str]) -> Answer:
    return ANSWERS[person](clues)
