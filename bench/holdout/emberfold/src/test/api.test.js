'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { createServer } = require('../server');

let server;
let port;

test.before(async () => {
  server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.address().port;
});

test.after(() => new Promise((resolve) => server.close(resolve)));

function request(method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode, json });
      });
    });
    req.on('error', reject);
    if (data !== undefined) req.setHeader('Content-Type', 'application/json');
    req.end(data);
  });
}

test('health answers 200', async () => {
  const res = await request('GET', '/healthz');
  assert.equal(res.status, 200);
  assert.equal(res.json.status, 'ok');
});

test('new, command and state have the agent API shape', async () => {
  const created = await request('POST', '/api/agent/new');
  assert.equal(created.status, 200);
  assert.equal(typeof created.json.game_id, 'string');
  assert.equal(typeof created.json.message, 'string');
  assert.equal(created.json.state.clock, 0);

  const id = created.json.game_id;
  const played = await request('POST', '/api/agent/command', { game_id: id, command: 'cook pie' });
  assert.equal(played.status, 200);
  assert.deepEqual(Object.keys(played.json).sort(), ['game_over', 'message', 'state', 'success', 'turn']);
  assert.equal(played.json.success, true);
  assert.equal(played.json.game_over, false);
  assert.equal(played.json.turn, 1);
  assert.equal(played.json.state.clock, 3);

  const state = await request('GET', `/api/agent/state/${id}`);
  assert.equal(state.status, 200);
  assert.equal(state.json.game_id, id);
  assert.deepEqual(state.json.state, played.json.state);
});

test('bad requests get a 4xx', async () => {
  const { json } = await request('POST', '/api/agent/new');
  const id = json.game_id;
  const cases = [
    ['POST', '/api/agent/command', '{not json'],
    ['POST', '/api/agent/command', { command: 'look' }],
    ['POST', '/api/agent/command', { game_id: id }],
    ['POST', '/api/agent/command', { game_id: id, command: 7 }],
    ['POST', '/api/agent/command', [1, 2]],
    ['POST', '/api/agent/command', { game_id: 'nope', command: 'look' }],
    ['GET', '/api/agent/state/nope'],
    ['GET', '/api/agent/state/%E0%A4%A'],
    ['GET', '/api/agent/command'],
    ['GET', '/nowhere'],
  ];
  for (const [method, path, body] of cases) {
    const res = await request(method, path, body);
    assert.ok(res.status >= 400 && res.status < 500, `${method} ${path} -> ${res.status}`);
    assert.equal(typeof res.json.error, 'string');
  }
});

test('games are independent', async () => {
  const a = (await request('POST', '/api/agent/new')).json.game_id;
  const b = (await request('POST', '/api/agent/new')).json.game_id;
  assert.notEqual(a, b);
  await request('POST', '/api/agent/command', { game_id: a, command: 'wait 5' });
  const sb = await request('GET', `/api/agent/state/${b}`);
  assert.equal(sb.json.state.clock, 0);
});
