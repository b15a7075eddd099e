import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { newGame, runCommand } from '../game.js';

function play(commands) {
  const game = newGame();
  let last = null;
  for (const command of commands) {
    last = runCommand(game, command);
    assert.ok(last.success, `${command} refused: ${last.message}`);
  }
  return { game, last };
}

function walkthrough() {
  const text = readFileSync(new URL('../WALKTHROUGH.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1]);
}

test('a new game starts on the launch field', () => {
  const game = newGame();
  assert.equal(game.turn, 0);
  assert.deepEqual(
    { km: game.balloon.km, level: game.balloon.level, propane: game.balloon.propane },
    { km: 0, level: 0, propane: 40 },
  );
  assert.equal(game.balloon.ballast, 4);
  assert.equal(game.balloon.markers, 4);
  assert.equal(game.race.won, false);
  assert.equal(game.sky.period, 'morning');
});

test('the walkthrough wins the race', () => {
  const { game, last } = play(walkthrough());
  assert.equal(game.race.won, true);
  assert.equal(game.race.over, true);
  assert.match(last.message, /finished the Loftwing race/);
  assert.ok(game.course.checkpoints.every((cp) => cp.logged));
});

test('burning climbs and costs two propane a level', () => {
  const { game, last } = play(['burn 2']);
  assert.equal(game.balloon.level, 2);
  assert.equal(game.balloon.propane, 36);
  assert.equal(game.balloon.km, 2);
  assert.equal(game.turn, 1);
  assert.match(last.message, /level 2/);
});

test('burn refuses a bad number of blasts', () => {
  const game = newGame();
  for (const command of ['burn 0', 'burn 4', 'burn lots']) {
    const result = runCommand(game, command);
    assert.equal(result.success, false, command);
  }
  assert.equal(game.turn, 0);
});

test('a holding burn at the ceiling costs one propane', () => {
  const { game } = play(['burn 3', 'burn 2', 'burn']);
  assert.equal(game.balloon.level, 5);
  assert.equal(game.balloon.propane, 40 - 6 - 4 - 1);
});

test('venting sinks and landing away from the finish is a touchdown', () => {
  const { game, last } = play(['burn 1', 'vent 1']);
  assert.equal(game.balloon.level, 0);
  assert.equal(game.race.status, 'grounded');
  assert.equal(game.race.over, false);
  assert.match(last.message, /touch down/);
  assert.equal(runCommand(game, 'vent').success, false);
});

test('dropping ballast climbs a level a bag without propane', () => {
  const { game } = play(['drop 2']);
  assert.equal(game.balloon.level, 2);
  assert.equal(game.balloon.ballast, 2);
  assert.equal(game.balloon.propane, 40);
  assert.equal(runCommand(game, 'drop 3').success, false);
});

test('three turns without a burn cool the envelope by one level', () => {
  const { game } = play(['burn 2', 'wait', 'wait']);
  assert.equal(game.balloon.level, 2);
  assert.equal(game.balloon.cooling, 2);
  runCommand(game, 'wait');
  assert.equal(game.balloon.level, 1);
  assert.equal(game.balloon.cooling, 0);
});

test('a marker on the cross logs the checkpoint', () => {
  const { game, last } = play(['burn 2', 'wait', 'wait', 'throw']);
  assert.equal(game.course.checkpoints[0].logged, true);
  assert.equal(game.balloon.markers, 3);
  assert.equal(game.race.nextCheckpoint, 'Harrow Tor');
  assert.match(last.message, /logged/);
});

test('a marker 2 km off is a miss and is used up', () => {
  const { game, last } = play(['burn 2', 'wait', 'throw']);
  assert.equal(game.course.checkpoints[0].logged, false);
  assert.equal(game.balloon.markers, 3);
  assert.match(last.message, /too far/);
});

test('markers are refused from high up and from the ground', () => {
  const game = newGame();
  assert.equal(runCommand(game, 'throw').success, false);
  runCommand(game, 'burn 3');
  assert.equal(runCommand(game, 'throw').success, false);
  assert.equal(game.balloon.markers, 4);
});

test('the race closes after turn 24', () => {
  const game = newGame();
  for (let i = 0; i < 24; i += 1) runCommand(game, 'wait');
  assert.equal(game.turn, 24);
  assert.equal(game.race.over, true);
  assert.equal(game.race.status, 'lost');
  assert.equal(runCommand(game, 'wait').success, false);
});

test('the sky turns to afternoon winds from turn 11', () => {
  const game = newGame();
  for (let i = 0; i < 9; i += 1) runCommand(game, 'wait');
  assert.equal(game.sky.period, 'morning');
  runCommand(game, 'wait');
  assert.equal(game.sky.period, 'afternoon');
  assert.equal(game.sky.winds[3], 2);
});

test('the odometer counts eastward drift', () => {
  const { game } = play(['burn 2', 'wait']);
  assert.equal(game.balloon.odometerKm, 4);
});

test('info commands take no time and unknown ones are refused', () => {
  const game = newGame();
  for (const command of ['help', 'status', 'winds', 'winds 2', 'course']) {
    assert.equal(runCommand(game, command).success, true, command);
  }
  assert.equal(runCommand(game, 'winds 0').success, false);
  assert.equal(runCommand(game, 'fly north').success, false);
  assert.equal(runCommand(game, '').success, false);
  assert.equal(game.turn, 0);
});
