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
    server.close();
  }
}

async function call(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('a delve over HTTP: new, command, state', async () => {
  await withServer(async (base) => {
    const health = await call(base, 'GET', '/healthz');
    assert.strictEqual(health.status, 200);
    const made = await call(base, 'POST', '/api/agent/new');
    assert.strictEqual(made.status, 200);
    const id = made.body.game_id;
    assert.ok(id && made.body.message && made.body.state.hero);
    const moved = await call(base, 'POST', '/api/agent/command', { game_id: id, command: 'north' });
    assert.strictEqual(moved.status, 200);
    assert.strictEqual(moved.body.success, true);
    assert.strictEqual(moved.body.turn, 1);
    assert.strictEqual(moved.body.game_over, false);
    const refused = await call(base, 'POST', '/api/agent/command', { game_id: id, command: 'north' });
    assert.strictEqual(refused.status, 200);
    assert.strictEqual(refused.body.success, false);
    const state = await call(base, 'GET', `/api/agent/state/${id}`);
    assert.deepStrictEqual(state.body.state.hero.at, { x: 0, y: 1 });
  });
});

test('bad requests are answered with 4xx', async () => {
  await withServer(async (base) => {
    assert.strictEqual((await call(base, 'POST', '/api/agent/command', '{nope')).status, 400);
    assert.strictEqual((await call(base, 'POST', '/api/agent/command', { command: 'look' })).status, 400);
    assert.strictEqual((await call(base, 'POST', '/api/agent/command', { game_id: 'ghost', command: 'look' })).status, 404);
    const made = await call(base, 'POST', '/api/agent/new');
    assert.strictEqual((await call(base, 'POST', '/api/agent/command', { game_id: made.body.game_id, command: 7 })).status, 400);
    assert.strictEqual((await call(base, 'GET', '/api/agent/state/ghost')).status, 404);
    assert.strictEqual((await call(base, 'GET', '/nowhere')).status, 404);
  });
});
