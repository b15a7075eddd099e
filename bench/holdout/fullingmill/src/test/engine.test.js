'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Mill, rebuild } = require('../lib/engine');

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  const block = text.split('```')[1];
  return block.split('\n').map((l) => l.trim()).filter(Boolean);
}

test('help prints a table with a header and dashes', () => {
  const r = new Mill().handle('help');
  assert.equal(r.success, true);
  const lines = r.message.split('\n');
  assert.match(lines[0], /^COMMAND\s+\| ARGUMENTS\s+\| WHAT IT DOES$/);
  assert.match(lines[1], /^-+\+-+\+-+$/);
  for (const verb of ['buy', 'scour', 'card', 'spin', 'weave', 'full', 'sell', 'sleep']) {
    assert.ok(lines.some((l) => l.startsWith(verb + ' ')), verb);
  }
});

test('a new season starts with the documented purse and auction', () => {
  const s = new Mill().view();
  assert.equal(s.day, 1);
  assert.equal(s.money, 320);
  assert.equal(s.hours_left, 8);
  assert.equal(s.auction.length, 3);
  assert.deepEqual(s.lots, {});
  assert.equal(s.won, false);
});

test('buying asks first and only yes buys', () => {
  const m = new Mill();
  let r = m.handle('buy c3ed');
  assert.equal(r.message, 'Buy fleece c3ed (10 kg) for 30 marks? Answer yes or no.');
  assert.equal(r.state.money, 320);
  r = m.handle('no');
  assert.equal(r.message, 'The purchase was cancelled.');
  assert.equal(r.state.money, 320);
  assert.deepEqual(r.state.lots, {});
  m.handle('buy c3ed');
  r = m.handle('yes');
  assert.equal(r.state.money, 290);
  assert.deepEqual(r.state.lots.c3ed, { stage: 'fleece', weight_kg: 10 });
  assert.ok(!r.state.auction.some((l) => l.code === 'c3ed'));
});

test('scouring loses a quarter of the weight, rounded down', () => {
  const m = new Mill();
  m.handle('buy 3d8a');
  m.handle('yes');
  const r = m.handle('scour 3d8a');
  assert.equal(r.message, 'The fleece 3d8a was scoured. It weighed 10 kg once the grease was washed out.');
  assert.deepEqual(r.state.lots['3d8a'], { stage: 'scoured', weight_kg: 10 });
  assert.equal(r.state.hours_left, 6);
});

test('stages must come in order', () => {
  const m = new Mill();
  m.handle('buy c3ed');
  m.handle('yes');
  const r = m.handle('spin c3ed');
  assert.equal(r.success, false);
  assert.equal(r.state.lots.c3ed.stage, 'fleece');
});

test('refused commands append no event', () => {
  const m = new Mill();
  const before = m.events.length;
  assert.equal(m.handle('card ffff').success, false);
  assert.equal(m.handle('frobnicate').success, false);
  assert.equal(m.events.length, before);
});

test('the state is rebuilt from the events', () => {
  const m = new Mill();
  for (const c of ['buy c3ed', 'yes', 'scour c3ed', 'look', 'sleep']) m.handle(c);
  const s = rebuild(m.events);
  assert.equal(s.day, 2);
  assert.equal(s.money, 320 - 30 - 6);
  assert.equal(m.view().turn, 5);
  assert.deepEqual(m.view().events.map((e) => e.seq), [1, 2, 3, 4, 5]);
});

test('selling asks first and another command cancels', () => {
  const m = new Mill();
  const cmds = walkthrough();
  const stop = cmds.indexOf('sell 4 bolts to hale');
  for (const c of cmds.slice(0, stop)) assert.equal(m.handle(c).success, true, c);
  let r = m.handle('sell 4 bolts to hale');
  assert.equal(r.message, 'Sell 4 bolts to Hale for 96 marks? Answer yes or no.');
  r = m.handle('look');
  assert.equal(r.state.bolts, 4);
  assert.equal(r.state.pending, null);
  r = m.handle('sell 5 bolts to hale');
  assert.equal(r.success, false);
  m.handle('sell 1 bolt to orme');
  r = m.handle('yes');
  assert.equal(r.state.bolts, 3);
  assert.equal(r.state.merchants.orme.delivered, 1);
});

test('fulling is refused while the river is low', () => {
  const m = new Mill();
  const cmds = walkthrough();
  const stop = cmds.indexOf('full d542');
  for (const c of cmds.slice(0, stop - 1)) m.handle(c);
  const r = m.handle('full d542');
  assert.equal(r.success, false);
  assert.match(r.message, /river was low/);
});

test('the walkthrough wins', () => {
  const m = new Mill();
  let r;
  for (const c of walkthrough()) {
    r = m.handle(c);
    assert.equal(r.success, true, `${c}: ${r.message}`);
  }
  assert.equal(r.state.won, true);
  assert.equal(r.game_over, true);
  assert.equal(r.state.contract.delivered, 12);
});
