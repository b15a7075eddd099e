'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { parseCommand } = require('../lib/words');
const { formatMoney, parseMoney } = require('../lib/money');

test('positional words and --options', () => {
  const parsed = parseCommand('checkin ada --room 101 --keys=2');
  assert.equal(parsed.verb, 'checkin');
  assert.deepEqual(parsed.words, ['ada']);
  assert.deepEqual({ ...parsed.options }, { room: '101', keys: '2' });
});

test('quotes keep words together and verbs are case-insensitive', () => {
  const parsed = parseCommand('CHECKIN "Ada Park" 101');
  assert.equal(parsed.verb, 'checkin');
  assert.deepEqual(parsed.words, ['Ada Park', '101']);
});

test('an option without a value is true', () => {
  assert.deepEqual({ ...parseCommand('pay 101 --amount').options }, { amount: true });
  assert.deepEqual({ ...parseCommand('rooms --status --type suite').options }, { status: true, type: 'suite' });
});

test('unbalanced quotes are reported', () => {
  assert.ok(parseCommand('checkin "Ada').error);
});

test('money is formatted with a dollar sign, commas and cents', () => {
  assert.equal(formatMoney(0), '$0.00');
  assert.equal(formatMoney(6600), '$66.00');
  assert.equal(formatMoney(123456789), '$1,234,567.89');
  assert.equal(formatMoney(-1050), '-$10.50');
});

test('money is read in the usual spellings', () => {
  assert.equal(parseMoney('50'), 5000);
  assert.equal(parseMoney('50.5'), 5050);
  assert.equal(parseMoney('$1,050.25'), 105025);
  assert.equal(parseMoney('abc'), null);
  assert.equal(parseMoney('-5'), null);
  assert.equal(parseMoney(undefined), null);
});
