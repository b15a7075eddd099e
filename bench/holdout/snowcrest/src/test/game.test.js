import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { SnowcrestGame, matchPrefix } from '../game.js';

function play(game, ...commands) {
  let result;
  for (const command of commands) {
    result = game.execute(command);
    assert.ok(result.success, `${command} was refused: ${result.message}`);
  }
  return result;
}

function stat(game, name) {
  return Object.fromEntries(game.snapshot().stats)[name];
}

function waitUntil(game, day, hour) {
  while (game.day !== day || game.hour !== hour) play(game, 'WAIT');
}

test('a new game starts on Saturday morning with everything closed', () => {
  const game = new SnowcrestGame();
  const state = game.snapshot();
  assert.equal(state.clock, 'Sat 09:00');
  assert.equal(state.cash, 500);
  assert.equal(state.operatorsFree, 3);
  assert.deepEqual(state.ticketWindow, [['adult', 30], ['child', 10]]);
  assert.ok(state.lifts.every((lift) => lift.status === 'closed'));
  assert.deepEqual(state.patrol, [['Alpha', 'standby'], ['Bravo', 'standby']]);
  assert.equal(state.won, false);
  assert.match(game.intro(), /HELP/);
});

test('help is a box-drawn two-column table of every command', () => {
  const { success, message } = new SnowcrestGame().execute('help');
  assert.ok(success);
  assert.match(message, /┌─+┬─+┐/);
  assert.match(message, /│ COMMAND +│ WHAT IT DOES +│/);
  for (const word of ['HELP', 'STATUS', 'LIFTS', 'WEATHER', 'SELL', 'REFUND', 'OPEN', 'CLOSE', 'LOAD', 'RESCUE', 'WAIT']) {
    assert.match(message, new RegExp(`│ ${word}`));
  }
});

test('commands take any case and any unique prefix', () => {
  const game = new SnowcrestGame();
  play(game, 'wa');
  assert.equal(game.snapshot().clock, 'Sat 10:00');
  play(game, 'Se a 2', 'OP pine', 'lo p 2');
  const pinewood = game.snapshot().lifts.find((lift) => lift.name === 'Pinewood');
  assert.equal(pinewood.status, 'open');
  assert.equal(pinewood.loaded, 2);
  const ambiguous = game.execute('L');
  assert.equal(ambiguous.success, false);
  assert.match(ambiguous.message, /LIFTS or LOAD/);
  assert.equal(game.execute('dance').success, false);
  assert.equal(game.execute('').success, false);
});

test('matchPrefix prefers an exact name and rejects unknown words', () => {
  assert.equal(matchPrefix(['WAIT', 'WAITLIST'], 'wait', 'command'), 'WAIT');
  assert.throws(() => matchPrefix(['Summit', 'Sundown'], 'su', 'lift'), /Summit or Sundown/);
  assert.throws(() => matchPrefix(['Summit', 'Sundown'], 'x', 'lift'), /no lift/);
});

test('morning tickets sell at the morning price into the lodge', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 3', 'SELL CHILD 2');
  const state = game.snapshot();
  assert.equal(state.cash, 500 + 3 * 64 + 2 * 32);
  assert.equal(state.lodge, 5);
  assert.deepEqual(state.ticketsSold, [['adult', 3], ['child', 2]]);
  assert.deepEqual(state.ticketWindow, [['adult', 27], ['child', 8]]);
  assert.equal(stat(game, 'ticketRevenue'), 3 * 64 + 2 * 32);
});

test('afternoon tickets are cheaper', () => {
  const game = new SnowcrestGame();
  waitUntil(game, 1, 13);
  play(game, 'SELL ADULT 2', 'SELL CHILD 1');
  assert.equal(game.snapshot().cash, 500 + 2 * 40 + 20);
});

test('sales are limited by the queue and by the mountain capacity', () => {
  const game = new SnowcrestGame();
  assert.equal(game.execute('SELL CHILD 11').success, false);
  assert.equal(game.execute('SELL ADULT 0').success, false);
  assert.equal(game.execute('SELL ADULT lots').success, false);
  waitUntil(game, 1, 13);
  play(game, 'SELL ADULT 78');
  const refused = game.execute('SELL CHILD 23');
  assert.equal(refused.success, false);
  assert.match(refused.message, /100/);
  play(game, 'SELL CHILD 22');
  assert.equal(game.snapshot().lodge, 100);
});

test('lifts need a free operator and wind below their limit', () => {
  const game = new SnowcrestGame();
  play(game, 'OPEN PINEWOOD', 'OPEN RIDGEBACK', 'OPEN SUMMIT');
  assert.equal(game.snapshot().operatorsFree, 0);
  const fourth = game.execute('OPEN SUNDOWN');
  assert.equal(fourth.success, false);
  assert.match(fourth.message, /operator/);
  assert.equal(game.execute('OPEN PINEWOOD').success, false);
  play(game, 'CLOSE SUMMIT');
  assert.equal(game.snapshot().operatorsFree, 1);
  assert.equal(game.execute('CLOSE SUMMIT').success, false);

  const windy = new SnowcrestGame();
  waitUntil(windy, 1, 13);
  const refused = windy.execute('OPEN SUMMIT');
  assert.equal(refused.success, false);
  assert.match(refused.message, /44 km\/h/);
  play(windy, 'OPEN SUNDOWN');
});

