import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from '../main.mjs';

let server;
let base;

before(async () => {
  server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => new Promise((resolve) => server.close(resolve)));

async function post(path, body) {
  const res = await fetch(base + path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

test('health answers 200', async () => {
  const res = await fetch(`${base}/health`);
  assert.equal(res.status, 200);
});

test('new, command and state speak the agent API', async () => {
  const created = await post('/api/agent/new');
  assert.equal(created.status, 200);
  const id = created.body.game_id;
  assert.equal(typeof id, 'string');
  assert.match(created.body.message, /\(move 0\/20\)$/);
  const r = await post('/api/agent/command', { game_id: id, command: 'H>C' });
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['game_over', 'message', 'state', 'success', 'turn']);
  assert.equal(r.body.success, true);
  assert.equal(r.body.turn, 1);
  const s = await fetch(`${base}/api/agent/state/${id}`);
  const body = await s.json();
  assert.equal(body.game_id, id);
  assert.equal(body.state.loco.track, 'C');
});

test('bad requests get a 4xx', async () => {
  assert.equal((await post('/api/agent/command', 'not json')).status, 400);
  assert.equal((await post('/api/agent/command', {})).status, 400);
  assert.equal((await post('/api/agent/command', [1, 2])).status, 400);
  assert.equal((await post('/api/agent/command', { game_id: 'nope', command: '?' })).status, 404);
  assert.equal((await fetch(`${base}/api/agent/state/nope`)).status, 404);
  assert.equal((await fetch(`${base}/api/agent/new`)).status, 405);
});
