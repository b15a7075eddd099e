"""The rules of docs/RULES.md, played through the engine."""

from twisted.trial import unittest

from quarry import story
from quarry.engine import Investigation

WALKTHROUGH = [
    "ask martha about silas",
    "go office",
    "examine ledger",
    "go floor",
    "go store",
    "ask walter about night",
    "go floor",
    "go ledge",
    "examine gorse",
    "take button",
    "rest",
    "go cottages",
    "ask agnes about silas",
    "show button to agnes",
    "accuse crane",
]


class StartTests(unittest.TestCase):
    def test_a_new_case_starts_at_the_inn_on_day_one(self):
        case = Investigation()
        state = case.state()
        self.assertEqual(state["clock"], {"day": 1, "hour": 8, "last_day": 3})
        self.assertEqual(state["detective"], {"location": "inn", "purse": 10, "satchel": []})
        self.assertEqual(state["case"]["status"], "open")
        self.assertEqual(state["casebook"], [])

    def test_help_lists_the_commands(self):
        reply = Investigation().handle("help")
        self.assertTrue(reply.success)
        for word in ("go <place>", "ask <person> about <topic>", "accuse <person>", "casebook"):
            self.assertIn(word, reply.message)

    def test_unknown_verb_is_refused(self):
        case = Investigation()
        reply = case.handle("dance")
        self.assertFalse(reply.success)
        self.assertEqual(case.state()["turn"], 1)


class MovingTests(unittest.TestCase):
    def test_walking_takes_an_hour(self):
        case = Investigation()
        self.assertTrue(case.handle("go office").success)
        self.assertEqual(case.location, "office")
        self.assertEqual(case.hour, 9)

    def test_no_path_no_walk(self):
        case = Investigation()
        reply = case.handle("go ledge")
        self.assertFalse(reply.success)
        self.assertEqual((case.location, case.hour), ("inn", 8))

    def test_nothing_timed_after_six(self):
        case = Investigation()
        for _ in range(5):
            case.handle("go office")
            case.handle("go inn")
        self.assertEqual(case.hour, 18)
        self.assertFalse(case.handle("go office").success)
        self.assertEqual(case.location, "inn")

    def test_rest_pays_for_the_room_and_starts_the_next_day(self):
        case = Investigation()
        case.handle("go office")
        self.assertTrue(case.handle("rest").success)
        self.assertEqual((case.day, case.hour, case.location, case.purse), (2, 8, "inn", 8))

    def test_hayloft_when_the_purse_is_short(self):
        case = Investigation()
        case.purse = 1
        case.handle("rest")
        self.assertEqual((case.day, case.hour, case.purse), (2, 9, 1))


class ShopTests(unittest.TestCase):
    def test_buying_a_lamp(self):
        case = Investigation()
        self.assertTrue(case.handle("buy lamp").success)
        self.assertEqual(case.purse, 7)
        self.assertEqual(case.satchel, ["lamp"])

    def test_three_things_fit(self):
        case = Investigation()
        for _ in range(3):
            self.assertTrue(case.handle("buy ale").success)
        self.assertEqual(case.satchel, ["ale", "ale", "ale"])
        self.assertEqual(case.purse, 7)

    def test_no_shop_away_from_the_inn(self):
        case = Investigation()
        case.handle("go office")
        self.assertFalse(case.handle("buy ale").success)

    def test_not_enough_money(self):
        case = Investigation()
        case.purse = 2
        self.assertFalse(case.handle("buy lamp").success)
        self.assertEqual((case.purse, case.satchel), (2, []))


class ItemTests(unittest.TestCase):
    def test_drop_and_take_back(self):
        case = Investigation()
        case.handle("buy ale")
        self.assertTrue(case.handle("drop ale").success)
        self.assertEqual(case.state()["ground"]["inn"], ["ale"])
        self.assertTrue(case.handle("take ale").success)
        self.assertEqual(case.satchel, ["ale"])
        self.assertEqual(case.state()["ground"]["inn"], [])

    def test_jory_drinks_the_ale(self):
        case = Investigation()
        for command in ("buy ale", "go cottages", "go floor"):
            case.handle(command)
        self.assertTrue(case.handle("give ale to jory").success)
        self.assertEqual(case.satchel, [])

    def test_the_store_is_dark_without_a_lamp(self):
        case = Investigation()
        for command in ("go office", "go floor", "go store"):
            case.handle(command)
        self.assertFalse(case.handle("examine log").success)


class CasebookTests(unittest.TestCase):
    def test_evidence_is_noted_once(self):
        case = Investigation()
        case.handle("go office")
        case.handle("examine ledger")
        case.handle("examine ledger")
        self.assertEqual([entry["clue"] for entry in case.casebook], ["ledger"])
        self.assertEqual(case.state()["suspects"]["crane"]["entries"], 1)

    def test_asking_notes_evidence(self):
        case = Investigation()
        reply = case.handle("ask martha about silas")
        self.assertTrue(reply.success)
        self.assertIn("Noted", reply.message)
        self.assertEqual(case.state()["suspects"]["jory"]["entries"], 1)
        self.assertEqual(case.hour, 9)

    def test_agnes_is_away_on_day_one(self):
        case = Investigation()
        case.handle("go cottages")
        self.assertFalse(case.handle("ask agnes about silas").success)

    def test_yeo_wants_three_entries(self):
        case = Investigation()
        case.handle("go office")
        case.handle("examine ledger")
        reply = case.handle("accuse crane")
        self.assertFalse(reply.success)
        self.assertEqual(case.status, "open")


class WholeCaseTests(unittest.TestCase):
    def test_walkthrough_solves_the_case(self):
        case = Investigation()
        for command in WALKTHROUGH:
            reply = case.handle(command)
            self.assertTrue(reply.success, f"{command}: {reply.message}")
        self.assertEqual(case.state()["case"], {"status": "solved", "solved": True, "arrested": "crane"})
        self.assertTrue(case.over)

    def test_wrong_arrest_fails_the_case(self):
        case = Investigation()
        for command in ("buy lamp", "ask martha about silas", "go cottages", "go floor",
                        "ask jory about silas", "go store", "examine log"):
            self.assertTrue(case.handle(command).success, command)
        self.assertEqual(case.entries_against()["jory"], 3)
        self.assertTrue(case.handle("accuse jory").success)
        self.assertEqual(case.status, "failed")
        self.assertFalse(case.handle("go floor").success)

    def test_culprit_is_a_suspect(self):
        self.assertIn(story.CULPRIT, story.SUSPECTS)
