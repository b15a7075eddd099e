'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { server } = require('../server');

let base;

test.before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

test.after(() => new Promise((resolve) => server.close(resolve)));

async function call(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

test('health answers', async () => {
  const r = await call('GET', '/health');
  assert.equal(r.status, 200);
});

test('new, command and state speak the agent API', async () => {
  const n = await call('POST', '/api/agent/new');
  assert.equal(n.status, 200);
  assert.equal(typeof n.json.game_id, 'string');
  assert.equal(typeof n.json.message, 'string');
  assert.equal(n.json.state.money, 320);
  const c = await call('POST', '/api/agent/command', { game_id: n.json.game_id, command: 'auction' });
  assert.equal(c.status, 200);
  for (const k of ['success', 'message', 'state', 'game_over', 'turn']) assert.ok(k in c.json, k);
  assert.equal(c.json.turn, 1);
  const s = await call('GET', `/api/agent/state/${n.json.game_id}`);
  assert.equal(s.status, 200);
  assert.equal(s.json.state.turn, 1);
});

test('bad requests answer 4xx with JSON', async () => {
  const n = await call('POST', '/api/agent/new');
  const id = n.json.game_id;
  assert.equal((await call('POST', '/api/agent/command', '{not json')).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { command: 'look' })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { game_id: id, command: 7 })).status, 400);
  assert.equal((await call('POST', '/api/agent/command', { game_id: 'nope', command: 'look' })).status, 404);
  assert.equal((await call('POST', '/api/agent/command', [1, 2])).status, 400);
  assert.equal((await call('GET', '/api/agent/state/nope')).status, 404);
  assert.equal((await call('GET', '/api/agent/command')).status, 405);
});
