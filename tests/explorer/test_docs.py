"""QA mode's reading of a game's docs: commands, routes and stated numbers, from docs in two styles."""

from __future__ import annotations

from pathlib import Path

from loop.qa_agents.explorer.docs import StatedNumber, learn, read_docs

DESIGN_STYLE = """# A design

The player starts with 30 gold. Prices never fall below **2** and never rise above **12**.
The stores hold at most 60 food, plus 40 for every storehouse.

| Kind | Cost (gold) | HP |
|---|---|---|
| scout | 7 | 5 |
| `.` plains, `F` forest | 1 | - |

| Building | Cost | Days |
|---|---|---|
| hut | 10 wood | 3 |
| tower | 15 wood, 10 gold | 4 |

- **Inn.** `rest` costs 3 coins and restores HP. `shop` lists the prices: lamp 6 coins, rope 4 coins.

```json
{"gold": 30, "won": false}
```

A short game:

```
recruit scout
end
march north
```
"""

README_STYLE = """Relic Hunt, a tiny crawl
========================

Type commands like `take <thing>`, `wield <weapon>` or `camp`. A session might go:

> look
> take torch
> go north

Price list (what the trader charges):
- lantern: 9 silver
- map — 3 silver

| Item | Price |
|------|-------|
| cloak | 12 silver |
"""


def numbers(text: str) -> set[tuple[str, str, str, float]]:
    return {(n.kind, n.thing, n.unit, n.value) for n in learn([("doc.md", text)]).numbers}


def test_a_design_doc_gives_commands_a_route_and_its_stated_costs_and_bounds():
    knowledge = learn([("docs/design.md", DESIGN_STYLE)])
    assert {"rest", "shop", "recruit scout", "march north", "end"} <= set(knowledge.specs)
    assert "won" not in knowledge.specs  # a key of the JSON example names a field, not a command
    assert knowledge.routes == [["recruit scout", "end", "march north"]]
    assert numbers(DESIGN_STYLE) == {
        ("cost", "scout", "gold", 7.0),
        ("cost", "hut", "wood", 10.0),
        ("cost", "tower", "wood", 15.0),
        ("cost", "tower", "gold", 10.0),
        ("cost", "rest", "coins", 3.0),
        ("cost", "lamp", "coins", 6.0),
        ("cost", "rope", "coins", 4.0),
        ("below", "prices", "", 2.0),
        ("above", "prices", "", 12.0),
    }  # not the terrain row (two things, no unit), nor 'at most 60 food' (qualified in the next breath)


def test_a_readme_in_another_style_gives_the_same_kinds_of_knowledge():
    knowledge = learn([("README.md", README_STYLE)])
    assert {"take <thing>", "wield <weapon>", "camp", "look", "take torch", "go north"} <= set(
        knowledge.specs
    )
    assert knowledge.routes == [["look", "take torch", "go north"]]
    assert numbers(README_STYLE) == {
        ("cost", "lantern", "silver", 9.0),
        ("cost", "map", "silver", 3.0),
        ("cost", "cloak", "silver", 12.0),
    }
    templates = {t.verb for t in knowledge.verbs().templates}
    assert {"take", "wield", "camp", "go"} <= templates


def test_routes_seed_prefixes_cut_at_thirds_and_a_walkthrough_is_one_more_route():
    knowledge = learn(
        [("README.md", README_STYLE)], walkthrough=["a1", "look", "take torch", "go north", "go up", "x"]
    )
    assert knowledge.prefixes()[:3] == [["look"], ["look", "take torch"], ["look", "take torch", "go north"]]
    assert ["a1", "look", "take torch", "go north", "go up", "x"] in knowledge.prefixes()


def test_a_claim_survives_the_report_subject_that_carries_it_to_the_judge():
    claim = StatedNumber(kind="cost", thing="scout", unit="gold", value=7.0, source="docs/design.md")
    assert StatedNumber.from_subject(claim.subject) == claim.model_copy(update={"source": ""})
    assert StatedNumber.from_subject("not a claim") is None


def test_only_named_docs_inside_the_repository_are_read(tmp_path: Path):
    (tmp_path / "repo" / "docs").mkdir(parents=True)
    (tmp_path / "repo" / "docs" / "design.md").write_text(DESIGN_STYLE)
    (tmp_path / "outside.md").write_text(README_STYLE)
    read = read_docs(tmp_path / "repo", ["docs/design.md", "../outside.md", "missing.md", ".git/config"])
    assert [name for name, _ in read] == ["docs/design.md"]
