"""bulk-rate: a quantity the game's own text says is charged less is charged less from that quantity on; a
reply's number next to a name the state uses in several places is not read as the one field that moved; and a
discount the reply states is no exchange of something for nothing."""

from __future__ import annotations

from loop.qa_agents.explorer.bulk_rate import BulkRateOracle
from loop.qa_agents.explorer.state_oracles import ReplyDeltaOracle
from loop.qa_agents.explorer.typed_quantity import ExchangeOracle
from tests.explorer.hand_steps import game

BOARD = (
    "The market carts sell:\n- flour: 2 coins a kg\n- sugar: 2 coins a kg\n"
    "An order of 10 or more of one supply gets a tenth off."
)


def shop(cash: int, flour: int = 0) -> dict:
    return {"ledger": {"cash": cash}, "pantry": {"flour": {"amount": flour, "capacity": 40}}}


def buying(big_order_costs: int, verb: str = "buy") -> list:
    return game(
        shop(100),
        ("market", shop(100), True, BOARD),
        (f"{verb} flour 1", shop(98, 1), True, "You buy 1 kg of flour."),
        (f"{verb} flour 2", shop(94, 3), True, "You buy 2 kg of flour."),
        (f"{verb} flour 10", shop(94 - big_order_costs, 13), True, "You buy 10 kg of flour."),
    )


def judged(steps: list, oracle: BulkRateOracle | None = None) -> list:
    oracle = oracle or BulkRateOracle()
    return [a for end in range(1, len(steps) + 1) for a in oracle.judge(steps[:end], set())]


def test_an_order_at_the_threshold_charged_the_full_rate_breaks_the_rule_the_game_stated() -> None:
    found = judged(buying(20))
    assert [a.subject for a in found] == ["bulk|buy flour #|10|ledger.cash|-2"]
    assert judged(buying(18)) == []  # a tenth off, as the board says
    # the claim travels in the subject: a replay without the board is judged the same
    replay = buying(20)[:1] + buying(20)[4:]
    assert BulkRateOracle().rejudge(replay, found[0].subject) is not None
    assert BulkRateOracle().rejudge(buying(18), found[0].subject) is None


def test_a_rule_for_orders_says_nothing_of_sales_nor_of_what_its_reply_does_not_name() -> None:
    assert judged(buying(20, verb="sell")) == []
    unnamed = buying(20)
    unnamed[1].observation.message = "A party of 10 or more gets a tenth off."  # names no flour
    assert judged(unnamed) == []


def test_the_leads_learn_the_rate_then_try_the_threshold() -> None:
    oracle = BulkRateOracle()
    steps = buying(20)[:3]
    judged(steps, oracle)
    tried = [oracle.leads(steps, set()) for _ in range(4)]
    assert tried == [["buy flour 1"], ["buy flour 2"], ["buy flour 10"], []]


def bakery(wasted: int) -> dict:
    return {"shelf": {"bun": {"count": 0, "price": 3}}, "ledger": {"waste": {"bun": wasted, "loaf": 0}}}


def test_a_number_next_to_a_name_the_state_uses_in_several_places_needs_the_place_named() -> None:
    customer = game(
        bakery(0), ("wait 4", bakery(8), True, "The buns are charred. Tobias comes in wanting 3 buns.")
    )
    assert ReplyDeltaOracle().judge(customer, set()) == []
    wasted = game(bakery(0), ("wait 4", bakery(8), True, "The buns are charred: 3 buns go to waste."))
    assert [a.subject for a in ReplyDeltaOracle().judge(wasted, set())] == ["wait ledger.waste.bun"]


def test_a_discount_the_reply_states_is_no_exchange_for_nothing() -> None:
    def stock(cash: int, apples: int) -> dict:
        return {"ledger": {"cash": cash}, "pantry": {"apples": apples}}

    steps = game(
        stock(40, 0),
        ("buy apples 1", stock(39, 1), True, "You buy 1 apple for 1 coin."),
        ("buy apples 2", stock(37, 3), True, "You buy 2 apples for 2 coins."),
        ("buy apples 10", stock(28, 13), True, "You buy 10 apples for 9 coins (a tenth off)."),
    )
    oracle = ExchangeOracle()
    assert [a for end in range(2, 5) for a in oracle.judge(steps[:end], set())] == []
    steps[-1].observation.message = "You buy 10 apples."  # the reply hides what was charged
    assert oracle.judge(steps, set()) != []


def test_a_name_two_fields_share_still_means_the_one_that_changed() -> None:
    def colony(coin: int) -> dict:
        return {"resources": {"coin": coin, "wood": 20}, "target": {"coin": 200}}

    sold = game(colony(40), ("sell wood 5", colony(55), True, "You sell 5 wood for 20 coin."))
    assert [a.subject for a in ReplyDeltaOracle().judge(sold, set())] == ["sell resources.coin"]


def test_a_command_with_no_word_a_rule_could_name_is_judged_without_error() -> None:
    oracle = BulkRateOracle()
    judged(buying(20), oracle)  # a rule read
    short = game({"x": {"cash": 5}}, ("go 3", {"x": {"cash": 2}}, True, "You go."))
    assert oracle.judge(short, set()) == []
    assert oracle.leads(short, set()) == []


def test_a_lower_rate_stated_beside_the_full_one_is_a_rule_and_a_flat_key_in_pence_is_money() -> None:
    def till(pence: int, clay: int) -> dict:
        return {"till_pence": pence, "clay_kg": clay}

    def orders(page: str) -> list:
        return game(
            till(5000, 0),
            ("help buy", till(5000, 0), True, f"DESCRIPTION\n    {page}\n"),
            ("buy --clay 1", till(4850, 1), True, "Bought 1 kg of clay."),
            ("buy --clay 2", till(4550, 3), True, "Bought 2 kg of clay."),
            ("buy --clay 10", till(3050, 13), True, "Bought 10 kg of clay."),
        )

    found = judged(orders("Clay costs 150p a kg, or 120p a kg for an order of 10 kg or more."))
    assert [a.subject for a in found] == ["bulk|buy --clay #|10|till_pence|-150"]
    # two goods' rates and a minimum order: no lower rate from a quantity on
    assert judged(orders("Clay costs 150p a kg; glaze 3p a ml, 100 ml or more a time.")) == []


def test_a_price_line_with_a_lower_rate_covers_its_own_goods_not_those_priced_on_other_lines() -> None:
    def stall(pennies: int) -> dict:
        return {"purse": pennies}

    help_text = (
        "Supplies (any day)\n"
        "  buy <n> wax          wax by the pound: 4p a lb, 3p a lb for 10 lb or more at once\n"
        "  buy <n> wicks        wicks at 1p each\n"
    )

    def buying(thing: str, rate: int) -> list:
        return game(
            stall(500),
            ("help", stall(500), True, help_text),
            (f"buy 1 {thing}", stall(500 - rate), True, "Bought."),
            (f"buy 2 {thing}", stall(500 - 3 * rate), True, "Bought."),
            (f"buy 10 {thing}", stall(500 - 13 * rate), True, "Bought."),
        )

    assert [a.subject for a in judged(buying("wax", 4))] == ["bulk|buy # wax|10|purse|-4"]
    assert judged(buying("wicks", 1)) == []
