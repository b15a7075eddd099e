'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { SpokewiseServer } = require('../server');

async function withServer(fn) {
  const app = new SpokewiseServer();
  const address = await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    await fn(base);
  } finally {
    await app.close();
  }
}

async function call(base, method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.body = typeof body === 'string' ? body : JSON.stringify(body);
    options.headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(base + path, options);
  return { status: res.status, json: await res.json() };
}

test('health answers', async () => {
  await withServer(async (base) => {
    const res = await call(base, 'GET', '/healthz');
    assert.equal(res.status, 200);
  });
});

test('new, command and state speak the agent API', async () => {
  await withServer(async (base) => {
    const created = await call(base, 'POST', '/api/agent/new');
    assert.equal(created.status, 200);
    const id = created.json.game_id;
    assert.equal(typeof id, 'string');
    assert.match(created.json.message, /help/);
    assert.equal(created.json.state.shift.clock, '08:00');

    const cmd = await call(base, 'POST', '/api/agent/command', { game_id: id, command: 'load P3, Ada' });
    assert.equal(cmd.status, 200);
    assert.deepEqual(Object.keys(cmd.json).sort(), ['game_over', 'message', 'state', 'success', 'turn']);
    assert.equal(cmd.json.success, true);
    assert.equal(cmd.json.turn, 1);
    assert.equal(cmd.json.game_over, false);

    const refused = await call(base, 'POST', '/api/agent/command', { game_id: id, command: 'juggle' });
    assert.equal(refused.status, 200);
    assert.equal(refused.json.success, false);

    const state = await call(base, 'GET', `/api/agent/state/${id}`);
    assert.equal(state.status, 200);
    assert.equal(state.json.game_id, id);
    assert.deepEqual(state.json.state.riders[1][3], ['P3']);
  });
});

test('bad requests get a 4xx', async () => {
  await withServer(async (base) => {
    assert.equal((await call(base, 'POST', '/api/agent/command', 'not json')).status, 400);
    assert.equal((await call(base, 'POST', '/api/agent/command', { command: 'board' })).status, 400);
    assert.equal((await call(base, 'POST', '/api/agent/command', { game_id: 'x' })).status, 400);
    assert.equal((await call(base, 'POST', '/api/agent/command', [1, 2])).status, 400);
    assert.equal((await call(base, 'POST', '/api/agent/command', { game_id: 'nope', command: 'board' })).status, 404);
    assert.equal((await call(base, 'GET', '/api/agent/state/nope')).status, 404);
    assert.equal((await call(base, 'GET', '/api/agent/new')).status, 405);
    assert.equal((await call(base, 'GET', '/nowhere')).status, 404);
  });
});
