'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Office } = require('../lib/office');
const { Parcel } = require('../lib/models');
const { row, rows, walkthrough } = require('./helpers');

function play(office, commands) {
  let last = null;
  for (const command of commands) {
    last = office.handle(command);
    assert.ok(last.success, `${command}: ${last.message}`);
  }
  return last;
}

test('a new shift opens at 08:00 with the float and the first parcels', () => {
  const state = new Office().snapshot();
  assert.deepEqual(state.shift, { clock: '08:00', ends: '18:00', till: 10, target: 250, over: false, won: false });
  assert.equal(rows(state.parcels).length, 8);
  assert.deepEqual(rows(state.riders).map((r) => [r.rider, r.bike, r.status]), [
    ['Ada', 'B1', 'in office'],
    ['Bram', 'B2', 'in office'],
    ['Cleo', 'B3', 'in office'],
  ]);
  assert.equal(row(state.bikes, 'B4').rider, null);
  assert.deepEqual(state.riders[0], ['rider', 'bike', 'status', 'load', 'load_kg', 'runs', 'until']);
});

test('fares follow the rules', () => {
  assert.equal(Parcel.fareFor(9, 3), 20);
  assert.equal(Parcel.fareFor(1, 1), 7);
  assert.equal(Parcel.fareFor(2, 2), 10);
  assert.equal(Parcel.fareFor(14, 1), 19);
  assert.equal(Parcel.lateFare(7), 3);
  assert.equal(row(new Office().snapshot().parcels, 'P4').fare, 20);
});

test('loading puts the parcel on the bike', () => {
  const office = new Office();
  const out = play(office, ['load P3, Ada', 'load p1, ada']);
  assert.match(out.message, /3\/6 kg/);
  const ada = row(office.snapshot().riders, 'Ada');
  assert.deepEqual(ada.load, ['P3', 'P1']);
  assert.equal(ada.load_kg, 3);
  assert.equal(row(office.snapshot().parcels, 'P3').status, 'loaded');
});

test('a bike does not take more than its capacity', () => {
  const office = new Office();
  play(office, ['load P3, Ada']);
  const out = office.handle('load P8, Ada');
  assert.equal(out.success, false);
  assert.deepEqual(row(office.snapshot().riders, 'Ada').load, ['P3']);
  assert.equal(row(office.snapshot().parcels, 'P8').status, 'shelf');
});

test('a parcel cannot be loaded twice', () => {
  const office = new Office();
  play(office, ['load P3, Ada']);
  assert.equal(office.handle('load P3, Bram').success, false);
});

test('unloading the only parcel puts it back on the shelf', () => {
  const office = new Office();
  play(office, ['load P4, Cleo', 'unload P4']);
  const state = office.snapshot();
  assert.deepEqual(row(state.riders, 'Cleo').load, []);
  assert.equal(row(state.parcels, 'P4').status, 'shelf');
  assert.equal(office.handle('unload P4').success, false);
});

test('unknown names are refused', () => {
  const office = new Office();
  assert.equal(office.handle('load P99, Ada').success, false);
  assert.equal(office.handle('load P1, Zed').success, false);
  assert.equal(office.handle('dispatch Zed').success, false);
  assert.equal(office.handle('service B9').success, false);
  assert.equal(office.handle('quote P99').success, false);
});

test('a run: drops, return time, fares into the till, wear on the bike', () => {
  const office = new Office();
  const sent = play(office, ['load P3, Ada', 'load P1, Ada', 'dispatch Ada']);
  assert.match(sent.message, /Back at 08:30/);
  assert.equal(office.handle('load P2, Ada').success, false);
  assert.equal(office.handle('dispatch Ada').success, false);
  const back = play(office, ['wait 30']);
  assert.match(back.message, /08:30 Ada is back/);
  const state = office.snapshot();
  assert.equal(state.shift.till, 24);
  assert.equal(row(state.parcels, 'P3').delivered_at, '08:15');
  assert.equal(row(state.parcels, 'P1').delivered_at, '08:20');
  assert.equal(row(state.parcels, 'P1').status, 'delivered');
  assert.equal(row(state.bikes, 'B1').wear, 1);
  assert.equal(row(state.riders, 'Ada').runs, 1);
  assert.equal(row(state.riders, 'Ada').status, 'in office');
});

