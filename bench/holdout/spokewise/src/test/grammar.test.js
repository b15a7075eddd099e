'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { CommandParser, GrammarError, HELP_TEXT, VERBS } = require('../lib/grammar');

const parser = new CommandParser();

test('a verb followed by comma-separated arguments', () => {
  const cmd = parser.parse('load P3, Ada');
  assert.equal(cmd.verb, 'load');
  assert.deepEqual(cmd.args, ['P3', 'Ada']);
});

test('verbs are not case sensitive and spacing is forgiving', () => {
  const cmd = parser.parse('  SWAP   ada ,B4 ');
  assert.equal(cmd.verb, 'swap');
  assert.deepEqual(cmd.args, ['ada', 'B4']);
});

test('commands without arguments', () => {
  assert.deepEqual(parser.parse('board').args, []);
  assert.deepEqual(parser.parse('help').args, []);
});

test('optional second argument of quote', () => {
  assert.deepEqual(parser.parse('quote P4').args, ['P4']);
  assert.deepEqual(parser.parse('quote P4, Cleo').args, ['P4', 'Cleo']);
});

test('wrong arity gives the usage', () => {
  assert.throws(() => parser.parse('load P3'), (err) => err instanceof GrammarError && /Usage: load/.test(err.message));
  assert.throws(() => parser.parse('dispatch Ada, Bram'), GrammarError);
  assert.throws(() => parser.parse('board now'), GrammarError);
});

test('empty arguments, empty lines and unknown verbs are refused', () => {
  assert.throws(() => parser.parse('load P3, '), GrammarError);
  assert.throws(() => parser.parse('   '), GrammarError);
  assert.throws(() => parser.parse('fly P3'), /Unknown command/);
  assert.throws(() => parser.parse('42'), GrammarError);
});

test('help names every verb in BNF', () => {
  assert.match(HELP_TEXT, /<command> ::=/);
  for (const verb of Object.keys(VERBS)) assert.ok(HELP_TEXT.includes(`"${verb}"`), verb);
  for (const term of ['<parcel>', '<rider>', '<bike>', '<minutes>']) assert.match(HELP_TEXT, new RegExp(`${term}\\s+::=`));
});
