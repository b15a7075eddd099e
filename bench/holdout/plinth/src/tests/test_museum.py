import re
import unittest
from pathlib import Path

from falcon import testing

from museum.api import create_app

WALKTHROUGH = Path(__file__).resolve().parent.parent / "docs" / "walkthrough.md"


class MuseumApiTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = testing.TestClient(create_app())
        answer = self.client.simulate_post("/api/agent/new")
        self.assertEqual(answer.status_code, 200)
        self.gid = answer.json["game_id"]
        self.state = answer.json["state"]

    def do(self, command: str) -> dict:
        answer = self.client.simulate_post("/api/agent/command", json={"game_id": self.gid, "command": command})
        self.assertEqual(answer.status_code, 200, answer.text)
        return answer.json

    def room(self, state: dict, room_id: str) -> dict:
        return next(r for r in state["rooms"] if r["id"] == room_id)

    def test_new_game_starts_with_the_budget_and_empty_galleries(self) -> None:
        self.assertEqual(self.state["budget"], 1500.0)
        self.assertEqual(self.state["day"], 1)
        self.assertEqual([r["free"] for r in self.state["rooms"]], [3, 2, 2])
        self.assertEqual(self.state["pieces"], [])

    def test_acquire_takes_price_and_stock(self) -> None:
        body = self.do("acquire piece=tapestry")
        self.assertTrue(body["success"])
        self.assertEqual(body["state"]["budget"], 1050.0)
        stock = [o for d in body["state"]["dealers"] for o in d["stock"] if o["offer"] == "tapestry"]
        self.assertEqual(stock[0]["left"], 0)
        self.assertFalse(self.do("acquire piece=tapestry")["success"])

    def test_hang_refused_without_wall_space(self) -> None:
        self.do("acquire piece=tapestry")
        self.do("acquire piece=mosaic")
        self.assertTrue(self.do("hang piece=1 room=west")["success"])
        body = self.do("hang piece=2 room=west")
        self.assertFalse(body["success"])
        self.assertEqual(self.room(body["state"], "west")["free"], 0)

    def test_unhang_frees_the_space(self) -> None:
        self.do("acquire piece=mask")
        self.do("hang piece=1 room=atrium")
        body = self.do("unhang piece=1")
        self.assertEqual(self.room(body["state"], "atrium")["free"], 2)
        self.assertEqual(self.room(body["state"], "atrium")["pieces"], [])
        self.assertIsNone(body["state"]["pieces"][0]["room"])

    def test_restoring_a_cracked_piece_costs_120(self) -> None:
        self.do("acquire piece=amphora")
        body = self.do("restore piece=1")
        self.assertEqual(body["state"]["budget"], 1500.0 - 300.0 - 120.0)

    def test_appraise_uses_the_condition(self) -> None:
        self.do("acquire piece=portrait")
        body = self.do("appraise piece=1")
        self.assertIn("240.00", body["message"])

    def test_an_empty_museum_still_draws_thirty_visitors(self) -> None:
        body = self.do("open days=1")
        self.assertEqual(body["state"]["visitors"]["last_day"], 30)
        self.assertEqual(body["state"]["budget"], 1500.0 + 30 * 4.5 - 60.0)
        self.assertEqual(body["state"]["day"], 2)

    def test_the_atrium_draught_fades_on_day_three(self) -> None:
        self.do("acquire piece=mask")
        self.do("hang piece=1 room=atrium")
        self.do("open days=2")
        self.assertEqual(self.do("look")["state"]["pieces"][0]["condition"], "good")
        body = self.do("open days=1")
        self.assertEqual(body["state"]["pieces"][0]["condition"], "faded")

    def test_unknown_verb_and_bad_arguments_are_refusals(self) -> None:
        self.assertFalse(self.do("dance")["success"])
        self.assertFalse(self.do("hang piece=x room=east")["success"])
        self.assertFalse(self.do("open days=9")["success"])
        self.assertIn("acquire", self.do("help")["message"])

    def test_malformed_requests_are_4xx(self) -> None:
        missing = self.client.simulate_post("/api/agent/command", json={"game_id": self.gid})
        self.assertEqual(missing.status_code, 400)
        unknown = self.client.simulate_post("/api/agent/command", json={"game_id": "nope", "command": "look"})
        self.assertEqual(unknown.status_code, 404)
        self.assertEqual(self.client.simulate_get("/api/agent/state/nope").status_code, 404)
        self.assertEqual(self.client.simulate_get(f"/api/agent/state/{self.gid}").status_code, 200)

    def test_walkthrough_wins(self) -> None:
        commands = re.findall(r"^\d+\. `([^`]+)`", WALKTHROUGH.read_text(), re.MULTILINE)
        self.assertGreater(len(commands), 5)
        body = {}
        for command in commands:
            body = self.do(command)
        self.assertTrue(body["state"]["status"]["won"])
        self.assertTrue(body["game_over"])


if __name__ == "__main__":
    unittest.main()
