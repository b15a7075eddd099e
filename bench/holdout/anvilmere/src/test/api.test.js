'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { createServer } = require('../server');

async function withServer(fn) {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await fn(base);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

async function post(base, path, body) {
  const res = await fetch(base + path, { method: 'POST', body: body === undefined ? '' : body });
  return { status: res.status, json: await res.json() };
}

test('new game, command and state', async () => {
  await withServer(async (base) => {
    const health = await fetch(`${base}/healthz`);
    assert.strictEqual(health.status, 200);
    const made = await post(base, '/api/agent/new');
    assert.strictEqual(made.status, 200);
    assert.ok(made.json.game_id);
    assert.strictEqual(made.json.state.workshop.racks.length, 4);
    const cmd = await post(base, '/api/agent/command', JSON.stringify({ game_id: made.json.game_id, command: 'mine iron' }));
    assert.strictEqual(cmd.status, 200);
    assert.strictEqual(cmd.json.success, true);
    assert.strictEqual(cmd.json.turn, 1);
    const st = await fetch(`${base}/api/agent/state/${made.json.game_id}`);
    const body = await st.json();
    assert.strictEqual(body.state.smith.pack.ore.iron, 2);
  });
});

test('malformed requests get 4xx JSON', async () => {
  await withServer(async (base) => {
    assert.strictEqual((await post(base, '/api/agent/command', '{nope')).status, 400);
    assert.strictEqual((await post(base, '/api/agent/command', '[]')).status, 400);
    assert.strictEqual((await post(base, '/api/agent/command', JSON.stringify({ game_id: 'x' }))).status, 400);
    assert.strictEqual((await post(base, '/api/agent/command', JSON.stringify({ game_id: 'zz', command: 'look' }))).status, 404);
    assert.strictEqual((await fetch(`${base}/api/agent/state/none`)).status, 404);
  });
});
