"""The manual: `help` lists the commands, `help COMMAND` prints its page."""

COMMAND_ORDER = ("help", "status", "kilns", "enrol", "buy", "throw", "glaze", "load", "fire", "wait",
                 "unload", "sell")


def _page(name: str, summary: str, synopsis: list[str], description: str, options: list[tuple[str, str]]) -> str:
    lines = ["NAME", f"    {name} - {summary}", "", "SYNOPSIS"]
    lines += [f"    {line}" for line in synopsis]
    lines += ["", "DESCRIPTION"]
    lines += [f"    {line}" if line else "" for line in description.strip().splitlines()]
    lines += ["", "OPTIONS"]
    if not options:
        lines.append("    None.")
    for flags, text in options:
        lines.append(f"    {flags}")
        lines += [f"        {line}" for line in text.strip().splitlines()]
    return "\n".join(lines)


MAN_PAGES = {
    "help": _page(
        "help", "list the commands, or show the manual page of one",
        ["help", "help COMMAND"],
        """
Without an argument, prints the names of every command on one line.
With a COMMAND, prints its manual page.
""",
        [],
    ),
    "status": _page(
        "status", "show the co-op at a glance",
        ["status"],
        """
Prints the day and hour, the till, the electricity owed, the members, the
clay and glaze in stock, how many pieces are at each stage, and each kiln.
The same numbers are in the game state.
""",
        [],
    ),
    "kilns": _page(
        "kilns", "describe both kilns",
        ["kilns"],
        """
Prints each kiln's size, power, how fast it climbs, its standard
schedules, and what it is doing now.
""",
        [],
    ),
    "enrol": _page(
        "enrol", "take on a new member",
        ["enrol -n NAME", "enrol --name NAME"],
        """
A new member pays the joining fee of £20.00 into the till. Every member
can throw 4 pieces a day, so each new member raises the daily limit.
The studio has wheels for 6 members.
""",
        [("-n, --name NAME", "The member's name: one word of letters, at most 20 of them.")],
    ),
    "buy": _page(
        "buy", "order clay or glaze from the supplier",
        ["buy -c KG", "buy --clay KG", "buy -g GLAZE [-m ML]", "buy --glaze GLAZE [--ml ML]"],
        """
Clay costs 150p a kg, or 120p a kg for an order of 10 kg or more.
Glaze costs 3p a ml and comes in 100 ml measures. The supplier sells
celadon, tenmoku and shino. The price comes out of the till at once; an
order the till can't cover is refused. One order per command.
""",
        [
            ("-c, --clay KG", "Kilograms of clay, 1 to 100."),
            ("-g, --glaze GLAZE", "Which glaze: celadon, tenmoku or shino."),
            ("-m, --ml ML", "Millilitres of glaze, 100 to 5000 in steps of 100. Default 500."),
        ],
    ),
    "throw": _page(
        "throw", "throw pots on the wheels",
        ["throw -n COUNT", "throw --count COUNT"],
        """
The members throw COUNT pieces, 1 kg of clay each. Each member throws at
most 4 pieces a day. New pieces are wet; they dry into greenware
overnight (at midnight) and only then can go into a bisque firing.
""",
        [("-n, --count COUNT", "How many pieces to throw.")],
    ),
    "glaze": _page(
        "glaze", "dip bisque pieces in glaze",
        ["glaze -n COUNT [-g GLAZE]", "glaze --count COUNT [--glaze GLAZE]"],
        """
Glazes COUNT bisque pieces, using 100 ml of glaze for each. Glazed pieces
are ready for a glaze firing.
""",
        [
            ("-n, --count COUNT", "How many bisque pieces to glaze."),
            ("-g, --glaze GLAZE", "celadon, tenmoku or shino. Default celadon."),
        ],
    ),
    "load": _page(
        "load", "pack pieces into a kiln",
        ["load -k KILN [-n COUNT] [-s STAGE]", "load --kiln KILN [--count COUNT] [--stage STAGE]"],
        """
Packs pieces into a kiln for a firing. A bisque firing takes dry
greenware; a glaze firing takes glazed pieces. A kiln holds one stage at a
time, and at most its capacity: kiln 1 holds 8 pieces, kiln 2 holds 20.
A kiln can't be loaded while it is firing, while it still holds its last
firing, or while it is above 200 C.
""",
        [
            ("-k, --kiln KILN", "1 or 2."),
            ("-n, --count COUNT", "How many pieces. Default: as many as are ready and fit."),
            ("-s, --stage STAGE", "bisque or glaze. Default bisque."),
        ],
    ),
    "fire": _page(
        "fire", "fire a loaded kiln",
        ["fire -k KILN [-h HOURS]", "fire --kiln KILN [--hours HOURS]"],
        """
Starts a firing. The kiln climbs from its current temperature at its own
rate (kiln 1: 200 C an hour, kiln 2: 150 C an hour) for HOURS hours, to at
most 1300 C; then it cools by 100 C an hour. Bisque fires between 900 and
1050 C, glaze between 1200 and 1280 C: below the window the pieces come out
unchanged, above it they crack. Each kiln fires at most once a day.

Electricity: kiln 1 draws 3 kW, kiln 2 draws 8 kW, at 28p a kWh for every
hour of the firing. It goes on the electricity account, paid from the till
at midnight. A firing is refused if the till can't cover what is owed plus
this firing.
""",
        [
            ("-k, --kiln KILN", "1 or 2."),
            ("-h, --hours HOURS", "1 to 12. Default: the kiln's standard schedule for what is in it\n"
                                  "(kiln 1: bisque 5, glaze 6; kiln 2: bisque 6, glaze 8)."),
        ],
    ),
    "wait": _page(
        "wait", "let time pass",
        ["wait [-h HOURS]", "wait [--hours HOURS]"],
        """
Passes HOURS hours. Kilns fire and cool as the hours go. At midnight wet
pieces dry into greenware, the electricity bill is paid from the till,
the daily throwing limit and each kiln's daily firing start again, and a
new day begins. The lease ends at the end of day 7.
""",
        [("-h, --hours HOURS", "1 to 24. Default 1.")],
    ),
    "unload": _page(
        "unload", "open a kiln and take the pieces out",
        ["unload [-k KILN]", "unload [--kiln KILN]"],
        """
Takes the pieces out of a kiln. Unfired pieces go back where they came
from. Fired pieces come out according to the firing's peak temperature (see
help fire). Opening a kiln above 200 C cracks half of its pieces, rounded
up, by thermal shock; the rest come out as the firing left them. Cracked
pieces can't be sold.
""",
        [("-k, --kiln KILN", "1 or 2. Default: every kiln that holds pieces and is not firing.")],
    ),
    "sell": _page(
        "sell", "sell finished pieces in the co-op shop",
        ["sell [-n COUNT]", "sell [--count COUNT]"],
        """
Sells finished (glaze-fired) pieces at £18.00 each, into the till.
Selling the twelfth piece wins the game.
""",
        [("-n, --count COUNT", "How many pieces. Default 1.")],
    ),
}
