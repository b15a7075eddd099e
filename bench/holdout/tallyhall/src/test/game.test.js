'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { newGame, play, view } = require('../game.js');

function run(g, commands) {
  return commands.map((c) => play(g, c));
}

test('the deal is fixed: six piles of four, 28 in the deck, purse 10', () => {
  const a = view(newGame());
  const b = view(newGame());
  assert.deepStrictEqual(a, b);
  assert.strictEqual(a.piles.length, 6);
  for (const pile of a.piles) assert.strictEqual(pile.length, 4);
  assert.strictEqual(a.deck_left, 28);
  assert.strictEqual(a.purse, 10);
  assert.strictEqual(a.status.won, false);
});

test('a single card sells for half its price, rounded down', () => {
  const g = newGame();
  const [r] = run(g, ['sell 1 4']);
  assert.ok(r.success);
  assert.strictEqual(view(g).purse, 14);
  assert.strictEqual(view(g).sold, 1);
});

test('a card moves onto one rank higher of the other colour, and a run of two sells at full price', () => {
  const g = newGame();
  const replies = run(g, ['sell 1 3', 'sell 1 4', 'sell 1 4', 'sell 1 4', 'mv 4 3']);
  assert.ok(replies.every((r) => r.success));
  const s = view(g);
  assert.deepStrictEqual(s.piles[2].slice(-2), ['4c', '3d']);
  assert.strictEqual(s.moves, 1);
  const before = s.purse;
  assert.ok(play(g, 'sell 2 3').success);
  assert.strictEqual(view(g).purse, before + 7);
});

test('illegal moves and bad piles are refused without change', () => {
  const g = newGame();
  const before = JSON.stringify(view(g));
  for (const c of ['mv 1 2', 'mv 1 1', 'sell 2 1', 'sell 5 1', 'mv s 1', 'sell 1 9', 'fly', 'mv 1']) {
    assert.strictEqual(play(g, c).success, false, c);
  }
  assert.strictEqual(JSON.stringify(view(g)), before);
});

test('help lists the commands', () => {
  const r = play(newGame(), '?');
  for (const word of ['mv', 'sell', 'draw', 'peek', 'stats']) assert.match(r.message, new RegExp(word));
});

test('clearing every pile wins and closes the hall', () => {
  const g = newGame();
  for (const p of [6, 3, 4, 1, 2, 5]) for (let i = 0; i < 4; i++) play(g, `sell 1 ${p}`);
  const s = view(g);
  assert.strictEqual(s.status.won, true);
  assert.strictEqual(play(g, 'draw').success, false);
});
