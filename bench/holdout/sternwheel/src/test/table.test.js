'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { Table, SHOE_SIZE } = require('../lib/table');

function play(table, commands) {
  let answer = null;
  for (const command of commands) {
    answer = table.command(command);
    assert.ok(answer.success, `${command} was refused: ${answer.message}`);
  }
  return answer;
}

function onTable(state) {
  return state.ShoeLeft + state.Discards + state.Hand.length + state.DealerHand.length;
}

test('a new night starts with 200 chips, 10 hands and a full shoe', () => {
  const state = new Table().state();
  assert.strictEqual(state.Chips, 200);
  assert.strictEqual(state.HandsLeft, 10);
  assert.strictEqual(state.ShoeLeft, SHOE_SIZE);
  assert.strictEqual(state.Phase, 'Betting');
  assert.strictEqual(state.Won, false);
});

test('help lists numbered house rules with the commands in double quotes', () => {
  const { message } = new Table().command('help');
  assert.match(message, /^1\. /m);
  for (const word of ['bet 25', 'hit', 'stand', 'double', 'insurance', 'tip 5', 'cash out']) {
    assert.ok(message.includes(`"${word}"`), word);
  }
});

test('bets outside the table limits or above the stack are refused', () => {
  const table = new Table();
  assert.strictEqual(table.command('bet 5').success, false);
  assert.strictEqual(table.command('bet 101').success, false);
  assert.strictEqual(table.command('bet').success, false);
  assert.strictEqual(table.state().Chips, 200);
  const answer = table.command('bet 10');
  assert.ok(answer.success);
  assert.strictEqual(table.state().Chips, 190);
  assert.strictEqual(table.state().Bet, 10);
  assert.strictEqual(table.state().HandsLeft, 9);
});

test('a win pays 1 to 1', () => {
  const table = new Table();
  play(table, ['bet 10', 'hit', 'stand']);
  const state = table.state();
  assert.strictEqual(state.LastOutcome, 'win');
  assert.strictEqual(state.Chips, 210);
  assert.strictEqual(state.Phase, 'Betting');
});

test('a hit is announced with the card', () => {
  const table = new Table();
  play(table, ['bet 10']);
  const { message } = table.command('hit');
  assert.match(message, /Three of clubs/);
  assert.deepStrictEqual(table.state().Hand, ['AS', '4D', '3C']);
});

test('every card is counted once while hands are played', () => {
  const table = new Table();
  for (const command of ['bet 10', 'hit', 'stand', 'bet 10', 'bet 10', 'stand']) {
    table.command(command);
    assert.strictEqual(onTable(table.state()), SHOE_SIZE, command);
  }
});

test('tips leave the stack and are counted', () => {
  const table = new Table();
  play(table, ['tip 5']);
  assert.strictEqual(table.state().Chips, 195);
  assert.strictEqual(table.state().Tips, 5);
  assert.strictEqual(table.command('tip 0').success, false);
  assert.strictEqual(table.command('tip 500').success, false);
});

test('insurance is refused when the dealer shows no ace', () => {
  const table = new Table();
  play(table, ['bet 10']);
  const answer = table.command('insurance');
  assert.strictEqual(answer.success, false);
  assert.strictEqual(table.state().Insurance, 0);
});

test('cash out waits for the hand to end', () => {
  const table = new Table();
  play(table, ['bet 10']);
  assert.strictEqual(table.command('cash out').success, false);
  play(table, ['stand']);
  play(table, ['cash out']);
  assert.strictEqual(table.state().Phase, 'Closed');
  assert.strictEqual(table.state().Won, false);
  assert.strictEqual(table.command('bet 10').success, false);
});

test('the walkthrough wins the night', () => {
  const table = new Table();
  play(table, ['help', 'bet 100', 'hit', 'stand', 'bet 100', 'tip 5', 'cash out']);
  const state = table.state();
  assert.ok(state.Chips >= 400, String(state.Chips));
  assert.strictEqual(state.Won, true);
  assert.strictEqual(state.CashedOut, true);
});
