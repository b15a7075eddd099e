import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from microdot.test_client import TestClient  # noqa: E402

import server  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def walkthrough():
    with open(os.path.join(HERE, "WALKTHROUGH.md")) as handle:
        return re.findall(r"^- `([^`]+)`", handle.read(), re.MULTILINE)


def play(shift, *commands):
    result = None
    for command in commands:
        result = shift.run(command)
        assert result[0], f"{command!r} refused: {result[1]}"
    return result


class ShiftRules(unittest.TestCase):
    def setUp(self):
        self.shift = server.Shift()
        self.s = self.shift.state

    def test_starting_night(self):
        self.assertEqual(self.s["clock"]["time"], "20:00")
        self.assertEqual(self.s["clock"]["tasks_left"], 3)
        self.assertEqual(self.s["lamp"], {"lit": False, "oil": 3, "capacity": 6, "soot": 0, "beam": "dark"})
        self.assertEqual(self.s["stores"], {"cellar": 8, "can": 0, "matches": 3})
        self.assertEqual(self.s["lens"]["wound_hours"], 2)
        self.assertEqual([ship["due"] for ship in self.s["ships"]], ["21:00", "00:00", "03:00", "05:00"])

    def test_help_lists_every_task(self):
        ok, text = self.shift.run("help")
        self.assertTrue(ok)
        for verb in ("light", "carry", "fill", "trim", "wind", "ring", "wait", "look", "logbook", "note"):
            self.assertIn(verb, text)

    def test_light_uses_a_match_and_a_task(self):
        play(self.shift, "light")
        self.assertTrue(self.s["lamp"]["lit"])
        self.assertEqual(self.s["lamp"]["beam"], "bright")
        self.assertEqual(self.s["stores"]["matches"], 2)
        self.assertEqual(self.s["clock"]["tasks_left"], 2)
        ok, _ = self.shift.run("light")
        self.assertFalse(ok)
        self.assertEqual(self.s["stores"]["matches"], 2)

    def test_three_tasks_an_hour(self):
        play(self.shift, "light", "ring", "ring")
        ok, message = self.shift.run("ring")
        self.assertFalse(ok)
        self.assertIn("wait", message)
        play(self.shift, "look", "note all quiet", "wait")
        self.assertEqual(self.s["clock"]["tasks_left"], 3)
        self.assertEqual(self.s["clock"]["time"], "21:00")

    def test_carry_from_an_empty_can(self):
        play(self.shift, "carry 4")
        self.assertEqual(self.s["stores"], {"cellar": 4, "can": 4, "matches": 3})
        self.assertFalse(self.shift.run("carry 5")[0])
        self.assertFalse(self.shift.run("carry lots")[0])
        self.assertFalse(self.shift.run("carry -1")[0])

    def test_carry_without_amount_fills_the_can(self):
        play(self.shift, "carry")
        self.assertEqual(self.s["stores"]["can"], 4)
        self.assertEqual(self.s["stores"]["cellar"], 4)

    def test_fill_that_fits(self):
        play(self.shift, "carry 2", "fill")
        self.assertEqual(self.s["lamp"]["oil"], 5)
        self.assertEqual(self.s["stores"]["can"], 0)
        self.assertFalse(self.shift.run("fill")[0])

    def test_clear_hour_burns_one_pint_and_gathers_soot(self):
        play(self.shift, "light", "wait")
        self.assertEqual(self.s["lamp"]["oil"], 2)
        self.assertEqual(self.s["lamp"]["soot"], 1)
        self.assertEqual(self.s["lens"]["wound_hours"], 1)

    def test_wind_brings_clockwork_to_full(self):
        play(self.shift, "wind")
        self.assertEqual(self.s["lens"]["wound_hours"], 6)
        self.assertFalse(self.shift.run("wind")[0])

    def test_dark_tower_wrecks_the_first_ship(self):
        play(self.shift, "wait", "wait")
        self.assertEqual(self.s["ships"][0]["status"], "wrecked")
        self.assertTrue(self.s["shift"]["over"])
        self.assertFalse(self.s["shift"]["won"])
        self.assertFalse(self.shift.run("light")[0])

    def test_fog_without_a_bell_wrecks_the_gannet(self):
        for command in walkthrough()[:12]:
            play(self.shift, command)
        self.assertEqual(self.s["clock"]["weather"], "fog")
        play(self.shift, "carry 1", "fill", "wait")
        self.assertEqual(self.s["clock"]["time"], "00:00")
        play(self.shift, "trim", "carry 2", "wait")
        self.assertEqual(self.s["ships"][1]["status"], "wrecked")

    def test_tender_calls_at_one(self):
        for command in walkthrough()[:20]:
            play(self.shift, command)
        self.assertEqual(self.s["clock"]["time"], "01:00")
        self.assertEqual(self.s["stores"]["cellar"], 6)

    def test_logbook_pages(self):
        play(self.shift, "light", "note gulls roosting on the gallery", "wait")
        ok, page = self.shift.run("logbook 20:00")
        self.assertTrue(ok)
        self.assertIn("lit the lamp", page)
        self.assertIn("gulls roosting", page)
        self.assertTrue(self.shift.run("logbook 21")[0])
        self.assertFalse(self.shift.run("logbook 12:00")[0])
        self.assertFalse(self.shift.run("logbook midnight")[0])

    def test_walkthrough_wins(self):
        for command in walkthrough():
            play(self.shift, command)
        self.assertTrue(self.s["shift"]["won"])
        self.assertEqual([ship["status"] for ship in self.s["ships"]], ["passed"] * 4)
        self.assertEqual(self.s["clock"]["time"], "06:00")
        self.assertTrue(self.shift.run("logbook")[0])

    def test_unknown_and_empty_commands(self):
        self.assertFalse(self.shift.run("dance")[0])
        self.assertFalse(self.shift.run("   ")[0])


class Api(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.client = TestClient(server.app)

    async def test_new_command_state(self):
        res = await self.client.post("/api/agent/new")
        self.assertEqual(res.status_code, 200)
        game_id = res.json["game_id"]
        self.assertIn("state", res.json)
        res = await self.client.post("/api/agent/command", body={"game_id": game_id, "command": "light"})
        self.assertEqual(res.status_code, 200)
        self.assertEqual(set(res.json), {"success", "message", "state", "game_over", "turn"})
        self.assertTrue(res.json["success"])
        self.assertEqual(res.json["turn"], 1)
        res = await self.client.get(f"/api/agent/state/{game_id}")
        self.assertEqual(res.json["state"]["lamp"]["lit"], True)

    async def test_bad_requests(self):
        res = await self.client.post("/api/agent/command", body={"game_id": "nope", "command": "look"})
        self.assertEqual(res.status_code, 404)
        res = await self.client.post("/api/agent/command", body={"command": "look"})
        self.assertEqual(res.status_code, 400)
        res = await self.client.post("/api/agent/command", body="not json")
        self.assertEqual(res.status_code, 400)
        res = await self.client.get("/api/agent/state/nope")
        self.assertEqual(res.status_code, 404)

    async def test_health(self):
        res = await self.client.get("/healthz")
        self.assertEqual(res.status_code, 200)


if __name__ == "__main__":
    unittest.main()
