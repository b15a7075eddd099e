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
  const res = await fetch(base + path, { method: 'POST', body: body === undefined ? undefined : body });
  return { status: res.status, json: await res.json() };
}

test('health, new game, command and state', async () => {
  await withServer(async (base) => {
    assert.strictEqual((await fetch(`${base}/healthz`)).status, 200);
    const created = await post(base, '/api/agent/new');
    assert.strictEqual(created.status, 200);
    const id = created.json.game_id;
    assert.strictEqual(typeof id, 'string');
    assert.strictEqual(created.json.state.module, 'DOCKING RING');
    const moved = await post(base, '/api/agent/command', JSON.stringify({ game_id: id, command: 'north' }));
    assert.strictEqual(moved.status, 200);
    assert.strictEqual(moved.json.state.module, 'CENTRAL HUB');
    assert.strictEqual(moved.json.turn, 1);
    const state = await fetch(`${base}/api/agent/state/${id}`);
    assert.strictEqual(state.status, 200);
    assert.strictEqual((await state.json()).state.module, 'CENTRAL HUB');
  });
});

test('malformed requests answer 4xx with a JSON error', async () => {
  await withServer(async (base) => {
    const cases = [
      ['not json', 400],
      [JSON.stringify({ command: 'look' }), 400],
      [JSON.stringify({ game_id: 'nope', command: 'look' }), 404],
      [JSON.stringify({ game_id: 'kd-1' }), 400],
      [JSON.stringify([1, 2]), 400],
    ];
    for (const [body, status] of cases) {
      const answer = await post(base, '/api/agent/command', body);
      assert.strictEqual(answer.status, status, body);
      assert.ok(answer.json.error, body);
    }
    const missing = await fetch(`${base}/api/agent/state/nope`);
    assert.strictEqual(missing.status, 404);
  });
});
