'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { newGame, command, HELP } = require('../lib/game');

function fresh() {
  return newGame().game;
}

test('a new duel deals five cards and three energy', () => {
  const { game, message } = newGame();
  const r = command(game, 'hand');
  assert.strictEqual(r.state.hand.length, 5);
  assert.strictEqual(r.state.energy, '3');
  assert.strictEqual(r.state.playerHealth, '20');
  assert.strictEqual(r.state.foeHealth, '18');
  assert.strictEqual(r.state.cardsOwned, '12');
  assert.match(message, /Bruiser Bram/);
});

test('every number in the state is a string', () => {
  const s = command(fresh(), 'hand').state;
  for (const key of ['turn', 'playerHealth', 'energy', 'deckCount', 'discardCount', 'foeHealth']) {
    assert.strictEqual(typeof s[key], 'string', key);
  }
  assert.strictEqual(typeof s.hand[0].slot, 'string');
});

test('help is one line naming the commands', () => {
  const r = command(fresh(), 'help');
  assert.strictEqual(r.message, HELP);
  assert.ok(!r.message.includes('\n'));
});

test('a jab deals 1 damage and goes to the discard pile', () => {
  const g = fresh();
  const r = command(g, 'play jab');
  assert.ok(r.success);
  assert.strictEqual(r.state.foeHealth, '17');
  assert.deepStrictEqual(r.state.discardPile, ['Jab']);
});

test('a card can be played by its hand slot', () => {
  const g = fresh();
  const card = g.hand[1];
  const r = command(g, 'play 2');
  assert.ok(r.success);
  assert.deepStrictEqual(r.state.discardPile, [card]);
});

test('guard gives 2 block and costs 1 energy', () => {
  const r = command(fresh(), 'play guard');
  assert.strictEqual(r.state.playerBlock, '2');
  assert.strictEqual(r.state.energy, '2');
});

test('a bought card goes to the discard pile and the slot refills', () => {
  const g = fresh();
  const r = command(g, 'buy 2');
  assert.ok(r.success);
  assert.deepStrictEqual(r.state.discardPile, ['Mend Tonic']);
  assert.strictEqual(r.state.marketRow[1].card, 'Quick Draw');
  assert.strictEqual(r.state.energy, '1');
  assert.strictEqual(r.state.cardsOwned, '13');
});

test('a target card waits for its target', () => {
  const g = fresh();
  const asked = command(g, 'play ember bolt');
  assert.match(asked.message, /Target\? \(you\/foe\)/);
  assert.strictEqual(asked.state.pendingCard, 'Ember Bolt');
  const wrong = command(g, 'play jab');
  assert.strictEqual(wrong.success, false);
  const hit = command(g, 'foe');
  assert.ok(hit.success);
  assert.strictEqual(hit.state.pendingCard, '');
  assert.ok(Number(hit.state.foeHealth) < 18);
});

test('unknown commands are refused, not errors', () => {
  const r = command(fresh(), 'dance');
  assert.strictEqual(r.success, false);
  assert.match(r.message, /not a move/);
});

test('ending the turn draws a new hand and resets energy', () => {
  const g = fresh();
  command(g, 'play spark');
  const r = command(g, 'end');
  assert.strictEqual(r.state.turn, '2');
  assert.strictEqual(r.state.hand.length, 5);
  assert.strictEqual(r.state.energy, '3');
  assert.strictEqual(r.state.playerHealth, '17');
});
