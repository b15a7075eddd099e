import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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
  const init = { method, headers: { 'Content-Type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(base + path, init);
  return { status: res.status, json: await res.json() };
}

test('health answers', async () => {
  const { status, json } = await call('GET', '/healthz');
  assert.equal(status, 200);
  assert.equal(json.ok, true);
});

test('new, command and state follow the agent API', async () => {
  const created = await call('POST', '/api/agent/new');
  assert.equal(created.status, 200);
  const id = created.json.game_id;
  assert.equal(typeof created.json.message, 'string');
  assert.equal(created.json.state.turn, 0);

  const moved = await call('POST', '/api/agent/command', { game_id: id, command: 'burn 1' });
  assert.equal(moved.status, 200);
  assert.deepEqual(Object.keys(moved.json).sort(), ['game_over', 'message', 'state', 'success', 'turn']);
  assert.equal(moved.json.success, true);
  assert.equal(moved.json.turn, 1);
  assert.equal(moved.json.game_over, false);

  const state = await call('GET', `/api/agent/state/${id}`);
  assert.equal(state.status, 200);
  assert.equal(state.json.game_id, id);
  assert.equal(state.json.state.balloon.level, 1);
});

test('bad requests get a 4xx', async () => {
  assert.equal((await call('POST', '/api/agent/command', 'not json')).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { command: 'wait' })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { game_id: 'flight-404', command: 'wait' })).status, 404);
  const id = (await call('POST', '/api/agent/new')).json.game_id;
  assert.equal((await call('POST', '/api/agent/command', { game_id: id })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { game_id: id, command: 7 })).status, 400);
  assert.equal((await call('GET', '/api/agent/state/nope')).status, 404);
  assert.equal((await call('GET', '/api/agent/new')).status, 405);
  assert.equal((await call('GET', '/nowhere')).status, 404);
});
