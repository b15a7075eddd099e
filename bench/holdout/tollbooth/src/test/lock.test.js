'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const lock = require('../lock');

function play(state, commands) {
  let last;
  for (const c of commands) {
    last = lock.run(state, c);
    assert.ok(last.success, `${c}: ${last.message}`);
  }
  return last;
}

function walkthrough() {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'walkthrough.md'), 'utf8');
  return text.split('\n').filter((l) => l.startsWith('- `')).map((l) => l.slice(3, -1));
}

test('a new shift starts at 06:00 with the chamber low and the lower gate open', () => {
  const s = lock.newShift();
  assert.equal(s.clock, '06:00');
  assert.equal(s.lock.level, 'low');
  assert.deepEqual(s.lock.gates, { upper: 'shut', lower: 'open' });
  assert.deepEqual(s.queues.below.map((b) => b.name), ['Kestrel']);
  assert.deepEqual(s.queues.above.map((b) => b.name), ['Dabchick']);
  assert.equal(s.cashbox, 0);
  assert.equal(s.shift.over, false);
});

test('gates only open when the water is level with their side', () => {
  const s = lock.newShift();
  assert.equal(lock.run(s, 'open upper').success, false);
  assert.equal(lock.run(s, 'fill').success, false);
  play(s, ['shut lower']);
  assert.equal(lock.run(s, 'open upper').success, false);
  play(s, ['fill', 'open upper']);
  assert.equal(s.lock.level, 'high');
  assert.equal(lock.run(s, 'open lower').success, false);
  assert.equal(lock.run(s, 'empty').success, false);
  assert.equal(s.lock.lockings, 1);
});

test('orders take the time the rules give them', () => {
  const s = lock.newShift();
  play(s, ['shut lower']);
  assert.equal(s.clock, '06:02');
  play(s, ['fill']);
  assert.equal(s.clock, '06:12');
  play(s, ['empty']);
  assert.equal(s.clock, '06:20');
  play(s, ['wait']);
  assert.equal(s.clock, '06:30');
  play(s, ['look', 'queue', 'book', 'help']);
  assert.equal(s.clock, '06:30');
});

test('tolls by length and cargo', () => {
  const boat = (name) => lock.TIMETABLE.find((b) => b.name === name);
  assert.equal(lock.tollFor(boat('Kestrel')).total, 200);
  assert.equal(lock.tollFor(boat('Bittern')).total, 178);
  assert.equal(lock.tollFor(boat('Otter')).total, 93);
  assert.equal(lock.tollFor(boat('Coot')).total, 60);
  assert.equal(lock.tollFor(boat('Mayfly')).total, 54);
});

test('a toll goes into the cashbox and the book', () => {
  const s = lock.newShift();
  play(s, ['admit kestrel', 'toll kestrel']);
  assert.equal(s.cashbox, 200);
  assert.equal(s.book.length, 1);
  assert.equal(s.book[0].boat, 'Kestrel');
  assert.equal(s.book[0].toll, 200);
  assert.equal(s.lock.chamber[0].paid, true);
  assert.equal(lock.run(s, 'toll kestrel').success, false);
});

test('a small boat pays the minimum toll into the book', () => {
  const s = lock.newShift();
  play(s, ['shut lower', 'fill', 'open upper', 'admit dabchick', 'toll dabchick']);
  assert.equal(s.book[0].toll, lock.MIN_TOLL);
  assert.equal(s.cashbox, lock.MIN_TOLL);
});

test('a boat that is too long for the room left is refused', () => {
  const s = lock.newShift();
  play(s, ['admit kestrel', 'wait 20']);
  const r = lock.run(s, 'admit heron');
  assert.equal(r.success, false);
  assert.deepEqual(s.lock.chamber.map((b) => b.name), ['Kestrel']);
});

test('unpaid boats are kept in the lock', () => {
  const s = lock.newShift();
  play(s, ['admit kestrel', 'shut lower', 'fill', 'open upper']);
  assert.equal(lock.run(s, 'release').success, false);
  play(s, ['toll kestrel', 'release']);
  assert.equal(s.lock.chamber.length, 0);
  assert.deepEqual(s.passed.boats, ['Kestrel']);
});

test('a refund takes the money back out and strikes the line', () => {
  const s = lock.newShift();
  play(s, ['admit kestrel', 'toll kestrel', 'refund kestrel']);
  assert.equal(s.cashbox, 0);
  assert.equal(s.book.length, 0);
  assert.equal(s.lock.chamber[0].paid, false);
});

test('the shift ends by itself at 14:00', () => {
  const s = lock.newShift();
  for (let i = 0; i < 4; i++) play(s, ['wait 120']);
  assert.equal(s.clock, '14:00');
  assert.equal(s.shift.over, true);
  assert.equal(s.shift.won, false);
  assert.equal(lock.run(s, 'look').success, false);
});

test('unknown orders are refused', () => {
  const s = lock.newShift();
  assert.equal(lock.run(s, 'dance').success, false);
  assert.equal(lock.run(s, 'wait forever').success, false);
  assert.equal(lock.run(s, 'wait 500').success, false);
  assert.equal(lock.run(s, 'open sesame').success, false);
});

test('the walkthrough is a good shift', () => {
  const s = lock.newShift();
  const last = play(s, walkthrough());
  assert.equal(s.shift.over, true);
  assert.equal(s.shift.won, true);
  assert.equal(s.passed.boats.length, 8);
  assert.match(last.message, /You win/);
});
