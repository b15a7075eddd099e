import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { SnowcrestServer } from '../server.js';

let app;
let base;

before(async () => {
  app = new SnowcrestServer();
  const address = await app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${address.port}`;
});

after(() => app.close());

async function call(method, path, body) {
  const init = { method, headers: { 'Content-Type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(base + path, init);
  return { status: response.status, body: await response.json() };
}

test('health answers', async () => {
  const { status, body } = await call('GET', '/healthz');
  assert.equal(status, 200);
  assert.equal(body.status, 'ok');
});

test('new, command and state speak the agent API', async () => {
  const created = await call('POST', '/api/agent/new');
  assert.equal(created.status, 200);
  const gameId = created.body.game_id;
  assert.equal(typeof gameId, 'string');
  assert.equal(created.body.state.clock, 'Sat 09:00');

  const sold = await call('POST', '/api/agent/command', { game_id: gameId, command: 'SELL ADULT 2' });
  assert.equal(sold.status, 200);
  assert.equal(sold.body.success, true);
  assert.equal(sold.body.turn, 1);
  assert.equal(sold.body.game_over, false);
  assert.equal(sold.body.state.lodge, 2);

  const state = await call('GET', `/api/agent/state/${gameId}`);
  assert.equal(state.status, 200);
  assert.equal(state.body.game_id, gameId);
  assert.equal(state.body.state.cash, 628);
});

test('bad requests get a 4xx', async () => {
  assert.equal((await call('POST', '/api/agent/command', { game_id: 'nope', command: 'WAIT' })).status, 404);
  assert.equal((await call('POST', '/api/agent/command', { command: 'WAIT' })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', '{not json')).status, 400);
  assert.equal((await call('POST', '/api/agent/command', [1, 2])).status, 400);
  assert.equal((await call('GET', '/api/agent/state/nope')).status, 404);
  assert.equal((await call('GET', '/api/agent/state/%E0%A4%A')).status, 400);
  assert.equal((await call('GET', '/api/agent/new')).status, 405);
  assert.equal((await call('GET', '/elsewhere')).status, 404);
});
