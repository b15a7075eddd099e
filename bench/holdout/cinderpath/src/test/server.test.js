'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { createServer } = require('../server');

async function withServer(fn) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await fn(base);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function post(base, path, body) {
  const res = await fetch(base + path, { method: 'POST', body: body === undefined ? '' : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

test('a new game and a command answer with message and state', async () => {
  await withServer(async (base) => {
    const created = await post(base, '/api/agent/new');
    assert.strictEqual(created.status, 200);
    assert.strictEqual(created.body.state.where, 'hut');
    const moved = await post(base, '/api/agent/command', { game_id: created.body.game_id, command: 'go east' });
    assert.strictEqual(moved.status, 200);
    assert.strictEqual(moved.body.success, true);
    assert.strictEqual(moved.body.state.where, 'forge');
    const state = await fetch(`${base}/api/agent/state/${created.body.game_id}`);
    assert.strictEqual((await state.json()).state.where, 'forge');
  });
});

test('malformed requests get a 4xx with a JSON error', async () => {
  await withServer(async (base) => {
    assert.strictEqual((await post(base, '/api/agent/command', { command: 'look' })).status, 400);
    assert.strictEqual((await post(base, '/api/agent/command', { game_id: 'nope', command: 'look' })).status, 404);
  });
});
