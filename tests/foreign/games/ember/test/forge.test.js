'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { fresh, act } = require('../lib/forge');

test('the walkthrough tempers the blade', () => {
  const s = fresh();
  for (const line of ['go shed', 'fetch coal', 'go forge', 'feed', 'go well', 'fetch water', 'go forge', 'quench']) {
    assert.strictEqual(act(s, line)[0], true, line);
  }
  assert.strictEqual(s.meta.won, true);
});

test('no quench when the forge is cold', () => {
  const s = fresh();
  act(s, 'go well'); act(s, 'fetch water'); act(s, 'go forge');
  assert.strictEqual(act(s, 'quench')[0], false);
});