test('boarded riders ride at the next hour and return to the lodge', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 30', 'OPEN PINEWOOD', 'LOAD PINEWOOD 15');
  assert.equal(game.snapshot().lodge, 15);
  play(game, 'LOAD PINEWOOD');
  let state = game.snapshot();
  assert.equal(state.lifts[0].loaded, 20);
  assert.equal(state.lodge, 10);
  assert.equal(game.execute('LOAD PINEWOOD 1').success, false);
  play(game, 'WAIT');
  state = game.snapshot();
  assert.equal(state.lodge, 30);
  assert.equal(state.lifts[0].loaded, 0);
  assert.equal(state.lifts[0].ridesToday, 20);
  assert.equal(stat(game, 'rides'), 20);
  assert.equal(stat(game, 'liftCosts'), 25);
  assert.equal(state.cash, 500 + 30 * 64 - 25);
});

test('closing a lift sends its boarded riders back to the lodge', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 10', 'OPEN RIDGEBACK', 'LOAD RIDGEBACK 6', 'CLOSE RIDGEBACK');
  const state = game.snapshot();
  assert.equal(state.lodge, 10);
  assert.equal(state.lifts[1].loaded, 0);
  assert.equal(state.operatorsFree, 3);
  assert.equal(game.execute('LOAD RIDGEBACK 1').success, false);
});

test('every 25th skier on Ridgeline goes down and patrol fetches them', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 30', 'OPEN RIDGEBACK', 'LOAD RIDGEBACK 25', 'WAIT');
  let state = game.snapshot();
  assert.equal(state.casualties.length, 1);
  assert.equal(state.casualties[0].run, 'Ridgeline');
  assert.equal(state.lodge, 29);
  play(game, 'RESCUE RIDGE');
  state = game.snapshot();
  assert.equal(state.casualties.length, 0);
  assert.equal(state.firstAid, 1);
  assert.deepEqual(state.patrol[0], ['Alpha', 'rescuing']);
  assert.equal(stat(game, 'rescues'), 1);
  assert.equal(game.execute('RESCUE RIDGELINE').success, false);
  play(game, 'WAIT');
  state = game.snapshot();
  assert.equal(state.firstAid, 0);
  assert.equal(state.wentHome, 1);
  assert.deepEqual(state.patrol[0], ['Alpha', 'standby']);
});

test('a casualty left for two hours is a safety incident', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 30', 'OPEN SUMMIT', 'LOAD SUMMIT 8', 'WAIT');
  assert.equal(game.snapshot().casualties.length, 1);
  play(game, 'WAIT');
  assert.equal(stat(game, 'incidents'), 0);
  play(game, 'WAIT');
  assert.equal(stat(game, 'incidents'), 1);
  assert.equal(game.snapshot().casualties[0].incident, true);
  play(game, 'WAIT');
  assert.equal(stat(game, 'incidents'), 1);
});

test('the wind puts an open lift on hold and lets it go again', () => {
  const game = new SnowcrestGame();
  play(game, 'OPEN RIDGEBACK');
  waitUntil(game, 1, 14);
  assert.equal(game.snapshot().lifts[1].status, 'hold');
  assert.equal(game.execute('LOAD RIDGEBACK 1').success, false);
  play(game, 'WAIT');
  assert.equal(game.snapshot().lifts[1].status, 'open');
});

test('a day closes at 16:00 and Sunday starts fresh', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 10', 'OPEN PINEWOOD', 'OPEN RIDGEBACK');
  waitUntil(game, 2, 9);
  const state = game.snapshot();
  assert.equal(state.clock, 'Sun 09:00');
  assert.equal(state.operatorsFree, 3);
  assert.ok(state.lifts.every((lift) => lift.status === 'closed'));
  assert.equal(state.lodge, 0);
  assert.deepEqual(state.ticketsSold, [['adult', 0], ['child', 0]]);
  assert.deepEqual(state.ticketWindow, [['adult', 40], ['child', 12]]);
  assert.equal(stat(game, 'liftCosts'), 7 * 65);
});

test('the game ends after Sunday and refuses further commands', () => {
  const game = new SnowcrestGame();
  waitUntil(game, 2, 15);
  const last = play(game, 'WAIT');
  assert.match(last.message, /Game over/);
  assert.equal(game.snapshot().gameOver, true);
  assert.equal(game.snapshot().won, false);
  assert.equal(game.execute('STATUS').success, false);
});

test('the walkthrough wins', () => {
  const path = fileURLToPath(new URL('../docs/WALKTHROUGH.md', import.meta.url));
  const commands = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.match(/^- `(.+)`$/))
    .filter(Boolean)
    .map((match) => match[1]);
  const game = new SnowcrestGame();
  play(game, ...commands);
  const state = game.snapshot();
  assert.equal(state.won, true);
  assert.ok(state.cash >= 10000);
  assert.equal(stat(game, 'incidents'), 0);
});

test('status, lifts and weather describe the resort', () => {
  const game = new SnowcrestGame();
  assert.match(play(game, 'STATUS').message, /Sat 09:00/);
  assert.match(play(game, 'LIFTS').message, /│ Sundown/);
  assert.match(play(game, 'WEATHER').message, /Next hour: wind 22 km\/h/);
});

test('refunds pay the current price less the fee and send the guest home', () => {
  const game = new SnowcrestGame();
  play(game, 'SELL ADULT 5', 'SELL CHILD 2', 'REFUND CHILD');
  const state = game.snapshot();
  assert.equal(state.cash, 500 + 5 * 64 + 2 * 32 - (32 - 5));
  assert.equal(state.lodge, 6);
  assert.deepEqual(state.ticketsSold, [['adult', 5], ['child', 1]]);
  assert.equal(game.execute('REFUND CHILD 2').success, false);
  play(game, 'OPEN PINEWOOD', 'LOAD PINEWOOD 6');
  const refused = game.execute('REFUND ADULT');
  assert.equal(refused.success, false);
  assert.match(refused.message, /lodge/);
});