test('drops go nearest zone first', () => {
  const office = new Office();
  play(office, ['load P7, Bram', 'load P2, Bram', 'dispatch Bram', 'wait 100']);
  const state = office.snapshot();
  assert.equal(row(state.parcels, 'P2').delivered_at, '08:35');
  assert.equal(row(state.parcels, 'P7').delivered_at, '08:55');
  assert.equal(state.shift.till, 38);
});

test('quote gives the fare, and with a rider the drop time', () => {
  const office = new Office();
  const plain = play(office, ['quote P4']);
  assert.match(plain.message, /fare \$20/);
  const withRider = play(office, ['quote P4, Cleo']);
  assert.match(withRider.message, /at 09:05 \(on time\), back at 10:05/);
  assert.deepEqual(row(office.snapshot().riders, 'Cleo').load, []);
});

test('a rest ends after 30 minutes and resets the run count', () => {
  const office = new Office();
  play(office, ['load P3, Ada', 'dispatch Ada', 'wait 25', 'rest Ada']);
  assert.equal(office.handle('rest Ada').success, false);
  play(office, ['load P1, Ada']);
  assert.equal(office.handle('dispatch Ada').success, false);
  play(office, ['wait 30']);
  const ada = row(office.snapshot().riders, 'Ada');
  assert.equal(ada.runs, 0);
  assert.equal(ada.status, 'in office');
  assert.equal(office.handle('rest Bram').success, false);
});

test('swap gives a rider the bike on the rack', () => {
  const office = new Office();
  play(office, ['load P3, Ada']);
  assert.equal(office.handle('swap Ada, B4').success, false);
  play(office, ['unload P3', 'swap Ada, B4', 'load P8, Ada']);
  const state = office.snapshot();
  assert.equal(row(state.riders, 'Ada').bike, 'B4');
  assert.equal(row(state.bikes, 'B4').rider, 'Ada');
  assert.equal(office.handle('swap Bram, B4').success, false);
  assert.equal(office.handle('swap Bram, B2').success, false);
});

test('service costs $6, takes 20 minutes and clears the wear', () => {
  const office = new Office();
  assert.equal(office.handle('service B1').success, false);
  play(office, ['load P4, Cleo', 'dispatch Cleo']);
  assert.equal(office.handle('service B3').success, false);
  play(office, ['wait 125', 'service B3']);
  const state = office.snapshot();
  assert.equal(state.shift.clock, '10:25');
  assert.equal(state.shift.till, 10 + 20 - 6);
  assert.equal(row(state.bikes, 'B3').wear, 0);
});

test('the second drop of parcels arrives at 11:00', () => {
  const office = new Office();
  play(office, ['wait 179']);
  assert.equal(office.snapshot().parcels.length, 9);
  const out = play(office, ['wait 1']);
  assert.match(out.message, /11:00 The sorting office sends 6 parcels/);
  assert.equal(office.snapshot().parcels.length, 15);
});

test('wait takes 1 to 240 minutes', () => {
  const office = new Office();
  assert.equal(office.handle('wait 0').success, false);
  assert.equal(office.handle('wait 241').success, false);
  assert.equal(office.handle('wait soon').success, false);
  assert.equal(office.snapshot().shift.clock, '08:00');
});

test('the shift ends at 18:00 and is lost below the target', () => {
  const office = new Office();
  play(office, ['wait 240', 'wait 240', 'wait 240']);
  const state = office.snapshot();
  assert.equal(state.shift.clock, '18:00');
  assert.equal(state.shift.over, true);
  assert.equal(state.shift.won, false);
  assert.equal(office.handle('wait 10').success, false);
  assert.equal(office.handle('board').success, true);
});

test('close ends the shift early', () => {
  const office = new Office();
  const out = play(office, ['close']);
  assert.match(out.message, /\$240 short/);
  assert.equal(office.over, true);
  assert.equal(office.won, false);
});

test('the walkthrough wins', () => {
  const office = new Office();
  play(office, walkthrough());
  const state = office.snapshot();
  assert.equal(state.shift.won, true);
  assert.ok(state.shift.till >= state.shift.target);
});
