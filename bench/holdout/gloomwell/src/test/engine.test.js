'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { fresh, act, view } = require('../lib/engine');

function play(s, lines) {
  for (const line of lines) {
    const r = act(s, line);
    assert.strictEqual(r.ok, true, `${line}: ${r.text}`);
  }
  return s;
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return text.split('\n').map((l) => l.match(/^\d+\.\s+`([^`]+)`/)).filter(Boolean).map((m) => m[1]);
}

test('the published walkthrough climbs out with the sunstone', () => {
  const steps = walkthrough();
  assert.ok(steps.length >= 25 && steps.length <= 50, `${steps.length} steps`);
  const s = play(fresh(), steps);
  assert.strictEqual(view(s).status.won, true);
  assert.strictEqual(view(s).status.over, true);
});

test('a new delve starts at the well with 20 hp, 3 gold and one potion', () => {
  const v = view(fresh());
  assert.deepStrictEqual(v.hero.at, { x: 0, y: 0 });
  assert.deepStrictEqual(v.hero.vitals, { hp: 20, max_hp: 20 });
  assert.strictEqual(v.hero.purse.gold, 3);
  assert.deepStrictEqual(v.hero.pack, [{ id: 'potion', qty: 1 }]);
  assert.strictEqual(v.counters.ticks, 0);
});

test('walking changes the grid position and every accepted command is one tick', () => {
  const s = fresh();
  play(s, ['walk north', 'e', 'go south']);
  const v = view(s);
  assert.deepStrictEqual(v.hero.at, { x: 1, y: 0 });
  assert.strictEqual(v.room.id, 'market');
  assert.strictEqual(v.counters.ticks, 3);
});

test('rock and nonsense are refused and cost no tick', () => {
  const s = fresh();
  assert.strictEqual(act(s, 'south').ok, false);
  assert.strictEqual(act(s, 'dance wildly').ok, false);
  assert.strictEqual(act(s, '').ok, false);
  assert.strictEqual(view(s).counters.ticks, 0);
});

test('peek shows the next room without moving', () => {
  const s = fresh();
  const r = act(s, 'peek north');
  assert.strictEqual(r.ok, true);
  assert.match(r.text, /Flooded Cellar/);
  assert.match(r.text, /\[SWORD\]/);
  assert.strictEqual(view(s).room.id, 'well');
});

test('a locked door needs its own key, and the key stays in the lock', () => {
  const s = play(fresh(), ['n', 'e']);
  assert.strictEqual(act(s, 'n').ok, false);
  assert.strictEqual(act(s, 'unlock north').ok, false);
  play(s, ['s', 'e', 'attack', 'attack', 'attack', 'attack', 'take brass key', 'w', 'n']);
  assert.strictEqual(act(s, 'unlock').ok, true);
  assert.strictEqual(view(s).hero.pack.some((e) => e.id === 'brass_key'), false);
  assert.deepStrictEqual(view(s).doors.find((d) => d.id === 'brass_door'), { id: 'brass_door', locked: false });
  play(s, ['n']);
  assert.strictEqual(view(s).room.id, 'shrine');
});

test('a living foe guards its loot and only lets you retreat', () => {
  const s = play(fresh(), ['e', 'e']);
  assert.strictEqual(view(s).room.foe.id, 'rat');
  assert.strictEqual(act(s, 'take brass key').ok, false);
  play(s, ['w']);
  assert.strictEqual(view(s).room.id, 'market');
});

test('fists fell the rat in four blows and it bites back three times', () => {
  const s = play(fresh(), ['e', 'e', 'attack', 'attack', 'attack']);
  assert.strictEqual(view(s).hero.vitals.hp, 14);
  const last = act(s, 'attack');
  assert.strictEqual(last.ok, true);
  assert.strictEqual(view(s).room.foe, null);
  assert.strictEqual(view(s).counters.kills, 1);
  assert.deepStrictEqual(view(s).room.floor, [{ id: 'brass_key', qty: 1 }, { id: 'gold', qty: 4 }]);
  assert.strictEqual(act(s, 'attack').ok, false);
});

test('the shield blunts each blow by one', () => {
  const s = play(fresh(), ['n', 'take all', 'e', 's', 'e', 'attack', 'attack', 'take all', 'w', 'buy shield', 'n', 'e']);
  const before = view(s).hero.vitals.hp;
  play(s, ['attack']);
  assert.strictEqual(view(s).hero.vitals.hp, before - 2);
});

test('Old Mott sells for his price and buys back at half, rounded down', () => {
  const s = play(fresh(), ['n', 'take sword', 'take gold', 'e', 's']);
  assert.strictEqual(act(s, 'buy shield').ok, false);
  play(s, ['buy potion']);
  assert.strictEqual(view(s).hero.purse.gold, 2);
  assert.deepStrictEqual(view(s).room.wares.find((w) => w.id === 'potion'), { id: 'potion', price: 6, left: 1 });
  play(s, ['sell sword']);
  assert.strictEqual(view(s).hero.purse.gold, 6);
  assert.strictEqual(view(s).hero.pack.some((e) => e.id === 'sword'), false);
  assert.strictEqual(act(s, 'sell gold').ok, false);
  play(s, ['w']);
  assert.strictEqual(act(s, 'buy potion').ok, false);
});

test('a potion cannot be wasted at full health', () => {
  const s = fresh();
  assert.strictEqual(act(s, 'drink potion').ok, false);
  assert.deepStrictEqual(view(s).hero.pack, [{ id: 'potion', qty: 1 }]);
});

test('climbing out without the sunstone is refused', () => {
  const s = fresh();
  const r = act(s, 'climb');
  assert.strictEqual(r.ok, false);
  assert.strictEqual(view(s).status.won, false);
});

test('dropping a single item leaves it on the floor', () => {
  const s = play(fresh(), ['n', 'take sword', 'e', 'drop sword']);
  assert.strictEqual(view(s).hero.pack.some((e) => e.id === 'sword'), false);
  assert.deepStrictEqual(view(s).room.floor, [{ id: 'sword', qty: 1 }]);
});

test('the delve ends when the hero falls', () => {
  // Bare fists: the rat leaves you at 14 hp, and the goblin's fifth slash finishes you.
  const s = play(fresh(), ['e', 'e', 'attack', 'attack', 'attack', 'attack', 'w', 'n', 'e']);
  let r;
  for (let i = 0; i < 12 && !view(s).status.over; i += 1) r = act(s, 'attack');
  assert.strictEqual(view(s).status.dead, true);
  assert.strictEqual(view(s).hero.vitals.hp, 0);
  assert.match(r.text, /over/);
  assert.strictEqual(act(s, 'look').ok, false);
});
