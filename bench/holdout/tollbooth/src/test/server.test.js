'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { start } = require('../server');

async function withServer(fn) {
  const server = start(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await fn(base);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function post(base, path, body) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('new, command and state speak the agent API', async () => {
  await withServer(async (base) => {
    const health = await fetch(base + '/healthz');
    assert.equal(health.status, 200);
    const created = await post(base, '/api/agent/new');
    assert.equal(created.status, 200);
    const id = created.body.game_id;
    assert.equal(typeof id, 'string');
    assert.equal(created.body.state.clock, '06:00');
    const cmd = await post(base, '/api/agent/command', { game_id: id, command: 'admit kestrel' });
    assert.equal(cmd.status, 200);
    assert.equal(cmd.body.success, true);
    assert.equal(cmd.body.turn, 1);
    assert.equal(cmd.body.game_over, false);
    const st = await fetch(`${base}/api/agent/state/${id}`);
    const body = await st.json();
    assert.equal(body.game_id, id);
    assert.equal(body.state.lock.chamber[0].name, 'Kestrel');
  });
});

test('bad requests get a 4xx', async () => {
  await withServer(async (base) => {
    assert.equal((await post(base, '/api/agent/command', 'not json')).status, 400);
    assert.equal((await post(base, '/api/agent/command', {})).status, 400);
    assert.equal((await post(base, '/api/agent/command', [1, 2])).status, 400);
    assert.equal((await post(base, '/api/agent/command', { game_id: 'nope', command: 'look' })).status, 404);
    assert.equal((await post(base, '/api/agent/command', { game_id: 'nope', command: 7 })).status, 400);
    assert.equal((await fetch(base + '/api/agent/state/nope')).status, 404);
    assert.equal((await fetch(base + '/api/agent/state/%E0%A4%A')).status, 400);
    assert.equal((await fetch(base + '/api/agent/new')).status, 405);
    assert.equal((await fetch(base + '/nowhere')).status, 404);
  });
});
