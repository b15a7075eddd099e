'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const forge = require('../lib/forge');

function play(commands) {
  const s = forge.newState();
  let last = null;
  for (const c of commands) last = forge.run(s, c);
  return { s, last };
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

test('help is a usage block naming every command', () => {
  const { last } = play(['help']);
  for (const verb of ['mine', 'stoke', 'smelt', 'forge', 'equip', 'repair', 'deliver', 'buy', 'wait']) {
    assert.match(last.message, new RegExp(`^usage: ${verb} `, 'm'));
  }
});

test('a swing with the pick yields two ore and wears the pick', () => {
  const { s, last } = play(['mine copper']);
  assert.strictEqual(s.smith.pack.ore.copper, 2);
  assert.strictEqual(s.smith.belt.pick.durability, 5);
  assert.strictEqual(s.clock.turn, 1);
  assert.strictEqual(last.message, 'Mined 2 copper ore.');
});

test('stoking adds 50 heat per coal and caps at 300', () => {
  const { s } = play(['mine coal x4', 'stoke x7']);
  assert.strictEqual(s.workshop.furnace.heat, 300);
  assert.strictEqual(s.smith.pack.ore.coal, 1);
});

test('copper will not smelt below 60 heat', () => {
  const { s, last } = play(['mine copper', 'buy coal', 'stoke', 'smelt copper']);
  assert.strictEqual(last.ok, false);
  assert.strictEqual(s.workshop.bins.bars.copper, 0);
});

test('smelting one bar uses two ore and twenty heat', () => {
  const { s, last } = play(['mine copper', 'mine coal', 'stoke x2', 'smelt copper']);
  assert.strictEqual(s.workshop.bins.bars.copper, 1);
  assert.strictEqual(s.smith.pack.ore.copper, 0);
  assert.strictEqual(s.workshop.furnace.heat, 80);
  assert.strictEqual(last.message, 'Smelted 1 copper bar. Furnace heat 80.');
});

test('forging stacks like goods and refuses a wrong metal', () => {
  const { s } = play(['mine copper x2', 'mine coal', 'stoke x2', 'smelt copper x2', 'forge ring from copper', 'forge ring from copper']);
  assert.deepStrictEqual(s.workshop.racks[0].holds, { item: 'ring', metal: 'copper', qty: 2 });
  assert.strictEqual(s.smith.belt.hammer.durability, 6);
  const r = forge.run(s, 'forge horseshoe from copper');
  assert.strictEqual(r.ok, false);
});

test('a delivery to a wrong order is refused and leaves the goods', () => {
  const { s, last } = play(['mine copper x2', 'mine coal', 'stoke x2', 'smelt copper x2', 'forge kettle from copper', 'deliver 1 to order 1']);
  assert.strictEqual(last.ok, false);
  assert.strictEqual(s.workshop.racks[0].holds.qty, 1);
  const r = forge.run(s, 'deliver 1 to order 2');
  assert.strictEqual(r.ok, true);
  assert.strictEqual(s.orders[1].status, 'filled');
  assert.strictEqual(s.smith.coins, 11);
});

test('unknown commands and bad counts are refusals', () => {
  const { s } = play([]);
  assert.strictEqual(forge.run(s, 'dance').ok, false);
  assert.strictEqual(forge.run(s, 'mine iron x99').ok, false);
  assert.strictEqual(forge.run(s, 'deliver 9 to order 1').ok, false);
  assert.strictEqual(forge.run(s, 'deliver 1 to order 9').ok, false);
  assert.strictEqual(s.clock.turn, 0);
});

test('the walkthrough wins', () => {
  const { s } = play(walkthrough());
  assert.strictEqual(s.status.won, true);
  assert.strictEqual(s.status.over, true);
  assert.strictEqual(s.board.filled, 3);
});

test('order 4 is posted at turn 12', () => {
  const { s } = play(['wait x11']);
  assert.strictEqual(s.orders.length, 3);
  forge.run(s, 'wait');
  assert.strictEqual(s.orders.length, 4);
  assert.strictEqual(s.orders[3].wants.item, 'blade');
});
