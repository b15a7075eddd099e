'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const engine = require('../lib/engine');

function play(commands) {
  const s = engine.newGame();
  let out = null;
  for (const c of commands) out = engine.command(s, c);
  return { s, out, state: engine.publicState(s) };
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return [...text.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
}

test('a new game starts in the hut, warm and whole', () => {
  const state = engine.publicState(engine.newGame());
  assert.strictEqual(state.where, 'hut');
  assert.deepStrictEqual(state.rooms_seen, ['hut']);
  assert.strictEqual(state.hp, 10);
  assert.strictEqual(state.warmth, 12);
  assert.deepStrictEqual(state.pack, []);
});

test('the walkthrough lights the beacon', () => {
  const { out, state } = play(walkthrough());
  assert.ok(out.success);
  assert.ok(out.gameOver);
  assert.strictEqual(state.flags.won, true);
  assert.strictEqual(state.flags.beacon_lit, true);
});

test('hint lists the verbs and takes no time', () => {
  const { out, state } = play(['hint']);
  assert.match(out.message, /Verbs: .*combine, put, give/);
  assert.strictEqual(state.turn, 0);
});

test('walking outdoors costs 2 warmth a turn', () => {
  const { state } = play(['north', 'north']);
  assert.strictEqual(state.where, 'ledge');
  assert.strictEqual(state.warmth, 8);
});

test('flint and steel make an ember and keep the striker', () => {
  const { state } = play(['take flint', 'east', 'take striker', 'combine steel with flint']);
  const qty = (name) => state.pack.find((i) => i.name === name)?.qty ?? 0;
  assert.strictEqual(qty('flint shard'), 1);
  assert.strictEqual(qty('steel striker'), 1);
  assert.strictEqual(qty('live ember'), 1);
});

test('unknown verbs and missing exits are refused without a turn', () => {
  const { out, state } = play(['dance', 'south']);
  assert.strictEqual(out.success, false);
  assert.strictEqual(state.turn, 0);
});
