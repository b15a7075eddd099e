'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { Game, legend } = require('../game');

function play(commands) {
  const game = new Game('t');
  let last = null;
  for (const c of commands) last = game.command(c);
  return { game, last };
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return text.split('\n').map((line) => /^\d+\.\s+`([^`]+)`/.exec(line)).filter(Boolean).map((m) => m[1]);
}

test('a new game starts on level 1 with the documented kit', () => {
  const state = new Game('t').state();
  assert.deepStrictEqual(
    [state.HP, state.HPmax, state.Str, state.AC, state.Au, state.Dlvl, state.T, state.Hunger],
    [16, 16, 16, 10, 0, 1, 0, 'Not hungry'],
  );
  assert.deepStrictEqual(state.Inv, {
    a: 'a dagger (weapon in hand)', b: 'a potion of healing', c: 'a food ration',
  });
  assert.strictEqual(state.Map[1][1], '@');
  assert.strictEqual(state.Won, false);
});

test('the legend lists every key in two columns', () => {
  const text = legend();
  for (const k of ['h ', 'j ', 'k ', 'l ', 'y ', 'u ', 'b ', 'n ', ', ', 'i ', 'q ', 'w ', 'W ', 'e ', '> ', 's ', '. ', ': ']) {
    assert.ok(text.includes(`\n${k}`) || text.includes(`  ${k}`), `legend misses ${k}`);
  }
});

test('walls refuse a move without spending a turn', () => {
  const { game, last } = play(['k']);
  assert.strictEqual(last.success, false);
  assert.strictEqual(game.state().T, 0);
});

test('long words are aliases of the keys', () => {
  const a = play(['east', 'south']).game.state();
  const b = play(['l', 'j']).game.state();
  assert.deepStrictEqual(a.Map, b.Map);
  assert.strictEqual(a.T, 2);
});

test('the quaff prompt takes a slot letter next', () => {
  const game = new Game('t');
  const asked = game.command('q');
  assert.match(asked.message, /What do you want to quaff\? \[b or \?\*\]/);
  assert.strictEqual(game.state().Prompt, asked.message);
  const drunk = game.command('b');
  assert.strictEqual(drunk.message, 'You feel better.');
  assert.strictEqual(game.state().HP, 16);
  assert.strictEqual(game.state().Inv.b, undefined);
});

test('a prompt answered with nonsense is cancelled', () => {
  const game = new Game('t');
  game.command('e');
  const r = game.command('eat it all');
  assert.strictEqual(r.message, 'Never mind.');
  assert.strictEqual(game.state().Prompt, null);
});

test('a counted rest runs the turns', () => {
  const { game, last } = play(['10.']);
  assert.strictEqual(game.state().T, 10);
  assert.match(last.message, /You rest 10 turns\./);
});

test('hunger turns to Hungry at 120 turns', () => {
  const { game } = play(['119.']);
  assert.strictEqual(game.state().Hunger, 'Not hungry');
  const r = game.command('.');
  assert.match(r.message, /You are beginning to feel hungry\./);
  assert.strictEqual(game.state().Hunger, 'Hungry');
});

test('the walkthrough wins', () => {
  const { game, last } = play(walkthrough());
  assert.strictEqual(game.state().Won, true, last.message);
  assert.strictEqual(game.state().Dlvl, 3);
});
