'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Desk } = require('../lib/desk');

function play(desk, commands) {
  let last;
  for (const c of commands) {
    last = desk.run(c);
    assert.ok(last.success, `${c}: ${last.message}`);
  }
  return last;
}

test('a new desk opens on Monday with the float and the first guests', () => {
  const s = new Desk().state();
  assert.equal(s.hotel.day, 1);
  assert.equal(s.hotel.weekday, 'Monday');
  assert.equal(s.desk.drawer, '$150.00');
  assert.equal(s.desk.rating, '3/5 stars');
  assert.deepEqual(s.lobby.map((g) => g.id), ['ada', 'ben', 'cora']);
  assert.equal(s.rooms['101'].housekeeping, 'clean');
  assert.equal(s.rooms['301'].housekeeping, 'dirty');
});

test('check-in needs a clean room that sleeps the party', () => {
  const desk = new Desk();
  assert.equal(desk.run('checkin ada --room 102').success, false);
  assert.equal(desk.run('checkin ben --room 101').success, false);
  assert.equal(desk.run('checkin ada --room 101 --keys 3').success, false);
  play(desk, ['checkin ada --room 101 --keys 2']);
  const s = desk.state();
  assert.equal(s.rooms['101'].guest, 'ada');
  assert.deepEqual(s.rooms['101'].keys, { on_rack: 0, out: 2 });
  assert.equal(s.guests.ada.room, '101');
  assert.equal(desk.run('checkin cora 101').success, false);
});

test('the night audit charges a weekday night plus tax', () => {
  const desk = new Desk();
  play(desk, ['checkin ben 201', 'night']);
  const ben = desk.state().guests.ben;
  assert.deepEqual(ben.folio.lines.map((l) => l.amount), ['$90.00', '$9.00']);
  assert.equal(ben.folio.balance, '$99.00');
  assert.equal(ben.nights_left, '4 nights');
  assert.equal(desk.state().hotel.weekday, 'Tuesday');
});

test('guests left in the lobby walk out and cost a star each', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101', 'checkin ben 201', 'night']);
  const s = desk.state();
  assert.equal(s.desk.rating, '2/5 stars');
  assert.equal(s.guests.cora.status, 'walked out');
  assert.deepEqual(s.lobby.map((g) => g.id), ['dev', 'elin']);
});

test('paying in full, then checking out, returns the keys and earns a star', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101 --keys 2', 'night']);
  assert.equal(desk.run('checkout 101').success, false);
  play(desk, ['night', 'pay 101', 'checkout 101']);
  const s = desk.state();
  assert.equal(s.desk.takings, '$132.00');
  assert.equal(s.desk.drawer, '$282.00');
  assert.deepEqual(s.rooms['101'].keys, { on_rack: 2, out: 0 });
  assert.equal(s.rooms['101'].housekeeping, 'dirty');
  assert.equal(s.guests.ada.status, 'checked out');
});

test('part payments add up', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101', 'charge 101 breakfast --qty 3', 'pay 101 --amount 20', 'pay 101 $16.00']);
  const s = desk.state();
  assert.equal(s.guests.ada.folio.balance, '$0.00');
  assert.equal(s.desk.drawer, '$186.00');
  assert.equal(desk.run('pay 101').success, false);
});

test('extras respect the quantity and the incidentals limit', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101']);
  assert.equal(desk.run('charge 101 laundry --qty 6').success, false);
  play(desk, ['charge 101 laundry --qty 5', 'charge 101 breakfast --qty 2']);
  assert.equal(desk.run('charge 101 minibar').success, false);
  assert.equal(desk.state().guests.ada.incidentals, '$99.00');
  assert.equal(desk.run('charge 102 minibar').success, false);
});

test('keys can be issued and handed back, never below one', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101', 'keys 101 --issue 1']);
  assert.deepEqual(desk.state().rooms['101'].keys, { on_rack: 0, out: 2 });
  assert.equal(desk.run('keys 101 --issue 1').success, false);
  play(desk, ['keys 101 --return 1']);
  assert.equal(desk.run('keys 101 --return 1').success, false);
  assert.deepEqual(desk.state().rooms['101'].keys, { on_rack: 1, out: 1 });
});

test('a move swaps the room and leaves the old one dirty', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101 --keys 2', 'clean 102', 'move 101 --to 102']);
  const s = desk.state();
  assert.equal(s.rooms['102'].guest, 'ada');
  assert.equal(s.rooms['101'].guest, null);
  assert.equal(s.rooms['101'].housekeeping, 'dirty');
  assert.deepEqual(s.rooms['101'].keys, { on_rack: 2, out: 0 });
  assert.deepEqual(s.rooms['102'].keys, { on_rack: 0, out: 2 });
  assert.equal(desk.run('move 102 --to 202').success, false);
});

test('housekeeping cleans dirty vacant rooms only', () => {
  const desk = new Desk();
  assert.equal(desk.run('clean 101').success, false);
  play(desk, ['clean 102', 'clean 202']);
  assert.equal(desk.state().housekeeping.cleans_today, 2);
  play(desk, ['night']);
  assert.equal(desk.state().housekeeping.cleans_today, 0);
});

test('the bill of an occupied room lists its charges', () => {
  const desk = new Desk();
  play(desk, ['checkin ada 101', 'charge 101 minibar']);
  const r = play(desk, ['bill 101']);
  assert.match(r.message, /minibar x1/);
  assert.match(r.message, /balance \$8\.00/);
});

test('the manual reads like a man page', () => {
  const desk = new Desk();
  const page = play(desk, ['help']).message;
  for (const section of ['NAME', 'SYNOPSIS', 'COMMANDS']) assert.match(page, new RegExp(`^${section}$`, 'm'));
  assert.match(play(desk, ['help checkin']).message, /--keys 1\|2/);
  assert.equal(desk.run('help nothing').success, false);
  assert.equal(desk.run('dance').success, false);
  assert.equal(desk.run('rooms --colour red').success, false);
});

test('the walkthrough wins the week', () => {
  const text = fs.readFileSync(path.join(__dirname, '..', 'docs', 'WALKTHROUGH.md'), 'utf8');
  const commands = [...text.matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1]);
  const desk = new Desk();
  play(desk, commands);
  const s = desk.state();
  assert.equal(s.status.game_over, true);
  assert.equal(s.status.won, true);
  assert.equal(desk.run('checkin ada 101').success, false);
});
