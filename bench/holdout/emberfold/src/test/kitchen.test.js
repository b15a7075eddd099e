'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { newKitchen, runCommand, snapshot, RULES } = require('../kitchen');

function play(...commands) {
  const { kitchen } = newKitchen();
  let last;
  for (const c of commands) last = runCommand(kitchen, c);
  return { k: kitchen, last, state: snapshot(kitchen) };
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'WALKTHROUGH.md'), 'utf8');
  return [...text.matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1]);
}

test('a new evening starts at minute 0 with ticket #1 on the rail', () => {
  const { kitchen, message } = newKitchen();
  const s = snapshot(kitchen);
  assert.match(message, /Ticket #1/);
  assert.equal(s.clock, 0);
  assert.equal(s.cash, 30);
  assert.equal(s.stars, 3);
  assert.deepEqual(s.pantry, { veg: 4, flour: 2, cheese: 1, meat: 1, fish: 0 });
  assert.deepEqual(s.rail, [{ ticket: 1, dish: 'broth', arrivedAt: 0, waited: 0 }]);
  assert.deepEqual(s.pass, []);
  assert.equal(s.service.status, 'open');
  assert.equal(s.service.ticketsToCome, 7);
});

test('help, look, menu and market answer without moving the clock', () => {
  for (const c of ['help', 'look', 'menu', 'market', 'HELP', '?', 'status']) {
    const { last, state } = play(c);
    assert.equal(last.success, true, c);
    assert.equal(state.clock, 0, c);
  }
  assert.match(play('help').last.message, /serve <ticket>/);
  assert.match(play('menu').last.message, /trout/);
});

test('unknown and empty commands are refused but still count as a turn', () => {
  const { k, last } = play('flambe everything', '   ');
  assert.equal(last.success, false);
  assert.equal(k.turn, 2);
  assert.equal(snapshot(k).clock, 0);
});

test('buying takes coins from the till and fills the pantry', () => {
  const { state, last } = play('buy 2 fish', 'buy cheese 3', 'buy meat');
  assert.equal(last.success, true);
  assert.equal(state.pantry.fish, 2);
  assert.equal(state.pantry.cheese, 4);
  assert.equal(state.pantry.meat, 2);
  assert.equal(state.cash, 30 - 12 - 9 - 5);
  assert.equal(state.ledger.spent, 26);
  assert.equal(state.clock, 0);
});

test('purchases the till cannot cover, odd amounts and unknown items are refused', () => {
  for (const c of ['buy 6 fish', 'buy 0 veg', 'buy 21 flour', 'buy saffron', 'buy veg many', 'buy', 'buy 2']) {
    const { last, state } = play(c);
    assert.equal(last.success, false, c);
    assert.equal(state.cash, 30, c);
  }
});

test('cooking uses the recipe, takes its time and puts a plate on the pass', () => {
  const { state, last } = play('cook pie');
  assert.equal(last.success, true);
  assert.equal(state.pantry.meat, 0);
  assert.equal(state.pantry.flour, 1);
  assert.equal(state.clock, 3);
  assert.deepEqual(state.pass, ['pie']);
  assert.equal(state.rail.length, 2);

  const tart = play('cook tart').state;
  assert.equal(tart.pantry.cheese, 0);
  assert.equal(tart.pantry.flour, 1);
  assert.equal(tart.clock, 2);
});

test('cooking without the ingredients is refused', () => {
  const { last, state } = play('cook trout');
  assert.equal(last.success, false);
  assert.match(last.message, /fish/);
  assert.equal(state.clock, 0);
  assert.deepEqual(state.pass, []);
});

test('the pass holds three plates', () => {
  const { last, state } = play('buy 2 meat', 'buy 2 flour', 'cook pie', 'cook pie', 'cook pie', 'cook tart');
  assert.equal(last.success, false);
  assert.match(last.message, /full/);
  assert.equal(state.pass.length, RULES.passSize);
  const after = play('buy 2 meat', 'buy 2 flour', 'cook pie', 'cook pie', 'cook pie', 'toss pie', 'cook tart');
  assert.equal(after.last.success, true);
  assert.deepEqual(after.state.pass, ['pie', 'pie', 'tart']);
  assert.equal(after.state.stats.tossed, 1);
});

test('a quick plate earns the price and a tip', () => {
  const { state, last } = play('cook broth', 'serve #1');
  assert.equal(last.success, true);
  assert.equal(state.cash, 30 + 8 + 3);
  assert.equal(state.clock, 3);
  assert.equal(state.stats.served, 1);
  assert.equal(state.stats.onTime, 1);
  assert.equal(state.streak, 1);
  assert.equal(state.rail.some((t) => t.ticket === 1), false);
});

test('a slow plate earns the price only and breaks the run', () => {
  const { state, last } = play('cook broth', 'serve 1', 'cook pie', 'wait 6', 'serve 2');
  assert.equal(last.success, true);
  assert.match(last.message, /no tip/);
  assert.equal(state.cash, 30 + 11 + 14);
  assert.equal(state.streak, 0);
  assert.equal(state.stats.served, 2);
  assert.equal(state.stats.onTime, 1);
});

test('serving needs an arrived ticket and its plate on the pass', () => {
  assert.equal(play('cook pie', 'serve 5').last.success, false);
  assert.equal(play('serve 1').last.success, false);
  assert.equal(play('cook pie', 'serve 1').last.success, false);
  assert.equal(play('serve one').last.success, false);
});

test('a guest who waits more than 15 minutes walks out and costs a star', () => {
  const { state } = play('wait 15');
  assert.equal(state.stars, 3);
  const later = play('wait 16').state;
  assert.equal(later.stars, 2);
  assert.equal(later.stats.walkouts, 1);
  assert.equal(later.rail.some((t) => t.ticket === 1), false);
});

test('losing every star closes the kitchen', () => {
  const { state, last, k } = play('wait 30');
  assert.equal(state.stars, 0);
  assert.equal(state.service.status, 'lost');
  assert.equal(state.service.won, false);
  const after = runCommand(k, 'buy veg');
  assert.equal(after.success, false);
  assert.equal(runCommand(k, 'look').success, true);
  assert.match(last.message, /closes the kitchen/);
});

test('three on-time plates in a row earn a star', () => {
  const { state, last } = play(
    'buy 1 fish', 'cook broth', 'serve 1', 'cook pie', 'serve 2', 'cook trout', 'serve 3',
  );
  assert.match(last.message, /\+1 star/);
  assert.equal(state.stars, 4);
  assert.equal(state.streak, 0);
});

test('the walkthrough wins the evening', () => {
  const commands = walkthrough();
  assert.ok(commands.length > 10);
  const { k, last } = play(...commands);
  const state = snapshot(k);
  assert.equal(last.success, true);
  assert.equal(state.service.status, 'won');
  assert.equal(state.service.won, true);
  assert.ok(state.cash >= RULES.target);
  assert.equal(state.stats.served, 8);
  assert.equal(state.stars, 5);
});
