import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { newGame, play, view, MOVE_LIMIT } from '../yard.mjs';

function run(g, ...cmds) {
  let r;
  for (const c of cmds) {
    r = play(g, c);
    assert.ok(r.success, `${c}: ${r.message}`);
  }
  return r;
}

function walkthrough() {
  const text = readFileSync(new URL('../docs/WALKTHROUGH.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]);
}

test('the starting yard', () => {
  const s = view(newGame());
  assert.deepEqual(s.yard, { H: '[L]', A: '41 07 28', B: '19 33 64', C: '12 55' });
  assert.equal(s.required, '12-07-33-41-28');
  assert.equal(s.moves, 0);
  assert.equal(s.move_limit, 20);
  assert.equal(Object.keys(s.wagons).length, 8);
});

test('the walkthrough departs with 210 points', () => {
  const g = newGame();
  const r = run(g, ...walkthrough());
  assert.match(r.message, /Score 210/);
  const s = view(g);
  assert.equal(s.won, true);
  assert.equal(s.score, 210);
  assert.equal(s.moves, 9);
});

test('every reply ends with the move count', () => {
  const g = newGame();
  for (const c of ['?', 'H>B', 'nonsense', '+33', '#41', '=']) {
    assert.match(play(g, c).message, /\(move \d+\/20\)$/);
  }
});

test('a run takes the hook along and costs one move', () => {
  const g = newGame();
  run(g, 'H>B', '+33', 'B>H');
  const s = view(g);
  assert.equal(s.yard.H, '[L]-19-33');
  assert.equal(s.yard.B, '64');
  assert.equal(s.loco.hook, '19-33');
  assert.equal(s.loco.tonnes, 70);
  assert.equal(s.moves, 2);
});

test('a run from the wrong track is refused', () => {
  const g = newGame();
  const r = play(g, 'A>B');
  assert.equal(r.success, false);
  assert.equal(view(g).moves, 0);
});

test('a run is refused when the far track is too short', () => {
  const g = newGame();
  run(g, '>A', '+07', 'A>H', '-', 'H>B', '+33');
  const r = play(g, '>H');
  assert.equal(r.success, false);
  assert.match(r.message, /No room on H/);
  const s = view(g);
  assert.equal(s.loco.track, 'B');
  assert.equal(s.yard.H, '41 07');
  assert.equal(s.moves, 3);
});

test('cutting the whole hook leaves the wagons standing', () => {
  const g = newGame();
  run(g, 'H>B', '+33', 'B>H', '-');
  const s = view(g);
  assert.equal(s.yard.H, '[L] 19 33');
  assert.equal(s.loco.hook, '');
  assert.equal(s.wagons['19'].coupled, false);
});

test('undo of a run puts the loco back and gives the move back', () => {
  const g = newGame();
  run(g, 'H>C', 'C>A');
  run(g, 'undo');
  const s = view(g);
  assert.equal(s.loco.track, 'C');
  assert.equal(s.moves, 1);
});

test('depart is refused until the order is right', () => {
  const g = newGame();
  run(g, 'H>A');
  const r = play(g, 'depart');
  assert.equal(r.success, false);
  assert.equal(view(g).departed, false);
});

test('unknown wagons and unreadable notation are refused', () => {
  const g = newGame();
  assert.equal(play(g, '+99').success, false);
  assert.equal(play(g, '#99').success, false);
  assert.equal(play(g, 'shunt please').success, false);
  assert.equal(view(g).moves, 0);
});

test('the limit is twenty moves', () => {
  assert.equal(MOVE_LIMIT, 20);
});
