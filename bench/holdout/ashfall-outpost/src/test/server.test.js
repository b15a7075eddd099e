import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { createApp } from '../server.js';

let server;
let base;

before(async () => {
  server = createApp();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => new Promise((resolve) => server.close(resolve)));

async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('health answers 200', async () => {
  assert.equal((await call('GET', '/healthz')).status, 200);
});

test('new, command and state speak the agent API', async () => {
  const fresh = await call('POST', '/api/agent/new');
  assert.equal(fresh.status, 200);
  assert.equal(typeof fresh.body.game_id, 'string');
  assert.equal(fresh.body.state.clock.day, 1);
  const id = fresh.body.game_id;
  const reply = await call('POST', '/api/agent/command', { game_id: id, command: 'end day' });
  assert.equal(reply.status, 200);
  assert.equal(reply.body.success, true);
  assert.equal(reply.body.game_over, false);
  assert.match(reply.body.message, /— Day 1 report —/);
  const state = await call('GET', `/api/agent/state/${id}`);
  assert.deepEqual(state.body.state, reply.body.state);
});

test('a refused command is a normal reply', async () => {
  const { body } = await call('POST', '/api/agent/new');
  const reply = await call('POST', '/api/agent/command', { game_id: body.game_id, command: 'fly to the moon' });
  assert.equal(reply.status, 200);
  assert.equal(reply.body.success, false);
});

test('malformed requests get a 4xx JSON error', async () => {
  assert.equal((await call('POST', '/api/agent/command', '{not json')).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { command: 'help' })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { game_id: 'nope', command: 'help' })).status, 404);
  assert.equal((await call('GET', '/api/agent/state/nope')).status, 404);
  assert.equal((await call('GET', '/elsewhere')).status, 404);
});
