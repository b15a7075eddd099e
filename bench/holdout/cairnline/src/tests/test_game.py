import json
import re
import unittest
from pathlib import Path

from webob import Request

from cairnline.game import Expedition
from cairnline.server import make_app

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def walkthrough_commands():
    return [m.group(1) for m in re.finditer(r"^- `(.*)`$", WALKTHROUGH.read_text(), re.MULTILINE)]


def climber(expedition, name):
    for camp in expedition.state()["camps"].values():
        if name in camp["climbers"]:
            return camp["climbers"][name]
    raise AssertionError(name)


class HelpTests(unittest.TestCase):
    def test_topics_and_one_topic(self):
        e = Expedition()
        ok, message = e.command("?")
        self.assertTrue(ok)
        self.assertIn("orders", message)
        ok, message = e.command("? rope")
        self.assertTrue(ok)
        self.assertTrue(message.startswith("BASE> "))
        self.assertIn("2 coils", message)

    def test_unknown_topic_and_climber(self):
        e = Expedition()
        self.assertIn("No topic", e.command("? yaks")[1])
        ok, message = e.command("Edmund up")
        self.assertFalse(ok)
        self.assertIn("Mira", message)


class OrderTests(unittest.TestCase):
    def test_take_and_drop_keep_counts(self):
        e = Expedition()
        self.assertTrue(e.command("Mira take food 4")[0])
        state = e.state()
        self.assertEqual(state["camps"]["BC"]["stash"]["food"], "20 days")
        self.assertEqual(state["camps"]["BC"]["climbers"]["Mira"]["pack"]["food"], "4 days")
        self.assertTrue(e.command("mira drop food 3")[0])
        self.assertEqual(e.state()["camps"]["BC"]["stash"]["food"], "23 days")
        self.assertEqual(climber(e, "Mira")["load"], "1 kg")

    def test_single_take_over_the_limit_refused(self):
        e = Expedition()
        ok, _ = e.command("Jonas take rope 4")
        self.assertFalse(ok)
        self.assertEqual(e.state()["camps"]["BC"]["stash"]["rope"], "4 coils")

    def test_bad_counts_refused(self):
        e = Expedition()
        for text in ("Mira take food zero", "Mira take food 0", "Mira take food -2"):
            self.assertFalse(e.command(text)[0], text)

    def test_one_move_a_day(self):
        e = Expedition()
        self.assertTrue(e.command("Tenzin up")[0])
        ok, message = e.command("Tenzin down")
        self.assertFalse(ok)
        self.assertIn("move today", message)

    def test_unfixed_pitch_and_acclimatisation(self):
        e = Expedition()
        e.command("Mira up")
        e.command("base night")
        ok, message = e.command("Mira up")
        self.assertFalse(ok)
        self.assertIn("no fixed rope", message)
        e2 = Expedition()
        e2.fixed.update({"C2": True, "C3": True})
        e2.climbers["Jonas"].update({"camp": "C2", "acclim": 1})
        ok, message = e2.command("Jonas up")
        self.assertFalse(ok)
        self.assertIn("Not acclimatised", message)

    def test_storm_stops_climbing_up(self):
        e = Expedition()
        for _ in range(4):
            e.command("base night")
        self.assertEqual(e.state()["expedition"]["weather"], "storm")
        ok, message = e.command("Mira up")
        self.assertFalse(ok)
        self.assertIn("Storm", message)

    def test_fix_uses_rope_and_the_move(self):
        e = Expedition()
        e.command("Mira take rope")
        e.command("Mira up")
        e.command("base night")
        ok, message = e.command("Mira fix")
        self.assertTrue(ok)
        self.assertTrue(e.state()["camps"]["C2"]["pitch_below"]["fixed"])
        self.assertEqual(climber(e, "Mira")["pack"]["rope"], "0 coils")
        self.assertFalse(e.command("Mira down")[0])

    def test_night_without_food_costs_health(self):
        e = Expedition()
        e.command("Mira take tent")
        e.command("Mira up")
        e.command("Mira pitch")
        ok, message = e.command("base night")
        self.assertTrue(ok)
        self.assertIn("no food", message)
        self.assertEqual(climber(e, "Mira")["health"], "2/3")
        self.assertEqual(climber(e, "Mira")["acclim"], 1)

    def test_night_in_a_tent_eating_from_the_stash(self):
        e = Expedition()
        e.command("Mira take tent")
        e.command("Mira take food 2")
        e.command("Mira up")
        e.command("Mira pitch")
        e.command("Mira drop food 2")
        e.command("base night")
        state = e.state()
        self.assertEqual(state["camps"]["C1"]["stash"]["food"], "1 day")
        self.assertEqual(state["camps"]["C1"]["climbers"]["Mira"]["health"], "3/3")

    def test_season_ends(self):
        e = Expedition()
        for _ in range(16):
            e.command("base night")
        state = e.state()["expedition"]
        self.assertTrue(state["over"])
        self.assertFalse(state["won"])
        self.assertFalse(e.command("Mira up")[0])


class WalkthroughTests(unittest.TestCase):
    def test_walkthrough_wins(self):
        e = Expedition()
        for text in walkthrough_commands():
            ok, message = e.command(text)
            self.assertTrue(ok, f"{text}: {message}")
        state = e.state()["expedition"]
        self.assertTrue(state["won"])
        self.assertEqual(state["summiteers"], ["Mira"])


class ApiTests(unittest.TestCase):
    def setUp(self):
        self.app = make_app()

    def call(self, method, path, body=None):
        request = Request.blank(path, method=method)
        if body is not None:
            request.body = body if isinstance(body, bytes) else json.dumps(body).encode()
            request.content_type = "application/json"
        response = request.get_response(self.app)
        return response.status_int, json.loads(response.body)

    def test_round_trip(self):
        status, body = self.call("GET", "/api/health")
        self.assertEqual(status, 200)
        status, body = self.call("POST", "/api/agent/new")
        self.assertEqual(status, 200)
        game_id = body["game_id"]
        status, body = self.call("POST", "/api/agent/command", {"game_id": game_id, "command": "Mira up"})
        self.assertEqual(status, 200)
        self.assertTrue(body["success"])
        self.assertEqual(body["turn"], 1)
        self.assertIn("Mira", body["state"]["camps"]["C1"]["climbers"])
        status, body = self.call("GET", f"/api/agent/state/{game_id}")
        self.assertEqual(status, 200)
        self.assertEqual(body["game_id"], game_id)

    def test_bad_requests(self):
        self.assertEqual(self.call("POST", "/api/agent/command", b"not json")[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", [1, 2])[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": "x"})[0], 400)
        self.assertEqual(self.call("POST", "/api/agent/command", {"game_id": "x", "command": "?"})[0], 404)
        self.assertEqual(self.call("GET", "/api/agent/state/nope")[0], 404)


if __name__ == "__main__":
    unittest.main()
