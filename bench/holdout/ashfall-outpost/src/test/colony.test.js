import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Game } from '../lib/commands.js';

function play(...commands) {
  const game = new Game('test');
  let reply = game.intro();
  for (const command of commands) reply = game.run(command);
  return reply;
}

function amount(state, resource) {
  return state.stock.find((s) => s.resource === resource).amount;
}

function structure(state, kind) {
  return state.structures.find((s) => s.kind === kind);
}

test('a new outpost starts as the handbook says', () => {
  const { state, success } = play();
  assert.equal(success, true);
  assert.deepEqual(state.clock, { day: 1, phase: 'planning' });
  assert.deepEqual(state.colonists.map((c) => [c.id, c.name, c.job, c.health]), [
    ['c1', 'Ada', 'idle', 10],
    ['c2', 'Brann', 'idle', 10],
    ['c3', 'Cole', 'idle', 10],
    ['c4', 'Dara', 'idle', 10],
  ]);
  assert.deepEqual(state.structures.map((s) => [s.id, s.kind, s.level, s.hp, s.max_hp]), [
    ['s1', 'Habitat', 1, 20, 20],
    ['s2', 'Greenhouse', 1, 12, 12],
    ['s3', 'Drill Rig', 1, 12, 12],
  ]);
  assert.deepEqual(state.stock, [
    { resource: 'food', amount: 20, cap: 40 },
    { resource: 'ore', amount: 10, cap: 30 },
    { resource: 'alloy', amount: 0, cap: 20 },
  ]);
  assert.equal(state.site, null);
  assert.deepEqual(state.status, { won: false, lost: false });
});

test('help is a table of commands with placeholders', () => {
  const { message } = play('help');
  assert.match(message, /^\| command \| what it does \|/);
  assert.match(message, /\| assign <colonist> <job> \|/);
  assert.match(message, /\| end day \|/);
});

test('names are read in any case and written in brackets', () => {
  const reply = play('assign ADA Farm');
  assert.equal(reply.success, true);
  assert.equal(reply.message, '[Ada] now farms.');
  assert.equal(reply.state.colonists[0].job, 'farm');
  assert.equal(play('repair DRILL rig').message.includes('[Drill Rig]'), true);
});

test('unknown commands, names and jobs are refused and change nothing', () => {
  for (const command of ['dance', 'assign zed mine', 'assign ada swim', 'build castle', 'cancel', '']) {
    const reply = play(command);
    assert.equal(reply.success, false, command);
    assert.deepEqual(reply.state, play().state, command);
  }
});

test('farmers harvest 4 food with a level 1 greenhouse and everyone eats 2', () => {
  const { state, message } = play('assign cole farm', 'end day');
  assert.equal(amount(state, 'food'), 20 + 4 - 8);
  assert.match(message, /^— Day 1 report —/);
  assert.match(message, /• \[Cole\] harvested 4 food/);
  assert.equal(state.clock.day, 2);
});

test('a miner digs 2 ore when no drill rig stands', () => {
  const { state } = play('dismantle drill rig', 'assign ada mine', 'end day');
  assert.equal(amount(state, 'ore'), 10 + 3 + 2);
});

test('builders finish a site and the structure gets the next id', () => {
  const { state, message } = play('assign ada build', 'assign brann build', 'build smelter', 'end day', 'end day');
  const smelter = structure(state, 'Smelter');
  assert.deepEqual(smelter, { id: 's4', kind: 'Smelter', level: 1, hp: 16, max_hp: 16 });
  assert.equal(state.site, null);
  assert.match(message, /\[Smelter\] is finished/);
  assert.equal(amount(state, 'ore'), 2);
});

test('the smelter turns 4 ore into 2 alloy', () => {
  const setup = ['assign ada build', 'assign brann build', 'assign cole build', 'build smelter', 'end day'];
  const cold = play(...setup);
  assert.match(cold.message, /\[Smelter\] stood cold/);
  assert.equal(amount(cold.state, 'ore'), 2);
  const { state, message } = play(...setup, 'dismantle drill rig', 'end day');
  assert.match(message, /\[Smelter\] turned 4 ore into 2 alloy/);
  assert.equal(amount(state, 'ore'), 1);
  assert.equal(amount(state, 'alloy'), 2);
});

test('cancel returns the ore of a site', () => {
  const { state, success } = play('build smelter', 'cancel');
  assert.equal(success, true);
  assert.equal(amount(state, 'ore'), 10);
  assert.equal(state.site, null);
});

test('only one site at a time and one structure of a kind', () => {
  assert.equal(play('build smelter', 'build silo').success, false);
  assert.equal(play('build greenhouse').success, false);
  assert.equal(play('build habitat').success, false);
});

test('storms strike at dusk of every third day', () => {
  const { state, message } = play('assign ada mine', 'end day', 'end day', 'end day');
  assert.match(message, /Ash storm!/);
  assert.deepEqual(state.structures.map((s) => s.hp), [16, 8, 8]);
  assert.equal(state.colonists[0].health, 8);
  assert.equal(state.clock.phase, 'planning');
  assert.equal(play('end day', 'end day').state.clock.phase, 'storm warning');
});

test('repair costs 2 ore and refuses a whole structure', () => {
  assert.equal(play('repair greenhouse').success, false);
  const { state } = play('end day', 'end day', 'end day', 'repair greenhouse');
  assert.equal(structure(state, 'Greenhouse').hp, 12);
  assert.equal(amount(state, 'ore'), 8);
});

test('upgrade costs 4 ore per level and adds 4 hp', () => {
  const { state } = play('upgrade greenhouse');
  assert.deepEqual(structure(state, 'Greenhouse'), { id: 's2', kind: 'Greenhouse', level: 2, hp: 16, max_hp: 16 });
  assert.equal(amount(state, 'ore'), 6);
  assert.equal(play('upgrade greenhouse', 'upgrade greenhouse').success, false);
});

test('dismantle returns half the cost, never the habitat', () => {
  const { state } = play('dismantle greenhouse');
  assert.equal(structure(state, 'Greenhouse'), undefined);
  assert.equal(amount(state, 'ore'), 13);
  assert.equal(play('dismantle habitat').success, false);
});

test('hungry colonists lose 3 health', () => {
  const { state } = play('dismantle greenhouse', 'end day', 'end day', 'end day');
  const health = state.colonists.map((c) => c.health);
  assert.deepEqual(health, [10, 10, 7, 7]);
});
