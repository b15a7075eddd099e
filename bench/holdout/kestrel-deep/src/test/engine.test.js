'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const engine = require('../lib/engine');

function play(commands) {
  const s = engine.newState();
  let last = null;
  for (const c of commands) last = engine.command(s, c);
  return { s, last, view: engine.view(s) };
}

const reading = (view, name) => view.readings.find((r) => r.name === name).value;

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return [...text.matchAll(/^\d+\.\s+`([^`]+)`/gm)].map((m) => m[1]);
}

test('a new game starts in the docking ring with 60% oxygen', () => {
  const view = engine.view(engine.newState());
  assert.strictEqual(view.module, 'DOCKING RING');
  assert.strictEqual(reading(view, 'oxygen'), 60);
  assert.strictEqual(reading(view, 'main power'), 'offline');
  assert.deepStrictEqual(view.carried, []);
  assert.deepStrictEqual(view.mission, { won: false, lost: false, over: false });
});

test('help lists every category', () => {
  const { last } = play(['help']);
  for (const category of ['MOVEMENT', 'LOOKING', 'ITEMS', 'CONTAINERS', 'SYSTEMS', 'OTHER']) {
    assert.match(last.message, new RegExp(`\\* ${category}:`));
  }
});

test('a move costs 2% oxygen and counts as one move', () => {
  const { last, view } = play(['north']);
  assert.ok(last.success);
  assert.strictEqual(view.module, 'CENTRAL HUB');
  assert.strictEqual(reading(view, 'oxygen'), 58);
  assert.strictEqual(reading(view, 'moves'), 1);
});

test('movement synonyms reach the same module', () => {
  for (const c of ['w', 'west', 'go west', 'walk west', 'move w']) {
    assert.strictEqual(play([c]).view.module, 'STORAGE BAY', c);
  }
});

test('the med bay hatch needs a level 1 keycard', () => {
  const { last, view } = play(['north', 'east']);
  assert.ok(!last.success);
  assert.match(last.message, /ACCESS DENIED\. KEYCARD LEVEL 1 REQUIRED\./);
  assert.strictEqual(view.module, 'CENTRAL HUB');
});

test('a container must be opened before taking from it', () => {
  const closed = play(['west', 'take fuse']);
  assert.ok(!closed.last.success);
  const opened = play(['west', 'open locker', 'take fuse']);
  assert.ok(opened.last.success);
  assert.deepStrictEqual(opened.view.carried, [{ name: 'fuse', value: 1 }]);
});

test('dropping an item leaves it on the deck', () => {
  const { view } = play(['west', 'open locker', 'take fuse', 'east', 'drop fuse']);
  assert.deepStrictEqual(view.carried, []);
  assert.deepStrictEqual(view.floor, [{ name: 'fuse', value: 1 }]);
});

test('the pod bay hatch stays shut without power', () => {
  const { last } = play(['north', 'up']);
  assert.ok(!last.success);
  assert.match(last.message, /ACCESS DENIED/);
});

test('the walkthrough wins', () => {
  const commands = walkthrough();
  assert.ok(commands.length > 10);
  const s = engine.newState();
  for (const c of commands) {
    const result = engine.command(s, c);
    assert.ok(result.success, `${c}: ${result.message}`);
  }
  const view = engine.view(s);
  assert.strictEqual(view.mission.won, true);
  assert.strictEqual(reading(view, 'main power'), 'online');
  assert.strictEqual(reading(view, 'oxygen'), 25);
});

test('commands after the mission is over are refused', () => {
  const s = engine.newState();
  for (const c of walkthrough()) engine.command(s, c);
  const after = engine.command(s, 'look');
  assert.ok(!after.success);
  assert.match(after.message, /MISSION OVER/);
});

test('unknown commands are refused politely', () => {
  const { last } = play(['dance']);
  assert.ok(!last.success);
  assert.match(last.message, /UNKNOWN COMMAND/);
});
